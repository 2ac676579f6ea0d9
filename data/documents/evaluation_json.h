#pragma once

// "crossgrade.evaluation/1" (docs/formats/evaluation.md) and its CSV: what the engine
// computed for a scenario, depending only on the scenario (no clock, no timings).

#include "compiled_scenario.h"
#include "evaluation.h"
#include "monte_carlo.h"
#include "uncertainty_analysis.h"

#include <optional>
#include <string>

namespace crossgrade::data {

inline constexpr std::string_view kEvaluationSchemaTag = "crossgrade.evaluation/1";

// `only` limits the options written (the comparison fields still use all of them). With a
// Monte Carlo result, each option's total and NPV gain p10/p50/p90/mean beside base, and the
// option gains its paired saving, P(beats stay-cuda), break-even distribution, cumulative
// bands and convergence; the document gains "monte_carlo" (samples, seed, EVPI).
std::string writeEvaluationJson(const model::ScenarioEvaluation& evaluation,
                                const model::CompiledScenario& compiled,
                                std::optional<model::OptionId> only = std::nullopt,
                                const model::MonteCarloResult* monteCarlo = nullptr);
// With samples, from the analysis: the committed evaluation and its Monte Carlo as above, and
// "plan_choice" (how plans were chosen; per option its committed and most-likely plans and why)
// and "hindsight" (P(best in hindsight), the mean saving re-optimised, the EVPI; each with its
// sample count and standard error) where computed.
std::string writeEvaluationJson(const model::UncertaintyAnalysis& analysis,
                                const model::CompiledScenario& compiled,
                                std::optional<model::OptionId> only = std::nullopt);

// The raw samples: one row per sample with every input's value by its pointer, then each
// option's NPV and total (npv_usd:<option>, total_usd:<option>).
std::string writeSamplesCsv(const model::CompiledScenario& compiled,
                            const model::ScenarioEvaluation& evaluation,
                            const model::MonteCarloResult& monteCarlo,
                            const std::vector<double>& draws);

// One row per option × month: option, month, the ten components, total_usd, cumulative_usd,
// then gpus_<SKU> for every SKU of the price book.
std::string writeEvaluationCsv(const model::ScenarioEvaluation& evaluation,
                               const model::CompiledScenario& compiled,
                               std::optional<model::OptionId> only = std::nullopt);

} // namespace crossgrade::data
