// Selling and bridging (issue 22 point 3, docs/model.md "Selling and bridging"), each on a
// case small enough to check by hand: the tiny training scenario (eight owned H100s, Path 1
// moving them to MI300X in month 1) with one selling input switched on at a time; then the
// samples, and an old file that keeps its numbers until upgraded.

#include "evaluation.h"
#include "option_run.h"
#include "pricebook_json.h"
#include "sample_scenario.h"
#include "samples.h"
#include "scenario_fixture.h"
#include "scenario_json.h"
#include "scenario_upgrade.h"

#include <QObject>
#include <QTest>
#include <cmath>
#include <set>

using namespace crossgrade;
using namespace crossgrade::model;
using testing::u;

namespace {

using Run = testing::OptionEvaluation;
using testing::evaluateWith;

// Path 1 taking its training door as soon as it opens (month 1).
Run moved(const Scenario& s) {
    return evaluateWith(s, OptionId::Path1, DoorPolicy{{0}});
}

Scenario tiny() {
    return testing::tinyTrainingScenario();
}

PriceBook defaultBook() {
    data::PriceBookReadResult book = data::readPriceBook(data::defaultPriceBookText());
    if (!book.ok())
        qFatal("the shipped default price book does not read");
    return *book.price_book;
}

double sumOf(const OptionRun& run, int component) {
    double sum = 0;
    for (int m = 0; m < run.horizon; ++m)
        sum += run.component(m, component);
    return sum;
}

} // namespace

class TestSellingBridging : public QObject {
    Q_OBJECT

private slots:
    void saleLimitSpreadsSellingOverMonths();
    void saleIsNetOfItsCostAndSellsTheServerToo();
    void residualCurveIsFrontLoadedWithAVendorFloor();
    void installedLotIsValuedAtItsMarketValue();
    void leadTimeBridgesTheMoveUntilDelivery();
    void stayingOnCudaNeverBridges();
    void oldFileKeepsItsNumbersUntilUpgraded();
    void upgradeFillsOnlyWhatIsMissing();
};

// 24 H100s displaced in month 1, at most 8 sold a month: 8 in each of months 1, 2 and 3, the
// rest idle meanwhile, paying idle power and their space.
void TestSellingBridging::saleLimitSpreadsSellingOverMonths() {
    Scenario s = tiny();
    s.horizon_months = 4;
    s.workloads.at("train").h100_equivalent_gpus = u(24);
    s.fleet.at("h100").count = 24;
    s.nvidia.max_sold_per_month = u(8);
    const Run r = moved(s);
    const int h100 = r.compiled.skuIndex("H100");
    QCOMPARE(r.run.gpusAt(0, h100), 24.0);
    QCOMPARE(r.run.gpusAt(1, h100), 16.0);
    QCOMPARE(r.run.gpusAt(2, h100), 8.0);
    QCOMPARE(r.run.gpusAt(3, h100), 0.0);
    // Linear curve (no retention given): $25,000 × (1 − 0.9 × age/60).
    QCOMPARE(r.run.component(1, kResidual), -8 * 24625.0);
    QCOMPARE(r.run.component(2, kResidual), -8 * 24250.0);
    // Month 3 also values the 30 MI300X left at the end: $12,000 × (1 − 0.9 × 3/60).
    QCOMPARE(r.run.component(3, kResidual), -8 * 23875.0 - 30 * 11460.0);
    // Month 1: 16 idle H100s draw 30 % of 1.0 kW; 30 busy MI300X draw 1.05 kW; PUE 1.5,
    // 730 h, $0.10/kWh. Facility: every owned kW at $100.
    QCOMPARE(r.run.component(1, kEnergy), (0.3 * 16 * 1.0 + 30 * 1.05) * 1.5 * 730 * 0.10);
    QCOMPARE(r.run.component(1, kFacility), (16 * 1.0 + 30 * 1.05) * 100.0);

    Scenario unlimited = s;
    unlimited.nvidia.max_sold_per_month.reset();
    const Run all = moved(unlimited);
    QCOMPARE(all.run.gpusAt(1, h100), 0.0);
    QCOMPARE(all.run.component(1, kResidual), -24 * 24625.0);
    QVERIFY(r.run.npv_usd > all.run.npv_usd); // waiting idle costs power, space and value
}

void TestSellingBridging::saleIsNetOfItsCostAndSellsTheServerToo() {
    Scenario s = tiny();
    s.sale_cost_fraction = u(0.10);
    s.server_retention_per_year = u(0.5);
    const Run r = moved(s);
    // Month 1 sells 8 H100s at age 1 and, being the last month, values 10 MI300X at age 1:
    // each GPU on its curve plus its $10,000 server at 0.5^(1/12), all less 10 %.
    const double server = 10000 * std::pow(0.5, 1.0 / 12.0);
    QCOMPARE(r.run.component(1, kResidual),
             -0.9 * (8 * (24625.0 + server) + 10 * (11820.0 + server)));
}

// GLRI (facts-2026-12.md §2): about 40–45 % at year 2 and 25–35 % at year 3; AMD's thinner
// market sits lower, with a lower floor.
void TestSellingBridging::residualCurveIsFrontLoadedWithAVendorFloor() {
    Scenario s = tiny();
    s.pricebook = defaultBook();
    s.nvidia.sku = "H100";
    s.amd.sku = "MI300X";
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    const int h100 = c.skuIndex("H100");
    const int mi300x = c.skuIndex("MI300X");
    const double year2 = residualShare(c, v.data(), h100, 24);
    const double year3 = residualShare(c, v.data(), h100, 36);
    qInfo("H100 keeps %.0f %% at year 2, %.0f %% at year 3", 100 * year2, 100 * year3);
    QVERIFY(year2 >= 0.40 && year2 <= 0.45);
    QVERIFY(year3 >= 0.25 && year3 <= 0.35);
    QVERIFY(1.0 - residualShare(c, v.data(), h100, 12) > year2 - year3); // front-loaded
    QVERIFY(residualShare(c, v.data(), mi300x, 24) < year2);
    QCOMPARE(residualShare(c, v.data(), h100, 240), 0.10);
    QCOMPARE(residualShare(c, v.data(), mi300x, 240), 0.05);
}

// An installed lot 24 months old with a broker's quote of $18,000: worth that today, then
// carried down the resale curve (0.65 a year) from its age.
void TestSellingBridging::installedLotIsValuedAtItsMarketValue() {
    Scenario s = tiny();
    s.fleet.at("h100").age_months = 24;
    s.fleet.at("h100").market_value_usd = u(18000);
    s.pricebook.skus.at("H100").resale_retention_per_year = u(0.65);
    const Run r = moved(s);
    const std::vector<double> v = r.compiled.inputs.mostLikely();
    // Its capital in unit costs: the quote, and the server at the GPU curve (no server curve).
    QCOMPARE(installedFleetValue(r.compiled, v.data()), 8 * (18000.0 + 10000.0 * 0.65 * 0.65));
    QCOMPARE(r.run.component(1, kResidual),
             -8 * 18000.0 * std::pow(0.65, 1.0 / 12.0) - 10 * 11820.0); // MI300X: linear
    // Without the lot's quote, the price book's market value of the SKU applies.
    s.fleet.at("h100").market_value_usd.reset();
    s.pricebook.skus.at("H100").market_value_usd = u(20000);
    const CompiledScenario c = compile(s);
    QCOMPARE(installedGpuValue(c, c.inputs.mostLikely().data(), c.lots.front()), 20000.0);
}

// MI300X arrive two months after ordering: the move in month 1 is served by ten rented
// MI300X in months 1 and 2 (on-demand, $1.99/GPU-hour); the owned ones, ordered and paid for
// in month 1, serve from month 3.
void TestSellingBridging::leadTimeBridgesTheMoveUntilDelivery() {
    Scenario s = tiny();
    s.horizon_months = 5;
    s.pricebook.skus.at("MI300X").lead_time_months = u(2);
    const Run r = moved(s);
    const int mi300x = r.compiled.skuIndex("MI300X");
    for (int m = 1; m < 5; ++m)
        QCOMPARE(r.run.gpusAt(m, mi300x), 10.0);
    QCOMPARE(r.run.component(1, kBridge), 10 * 730 * 1.99);
    QCOMPARE(r.run.component(2, kBridge), 10 * 730 * 1.99);
    QCOMPARE(r.run.component(3, kBridge), 0.0);
    // Paid for when ordered, as staying would have paid for them: the bridge only adds cost.
    QCOMPARE(r.run.component(1, kCapex), 10 * (12000.0 + 10000.0));
    QCOMPARE(r.run.component(3, kCapex), 0.0);
    // Rented GPUs pay no power or space of their own: months 1 and 2 have no MI300X energy.
    QCOMPARE(r.run.component(1, kEnergy), 0.0);

    s.amd.bridge = Channel::Reserved;
    QCOMPARE(moved(s).run.component(1, kBridge), 10 * 730 * 1.55);
}

// Lead times apply to capacity a door sends to AMD: growth where a workload already runs is
// ordered ahead, as any planner does, so staying on CUDA never rents a bridge.
void TestSellingBridging::stayingOnCudaNeverBridges() {
    const Scenario s = testing::sampleScenario("large-model-inference.json");
    QVERIFY(s.pricebook.skus.at("H200").lead_time_months.has_value());
    const ScenarioEvaluation e = evaluateScenario(s, compile(s));
    QCOMPARE(sumOf(e.find(OptionId::StayCuda)->run, kBridge), 0.0);
    const OptionOutcome& path1 = *e.find(OptionId::Path1);
    QVERIFY(path1.run.door_taken_month[0] >= 0);
    const int door = int(path1.run.door_taken_month[0]);
    QVERIFY(path1.run.component(door, kBridge) > 0);
    QCOMPARE(path1.run.component(door + 2, kBridge), 0.0); // the MI300X have arrived
}

// The large-model sample as written before selling existed (engine 2, no selling inputs):
// its numbers, recorded from the engine before this change, stay until it is upgraded.
void TestSellingBridging::oldFileKeepsItsNumbersUntilUpgraded() {
    data::ScenarioReadResult read = data::readScenarioFile(
        CROSSGRADE_SOURCE_DIR "/tests/fixtures/older-scenarios/large-model-before-selling.json");
    QVERIFY(read.ok());
    Scenario s = *read.scenario;
    const ScenarioEvaluation before = evaluateScenario(s, compile(s));
    // Recorded from the engine before this change: stay $44.1M, Path 1 saving $701k, Path 2
    // $734k (the previous session's closing note).
    const std::map<OptionId, double> recorded{{OptionId::StayCuda, 44'123'762.19},
                                              {OptionId::Path1, 43'422'456.73},
                                              {OptionId::Path2, 43'389'474.64},
                                              {OptionId::Path3, 43'422'456.73},
                                              {OptionId::Path2And3, 43'447'277.84}};
    for (const auto& [id, npv] : recorded)
        QVERIFY2(std::abs(before.find(id)->run.npv_usd - npv) < 1.0, toString(id).data());
    QCOMPARE(sumOf(before.find(OptionId::Path1)->run, kBridge), 0.0);

    QVERIFY(!upgradeScenario(s, defaultBook()).empty());
    const ScenarioEvaluation after = evaluateScenario(s, compile(s));
    QVERIFY(std::abs(after.find(OptionId::StayCuda)->run.npv_usd - 44'123'762.19) > 1000.0);
    QVERIFY(sumOf(after.find(OptionId::Path1)->run, kBridge) > 0);
}

void TestSellingBridging::upgradeFillsOnlyWhatIsMissing() {
    data::ScenarioReadResult read = data::readScenarioFile(
        CROSSGRADE_SOURCE_DIR "/tests/fixtures/older-scenarios/large-model-before-selling.json");
    QVERIFY(read.ok());
    Scenario s = *read.scenario;
    s.engine_version = kFirstEngineVersion;
    s.sale_cost_fraction = u(0.02); // the author's own figure stays
    const std::vector<UpgradeChange> changes = upgradeScenario(s, defaultBook());
    std::set<std::string> pointers;
    for (const UpgradeChange& c : changes) {
        pointers.insert(c.pointer);
        QVERIFY2(!c.description.empty(), c.pointer.c_str());
    }
    QVERIFY(pointers.contains("/engine_version"));
    QVERIFY(pointers.contains("/resale/server_retention_per_year"));
    QVERIFY(pointers.contains("/procurement/amd/max_sold_per_month"));
    QVERIFY(pointers.contains("/pricebook/skus/H100/market_value_usd"));
    QVERIFY(!pointers.contains("/resale/sale_cost_fraction"));
    QCOMPARE(s.sale_cost_fraction->mostLikely(), 0.02);
    // Issue 24's owner costs: the fabric priced apart, so each default SKU's overhead becomes
    // the server alone; support apart, so maintenance becomes repairs and parts.
    for (const char* p : {"/network/infiniband_usd_per_gpu", "/network/roce_usd_per_gpu",
                          "/owner/support_share_per_year", "/owner/gpu_replacement_rate_per_year",
                          "/owner/gpus_per_operations_engineer", "/owner/storage_usd_per_pb_month",
                          "/pricebook/skus/H100/overhead_usd", "/energy/maintenance_per_year"})
        QVERIFY2(pointers.contains(p), p);
    QCOMPARE(s.pricebook.skus.at("H100").overhead_usd, defaultBook().skus.at("H100").overhead_usd);
    QCOMPARE(s.maintenance_per_year, ownerDefaults().maintenance_per_year);
    QVERIFY(s.financing == FinancingMethod::Cash); // the organisation's own: never defaulted
    QVERIFY(!s.power_cap_mw);
    QCOMPARE(s.engine_version, kCurrentEngineVersion);
    // Through the writer and the reader, and a second upgrade adds nothing.
    data::ScenarioReadResult again = data::readScenario(data::writeScenario(s));
    QVERIFY(again.ok());
    QVERIFY(upgradeScenario(*again.scenario, defaultBook()).empty());
    QCOMPARE(*again.scenario, s);
}

QTEST_GUILESS_MAIN(TestSellingBridging)
#include "tst_selling_bridging.moc"
