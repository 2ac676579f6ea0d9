#include "team_knowledge.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <limits>

using namespace crossgrade::model;

Q_DECLARE_METATYPE(RocmExperience)

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace

class TestTeamKnowledge : public QObject {
    Q_OBJECT

private slots:
    // docs/rules.md, "Team knowledge questionnaire": one row per branch of the rule, its
    // boundaries, and answers that contradict each other (no tier; expectedTier is empty).
    void proposes_data() {
        QTest::addColumn<int>("kernelEngineers");
        QTest::addColumn<int>("teamSize");
        QTest::addColumn<double>("pytorchShare");
        QTest::addColumn<RocmExperience>("rocm");
        QTest::addColumn<QString>("expectedTier");

        const auto none = RocmExperience::None;
        const auto some = RocmExperience::Some;
        const auto prod = RocmExperience::Production;
        // "ML team working primarily at the PyTorch level is Low."
        QTest::newRow("all PyTorch") << 0 << 12 << 1.0 << none << "low";
        QTest::newRow("one-person team") << 0 << 1 << 1.0 << none << "low";
        QTest::newRow("share exactly 75 %") << 0 << 8 << 0.75 << none << "low";
        QTest::newRow("one kernel engineer, mostly PyTorch") << 1 << 10 << 0.9 << some << "low";
        // In between.
        QTest::newRow("share just under 75 %") << 0 << 8 << 0.74 << none << "medium";
        QTest::newRow("one kernel engineer, little PyTorch") << 1 << 4 << 0.5 << none << "medium";
        QTest::newRow("no PyTorch at all") << 0 << 5 << 0.0 << some << "medium";
        // "Multiple engineers whose primary value is CUDA-specific kernel expertise is High."
        QTest::newRow("two kernel engineers") << 2 << 20 << 0.5 << none << "high";
        QTest::newRow("kernel engineers in a PyTorch team") << 3 << 40 << 0.9 << some << "high";
        QTest::newRow("whole team kernel engineers") << 6 << 6 << 0.0 << none << "high";
        // Production ROCm experience steps one notch down; Low stays Low.
        QTest::newRow("High with ROCm in production") << 4 << 10 << 0.4 << prod << "medium";
        QTest::newRow("Medium with ROCm in production") << 1 << 4 << 0.5 << prod << "low";
        QTest::newRow("Low with ROCm in production") << 0 << 4 << 1.0 << prod << "low";
        // Contradictions.
        QTest::newRow("error: empty team") << 0 << 0 << 1.0 << none << "";
        QTest::newRow("error: negative kernel engineers") << -1 << 5 << 1.0 << none << "";
        QTest::newRow("error: more kernel engineers than team") << 6 << 5 << 0.0 << none << "";
        QTest::newRow("error: share above 100 %") << 0 << 5 << 1.2 << none << "";
        QTest::newRow("error: negative share") << 0 << 5 << -0.1 << none << "";
        QTest::newRow("error: share NaN")
            << 0 << 5 << std::numeric_limits<double>::quiet_NaN() << none << "";
    }
    void proposes() {
        QFETCH(int, kernelEngineers);
        QFETCH(int, teamSize);
        QFETCH(double, pytorchShare);
        QFETCH(RocmExperience, rocm);
        QFETCH(QString, expectedTier);

        const TeamKnowledgeProposal p =
            proposeTeamKnowledgeTier({kernelEngineers, teamSize, pytorchShare, rocm});
        if (expectedTier.isEmpty()) {
            QVERIFY(!p.tier.has_value());
            QVERIFY(p.reason.find("proposes no tier") != std::string::npos);
        } else {
            QVERIFY(p.tier.has_value());
            QCOMPARE(qs(toString(*p.tier)), expectedTier);
            // The reason names the tier it arrives at when a notch was taken off.
            if (rocm == RocmExperience::Production && *p.tier != Tier::Low)
                QVERIFY(p.reason.find("ROCm in production") != std::string::npos);
        }
        QVERIFY(!p.reason.empty());
        QVERIFY(p.reason.back() == '.');
        QCOMPARE(p.source, article::kTeamKnowledge);
    }

    void moreKernelEngineersNeverLowersTheTier() {
        for (RocmExperience rocm : kAllRocmExperiences)
            for (int share = 0; share <= 100; share += 5)
                for (int k = 0; k < 10; ++k) {
                    const auto a = proposeTeamKnowledgeTier({k, 10, share / 100.0, rocm});
                    const auto b = proposeTeamKnowledgeTier({k + 1, 10, share / 100.0, rocm});
                    QVERIFY(a.tier && b.tier);
                    QVERIFY(int(*b.tier) >= int(*a.tier));
                }
    }

    void rocmExperienceNames_data() {
        QTest::addColumn<RocmExperience>("experience");
        QTest::addColumn<QString>("name");
        QTest::newRow("none") << RocmExperience::None << "none";
        QTest::newRow("some") << RocmExperience::Some << "some";
        QTest::newRow("production") << RocmExperience::Production << "production";
    }
    void rocmExperienceNames() {
        QFETCH(RocmExperience, experience);
        QFETCH(QString, name);
        QCOMPARE(qs(toString(experience)), name);
        QCOMPARE(parseRocmExperience(name.toStdString()), std::optional(experience));
        QVERIFY(!title(experience).empty());
    }
    void unknownRocmExperience() { QCOMPARE(parseRocmExperience("Production"), std::nullopt); }
};

QTEST_GUILESS_MAIN(TestTeamKnowledge)
#include "tst_team_knowledge.moc"
