// The Costs view in calendar months and beside a stored version: month axes and read-outs
// named from the scenario's start month (a file without one counts months), and a stored
// version's saved headline beside what this build says of the same inputs (issue 22).

#include "compiled_scenario.h"
#include "costs_view.h"
#include "evaluation.h"
#include "figures.h"
#include "sample_scenario.h"
#include "saved_headline.h"
#include "scenario_document.h"
#include "tst_costs_view.h"
#include "tst_costs_view_helpers.h"

#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <QVector>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace crossgrade::reports;
using namespace crossgrade::testing;

// The month axis of every cost chart reads in calendar months from the scenario's start month.
void TestCostsView::monthsAreCalendarMonthsFromTheStartMonth() {
    ScenarioDocument document(sampleScenario(QStringLiteral("large-model-inference.json")));
    ShownView shown(&document);
    for (QCustomPlot* chart :
         {shown.view.cumulativeChart(), shown.view.componentsChart(), shown.view.gpusChart()}) {
        chart->replot();
        const QVector<QString> labels = chart->xAxis->tickVectorLabels();
        QVERIFY2(labels.contains(QStringLiteral("Jan\n2027")), qPrintable(labels.join('|')));
        QVERIFY2(labels.contains(QStringLiteral("Jan\n2028")), qPrintable(labels.join('|')));
        QVERIFY(chart->xAxis->label().isEmpty());
    }
    shown.view.showMonth(3);
    QVERIFY2(shown.view.readOut().startsWith(QLatin1String("Apr 2027 (month 3)")),
             qPrintable(shown.view.readOut()));
}

// A file written before scenarios had a start month keeps counting months from 0.
void TestCostsView::filesWithoutAStartMonthCountMonths() {
    model::Scenario scenario = sampleScenario(QStringLiteral("training-shop.json"));
    scenario.start_month.reset();
    ScenarioDocument document(scenario);
    ShownView shown(&document);
    QCustomPlot* chart = shown.view.cumulativeChart();
    chart->replot();
    const QVector<QString> labels = chart->xAxis->tickVectorLabels();
    QVERIFY2(labels.contains(QStringLiteral("12")), qPrintable(labels.join('|')));
    QCOMPARE(chart->xAxis->label(), QStringLiteral("Month"));
    shown.view.showMonth(10);
    QVERIFY2(shown.view.readOut().startsWith(QLatin1String("Month 10")),
             qPrintable(shown.view.readOut()));
}

// A stored version shows what it said when saved beside what this build says of the same
// inputs (the baseline, not the edited scenario), naming both programs and engines.
void TestCostsView::storedVersionShowsItsSavedHeadline() {
    ScenarioDocument document(sampleScenario(QStringLiteral("large-model-inference.json")));
    ShownView shown(&document);
    QVERIFY(shown.view.savedVersionLine().isEmpty()); // not from the store

    // A headline as an older build saved it: the first engine's, which moved both inference
    // workloads together (the version row names the program; the engine is the scenario's).
    model::Scenario engine1 = testing::underEngine(document.scenario(), 1);
    data::ScenarioVersionSummary saved;
    saved.number = 3;
    saved.saved_at = "2026-11-20T10:00:00Z";
    saved.engine_version = "0.1.0";
    saved.headline = data::headlineOf(model::evaluateScenario(engine1, model::compile(engine1)));
    document.setStoredAs(7, 3);
    document.setSavedVersion(saved);
    const QString line = shown.view.savedVersionLine();
    QVERIFY2(line.startsWith(QStringLiteral("Version 3. Saved 2026-11-20 by Crossgrade 0.1.0 "
                                            "(engine 3): cheapest ")),
             qPrintable(line));
    QVERIFY2(line.contains(QStringLiteral("Re-evaluated by Crossgrade %1 (engine 3): cheapest %2")
                               .arg(QStringLiteral(CROSSGRADE_VERSION),
                                    QString::fromUtf8(
                                        model::toString(document.baselineEvaluation().cheapest)))),
             qPrintable(line));
    QVERIFY2(line.contains(QStringLiteral("The program changed these numbers")), qPrintable(line));

    // An edit moves the current curves, not the comparison: that is of the saved inputs.
    QVERIFY(document
                .edit(QStringLiteral("Longer horizon"),
                      [](model::Scenario& s) { s.horizon_months = 72; })
                .isEmpty());
    document.waitForEvaluation();
    QCOMPARE(shown.view.savedVersionLine(), line);

    // Saved by this build: the same, in few words.
    saved.engine_version = CROSSGRADE_VERSION;
    saved.headline = data::headlineOf(document.baselineEvaluation());
    document.setSavedVersion(saved);
    QVERIFY2(shown.view.savedVersionLine().endsWith(
                 QStringLiteral("Re-evaluated by Crossgrade %1 (engine 3): the same.")
                     .arg(QStringLiteral(CROSSGRADE_VERSION))),
             qPrintable(shown.view.savedVersionLine()));
}
