#pragma once

// File → Audit repositories… (issue 8, point 5): the folders to scan, the workload kind (which
// code cannot tell, so the user must choose it) and the audit's name; Scan runs the scanner
// (data::scanRepositories) on a worker thread with progress and Cancel, turns the run into an
// audit (data::auditFromScan) and stores it in the open store as a new audit. A cancelled or
// refused scan stores nothing. In re-scan mode the folders and workload come from a stored
// audit, and the new audit keeps its reviewer's overrides (data::updateAuditFromScan).

#include "audit.h"
#include "background_job.h"
#include "scan_walker.h"
#include "store.h"

#include <QDialog>
#include <QStringList>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QScrollArea;
class QPushButton;
class QStackedWidget;

namespace crossgrade::ui {

class ScanDialog : public QDialog {
    Q_OBJECT

public:
    ScanDialog(data::Store& store, QWidget* parent = nullptr);
    ~ScanDialog() override;

    // Re-scan `previous` (stored under `auditId`): its repositories' roots, workload and name.
    void setRescan(std::int64_t auditId, const model::Audit& previous);
    bool isRescan() const { return m_previous.has_value(); }

    void addFolder(const QString& path);
    void addFolders(const QStringList& paths);
    QStringList folders() const;
    void removeFolder(int row);

    std::optional<model::WorkloadKind> workload() const;
    void setWorkload(std::optional<model::WorkloadKind> kind);
    void setAuditName(const QString& name);
    // What the audit will be called: the typed name, else the folders' names.
    QString auditName() const;

    // Walker options (threads, size limit, the file system tests read through).
    void setScanOptions(const data::ScanOptions& options) { m_options = options; }

    // Checks the inputs and starts the scan; false, with the problem in errorText(), when a
    // folder or the workload is missing or a path is not a folder.
    bool startScan();
    // Asks the running scan to stop; it then stores nothing.
    void cancelScan();
    bool isScanning() const;
    // Blocks until the scan started last is finished and its audit stored (tests, scripts).
    void waitForScan();

    QString errorText() const;
    QString progressText() const;
    // The audit the last scan stored, and its id in the store.
    std::optional<std::int64_t> storedAuditId() const { return m_storedId; }
    const std::optional<model::Audit>& storedAudit() const { return m_stored; }

    void reject() override;

signals:
    // A scan was stored (before the dialog is closed): the store browser may reload.
    void auditStored(std::int64_t id);

private:
    void chooseFolder();
    void refreshState();
    void showError(const QString& text);
    void showProgress(const data::ScanProgress& progress);
    void finishScan(JobEnd<data::ScanRun> end);
    void growToShowSummary();
    QString proposalLine(const model::DimensionAssessment& a, model::Dimension d) const;

    data::Store& m_store;
    data::ScanOptions m_options;
    std::optional<std::int64_t> m_previousId;
    std::optional<model::Audit> m_previous;

    QListWidget* m_folders = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_remove = nullptr;
    QComboBox* m_workload = nullptr;
    QLineEdit* m_name = nullptr;
    QLabel* m_error = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QLabel* m_done = nullptr;
    QScrollArea* m_doneArea = nullptr;
    QPushButton* m_scan = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_close = nullptr;

    bool m_hasOutcome = false; // the progress line says how the last scan ended
    std::optional<std::int64_t> m_storedId;
    std::optional<model::Audit> m_stored;
    // Last: destroyed first, the scan cancelled and waited for before the rest.
    BackgroundJob<data::ScanRun> m_job{[this](JobEnd<data::ScanRun> end) {
        finishScan(std::move(end));
    }};
};

} // namespace crossgrade::ui
