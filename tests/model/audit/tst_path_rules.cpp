// The article's decision cases, row by row, and the exhaustive sweep of every profile.

#include "recommendation.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <map>
#include <set>

using namespace crossgrade::model;

namespace {

// "ck=H lib=H" → those dimensions High, the rest Low; "M" and "L" likewise.
std::array<Tier, kDimensionCount> tiers(const QString& spec) {
    static const std::map<QString, Dimension> keys{
        {"ck", Dimension::CustomKernels},  {"lib", Dimension::Libraries},
        {"fw", Dimension::FrameworkUsage}, {"dist", Dimension::Distributed},
        {"tool", Dimension::Toolchain},    {"team", Dimension::TeamKnowledge}};
    std::array<Tier, kDimensionCount> out{};
    for (const QString& part : spec.split(' ', Qt::SkipEmptyParts)) {
        const QStringList kv = part.split('=');
        const Tier t = kv[1] == "H" ? Tier::High : kv[1] == "M" ? Tier::Medium : Tier::Low;
        out[static_cast<std::size_t>(keys.at(kv[0]))] = t;
    }
    return out;
}

QStringList warningIds(const Recommendation& r) {
    QStringList ids;
    for (const AuditWarning& w : r.warnings)
        ids << QString::fromStdString(w.id);
    return ids;
}

QStringList pathIds(const std::vector<PortabilityPath>& paths) {
    QStringList ids;
    for (PortabilityPath p : paths)
        ids << QString::fromUtf8(toString(p).data(), qsizetype(toString(p).size()));
    return ids;
}

} // namespace

class TestPathRules : public QObject {
    Q_OBJECT

private slots:
    void articleCases_data();
    void articleCases();
    void everyCombinationIsDefined();
    void rulesAreInDesignOrder();
    void laterMatchingRulesAreTracedButDoNotFire();
};

void TestPathRules::articleCases_data() {
    QTest::addColumn<QString>("tierSpec");
    QTest::addColumn<QString>("workload");
    QTest::addColumn<bool>("tensorrt");
    QTest::addColumn<bool>("multiNode");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("decidedBy");
    QTest::addColumn<QStringList>("revisit");
    QTest::addColumn<QStringList>("warnings");
    QTest::addColumn<QString>("sentence"); // the article sentence the row checks

    QTest::newRow("greenfield") << "team=M"
                                << "greenfield" << false << false << "path2"
                                << "greenfield" << QStringList{} << QStringList{}
                                << "Greenfield new workload: Path 2 by default.";
    QTest::newRow("greenfield wins over 3+ High (first match)")
        << "ck=H lib=H tool=H"
        << "greenfield" << false << false << "path2"
        << "greenfield" << QStringList{} << QStringList{"hetccl-premature"}
        << "Greenfield new workload: Path 2 by default.";
    QTest::newRow("three High: path2 now, revisit 1 and 3")
        << "ck=H lib=H tool=H"
        << "training" << false << false << "path2"
        << "three-or-more-high" << QStringList{"path1", "path3"} << QStringList{"hetccl-premature"}
        << "Three or more High dimensions: Path 2 now, revisit Paths 1 and 3 after "
           "software-layer work is complete.";
    QTest::newRow("three High with distributed")
        << "ck=H dist=H tool=H"
        << "training" << false << true << "path2"
        << "three-or-more-high" << QStringList{"path1", "path3"}
        << QStringList{"networking-layer", "hetccl-premature"}
        << "If your software layer still has multiple High-risk dimensions, HetCCL’s status is "
           "premature to track — sort out the software layer first.";
    QTest::newRow("six High") << "ck=H lib=H fw=H dist=H tool=H team=H"
                              << "mixed" << true << true << "path2"
                              << "three-or-more-high" << QStringList{"path1", "path3"}
                              << QStringList{"networking-layer", "tensorrt", "hetccl-premature"}
                              << "Three or more — full 6–12 month dedicated effort requiring "
                                 "management commitment.";
    QTest::newRow("distributed the only High")
        << "dist=H tool=M"
        << "training" << false << true << "path3"
        << "distributed-only-high" << QStringList{} << QStringList{"networking-layer"}
        << "Dimension 4 only High (NCCL): Path 3.";
    QTest::newRow("networking layer is the constraint")
        << "dist=H"
        << "mixed" << false << true << "path3"
        << "distributed-only-high" << QStringList{} << QStringList{"networking-layer"}
        << "If Dimension 4 scores High, your networking-layer dependency is the constraint.";
    QTest::newRow("one High, custom kernels")
        << "ck=H lib=M"
        << "training" << false << false << "path2"
        << "kernel-driven-high" << QStringList{"path1"} << QStringList{}
        << "1–2 High dimensions driven by custom kernels: Path 2.";
    QTest::newRow("two High, kernels and framework")
        << "ck=H fw=H"
        << "training" << false << false << "path2"
        << "kernel-driven-high" << QStringList{"path1"} << QStringList{"hetccl-premature"}
        << "1–2 High dimensions driven by custom kernels: Path 2.";
    QTest::newRow("distributed plus custom kernels")
        << "ck=H dist=H"
        << "mixed" << false << true << "path2+3"
        << "distributed-plus-kernels" << QStringList{} << QStringList{"networking-layer"}
        << "Paths 2 + 3 is a common and coherent combination";
    QTest::newRow("distributed plus framework usage")
        << "fw=H dist=H"
        << "training" << false << true << "path2+3"
        << "distributed-plus-kernels" << QStringList{} << QStringList{"networking-layer"}
        << "Paths 2 + 3 is a common and coherent combination";
    QTest::newRow("clean audit") << "tool=M team=M"
                                 << "inference-only" << false << false << "path1"
                                 << "low-score" << QStringList{} << QStringList{}
                                 << "0–1 High dimensions: Path 1.";
    QTest::newRow("one High through TensorRT")
        << "lib=H team=M"
        << "inference-only" << true << false << "path1"
        << "low-score" << QStringList{} << QStringList{"tensorrt"}
        << "If Dimension 2 scores High due to TensorRT, your inference pipeline needs specific "
           "re-engineering before AMD hardware is viable.";
    QTest::newRow("one High, toolchain")
        << "tool=H"
        << "training" << false << false << "path1"
        << "low-score" << QStringList{} << QStringList{} << "0–1 High dimensions: Path 1.";
    QTest::newRow("silent: libraries and toolchain")
        << "lib=H tool=H"
        << "training" << false << false << "path1"
        << "stated-choice" << QStringList{} << QStringList{"hetccl-premature"}
        << "No single portability strategy is optimal for all stacks.";
    QTest::newRow("silent: kernels and libraries")
        << "ck=H lib=H"
        << "training" << true << false << "path2"
        << "stated-choice" << QStringList{"path1"} << QStringList{"tensorrt", "hetccl-premature"}
        << "No single portability strategy is optimal for all stacks.";
    QTest::newRow("silent: distributed and team")
        << "dist=H team=H"
        << "training" << false << true << "path2+3"
        << "stated-choice" << QStringList{} << QStringList{"networking-layer"}
        << "No single portability strategy is optimal for all stacks.";
    QTest::newRow("inconsistent: inference-only with multi-node training")
        << "dist=M"
        << "inference-only" << false << true << "path1"
        << "low-score" << QStringList{} << QStringList{"inconsistent"}
        << "Single-GPU inference only is Low.";
    QTest::newRow("inconsistent: TensorRT named, libraries below High")
        << "lib=M"
        << "inference-only" << true << false << "path1"
        << "low-score" << QStringList{} << QStringList{"inconsistent"}
        << "TensorRT → nothing: High, no drop-in replacement on AMD.";
    QTest::newRow("inconsistent: distributed High without multi-node")
        << "dist=H"
        << "training" << false << false << "path3"
        << "distributed-only-high" << QStringList{}
        << QStringList{"networking-layer", "inconsistent"}
        << "Multi-node distributed training with NCCL inter-node is High.";
}

void TestPathRules::articleCases() {
    QFETCH(QString, tierSpec);
    QFETCH(QString, workload);
    QFETCH(bool, tensorrt);
    QFETCH(bool, multiNode);
    QFETCH(QString, path);
    QFETCH(QString, decidedBy);
    QFETCH(QStringList, revisit);
    QFETCH(QStringList, warnings);
    QFETCH(QString, sentence);

    AuditProfile p;
    p.tiers = tiers(tierSpec);
    p.workload = *parseWorkloadKind(workload.toStdString());
    p.tensorrt = tensorrt;
    p.multi_node = multiNode;
    const Recommendation r = recommend(p);

    QCOMPARE(QString::fromUtf8(toString(r.primary_path).data()), path);
    QCOMPARE(QString::fromStdString(r.decided_by), decidedBy);
    QCOMPARE(pathIds(r.revisit), revisit);
    QCOMPARE(warningIds(r), warnings);
    // The quoted sentence is really in what the decision rests on.
    QString sources = QString::fromUtf8(r.effort.source.data(), qsizetype(r.effort.source.size()));
    for (const TraceEntry& t : r.trace)
        if (t.fired)
            sources += QString::fromStdString(t.source);
    for (const AuditWarning& w : r.warnings)
        sources += QString::fromStdString(w.source);
    QVERIFY2(sources.contains(sentence), qPrintable("not cited: " + sentence));
    if (r.decided_by == "stated-choice") {
        QVERIFY(r.article_silent);
        QVERIFY(r.trace.back().reason.find("The article is silent") != std::string::npos);
    }
}

void TestPathRules::everyCombinationIsDefined() {
    std::map<std::string, int> firedCount;
    std::set<std::string> warningsSeen;
    int combinations = 0;
    for (int code = 0; code < 729; ++code) { // 3^6 tier combinations
        AuditProfile p;
        int rest = code;
        for (std::size_t d = 0; d < kDimensionCount; ++d, rest /= 3)
            p.tiers[d] = static_cast<Tier>(rest % 3);
        for (WorkloadKind kind : kAllWorkloadKinds)
            for (bool trt : {false, true})
                for (bool multi : {false, true}) {
                    p.workload = kind;
                    p.tensorrt = trt;
                    p.multi_node = multi;
                    const Recommendation r = recommend(p);
                    ++combinations;
                    QCOMPARE(r.trace.size(), pathRules().size());
                    int fired = 0;
                    for (const TraceEntry& t : r.trace) {
                        QVERIFY(!t.reason.empty());
                        QVERIFY(!t.source.empty());
                        if (t.fired) {
                            ++fired;
                            QVERIFY(t.matched);
                            QCOMPARE(t.rule, r.decided_by);
                        }
                    }
                    QCOMPARE(fired, 1);
                    ++firedCount[r.decided_by];
                    QCOMPARE(r.high_count, p.highCount());
                    const EffortBand band = effortBand(r.high_count);
                    QCOMPARE(r.effort.shortest, band.shortest);
                    QVERIFY(parsePortabilityPath(toString(r.primary_path)).has_value());
                    // Whatever else, the article's unconditional cases hold.
                    if (kind == WorkloadKind::Greenfield)
                        QVERIFY(r.primary_path == PortabilityPath::Path2);
                    else if (p.highCount() >= 3)
                        QCOMPARE(r.revisit.size(), std::size_t(2));
                    bool networking = false;
                    for (const AuditWarning& w : r.warnings) {
                        warningsSeen.insert(w.id);
                        networking = networking || w.id == "networking-layer";
                        QVERIFY(!w.text.empty());
                    }
                    QCOMPARE(networking, p.isHigh(Dimension::Distributed));
                }
    }
    QCOMPARE(combinations, 729 * 4 * 2 * 2);
    // No rule is dead: each decides some profile.
    for (const PathRule& rule : pathRules())
        QVERIFY2(firedCount[std::string(rule.id)] > 0, rule.id.data());
    QCOMPARE(warningsSeen, (std::set<std::string>{"networking-layer", "tensorrt",
                                                  "hetccl-premature", "inconsistent"}));
    qInfo("fired per rule over %d profiles: greenfield %d, 3+ High %d, distributed-only %d, "
          "kernel-driven %d, distributed+kernels %d, low-score %d, stated-choice %d",
          combinations, firedCount["greenfield"], firedCount["three-or-more-high"],
          firedCount["distributed-only-high"], firedCount["kernel-driven-high"],
          firedCount["distributed-plus-kernels"], firedCount["low-score"],
          firedCount["stated-choice"]);
}

void TestPathRules::rulesAreInDesignOrder() {
    QStringList ids;
    for (const PathRule& rule : pathRules())
        ids << QString::fromUtf8(rule.id.data(), qsizetype(rule.id.size()));
    QCOMPARE(ids, (QStringList{"greenfield", "three-or-more-high", "distributed-only-high",
                               "kernel-driven-high", "distributed-plus-kernels", "low-score",
                               "stated-choice"}));
    QVERIFY(pathRules().back().article_silent);
}

void TestPathRules::laterMatchingRulesAreTracedButDoNotFire() {
    AuditProfile p; // custom kernels the only High: rules 4 and 6 both match
    p.tiers = tiers("ck=H");
    p.workload = WorkloadKind::Training;
    const Recommendation r = recommend(p);
    QCOMPARE(r.decided_by, std::string("kernel-driven-high"));
    const TraceEntry& low = r.trace[5];
    QCOMPARE(low.rule, std::string("low-score"));
    QVERIFY(low.matched);
    QVERIFY(!low.fired);
    QVERIFY(low.reason.find("kernel-driven-high comes first") != std::string::npos);
    // The fallback is not "matched" once an article rule has decided.
    QVERIFY(!r.trace.back().matched);
    QVERIFY(r.trace.back().reason.find("Not reached: kernel-driven-high decided") == 0);
}

QTEST_GUILESS_MAIN(TestPathRules)
#include "tst_path_rules.moc"
