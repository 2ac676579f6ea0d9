#include "document_recovery.h"

#include "scenario_document.h"

#include <QCoreApplication>
#include <QDir>
#include <QtConcurrent>

namespace crossgrade::ui {

DocumentRecovery::DocumentRecovery(RecoveryFolder folder, ProcessIdentity writer, QObject* parent)
    : QObject(parent)
    , m_folder(std::move(folder))
    , m_writer(std::move(writer)) {
    m_jobs.setMaxThreadCount(1);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(std::chrono::milliseconds(2000));
    connect(&m_debounce, &QTimer::timeout, this, &DocumentRecovery::writeNow);
}

DocumentRecovery::~DocumentRecovery() {
    m_debounce.stop();
    removeFile();
    m_jobs.waitForDone();
}

void DocumentRecovery::setDebounce(std::chrono::milliseconds interval) {
    m_debounce.setInterval(interval);
}

void DocumentRecovery::setDocument(ScenarioDocument* document, const QString& restoredFile) {
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_debounce.stop();
    removeFile();
    m_document = document;
    m_filePath = restoredFile.isEmpty() ? m_folder.newFilePath() : restoredFile;
    m_fileMayExist = !restoredFile.isEmpty();
    if (!document)
        return;
    connect(document, &ScenarioDocument::scenarioChanged, this,
            &DocumentRecovery::onScenarioChanged);
    connect(document, &ScenarioDocument::modifiedChanged, this,
            &DocumentRecovery::onModifiedChanged);
    // Restored work is rewritten at once: until then the file names a dead writer, and
    // another window starting meanwhile would offer it again.
    if (!restoredFile.isEmpty())
        document->isModified() ? writeNow() : removeFile();
    else if (document->isModified())
        m_debounce.start();
}

// Every edit, undo and redo (a slider's merged steps included) restarts the interval.
void DocumentRecovery::onScenarioChanged() {
    if (m_document && m_document->isModified())
        m_debounce.start();
}

// Saved, or undone back to the saved state: nothing is left to recover, at once.
void DocumentRecovery::onModifiedChanged(bool modified) {
    if (modified) {
        m_debounce.start();
        return;
    }
    m_debounce.stop();
    removeFile();
}

void DocumentRecovery::writeNow() {
    m_debounce.stop();
    if (!m_document || !m_document->isModified())
        return;
    RecoverySnapshot snapshot;
    snapshot.header.storePath = m_folder.storePath();
    snapshot.header.writer = m_writer;
    snapshot.header.savedAt = QDateTime::currentDateTimeUtc();
    snapshot.header.origin.scenarioId = m_document->storedScenarioId();
    snapshot.header.origin.version = m_document->storedVersion();
    snapshot.header.origin.fileName = m_document->fileName();
    snapshot.header.title = m_document->title();
    snapshot.header.appVersion = QStringLiteral(CROSSGRADE_VERSION);
    snapshot.scenario = m_document->scenario(); // the one copy made on the GUI thread
    const QString path = m_filePath;
    m_fileMayExist = true;
    QThreadPool* jobs = &m_jobs;
    (void)QtConcurrent::run(jobs, [this, path, snapshot = std::move(snapshot)] {
        const QString error = RecoveryFolder::write(path, snapshot);
        QMetaObject::invokeMethod(
            this, [this, path, error] { finished(Job::Write, path, error); }, Qt::QueuedConnection);
    });
}

void DocumentRecovery::removeFile() {
    if (!m_fileMayExist)
        return;
    m_fileMayExist = false;
    const QString path = m_filePath;
    (void)QtConcurrent::run(&m_jobs, [this, path] {
        const QString error = RecoveryFolder::remove(path);
        QMetaObject::invokeMethod(
            this, [this, path, error] { finished(Job::Remove, path, error); },
            Qt::QueuedConnection);
    });
}

// The report of a job, back on the GUI thread. Posted events to a destroyed recovery are
// dropped by Qt; the destructor waits for the jobs first, so none runs against a dead object.
void DocumentRecovery::finished(Job job, const QString& path, const QString& error) {
    if (error.isEmpty()) {
        if (job == Job::Write) {
            m_failureReported = false;
            emit written(path);
        }
        return;
    }
    if (m_failureReported)
        return;
    m_failureReported = true;
    const QString folder = QDir::toNativeSeparators(m_folder.root());
    if (job == Job::Write)
        emit failed(tr("Unsaved changes are not being kept for recovery after a crash"),
                    tr("%1\nEditing goes on as before; save to keep your changes. Recovery files "
                       "live in %2.")
                        .arg(error, folder));
    else
        emit failed(tr("A recovery file could not be removed"),
                    tr("%1\nThe next start may offer changes you already saved or discarded: "
                       "choose Discard then, or delete the file.")
                        .arg(error));
}

void DocumentRecovery::waitForIdle() {
    m_jobs.waitForDone();
    QCoreApplication::sendPostedEvents(this);
}

} // namespace crossgrade::ui
