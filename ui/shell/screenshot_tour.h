#pragma once

// The screenshot tour behind `crossgrade --screenshots DIR` (scripts/screenshots,
// docs/screenshots): walks a main window through its views, dialogs and themes and saves a PNG
// of each. It drives the window only through MainWindow's public navigation methods, as a user
// would through the menus. This is the one place in the tree that spins the event loop by hand
// (QApplication::processEvents() before each grab): an unattended batch run that must see each
// view laid out and painted before it is grabbed, never an interactive path.

#include <QString>
#include <QStringList>

class QWidget;

namespace crossgrade::ui {

class MainWindow;

class ScreenshotTour {
public:
    ScreenshotTour(MainWindow& window, QString directory);

    // Grabs every view at the window's size into the directory; returns the files written.
    QStringList run();

private:
    // Lets the widget lay out and paint, then saves its picture as `name`.png.
    void capture(QWidget& widget, const QString& name);
    // Waits for the open document's evaluation and the Monte Carlo runs of it and of Compare.
    void settle();
    void storeItems();
    void benchmarks();
    void scenarioViews();
    void workloadBinding();
    void whatIf();
    void hetcclWatch();
    void recoveryOffer();
    void exportReport();
    void scanning();
    void themes();

    MainWindow& m_window;
    QString m_directory;
    QStringList m_written;
};

} // namespace crossgrade::ui
