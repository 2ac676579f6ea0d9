#pragma once

// "crossgrade.evaluation/1" (docs/formats/evaluation.md) and its CSV: what the engine
// computed for a scenario, depending only on the scenario (no clock, no timings).

#include "compiled_scenario.h"
#include "evaluation.h"

#include <optional>
#include <string>

namespace crossgrade::data {

inline constexpr std::string_view kEvaluationSchemaTag = "crossgrade.evaluation/1";

// `only` limits the options written (the comparison fields still use all of them).
std::string writeEvaluationJson(const model::ScenarioEvaluation& evaluation,
                                const model::CompiledScenario& compiled,
                                std::optional<model::OptionId> only = std::nullopt);

// One row per option × month: option, month, the ten components, total_usd, cumulative_usd,
// then gpus_<SKU> for every SKU of the price book.
std::string writeEvaluationCsv(const model::ScenarioEvaluation& evaluation,
                               const model::CompiledScenario& compiled,
                               std::optional<model::OptionId> only = std::nullopt);

} // namespace crossgrade::data
