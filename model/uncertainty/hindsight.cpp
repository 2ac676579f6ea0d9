// Hindsight and the value of information (hindsight.h).

#include "hindsight.h"

#include "option_twins.h"
#include "parallel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace crossgrade::model {

namespace {

constexpr double kHindsightTieUsd = 1.0; // DESIGN.md: NPVs within $1 are a tie

struct HindsightWorker {
    EngineWorkspace workspace;
    OptionRun scratch;
    std::vector<double> values;
};

double meanOf(const std::vector<double>& x) {
    double sum = 0;
    for (double v : x)
        sum += v;
    return x.empty() ? 0.0 : sum / double(x.size());
}

double standardError(const std::vector<double>& x, double mean) {
    if (x.size() < 2)
        return 0.0;
    double squares = 0;
    for (double v : x)
        squares += (v - mean) * (v - mean);
    return std::sqrt(squares / double(x.size() - 1)) / std::sqrt(double(x.size()));
}

} // namespace

const OptionHindsight* Hindsight::find(OptionId id) const {
    for (const OptionHindsight& o : options)
        if (o.id == id)
            return &o;
    return nullptr;
}

std::string valueOfInformationSentence(const Hindsight& h) {
    const double decisionMeanUsd = h.decision_mean_usd;
    const std::string evpi = formatUsd(h.evpi_usd) + " (± " + formatUsd(h.evpi_standard_error) +
                             ", " + std::to_string(h.samples) + " samples)";
    const double share = decisionMeanUsd > 0 ? h.evpi_usd / decisionMeanUsd : 0.0;
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.1f %%", 100.0 * share);
    if (share < 0.005)
        return "Waiting for better information is worth little: knowing every uncertain input "
               "before committing would save about " +
               evpi + " on average, " + percent +
               " of the expected cost, so deciding now loses almost nothing.";
    return "Knowing every uncertain input before committing would save about " + evpi +
           " on average (" + percent +
           " of the expected cost): a pilot, benchmark or firm quote that settles the decisive "
           "inputs is worth up to that much before committing.";
}

std::string hindsightTiesSentence(const Hindsight& h) {
    if (!(h.tied_share > 0))
        return {};
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.1f %%", 100.0 * h.tied_share);
    return std::string("In ") + percent +
           " of these samples two or more options are cheapest together (within $1: the same "
           "work and plan for this fleet); each of them counts the sample, so the shares add up "
           "to more than 100 %.";
}

Hindsight runHindsight(const CompiledScenario& compiled, const ScenarioEvaluation& committed,
                       const MonteCarloResult& mc, const std::vector<double>& draws,
                       const HindsightOptions& options, const std::atomic<bool>* cancel,
                       std::atomic<std::size_t>* samplesDone) {
    Hindsight h;
    h.seed = mc.seed;
    const std::size_t total = mc.samples;
    const std::size_t n = std::min(options.samples, total);
    const std::size_t count = mc.options.size();
    h.samples = n;
    if (n == 0 || count == 0 || draws.size() < compiled.inputs.size() * total)
        return h;
    h.decision = committed.cheapest;

    std::vector<const CompiledOption*> optionOf(count, nullptr);
    std::size_t stay = 0;
    std::size_t decision = 0;
    for (std::size_t o = 0; o < count; ++o) {
        for (const CompiledOption& c : compiled.options)
            if (c.id == mc.options[o].id && !c.doors.empty())
                optionOf[o] = &c;
        if (mc.options[o].id == OptionId::StayCuda)
            stay = o;
        if (mc.options[o].id == h.decision)
            decision = o;
    }

    // An option that is an earlier one's twin on these samples — the same program, task months
    // equal in every sample, the same committed NPVs (option_twins.h) — has its re-optimised
    // NPVs: the door search of one is the door search of the other.
    std::vector<int> twinOf(count, -1);
    for (std::size_t o = 0; o < count; ++o)
        twinOf[o] = earlierTwin(optionOf, o, draws, total, n, [&](std::size_t t, const auto&) {
            return twinOf[t] < 0 &&
                   std::memcmp(&mc.npv[t * total], &mc.npv[o * total], n * sizeof(double)) == 0;
        });

    // best[o * n + s]: option o's NPV at sample s with its plan re-optimised for that sample,
    // never above its committed plan's (which the sample could always have kept).
    std::vector<double> best(count * n, 0.0);
    const std::size_t threads = parallelWorkers(n, std::size_t(std::max(1, options.threads)));
    std::vector<HindsightWorker> workers(threads);
    for (HindsightWorker& w : workers) {
        w.workspace.reserve(compiled);
        w.values.resize(compiled.inputs.size());
    }
    parallelFor(n, {threads, Claiming::Blocks, cancel}, [&](std::size_t s, std::size_t worker) {
        HindsightWorker& w = workers[worker];
        for (std::size_t i = 0; i < w.values.size(); ++i)
            w.values[i] = draws[i * total + s];
        for (std::size_t o = 0; o < count; ++o) {
            if (twinOf[o] >= 0) {
                best[o * n + s] = best[std::size_t(twinOf[o]) * n + s];
                continue;
            }
            double npv = mc.npv[o * total + s];
            if (optionOf[o] != nullptr) {
                double reoptimised = npv;
                optimiseDoorPolicy(compiled, w.values.data(), *optionOf[o], w.workspace, w.scratch,
                                   nullptr, kExhaustivePolicyLimit, &reoptimised);
                npv = std::min(npv, reoptimised);
            }
            best[o * n + s] = npv;
        }
        if (samplesDone)
            samplesDone->fetch_add(1, std::memory_order_relaxed);
    });
    if (cancel && cancel->load()) {
        h.cancelled = true;
        return h;
    }
    h.decision_mean_usd = mc.options[decision].npv_usd.mean;

    std::vector<std::size_t> wins(count, 0);
    std::vector<double> evpi(n);
    std::size_t tied = 0;
    for (std::size_t s = 0; s < n; ++s) {
        double lowest = best[stay * n + s];
        for (std::size_t o = 0; o < count; ++o)
            lowest = std::min(lowest, best[o * n + s]);
        evpi[s] = mc.npv[decision * total + s] - lowest;
        // Staying within $1 of the lowest is staying's sample alone: an option whose best plan
        // costs what staying costs has moved nothing. Otherwise every option within $1 of the
        // lowest is cheapest there — two paths doing the same work for this fleet tie, and
        // neither is the better for an arbitrary order.
        if (best[stay * n + s] <= lowest + kHindsightTieUsd) {
            ++wins[stay];
            continue;
        }
        std::size_t cheapest = 0;
        for (std::size_t o = 0; o < count; ++o)
            if (best[o * n + s] <= lowest + kHindsightTieUsd) {
                ++wins[o];
                ++cheapest;
            }
        tied += cheapest > 1 ? 1 : 0;
    }
    h.tied_share = double(tied) / double(n);
    std::vector<double> saving(n);
    for (std::size_t o = 0; o < count; ++o) {
        OptionHindsight oh;
        oh.id = mc.options[o].id;
        oh.p_best = double(wins[o]) / double(n);
        oh.p_best_standard_error = std::sqrt(oh.p_best * (1 - oh.p_best) / double(n));
        for (std::size_t s = 0; s < n; ++s)
            saving[s] = best[stay * n + s] - best[o * n + s];
        oh.mean_saving_usd = meanOf(saving);
        oh.saving_standard_error = standardError(saving, oh.mean_saving_usd);
        h.options.push_back(oh);
    }
    h.evpi_usd = std::max(0.0, meanOf(evpi));
    h.evpi_standard_error = standardError(evpi, meanOf(evpi));
    return h;
}

} // namespace crossgrade::model
