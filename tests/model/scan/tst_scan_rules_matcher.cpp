// The scanner's matcher: scopes, path and line contexts, places and snippets, evidence.

#include "scan_matcher.h"
#include "scan_rubric.h"
#include "scan_rules.h"
#include "tst_scan_rules.h"
#include "tst_scan_rules_helpers.h"

#include <QFile>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <algorithm>
#include <string>
#include <vector>

using namespace crossgrade::model;
using namespace crossgrade::testing;

void TestScanRules::scopes_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<unsigned>("expected");
    const auto base = ScanScope::Path | ScanScope::Any;
    QTest::newRow("cuda") << "csrc/a.cu" << (base | ScanScope::Cxx);
    QTest::newRow("header") << "include/x.hpp" << (base | ScanScope::Cxx);
    QTest::newRow("python") << "pkg/a.py" << (base | ScanScope::Py);
    QTest::newRow("notebook") << "nb/a.ipynb" << (base | ScanScope::Py);
    QTest::newRow("setup.py") << "setup.py"
                              << (base | ScanScope::Py | ScanScope::Build | ScanScope::Manifest);
    QTest::newRow("pyproject") << "pyproject.toml"
                               << (base | ScanScope::Build | ScanScope::Manifest);
    QTest::newRow("cmake") << "CMakeLists.txt" << (base | ScanScope::Build);
    QTest::newRow("cmake module") << "cmake/FindX.cmake" << (base | ScanScope::Build);
    QTest::newRow("bazel") << "third/BUILD.bazel" << (base | ScanScope::Build);
    QTest::newRow("dockerfile") << "docker/Dockerfile.cuda" << (base | ScanScope::Docker);
    QTest::newRow("compose") << "docker-compose.yaml" << (base | ScanScope::Docker);
    QTest::newRow("workflow") << ".github/workflows/ci.yml" << (base | ScanScope::Ci);
    QTest::newRow("gitlab") << ".gitlab-ci.yml" << (base | ScanScope::Ci);
    QTest::newRow("windows path") << ".github\\workflows\\ci.yml" << (base | ScanScope::Ci);
    QTest::newRow("shell") << "scripts/run.sh" << (base | ScanScope::Ci);
    QTest::newRow("slurm") << "jobs/train.slurm" << (base | ScanScope::Ci);
    QTest::newRow("requirements") << "requirements-dev.txt" << (base | ScanScope::Manifest);
    QTest::newRow("conda") << "environment.yml" << (base | ScanScope::Manifest);
    QTest::newRow("gitmodules") << ".gitmodules" << (base | ScanScope::Gitmodules);
    QTest::newRow("readme") << "README.md" << base;
    QTest::newRow("empty") << "" << base;
}

void TestScanRules::scopes() {
    QFETCH(QString, path);
    QFETCH(unsigned, expected);
    QCOMPARE(scopeOf(path.toStdString()), expected);
}

void TestScanRules::pathContexts_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("context");
    QTest::newRow("code") << "csrc/ops.cu"
                          << "code";
    QTest::newRow("tests dir") << "tests/ops/check.py"
                               << "test";
    QTest::newRow("test_ file") << "pkg/test_ops.py"
                                << "test";
    QTest::newRow("_test file") << "src/ops_test.cc"
                                << "test";
    QTest::newRow("conftest") << "conftest.py"
                              << "test";
    QTest::newRow("third_party") << "third_party/cutlass/include/cutlass/gemm.h"
                                 << "vendored";
    QTest::newRow("3rdparty") << "3rdparty/nccl/src/x.cu"
                              << "vendored";
    QTest::newRow("vendor") << "vendor/lib/x.py"
                            << "vendored";
    QTest::newRow("vendored tests") << "third_party/x/tests/test_a.py"
                                    << "vendored";
    QTest::newRow("dependencies") << "dependencies/cutlass/include/cutlass/gemm.h"
                                  << "vendored";
    QTest::newRow("nested dependencies")
        << "inference/compression/dependencies/AutoGPTQ/autogptq_extension/q.cu"
        << "vendored";
    QTest::newRow("a hipify translator's tables (round 15: aiter)")
        << "aiter/jit/utils/hipify/cuda_to_hip_mappings.py"
        << "vendored";
    QTest::newRow("baselines") << "kernels/gemm/baselines/cublas.cu"
                               << "benchmark";
    QTest::newRow("examples") << "examples/run.py"
                              << "example";
    QTest::newRow("benchmarks") << "benchmarks/attn.py"
                                << "benchmark";
    QTest::newRow("bench file") << "tools/gemm_bench.cu"
                                << "benchmark";
    QTest::newRow("test in a name only") << "src/latest.py"
                                         << "code";
    QTest::newRow("file named tests") << "src/tests"
                                      << "code";
}

void TestScanRules::pathContexts() {
    QFETCH(QString, path);
    QFETCH(QString, context);
    QCOMPARE(QString::fromLatin1(toString(contextOfPath(path.toStdString())).data()), context);
}

void TestScanRules::lineContexts_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("context");
    QTest::newRow("cxx line comment") << kCpp << "// cudaMalloc(&p, n);"
                                      << "D1.cuda-runtime-api" << 1 << "comment";
    QTest::newRow("cxx block comment across lines")
        << kCpp << "/* start\n   cudaMalloc(&p, n);\n end */"
        << "D1.cuda-runtime-api" << 2 << "comment";
    QTest::newRow("cxx code after a block comment") << kCpp << "x = 1; /* c */ cudaMalloc(&p, n);"
                                                    << "D1.cuda-runtime-api" << 1 << "code";
    QTest::newRow("cxx // inside a string") << kCpp << "const char* s = \"//\"; cudaMalloc(&p, n);"
                                            << "D1.cuda-runtime-api" << 1 << "code";
    QTest::newRow("cxx code hit preferred over a comment hit")
        << kCpp << "cudaFree(p); // cudaMalloc later"
        << "D1.cuda-runtime-api" << 1 << "code";
    QTest::newRow("cxx comment first, code later on the line")
        << kCpp << "/* cudaFree(q) */ cudaMalloc(&p, n);"
        << "D1.cuda-runtime-api" << 1 << "code";
    QTest::newRow("py comment") << kPy << "x = 1  # torch.cuda.synchronize()"
                                << "D3.torch-cuda-namespace" << 1 << "comment";
    QTest::newRow("py # inside a string") << kPy << "tag = '#'; torch.cuda.synchronize()"
                                          << "D3.torch-cuda-namespace" << 1 << "code";
    QTest::newRow("py docstring")
        << kPy << "def f():\n    \"\"\"Run with\n    torchrun --nnodes=4 train.py\n    \"\"\"\n"
        << "D4.multi-node-launch" << 3 << "docstring";
    QTest::newRow("py one-line docstring")
        << kPy << "def f():\n    '''Calls torch.cuda.synchronize().'''\n"
        << "D3.torch-cuda-namespace" << 2 << "docstring";
    QTest::newRow("py assigned triple-quoted string is code")
        << kPy << "src = \"\"\"\nimport triton\n\"\"\"\n"
        << "D1.triton-kernel" << 2 << "code";
    QTest::newRow("py code after a docstring") << kPy << "\"\"\"Module.\"\"\"\nimport triton\n"
                                               << "D1.triton-kernel" << 2 << "code";
    QTest::newRow("test file") << "tests/test_ops.py"
                               << "x = x.cuda()"
                               << "D3.torch-cuda-namespace" << 1 << "test";
    QTest::newRow("comment in a test file stays comment")
        << "tests/test_ops.py"
        << "# x.cuda()"
        << "D3.torch-cuda-namespace" << 1 << "comment";
    QTest::newRow("vendored") << "third_party/cutlass/gemm.cu"
                              << "__global__ void k() {}"
                              << "D1.kernel-qualifier" << 1 << "vendored";
    QTest::newRow("example") << "examples/a.py"
                             << "import triton"
                             << "D1.triton-kernel" << 1 << "example";
    QTest::newRow("benchmark") << "benchmarks/a.py"
                               << "import triton"
                               << "D1.triton-kernel" << 1 << "benchmark";
    QTest::newRow("shell comment") << kScript << "# nvidia-smi"
                                   << "D4.nccl-env" << 0 << "none";
    QTest::newRow("slurm directive is read") << "jobs/train.sbatch"
                                             << "#SBATCH -N 4"
                                             << "D4.multi-node-launch" << 1 << "code";
    QTest::newRow("dockerfile comment") << kDocker << "RUN pip install x  # then nvcc"
                                        << "D5.nvcc" << 1 << "comment";
    QTest::newRow("cmake bracket comment across lines")
        << "cmake/legacy.cmake"
        << "#[[ The old build:\nfind_package(CUDA 11 REQUIRED)\n]]\n"
        << "D5.cmake-cuda" << 2 << "comment";
    QTest::newRow("cmake bracket comment with = signs")
        << kCMake << "#[==[ a ]] inside\nenable_language(CUDA)\n]==]\n"
        << "D5.cmake-cuda" << 2 << "comment";
    QTest::newRow("cmake code after a bracket comment")
        << kCMake << "#[[ one\ntwo ]] enable_language(CUDA)\n"
        << "D5.cmake-cuda" << 2 << "code";
    QTest::newRow("cmake code after a one-line bracket comment")
        << kCMake << "#[[ x ]] enable_language(CUDA)\n"
        << "D5.cmake-cuda" << 1 << "code";
    QTest::newRow("cmake #[[ inside a line comment opens nothing")
        << kCMake << "# see #[[\nenable_language(CUDA)\n"
        << "D5.cmake-cuda" << 2 << "code";
    QTest::newRow("gitmodules ; comment")
        << kModules << "; url = https://github.com/NVIDIA/cutlass.git"
        << "D5.gitmodules" << 1 << "comment";
    QTest::newRow("gitmodules ; inside a quoted value")
        << kModules << "\turl = \"https://github.com/NVIDIA/cutlass.git;x\""
        << "D5.gitmodules" << 1 << "code";
    QTest::newRow("markdown is prose") << "README.md"
                                       << "Set NCCL_DEBUG=INFO"
                                       << "D4.nccl-env" << 1 << "comment";
}

void TestScanRules::lineContexts() {
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, rule);
    QFETCH(int, line);
    QFETCH(QString, context);
    const std::vector<ScanFinding> f = scan(path.toStdString(), text.toStdString());
    const ScanFinding* hit = findingOf(f, rule.toStdString());
    if (line == 0) {
        QVERIFY(!hit);
        return;
    }
    QVERIFY(hit);
    QCOMPARE(hit->line, line);
    QCOMPARE(QString::fromLatin1(toString(hit->context).data()), context);
}

void TestScanRules::placesAndSnippets() {
    const std::string text = "#include <cstdio>\r\n\n    cudaMalloc(&p, n);   \nint x;";
    const auto f = scan(kCpp, text);
    const ScanFinding* hit = findingOf(f, "D1.cuda-runtime-api");
    QVERIFY(hit);
    QCOMPARE(hit->line, 3);
    QCOMPARE(hit->col.value_or(-1), 5);
    QCOMPARE(QString::fromStdString(hit->snippet), QStringLiteral("cudaMalloc(&p, n);"));
    QCOMPARE(QString::fromStdString(hit->match), QStringLiteral("cudaMalloc("));
    QCOMPARE(QString::fromStdString(hit->path), QString::fromLatin1(kCpp));

    // A long line is cut around the hit, at UTF-8 boundaries.
    std::string longLine;
    for (int i = 0; i < 100; ++i)
        longLine += "é x ";
    longLine += "cudaMemcpy(d, s, n, kind);";
    for (int i = 0; i < 100; ++i)
        longLine += " y";
    const auto g = scan(kCpp, longLine);
    const ScanFinding* cut = findingOf(g, "D1.cuda-runtime-api");
    QVERIFY(cut);
    QVERIFY(cut->snippet.size() <= 200 + 2 * std::string("…").size());
    QVERIFY(cut->snippet.find("cudaMemcpy(") != std::string::npos);
    QVERIFY(QString::fromUtf8(cut->snippet.c_str()).toUtf8().toStdString() == cut->snippet);

    // One finding per rule and line; the next line is its own.
    const auto h = scan(kCpp, "cudaFree(a); cudaFree(b);\ncudaFree(c);");
    QCOMPARE(std::count_if(h.begin(), h.end(),
                           [](const ScanFinding& x) {
                               return x.rule->id == std::string_view("D1.cuda-runtime-api");
                           }),
             2);

    // Path rules: line 1, no column, the path as snippet.
    const auto p = scan("kernels\\attn.cu", "");
    const ScanFinding* file = findingOf(p, "D1.cuda-source-file");
    QVERIFY(file);
    QCOMPARE(file->line, 1);
    QVERIFY(!file->col);
    QCOMPARE(QString::fromStdString(file->path), QStringLiteral("kernels/attn.cu"));
}

void TestScanRules::evidenceRecord() {
    const auto f = scan("kernels/k.cuh", "asm volatile(\"red.release.gpu.global.add.s32 x\");");
    const ScanFinding* hit = findingOf(f, "D1.inline-ptx");
    QVERIFY(hit);
    const EvidenceItem e = toEvidence(*hit);
    QCOMPARE(QString::fromStdString(e.rule_id), QStringLiteral("D1.inline-ptx"));
    COMPARE_ENUM(e.severity, Level::High);
    COMPARE_ENUM(e.confidence, Level::High);
    QCOMPARE(e.line, 1);
    QCOMPARE(e.col.value_or(0), 1);
    COMPARE_ENUM(e.context, EvidenceContext::Code);
    QVERIFY(!e.rocm_equivalent.empty());
    QVERIFY(!e.mitigated_by);
    const auto t = scan("tests/k.cu", "cudaMalloc(&p, n);");
    COMPARE_ENUM(toEvidence(*findingOf(t, "D1.cuda-runtime-api")).confidence, Level::Medium);
}

// Calls spread over lines (scan_matcher.cpp, CallSpan): reported at the call's first line.
void TestScanRules::multiLineCalls_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("line"); // 0: no finding
    QTest::addColumn<int>("col");

    const QString ext = QStringLiteral("D1.inline-extension");
    const QString ptx = QStringLiteral("D1.inline-ptx");
    QTest::newRow("load_inline, cuda_sources three lines down")
        << "ops/build.py"
        << "import torch\nmod = load_inline(\n    name='m',\n    cpp_sources=[cpp],\n"
           "    cuda_sources=[cu],\n    functions=['f'])\n"
        << ext << 2 << 7;
    QTest::newRow("load_inline, nested call before cuda_sources")
        << "ops/build.py"
        << "mod = load_inline(name=name_of('m'),\n"
           "                  cuda_sources=read('k.cu'))\n"
        << ext << 1 << 7;
    QTest::newRow("near miss: load_inline without cuda_sources")
        << "ops/build.py"
        << "mod = load_inline(\n    name='m',\n    cpp_sources=cpp)\n"
           "opts = dict(cuda_sources=None)\n"
        << ext << 0 << 0;
    QTest::newRow("near miss: cuda_sources only in a string of the call")
        << "ops/build.py"
        << "mod = load_inline(\n    name='cuda_sources=x',\n    cpp_sources=cpp)\n"
        << ext << 0 << 0;
    QTest::newRow("near miss: cuda_sources in a comment of the call")
        << "ops/build.py"
        << "mod = load_inline(\n    name='m',  # cuda_sources=cu later\n    cpp_sources=cpp)\n"
        << ext << 0 << 0;
    QTest::newRow("near miss: load_inline in a comment")
        << "ops/build.py"
        << "# mod = load_inline(\n#     cuda_sources=[cu])\nx = 1\n"
        << ext << 0 << 0;
    QTest::newRow("asm volatile, PTX in the second string")
        << "csrc/red.cuh"
        << "__device__ void add(int* p, int v) {\n  asm volatile(\"{\\n\\t\"\n"
           "               \"red.release.gpu.global.add.s32 [%0], %1;\\n\\t\"\n"
           "               \"}\" :: \"l\"(p), \"r\"(v) : \"memory\");\n}\n"
        << ptx << 2 << 3;
    QTest::newRow("asm, PTX on the next line")
        << "csrc/mma.cu"
        << "void f() {\n    asm(\n        \"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
           "...\"\n        : \"=f\"(d0));\n}\n"
        << ptx << 2 << 5;
    QTest::newRow("__asm__ __volatile__, ldmatrix later")
        << "csrc/ld.cu"
        << "__asm__ __volatile__(\n  \"\"\n  \"ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
           "{%0}, [%1];\" : \"=r\"(a) : \"r\"(s));\n"
        << ptx << 1 << 1;
    QTest::newRow("near miss: multi-line asm without PTX mnemonics")
        << "csrc/barrier.cu"
        << "void f() {\n  asm volatile(\n      \"\"\n      ::: \"memory\");\n}\n"
        << ptx << 0 << 0;
    QTest::newRow("near miss: mnemonic in a comment inside the asm call")
        << "csrc/barrier.cu"
        << "void f() {\n  asm volatile( // mma.sync would go here\n      \"nop;\"\n      ::: "
           "\"memory\");\n}\n"
        << ptx << 0 << 0;
    QTest::newRow("near miss: mnemonic in the next statement")
        << "csrc/barrier.cu"
        << "asm volatile(\"\" ::: \"memory\");\nconst char* s = \"mma.sync\";\n"
        << ptx << 0 << 0;
    QTest::newRow("single line still one finding")
        << "csrc/red.cuh"
        << "asm volatile(\"red.release.gpu.global.add.s32 x\");\n"
        << ptx << 1 << 1;
    // Triton's inline assembly (round 15: aiter's Triton kernels carry AMD's, not PTX).
    QTest::newRow("Triton PTX, asm= on the next line")
        << "kernels/fp4.py"
        << "    y = tl.inline_asm_elementwise(\n        asm=\"\"\"\n        cvt.rn.f16x2.f32 $0, "
           "$1, $2;\n        \"\"\",\n        constraints=\"=r,r,r\", args=[a, b],\n"
           "        dtype=tl.float16, is_pure=True, pack=1)\n"
        << ptx << 1 << 12;
    QTest::newRow("Triton PTX on the same line")
        << "kernels/fp4.py"
        << "y = tl.inline_asm_elementwise(\"mul.f32 $0, $1, 2.0;\", \"=r,r\", [x], "
           "dtype=tl.float32, is_pure=True, pack=1)\n"
        << ptx << 1 << 8;
    QTest::newRow("near miss: Triton with AMD assembly on the next line")
        << "kernels/conv.py"
        << "    rcp = tl.inline_asm_elementwise(\n        \"v_rcp_f32 $0, $1\",\n        "
           "\"=v,v\",\n"
           "        args=[x], dtype=tl.float32, is_pure=True, pack=1)\n"
        << ptx << 0 << 0;
    QTest::newRow("near miss: Triton with AMD assembly in a triple-quoted asm=")
        << "kernels/clock.py"
        << "    t = tl.inline_asm_elementwise(\n        asm=\"\"\"s_waitcnt vmcnt(0)\n        "
           "s_memrealtime $0\n        s_waitcnt lgkmcnt(0)\"\"\",\n        constraints=(\"=s\"), "
           "args=[], dtype=tl.int64, is_pure=False, pack=1)\n"
        << ptx << 0 << 0;
    QTest::newRow("near miss: Triton with AMD assembly on one line")
        << "kernels/quant.py"
        << "q = tl.inline_asm_elementwise(\"v_rndne_f32 $0, $1\", \"=v,v\", args=[q], "
           "dtype=tl.float32, is_pure=True, pack=1)\n"
        << ptx << 0 << 0;
}

void TestScanRules::multiLineCalls() {
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, rule);
    QFETCH(int, line);
    QFETCH(int, col);
    const std::string p = path.toStdString();
    const std::string t = text.toStdString();
    const auto f = scan(p, t);
    std::vector<const ScanFinding*> hits;
    for (const ScanFinding& x : f)
        if (x.rule && x.rule->id == rule.toStdString())
            hits.push_back(&x);
    if (line == 0) {
        QVERIFY2(hits.empty(), hits.empty() ? "" : hits[0]->snippet.c_str());
        return;
    }
    QCOMPARE(hits.size(), std::size_t(1));
    QCOMPARE(hits[0]->line, line);
    QCOMPARE(hits[0]->col.value_or(0), col);
    COMPARE_ENUM(hits[0]->context, EvidenceContext::Code);
    COMPARE_ENUM(hits[0]->severity, Level::High);
}

// The whole-file prefilter finds what the per-line match finds: a rule anchored at a line
// start far down the file, a hit on the last line without a newline, and a `$` rule in a
// file with CRLF line ends (the multi-line `$` does not match before a CR).
void TestScanRules::wholeFilePrefilterMissesNothing() {
    std::string text;
    for (int i = 0; i < 500; ++i)
        text += "x = compute(" + std::to_string(i) + ")\n";
    text += "   import triton\n";
    text += "y = 1\nimport triton";
    const auto f = scan(kPy, text);
    std::vector<int> lines;
    for (const ScanFinding& x : f)
        if (x.rule->id == std::string_view("D1.triton-kernel"))
            lines.push_back(x.line);
    QCOMPARE(lines, (std::vector<int>{501, 503}));

    ScanRule endsWithFoo;
    endsWithFoo.id = "D1.ends-with-foo";
    endsWithFoo.scopes = static_cast<unsigned>(ScanScope::Any);
    endsWithFoo.pattern = R"re(\bfoo$)re";
    const std::vector<ScanRule> rules{endsWithFoo};
    const ScanMatcher matcher(rules);
    const auto g = matcher.matchFile("a.txt.log", "a foo\r\nfoo bar\r\nb foo\r\n");
    QCOMPARE(g.size(), std::size_t(2));
    QCOMPARE(g[0].line, 1);
    QCOMPARE(g[1].line, 3);
}

void TestScanRules::contextWeights() {
    COMPARE_ENUM(contextWeight(EvidenceContext::Code), 1.0);
    COMPARE_ENUM(contextWeight(EvidenceContext::Comment), 0.0);
    COMPARE_ENUM(contextWeight(EvidenceContext::Docstring), 0.0);
    COMPARE_ENUM(contextWeight(EvidenceContext::Vendored), 0.0);
    COMPARE_ENUM(contextWeight(EvidenceContext::Test), 0.25);
    COMPARE_ENUM(contextWeight(EvidenceContext::Example), 0.25);
    COMPARE_ENUM(contextWeight(EvidenceContext::Benchmark), 0.25);
    COMPARE_ENUM(contextWeight(EvidenceContext::String), 0.0);
}

namespace {

EvidenceContext contextOf(const std::vector<ScanFinding>& findings, std::string_view rule) {
    const ScanFinding* f = findingOf(findings, rule);
    return f ? f->context : EvidenceContext::Vendored; // Vendored: "no finding" in these tests
}

} // namespace

// Issue 27: a C++ code base whose string literals mention CUDA (a rule table, a message naming
// TensorRT, a raw-string pattern) was proposed Custom kernels and Libraries High. A pattern
// inside a string literal is no use: context "string", weight 0.
void TestScanRules::bug_stringLiteralsWereTakenForCode() {
    const auto f = scan(kCpp, "const char* kRules[] = {\"__global__\", \"cublasSgemm(\"};\n"
                              "void warn() { log(\"no trtexec on this host\"); }\n"
                              "const auto re = R\"re(cudaMalloc(p, n))re\";\n"
                              "const auto raw = u8R\"x(using namespace nvcuda::wmma;)x\";\n"
                              "char q = '\"'; void g() { cudaFree(p); }\n");
    COMPARE_ENUM(contextOf(f, "D1.kernel-qualifier"), EvidenceContext::String);
    COMPARE_ENUM(contextOf(f, "D2.cublas"), EvidenceContext::String);
    COMPARE_ENUM(contextOf(f, "D2.tensorrt"), EvidenceContext::String);
    COMPARE_ENUM(contextOf(f, "D1.wmma"), EvidenceContext::String);
    // A character literal '"' does not open a string: the call after it is code.
    std::vector<int> runtime;
    for (const ScanFinding& x : f)
        if (x.rule->id == std::string_view("D1.cuda-runtime-api"))
            runtime.push_back(x.line * 10 + int(x.context == EvidenceContext::Code));
    QCOMPARE(runtime, (std::vector<int>{30, 51}));
}

// Strings that are the use itself stay code: inline PTX, an NCCL variable read with getenv, a
// TensorRT engine file's name, an #include's header name, and CUDA source in a file that hands
// it to NVRTC.
void TestScanRules::stringsThatAreTheUseStayCode() {
    const auto f = scan(kCu, "#include \"cublas_v2.h\"\n"
                             "void f() { asm volatile(\"mma.sync.aligned.m16n8k16 x\"); }\n"
                             "const char* h = getenv(\"NCCL_IB_HCA\");\n"
                             "auto engine = load(\"model.engine\");\n");
    // ... but an NCCL variable's name in a table is no use.
    COMPARE_ENUM(
        contextOf(scan(kCpp, "const char* kNames[] = {\"NCCL_IB_HCA\"};\n"), "D4.nccl-env"),
        EvidenceContext::String);
    COMPARE_ENUM(contextOf(f, "D2.cublas"), EvidenceContext::Code);
    COMPARE_ENUM(contextOf(f, "D1.inline-ptx"), EvidenceContext::Code);
    COMPARE_ENUM(contextOf(scan(kCu, "asm volatile(\"cp.async.bulk.tensor.2d x\");\n"),
                           "D1.hopper-blackwell"),
                 EvidenceContext::Code);
    COMPARE_ENUM(contextOf(f, "D4.nccl-env"), EvidenceContext::Code);
    COMPARE_ENUM(contextOf(f, "D2.tensorrt"), EvidenceContext::Code);
    const std::string source = "const char* kSrc = R\"(__global__ void k(float* x) {})\";\n";
    COMPARE_ENUM(contextOf(scan(kCpp, source), "D1.kernel-qualifier"), EvidenceContext::String);
    COMPARE_ENUM(contextOf(scan(kCpp, source + "void build() { nvrtcCreateProgram(&p, kSrc, "
                                               "\"k.cu\", 0, 0, 0); }\n"),
                           "D1.kernel-qualifier"),
                 EvidenceContext::Code);
    // Python strings are read as code: there the string is often the use (device="cuda").
    COMPARE_ENUM(
        contextOf(scan(kPy, "x = torch.ones(3, device=\"cuda\")\n"), "D3.torch-cuda-namespace"),
        EvidenceContext::Code);
}

// The scanner's own rule table, scanned as a repository, proposed Custom kernels High (its
// patterns hold __global__, wgmma, asm volatile, cudnn_frontend ...). It now proposes Low.
void TestScanRules::bug_scannersOwnRuleTableProposedHigh() {
    QFile file(QStringLiteral(CROSSGRADE_SOURCE_DIR "/model/scan/scan_rules.cpp"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string text = file.readAll().toStdString();
    const ScanProposal p = proposeTiers(scan("model/scan/scan_rules.cpp", text));
    for (Dimension d : {Dimension::CustomKernels, Dimension::Libraries, Dimension::FrameworkUsage,
                        Dimension::Distributed, Dimension::Toolchain})
        QVERIFY2(p.dimension(d).tier == Tier::Low, qPrintable(joined(p.dimension(d).reasons)));
}

// causal-conv1d's own setup.py named its own package (PACKAGE_NAME = "causal_conv1d", its
// sources csrc/causal_conv1d.cpp, its wheel URL) and bitsandbytes' pyproject its own name:
// each was read as a dependency on a package with partial ROCm support, and proposed Libraries
// Medium. A project's own name is not a dependency; its requirements still are.
void TestScanRules::bug_projectsOwnNameWasTakenForADependency() {
    const std::string setup =
        "PACKAGE_NAME = \"causal_conv1d\"\n"
        "BASE_WHEEL_URL = \"https://github.com/Dao-AILab/causal-conv1d/releases/{tag}\"\n"
        "sources = [\"csrc/causal_conv1d.cpp\", \"csrc/causal_conv1d_fwd.cu\"]\n"
        "setup(name=PACKAGE_NAME, url=\"https://github.com/Dao-AILab/causal-conv1d\",\n"
        "      package_data={\"causal_conv1d\": [\"causal_conv1d.egg-info\"]})\n";
    for (const ScanFinding& f : scan("setup.py", setup))
        QVERIFY2(f.rule->dimension != Dimension::Libraries,
                 qPrintable(QString::fromStdString(std::string(f.rule->id) + " at line " +
                                                   std::to_string(f.line))));
    QVERIFY(scan("pyproject.toml", "[project]\nname = \"bitsandbytes\"\n").empty());
    // The project's own modules, files, Windows paths and e-mail address (xformers' and
    // DeepSpeed's setup.py) are not requirements either.
    for (const char* line :
         {"    \"xformers._C\",\n", "    \"causal_conv1d.egg-info\",\n",
          "shutil.rmtree('.\\\\deepspeed\\\\ops\\\\csrc')\n", "self.pkg_name = \"xformers\"\n",
          "author_email=\"oncall+xformers@example.com\",\n",
          "extensions_dir = os.path.join(\"xformers\", \"csrc\")\n",
          // peft's [tool.pytest.ini_options] markers
          "    \"bitsandbytes: select bitsandbytes integration tests\",\n"})
        QVERIFY2(scan("setup.py", line).empty(), line);
    QCOMPARE(
        int(scan("pyproject.toml", "gpu = [\"xformers @ https://example.com/x.whl\"]\n").size()),
        1);
    // Nor is a name inside a web address (bitsandbytes' [project.urls]); a PyTorch wheel index
    // is a requirement and stays.
    QVERIFY(scan("pyproject.toml", "docs = \"https://huggingface.co/docs/bitsandbytes/main\"\n")
                .empty());
    QVERIFY(scan("setup.py", "    project_urls={\"Docs\": \"https://deepspeed.readthedocs.io\"},\n")
                .empty());
    int indexHits = 0;
    for (const ScanFinding& f :
         scan("requirements.txt", "--extra-index-url https://download.pytorch.org/whl/cu121\n"))
        indexHits += f.rule->id == "D2.manifest-packages" ? 1 : 0;
    QCOMPARE(indexHits, 1);
    const std::vector<ScanFinding> deps =
        scan("pyproject.toml", "dependencies = [\"bitsandbytes>=0.45\", \"numpy\"]\n");
    QCOMPARE(int(deps.size()), 1);
    QCOMPARE(QString::fromStdString(std::string(deps[0].rule->id)),
             QStringLiteral("D2.manifest-packages"));
}
