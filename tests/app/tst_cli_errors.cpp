// crossgrade-cli's error messages as a user meets them (issue 10, point 5; docs/errors.md):
// each says what happened, where (the file, the place in it, the option) and what to do, on
// standard error with a non-zero exit status, and nothing is half-written. The bug_ rows pin
// a real bug each: --out ignored by the text formats, report files left behind by a failed
// report.

#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = crossgrade::testing::CliRun;

const QString kSource = QStringLiteral(CROSSGRADE_SOURCE_DIR);

QString sampleScenario(const QString& name) {
    return kSource + "/resources/samples/scenarios/" + name;
}
QString sampleAudit(const QString& name) {
    return kSource + "/resources/samples/audits/" + name;
}

} // namespace

class TestCliErrors : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

    Run cli(const QStringList& args) {
        return crossgrade::testing::runCli(QStringList{"--db", m_db} + args, m_dir.filePath("xdg"),
                                           120000);
    }

    QString path(const QString& name) const { return m_dir.filePath(name); }

    QString folder(const QString& name) {
        QDir(m_dir.path()).mkpath(name);
        return path(name);
    }

    // The files in `dir`, sorted: what "nothing was written" compares.
    static QStringList filesIn(const QString& dir) {
        return QDir(dir).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    }

private slots:
    void init() {
        static int n = 0;
        m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
    }

    // Each row: the arguments, the exit status, and the parts the message must hold. "%DB" and
    // "%DIR" stand for the store and the temporary folder.
    void messageSaysWhatWhereAndWhatToDo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QStringList>("parts");

        QTest::newRow("unknown option")
            << QStringList{"audits", "--colour"} << 2
            << QStringList{"audits: unknown option 'colour'",
                           "run 'crossgrade-cli audits --help' for its options"};
        QTest::newRow("option without its value")
            << QStringList{"evaluate", "--format"} << 2
            << QStringList{"evaluate: missing value after '--format'",
                           "run 'crossgrade-cli evaluate --help'"};
        QTest::newRow("no command")
            << QStringList{} << 2 << QStringList{"crossgrade-cli: no command given", "Usage:"};
        QTest::newRow("a folder as an audit file")
            << QStringList{"import-audit", "%DIR/folder.json"} << 2
            << QStringList{"%DIR/folder.json:/: cannot read the file: it is a folder; give the "
                           "path of an audit JSON file inside it",
                           "nothing was stored"};
        QTest::newRow("a missing audit file")
            << QStringList{"import-audit", "%DIR/absent.json"} << 2
            << QStringList{"%DIR/absent.json:/: cannot read the file: it does not exist; check "
                           "the path (expected an audit JSON file)"};
        QTest::newRow("an audit given as a scenario")
            << QStringList{"save-scenario", sampleAudit("tensorrt-inference.json")} << 2
            << QStringList{sampleAudit("tensorrt-inference.json") +
                               ":/schema: expected \"crossgrade.scenario/1\", got "
                               "\"crossgrade.audit/1\": this file is an audit, not a scenario; "
                               "give a scenario file",
                           "nothing was stored"};
        QTest::newRow("a template that is neither file nor id")
            << QStringList{"new-scenario", "x", "--template", "%DIR/absent.json"} << 2
            << QStringList{"--template: %DIR/absent.json: no such file, and not a stored "
                           "scenario id",
                           "an id from `crossgrade-cli scenarios`"};
        QTest::newRow("a store with no default price book")
            << QStringList{"new-scenario", "x", "--template", sampleScenario("training-shop.json")}
            << 2
            << QStringList{"no default price book in %DB",
                           "`crossgrade-cli --db %DB pricebook import FILE --default`",
                           "`crossgrade-cli pricebook export --out pricebook.json`"};
        QTest::newRow("a workload the scenario does not have")
            << QStringList{"bind-benchmarks", sampleScenario("training-shop.json"),
                           "--workload",      "chat",
                           "--model",         "llama"}
            << 2
            << QStringList{"bind-benchmarks: --workload: the scenario has no workload 'chat'; "
                           "its inference workloads are eval-serving"};
        QTest::newRow("--out in a missing folder")
            << QStringList{"evaluate", sampleScenario("training-shop.json"), "--out",
                           "%DIR/missing/eval.txt"}
            << 1
            << QStringList{"--out: cannot write %DIR/missing/eval.txt: the folder %DIR/missing "
                           "does not exist; create it first or choose another folder",
                           "nothing was written"};
        QTest::newRow("--out is a folder")
            << QStringList{"evaluate", sampleScenario("training-shop.json"),
                           "--format", "json",
                           "--out",    "%DIR/folder.json"}
            << 1
            << QStringList{"--out: cannot write %DIR/folder.json: it is a folder; give the path "
                           "of a file to write"};
        QTest::newRow("--samples-out is a folder")
            << QStringList{"evaluate",      sampleScenario("training-shop.json"),
                           "--samples",     "20",
                           "--samples-out", "%DIR/folder.json"}
            << 1 << QStringList{"--samples-out: cannot write %DIR/folder.json: it is a folder"};
        QTest::newRow("report --out is a folder")
            << QStringList{"report", sampleScenario("training-shop.json"), "--out",
                           "%DIR/folder.json"}
            << 2
            << QStringList{"--out: %DIR/folder.json is a folder; give the PDF's file name, e.g. "
                           "%DIR/folder.json/report.pdf"};
        QTest::newRow("report --out in a missing folder")
            << QStringList{"report", sampleScenario("training-shop.json"), "--out",
                           "%DIR/missing/r.pdf"}
            << 2
            << QStringList{"--out: the folder of %DIR/missing/r.pdf does not exist; create it "
                           "first"};
    }
    void messageSaysWhatWhereAndWhatToDo() {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QStringList, parts);
        folder("folder.json");
        const QStringList before = filesIn(m_dir.path());
        for (QString& a : args)
            a.replace("%DIR", m_dir.path());
        const Run r = cli(args);
        QCOMPARE(r.status, status);
        for (QString part : parts) {
            part.replace("%DIR", m_dir.path()).replace("%DB", m_db);
            QVERIFY2(r.err.contains(part), qPrintable("missing: " + part + "\nin: " + r.err));
        }
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
        // Nothing written: no output file, and no store made but the one the command asked for.
        QStringList after = filesIn(m_dir.path());
        after.removeAll(QFileInfo(m_db).fileName());
        after.removeAll(QFileInfo(m_db).fileName() + "-wal");
        after.removeAll(QFileInfo(m_db).fileName() + "-shm");
        QCOMPARE(after, before);
        QVERIFY(!QFile::exists(path("missing")));
    }

    void aFolderAsTheStoreSaysWhichFileToGive() {
        m_db = folder("store-folder");
        const Run r = cli({"audits"});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("the store path is a folder, not a file: " + m_db +
                                ". Give the path of a store file, e.g. " + m_db +
                                "/crossgrade.sqlite."),
                 qPrintable(r.err));
    }

    void anEmptyStorePathIsRefusedByItsOption() {
        m_db.clear();
        const Run r = cli({"audits"});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("--db: expected the path of a store file"), qPrintable(r.err));
    }

    // --out was read only by the JSON and CSV formats: the text went to standard output, no
    // file was written, and the exit status said success.
    void bug_textFormatsIgnoredOut_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("firstLine");
        QTest::newRow("evaluate") << QStringList{"evaluate", sampleScenario("training-shop.json")}
                                  << "Scenario:";
        QTest::newRow("evaluate with the Monte Carlo")
            << QStringList{"evaluate", sampleScenario("training-shop.json"), "--samples", "20"}
            << "Scenario:";
        QTest::newRow("sensitivity")
            << QStringList{"sensitivity", sampleScenario("large-model-inference.json"),
                           "--knobs",     "amd-discount",
                           "--scan",      "4"}
            << "Scenario:";
        QTest::newRow("benchmarks") << QStringList{"benchmarks"} << "ID";
    }
    void bug_textFormatsIgnoredOut() {
        QFETCH(QStringList, args);
        QFETCH(QString, firstLine);
        if (args.first() == "benchmarks")
            QCOMPARE(
                cli({"import-benchmarks", kSource + "/tests/fixtures/benchmarks/canonical.csv"})
                    .status,
                0);
        const QString out = path("text-out.txt");
        QFile::remove(out);
        const Run r = cli(args + QStringList{"--out", out});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readLine().startsWith(firstLine.toUtf8()), qPrintable(out));
    }

    // The files beside the PDF were written first, so a PDF that could not be written left
    // them behind, named in no report. Now all are staged and renamed together. The PDF's path
    // is a link to a folder that does not exist: the folder check passes, the write fails.
    void bug_failedReportLeftItsFilesBeside() {
        const QString dir = folder("report");
        QVERIFY(QFile::link("/nonexistent-crossgrade-folder/r.pdf", dir + "/r.pdf"));
        const Run r = cli({"report", sampleScenario("training-shop.json"), "--samples", "20",
                           "--out", dir + "/r.pdf"});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("cannot write " + dir + "/r.pdf"), qPrintable(r.err));
        QVERIFY2(r.err.contains("no file of the report was written"), qPrintable(r.err));
        QCOMPARE(filesIn(dir), QStringList{"r.pdf"}); // the link alone
    }
};

QTEST_MAIN(TestCliErrors)
#include "tst_cli_errors.moc"
