// The Sensitivity view: what it draws and lists is the model's tornado, switching values and
// break-even map; it recomputes after an edit but not during a drag; Cancel leaves nothing half
// shown; closing the view or the document while it computes is safe.

#include "compiled_scenario.h"
#include "scenario_document.h"
#include "scenario_fixture.h"
#include "scenario_inputs.h"
#include "sensitivity.h"
#include "sensitivity_figures.h"
#include "sensitivity_view.h"

#include <QCoreApplication>
#include <QLabel>
#include <QObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QString>
#include <QTableWidget>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <map>
#include <qcustomplot.h>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace crossgrade::reports;

namespace {

// The fixture with distributed training High beside its custom kernels (rule 5: Paths 2+3) at a
// 85 % AMD discount with a range (the moderate effort band's longer ports need it), so the rule
// path takes a door and its tornado has bars.
model::Scenario scenario() {
    model::Scenario s = testing::smallScenario();
    s.audit.dimension(model::Dimension::Distributed).tier = model::Tier::High;
    s.amd_discount = model::UncertainNumber::between(0.75, 0.85, 0.95);
    s.usd_per_engineer_month = model::UncertainNumber::between(20000, 25000, 32000);
    s.transition_regression = model::UncertainNumber::between(0.10, 0.20, 0.30);
    return s;
}

// Two knobs keep the test quick (each switching value is a few dozen full evaluations).
std::vector<model::WhatIfKnob> knobs() {
    return {model::WhatIfKnob::AmdDiscount, model::WhatIfKnob::TransitionPenalty};
}

struct Expected {
    model::Tornado rule;
    std::vector<model::SwitchingValue> switching;
};

Expected expected(const model::Scenario& s) {
    const model::CompiledScenario compiled = model::compile(s);
    const model::ScenarioEvaluation e = model::evaluateScenario(s, compiled);
    return {model::computeTornado(compiled, e, model::optionOf(e.recommendation.primary_path)),
            model::switchingValues(s, knobs())};
}

// The view on `doc`, computing the test's two knobs; started, not waited for.
void startOn(SensitivityView& view, ScenarioDocument& doc) {
    view.setSwitchingKnobs(knobs());
    view.setDocument(&doc);
    view.computeNow();
}

} // namespace

class TestSensitivityView : public QObject {
    Q_OBJECT

private slots:
    void showsTheModelsTornadoAndSwitchingValues() {
        const model::Scenario s = scenario();
        ScenarioDocument doc(s);
        SensitivityView view;
        startOn(view, doc);
        QVERIFY(view.isComputing());
        view.waitForResults();
        QVERIFY(view.results() != nullptr);

        const Expected want = expected(s);
        QVERIFY2(!want.rule.bars.empty(), "precondition: the rule path takes a door");
        const TornadoBarsDrawn drawn = tornadoBarsDrawn(view.tornadoChart());
        QCOMPARE(drawn.at_p10.size(), std::min<std::size_t>(12, want.rule.bars.size()));
        std::map<std::string, std::string> labels;
        for (const model::ScenarioInput& input : model::scenarioInputs(s))
            labels[input.pointer] = input.label;
        for (std::size_t i = 0; i < drawn.at_p10.size(); ++i) {
            QCOMPARE(drawn.at_p10[i], want.rule.bars[i].saving_usd.front());
            QCOMPARE(drawn.at_p90[i], want.rule.bars[i].saving_usd.back());
            QVERIFY2(drawn.labels[i].startsWith(
                         QString::fromStdString(labels.at(want.rule.bars[i].pointer))),
                     qPrintable(drawn.labels[i]));
        }

        QTableWidget* table = view.switchingTable();
        QCOMPARE(std::size_t(table->rowCount()), want.switching.size());
        for (int row = 0; row < table->rowCount(); ++row) {
            const model::SwitchingValue& v = want.switching[std::size_t(row)];
            QCOMPARE(table->item(row, 0)->text(),
                     QString::fromUtf8(model::knobInfo(v.knob).label.data()));
            if (const model::Flip* above = v.nearestAbove())
                QVERIFY2(table->item(row, 4)->text().startsWith(
                             QString::fromStdString(model::formatKnobValue(v.knob, above->value))),
                         qPrintable(table->item(row, 4)->text()));
            else
                QCOMPARE(table->item(row, 4)->text(), QString("none in span"));
        }
        QCOMPARE(view.summary(), QString::fromStdString(model::switchingSummary(want.switching)));
        QVERIFY(!view.summary().isEmpty());
    }

    void theOtherTornadoIsTheCheapestOptions() {
        const model::Scenario s = scenario();
        ScenarioDocument doc(s);
        SensitivityView view;
        startOn(view, doc);
        view.waitForResults();
        view.showCheapestTornado(true);
        const model::CompiledScenario compiled = model::compile(s);
        const model::ScenarioEvaluation e = model::evaluateScenario(s, compiled);
        const model::Tornado t = model::computeTornado(compiled, e, model::cheapestChallenger(e));
        const TornadoBarsDrawn drawn = tornadoBarsDrawn(view.tornadoChart());
        QCOMPARE(drawn.at_p90.size(), std::min<std::size_t>(12, t.bars.size()));
        for (std::size_t i = 0; i < drawn.at_p90.size(); ++i)
            QCOMPARE(drawn.at_p90[i], t.bars[i].saving_usd.back());
    }

    void mapCellsAreTheModels() {
        const model::Scenario s = scenario();
        ScenarioDocument doc(s);
        SensitivityView view;
        startOn(view, doc);
        view.waitForResults();
        view.setMapKnobs(model::WhatIfKnob::AmdDiscount, model::WhatIfKnob::TransitionPenalty);
        QVERIFY(view.isComputing());
        view.waitForResults();
        const model::BreakEvenMap want = model::breakEvenMap(
            s, model::WhatIfKnob::AmdDiscount, model::WhatIfKnob::TransitionPenalty,
            model::optionOf(doc.evaluation().recommendation.primary_path), 9);
        const QCPColorMap* cells = breakEvenColourMap(view.mapChart());
        QVERIFY(cells != nullptr);
        QCOMPARE(cells->data()->keySize(), 9);
        QCOMPARE(cells->data()->valueSize(), 9);
        for (int iy = 0; iy < 9; ++iy)
            for (int ix = 0; ix < 9; ++ix)
                QCOMPARE(cells->data()->cell(ix, iy),
                         want.savingAt(std::size_t(ix), std::size_t(iy)));
        // The tornado and switching values were kept, not recomputed, for a new map.
        QCOMPARE(view.switchingTable()->rowCount(), int(knobs().size()));
    }

    void cancelLeavesNoResult() {
        ScenarioDocument doc(scenario());
        SensitivityView view;
        startOn(view, doc);
        QVERIFY(view.cancelButton()->isVisibleTo(&view));
        view.cancel();
        view.waitForResults();
        QVERIFY(!view.isComputing());
        QVERIFY(view.results() == nullptr);
        QCOMPARE(view.switchingTable()->rowCount(), 0);
        QVERIFY2(view.status().startsWith("Cancelled"), qPrintable(view.status()));
        QVERIFY(!view.cancelButton()->isVisibleTo(&view));
    }

    // Bug: a run that ended before waitForResults() was called, its finished() signal still
    // queued, left waitForResults() returning with no results.
    void waitForResultsTakesARunThatFinishedBeforeTheCall() {
        ScenarioDocument doc(scenario());
        SensitivityView view;
        view.setSwitchingKnobs(knobs());
        view.setDocument(&doc);
        view.show(); // starts the run (showEvent); no event is processed from here on
        QVERIFY(view.isComputing());
        // Let the run end (it runs on the global pool) without the event loop taking its
        // result: the view counts as computing until it has.
        while (QThreadPool::globalInstance()->activeThreadCount() > 0)
            QThread::msleep(5);
        QVERIFY(view.isComputing());
        QVERIFY(view.results() == nullptr); // the case the bug was in: the result not taken
        view.waitForResults();
        QVERIFY(view.results() != nullptr);
    }

    void anEditRecomputesButADragDoesNot() {
        ScenarioDocument doc(scenario());
        SensitivityView view;
        view.setSwitchingKnobs(knobs());
        view.setDocument(&doc);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.waitForResults();
        QVERIFY(view.results() != nullptr);
        const double before = view.results()->switching.front().current;

        // A drag: held-policy previews only, nothing starts.
        doc.setInteractive(true);
        doc.edit("drag", [](model::Scenario& sc) {
            sc = model::withKnob(std::move(sc), model::WhatIfKnob::AmdDiscount, 0.5);
        });
        QCoreApplication::processEvents();
        QVERIFY(!view.isComputing());

        // Release: the full evaluation follows in the background, then the sensitivity.
        QSignalSpy done(&view, &SensitivityView::resultsChanged);
        doc.setInteractive(false);
        QVERIFY(done.wait(60000) || !done.isEmpty());
        view.waitForResults();
        QVERIFY(view.results()->switching.front().knob == model::WhatIfKnob::AmdDiscount);
        QVERIFY(view.results()->switching.front().current != before);
        QCOMPARE(view.results()->switching.front().current, 0.5);
    }

    // Bug: the map's knobs changed while the full computation of an edited scenario ran (the
    // view had just been shown) superseded it with a map-only run, which kept the earlier
    // scenario's tornado and switching values and showed them as current.
    void bug_mapKnobsChangedDuringAFullRunKeptTheOldTornado() {
        ScenarioDocument doc(scenario());
        SensitivityView view;
        startOn(view, doc);
        view.waitForResults();
        QVERIFY(view.results()->switching.front().knob == model::WhatIfKnob::AmdDiscount);
        QVERIFY(view.results()->switching.front().current != 0.5);

        QVERIFY(doc.edit("discount",
                         [](model::Scenario& sc) {
                             sc = model::withKnob(std::move(sc), model::WhatIfKnob::AmdDiscount,
                                                  0.5);
                         })
                    .isEmpty());
        doc.waitForEvaluation(); // the view is hidden: it only marks itself out of date
        view.computeNow();       // the full computation of the edited scenario
        view.setMapKnobs(model::WhatIfKnob::AmdDiscount, model::WhatIfKnob::TransitionPenalty);
        view.waitForResults();

        QCOMPARE(view.results()->switching.front().current, 0.5);
        const Expected want = expected(doc.scenario());
        const TornadoBarsDrawn drawn = tornadoBarsDrawn(view.tornadoChart());
        QCOMPARE(drawn.at_p10.size(), std::min<std::size_t>(12, want.rule.bars.size()));
        for (std::size_t i = 0; i < drawn.at_p10.size(); ++i)
            QCOMPARE(drawn.at_p10[i], want.rule.bars[i].saving_usd.front());
    }

    // Bug: a bar ran from the median case's saving to that saving plus its own (QCPBars draws
    // base + value), so with a base of $6M a bar swinging $2M–$10M was drawn to $8M and $16M.
    // Invisible while the samples' bases were zero; issue 23's samples have real savings.
    void bug_tornadoBarsWereDrawnFromTheBasePlusTheirSaving() {
        model::Tornado t;
        t.option = model::OptionId::Path1;
        t.doors_taken = 1;
        t.base_saving_usd = 6e6;
        model::TornadoBar bar;
        bar.pointer = "/amd_discount";
        bar.saving_usd = {2e6, 4e6, 6e6, 8e6, 10e6};
        bar.lowest_usd = 2e6;
        bar.highest_usd = 10e6;
        t.bars.push_back(bar);
        QCustomPlot plot;
        reports::plotTornado(&plot, t, {QStringLiteral("AMD purchase discount")},
                             reports::FigureStyle::print(), QString());
        const auto* low = plot.findChild<QCPBars*>(QStringLiteral("crossgrade-tornado-p10"));
        const auto* high = plot.findChild<QCPBars*>(QStringLiteral("crossgrade-tornado-p90"));
        QVERIFY(low && high);
        bool found = false;
        const QCPRange left = low->getValueRange(found);
        QVERIFY(found);
        QCOMPARE(left.lower, 2e6); // from the P10 saving …
        QCOMPARE(left.upper, 6e6); // … to the median case
        const QCPRange right = high->getValueRange(found);
        QCOMPARE(right.lower, 6e6);
        QCOMPARE(right.upper, 10e6);
        QVERIFY(plot.xAxis->range().contains(2e6) && plot.xAxis->range().contains(10e6));
    }

    void closingDuringARunIsSafe() {
        auto doc = std::make_unique<ScenarioDocument>(scenario());
        auto view = std::make_unique<SensitivityView>();
        view->setSwitchingKnobs(knobs());
        view->setDocument(doc.get());
        view->computeNow();
        QVERIFY(view->isComputing());
        view->setDocument(nullptr); // the document is closed: the run is cancelled
        doc.reset();
        view->computeNow(); // nothing to compute
        view.reset();       // the destructor waits for the cancelled run
        QVERIFY(true);
    }
};

QTEST_MAIN(TestSensitivityView)
#include "tst_sensitivity_view.moc"
