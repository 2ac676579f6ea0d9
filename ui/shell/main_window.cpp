// The main window (main_window.h): its construction, the state the menus and banners show, the
// open document and the views it feeds, the store items shown in the centre, recovery after a
// crash, and the window's events. Its actions and menus, its panes and their saved state, and
// its document commands are in main_window_menus.cpp, main_window_layout.cpp and
// main_window_documents.cpp.

#include "main_window.h"

#include "audit_view.h"
#include "benchmarks_view.h"
#include "compare_view.h"
#include "costs_view.h"
#include "document_import.h"
#include "message_bar.h"
#include "preferences_dialog.h"
#include "pricebook_view.h"
#include "qt_text.h"
#include "recommendation_view.h"
#include "recovery_dialog.h"
#include "sample_data.h"
#include "scan_dialog.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "sensitivity_view.h"
#include "start_view.h"
#include "store_browser.h"
#include "store_tree_model.h"
#include "user_guide.h"
#include "whatif_panel.h"
#include "window_recovery.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>
#include <algorithm>

// Qt resources compiled into a static library are registered by hand, outside any namespace.
static void registerApplicationResources() {
    Q_INIT_RESOURCE(app);
}

namespace crossgrade::ui {

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
    followSettings();
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
    m_adoptDefaultsAction->setEnabled(open);
    m_priceBookVersionsAction->setEnabled(open);
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
            {s.id, qs(s.name),
             tr("version %1 · saved %2").arg(s.latest_number).arg(qs(s.latest_saved_at).left(10)),
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
        const auto showRecommendation = [this] {
            m_recommendation->setEvaluation(m_document->evaluation(),
                                            m_document->evaluationCommitted()
                                                ? m_document->monteCarlo()->analysis().get()
                                                : nullptr);
        };
        showRecommendation();
        connect(doc, &ScenarioDocument::evaluationChanged, this, showRecommendation);
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
                           .arg(qs(dialog->storedAudit()->name)));
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

void MainWindow::showPreferences() {
    PreferencesDialog dialog(m_settings, this);
    if (dialog.exec() != QDialog::Accepted || !m_settings)
        return;
    dialog.writeTo(*m_settings); // the views follow the settings' signals (followSettings)
}

void MainWindow::followSettings() {
    if (!m_settings)
        return;
    connect(m_settings, &Settings::moneyDisplayChanged, m_compare, &CompareView::setMoneyDisplay);
    connect(m_settings, &Settings::editorCommandChanged, m_audit, &AuditView::setEditorCommand);
    connect(m_settings, &Settings::editorCommandChanged, m_storedAudit,
            &AuditView::setEditorCommand);
    connect(m_settings, &Settings::monteCarloSamplesChanged, this, [this](int samples) {
        m_compare->setSamples(std::size_t(samples));
        if (m_document)
            m_document->setMonteCarloSamples(std::size_t(samples));
    });
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
