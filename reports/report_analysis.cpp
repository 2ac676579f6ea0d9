#include "report_analysis.h"

#include "sampling.h"

#include <stdexcept>

namespace crossgrade::reports {

using model::OptionId;

namespace {

// Steps per scenario for the progress read-out: Monte Carlo, tornados, switching values.
constexpr int kStepsPerScenario = 3;

void checkCancel(const std::atomic<bool>* cancel) {
    if (cancel && cancel->load())
        throw std::runtime_error("cancelled");
}

ScenarioAnalysis analyseOne(const model::Scenario& scenario, const AnalysisSettings& settings,
                            std::uint64_t seed, const std::atomic<bool>* cancel,
                            const std::function<void(const std::string&)>& step) {
    ScenarioAnalysis a;
    a.scenario = scenario;
    try {
        a.compiled = model::compile(scenario);
    } catch (const std::exception& e) {
        throw std::invalid_argument("scenario '" + scenario.name + "': " + e.what());
    }
    a.evaluation = model::evaluateScenario(scenario, a.compiled);
    a.rule_option = model::optionOf(a.evaluation.recommendation.primary_path);
    a.challenger = model::cheapestChallenger(a.evaluation);

    step("Monte Carlo");
    model::MonteCarloOptions options;
    options.samples = settings.samples;
    options.seed = seed;
    options.threads = settings.threads;
    model::DrawCache draws;
    a.monte_carlo = model::runMonteCarlo(a.compiled, a.evaluation, options, draws, cancel);
    if (a.monte_carlo.cancelled)
        throw std::runtime_error("cancelled");
    a.draws = draws.draws(a.compiled.inputs, seed, settings.samples);

    step("tornado");
    model::SensitivityControl control;
    control.threads = settings.threads;
    control.cancel = cancel;
    a.rule_tornado = model::computeTornado(a.compiled, a.evaluation, a.rule_option, control);
    a.challenger_tornado =
        a.challenger == a.rule_option
            ? a.rule_tornado
            : model::computeTornado(a.compiled, a.evaluation, a.challenger, control);

    step("switching values");
    a.switching = model::switchingValues(scenario, model::defaultSwitchingKnobs(),
                                         model::kDefaultScanPoints, control);

    std::vector<const model::Tornado*> tornados{&a.rule_tornado};
    if (a.challenger != a.rule_option)
        tornados.push_back(&a.challenger_tornado);
    a.risks = model::generateRisks({a.scenario, a.evaluation, tornados, a.switching});
    return a;
}

} // namespace

OptionId ScenarioAnalysis::leadOption() const {
    return evaluation.find(rule_option) ? rule_option : challenger;
}

const model::OptionDistribution* ScenarioAnalysis::distribution(OptionId option) const {
    for (const model::OptionDistribution& d : monte_carlo.options)
        if (d.id == option)
            return &d;
    return nullptr;
}

std::uint64_t reportSeed(const std::vector<model::Scenario>& scenarios,
                         const AnalysisSettings& settings) {
    if (settings.seed)
        return *settings.seed;
    return scenarios.empty() ? 1 : scenarios.front().seed;
}

std::vector<ScenarioAnalysis> analyseScenarios(const std::vector<model::Scenario>& scenarios,
                                               const AnalysisSettings& settings,
                                               const std::atomic<bool>* cancel,
                                               const AnalysisProgress& progress) {
    const std::uint64_t seed = reportSeed(scenarios, settings);
    const int total = int(scenarios.size()) * kStepsPerScenario;
    int done = 0;
    std::vector<ScenarioAnalysis> analyses;
    analyses.reserve(scenarios.size());
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        const std::string prefix = scenarios.size() > 1
                                       ? "scenario " + std::to_string(i + 1) + " of " +
                                             std::to_string(scenarios.size()) + ": "
                                       : std::string();
        const auto step = [&](const std::string& stage) {
            checkCancel(cancel);
            if (progress)
                progress(done, total, prefix + stage);
            ++done;
        };
        analyses.push_back(analyseOne(scenarios[i], settings, seed, cancel, step));
    }
    checkCancel(cancel);
    if (progress)
        progress(total, total, "laying out the report");
    return analyses;
}

} // namespace crossgrade::reports
