// The scanner's rubric (§10), coverage: what a mitigation steps down — the findings of its own
// file, the folders a ROCm build compiles, the package a named ROCm fork replaces, the library a
// ROCm library the code calls replaces — and what an optional extra weighs.

#include "scan_rubric.h"
#include "tst_scan_rules.h"
#include "tst_scan_rules_helpers.h"

#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <string>
#include <utility>
#include <vector>

using namespace crossgrade::model;
using namespace crossgrade::testing;

// A HIP path covers the kernels of its own file: five non-portable kernels each with a
// __HIP_PLATFORM_AMD__ branch are one step below High; the same kernels with the branch in
// another header are not covered. A ROCm container steps the toolchain down; torch.compile
// lowers no kernel.
void TestScanRules::rubricMitigationCoversItsOwnFile() {
    const std::string covered = "#if defined(__HIP_PLATFORM_AMD__)\natomicAdd(p, v);\n#else\n"
                                "asm volatile(\"red.release.gpu.global.add.s32 x\");\n#endif\n";
    const std::string bare = "asm volatile(\"red.release.gpu.global.add.s32 x\");\n";
    auto withPipeline = files("kernels/red", ".cuh", 5, covered);
    withPipeline.emplace_back("docker/Dockerfile", "FROM nvcr.io/nvidia/pytorch:24.01-py3\n");
    withPipeline.emplace_back("docker/Dockerfile.rocm", "FROM rocm/pytorch:latest\n");
    const auto p = proposeTiers(scanRepo(withPipeline));
    const DimensionProposal& d1 = p.dimension(Dimension::CustomKernels);
    QVERIFY2(d1.tier == Tier::Medium, qPrintable(joined(d1.reasons)));
    QCOMPARE(QString::fromStdString(d1.mitigated_by), QStringLiteral("D1.hip-branch-cxx"));
    QVERIFY2(joined(d1.reasons).contains(QStringLiteral("5 non-portable")),
             qPrintable(joined(d1.reasons)));
    const DimensionProposal& d5 = p.dimension(Dimension::Toolchain);
    QVERIFY2(d5.tier == Tier::Medium, qPrintable(joined(d5.reasons)));
    QVERIFY(d5.covers_repository);

    auto elsewhere = files("kernels/red", ".cuh", 5, bare);
    elsewhere.emplace_back("kernels/port.h", "#if defined(__HIP_PLATFORM_AMD__)\n#endif\n");
    const auto q = proposeTiers(scanRepo(elsewhere));
    QVERIFY2(tierOf(q, Dimension::CustomKernels) == Tier::High,
             qPrintable(joined(q.dimension(Dimension::CustomKernels).reasons)));
    QVERIFY(q.dimension(Dimension::CustomKernels).mitigated_by.empty());

    auto compiled = files("kernels/red", ".cuh", 5, bare);
    compiled.emplace_back("train.py", "model = torch.compile(model)\n");
    COMPARE_ENUM(tierOf(proposeTiers(scanRepo(compiled)), Dimension::CustomKernels), Tier::High);
}

// Round 15 (ROCm/aiter): a file named for an AMD architecture or for HIP is AMD's own code, so
// the "NVIDIA" feature in it (HIP's __cluster_dims__ for gfx1250 clusters) is covered; the same
// kernels in files named for nothing are not.
void TestScanRules::rubricAmdTargetFileIsItsOwnHipPath() {
    const std::string cluster = "__global__ void __cluster_dims__(2, 1, 1) k(float* x) {}\n";
    const auto amd =
        proposeTiers(scanRepo(files("csrc/gfx1250/gemm_gfx1250_", ".cuh", 5, cluster)));
    const DimensionProposal& d1 = amd.dimension(Dimension::CustomKernels);
    QVERIFY2(d1.tier != Tier::High, qPrintable(joined(d1.reasons)));
    QVERIFY2(joined(d1.reasons).contains(QStringLiteral("5 non-portable")),
             qPrintable(joined(d1.reasons)));
    const auto nvidia = proposeTiers(scanRepo(files("csrc/sm90/gemm_", ".cuh", 5, cluster)));
    QVERIFY2(tierOf(nvidia, Dimension::CustomKernels) == Tier::High,
             qPrintable(joined(nvidia.dimension(Dimension::CustomKernels).reasons)));
}

void TestScanRules::rubricMitigationInATestDoesNotStepDown() {
    auto repo =
        files("kernels/red", ".cuh", 5, "asm volatile(\"red.release.gpu.global.add.s32 x\");");
    repo.emplace_back("tests/port_test.cc", "#ifdef __HIP_PLATFORM_AMD__\n#endif\n");
    repo.emplace_back("tests/Dockerfile.rocm", "FROM rocm/pytorch:latest\n");
    COMPARE_ENUM(tierOf(proposeTiers(scanRepo(repo)), Dimension::CustomKernels), Tier::High);
}

// Coverage by build target across folders: a CMake project that enables HIP and globs the
// sources of a folder beside it (ggml's src/ggml-hip compiling ../ggml-cuda/*.cu) covers that
// folder's kernels and direct CUDA API calls; the same glob in a project without HIP covers
// nothing.
void TestScanRules::rubricHipProjectCoversTheFolderItGlobs() {
    const std::string kernel =
        "#include <cuda_runtime.h>\n"
        "__global__ void k(float* x) { asm(\"mov.u32 %0, 1;\" : \"=r\"(x)); }\n"
        "void run(float* x) { cudaMalloc(&x, 4); k<<<1, 1>>>(x); }\n";
    auto repo = [&](const std::string& language) {
        auto all = files("src/ggml-cuda/k", ".cu", 24, kernel);
        all.emplace_back("src/ggml-hip/CMakeLists.txt",
                         "enable_language(" + language +
                             ")\nfile(GLOB GGML_SOURCES_ROCM \"../ggml-cuda/*.cu\")\n");
        return proposeTiers(scanRepo(all));
    };
    const auto hip = repo("HIP");
    const DimensionProposal& k = hip.dimension(Dimension::CustomKernels);
    QVERIFY2(k.tier != Tier::High, qPrintable(joined(k.reasons)));
    QCOMPARE(QString::fromStdString(k.mitigated_by), QStringLiteral("D1.rocm-build-sources"));
    QVERIFY2(joined(k.reasons).contains(QStringLiteral("src/ggml-hip/CMakeLists.txt:2")),
             qPrintable(joined(k.reasons)));
    const DimensionProposal& f = hip.dimension(Dimension::FrameworkUsage);
    QVERIFY2(f.tier == Tier::Medium, qPrintable(joined(f.reasons)));
    QVERIFY2(joined(f.reasons).contains(QStringLiteral("a ROCm build compiles 24 of them")),
             qPrintable(joined(f.reasons)));
    QCOMPARE(QString::fromStdString(f.mitigated_by), QStringLiteral("D1.rocm-build-sources"));
    // Covered by a HIP path in each file instead, the step down names that mitigation.
    const auto inFile = proposeTiers(scanRepo(files(
        "src/ggml-cuda/k", ".cu", 24, "#if defined(__HIP_PLATFORM_AMD__)\n#endif\n" + kernel)));
    const DimensionProposal& h = inFile.dimension(Dimension::FrameworkUsage);
    QVERIFY2(h.tier == Tier::Medium, qPrintable(joined(h.reasons)));
    QCOMPARE(QString::fromStdString(h.mitigated_by), QStringLiteral("D1.hip-branch-cxx"));
    const auto cuda = repo("CUDA");
    COMPARE_ENUM(tierOf(cuda, Dimension::CustomKernels), Tier::High);
    COMPARE_ENUM(tierOf(cuda, Dimension::FrameworkUsage), Tier::High);
}

// Coverage by library: a ROCm fork named anywhere covers the package it forks wherever the
// package is named, and nothing else.
void TestScanRules::rubricRocmForkCoversItsPackage() {
    const auto p = proposeTiers(
        scanRepo({{"requirements.txt", "flash-attn==2.6.3\n"},
                  {"docker/Dockerfile.rocm",
                   "RUN pip install git+https://github.com/ROCm/flash-attention.git\n"}}));
    const DimensionProposal& d = p.dimension(Dimension::Libraries);
    QVERIFY2(d.tier == Tier::Low, qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.mitigated_by), QStringLiteral("D2.rocm-fork"));
    const auto other = proposeTiers(
        scanRepo({{"requirements.txt", "xformers==0.0.26\n"},
                  {"docker/Dockerfile.rocm",
                   "RUN pip install git+https://github.com/ROCm/flash-attention.git\n"}}));
    COMPARE_ENUM(tierOf(other, Dimension::Libraries), Tier::Medium);
}

// An optional extra no production code imports weighs one notch less (Libraries Low: the
// default install does not need it); the same extra imported at module level by production code
// is on the load path and counts at its table rating (nanotron's flash-attn "fast-modeling"
// extra, imported by the default models). An import inside a guard keeps it optional.
void TestScanRules::rubricOptionalExtraCountsInFullWhenImportedAtModuleLevel() {
    const std::pair<std::string, std::string> manifest{
        "pyproject.toml", "[project]\ndependencies = [\"torch\"]\n[project.optional-dependencies]\n"
                          "fast = [\"flash-attn>=2.5\"]\n"};
    const auto alone = proposeTiers(scanRepo({manifest}));
    const DimensionProposal& a = alone.dimension(Dimension::Libraries);
    QVERIFY2(a.tier == Tier::Low, qPrintable(joined(a.reasons)));
    QVERIFY2(joined(a.reasons).contains(QStringLiteral(
                 "optional extras no production code imports, one notch down (flash-attn)")),
             qPrintable(joined(a.reasons)));
    const auto guarded = proposeTiers(scanRepo(
        {manifest, {"pkg/attn.py", "def f():\n    from flash_attn import flash_attn_func\n"}}));
    COMPARE_ENUM(tierOf(guarded, Dimension::Libraries), Tier::Low);
    const auto loaded = proposeTiers(
        scanRepo({manifest, {"pkg/model.py", "from flash_attn import flash_attn_func\n"}}));
    const DimensionProposal& l = loaded.dimension(Dimension::Libraries);
    QVERIFY2(l.tier == Tier::Medium, qPrintable(joined(l.reasons)));
    QVERIFY2(joined(l.reasons).contains(QStringLiteral(
                 "optional extras production code imports anyway count in full (flash-attn)")),
             qPrintable(joined(l.reasons)));
    // A fork's manifest can list dozens of CUDA wheels as extras: the first four are named.
    const auto many = proposeTiers(
        scanRepo({{"pyproject.toml",
                   "[project.optional-dependencies]\ncuda = [\n  \"apex\",\n  \"xformers\",\n"
                   "  \"bitsandbytes\",\n  \"flash-attn\",\n  \"mamba-ssm\",\n"
                   "  \"causal-conv1d\",\n]\n"}}));
    QVERIFY2(joined(many.dimension(Dimension::Libraries).reasons)
                 .contains(QStringLiteral("one notch down (apex, bitsandbytes, causal-conv1d, "
                                          "flash-attn and 2 more)")),
             qPrintable(joined(many.dimension(Dimension::Libraries).reasons)));
}

// Coverage by library: a ROCm library the code already calls in place of a CUDA one (bitsandbytes'
// hipBLASLt branch) covers that library's findings in every file, and nothing else; a mention in
// a comment (ggml's "hipblaslt is slow on CDNA3") covers nothing.
void TestScanRules::rubricRocmLibraryCoversTheLibraryItReplaces() {
    const std::string lt =
        "#include <cublasLt.h>\nvoid g(cublasLtHandle_t h) { cublasLtMatmul(h); }\n";
    const std::string hip =
        "#include <hipblaslt/hipblaslt.h>\n#define bnb_blasLtMatmul hipblasLtMatmul\n";
    const auto covered = proposeTiers(
        scanRepo({{"csrc/ops.cu", lt}, {"csrc/ops2.cu", lt}, {"csrc/ops_hip.cuh", hip}}));
    const DimensionProposal& d = covered.dimension(Dimension::Libraries);
    QVERIFY2(d.tier == Tier::Low, qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.mitigated_by), QStringLiteral("D2.hipblaslt"));
    QVERIFY2(joined(d.reasons).contains(
                 QStringLiteral("2 file(s) covered by the ROCm library the code already calls in "
                                "their place (D2.hipblaslt for D2.cublaslt")),
             qPrintable(joined(d.reasons)));
    // hipBLASLt in the code but no cuBLASLt to cover: the step-down names MIOpen, which
    // covered cuDNN.
    const auto miopen =
        proposeTiers(scanRepo({{"csrc/conv.cpp", "cudnnConvolutionForward(h);\n"},
                               {"csrc/conv_hip.cpp", "miopenConvolutionForward(h);\n"},
                               {"csrc/ops_hip.cuh", hip}}));
    QVERIFY2(miopen.dimension(Dimension::Libraries).tier == Tier::Low,
             qPrintable(joined(miopen.dimension(Dimension::Libraries).reasons)));
    QCOMPARE(QString::fromStdString(miopen.dimension(Dimension::Libraries).mitigated_by),
             QStringLiteral("D2.miopen"));
    // cuDNN in a file beside it is not cuBLASLt: hipBLASLt does not cover it.
    const auto cudnn = proposeTiers(scanRepo(
        {{"csrc/ops.cu", lt + "cudnnConvolutionForward(h);\n"}, {"csrc/ops_hip.cuh", hip}}));
    COMPARE_ENUM(tierOf(cudnn, Dimension::Libraries), Tier::Medium);
    const auto comment = proposeTiers(
        scanRepo({{"csrc/ops.cu", lt}, {"csrc/mmq.cu", "// hipblasLtMatmul is slow on CDNA3\n"}}));
    COMPARE_ENUM(tierOf(comment, Dimension::Libraries), Tier::Medium);
    // The evidence names what covered it.
    Audit audit;
    const std::vector<ScanFinding> found =
        scanRepo({{"csrc/ops.cu", lt}, {"csrc/ops_hip.cuh", hip}});
    applyScan(audit, found, proposeTiers(found), 20);
    const auto& ev = audit.dimension(Dimension::Libraries).evidence;
    QVERIFY(!ev.empty());
    for (const EvidenceItem& e : ev)
        QCOMPARE(e.mitigated_by.value_or(""), std::string("D2.hipblaslt"));
}
