#pragma once

// The recovery file (docs/desktop.md, "Recovery after a crash"): one open scenario's unsaved
// inputs as "crossgrade.recovery/1" JSON. It holds what restoring needs — the scenario in its
// exchange format (crossgrade.scenario/1, embedded as the object under "scenario", so it can be
// cut out and opened by hand), where it came from, the store it belongs to, when it was written
// and which process wrote it (to tell a running window's file from a crashed one's). A pure
// writer and reader; where the files live is recovery_folder.h's business.

#include "process_identity.h"
#include "scenario.h"

#include <QDateTime>
#include <QString>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace crossgrade::ui {

inline constexpr std::string_view kRecoverySchemaTag = "crossgrade.recovery/1";

// Where the document came from, as ScenarioDocument knows it: Save sends a restored document
// where it would have sent the original.
struct RecoveryOrigin {
    enum class Kind { New, Stored, File };

    std::optional<std::int64_t> scenarioId; // a stored scenario…
    std::optional<int> version;             // …as opened or last saved
    QString fileName;                       // the scenario file it was opened from

    Kind kind() const;
    bool operator==(const RecoveryOrigin&) const = default;
};

// Everything but the scenario: readable even when the scenario no longer is.
struct RecoveryHeader {
    QString storePath; // canonical path of the store the document belongs to
    ProcessIdentity writer;
    QDateTime savedAt; // when the inputs were written, UTC
    RecoveryOrigin origin;
    QString title;      // the document's title ("Demo (version 3)")
    QString appVersion; // the Crossgrade that wrote it

    bool operator==(const RecoveryHeader&) const = default;
};

struct RecoverySnapshot {
    RecoveryHeader header;
    model::Scenario scenario;
};

// Pretty-printed JSON ending in a newline; the scenario exactly as data::writeScenario writes it.
std::string writeRecoveryFile(const RecoverySnapshot& snapshot);

struct RecoveryReadResult {
    std::optional<RecoveryHeader> header;    // set when the envelope reads
    std::optional<model::Scenario> scenario; // set when the scenario reads, too
    // Why it cannot be restored, one "PLACE: message" per line (a JSON pointer into the file);
    // empty when the scenario read.
    QString error;

    bool ok() const { return scenario.has_value(); }
};

// Never throws: a file that is not JSON, of another schema (a newer Crossgrade's), without its
// header, or whose scenario does not read is reported in `error`.
RecoveryReadResult readRecoveryFile(std::string_view text);

} // namespace crossgrade::ui
