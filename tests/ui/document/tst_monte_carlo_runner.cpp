// The Monte Carlo in the app (ui/document/monte_carlo_runner.h, driven by
// ui/document/scenario_document.h): a document's run is the model's run bit for bit on any thread
// count; a held slider previews and the release refines; cancel leaves no result; a superseded
// preview never becomes the result over a newer full run; closing a document mid-run is safe;
// the document's background evaluation survives a slider pressed while it runs.

#include "costs_view.h"
#include "monte_carlo_runner.h"
#include "sample_scenario.h"
#include "scenario_document.h"
#include "whatif.h"

#include <QCoreApplication>
#include <QObject>
#include <QSignalSpy>
#include <QStringLiteral>
#include <QTest>
#include <QThread>
#include <cstring>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace crossgrade::reports;
using crossgrade::testing::sampleScenario;
using crossgrade::testing::skewedAmdPrice;

namespace {

constexpr std::size_t kSamples = 2000; // a full run in these tests; a preview takes 1,000

// A sample where AMD doors are taken, so the options differ sample by sample.
model::Scenario withDoors() {
    model::Scenario s = sampleScenario(QStringLiteral("large-model-inference.json"));
    s.amd_discount.range = {0.25, 0.35, 0.45};
    return s;
}

model::MonteCarloResult direct(const model::Scenario& s, const model::ScenarioEvaluation& e,
                               std::size_t samples, int threads) {
    model::DrawCache cache;
    return model::runMonteCarlo(model::compile(s), e, {samples, s.seed, threads, std::nullopt},
                                cache);
}

// The same on a draw cache that last drew `before` at this count and seed, as the runner's
// full-count cache has after a full run: a what-if step shifts the moved input's column instead
// of drawing it afresh (docs/uncertainty.md), which can differ from a fresh draw in the last bits.
model::MonteCarloResult afterWarmCache(const model::Scenario& before, const model::Scenario& s,
                                       const model::ScenarioEvaluation& e, std::size_t samples) {
    model::DrawCache cache;
    cache.draws(model::compile(before).inputs, before.seed, samples);
    return model::runMonteCarlo(model::compile(s), e, {samples, s.seed, 1, std::nullopt}, cache);
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// Blocks until the run under way has evaluated `samples` samples (or stopped): no clock.
void waitForSamples(const MonteCarloRunner& runner, std::size_t samples) {
    while (runner.isRunning() && runner.samplesDone() < samples)
        QThread::yieldCurrentThread();
}

// Ends a slider hold and waits until the re-optimised evaluation is applied (its signal may
// still be queued when waitForEvaluation() returns, as in tst_costs_view).
void release(ScenarioDocument& document) {
    QSignalSpy applied(&document, &ScenarioDocument::evaluationChanged);
    document.setInteractive(false);
    document.waitForEvaluation();
    QTRY_VERIFY(applied.count() > 0);
}

} // namespace

class TestMonteCarloRunner : public QObject {
    Q_OBJECT

private slots:
    void documentRunIsTheModelsRun();
    void progressCountsToTheEnd();
    void cancelLeavesNoResult();
    void heldSliderPreviewsThenRefines();
    void stepDuringARefinementSupersedesIt();
    void supersededPreviewNeverOverwritesFullRun();
    void closingDuringARunIsSafe();
    void bug_sliderPressedDuringAnEvaluationLeftTheOldNumbers();
    void fullRunCommitsThePlansItChose();
    void previewHoldsThePlansAndSkipsHindsight();
};

// The runner uses QThread::idealThreadCount() threads, the reference one: the same bits.
void TestMonteCarloRunner::documentRunIsTheModelsRun() {
    const model::Scenario s = withDoors();
    ScenarioDocument document(s);
    document.setMonteCarloSamples(kSamples);
    MonteCarloRunner* runner = document.monteCarlo();
    runner->waitForIdle();
    const auto result = runner->result();
    QVERIFY(result);
    QCOMPARE(runner->resultKind(), MonteCarloRunner::Kind::Full);
    QVERIFY(runner->isResultCurrent());
    QCOMPARE(result->samples, kSamples);
    QCOMPARE(result->seed, std::uint64_t(s.seed));
    const model::MonteCarloResult reference = direct(s, document.evaluation(), kSamples, 1);
    QVERIFY(sameBits(result->npv, reference.npv));
    QVERIFY(sameBits(result->total, reference.total));
    QCOMPARE(result->options.size(), reference.options.size());
    for (std::size_t o = 0; o < reference.options.size(); ++o) {
        QVERIFY(sameBits(result->options[o].cumulative_p10, reference.options[o].cumulative_p10));
        QVERIFY(sameBits(result->options[o].cumulative_p90, reference.options[o].cumulative_p90));
        QCOMPARE(result->options[o].p_beats_stay_cuda, reference.options[o].p_beats_stay_cuda);
    }
}

void TestMonteCarloRunner::progressCountsToTheEnd() {
    ScenarioDocument document(withDoors());
    MonteCarloRunner* runner = document.monteCarlo();
    runner->waitForIdle();
    QSignalSpy progress(runner, &MonteCarloRunner::progressed);
    QSignalSpy running(runner, &MonteCarloRunner::runningChanged);
    document.setMonteCarloSamples(kSamples);
    QVERIFY(runner->isRunning());
    // A full run counts the plan choice's samples, the Monte Carlo's and hindsight's.
    model::UncertaintyOptions options;
    options.monte_carlo.samples = kSamples;
    const std::size_t total = model::expectedSampleEvaluations(*document.compiled(), options);
    QVERIFY(total > kSamples);
    QCOMPARE(runner->samplesRequested(), total);
    runner->waitForIdle();
    QVERIFY(progress.count() >= 2);
    QCOMPARE(progress.first().at(0).value<std::size_t>(), std::size_t(0));
    QCOMPARE(progress.last().at(0).value<std::size_t>(), total);
    QCOMPARE(progress.last().at(1).value<std::size_t>(), total);
    QCOMPARE(running.count(), 2);
    QCOMPARE(running.first().at(0).toBool(), true);
    QCOMPARE(running.last().at(0).toBool(), false);
}

void TestMonteCarloRunner::cancelLeavesNoResult() {
    ScenarioDocument document(withDoors()); // starts its full run
    MonteCarloRunner* runner = document.monteCarlo();
    QVERIFY(runner->isRunning());
    QSignalSpy results(runner, &MonteCarloRunner::resultChanged);
    runner->cancel();
    runner->waitForIdle();
    QCoreApplication::processEvents(); // a finished signal still queued changes nothing
    QVERIFY(!runner->isRunning());
    QVERIFY(!runner->result());
    QCOMPARE(results.count(), 0);

    // Cancelling after a result drops it too: it no longer stands for what was asked.
    document.rerunMonteCarlo();
    runner->waitForIdle();
    QVERIFY(runner->result());
    document.setMonteCarloSamples(kSamples);
    runner->cancel();
    runner->waitForIdle();
    QVERIFY(!runner->result());
    QVERIFY(!runner->isResultCurrent());
}

// Issue 25, point 5: a held slider shows the 1,000-sample preview first, then — nothing else
// asked for — the runner refines it to the full count with the plans still held; the release
// runs the full analysis.
void TestMonteCarloRunner::heldSliderPreviewsThenRefines() {
    ScenarioDocument document(withDoors());
    document.setMonteCarloSamples(kSamples);
    MonteCarloRunner* runner = document.monteCarlo();
    runner->waitForIdle();
    const model::Scenario before = document.scenario();
    std::vector<std::pair<MonteCarloRunner::Kind, std::size_t>> shown;
    connect(runner, &MonteCarloRunner::resultChanged, runner,
            [&] { shown.emplace_back(runner->resultKind(), runner->result()->samples); });

    document.setInteractive(true);
    QVERIFY(document
                .edit(
                    QStringLiteral("AMD discount"),
                    [](model::Scenario& s) {
                        s = model::withKnob(std::move(s), model::WhatIfKnob::AmdDiscount, 0.40);
                    },
                    7)
                .isEmpty());
    QCOMPARE(runner->runningKind(), MonteCarloRunner::Kind::Preview);
    QCOMPARE(runner->samplesRequested(), MonteCarloRunner::kPreviewSamples);
    runner->waitForIdle();
    QCOMPARE(shown.size(), std::size_t(2));
    QCOMPARE(shown[0].first, MonteCarloRunner::Kind::Preview);
    QCOMPARE(shown[0].second, MonteCarloRunner::kPreviewSamples);
    QCOMPARE(shown[1].first, MonteCarloRunner::Kind::Refine);
    QCOMPARE(shown[1].second, kSamples);
    QVERIFY(runner->isResultCurrent());
    QVERIFY(runner->analysis() == nullptr); // no plan choice, no hindsight on the slider's path
    // The refinement is the Monte Carlo of the held evaluation at the full count.
    QVERIFY(document.evaluationHeldPolicies());
    QVERIFY(
        sameBits(runner->result()->npv,
                 afterWarmCache(before, document.scenario(), document.evaluation(), kSamples).npv));

    release(document);
    runner->waitForIdle();
    QCOMPARE(runner->resultKind(), MonteCarloRunner::Kind::Full);
    QVERIFY(runner->isResultCurrent());
    const model::MonteCarloResult reference =
        direct(document.scenario(), document.evaluation(), kSamples, 2);
    QVERIFY(sameBits(runner->result()->npv, reference.npv));
}

// A slider step while a refinement runs supersedes it: the refinement of the earlier step never
// becomes the result, and the new step is previewed, then refined in its turn.
void TestMonteCarloRunner::stepDuringARefinementSupersedesIt() {
    ScenarioDocument document(withDoors());
    document.setMonteCarloSamples(5000); // a refinement long enough to step into (0.4 s)
    MonteCarloRunner* runner = document.monteCarlo();
    runner->waitForIdle();
    const model::Scenario before = document.scenario();
    std::vector<MonteCarloRunner::Kind> shown;
    const auto step = [&](double discount) {
        QVERIFY(document
                    .edit(
                        QStringLiteral("AMD discount"),
                        [discount](model::Scenario& s) {
                            s = model::withKnob(std::move(s), model::WhatIfKnob::AmdDiscount,
                                                discount);
                        },
                        7)
                    .isEmpty());
    };
    document.setInteractive(true);
    step(0.40);
    QTRY_COMPARE(runner->runningKind(), std::optional(MonteCarloRunner::Kind::Refine));
    connect(runner, &MonteCarloRunner::resultChanged, runner,
            [&] { shown.push_back(runner->resultKind()); });
    step(0.45);
    QCOMPARE(runner->runningKind(), std::optional(MonteCarloRunner::Kind::Refine)); // cancelling
    runner->waitForIdle();
    QCOMPARE(shown.size(), std::size_t(2));
    QCOMPARE(shown[0], MonteCarloRunner::Kind::Preview);
    QCOMPARE(shown[1], MonteCarloRunner::Kind::Refine);
    QCOMPARE(runner->result()->samples, std::size_t(5000));
    QVERIFY(sameBits(runner->result()->npv,
                     afterWarmCache(before, document.scenario(), document.evaluation(), 5000).npv));
    // Still held: the document goes without a release (its destructor cancels and waits).
}

// A preview that has evaluated all its samples when a full run is asked for is still dropped:
// the request superseded it, whatever its result says.
void TestMonteCarloRunner::supersededPreviewNeverOverwritesFullRun() {
    const model::Scenario before = withDoors();
    model::Scenario after = before;
    after.amd_discount.range = {0.30, 0.40, 0.50};
    const auto beforeEvaluation = std::make_shared<const model::ScenarioEvaluation>(
        model::evaluateScenario(before, model::compile(before)));
    auto afterEvaluation = std::make_shared<const model::ScenarioEvaluation>(
        model::evaluateScenario(after, model::compile(after)));

    MonteCarloRunner runner;
    runner.setFullSamples(kSamples);
    QSignalSpy results(&runner, &MonteCarloRunner::resultChanged);
    runner.run(before, beforeEvaluation, MonteCarloRunner::Kind::Preview);
    waitForSamples(runner, MonteCarloRunner::kPreviewSamples);
    runner.run(after, afterEvaluation, MonteCarloRunner::Kind::Full);
    runner.waitForIdle();
    QCoreApplication::processEvents();
    QVERIFY(runner.analysis() != nullptr);
    // The full run's Monte Carlo is under the plans it committed to (issue 25).
    afterEvaluation =
        std::make_shared<const model::ScenarioEvaluation>(runner.analysis()->committed);

    QCOMPARE(results.count(), 1);
    QCOMPARE(runner.resultKind(), MonteCarloRunner::Kind::Full);
    QCOMPARE(runner.result()->samples, kSamples);
    QVERIFY(sameBits(runner.result()->npv, direct(after, *afterEvaluation, kSamples, 1).npv));

    // And a preview asked for after the full run replaces it only once it has finished.
    runner.setRefinePreviews(false);
    runner.run(before, beforeEvaluation, MonteCarloRunner::Kind::Preview);
    QCOMPARE(runner.resultKind(), MonteCarloRunner::Kind::Full);
    QVERIFY(!runner.isResultCurrent());
    runner.waitForIdle();
    QCOMPARE(runner.resultKind(), MonteCarloRunner::Kind::Preview);
    QVERIFY(runner.isResultCurrent());
}

void TestMonteCarloRunner::closingDuringARunIsSafe() {
    CostsView view; // follows the document and its runner until the document goes
    auto* document = new ScenarioDocument(withDoors());
    view.setDocument(document);
    MonteCarloRunner* runner = document->monteCarlo();
    QVERIFY(runner->isRunning());
    waitForSamples(*runner, 1); // in the middle of the samples, not still drawing
    QVERIFY(runner->isRunning());
    delete document;
    QCoreApplication::processEvents();
    QVERIFY(view.document() == nullptr);
    QVERIFY(!bandGraph(view.cumulativeChart(), model::OptionId::StayCuda, BandEdge::P10));
}

// Bug: a what-if slider pressed (not yet moved) while the background evaluation of an edit ran
// dropped that evaluation; released without a drag step, nothing evaluated again, and the
// previous inputs' costs stayed on screen for the edited scenario.
void TestMonteCarloRunner::bug_sliderPressedDuringAnEvaluationLeftTheOldNumbers() {
    ScenarioDocument document(withDoors());
    const model::ScenarioEvaluation before = document.evaluation();
    QVERIFY(document
                .edit("AMD discount",
                      [](model::Scenario& s) {
                          s.amd_discount.range = {0.55, 0.65, 0.75};
                      })
                .isEmpty());
    QVERIFY(document.isEvaluating());
    document.setInteractive(true); // pressed
    document.waitForEvaluation();
    document.setInteractive(false); // released, never moved
    document.waitForEvaluation();

    const model::Scenario& now = document.scenario();
    const model::ScenarioEvaluation want = model::evaluateScenario(now, model::compile(now));
    QCOMPARE(document.evaluation().options.size(), want.options.size());
    bool edited = false; // precondition: the edit moves some option's NPV
    for (std::size_t i = 0; i < want.options.size(); ++i) {
        QCOMPARE(document.evaluation().options[i].run.npv_usd, want.options[i].run.npv_usd);
        edited = edited || want.options[i].run.npv_usd != before.options[i].run.npv_usd;
    }
    QVERIFY(edited);
    QVERIFY(!document.evaluationHeldPolicies());
}

// Issue 25: the full run chooses plans by expected value, and the evaluation every view shows
// becomes the committed one — each option under its committed plan, the cheapest on means —
// without asking for another run; the saved headline stays on the mode evaluation.
void TestMonteCarloRunner::fullRunCommitsThePlansItChose() {
    ScenarioDocument document(skewedAmdPrice());
    const bool movedAtMode = document.evaluation().find(model::OptionId::Path1)->doors_taken > 0;
    QVERIFY(movedAtMode);
    document.setMonteCarloSamples(kSamples);
    document.monteCarlo()->waitForIdle();
    QTRY_VERIFY(document.evaluationCommitted());
    const auto analysis = document.monteCarlo()->analysis();
    QVERIFY(analysis);
    QVERIFY(analysis->hindsight.has_value());
    QCOMPARE(analysis->plan_choice.samples, model::kDefaultPlanChoiceSamples);
    const model::ScenarioEvaluation& e = document.evaluation();
    QCOMPARE(e.find(model::OptionId::Path1)->doors_taken, 0);
    QVERIFY(e.cheapest == model::OptionId::StayCuda);
    QVERIFY(e.decision_samples == kSamples);
    QVERIFY(document.modeEvaluation().find(model::OptionId::Path1)->doors_taken > 0);
    QVERIFY(!document.monteCarlo()->isRunning()); // the committed evaluation asked for no run
}

void TestMonteCarloRunner::previewHoldsThePlansAndSkipsHindsight() {
    MonteCarloRunner runner;
    const model::Scenario s = withDoors();
    auto e = std::make_shared<const model::ScenarioEvaluation>(
        model::evaluateScenario(s, model::compile(s)));
    runner.setFullSamples(kSamples);
    runner.setRefinePreviews(false);
    runner.run(s, e, MonteCarloRunner::Kind::Preview);
    runner.waitForIdle();
    QVERIFY(runner.result());
    QCOMPARE(runner.resultKind(), MonteCarloRunner::Kind::Preview);
    QVERIFY(runner.analysis() == nullptr);
    const model::MonteCarloResult reference = direct(s, *e, MonteCarloRunner::kPreviewSamples, 1);
    QVERIFY(sameBits(runner.result()->npv, reference.npv));
}

QTEST_MAIN(TestMonteCarloRunner)
#include "tst_monte_carlo_runner.moc"
