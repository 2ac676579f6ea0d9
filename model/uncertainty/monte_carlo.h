#pragma once

// The Monte Carlo (DESIGN.md, "Uncertainty"; docs/uncertainty.md): every option evaluated on
// every sample of the inputs under the door policy the deterministic run chose (choosing per
// sample would assume perfect foresight — that is what the EVPI measures). Samples are paired
// across options through common random numbers (model/numerics/sampling.h). Per-sample results are
// kept in arrays indexed by sample and reduced in index order, so the numbers are bitwise identical
// on any thread count.

#include "evaluation.h"
#include "sampling.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace crossgrade::model {

struct MonteCarloOptions {
    std::size_t samples = 10000;
    std::uint64_t seed = 1;
    int threads = 1;                  // worker threads; the results do not depend on it
    std::optional<double> budget_usd; // for P(total ≤ budget)
};

// Percentiles by linear interpolation between order statistics (R's type 7).
struct Summary {
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    double mean = 0;
};
Summary summarise(std::vector<double> values);
double percentile(const std::vector<double>& sorted, double p); // sorted ascending, p in [0, 1]

struct OptionDistribution {
    OptionId id = OptionId::StayCuda;
    Summary npv_usd;
    Summary total_usd;
    // Paired, per sample: stay-cuda's NPV minus this option's (positive: the option saves).
    // Its P50 is the median saving, not the difference of the two medians.
    Summary npv_saving_usd;
    double p_beats_stay_cuda = 0; // P(the option's NPV is below stay-cuda's by more than $1)
    std::optional<double> p_total_within_budget;
    double p_break_even = 0;                 // share of samples that break even in the horizon
    std::optional<Summary> break_even_month; // over the samples that do
    // Per month: the P10, P50 and P90 of the discounted cumulative cost (the NPV basis, as
    // break-even; the last month's are the NPV's).
    std::vector<double> cumulative_p10;
    std::vector<double> cumulative_p50;
    std::vector<double> cumulative_p90;
    // Convergence: standard error of the NPV's mean (sd/√n) and of its P50 (from the 95 %
    // order-statistic interval of the median, divided by 2 × 1.96).
    double npv_mean_standard_error = 0;
    double npv_p50_standard_error = 0;
    // And of p_beats_stay_cuda, a proportion: √(p(1 − p)/n).
    double p_beats_standard_error = 0;
};

struct MonteCarloResult {
    std::size_t samples = 0;
    std::uint64_t seed = 0;
    std::vector<OptionDistribution> options; // in the deterministic evaluation's order
    // What knowing every uncertain input before deciding would be worth: the lowest expected
    // NPV of any one option minus the expected NPV of the best option chosen per sample (≥ 0).
    double evpi_usd = 0;
    // Per sample, option-major: npv[o * samples + s] (for --samples-out).
    std::vector<double> npv;
    std::vector<double> total;
    bool cancelled = false;
};

// Runs the samples of `compiled` for every option of `deterministic` (its door policies).
// `cancel`, when set by another thread, stops the run early (the result is then marked
// cancelled). `samplesDone` (optional) counts the samples evaluated, for a progress bar read
// from another thread; it is only ever incremented, so reset it before the run.
MonteCarloResult runMonteCarlo(const CompiledScenario& compiled,
                               const ScenarioEvaluation& deterministic,
                               const MonteCarloOptions& options, DrawCache& draws,
                               const std::atomic<bool>* cancel = nullptr,
                               std::atomic<std::size_t>* samplesDone = nullptr);

// Throws NonFiniteResult (model/engine/finite_results.h) for the first number of the result that is
// NaN or infinite; runMonteCarlo() calls it before returning.
void requireFinite(const MonteCarloResult& result);

} // namespace crossgrade::model
