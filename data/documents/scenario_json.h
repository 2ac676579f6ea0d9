#pragma once

// Scenario JSON v1 ("crossgrade.scenario/1", docs/formats/scenario.md): a pure reader that
// validates everything — the structure, the sense of every number, and every reference the
// engine follows — and reports every problem with its JSON pointer; and a writer whose output
// the reader takes back unchanged. The audit and the price book are embedded, so a scenario
// file evaluates to the same numbers on any store.

#include "document_limits.h"
#include "problem.h"
#include "read_result.h"
#include "scenario.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

inline constexpr std::string_view kScenarioSchemaTag = "crossgrade.scenario/1";

template <> struct DocumentSlot<model::Scenario> {
    std::optional<model::Scenario> scenario; // set only when errors is empty
    static constexpr auto kDocument = &DocumentSlot::scenario;
};
using ScenarioReadResult = ReadResult<model::Scenario>;

// A scenario that reads without errors also compiles (model::compile): a fleet lot naming an
// unknown SKU or workload is reported at its pointer like any other problem.
ScenarioReadResult readScenario(std::string_view text);
// Refuses a file over kMaxDocumentBytes before reading it; reports an unreadable file as an
// error at place "".
ScenarioReadResult readScenarioFile(const std::string& path);

// Pretty-printed JSON with a stable key order, ending in a newline; the embedded audit and
// price book carry their own schema tags, so either can be saved on its own as it stands.
std::string writeScenario(const model::Scenario& scenario);

} // namespace crossgrade::data
