#include "main_window.h"

#include "atomic_files.h"
#include "audit_view.h"
#include "benchmarks_view.h"
#include "compare_view.h"
#include "costs_view.h"
#include "export_report_dialog.h"
#include "hetccl_watch_dialog.h"
#include "message_bar.h"
#include "new_scenario_dialog.h"
#include "preferences_dialog.h"
#include "pricebook_view.h"
#include "qt_text.h"
#include "recommendation_view.h"
#include "recovery_dialog.h"
#include "sample_data.h"
#include "samples.h"
#include "scan_dialog.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_json.h"
#include "sensitivity_view.h"
#include "start_view.h"
#include "store_browser.h"
#include "store_tree_model.h"
#include "theme.h"
#include "user_guide.h"
#include "whatif.h"
#include "whatif_panel.h"
#include "window_geometry.h"
#include "window_recovery.h"

#include <QAbstractItemView>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

// Qt resources compiled into a static library are registered by hand, outside any namespace.
static void registerApplicationResources() {
    Q_INIT_RESOURCE(app);
}

namespace crossgrade::ui {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

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

// The centre in a scroll area that asks for the views' whole minimum size where the screen has
// room for it beside the docks (so nothing scrolls on a usual screen), and for less on a small
// screen, where the views scroll instead of making the window wider than the screen.
class CentreScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;

    QSize minimumSizeHint() const override {
        const QSize wanted =
            widget() ? widget()->minimumSizeHint() : QScrollArea::minimumSizeHint();
        const QScreen* shown = screen();
        if (!shown)
            return wanted;
        // Room for the docks beside at their narrowest, and for the menu, status bar and frame
        // above and below.
        int docks = 0;
        if (const QWidget* window = this->window())
            for (const QDockWidget* dock : window->findChildren<QDockWidget*>())
                if (dock->isVisibleTo(window) && !dock->isFloating())
                    docks += dock->minimumSizeHint().width() + 6;
        const QSize room = (shown->availableGeometry().size() - QSize(docks + 12, 140))
                               .expandedTo(QSize(240, 200));
        QSize hint = wanted.boundedTo(room);
        // Scrolling up and down only, where there is room: the vertical bar's width is asked for
        // too, so that it does not bring a horizontal one.
        if (wanted.height() > room.height())
            hint.setWidth(
                std::min(room.width(), hint.width() + verticalScrollBar()->sizeHint().width()));
        return hint;
    }
};

// A key for a splitter of the centre that stays the same from run to run: the chain of object
// names (or class names) and indexes from the centre down to it.
QString splitterKey(const QWidget* root, const QSplitter* splitter) {
    QStringList parts;
    for (const QWidget* w = splitter; w && w != root; w = w->parentWidget()) {
        const QWidget* parent = w->parentWidget();
        int index = 0;
        if (parent)
            for (const QObject* sibling : parent->children()) {
                if (sibling == w)
                    break;
                if (sibling->metaObject() == w->metaObject())
                    ++index;
            }
        parts.prepend((w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                                 : w->objectName()) +
                      QLatin1Char('#') + QString::number(index));
    }
    return QStringLiteral("splitters/") + parts.join(QLatin1Char('/'));
}

} // namespace

MainWindow::MainWindow(data::Store store, Settings* settings, QWidget* parent)
    : QMainWindow(parent)
    , m_store(std::move(store))
    , m_settings(settings) {
    registerApplicationResources();
    setWindowIcon(QIcon(QStringLiteral(":/icons/crossgrade.svg")));
    setAcceptDrops(true);
    m_prompt = [this](const QString& title) {
        const auto answer = plainMessage(
            this, QMessageBox::Question, tr("Unsaved changes"),
            tr("“%1” has changes that are not saved. Save them as a new version?").arg(title),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return answer == QMessageBox::Save      ? UnsavedChoice::Save
               : answer == QMessageBox::Discard ? UnsavedChoice::Discard
                                                : UnsavedChoice::Cancel;
    };
    m_recoveryPrompt = [this](const RecoveryOffer& offer) {
        RecoveryDialog dialog(offer, QDateTime::currentDateTime(), this);
        dialog.exec();
        return dialog.choice();
    };
    buildActions();
    buildCentre();
    buildBrowser();
    buildMenus();
    // Tab moves between a window's inputs, never from cell to cell of a table, where it would
    // keep the focus for as many presses as the table has cells (the arrow keys move there).
    for (QAbstractItemView* view : findChildren<QAbstractItemView*>())
        view->setTabKeyNavigation(false);

    m_storeLabel = plainLabel(); // the store's path
    m_evaluationLabel = new QLabel;
    statusBar()->addWidget(m_storeLabel, 1);
    statusBar()->addPermanentWidget(m_evaluationLabel);
    m_storeLabel->setText(tr("Store: %1").arg(QDir::toNativeSeparators(m_store.path())));

    connect(&m_import, &DocumentImport::finished, this, &MainWindow::applyImport);

    reloadStore();
    updateRecentMenu();
    updateActions();
    updateTitle();
    restoreWindowState();
}

// m_import, the last member, waits for a read still running before the rest goes.
MainWindow::~MainWindow() = default;

// ---------------------------------------------------------------------------------------------
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

void MainWindow::buildBrowser() {
    m_storeBrowser = new StoreBrowser(&m_store);
    connect(m_storeBrowser, &StoreBrowser::activated, this, &MainWindow::openBrowserItem);
    connect(
        m_storeBrowser, &StoreBrowser::openRequested, this,
        [this](std::int64_t id, std::optional<int> version) { openStoredScenario(id, version); });
    connect(m_storeBrowser, &StoreBrowser::compareRequested, this, &MainWindow::addToComparison);
    connect(m_storeBrowser, &StoreBrowser::storeChanged, this, &MainWindow::reloadStore);
    connect(m_storeBrowser, &StoreBrowser::failed, this, &MainWindow::showError);
    connect(m_storeBrowser, &StoreBrowser::done, this,
            [this](const QString& message) { statusBar()->showMessage(message, 5000); });

    auto* dock = new QDockWidget(tr("Store"), this);
    dock->setObjectName(QStringLiteral("store-browser"));
    dock->setWidget(m_storeBrowser);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    m_whatIf = new WhatIfPanel;
    auto* whatIfBox = new QWidget;
    m_whatIfBox = whatIfBox;
    auto* whatIfLayout = new QVBoxLayout(whatIfBox);
    whatIfLayout->setContentsMargins(0, 0, 0, 4);
    // Without a scenario the knobs have nothing to show: a sentence instead of zeros.
    auto* whatIfStack = new QStackedWidget;
    auto* noScenario = new QLabel(tr("Open a scenario to move its discounts, prices, "
                                     "performance, timing and horizon here."));
    noScenario->setWordWrap(true);
    noScenario->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    noScenario->setMargin(12);
    whatIfStack->addWidget(noScenario);
    whatIfStack->addWidget(m_whatIf);
    whatIfLayout->addWidget(whatIfStack, 1);
    auto* captureRow = new QHBoxLayout;
    captureRow->setContentsMargins(8, 0, 8, 0);
    auto* saveVersion = new QPushButton(tr("Save as version…"));
    saveVersion->setToolTip(tr("Keep this state as the scenario's next version, with a note"));
    connect(saveVersion, &QPushButton::clicked, this, &MainWindow::saveVersionWithNote);
    auto* saveNew = new QPushButton(tr("Save as new scenario…"));
    saveNew->setToolTip(tr("Keep this state as a scenario of its own"));
    connect(saveNew, &QPushButton::clicked, this, &MainWindow::saveAsNewWithName);
    captureRow->addWidget(saveVersion);
    captureRow->addWidget(saveNew);
    whatIfLayout->addLayout(captureRow);
    connect(this, &MainWindow::documentOpened, whatIfBox,
            [saveVersion, saveNew, whatIfStack, this](bool open) {
                saveVersion->setEnabled(open);
                saveNew->setEnabled(open);
                whatIfStack->setCurrentWidget(open ? static_cast<QWidget*>(m_whatIf)
                                                   : whatIfStack->widget(0));
            });
    saveVersion->setEnabled(false);
    saveNew->setEnabled(false);
    auto* whatIfDock = new QDockWidget(tr("What if…"), this);
    whatIfDock->setObjectName(QStringLiteral("what-if"));
    whatIfDock->setWidget(whatIfBox);
    whatIfDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, whatIfDock);
    resizeDocks({dock, whatIfDock}, {300, 340}, Qt::Horizontal);
}

void MainWindow::buildCentre() {
    auto* centre = new QWidget;
    auto* layout = new QVBoxLayout(centre);
    layout->setContentsMargins(0, 0, 0, 0);
    m_messages = new MessageBar;
    layout->addWidget(m_messages);
    m_sampleBanner = new QLabel;
    m_sampleBanner->setObjectName(QStringLiteral("sampleBanner"));
    m_sampleBanner->setWordWrap(true);
    m_sampleBanner->setMargin(6);
    m_sampleBanner->setTextFormat(Qt::RichText);
    markAsSampleNotice(m_sampleBanner);
    m_sampleBanner->hide();
    layout->addWidget(m_sampleBanner);
    m_centre = new QStackedWidget;
    layout->addWidget(m_centre, 1);

    m_start = new StartView;
    connect(m_start, &StartView::openDemoRequested, this, [this] { openDemo(); });
    connect(m_start, &StartView::importRequested, this, &MainWindow::openFileDialog);
    connect(m_start, &StartView::scanRequested, this, [this] { auditRepositories(); });
    connect(m_start, &StartView::newScenarioRequested, this, &MainWindow::newScenario);
    connect(m_start, &StartView::recentFileRequested, this,
            [this](const QString& path) { importFiles({path}); });
    connect(m_start, &StartView::userGuideRequested, this, [this] { showUserGuide(); });
    connect(m_start, &StartView::storedScenarioRequested, this,
            [this](std::int64_t id) { openStoredScenario(id); });
    m_centre->addWidget(m_start);

    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_recommendation = new RecommendationView;
    m_costs = new CostsView;
    m_audit = new AuditView;
    m_editor = new ScenarioEditor;
    m_compare = new CompareView;
    m_sensitivity = new SensitivityView;
    if (m_settings)
        m_compare->setSamples(std::size_t(m_settings->monteCarloSamples()));
    m_tabs->addTab(m_recommendation, tr("Recommendation"));
    m_tabs->addTab(m_costs, tr("Costs"));
    m_tabs->addTab(m_audit, tr("Audit"));
    m_tabs->addTab(m_editor, tr("Inputs"));
    m_tabs->addTab(m_sensitivity, tr("Sensitivity"));
    m_tabs->addTab(m_compare, tr("Compare"));
    connect(m_audit, &AuditView::auditEdited, this, &MainWindow::onAuditEdited);
    m_centre->addWidget(m_tabs);

    m_storedAuditPage = new QWidget;
    auto* auditLayout = new QVBoxLayout(m_storedAuditPage);
    auditLayout->setContentsMargins(0, 4, 0, 0); // as wide as the Audit tab, no wider
    auto* auditBar = new QHBoxLayout;
    auto* auditHint = new QLabel(tr("A stored audit (read-only). Start a scenario from it to edit "
                                    "and cost it."));
    auto* fromAudit = new QPushButton(tr("New scenario from this audit…"));
    connect(fromAudit, &QPushButton::clicked, this, &MainWindow::newScenario);
    m_rescan = new QPushButton(tr("Re-scan…"));
    m_rescan->setObjectName(QStringLiteral("rescanAudit"));
    m_rescan->setToolTip(tr("Scan this audit's repositories again into a new audit that keeps "
                            "the reviewer's overrides"));
    connect(m_rescan, &QPushButton::clicked, this, [this] { rescanStoredAudit(); });
    m_rescan->setEnabled(false);
    auditBar->addWidget(auditHint, 1);
    auditBar->addWidget(m_rescan);
    auditBar->addWidget(fromAudit);
    auditLayout->addLayout(auditBar);
    m_storedAudit = new AuditView;
    m_storedAudit->setReadOnly(true);
    if (m_settings) {
        m_audit->setEditorCommand(m_settings->editorCommand());
        m_storedAudit->setEditorCommand(m_settings->editorCommand());
    }
    auditLayout->addWidget(m_storedAudit, 1);
    m_centre->addWidget(m_storedAuditPage);

    m_priceBook = new PriceBookView;
    m_centre->addWidget(m_priceBook);

    m_benchmarks = new BenchmarksView(&m_store);
    m_centre->addWidget(m_benchmarks);
    connect(m_benchmarks, &BenchmarksView::storeChanged, this, &MainWindow::reloadStore);
    connect(m_benchmarks, &BenchmarksView::importFinished, this,
            [this](const BenchmarkImporter::Outcome& outcome) {
                if (outcome.error)
                    showError(outcome.headline, outcome.details);
                else
                    showNotice(outcome.headline, outcome.details);
            });
    m_editor->setStore(&m_store);

    // The views need about 900 px; on a smaller screen (or a narrowed window) the centre scrolls
    // instead of forcing a window wider than the screen.
    auto* scroll = new CentreScrollArea;
    scroll->setObjectName(QStringLiteral("centreScroll"));
    scroll->setWidget(centre);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus);
    // The views resize with the window; a view's minimum that grows with its data (more rows
    // in a table) asks the scroll area again.
    scroll->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    setCentralWidget(scroll);
}

// ---------------------------------------------------------------------------------------------
// State

bool MainWindow::isStartViewShown() const {
    return m_centre->currentWidget() == m_start;
}

bool MainWindow::showView(View view) {
    if (!m_document)
        return false;
    m_centre->setCurrentWidget(m_tabs);
    updateSampleBanner();
    m_tabs->setCurrentIndex(static_cast<int>(view));
    return true;
}

bool MainWindow::showStartView() {
    if (m_document)
        return false;
    m_centre->setCurrentWidget(m_start);
    updateSampleBanner();
    return true;
}

ScanDialog* MainWindow::scanDialog() const {
    return m_scanDialog;
}

int MainWindow::monteCarloSamples() const {
    return m_settings ? m_settings->monteCarloSamples() : Settings::kDefaultMonteCarloSamples;
}

void MainWindow::updateActions() {
    const bool open = m_document != nullptr;
    m_saveAction->setEnabled(open);
    m_saveVersionAction->setEnabled(open);
    m_saveAsNewAction->setEnabled(open);
    m_exportAction->setEnabled(open);
    m_closeAction->setEnabled(open);
    m_undoAction->setEnabled(open && m_document->undoStack()->canUndo());
    m_redoAction->setEnabled(open && m_document->undoStack()->canRedo());
    m_undoAction->setText(open && m_document->undoStack()->canUndo()
                              ? tr("&Undo %1").arg(m_document->undoStack()->undoText())
                              : tr("&Undo"));
    m_redoAction->setText(open && m_document->undoStack()->canRedo()
                              ? tr("&Redo %1").arg(m_document->undoStack()->redoText())
                              : tr("&Redo"));
}

void MainWindow::updateTitle() {
    if (!m_document) {
        setWindowTitle(tr("Crossgrade"));
        setWindowModified(false);
        updateSampleBanner();
        return;
    }
    setWindowTitle(documentSampleFile()
                       ? tr("%1 (%2)[*] — Crossgrade").arg(m_document->title(), sampleSuffix())
                       : tr("%1[*] — Crossgrade").arg(m_document->title()));
    setWindowModified(m_document->isModified());
    updateSampleBanner();
}

std::optional<QString> MainWindow::documentSampleFile() {
    const std::optional<std::int64_t> id =
        m_document ? m_document->storedScenarioId() : std::nullopt;
    if (id != m_sampleCheckedId) {
        m_sampleCheckedId = id;
        m_documentSample.reset();
        if (id)
            for (const data::ScenarioSummary& s : m_store.scenarios())
                if (s.id == *id)
                    m_documentSample = sampleFileOfScenario(m_store, s.id, s.name);
    }
    return m_documentSample;
}

bool MainWindow::isSampleDocument() const {
    return const_cast<MainWindow*>(this)->documentSampleFile().has_value();
}

// Says so whenever shipped sample data is what the centre shows: the open sample scenario in its
// views, or a sample audit or price book shown from the browser.
void MainWindow::updateSampleBanner() {
    QString text;
    QWidget* shown = m_centre->currentWidget();
    if (shown == m_tabs && m_document) {
        if (const auto file = documentSampleFile())
            text = tr("<b>Sample scenario</b> — shipped with Crossgrade "
                      "(resources/samples/scenarios/%1) to show how it works; its fleet, demand "
                      "and team are invented, its prices come from the sample price book. "
                      "<b>File → New scenario…</b> starts your own from it; Save as new "
                      "scenario… keeps an edited copy.")
                       .arg(file->toHtmlEscaped());
    } else if (shown == m_storedAuditPage || shown == m_priceBook) {
        text = m_shownItemSample;
    }
    m_sampleBanner->setText(text);
    m_sampleBanner->setToolTip(text.isEmpty() ? QString()
                                              : tr("Sample data is labelled “(sample)” in the "
                                                   "store browser too."));
    m_sampleBanner->setVisible(!text.isEmpty());
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = m_settings ? m_settings->recentFiles() : QStringList();
    for (const QString& f : files)
        m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] { importFiles({f}); })
            ->setToolTip(plainTip(f));
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear"), this, [this] {
            m_settings->clearRecentFiles();
            updateRecentMenu();
        });
    }
    m_start->setRecentFiles(files);
}

void MainWindow::reloadStore() {
    m_storeBrowser->reload();
    m_start->setDemoAvailable(demoScenarioId().has_value());
    // The welcome's recent scenarios: the five saved last.
    std::vector<data::ScenarioSummary> scenarios = m_store.scenarios();
    std::stable_sort(scenarios.begin(), scenarios.end(), [](const auto& a, const auto& b) {
        return a.latest_saved_at > b.latest_saved_at;
    });
    std::vector<StartView::RecentScenario> recent;
    for (const data::ScenarioSummary& s : scenarios) {
        if (recent.size() == 5)
            break;
        recent.push_back(
            {s.id, q(s.name),
             tr("version %1 · saved %2").arg(s.latest_number).arg(q(s.latest_saved_at).left(10)),
             sampleFileOfScenario(m_store, s.id, s.name).has_value()});
    }
    m_start->setRecentScenarios(recent);
}

void MainWindow::setDocument(std::unique_ptr<ScenarioDocument> document,
                             const QString& recoveredFile) {
    m_whatIf->setDocument(nullptr);
    m_costs->setDocument(nullptr);
    m_sensitivity->setDocument(nullptr);
    m_editor->setDocument(nullptr);
    m_recommendation->clear();
    m_compare->setCurrent(nullptr);
    m_document = std::move(document);
    if (m_document) {
        ScenarioDocument* doc = m_document.get();
        if (m_settings)
            doc->setMonteCarloSamples(std::size_t(m_settings->monteCarloSamples()));
        m_whatIf->setDocument(doc);
        m_costs->setDocument(doc);
        m_sensitivity->setDocument(doc);
        m_editor->setDocument(doc);
        m_recommendation->setEvaluation(doc->evaluation());
        connect(doc, &ScenarioDocument::evaluationChanged, this,
                [this] { m_recommendation->setEvaluation(m_document->evaluation()); });
        m_audit->setAudit(doc->scenario().audit);
        m_compare->setCurrent(doc);
        connect(doc, &ScenarioDocument::scenarioChanged, this, [this] {
            m_audit->setAudit(m_document->scenario().audit);
            updateTitle();
        });
        connect(doc, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
        connect(doc->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateActions);
        connect(doc, &ScenarioDocument::evaluatingChanged, this, [this](bool busy) {
            m_evaluationLabel->setText(busy ? tr("Searching door policies…") : QString());
        });
        m_centre->setCurrentWidget(m_tabs);
    } else {
        // Whatever the centre showed (a view of the scenario, a stored audit), no scenario is
        // open now: the welcome says what to do next.
        m_centre->setCurrentWidget(m_start);
    }
    // Every path here passed confirmUnsaved(): the replaced document's file can go.
    if (m_recovery)
        m_recovery->documents()->setDocument(m_document.get(), recoveredFile);
    updateActions();
    updateTitle();
    emit documentOpened(m_document != nullptr);
}

bool MainWindow::confirmUnsaved() {
    if (!m_document || !m_document->isModified())
        return true;
    switch (m_prompt(m_document->title())) {
    case UnsavedChoice::Save:
        return saveVersion();
    case UnsavedChoice::Discard:
        return true;
    case UnsavedChoice::Cancel:
        return false;
    }
    return false;
}

void MainWindow::showError(const QString& headline, const QString& details) {
    m_messages->showMessage(MessageBar::Kind::Error, headline, details);
}

void MainWindow::showNotice(const QString& headline, const QString& details) {
    m_messages->showMessage(MessageBar::Kind::Notice, headline, details);
}

// ---------------------------------------------------------------------------------------------
// Opening, importing, saving

bool MainWindow::openStoredScenario(std::int64_t scenarioId, std::optional<int> version) {
    if (!confirmUnsaved())
        return false;
    std::optional<model::Scenario> scenario;
    try {
        scenario = m_store.scenarioVersion(scenarioId, version);
    } catch (const data::StoreError& e) {
        showError(tr("Scenario %1 could not be read from the store").arg(scenarioId),
                  QString::fromUtf8(e.what()));
        return false;
    }
    if (!scenario) {
        showError(tr("The store has no scenario %1%2")
                      .arg(scenarioId)
                      .arg(version ? tr(" version %1").arg(*version) : QString()));
        return false;
    }
    int number = version.value_or(0);
    if (!version) {
        const auto versions = m_store.versions(scenarioId);
        number = versions.empty() ? 0 : versions.back().number;
    }
    auto document = std::make_unique<ScenarioDocument>(std::move(*scenario));
    document->setStoredAs(scenarioId, number);
    setDocument(std::move(document));
    m_messages->hide();
    return true;
}

// The first shipped sample scenario that the store holds under its name (seeded on first run).
std::optional<std::int64_t> MainWindow::demoScenarioId() const {
    const auto stored = m_store.scenarios();
    for (const data::SampleFile& sample : data::sampleScenarios()) {
        const auto read = data::readScenario(sample.text);
        for (const data::ScenarioSummary& s : stored)
            if (read.ok() && s.name == read.scenario->name)
                return s.id;
    }
    return std::nullopt;
}

// A store made before the samples, or one they were removed from, gets the demo back: the first
// shipped sample scenario saved as version 1 with the note "sample", as a new store is seeded.
bool MainWindow::openDemo() {
    if (const auto id = demoScenarioId())
        return openStoredScenario(*id);
    const std::vector<data::SampleFile> samples = data::sampleScenarios();
    const data::ScenarioReadResult read =
        samples.empty() ? data::ScenarioReadResult{} : data::readScenario(samples.front().text);
    if (!read.ok()) {
        showError(tr("The demo scenario is missing from this copy of Crossgrade"),
                  tr("Its sample files were not built in. Reinstall Crossgrade, or import a "
                     "scenario file of your own with File → Open/Import…"));
        return false;
    }
    try {
        const data::ScenarioVersionId id =
            m_store.saveScenarioVersion(*read.scenario, "sample", CROSSGRADE_VERSION,
                                        data::headlineOf(model::evaluateScenario(
                                            *read.scenario, model::compile(*read.scenario))));
        reloadStore();
        return openStoredScenario(id.scenario_id);
    } catch (const data::StoreError& e) {
        showError(tr("The demo scenario could not be added to the store %1")
                      .arg(QDir::toNativeSeparators(m_store.path())),
                  tr("%1\nCheck that the store file and its folder are writable, or open "
                     "another store (Edit → Preferences…).")
                      .arg(QString::fromUtf8(e.what())));
        return false;
    }
}

void MainWindow::importFiles(const QStringList& input) {
    QStringList paths;
    QStringList benchmarks;
    QStringList folders;
    for (const QString& path : input) {
        if (QFileInfo(path).isDir())
            folders << path;
        else
            (isBenchmarkResultFile(path) ? benchmarks : paths) << path;
    }
    if (!folders.isEmpty())
        auditRepositories(folders);
    if (!benchmarks.isEmpty()) {
        showBenchmarks();
        m_benchmarks->importFiles(benchmarks);
    }
    if (!paths.isEmpty() && !m_import.start(paths))
        showError(tr("An import is already running"), tr("Wait for it to finish, or cancel it."));
}

void MainWindow::waitForImport() {
    m_benchmarks->waitForImport();
    if (m_import.waitForFinished())
        QCoreApplication::sendPostedEvents(this);
}

void MainWindow::applyImport(const DocumentImport::Result& result) {
    if (result.cancelled) {
        showNotice(tr("Import cancelled: nothing was imported."));
        return;
    }
    if (!result.problems.isEmpty()) {
        showError(tr("Nothing was imported: %n file(s) could not be read. Fix them and try again.",
                     "", int(result.problems.size())),
                  result.problems.join(QLatin1Char('\n')));
        return;
    }
    StoredDocuments stored;
    try {
        stored = storeAuditsAndPriceBooks(m_store, result.files);
    } catch (const data::StoreError& e) {
        showError(tr("Nothing was imported: the store %1 refused the write")
                      .arg(QDir::toNativeSeparators(m_store.path())),
                  tr("%1\nCheck that the store file and its folder are writable and that no "
                     "other program holds it, then import again.")
                      .arg(QString::fromUtf8(e.what())));
        reloadStore();
        return;
    }
    for (const DocumentImport::ReadFile& f : result.files)
        if (m_settings)
            m_settings->addRecentFile(f.path);
    updateRecentMenu();
    reloadStore();

    QStringList done;
    if (stored.audits > 0)
        done << tr("%n audit(s) stored", "", stored.audits);
    if (stored.priceBooks > 0)
        done << tr("%n price book(s) stored", "", stored.priceBooks);
    const auto& scenarios = stored.scenarios;
    if (scenarios.size() == 1) {
        if (confirmUnsaved()) {
            auto document =
                std::make_unique<ScenarioDocument>(*scenarios.front()->document.scenario);
            document->setFileName(scenarios.front()->path);
            setDocument(std::move(document));
            done << tr("opened %1 (not yet in the store: Save keeps it)")
                        .arg(QFileInfo(scenarios.front()->path).fileName());
        }
    } else if (scenarios.size() > 1) {
        const std::optional<std::int64_t> first = saveImportedScenarios(m_store, scenarios);
        reloadStore();
        done << tr("%n scenario(s) saved to the store", "", int(scenarios.size()));
        if (first)
            openStoredScenario(*first);
    }
    if (!done.isEmpty())
        showNotice(tr("Imported: %1.").arg(done.join(QStringLiteral("; "))));
}

bool MainWindow::saveVersion(const QString& note) {
    if (!m_document)
        return false;
    m_document->waitForEvaluation();
    if (m_document->evaluationHeldPolicies()) {
        // A version keeps numbers from a full door-policy search, never a drag's held ones.
        m_document->setInteractive(false);
        m_document->waitForEvaluation();
    }
    try {
        const data::ScenarioVersionId id = m_store.saveScenarioVersion(
            m_document->scenario(), note.toStdString(), CROSSGRADE_VERSION,
            data::headlineOf(m_document->evaluation()));
        m_document->setStoredAs(id.scenario_id, id.number);
        m_document->markSaved();
        reloadStore();
        m_storeBrowser->selectScenario(id.scenario_id);
        statusBar()->showMessage(
            tr("Saved “%1” as version %2").arg(q(m_document->scenario().name)).arg(id.number),
            5000);
        updateTitle();
        return true;
    } catch (const data::StoreError& e) {
        showError(tr("The scenario was not saved to the store %1")
                      .arg(QDir::toNativeSeparators(m_store.path())),
                  tr("%1\nYour changes are still open here. Check that the store file and its "
                     "folder are writable, or export the scenario to a file (File → Export "
                     "scenario JSON…) to keep it.")
                      .arg(QString::fromUtf8(e.what())));
        return false;
    }
}

bool MainWindow::saveAsNewScenario(const QString& name) {
    if (!m_document || name.trimmed().isEmpty())
        return false;
    for (const data::ScenarioSummary& s : m_store.scenarios())
        if (q(s.name) == name.trimmed()) {
            showError(tr("A stored scenario is already called “%1”").arg(name.trimmed()),
                      tr("Choose another name, or use Save to add a version to it."));
            return false;
        }
    const QString error =
        m_document->edit(tr("Rename to “%1”").arg(name.trimmed()),
                         [&](model::Scenario& s) { s.name = name.trimmed().toStdString(); });
    if (!error.isEmpty()) {
        showError(tr("The scenario could not be renamed"), error);
        return false;
    }
    return saveVersion(tr("saved as a new scenario"));
}

bool MainWindow::closeDocument() {
    if (!confirmUnsaved())
        return false;
    setDocument(nullptr);
    return true;
}

void MainWindow::addToComparison(std::int64_t scenarioId, std::optional<int> version) {
    std::optional<model::Scenario> scenario;
    try {
        scenario = m_store.scenarioVersion(scenarioId, version);
    } catch (const data::StoreError& e) {
        showError(tr("Scenario %1 could not be read").arg(scenarioId), QString::fromUtf8(e.what()));
        return;
    }
    if (!scenario)
        return;
    const QString label =
        version ? tr("%1 v%2").arg(q(scenario->name)).arg(*version) : q(scenario->name);
    if (!m_compare->addScenario(label, std::move(*scenario)))
        showNotice(tr("The comparison holds at most four scenarios; remove one first."));
    if (m_document)
        m_tabs->setCurrentWidget(m_compare);
}

// ---------------------------------------------------------------------------------------------
// Recovery after a crash

void MainWindow::enableRecovery(RecoveryOptions options) {
    m_recovery = std::make_unique<WindowRecovery>(m_store.path(), std::move(options));
    connect(m_recovery.get(), &WindowRecovery::failed, this, &MainWindow::showError);
    m_recovery->documents()->setDocument(m_document.get());
}

DocumentRecovery* MainWindow::recovery() const {
    return m_recovery ? m_recovery->documents() : nullptr;
}

bool MainWindow::offerRecovery() {
    if (!m_recovery)
        return false;
    return m_recovery->offerLeftBehind(
        m_recoveryPrompt, [this](const RecoveryOffer& offer) { return restoreRecovered(offer); });
}

bool MainWindow::restoreRecovered(const RecoveryOffer& offer) {
    if (!m_recovery || !offer.restorable() || !offer.header || !confirmUnsaved())
        return false;
    const QString name = offer.scenarioName();
    const QString claimed = m_recovery->documents()->folder().claim(offer.filePath);
    if (claimed.isEmpty()) {
        showNotice(tr("The unsaved changes to “%1” were restored by another Crossgrade window.")
                       .arg(name));
        return false;
    }
    RecoveredDocument recovered = rebuildRecoveredDocument(offer, m_store);
    setDocument(std::move(recovered.document), claimed);
    showNotice(tr("Restored the unsaved changes to “%1”, last edited %2.")
                   .arg(name, offer.lastEditedText()),
               recovered.onSavedState
                   ? tr("They are not saved yet: Save keeps them as before; Undo goes back to "
                        "the saved state.")
                   : tr("They are not saved yet: Save keeps them in the store."));
    return true;
}

// ---------------------------------------------------------------------------------------------
// Browser

void MainWindow::openBrowserItem(const QModelIndex& proxyIndex) {
    const QModelIndex index = storeFilter()->mapToSource(proxyIndex);
    const auto kind = static_cast<StoreItemKind>(index.data(StoreTreeModel::KindRole).toInt());
    const std::int64_t id = index.data(StoreTreeModel::IdRole).toLongLong();
    switch (kind) {
    case StoreItemKind::Scenario:
        openStoredScenario(id);
        break;
    case StoreItemKind::ScenarioVersion:
        openStoredScenario(id, index.data(StoreTreeModel::VersionRole).toInt());
        break;
    case StoreItemKind::Audit:
        openStoredAudit(id);
        break;
    case StoreItemKind::PriceBook: {
        std::optional<model::PriceBook> book;
        try {
            book = m_store.priceBook(id);
        } catch (const data::StoreError& e) { // a damaged row (the browser marks it)
            showError(tr("Price book %1 could not be read from the store").arg(id),
                      QString::fromUtf8(e.what()));
            break;
        }
        if (book) {
            m_priceBook->setPriceBook(*book);
            m_shownItemSample.clear();
            for (const data::PriceBookSummary& b : m_store.priceBooks())
                if (const auto file = sampleFileOfSource(b.source); b.id == id && file)
                    m_shownItemSample =
                        tr("<b>Sample price book</b> — shipped with Crossgrade "
                           "(resources/pricebook/%1): public list prices and benchmarks with "
                           "their sources and dates. Import your own quotes as a price book "
                           "(File → Open/Import…) before you decide.")
                            .arg(file->toHtmlEscaped());
            m_centre->setCurrentWidget(m_priceBook);
            updateSampleBanner();
        }
        break;
    }
    case StoreItemKind::Benchmarks:
        showBenchmarks();
        break;
    case StoreItemKind::BenchmarkSku:
        showBenchmarks(index.data(StoreTreeModel::NameRole).toString());
        break;
    case StoreItemKind::Category:
        break;
    }
}

bool MainWindow::openStoredAudit(std::int64_t id) {
    std::optional<model::Audit> shown;
    try {
        shown = m_store.audit(id);
    } catch (const data::StoreError& e) {
        showError(tr("Audit %1 could not be read from the store").arg(id),
                  QString::fromUtf8(e.what()));
        return false;
    }
    if (!shown) {
        showError(tr("The store has no audit %1").arg(id));
        return false;
    }
    m_storedAudit->setAudit(*shown);
    m_storedAuditId = id;
    m_rescan->setEnabled(!shown->repositories.empty());
    m_shownItemSample.clear();
    for (const data::AuditSummary& a : m_store.audits())
        if (const auto file = sampleFileOfSource(a.source); a.id == id && file)
            m_shownItemSample = tr("<b>Sample audit</b> — shipped with Crossgrade "
                                   "(resources/samples/audits/%1): an invented organisation's "
                                   "codebase, not yours. Audit repositories… scans your own.")
                                    .arg(file->toHtmlEscaped());
    m_centre->setCurrentWidget(m_storedAuditPage);
    updateSampleBanner();
    return true;
}

ScanDialog* MainWindow::auditRepositories(const QStringList& folders) {
    auto* dialog = new ScanDialog(m_store, this);
    m_scanDialog = dialog;
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->addFolders(folders);
    connect(dialog, &ScanDialog::auditStored, this, [this](std::int64_t id) {
        reloadStore();
        // A re-scan of the audit on show replaces it in the store: show the new one.
        if (m_storedAuditId == id && m_centre->currentWidget() == m_storedAuditPage)
            openStoredAudit(id);
    });
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (dialog->storedAuditId() && openStoredAudit(*dialog->storedAuditId()))
            showNotice(tr("Audit “%1” stored from the scan: review each dimension's evidence, "
                          "then start a scenario from it.")
                           .arg(q(dialog->storedAudit()->name)));
    });
    dialog->open();
    return dialog;
}

ScanDialog* MainWindow::rescanStoredAudit() {
    if (!m_storedAuditId || m_storedAudit->audit().repositories.empty())
        return nullptr;
    ScanDialog* dialog = auditRepositories();
    dialog->setRescan(*m_storedAuditId, m_storedAudit->audit());
    return dialog;
}

void MainWindow::showBenchmarks(const QString& sku) {
    m_benchmarks->reload(); // the CLI may have imported into the same store meanwhile
    m_benchmarks->setSkuFilter(sku);
    m_centre->setCurrentWidget(m_benchmarks);
    updateSampleBanner();
}

bool MainWindow::deleteStoredVersion(std::int64_t scenarioId, int number) {
    return m_storeBrowser->deleteVersion(scenarioId, number);
}

bool MainWindow::exportStoredVersionText(std::int64_t scenarioId, int number, const QString& path) {
    return m_storeBrowser->exportVersionText(scenarioId, number, path);
}

StoreTreeModel* MainWindow::storeModel() const {
    return m_storeBrowser->model();
}

QSortFilterProxyModel* MainWindow::storeFilter() const {
    return m_storeBrowser->filterModel();
}

QLineEdit* MainWindow::storeFilterEdit() const {
    return m_storeBrowser->filterEdit();
}

QTreeView* MainWindow::storeBrowser() const {
    return m_storeBrowser->view();
}

// ---------------------------------------------------------------------------------------------
// Dialog-driven actions

void MainWindow::newScenario() {
    if (!confirmUnsaved())
        return;
    NewScenarioDialog dialog(m_store, this);
    if (dialog.exec() != QDialog::Accepted || !dialog.scenario())
        return;
    setDocument(std::make_unique<ScenarioDocument>(*dialog.scenario()));
    showNotice(tr("New scenario “%1”: edit its inputs, then Save to keep it in the store.")
                   .arg(q(dialog.scenario()->name)));
    m_tabs->setCurrentWidget(m_editor);
}

void MainWindow::openFileDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open or import"), QString(),
                                                            tr(kDocumentFileFilter));
    importFiles(files);
}

void MainWindow::exportScenario() {
    if (!m_document)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export scenario"), q(m_document->scenario().name) + QStringLiteral(".json"),
        tr(kDocumentFileFilter));
    if (path.isEmpty())
        return;
    const std::string text = data::writeScenario(m_document->scenario());
    if (const QString failed =
            data::writeFileOrError(path, QByteArray(text.data(), qsizetype(text.size())));
        !failed.isEmpty()) {
        showError(tr("The scenario was not exported"), failed);
        return;
    }
    if (m_settings)
        m_settings->addRecentFile(path);
    updateRecentMenu();
    statusBar()->showMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void MainWindow::exportReport() {
    ExportReportDialog dialog(m_store, m_document.get(), monteCarloSamples(), this);
    if (dialog.exec() != QDialog::Accepted || !dialog.exported())
        return;
    const QString pdf = dialog.exported()->pdf;
    statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(pdf)), 8000);
    const auto answer = plainMessage(
        this, QMessageBox::Question, tr("Report written"),
        tr("The report is written to %1, with the scenario and samples files beside it.\n\nOpen "
           "it now?")
            .arg(QDir::toNativeSeparators(pdf)),
        QMessageBox::Yes | QMessageBox::No);
    if (answer == QMessageBox::Yes)
        QDesktopServices::openUrl(QUrl::fromLocalFile(pdf));
}

void MainWindow::saveVersionWithNote() {
    if (!m_document)
        return;
    bool ok = false;
    const QString note = QInputDialog::getText(this, tr("Save version"),
                                               tr("A note for this version (what changed, why):"),
                                               QLineEdit::Normal, QString(), &ok);
    if (ok)
        saveVersion(note);
}

void MainWindow::saveAsNewWithName() {
    if (!m_document)
        return;
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Save as new scenario"), tr("Name:"), QLineEdit::Normal,
                              q(m_document->scenario().name) + tr(" (copy)"), &ok);
    if (ok)
        saveAsNewScenario(name);
}

void MainWindow::showPreferences() {
    PreferencesDialog dialog(m_settings, this);
    if (dialog.exec() != QDialog::Accepted || !m_settings)
        return;
    dialog.writeTo(*m_settings);
    // Settings has no change signals: the views that show a preference are told here.
    m_compare->setMoneyDisplay(m_settings->moneyDisplay());
    m_audit->setEditorCommand(m_settings->editorCommand());
    m_storedAudit->setEditorCommand(m_settings->editorCommand());
    m_compare->setSamples(std::size_t(m_settings->monteCarloSamples()));
    if (m_document)
        m_document->setMonteCarloSamples(std::size_t(m_settings->monteCarloSamples()));
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About Crossgrade"),
        tr("<h3>Crossgrade %1</h3><p>Decide how to get out of CUDA lock-in and what it will "
           "cost: the six-dimension audit, the portability path, and the fleet cost of each "
           "option month by month.</p><p>Store: %2<br>Qt %3</p>")
            .arg(QStringLiteral(CROSSGRADE_VERSION),
                 QDir::toNativeSeparators(m_store.path()).toHtmlEscaped(),
                 QString::fromLatin1(qVersion())));
}

void MainWindow::onAuditEdited(const QString& text, const model::Audit& audit) {
    if (!m_document)
        return;
    const QString error = m_document->edit(text, [&](model::Scenario& s) { s.audit = audit; });
    if (!error.isEmpty())
        showError(tr("The audit edit was refused"), error);
}

// ---------------------------------------------------------------------------------------------
// Window events

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!confirmUnsaved()) {
        event->ignore();
        return;
    }
    saveWindowState();
    // The user saved or chose to discard: nothing is left to recover, even if the quit that
    // follows does not finish.
    if (m_recovery)
        m_recovery->documents()->setDocument(nullptr);
    event->accept();
}

// ---------------------------------------------------------------------------------------------
// Window state, theme, keyboard

// The default size fits the screen's available area (a 1440 px window on a 1400 px screen
// clipped the what-if panel); a saved geometry is restored, then brought back onto a screen
// that exists now and fitted to it. Docks, the centre's splitters and the tab shown last come
// back too.
void MainWindow::restoreWindowState() {
    const QScreen* primary = QGuiApplication::primaryScreen();
    const QRect available = primary ? primary->availableGeometry() : QRect();
    if (available.isValid())
        setGeometry(defaultGeometry(QSize(1440, 900), available));
    else
        resize(1440, 900);
    if (!m_settings)
        return;
    if (restoreGeometry(m_settings->windowGeometry()) && !isMaximized() && !isFullScreen()) {
        const QScreen* screen = QGuiApplication::screenAt(geometry().center());
        if (!screen)
            screen = primary;
        if (screen)
            setGeometry(fitToAvailable(geometry(), screen->availableGeometry()));
    }
    restoreState(m_settings->windowState());
    for (QSplitter* splitter : m_centre->findChildren<QSplitter*>())
        if (const QByteArray state = m_settings->viewState(splitterKey(m_centre, splitter));
            !state.isEmpty())
            splitter->restoreState(state);
    const int view = m_settings->currentView();
    if (view >= 0 && view < m_tabs->count())
        m_tabs->setCurrentIndex(view);
}

void MainWindow::saveWindowState() {
    if (!m_settings)
        return;
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    for (QSplitter* splitter : m_centre->findChildren<QSplitter*>())
        m_settings->setViewState(splitterKey(m_centre, splitter), splitter->saveState());
    m_settings->setCurrentView(m_tabs->currentIndex());
    m_settings->sync();
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

UserGuideViewer* MainWindow::showUserGuide() {
    const QStringList candidates =
        m_guideCandidates.isEmpty() ? UserGuide::defaultCandidates() : m_guideCandidates;
    const QString path = UserGuide::locate(candidates);
    if (path.isEmpty()) {
        showError(tr("The user guide is not installed where Crossgrade looks for it"),
                  UserGuide::notFoundText(candidates));
        return nullptr;
    }
    // One viewer: F1 again brings it forward.
    if (auto* open = findChild<UserGuideViewer*>()) {
        open->show();
        open->raise();
        open->activateWindow();
        return open;
    }
    auto* viewer = new UserGuideViewer(path, this);
    viewer->show();
    return viewer;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls())
        for (const QUrl& url : event->mimeData()->urls())
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    event->acceptProposedAction();
    importFiles(paths);
}

} // namespace crossgrade::ui
