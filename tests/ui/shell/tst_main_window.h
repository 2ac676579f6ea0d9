#pragma once

// The main window driven as a user would (offscreen), one suite in two files:
// tst_main_window.cpp opens the demo store, moves a what-if slider and sees the plotted data
// change, undoes it, imports broken and good files, saves a version, compares, and closes with
// unsaved changes; tst_main_window_shell.cpp covers the welcome page, the keyboard, the theme,
// the window's geometry, the user guide, starting on a damaged store and the preferences.

#include "audit_view.h"
#include "benchmark_filter_model.h"
#include "benchmarks_view.h"
#include "chart.h"
#include "compare_view.h"
#include "costs_view.h"
#include "document_recovery.h"
#include "figures.h"
#include "main_window.h"
#include "message_bar.h"
#include "pricebook_view.h"
#include "raw_db.h"
#include "samples.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "start_view.h"
#include "store_tree_model.h"
#include "test_files.h"
#include "theme.h"
#include "user_guide.h"
#include "whatif.h"
#include "whatif_panel.h"
#include "window_geometry.h"

#include <QAbstractItemModelTester>
#include <QAbstractSpinBox>
#include <QCommandLinkButton>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QObject>
#include <QScreen>
#include <QSignalSpy>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>
#include <QVector>

using namespace crossgrade;
using namespace crossgrade::ui;
using crossgrade::testing::writeFile;

namespace {

inline QVector<double> plotted(const QCustomPlot* chart) {
    QVector<double> values;
    for (int g = 0; g < chart->graphCount(); ++g)
        for (auto it = chart->graph(g)->data()->constBegin();
             it != chart->graph(g)->data()->constEnd(); ++it)
            values << it->value;
    return values;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void startsOnTheStartView();
    void openDemoShowsCurves();
    void sliderChangesThePlotAndUndoRestoresIt();
    void brokenImportShowsErrorAndChangesNothing();
    void importedAuditIsStored();
    void droppedScenarioFileOpens();
    void saveVersionAddsAVersion();
    void adoptCurrentDefaultsIsOneUndoableEdit();
    void saveAsNewScenarioRefusesATakenName();
    void closingWithUnsavedChangesAsks();
    void compareShowsDifferences();
    void everyItemModelPassesTheTester();
    void browserFilterFindsAScenario();
    void benchmarkFilesGoToTheBenchmarksView();
    void viewMenuBringsTheScenarioBack();
    void recoveryKeepsOnlyWhenEnabled();
    void welcomeReturnsWhenNoScenarioIsOpen();
    void welcomeWorksFromTheKeyboard();
    void sampleDataIsLabelledEverywhere();
    void shortcutsSwitchViews();
    void tabReachesTheInputsOfEveryView();
    void themeIsAppliedAndRemembered();
    void windowStateIsRestored();
    void bug_defaultWindowWiderThanSmallScreen();
    void restoredGeometryOffScreenComesBack();
    void helpOpensTheUserGuide();
    void demoIsAddedToAStoreWithoutIt();
    void bug_damagedRowAbortedGuiStart();
    void bug_preferencesReachedOnlyTheViewsTheWindowTold();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};
