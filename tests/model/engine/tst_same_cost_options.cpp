// Options that cost the same, said in words (model/engine/same_cost_options.h): on the three
// shipped samples as the CLI and the report print them, and on hand-made evaluations for the
// cases the samples do not reach (a training workload, different doors, rows a table rounds
// alike).

#include "compiled_scenario.h"
#include "evaluation.h"
#include "same_cost_options.h"
#include "sample_scenario.h"

#include <QObject>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::model;

namespace {

std::vector<std::string> sentencesOf(const QString& name) {
    const Scenario s = testing::sampleScenario(name);
    const CompiledScenario c = compile(s);
    return sameCostSentences(evaluateScenario(s, c));
}

OptionOutcome moving(OptionId id, double npv, double doorMonth) {
    OptionOutcome o;
    o.id = id;
    o.run.npv_usd = npv;
    o.run.total_usd = npv * 1.2;
    o.run.door_taken_month.fill(-1);
    o.run.door_taken_month[0] = doorMonth;
    o.doors_taken = 1;
    return o;
}

ScenarioEvaluation evaluationOf(std::vector<OptionOutcome> paths, bool training = false) {
    ScenarioEvaluation e;
    OptionOutcome stay;
    WorkloadUnitCost w;
    w.inference = !training;
    stay.workloads.push_back(w);
    stay.run.npv_usd = 100e6;
    stay.run.total_usd = 120e6;
    stay.run.door_taken_month.fill(-1);
    e.options.push_back(stay);
    for (OptionOutcome& o : paths)
        e.options.push_back(std::move(o));
    return e;
}

} // namespace

class TestSameCostOptions : public QObject {
    Q_OBJECT

private slots:
    void bug_identicalOptionsGotNoWord();
    void trainingLeavesTheReasonOut();
    void differentDoorsOrCostsSayNothing();
};

// Seen reviewing the samples: the options table showed Path 1, Path 3 and Paths 2+3 at staying's
// cost to the dollar (training shop), all four paths at staying's (mixed TensorRT), and Path 1
// and Path 3 identical with Paths 2+3 rounded alike (large-model inference), without a word
// of why — the first thing a buyer asks.
void TestSameCostOptions::bug_identicalOptionsGotNoWord() {
    QCOMPARE(sentencesOf(QStringLiteral("training-shop.json")),
             std::vector<std::string>{"Path 1, Path 3 and Paths 2+3 take no door to AMD at these "
                                      "values, so each costs exactly what staying on CUDA costs."});
    QCOMPARE(sentencesOf(QStringLiteral("mixed-tensorrt.json")),
             std::vector<std::string>{
                 "No option takes a door to AMD at these values: all 4 paths cost exactly what "
                 "staying on CUDA costs, since none of their moves pays back within the horizon."});
    const std::vector<std::string> large =
        sentencesOf(QStringLiteral("large-model-inference.json"));
    QCOMPARE(large.size(), std::size_t(2));
    QCOMPARE(large[0], std::string("Path 1 and Path 3 take the same doors at the same months and "
                                   "cost the same: one plan for this fleet (Path 3 adds HetCCL for "
                                   "training across vendors, and this scenario has no training "
                                   "workload)."));
    QVERIFY2(
        large[1].starts_with("Paths 2+3 take the same doors at the same months as Path 1, for $"),
        large[1].c_str());
    QVERIFY(large[1].ends_with(" more in NPV at the most likely values."));
}

void TestSameCostOptions::trainingLeavesTheReasonOut() {
    const ScenarioEvaluation e = evaluationOf(
        {moving(OptionId::Path1, 80e6, 6), moving(OptionId::Path3, 80e6 + 0.5, 6)}, true);
    QCOMPARE(sameCostSentences(e),
             std::vector<std::string>{"Path 1 and Path 3 take the same doors at the same months "
                                      "and cost the same: one plan for this fleet."});
    // Not a Path 1 / Path 3 pair: no HetCCL reason even without training.
    const ScenarioEvaluation other =
        evaluationOf({moving(OptionId::Path1, 80e6, 6), moving(OptionId::Path2, 80e6, 6)});
    QCOMPARE(sameCostSentences(other),
             std::vector<std::string>{"Path 1 and Path 2 take the same doors at the same months "
                                      "and cost the same: one plan for this fleet."});
}

void TestSameCostOptions::differentDoorsOrCostsSayNothing() {
    // The same cost through different doors: a coincidence the table shows, not one plan.
    QVERIFY(sameCostSentences(
                evaluationOf({moving(OptionId::Path1, 80e6, 6), moving(OptionId::Path3, 80e6, 9)}))
                .empty());
    // The same doors, a difference the table shows ($80.0M against $81.0M).
    QVERIFY(sameCostSentences(
                evaluationOf({moving(OptionId::Path1, 80e6, 6), moving(OptionId::Path3, 81e6, 6)}))
                .empty());
    // $2 apart is not the same cost, yet the table rounds them alike: said with the difference.
    QCOMPARE(sameCostSentences(evaluationOf(
                 {moving(OptionId::Path1, 80e6, 6), moving(OptionId::Path3, 80e6 + 2, 6)})),
             std::vector<std::string>{"Path 3 takes the same doors at the same months as Path 1, "
                                      "for $2 more in NPV at the most likely "
                                      "values."});
}

QTEST_GUILESS_MAIN(TestSameCostOptions)
#include "tst_same_cost_options.moc"
