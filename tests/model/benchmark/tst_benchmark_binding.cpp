// A workload bound to benchmark evidence (issue 7 point 4): what binding yields from records
// (ratios from like-for-like pairs, measured J/token, the reference throughput from the user's
// own serving runs, notes for what stays default), and what the engine does with it — the
// bound ratio replaces the table's for that workload, no transition penalty on top, energy of
// busy GPUs from J/token — checked by hand on a two-month case.

#include "benchmark_binding.h"
#include "evaluation.h"
#include "scenario_fixture.h"
#include "whatif.h"

#include <QObject>
#include <QString>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::model;
using testing::u;

namespace {

// Eight owned H100s serve 8,000 tokens/s (1,000 per GPU, all busy); Path 1 moves serving to
// MI300X in month 1. The table rates MI300X at 0.8; moving costs 20 % at first.
Scenario servingScenario() {
    Scenario s = testing::smallScenario();
    s.horizon_months = 2;
    s.discount_rate = u(0.0);
    s.audit = Audit{};
    s.audit.workload = WorkloadKind::InferenceOnly;
    s.pricebook.skus.erase("H200");
    for (auto& [cls, row] : s.pricebook.performance)
        row.erase("H200");
    s.pricebook.skus.at("H100").price_decline_per_year = u(0);
    s.pricebook.skus.at("MI300X").price_decline_per_year = u(0);
    s.pricebook.performance[WorkloadClass::DenseInference]["MI300X"] = u(0.8);
    s.pricebook.port_months[PortTask::InferencePort][EffortLevel::Light][PortabilityPath::Path1] =
        u(1);
    s.workloads.clear();
    Workload serve;
    serve.kind = WorkloadKindOfDemand::Inference;
    serve.workload_class = WorkloadClass::DenseInference;
    serve.peak_tokens_per_s = u(8000);
    serve.reference_tokens_per_s_per_gpu = u(1000);
    serve.average_to_peak = u(1.0);
    serve.model_memory_gb = u(40);
    serve.growth_per_month = u(0);
    s.workloads["serve"] = serve;
    s.fleet.clear();
    s.fleet["h100"] = {"H100", 8, 0, "serve", Channel::Owned, {}};
    s.nvidia.sku = "H100";
    s.target_utilisation = u(1.0);
    s.transition_regression = u(0.20);
    s.transition_regression_months = u(6);
    s.pilot_gpus = 0;
    s.usd_per_kwh = u(0.10);
    s.pue = u(1.5);
    s.idle_power_fraction = u(0.30);
    return s;
}

WorkloadBinding binding(double ratio) {
    WorkloadBinding b;
    b.selector.model = "llama";
    b.bound_on = "2026-12-01";
    BoundSku mi300x;
    mi300x.ratio = UncertainNumber::between(ratio * 0.9, ratio, ratio * 1.1);
    mi300x.pairs = 3;
    mi300x.rows = {"agg_bmk.json row 1"};
    b.skus["MI300X"] = mi300x;
    return b;
}

OptionRun path1(const Scenario& s, CompiledScenario* compiledOut = nullptr) {
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    EngineWorkspace ws;
    OptionRun run;
    for (const CompiledOption& o : c.options)
        if (o.id == OptionId::Path1)
            evaluateOption(c, v.data(), o, DoorPolicy{{0, kNever}}, ws, run);
    if (compiledOut)
        *compiledOut = c;
    return run;
}

BenchmarkRecord row(const char* sku, double totalPerGpu, const char* ref,
                    const char* source = "inferencex") {
    BenchmarkRecord r;
    r.source = source;
    r.file = std::string(source) + ".json";
    r.source_ref = ref;
    r.date = "2026-03-01";
    r.sku = sku;
    r.hardware = sku;
    r.model = "meta-llama/Llama-3.3-70B-Instruct";
    r.precision = "fp8";
    r.scenario = "Server";
    r.isl = 1024;
    r.osl = 1024;
    r.gpus = 8;
    r.total_tokens_per_s_per_gpu = totalPerGpu;
    return r;
}

} // namespace

class TestBenchmarkBinding : public QObject {
    Q_OBJECT

private slots:
    void withoutBindingTheTableRatioAndThePenaltyApply() {
        CompiledScenario c;
        const OptionRun run = path1(servingScenario(), &c);
        QCOMPARE(run.door_taken_month[0], 1.0);
        // Month 1: the transition holds MI300X to (1 − 20 %) of the H100 it replaces, whatever
        // its steady state (engine 3): 1,000 × 0.8 = 800 tokens/s per MI300X → 10 GPUs. The
        // first engines multiplied the penalty on the table's ratio: 640 → 12.5 GPUs.
        QCOMPARE(run.gpusAt(1, c.skuIndex("MI300X")), 10.0);
    }

    void aBoundRatioReplacesTheTableAndCarriesNoPenalty() {
        Scenario s = servingScenario();
        s.workloads.at("serve").benchmark = binding(1.25);
        CompiledScenario c;
        const OptionRun run = path1(s, &c);
        // 1,000 × 1.25, no transition penalty on a measured ratio: 6.4 GPUs.
        QCOMPARE(run.gpusAt(1, c.skuIndex("MI300X")), 6.4);
        // The bound ratio is an input of its own, with its range and source; the table's
        // ratio for the class is untouched.
        const auto id = c.inputs.find("/workloads/serve/benchmark/skus/MI300X/ratio");
        QVERIFY(id);
        QCOMPARE(c.inputs.number(*id).range.low, 1.25 * 0.9);
        QCOMPARE(c.workloads[0].ratio[std::size_t(c.skuIndex("MI300X"))], *id);
        QVERIFY(c.workloads[0].measured[std::size_t(c.skuIndex("MI300X"))]);
        QVERIFY(!c.workloads[0].measured[std::size_t(c.skuIndex("H100"))]);
        QVERIFY(c.inputs.find("/pricebook/performance/dense-inference/MI300X"));
    }

    // Bug: engine 3 sized a bound SKU's replica with the measured ratio standing in as the
    // software efficiency at equal fit; the measurement replaces throughput, and the replica
    // is sized with the table's efficiency.
    void bug_aBoundSkuWasSizedWithItsMeasuredRatioAsEfficiency() {
        Scenario s = servingScenario();
        s.workloads.at("serve").benchmark = binding(1.25);
        const CompiledScenario c = compile(s);
        const std::size_t mi300x = std::size_t(c.skuIndex("MI300X"));
        const auto table = c.inputs.find("/pricebook/performance/dense-inference/MI300X");
        QVERIFY(table);
        QCOMPARE(c.workloads[0].efficiency[mi300x], *table);
        QVERIFY(c.workloads[0].ratio[mi300x] != *table);
    }

    void measuredEnergyPerTokenPricesTheBusyGpus() {
        Scenario s = servingScenario();
        WorkloadBinding b = binding(1.25);
        b.skus.at("MI300X").joules_per_token = u(0.5);
        s.workloads.at("serve").benchmark = b;
        CompiledScenario c;
        const OptionRun run = path1(s, &c);
        // 6.4 MI300X, all busy. Host: 0.3 kW × 6.4 = 1.92 kW. The boards draw what the tokens
        // take: 8,000 tokens/s × 0.5 J = 4.0 kW (not 0.75 kW × 6.4 = 4.8 kW).
        // (1.92 + 4.0) kW × PUE 1.5 × 730 h × $0.10 = $648.24.
        QCOMPARE(run.component(1, kEnergy), 648.24);
        // Without the measurement: 1.05 kW × 6.4 × 1.5 × 730 × 0.10 = $735.84.
        s.workloads.at("serve").benchmark->skus.at("MI300X").joules_per_token.reset();
        QCOMPARE(path1(s).component(1, kEnergy), 735.84);
    }

    void ownServingRunsSetTheReferenceThroughput() {
        Scenario s = servingScenario();
        WorkloadBinding b = binding(1.25);
        b.reference_tokens_per_s_per_gpu = UncertainNumber::between(1800, 2000, 2100);
        s.workloads.at("serve").benchmark = b;
        CompiledScenario c;
        const OptionRun run = path1(s, &c);
        // The same place in the input table, the measured value.
        const auto id = c.inputs.find("/workloads/serve/reference_tokens_per_s_per_gpu");
        QVERIFY(id);
        QCOMPARE(c.inputs.number(*id).range.most_likely, 2000.0);
        // 8,000 / (2,000 × 1.25) = 3.2 MI300X.
        QCOMPARE(run.gpusAt(1, c.skuIndex("MI300X")), 3.2);
    }

    // The what-if slider "AMD inference performance vs H100" moves measured AMD ratios by the
    // same amount as the table's; NVIDIA's measured ratios stay.
    void theAmdPerformanceSliderMovesBoundRatiosToo() {
        Scenario s = servingScenario();
        WorkloadBinding b = binding(1.25);
        b.skus["H100"].joules_per_token = u(0.5);
        s.workloads.at("serve").benchmark = b;
        const double table =
            s.pricebook.performance.at(WorkloadClass::DenseInference).at("MI300X").mostLikely();
        const Scenario moved = withKnob(s, WhatIfKnob::AmdInferencePerformance, table + 0.1);
        const UncertainNumber& r = *moved.workloads.at("serve").benchmark->skus.at("MI300X").ratio;
        QCOMPARE(r.range.most_likely, 1.35);
        QCOMPARE(r.range.low, 1.25 * 0.9 + 0.1);
        QCOMPARE(moved.workloads.at("serve").benchmark->skus.at("H100"),
                 b.skus.at("H100")); // not AMD
    }

    void bindingsTheEngineCannotTakeAreRefused_data() {
        QTest::addColumn<int>("bad");
        QTest::addColumn<QString>("pointer");
        QTest::newRow("SKU not in the price book") << 0 << "/workloads/serve/benchmark/skus/B300";
        QTest::newRow("a ratio for H100") << 1 << "/workloads/serve/benchmark/skus/H100/ratio";
        QTest::newRow("training workload") << 2 << "/workloads/serve/benchmark";
    }
    void bindingsTheEngineCannotTakeAreRefused() {
        QFETCH(int, bad);
        QFETCH(QString, pointer);
        Scenario s = servingScenario();
        WorkloadBinding b = binding(1.25);
        if (bad == 0)
            b.skus["B300"] = b.skus.at("MI300X");
        if (bad == 1)
            b.skus["H100"] = b.skus.at("MI300X");
        Workload& w = s.workloads.at("serve");
        if (bad == 2) {
            w.kind = WorkloadKindOfDemand::Training;
            w.workload_class = WorkloadClass::PyTorchTraining;
            w.h100_equivalent_gpus = u(8);
        }
        w.benchmark = b;
        try {
            (void)compile(s);
            QFAIL("expected a ScenarioError");
        } catch (const ScenarioError& e) {
            QCOMPARE(QString::fromStdString(e.pointer()), pointer);
        }
    }

    void bindingResolvesRatiosEnergyAndReference() {
        std::vector<BenchmarkRecord> rows{row("H100", 1000, "run 1"), row("H100", 1100, "run 2"),
                                          row("MI300X", 1210, "run 3")};
        rows[2].joules_per_token = 0.42;
        BenchmarkRecord own = row("H100", 1900, "own run", "serving");
        own.scenario = "sweep"; // the user's own run: its own group, it pairs with nothing
        rows.push_back(own);
        BenchmarkRecord old = row("MI300X", 2000, "run 4");
        old.flags = {std::string(kFlagPre2026AmdImage)};
        rows.push_back(old);

        BenchmarkSelector sel;
        sel.model = "llama-3.3";
        const PriceBook book = testing::priceBook(); // H100, H200, MI300X
        const WorkloadBinding b = bindWorkload(sel, rows, book, "2026-12-01");
        QCOMPARE(b.bound_on, std::string("2026-12-01"));
        const BoundSku* mi300x = b.sku("MI300X");
        QVERIFY(mi300x && mi300x->ratio);
        QCOMPARE(mi300x->pairs, 2);
        QCOMPARE(mi300x->ratio->range.low, 1.1);
        QCOMPARE(mi300x->ratio->range.high, 1.21);
        QCOMPARE(mi300x->ratio->range.most_likely, (1.1 + 1.21) / 2);
        QVERIFY2(mi300x->ratio->source.find("2 pairs") != std::string::npos,
                 mi300x->ratio->source.c_str());
        QVERIFY(mi300x->joules_per_token);
        QCOMPARE(mi300x->joules_per_token->range.most_likely, 0.42);
        // The flagged row is behind nothing.
        for (const std::string& r : mi300x->rows)
            QVERIFY2(r.find("run 4") == std::string::npos, r.c_str());
        // The user's own serving run on H100 sets the reference throughput.
        QVERIFY(b.reference_tokens_per_s_per_gpu);
        QCOMPARE(b.reference_tokens_per_s_per_gpu->range.most_likely, 1900.0);
        QVERIFY(b.reference_tokens_per_s_per_gpu->confidence == Confidence::A);
        QCOMPARE(b.reference_rows.size(), std::size_t{1});
        // H200 has no rows: its default stays, and the notes say so.
        QVERIFY(!b.sku("H200"));
        QCOMPARE(b.notes.size(), std::size_t{1});
        QVERIFY2(b.notes[0].find("H200: no benchmark rows; the performance table's ratio stays") ==
                     0,
                 b.notes[0].c_str());

        // Taking flagged rows in adds the fourth row's pairs.
        sel.include_flagged = true;
        QCOMPARE(bindWorkload(sel, rows, book, "2026-12-01").sku("MI300X")->pairs, 4);
    }

    void noMatchKeepsEveryDefaultAndSaysSo() {
        BenchmarkSelector sel;
        sel.model = "no such model";
        const WorkloadBinding b =
            bindWorkload(sel, {row("H100", 1000, "run 1"), row("MI300X", 1200, "run 2")},
                         testing::priceBook(), "2026-12-01");
        QVERIFY(b.skus.empty());
        QVERIFY(!b.reference_tokens_per_s_per_gpu);
        QCOMPARE(b.notes.size(), std::size_t{3}); // H200, MI300X and the reference
        QVERIFY(b.notes.back().find("reference throughput stays") != std::string::npos);
        // Bound with nothing, the scenario evaluates as before.
        Scenario s = servingScenario();
        s.workloads.at("serve").benchmark = b;
        CompiledScenario c;
        QCOMPARE(path1(s, &c).gpusAt(1, c.skuIndex("MI300X")), 10.0);
    }
};

QTEST_GUILESS_MAIN(TestBenchmarkBinding)
#include "tst_benchmark_binding.moc"
