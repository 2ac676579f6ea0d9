#pragma once

// Importing benchmark files from the app (docs/benchmarks.md, "In the app"), as
// `crossgrade-cli import-benchmarks` does: every file is read (format told from the file) on
// a worker thread with progress and cancel; a benchmark_serving result that does not say its
// hardware, GPUs or precision is asked about (ContextPrompt) and read again; then, only if
// every file reads, all records are stored in one transaction. A refused file stores nothing
// of any file. The first read keeps no record, only counts and skipped rows (issue 20: a
// million-row file held every record); storing reads the files again, inserting each record as
// it is read, and a file that reads differently the second time stores nothing. The outcome names
// each file with its rows read and skipped (with their places), and how many records were new or
// already stored.

#include "background_job.h"
#include "benchmark_import.h"
#include "store.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

class QProgressDialog;
class QWidget;

namespace crossgrade::ui {

class BenchmarkImporter : public QObject {
    Q_OBJECT

public:
    // Asked when a benchmark_serving file lacks what it must say: the file, the reader's
    // problems and the answer given last time for this file. Nothing: the user declined, and
    // the file is refused.
    using ContextPrompt = std::function<std::optional<data::BenchmarkContext>(
        const QString& file, const QString& problems, const data::BenchmarkContext& last)>;

    struct Outcome {
        bool error = false; // nothing was stored
        QString headline;
        QString details;
        data::BenchmarksAdded added;
    };

    // `dialogParent` parents the progress and context dialogs.
    BenchmarkImporter(data::Store* store, QWidget* dialogParent, QObject* parent = nullptr);
    ~BenchmarkImporter() override = default; // cancels a read still running and waits

    // Replaces the context dialog (tests, scripts).
    void setContextPrompt(ContextPrompt prompt) { m_prompt = std::move(prompt); }

    // Starts reading `paths`; false (and nothing started) while another import runs.
    bool start(const QStringList& paths);
    bool isRunning() const { return m_job.isBusy() || m_applying; }
    // Blocks until the import started last has been stored and its outcome emitted.
    void waitForFinished();
    const std::optional<Outcome>& lastOutcome() const { return m_last; }

signals:
    void finished(const crossgrade::ui::BenchmarkImporter::Outcome& outcome);

private:
    struct ReadFile {
        QString path;
        data::BenchmarkFileImport read; // counts and skipped rows; its records went nowhere
        data::BenchmarkContext context; // what the user said of a benchmark_serving file
    };

    void apply(JobEnd<QList<ReadFile>> end);
    void askForContext(ReadFile& file);
    Outcome store(const QList<ReadFile>& files);
    void finish(Outcome outcome);

    data::Store* m_store;
    QPointer<QWidget> m_dialogParent;
    ContextPrompt m_prompt;
    QProgressDialog* m_progress = nullptr;
    bool m_applying = false;
    std::optional<Outcome> m_last;
    // Last: destroyed first, a read still running cancelled and waited for.
    BackgroundJob<QList<ReadFile>> m_job{[this](JobEnd<QList<ReadFile>> end) {
        apply(std::move(end));
    }};
};

} // namespace crossgrade::ui
