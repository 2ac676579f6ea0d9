#pragma once

// A new scenario: a template's fleet, workloads and settings under a new name, starting in a
// given month (the current one, unless the user says otherwise: a plan made today starts
// today, not in the template's month), with the store's default price book copied in
// (DESIGN.md: new scenarios copy it) and optionally another audit — checked as a whole, since the
// template's lots and workloads must still find their SKUs and ratios in that book. Shared by
// `crossgrade-cli new-scenario` and the app.

#include "scenario_json.h"

namespace crossgrade::data {

// `result.scenario` is set when the new scenario reads back without errors; otherwise the
// errors name the JSON pointer in the new scenario that no longer holds.
ScenarioReadResult newScenarioFromTemplate(model::Scenario scenarioTemplate,
                                           const std::string& name, model::PriceBook book,
                                           const std::optional<model::Audit>& audit,
                                           const model::YearMonth& start);

} // namespace crossgrade::data
