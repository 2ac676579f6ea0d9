// Which files the walker reads: ignore rules, files not read, symlinks, submodules, roots.

#include "tst_scan_walker.h"

#include "audit_json.h"
#include "scan_audit.h"
#include "scan_walker.h"
#include "tst_scan_walker_helpers.h"

#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace crossgrade;
using namespace crossgrade::data;
using namespace crossgrade::testing;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> pathsWith(const RepositoryScan& scan, std::string_view rule) {
    std::vector<std::string> out;
    for (const model::ScanFinding& f : scan.findings)
        if (f.rule && f.rule->id == rule)
            out.push_back(f.path);
    return out;
}

QString describe(const RepositoryScan& scan) {
    QStringList out;
    for (const model::SkippedFile& s : scan.not_scanned)
        out << QString::fromStdString(s.path + ": " + s.reason);
    return out.join(QLatin1String("; "));
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

// QCOMPARE prints enums through toString (a string_view): compare them as numbers.
#define COMPARE_CONTEXT(a, b) QCOMPARE(static_cast<int>(a), static_cast<int>(b))

constexpr const char* kNccl = "NCCL_DEBUG=INFO\n"; // D4.nccl-env reads every text file

} // namespace

void TestScanWalker::gitignoreIsHonoured() {
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
                                       "excluded.txt", "keep.log", "sub/again.log", "sub/ok.txt",
                                       "sub/secret.txt"}));
}

void TestScanWalker::filesNotRead() {
    MiniRepo repo;
    repo.write("assets/model.bin",
               std::string("PK\x03\x04", 4) + std::string(1, '\0') + "cudaMalloc(");
    repo.write("big.cu", std::string(300, 'x'));
    repo.write("weights/model.safetensors",
               "version https://git-lfs.github.com/spec/v1\noid sha256:"
               "4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n");
    repo.write("small.cu", "cudaMalloc(&p, n);\n");
    ScanOptions o = withThreads(2);
    o.max_file_bytes = 200;
    const RepositoryScan scan = scanOne(repo.root(), o);
    QCOMPARE(QString::fromStdString(reasonFor(scan, "assets/model.bin")), QStringLiteral("binary"));
    QCOMPARE(QString::fromStdString(reasonFor(scan, "big.cu")),
             QStringLiteral("too large (300 bytes, limit 200)"));
    QVERIFY(reasonFor(scan, "weights/model.safetensors").rfind("Git LFS pointer", 0) == 0);
    QCOMPARE(scan.not_scanned.size(), std::size_t(3));
    QCOMPARE(scan.files_scanned, std::size_t(1));
    QCOMPARE(scan.bytes_scanned, std::uint64_t(19));
    QCOMPARE(pathsWith(scan, "D1.cuda-runtime-api"), (std::vector<std::string>{"small.cu"}));
}

void TestScanWalker::unreadableThroughTheFileSystemInterface() {
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
void TestScanWalker::unreadableForReal() {
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
        command = QStringList{setpriv, QStringLiteral("--reuid=65534"),
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

void TestScanWalker::symlinksInsideAreFollowedOnce() {
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

void TestScanWalker::symlinksOutOfTheTreeAndLoops() {
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
    QCOMPARE(QString::fromStdString(reasonFor(scan, "src/loop")), QStringLiteral("symlink loop"));
    QCOMPARE(QString::fromStdString(reasonFor(scan, "self")), QStringLiteral("symlink loop"));
    QCOMPARE(QString::fromStdString(reasonFor(scan, "a")), QStringLiteral("symlink loop"));
    QCOMPARE(QString::fromStdString(reasonFor(scan, "b")), QStringLiteral("symlink loop"));
    QCOMPARE(QString::fromStdString(reasonFor(scan, "dangling.cu")),
             QStringLiteral("symlink to a missing target"));
    QCOMPARE(pathsWith(scan, "D1.cuda-runtime-api"), (std::vector<std::string>{"src/k.cu"}));
}

void TestScanWalker::submodules() {
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

void TestScanWalker::rootsThatAreNotFolders() {
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

void TestScanWalker::repositoryNamesAreUnique() {
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
void TestScanWalker::bug_doubleStarGitignoreOverDeepTreeWasExponential() {
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
void TestScanWalker::bug_nonUtf8FileNameRoundTripsThroughAuditJson() {
    MiniRepo repo;
    const std::string kernel = "csrc/noyau-\xe9.cu";
    const std::string blob = "assets/50%41-\xff.bin"; // a literal "%41" too
    repo.write(kernel, "__global__ void k(float* o) {\n  asm volatile(\"bar.sync 0;\");\n}\n");
    repo.write(blob, std::string("\0\1binary", 8));
    const ScanRun run = scanRepositories({repo.root()}, withThreads(1));
    QCOMPARE(run.repositories.size(), std::size_t(1));
    QCOMPARE(pathsWith(run.repositories[0], "D1.inline-ptx"), (std::vector<std::string>{kernel}));
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

QTEST_APPLESS_MAIN(TestScanWalker)
