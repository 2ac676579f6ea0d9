#pragma once

// A stored version's saved headline beside the same inputs evaluated by this build (issue 22,
// "Old files"): the store keeps what each version's evaluation said when it was saved, and
// the engine may since have changed. Both sides name the program and the scenario's engine, so
// a reader can tell a number the engine moved from one an edit moved.

#include "store.h"

#include <string>
#include <vector>

namespace crossgrade::data {

// Who evaluated: the program's version (the store's engine_version column) and the scenario's
// engine (model::Scenario::engine_version).
struct Evaluator {
    std::string program; // "0.2.0"
    int engine = 0;      // 1, 2, …
};

struct HeadlineComparison {
    // The cheapest option changed, or some option's NPV or doors moved (NPV by more than $1),
    // or an option is only on one side.
    bool differs = false;
    // "Saved 2026-11-20 by Crossgrade 0.1.0 (engine 1): cheapest stay-cuda at $45.3M."
    std::string saved;
    // "Re-evaluated by Crossgrade 0.2.0 (engine 2): cheapest path2 at $43.6M."
    std::string now;
    // One line per option that moved: "path2: $45.3M → $43.6M, doors 0 → 1".
    std::vector<std::string> changes;
};

// `saved` is the version as stored, `savedBy` who saved it; `now` the headline of the same
// inputs evaluated by `nowBy`.
HeadlineComparison compareHeadlines(const ScenarioVersionSummary& saved, const Evaluator& savedBy,
                                    const ScenarioHeadline& now, const Evaluator& nowBy);

} // namespace crossgrade::data
