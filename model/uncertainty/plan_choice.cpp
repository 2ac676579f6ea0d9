// Plans chosen by expected value (plan_choice.h).

#include "plan_choice.h"

#include "option_twins.h"
#include "parallel.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace crossgrade::model {

namespace {

constexpr double kPlanTieUsd = 1.0; // DESIGN.md: NPVs within $1 are a tie
constexpr double kStandardErrors = 2.0;
// The screening search runs on the first kScreeningSamples plan-choice samples; the best
// kFinalists policies it weighed are then compared on all of them.
constexpr std::size_t kScreeningSamples = 50;
constexpr std::size_t kFinalists = 8;

struct PlanWorker {
    EngineWorkspace workspace;
    OptionRun scratch;
    std::vector<double> values;
    std::vector<double> npv;
};

// The NPVs of `policies` on every plan-choice sample: out[i * n + s]. Power caps are not
// applied per sample: refusal was decided at the most-likely values.
class SampleEvaluator {
public:
    // The first `samples` of `drawn` samples per input in `draws`.
    SampleEvaluator(const CompiledScenario& compiled, const std::vector<double>& draws,
                    std::size_t drawn, std::size_t samples, int threads,
                    const std::atomic<bool>* cancel, std::atomic<std::size_t>* done)
        : m_compiled(compiled)
        , m_draws(draws)
        , m_drawn(drawn)
        , m_samples(samples)
        , m_threads(parallelWorkers(samples, std::size_t(std::max(1, threads))))
        , m_cancel(cancel)
        , m_done(done)
        , m_workers(m_threads) {
        for (PlanWorker& w : m_workers) {
            w.workspace.reserve(compiled);
            w.values.resize(compiled.inputs.size());
        }
    }

    std::size_t samples() const { return m_samples; }
    bool cancelled() const { return m_cancel && m_cancel->load(); }

    void evaluate(const CompiledOption& option, const std::vector<DoorPolicy>& policies,
                  std::vector<double>& out) {
        const std::size_t n = m_samples;
        out.assign(policies.size() * n, 0.0);
        parallelFor(
            n, {m_threads, Claiming::Blocks, m_cancel}, [&](std::size_t s, std::size_t worker) {
                PlanWorker& w = m_workers[worker];
                for (std::size_t i = 0; i < w.values.size(); ++i)
                    w.values[i] = m_draws[i * m_drawn + s];
                w.npv.resize(policies.size());
                evaluateDoorPolicies(m_compiled, w.values.data(), option, policies.data(),
                                     policies.size(), w.npv.data(), w.workspace, w.scratch, false);
                for (std::size_t i = 0; i < policies.size(); ++i)
                    out[i * n + s] = w.npv[i];
                if (m_done)
                    m_done->fetch_add(1, std::memory_order_relaxed);
            });
    }

private:
    const CompiledScenario& m_compiled;
    const std::vector<double>& m_draws;
    std::size_t m_drawn;
    std::size_t m_samples;
    std::size_t m_threads;
    const std::atomic<bool>* m_cancel;
    std::atomic<std::size_t>* m_done;
    std::vector<PlanWorker> m_workers;
};

// Mean of row i of a [policy × sample] matrix, summed in sample order.
double rowMean(const std::vector<double>& m, std::size_t i, std::size_t n) {
    double sum = 0;
    for (std::size_t s = 0; s < n; ++s)
        sum += m[i * n + s];
    return n ? sum / double(n) : 0.0;
}

// The standard error of the mean of row a minus row b (a [policy × sample] matrix), paired by
// sample, given that mean.
double pairedRowStandardError(const std::vector<double>& m, std::size_t a, std::size_t b,
                              std::size_t n, double mean) {
    if (n < 2)
        return 0.0;
    double squares = 0;
    for (std::size_t s = 0; s < n; ++s) {
        const double d = m[a * n + s] - m[b * n + s] - mean;
        squares += d * d;
    }
    return std::sqrt(squares / double(n - 1)) / std::sqrt(double(n));
}

std::string planWords(const CompiledScenario& compiled, const CompiledOption& option,
                      const DoorPolicy& policy) {
    const std::vector<TakenDoor> doors = takenDoors(compiled, option, policy);
    if (doors.empty())
        return "taking no door";
    std::string text;
    for (std::size_t i = 0; i < doors.size(); ++i) {
        if (i > 0)
            text += i + 1 == doors.size() ? " and " : ", ";
        text += doors[i].group + " from month " + std::to_string(doors[i].month);
    }
    return "moving " + text;
}

std::string reasonFor(const CompiledScenario& compiled, const CompiledOption& option,
                      const OptionPlanChoice& c, std::size_t samples) {
    const std::string n = " over " + std::to_string(samples) + " plan-choice samples";
    const std::string gain = formatUsd(c.gain_usd) + " ± " + formatUsd(c.gain_standard_error);
    switch (c.basis) {
    case OptionPlanChoice::Basis::ExpectedValue:
        return "Committed to the expected-value plan (" +
               planWords(compiled, option, c.expected_policy) + "): on average " + gain +
               " cheaper than the most-likely values' plan (" +
               planWords(compiled, option, c.mode_policy) + ")" + n +
               ", more than two standard errors.";
    case OptionPlanChoice::Basis::Never: {
        const std::string which = c.never_instead_of == c.mode_policy
                                      ? "the most-likely values' plan ("
                                      : "the lowest-on-average plan (";
        const std::string plan = which + planWords(compiled, option, c.never_instead_of) + ")";
        if (c.saving_vs_never_usd <= 0)
            return "Committed to taking no door: " + plan + " costs " +
                   formatUsd(-c.saving_vs_never_usd) + " more than staying on average" + n + ".";
        return "Committed to taking no door: " + plan + " saves only " +
               formatUsd(c.saving_vs_never_usd) + " ± " +
               formatUsd(c.saving_vs_never_standard_error) + " against staying on average" + n +
               ", within two standard errors; a tie goes to fewer doors.";
    }
    case OptionPlanChoice::Basis::Mode:
        break;
    }
    if (c.expected_policy == c.mode_policy)
        return "The most-likely values' plan (" + planWords(compiled, option, c.mode_policy) +
               ") is also the lowest on average" + n + ".";
    return "Kept the most-likely values' plan (" + planWords(compiled, option, c.mode_policy) +
           "): the lowest-on-average plan (" + planWords(compiled, option, c.expected_policy) +
           ") is " + gain + " cheaper" + n +
           ", within two standard errors, so the choice would flip with the seed.";
}

// A policy the screening search weighed and its mean there.
struct Screened {
    DoorPolicy policy;
    double mean = 0;
};

OptionPlanChoice chooseOne(const CompiledScenario& compiled, const CompiledOption& option,
                           const OptionOutcome& outcome, const std::vector<double>& mostLikely,
                           SampleEvaluator& screening, SampleEvaluator& evaluator) {
    OptionPlanChoice c;
    c.id = outcome.id;
    c.mode_policy = c.expected_policy = c.committed = outcome.policy;
    const std::size_t n = evaluator.samples();
    EngineWorkspace workspace;
    workspace.reserve(compiled);
    OptionRun scratch;
    std::vector<double> matrix;
    std::vector<double> refused;
    // Screening: the door search with the mean over the first samples as its objective, every
    // policy it weighs kept with its figure.
    std::vector<Screened> weighed;
    searchDoorPolicies(
        compiled, mostLikely.data(), option,
        [&](const std::vector<DoorPolicy>& policies, std::vector<double>& figures) {
            // Refused over a power cap at the most-likely values: not a candidate.
            refused.assign(policies.size(), 0.0);
            evaluateDoorPolicies(compiled, mostLikely.data(), option, policies.data(),
                                 policies.size(), refused.data(), workspace, scratch);
            screening.evaluate(option, policies, matrix);
            for (std::size_t i = 0; i < policies.size(); ++i) {
                figures[i] = std::isinf(refused[i]) ? std::numeric_limits<double>::infinity()
                                                    : rowMean(matrix, i, screening.samples());
                weighed.push_back({policies[i], figures[i]});
            }
        },
        &c.candidates);
    if (evaluator.cancelled())
        return c;
    // Confirmation: the best screened policies, the mode plan and no door on every plan-choice
    // sample; the lowest mean there is the expected-value plan (ties within $1 to fewer doors,
    // then to the earlier: the mode plan, then no door, then by screening rank).
    std::stable_sort(weighed.begin(), weighed.end(),
                     [](const Screened& a, const Screened& b) { return a.mean < b.mean; });
    std::vector<DoorPolicy> finalists{c.mode_policy, DoorPolicy{}};
    for (const Screened& w : weighed) {
        if (finalists.size() >= kFinalists + 2 || std::isinf(w.mean))
            break;
        if (std::find(finalists.begin(), finalists.end(), w.policy) == finalists.end())
            finalists.push_back(w.policy);
    }
    evaluator.evaluate(option, finalists, matrix);
    std::size_t best = 0;
    double bestMean = rowMean(matrix, 0, n);
    for (std::size_t i = 1; i < finalists.size(); ++i) {
        const double mean = rowMean(matrix, i, n);
        if (mean < bestMean - kPlanTieUsd ||
            (std::abs(mean - bestMean) <= kPlanTieUsd &&
             finalists[i].doorsTaken() < finalists[best].doorsTaken())) {
            best = i;
            bestMean = mean;
        }
    }
    c.expected_policy = finalists[best];
    if (evaluator.cancelled())
        return c;
    // The mode plan (row 0), the expected-value plan and no door (row 1), paired by sample.
    c.mode_mean_usd = rowMean(matrix, 0, n);
    c.expected_mean_usd = bestMean;
    c.never_mean_usd = rowMean(matrix, 1, n);
    c.gain_usd = c.mode_mean_usd - c.expected_mean_usd;
    c.gain_standard_error = pairedRowStandardError(matrix, 0, best, n, c.gain_usd);
    std::size_t row = 0; // the committed plan's row: the mode plan unless replaced
    if (c.expected_policy != c.mode_policy && c.gain_usd > kPlanTieUsd &&
        c.gain_usd > kStandardErrors * c.gain_standard_error) {
        c.committed = c.expected_policy;
        c.basis = OptionPlanChoice::Basis::ExpectedValue;
        row = best;
    }
    // A plan that moves must be clearly cheaper than taking no door on average: within two
    // paired standard errors the two tie, and a tie goes to fewer doors (DESIGN.md's $1 rule,
    // with sampling noise as the tolerance). Without this the plan chosen on 200 samples could
    // show a mean above staying's on the evaluation samples (the winner's curse).
    if (c.committed.takesAny()) {
        const double committedMean = rowMean(matrix, row, n);
        c.saving_vs_never_usd = c.never_mean_usd - committedMean;
        c.saving_vs_never_standard_error =
            pairedRowStandardError(matrix, 1, row, n, c.saving_vs_never_usd);
        if (c.saving_vs_never_usd <= kPlanTieUsd ||
            c.saving_vs_never_usd <= kStandardErrors * c.saving_vs_never_standard_error) {
            c.committed = DoorPolicy{};
            c.basis = OptionPlanChoice::Basis::Never;
            c.never_instead_of = row == 0 ? c.mode_policy : c.expected_policy;
        }
    }
    c.reason = reasonFor(compiled, option, c, n);
    return c;
}

} // namespace

std::uint64_t planChoiceSeed(std::uint64_t evaluationSeed) {
    // The golden ratio's 64-bit constant (SplitMix64's increment): a fixed, documented offset.
    return evaluationSeed ^ 0x9E3779B97F4A7C15ull;
}

const OptionPlanChoice* PlanChoice::find(OptionId id) const {
    for (const OptionPlanChoice& o : options)
        if (o.id == id)
            return &o;
    return nullptr;
}

std::size_t PlanChoice::changed() const {
    return std::size_t(std::count_if(options.begin(), options.end(),
                                     [](const auto& o) { return o.committed != o.mode_policy; }));
}

PlanChoice choosePlans(const CompiledScenario& compiled, const ScenarioEvaluation& mode,
                       const PlanChoiceOptions& options, const std::atomic<bool>* cancel,
                       std::atomic<std::size_t>* samplesDone) {
    PlanChoice choice;
    choice.samples = options.samples;
    choice.seed = options.seed;
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(compiled.inputs, options.seed, options.samples);
    SampleEvaluator evaluator(compiled, draws, options.samples, options.samples, options.threads,
                              cancel, samplesDone);
    // Progress counts the confirmation only: one pass over the samples per option with doors,
    // so the total is known before the run (expectedSampleEvaluations).
    SampleEvaluator screening(compiled, draws, options.samples,
                              std::min(options.samples, kScreeningSamples), options.threads, cancel,
                              nullptr);
    const std::vector<double> mostLikely = compiled.inputs.mostLikely();
    std::vector<const CompiledOption*> chosenFor; // per entry of choice.options
    for (const OptionOutcome& outcome : mode.options) {
        const CompiledOption* option = nullptr;
        for (const CompiledOption& o : compiled.options)
            if (o.id == outcome.id)
                option = &o;
        if (option == nullptr || option->doors.empty() || options.samples < 2) {
            OptionPlanChoice c;
            c.id = outcome.id;
            c.mode_policy = c.expected_policy = c.committed = outcome.policy;
            c.reason = "No door to choose.";
            choice.options.push_back(std::move(c));
            chosenFor.push_back(nullptr);
            continue;
        }
        // An earlier option's twin (option_twins.h) on these samples, with the same plan at
        // the most likely values: its choice, weighed once (its pass counted as done).
        chosenFor.push_back(option);
        const int twin = earlierTwin(chosenFor, chosenFor.size() - 1, draws, options.samples,
                                     options.samples, [&](std::size_t t, const auto& pairs) {
                                         return mode.options[t].policy == outcome.policy &&
                                                equalDraws(pairs, mostLikely, 1, 1);
                                     });
        if (twin >= 0) {
            OptionPlanChoice c = choice.options[std::size_t(twin)];
            c.id = outcome.id;
            choice.options.push_back(std::move(c));
            if (samplesDone)
                samplesDone->fetch_add(options.samples, std::memory_order_relaxed);
            continue;
        }
        choice.options.push_back(
            chooseOne(compiled, *option, outcome, mostLikely, screening, evaluator));
        if (evaluator.cancelled()) {
            choice.cancelled = true;
            return choice;
        }
    }
    return choice;
}

ScenarioEvaluation evaluateCommitted(const Scenario& scenario, const CompiledScenario& compiled,
                                     const ScenarioEvaluation& mode, const PlanChoice& choice) {
    ScenarioEvaluation held = mode;
    for (OptionOutcome& o : held.options)
        if (const OptionPlanChoice* c = choice.find(o.id))
            o.policy = c->committed;
    ScenarioEvaluation e = evaluateWithHeldPolicies(scenario, compiled, held);
    e.policies_searched = mode.policies_searched;
    return e;
}

} // namespace crossgrade::model
