#pragma once

// Hindsight and the value of information (issue 25; docs/uncertainty.md). On the first samples
// of the Monte Carlo's own draws, every option's door policy is re-optimised as if that sample's
// values were known before deciding: how often each option would then be the cheapest, what it
// would save against staying, and what knowing everything first would be worth (the EVPI: the
// committed decision's expected NPV minus the expected NPV of the best option and plan chosen
// per sample). Each figure carries its sample count and standard error. Costly (a door search per
// option per sample): computed in the background, never on a slider's path.

#include "monte_carlo.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::model {

inline constexpr std::size_t kDefaultHindsightSamples = 200;

struct HindsightOptions {
    std::size_t samples = kDefaultHindsightSamples; // the first this many of the Monte Carlo's
    int threads = 1;                                // the result does not depend on it
};

struct OptionHindsight {
    OptionId id = OptionId::StayCuda;
    // Share of samples where this option, its plan re-optimised, is the cheapest, and
    // √(p(1 − p)/n). Within $1 of staying on CUDA a sample is staying's alone; otherwise every
    // option within $1 of the cheapest counts it, so the shares add up to more than 1 where
    // options tie (Hindsight::tied_share).
    double p_best = 0;
    double p_best_standard_error = 0;
    // Per sample, staying's NPV minus this option's re-optimised NPV: its mean and standard
    // error (positive: the option saves).
    double mean_saving_usd = 0;
    double saving_standard_error = 0;
};

struct Hindsight {
    std::size_t samples = 0;              // the first `samples` of the Monte Carlo's draws
    std::uint64_t seed = 0;               // the Monte Carlo's seed
    std::vector<OptionHindsight> options; // in the evaluation's order
    // Share of samples where two or more options (not staying) are cheapest together, within
    // $1: each of them counts the sample in its p_best.
    double tied_share = 0;
    // The option the committed decision picks (the evaluation's cheapest: by mean NPV once
    // decideOnMeans has run), and the value of perfect information with its standard error.
    OptionId decision = OptionId::StayCuda;
    double decision_mean_usd = 0; // its mean NPV over the Monte Carlo's samples
    double evpi_usd = 0;
    double evpi_standard_error = 0;
    bool cancelled = false;

    const OptionHindsight* find(OptionId id) const;
};

// What waiting for information would be worth, in one sentence for the recommendation card, the
// CLI and the PDF: the EVPI in dollars with its standard error and sample count, against the
// decision's expected NPV, and what that means for acting now.
std::string valueOfInformationSentence(const Hindsight& hindsight);

// How P(best in hindsight) counts ties, in one sentence when any sample had one ("" when none):
// the share of samples where options were cheapest together, and that each counts them.
std::string hindsightTiesSentence(const Hindsight& hindsight);

// Re-optimises every option of `committed` (its policies the committed plans, `mc` its Monte
// Carlo over `draws`, which holds mc.samples draws per input) on the first min(options.samples,
// mc.samples) samples.
Hindsight runHindsight(const CompiledScenario& compiled, const ScenarioEvaluation& committed,
                       const MonteCarloResult& mc, const std::vector<double>& draws,
                       const HindsightOptions& options, const std::atomic<bool>* cancel = nullptr,
                       std::atomic<std::size_t>* samplesDone = nullptr);

} // namespace crossgrade::model
