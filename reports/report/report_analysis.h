#pragma once

// What the report says about a scenario, computed once and kept together (docs/report.md): the
// deterministic evaluation, the Monte Carlo, the tornados of the rule path and of the cheapest
// challenger, the switching values of the default knobs, and the risks generated from them.
// Plain model results: the PDF, the reproducibility files and the tests all read the same.

#include "compiled_scenario.h"
#include "evaluation.h"
#include "hetccl_watch.h"
#include "monte_carlo.h"
#include "risks.h"
#include "scenario.h"
#include "sensitivity.h"
#include "uncertainty_analysis.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::reports {

struct AnalysisSettings {
    std::size_t samples = 10000;
    // One seed for every scenario of a report, so scenarios compare sample by sample (the
    // Compare view does the same); empty: the first scenario's own seed.
    std::optional<std::uint64_t> seed;
    int threads = 1;
    // Plans chosen by expected value over this many plan-choice samples (0: the most likely
    // values' plans), and hindsight on this many of the Monte Carlo's (0: none); issue 25.
    std::size_t plan_choice_samples = model::kDefaultPlanChoiceSamples;
    std::size_t hindsight_samples = model::kDefaultHindsightSamples;
};

struct ScenarioAnalysis {
    model::Scenario scenario;
    model::CompiledScenario compiled;
    // Under the committed plans, decided on the Monte Carlo's means; `mode` is the evaluation
    // with the plans best at the most likely values, for "most likely" figures beside the mean.
    model::ScenarioEvaluation evaluation;
    model::ScenarioEvaluation mode;
    model::PlanChoice plan_choice;
    model::MonteCarloResult monte_carlo;
    std::optional<model::Hindsight> hindsight;
    model::OptionId rule_option = model::OptionId::Path1; // the audit's rule path
    model::OptionId challenger = model::OptionId::Path1;  // model::cheapestChallenger
    model::Tornado rule_tornado;
    model::Tornado challenger_tornado; // the same as rule_tornado when the options coincide
    std::vector<model::SwitchingValue> switching;
    std::vector<model::Risk> risks;
    std::vector<double> draws; // the Monte Carlo's inputs, column-major (model::DrawCache)

    // The option whose saving the decision page leads with: the rule path when the scenario
    // evaluates it, else the challenger.
    model::OptionId leadOption() const;
    const model::OptionDistribution* distribution(model::OptionId option) const;
};

// Progress of a report's computation: done out of total steps, and what runs now.
using AnalysisProgress = std::function<void(int done, int total, const std::string& stage)>;

// Analyses each scenario in turn with one seed (settings.seed, or the first scenario's).
// Throws std::runtime_error "cancelled" when `cancel` is set, std::invalid_argument when a
// scenario does not compile (its message names the scenario).
std::vector<ScenarioAnalysis> analyseScenarios(const std::vector<model::Scenario>& scenarios,
                                               const AnalysisSettings& settings,
                                               const std::atomic<bool>* cancel = nullptr,
                                               const AnalysisProgress& progress = {});

// The seed a report of these scenarios runs with.
std::uint64_t reportSeed(const std::vector<model::Scenario>& scenarios,
                         const AnalysisSettings& settings);

} // namespace crossgrade::reports
