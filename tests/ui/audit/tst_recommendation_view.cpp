#include "compiled_scenario.h"
#include "evaluation.h"
#include "recommendation_view.h"
#include "same_cost_options.h"
#include "samples.h"
#include "scenario_json.h"
#include "widget_lookup.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QLabel>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTableView>
#include <QTest>

using namespace crossgrade;

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

model::ScenarioEvaluation evaluateSample(const QString& name) {
    for (const data::SampleFile& file : data::sampleScenarios())
        if (file.name == name + QStringLiteral(".json")) {
            const data::ScenarioReadResult read = data::readScenario(file.text);
            if (read.scenario)
                return model::evaluateScenario(*read.scenario, model::compile(*read.scenario));
        }
    qFatal("sample scenario %s is missing or invalid", qPrintable(name));
}

QStringList sampleNames() {
    QStringList names;
    for (const data::SampleFile& file : data::sampleScenarios())
        names << file.name.chopped(5);
    return names;
}

using testing::child;
using testing::tableModel;

std::optional<model::OptionId> advisedOption(const model::ScenarioEvaluation& e) {
    for (model::OptionId id : model::kAllOptions)
        if (model::pathOf(id) == e.recommendation.primary_path)
            return id;
    return std::nullopt;
}

} // namespace

class TestRecommendationView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(sampleNames().size() >= 3); }

    void modelsPassTheTester() {
        ui::RecommendationView view;
        QAbstractItemModelTester trace(tableModel(view, "traceTable"),
                                       QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester options(tableModel(view, "optionsTable"),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const QString& name : sampleNames())
            view.setEvaluation(evaluateSample(name));
        view.setEvaluation(model::ScenarioEvaluation{});
        view.clear();
    }

    // Every sample's rule path, trace and cheapest option, as the model computed them.
    void showsTheSample_data() {
        QTest::addColumn<QString>("sample");
        for (const QString& name : sampleNames())
            QTest::newRow(qPrintable(name)) << name;
    }
    void showsTheSample() {
        QFETCH(QString, sample);
        const model::ScenarioEvaluation e = evaluateSample(sample);
        const model::Recommendation& r = e.recommendation;
        ui::RecommendationView view;
        view.setEvaluation(e);
        QVERIFY(view.hasEvaluation());
        QVERIFY(!child<QLabel>(view, "emptyState")->isVisibleTo(&view));

        QCOMPARE(child<QLabel>(view, "pathTitle")->text(),
                 qs(model::title(r.primary_path)).toHtmlEscaped());
        QVERIFY(child<QLabel>(view, "pathMeta")->text().contains(qs(r.decided_by)));
        const auto fired =
            std::find_if(r.trace.begin(), r.trace.end(), [](const auto& t) { return t.fired; });
        QVERIFY(fired != r.trace.end());
        QVERIFY(
            child<QLabel>(view, "pathQuote")->text().contains(qs(fired->source).toHtmlEscaped()));
        for (const model::AuditWarning& w : r.warnings)
            QVERIFY(view.findChild<QLabel*>(QStringLiteral("warning-") + qs(w.id)) != nullptr);

        // The trace: every rule in order, exactly one fired, the one that decided.
        QAbstractItemModel* trace = tableModel(view, "traceTable");
        QCOMPARE(trace->rowCount(), int(r.trace.size()));
        int firedRows = 0;
        for (int row = 0; row < trace->rowCount(); ++row) {
            const auto& entry = r.trace[std::size_t(row)];
            QVERIFY(trace->index(row, ui::RecommendationView::TraceRule)
                        .data()
                        .toString()
                        .contains(qs(entry.rule)));
            QCOMPARE(trace->index(row, ui::RecommendationView::TraceWhy).data().toString(),
                     qs(entry.reason));
            QVERIFY(trace->index(row, ui::RecommendationView::TraceArticle)
                        .data()
                        .toString()
                        .contains(qs(entry.source)));
            if (trace->index(row, 0).data(ui::RecommendationView::kFiredRole).toBool()) {
                ++firedRows;
                QCOMPARE(qs(entry.rule), qs(r.decided_by));
            }
        }
        QCOMPARE(firedRows, 1);

        // Beside it: the cheapest option by NPV, and the sentence where they differ.
        const model::OptionOutcome* cheapest = e.find(e.cheapest);
        QVERIFY(cheapest != nullptr);
        QVERIFY(child<QLabel>(view, "cheapestNpv")
                    ->text()
                    .contains(qs(model::formatUsd(cheapest->run.npv_usd)).toHtmlEscaped()));
        auto* disagreement = child<QLabel>(view, "disagreementLabel");
        QCOMPARE(disagreement->isVisibleTo(&view), !e.disagreement.empty());
        if (!e.disagreement.empty())
            QVERIFY(disagreement->text().contains(qs(e.disagreement).toHtmlEscaped()));
        QCOMPARE(tableModel(view, "optionsTable")->rowCount(), int(e.options.size()));
        // Under the table, why options cost the same (every sample has such options).
        auto* same = child<QLabel>(view, "sameCostsLabel");
        const std::vector<std::string> sentences = model::sameCostSentences(e);
        QVERIFY(!sentences.empty());
        QVERIFY(same->isVisibleTo(&view));
        for (const std::string& sentence : sentences)
            QVERIFY(same->text().contains(qs(sentence).toHtmlEscaped()));
    }

    // When the rule path is the cheapest option there is no sentence, and the view says so.
    void agreement_data() {
        QTest::addColumn<bool>("agree");
        QTest::newRow("rule path is cheapest") << true;
        QTest::newRow("they differ") << false;
    }
    void agreement() {
        QFETCH(bool, agree);
        model::ScenarioEvaluation e = evaluateSample(sampleNames().front());
        const auto advised = advisedOption(e);
        QVERIFY(advised.has_value());
        if (agree) {
            e.cheapest = *advised;
            e.disagreement.clear();
        } else {
            e.cheapest = model::OptionId::StayCuda;
            e.disagreement = "Path 2 costs $1.6M more inside 36 months.";
        }
        ui::RecommendationView view;
        view.setEvaluation(e);
        QCOMPARE(child<QLabel>(view, "agreementLabel")->isVisibleTo(&view), agree);
        QCOMPARE(child<QLabel>(view, "disagreementLabel")->isVisibleTo(&view), !agree);
        QCOMPARE(child<QLabel>(view, "rulePathCost")->isVisibleTo(&view), !agree);
    }

    void emptyEvaluationAndClear() {
        ui::RecommendationView view;
        QVERIFY(!view.hasEvaluation());
        QVERIFY(child<QLabel>(view, "emptyState")->isVisibleTo(&view));
        view.setEvaluation(model::ScenarioEvaluation{});
        QCOMPARE(child<QLabel>(view, "cheapestTitle")->text(),
                 QStringLiteral("No options evaluated"));
        QCOMPARE(tableModel(view, "traceTable")->rowCount(), 0);
        view.clear();
        QVERIFY(child<QLabel>(view, "emptyState")->isVisibleTo(&view));
    }

    void screenshot() {
        const QString dir = qEnvironmentVariable("CROSSGRADE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set CROSSGRADE_SCREENSHOT_DIR to render the view");
        for (const QString& name : sampleNames()) {
            ui::RecommendationView view;
            view.setEvaluation(evaluateSample(name));
            view.resize(1100, 800);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QTest::qWait(50); // let queued layout requests settle, as they would on screen
            QVERIFY(view.grab().save(dir + QStringLiteral("/recommendation-") + name + ".png"));
        }
    }
};

QTEST_MAIN(TestRecommendationView)
#include "tst_recommendation_view.moc"
