// How the engine scales with workloads and months (issue 20, class 7): a scenario file —
// scripts/gen-scenario writes one of N workloads from a sample — evaluated deterministically
// (door-policy search for every option, as `crossgrade-cli evaluate` does), and optionally its
// tornado and switching values (as `crossgrade-cli sensitivity` does). Prints the times and a
// digest of every bit of the results (each option's monthly components, GPUs, NPV and policy;
// the tornado's savings; the switching values' flips), so a faster engine can be shown to give
// the same numbers: the digest must not change. Prints figures; never asserts on time.
//
// Usage: bench_engine_scale SCENARIO.json [--tornado] [--switching] [--threads N]

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

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s SCENARIO.json [--tornado] [--switching] [--threads N]\n",
                     argv[0]);
        return 2;
    }
    bool tornado = false;
    bool switching = false;
    int threads = 1;
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--tornado") == 0)
            tornado = true;
        else if (std::strcmp(argv[i], "--switching") == 0)
            switching = true;
        else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            threads = std::atoi(argv[++i]);
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
    return 0;
}
