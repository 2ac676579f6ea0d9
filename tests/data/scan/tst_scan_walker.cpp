// The repository scanner's walker (data/scan/scan_walker.h, issue 8 point 2) on mini-repositories
// built at run time: ignore rules, files it must not read (binary, too large, LFS pointers,
// unreadable), symlinks inside, out of and looping in the tree, submodules, Dockerfile ARGs,
// notebooks, cancellation, determinism across thread counts, and roots that are not folders.

#include "audit_json.h"
#include "scan_audit.h"
#include "scan_file_prep.h"
#include "scan_report.h"
#include "scan_walker.h"

#include <QProcess>
#include <QStandardPaths>
#include <QtTest>
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace crossgrade;
using namespace crossgrade::data;
namespace fs = std::filesystem;

namespace {

class MiniRepo {
public:
    MiniRepo()
        : m_dir(QStringLiteral("/tmp/tst_scan_walker-XXXXXX")) {
        root_ = fs::path(m_dir.path().toStdString()) / "repo";
        fs::create_directories(root_);
    }
    bool valid() const { return m_dir.isValid(); }
    const fs::path& root() const { return root_; }
    fs::path base() const { return fs::path(m_dir.path().toStdString()); }

    void write(const std::string& rel, const std::string& text) const {
        const fs::path p = root_ / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }
    void link(const std::string& rel, const fs::path& target) const {
        const fs::path p = root_ / rel;
        fs::create_directories(p.parent_path());
        fs::create_symlink(target, p);
    }
    void folder(const std::string& rel) const { fs::create_directories(root_ / rel); }

private:
    QTemporaryDir m_dir;
    fs::path root_;
};

ScanOptions withThreads(unsigned threads) {
    ScanOptions o;
    o.threads = threads;
    o.keep_every_finding = true; // these tests read each finding
    return o;
}

RepositoryScan scanOne(const fs::path& root, const ScanOptions& options = withThreads(2)) {
    ScanRun run = scanRepositories({root}, options);
    if (run.repositories.size() != 1)
        qFatal("scan of %s gave %d repositories", root.c_str(), int(run.repositories.size()));
    return run.repositories.front();
}

std::vector<std::string> pathsWith(const RepositoryScan& scan, std::string_view rule) {
    std::vector<std::string> out;
    for (const model::ScanFinding& f : scan.findings)
        if (f.rule && f.rule->id == rule)
            out.push_back(f.path);
    return out;
}

std::vector<const model::ScanFinding*> findingsOf(const RepositoryScan& scan,
                                                  std::string_view rule) {
    std::vector<const model::ScanFinding*> out;
    for (const model::ScanFinding& f : scan.findings)
        if (f.rule && f.rule->id == rule)
            out.push_back(&f);
    return out;
}

std::string reasonFor(const RepositoryScan& scan, const std::string& path) {
    for (const model::SkippedFile& s : scan.not_scanned)
        if (s.path == path)
            return s.reason;
    return {};
}

QString describe(const RepositoryScan& scan) {
    QStringList out;
    for (const model::SkippedFile& s : scan.not_scanned)
        out << QString::fromStdString(s.path + ": " + s.reason);
    return out.join(QLatin1String("; "));
}

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

// Fails the read of files named `locked.cu`, as a permission error would.
class LockedFileSystem final : public ScanFileSystem {
public:
    bool readFile(const fs::path& path, std::string& out, std::string& error) const override {
        if (path.filename() == "locked.cu") {
            error = "permission denied";
            return false;
        }
        return realScanFileSystem().readFile(path, out, error);
    }
};

// The 1-based line of the first occurrence of `needle` in `text`.
int lineOf(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    return at == std::string::npos
               ? 0
               : 1 + static_cast<int>(std::count(text.begin(), text.begin() + long(at), '\n'));
}

// QCOMPARE prints enums through toString (a string_view): compare them as numbers.
#define COMPARE_CONTEXT(a, b) QCOMPARE(static_cast<int>(a), static_cast<int>(b))

constexpr const char* kNccl = "NCCL_DEBUG=INFO\n"; // D4.nccl-env reads every text file

} // namespace

class TestScanWalker : public QObject {
    Q_OBJECT

private slots:
    void gitignoreIsHonoured() {
        MiniRepo repo;
        QVERIFY(repo.valid());
        repo.write(".gitignore", "*.log\nbuild/\n!keep.log\n");
        repo.write(".git/info/exclude", "excluded.txt\n");
        repo.write(".git/config", kNccl);
        repo.write("a.log", kNccl);
        repo.write("keep.log", kNccl);
        repo.write("excluded.txt", kNccl);
        repo.write("build/out.txt", kNccl);
        repo.write("sub/.gitignore", "secret.txt\n!*.log\n");
        repo.write("sub/secret.txt", kNccl);
        repo.write("sub/ok.txt", kNccl);
        repo.write("sub/again.log", kNccl);
        repo.write(".github/workflows/ci.yml", kNccl); // hidden folders are read
        const RepositoryScan scan = scanOne(repo.root());
        QCOMPARE(pathsWith(scan, "D4.nccl-env"),
                 (std::vector<std::string>{".github/workflows/ci.yml", "keep.log", "sub/again.log",
                                           "sub/ok.txt"}));
        QVERIFY2(scan.not_scanned.empty(), qPrintable(describe(scan)));
        QCOMPARE(scan.files_scanned, std::size_t(6)); // the two .gitignore files too

        ScanOptions all = withThreads(1);
        all.honour_gitignore = false;
        QCOMPARE(pathsWith(scanOne(repo.root(), all), "D4.nccl-env"),
                 (std::vector<std::string>{".github/workflows/ci.yml", "a.log", "build/out.txt",
                                           "excluded.txt", "keep.log", "sub/again.log",
                                           "sub/ok.txt", "sub/secret.txt"}));
    }

    void filesNotRead() {
        MiniRepo repo;
        repo.write("assets/model.bin",
                   std::string("PK\x03\x04", 4) + std::string(1, '\0') + "cudaMalloc(");
        repo.write("big.cu", std::string(300, 'x'));
        repo.write(
            "weights/model.safetensors",
            "version https://git-lfs.github.com/spec/v1\noid sha256:"
            "4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n");
        repo.write("small.cu", "cudaMalloc(&p, n);\n");
        ScanOptions o = withThreads(2);
        o.max_file_bytes = 200;
        const RepositoryScan scan = scanOne(repo.root(), o);
        QCOMPARE(QString::fromStdString(reasonFor(scan, "assets/model.bin")),
                 QStringLiteral("binary"));
        QCOMPARE(QString::fromStdString(reasonFor(scan, "big.cu")),
                 QStringLiteral("too large (300 bytes, limit 200)"));
        QVERIFY(reasonFor(scan, "weights/model.safetensors").rfind("Git LFS pointer", 0) == 0);
        QCOMPARE(scan.not_scanned.size(), std::size_t(3));
        QCOMPARE(scan.files_scanned, std::size_t(1));
        QCOMPARE(scan.bytes_scanned, std::uint64_t(19));
        QCOMPARE(pathsWith(scan, "D1.cuda-runtime-api"), (std::vector<std::string>{"small.cu"}));
    }

    void unreadableThroughTheFileSystemInterface() {
        MiniRepo repo;
        repo.write("src/locked.cu", "cudaMalloc(&p, n);\n");
        repo.write("src/open.cu", "cudaMalloc(&p, n);\n");
        const LockedFileSystem locked;
        ScanOptions o = withThreads(2);
        o.file_system = &locked;
        const RepositoryScan scan = scanOne(repo.root(), o);
        QCOMPARE(QString::fromStdString(reasonFor(scan, "src/locked.cu")),
                 QStringLiteral("unreadable: permission denied"));
        QCOMPARE(pathsWith(scan, "D1.cuda-runtime-api"), (std::vector<std::string>{"src/open.cu"}));
    }

    // Tests run as root, who reads any file: the probe runs as nobody (65534) through setpriv.
    void unreadableForReal() {
        MiniRepo repo;
        repo.write("src/secret.cu", "cudaMalloc(&p, n);\n");
        repo.write("src/open.cu", "cudaMalloc(&p, n);\n");
        const fs::perms everyone = fs::perms::owner_all | fs::perms::group_read |
                                   fs::perms::group_exec | fs::perms::others_read |
                                   fs::perms::others_exec;
        for (const fs::path& p : {repo.base(), repo.root(), repo.root() / "src"})
            fs::permissions(p, everyone);
        fs::permissions(repo.root() / "src/open.cu", everyone);
        fs::permissions(repo.root() / "src/secret.cu", fs::perms::none);

        QStringList command{QStringLiteral(CROSSGRADE_PROBE_PATH),
                            QString::fromStdString(repo.root().string())};
        if (::geteuid() == 0) {
            const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
            if (setpriv.isEmpty())
                QSKIP("running as root and setpriv (util-linux) is missing: cannot make a read "
                      "fail for real");
            command =
                QStringList{setpriv, QStringLiteral("--reuid=65534"),
                            QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups")} +
                command;
        }
        QProcess probe;
        probe.start(command.takeFirst(), command);
        QVERIFY(probe.waitForFinished(30000));
        const QString output = QString::fromUtf8(probe.readAllStandardOutput());
        QVERIFY2(probe.exitCode() == 0, qPrintable(output + probe.readAllStandardError()));
        QVERIFY2(output.contains(QStringLiteral("src/secret.cu\tunreadable: permission denied\n")),
                 qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("files 1\n")), qPrintable(output));
    }

    void symlinksInsideAreFollowedOnce() {
        MiniRepo repo;
        repo.write(".gitignore", "build/\n");
        repo.write("src/k.cu", "cudaMalloc(&p, n);\n");
        repo.link("alias", "src");      // a folder already walked
        repo.link("k2.cu", "src/k.cu"); // a file already listed
        repo.write("build/generated/g.cu", "cudaFree(p);\n");
        repo.link("gen", "build/generated"); // reachable only through the link
        const RepositoryScan scan = scanOne(repo.root());
        QVERIFY2(scan.not_scanned.empty(), qPrintable(describe(scan)));
        QCOMPARE(pathsWith(scan, "D1.cuda-runtime-api"),
                 (std::vector<std::string>{"src/k.cu", "gen/g.cu"}));
        QCOMPARE(scan.files_scanned, std::size_t(3)); // .gitignore, src/k.cu, gen/g.cu
    }

    void symlinksOutOfTheTreeAndLoops() {
        MiniRepo repo;
        repo.write("src/k.cu", "cudaMalloc(&p, n);\n");
        std::ofstream(repo.base() / "outside.cu") << "cudaMalloc(&q, n);\n";
        fs::create_directories(repo.base() / "elsewhere");
        std::ofstream(repo.base() / "elsewhere/x.cu") << "cudaMalloc(&q, n);\n";
        repo.link("out.cu", repo.base() / "outside.cu"); // absolute, outside
        repo.link("src/up", "../../elsewhere");          // relative, outside
        repo.link("src/loop", "..");                     // its own ancestor
        repo.link("self", "self");                       // resolves to itself
        repo.link("a", "b");                             // a -> b -> a
        repo.link("b", "a");
        repo.link("dangling.cu", "missing.cu");
        const RepositoryScan scan = scanOne(repo.root());
        QCOMPARE(QString::fromStdString(reasonFor(scan, "out.cu")),
                 QStringLiteral("symlink out of the tree"));
        QCOMPARE(QString::fromStdString(reasonFor(scan, "src/up")),
                 QStringLiteral("symlink out of the tree"));
        QCOMPARE(QString::fromStdString(reasonFor(scan, "src/loop")),
                 QStringLiteral("symlink loop"));
        QCOMPARE(QString::fromStdString(reasonFor(scan, "self")), QStringLiteral("symlink loop"));
        QCOMPARE(QString::fromStdString(reasonFor(scan, "a")), QStringLiteral("symlink loop"));
        QCOMPARE(QString::fromStdString(reasonFor(scan, "b")), QStringLiteral("symlink loop"));
        QCOMPARE(QString::fromStdString(reasonFor(scan, "dangling.cu")),
                 QStringLiteral("symlink to a missing target"));
        QCOMPARE(pathsWith(scan, "D1.cuda-runtime-api"), (std::vector<std::string>{"src/k.cu"}));
    }

    void submodules() {
        MiniRepo repo;
        repo.write(".gitmodules", "[submodule \"cutlass\"]\n"
                                  "\tpath = deps/cutlass\n"
                                  "\turl = https://github.com/NVIDIA/cutlass.git\n"
                                  "[submodule \"ck\"]\n"
                                  "\tpath = deps/ck\n"
                                  "\turl = https://github.com/ROCm/composable_kernel.git\n");
        repo.write("deps/cutlass/.git", "gitdir: ../../.git/modules/cutlass\n");
        repo.write("deps/cutlass/include/gemm.cu",
                   "// cudaMalloc(&p, n) in a comment\ncudaMalloc(&p, n);\n");
        repo.folder("deps/ck");
        repo.write("src/k.cu", "cudaMalloc(&p, n);\n");
        const RepositoryScan scan = scanOne(repo.root());

        QCOMPARE(scan.submodules.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(scan.submodules[0].path), QStringLiteral("deps/cutlass"));
        QCOMPARE(QString::fromStdString(scan.submodules[0].url),
                 QStringLiteral("https://github.com/NVIDIA/cutlass.git"));
        QVERIFY(scan.submodules[0].checked_out);
        QCOMPARE(QString::fromStdString(scan.submodules[1].path), QStringLiteral("deps/ck"));
        QVERIFY(!scan.submodules[1].checked_out);
        QCOMPARE(QString::fromStdString(reasonFor(scan, "deps/ck")),
                 QStringLiteral("submodule not checked out "
                                "(https://github.com/ROCm/composable_kernel.git)"));

        const auto runtime = findingsOf(scan, "D1.cuda-runtime-api");
        QCOMPARE(runtime.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(runtime[0]->path),
                 QStringLiteral("deps/cutlass/include/gemm.cu"));
        COMPARE_CONTEXT(runtime[0]->context, model::EvidenceContext::Comment);
        COMPARE_CONTEXT(runtime[1]->context, model::EvidenceContext::Vendored);
        QCOMPARE(QString::fromStdString(runtime[2]->path), QStringLiteral("src/k.cu"));
        COMPARE_CONTEXT(runtime[2]->context, model::EvidenceContext::Code);
        // The .gitmodules file itself is read by the gitmodules rules.
        const auto modules = findingsOf(scan, "D5.gitmodules");
        QCOMPARE(modules.size(), std::size_t(1));
        QCOMPARE(modules[0]->line, 3);
    }

    void dockerfileArgResolvedIntoFrom() {
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

    void dockerfileArgForms_data() {
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

    void dockerfileArgForms() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string out = resolveDockerfileArgs(text.toStdString());
        QCOMPARE(QString::fromStdString(out), expected);
        const std::string want = expected.toStdString();
        QCOMPARE(std::count(out.begin(), out.end(), '\n'),
                 std::count(want.begin(), want.end(), '\n'));
    }

    void notebookCodeCellsOnly() {
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

    void cancelFromProgress() {
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
        const ScanRun run = scanRepositories({repo.root()}, withThreads(2),
                                             [&](const ScanProgress& p) { last = p; });
        QVERIFY(!run.cancelled);
        QCOMPARE(last.files_done, std::size_t(40));
        QCOMPARE(last.files_total, std::size_t(40));
        QCOMPARE(last.bytes_done, std::uint64_t(40 * 19));
        QCOMPARE(QString::fromStdString(last.repository), QStringLiteral("repo"));
    }

    void sameFindingsForAnyThreadCount() {
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
    void bug_sarifHeldEveryFinding() {
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
        QCOMPARE(log["runs"][2]["invocations"][0]["toolExecutionNotifications"].size(),
                 std::size_t(1));
    }

    void rootsThatAreNotFolders() {
        MiniRepo repo;
        repo.write("file.txt", "x");
        const std::string file = (repo.root() / "file.txt").string();
        const std::string missing = (repo.root() / "missing").string();
        const ScanRun run = scanRepositories({repo.root(), file, missing});
        QCOMPARE(run.errors,
                 (std::vector<std::string>{file + ": not a folder", missing + ": does not exist"}));
        QVERIFY(run.repositories.empty());
        QVERIFY(!run.cancelled);
    }

    void repositoryNamesAreUnique() {
        MiniRepo a;
        MiniRepo b;
        a.write("x.cu", "cudaMalloc(&p, n);\n");
        const ScanRun run = scanRepositories({a.root(), b.root()});
        QCOMPARE(run.repositories.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(run.repositories[0].name), QStringLiteral("repo"));
        QCOMPARE(QString::fromStdString(run.repositories[1].name), QStringLiteral("repo-2"));
        QCOMPARE(QString::fromStdString(run.repositories[0].root),
                 QString::fromStdString(a.root().string()));
        QCOMPARE(run.repositories[0].files_scanned, std::size_t(1));
        QCOMPARE(run.repositories[1].files_scanned, std::size_t(0));
    }

    // Issue 20, class 5, through the walker: the line that made matching exponential, over 41
    // nested folders, asked about each on the way down. Finishing with the file found is the
    // test; bench_scan gitignore prints the time.
    void bug_doubleStarGitignoreOverDeepTreeWasExponential() {
        MiniRepo repo;
        std::string line = "**/a";
        for (int i = 0; i < 15; ++i)
            line += "/**/a";
        repo.write(".gitignore", line + "/b\n");
        std::string deep = "a";
        for (int i = 1; i < 41; ++i)
            deep += "/a";
        repo.write(deep + "/k.cu", "__global__ void k() { __syncwarp(); }\n");
        repo.write(deep + "/b", "__global__ void g() { __syncwarp(); }\n"); // ignored
        const RepositoryScan scan = scanOne(repo.root());
        QCOMPARE(pathsWith(scan, "D1.warp-sync"), (std::vector<std::string>{deep + "/k.cu"}));
    }

    // Issue 20, class 6: file names are bytes. A Latin-1 name is kept as its bytes by the
    // walker, written percent-escaped by the audit writer (it threw nlohmann's type_error 316
    // before) and read back as the same bytes, so the evidence still opens the real file.
    void bug_nonUtf8FileNameRoundTripsThroughAuditJson() {
        MiniRepo repo;
        const std::string kernel = "csrc/noyau-\xe9.cu";
        const std::string blob = "assets/50%41-\xff.bin"; // a literal "%41" too
        repo.write(kernel, "__global__ void k(float* o) {\n  asm volatile(\"bar.sync 0;\");\n}\n");
        repo.write(blob, std::string("\0\1binary", 8));
        const ScanRun run = scanRepositories({repo.root()}, withThreads(1));
        QCOMPARE(run.repositories.size(), std::size_t(1));
        QCOMPARE(pathsWith(run.repositories[0], "D1.inline-ptx"),
                 (std::vector<std::string>{kernel}));
        QCOMPARE(reasonFor(run.repositories[0], blob), std::string("binary"));

        ScanAuditOptions options;
        const model::Audit audit = auditFromScan(run, options);
        const std::string text = writeAudit(audit);
        QVERIFY(text.find("\"csrc/noyau-%E9.cu\",\n") != std::string::npos);
        QVERIFY(text.find("\"assets/50%2541-%FF.bin\"") != std::string::npos);
        QVERIFY(text.find("\"path_encoding\": \"percent\"") != std::string::npos);

        const AuditReadResult read = readAudit(text);
        QVERIFY(read.ok());
        QVERIFY(read.warnings.empty()); // the *_encoding fields are known
        const model::DimensionAssessment& kernels =
            read.audit->dimension(model::Dimension::CustomKernels);
        QVERIFY(!kernels.evidence.empty());
        QCOMPARE(kernels.evidence.front().path, kernel);
        QCOMPARE(read.audit->not_scanned.front().path, blob);
        QCOMPARE(read.audit->repositories.front().root, repo.root().string());
        const auto file = evidenceFile(*read.audit, kernels.evidence.front().path);
        QVERIFY(file.has_value());
        QVERIFY(fs::is_regular_file(*file));
        QCOMPARE(writeAudit(*read.audit), text); // and writes back the same

        // Refused at the field's pointer: an unknown encoding, a broken escape.
        auto withPath = [&](const std::string& path, const std::string& encoding) {
            std::string t = text;
            const std::string from = "\"csrc/noyau-%E9.cu\",\n";
            const auto at = t.find(from);
            const auto encAt = t.find("\"percent\"", at);
            t.replace(encAt, 9, "\"" + encoding + "\"");
            t.replace(at, from.size(), "\"" + path + "\",\n");
            return readAudit(t);
        };
        const AuditReadResult badEncoding = withPath("csrc/noyau-%E9.cu", "base64");
        QVERIFY(!badEncoding.ok());
        QCOMPARE(badEncoding.errors.front().place,
                 std::string("/dimensions/custom_kernels/evidence/0/path_encoding"));
        const AuditReadResult badEscape = withPath("csrc/noyau-%G9.cu", "percent");
        QVERIFY(!badEscape.ok());
        QCOMPARE(badEscape.errors.front().place,
                 std::string("/dimensions/custom_kernels/evidence/0/path"));
        QVERIFY(badEscape.errors.front().message.find("percent-escaped") != std::string::npos);
    }
    // Issue 20, class 7: a scan held every finding of every file until the audit was made, so a
    // 256 MB file matching on every line took 2.2 GB. Now the walker tallies each finding as it
    // is found: every one is counted, and only the evidence an audit keeps (kMaxItemsPerList per
    // dimension, the same items in the same order as ranking every finding) is held.
    void bug_scanOfHugeFileHeldEveryFinding() {
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
};

QTEST_APPLESS_MAIN(TestScanWalker)
#include "tst_scan_walker.moc"
