#pragma once

// Recovery after a crash as the main window wires it (docs/desktop.md, "Recovery after a
// crash"): the open document's unsaved inputs kept in the store's recovery folder, the offers
// of what windows that no longer run left behind, and the document a restored file becomes.

#include "document_recovery.h"
#include "recovery_offer.h"

#include <QObject>
#include <functional>
#include <memory>

namespace crossgrade::data {
class Store;
}

namespace crossgrade::ui {

class ScenarioDocument;

class WindowRecovery : public QObject {
    Q_OBJECT

public:
    // What to do with a recovery file left behind.
    using Prompt = std::function<RecoveryChoice(const RecoveryOffer& offer)>;
    // Restores one offer; true when it did.
    using Restore = std::function<bool(const RecoveryOffer& offer)>;

    WindowRecovery(const QString& storePath, RecoveryOptions options);
    ~WindowRecovery() override;

    // Keeps the open document's file (destroyed with this object, removing it).
    DocumentRecovery* documents() const { return m_documents.get(); }

    // Asks `prompt` about each file left behind by a window that no longer runs, newest first.
    // Restore hands the offer to `restore` and ends the offers (the rest wait for the next
    // start); Discard deletes the file and goes on; Later keeps it and the rest. A file that
    // cannot be read is shown to `prompt` too (its answer ignored), kept, and named in one
    // failed() at the end. Returns what `restore` returned, false when nothing was restored.
    bool offerLeftBehind(const Prompt& prompt, const Restore& restore);

signals:
    void failed(const QString& headline, const QString& details);

private:
    std::unique_ptr<DocumentRecovery> m_documents;
    ProcessProbe m_isRunning;
};

// The document a restorable recovery file stands for: rebuilt on the state it was last saved as
// (the stored version, or the file as it is on disk), with the recovered inputs as one undoable
// edit on top, so the faint baseline and Compare show what changed, Undo goes back to the saved
// state and Save goes where it would have gone. With no saved state to go back to, the
// recovered inputs are the document, marked unsaved.
struct RecoveredDocument {
    std::unique_ptr<ScenarioDocument> document;
    bool onSavedState = false; // the recovered inputs are an edit on top of a saved state
};
RecoveredDocument rebuildRecoveredDocument(const RecoveryOffer& offer, data::Store& store);

} // namespace crossgrade::ui
