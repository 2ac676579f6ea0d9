// A case small enough to check by hand (docs/model.md, "Worked example"): eight owned H100s
// training, two months; staying on CUDA, and Path 1 moving training to MI300X in month 1.

#include "evaluation.h"
#include "finite_results.h"
#include "monte_carlo.h"
#include "option_run.h"
#include "scenario_fixture.h"

#include <QObject>
#include <QString>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::model;
using testing::u;

namespace {

Scenario tinyScenario() {
    return testing::tinyTrainingScenario();
}

using Run = testing::OptionEvaluation;
using testing::evaluateWith;

} // namespace

class TestEngineArithmetic : public QObject {
    Q_OBJECT

private slots:
    void stayingOnCuda() {
        const Run r = evaluateWith(tinyScenario(), OptionId::StayCuda, DoorPolicy{});
        const OptionRun& o = r.run;
        // H100: 0.7 kW board + 0.3 kW host = 1.0 kW; training keeps all 8 busy, so load is
        // 0.3 × 8 idle + 0.7 × 8 busy = 8 GPU-equivalents.
        // energy = 1.0 kW × 8 × PUE 1.5 × 730 h × $0.10 = $876
        QCOMPARE(o.component(0, kEnergy), 876.0);
        // facility = 1.0 kW × 8 × $100/kW-month = $800
        QCOMPARE(o.component(0, kFacility), 800.0);
        // maintenance = 8 × $25,000 × 12 % / 12 = $2,000
        QCOMPARE(o.component(0, kMaintenance), 2000.0);
        QCOMPARE(o.total[0], 3676.0);
        // Last month: residual of 8 GPUs at age 2 of 60 months, floor 10 %:
        // $25,000 × (1 − 0.9 × 2/60) = $24,250 each → −$194,000.
        QCOMPARE(o.component(1, kResidual), -194000.0);
        QCOMPARE(o.total[1], 3676.0 - 194000.0);
        QCOMPARE(o.total_usd, 2 * 3676.0 - 194000.0);
        QCOMPARE(o.npv_usd, o.total_usd); // discount rate 0
        QCOMPARE(o.gpusAt(0, r.compiled.skuIndex("H100")), 8.0);
    }

    void pathOneMovesTrainingInMonthOne() {
        // The training port takes 1 month, so the door opens at month 1.
        const Run r = evaluateWith(tinyScenario(), OptionId::Path1, DoorPolicy{{0, kNever}});
        const OptionRun& o = r.run;
        QCOMPARE(o.door_taken_month[0], 1.0);
        // Month 0: as staying, plus 2 engineers × $20,000 for the port.
        QCOMPARE(o.component(0, kMigration), 40000.0);
        QCOMPARE(o.total[0], 3676.0 + 40000.0);
        // Month 1: 8 H100-equivalents at ratio 0.8 need 10 MI300X, bought at
        // $15,000 × (1 − 20 %) + $10,000 overhead = $22,000 each.
        QCOMPARE(o.gpusAt(1, r.compiled.skuIndex("MI300X")), 10.0);
        QCOMPARE(o.component(1, kCapex), 220000.0);
        // The 8 displaced H100s are sold at age 1: $25,000 × (1 − 0.9/60) = $24,625 each;
        // the 10 MI300X are valued at the end, age 1: $12,000 × 0.985 = $11,820 each.
        QCOMPARE(o.component(1, kResidual), -8 * 24625.0 - 10 * 11820.0);
        // MI300X 0.75 + 0.3 = 1.05 kW, 10 busy: 1.05 × 10 × 1.5 × 730 × 0.10 = $1,149.75
        QCOMPARE(o.component(1, kEnergy), 1149.75);
        QCOMPARE(o.component(1, kFacility), 1050.0);
        QCOMPARE(o.component(1, kMaintenance), 1200.0); // 10 × $12,000 × 1 %
        QCOMPARE(o.component(1, kDualVendor), 5000.0);
        // Ramp: 10 % × 10 people × $10,000 for the first AMD month.
        QCOMPARE(o.component(1, kProductivity), 10000.0);
        QCOMPARE(o.first_amd_month, 1);
        QCOMPARE(o.total[1], 220000.0 + 1149.75 + 1050.0 + 1200.0 + 5000.0 + 10000.0 - 8 * 24625.0 -
                                 10 * 11820.0);
    }

    // Issue 24's software licences: every GPU of a licensed SKU pays while the scenario uses
    // NVIDIA AI Enterprise; the MI300Xs a move buys carry none.
    void softwareLicencesArePaidPerGpuHeld() {
        Scenario s = tinyScenario();
        s.pricebook.skus.at("H100").software_usd_per_year = UncertainNumber::certain(4500);
        // Off (the default): no licence whatever the book says.
        QCOMPARE(evaluateWith(s, OptionId::StayCuda, DoorPolicy{}).run.component(0, kSoftware),
                 0.0);
        s.uses_nvidia_ai_enterprise = true;
        const Run stay = evaluateWith(s, OptionId::StayCuda, DoorPolicy{});
        // 8 H100s × $4,500 ÷ 12 = $3,000 a month, on top of the $3,676 of staying.
        QCOMPARE(stay.run.component(0, kSoftware), 3000.0);
        QCOMPARE(stay.run.component(1, kSoftware), 3000.0);
        QCOMPARE(stay.run.total[0], 3676.0 + 3000.0);
        // Path 1 keeps the H100s in month 0 and serves on 10 MI300Xs from month 1: $3,000, then
        // nothing.
        const Run moved = evaluateWith(s, OptionId::Path1, DoorPolicy{{1}});
        QCOMPARE(moved.run.component(0, kSoftware), 3000.0);
        QCOMPARE(moved.run.component(1, kSoftware), 0.0);
    }

    void npvDiscountsMonthlyCash() {
        Scenario s = tinyScenario();
        s.discount_rate = u(0.12);
        const Run r = evaluateWith(s, OptionId::StayCuda, DoorPolicy{});
        // Cash at the start of each month, factor (1 + r)^(−m/12).
        QCOMPARE(r.run.npv_usd, r.run.total[0] + r.run.total[1] * std::pow(1.12, -1.0 / 12.0));
    }

    void breakEvenAndCheapestOption() {
        const Scenario s = tinyScenario();
        const ScenarioEvaluation e = evaluateScenario(s, compile(s));
        // Moving costs $220k of new GPUs against $197k of sales and a higher end value:
        // path1 with its door vs staying, all on cumulative cash.
        const OptionOutcome& stay = *e.find(OptionId::StayCuda);
        QVERIFY(!stay.break_even_month.has_value());
        for (const OptionOutcome& o : e.options)
            if (o.doors_taken == 0)
                QVERIFY(!o.break_even_month.has_value());
        QVERIFY(e.find(e.cheapest) != nullptr);
    }

    // Issue 20: a purchase price of 1e307 made every option NaN and the CLI printed
    // "Cheapest: stay-cuda" with exit 0. The readers refuse such a price now; a scenario built
    // in code can still hold one, and the engine refuses to return what it makes of it: the
    // error names the option, the month and the component.
    void bug_hugePurchasePriceGaveNaNWithExitZero() {
        Scenario s = tinyScenario();
        for (auto& [id, sku] : s.pricebook.skus)
            sku.purchase_usd = u(1e308);
        s.fleet["h100"].count = 10'000'000;
        const CompiledScenario compiled = compile(s);
        try {
            evaluateScenario(s, compiled);
            QFAIL("a non-finite evaluation was returned");
        } catch (const NonFiniteResult& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.contains("for option " +
                                      QString::fromStdString(std::string(toString(e.option())))),
                     qPrintable(message));
            QVERIFY(e.month().has_value() || message.contains("npv_usd") ||
                    message.contains("total_usd"));
            QVERIFY2(message.contains(QString::fromStdString(e.figure())), qPrintable(message));
            QVERIFY(message.contains("nothing was printed or saved"));
        }
        // The Monte Carlo checks its own result: a finite plan over inputs that overflow.
        const Scenario fine = tinyScenario();
        const ScenarioEvaluation plan = evaluateScenario(fine, compile(fine));
        DrawCache draws;
        QVERIFY_THROWS_EXCEPTION(NonFiniteResult,
                                 runMonteCarlo(compiled, plan, {8, 1, 1, {}}, draws));
        // And a finite scenario passes every check.
        requireFinite(plan);
        QCOMPARE(runMonteCarlo(compile(fine), plan, {8, 1, 1, {}}, draws).options.size(),
                 plan.options.size());
    }

    void moneyIsFormattedForSentences_data() {
        QTest::addColumn<double>("usd");
        QTest::addColumn<QString>("text");
        QTest::newRow("millions") << 1'640'000.0 << "$1.6M";
        QTest::newRow("thousands") << 350'400.0 << "$350k";
        QTest::newRow("negative") << -40'000.0 << "-$40k";
        QTest::newRow("billions") << 2'500'000'000.0 << "$2.5B";
        QTest::newRow("small") << 12.0 << "$12";
    }
    void moneyIsFormattedForSentences() {
        QFETCH(double, usd);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatUsd(usd)), text);
    }
};

QTEST_GUILESS_MAIN(TestEngineArithmetic)
#include "tst_engine_arithmetic.moc"
