// crossgrade-cli's text output and its options against hostile input (issue 20, class 8):
// control characters in names and file names are shown as escapes, never sent to the terminal
// (ESC [2J cleared the screen, CR and LF printed fake rows); impossible dates are refused by
// every --date option and CSV imports honour --date; notes, names and sources over their limit
// are refused at the option, as the file formats refuse them.

#include "cli_run.h"

#include <QByteArray>
#include <QChar>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFloat16> // QCOMPARE of two json values weighs its qfloat16 overload
#include <QIODevice>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

using Run = crossgrade::testing::CliRun;

const QString kSource = QStringLiteral(CROSSGRADE_SOURCE_DIR);

// A name that clears the screen, rings the bell, goes back to the start of the line and prints
// a row of its own; and a C1 CSI (U+009B) that some terminals read as ESC [.
const std::string kHostile = "evil\x1b[2J\a\rID  NAME\nfake row\t\xc2\x9b"
                             "31m";

QString sampleScenario(const QString& name) {
    return kSource + "/resources/samples/scenarios/" + name;
}
QString sampleAudit(const QString& name) {
    return kSource + "/resources/samples/audits/" + name;
}

void write(const QString& path, const QByteArray& text) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// What a terminal would obey in `text`: a C0 control other than LF and TAB, DEL, or a C1.
QString obeyed(const QString& text) {
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7f || (u >= 0x80 && u <= 0x9f))
            return QStringLiteral("U+%1").arg(int(u), 4, 16, QLatin1Char('0'));
    }
    return {};
}

} // namespace

class TestCliHostileText : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;
    QString m_audit;    // an audit named kHostile
    QString m_scenario; // a scenario named kHostile
    QString m_csv;      // benchmark rows whose model is kHostile
    QString m_repo;     // a repository whose file name and source line hold kHostile
    QString m_badFile;  // a broken JSON file whose name holds ESC and LF
    QString m_csvNamed; // benchmark rows in a file whose name holds ESC and LF

    Run cli(const QStringList& args) {
        return crossgrade::testing::runCli(QStringList{"--db", m_db} + args, m_dir.filePath("xdg"),
                                           120000);
    }

    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        json audit = json::parse(readAll(sampleAudit("tensorrt-inference.json")).toStdString());
        audit["name"] = kHostile;
        audit["organisation"] = kHostile;
        m_audit = path("hostile-audit.json");
        write(m_audit, QByteArray::fromStdString(audit.dump(1)));

        json scenario = json::parse(readAll(sampleScenario("training-shop.json")).toStdString());
        scenario["name"] = kHostile;
        m_scenario = path("hostile-scenario.json");
        write(m_scenario, QByteArray::fromStdString(scenario.dump(1)));

        const QByteArray model = QByteArray::fromStdString(kHostile);
        m_csv = path("hostile.csv");
        write(m_csv, "hardware,model,precision,scenario,gpus,total_tokens_per_s_per_gpu,date\n"
                     "h100,\"llama-" +
                         model +
                         "\",fp8,server,8,1000,2025-10-01\n"
                         "mi300x,\"llama-" +
                         model + "\",fp8,server,8,1200,2026-02-01\n");

        m_csvNamed = path(QString::fromStdString("bench\x1b[2J\nfake.csv"));
        write(m_csvNamed, readAll(m_csv));

        m_repo = path("repo");
        write(m_repo + "/" + QString::fromStdString("k\x1b[2Jernel\nfake.cu"),
              "__global__ void k() {}\n");
        write(m_repo + "/train.py", QByteArray("import torch.distributed as dist\n"
                                               "dist.init_process_group('nccl')  # ") +
                                        model + "\n");

        m_badFile = path(QString::fromStdString("bad\x1b[2J\nfake.json"));
        write(m_badFile, "{ \"schema\": ");
    }

    void init() {
        static int n = 0;
        m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
    }

    // Each row: the commands to run first (their output is not checked) and the command whose
    // standard output and error must show the hostile text escaped.
    void bug_controlCharactersPrintedRaw_data() {
        QTest::addColumn<QList<QStringList>>("setup");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");

        const QStringList saveScenario{"save-scenario", "%SCENARIO", "--note", "%HOSTILE"};
        QTest::newRow("import-audit")
            << QList<QStringList>{} << QStringList{"import-audit", "%AUDIT"} << 0;
        QTest::newRow("audits") << QList<QStringList>{{"import-audit", "%AUDIT"}}
                                << QStringList{"audits"} << 0;
        QTest::newRow("recommend")
            << QList<QStringList>{} << QStringList{"recommend", "%AUDIT"} << 0;
        QTest::newRow("scenarios")
            << QList<QStringList>{saveScenario} << QStringList{"scenarios"} << 0;
        QTest::newRow("versions") << QList<QStringList>{saveScenario}
                                  << QStringList{"versions", "1"} << 0;
        QTest::newRow("evaluate") << QList<QStringList>{} << QStringList{"evaluate", "%SCENARIO"}
                                  << 0;
        QTest::newRow("sensitivity")
            << QList<QStringList>{}
            << QStringList{"sensitivity", "%SCENARIO", "--knobs", "amd-discount"} << 0;
        QTest::newRow("import-benchmarks")
            << QList<QStringList>{} << QStringList{"import-benchmarks", "%NAMEDCSV"} << 0;
        QTest::newRow("benchmarks")
            << QList<QStringList>{{"import-benchmarks", "%CSV"}} << QStringList{"benchmarks"} << 0;
        QTest::newRow("compare-hw") << QList<QStringList>{{"import-benchmarks", "%CSV"}}
                                    << QStringList{"compare-hw", "H100", "MI300X"} << 0;
        QTest::newRow("scan --format text")
            << QList<QStringList>{} << QStringList{"scan",     "%REPO", "--workload", "training",
                                                   "--format", "text",  "--name",     "%HOSTILE"}
            << 0;
        QTest::newRow("an error naming a broken file")
            << QList<QStringList>{} << QStringList{"import-audit", "%BAD"} << 2;
        QTest::newRow("an error naming a missing file")
            << QList<QStringList>{} << QStringList{"recommend", "%BAD.absent"} << 2;
        QTest::newRow("an error quoting an option's value")
            << QList<QStringList>{} << QStringList{"evaluate", "%SCENARIO", "--samples", "%HOSTILE"}
            << 2;
    }
    void bug_controlCharactersPrintedRaw() {
        QFETCH(QList<QStringList>, setup);
        QFETCH(QStringList, args);
        QFETCH(int, status);
        auto expand = [&](QStringList a) {
            a.replaceInStrings("%HOSTILE", QString::fromStdString(kHostile));
            a.replaceInStrings("%AUDIT", m_audit);
            a.replaceInStrings("%SCENARIO", m_scenario);
            a.replaceInStrings("%NAMEDCSV", m_csvNamed);
            a.replaceInStrings("%CSV", m_csv);
            a.replaceInStrings("%REPO", m_repo);
            a.replaceInStrings("%BAD", m_badFile);
            return a;
        };
        for (const QStringList& s : setup)
            QCOMPARE(cli(expand(s)).status, 0);
        const Run r = cli(expand(args));
        QVERIFY2(r.status == status, qPrintable(r.err));
        const QString both = r.out + r.err;
        QVERIFY2(obeyed(both).isEmpty(), qPrintable(obeyed(both) + " in:\n" + both));
        QVERIFY2(!both.contains(QLatin1String("\nfake")), qPrintable(both));
        // Shown escaped: text as "\x1b", a file name as "%1B" (the audit JSON's escape of a name
        // that is not plain UTF-8; docs/errors.md).
        QVERIFY2(both.contains(QLatin1String("\\x1b[2J")) || both.contains(QLatin1String("%1B[2J")),
                 qPrintable(both));
    }

    // Every --date option and the dates of an audit file: a day the calendar has.
    void bug_impossibleDateAccepted_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("refusal");

        QTest::newRow("scan --date 2026-02-30")
            << QStringList{"scan", "%REPO", "--workload", "training", "--date", "2026-02-30"}
            << "--date: expected YYYY-MM-DD (a day the calendar has, e.g. 2026-02-28), got "
               "'2026-02-30'";
        QTest::newRow("import-benchmarks --date 2025-02-29")
            << QStringList{"import-benchmarks", "%CSV", "--date", "2025-02-29"}
            << "--date: expected YYYY-MM-DD (a day the calendar has, e.g. 2026-02-28), got "
               "'2025-02-29'";
        QTest::newRow("bind-benchmarks --date 2026-04-31")
            << QStringList{"bind-benchmarks", sampleScenario("large-model-inference.json"),
                           "--workload",      "chat-70b",
                           "--model",         "llama",
                           "--date",          "2026-04-31"}
            << "--date: expected YYYY-MM-DD (a day the calendar has";
        QTest::newRow("hetccl-watch check --date 2026-06-31")
            << QStringList{"hetccl-watch", "check",  "code-public", "--paper",
                           "2601.22585",   "--date", "2026-06-31"}
            << "--date: expected the date the signal was observed as YYYY-MM-DD (a day the "
               "calendar has";
        QTest::newRow("an audit file dated 2026-02-30")
            << QStringList{"import-audit", "%DATED"} << "/date";
    }
    void bug_impossibleDateAccepted() {
        QFETCH(QStringList, args);
        QFETCH(QString, refusal);
        json audit = json::parse(readAll(sampleAudit("tensorrt-inference.json")).toStdString());
        audit["date"] = "2026-02-30";
        write(path("dated.json"), QByteArray::fromStdString(audit.dump(1)));
        args.replaceInStrings("%REPO", m_repo);
        args.replaceInStrings("%CSV", m_csv);
        args.replaceInStrings("%DATED", path("dated.json"));
        const Run r = cli(args);
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(refusal), qPrintable(r.err));
        QVERIFY2(!QFile::exists(m_db) || cli({"benchmarks"}).out.startsWith("No benchmark"),
                 "nothing may be stored");
    }

    // A leap day is a day: accepted where 2025-02-29 is not.
    void leapDayAccepted() {
        const Run r = cli({"scan", m_repo, "--workload", "training", "--date", "2024-02-29"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QCOMPARE(json::parse(r.out.toStdString())["date"], "2024-02-29");
    }

    // --date dates the rows a file leaves undated (docs/benchmarks.md); the canonical CSV
    // ignored it and stored its rows undated.
    void bug_csvImportIgnoredDate() {
        const QString csv = path("undated.csv");
        write(csv, "hardware,model,precision,scenario,gpus,total_tokens_per_s_per_gpu,date\n"
                   "h100,llama-undated,fp8,server,8,1000,\n"
                   "h100,llama-dated,fp8,server,8,1100,2025-10-01\n");
        const Run r = cli({"import-benchmarks", csv, "--date", "2025-11-03"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const Run list = cli({"benchmarks", "--format", "json"});
        QCOMPARE(list.status, 0);
        const json rows = json::parse(list.out.toStdString());
        QString dates;
        for (const json& row : rows)
            dates += QString::fromStdString(row["model"].get<std::string>() + "=" +
                                            row.value("date", std::string("-")) + " ");
        QVERIFY2(dates.contains("llama-undated=2025-11-03"), qPrintable(dates));
        QVERIFY2(dates.contains("llama-dated=2025-10-01"), qPrintable(dates)); // its own date
    }

    // Options that put text in the store or in an audit refuse what the file formats refuse.
    void bug_notesOverLimitAcceptedThroughOptions_data() {
        QTest::addColumn<QList<QStringList>>("setup");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("refusal");

        const QString notes(100'001, 'n');
        const QString name(201, 'a');
        const QStringList importBook{"pricebook", "import",
                                     kSource + "/resources/pricebook/default.json", "--default"};
        const QString training = sampleScenario("training-shop.json");
        QTest::newRow("save-scenario --note")
            << QList<QStringList>{} << QStringList{"save-scenario", training, "--note", notes}
            << "--note: at most 100000 bytes (UTF-8) fit, got 100001";
        QTest::newRow("new-scenario --save --note")
            << QList<QStringList>{importBook}
            << QStringList{"new-scenario", "x", "--template", training, "--save", "--note", notes}
            << "--note: at most 100000 bytes (UTF-8) fit, got 100001";
        QTest::newRow("hetccl-watch check --note")
            << QList<QStringList>{}
            << QStringList{"hetccl-watch", "check",      "code-public", "--paper", "2601.22585",
                           "--date",       "2026-01-05", "--note",      notes}
            << "--note: at most 100000 bytes";
        QTest::newRow("hetccl-watch check --source")
            << QList<QStringList>{}
            << QStringList{"hetccl-watch", "check",      "code-public",
                           "--paper",      "2601.22585", "--date",
                           "2026-01-05",   "--source",   QString(2'001, 's')}
            << "--source: at most 2000 bytes (UTF-8) fit, got 2001";
        QTest::newRow("hetccl-watch apply --note")
            << QList<QStringList>{{"save-scenario", training}}
            << QStringList{"hetccl-watch", "apply", "1", "--note", notes}
            << "--note: at most 100000 bytes";
        QTest::newRow("scan --name")
            << QList<QStringList>{}
            << QStringList{"scan", "%REPO", "--workload", "training", "--name", name}
            << "--name: at most 200 bytes (UTF-8) fit, got 201";
        QTest::newRow("scan --organisation")
            << QList<QStringList>{}
            << QStringList{"scan", "%REPO", "--workload", "training", "--organisation", name}
            << "--organisation: at most 200 bytes";
        QTest::newRow("import-benchmarks --stack")
            << QList<QStringList>{} << QStringList{"import-benchmarks", "%CSV", "--stack", notes}
            << "--stack: at most 100000 bytes";
    }
    void bug_notesOverLimitAcceptedThroughOptions() {
        QFETCH(QList<QStringList>, setup);
        QFETCH(QStringList, args);
        QFETCH(QString, refusal);
        for (const QStringList& s : setup) {
            const Run r = cli(s);
            QVERIFY2(r.status == 0, qPrintable(r.err));
        }
        args.replaceInStrings("%REPO", m_repo);
        args.replaceInStrings("%CSV", m_csv);
        const Run versionsBefore = cli({"versions", "1", "--format", "json"});
        const Run r = cli(args);
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(refusal), qPrintable(r.err.left(400)));
        QVERIFY2(r.out.isEmpty(), "nothing is printed as if done");
        // Nothing was stored: the versions (if any) and the HetCCL checks are as before.
        QCOMPARE(cli({"versions", "1", "--format", "json"}).out, versionsBefore.out);
        QVERIFY(!cli({"hetccl-watch", "list", "--format", "json"}).out.contains("nnnn"));
        QVERIFY(cli({"benchmarks"}).out.startsWith("No benchmark"));
    }

    // At the limit is accepted: the refusal is of what is over it, not of long notes.
    void notesAtTheLimitAccepted() {
        const Run r = cli({"save-scenario", sampleScenario("training-shop.json"), "--note",
                           QString(100'000, 'n')});
        QVERIFY2(r.status == 0, qPrintable(r.err.left(400)));
    }
};

QTEST_MAIN(TestCliHostileText)
#include "tst_cli_hostile_text.moc"
