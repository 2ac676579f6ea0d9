#pragma once

// The import pipeline of the main window (File → Open/Import…, drops, the command line): reads
// audit, scenario and price-book JSON on a worker thread with a progress dialog that cancels,
// then hands the files over all at once; and the store side of applying them. Which files are
// benchmark results (they go to the Benchmarks view's own import) is told here too.

#include "any_document.h"
#include "background_job.h"
#include "store.h"

#include <QList>
#include <QObject>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

class QProgressDialog;
class QWidget;

namespace crossgrade::ui {

// The file dialogs' filter for the JSON documents Crossgrade reads and writes.
inline constexpr char kDocumentFileFilter[] = "Crossgrade JSON (*.json);;All files (*)";

// A benchmark result file (MLPerf, InferenceX, benchmark_serving, the canonical CSV), told from
// its first bytes as `crossgrade-cli import-benchmarks` tells its format.
bool isBenchmarkResultFile(const QString& path);

class DocumentImport : public QObject {
    Q_OBJECT

public:
    struct ReadFile {
        QString path;
        data::AnyDocument document;
    };
    // How a read ended: cancelled, or with each file read (`problems` empty), or with the
    // problems of those that were not, one FILE:PLACE: message block per file.
    struct Result {
        bool cancelled = false;
        QStringList problems;
        QList<ReadFile> files;
    };

    // The progress dialog is a child of `dialogParent`, made at the first read.
    explicit DocumentImport(QWidget* dialogParent);
    // Cancels a read still running and waits for it; its result is not delivered.
    ~DocumentImport() override = default;

    bool isRunning() const { return m_job.isBusy(); }
    // Starts reading `paths` in this order; false when a read is already running.
    bool start(const QStringList& paths);
    // Blocks until the running read has finished and finished() was emitted; false when none
    // was started since the last result.
    bool waitForFinished();

signals:
    void finished(const DocumentImport::Result& result);

private:
    void deliver(JobEnd<QList<ReadFile>> end);

    QWidget* m_dialogParent;
    QProgressDialog* m_progress = nullptr;
    BackgroundJob<QList<ReadFile>> m_job{[this](JobEnd<QList<ReadFile>> end) {
        deliver(std::move(end));
    }};
};

// What storeAuditsAndPriceBooks() put into the store, and the scenarios it left to the caller.
struct StoredDocuments {
    int audits = 0;
    int priceBooks = 0;
    std::vector<const DocumentImport::ReadFile*> scenarios; // into the files passed in
};

// Stores the audits, then the price books of `files` (their paths as their sources); lists the
// scenarios without storing them. Throws data::StoreError when the store refuses a write.
StoredDocuments storeAuditsAndPriceBooks(data::Store& store,
                                         const QList<DocumentImport::ReadFile>& files);

// Saves each scenario as a new stored scenario, noted as imported from its file; returns the
// id of the first. Throws data::StoreError.
std::optional<std::int64_t>
saveImportedScenarios(data::Store& store,
                      const std::vector<const DocumentImport::ReadFile*>& scenarios);

} // namespace crossgrade::ui
