#pragma once

// Keeps the open document's unsaved inputs in a recovery file, so a crash loses at most the
// last couple of seconds (docs/desktop.md, "Recovery after a crash"). After each edit, once no
// other edit has come for the debounce interval (2 s by default: a slider drag is many edits
// and writes once, after it stops), the document's inputs are copied and written on a worker
// thread — never on the GUI thread — to this window's file of the store's recovery folder.
// Writes and removals run one at a time in order, so a removal is never overtaken by an older
// write. The file goes when the document is saved, undone back to its saved state, replaced or
// closed (the window asked first), and when the window is destroyed: a clean quit leaves none.

#include "process_identity.h"
#include "recovery_folder.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>
#include <chrono>

namespace crossgrade::ui {

class ScenarioDocument;

// How a window keeps and offers recovery files; tests replace every part.
struct RecoveryOptions {
    QString root = RecoveryFolder::defaultRoot();
    std::chrono::milliseconds debounce{2000};
    ProcessIdentity writer = ProcessIdentity::current(); // written into each file
    ProcessProbe isRunning = isProcessRunning;           // asked of each left-behind file
};

class DocumentRecovery : public QObject {
    Q_OBJECT

public:
    DocumentRecovery(RecoveryFolder folder, ProcessIdentity writer, QObject* parent = nullptr);
    // Removes this window's file: the window is closed, the user having chosen.
    ~DocumentRecovery() override;

    const RecoveryFolder& folder() const { return m_folder; }
    void setDebounce(std::chrono::milliseconds interval);

    // The document to keep (nullptr: none). The previous document's file is removed: it was
    // saved, or the user chose to discard it before it was replaced. `restoredFile` is a file
    // the document was restored from (claimed by RecoveryFolder::claim): it becomes this
    // document's file and is rewritten at once, with this process as its writer.
    void setDocument(ScenarioDocument* document, const QString& restoredFile = {});
    // The file of the current document (whether it has been written yet or not).
    QString filePath() const { return m_filePath; }
    // True while an edit waits for the debounce interval to pass.
    bool isWritePending() const { return m_debounce.isActive(); }
    // Blocks until the queued writes and removals are done and reported (tests, scripts).
    void waitForIdle();

signals:
    // A write landed (tests: one per settled edit, never one per slider step).
    void written(const QString& filePath);
    // Writing (or removing) failed: said once, and again only after a write has succeeded.
    // Editing goes on regardless.
    void failed(const QString& headline, const QString& details);

private:
    enum class Job { Write, Remove };
    void onScenarioChanged();
    void onModifiedChanged(bool modified);
    void writeNow();
    void removeFile();
    void finished(Job job, const QString& path, const QString& error);

    RecoveryFolder m_folder;
    ProcessIdentity m_writer;
    QPointer<ScenarioDocument> m_document;
    QString m_filePath;
    bool m_fileMayExist = false; // a write was queued for m_filePath since its last removal
    bool m_failureReported = false;
    QTimer m_debounce;
    QThreadPool m_jobs; // one thread: writes and removals in the order they were asked for
};

} // namespace crossgrade::ui
