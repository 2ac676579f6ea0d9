// crossgrade-cli hetccl-watch end to end: the checklist kept in the store, each paper resolved
// on its own signals, apply saving a new scenario version with the range and its provenance,
// and the refusals — each with exit status 2 and a message naming what was wrong.

#include "cli_run.h"
#include "store.h"

#include <QByteArray>
#include <QFile>
#include <QFloat16> // QCOMPARE of two json values weighs its qfloat16 overload
#include <QIODevice>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

namespace {

using Run = crossgrade::testing::CliRun;

QString sampleScenario(const QString& name) {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR) + "/resources/samples/scenarios/" + name;
}

} // namespace

class TestCliHetccl : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

    Run cli(const QStringList& args) {
        return crossgrade::testing::runCli(QStringList{"--db", m_db} + args, m_dir.filePath("xdg"));
    }

    nlohmann::json resolved(int horizon = 60) {
        const Run r = cli(
            {"hetccl-watch", "resolve", "--horizon", QString::number(horizon), "--format", "json"});
        if (r.status != 0)
            qFatal("resolve failed: %s", qPrintable(r.err));
        return nlohmann::json::parse(r.out.toStdString());
    }

    // "scenario ID version N" → ID.
    qint64 saveScenario(const QString& file) {
        const Run r = cli({"save-scenario", file});
        if (r.status != 0)
            qFatal("save-scenario failed: %s", qPrintable(r.err));
        return r.out.split(' ').at(1).toLongLong();
    }

private slots:
    void init() {
        static int n = 0;
        m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
    }

    void helpAndList() {
        const Run help = cli({"hetccl-watch", "--help"});
        QCOMPARE(help.status, 0);
        QVERIFY(help.out.contains("2601.22585") && help.out.contains("2605.31000"));
        const Run list = cli({"hetccl-watch", "list"});
        QCOMPARE(list.status, 0);
        for (const char* area :
             {"Code", "Integration", "Coverage", "Fabric", "Evidence", "Ecosystem", "Competition"})
            QVERIFY2(list.out.contains(area), area);
        QVERIFY(list.out.contains("n/a")); // a signal about one paper only
        const auto j = nlohmann::json::parse(
            cli({"hetccl-watch", "list", "--format", "json"}).out.toStdString());
        QCOMPARE(j["schema"].get<std::string>(), std::string("crossgrade.hetccl-watch/1"));
        QVERIFY(j["signals"].size() >= 7);
    }

    void checkResolveUncheck() {
        // No signal: both papers past the horizon.
        nlohmann::json j = resolved(60);
        for (const auto& paper : j["papers"]) {
            QVERIFY(paper["past_horizon"].get<bool>());
            QVERIFY(paper["available_month"]["range"][0].get<double>() >= 60);
        }
        const Run check =
            cli({"hetccl-watch", "check", "code-public", "--paper", "2605.31000", "--date",
                 "2026-06-10", "--note", "repository opened", "--source", "https://example.org"});
        QVERIFY2(check.status == 0, qPrintable(check.err));
        QVERIFY(cli({"hetccl-watch", "check", "ecosystem-vendor", "--paper", "arXiv:2605.31000",
                     "--date", "2026-07-01"})
                    .status == 0);
        QVERIFY(cli({"hetccl-watch", "list"}).out.contains("2026-06-10"));
        j = resolved(60);
        QCOMPARE(j["earliest"].get<std::string>(), std::string("2605.31000"));
        const auto& snu = j["papers"][0];
        const auto& other = j["papers"][1];
        QCOMPARE(snu["paper"].get<std::string>(), std::string("2601.22585"));
        QVERIFY(snu["past_horizon"].get<bool>()); // the other paper's signals are not its own
        QVERIFY(snu["signals"].empty());
        QCOMPARE(other["signals"].size(), std::size_t(2));
        // [48, 84, 144] less code-public's pull (6, 12, 18) and ecosystem-vendor's (7, 9, 18),
        // never later than the no-signal range [60, 72, 96].
        QCOMPARE(other["available_month"]["range"], nlohmann::json::parse("[35, 63, 96]"));
        const std::string source = other["available_month"]["source"].get<std::string>();
        QVERIFY2(source.rfind("HetCCL watch: 2 signals for arXiv 2605.31000 as of 2026-07-01", 0) ==
                     0,
                 source.c_str());
        QCOMPARE(other["available_month"]["confidence"].get<std::string>(), std::string("C"));
        // The text form names the paper each range rests on.
        const Run text = cli({"hetccl-watch", "resolve"});
        QVERIFY(text.out.contains("arXiv 2601.22585") && text.out.contains("past the horizon"));

        QVERIFY(cli({"hetccl-watch", "uncheck", "code-public", "--paper", "2605.31000"}).status ==
                0);
        QVERIFY(
            cli({"hetccl-watch", "uncheck", "ecosystem-vendor", "--paper", "2605.31000"}).status ==
            0);
        QVERIFY(resolved(60)["papers"][1]["past_horizon"].get<bool>());
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no subcommand") << QStringList{} << "expected list, check";
        QTest::newRow("unknown subcommand") << QStringList{"watch"} << "unknown subcommand 'watch'";
        QTest::newRow("unknown signal")
            << QStringList{"check", "code-leaked", "--paper", "2601.22585", "--date", "2026-05-02"}
            << "unknown signal 'code-leaked'";
        QTest::newRow("no paper") << QStringList{"check", "code-public", "--date", "2026-05-02"}
                                  << "--paper is required";
        QTest::newRow("a third paper")
            << QStringList{"check", "code-public", "--paper", "2601.00001", "--date", "2026-05-02"}
            << "--paper: expected 2601.22585 or 2605.31000, got '2601.00001'";
        QTest::newRow("signal of the other paper")
            << QStringList{"check",   "ecosystem-moreh-product",
                           "--paper", "2605.31000",
                           "--date",  "2026-05-02"}
            << "is about arXiv 2601.22585 only";
        QTest::newRow("no date") << QStringList{"check", "code-public", "--paper", "2601.22585"}
                                 << "--date: expected the date the signal was observed as "
                                    "YYYY-MM-DD, got ''";
        QTest::newRow("bad date") << QStringList{"check",      "code-public", "--paper",
                                                 "2601.22585", "--date",      "2026-13-40"}
                                  << "got '2026-13-40'";
        QTest::newRow("uncheck what is not checked")
            << QStringList{"uncheck", "code-public", "--paper", "2601.22585"}
            << "is not checked for arXiv 2601.22585";
        QTest::newRow("horizon 0") << QStringList{"resolve", "--horizon", "0"}
                                   << "--horizon: expected a whole number of months from 1 to 120";
        QTest::newRow("apply without an id") << QStringList{"apply"} << "expected one stored";
        QTest::newRow("apply to no scenario")
            << QStringList{"apply", "99"} << "no scenario with id 99";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(QStringList{"hetccl-watch"} + args);
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        // Nothing was stored.
        QVERIFY(crossgrade::data::Store::open(m_db).hetcclChecklist().empty());
    }

    void applySavesANewVersionWithTheRangeAndItsProvenance() {
        const qint64 id = saveScenario(sampleScenario("training-shop.json"));
        for (const char* signal : {"code-public", "code-release", "integration-shim"})
            QVERIFY(cli({"hetccl-watch", "check", signal, "--paper", "2601.22585", "--date",
                         "2026-05-02"})
                        .status == 0);
        const Run r = cli({"hetccl-watch", "apply", QString::number(id)});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("scenario %1 version 2").arg(id)),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("arXiv 2601.22585"));

        crossgrade::data::Store store = crossgrade::data::Store::open(m_db);
        const auto before = store.scenarioVersion(id, 1);
        const auto after = store.scenarioVersion(id, 2);
        QVERIFY(before && after);
        const int horizon = after->horizon_months;
        const auto j = resolved(horizon)["papers"][0]["available_month"];
        const auto& month = after->hetccl_available_month;
        QCOMPARE(month.range.low, j["range"][0].get<double>());
        QCOMPARE(month.range.most_likely, j["range"][1].get<double>());
        QCOMPARE(month.range.high, j["range"][2].get<double>());
        QCOMPARE(month.source, j["source"].get<std::string>());
        QCOMPARE(month.date, std::string("2026-05-02"));
        QVERIFY(month.confidence == crossgrade::model::Confidence::C);
        // Only the HetCCL month changed.
        crossgrade::model::Scenario restored = *after;
        restored.hetccl_available_month = before->hetccl_available_month;
        QVERIFY(restored == *before);
        QVERIFY(store.versions(id).back().note.rfind("HetCCL watch: arXiv 2601.22585", 0) == 0);
        // Applying the same again would save an identical version: refused.
        QCOMPARE(cli({"hetccl-watch", "apply", QString::number(id)}).status, 2);
    }

    void applyIsRefusedWhenTheAuditSaysHetcclIsPremature() {
        QFile sample(sampleScenario("training-shop.json"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        auto j = nlohmann::json::parse(sample.readAll().toStdString());
        j["name"] = "kernels and framework both High";
        j["audit"]["dimensions"]["framework_usage"]["tier"] = "high"; // with custom_kernels: 2
        QFile file(m_dir.filePath("premature.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(j.dump()));
        file.close();
        const qint64 id = saveScenario(file.fileName());
        QVERIFY(cli({"hetccl-watch", "check", "code-public", "--paper", "2601.22585", "--date",
                     "2026-05-02"})
                    .status == 0);
        const Run r = cli({"hetccl-watch", "apply", QString::number(id)});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("hetccl-premature: 2 dimensions outside distributed are High: "
                                "HetCCL's status is premature to track"),
                 qPrintable(r.err));
        QCOMPARE(crossgrade::data::Store::open(m_db).versions(id).size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestCliHetccl)
#include "tst_cli_hetccl.moc"
