// crossgrade-cli scan end to end (issue 8, point 4): one and several repositories into an audit
// JSON that imports back, the text summary, SARIF 2.1.0, --update into a file and into a stored
// audit keeping the reviewer's overrides, .gitignore honoured, and every refusal (no
// --workload, a bad workload, a folder that does not exist, a bad --update) exiting 2 and
// writing nothing.

#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

using Run = crossgrade::testing::CliRun;

void write(const QString& path, const QByteArray& text) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
}

bool hasEvidence(const json& audit, const char* dimension, const std::string& rule,
                 const std::string& path) {
    for (const json& e : audit["dimensions"][dimension].value("evidence", json::array()))
        if (e["rule_id"] == rule && e["path"] == path)
            return true;
    return false;
}

} // namespace

class TestCliScan : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;
    QString m_serving; // inference repository: PTX kernel, TensorRT, a gitignored build folder
    QString m_trainer; // training repository: NCCL through torch.distributed, multi-node launch

    Run cli(const QStringList& args) {
        return crossgrade::testing::runCli(QStringList{"--db", m_db} + args, m_dir.filePath("xdg"));
    }

    json scanJson(const QStringList& args) {
        const Run r = cli(QStringList{"scan"} + args);
        if (r.status != 0)
            qFatal("scan failed: %s", qPrintable(r.err));
        return json::parse(r.out.toStdString());
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_serving = m_dir.filePath("serving");
        write(m_serving + "/csrc/attn.cu",
              "#include <cuda_runtime.h>\n"
              "__global__ void attn(float* o) {\n"
              "  asm volatile(\"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0}, [%1];\" : "
              "\"=r\"(r) : \"r\"(a));\n"
              "}\n");
        write(m_serving + "/serve/engine.py", "import tensorrt as trt\n\nlogger = trt.Logger()\n");
        write(m_serving + "/requirements.txt", "torch==2.5.1\nflash-attn==2.6.3\n");
        write(m_serving + "/.gitignore", "build/\n");
        write(m_serving + "/build/generated.cu", "__global__ void g() { __syncwarp(); }\n");
        m_trainer = m_dir.filePath("trainer");
        write(m_trainer + "/train.py", "import torch.distributed as dist\n\n"
                                       "dist.init_process_group(backend=\"nccl\")\n");
        write(m_trainer + "/launch/run.slurm",
              "#!/bin/bash\n#SBATCH --nodes=4\nsrun torchrun --nnodes=4 train.py\n");
    }

    void init() {
        static int n = 0;
        m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
    }

    void scansOneRepositoryIntoAnAuditThatImports() {
        const Run r = cli({"scan", m_serving, "--workload", "inference-only"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("scanned 4 files"), qPrintable(r.err));
        const json audit = json::parse(r.out.toStdString());
        QCOMPARE(audit["schema"].get<std::string>(), std::string("crossgrade.audit/1"));
        QCOMPARE(audit["name"].get<std::string>(), std::string("serving"));
        QCOMPARE(audit["workload"].get<std::string>(), std::string("inference-only"));
        QCOMPARE(audit["dimensions"]["custom_kernels"]["tier"].get<std::string>(),
                 std::string("high"));
        QCOMPARE(audit["dimensions"]["custom_kernels"]["proposed_tier"].get<std::string>(),
                 std::string("high"));
        QVERIFY(!audit["dimensions"]["custom_kernels"]["reasons"].empty());
        QVERIFY(hasEvidence(audit, "custom_kernels", "D1.inline-ptx", "csrc/attn.cu"));
        QVERIFY(audit["dimensions"]["libraries"]["tensorrt"].get<bool>());
        QCOMPARE(audit["dimensions"]["team_knowledge"]["tier"].get<std::string>(),
                 std::string("medium"));
        QVERIFY(!audit.contains("date")); // the same code gives the same file

        const QString file = m_dir.filePath("serving-audit.json");
        write(file, r.out.toUtf8());
        const Run imported = cli({"import-audit", file});
        QVERIFY2(imported.status == 0, qPrintable(imported.err));
        const Run recommended = cli({"recommend", "1"});
        QCOMPARE(recommended.status, 0);
        QVERIFY(recommended.out.contains("Recommended path"));
    }

    void gitignoreIsHonouredUnlessAskedNot() {
        const json audit = scanJson({m_serving, "--workload", "inference-only"});
        QVERIFY(!hasEvidence(audit, "custom_kernels", "D1.warp-sync", "build/generated.cu"));
        const json all = scanJson({m_serving, "--workload", "inference-only", "--no-gitignore"});
        QVERIFY(hasEvidence(all, "custom_kernels", "D1.warp-sync", "build/generated.cu"));
    }

    void severalRepositoriesMakeOneOrganisationAudit() {
        const json audit =
            scanJson({m_serving, m_trainer, "--workload", "mixed", "--name", "Acme ML",
                      "--organisation", "Acme", "--date", "2026-12-01", "--top", "3"});
        QCOMPARE(audit["name"].get<std::string>(), std::string("Acme ML"));
        QCOMPARE(audit["date"].get<std::string>(), std::string("2026-12-01"));
        QVERIFY(hasEvidence(audit, "custom_kernels", "D1.inline-ptx", "serving/csrc/attn.cu"));
        QVERIFY(audit["dimensions"]["distributed"]["multi_node"].get<bool>());
        QCOMPARE(audit["dimensions"]["distributed"]["tier"].get<std::string>(),
                 std::string("medium"));
        QCOMPARE(audit["repositories"].size(), std::size_t(2));
        QCOMPARE(audit["repositories"][1]["name"].get<std::string>(), std::string("trainer"));
        QCOMPARE(audit["repositories"][1]["proposed"]["distributed"].get<std::string>(),
                 std::string("medium"));
        for (const auto& [name, dim] : audit["dimensions"].items())
            QVERIFY(dim.value("evidence", json::array()).size() <= 3);
    }

    void textAndSarifFormats() {
        const Run text =
            cli({"scan", m_serving, "--workload", "inference-only", "--format", "text"});
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.contains("1. Custom kernel code: HIGH (proposed by the scan)"),
                 qPrintable(text.out));
        QVERIFY(text.out.contains("csrc/attn.cu:3  D1.inline-ptx  high, code"));
        QVERIFY(text.out.contains("Recommended path:"));

        const QString out = m_dir.filePath("serving.sarif");
        const Run sarif = cli(
            {"scan", m_serving, "--workload", "inference-only", "--format", "sarif", "--out", out});
        QCOMPARE(sarif.status, 0);
        QVERIFY(sarif.out.isEmpty());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json doc = json::parse(f.readAll().toStdString());
        QCOMPARE(doc["version"].get<std::string>(), std::string("2.1.0"));
        QCOMPARE(doc["runs"].size(), std::size_t(1));
        bool ptx = false;
        for (const json& result : doc["runs"][0]["results"])
            if (result["ruleId"] == "D1.inline-ptx")
                ptx = result["locations"][0]["physicalLocation"]["region"]["startLine"] == 3;
        QVERIFY(ptx);
    }

    void updateFileKeepsTheReviewersOverride() {
        json audit = scanJson({m_serving, "--workload", "inference-only"});
        audit["dimensions"]["custom_kernels"]["tier"] = "medium";
        audit["dimensions"]["custom_kernels"]["override"] = {
            {"tier", "medium"}, {"reason", "the PTX path is behind a feature flag"}};
        audit["dimensions"]["team_knowledge"]["tier"] = "high";
        const QString file = m_dir.filePath("reviewed.json");
        write(file, QByteArray::fromStdString(audit.dump(2)));

        const Run r = cli({"scan", m_serving, m_trainer, "--update", file});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(r.out.isEmpty()); // the audit went back into the file
        QVERIFY2(r.err.contains("1 reviewer override(s) kept"), qPrintable(r.err));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json after = json::parse(f.readAll().toStdString());
        QCOMPARE(after["workload"].get<std::string>(), std::string("inference-only"));
        QCOMPARE(after["dimensions"]["custom_kernels"]["tier"].get<std::string>(),
                 std::string("medium"));
        QCOMPARE(after["dimensions"]["custom_kernels"]["proposed_tier"].get<std::string>(),
                 std::string("high"));
        QCOMPARE(after["dimensions"]["team_knowledge"]["tier"].get<std::string>(),
                 std::string("high"));
        QCOMPARE(after["repositories"].size(), std::size_t(2));
    }

    void updateStoredAuditInPlace() {
        const QString file = m_dir.filePath("stored.json");
        json audit = scanJson({m_serving, "--workload", "inference-only"});
        audit["dimensions"]["libraries"]["override"] = {{"tier", "high"},
                                                        {"reason", "TensorRT engines in prod"}};
        write(file, QByteArray::fromStdString(audit.dump(2)));
        QCOMPARE(cli({"import-audit", file}).status, 0);

        const Run r = cli({"scan", m_serving, m_trainer, "--update", "1", "--format", "text"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(r.err.contains("updated stored audit 1; 1 reviewer override(s) kept"));
        QVERIFY(r.out.contains("Repositories:"));
        const Run exported = cli({"export-audit", "1"});
        QCOMPARE(exported.status, 0);
        const json stored = json::parse(exported.out.toStdString());
        QCOMPARE(stored["repositories"].size(), std::size_t(2));
        QCOMPARE(stored["dimensions"]["libraries"]["override"]["reason"].get<std::string>(),
                 std::string("TensorRT engines in prod"));
        const Run list = cli({"audits"});
        QCOMPARE(list.out.count('\n'), 2); // the header and the one audit: replaced, not added
    }

    void refusalsExitTwoAndWriteNothing_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no workload") << QStringList{"@serving"} << "--workload is required";
        QTest::newRow("bad workload") << QStringList{"@serving", "--workload", "serving"}
                                      << "--workload: expected one of inference-only";
        QTest::newRow("no folder")
            << QStringList{"--workload", "training"} << "expected one or more repository folders";
        QTest::newRow("missing folder")
            << QStringList{"@serving", "@missing", "--workload", "training"} << "does not exist";
        QTest::newRow("a file, not a folder")
            << QStringList{"@serving", "@file", "--workload", "training"} << "not a folder";
        QTest::newRow("bad date") << QStringList{"@serving", "--workload", "training", "--date",
                                                 "1 Dec"}
                                  << "--date: expected YYYY-MM-DD";
        QTest::newRow("bad threads")
            << QStringList{"@serving", "--workload", "training", "--threads", "0"}
            << "--threads: expected a whole number from 1";
        QTest::newRow("bad format")
            << QStringList{"@serving", "--workload", "training", "--format", "xml"} << "xml";
        QTest::newRow("update unknown id")
            << QStringList{"@serving", "--update", "42"} << "no audit with id 42";
        QTest::newRow("update not a file")
            << QStringList{"@serving", "--update", "nope.json"} << "nope.json";
    }

    void refusalsExitTwoAndWriteNothing() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        for (QString& a : args) {
            if (a == "@serving")
                a = m_serving;
            else if (a == "@missing")
                a = m_dir.filePath("no-such-repo");
            else if (a == "@file")
                a = m_serving + "/requirements.txt";
        }
        const QString out = m_dir.filePath("refused.json");
        const Run r = cli(QStringList{"scan"} + args + QStringList{"--out", out});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliScan)
#include "tst_cli_scan.moc"
