#pragma once

// Scenario against scenario, paired (decision-practice.md §7): with one seed the draws depend
// only on (seed, input pointer), so sample s of an input is the same in both scenarios and the
// difference of their NPVs is taken sample by sample. Its percentiles are the answer; the
// difference of the two scenarios' percentiles is not.

#include "monte_carlo.h"

#include <vector>

namespace crossgrade::model {

struct PairedDelta {
    OptionId id = OptionId::StayCuda;
    Summary npv_delta_usd; // of other − baseline, per sample
};

// For each option of `other` that `baseline` also has, in `other`'s order: the P10/P50/P90 and
// mean over samples of other.npv[s] − baseline.npv[s]. Empty unless both runs are complete and
// share their seed and sample count (otherwise the samples would not be paired).
std::vector<PairedDelta> pairedNpvDelta(const MonteCarloResult& baseline,
                                        const MonteCarloResult& other);

// P(total ≤ budget) of the option at `option` (an index into result.options), from the kept
// per-sample totals: the same count runMonteCarlo makes with MonteCarloOptions::budget_usd.
double probabilityTotalWithin(const MonteCarloResult& result, std::size_t option,
                              double budget_usd);

} // namespace crossgrade::model
