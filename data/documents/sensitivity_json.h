#pragma once

// "crossgrade.sensitivity/1" (docs/formats/sensitivity.md): the tornados, switching values and
// break-even map of a scenario, depending only on the scenario (no clock, no timings).

#include "compiled_scenario.h"
#include "evaluation.h"
#include "sensitivity.h"

#include <optional>
#include <string>
#include <vector>

namespace crossgrade::data {

inline constexpr std::string_view kSensitivitySchemaTag = "crossgrade.sensitivity/1";

struct SensitivityReport {
    model::Tornado rule_path;
    model::Tornado cheapest; // the cheapest option, or its closest challenger (sensitivity.h)
    std::vector<model::SwitchingValue> switching;
    std::optional<model::BreakEvenMap> map;
};

std::string writeSensitivityJson(const model::CompiledScenario& compiled,
                                 const model::ScenarioEvaluation& evaluation,
                                 const SensitivityReport& report);

} // namespace crossgrade::data
