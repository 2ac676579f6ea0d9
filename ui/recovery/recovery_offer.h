#pragma once

// One recovery file left behind by a Crossgrade that ended without saving, as the next start
// offers it (docs/desktop.md, "Recovery after a crash"): what it holds, if it still reads, and
// the words the offer shows. The dialog (recovery_dialog.h) and the tests read the same text.

#include "recovery_file.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <optional>

namespace crossgrade::ui {

enum class RecoveryChoice {
    Restore, // open it as an unsaved document
    Discard, // delete the file
    Later,   // keep the file and ask again at the next start
};

struct RecoveryOffer {
    Q_DECLARE_TR_FUNCTIONS(RecoveryOffer)

public:
    QString filePath;
    std::optional<RecoveryHeader> header;    // when the file's envelope reads
    std::optional<model::Scenario> scenario; // when its scenario reads too
    QString error;                           // why it cannot be restored
    QDateTime fileTime;                      // the file's modification time

    bool restorable() const { return scenario.has_value(); }

    // The scenario's name (or the title it was written under, or the file's name).
    QString scenarioName() const;
    // "stored scenario, version 3", "the file /path/x.json", "a new scenario, never saved".
    QString originText() const;
    // Why it cannot be restored, one problem per line: "PLACE: message", or with `withFile`
    // "FILE:PLACE: message" as the import errors read (FILE: message for the whole file).
    QString errorText(bool withFile) const;
    // When the inputs were last written: "2 Dec 2026 14:32 (5 minutes ago)".
    QString lastEditedText(const QDateTime& now = QDateTime::currentDateTime()) const;
};

} // namespace crossgrade::ui
