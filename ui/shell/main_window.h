#pragma once

// The main window (DESIGN.md, "UI"): the store browser on the left, the open scenario in the
// centre (Recommendation, Costs, Audit, Inputs and Compare views), the what-if panel on the
// right; menus with the standard shortcuts, recent files, drag-and-drop import and a message
// bar for errors with their file and place. With no scenario open the centre is a welcome view.
// Every view has a keyboard shortcut (docs/desktop.md, "Keyboard"); the theme, the window's
// geometry, its docks, splitters and current view are kept across runs in Settings.

#include "document_import.h"
#include "document_recovery.h"
#include "recovery_offer.h"
#include "settings.h"
#include "store.h"
#include "theme.h"

#include <QMainWindow>
#include <QPointer>
#include <functional>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTreeView;

namespace crossgrade::ui {

class AuditView;
class BenchmarksView;
class CompareView;
class SensitivityView;
class CostsView;
class MessageBar;
class PriceBookView;
class RecommendationView;
class ScanDialog;
class ScenarioDocument;
class ScenarioEditor;
class StartView;
class StoreBrowser;
class StoreTreeModel;
class UserGuideViewer;
class WhatIfPanel;
class WindowRecovery;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // What to do with unsaved changes before they would be lost.
    enum class UnsavedChoice { Save, Discard, Cancel };
    using UnsavedChangesPrompt = std::function<UnsavedChoice(const QString& title)>;
    // What to do with a recovery file left behind (RecoveryDialog by default). For a file that
    // cannot be restored the answer is ignored: it is kept.
    using RecoveryPrompt = std::function<RecoveryChoice(const RecoveryOffer& offer)>;

    MainWindow(data::Store store, Settings* settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    data::Store& store() { return m_store; }
    ScenarioDocument* document() const { return m_document.get(); }
    StoreTreeModel* storeModel() const;
    QSortFilterProxyModel* storeFilter() const;
    MessageBar* messageBar() const { return m_messages; }
    QTabWidget* workspace() const { return m_tabs; }
    WhatIfPanel* whatIfPanel() const { return m_whatIf; }
    CostsView* costsView() const { return m_costs; }
    CompareView* compareView() const { return m_compare; }
    bool isStartViewShown() const;
    StartView* startView() const { return m_start; }
    ScenarioEditor* scenarioEditor() const { return m_editor; }
    QLineEdit* storeFilterEdit() const;
    QTreeView* storeBrowser() const;
    // The banner above the centre that says the open scenario, audit or price book is shipped
    // sample data; hidden for the user's own.
    QLabel* sampleBanner() const { return m_sampleBanner; }
    // True when the open scenario is a shipped sample as the store seeded it (its later saved
    // versions included: they are edits of the sample).
    bool isSampleDocument() const;

    // View → Theme: applies and remembers the theme.
    void setTheme(Theme theme);
    // Help → User guide: the guide found by UserGuide::locate() in its viewer, or a message
    // saying where it was looked for. Returns the viewer (nullptr when no guide was found).
    UserGuideViewer* showUserGuide();
    // Where showUserGuide() looks (UserGuide::defaultCandidates() when empty).
    void setUserGuideCandidates(const QStringList& paths) { m_guideCandidates = paths; }

    // Replaces the question asked before unsaved changes are lost (a dialog by default).
    void setUnsavedChangesPrompt(UnsavedChangesPrompt prompt) { m_prompt = std::move(prompt); }

    // From now on, keeps the open document's unsaved inputs in this store's recovery folder
    // (docs/desktop.md, "Recovery after a crash"). Without it nothing is written: the tests of
    // other views leave no files behind.
    void enableRecovery(RecoveryOptions options = {});
    DocumentRecovery* recovery() const;
    void setRecoveryPrompt(RecoveryPrompt prompt) { m_recoveryPrompt = std::move(prompt); }
    // Offers the recovery files of this store whose window no longer runs, newest first.
    // Restore opens one as an unsaved document and ends the offers (the rest wait for the next
    // start); Discard deletes it and goes on; Later keeps it and the rest. A file that cannot
    // be read is named with its problem in the message bar and kept. True when one was
    // restored. Call it once the window is shown; never in unattended runs (it asks).
    bool offerRecovery();

    // Opens a stored scenario (its latest version when `version` is empty). False, with the
    // reason in the message bar, when it cannot be opened or the user kept unsaved changes.
    bool openStoredScenario(std::int64_t scenarioId, std::optional<int> version = std::nullopt);
    // A stored version, also one that no longer reads (the browser lists it as damaged):
    // removes it (the scenario with its last version) and reloads the browser; or writes its
    // inputs exactly as stored to `path`. False, with the reason in the message bar, when it
    // cannot. The browser's context menu asks for confirmation and the file first.
    bool deleteStoredVersion(std::int64_t scenarioId, int number);
    bool exportStoredVersionText(std::int64_t scenarioId, int number, const QString& path);
    // The first sample scenario as stored in the store (seeded on first run).
    bool openDemo();
    // Reads the files on a worker thread (progress, cancel); then, if every one reads, stores
    // audits and price books, and opens a single scenario file (several are saved to the store
    // and the first is opened). If any file is rejected nothing is stored and the message bar
    // lists each problem as FILE:PLACE: message. Benchmark result files (told from their first
    // bytes) go to the Benchmarks view's import instead, all or nothing among themselves.
    void importFiles(const QStringList& paths);
    // File → Audit repositories…: opens the scan dialog (window-modal, not blocking) with
    // `folders` added; a scan it stores is opened in the audit view when the user asks.
    // Folders dropped on the window or given on the command line come here.
    ScanDialog* auditRepositories(const QStringList& folders = {});
    // Re-scans the stored audit shown in the centre (its repositories' folders).
    ScanDialog* rescanStoredAudit();
    // Shows the stored audit `id` in the centre, read-only.
    bool openStoredAudit(std::int64_t id);
    AuditView* auditView() const { return m_audit; }
    AuditView* storedAuditView() const { return m_storedAudit; }
    // Blocks until the imports started by importFiles() have been applied (tests, scripts).
    void waitForImport();
    // Saves the open scenario as the next version of its stored scenario.
    bool saveVersion(const QString& note = {});
    // Renames the open scenario and saves it as version 1 of a new stored scenario.
    bool saveAsNewScenario(const QString& name);
    // Closes the open scenario, asking first when it has unsaved changes.
    bool closeDocument();
    // Adds a stored scenario version to the Compare view.
    void addToComparison(std::int64_t scenarioId, std::optional<int> version);
    // Opens what a browser row names, as a double-click does (`proxyIndex` of storeFilter()).
    void openBrowserItem(const QModelIndex& proxyIndex);
    PriceBookView* priceBookView() const { return m_priceBook; }
    BenchmarksView* benchmarksView() const { return m_benchmarks; }
    // Shows the Benchmarks view, listing one SKU's records (empty: every record).
    void showBenchmarks(const QString& sku = {});
    // The views of the open scenario, in the order of their tabs (View → Recommendation…).
    enum class View { Recommendation, Costs, Audit, Inputs, Sensitivity, Compare };
    // Shows `view` of the open scenario in the centre, as its View menu entry does but without
    // moving the focus. False when no scenario is open.
    bool showView(View view);
    // Shows the welcome in the centre, as View → Welcome does but without moving the focus.
    // False when a scenario is open (the welcome shows only without one).
    bool showStartView();
    SensitivityView* sensitivityView() const { return m_sensitivity; }
    // The scan dialog opened last by auditRepositories(), while it is open.
    ScanDialog* scanDialog() const;
    // Samples of a full Monte Carlo run (Edit → Preferences…).
    int monteCarloSamples() const;

signals:
    // A scenario was opened (true) or closed (false).
    void documentOpened(bool open);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildActions();
    void buildMenus();
    void buildBrowser();
    void buildCentre();
    void updateActions();
    void updateTitle();
    void updateRecentMenu();
    void reloadStore();
    std::optional<std::int64_t> demoScenarioId() const;
    // `recoveredFile`: the recovery file the document was restored from (claimed), which the
    // document's recovery takes over.
    void setDocument(std::unique_ptr<ScenarioDocument> document, const QString& recoveredFile = {});
    bool restoreRecovered(const RecoveryOffer& offer);
    bool confirmUnsaved();
    void showError(const QString& headline, const QString& details = {});
    void showNotice(const QString& headline, const QString& details = {});
    void applyImport(const DocumentImport::Result& result);
    void newScenario();
    void openFileDialog();
    void exportScenario();
    void exportReport();
    void saveVersionWithNote();
    void saveAsNewWithName();
    void showPreferences();
    void adoptCurrentDefaults();
    // Connects the settings' change signals to the views that show them (once, at construction).
    void followSettings();
    void showAbout();
    void focusStoreFilter();
    void focusNextPane(bool backwards);
    void updateSampleBanner();
    void restoreWindowState();
    std::optional<QString> documentSampleFile();
    void saveWindowState();
    void onAuditEdited(const QString& text, const model::Audit& audit);

    data::Store m_store;
    Settings* m_settings;
    std::unique_ptr<ScenarioDocument> m_document;
    UnsavedChangesPrompt m_prompt;
    // After m_document: destroyed first, removing its file (a window closed after the user
    // chose leaves none).
    std::unique_ptr<WindowRecovery> m_recovery;
    RecoveryPrompt m_recoveryPrompt;

    StoreBrowser* m_storeBrowser = nullptr;
    QStackedWidget* m_centre = nullptr;
    StartView* m_start = nullptr;
    QTabWidget* m_tabs = nullptr;
    RecommendationView* m_recommendation = nullptr;
    CostsView* m_costs = nullptr;
    AuditView* m_audit = nullptr;
    ScenarioEditor* m_editor = nullptr;
    CompareView* m_compare = nullptr;
    SensitivityView* m_sensitivity = nullptr;
    AuditView* m_storedAudit = nullptr; // a stored audit, read-only
    QWidget* m_storedAuditPage = nullptr;
    std::optional<std::int64_t> m_storedAuditId;
    QPushButton* m_rescan = nullptr;
    QPointer<ScanDialog> m_scanDialog;
    PriceBookView* m_priceBook = nullptr;
    BenchmarksView* m_benchmarks = nullptr;
    WhatIfPanel* m_whatIf = nullptr;
    MessageBar* m_messages = nullptr;
    QLabel* m_storeLabel = nullptr;
    QLabel* m_evaluationLabel = nullptr;
    QLabel* m_sampleBanner = nullptr;
    QWidget* m_whatIfBox = nullptr;
    QString m_shownItemSample; // the banner's text for a sample audit or price book shown
    // The open document's sample file, checked once per stored scenario id.
    std::optional<std::int64_t> m_sampleCheckedId;
    std::optional<QString> m_documentSample;

    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_importBenchmarksAction = nullptr;
    QAction* m_scanAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveVersionAction = nullptr;
    QAction* m_saveAsNewAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_reportAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_adoptDefaultsAction = nullptr;
    QAction* m_priceBookVersionsAction = nullptr; // Edit → Price book versions… (issue 24)
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QActionGroup* m_themeGroup = nullptr;
    QStringList m_guideCandidates;

    // Last: destroyed first, waiting for a read still running.
    DocumentImport m_import{this};
};

} // namespace crossgrade::ui
