// From a scan to the audit (issue 8, point 3) and its other outputs (point 4): the proposal per
// dimension with reasons, the facts read from evidence, the per-repository breakdown, overrides
// kept on a re-scan, the audit JSON and the store keeping all of it, SARIF 2.1.0 and the text
// summary. The scans here are made from the matcher on in-memory files, so these tests do not
// depend on the walker (tst_scan_walker covers it).

#include "audit_json.h"
#include "raw_db.h"
#include "scan_audit.h"
#include "scan_report.h"
#include "store.h"

#include <QFloat16> // QCOMPARE of two json values weighs its qfloat16 overload
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

using namespace crossgrade;
using model::Dimension;
using model::Tier;

namespace {

// One repository scanned from (path, text) pairs.
data::RepositoryScan repository(const std::string& name,
                                std::vector<std::pair<std::string, std::string>> files) {
    data::RepositoryScan repo;
    repo.name = name;
    repo.root = "/src/" + name;
    for (const auto& [path, text] : files) {
        for (const model::ScanFinding& f : model::defaultScanMatcher().matchFile(path, text))
            repo.add(f); // as the walker gathers them, every finding kept (SARIF)
        ++repo.files_scanned;
        repo.bytes_scanned += text.size();
    }
    return repo;
}

data::RepositoryScan kernelsRepo() {
    data::RepositoryScan repo = repository(
        "kernels",
        {{"csrc/attn.cu", "__global__ void k() {\n  asm volatile(\"ldmatrix.sync.aligned.m8n8.x4 "
                          "{%0}, [%1];\" : \"=r\"(a) : \"r\"(p));\n}\n"},
         {"serve/engine.py", "import tensorrt as trt\n"},
         {"tests/test_attn.py", "from cupy import RawKernel\n"},
         {"requirements.txt", "flash-attn==2.5.0\nvllm\n"}});
    repo.not_scanned.push_back({"assets/model.bin", "binary"});
    repo.submodules.push_back({"third_party/cutlass", "https://github.com/NVIDIA/cutlass", false});
    return repo;
}

data::RepositoryScan trainingRepo() {
    return repository("trainer",
                      {{"train.py", "import torch.distributed as dist\n"
                                    "dist.init_process_group(backend='nccl')\n"},
                       {"launch/run.slurm", "#SBATCH --nodes=4\nsrun torchrun --nnodes=4 "
                                            "train.py\n"}});
}

data::ScanRun runOf(std::vector<data::RepositoryScan> repos) {
    data::ScanRun run;
    run.repositories = std::move(repos);
    return run;
}

data::ScanAuditOptions options(model::WorkloadKind kind = model::WorkloadKind::Mixed) {
    data::ScanAuditOptions o;
    o.workload = kind;
    return o;
}

bool hasEvidence(const model::Audit& audit, Dimension d, const std::string& rule,
                 const std::string& path) {
    for (const model::EvidenceItem& e : audit.dimension(d).evidence)
        if (e.rule_id == rule && e.path == path)
            return true;
    return false;
}

} // namespace

class TestScanAudit : public QObject {
    Q_OBJECT

private slots:
    void proposesTiersWithReasonsAndFacts() {
        const model::Audit audit = data::auditFromScan(runOf({kernelsRepo()}), options());
        QCOMPARE(audit.name, std::string("kernels"));
        QVERIFY(audit.workload == model::WorkloadKind::Mixed);
        const model::DimensionAssessment& kernels = audit.dimension(Dimension::CustomKernels);
        // One file of inline PTX is non-portable code, but no kernel library: Medium.
        QVERIFY(kernels.tier == Tier::Medium);
        QVERIFY(kernels.proposed_tier == std::optional(Tier::Medium));
        QVERIFY(!kernels.reasons.empty());
        QVERIFY(kernels.reasons.front().find("D1.inline-ptx") != std::string::npos);
        QVERIFY(hasEvidence(audit, Dimension::CustomKernels, "D1.inline-ptx", "csrc/attn.cu"));
        // TensorRT in production code sets the fact the path rules read.
        QVERIFY(audit.tensorrt);
        QVERIFY(audit.dimension(Dimension::Libraries).tier == Tier::High);
        QVERIFY(!audit.multi_node);
        // Team knowledge is the questionnaire's: Medium with a note, no proposal.
        const model::DimensionAssessment& team = audit.dimension(Dimension::TeamKnowledge);
        QVERIFY(team.tier == Tier::Medium);
        QVERIFY(!team.proposed_tier);
        QVERIFY(team.notes.find("questionnaire") != std::string::npos);
        // One repository: paths stay relative to it.
        QCOMPARE(audit.not_scanned.size(), std::size_t(1));
        QCOMPARE(audit.not_scanned.front().path, std::string("assets/model.bin"));
        QCOMPARE(audit.repositories.size(), std::size_t(1));
        QCOMPARE(audit.repositories.front().submodules.front(),
                 std::string("third_party/cutlass (https://github.com/NVIDIA/cutlass)"));
    }

    void packageTableRatesManifestEntries() {
        const model::Audit audit = data::auditFromScan(runOf({kernelsRepo()}), options());
        // flash-attn is Medium with the ROCm fork named; vllm is Low (upstream ROCm builds).
        bool flash = false;
        bool vllm = false;
        for (const model::EvidenceItem& e : audit.dimension(Dimension::Libraries).evidence) {
            if (e.rule_id != "D2.manifest-packages")
                continue;
            if (e.snippet.find("flash-attn") != std::string::npos) {
                flash = true;
                QVERIFY(e.severity == model::Level::Medium);
                QVERIFY(e.rocm_equivalent.find("flash-attention") != std::string::npos);
            }
            if (e.snippet == "vllm") {
                vllm = true;
                QVERIFY(e.severity == model::Level::Low);
            }
        }
        QVERIFY(flash);
        QVERIFY(vllm);
    }

    void multiNodeFromLaunchEvidence() {
        const model::Audit audit =
            data::auditFromScan(runOf({trainingRepo()}), options(model::WorkloadKind::Training));
        QVERIFY(audit.multi_node);
        // NCCL only through torch.distributed across nodes is Medium, not High.
        QVERIFY(audit.dimension(Dimension::Distributed).tier == Tier::Medium);
    }

    void severalRepositoriesPrefixPathsAndBreakDown() {
        const model::Audit audit =
            data::auditFromScan(runOf({kernelsRepo(), trainingRepo()}), options());
        QCOMPARE(audit.name, std::string("kernels, trainer"));
        QVERIFY(
            hasEvidence(audit, Dimension::CustomKernels, "D1.inline-ptx", "kernels/csrc/attn.cu"));
        QCOMPARE(audit.not_scanned.front().path, std::string("kernels/assets/model.bin"));
        QCOMPARE(audit.repositories.size(), std::size_t(2));
        const model::RepositoryBreakdown& k = audit.repositories[0];
        const model::RepositoryBreakdown& t = audit.repositories[1];
        QCOMPARE(k.name, std::string("kernels"));
        QCOMPARE(k.files_scanned, 4LL);
        QCOMPARE(k.files_not_scanned, 1LL);
        QVERIFY(k.proposed[0] == std::optional(Tier::Medium));
        QVERIFY(t.proposed[0] == std::optional(Tier::Low));
        QVERIFY(t.proposed[3] == std::optional(Tier::Medium));
        QVERIFY(t.findings[3] > 0);
        QVERIFY(!k.proposed[5]);
        // The organisation's tier is the highest its code gives.
        QVERIFY(audit.dimension(Dimension::CustomKernels).tier == Tier::Medium);
        QVERIFY(audit.multi_node);
    }

    // A ROCm path in one repository does not step down another repository's code: the HIP
    // branch of "kernels" leaves the pycuda kernels of "serving" Medium (one file of them).
    void mitigationStaysInItsRepository() {
        data::RepositoryScan kernels =
            repository("kernels", {{"src/launch.cpp",
                                    "#ifdef __HIP_PLATFORM_AMD__\n#include <hip/hip_runtime.h>\n"
                                    "#endif\n__global__ void k();\n"}});
        data::RepositoryScan serving = repository(
            "serving", {{"serve/engine.py", "from pycuda.compiler import SourceModule\n"}});
        // Alone, the HIP branch in the kernel's own file covers it: Low.
        const model::Audit alone = data::auditFromScan(runOf({kernels}), options());
        QVERIFY(alone.dimension(Dimension::CustomKernels).tier == Tier::Low);

        const model::Audit both = data::auditFromScan(runOf({kernels, serving}), options());
        const model::DimensionAssessment& d1 = both.dimension(Dimension::CustomKernels);
        QVERIFY(d1.tier == Tier::Medium);
        QVERIFY2(d1.reasons.front().rfind("serving: ", 0) == 0 &&
                     d1.reasons.front().find("D1.pycuda 1") != std::string::npos,
                 d1.reasons.front().c_str());
        for (const model::EvidenceItem& e : d1.evidence)
            QVERIFY2(!e.mitigated_by, e.path.c_str());
        QCOMPARE(both.repositories[0].proposed[0], std::optional(Tier::Low));
    }

    // Two repositories at the same tier: the reason named the first one listed, here portable
    // kernels, though the other holds the non-portable ones a reviewer looks at first. The
    // tie now goes to the highest severity of the repository's own production findings.
    void bug_organisationReasonNamedTheFirstRepositoryOfATie() {
        data::RepositoryScan plain = repository(
            "plain", {{"src/add.cu", "__global__ void add(float* x) { x[0] += 1.0f; }\n"}});
        data::RepositoryScan tuned = repository(
            "tuned", {{"src/mma.cu", "__global__ void k() {\n  asm volatile(\"mma.sync.aligned "
                                     "{%0}, [%1];\" : \"=r\"(a) : \"r\"(p));\n}\n"}});
        const model::Audit audit = data::auditFromScan(runOf({plain, tuned}), options());
        const model::DimensionAssessment& d1 = audit.dimension(Dimension::CustomKernels);
        QVERIFY(d1.tier == Tier::Medium);
        QCOMPARE(audit.repositories[0].proposed[0], std::optional(Tier::Medium));
        QCOMPARE(audit.repositories[1].proposed[0], std::optional(Tier::Medium));
        QVERIFY2(d1.reasons.front().rfind("tuned: ", 0) == 0, d1.reasons.front().c_str());
    }

    void rescanKeepsOverridesNotesAndTeamKnowledge() {
        model::Audit before = data::auditFromScan(runOf({kernelsRepo()}), options());
        before.dimension(Dimension::CustomKernels).override_tier =
            model::TierOverride{Tier::Low, "the PTX is in a dead code path"};
        before.dimension(Dimension::CustomKernels).tier = Tier::Low;
        before.dimension(Dimension::CustomKernels).notes = "checked with the kernel team";
        before.dimension(Dimension::TeamKnowledge).tier = Tier::High;
        before.dimension(Dimension::TeamKnowledge).notes = "three CUDA kernel engineers";
        before.notes = "audit notes";
        before.name = "Acme inference";

        const model::Audit after =
            data::updateAuditFromScan(before, runOf({kernelsRepo(), trainingRepo()}), options());
        const model::DimensionAssessment& kernels = after.dimension(Dimension::CustomKernels);
        QVERIFY(kernels.tier == Tier::Low); // the override still decides
        QVERIFY(kernels.proposed_tier == std::optional(Tier::Medium));
        QCOMPARE(kernels.override_tier->reason, std::string("the PTX is in a dead code path"));
        QCOMPARE(kernels.notes, std::string("checked with the kernel team"));
        QVERIFY(after.dimension(Dimension::TeamKnowledge).tier == Tier::High);
        QCOMPARE(after.dimension(Dimension::TeamKnowledge).notes,
                 std::string("three CUDA kernel engineers"));
        QCOMPARE(after.notes, std::string("audit notes"));
        QCOMPARE(after.name, std::string("Acme inference"));
        // Without an override the new proposal counts.
        QVERIFY(after.dimension(Dimension::Distributed).tier == Tier::Medium);
        QCOMPARE(after.repositories.size(), std::size_t(2));
    }

    void auditJsonKeepsReasonsAndRepositories() {
        const model::Audit audit =
            data::auditFromScan(runOf({kernelsRepo(), trainingRepo()}), options());
        const std::string text = data::writeAudit(audit);
        const data::AuditReadResult back = data::readAudit(text);
        QVERIFY2(back.ok(), back.errors.empty() ? "" : back.errors.front().message.c_str());
        QVERIFY(back.warnings.empty());
        QCOMPARE(*back.audit, audit);
    }

    void auditJsonRepositoryErrorsNamePlace() {
        nlohmann::json doc = nlohmann::json::parse(data::writeAudit(
            data::auditFromScan(runOf({kernelsRepo(), trainingRepo()}), options())));
        doc["repositories"][1]["files_scanned"] = -3;
        doc["repositories"][0]["proposed"]["custom_kernels"] = "severe";
        doc["dimensions"]["libraries"]["reasons"][0] = 7;
        const data::AuditReadResult r = data::readAudit(doc.dump());
        QVERIFY(!r.ok());
        std::set<std::string> places;
        for (const data::Problem& p : r.errors)
            places.insert(p.place);
        QVERIFY(places.count("/repositories/1/files_scanned"));
        QVERIFY(places.count("/repositories/0/proposed/custom_kernels"));
        QVERIFY(places.count("/dimensions/libraries/reasons/0"));
    }

    void storeKeepsScanAndReplacesInPlace() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        data::Store store = data::Store::open(dir.filePath(QStringLiteral("s.db")));
        const model::Audit first = data::auditFromScan(runOf({kernelsRepo()}), options());
        const std::int64_t id = store.addAudit(first, "scan");
        QCOMPARE(*store.audit(id), first);

        model::Audit second =
            data::updateAuditFromScan(first, runOf({kernelsRepo(), trainingRepo()}), options());
        QVERIFY(store.replaceAudit(id, second));
        QCOMPARE(*store.audit(id), second);
        QCOMPARE(store.audits().size(), std::size_t(1));
        QVERIFY(!store.replaceAudit(id + 100, second));
        QVERIFY(!store.audit(id + 100));
    }

    // A version-4 store (before audit_scan_details) opens, migrates and keeps its audits; a
    // scanned audit stored afterwards keeps its reasons and breakdown.
    void migratesVersion4KeepingAudits() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("v4.db"));
        const model::Audit scanned = data::auditFromScan(runOf({kernelsRepo()}), options());
        model::Audit plain = scanned;
        plain.repositories.clear();
        for (model::DimensionAssessment& d : plain.dimensions)
            d.reasons.clear();
        std::int64_t id = 0;
        QStringList currentSchema;
        {
            data::Store store = data::Store::open(path);
            id = store.addAudit(plain, "before");
        }
        {
            testing::RawDb raw(path);
            currentSchema = raw.schema();
            raw.exec(QStringLiteral("DROP TABLE audit_scan_details"));
            raw.exec(QStringLiteral("PRAGMA user_version = 4"));
        }
        data::Store store = data::Store::open(path);
        QCOMPARE(store.schemaVersion(), 5);
        QCOMPARE(*store.audit(id), plain);
        const std::int64_t again = store.addAudit(scanned, "scan");
        QCOMPARE(*store.audit(again), scanned);
        testing::RawDb raw(path);
        QCOMPARE(raw.schema(), currentSchema);
    }

    // Scan details the store cannot read are reported as a corrupt store, naming the audit.
    void unreadableScanDetailsAreReported() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("bad.db"));
        std::int64_t id = 0;
        {
            data::Store store = data::Store::open(path);
            id = store.addAudit(data::auditFromScan(runOf({kernelsRepo()}), options()), "scan");
        }
        {
            testing::RawDb raw(path);
            raw.exec(
                QStringLiteral("UPDATE audit_scan_details SET json = '{\"repositories\": 3}'"));
        }
        data::Store store = data::Store::open(path);
        try {
            store.audit(id);
            QFAIL("expected a StoreError");
        } catch (const data::StoreError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains("unreadable scan details for audit"),
                     e.what());
            QCOMPARE(e.kind(), data::StoreError::Kind::Corrupt);
        }
    }

    void evidenceFileResolvesUnderTheRoot() {
        const model::Audit one = data::auditFromScan(runOf({kernelsRepo()}), options());
        QCOMPARE(data::evidenceFile(one, "csrc/attn.cu"),
                 std::optional(std::filesystem::path("/src/kernels/csrc/attn.cu")));
        const model::Audit two =
            data::auditFromScan(runOf({kernelsRepo(), trainingRepo()}), options());
        QCOMPARE(data::evidenceFile(two, "trainer/train.py"),
                 std::optional(std::filesystem::path("/src/trainer/train.py")));
        QVERIFY(!data::evidenceFile(two, "other/train.py"));
        QVERIFY(!data::evidenceFile(one, "../etc/passwd"));
        QVERIFY(!data::evidenceFile(one, "/etc/passwd"));
        QVERIFY(!data::evidenceFile(model::Audit{}, "csrc/attn.cu"));
    }

    void sarifNamesEveryFindingAtItsPlace() {
        const data::ScanRun run = runOf({kernelsRepo(), trainingRepo()});
        const nlohmann::json sarif = nlohmann::json::parse(data::scanSarif(run));
        QCOMPARE(sarif["version"].get<std::string>(), std::string("2.1.0"));
        QCOMPARE(sarif["runs"].size(), std::size_t(2));
        const nlohmann::json& run0 = sarif["runs"][0];
        QCOMPARE(run0["originalUriBaseIds"]["SRCROOT"]["uri"].get<std::string>(),
                 std::string("file:///src/kernels/"));
        const nlohmann::json& rules = run0["tool"]["driver"]["rules"];
        QCOMPARE(rules.size(), model::scanRules().size());
        // Every finding is at its place: a result's location or one of its related locations
        // (one result per rule, file and context), and "hits" counts them.
        std::size_t places = 0;
        std::size_t hits = 0;
        std::set<std::tuple<std::string, std::string, int>> where;
        for (const nlohmann::json& r : run0["results"]) {
            hits += r["properties"]["hits"].get<std::size_t>();
            std::vector<nlohmann::json> at{r["locations"][0]};
            for (const nlohmann::json& l : r.value("relatedLocations", nlohmann::json::array()))
                at.push_back(l);
            for (const nlohmann::json& l : at) {
                ++places;
                where.insert({r["ruleId"].get<std::string>(),
                              l["physicalLocation"]["artifactLocation"]["uri"].get<std::string>(),
                              l["physicalLocation"]["region"]["startLine"].get<int>()});
            }
        }
        QCOMPARE(places, run.repositories[0].findings.size());
        QCOMPARE(hits, places);
        for (const model::ScanFinding& f : run.repositories[0].findings)
            QVERIFY2(where.contains({std::string(f.rule->id), f.path, f.line}), f.path.c_str());
        QVERIFY(run0["results"].size() < run.repositories[0].findings.size()); // aggregated
        bool ptx = false;
        for (const nlohmann::json& r : run0["results"]) {
            // ruleIndex points at the rule of the same id.
            QCOMPARE(rules[r["ruleIndex"].get<std::size_t>()]["id"], r["ruleId"]);
            if (r["ruleId"] == "D1.inline-ptx") {
                ptx = true;
                QCOMPARE(r["level"].get<std::string>(), std::string("error"));
                const nlohmann::json& loc = r["locations"][0]["physicalLocation"];
                QCOMPARE(loc["artifactLocation"]["uri"].get<std::string>(),
                         std::string("csrc/attn.cu"));
                QCOMPARE(loc["artifactLocation"]["uriBaseId"].get<std::string>(),
                         std::string("SRCROOT"));
                QCOMPARE(loc["region"]["startLine"].get<int>(), 2);
            }
            if (r["ruleId"] == "D1.cupy-kernel")
                QCOMPARE(r["level"].get<std::string>(), std::string("note")); // in a test
        }
        QVERIFY(ptx);
        const nlohmann::json& notes = run0["invocations"][0]["toolExecutionNotifications"];
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY(notes[0]["message"]["text"].get<std::string>().find("binary") != std::string::npos);
    }

    // A repository with more (rule, file) pairs than GitHub takes per run: the log stops at the
    // limit and says how much it left off; a file with many hits of one rule is one result with
    // at most kMaxRelatedLocations related locations, "hits" counting all of them.
    void sarifStaysWithinGitHubsLimits() {
        data::RepositoryScan repo;
        repo.name = "huge";
        repo.root = "/src/huge";
        for (int i = 0; i < 150; ++i)
            repo.add(model::ScanFinding{model::findScanRule("D1.cuda-runtime-api"), "a/hot.cu",
                                        i + 1, 5, "cudaMalloc(&p, 4);", "cudaMalloc(",
                                        model::EvidenceContext::Code, model::Level::Low, ""});
        const std::size_t files = data::kMaxSarifResults + 9;
        for (std::size_t i = 0; i < files; ++i)
            repo.add(model::ScanFinding{
                model::findScanRule("D1.cuda-source-file"), "b/k" + std::to_string(i) + ".cu", 1,
                std::nullopt, "", ".cu", model::EvidenceContext::Code, model::Level::Medium, ""});
        const nlohmann::json sarif = nlohmann::json::parse(data::scanSarif(runOf({repo})));
        const nlohmann::json& run0 = sarif["runs"][0];
        QCOMPARE(run0["results"].size(), data::kMaxSarifResults);
        const nlohmann::json& hot = run0["results"][0];
        QCOMPARE(hot["properties"]["hits"].get<int>(), 150);
        QCOMPARE(hot["relatedLocations"].size(), data::kMaxRelatedLocations);
        QCOMPARE(hot["relatedLocations"][0]["physicalLocation"]["region"]["startLine"].get<int>(),
                 2);
        QVERIFY(hot["message"]["text"].get<std::string>().find("150 hits in this file") !=
                std::string::npos);
        const nlohmann::json& notes = run0["invocations"][0]["toolExecutionNotifications"];
        QCOMPARE(notes.size(), std::size_t(1));
        QVERIFY2(notes[0]["message"]["text"].get<std::string>().find(
                     "10 more results (10 findings) left off") != std::string::npos,
                 notes[0]["message"]["text"].get<std::string>().c_str());
    }

    void sarifEncodesPathsAsUris() {
        data::RepositoryScan repo =
            repository("odd name", {{"src/a b#1.cu", "__global__ void k();\n"}});
        const nlohmann::json sarif = nlohmann::json::parse(data::scanSarif(runOf({repo})));
        const nlohmann::json& run0 = sarif["runs"][0];
        QCOMPARE(run0["originalUriBaseIds"]["SRCROOT"]["uri"].get<std::string>(),
                 std::string("file:///src/odd%20name/"));
        QCOMPARE(run0["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                     .get<std::string>(),
                 std::string("src/a%20b%231.cu"));
    }

    void textSummaryForTheReviewer() {
        model::Audit audit = data::auditFromScan(runOf({kernelsRepo(), trainingRepo()}), options());
        audit.dimension(Dimension::Toolchain).override_tier =
            model::TierOverride{Tier::High, "nvcc in the release build"};
        audit.dimension(Dimension::Toolchain).tier = Tier::High;
        const std::string text = data::scanText(audit, 2);
        for (const char* expected :
             {"Audit: kernels, trainer (mixed)", "Scanned 6 files", "1. Custom kernel code: MEDIUM",
              "why: kernels: non-portable kernel code in only 1 production file (D1.inline-ptx 1",
              "kernels/csrc/attn.cu:2  D1.inline-ptx  high, code", "ROCm: none (rewrite",
              "reviewer's override: nvcc in the release build", "6. Team knowledge: MEDIUM",
              "multi-node: yes", "Recommended path:", "Repositories:", "trainer: 2 files",
              "Not scanned:", "kernels/assets/model.bin: binary"})
            QVERIFY2(text.find(expected) != std::string::npos, expected);
    }
};

QTEST_GUILESS_MAIN(TestScanAudit)
#include "tst_scan_audit.moc"
