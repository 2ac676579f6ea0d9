// What the walker finds and holds: Dockerfile ARGs, notebook cells, cancel, threads, memory.

#include "audit_json.h"
#include "scan_audit.h"
#include "scan_file_prep.h"
#include "scan_report.h"
#include "scan_walker.h"
#include "tst_scan_walker.h"
#include "tst_scan_walker_helpers.h"

#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <algorithm>
#include <atomic>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace crossgrade;
using namespace crossgrade::data;
using namespace crossgrade::testing;
namespace fs = std::filesystem;

namespace {

// Every finding as one comparable line.
std::vector<std::string> flattened(const RepositoryScan& scan) {
    std::vector<std::string> out;
    for (const model::ScanFinding& f : scan.findings)
        out.push_back(f.path + ":" + std::to_string(f.line) + ":" +
                      std::to_string(f.col.value_or(0)) + ":" + std::string(f.rule->id) + ":" +
                      std::string(model::toString(f.context)) + ":" + f.snippet);
    for (const model::SkippedFile& s : scan.not_scanned)
        out.push_back("skipped " + s.path + ": " + s.reason);
    return out;
}

// The 1-based line of the first occurrence of `needle` in `text`.
int lineOf(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    return at == std::string::npos
               ? 0
               : 1 + static_cast<int>(std::count(text.begin(), text.begin() + long(at), '\n'));
}

} // namespace

void TestScanWalker::dockerfileArgResolvedIntoFrom() {
    MiniRepo repo;
    const std::string dockerfile = "# syntax=docker/dockerfile:1\n"
                                   "ARG BASE=nvcr.io/nvidia/pytorch:24.01-py3\n"
                                   "\n"
                                   "FROM ${BASE}\n"
                                   "RUN pip install -r requirements.txt\n";
    repo.write("docker/Dockerfile", dockerfile);
    repo.write("docker/Dockerfile.plain", "FROM ${BASE}\n");
    const RepositoryScan scan = scanOne(repo.root());
    const auto base = findingsOf(scan, "D5.nvidia-base-image");
    QCOMPARE(base.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(base[0]->path), QStringLiteral("docker/Dockerfile"));
    QCOMPARE(base[0]->line, 4);
    QCOMPARE(QString::fromStdString(base[0]->snippet),
             QStringLiteral("FROM nvcr.io/nvidia/pytorch:24.01-py3"));
    // Without the walker's resolution the matcher cannot see it.
    const auto raw = model::defaultScanMatcher().matchFile("docker/Dockerfile", dockerfile);
    QVERIFY(std::none_of(raw.begin(), raw.end(), [](const model::ScanFinding& f) {
        return f.rule->id == std::string_view("D5.nvidia-base-image");
    }));
}

void TestScanWalker::dockerfileArgForms_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("braces") << "ARG B=nvidia/cuda:12.4\nFROM ${B}\n"
                            << "ARG B=nvidia/cuda:12.4\nFROM nvidia/cuda:12.4\n";
    QTest::newRow("dollar name and tag")
        << "ARG REG=nvcr.io\nARG TAG=24.01\nFROM $REG/nvidia/pytorch:${TAG}-py3 AS build"
        << "ARG REG=nvcr.io\nARG TAG=24.01\nFROM nvcr.io/nvidia/pytorch:24.01-py3 AS build";
    QTest::newRow("default word for an unset name") << "FROM ${IMAGE:-rocm/pytorch:latest}\n"
                                                    << "FROM rocm/pytorch:latest\n";
    QTest::newRow("quoted default, lower-case instructions")
        << "arg BASE=\"nvidia/cuda:12.4\"\nfrom $BASE\n"
        << "arg BASE=\"nvidia/cuda:12.4\"\nfrom nvidia/cuda:12.4\n";
    QTest::newRow("an ARG default built from another")
        << "ARG REG=nvcr.io\nARG IMG=${REG}/nvidia/tritonserver\nFROM ${IMG}\n"
        << "ARG REG=nvcr.io\nARG IMG=${REG}/nvidia/tritonserver\nFROM "
           "nvcr.io/nvidia/tritonserver\n";
    QTest::newRow("ARG inside a stage does not reach a later FROM")
        << "FROM ubuntu\nARG B=nvidia/cuda\nFROM ${B}\n"
        << "FROM ubuntu\nARG B=nvidia/cuda\nFROM ${B}\n";
    QTest::newRow("no default stays as written") << "ARG B\nFROM ${B}\n"
                                                 << "ARG B\nFROM ${B}\n";
    QTest::newRow("several ARGs on one line") << "ARG A=x B=nvidia/cuda\nFROM $B\n"
                                              << "ARG A=x B=nvidia/cuda\nFROM nvidia/cuda\n";
    QTest::newRow("comments untouched") << "ARG B=nvidia/cuda\n# FROM ${B}\n"
                                        << "ARG B=nvidia/cuda\n# FROM ${B}\n";
}

void TestScanWalker::dockerfileArgForms() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const std::string out = resolveDockerfileArgs(text.toStdString());
    QCOMPARE(QString::fromStdString(out), expected);
    const std::string want = expected.toStdString();
    QCOMPARE(std::count(out.begin(), out.end(), '\n'), std::count(want.begin(), want.end(), '\n'));
}

void TestScanWalker::notebookCodeCellsOnly() {
    MiniRepo repo;
    const std::string notebook = R"nb({
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "# Kernels\n",
    "import triton\n",
    "We call `torch.cuda.synchronize()` here."
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 1,
   "metadata": {},
   "outputs": [],
   "source": [
    "import torch\n",
    "import triton\n",
    "x = torch.ones(3).cuda()"
   ]
},
  {
   "cell_type": "code",
   "metadata": {},
   "outputs": [],
   "source": "y = 1\nimport pycuda.autoinit"
  }
 ],
 "metadata": {},
 "nbformat": 4,
 "nbformat_minor": 5
}
)nb";
    repo.write("notebooks/explore.ipynb", notebook);
    repo.write("notebooks/broken.ipynb", "{\"cells\": [");
    const RepositoryScan scan = scanOne(repo.root());

    const auto triton = findingsOf(scan, "D1.triton-kernel");
    QCOMPARE(triton.size(), std::size_t(1)); // the markdown cell's line is prose
    const int tritonLine = lineOf(notebook, "    \"import triton\\n\",\n    \"x =");
    QCOMPARE(triton[0]->line, tritonLine);
    QCOMPARE(triton[0]->col.value_or(0), 6); // in the .ipynb line: `    "import triton\n",`
    QCOMPARE(QString::fromStdString(triton[0]->snippet), QStringLiteral("import triton"));

    const auto cuda = findingsOf(scan, "D3.torch-cuda-namespace");
    QCOMPARE(cuda.size(), std::size_t(1));
    QCOMPARE(cuda[0]->line, lineOf(notebook, "\"x = torch.ones"));

    const auto pycuda = findingsOf(scan, "D1.pycuda");
    QCOMPARE(pycuda.size(), std::size_t(1)); // one string holds the cell: its line
    QCOMPARE(pycuda[0]->line, lineOf(notebook, "\"source\": \"y = 1"));

    // The place and the reason, without the JSON library's exception tag.
    const std::string broken = reasonFor(scan, "notebooks/broken.ipynb");
    QVERIFY2(broken.rfind("notebook not readable: invalid JSON at line 1, column 12: ", 0) == 0,
             broken.c_str());
    QVERIFY2(broken.find("json.exception") == std::string::npos, broken.c_str());
}

void TestScanWalker::cancelFromProgress() {
    MiniRepo repo;
    for (int i = 0; i < 40; ++i)
        repo.write("src/f" + std::to_string(i) + ".cu", "cudaMalloc(&p, n);\n");
    for (unsigned threads : {1u, 2u}) {
        std::atomic<bool> cancel{false};
        int calls = 0;
        const ScanRun run = scanRepositories(
            {repo.root()}, withThreads(threads),
            [&](const ScanProgress&) {
                ++calls;
                cancel = true;
            },
            &cancel);
        QVERIFY(run.cancelled);
        QCOMPARE(calls, 1);
    }
    // Not cancelled: the last call reports every file.
    ScanProgress last;
    const ScanRun run =
        scanRepositories({repo.root()}, withThreads(2), [&](const ScanProgress& p) { last = p; });
    QVERIFY(!run.cancelled);
    QCOMPARE(last.files_done, std::size_t(40));
    QCOMPARE(last.files_total, std::size_t(40));
    QCOMPARE(last.bytes_done, std::uint64_t(40 * 19));
    QCOMPARE(QString::fromStdString(last.repository), QStringLiteral("repo"));
}

void TestScanWalker::sameFindingsForAnyThreadCount() {
    MiniRepo repo;
    for (int i = 0; i < 60; ++i) {
        const std::string n = std::to_string(i);
        repo.write("src/k" + n + ".cu", "// kernel " + n + "\n__global__ void k" + n +
                                            "(float* x) {}\nvoid run() { k" + n +
                                            "<<<1, 32>>>(nullptr); }\n");
        repo.write("py/m" + n + ".py", "import torch\nx = torch.cuda.device_count()\n");
        if (i % 7 == 0)
            repo.write("bin/b" + n + ".dat", std::string(4, '\0'));
    }
    repo.write("Dockerfile", "ARG B=nvidia/cuda:12.4.1-devel\nFROM ${B}\nRUN nvcc --version\n");
    const std::vector<std::string> one = flattened(scanOne(repo.root(), withThreads(1)));
    QVERIFY(one.size() > 200);
    QCOMPARE(flattened(scanOne(repo.root(), withThreads(2))), one);
    QCOMPARE(flattened(scanOne(repo.root(), withThreads(4))), one);
}

// scan --format sarif kept every finding of the run in memory until the log was written
// (issue 20, class 7). Streamed through ScanOptions::on_finding and on_repository_done
// into a SarifWriter, the run holds none, and the log is byte for byte the one written
// from a run that kept them, for three repositories (one empty, one with a file not
// scanned) on two threads.
void TestScanWalker::bug_sarifHeldEveryFinding() {
    MiniRepo a;
    MiniRepo empty;
    MiniRepo c;
    for (int i = 0; i < 40; ++i) {
        const std::string n = std::to_string(i);
        a.write("src/k" + n + ".cu",
                "__global__ void k" + n + "() { __syncwarp(); }\ncudaMalloc(&p, n);\n");
    }
    c.write("train.py", "import torch\nx = torch.cuda.device_count()\n");
    c.write("blob.bin", std::string(8, '\0'));
    const std::vector<fs::path> roots{a.root(), empty.root(), c.root()};

    std::ostringstream streamed;
    SarifWriter writer(streamed);
    std::vector<std::string> done;
    std::size_t results = 0;
    ScanOptions options;
    options.threads = 2;
    options.on_finding = [&](const RepositoryScan& repo, const model::ScanFinding& f) {
        QVERIFY2(done.size() < 3 && repo.name != (done.empty() ? "" : done.back()),
                 "a finding after its repository was done");
        writer.finding(repo, f);
        ++results;
    };
    options.on_repository_done = [&](const RepositoryScan& repo) {
        done.push_back(repo.name);
        writer.repositoryDone(repo);
    };
    const ScanRun run = scanRepositories(roots, options);
    writer.finish();
    QCOMPARE(done, (std::vector<std::string>{"repo", "repo-2", "repo-3"}));
    QVERIFY(results > 80);
    for (const RepositoryScan& repo : run.repositories)
        QVERIFY(repo.findings.empty()); // not held
    QCOMPARE(run.repositories[2].not_scanned.size(), std::size_t(1));

    ScanOptions keep;
    keep.threads = 1;
    keep.keep_every_finding = true;
    const std::string held = scanSarif(scanRepositories(roots, keep));
    QCOMPARE(streamed.str(), held);
    const nlohmann::json log = nlohmann::json::parse(held);
    QCOMPARE(log["runs"].size(), std::size_t(3));
    QCOMPARE(log["runs"][0]["results"].size() + log["runs"][2]["results"].size(), results);
    QVERIFY(log["runs"][1]["results"].empty());
    QCOMPARE(log["runs"][2]["invocations"][0]["toolExecutionNotifications"].size(), std::size_t(1));
}

// Issue 20, class 7: a scan held every finding of every file until the audit was made, so a
// 256 MB file matching on every line took 2.2 GB. Now the walker tallies each finding as it
// is found: every one is counted, and only the evidence an audit keeps (kMaxItemsPerList per
// dimension, the same items in the same order as ranking every finding) is held.
void TestScanWalker::bug_scanOfHugeFileHeldEveryFinding() {
    MiniRepo repo;
    auto lines = [](int n, const std::string& line) {
        std::string out;
        for (int i = 0; i < n; ++i)
            out += line;
        return out;
    };
    repo.write("src/b.cu", lines(7000, "cudaMalloc(&p, n);\n"));
    repo.write("src/a.cu", lines(6000, "  cudaFree(p); // cudaMalloc\n"));
    repo.write("tests/t.cu", lines(100, "cudaMalloc(&q, n);\n"));
    const long long runtimeHits = 7000 + 6000 + 100;
    QVERIFY(std::size_t(runtimeHits) > kMaxItemsPerList);

    ScanOptions bounded;
    bounded.threads = 2;
    const ScanRun run = scanRepositories({repo.root()}, bounded);
    QCOMPARE(run.repositories.size(), std::size_t(1));
    const RepositoryScan& scan = run.repositories[0];
    QVERIFY(scan.findings.empty()); // not held
    const model::Dimension d1 = model::Dimension::CustomKernels;
    QCOMPARE(scan.tally.findingsOf(d1).at("D1.cuda-runtime-api"), runtimeHits);
    QCOMPARE(scan.tally.evidenceOf(d1).size(), kMaxItemsPerList);
    QVERIFY(scan.tally.keptCount() < kMaxItemsPerList + 50);

    // What ranking every finding keeps (applyScan before the tally): the same items.
    const ScanRun all = scanRepositories({repo.root()}, withThreads(1));
    std::vector<const model::ScanFinding*> ranked;
    for (const model::ScanFinding& f : all.repositories[0].findings)
        if (f.rule && f.rule->kind != model::RuleKind::Mitigation && f.rule->dimension == d1)
            ranked.push_back(&f);
    QCOMPARE(ranked.size(), std::size_t(runtimeHits + 3)); // and .cu source files, once each
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto* a, const auto* b) {
        const double wa = model::contextWeight(a->context);
        const double wb = model::contextWeight(b->context);
        if (wa != wb)
            return wa > wb;
        if (a->severity != b->severity)
            return static_cast<int>(a->severity) > static_cast<int>(b->severity);
        return a->path != b->path ? a->path < b->path : a->line < b->line;
    });
    ranked.resize(kMaxItemsPerList);

    ScanAuditOptions options;
    options.top_evidence = kMaxItemsPerList;
    const model::Audit audit = auditFromScan(run, options);
    const model::DimensionAssessment& kernels = audit.dimension(d1);
    QCOMPARE(kernels.findings.at("D1.cuda-runtime-api"), int(runtimeHits));
    QCOMPARE(kernels.evidence.size(), kMaxItemsPerList);
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        const model::EvidenceItem& e = kernels.evidence[i];
        QCOMPARE(e.path + ":" + std::to_string(e.line) + ":" + e.rule_id,
                 ranked[i]->path + ":" + std::to_string(ranked[i]->line) + ":" +
                     std::string(ranked[i]->rule->id));
    }
    QCOMPARE(writeAudit(audit), writeAudit(auditFromScan(all, options)));
    QVERIFY(readAudit(writeAudit(audit)).ok());

    // The tally alone: whatever it is fed, it holds at most its cap of evidence (plus the
    // few firsts the rubric reads), and counts everything.
    model::FindingTally tally(50);
    std::size_t most = 0;
    for (const model::ScanFinding& f : all.repositories[0].findings) {
        tally.add(f);
        most = std::max(most, tally.keptCount());
    }
    QVERIFY2(most <= 50 + 5, qPrintable(QString::number(most)));
    QCOMPARE(tally.findingCount(), std::uint64_t(all.repositories[0].findings.size()));
    QCOMPARE(tally.evidenceOf(d1).size(), std::size_t(50));
}

// bitsandbytes' pyproject.toml names the project itself in its extras and its linter's source
// folders: with a bitsandbytes/ package in the repository those lines are not dependencies,
// while another project's manifest naming bitsandbytes still depends on it.
void TestScanWalker::bug_projectsOwnPackageInItsManifestWasADependency() {
    const std::string manifest = "[project.optional-dependencies]\n"
                                 "dev = [\"bitsandbytes[test]\"]\n"
                                 "[tool.ruff]\nsrc = [\n    \"bitsandbytes\",\n]\n";
    MiniRepo own;
    QVERIFY(own.valid());
    own.write("pyproject.toml", manifest);
    own.write("bitsandbytes/__init__.py", "");
    QVERIFY(findingsOf(scanOne(own.root()), "D2.manifest-packages").empty());
    MiniRepo user;
    QVERIFY(user.valid());
    user.write("pyproject.toml", manifest);
    user.write("trainer/__init__.py", "");
    QCOMPARE(int(findingsOf(scanOne(user.root()), "D2.manifest-packages").size()), 2);
}
