// crossgrade-cli scan end to end (issue 8, point 4): one and several repositories into an audit
// JSON that imports back, the text summary, SARIF 2.1.0, --update into a file and into a stored
// audit keeping the reviewer's overrides, .gitignore honoured, and every refusal (no
// --workload, a bad workload, a folder that does not exist, a bad --update) exiting 2 and
// writing nothing.

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
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

using nlohmann::json;

namespace {

using Run = crossgrade::testing::CliRun;

void write(const QString& path, const QByteArray& text) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Writes a file whose name is raw bytes (QFile would encode the name as UTF-8).
void writeBytesNamed(const QByteArray& path, const QByteArray& text) {
    const int fd = ::open(path.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || ::write(fd, text.constData(), std::size_t(text.size())) != text.size())
        qFatal("cannot write %s", path.constData());
    ::close(fd);
}

bool existsBytesNamed(const QByteArray& path) {
    struct stat st {};
    return ::stat(path.constData(), &st) == 0;
}

// Runs the CLI with arguments that are raw bytes. QProcess encodes arguments as UTF-8 (and
// cannot pass other bytes), so sh rebuilds each one from printf's octal escapes.
Run cliBytes(const QList<QByteArray>& args, const QString& xdgDataHome) {
    QString script = QStringLiteral("exec \"$0\"");
    for (const QByteArray& a : args) {
        QString octal;
        for (const char c : a)
            octal += QStringLiteral("\\%1").arg(uint(static_cast<unsigned char>(c)), 3, 8,
                                                QLatin1Char('0'));
        script += QStringLiteral(" \"$(printf '%1')\"").arg(octal);
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), xdgDataHome);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script, CROSSGRADE_CLI_PATH});
    p.waitForFinished(60000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

const json* evidenceAt(const json& audit, const char* dimension, const std::string& rule) {
    for (const json& e : audit["dimensions"][dimension]["evidence"])
        if (e["rule_id"] == rule)
            return &e;
    return nullptr;
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
    QString m_latin1;  // a kernel and a binary whose file names are Latin-1 bytes, not UTF-8

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
        // Four more kernels with inline PTX: a non-portable kernel library (High from 5 files).
        for (int i = 1; i <= 4; ++i)
            write(m_serving + QStringLiteral("/csrc/attn_%1.cu").arg(i),
                  "__global__ void attn(float* o) {\n"
                  "  asm volatile(\"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0}, [%1];\");\n"
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
        m_latin1 = m_dir.filePath("latin1");
        QDir().mkpath(m_latin1 + "/csrc");
        QDir().mkpath(m_latin1 + "/assets");
        // "noyau-é.cu" and "données.bin" as a Latin-1 system names them: é is the byte 0xE9.
        writeBytesNamed(QFile::encodeName(m_latin1) + "/csrc/noyau-\xe9.cu",
                        "__global__ void k(float* o) {\n  asm volatile(\"bar.sync 0;\");\n}\n");
        writeBytesNamed(QFile::encodeName(m_latin1) + "/assets/donn\xe9"
                                                      "es.bin",
                        QByteArray("\x00\x01\x02binary", 9));
    }

    void init() {
        static int n = 0;
        m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
    }

    void scansOneRepositoryIntoAnAuditThatImports() {
        const Run r = cli({"scan", m_serving, "--workload", "inference-only"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("scanned 8 files"), qPrintable(r.err));
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
            if (result["ruleId"] == "D1.inline-ptx" &&
                result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] ==
                    "csrc/attn.cu")
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

    // Issue 20, class 6: nlohmann::json throws type_error 316 when it dumps a string that is
    // not UTF-8, so one Latin-1 file name anywhere in the tree (even a binary file that is not
    // scanned) made `scan` fail with a JSON library error. Such a path is now written
    // percent-escaped with "path_encoding": "percent", and reads back as the same bytes.
    void bug_nonUtf8FileNameBrokeScanJson() {
        const Run r = cli({"scan", m_latin1, "--workload", "inference-only"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(!r.out.contains(QChar(0xFFFD))); // the path rule's snippet is escaped too
        const json audit = json::parse(r.out.toStdString());
        const json* e = evidenceAt(audit, "custom_kernels", "D1.inline-ptx");
        QVERIFY(e != nullptr);
        QCOMPARE((*e)["path"].get<std::string>(), std::string("csrc/noyau-%E9.cu"));
        QCOMPARE((*e)["path_encoding"].get<std::string>(), std::string("percent"));
        bool binary = false;
        for (const json& s : audit["not_scanned"])
            binary = binary || (s["path"] == "assets/donn%E9es.bin" &&
                                s["path_encoding"] == "percent" && s["reason"] == "binary");
        QVERIFY2(binary, audit["not_scanned"].dump().c_str());

        // The file imports, and a re-scan into it finds the same file under the same name.
        const QString file = m_dir.filePath("latin1-audit.json");
        write(file, r.out.toUtf8());
        const Run imported = cli({"import-audit", file});
        QVERIFY2(imported.status == 0, qPrintable(imported.err));
        // The store keeps the bytes too: the export escapes them as the scan did.
        const Run exported = cli({"export-audit", "1"});
        QVERIFY2(exported.status == 0, qPrintable(exported.err));
        const json stored = json::parse(exported.out.toStdString());
        const json* kept = evidenceAt(stored, "custom_kernels", "D1.inline-ptx");
        QVERIFY(kept != nullptr);
        QCOMPARE((*kept)["path"].get<std::string>(), std::string("csrc/noyau-%E9.cu"));
        QCOMPARE((*kept)["path_encoding"].get<std::string>(), std::string("percent"));
        QCOMPARE(stored["not_scanned"], audit["not_scanned"]);
        const Run updated = cli({"scan", m_latin1, "--update", file});
        QVERIFY2(updated.status == 0, qPrintable(updated.err));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json after = json::parse(f.readAll().toStdString());
        const json* again = evidenceAt(after, "custom_kernels", "D1.inline-ptx");
        QVERIFY(again != nullptr);
        QCOMPARE((*again)["path"].get<std::string>(), std::string("csrc/noyau-%E9.cu"));

        // The text summary shows the name escaped, as the JSON does.
        const Run text =
            cli({"scan", m_latin1, "--workload", "inference-only", "--format", "text"});
        QVERIFY2(text.status == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains("csrc/noyau-%E9.cu:2  D1.inline-ptx"), qPrintable(text.out));
        QVERIFY2(text.out.contains("assets/donn%E9es.bin: binary"), qPrintable(text.out));
        QVERIFY(!text.out.contains(QChar(0xFFFD))); // nothing shown as U+FFFD, nothing raw
    }

    // The same library error failed SARIF; its URIs now carry the bytes percent-encoded, as
    // RFC 3986 asks.
    void bug_nonUtf8FileNameBrokeSarif() {
        const Run r = cli({"scan", m_latin1, "--workload", "inference-only", "--format", "sarif"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(!r.out.contains(QChar(0xFFFD)));
        const json doc = json::parse(r.out.toStdString());
        bool kernel = false;
        for (const json& result : doc["runs"][0]["results"])
            kernel =
                kernel || result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] ==
                              "csrc/noyau-%E9.cu";
        QVERIFY(kernel);
        bool binary = false;
        for (const json& n : doc["runs"][0]["invocations"][0]["toolExecutionNotifications"])
            binary = binary || n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] ==
                                   "assets/donn%E9es.bin";
        QVERIFY(binary);
    }

    // `scan ROOT` decoded the root with Qt, which turns each byte that is not UTF-8 into U+FFFD,
    // so a repository folder with such a name "did not exist".
    void bug_nonUtf8ScanRootMangled() {
        const QByteArray root = QFile::encodeName(m_dir.path()) + "/d\xe9p\xf4t";
        QVERIFY(::mkdir(root.constData(), 0755) == 0);
        writeBytesNamed(root + "/k.cu", "__global__ void k() { __syncwarp(); }\n");
        const Run r = cliBytes({"--db", QFile::encodeName(m_db), "scan", root, "--workload",
                                "training", "--organisation", "Soci\xe9t\xe9"},
                               m_dir.filePath("xdg"));
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const json audit = json::parse(r.out.toStdString());
        QVERIFY(hasEvidence(audit, "custom_kernels", "D1.warp-sync", "k.cu"));
        QCOMPARE(audit["name"].get<std::string>(), std::string("d%E9p%F4t"));
        // Text that is not a path takes U+FFFD for such bytes, as Qt's decoding gave before.
        QCOMPARE(audit["organisation"].get<std::string>(),
                 std::string("Soci\xEF\xBF\xBDt\xEF\xBF\xBD"));
        QCOMPARE(audit["repositories"][0]["root"].get<std::string>(),
                 QFile::encodeName(m_dir.path()).toStdString() + "/d%E9p%F4t");
        QCOMPARE(audit["repositories"][0]["root_encoding"].get<std::string>(),
                 std::string("percent"));
        QCOMPARE(audit["repositories"][0]["name_encoding"].get<std::string>(),
                 std::string("percent"));

        // A missing root with such a name is named escaped.
        const Run missing =
            cliBytes({"scan", root + "-\xff", "--workload", "training"}, m_dir.filePath("xdg"));
        QCOMPARE(missing.status, 2);
        QVERIFY2(missing.err.contains("d%E9p%F4t-%FF: does not exist"), qPrintable(missing.err));
    }

    // `import-audit FILE` took the name through Qt's decoding: a file whose name is not UTF-8
    // was "not found" (a file named with U+FFFD was looked for instead).
    void bug_nonUtf8ImportAuditPathMangled() {
        const Run scanned = cli({"scan", m_serving, "--workload", "inference-only"});
        QCOMPARE(scanned.status, 0);
        const QByteArray file = QFile::encodeName(m_dir.path()) + "/r\xe9vision.json";
        writeBytesNamed(file, scanned.out.toUtf8());
        const Run r = cliBytes({"--db", QFile::encodeName(m_db), "import-audit", file},
                               m_dir.filePath("xdg"));
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith("1\t") && r.out.contains("r%E9vision.json\tserving"),
                 qPrintable(r.out));
        const Run recommended = cli({"recommend", "1"});
        QVERIFY2(recommended.status == 0, qPrintable(recommended.err));

        // A broken one is reported under its name, escaped.
        const QByteArray broken = QFile::encodeName(m_dir.path()) + "/cass\xe9.json";
        writeBytesNamed(broken, "{\"schema\": \"crossgrade.audit/1\"");
        const Run refused = cliBytes({"--db", QFile::encodeName(m_db), "import-audit", broken},
                                     m_dir.filePath("xdg"));
        QCOMPARE(refused.status, 2);
        QVERIFY2(refused.err.contains("cass%E9.json"), qPrintable(refused.err));
    }

    // --db went through the same decoding: the store was made under another name (with U+FFFD
    // for each byte) instead of the one given.
    void bug_nonUtf8DbPathMangled() {
        const QByteArray store = QFile::encodeName(m_dir.path()) + "/magasin-\xe9\xff.sqlite";
        const QString audit = m_dir.filePath("for-db.json");
        write(audit, cli({"scan", m_serving, "--workload", "inference-only"}).out.toUtf8());
        const Run imported = cliBytes({"--db", store, "import-audit", QFile::encodeName(audit)},
                                      m_dir.filePath("xdg"));
        QVERIFY2(imported.status == 0, qPrintable(imported.err));
        QVERIFY(existsBytesNamed(store));
        QVERIFY(!QFileInfo::exists(QString::fromUtf8(store))); // no file under a mangled name
        QVERIFY(!existsBytesNamed(QFile::encodeName(m_dir.path()) + "/magasin-??.sqlite"));
        const Run listed = cliBytes({"--db", store, "audits"}, m_dir.filePath("xdg"));
        QVERIFY2(listed.status == 0, qPrintable(listed.err));
        QCOMPARE(listed.out.count('\n'), 2); // the header and the audit stored the first time

        // A file there that is not a store is refused under its name, escaped, and left alone.
        const QByteArray foreign = QFile::encodeName(m_dir.path()) + "/notes-\xe9.sqlite";
        writeBytesNamed(foreign, "not a database\n");
        const Run refused = cliBytes({"--db", foreign, "audits"}, m_dir.filePath("xdg"));
        QVERIFY(refused.status != 0);
        QVERIFY2(refused.err.contains("notes-%E9.sqlite"), qPrintable(refused.err));
        struct stat st {};
        QVERIFY(::stat(foreign.constData(), &st) == 0);
        QCOMPARE(qint64(st.st_size), qint64(15));
    }

    // Writing to such a name would go through Qt's file classes, which would write another file:
    // refused, naming it, until the atomic writer takes bytes.
    void nonUtf8OutputNameIsRefusedNotMangled() {
        const QByteArray out = QFile::encodeName(m_dir.path()) + "/sortie-\xe9.json";
        const Run r =
            cliBytes({"--db", QFile::encodeName(m_db), "scan", QFile::encodeName(m_serving),
                      "--workload", "training", "--out", out},
                     m_dir.filePath("xdg"));
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("sortie-%E9.json"), qPrintable(r.err));
        QVERIFY(!existsBytesNamed(out));
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
