// How the engine scales with workloads and months (issue 20, class 7): a scenario file —
// scripts/gen-scenario writes one of N workloads from a sample — evaluated deterministically
// (door-policy search for every option, as `crossgrade-cli evaluate` does), and optionally its
// tornado and switching values (as `crossgrade-cli sensitivity` does). Prints the times and a
// digest of every bit of the results (each option's monthly components, GPUs, NPV and policy;
// the tornado's savings; the switching values' flips), so a faster engine can be shown to give
// the same numbers: the digest must not change. Prints figures; never asserts on time.
//
// With --monte-carlo N it also runs the uncertainty path on one thread — N samples under the
// plans as chosen and with every path taking its doors at the first chance (every option-sample
// a full engine run), the plan choice and hindsight — and digests every sample's NPV and total
// and every band, so a faster engine can be shown to give the Monte Carlo's bits unchanged.
//
// Usage: bench_engine_scale SCENARIO.json [--tornado] [--switching] [--threads N]
//                           [--monte-carlo N [--hindsight N]]

#include "hindsight.h"
#include "monte_carlo.h"
#include "plan_choice.h"
#include "scenario_json.h"
#include "sensitivity.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace crossgrade;
using namespace crossgrade::model;

namespace {

// FNV-1a over the bytes of the values fed to it.
struct Digest {
    std::uint64_t h = 1469598103934665603ull;
    void bytes(const void* p, std::size_t n) {
        const auto* c = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i)
            h = (h ^ c[i]) * 1099511628211ull;
    }
    void number(double x) { bytes(&x, sizeof x); }
    void integer(long long x) { bytes(&x, sizeof x); }
    void numbers(const std::vector<double>& xs) {
        for (double x : xs)
            number(x);
    }
};

double seconds(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void digestMonteCarlo(Digest& d, const MonteCarloResult& mc) {
    d.numbers(mc.npv);
    d.numbers(mc.total);
    d.number(mc.evpi_usd);
    for (const OptionDistribution& o : mc.options) {
        d.numbers(o.cumulative_p10);
        d.numbers(o.cumulative_p50);
        d.numbers(o.cumulative_p90);
        d.number(o.p_break_even);
    }
}

// The uncertainty path on one thread: plan choice, the Monte Carlo under the committed plans and
// with every path taking its doors at once, hindsight; times and a digest of their bits.
void benchMonteCarlo(const Scenario& scenario, const CompiledScenario& compiled,
                     const ScenarioEvaluation& mode, std::size_t samples,
                     std::size_t hindsightSamples) {
    auto start = std::chrono::steady_clock::now();
    const PlanChoice choice =
        choosePlans(compiled, mode, {kDefaultPlanChoiceSamples, planChoiceSeed(scenario.seed), 1});
    const double choiceSeconds = seconds(start);
    Digest pd;
    for (const OptionPlanChoice& c : choice.options) {
        for (int m : c.committed.month)
            pd.integer(m);
        pd.number(c.expected_mean_usd);
        pd.number(c.mode_mean_usd);
    }
    std::printf("  plan choice (%zu samples, 1 thread): %.3f s, digest %016llx\n",
                kDefaultPlanChoiceSamples, choiceSeconds, static_cast<unsigned long long>(pd.h));
    const ScenarioEvaluation committed = evaluateCommitted(scenario, compiled, mode, choice);
    ScenarioEvaluation everyDoor = committed;
    for (OptionOutcome& o : everyDoor.options)
        if (o.id != OptionId::StayCuda)
            o.policy = DoorPolicy{{0, 0, 0, 0}};
    DrawCache cache;
    cache.draws(compiled.inputs, scenario.seed, samples);
    MonteCarloResult mc;
    for (const auto& [label, plans] :
         {std::pair{"plans as committed", &committed},
          std::pair{"every door at once", static_cast<const ScenarioEvaluation*>(&everyDoor)}}) {
        start = std::chrono::steady_clock::now();
        MonteCarloResult r =
            runMonteCarlo(compiled, *plans, {samples, scenario.seed, 1, {}}, cache);
        const double s = seconds(start);
        Digest md;
        digestMonteCarlo(md, r);
        std::printf("  Monte Carlo, %s (%zu samples x %zu options, 1 thread): %.3f s = %.0f "
                    "option-samples/s, digest %016llx\n",
                    label, samples, r.options.size(), s, double(samples * r.options.size()) / s,
                    static_cast<unsigned long long>(md.h));
        if (plans == &committed)
            mc = std::move(r);
    }
    const std::vector<double>& draws = cache.draws(compiled.inputs, scenario.seed, samples);
    start = std::chrono::steady_clock::now();
    const Hindsight h = runHindsight(compiled, committed, mc, draws, {hindsightSamples, 1});
    const double hindsightSeconds = seconds(start);
    Digest hd;
    hd.number(h.evpi_usd);
    for (const OptionHindsight& o : h.options) {
        hd.number(o.p_best);
        hd.number(o.mean_saving_usd);
        hd.number(o.saving_standard_error);
    }
    std::printf("  hindsight (%zu samples re-optimised, 1 thread): %.3f s, digest %016llx\n",
                h.samples, hindsightSeconds, static_cast<unsigned long long>(hd.h));
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: %s SCENARIO.json [--tornado] [--switching] [--threads N] "
                     "[--monte-carlo N [--hindsight N]]\n",
                     argv[0]);
        return 2;
    }
    bool tornado = false;
    bool switching = false;
    int threads = 1;
    std::size_t samples = 0;
    std::size_t hindsight = kDefaultHindsightSamples;
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--tornado") == 0)
            tornado = true;
        else if (std::strcmp(argv[i], "--switching") == 0)
            switching = true;
        else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--monte-carlo") == 0 && i + 1 < argc)
            samples = std::size_t(std::atoll(argv[++i]));
        else if (std::strcmp(argv[i], "--hindsight") == 0 && i + 1 < argc)
            hindsight = std::size_t(std::atoll(argv[++i]));
    }
    data::ScenarioReadResult read = data::readScenarioFile(argv[1]);
    if (!read.ok()) {
        std::fprintf(stderr, "%s", data::formatProblems(argv[1], read.errors).c_str());
        return 2;
    }
    const Scenario& scenario = *read.scenario;
    const CompiledScenario compiled = compile(scenario);
    std::printf("%s: %zu workloads, %zu lots, %d months, %zu options, %zu uncertain inputs\n",
                argv[1], compiled.workloads.size(), compiled.lots.size(), compiled.horizon_months,
                compiled.options.size(), compiled.inputs.size());

    auto start = std::chrono::steady_clock::now();
    const ScenarioEvaluation e = evaluateScenario(scenario, compiled);
    const double evaluateSeconds = seconds(start);
    Digest d;
    for (const OptionOutcome& o : e.options) {
        d.integer(int(o.id));
        d.integer(o.policy.month[0]);
        d.integer(o.policy.month[1]);
        d.numbers(o.run.components);
        d.numbers(o.run.gpus);
        d.number(o.run.npv_usd);
        d.number(o.run.gpu_hours);
        d.number(o.run.tokens_served);
        d.integer(o.run.first_amd_month);
    }
    d.integer(int(e.cheapest));
    std::printf("  evaluate (door-policy search over %zu policies): %.3f s, digest %016llx, "
                "cheapest %s\n",
                e.policies_searched, evaluateSeconds, static_cast<unsigned long long>(d.h),
                std::string(toString(e.cheapest)).c_str());

    // What one what-if slider step costs in the model (issue 21): the compile an edit makes, and
    // the evaluation with the door policies held. Before issue 21 a step compiled four times.
    constexpr int kSteps = 200;
    start = std::chrono::steady_clock::now();
    for (int i = 0; i < kSteps; ++i) {
        const CompiledScenario again = compile(scenario, &compiled);
        if (again.options.size() != compiled.options.size())
            return 1;
    }
    const double compileMs = seconds(start) * 1e3 / kSteps;
    start = std::chrono::steady_clock::now();
    for (int i = 0; i < kSteps; ++i)
        if (evaluateWithHeldPolicies(scenario, compiled, e).options.size() != e.options.size())
            return 1;
    const double heldMs = seconds(start) * 1e3 / kSteps;
    std::printf("  slider step in the model: compile %.3f ms (once per step; four times before "
                "issue 21), evaluation with held policies %.3f ms\n",
                compileMs, heldMs);

    SensitivityControl control;
    control.threads = threads;
    if (tornado) {
        start = std::chrono::steady_clock::now();
        const Tornado t = computeTornado(compiled, e, cheapestChallenger(e), control);
        const double s = seconds(start);
        Digest td;
        td.number(t.base_saving_usd);
        for (const TornadoBar& bar : t.bars) {
            td.integer(bar.input);
            for (double x : bar.saving_usd)
                td.number(x);
        }
        std::printf(
            "  tornado (%zu inputs swung, %zu bars, %d thread(s)): %.3f s, digest %016llx\n",
            t.inputs_swung, t.bars.size(), threads, s, static_cast<unsigned long long>(td.h));
    }
    if (switching) {
        start = std::chrono::steady_clock::now();
        const std::vector<SwitchingValue> values =
            switchingValues(scenario, defaultSwitchingKnobs(), kDefaultScanPoints, control);
        const double s = seconds(start);
        Digest sd;
        for (const SwitchingValue& v : values) {
            sd.integer(int(v.cheapest));
            for (const Flip& f : v.flips) {
                sd.number(f.value);
                sd.integer(int(f.to));
            }
        }
        std::printf("  switching values (%zu knobs, %d thread(s)): %.3f s, digest %016llx\n",
                    values.size(), threads, s, static_cast<unsigned long long>(sd.h));
    }
    if (samples > 0)
        benchMonteCarlo(scenario, compiled, e, samples, hindsight);
    return 0;
}
