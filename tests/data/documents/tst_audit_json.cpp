// Audit JSON v1: every error row names its place; export → import is the identity; the
// shipped samples are valid and between them reach every path and every warning.

#include "audit_json.h"
#include "recommendation.h"
#include "samples.h"

#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace crossgrade;
using nlohmann::json;

namespace {

// DESIGN.md's smallest valid audit.
json minimalAudit() {
    return json::parse(R"({ "schema": "crossgrade.audit/1", "name": "inference platform",
      "workload": "inference-only",
      "dimensions": {
        "custom_kernels":  { "tier": "low" },
        "libraries":       { "tier": "high", "tensorrt": true },
        "framework_usage": { "tier": "low" },
        "distributed":     { "tier": "low", "multi_node": false },
        "toolchain":       { "tier": "low" },
        "team_knowledge":  { "tier": "medium" } } })");
}

model::Audit richAudit() {
    model::Audit a;
    a.name = "Rich — ünïcode name";
    a.organisation = "Org";
    a.date = "2026-11-02";
    a.notes = "line one\nline two";
    a.workload = model::WorkloadKind::Mixed;
    a.tensorrt = true;
    a.multi_node = true;
    for (model::Dimension d : model::kAllDimensions)
        a.dimension(d).tier = model::Tier::Medium;
    auto& ck = a.dimension(model::Dimension::CustomKernels);
    ck.tier = model::Tier::High;
    ck.notes = "PTX everywhere";
    ck.proposed_tier = model::Tier::Medium;
    ck.override_tier = model::TierOverride{model::Tier::High, "reviewer saw the PTX"};
    ck.findings = {{"D1.inline-ptx", 3}, {"D1.kernel-launch", 0}};
    ck.evidence.push_back({"D1.inline-ptx", model::Level::High, model::Level::High, "a/b.cuh", 12,
                           5, "asm volatile(\"mma\")", model::EvidenceContext::Code, "none",
                           std::nullopt});
    ck.evidence.push_back({"D1.kernel-launch", model::Level::Medium, model::Level::Low,
                           "tests/t.cu", 1, std::nullopt, "", model::EvidenceContext::Test, "",
                           std::string("D1.hip-branch")});
    ck.mitigations.push_back({"M.hip-branch", "setup.py", 40, "if torch.version.hip:", "hip"});
    ck.mitigations.push_back({"M.rocm-image", "", std::nullopt, "", ""});
    a.not_scanned.push_back({"weights/model.bin", "binary"});
    return a;
}

QStringList places(const data::AuditReadResult& r) {
    QStringList out;
    for (const data::Problem& p : r.errors)
        out << QString::fromStdString(p.place);
    return out;
}

QString messages(const data::AuditReadResult& r) {
    QString out;
    for (const data::Problem& p : r.errors)
        out += QString::fromStdString(p.place + ": " + p.message + "\n");
    return out;
}

} // namespace

class TestAuditJson : public QObject {
    Q_OBJECT

private slots:
    void minimalAuditReads();
    void errors_data();
    void errors();
    void everyProblemIsReportedNotJustTheFirst();
    void unknownFieldsAreWarningsNotErrors();
    void emptyFileIsRefused();
    void fileOverTheLimitIsRefusedBeforeParsing();
    void missingFileIsReported();
    void fuzzRegressionsNeitherCrashNorBreakTheRoundTrip();
    void bug_findingsWithoutAProposedTierWereLostOnExport();
    void exportImportRoundTrip();
    void samplesAreValidAndReachEveryPathAndWarning();
};

void TestAuditJson::minimalAuditReads() {
    const auto r = data::readAudit(minimalAudit().dump());
    QVERIFY2(r.ok(), qPrintable(messages(r)));
    QCOMPARE(r.audit->name, std::string("inference platform"));
    QVERIFY(r.audit->tensorrt);
    QVERIFY(!r.audit->multi_node);
    QVERIFY(r.audit->dimension(model::Dimension::Libraries).tier == model::Tier::High);
    QVERIFY(r.audit->dimension(model::Dimension::TeamKnowledge).tier == model::Tier::Medium);
    QVERIFY(r.warnings.empty());
}

void TestAuditJson::errors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("expected"); // part of the message

    auto with = [](auto edit) {
        json j = minimalAudit();
        edit(j);
        return QString::fromStdString(j.dump(2));
    };
    QTest::newRow("malformed JSON: missing comma")
        << "{\n  \"schema\": \"crossgrade.audit/1\"\n  \"name\": \"x\"\n}"
        << "3:3"
        << "invalid JSON";
    QTest::newRow("malformed JSON: truncated")
        << "{\"schema\": \"crossgrade.audit/1\", "
        << "1:34"
        << "invalid JSON: syntax error while parsing object key - the file ends before the JSON "
           "does (is it cut short?); expected string literal";
    QTest::newRow("not an object") << "[1, 2]"
                                   << ""
                                   << "expected a JSON object";
    QTest::newRow("wrong schema tag")
        << with([](json& j) { j["schema"] = "crossgrade.audit/2"; }) << "/schema"
        << "expected \"crossgrade.audit/1\", got \"crossgrade.audit/2\"";
    QTest::newRow("missing schema tag") << with([](json& j) { j.erase("schema"); }) << "/schema"
                                        << "missing";
    QTest::newRow("name of wrong type") << with([](json& j) { j["name"] = 42; }) << "/name"
                                        << "expected a string, got the number 42";
    QTest::newRow("empty name") << with([](json& j) { j["name"] = ""; }) << "/name"
                                << "non-empty";
    QTest::newRow("unknown workload")
        << with([](json& j) { j["workload"] = "serving"; }) << "/workload"
        << "expected one of \"inference-only\", \"training\", \"mixed\", \"greenfield\", got "
           "\"serving\"";
    QTest::newRow("missing workload") << with([](json& j) { j.erase("workload"); }) << "/workload"
                                      << "missing";
    QTest::newRow("unknown tier")
        << with([](json& j) { j["dimensions"]["toolchain"]["tier"] = "extreme"; })
        << "/dimensions/toolchain/tier"
        << "expected one of \"low\", \"medium\", \"high\", got \"extreme\"";
    QTest::newRow("tier of wrong type")
        << with([](json& j) { j["dimensions"]["toolchain"]["tier"] = 3; })
        << "/dimensions/toolchain/tier"
        << "got the number 3";
    QTest::newRow("missing dimension")
        << with([](json& j) { j["dimensions"].erase("distributed"); }) << "/dimensions/distributed"
        << "missing";
    QTest::newRow("dimension not an object")
        << with([](json& j) { j["dimensions"]["libraries"] = "high"; }) << "/dimensions/libraries"
        << "expected a dimension (a JSON object), got \"high\"";
    QTest::newRow("dimensions is an array")
        << with([](json& j) { j["dimensions"] = json::array(); }) << "/dimensions"
        << "got an array";
    QTest::newRow("flag of wrong type")
        << with([](json& j) { j["dimensions"]["libraries"]["tensorrt"] = "yes"; })
        << "/dimensions/libraries/tensorrt"
        << "expected true or false, got \"yes\"";
    QTest::newRow("evidence line zero") << with([](json& j) {
        j["dimensions"]["custom_kernels"]["evidence"] =
            json::parse(R"([{"rule_id":"D1.x","severity":"high","confidence":"low",
                   "path":"a.cu","line":0,"context":"code"}])");
    }) << "/dimensions/custom_kernels/evidence/0/line"
                                        << "from 1";
    QTest::newRow("evidence unknown context") << with([](json& j) {
        j["dimensions"]["custom_kernels"]["evidence"] =
            json::parse(R"([{"rule_id":"D1.x","severity":"high","confidence":"low",
                   "path":"a.cu","line":3,"context":"wiki"}])");
    }) << "/dimensions/custom_kernels/evidence/0/context"
                                              << "got \"wiki\"";
    QTest::newRow("evidence missing path") << with([](json& j) {
        j["dimensions"]["libraries"]["evidence"] = json::parse(
            R"([{"rule_id":"D2.x","severity":"high","confidence":"low","line":3,
                   "context":"code"}])");
    }) << "/dimensions/libraries/evidence/0/path"
                                           << "missing";
    QTest::newRow("evidence under the wrong dimension") << with([](json& j) {
        j["dimensions"]["libraries"]["evidence"] = json::parse(
            R"([{"rule_id":"D1.x","dimension":1,"severity":"high","confidence":"low",
                   "path":"a","line":3,"context":"code"}])");
    }) << "/dimensions/libraries/evidence/0/dimension"
                                                        << "expected 2";
    QTest::newRow("negative finding count") << with([](json& j) {
        j["dimensions"]["libraries"]["findings"] = {{"D2.cublas", -1}};
    }) << "/dimensions/libraries/findings/D2.cublas"
                                            << "got the number -1";
    QTest::newRow("override contradicts tier") << with([](json& j) {
        j["dimensions"]["toolchain"]["override"] = {{"tier", "high"}, {"reason", "r"}};
    }) << "/dimensions/toolchain/tier"
                                               << "to match override.tier";
    QTest::newRow("override without reason") << with([](json& j) {
        j["dimensions"]["toolchain"]["override"] = {{"tier", "low"}};
    }) << "/dimensions/toolchain/override/reason"
                                             << "missing";
    QTest::newRow("bad date") << with([](json& j) { j["date"] = "29/11/2026"; }) << "/date"
                              << "YYYY-MM-DD";
    QTest::newRow("not_scanned item without reason")
        << with([](json& j) { j["not_scanned"] = json::parse(R"([{"path":"big.bin"}])"); })
        << "/not_scanned/0/reason"
        << "missing";
    QTest::newRow("key with slash is escaped in the pointer") << with([](json& j) {
        j["dimensions"]["libraries"]["findings"] = {{"a/b", "x"}};
    }) << "/dimensions/libraries/findings/a~1b"
                                                              << "whole number";
    QTest::newRow("number overflow") << "{\"schema\": \"crossgrade.audit/1\",\n \"name\": 1e999}"
                                     << "2:10"
                                     << "a number is out of range";
    QTest::newRow("nesting too deep") << QString(100, '[') + QString(100, ']') << "1:65"
                                      << "nesting deeper than 64";
}

void TestAuditJson::errors() {
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, expected);
    const auto r = data::readAudit(text.toStdString());
    QVERIFY(!r.ok());
    QVERIFY2(places(r).contains(place), qPrintable("places: " + places(r).join(", ")));
    QVERIFY2(messages(r).contains(expected), qPrintable(messages(r)));
}

void TestAuditJson::everyProblemIsReportedNotJustTheFirst() {
    json j = minimalAudit();
    j["workload"] = "batch";
    j["dimensions"]["toolchain"]["tier"] = "huge";
    j["dimensions"].erase("team_knowledge");
    const auto r = data::readAudit(j.dump());
    QCOMPARE(places(r), (QStringList{"/workload", "/dimensions/toolchain/tier",
                                     "/dimensions/team_knowledge"}));
}

void TestAuditJson::unknownFieldsAreWarningsNotErrors() {
    json j = minimalAudit();
    j["colour"] = "blue";
    j["dimensions"]["toolchain"]["teir"] = "high";
    const auto r = data::readAudit(j.dump());
    QVERIFY(r.ok());
    QCOMPARE(r.warnings.size(), std::size_t(2));
    QCOMPARE(r.warnings[0].place, std::string("/colour"));
    QCOMPARE(r.warnings[1].place, std::string("/dimensions/toolchain/teir"));
}

void TestAuditJson::emptyFileIsRefused() {
    for (const char* text : {"", "  \n\t "}) {
        const auto r = data::readAudit(text);
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.front().place, std::string("1:1"));
        QVERIFY(r.errors.front().message.find("empty") != std::string::npos);
    }
}

void TestAuditJson::fileOverTheLimitIsRefusedBeforeParsing() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("huge.json").toStdString();
    {
        // Valid JSON throughout, so only the size can be what refuses it.
        std::ofstream out(path);
        out << "{\"notes\": \"" << std::string(data::kMaxDocumentBytes, 'x') << "\"}";
    }
    const auto r = data::readAuditFile(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), std::size_t(1));
    QVERIFY(r.errors.front().message.find("limited to 16777216 bytes") != std::string::npos);
}

void TestAuditJson::missingFileIsReported() {
    const auto r = data::readAuditFile("/nonexistent/audit.json");
    QVERIFY(!r.ok());
    QVERIFY(r.errors.front().message.find("cannot read") != std::string::npos);
}

// Inputs the fuzzer once crashed on (tests/fixtures/fuzz-regressions/audit/, named after
// the bug). Each must now be read without a crash, and round-trip if accepted.
void TestAuditJson::fuzzRegressionsNeitherCrashNorBreakTheRoundTrip() {
    const QDir dir(QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/fuzz-regressions/audit"));
    const QStringList files = dir.entryList(QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString& name : files) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto r = data::readAudit(file.readAll().toStdString());
        if (r.ok()) {
            const auto again = data::readAudit(data::writeAudit(*r.audit));
            QVERIFY2(again.ok() && *again.audit == *r.audit, qPrintable(name));
        } else {
            QVERIFY2(!r.errors.front().message.empty(), qPrintable(name));
        }
    }
}

// A repository's count of findings was written only beside a proposed tier, while the reader
// keeps a count on its own: exporting such an audit lost the count (found by fuzz_audit_import;
// the file is among the regressions above).
void TestAuditJson::bug_findingsWithoutAProposedTierWereLostOnExport() {
    model::Audit audit = richAudit();
    model::RepositoryBreakdown repository;
    repository.name = "trainer";
    repository.proposed[std::size_t(model::Dimension::CustomKernels)] = model::Tier::High;
    repository.findings[std::size_t(model::Dimension::CustomKernels)] = 5;
    repository.findings[std::size_t(model::Dimension::Toolchain)] = 9; // no proposed tier
    audit.repositories = {repository};
    const auto r = data::readAudit(data::writeAudit(audit));
    QVERIFY2(r.ok(), qPrintable(messages(r)));
    QCOMPARE(r.audit->repositories.at(0).findings[std::size_t(model::Dimension::Toolchain)], 9);
    QVERIFY(*r.audit == audit);
}

void TestAuditJson::exportImportRoundTrip() {
    const model::Audit original = richAudit();
    const std::string text = data::writeAudit(original);
    const auto r = data::readAudit(text);
    QVERIFY2(r.ok(), qPrintable(messages(r)));
    QVERIFY(r.warnings.empty());
    QVERIFY(*r.audit == original);
    QCOMPARE(data::writeAudit(*r.audit), text); // and the text is stable
    // Every sample survives the trip as well.
    for (const data::SampleFile& sample : data::sampleAudits()) {
        const auto first = data::readAudit(sample.text);
        QVERIFY(first.ok());
        const auto again = data::readAudit(data::writeAudit(*first.audit));
        QVERIFY(again.ok());
        QVERIFY2(*again.audit == *first.audit, qPrintable(sample.name));
    }
}

void TestAuditJson::samplesAreValidAndReachEveryPathAndWarning() {
    // What each shipped sample must be recommended; docs and the README rely on these.
    const std::map<QString, QString> expected{
        {"greenfield-assistant.json", "path2"},       {"legacy-training-platform.json", "path2"},
        {"llm-pretraining-nccl.json", "path3"},       {"kernel-heavy-research.json", "path2"},
        {"distributed-kernels.json", "path2+3"},      {"tensorrt-inference.json", "path1"},
        {"standard-pytorch-inference.json", "path1"}, {"toolchain-and-libraries.json", "path1"},
        {"inconsistent-inference.json", "path1"}};
    std::set<std::string> paths;
    std::set<std::string> warnings;
    std::set<std::string> rules;
    const auto samples = data::sampleAudits();
    QCOMPARE(samples.size(), expected.size());
    for (const data::SampleFile& sample : samples) {
        const auto r = data::readAudit(sample.text);
        QVERIFY2(r.ok(), qPrintable(sample.name + ": " + messages(r)));
        QVERIFY2(r.warnings.empty(), qPrintable(sample.name));
        QVERIFY(r.audit->notes.rfind("SAMPLE DATA.", 0) == 0); // labelled as sample
        const auto rec = model::recommend(r.audit->profile());
        QCOMPARE(QString::fromUtf8(model::toString(rec.primary_path).data()),
                 expected.at(sample.name));
        paths.insert(std::string(model::toString(rec.primary_path)));
        rules.insert(rec.decided_by);
        for (const auto& w : rec.warnings)
            warnings.insert(w.id);
    }
    QCOMPARE(paths, (std::set<std::string>{"path1", "path2", "path3", "path2+3"}));
    QCOMPARE(warnings, (std::set<std::string>{"networking-layer", "tensorrt", "hetccl-premature",
                                              "inconsistent"}));
    QCOMPARE(rules.size(), crossgrade::model::pathRules().size());
}

QTEST_GUILESS_MAIN(TestAuditJson)
#include "tst_audit_json.moc"
