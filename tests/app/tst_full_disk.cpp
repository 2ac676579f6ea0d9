// Every file crossgrade-cli writes, on a full disk (issue 20, class 2; docs/errors.md, "Writing
// files"): the command fails (exit 1) with a message naming the file and the reason, the file
// that was there before is byte for byte as it was, and no temporary is left beside it.
//
// The bug: QSaveFile (Qt 6.4) buffers small writes, and a flush that fails inside commit() is
// not reported, so commit() renamed an empty or cut-short temporary over the target and the
// command exited 0: export-audit, sensitivity, compare-hw and scan --out left 0-byte files and
// scan --update emptied the reviewer's audit. Now every write goes through data::StagedFiles.
//
// The disk is a real 64 KiB tmpfs, mounted by the test (the tests run as root); the test is
// skipped, saying why, where mount is refused. The store lives on the ordinary disk.

#include "cli_run.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileDevice>
#include <QIODevice>
#include <QList>
#include <QObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSaveFile>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = crossgrade::testing::CliRun;

const QString kSource = QStringLiteral(CROSSGRADE_SOURCE_DIR);
const QByteArray kOld = "what the file held before the command ran\n";
const QString kNoSpace = QStringLiteral("No space left on device");

QString sampleScenario(const QString& name) {
    return kSource + "/resources/samples/scenarios/" + name;
}
QString sampleAudit(const QString& name) {
    return kSource + "/resources/samples/audits/" + name;
}
QString scanDemo() {
    return kSource + "/resources/samples/scan-demo/acme-train";
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size() &&
           f.flush();
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<cannot be read>");
}

} // namespace

class TestFullDisk : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_disk; // the tmpfs
    QString m_db;
    bool m_mounted = false;

    Run cli(const QStringList& args) {
        return crossgrade::testing::runCli(QStringList{"--db", m_db} + args, m_dir.filePath("xdg"),
                                           180000);
    }

    QString onDisk(const QString& name) const { return m_disk + "/" + name; }

    static QStringList filesIn(const QString& dir) {
        return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                                   QDir::Name);
    }

    // Writes a filler until the tmpfs refuses another byte.
    void fillDisk() {
        QFile filler(onDisk(".filler"));
        QVERIFY(filler.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered));
        const QByteArray page(4096, 'f');
        while (filler.write(page) == page.size()) {
        }
        while (filler.write("f", 1) == 1) {
        }
        QCOMPARE(filler.error(), QFileDevice::ResourceError); // ENOSPC
    }

    // The command on a full disk: exit 1, the file and the reason named, `target` as it was,
    // nothing else left in the folder.
    void checkRefused(const QStringList& args, const QString& target,
                      const QByteArray& before = kOld, const QString& named = {}) {
        const QStringList filesBefore = filesIn(m_disk);
        fillDisk();
        const Run r = cli(args);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("cannot write " + (named.isEmpty() ? target : named)),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(kNoSpace), qPrintable(r.err));
        QVERIFY2(r.err.contains("nothing was written") ||
                     r.err.contains("no file of the report was written"),
                 qPrintable(r.err));
        QVERIFY2(readFile(target) == before, qPrintable(target));
        QStringList expected = filesBefore + QStringList{".filler"};
        expected.sort();
        QCOMPARE(filesIn(m_disk), expected); // no temporary left behind
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_disk = m_dir.filePath("disk");
        QVERIFY(QDir().mkpath(m_disk));
        QProcess mount;
        mount.start("mount", {"-t", "tmpfs", "-o", "size=64k", "tmpfs", m_disk});
        mount.waitForFinished(20000);
        if (mount.exitStatus() != QProcess::NormalExit || mount.exitCode() != 0)
            QSKIP(qPrintable("a 64 KiB tmpfs cannot be mounted here (the test needs root): " +
                             QString::fromLocal8Bit(mount.readAllStandardError()).trimmed()));
        m_mounted = true;
    }

    void cleanupTestCase() {
        if (m_mounted)
            QProcess::execute("umount", {m_disk});
    }

    void init() {
        static int n = 0;
        m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
        for (const QString& f : filesIn(m_disk))
            QVERIFY(QFile::remove(onDisk(f)));
    }

    // One row per command and option that writes a file. "%T" is the target on the full disk;
    // `setup` runs first, on the ordinary disk, to put what the command reads in the store.
    void bug_outputsCutShortOnFullDisk_data() {
        QTest::addColumn<QList<QStringList>>("setup");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("target");

        const QStringList importAudit{"import-audit", sampleAudit("tensorrt-inference.json")};
        const QStringList importBenchmarks{"import-benchmarks",
                                           kSource + "/tests/fixtures/benchmarks/canonical.csv"};
        const QStringList importBook{"pricebook", "import",
                                     kSource + "/resources/pricebook/default.json", "--default"};
        const QString training = sampleScenario("training-shop.json");

        QTest::newRow("evaluate --out (text)")
            << QList<QStringList>{} << QStringList{"evaluate", training, "--out", "%T"}
            << "eval.txt";
        QTest::newRow("evaluate --format csv --out")
            << QList<QStringList>{}
            << QStringList{"evaluate", training, "--format", "csv", "--out", "%T"} << "eval.csv";
        QTest::newRow("evaluate --samples-out")
            << QList<QStringList>{}
            << QStringList{"evaluate", training, "--samples", "20", "--samples-out", "%T"}
            << "samples.csv";
        QTest::newRow("export-audit --out")
            << QList<QStringList>{importAudit} << QStringList{"export-audit", "1", "--out", "%T"}
            << "audit.json";
        QTest::newRow("sensitivity --out")
            << QList<QStringList>{}
            << QStringList{"sensitivity", training, "--knobs", "amd-discount", "--out", "%T"}
            << "sensitivity.txt";
        QTest::newRow("compare-hw --out")
            << QList<QStringList>{importBenchmarks}
            << QStringList{"compare-hw", "H100", "MI300X", "--out", "%T"} << "compare.txt";
        QTest::newRow("benchmarks --out")
            << QList<QStringList>{importBenchmarks} << QStringList{"benchmarks", "--out", "%T"}
            << "benchmarks.txt";
        // Streamed into its temporary row by row (StagedFiles::open), not gathered first.
        QTest::newRow("benchmarks --format json --out")
            << QList<QStringList>{importBenchmarks}
            << QStringList{"benchmarks", "--format", "json", "--out", "%T"} << "benchmarks.json";
        QTest::newRow("benchmarks --format csv --out")
            << QList<QStringList>{importBenchmarks}
            << QStringList{"benchmarks", "--format", "csv", "--out", "%T"} << "benchmarks.csv";
        QTest::newRow("new-scenario --out")
            << QList<QStringList>{importBook}
            << QStringList{"new-scenario", "x", "--template", training, "--out", "%T"}
            << "new.json";
        QTest::newRow("pricebook export --out")
            << QList<QStringList>{importBook} << QStringList{"pricebook", "export", "--out", "%T"}
            << "book.json";
        QTest::newRow("bind-benchmarks --out")
            << QList<QStringList>{importBenchmarks}
            << QStringList{"bind-benchmarks", sampleScenario("large-model-inference.json"),
                           "--workload",      "chat-70b",
                           "--model",         "llama",
                           "--out",           "%T"}
            << "bound.json";
        QTest::newRow("scan --out (json)")
            << QList<QStringList>{}
            << QStringList{"scan", scanDemo(), "--workload", "training", "--out", "%T"}
            << "scan.json";
        QTest::newRow("scan --format sarif --out")
            << QList<QStringList>{} << QStringList{"scan",     scanDemo(), "--workload", "training",
                                                   "--format", "sarif",    "--out",      "%T"}
            << "scan.sarif";
        QTest::newRow("scan --format text --out")
            << QList<QStringList>{} << QStringList{"scan",     scanDemo(), "--workload", "training",
                                                   "--format", "text",     "--out",      "%T"}
            << "scan.txt";
    }
    void bug_outputsCutShortOnFullDisk() {
        QFETCH(QList<QStringList>, setup);
        QFETCH(QStringList, args);
        QFETCH(QString, target);
        for (const QStringList& s : setup) {
            const Run r = cli(s);
            QVERIFY2(r.status == 0, qPrintable(r.err));
        }
        const QString path = onDisk(target);
        QVERIFY(writeFile(path, kOld));
        args.replaceInStrings("%T", path);
        checkRefused(args, path);
    }

    // The report's PDF and the files beside it, staged together: none appears and the old PDF
    // stays.
    void bug_reportFilesCutShortOnFullDisk() {
        const QString pdf = onDisk("r.pdf");
        QVERIFY(writeFile(pdf, kOld));
        // The message names whichever of the report's files met the full disk first.
        checkRefused(
            {"report", sampleScenario("training-shop.json"), "--samples", "20", "--out", pdf}, pdf,
            kOld, onDisk("r."));
    }

    void bug_exportAuditLeftEmptyFileOnFullDisk() {
        QCOMPARE(cli({"import-audit", sampleAudit("tensorrt-inference.json")}).status, 0);
        const QString out = onDisk("audit.json");
        QVERIFY(writeFile(out, kOld));
        checkRefused({"export-audit", "1", "--out", out}, out);
    }

    // The reviewer's audit file, rewritten in place by scan --update, was left at 0 bytes.
    void bug_scanUpdateEmptiedAuditOnFullDisk() {
        const QString audit = onDisk("audit.json");
        const Run first = cli({"scan", scanDemo(), "--workload", "training", "--out", audit});
        QVERIFY2(first.status == 0, qPrintable(first.err));
        const QByteArray reviewed = readFile(audit);
        QVERIFY(reviewed.size() > 100);
        checkRefused({"scan", scanDemo(), "--update", audit}, audit, reviewed);
        QVERIFY2(!cli({"scan", scanDemo(), "--update", audit}).err.contains("updated"),
                 "the disk is still full: no success may be claimed");
    }

    // Standard output redirected to a file on the full disk: the output was cut short with
    // exit 0.
    void bug_stdoutCutShortOnFullDisk() {
        QCOMPARE(cli({"import-audit", sampleAudit("tensorrt-inference.json")}).status, 0);
        fillDisk();
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_DATA_HOME", m_dir.filePath("xdg"));
        p.setProcessEnvironment(env);
        p.setStandardOutputFile(onDisk("stdout.json"));
        p.start(QStringLiteral(CROSSGRADE_CLI_PATH), {"--db", m_db, "export-audit", "1"});
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("cannot write standard output (" + kNoSpace + ")"), qPrintable(err));
    }

    // evaluate wrote --samples-out before it found that --out could not be written, leaving a
    // samples file beside no evaluation. Now both are staged and appear together or not at all.
    void bug_evaluateSamplesOutKeptWhenOutFailed() {
        const QString samples = m_dir.filePath("samples.csv");
        QFile::remove(samples);
        const Run r = cli({"evaluate", sampleScenario("training-shop.json"), "--samples", "20",
                           "--samples-out", samples, "--out", m_dir.filePath("missing/eval.txt")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("--out: cannot write " + m_dir.filePath("missing/eval.txt")),
                 qPrintable(r.err));
        QVERIFY2(!QFile::exists(samples), "the samples file was left behind");
    }

    // scan --update ID replaced the stored audit before it found that --out could not be
    // written. Now --out is staged first and the store changes only when it could be.
    void bug_scanUpdateIdChangedStoreWhenOutFailed() {
        QCOMPARE(cli({"import-audit", sampleAudit("legacy-training-platform.json")}).status, 0);
        const Run before = cli({"export-audit", "1"});
        QCOMPARE(before.status, 0);
        const Run r = cli(
            {"scan", scanDemo(), "--update", "1", "--out", m_dir.filePath("missing/audit.json")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("--out: cannot write"), qPrintable(r.err));
        QCOMPARE(cli({"export-audit", "1"}).out, before.out);
    }

    // new-scenario --save saved the scenario, then failed to write --out.
    void bug_newScenarioSavedWhenOutFailed() {
        QCOMPARE(
            cli({"pricebook", "import", kSource + "/resources/pricebook/default.json", "--default"})
                .status,
            0);
        const Run r =
            cli({"new-scenario", "unsaved", "--template", sampleScenario("training-shop.json"),
                 "--save", "--out", m_dir.filePath("missing/new.json")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("--out: cannot write"), qPrintable(r.err));
        const Run list = cli({"scenarios"});
        QVERIFY2(!list.out.contains("unsaved"), qPrintable(list.out));
    }
};

QTEST_MAIN(TestFullDisk)
#include "tst_full_disk.moc"
