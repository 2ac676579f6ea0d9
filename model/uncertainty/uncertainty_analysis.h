#pragma once

// A scenario under uncertainty, in the order every caller runs it (the CLI's evaluate
// --samples, the report, the app's background run): the mode plans at the most-likely values,
// the committed plans by expected value (plan_choice.h), the evaluation under the committed
// plans, the Monte Carlo under them with the decisions taken on its means, and — where asked —
// hindsight and the value of information (hindsight.h).

#include "hindsight.h"
#include "monte_carlo.h"
#include "plan_choice.h"

#include <atomic>
#include <optional>

namespace crossgrade::model {

struct UncertaintyOptions {
    MonteCarloOptions monte_carlo;
    std::size_t plan_choice_samples = kDefaultPlanChoiceSamples; // 0: keep the mode plans
    std::size_t hindsight_samples = kDefaultHindsightSamples;    // 0: no hindsight
};

struct UncertaintyAnalysis {
    ScenarioEvaluation committed; // the committed plans at most-likely values, decided on means
    PlanChoice plan_choice;
    MonteCarloResult monte_carlo; // under the committed plans
    std::optional<Hindsight> hindsight;
    bool cancelled = false;
};

// `mode` is evaluateScenario(scenario, compiled); `draws` caches the Monte Carlo's draws.
// `samplesDone` counts every sample evaluation of the three stages (plan choice, Monte Carlo,
// hindsight), for a progress bar; expectedSampleEvaluations says how many there will be (the
// plan choice's screening is not counted: its confirmation pass is).
UncertaintyAnalysis analyseUncertainty(const Scenario& scenario, const CompiledScenario& compiled,
                                       const ScenarioEvaluation& mode,
                                       const UncertaintyOptions& options, DrawCache& draws,
                                       const std::atomic<bool>* cancel = nullptr,
                                       std::atomic<std::size_t>* samplesDone = nullptr);
std::size_t expectedSampleEvaluations(const CompiledScenario& compiled,
                                      const UncertaintyOptions& options);

// The standard error of the mean of option a's NPV minus option b's, paired by sample (0 when
// either is missing or there are fewer than two samples).
double pairedStandardError(const MonteCarloResult& mc, OptionId a, OptionId b);

// Hindsight for an analysis already run (the app computes it after showing the bands).
Hindsight hindsightOf(const CompiledScenario& compiled, const UncertaintyAnalysis& analysis,
                      DrawCache& draws, std::size_t samples, int threads,
                      const std::atomic<bool>* cancel = nullptr,
                      std::atomic<std::size_t>* samplesDone = nullptr);

} // namespace crossgrade::model
