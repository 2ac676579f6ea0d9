// MainWindow's actions, menus and keyboard navigation (main_window.h): File, Edit, View (one
// entry per view on Ctrl+digit), Tools and Help; the theme; the focus moving between the panes.
// Split from main_window.cpp (issue 21) so that each file holds one concern of the window.

#include "benchmarks_view.h"
#include "hetccl_watch_dialog.h"
#include "main_window.h"
#include "message_bar.h"
#include "pricebook_compare_dialog.h"
#include "pricebook_json.h"
#include "samples.h"
#include "scenario_document.h"
#include "scenario_upgrade.h"
#include "start_view.h"
#include "store_browser.h"
#include "theme.h"
#include "user_guide.h"
#include "whatif_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QUndoStack>
#include <algorithm>

namespace crossgrade::ui {

namespace {

// Gives the focus to the first widget inside `container` that takes it from the keyboard, in
// the tab order; false when there is none.
bool focusFirstIn(QWidget* container) {
    if (!container || !container->isVisible())
        return false;
    QWidget* w = container;
    do {
        if (w != container && container->isAncestorOf(w) && w->isVisibleTo(container) &&
            w->isEnabled() && (w->focusPolicy() & Qt::TabFocus)) {
            w->setFocus(Qt::ShortcutFocusReason);
            return true;
        }
        w = w->nextInFocusChain();
    } while (w && w != container);
    return false;
}

} // namespace

// Building the window
void MainWindow::buildActions() {
    m_newAction = new QAction(tr("&New scenario…"), this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newScenario);

    m_openAction = new QAction(tr("&Open/Import…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setToolTip(tr("Open a scenario file, or import audits and price books"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openFileDialog);

    m_importBenchmarksAction = new QAction(tr("Import &benchmarks…"), this);
    m_importBenchmarksAction->setToolTip(
        tr("Import MLPerf, InferenceX, benchmark_serving or CSV benchmark results"));
    connect(m_importBenchmarksAction, &QAction::triggered, this, [this] {
        showBenchmarks();
        m_benchmarks->importWithDialog();
    });

    m_scanAction = new QAction(tr("&Audit repositories…"), this);
    m_scanAction->setToolTip(
        tr("Scan code repositories for CUDA dependencies and store the proposed audit"));
    connect(m_scanAction, &QAction::triggered, this, [this] { auditRepositories(); });

    m_saveAction = new QAction(tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setToolTip(tr("Save the open scenario as its next version in the store"));
    connect(m_saveAction, &QAction::triggered, this, [this] { saveVersion(); });

    m_saveVersionAction = new QAction(tr("Save &version…"), this);
    m_saveVersionAction->setShortcut(QKeySequence::SaveAs);
    m_saveVersionAction->setToolTip(tr("Save as the next version, with a note"));
    connect(m_saveVersionAction, &QAction::triggered, this, &MainWindow::saveVersionWithNote);

    m_saveAsNewAction = new QAction(tr("Save as new &scenario…"), this);
    connect(m_saveAsNewAction, &QAction::triggered, this, &MainWindow::saveAsNewWithName);

    m_exportAction = new QAction(tr("&Export scenario JSON…"), this);
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportScenario);

    m_reportAction = new QAction(tr("Export &report…"), this);
    m_reportAction->setShortcut(QKeySequence(tr("Ctrl+P")));
    m_reportAction->setToolTip(tr("Write the leadership PDF of the open and stored scenarios"));
    connect(m_reportAction, &QAction::triggered, this, &MainWindow::exportReport);

    m_closeAction = new QAction(tr("&Close scenario"), this);
    m_closeAction->setShortcut(QKeySequence::Close);
    connect(m_closeAction, &QAction::triggered, this, [this] { closeDocument(); });

    m_undoAction = new QAction(tr("&Undo"), this);
    m_undoAction->setShortcut(QKeySequence::Undo);
    connect(m_undoAction, &QAction::triggered, this, [this] {
        if (m_document)
            m_document->undoStack()->undo();
    });
    m_redoAction = new QAction(tr("&Redo"), this);
    m_redoAction->setShortcuts({QKeySequence::Redo, QKeySequence(tr("Ctrl+Y"))});
    connect(m_redoAction, &QAction::triggered, this, [this] {
        if (m_document)
            m_document->undoStack()->redo();
    });
    m_adoptDefaultsAction = new QAction(tr("Adopt current &defaults"), this);
    m_adoptDefaultsAction->setStatusTip(
        tr("Fill every input this scenario lacks with this release's default (one undoable "
           "edit); what it states is kept."));
    connect(m_adoptDefaultsAction, &QAction::triggered, this, &MainWindow::adoptCurrentDefaults);
    m_priceBookVersionsAction = new QAction(tr("Price book &versions…"), this);
    m_priceBookVersionsAction->setObjectName(QStringLiteral("pricebookVersions"));
    m_priceBookVersionsAction->setStatusTip(
        tr("Compare the scenario's price book with a stored one, see whether it flips the "
           "decision, and move onto it keeping your overrides (one undoable edit)."));
    connect(m_priceBookVersionsAction, &QAction::triggered, this, [this] {
        if (!m_document)
            return;
        PriceBookCompareDialog dialog(m_store, *m_document, this);
        if (dialog.exec() == QDialog::Accepted && !dialog.movedSummary().isEmpty())
            m_messages->showMessage(MessageBar::Kind::Notice, dialog.movedSummary(),
                                    dialog.keptOverrides());
    });
}

// Issue 22 point 6: an older scenario evaluates as it did until its author adopts the current
// defaults; this fills what it lacks (model/scenario/scenario_upgrade.h) as one undoable edit
// and says what it added.
void MainWindow::adoptCurrentDefaults() {
    if (!m_document)
        return;
    const data::PriceBookReadResult book = data::readPriceBook(data::defaultPriceBookText());
    if (!book.ok()) { // compiled in and tested: a build defect
        m_messages->showMessage(MessageBar::Kind::Error,
                                tr("The shipped default price book does not read."));
        return;
    }
    std::vector<model::UpgradeChange> changes;
    const QString refused = m_document->edit(tr("Adopt current defaults"), [&](model::Scenario& s) {
        changes = model::upgradeScenario(s, *book.price_book);
    });
    if (!refused.isEmpty()) {
        m_messages->showMessage(MessageBar::Kind::Error,
                                tr("Could not adopt the current defaults."), refused);
        return;
    }
    if (changes.empty()) {
        m_messages->showMessage(MessageBar::Kind::Notice,
                                tr("This scenario already has every input of this release; "
                                   "nothing was added."));
        return;
    }
    QStringList lines;
    for (const model::UpgradeChange& c : changes)
        lines << QString::fromStdString(c.pointer + " = " + c.description);
    m_messages->showMessage(
        MessageBar::Kind::Notice,
        tr("Adopted %n current default(s); Undo takes them back.", nullptr, int(changes.size())),
        lines.join(QLatin1Char('\n')));
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    file->addAction(m_importBenchmarksAction);
    file->addAction(m_scanAction);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveVersionAction);
    file->addAction(m_saveAsNewAction);
    file->addAction(m_exportAction);
    file->addAction(m_reportAction);
    file->addSeparator();
    file->addAction(m_closeAction);
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_editMenu = menuBar()->addMenu(tr("&Edit"));
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_adoptDefaultsAction);
    m_editMenu->addAction(m_priceBookVersionsAction);
    m_editMenu->addSeparator();
    QAction* prefs = m_editMenu->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
    prefs->setShortcut(QKeySequence::Preferences);
    prefs->setMenuRole(QAction::PreferencesRole);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    // One entry per tab, named as the tab is, on Ctrl+1…Ctrl+6; it also brings the scenario
    // back into the centre after a stored audit, price book or the benchmarks were shown there.
    // The focus goes to the tab bar: the arrow keys then switch tabs and Tab enters the view.
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction* a = m_viewMenu->addAction(m_tabs->tabText(i), this, [this, i] {
            if (!showView(static_cast<View>(i))) {
                statusBar()->showMessage(
                    tr("Open a scenario first: the views show the open scenario."), 5000);
                return;
            }
            m_tabs->tabBar()->setFocus(Qt::ShortcutFocusReason);
        });
        a->setObjectName(QStringLiteral("view-") + QString::number(i + 1));
        // Alt+digit as well, as before: the other documents name it.
        a->setShortcuts({QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)),
                         QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i))});
    }
    QAction* benchmarks = m_viewMenu->addAction(tr("&Benchmarks"), this, [this] {
        showBenchmarks();
        focusFirstIn(m_benchmarks);
    });
    benchmarks->setObjectName(QStringLiteral("view-benchmarks"));
    benchmarks->setShortcuts(
        {QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + m_tabs->count())),
         QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + m_tabs->count()))});
    QAction* welcome = m_viewMenu->addAction(tr("&Welcome"), this, [this] {
        if (!showStartView()) {
            statusBar()->showMessage(
                tr("The welcome view shows when no scenario is open: Close scenario (Ctrl+W) "
                   "first."),
                5000);
            return;
        }
        m_start->setFocus(Qt::ShortcutFocusReason);
    });
    welcome->setObjectName(QStringLiteral("view-welcome"));
    welcome->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_viewMenu->addSeparator();
    QAction* find =
        m_viewMenu->addAction(tr("&Find in store"), this, &MainWindow::focusStoreFilter);
    find->setObjectName(QStringLiteral("find-in-store"));
    find->setShortcuts({QKeySequence(tr("Ctrl+L")), QKeySequence::Find});
    find->setToolTip(tr("Filter the store browser by name; Enter or Down moves into the list"));
    QAction* nextPane =
        m_viewMenu->addAction(tr("Next &pane"), this, [this] { focusNextPane(false); });
    nextPane->setObjectName(QStringLiteral("next-pane"));
    nextPane->setShortcut(QKeySequence(Qt::Key_F6));
    QAction* previousPane =
        m_viewMenu->addAction(tr("Previous pa&ne"), this, [this] { focusNextPane(true); });
    previousPane->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    m_viewMenu->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    QMenu* themes = m_viewMenu->addMenu(tr("&Theme"));
    m_themeGroup = new QActionGroup(this);
    m_themeGroup->setExclusive(true);
    const std::pair<Theme, QString> themeNames[] = {
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto& [theme, name] : themeNames) {
        QAction* a = themes->addAction(name, this, [this, theme] { setTheme(theme); });
        a->setObjectName(QStringLiteral("theme-") + toString(theme));
        a->setCheckable(true);
        a->setChecked(theme == currentTheme());
        m_themeGroup->addAction(a);
    }

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("&HetCCL watch…"), this,
                     [this] { HetcclWatchDialog(m_store, m_document.get(), this).exec(); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&User guide"), this, [this] { showUserGuide(); });
    guide->setObjectName(QStringLiteral("user-guide"));
    guide->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    QAction* about = help->addAction(tr("&About Crossgrade"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::setTheme(Theme theme) {
    applyTheme(theme);
    if (m_settings)
        m_settings->setTheme(theme);
    for (QAction* a : m_themeGroup->actions())
        if (a->objectName() == QStringLiteral("theme-") + toString(theme))
            a->setChecked(true);
}

void MainWindow::focusStoreFilter() {
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("store-browser"))) {
        dock->show();
        dock->raise();
    }
    m_storeBrowser->focusFilter();
}

// F6 and Shift+F6 go round the window's three panes: the store browser, the centre (the tab bar
// when a scenario is open, else the shown view's first input) and the what-if panel.
void MainWindow::focusNextPane(bool backwards) {
    QWidget* browserPane = m_storeBrowser;
    QWidget* centrePane = m_centre->currentWidget() == m_tabs ? static_cast<QWidget*>(m_tabs)
                                                              : m_centre->currentWidget();
    std::vector<QWidget*> panes{browserPane, centrePane, m_whatIfBox};
    panes.erase(std::remove_if(panes.begin(), panes.end(),
                               [](QWidget* w) { return !w || !w->isVisible(); }),
                panes.end());
    if (panes.empty())
        return;
    const QWidget* focused = QApplication::focusWidget();
    int current = -1;
    for (std::size_t i = 0; i < panes.size(); ++i)
        if (focused && (panes[i] == focused || panes[i]->isAncestorOf(focused)))
            current = int(i);
    const int n = int(panes.size());
    for (int step = 1; step <= n; ++step) {
        const int next =
            ((current < 0 ? (backwards ? 0 : -1) : current) + (backwards ? -step : step) + n * 2) %
            n;
        QWidget* pane = panes[std::size_t(next)];
        if (pane == m_tabs) {
            m_tabs->tabBar()->setFocus(Qt::ShortcutFocusReason);
            return;
        }
        if (focusFirstIn(pane))
            return;
    }
}

} // namespace crossgrade::ui
