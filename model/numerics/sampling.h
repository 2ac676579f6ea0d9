#pragma once

// Draws for the Monte Carlo (DESIGN.md, "Uncertainty"; docs/uncertainty.md): every uncertain
// number is a distribution over [low, high] with its mode at most_likely — PERT by default,
// triangular or uniform per input. Latin hypercube sampling: n draws per input, one from each
// of n equal-probability strata, in an order shuffled by the input's own stream. Common random
// numbers: an input's stream derives only from (scenario seed, input pointer) — or the stream
// key it shares with the same quantity on other paths (InputTable::add) — so every option,
// scenario and version sees the same draws, and changing one input leaves every other input's
// column of draws bit-identical. The uniform columns have the same bits on every platform; the
// drawn values go through libm and Boost.Math and may differ in the last bit on another libm or
// with fused multiply-add. On one build they never depend on the thread count.

#include "input_table.h"
#include "random_streams.h"
#include "uncertain.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace crossgrade::model {

// The value at cumulative probability u ∈ [0, 1] of the number's distribution (Boost.Math).
// PERT: Beta(α, β) scaled to [low, high], α = 1 + 4(m − l)/(h − l), β = 1 + 4(h − m)/(h − l).
// A collapsed range (low == high) returns low for every u.
double quantile(const UncertainNumber& number, double u);

// Where `x` lies in the distribution of `number`: its cumulative probability, 0 below the low
// end, 1 above the high end (PERT, triangular or uniform; a certain number steps at its value).
double cumulativeProbability(const UncertainNumber& number, double x);

// What a range implies once spread by its distribution: the P10, P50 and P90 the Monte Carlo
// draws around, and the mean (PERT (l + 4m + h)/6, triangular (l + m + h)/3, uniform (l + h)/2).
// Shown beside every input so nobody reads low/high as P10/P90 (decision-practice.md §2).
struct ImpliedSpread {
    double p10 = 0;
    double p50 = 0;
    double p90 = 0;
    double mean = 0;
};
ImpliedSpread impliedSpread(const UncertainNumber& number);

// The n draws of one input: quantile(number, u) over the Latin-hypercube column of `stream`
// (the input's pointer, or the stream it shares: InputTable::stream).
std::vector<double> drawInput(const UncertainNumber& number, std::uint64_t seed,
                              std::string_view stream, std::size_t n);

// Draws kept per input pointer and regenerated only for inputs that change: a number whose
// distribution and width are unchanged but whose range moved by δ (a what-if slider) has its
// draws moved by δ; any other change redraws that input alone. A new seed or sample count
// clears everything. The table's rank correlations (model/numerics/correlation.h) are imposed on
// the columns of the inputs they name — reordered, never redrawn; every other column is exactly its
// independent draw.
class DrawCache {
public:
    // The draws of every input of `table`, column by column in InputId order (column-major:
    // value of input i in sample s at [i * samples + s]), correlated as table.correlations()
    // asks. Returns how many columns were (re)computed in `recomputed` when given.
    const std::vector<double>& draws(const InputTable& table, std::uint64_t seed,
                                     std::size_t samples, std::size_t* recomputed = nullptr);
    // Whether a moved input's column is shifted (the default: the what-if slider's path) or
    // drawn afresh. A shifted value can differ from a fresh draw in its last bits; with shifts
    // off, every column — a column shifted earlier included — is exactly what a cold cache
    // draws, so a full run in the app gives the report's and the CLI's bits.
    void setShiftMovedInputs(bool shift) { m_shift = shift; }

private:
    struct Column {
        UncertainNumber number;
        std::vector<double> values;
        bool shifted = false; // moved by δ since drawn, not drawn for `number`
    };
    bool m_shift = true;
    std::uint64_t m_seed = 0;
    std::size_t m_samples = 0;
    std::unordered_map<std::string, Column> m_columns;
    std::vector<double> m_matrix;
    // Iman–Conover's ranks depend only on (seed, samples, correlated pointers, target): kept
    // until one of them changes, so a what-if step does not recompute them.
    std::vector<std::string> m_correlatedPointers;
    std::vector<double> m_correlationTarget;
    std::vector<std::vector<std::uint32_t>> m_ranks;
};

} // namespace crossgrade::model
