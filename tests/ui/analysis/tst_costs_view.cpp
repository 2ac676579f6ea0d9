// The Costs view's charts: the engine's numbers following edits, Monte Carlo bands, a step's cost.

#include "tst_costs_view.h"

#include "compiled_scenario.h"
#include "costs_view.h"
#include "figures.h"
#include "likelihood.h"
#include "month_text.h"
#include "paired_delta.h"
#include "probability_card.h"
#include "recommendation.h"
#include "sample_scenario.h"
#include "scenario_document.h"
#include "tst_costs_view_helpers.h"
#include "whatif.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLocale>
#include <QPoint>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>
#include <QThread>
#include <QVector>
#include <cmath>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace crossgrade::reports;
using namespace crossgrade::testing;

namespace {

// Values of a graph in key order, and its keys.
QVector<double> valuesOf(const QCPGraph* graph) {
    QVector<double> values;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        values << it->value;
    return values;
}
QVector<double> keysOf(const QCPGraph* graph) {
    QVector<double> keys;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        keys << it->key;
    return keys;
}
QVector<double> toVector(const std::vector<double>& v) {
    return QVector<double>(v.begin(), v.end());
}

double barAt(const QCPBars* bars, double key) {
    const auto it = bars->data()->findBegin(key, false);
    return it != bars->data()->constEnd() && it->key == key ? it->value : 0.0;
}

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-6 * std::max({1.0, std::abs(a), std::abs(b)});
}

// The probability card's line for one option (its plain text has one line per option).
QString rowOf(const QString& cardText, const QString& option) {
    for (const QString& line : cardText.split(QLatin1Char('\n')))
        if (line.startsWith(option + QStringLiteral(" |")))
            return line;
    return {};
}

} // namespace

void TestCostsView::moneyTickerLabels_data() {
    QTest::addColumn<double>("usd");
    QTest::addColumn<QString>("label");
    QTest::newRow("millions") << 1.2e6 << "$1.2M";
    QTest::newRow("thousands") << 350e3 << "$350k";
    QTest::newRow("negative thousands") << -40e3 << "-$40k";
    QTest::newRow("negative millions") << -1.5e6 << "-$1.5M";
    QTest::newRow("billions") << 2.5e9 << "$2.5B";
    QTest::newRow("zero") << 0.0 << "$0";
}

void TestCostsView::moneyTickerLabels() {
    QFETCH(double, usd);
    QFETCH(QString, label);
    QCOMPARE(MoneyTicker::label(usd), label);
    MoneyTicker ticker;
    QCOMPARE(ticker.getTickLabel(usd, QLocale::c(), QLatin1Char('g'), 6), label);
}

void TestCostsView::moneyTickerAxis() {
    MoneyTicker ticker;
    QVector<double> ticks;
    QVector<QString> labels;
    ticker.generate(QCPRange(-600e3, 2.2e6), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr,
                    &labels);
    QVERIFY(labels.size() >= 3);
    QCOMPARE(labels.size(), ticks.size());
    // One unit on the whole axis, negatives with a leading minus, no two labels alike.
    for (int i = 0; i < ticks.size(); ++i) {
        if (ticks[i] < 0)
            QVERIFY2(labels[i].startsWith(QLatin1String("-$")), qPrintable(labels[i]));
        else if (ticks[i] == 0)
            QCOMPARE(labels[i], QStringLiteral("$0"));
        else
            QVERIFY2(labels[i].startsWith(QLatin1Char('$')) && labels[i].endsWith(QLatin1Char('M')),
                     qPrintable(labels[i]));
    }
    QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
    QVERIFY(labels.contains(QStringLiteral("$1M")) || labels.contains(QStringLiteral("$1.0M")));
}

void TestCostsView::cumulativeIsTheRun_data() {
    QTest::addColumn<QString>("sample");
    for (const QString& name : sampleNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestCostsView::cumulativeIsTheRun() {
    QFETCH(QString, sample);
    ScenarioDocument document(sampleScenario(sample));
    ShownView shown(&document);
    QCustomPlot* chart = shown.view.cumulativeChart();
    const model::ScenarioEvaluation& e = document.evaluation();
    QVERIFY(!e.options.empty());
    for (const model::OptionOutcome& o : e.options) {
        const QCPGraph* graph = cumulativeGraph(chart, o.id);
        QVERIFY2(graph, model::toString(o.id).data());
        QVector<double> months(o.run.horizon);
        for (int m = 0; m < o.run.horizon; ++m)
            months[m] = m;
        QCOMPARE(keysOf(graph), months);
        QCOMPARE(valuesOf(graph), toVector(o.run.discounted_cumulative));
        const QCPGraph* saved = baselineGraph(chart, o.id);
        QVERIFY(saved);
        QCOMPARE(valuesOf(saved),
                 toVector(document.baselineEvaluation().find(o.id)->run.discounted_cumulative));
    }
    for (model::OptionId id : model::kAllOptions)
        if (!e.find(id))
            QVERIFY(!cumulativeGraph(chart, id));
    // The money axis is labelled in money.
    QVERIFY(chart->yAxis->ticker().dynamicCast<MoneyTicker>());
}

void TestCostsView::plottedDataFollowEdits() {
    ScenarioDocument document(sampleScenario(QStringLiteral("large-model-inference.json")));
    ShownView shown(&document);
    QCustomPlot* chart = shown.view.cumulativeChart();
    const std::vector<double> savedPath1 =
        document.baselineEvaluation().find(model::OptionId::Path1)->run.discounted_cumulative;

    editAndSettle(document, [&] {
        QCOMPARE(document.edit(QStringLiteral("AMD discount"),
                               [](model::Scenario& s) {
                                   s.amd_discount.range = {0.5, 0.5, 0.5};
                               }),
                 QString());
    });
    const model::ScenarioEvaluation& e = document.evaluation();
    for (const model::OptionOutcome& o : e.options)
        QCOMPARE(valuesOf(cumulativeGraph(chart, o.id)), toVector(o.run.discounted_cumulative));
    // The saved version stays drawn, unchanged, beneath.
    QCOMPARE(valuesOf(baselineGraph(chart, model::OptionId::Path1)), toVector(savedPath1));
    QVERIFY(valuesOf(cumulativeGraph(chart, model::OptionId::Path1)) != toVector(savedPath1));

    // At half price AMD pays: doors are taken and paths break even, and both are marked.
    const model::OptionOutcome* path1 = e.find(model::OptionId::Path1);
    QVERIFY(path1->doors_taken > 0);
    QVERIFY(path1->break_even_month.has_value());
    const QStringList labels = markerLabels(chart);
    const QString breakEven =
        reports::monthMarkerText(e.start_month, *path1->break_even_month) + QLatin1Char(' ');
    const QString door =
        reports::monthMarkerText(e.start_month, int(path1->run.door_taken_month[0])) +
        QLatin1Char(' ');
    QVERIFY2(std::any_of(labels.begin(), labels.end(),
                         [&](const QString& l) {
                             return l.startsWith(breakEven) && l.contains(QLatin1String("even"));
                         }),
             qPrintable(labels.join(QLatin1Char('|'))));
    QVERIFY2(std::any_of(labels.begin(), labels.end(),
                         [&](const QString& l) {
                             return l.startsWith(door) && l.contains(QLatin1String("to AMD"));
                         }),
             qPrintable(labels.join(QLatin1Char('|'))));

    // Undo brings the plotted data back to the saved numbers.
    editAndSettle(document, [&] { document.undoStack()->undo(); });
    QCOMPARE(valuesOf(cumulativeGraph(chart, model::OptionId::Path1)), toVector(savedPath1));
}

// The horizon is a what-if slider: a shorter one cuts the curves, and the saved version stays
// drawn over its own months, the month axis spanning both.
void TestCostsView::shorterHorizonKeepsTheSavedVersion() {
    ScenarioDocument document(sampleScenario(QStringLiteral("mixed-tensorrt.json")));
    ShownView shown(&document);
    const int saved = document.scenario().horizon_months;
    editAndSettle(document, [&] {
        QCOMPARE(document.edit(QStringLiteral("Horizon"),
                               [](model::Scenario& s) { s.horizon_months = 36; }),
                 QString());
    });
    QCustomPlot* chart = shown.view.cumulativeChart();
    for (const model::OptionOutcome& o : document.evaluation().options) {
        QCOMPARE(cumulativeGraph(chart, o.id)->dataCount(), 36);
        QCOMPARE(baselineGraph(chart, o.id)->dataCount(), saved);
    }
    QVERIFY(chart->xAxis->range().upper >= saved - 1);
    QCOMPARE(componentTotalGraph(shown.view.componentsChart())->dataCount(), 36);
    shown.view.showMonth(40); // past the current horizon: back to its last month
    QVERIFY(shown.view.readOut().contains(QLatin1String("month 35")));
}

void TestCostsView::componentsStackToTheTotal_data() {
    QTest::addColumn<QString>("sample");
    for (const QString& name : sampleNames())
        QTest::newRow(qPrintable(name)) << name;
}

void TestCostsView::componentsStackToTheTotal() {
    QFETCH(QString, sample);
    ScenarioDocument document(sampleScenario(sample));
    // Cheap AMD, so the paths take doors and pay migration and the like, not only capex.
    editAndSettle(document, [&] {
        QCOMPARE(document.edit(QStringLiteral("AMD discount"),
                               [](model::Scenario& s) {
                                   s.amd_discount.range = {0.5, 0.5, 0.5};
                               }),
                 QString());
    });
    ShownView shown(&document);
    QCustomPlot* chart = shown.view.componentsChart();
    for (const model::OptionOutcome& o : document.evaluation().options) {
        shown.view.chooseOption(o.id);
        QCOMPARE(shown.view.chosenOption(), std::optional<model::OptionId>(o.id));
        const QCPGraph* total = componentTotalGraph(chart);
        QVERIFY(total);
        QCOMPARE(valuesOf(total), toVector(o.run.total));
        bool residualBelowZero = false;
        for (int m = 0; m < o.run.horizon; ++m) {
            double stacked = 0;
            for (int c = 0; c < model::kComponentCount; ++c)
                if (const QCPBars* bars = componentBars(chart, c)) {
                    QCOMPARE(barAt(bars, m), o.run.component(m, c));
                    stacked += barAt(bars, m);
                    residualBelowZero =
                        residualBelowZero || (c == model::kResidual && barAt(bars, m) < 0);
                }
            QVERIFY2(near(stacked, o.run.total[std::size_t(m)]),
                     qPrintable(QStringLiteral("%1 month %2: %3 vs %4")
                                    .arg(QString::fromLatin1(model::toString(o.id).data()))
                                    .arg(m)
                                    .arg(stacked)
                                    .arg(o.run.total[std::size_t(m)])));
        }
        // The residual is money back: drawn below zero, and the axis reaches it.
        QVERIFY(residualBelowZero);
        QVERIFY(chart->yAxis->range().lower < 0);
        // A component the option never pays is not drawn.
        for (int c = 0; c < model::kComponentCount; ++c) {
            bool any = false;
            for (int m = 0; m < o.run.horizon; ++m)
                any = any || o.run.component(m, c) != 0;
            QCOMPARE(componentBars(chart, c) != nullptr, any);
        }
    }
}

void TestCostsView::gpusPerSkuOmitZeroSkus() {
    ScenarioDocument document(sampleScenario(QStringLiteral("large-model-inference.json")));
    editAndSettle(document, [&] {
        QCOMPARE(document.edit(QStringLiteral("AMD discount"),
                               [](model::Scenario& s) {
                                   s.amd_discount.range = {0.5, 0.5, 0.5};
                               }),
                 QString());
    });
    ShownView shown(&document);
    const model::CompiledScenario compiled = model::compile(document.scenario());
    for (model::OptionId id : {model::OptionId::StayCuda, model::OptionId::Path1}) {
        shown.view.chooseOption(id);
        const model::OptionOutcome* o = document.evaluation().find(id);
        int drawn = 0;
        for (std::size_t s = 0; s < compiled.skus.size(); ++s) {
            bool any = false;
            for (int m = 0; m < o->run.horizon; ++m)
                any = any || o->run.gpusAt(m, int(s)) != 0;
            const QCPBars* bars = gpuBars(shown.view.gpusChart(), compiled.skus[s].id);
            QCOMPARE(bars != nullptr, any);
            if (!bars)
                continue;
            ++drawn;
            for (int m = 0; m < o->run.horizon; ++m)
                QCOMPARE(barAt(bars, m), o->run.gpusAt(m, int(s)));
        }
        QVERIFY(drawn > 0);
        QVERIFY(drawn < int(compiled.skus.size())); // the samples never hold every SKU
    }
    // Path 1 moves inference to AMD: some AMD SKU is drawn for it.
    shown.view.chooseOption(model::OptionId::Path1);
    bool amd = false;
    for (const model::CompiledSku& sku : compiled.skus)
        amd = amd || (sku.vendor == model::Vendor::Amd && gpuBars(shown.view.gpusChart(), sku.id));
    QVERIFY(amd);
}

void TestCostsView::hoverReadOut() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    ShownView shown(&document);
    const model::ScenarioEvaluation& e = document.evaluation();
    const int last = e.options.front().run.horizon - 1;
    QVERIFY(shown.view.readOut().contains(QStringLiteral("month %1").arg(last)));

    // The sample starts in January 2027: month 10 is November 2027.
    shown.view.showMonth(10);
    QString text = shown.view.readOut();
    QVERIFY2(text.startsWith(QLatin1String("Nov 2027 (month 10)")), qPrintable(text));
    for (const model::OptionOutcome& o : e.options)
        QVERIFY2(text.contains(optionLabel(o.id) + QLatin1Char(' ') +
                               MoneyTicker::label(o.run.discounted_cumulative[10])),
                 qPrintable(text));

    // The mouse over the plot area picks the month under it.
    QCustomPlot* chart = shown.view.cumulativeChart();
    chart->replot();
    const QPoint at(int(chart->xAxis->coordToPixel(24)), chart->axisRect()->center().y());
    QTest::mouseMove(chart, at);
    QTRY_VERIFY2(shown.view.readOut().startsWith(QLatin1String("Jan 2029 (month 24)")),
                 qPrintable(shown.view.readOut()));
    shown.view.showMonth(-1);
    QVERIFY(shown.view.readOut().contains(QStringLiteral("month %1").arg(last)));
}

void TestCostsView::noDocumentClearsTheView() {
    CostsView view;
    view.resize(900, 700);
    view.show();
    QVERIFY(!cumulativeGraph(view.cumulativeChart(), model::OptionId::StayCuda));
    QCOMPARE(view.readOut(), QStringLiteral("No scenario open."));
    {
        ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
        view.setDocument(&document);
        QVERIFY(cumulativeGraph(view.cumulativeChart(), model::OptionId::StayCuda));
        QVERIFY(view.chosenOption().has_value());
    }
    // The document went away: the view forgets it rather than reading freed memory.
    QCOMPARE(view.document(), nullptr);
    QVERIFY(!cumulativeGraph(view.cumulativeChart(), model::OptionId::StayCuda));
    QVERIFY(!componentTotalGraph(view.componentsChart()));
    QVERIFY(!view.chosenOption().has_value());
}

// The shaded band of each option runs from the Monte Carlo's P10 to its P90 of cumulative cost,
// month by month, exactly as the model computed them.
void TestCostsView::bandsAreTheMonteCarloPercentiles() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    document.setMonteCarloSamples(2000);
    ShownView shown(&document);
    document.monteCarlo()->waitForIdle();
    const auto result = document.monteCarlo()->result();
    QVERIFY(result);
    QCOMPARE(result->samples, std::size_t(2000));
    QCOMPARE(result->options.size(), document.evaluation().options.size());
    // In the builder's order; a band identical to an earlier option's is drawn once (the
    // training shop's paths take no door: theirs is Stay on CUDA's).
    std::vector<const model::OptionDistribution*> drawn;
    for (model::OptionId id : model::kAllOptions) {
        const model::OptionDistribution* d = nullptr;
        for (const model::OptionDistribution& candidate : result->options)
            if (candidate.id == id)
                d = &candidate;
        if (!d)
            continue;
        const QCPGraph* low = bandGraph(shown.view.cumulativeChart(), id, BandEdge::P10);
        const QCPGraph* high = bandGraph(shown.view.cumulativeChart(), id, BandEdge::P90);
        const bool duplicate =
            std::any_of(drawn.begin(), drawn.end(), [&](const model::OptionDistribution* e) {
                return e->cumulative_p10 == d->cumulative_p10 &&
                       e->cumulative_p90 == d->cumulative_p90;
            });
        if (duplicate) {
            QVERIFY(!low && !high);
            continue;
        }
        QVERIFY(low && high);
        QCOMPARE(valuesOf(low), toVector(d->cumulative_p10));
        QCOMPARE(valuesOf(high), toVector(d->cumulative_p90));
        QCOMPARE(keysOf(low), keysOf(cumulativeGraph(shown.view.cumulativeChart(), id)));
        QVERIFY(valuesOf(low) != valuesOf(high)); // a real spread, not a line
        drawn.push_back(d);
    }
    QVERIFY(!drawn.empty());
}

void TestCostsView::cardSaysTheChancesInWordsAndNumbers() {
    model::Scenario s = sampleScenario(QStringLiteral("large-model-inference.json"));
    s.amd_discount.range = {0.25, 0.35, 0.45}; // doors are taken: the chances differ
    ScenarioDocument document(s);
    document.setMonteCarloSamples(2000);
    ShownView shown(&document);
    document.monteCarlo()->waitForIdle();
    const auto result = document.monteCarlo()->result();
    QVERIFY(result);
    ProbabilityCard* card = shown.view.probabilityCard();
    const QString text = card->text();
    QVERIFY2(text.contains(QStringLiteral("2,000 Latin-hypercube samples, seed %1").arg(s.seed)),
             qPrintable(text));
    for (const model::OptionDistribution& d : result->options) {
        if (d.id == model::OptionId::StayCuda)
            continue;
        const QString row = rowOf(text, optionLabel(d.id));
        QVERIFY2(row.contains(QString::fromStdString(model::likelihoodPhrase(d.p_beats_stay_cuda))),
                 qPrintable(row));
        QVERIFY(row.contains(QString::fromStdString(model::formatUsd(d.npv_saving_usd.p50))));
        QVERIFY(row.contains(QString::fromStdString(model::formatUsd(d.npv_mean_standard_error))));
    }
    QVERIFY(!text.contains(QStringLiteral("Total within")));

    // A budget adds P(total ≤ budget) per option, read off the same samples.
    card->budgetToggle()->setChecked(true);
    card->budgetBox()->setValue(80);
    QCOMPARE(document.budget(), std::optional<double>(80e6));
    for (std::size_t o = 0; o < result->options.size(); ++o) {
        const QString row = rowOf(card->text(), optionLabel(result->options[o].id));
        QVERIFY2(row.contains(QString::fromStdString(
                     model::likelihoodPhrase(model::probabilityTotalWithin(*result, o, 80e6)))),
                 qPrintable(row));
    }
    QVERIFY(card->text().contains(QStringLiteral("Total within ") +
                                  QString::fromStdString(model::formatUsd(80e6))));
}

void TestCostsView::cancelFromTheCardLeavesNoBand() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    ShownView shown(&document);
    ProbabilityCard* card = shown.view.probabilityCard();
    QVERIFY(document.monteCarlo()->isRunning());
    QVERIFY(card->cancelButton()->isVisible());
    card->cancelButton()->click();
    document.monteCarlo()->waitForIdle();
    QCoreApplication::processEvents();
    QVERIFY(!document.monteCarlo()->result());
    QVERIFY(!bandGraph(shown.view.cumulativeChart(), model::OptionId::StayCuda, BandEdge::P10));
    QVERIFY(!card->cancelButton()->isVisible());
    QVERIFY(card->runButton()->isVisible());
    QVERIFY(card->text().contains(QStringLiteral("not run (cancelled)")));
    // Running again brings the bands back.
    card->runButton()->click();
    document.monteCarlo()->waitForIdle();
    QVERIFY(bandGraph(shown.view.cumulativeChart(), model::OptionId::StayCuda, BandEdge::P10));
}

// The Monte Carlo as the app runs it on the training shop: the full 10,000-sample run from a
// cold draw cache, and a 1,000-sample preview after a slider step. Printed, not asserted.
void TestCostsView::monteCarloTimes() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    MonteCarloRunner* runner = document.monteCarlo();
    runner->waitForIdle();
    const qint64 full = runner->lastRunMilliseconds();
    document.setInteractive(true);
    document.edit(
        QStringLiteral("AMD discount"),
        [](model::Scenario& s) {
            s = model::withKnob(std::move(s), model::WhatIfKnob::AmdDiscount, 0.30);
        },
        11);
    qint64 preview = -1;
    connect(runner, &MonteCarloRunner::resultChanged, runner, [&] {
        if (runner->resultKind() == MonteCarloRunner::Kind::Preview)
            preview = runner->lastRunMilliseconds();
    });
    runner->waitForIdle();
    QCOMPARE(runner->resultKind(), MonteCarloRunner::Kind::Refine);
    qInfo("Monte Carlo in the app, training shop, %d thread(s): %lld ms for 10,000 samples "
          "(cold draws), %lld ms for a 1,000-sample preview after a slider step, %lld ms for "
          "its refinement to 10,000 samples (plans held)",
          QThread::idealThreadCount(), full, preview, runner->lastRunMilliseconds());
    document.setInteractive(false);
}

// One what-if slider step compiled the scenario four times — to validate the edit, in the
// evaluation, in the Costs view for its names, in the Monte Carlo worker — and ran the audit
// rules again though only a price moved (issue 21). Now the edit is compiled once and every
// reader shares that compile; the rules run only when the audit changes.
void TestCostsView::bug_sliderStepCompiledTheScenarioFourTimes() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    ShownView shown(&document);
    document.monteCarlo()->waitForIdle();
    QCoreApplication::processEvents();
    auto settle = [&] {
        document.waitForEvaluation();
        QCoreApplication::processEvents();
        document.monteCarlo()->waitForIdle();
        QCoreApplication::processEvents();
    };
    const model::CompileCounts before = model::compileCounts();
    document.setInteractive(true);
    document.edit(
        QStringLiteral("NVIDIA discount"),
        [](model::Scenario& s) {
            s.nvidia_discount.range = {0.12, 0.12, 0.12};
        },
        1);
    settle(); // the held-policy evaluation, the figures, the preview and its refinement
    model::CompileCounts now = model::compileCounts();
    QCOMPARE(now.compiles - before.compiles, std::size_t(1));
    QCOMPARE(now.recommendations - before.recommendations, std::size_t(0));
    QCOMPARE(document.monteCarlo()->resultKind(), MonteCarloRunner::Kind::Refine);

    // The release: the policies re-optimised and the full Monte Carlo, from the same compile.
    document.setInteractive(false);
    settle();
    now = model::compileCounts();
    QCOMPARE(now.compiles - before.compiles, std::size_t(1));
    QCOMPARE(document.monteCarlo()->resultKind(), MonteCarloRunner::Kind::Full);

    // An undo is an edit: one compile. An edit of the audit runs the rules once.
    document.undoStack()->undo();
    settle();
    now = model::compileCounts();
    QCOMPARE(now.compiles - before.compiles, std::size_t(2));
    QCOMPARE(now.recommendations - before.recommendations, std::size_t(0));
    document.edit(QStringLiteral("Audit"),
                  [](model::Scenario& s) { s.audit.multi_node = !s.audit.multi_node; });
    settle();
    now = model::compileCounts();
    QCOMPARE(now.compiles - before.compiles, std::size_t(3));
    QCOMPARE(now.recommendations - before.recommendations, std::size_t(1));
    QVERIFY(document.evaluation().recommendation.primary_path ==
            model::recommend(document.scenario().audit.profile()).primary_path);
}

// A what-if drag step on the 60-month, 5-option training shop: the engine re-evaluates with
// held door policies, the view refills its figures and the charts replot (DESIGN.md: one
// frame, 16 ms). Printed, not asserted: timings depend on the machine.
void TestCostsView::recomputeAndReplot() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    QCOMPARE(document.scenario().horizon_months, 60);
    QCOMPARE(document.evaluation().options.size(), std::size_t(5));
    ShownView shown(&document);
    document.setInteractive(true);
    // A what-if slider on the NVIDIA discount: every option buys NVIDIA, so every curve moves
    // and the saved version stays drawn beneath.
    int step = 0;
    qint64 editNs = 0, replotNs = 0;
    auto dragStep = [&] {
        QElapsedTimer timer;
        timer.start();
        ++step;
        const double discount = 0.05 + 0.001 * (step % 200);
        document.edit(
            QStringLiteral("NVIDIA discount"),
            [discount](model::Scenario& s) {
                s.nvidia_discount.range = {discount, discount, discount};
            },
            1);
        editNs += timer.nsecsElapsed();
        timer.start();
        // The queued replots and the paint they ask for, as the next event-loop pass runs them.
        QCoreApplication::sendPostedEvents();
        QCoreApplication::sendPostedEvents();
        replotNs += timer.nsecsElapsed();
    };
    // QBENCHMARK runs this function several times; the breakdown is printed once.
    static bool printed = false;
    if (!printed) {
        printed = true;
        constexpr int kSteps = 50;
        for (int i = 0; i < kSteps; ++i)
            dragStep();
        qInfo("recompute + replot, 60 months x 5 options: %.2f ms per step (edit, evaluation "
              "and figure refill %.2f ms, replot %.2f ms; frame budget 16 ms)",
              double(editNs + replotNs) / 1e6 / kSteps, double(editNs) / 1e6 / kSteps,
              double(replotNs) / 1e6 / kSteps);
    }
    QBENCHMARK {
        dragStep();
    }
    document.setInteractive(false);
    document.waitForEvaluation();
}

QTEST_MAIN(TestCostsView)
