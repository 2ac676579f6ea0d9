// The import pipeline (document_import.h): the worker-thread read with its progress dialog, and
// storing what was read.

#include "document_import.h"

#include "benchmark_import.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "problem.h"
#include "watched_progress.h"

#include <QCoreApplication>
#include <QFile>

namespace crossgrade::ui {

namespace {

QString problemsText(const QString& file, const std::vector<data::Problem>& problems) {
    return QString::fromStdString(data::formatProblems(file.toStdString(), problems)).trimmed();
}

} // namespace

bool isBenchmarkResultFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(64 * 1024);
    return data::detectBenchmarkFormat(std::string_view(head.constData(), std::size_t(head.size())))
        .has_value();
}

DocumentImport::DocumentImport(QWidget* dialogParent)
    : m_dialogParent(dialogParent) {}

bool DocumentImport::start(const QStringList& paths) {
    if (isRunning())
        return false;
    m_job.start(
        [paths](JobControl& control) {
            QList<ReadFile> files;
            for (int i = 0; i < paths.size() && !control.isCancelled(); ++i) {
                files.append(ReadFile{paths[i], data::readAnyDocumentFile(paths[i].toStdString())});
                control.setDone(std::size_t(i) + 1);
            }
            return files;
        },
        {WhileBusy::Queue, std::size_t(paths.size())});
    if (!m_progress)
        m_progress = jobProgressDialog(m_dialogParent, m_job, tr("Importing"));
    m_progress->setLabelText(tr("Reading %n file(s)…", "", int(paths.size())));
    m_progress->reset();
    return true;
}

bool DocumentImport::waitForFinished() {
    if (!isRunning())
        return false;
    m_job.waitForIdle();
    return true;
}

void DocumentImport::deliver(JobEnd<QList<ReadFile>> end) {
    if (m_progress)
        m_progress->reset();
    Result result;
    result.cancelled = end.cancelled;
    if (!result.cancelled) {
        result.files = std::move(end.result);
        for (const ReadFile& f : result.files)
            if (!f.document.ok())
                result.problems << problemsText(f.path, f.document.errors);
        if (!end.error.isEmpty())
            result.problems << tr("Reading stopped: %1").arg(end.error);
    }
    emit finished(result);
}

StoredDocuments storeAuditsAndPriceBooks(data::Store& store,
                                         const QList<DocumentImport::ReadFile>& files) {
    StoredDocuments stored;
    std::vector<model::Audit> audits;
    std::vector<std::string> auditSources;
    for (const DocumentImport::ReadFile& f : files) {
        if (f.document.audit) {
            audits.push_back(*f.document.audit);
            auditSources.push_back(f.path.toStdString());
        } else if (f.document.scenario) {
            stored.scenarios.push_back(&f);
        }
    }
    if (!audits.empty())
        store.addAudits(audits, auditSources);
    stored.audits = int(audits.size());
    for (const DocumentImport::ReadFile& f : files)
        if (f.document.pricebook) {
            store.addPriceBook(*f.document.pricebook, f.path.toStdString(), false);
            ++stored.priceBooks;
        }
    return stored;
}

std::optional<std::int64_t>
saveImportedScenarios(data::Store& store,
                      const std::vector<const DocumentImport::ReadFile*>& scenarios) {
    std::optional<std::int64_t> first;
    for (const DocumentImport::ReadFile* f : scenarios) {
        const model::Scenario& s = *f->document.scenario;
        const data::ScenarioVersionId id = store.saveScenarioVersion(
            s, "imported from " + f->path.toStdString(), CROSSGRADE_VERSION,
            data::headlineOf(model::evaluateScenario(s, model::compile(s))));
        if (!first)
            first = id.scenario_id;
    }
    return first;
}

} // namespace crossgrade::ui
