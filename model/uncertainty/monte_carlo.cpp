#include "monte_carlo.h"

#include "finite_results.h"
#include "option_twins.h"
#include "parallel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace crossgrade::model {

namespace {

constexpr double kTieUsd = 1.0; // DESIGN.md: NPVs within $1 are a tie
constexpr double kZ95 = 1.959963984540054;

// One worker's scratch, reused across its samples: evaluating allocates nothing.
struct Worker {
    EngineWorkspace workspace;
    OptionRun stay;
    OptionRun run;
    std::vector<double> values;
};

struct PerSample {
    std::size_t options = 0;
    std::size_t samples = 0;
    int horizon = 0;
    std::vector<double> npv;     // [o * samples + s]
    std::vector<double> total;   // [o * samples + s]
    std::vector<int> break_even; // [o * samples + s], -1 when none
    // The distinct runs of a sample: slot 0 is stay-cuda's, then one per option whose plan
    // takes a door. An option taking none is stay-cuda's run to the bit, so its months are
    // stored, transposed and banded once, in slot 0 (slotOf[o]).
    std::vector<std::size_t> slotOf;
    std::size_t slots = 1;
    // An option whose run is an earlier option's in every sample (option_twins.h): that
    // option's index, its results copied after the run and its slot shared; -1 otherwise.
    std::vector<int> twinOf;
    // Written sample by sample, contiguous: [(s * slots + slot) * horizon + m]; read per
    // slot and month after a blocked transpose (sampleMajorToColumns).
    std::vector<double> cumulative;
};

void storeMonths(const OptionRun& run, std::size_t s, std::size_t slot, PerSample& out) {
    std::copy(run.discounted_cumulative.begin(), run.discounted_cumulative.begin() + out.horizon,
              out.cumulative.begin() +
                  std::ptrdiff_t((s * out.slots + slot) * std::size_t(out.horizon)));
}

// Per option, the earlier option whose run it is in every one of the n samples, or -1: the
// same program (sameProgram), the same door policy taking a door, and the task months that
// differ by input equal in every sample (equalDraws).
std::vector<int> twinsOf(const ScenarioEvaluation& deterministic,
                         const std::vector<const CompiledOption*>& optionOf,
                         const std::vector<double>& draws, std::size_t n) {
    std::vector<int> twinOf(optionOf.size(), -1);
    for (std::size_t o = 0; o < optionOf.size(); ++o) {
        const DoorPolicy& policy = deterministic.options[o].policy;
        if (policy.takesAny())
            twinOf[o] = earlierTwin(optionOf, o, draws, n, n, [&](std::size_t t, const auto&) {
                return twinOf[t] < 0 && deterministic.options[t].policy == policy;
            });
    }
    return twinOf;
}

// Sample s of every option, into its own index of `out`; w.values holds one value per input.
void runSample(const CompiledScenario& compiled, const ScenarioEvaluation& deterministic,
               const std::vector<const CompiledOption*>& optionOf, const std::vector<double>& draws,
               std::size_t s, PerSample& out, Worker& w, std::atomic<std::size_t>* done) {
    const std::size_t inputs = compiled.inputs.size();
    const std::size_t n = out.samples;
    for (std::size_t i = 0; i < inputs; ++i)
        w.values[i] = draws[i * n + s];
    const double* v = w.values.data();
    evaluateOption(compiled, v, CompiledOption{}, DoorPolicy{}, w.workspace, w.stay);
    storeMonths(w.stay, s, 0, out);
    for (std::size_t o = 0; o < deterministic.options.size(); ++o) {
        if (out.twinOf[o] >= 0)
            continue; // copied from its twin once every sample is done
        const OptionOutcome& outcome = deterministic.options[o];
        // A policy that takes no door is stay-cuda's plan: no door opens, no task starts,
        // so the engine's run is stay-cuda's to the bit (tst_monte_carlo checks it).
        const OptionRun* run = &w.stay;
        if (optionOf[o] != nullptr && outcome.policy.takesAny()) {
            evaluateOption(compiled, v, *optionOf[o], outcome.policy, w.workspace, w.run);
            run = &w.run;
        }
        out.npv[o * n + s] = run->npv_usd;
        out.total[o * n + s] = run->total_usd;
        const std::optional<int> be = outcome.id == OptionId::StayCuda || !run->committed
                                          ? std::nullopt
                                          : breakEvenMonth(*run, w.stay);
        out.break_even[o * n + s] = be.value_or(-1);
        if (out.slotOf[o] != 0)
            storeMonths(*run, s, out.slotOf[o], out);
    }
    if (done)
        done->fetch_add(1, std::memory_order_relaxed);
}

// [sample][row] → [row][sample] (rows = options × months), in tiles that stay in cache: the
// per-sample writes were a scatter across the whole array, one cache miss each.
// Each band of kTile samples is written by one worker: no two share an element.
std::vector<double> sampleMajorToColumns(const std::vector<double>& bySample, std::size_t samples,
                                         std::size_t rows, std::size_t threads) {
    std::vector<double> columns(bySample.size());
    constexpr std::size_t kTile = 64;
    const std::size_t bands = (samples + kTile - 1) / kTile;
    parallelFor(bands, {threads, Claiming::Blocks, nullptr}, [&](std::size_t band, std::size_t) {
        const std::size_t s0 = band * kTile;
        for (std::size_t r0 = 0; r0 < rows; r0 += kTile)
            for (std::size_t s = s0; s < std::min(samples, s0 + kTile); ++s)
                for (std::size_t r = r0; r < std::min(rows, r0 + kTile); ++r)
                    columns[r * samples + s] = bySample[s * rows + r];
    });
    return columns;
}

// The P10, P50 and P90 of `values` (reordered): each by selection, not a full sort — the
// same order statistics, so the same bits as percentile() on the sorted values.
std::array<double, 3> tenFiftyNinety(std::vector<double>& values) {
    std::array<double, 3> out{};
    const std::array<double, 3> ps{0.10, 0.50, 0.90};
    const std::size_t n = values.size();
    if (n == 0)
        return out;
    for (std::size_t k = 0; k < 3; ++k) {
        const double h = (double(n) - 1) * ps[k];
        const std::size_t lo = static_cast<std::size_t>(std::floor(h));
        std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(lo), values.end());
        const double a = values[lo];
        const double b =
            lo + 1 < n ? *std::min_element(values.begin() + std::ptrdiff_t(lo + 1), values.end())
                       : a;
        out[k] = a + (h - double(lo)) * (b - a);
    }
    return out;
}

double mean(const std::vector<double>& values) {
    // In index order: the same bits whatever the thread count.
    double sum = 0;
    for (double v : values)
        sum += v;
    return values.empty() ? 0.0 : sum / double(values.size());
}

} // namespace

double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty())
        return 0;
    const double h = (double(sorted.size()) - 1) * std::clamp(p, 0.0, 1.0);
    const std::size_t lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

Summary summarise(std::vector<double> values) {
    Summary s;
    s.mean = mean(values);
    std::sort(values.begin(), values.end());
    s.p10 = percentile(values, 0.10);
    s.p50 = percentile(values, 0.50);
    s.p90 = percentile(values, 0.90);
    return s;
}

MonteCarloResult runMonteCarlo(const CompiledScenario& compiled,
                               const ScenarioEvaluation& deterministic,
                               const MonteCarloOptions& options, DrawCache& cache,
                               const std::atomic<bool>* cancel,
                               std::atomic<std::size_t>* samplesDone) {
    MonteCarloResult result;
    result.samples = options.samples;
    result.seed = options.seed;
    const std::size_t n = options.samples;
    const std::size_t count = deterministic.options.size();
    if (n == 0 || count == 0)
        return result;
    const std::vector<double>& draws = cache.draws(compiled.inputs, options.seed, n);

    PerSample per;
    per.options = count;
    per.samples = n;
    per.horizon = compiled.horizon_months;
    per.npv.assign(count * n, 0.0);
    per.total.assign(count * n, 0.0);
    per.break_even.assign(count * n, -1);

    // Each outcome's compiled option, looked up once (stay-cuda has none: it takes no door).
    std::vector<const CompiledOption*> optionOf(count, nullptr);
    per.slotOf.assign(count, 0);
    for (std::size_t o = 0; o < count; ++o) {
        for (const CompiledOption& c : compiled.options)
            if (c.id == deterministic.options[o].id && c.id != OptionId::StayCuda)
                optionOf[o] = &c;
    }
    per.twinOf = twinsOf(deterministic, optionOf, draws, n);
    per.slots = 1;
    for (std::size_t o = 0; o < count; ++o) {
        if (per.twinOf[o] >= 0)
            per.slotOf[o] = per.slotOf[std::size_t(per.twinOf[o])];
        else if (optionOf[o] != nullptr && deterministic.options[o].policy.takesAny())
            per.slotOf[o] = per.slots++;
    }
    per.cumulative.assign(per.slots * std::size_t(per.horizon) * n, 0.0);
    const std::size_t threads = parallelWorkers(n, std::size_t(std::max(1, options.threads)));
    std::vector<Worker> workers(threads);
    for (Worker& w : workers) {
        w.workspace.reserve(compiled);
        w.values.resize(compiled.inputs.size());
    }
    // Contiguous blocks: each sample's results land at its own index, so the split does not
    // change a single bit of the output.
    parallelFor(n, {threads, Claiming::Blocks, cancel}, [&](std::size_t s, std::size_t worker) {
        runSample(compiled, deterministic, optionOf, draws, s, per, workers[worker], samplesDone);
    });
    if (cancel && cancel->load()) {
        result.cancelled = true;
        return result;
    }
    for (std::size_t o = 0; o < count; ++o)
        if (const int t = per.twinOf[o]; t >= 0) {
            const auto from = std::ptrdiff_t(std::size_t(t) * n);
            const auto to = std::ptrdiff_t(o * n);
            std::copy_n(per.npv.begin() + from, n, per.npv.begin() + to);
            std::copy_n(per.total.begin() + from, n, per.total.begin() + to);
            std::copy_n(per.break_even.begin() + from, n, per.break_even.begin() + to);
        }

    const std::size_t stayIndex = static_cast<std::size_t>(
        std::find_if(deterministic.options.begin(), deterministic.options.end(),
                     [](const OptionOutcome& o) { return o.id == OptionId::StayCuda; }) -
        deterministic.options.begin());
    per.cumulative =
        sampleMajorToColumns(per.cumulative, n, per.slots * std::size_t(per.horizon), threads);
    // The bands: P10/P50/P90 of every distinct run's every month, each column on its own, so
    // spread over the workers (the same bits whatever their number).
    const std::size_t columns = per.slots * std::size_t(per.horizon);
    std::vector<std::array<double, 3>> bands(columns);
    std::vector<std::vector<double>> scratch(threads, std::vector<double>(n));
    parallelFor(columns, {threads, Claiming::Blocks, cancel}, [&](std::size_t c, std::size_t w) {
        const auto first = per.cumulative.begin() + std::ptrdiff_t(c * n);
        std::copy(first, first + std::ptrdiff_t(n), scratch[w].begin());
        bands[c] = tenFiftyNinety(scratch[w]);
    });
    if (cancel && cancel->load()) {
        result.cancelled = true;
        return result;
    }
    std::vector<double> column(n);
    for (std::size_t o = 0; o < count; ++o) {
        OptionDistribution d;
        d.id = deterministic.options[o].id;
        const auto npv = per.npv.begin() + std::ptrdiff_t(o * n);
        const auto stay = per.npv.begin() + std::ptrdiff_t(stayIndex * n);
        std::vector<double> npvs(npv, npv + std::ptrdiff_t(n));
        d.npv_usd = summarise(npvs);
        d.total_usd = summarise(std::vector<double>(per.total.begin() + std::ptrdiff_t(o * n),
                                                    per.total.begin() + std::ptrdiff_t(o * n + n)));
        std::size_t beats = 0;
        std::size_t within = 0;
        std::vector<double> breakEven;
        for (std::size_t s = 0; s < n; ++s) {
            column[s] = stay[std::ptrdiff_t(s)] - npv[std::ptrdiff_t(s)];
            beats += column[s] > kTieUsd ? 1 : 0;
            if (options.budget_usd)
                within += per.total[o * n + s] <= *options.budget_usd ? 1 : 0;
            if (per.break_even[o * n + s] >= 0)
                breakEven.push_back(per.break_even[o * n + s]);
        }
        d.npv_saving_usd = summarise(column);
        d.p_beats_stay_cuda = double(beats) / double(n);
        if (options.budget_usd)
            d.p_total_within_budget = double(within) / double(n);
        d.p_break_even = double(breakEven.size()) / double(n);
        if (!breakEven.empty())
            d.break_even_month = summarise(breakEven);
        for (int m = 0; m < per.horizon; ++m) {
            const std::array<double, 3>& q =
                bands[per.slotOf[o] * std::size_t(per.horizon) + std::size_t(m)];
            d.cumulative_p10.push_back(q[0]);
            d.cumulative_p50.push_back(q[1]);
            d.cumulative_p90.push_back(q[2]);
        }
        std::sort(npvs.begin(), npvs.end());
        double squares = 0;
        for (double v : npvs)
            squares += (v - d.npv_usd.mean) * (v - d.npv_usd.mean);
        const double sd = n > 1 ? std::sqrt(squares / double(n - 1)) : 0.0;
        d.npv_mean_standard_error = sd / std::sqrt(double(n));
        // The median's 95 % interval runs between the order statistics n/2 ∓ 1.96·√n/2.
        const double half = kZ95 * std::sqrt(double(n)) / 2;
        const double lo = std::max(0.0, std::floor(double(n) / 2 - half));
        const double hi = std::min(double(n - 1), std::ceil(double(n) / 2 + half));
        d.npv_p50_standard_error = (npvs[std::size_t(hi)] - npvs[std::size_t(lo)]) / (2 * kZ95);
        d.p_beats_standard_error =
            std::sqrt(d.p_beats_stay_cuda * (1 - d.p_beats_stay_cuda) / double(n));
        result.options.push_back(std::move(d));
    }

    // EVPI: min over options of E[NPV] minus E[min over options of NPV].
    double bestExpected = result.options.front().npv_usd.mean;
    for (const OptionDistribution& d : result.options)
        bestExpected = std::min(bestExpected, d.npv_usd.mean);
    double sumOfBest = 0;
    for (std::size_t s = 0; s < n; ++s) {
        double best = per.npv[s];
        for (std::size_t o = 1; o < count; ++o)
            best = std::min(best, per.npv[o * n + s]);
        sumOfBest += best;
    }
    result.evpi_usd = std::max(0.0, bestExpected - sumOfBest / double(n));
    result.npv = std::move(per.npv);
    result.total = std::move(per.total);
    requireFinite(result);
    return result;
}

namespace {

void requireFiniteSummary(const Summary& s, OptionId option, const char* figure) {
    for (double v : {s.p10, s.p50, s.p90, s.mean})
        requireFiniteValue(v, option, std::nullopt, figure);
}

} // namespace

void requireFinite(const MonteCarloResult& result) {
    for (const OptionDistribution& o : result.options) {
        requireFiniteSummary(o.npv_usd, o.id, "npv_usd (Monte Carlo)");
        requireFiniteSummary(o.total_usd, o.id, "total_usd (Monte Carlo)");
        requireFiniteSummary(o.npv_saving_usd, o.id, "npv_saving_usd (Monte Carlo)");
        requireFiniteMonthly(o.cumulative_p10, o.id, "cumulative_usd P10");
        requireFiniteMonthly(o.cumulative_p50, o.id, "cumulative_usd P50");
        requireFiniteMonthly(o.cumulative_p90, o.id, "cumulative_usd P90");
    }
    const std::size_t n = result.samples;
    for (std::size_t i = 0; i < result.npv.size(); ++i)
        requireFiniteValue(result.npv[i], result.options.at(n ? i / n : 0).id, std::nullopt,
                           "npv_usd of a sample");
    for (std::size_t i = 0; i < result.total.size(); ++i)
        requireFiniteValue(result.total[i], result.options.at(n ? i / n : 0).id, std::nullopt,
                           "total_usd of a sample");
    if (!result.options.empty())
        requireFiniteValue(result.evpi_usd, result.options.front().id, std::nullopt, "evpi_usd");
}

} // namespace crossgrade::model
