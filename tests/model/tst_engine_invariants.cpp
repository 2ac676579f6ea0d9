// DESIGN.md's six invariants of the cost engine, on the fixture scenario and on hundreds of
// seeded random perturbations of it that bring HetCCL inside the horizon and take AMD doors.

#include "evaluation.h"
#include "fleet_sizing.h"
#include "scenario_fixture.h"

#include <QtTest>
#include <random>

using namespace crossgrade;
using namespace crossgrade::model;

namespace {

constexpr int kPerturbations = 500;

double relTol(double a) {
    return 1e-9 * std::max(1.0, std::abs(a));
}

Scenario perturbed(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto uni = [&](double lo, double hi) {
        return std::uniform_real_distribution<>(lo, hi)(rng);
    };
    auto scale = [&](UncertainNumber& n, double lo, double hi) {
        n = UncertainNumber::certain(n.mostLikely() * uni(lo, hi));
    };
    Scenario s = testing::smallScenario();
    s.horizon_months = std::uniform_int_distribution<>(12, 72)(rng);
    s.sizing = uni(0, 1) < 0.5 ? Sizing::Continuous : Sizing::WholeServers;
    s.disposition = uni(0, 1) < 0.7 ? Disposition::Sell : Disposition::KeepIdle;
    const Channel channels[] = {Channel::Owned, Channel::Reserved, Channel::OnDemand};
    s.amd.channel = channels[std::uniform_int_distribution<>(0, 2)(rng)];
    s.nvidia.channel = uni(0, 1) < 0.8 ? Channel::Owned : Channel::Reserved;
    for (auto& [id, sku] : s.pricebook.skus) {
        scale(sku.purchase_usd, 0.6, 1.5);
        scale(sku.overhead_usd, 0.5, 1.5);
        scale(sku.reserved_usd_per_hour, 0.6, 1.6);
        scale(sku.on_demand_usd_per_hour, 0.6, 2.0);
        sku.price_decline_per_year = UncertainNumber::certain(uni(0.0, 0.25));
    }
    for (auto& [cls, row] : s.pricebook.performance)
        scale(row["MI300X"], 0.6, 1.6);
    for (auto& [task, byEffort] : s.pricebook.port_months)
        for (auto& [effort, byPath] : byEffort)
            for (auto& [path, months] : byPath)
                scale(months, 0.5, 2.0);
    for (Dimension d : kAllDimensions)
        s.audit.dimension(d).tier = static_cast<Tier>(std::uniform_int_distribution<>(0, 2)(rng));
    s.workloads["chat"].growth_per_month = UncertainNumber::certain(uni(-0.02, 0.06));
    s.workloads["pretrain"].growth_per_month = UncertainNumber::certain(uni(-0.02, 0.05));
    scale(s.workloads["chat"].peak_tokens_per_s, 0.2, 3.0);
    scale(s.workloads["pretrain"].h100_equivalent_gpus, 0.2, 3.0);
    s.workloads["chat"].model_memory_gb = UncertainNumber::certain(uni(20, 700));
    s.amd_discount = UncertainNumber::certain(uni(0.0, 0.4));
    s.nvidia_discount = UncertainNumber::certain(uni(0.0, 0.2));
    s.target_utilisation = UncertainNumber::certain(uni(0.4, 0.9));
    s.transition_regression = UncertainNumber::certain(uni(0.0, 0.4));
    s.transition_regression_months = UncertainNumber::certain(uni(0.0, 12.0));
    s.team_engineers = std::uniform_int_distribution<>(0, 12)(rng);
    s.dual_vendor_usd_per_month = UncertainNumber::certain(uni(0, 150000));
    s.ramp_productivity_loss = UncertainNumber::certain(uni(0.0, 0.1));
    s.hetccl_available_month = UncertainNumber::certain(uni(0.0, s.horizon_months + 12.0));
    s.hetccl_cross_vendor_efficiency = UncertainNumber::certain(uni(0.6, 1.0));
    return s;
}

ScenarioEvaluation evaluate(const Scenario& s) {
    return evaluateScenario(s, compile(s));
}

double npvOf(const ScenarioEvaluation& e, OptionId id) {
    return e.find(id)->run.npv_usd;
}

// Every AMD input linked to its NVIDIA twin (DESIGN.md invariant 4, second half).
Scenario linkedToTwin(Scenario s) {
    const Sku& twin = s.pricebook.skus.at(s.nvidia.sku);
    Sku& amd = s.pricebook.skus.at(s.amd.sku);
    const Vendor vendor = amd.vendor;
    amd = twin;
    amd.vendor = vendor;
    for (auto& [id, sku] : s.pricebook.skus)
        sku.price_decline_per_year = UncertainNumber::certain(0);
    for (auto& [cls, row] : s.pricebook.performance)
        row[s.amd.sku] = row.at(s.nvidia.sku);
    s.amd.channel = s.nvidia.channel;
    s.amd_discount = s.nvidia_discount;
    s.transition_regression = UncertainNumber::certain(0);
    s.hetccl_cross_vendor_efficiency = UncertainNumber::certain(1);
    s.disposition = Disposition::KeepIdle;
    s.team_engineers = 0;
    s.pilot_gpus = 0;
    s.ramp_productivity_loss = UncertainNumber::certain(0);
    s.dual_vendor_usd_per_month = UncertainNumber::certain(0);
    return s;
}

} // namespace

class TestEngineInvariants : public QObject {
    Q_OBJECT

private:
    int m_doorsTaken = 0;
    int m_hetcclInside = 0;
    int m_hetcclDoorTaken = 0;

    void checkComponentsSum(const ScenarioEvaluation& e, const QString& what);
    void checkAllNeverIsStayCuda(const Scenario& s, const ScenarioEvaluation& e,
                                 const QString& what);

private slots:
    void fixtureHoldsEveryInvariant();
    void perturbationsHoldEveryInvariant();
    void memoryFloorPerReplica_data();
    void memoryFloorPerReplica();
    void memoryFloorInTheFleet();
    void twinLinkedAmdCostsExactlyStayCuda();
    void compilePointersEscapeIds();
};

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

void TestEngineInvariants::checkComponentsSum(const ScenarioEvaluation& e, const QString& what) {
    for (const OptionOutcome& o : e.options) {
        double running = 0;
        for (int m = 0; m < o.run.horizon; ++m) {
            double sum = 0;
            for (int c = 0; c < kComponentCount; ++c)
                sum += o.run.component(m, c);
            QVERIFY2(std::abs(sum - o.run.total[std::size_t(m)]) <= relTol(sum), qPrintable(what));
            running += o.run.total[std::size_t(m)];
            QVERIFY2(std::abs(running - o.run.cumulative[std::size_t(m)]) <= relTol(running),
                     qPrintable(what));
            QVERIFY2(o.run.component(m, kResidual) <= 0, qPrintable(what));
        }
        QVERIFY(std::abs(running - o.run.total_usd) <= relTol(running));
    }
}

void TestEngineInvariants::checkAllNeverIsStayCuda(const Scenario& s, const ScenarioEvaluation& e,
                                                   const QString& what) {
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    EngineWorkspace ws;
    OptionRun never;
    const double stay = npvOf(e, OptionId::StayCuda);
    for (const CompiledOption& option : c.options) {
        evaluateOption(c, v.data(), option, DoorPolicy{}, ws, never);
        QVERIFY2(never.npv_usd == stay, qPrintable(what + " " + toString(option.id).data()));
        QVERIFY2(npvOf(e, option.id) <= never.npv_usd + 1.0, qPrintable(what));
    }
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
    for (int k = 0; k < kPerturbations; ++k) {
        const Scenario s = perturbed(std::uint64_t(k) + 1);
        const QString what =
            QString("perturbation %1 (%2 sizing)").arg(k + 1).arg(toString(s.sizing).data());
        const ScenarioEvaluation e = evaluate(s);
        // 1. components sum to totals, cumulative to the total.
        checkComponentsSum(e, what);
        // 4. the all-never policy costs exactly stay-cuda; the chosen one never more.
        checkAllNeverIsStayCuda(s, e, what);
        // 6. with no door taken, an option costs what stay-cuda costs.
        for (const OptionOutcome& o : e.options) {
            if (o.doors_taken == 0)
                QVERIFY2(o.run.npv_usd == npvOf(e, OptionId::StayCuda), qPrintable(what));
            else
                ++m_doorsTaken;
        }
        // 2. a larger amd_discount never raises any option's NPV.
        Scenario cheaper = s;
        cheaper.amd_discount =
            UncertainNumber::certain(std::min(0.95, s.amd_discount.mostLikely() + 0.15));
        const ScenarioEvaluation ec = evaluate(cheaper);
        for (const OptionOutcome& o : e.options)
            QVERIFY2(npvOf(ec, o.id) <= o.run.npv_usd + relTol(o.run.npv_usd),
                     qPrintable(what + " discount " + toString(o.id).data()));
        // 3. an earlier HetCCL month never raises path3's or path2+3's NPV.
        if (s.hetccl_available_month.mostLikely() < s.horizon_months)
            ++m_hetcclInside;
        Scenario earlier = s;
        earlier.hetccl_available_month =
            UncertainNumber::certain(std::max(0.0, s.hetccl_available_month.mostLikely() - 9.0));
        const ScenarioEvaluation eh = evaluate(earlier);
        for (OptionId id : {OptionId::Path3, OptionId::Path2And3}) {
            QVERIFY2(npvOf(eh, id) <= npvOf(e, id) + relTol(npvOf(e, id)),
                     qPrintable(what + " hetccl " + toString(id).data()));
            if (e.find(id)->run.door_taken_month[1] >= 0)
                ++m_hetcclDoorTaken;
        }
    }
    qInfo("%d perturbations: %d options took AMD doors; HetCCL inside the horizon in %d; "
          "HetCCL-gated training doors taken %d times",
          kPerturbations, m_doorsTaken, m_hetcclInside, m_hetcclDoorTaken);
    // No invariant may pass by never being exercised.
    QVERIFY(m_doorsTaken > kPerturbations / 4);
    QVERIFY(m_hetcclInside > kPerturbations / 4);
    QVERIFY(m_hetcclDoorTaken > 10);
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
    QCOMPARE(gpusPerReplica(memoryGb, hbmGb, 0.90), gpus);
}

void TestEngineInvariants::memoryFloorInTheFleet() {
    // With a tiny demand, the fleet is one replica: 8 H100s or 4 MI300Xs for a 505 GB model.
    Scenario s = testing::smallScenario();
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

// With every AMD input linked to its NVIDIA twin, moving buys nothing: continuous sizing
// costs exactly stay-cuda; whole servers stay within one server per SKU per month (the split
// of one demand across two vendors rounds twice).
void TestEngineInvariants::twinLinkedAmdCostsExactlyStayCuda() {
    int servers = 0;
    for (int k = 0; k < 100; ++k) {
        Scenario s = linkedToTwin(perturbed(std::uint64_t(k) + 9001));
        const ScenarioEvaluation e = evaluate(s);
        const OptionOutcome& stay = *e.find(OptionId::StayCuda);
        const QString what = QString("twin %1 (%2)").arg(k).arg(toString(s.sizing).data());
        for (const OptionOutcome& o : e.options) {
            if (s.sizing == Sizing::Continuous) {
                QVERIFY2(std::abs(o.run.npv_usd - stay.run.npv_usd) <= 1.0,
                         qPrintable(what + " " + toString(o.id).data()));
                continue;
            }
            ++servers;
            const int skus = o.run.sku_count;
            for (int m = 0; m < o.run.horizon; ++m) {
                double option = 0;
                double reference = 0;
                for (int sku = 0; sku < skus; ++sku) {
                    option += o.run.gpusAt(m, sku);
                    reference += stay.run.gpusAt(m, sku);
                }
                QVERIFY2(std::abs(option - reference) <= 8.0 * skus,
                         qPrintable(what + " " + toString(o.id).data()));
            }
        }
    }
    QVERIFY(servers > 0);
}

QTEST_GUILESS_MAIN(TestEngineInvariants)
#include "tst_engine_invariants.moc"
