// DESIGN.md's six invariants of the cost engine, on the fixture scenario and on hundreds of
// seeded random perturbations of it that bring HetCCL inside the horizon and take AMD doors.

#include "engine_invariants.h"
#include "fleet_sizing.h"
#include "scenario_fixture.h"

#include <QObject>
#include <QString>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::model;
using namespace crossgrade::testing;

namespace {

// The sanitizer build runs fewer (CMake sets the number): it looks for memory errors, and the
// dev build proves the invariants on all 500.
#ifndef CROSSGRADE_FIXTURE_PERTURBATIONS
#define CROSSGRADE_FIXTURE_PERTURBATIONS 500
#endif
constexpr int kPerturbations = CROSSGRADE_FIXTURE_PERTURBATIONS;

Scenario perturbed(std::uint64_t seed) {
    return testing::perturbScenario(testing::smallScenario(), seed);
}

} // namespace

class TestEngineInvariants : public QObject {
    Q_OBJECT

private slots:
    void fixtureHoldsEveryInvariant();
    void perturbationsHoldEveryInvariant();
    void memoryFloorPerReplica_data();
    void memoryFloorPerReplica();
    void memoryFloorInTheFleet();
    void twinLinkedAmdCostsExactlyStayCuda();
    void splittingAWorkloadIntoHalvesChangesNothing();
    void heavierAuditNeverMakesAnOptionCheaper();
    void compilePointersEscapeIds();
    void bug_disagreementNamedOptionsByTheirIds();
};

// Bug: the sentence saying why the rule path is not the cheapest — shown in the Recommendation
// view and on the report's first page — named options by their ids ("the rule path, path2+3,
// takes no door"), not as everything else a reader sees names them.
void TestEngineInvariants::bug_disagreementNamedOptionsByTheirIds() {
    Scenario s = testing::smallScenario();
    s.audit.dimension(Dimension::Distributed).tier = Tier::High; // rule 5: Paths 2+3
    const ScenarioEvaluation e = evaluate(s);
    QVERIFY(e.recommendation.primary_path == PortabilityPath::Path2And3);
    QVERIFY2(e.cheapest != OptionId::Path2And3, "precondition: the rule path is not cheapest");
    QVERIFY2(e.disagreement.find("the rule path, Paths 2+3,") != std::string::npos,
             e.disagreement.c_str());
    for (const OptionOutcome& o : e.options)
        QVERIFY2(e.disagreement.find(toString(o.id)) == std::string::npos, e.disagreement.c_str());
}

// Ids with "/" or "~" once produced input pointers that named the wrong place.
void TestEngineInvariants::compilePointersEscapeIds() {
    Scenario s = testing::smallScenario();
    s.workloads["chat/eu~1"] = s.workloads.at("chat");
    s.workloads.erase("chat");
    s.fleet.at("serving").workload = "chat/eu~1";
    const CompiledScenario c = compile(s);
    QVERIFY(c.inputs.find("/workloads/chat~1eu~01/peak_tokens_per_s").has_value());
    QVERIFY(!c.inputs.find("/workloads/chat/eu~1/peak_tokens_per_s").has_value());
}

void TestEngineInvariants::fixtureHoldsEveryInvariant() {
    const Scenario s = testing::smallScenario();
    const ScenarioEvaluation e = evaluate(s);
    checkComponentsSum(e, "fixture");
    checkAllNeverIsStayCuda(s, e, "fixture");
    QCOMPARE(e.options.size(), std::size_t(5));
    QVERIFY(e.policies_searched > 100);
}

void TestEngineInvariants::perturbationsHoldEveryInvariant() {
    InvariantTally tally;
    for (int k = 0; k < kPerturbations; ++k) {
        const Scenario s = perturbed(std::uint64_t(k) + 1);
        checkEveryInvariant(
            s, QString("perturbation %1 (%2 sizing)").arg(k + 1).arg(toString(s.sizing).data()),
            tally);
        if (QTest::currentTestFailed())
            return;
    }
    qInfo("%d perturbations: %d options took AMD doors; HetCCL inside the horizon in %d; "
          "HetCCL-gated training doors taken %d times",
          kPerturbations, tally.doorsTaken, tally.hetcclInside, tally.hetcclDoorTaken);
    qInfo("doors taken per workload (options × perturbations): %s; %d with selling inputs",
          tally.doorsText().c_str(), tally.sellingInputs);
    QVERIFY(tally.sellingInputs > kPerturbations / 4);
    qInfo("%d with owner costs, %d of them financed, %d under a power cap", tally.ownerCosts,
          tally.financed, tally.capped);
    QVERIFY(tally.ownerCosts > kPerturbations / 4);
    QVERIFY(tally.financed > kPerturbations / 16);
    QVERIFY(tally.capped > kPerturbations / 16);
    // No invariant may pass by never being exercised.
    QVERIFY(tally.doorsTaken > kPerturbations / 4);
    QVERIFY(tally.hetcclInside > kPerturbations / 4);
    QVERIFY(tally.hetcclDoorTaken > 10);
}

void TestEngineInvariants::memoryFloorPerReplica_data() {
    QTest::addColumn<double>("memoryGb");
    QTest::addColumn<double>("hbmGb");
    QTest::addColumn<int>("gpus");
    // 405B FP8: 405 GB of weights + ~100 GB KV (DESIGN.md invariant 5).
    QTest::newRow("405B FP8 on H100 80 GB") << 505.0 << 80.0 << 8;
    QTest::newRow("405B FP8 on MI300X 192 GB") << 505.0 << 192.0 << 4;
    QTest::newRow("405B FP8 on H200 141 GB") << 505.0 << 141.0 << 4;
    QTest::newRow("70B BF16 on H100") << 160.0 << 80.0 << 4; // 160/72 = 2.2 → 3 → TP 4
    QTest::newRow("8B on H100") << 20.0 << 80.0 << 1;
    QTest::newRow("exactly one GPU") << 72.0 << 80.0 << 1;
    QTest::newRow("beyond one server") << 700.0 << 80.0 << 16; // multi-node inference
    // A tiny HBM figure once overflowed the int cast (undefined behaviour): now capped.
    QTest::newRow("gpusPerReplicaDoesNotOverflowOnTinyHbm") << 505.0 << 1e-9 << 1000000;
}

void TestEngineInvariants::memoryFloorPerReplica() {
    QFETCH(double, memoryGb);
    QFETCH(double, hbmGb);
    QFETCH(int, gpus);
    QCOMPARE(gpusPerReplica(gigabytes(memoryGb), gigabytes(hbmGb), 0.90), gpus);
}

void TestEngineInvariants::memoryFloorInTheFleet() {
    // With a tiny demand, the fleet is one replica: 8 H100s or 4 MI300Xs for a 505 GB model —
    // the memory floor of engines 1–2 (engine 3 chooses the degree for throughput per GPU:
    // tst_inference_capacity).
    Scenario s = testing::smallScenario();
    s.engine_version = 2;
    s.workloads.erase("pretrain");
    s.fleet.clear();
    s.nvidia.sku = "H100";
    s.workloads["chat"].peak_tokens_per_s = UncertainNumber::certain(10);
    s.workloads["chat"].growth_per_month = UncertainNumber::certain(0);
    s.sizing = Sizing::WholeServers;
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    EngineWorkspace ws;
    OptionRun run;
    evaluateOption(c, v.data(), c.options[0], DoorPolicy{}, ws, run); // stay-cuda
    QCOMPARE(run.gpusAt(0, c.skuIndex("H100")), 8.0);
    const CompiledOption& path1 = c.options[1];
    evaluateOption(c, v.data(), path1, DoorPolicy{{0, kNever}}, ws, run);
    const int last = c.horizon_months - 1;
    QCOMPARE(run.gpusAt(last, c.skuIndex("MI300X")), 8.0); // 4 GPUs, bought as a whole server
    s.sizing = Sizing::Continuous;
    const CompiledScenario cc = compile(s);
    evaluateOption(cc, v.data(), cc.options[1], DoorPolicy{{0, kNever}}, ws, run);
    QCOMPARE(run.gpusAt(last, cc.skuIndex("MI300X")), 4.0);
}

// With every AMD input linked to its NVIDIA twin, moving buys nothing (engine_invariants.h).
void TestEngineInvariants::twinLinkedAmdCostsExactlyStayCuda() {
    int servers = 0;
    for (int k = 0; k < 100; ++k) {
        checkTwinLinkedCostsStayCuda(linkedToTwin(perturbed(std::uint64_t(k) + 9001)),
                                     QString("twin %1").arg(k), servers);
        if (QTest::currentTestFailed())
            return;
    }
    QVERIFY(servers > 0);
}

// Issue 22 point 7: a workload split into two identical halves, each with half its installed
// lot and its own door, costs what the whole did, and both halves take the same door. On the
// fixture's inference alone (two doors: the search is exhaustive), continuous sizing (whole
// servers round each half apart), without engine v2's selling inputs. With them (sale cost,
// server curve, sale limit, resale curve, lead time) Path 2's NPV differs by 0.02 %: the
// halves buy and bridge more AMD GPUs in the door's first month and fewer in the next (each
// half's first replica); open in issue 22's note, not yet resolved.
void TestEngineInvariants::splittingAWorkloadIntoHalvesChangesNothing() {
    for (bool selling : {false, true}) {
        Scenario whole = testing::smallScenario();
        whole.workloads.erase("pretrain");
        whole.fleet.erase("training");
        whole.amd_discount = UncertainNumber::certain(0.4); // so that a move pays
        // One GPU per replica on every SKU: each half of a workload is a deployment of its own,
        // and a deployment needs at least one replica (docs/model.md, "Demand and fleet"), so
        // halves whose first AMD month needs less than a replica each would rightly pay two.
        whole.workloads.at("chat").model_memory_gb = UncertainNumber::certain(40);
        if (selling) {
            whole.sale_cost_fraction = UncertainNumber::certain(0.08);
            whole.server_retention_per_year = UncertainNumber::certain(0.5);
            whole.nvidia.max_sold_per_month = UncertainNumber::certain(64);
            for (auto& [id, sku] : whole.pricebook.skus) {
                sku.resale_retention_per_year = UncertainNumber::certain(0.6);
                sku.lead_time_months = UncertainNumber::certain(2);
            }
        }
        Scenario split = whole;
        Workload half = whole.workloads.at("chat");
        half.peak_tokens_per_s = UncertainNumber::certain(half.peak_tokens_per_s.mostLikely() / 2);
        split.workloads.erase("chat");
        split.workloads["chat-a"] = half;
        split.workloads["chat-b"] = half;
        FleetLot lot = whole.fleet.at("serving");
        lot.count /= 2;
        split.fleet.erase("serving");
        lot.workload = "chat-a";
        split.fleet["serving-a"] = lot;
        lot.workload = "chat-b";
        split.fleet["serving-b"] = lot;
        const ScenarioEvaluation ew = evaluate(whole);
        const CompiledScenario cs = compile(split);
        const ScenarioEvaluation es = evaluateScenario(split, cs);
        int moved = 0;
        for (const OptionOutcome& o : ew.options) {
            const OptionOutcome& h = *es.find(o.id);
            const QString what = QString("%1, selling %2").arg(toString(o.id).data()).arg(selling);
            QVERIFY2(std::abs(h.run.npv_usd - o.run.npv_usd) <= 1e-6 * std::abs(o.run.npv_usd),
                     qPrintable(what + QString(": whole %1, halves %2")
                                           .arg(o.run.npv_usd, 0, 'f', 2)
                                           .arg(h.run.npv_usd, 0, 'f', 2)));
            if (o.id == OptionId::StayCuda)
                continue;
            QCOMPARE(h.run.door_taken_month[0], h.run.door_taken_month[1]);
            QCOMPARE(h.run.door_taken_month[0], o.run.door_taken_month[0]);
            moved += o.run.door_taken_month[0] >= 0 ? 1 : 0;
        }
        QVERIFY2(moved > 0, "no option moved the workload: the invariant was not exercised");
    }
}

// Issue 22 point 7: with a port table that never decreases by effort band (the fixture's, as
// the default book's), an audit with more High dimensions never makes an option cheaper.
void TestEngineInvariants::heavierAuditNeverMakesAnOptionCheaper() {
    Scenario s = testing::smallScenario();
    for (const auto& [task, byEffort] : s.pricebook.port_months)
        for (PortabilityPath path : kAllPaths)
            QVERIFY(byEffort.at(EffortLevel::Light).at(path).mostLikely() <=
                        byEffort.at(EffortLevel::Moderate).at(path).mostLikely() &&
                    byEffort.at(EffortLevel::Moderate).at(path).mostLikely() <=
                        byEffort.at(EffortLevel::Heavy).at(path).mostLikely());
    for (Dimension d : kAllDimensions)
        s.audit.dimension(d).tier = Tier::Low;
    ScenarioEvaluation lighter = evaluate(s);
    for (Dimension d : kAllDimensions) {
        s.audit.dimension(d).tier = Tier::High;
        const ScenarioEvaluation heavier = evaluate(s);
        for (const OptionOutcome& o : heavier.options)
            QVERIFY2(o.run.npv_usd >= npvOf(lighter, o.id) - relTol(o.run.npv_usd),
                     qPrintable(QString("%1 after %2 High")
                                    .arg(toString(o.id).data())
                                    .arg(toString(d).data())));
        lighter = heavier;
    }
}

QTEST_GUILESS_MAIN(TestEngineInvariants)
#include "tst_engine_invariants.moc"
