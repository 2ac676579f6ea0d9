// The report's risk list (model/analysis/risks.h): each of the five rules with the case that fires
// and the cases that must not, on hand-built tornados, switching values and evaluations over the
// engine fixture, and every shipped sample run end to end through the real engine and sensitivity.

#include "risks.h"
#include "sample_scenario.h"
#include "scenario_fixture.h"
#include "scenario_inputs.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <algorithm>
#include <set>

using namespace crossgrade::model;
using crossgrade::testing::smallScenario;

namespace {

// The fixture with nothing to report: no High dimension, so no audit warning either.
Scenario quietScenario() {
    Scenario s = smallScenario();
    s.audit.dimension(Dimension::CustomKernels).tier = Tier::Medium;
    return s;
}

// A deterministic evaluation as the engine would leave it, without running the engine: the
// scenario's options, none owing anything, and the audit's recommendation.
ScenarioEvaluation evaluationOf(const Scenario& s) {
    ScenarioEvaluation e;
    for (OptionId id : s.options) {
        OptionOutcome o;
        o.id = id;
        o.run.horizon = s.horizon_months;
        e.options.push_back(o);
    }
    e.recommendation = recommend(s.audit.profile());
    return e;
}

std::vector<Risk> risksOf(const Scenario& s, const ScenarioEvaluation& e,
                          std::vector<const Tornado*> tornados = {},
                          const std::vector<SwitchingValue>& switching = {}) {
    return generateRisks({s, e, std::move(tornados), switching});
}

std::vector<Risk> ofKind(const std::vector<Risk>& risks, RiskKind kind) {
    std::vector<Risk> out;
    std::copy_if(risks.begin(), risks.end(), std::back_inserter(out),
                 [kind](const Risk& r) { return r.kind == kind; });
    return out;
}

QStringList subjects(const std::vector<Risk>& risks) {
    QStringList out;
    for (const Risk& r : risks)
        out << QString::fromStdString(r.subject);
    return out;
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

// A switching value of `knob` at `current` with the flips given as (value, percentile).
SwitchingValue switching(WhatIfKnob knob, double current,
                         std::vector<std::pair<double, std::optional<double>>> flips,
                         OptionId from = OptionId::StayCuda, OptionId to = OptionId::Path2) {
    SwitchingValue v;
    v.knob = knob;
    v.current = current;
    v.cheapest = from;
    for (const auto& [value, percentile] : flips)
        v.flips.push_back({value, from, to, percentile});
    return v;
}

TornadoBar bar(const std::string& pointer, double low, double high) {
    TornadoBar b;
    b.pointer = pointer;
    b.lowest_usd = low;
    b.highest_usd = high;
    return b;
}

void tag(Scenario& s, const std::string& pointer, std::optional<Confidence> confidence,
         std::string source = {}, std::string date = {}) {
    UncertainNumber* n = findInput(s, pointer);
    QVERIFY2(n != nullptr, pointer.c_str());
    n->confidence = confidence;
    n->source = std::move(source);
    n->date = std::move(date);
}

EvidenceItem evidence(std::string path, int line, Level severity, Level confidence,
                      EvidenceContext context, std::string snippet = "x") {
    EvidenceItem e;
    e.rule_id = "test-rule";
    e.path = std::move(path);
    e.line = line;
    e.severity = severity;
    e.confidence = confidence;
    e.context = context;
    e.snippet = std::move(snippet);
    return e;
}

} // namespace

Q_DECLARE_METATYPE(std::optional<double>)

// Kinds compare through their names, so a failure says which kind it got.
#define QCOMPARE_KIND(actual, expected)                                                            \
    QCOMPARE(std::string(toString(actual)), std::string(toString(expected)))

class TestRisks : public QObject {
    Q_OBJECT

private slots:
    void kindNames() {
        QCOMPARE(toString(RiskKind::Warning), std::string_view("warning"));
        QCOMPARE(toString(RiskKind::SwitchingInsideRange), std::string_view("switching-value"));
        QCOMPARE(toString(RiskKind::WeakDriver), std::string_view("weak-driver"));
        QCOMPARE(toString(RiskKind::HighDimension), std::string_view("high-dimension"));
        QCOMPARE(toString(RiskKind::OwedPastHorizon), std::string_view("owed-past-horizon"));
        QCOMPARE(optionShortTitle(OptionId::StayCuda), std::string("Stay on CUDA"));
        QCOMPARE(optionShortTitle(OptionId::Path2And3), std::string("Paths 2+3"));
    }

    void nothingFiredListsNothing() {
        const Scenario s = quietScenario();
        const ScenarioEvaluation e = evaluationOf(s);
        QVERIFY(e.recommendation.warnings.empty());
        // A tornado without bars and a knob with no flips add nothing either.
        Tornado empty;
        empty.option = OptionId::Path1;
        const std::vector<SwitchingValue> knobs{switching(WhatIfKnob::AmdDiscount, 0.1, {})};
        QVERIFY(risksOf(s, e, {&empty, nullptr}, knobs).empty());
    }

    // ---- 1. Warnings --------------------------------------------------------------------------

    void warningThatFiredIsListedWithItsSource() {
        Scenario s = quietScenario();
        s.audit.dimension(Dimension::Distributed).tier = Tier::High;
        s.audit.multi_node = true;
        const ScenarioEvaluation e = evaluationOf(s);
        const std::vector<Risk> risks = ofKind(risksOf(s, e), RiskKind::Warning);
        // networking-layer fired; tensorrt, hetccl-premature and inconsistent did not.
        QCOMPARE(subjects(risks), QStringList{"networking-layer"});
        const AuditWarning& w = e.recommendation.warnings.front();
        QCOMPARE(q(risks[0].title), QString("The networking layer (NCCL) is the constraint"));
        QCOMPARE(q(risks[0].text), q(w.text + " Source: " + w.source));
    }

    void warningsKeepTheRecommendationsOrder() {
        Scenario s = quietScenario();
        s.audit.dimension(Dimension::Libraries).tier = Tier::High;
        s.audit.dimension(Dimension::FrameworkUsage).tier = Tier::High;
        s.audit.tensorrt = true;
        s.audit.multi_node = true; // with distributed Low: inconsistent
        const std::vector<Risk> risks = ofKind(risksOf(s, evaluationOf(s)), RiskKind::Warning);
        QCOMPARE(subjects(risks), (QStringList{"tensorrt", "hetccl-premature", "inconsistent"}));
        QCOMPARE(q(risks[0].title), QString("TensorRT in the pipeline"));
        // A warning without a source gets no "Source:" sentence.
        ScenarioEvaluation e = evaluationOf(s);
        e.recommendation.warnings = {{"inconsistent", "Check the flags", ""}};
        const std::vector<Risk> bare = risksOf(s, e);
        QCOMPARE(q(ofKind(bare, RiskKind::Warning).at(0).text), QString("Check the flags."));
    }

    // ---- 2. Switching values inside the knob's own P10–P90 ------------------------------------

    void switchingInsideRange_data() {
        QTest::addColumn<std::optional<double>>("percentile");
        QTest::addColumn<bool>("listed");
        QTest::newRow("P9") << std::optional<double>(0.09) << false;
        QTest::newRow("P10") << std::optional<double>(0.10) << true;
        QTest::newRow("P9.6 reads P10") << std::optional<double>(0.096) << true;
        QTest::newRow("P62") << std::optional<double>(0.62) << true;
        QTest::newRow("P90") << std::optional<double>(0.90) << true;
        QTest::newRow("P90.6 reads P91") << std::optional<double>(0.906) << false;
        QTest::newRow("P91") << std::optional<double>(0.91) << false;
        QTest::newRow("below its range") << std::optional<double>(0.0) << false;
        QTest::newRow("above its range") << std::optional<double>(1.0) << false;
        QTest::newRow("no percentile") << std::optional<double>() << false;
    }
    void switchingInsideRange() {
        QFETCH(std::optional<double>, percentile);
        QFETCH(bool, listed);
        const Scenario s = quietScenario();
        const std::vector<SwitchingValue> knobs{
            switching(WhatIfKnob::AmdInferencePerformance, 0.90, {{0.95, percentile}})};
        const std::vector<Risk> risks = risksOf(s, evaluationOf(s), {}, knobs);
        QCOMPARE(risks.size(), std::size_t(listed ? 1 : 0));
        if (!listed)
            return;
        QCOMPARE_KIND(risks[0].kind, RiskKind::SwitchingInsideRange);
        QCOMPARE(q(risks[0].subject), QString("amd-inference-performance"));
        QCOMPARE(q(risks[0].title),
                 QString("AMD inference performance vs H100 can flip the choice"));
        QCOMPARE(q(risks[0].text),
                 QString("If AMD inference performance vs H100 rises to 0.95× (%1), Path 2 "
                         "replaces Stay on CUDA as the cheapest option. The current value is "
                         "0.90×.")
                     .arg(q(flipPositionWords(percentile))));
    }

    void switchingListsEveryFlipMostFragileFirst() {
        const Scenario s = quietScenario();
        std::vector<SwitchingValue> knobs{
            // Three flips: the nearest on each side and one further out, all inside the range.
            switching(WhatIfKnob::TransitionPenalty, 0.20, {{0.10, 0.30}, {0.15, 0.45}},
                      OptionId::Path1, OptionId::StayCuda),
            switching(WhatIfKnob::AmdDiscount, 0.10, {{0.25, 0.55}, {0.40, 0.80}}),
            // A knob that does not apply lists nothing, whatever its flips say.
            switching(WhatIfKnob::PortMonths, 4, {{5, 0.5}}),
        };
        knobs[2].applies = false;
        knobs[1].flips[1].from = OptionId::Path2;
        knobs[1].flips[1].to = OptionId::Path2And3;
        knobs[1].non_monotonic = true;
        const std::vector<Risk> risks = risksOf(s, evaluationOf(s), {}, knobs);
        // P45 and P55 are equally fragile: the knob given first comes first.
        QCOMPARE(subjects(risks), (QStringList{"transition-penalty", "amd-discount",
                                               "transition-penalty", "amd-discount"}));
        QVERIFY2(q(risks[0].text)
                     .startsWith("If transition penalty falls to 15.0 % (P45 of its "
                                 "range), Stay on CUDA replaces Path 1 as the "
                                 "cheapest option."),
                 risks[0].text.c_str());
        QVERIFY(q(risks[0].text).endsWith("The current value is 20.0 %."));
        QVERIFY(!q(risks[0].text).contains("not monotonic"));
        QVERIFY(q(risks[1].text).contains("rises to 25.0 % (P55 of its range)"));
        QVERIFY(q(risks[1].text)
                    .endsWith("The response is not monotonic, so this value alone "
                              "does not describe it."));
        QVERIFY(q(risks[2].text).contains("(P30 of its range)"));
        // The flip further out names the options on its own sides.
        QVERIFY2(q(risks[3].text).contains("(P80 of its range), Paths 2+3 replaces Path 2"),
                 risks[3].text.c_str());
    }

    // ---- 3. Weak drivers among the top five ---------------------------------------------------

    void weakDriversAmongTheTopFive() {
        Scenario s = quietScenario();
        const std::string c = "/amd_discount";
        const std::string untagged = "/team/usd_per_engineer_month";
        const std::string unknown = "/energy/usd_per_kwh";
        const std::string a = "/nvidia_discount";
        const std::string b = "/target_utilisation";
        const std::string sixth = "/energy/pue";
        const std::string second = "/regression/transition";
        tag(s, c, Confidence::C, "Trade press estimate", "2025-03");
        tag(s, untagged, std::nullopt);
        tag(s, unknown, Confidence::Unknown, "Our guess from last year's bill");
        tag(s, a, Confidence::A, "Datasheet");
        tag(s, b, Confidence::B, "Analyst");
        tag(s, sixth, Confidence::C, "Blog");
        tag(s, second, Confidence::C);

        Tornado rule;
        rule.option = OptionId::Path1;
        rule.bars = {bar(c, -1.0e6, 2.1e6), bar(a, 0, 2e6),       bar(untagged, 0, 1.5e6),
                     bar(b, 0, 1e6),        bar(unknown, 0, 5e5), bar(sixth, 0, 4e5)};
        Tornado challenger;
        challenger.option = OptionId::Path2;
        challenger.bars = {bar(second, 0, 9e5), bar(c, 0, 8e5), bar(a, 0, 7e5)};

        const std::vector<Risk> risks =
            risksOf(s, evaluationOf(s), {&rule, &challenger, &rule}, {});
        QCOMPARE(subjects(risks), (QStringList{q(c), q(untagged), q(unknown), q(second)}));
        for (const Risk& r : risks)
            QCOMPARE_KIND(r.kind, RiskKind::WeakDriver);

        QCOMPARE(q(risks[0].title), QString("Weakly sourced top driver: “AMD purchase discount”"));
        QCOMPARE(q(risks[0].text),
                 QString("“AMD purchase discount” is the largest driver of Path 1's saving "
                         "against Stay on CUDA: over its P10–P90 range the saving moves by "
                         "$3.1M. It is tagged C, a secondary write-up; source: Trade press "
                         "estimate (2025-03). It is also among the top five drivers of Path 2's "
                         "saving."));
        QCOMPARE(q(risks[1].title), QString("Unchecked top driver: “Porting engineer cost”"));
        QVERIFY2(q(risks[1].text).contains("is the third-largest driver of Path 1's saving"),
                 risks[1].text.c_str());
        QVERIFY(q(risks[1].text).contains("$1.5M"));
        QVERIFY(q(risks[1].text)
                    .endsWith("It is tagged ?, an assumption that must be checked; "
                              "no source recorded."));
        QVERIFY(q(risks[2].text).contains("fifth-largest"));
        QVERIFY(q(risks[2].text).endsWith("source: Our guess from last year's bill."));
        QVERIFY2(q(risks[3].text).contains("is the largest driver of Path 2's saving") &&
                     q(risks[3].text).endsWith("no source recorded."),
                 risks[3].text.c_str());
        QVERIFY(!q(risks[3].text).contains("also among"));
    }

    // ---- 4. High dimensions with their top evidence -------------------------------------------

    void highDimensionNamesItsTopEvidence() {
        Scenario s = quietScenario();
        DimensionAssessment& kernels = s.audit.dimension(Dimension::CustomKernels);
        kernels.tier = Tier::High;
        const std::string longLine(200, 'k');
        kernels.evidence = {
            evidence("low.cu", 1, Level::Low, Level::High, EvidenceContext::Code),
            evidence("comment.cu", 2, Level::High, Level::High, EvidenceContext::Comment),
            evidence("medium-confidence.cu", 3, Level::High, Level::Medium, EvidenceContext::Code),
            evidence("csrc/attention.cu", 42, Level::High, Level::High, EvidenceContext::Code,
                     "  __global__ void fused_attention(\n      float* q)  " + longLine),
            evidence("later.cu", 5, Level::High, Level::High, EvidenceContext::Code),
        };
        kernels.evidence[3].rocm_equivalent = "HIP kernel via hipify";
        kernels.evidence[3].mitigated_by = "a HIP build in ci/rocm.yml";
        kernels.notes = "never shown while there is evidence";

        const std::vector<Risk> risks = risksOf(s, evaluationOf(s));
        const std::vector<Risk> high = ofKind(risks, RiskKind::HighDimension);
        QCOMPARE(subjects(high), QStringList{"custom_kernels"});
        QCOMPARE(q(high[0].title), QString("Custom kernel code rated High"));
        const QString text = q(high[0].text);
        QVERIFY2(text.startsWith("Dimension 1 (Custom kernel code) is rated High. Top evidence: "
                                 "csrc/attention.cu:42, “__global__ void fused_attention( "
                                 "float* q) kkk"),
                 qPrintable(text));
        QVERIFY2(text.contains("k…”. ROCm equivalent: HIP kernel via hipify. It is mitigated by "
                               "a HIP build in ci/rocm.yml. 4 more places are listed in the "
                               "audit."),
                 qPrintable(text));
        QVERIFY(!text.contains("never shown"));
        QVERIFY(!text.contains("reviewer"));
        // The snippet is cut to about 120 bytes, not kept whole.
        QVERIFY(!text.contains(QString::fromStdString(longLine)));

        // One piece of evidence: no "more places".
        kernels.evidence = {kernels.evidence[0]};
        const QString single =
            q(ofKind(risksOf(s, evaluationOf(s)), RiskKind::HighDimension).at(0).text);
        QCOMPARE(
            single,
            QString(
                "Dimension 1 (Custom kernel code) is rated High. Top evidence: low.cu:1, “x”."));
    }

    void highDimensionWithoutEvidenceOrWithOverride() {
        Scenario s = quietScenario();
        s.audit.dimension(Dimension::Distributed).tier = Tier::High;
        s.audit.dimension(Dimension::Distributed).notes = "Megatron over NCCL\nacross 64 nodes";
        s.audit.dimension(Dimension::Toolchain).tier = Tier::High;
        DimensionAssessment& team = s.audit.dimension(Dimension::TeamKnowledge);
        team.tier = Tier::High;
        team.proposed_tier = Tier::Medium;
        team.override_tier = TierOverride{Tier::High, "Only one engineer knows the kernels"};
        // Overridden down from High: not listed. Medium: not listed.
        DimensionAssessment& libraries = s.audit.dimension(Dimension::Libraries);
        libraries.tier = Tier::Low;
        libraries.proposed_tier = Tier::High;
        libraries.override_tier = TierOverride{Tier::Low, "TensorRT was removed"};
        libraries.evidence = {
            evidence("trt.py", 1, Level::High, Level::High, EvidenceContext::Code)};
        s.audit.dimension(Dimension::FrameworkUsage).tier = Tier::Medium;

        const std::vector<Risk> high = ofKind(risksOf(s, evaluationOf(s)), RiskKind::HighDimension);
        QCOMPARE(subjects(high), (QStringList{"distributed", "toolchain", "team_knowledge"}));
        QCOMPARE(q(high[0].text),
                 QString("Dimension 4 (Distributed training and communication) is rated High. "
                         "Audit notes: Megatron over NCCL across 64 nodes."));
        QCOMPARE(q(high[1].text),
                 QString("Dimension 5 (Toolchain and CI/CD) is rated High. The audit records "
                         "no evidence or notes for it."));
        QCOMPARE(q(high[2].text),
                 QString("Dimension 6 (Team knowledge) is rated High. The tier is a reviewer's "
                         "decision (the "
                         "scan proposed Medium): Only one engineer knows the kernels. The audit "
                         "records no evidence or notes for it."));
    }

    void longNotesAreCutBetweenCharacters() {
        Scenario s = quietScenario();
        DimensionAssessment& kernels = s.audit.dimension(Dimension::CustomKernels);
        kernels.tier = Tier::High;
        kernels.override_tier = TierOverride{Tier::High, ""};
        std::string notes;
        for (int i = 0; i < 200; ++i)
            notes += "\u00fc"; // two bytes each: a cut at an odd byte would split one
        kernels.notes = "x" + notes;
        const std::string text =
            ofKind(risksOf(s, evaluationOf(s)), RiskKind::HighDimension).at(0).text;
        QVERIFY2(q(text).startsWith("Dimension 1 (Custom kernel code) is rated High. The tier is a "
                                    "reviewer's decision; no reason is recorded. Audit notes: x"),
                 text.c_str());
        QVERIFY2(text.ends_with("\u00fc\u2026."), text.c_str());
        QVERIFY(text.size() < 400);
        // Valid UTF-8 throughout: it survives a round trip through QString unchanged.
        QCOMPARE(q(text).toStdString(), text);
    }

    // ---- 5. Engineering owed past the horizon -------------------------------------------------

    void owedPastHorizon() {
        const Scenario s = quietScenario();
        ScenarioEvaluation e = evaluationOf(s);
        QVERIFY(e.options.size() >= 4);
        e.options[1].run.owed_after_horizon_usd = 1.2e6; // path1
        e.options[2].run.owed_after_horizon_usd = 1.0;   // path2: $1 is not over $1
        e.options[3].run.owed_after_horizon_usd = 0.4;   // path3
        const std::vector<Risk> risks = risksOf(s, e);
        QCOMPARE(subjects(risks), QStringList{"path1"});
        QCOMPARE_KIND(risks[0].kind, RiskKind::OwedPastHorizon);
        QCOMPARE(q(risks[0].title), QString("Path 1 has engineering owed past the horizon"));
        QCOMPARE(q(risks[0].text), QString("Path 1 still owes $1.2M of engineering after the "
                                           "48-month horizon; it is not in the total."));
        e.options[1].run.owed_after_horizon_usd = 0;
        QVERIFY(risksOf(s, e).empty());
    }

    // ---- End to end ---------------------------------------------------------------------------

    // Every shipped sample through the real engine and sensitivity: every risk is one the
    // analysis supports, and everything the analysis supports is a risk. The kinds each sample
    // raises are pinned, so that a rule that stops firing fails here and not only in a PDF.
    void sampleEndToEnd_data() {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QStringList>("kinds");
        // With the owner costs of the 2026-12 book Path 2's lead holds across every knob's
        // P10–P90 (its nearest flip, AMD training performance at 1.61×, is the range's P5): no
        // switching-value risk, as the PDF's switching table shows.
        QTest::newRow("training-shop")
            << "training-shop.json" << QStringList{"warning", "weak-driver", "high-dimension"};
        // Its rule path takes no door: the tornado swings its earliest one-door plan, whose
        // drivers are C-tagged (engine 3, issue 23).
        QTest::newRow("mixed-tensorrt")
            << "mixed-tensorrt.json" << QStringList{"warning", "weak-driver", "high-dimension"};
        // Path 1 wins across every knob's range: nothing flips it.
        QTest::newRow("large-model-inference")
            << "large-model-inference.json" << QStringList{"weak-driver"};
    }
    void sampleEndToEnd() {
        QFETCH(QString, sample);
        QFETCH(QStringList, kinds);
        const Scenario s = crossgrade::testing::sampleScenario(sample);
        const CompiledScenario compiled = compile(s);
        const ScenarioEvaluation e = evaluateScenario(s, compiled);
        const Tornado rule = computeTornado(compiled, e, optionOf(e.recommendation.primary_path));
        const Tornado challenger = computeTornado(compiled, e, cheapestChallenger(e));
        // Half the default scan keeps the run short; the rule reads whatever flips it is given.
        const std::vector<SwitchingValue> knobs = switchingValues(s, defaultSwitchingKnobs(), 8);
        const RiskAnalysis analysis{s, e, {&rule, &challenger}, knobs};
        const std::vector<Risk> risks = generateRisks(analysis);

        QStringList raised;
        for (const Risk& r : risks)
            if (!raised.contains(q(std::string(toString(r.kind)))))
                raised << q(std::string(toString(r.kind)));
        QCOMPARE(raised.join(QLatin1Char(',')), kinds.join(QLatin1Char(',')));

        QStringList warnings;
        for (const AuditWarning& w : e.recommendation.warnings)
            warnings << q(w.id);
        QCOMPARE(subjects(ofKind(risks, RiskKind::Warning)), warnings);

        QStringList high;
        for (Dimension d : kAllDimensions)
            if (s.audit.dimension(d).tier == Tier::High)
                high << q(std::string(toString(d)));
        QCOMPARE(subjects(ofKind(risks, RiskKind::HighDimension)), high);

        QStringList owed;
        for (const OptionOutcome& o : e.options)
            if (o.run.owed_after_horizon_usd > 1)
                owed << q(std::string(toString(o.id)));
        QCOMPARE(subjects(ofKind(risks, RiskKind::OwedPastHorizon)), owed);

        QStringList inside; // the knob of each flip inside its P10–P90
        for (const SwitchingValue& v : knobs)
            for (const Flip& f : v.flips)
                if (v.applies && f.percentile && std::lround(100 * *f.percentile) >= 10 &&
                    std::lround(100 * *f.percentile) <= 90)
                    inside << q(std::string(toString(v.knob)));
        QStringList flipped = subjects(ofKind(risks, RiskKind::SwitchingInsideRange));
        inside.sort();
        flipped.sort();
        QCOMPARE(flipped, inside);

        std::set<std::string> weak;
        for (const Tornado* t : {&rule, &challenger})
            for (std::size_t i = 0; i < std::min<std::size_t>(5, t->bars.size()); ++i) {
                const UncertainNumber* n = findInput(s, t->bars[i].pointer);
                QVERIFY(n != nullptr);
                if (!n->confidence || *n->confidence == Confidence::C ||
                    *n->confidence == Confidence::Unknown)
                    weak.insert(t->bars[i].pointer);
            }
        std::set<std::string> listed;
        for (const Risk& r : ofKind(risks, RiskKind::WeakDriver))
            QVERIFY2(listed.insert(r.subject).second, r.subject.c_str()); // each input once
        QCOMPARE(listed, weak);

        for (const Risk& r : risks) {
            QVERIFY2(!r.title.empty() && !r.text.empty(), r.subject.c_str());
            QVERIFY2(r.text.ends_with(".") || r.text.ends_with(".\u201d"), r.text.c_str());
        }
        // Deterministic, word for word.
        const std::vector<Risk> again = generateRisks(analysis);
        QCOMPARE(again.size(), risks.size());
        for (std::size_t i = 0; i < risks.size(); ++i)
            QCOMPARE(q(again[i].text), q(risks[i].text));
    }
};

QTEST_APPLESS_MAIN(TestRisks)
#include "tst_risks.moc"
