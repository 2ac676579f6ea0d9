// MainWindow's panes and their state across runs (main_window.h): the store browser and the
// what-if panel in docks, the centre with its views in a scroll area, and the geometry, docks,
// splitters and current view kept in Settings. Split from main_window.cpp (issue 21).

#include "audit_view.h"
#include "benchmarks_view.h"
#include "compare_view.h"
#include "costs_view.h"
#include "main_window.h"
#include "message_bar.h"
#include "pricebook_view.h"
#include "recommendation_view.h"
#include "sample_data.h"
#include "scenario_editor.h"
#include "sensitivity_view.h"
#include "start_view.h"
#include "store_browser.h"
#include "user_guide.h"
#include "whatif_panel.h"
#include "window_geometry.h"

#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

namespace {

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

} // namespace crossgrade::ui
