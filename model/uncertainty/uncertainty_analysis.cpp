// A scenario under uncertainty, stage by stage (uncertainty_analysis.h).

#include "uncertainty_analysis.h"

#include <cmath>

namespace crossgrade::model {

double pairedStandardError(const MonteCarloResult& mc, OptionId a, OptionId b) {
    const std::size_t n = mc.samples;
    std::size_t ia = mc.options.size(), ib = mc.options.size();
    for (std::size_t o = 0; o < mc.options.size(); ++o) {
        ia = mc.options[o].id == a ? o : ia;
        ib = mc.options[o].id == b ? o : ib;
    }
    if (n < 2 || ia == mc.options.size() || ib == mc.options.size())
        return 0.0;
    double mean = 0;
    for (std::size_t s = 0; s < n; ++s)
        mean += mc.npv[ia * n + s] - mc.npv[ib * n + s];
    mean /= double(n);
    double squares = 0;
    for (std::size_t s = 0; s < n; ++s) {
        const double d = mc.npv[ia * n + s] - mc.npv[ib * n + s] - mean;
        squares += d * d;
    }
    return std::sqrt(squares / double(n - 1)) / std::sqrt(double(n));
}

std::size_t expectedSampleEvaluations(const CompiledScenario& compiled,
                                      const UncertaintyOptions& options) {
    std::size_t withDoors = 0;
    for (const CompiledOption& o : compiled.options)
        withDoors += o.doors.empty() ? 0 : 1;
    // The plan choice counts its confirmation pass: each sample once per option with doors.
    const std::size_t choice = options.plan_choice_samples >= 2 ? options.plan_choice_samples : 0;
    return choice * withDoors + options.monte_carlo.samples +
           std::min(options.hindsight_samples, options.monte_carlo.samples);
}

UncertaintyAnalysis analyseUncertainty(const Scenario& scenario, const CompiledScenario& compiled,
                                       const ScenarioEvaluation& mode,
                                       const UncertaintyOptions& options, DrawCache& draws,
                                       const std::atomic<bool>* cancel,
                                       std::atomic<std::size_t>* samplesDone) {
    UncertaintyAnalysis a;
    if (options.plan_choice_samples >= 2) {
        PlanChoiceOptions choice;
        choice.samples = options.plan_choice_samples;
        choice.seed = planChoiceSeed(options.monte_carlo.seed);
        choice.threads = options.monte_carlo.threads;
        a.plan_choice = choosePlans(compiled, mode, choice, cancel, samplesDone);
        if (a.plan_choice.cancelled) {
            a.cancelled = true;
            return a;
        }
        a.committed = evaluateCommitted(scenario, compiled, mode, a.plan_choice);
        a.committed.plan_choice_samples = a.plan_choice.samples;
    } else {
        a.committed = mode;
    }
    a.monte_carlo =
        runMonteCarlo(compiled, a.committed, options.monte_carlo, draws, cancel, samplesDone);
    if (a.monte_carlo.cancelled) {
        a.cancelled = true;
        return a;
    }
    std::vector<std::pair<OptionId, double>> means;
    for (const OptionDistribution& d : a.monte_carlo.options)
        means.emplace_back(d.id, d.npv_usd.mean);
    decideOnMeans(
        a.committed, means, a.monte_carlo.samples, compiled.horizon_months,
        [&](OptionId x, OptionId y) { return 2.0 * pairedStandardError(a.monte_carlo, x, y); });
    if (options.hindsight_samples > 0) {
        a.hindsight = hindsightOf(compiled, a, draws, options.hindsight_samples,
                                  options.monte_carlo.threads, cancel, samplesDone);
        if (a.hindsight->cancelled) {
            a.cancelled = true;
            a.hindsight.reset();
        }
    }
    return a;
}

Hindsight hindsightOf(const CompiledScenario& compiled, const UncertaintyAnalysis& analysis,
                      DrawCache& draws, std::size_t samples, int threads,
                      const std::atomic<bool>* cancel, std::atomic<std::size_t>* samplesDone) {
    const MonteCarloResult& mc = analysis.monte_carlo;
    const std::vector<double>& matrix = draws.draws(compiled.inputs, mc.seed, mc.samples);
    return runHindsight(compiled, analysis.committed, mc, matrix, {samples, threads}, cancel,
                        samplesDone);
}

} // namespace crossgrade::model
