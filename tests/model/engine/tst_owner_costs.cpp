// Issue 24's owner costs, each on the worked example of tst_engine_arithmetic (eight owned H100s
// training, $25,000 each with $10,000 of server, H100 1.0 kW with its host; Path 1 moves the
// training to ten MI300Xs at $12,000 + $10,000 in month 1), with the arithmetic written out.

#include "evaluation.h"
#include "option_run.h"
#include "scenario_fixture.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace crossgrade;
using namespace crossgrade::model;
using testing::evaluateWith;
using testing::u;

namespace {

Scenario tiny() {
    return testing::tinyTrainingScenario();
}

// The NPV evaluateDoorPolicies gives Path 1 moving in month 1: infinite where a power cap
// refuses the move.
double moveNpv(const Scenario& s) {
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    EngineWorkspace ws;
    OptionRun scratch;
    const DoorPolicy move{{1}};
    double npv = 0;
    for (const CompiledOption& o : c.options)
        if (o.id == OptionId::Path1)
            evaluateDoorPolicies(c, v.data(), o, &move, 1, &npv, ws, scratch);
    return npv;
}

} // namespace

class TestOwnerCosts : public QObject {
    Q_OBJECT

private slots:
    // Scenarios written before issue 24 have none of the inputs: every new component is 0 and
    // maintenance keeps its older basis (the GPU's price).
    void olderFilesPayNothingNew() {
        const OptionRun o = evaluateWith(tiny(), OptionId::Path1, DoorPolicy{{0}}).run;
        for (int m = 0; m < o.horizon; ++m)
            for (int c : {kNetwork, kStorage, kOperations, kSupport, kSpares, kFinancing})
                QCOMPARE(o.component(m, c), 0.0);
        QCOMPARE(o.component(0, kMaintenance), 2000.0); // 8 × $25,000 × 12 % / 12
    }

    void networkFabricIsBoughtWithTheServersAndResoldWithThem() {
        Scenario s = tiny();
        s.infiniband_usd_per_gpu = u(4000);
        s.roce_usd_per_gpu = u(3000);
        s.server_retention_per_year = u(0.5);
        // Path 1 buys 10 MI300Xs in month 1 on AMD's default fabric, RoCE: 10 × $3,000.
        const OptionRun moved = evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run;
        QCOMPARE(moved.component(0, kNetwork), 0.0);
        QCOMPARE(moved.component(1, kNetwork), 30000.0);
        QCOMPARE(moved.component(1, kCapex), 220000.0); // the server alone, as before
        // An AMD lot on InfiniBand pays InfiniBand's price.
        s.amd.fabric = Fabric::InfiniBand;
        QCOMPARE(evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run.component(1, kNetwork),
                 40000.0);
        // The installed H100s' fabric was paid before month 0 and is resold with them: at the
        // horizon (age 2) each brings $4,000 × 0.5^(2/12) more than without a fabric.
        Scenario without = s;
        without.infiniband_usd_per_gpu.reset();
        const double with =
            evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run.component(1, kResidual);
        const double bare =
            evaluateWith(without, OptionId::StayCuda, DoorPolicy{}).run.component(1, kResidual);
        QCOMPARE(with - bare, -8 * 4000.0 * std::pow(0.5, 2.0 / 12.0));
        QCOMPARE(evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run.component(0, kNetwork), 0.0);
    }

    // Support stated apart: support and maintenance (then repairs and parts) both on the whole
    // server's purchase value, GPU, server and fabric.
    void supportAndRepairsAreChargedOnTheWholeServer() {
        Scenario s = tiny();
        s.infiniband_usd_per_gpu = u(5000);
        s.support_share_per_year = u(0.06);
        const OptionRun o = evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run;
        // 8 × ($25,000 + $10,000 + $5,000) = $320,000; support 6 %/12, maintenance 12 %/12.
        QCOMPARE(o.component(0, kSupport), 320000.0 * 0.06 / 12.0);
        QCOMPARE(o.component(0, kMaintenance), 320000.0 * 0.12 / 12.0);
    }

    // A failed GPU is replaced at today's price of a new one, after the negotiated discount.
    void sparesReplaceFailedGpusAtTodaysPrice() {
        Scenario s = tiny();
        s.gpu_replacement_rate_per_year = u(0.06);
        const OptionRun o = evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run;
        // 8 GPUs × 6 % / 12 × $25,000 × (1 − 5 %) = $950 a month.
        QCOMPARE(o.component(0, kSpares), 8 * 0.06 / 12.0 * 25000.0 * 0.95);
        // Path 1's month 1: 10 MI300Xs × 6 % / 12 × $15,000 × (1 − 20 %).
        const OptionRun moved = evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run;
        QCOMPARE(moved.component(1, kSpares), 10 * 0.06 / 12.0 * 15000.0 * 0.8);
    }

    void operationsStaffScaleWithOwnedGpus() {
        Scenario s = tiny();
        s.gpus_per_operations_engineer = u(4);
        s.operations_usd_per_person_month = u(15000);
        // 8 GPUs ÷ 4 per engineer × $15,000 = $30,000; 10 MI300Xs: 2.5 engineers.
        QCOMPARE(evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run.component(0, kOperations),
                 30000.0);
        QCOMPARE(evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run.component(1, kOperations),
                 37500.0);
    }

    void storageIsPaidPerPetabyteTheWorkloadsKeep() {
        Scenario s = tiny();
        s.workloads.at("train").storage_pb = u(2);
        s.storage_usd_per_pb_month = u(4000);
        // 2 PB × $4,000 in every month of every option.
        for (OptionId o : {OptionId::StayCuda, OptionId::Path1}) {
            const OptionRun r = evaluateWith(s, o, DoorPolicy{{1}}).run;
            QCOMPARE(r.component(0, kStorage), 8000.0);
            QCOMPARE(r.component(1, kStorage), 8000.0);
        }
    }

    // A loan: the lender pays the purchase, equal instalments follow from the next month, and
    // the balance is repaid at the horizon; the sum is the interest.
    void aLoanSpreadsThePurchaseAndRepaysAtTheHorizon() {
        Scenario s = tiny();
        s.horizon_months = 4;
        s.financing = FinancingMethod::Loan;
        s.financing_rate_per_year = u(0.12);
        s.financing_term_months = 24;
        const OptionRun o = evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run;
        const double principal = 220000.0; // 10 × ($12,000 + $10,000), bought in month 1
        const double r = 0.01;
        const double instalment = principal * r / (1 - std::pow(1 + r, -24));
        QCOMPARE(o.component(1, kCapex), principal);
        QCOMPARE(o.component(1, kFinancing), -principal);
        QCOMPARE(o.component(2, kFinancing), instalment);
        // Month 3, the last: its instalment and the balance left after it (two paid).
        const double balance =
            principal * std::pow(1 + r, 2) - instalment * (std::pow(1 + r, 2) - 1) / r;
        QCOMPARE(o.component(3, kFinancing), instalment + balance);
        double interest = 0;
        for (int m = 0; m < 4; ++m)
            interest += o.component(m, kFinancing);
        QVERIFY(std::abs(interest - (principal * 0.0201 - instalment * 0.01)) < 1e-6);
        // Cash staying: no purchase, nothing financed.
        const OptionRun stay = evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run;
        for (int m = 0; m < 4; ++m)
            QCOMPARE(stay.component(m, kFinancing), 0.0);
    }

    // A lease pays as the loan does, but the lessor keeps the GPUs: no residual for them.
    void aLeasedGpuFetchesNothing() {
        Scenario s = tiny();
        s.financing = FinancingMethod::Lease;
        s.financing_rate_per_year = u(0.12);
        const OptionRun leased = evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run;
        // The H100s sold in month 1 were bought in cash and still fetch their price; the
        // MI300Xs bring nothing at the horizon.
        QCOMPARE(leased.component(1, kResidual), -8 * 24625.0);
    }

    // NVL and PCIe parts bundle five years of NVIDIA AI Enterprise with the purchase: an owned
    // GPU younger than that pays no licence.
    void aBundledLicenceIsNotPaidTwice() {
        Scenario s = tiny();
        s.uses_nvidia_ai_enterprise = true;
        Sku& h100 = s.pricebook.skus.at("H100");
        h100.software_usd_per_year = u(4500);
        h100.software_bundled_months = u(60);
        QCOMPARE(evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run.component(0, kSoftware),
                 0.0);
        // Installed 59 months ago: month 0 is bundled, month 1 (age 60) pays 8 × $375.
        s.fleet.at("h100").age_months = 59;
        const OptionRun old = evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run;
        QCOMPARE(old.component(0, kSoftware), 0.0);
        QCOMPARE(old.component(1, kSoftware), 3000.0);
    }

    // Staying draws 8 kW, Path 1's ten MI300Xs 10.5 kW.
    void aPowerCapRefusesADoorThatNeedsMoreThanStaying() {
        Scenario s = tiny();
        QCOMPARE(evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run.peak_kw, 10.5);
        const double uncapped = moveNpv(s);
        QVERIFY(std::isfinite(uncapped));
        s.power_cap_mw = u(0.009);
        s.over_cap_usd_per_kw_month = u(200);
        QVERIFY(std::isinf(moveNpv(s))); // 10.5 kW against 9 and staying's 8
        s.power_cap_mw = u(0.007);
        QVERIFY(std::isinf(moveNpv(s))); // above the cap and above staying
        s.power_cap_mw = u(0.011);
        QCOMPARE(moveNpv(s), uncapped); // under the cap: allowed, nothing to pay
    }

    void stayingAboveTheCapPaysForTheExtraKilowatts() {
        Scenario s = tiny();
        s.power_cap_mw = u(0.007);
        s.over_cap_usd_per_kw_month = u(200);
        // 8 kW against 7: 1 kW × $200 on top of the $800 facility.
        const OptionRun o = evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run;
        QCOMPARE(o.component(0, kFacility), 1000.0);
        QCOMPARE(o.peak_kw, 8.0);
    }

    // A licence only NVIDIA's SKUs carry never makes staying on CUDA cheaper relative to a move:
    // Path 1's saving against staying grows by exactly the licences the move stops paying.
    void aLicenceOnlyNvidiaPaysNeverFavoursStaying() {
        Scenario s = tiny();
        s.horizon_months = 12;
        s.pricebook.skus.at("H100").software_usd_per_year = u(4500);
        const auto saving = [&] {
            const double stay = evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run.npv_usd;
            return stay - evaluateWith(s, OptionId::Path1, DoorPolicy{{1}}).run.npv_usd;
        };
        const double without = saving();
        s.uses_nvidia_ai_enterprise = true;
        const double with = saving();
        // Eight H100s pay $3,000 a month staying; moved, only month 0: 11 months × $3,000.
        QCOMPARE(with - without, 11 * 3000.0);
    }

    // Invariant 4 of DESIGN.md with every owner cost set: an option never costs more than
    // staying, as its shut-door plan is staying.
    void noOptionCostsMoreThanStayingWithEveryOwnerCost() {
        Scenario s = tiny();
        s.horizon_months = 24;
        s.infiniband_usd_per_gpu = u(4000);
        s.roce_usd_per_gpu = u(3000);
        s.support_share_per_year = u(0.12);
        s.gpu_replacement_rate_per_year = u(0.03);
        s.gpus_per_operations_engineer = u(500);
        s.operations_usd_per_person_month = u(20000);
        s.storage_usd_per_pb_month = u(4200);
        s.workloads.at("train").storage_pb = u(1);
        s.power_cap_mw = u(0.009);
        s.over_cap_usd_per_kw_month = u(200);
        s.financing = FinancingMethod::Loan;
        s.financing_rate_per_year = u(0.08);
        s.uses_nvidia_ai_enterprise = true;
        s.pricebook.skus.at("H100").software_usd_per_year = u(4500);
        const ScenarioEvaluation e = evaluateScenario(s, compile(s));
        const double stay = e.find(OptionId::StayCuda)->run.npv_usd;
        for (const OptionOutcome& o : e.options)
            QVERIFY2(o.run.npv_usd <= stay + 1.0, toString(o.id).data());
    }
};

QTEST_APPLESS_MAIN(TestOwnerCosts)
#include "tst_owner_costs.moc"
