#pragma once

// What the window shows when no scenario is open: what Crossgrade does and the first steps
// (open the demo scenario, import an audit or scenario, audit repositories, start a new scenario,
// a recent file).

#include <QStringList>
#include <QWidget>

class QListWidget;

namespace crossgrade::ui {

class StartView : public QWidget {
    Q_OBJECT

public:
    explicit StartView(QWidget* parent = nullptr);

    void setRecentFiles(const QStringList& files);
    void setDemoAvailable(bool available);

signals:
    void openDemoRequested();
    void importRequested();
    void scanRequested();
    void newScenarioRequested();
    void recentFileRequested(const QString& path);

private:
    QListWidget* m_recent = nullptr;
    QWidget* m_recentBox = nullptr;
    QWidget* m_demoButton = nullptr;
};

} // namespace crossgrade::ui
