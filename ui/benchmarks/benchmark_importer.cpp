#include "benchmark_importer.h"

#include "benchmark_context_dialog.h"
#include "watched_progress.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <stdexcept>

namespace crossgrade::ui {

namespace {

// Skipped rows listed in the outcome before "… and N more": the message bar sits above the
// views and must not push them off the screen. The CLI's dry run lists every one.
constexpr int kListedSkips = 8;

QString fileName(const QString& path) {
    return QFileInfo(path).fileName();
}

QString fileProblemsText(const QString& path, const std::vector<data::Problem>& problems) {
    return QString::fromStdString(data::formatProblems(fileName(path).toStdString(), problems))
        .trimmed();
}

// A benchmark_serving result refused as a whole (place "") is missing what only the user can
// say — hardware, GPUs, precision — or was given a value the reader does not accept.
bool needsContext(const data::BenchmarkFileImport& read) {
    if (read.format != data::BenchmarkFormat::Serving || read.result.ok())
        return false;
    for (const data::Problem& p : read.result.errors)
        if (p.place.empty())
            return true;
    return false;
}

// The first read checks a file and counts its records without keeping them (issue 20).
data::BenchmarkFileImport check(const QString& path, std::optional<data::BenchmarkFormat> format,
                                const data::BenchmarkContext& context) {
    return data::readBenchmarkFile(path.toStdString(), format, context,
                                   [](model::BenchmarkRecord&&) {});
}

// A file that read differently when it was read again to be stored (rewritten in between).
struct FileChanged : std::runtime_error {
    using std::runtime_error::runtime_error;
};

} // namespace

BenchmarkImporter::BenchmarkImporter(data::Store* store, QWidget* dialogParent, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_dialogParent(dialogParent) {
    m_prompt = [this](const QString& file, const QString& problems,
                      const data::BenchmarkContext& last) {
        return BenchmarkContextDialog::ask(m_dialogParent, file, problems, last);
    };
}

bool BenchmarkImporter::start(const QStringList& paths) {
    if (paths.isEmpty() || isRunning())
        return false;
    m_job.start(
        [paths](JobControl& control) {
            QList<ReadFile> files;
            for (int i = 0; i < paths.size() && !control.isCancelled(); ++i) {
                files.append(ReadFile{paths[i], check(paths[i], std::nullopt, {}), {}});
                control.setDone(std::size_t(i) + 1);
            }
            return files;
        },
        {WhileBusy::Queue, std::size_t(paths.size())});
    if (!m_progress && m_dialogParent) {
        m_progress = jobProgressDialog(m_dialogParent.data(), m_job, tr("Importing benchmarks"));
    }
    if (m_progress) {
        m_progress->setLabelText(tr("Reading %n benchmark file(s)…", "", int(paths.size())));
        m_progress->reset();
    }
    return true;
}

void BenchmarkImporter::waitForFinished() {
    m_job.waitForIdle();
}

void BenchmarkImporter::apply(JobEnd<QList<ReadFile>> end) {
    if (m_progress)
        m_progress->reset();
    if (end.cancelled) {
        finish({true, tr("Import cancelled: no benchmark was stored."), {}, {}});
        return;
    }
    if (!end.error.isEmpty()) {
        finish({true, tr("Import failed: no benchmark was stored."), end.error, {}});
        return;
    }
    m_applying = true;
    QList<ReadFile> files = std::move(end.result);
    for (ReadFile& f : files)
        askForContext(f);
    finish(store(files));
    m_applying = false;
}

// A serving result is one run, so reading it again on the GUI thread is quick.
void BenchmarkImporter::askForContext(ReadFile& file) {
    data::BenchmarkContext context;
    while (needsContext(file.read)) {
        const std::optional<data::BenchmarkContext> answer =
            m_prompt(file.path, fileProblemsText(file.path, file.read.result.errors), context);
        if (!answer)
            return;
        context = *answer;
        file.read = check(file.path, data::BenchmarkFormat::Serving, context);
        file.context = context;
    }
}

BenchmarkImporter::Outcome BenchmarkImporter::store(const QList<ReadFile>& files) {
    QStringList refused;
    QStringList read;
    QStringList skipped;
    int skippedTotal = 0;
    for (const ReadFile& f : files) {
        const data::BenchmarkImport& in = f.read.result;
        if (!in.ok()) {
            refused << fileProblemsText(f.path, in.errors);
            continue;
        }
        read << tr("%1 (%2): %n row(s), %3 read, %4 skipped", "", int(in.rows))
                    .arg(fileName(f.path), QString::fromUtf8(data::toString(*f.read.format)))
                    .arg(in.accepted)
                    .arg(in.skipped.size());
        for (const data::Problem& p : in.skipped) {
            if (skippedTotal++ < kListedSkips)
                skipped << tr("%1:%2: skipped: %3")
                               .arg(fileName(f.path), QString::fromStdString(p.place),
                                    QString::fromStdString(p.message));
        }
    }
    if (skippedTotal > kListedSkips)
        skipped << tr("… and %n more skipped row(s); crossgrade-cli import-benchmarks --dry-run "
                      "FILE lists them all.",
                      "", skippedTotal - kListedSkips);
    if (!refused.isEmpty())
        return {true,
                tr("No benchmark was stored: %n file(s) could not be read. Fix them and import "
                   "again.",
                   "", int(refused.size())),
                refused.join(QLatin1Char('\n')),
                {}};
    if (!m_store)
        return {true, tr("No store is open: nothing was stored."), {}, {}};
    Outcome out;
    try {
        out.added = m_store->addBenchmarksOneByOne([&](const auto& insert) {
            for (const ReadFile& f : files) {
                const data::BenchmarkImport& first = f.read.result;
                if (first.accepted == 0)
                    continue; // nothing of it to store
                const data::BenchmarkFileImport again =
                    data::readBenchmarkFile(f.path.toStdString(), f.read.format, f.context,
                                            [&](model::BenchmarkRecord&& r) { insert(r); });
                if (!again.result.ok() || again.result.rows != first.rows ||
                    again.result.accepted != first.accepted)
                    throw FileChanged(fileName(f.path).toStdString());
            }
        });
    } catch (const FileChanged& e) {
        return {true,
                tr("No benchmark was stored: %1 changed while it was being imported (it read "
                   "differently the second time). Import it again.")
                    .arg(QString::fromStdString(e.what())),
                {},
                {}};
    } catch (const std::exception& e) {
        return {true,
                tr("The store refused the benchmarks: nothing was stored."),
                QString::fromUtf8(e.what()),
                {}};
    }
    out.headline = tr("Stored %n new benchmark record(s)", "", int(out.added.added));
    if (out.added.duplicates > 0)
        out.headline += tr(" (%n already stored, not added again)", "", int(out.added.duplicates));
    out.headline += QLatin1Char('.');
    out.details = (read + skipped).join(QLatin1Char('\n'));
    return out;
}

void BenchmarkImporter::finish(Outcome outcome) {
    m_last = outcome;
    emit finished(outcome);
}

} // namespace crossgrade::ui
