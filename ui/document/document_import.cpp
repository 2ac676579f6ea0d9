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
#include <QtConcurrent>

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
    : m_dialogParent(dialogParent) {
    connect(&m_watcher, &QFutureWatcher<ReadFile>::finished, this, &DocumentImport::deliver);
}

DocumentImport::~DocumentImport() {
    m_watcher.waitForFinished();
}

bool DocumentImport::start(const QStringList& paths) {
    if (m_watcher.isRunning())
        return false;
    m_watcher.setFuture(QtConcurrent::run([paths](QPromise<ReadFile>& promise) {
        promise.setProgressRange(0, int(paths.size()));
        for (int i = 0; i < paths.size(); ++i) {
            if (promise.isCanceled())
                return;
            promise.addResult(
                ReadFile{paths[i], data::readAnyDocumentFile(paths[i].toStdString())});
            promise.setProgressValue(i + 1);
        }
    }));
    if (!m_progress) {
        m_progress = watchedProgressDialog(m_dialogParent, m_watcher, tr("Importing"));
    }
    m_progress->setLabelText(tr("Reading %n file(s)…", "", int(paths.size())));
    m_progress->reset();
    return true;
}

bool DocumentImport::waitForFinished() {
    if (!m_watcher.future().isValid())
        return false;
    m_watcher.waitForFinished();
    QCoreApplication::sendPostedEvents(&m_watcher);
    return true;
}

void DocumentImport::deliver() {
    if (m_progress)
        m_progress->reset();
    const QFuture<ReadFile> future = m_watcher.future();
    if (!future.isValid())
        return;
    m_watcher.setFuture(QFuture<ReadFile>());
    Result result;
    result.cancelled = future.isCanceled();
    if (!result.cancelled) {
        result.files = future.results();
        for (const ReadFile& f : result.files)
            if (!f.document.ok())
                result.problems << problemsText(f.path, f.document.errors);
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
