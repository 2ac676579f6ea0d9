// The Compare view's paired Monte Carlo (ui/analysis/compare_uncertainty.h,
// model/uncertainty/paired_delta.h): every scenario runs under the first column's seed, and the Δ
// shown is the percentiles of the per-sample NPV difference — computed here directly from two model
// runs — not the difference of the two scenarios' percentiles.

#include "compare_view.h"
#include "money.h"
#include "sample_scenario.h"
#include "scenario_document.h"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::ui;
using crossgrade::testing::sampleScenario;
using crossgrade::testing::skewedAmdPrice;

namespace {

constexpr std::size_t kSamples = 1000;

// An added scenario's paired run: its plans committed by expected value under `seed`, the
// Monte Carlo under them (issue 25: every column on committed plans).
model::UncertaintyAnalysis committedRun(const model::Scenario& s, std::uint64_t seed) {
    model::DrawCache cache;
    const model::CompiledScenario compiled = model::compile(s);
    model::UncertaintyOptions options;
    options.monte_carlo = {kSamples, seed, 1, std::nullopt};
    options.hindsight_samples = 0;
    return model::analyseUncertainty(s, compiled, model::evaluateScenario(s, compiled), options,
                                     cache);
}

model::MonteCarloResult direct(const model::Scenario& s, std::uint64_t seed) {
    return committedRun(s, seed).monte_carlo;
}

// The open document once its own full run has committed its plans: its column runs under them.
void waitUntilCommitted(ScenarioDocument& document) {
    document.setMonteCarloSamples(kSamples);
    document.monteCarlo()->waitForIdle();
    QTRY_VERIFY(document.evaluationCommitted());
}

// The row of the outputs table whose label is `label`, or -1.
int rowOf(const QAbstractItemModel* model, const QString& label) {
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data().toString() == label)
            return r;
    return -1;
}

} // namespace

class TestCompareUncertainty : public QObject {
    Q_OBJECT

private slots:
    void pairedDeltaIsPerSampleUnderTheFirstSeed();
    void removingAnEntryDropsThePairedColumn();
    void bug_compareMixedCommittedAndModePlans();
};

void TestCompareUncertainty::pairedDeltaIsPerSampleUnderTheFirstSeed() {
    model::Scenario a = sampleScenario(QStringLiteral("large-model-inference.json"));
    a.amd_discount.range = {0.25, 0.35, 0.45};
    model::Scenario b = a;
    b.amd_discount.range = {0.30, 0.42, 0.50};
    b.seed = a.seed + 1; // its own seed is ignored: the first column's is common

    ScenarioDocument document(a);
    waitUntilCommitted(document);
    CompareView view;
    view.setSamples(kSamples);
    view.setCurrent(&document);
    QVERIFY(view.addScenario(QStringLiteral("B"), b));
    view.uncertainty()->waitForIdle();
    const auto paired = view.uncertainty()->result();
    QVERIFY(paired);
    QCOMPARE(paired->seed, std::uint64_t(a.seed));
    QCOMPARE(paired->samples, kSamples);
    QCOMPARE(paired->deltas.size(), std::size_t(2));

    // The open column runs under the plans its document committed to.
    model::DrawCache cache;
    const model::MonteCarloResult ra = model::runMonteCarlo(
        model::compile(a), document.evaluation(), {kSamples, a.seed, 1, std::nullopt}, cache);
    const model::MonteCarloResult rb = direct(b, a.seed);
    const std::vector<model::PairedDelta>& shown = paired->deltas[1];
    QCOMPARE(shown.size(), rb.options.size());
    bool differs = false;
    const QAbstractItemModel* outputs = view.outputsModel();
    for (std::size_t o = 0; o < shown.size(); ++o) {
        std::vector<double> difference(kSamples);
        for (std::size_t s = 0; s < kSamples; ++s)
            difference[s] = rb.npv[o * kSamples + s] - ra.npv[o * kSamples + s];
        const model::Summary expected = model::summarise(difference);
        QVERIFY(shown[o].id == rb.options[o].id);
        QCOMPARE(shown[o].npv_delta_usd.p10, expected.p10);
        QCOMPARE(shown[o].npv_delta_usd.p50, expected.p50);
        QCOMPARE(shown[o].npv_delta_usd.p90, expected.p90);
        const double ofMedians = rb.options[o].npv_usd.p50 - ra.options[o].npv_usd.p50;
        differs = differs || std::abs(ofMedians - expected.p50) > 1000.0;

        // The table shows it beside the deterministic NPV row.
        const QString option = QString::fromStdString(std::string(model::toString(shown[o].id)));
        const int row = rowOf(outputs, option + QStringLiteral(" · NPV paired Δ"));
        QVERIFY(row > 0);
        QCOMPARE(rowOf(outputs, option + QStringLiteral(" · NPV")), row - 1);
        QCOMPARE(outputs->index(row, 2).data().toString(),
                 QStringLiteral("%1 (%2 to %3)")
                     .arg(formatMoneyDelta(expected.p50, MoneyDisplay::Compact),
                          formatMoneyDelta(expected.p10, MoneyDisplay::Compact),
                          formatMoneyDelta(expected.p90, MoneyDisplay::Compact)));
    }
    QVERIFY2(differs, "the case should separate the paired Δ from the difference of P50s");

    // Under B's own seed the samples would not be paired: other numbers.
    const model::MonteCarloResult unpaired = direct(b, b.seed);
    QVERIFY(model::pairedNpvDelta(ra, unpaired).empty());
    QVERIFY(unpaired.options[1].npv_usd.p50 != rb.options[1].npv_usd.p50);
}

void TestCompareUncertainty::removingAnEntryDropsThePairedColumn() {
    const model::Scenario a = sampleScenario(QStringLiteral("training-shop.json"));
    ScenarioDocument document(a);
    waitUntilCommitted(document);
    CompareView view;
    view.setSamples(kSamples);
    view.setCurrent(&document);
    QVERIFY(view.addScenario(QStringLiteral("Same"), a));
    view.uncertainty()->waitForIdle();
    QVERIFY(view.uncertainty()->result());
    // The same scenario against itself: every paired Δ is exactly zero.
    for (const model::PairedDelta& d : view.uncertainty()->result()->deltas[1]) {
        QCOMPARE(d.npv_delta_usd.p10, 0.0);
        QCOMPARE(d.npv_delta_usd.p90, 0.0);
    }
    view.removeEntry(0);
    QVERIFY(!view.uncertainty()->isRunning());
    QVERIFY(!view.uncertainty()->result());
    QCOMPARE(rowOf(view.outputsModel(), QStringLiteral("stay-cuda · NPV paired Δ")), -1);
}

// Bug: the open column showed the plans its full run committed to, an added scenario the plans
// best at its most likely values — two bases side by side. Now the paired run commits every
// added scenario's plans by expected value, and a "Door plans" row names each column's basis.
void TestCompareUncertainty::bug_compareMixedCommittedAndModePlans() {
    const model::Scenario a = sampleScenario(QStringLiteral("large-model-inference.json"));
    model::Scenario b = skewedAmdPrice();
    const model::CompiledScenario compiledB = model::compile(b);
    const model::ScenarioEvaluation modeB = model::evaluateScenario(b, compiledB);
    QVERIFY(modeB.find(model::OptionId::Path1)->doors_taken > 0); // moves at the mode

    ScenarioDocument document(a);
    waitUntilCommitted(document);
    CompareView view;
    view.setSamples(kSamples);
    view.setCurrent(&document);
    QVERIFY(view.addScenario(QStringLiteral("Skewed"), b));
    const QAbstractItemModel* outputs = view.outputsModel();
    const int plans = rowOf(outputs, QStringLiteral("Door plans"));
    QVERIFY(plans >= 0);
    QCOMPARE(outputs->index(plans, 2).data().toString(),
             QStringLiteral("best at most likely values")); // until the paired run commits
    view.uncertainty()->waitForIdle();
    QCoreApplication::processEvents();

    const model::UncertaintyAnalysis expected = committedRun(b, a.seed);
    QCOMPARE(expected.committed.find(model::OptionId::Path1)->doors_taken, 0);
    for (int column : {1, 2})
        QCOMPARE(outputs->index(plans, column).data().toString(),
                 QStringLiteral("committed (200 samples)"));
    QCOMPARE(
        outputs->index(rowOf(outputs, QStringLiteral("path1 · doors taken")), 2).data().toString(),
        QStringLiteral("none"));
    const int npv = rowOf(outputs, QStringLiteral("path1 · NPV"));
    QVERIFY(outputs->index(npv, 2).data().toString().startsWith(formatMoney(
        expected.committed.find(model::OptionId::Path1)->run.npv_usd, MoneyDisplay::Compact)));
    QCOMPARE(outputs->index(rowOf(outputs, QStringLiteral("Cheapest option")), 2).data().toString(),
             QStringLiteral("%1 (mean NPV)")
                 .arg(QString::fromStdString(
                     std::string(model::toString(expected.committed.cheapest)))));
    QCOMPARE(expected.committed.decision_samples, kSamples);
    const auto paired = view.uncertainty()->result();
    QVERIFY(paired);
    QVERIFY(paired->runs[1]->npv == expected.monte_carlo.npv);
}

QTEST_MAIN(TestCompareUncertainty)
#include "tst_compare_uncertainty.moc"
