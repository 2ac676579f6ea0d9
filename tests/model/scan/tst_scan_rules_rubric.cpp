// The scanner's rubric (§10): tiers proposed from mini-repositories, the audit it writes.

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

namespace {

QString repeated(const char* line, int n) {
    QString out;
    for (int i = 0; i < n; ++i)
        out += QString::fromUtf8(line);
    return out;
}

} // namespace

void TestScanRules::rubricTorchCudaAloneIsLow() {
    const auto p =
        proposeTiers(scanRepo({{"train.py", "x = torch.cuda.current_device()\ny = model.cuda()\n"
                                            "torch.cuda.synchronize()\n"}}));
    COMPARE_ENUM(tierOf(p, Dimension::FrameworkUsage), Tier::Low);
    QCOMPARE(QString::fromStdString(p.dimension(Dimension::FrameworkUsage).deciding_rule),
             QStringLiteral("D3.torch-cuda-namespace"));
    for (Dimension d : {Dimension::CustomKernels, Dimension::Libraries, Dimension::Distributed,
                        Dimension::Toolchain})
        COMPARE_ENUM(tierOf(p, d), Tier::Low);
}

void TestScanRules::rubricDistributed_data() {
    QTest::addColumn<QString>("launch");
    QTest::addColumn<QString>("extra");
    QTest::addColumn<int>("tier");
    QTest::addColumn<QString>("rule");
    const QString tenAllReduces =
        repeated("ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s);\n", 10);
    QTest::newRow("NCCL via torch.distributed, multi-node: Medium")
        << "torchrun --nnodes=2 --nproc_per_node=8 train.py"
        << "" << int(Tier::Medium) << "D4.nccl-via-framework";
    QTest::newRow("one node, training through the framework: Medium")
        << "torchrun --nnodes=1 --nproc_per_node=8 train.py"
        << "" << int(Tier::Medium) << "D4.nccl-via-framework";
    QTest::newRow("NCCL C API across nodes, 10 hits: High")
        << "torchrun --nnodes=2 --nproc_per_node=8 train.py" << tenAllReduces << int(Tier::High)
        << "D4.nccl-c-api";
    QTest::newRow("NCCL C API across nodes, one hit: Medium")
        << "torchrun --nnodes=2 --nproc_per_node=8 train.py"
        << "ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s);" << int(Tier::Medium)
        << "D4.nccl-c-api";
    QTest::newRow("NVSHMEM reaches across nodes by itself: High")
        << "torchrun --standalone --nproc_per_node=8 train.py"
        << repeated("nvshmem_barrier_all();\n", 10) << int(Tier::High) << "D4.nvshmem";
    QTest::newRow("NCCL C API on one node: Medium")
        << "torchrun --standalone --nproc_per_node=8 train.py" << tenAllReduces << int(Tier::Medium)
        << "D4.nccl-c-api";
}

void TestScanRules::rubricDistributed() {
    QFETCH(QString, launch);
    QFETCH(QString, extra);
    QFETCH(int, tier);
    QFETCH(QString, rule);
    std::vector<std::pair<std::string, std::string>> files{
        {"train.py", "import torch.distributed as dist\n"
                     "dist.init_process_group(backend='nccl')\n"},
        {"scripts/launch.sh", launch.toStdString()}};
    if (!extra.isEmpty())
        files.emplace_back("csrc/comm.cu", extra.toStdString());
    const auto p = proposeTiers(scanRepo(files), WorkloadKind::Training);
    const DimensionProposal& d = p.dimension(Dimension::Distributed);
    QVERIFY2(d.tier == static_cast<Tier>(tier), qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.deciding_rule), rule);
}

// A multi-node launch only described in a docstring does not make communication code of its own
// inter-node; a launch in a script does.
void TestScanRules::rubricMultiNodeInADocstringDoesNotCount() {
    const std::pair<std::string, std::string> comm{
        "csrc/comm.cu",
        repeated("ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s);\n", 10).toStdString()};
    const auto described = proposeTiers(
        scanRepo({{"train.py", "def main():\n    \"\"\"torchrun --nnodes=4 train.py\"\"\"\n"
                               "    dist.init_process_group(backend='nccl')\n"},
                  comm}));
    COMPARE_ENUM(tierOf(described, Dimension::Distributed), Tier::Medium);
    const auto launched =
        proposeTiers(scanRepo({{"train.py", "dist.init_process_group(backend='nccl')\n"},
                               {"scripts/run.sh", "torchrun --nnodes=4 train.py\n"},
                               comm}));
    COMPARE_ENUM(tierOf(launched, Dimension::Distributed), Tier::High);
}

// The article: "Single-GPU inference only is Low". Tensor parallelism on one node through the
// framework's collectives is inference on one node.
void TestScanRules::rubricInferenceOnOneNodeIsLow() {
    const auto files = scanRepo({{"serve.py", "import torch.distributed as dist\n"
                                              "dist.init_process_group(backend='nccl')\n"}});
    COMPARE_ENUM(
        proposeTiers(files, WorkloadKind::InferenceOnly).dimension(Dimension::Distributed).tier,
        Tier::Low);
    COMPARE_ENUM(proposeTiers(files, WorkloadKind::Training).dimension(Dimension::Distributed).tier,
                 Tier::Medium);
}

// "A substantial custom kernel library is High": non-portable kernel code (inline PTX here) in
// five production files is High, in fewer Medium; the reasons give the count and the threshold.
void TestScanRules::rubricNonPortableKernelsByVolume() {
    const std::string ptx = "__device__ void add(int* p, int v) {\n"
                            "  asm volatile(\"red.release.gpu.global.add.s32 [%0], %1;\" :: "
                            "\"l\"(p), \"r\"(v));\n}\n";
    const auto one = proposeTiers(scanRepo(files("kernels/red", ".cuh", 1, ptx)));
    const DimensionProposal& few = one.dimension(Dimension::CustomKernels);
    QVERIFY2(few.tier == Tier::Medium, qPrintable(joined(few.reasons)));
    QCOMPARE(QString::fromStdString(few.deciding_rule), QStringLiteral("D1.inline-ptx"));
    const auto five = proposeTiers(scanRepo(files("kernels/red", ".cuh", 5, ptx)));
    const DimensionProposal& d = five.dimension(Dimension::CustomKernels);
    QVERIFY2(d.tier == Tier::High, qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.deciding_rule), QStringLiteral("D1.inline-ptx"));
    QVERIFY2(joined(d.reasons).contains(QStringLiteral("in 5 production files")),
             qPrintable(joined(d.reasons)));
    QVERIFY(d.mitigated_by.empty());
    // The same kernels in tests set nothing.
    const auto tested = proposeTiers(scanRepo(files("tests/red", ".cuh", 5, ptx)));
    COMPARE_ENUM(tierOf(tested, Dimension::CustomKernels), Tier::Low);
}

// Portable CUDA kernels are Medium however few; a hundred files of them are a substantial
// library, High. A couple of Triton kernels are Low, five files Medium.
void TestScanRules::rubricPortableKernelLibraryByVolume() {
    const std::string kernel = "__global__ void k(float* x) { x[threadIdx.x] = 0; }\n";
    COMPARE_ENUM(tierOf(proposeTiers(scanRepo(files("csrc/k", ".cu", 99, kernel))),
                        Dimension::CustomKernels),
                 Tier::Medium);
    const auto library = proposeTiers(scanRepo(files("csrc/k", ".cu", 100, kernel)));
    QVERIFY2(tierOf(library, Dimension::CustomKernels) == Tier::High,
             qPrintable(joined(library.dimension(Dimension::CustomKernels).reasons)));
    const std::string triton = "import triton\n@triton.jit\ndef k(x):\n    pass\n";
    COMPARE_ENUM(
        tierOf(proposeTiers(scanRepo(files("ops/k", ".py", 2, triton))), Dimension::CustomKernels),
        Tier::Low);
    COMPARE_ENUM(
        tierOf(proposeTiers(scanRepo(files("ops/k", ".py", 5, triton))), Dimension::CustomKernels),
        Tier::Medium);
}

void TestScanRules::rubricFindingsOnlyInTestsDoNotSetTheTier() {
    const auto p = proposeTiers(
        scanRepo({{"tests/test_kernels.cu", "asm volatile(\"red.release.gpu.global.add.s32 x\");"},
                  {"third_party/cutlass/include/cutlass/gemm.h", "namespace cutlass::gemm {}"},
                  {"examples/demo.py", "import tensorrt as trt"},
                  {"src/a.cpp", "// cublasLtMatmul(h, d);"}}));
    COMPARE_ENUM(tierOf(p, Dimension::CustomKernels), Tier::Low);
    COMPARE_ENUM(tierOf(p, Dimension::Libraries), Tier::Low);
    const std::string reasons = p.dimension(Dimension::CustomKernels).reasons.back();
    QVERIFY2(reasons.find("do not set the tier") != std::string::npos, reasons.c_str());
}

void TestScanRules::rubricCppExtension() {
    const std::pair<std::string, std::string> setup{
        "setup.py", "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
                    "if torch.version.hip:\n    pass\n"};
    // Portable kernels: the extension is Medium, the build's HIP branch named as its ROCm path.
    const auto portable = proposeTiers(scanRepo({setup, {"csrc/k.cu", "__global__ void k() {}"}}));
    const DimensionProposal& d = portable.dimension(Dimension::FrameworkUsage);
    QVERIFY2(d.tier == Tier::Medium, qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.mitigated_by), QStringLiteral("D3.hip-branch-py"));
    // Non-portable kernels in five files: the HIP branch cannot build them, High ...
    auto ptx = files("csrc/k", ".cu", 5, "asm volatile(\"mma.sync.aligned.m16n8k16 x\");");
    ptx.push_back(setup);
    COMPARE_ENUM(tierOf(proposeTiers(scanRepo(ptx)), Dimension::FrameworkUsage), Tier::High);
    // ... unless a ROCm pipeline builds the extension: one step down, for the whole repository.
    ptx.emplace_back("docker/Dockerfile.rocm", "FROM rocm/pytorch:latest\n");
    const auto built = proposeTiers(scanRepo(ptx));
    const DimensionProposal& b = built.dimension(Dimension::FrameworkUsage);
    QVERIFY2(b.tier == Tier::Medium, qPrintable(joined(b.reasons)));
    QVERIFY(b.covers_repository);
    // A CUDA extension without a HIP branch and with portable kernels: Medium.
    const auto plain =
        proposeTiers(scanRepo({{"setup.py", "ext = CUDAExtension('ops', ['k.cu'])\n"}}));
    COMPARE_ENUM(tierOf(plain, Dimension::FrameworkUsage), Tier::Medium);
}

// "Extensive CUDA extension libraries with direct CUDA API calls is High": without a framework
// in between (plain CUDA C++), direct runtime calls in 20 files are High, in 5 Medium, in fewer
// Low; a PyTorch extension is judged as an extension instead.
void TestScanRules::rubricDirectCudaApiWithoutAFramework() {
    const std::string calls = "void f() { cudaMalloc(&p, n); cudaMemcpy(d, h, n, k); }\n";
    const auto tierWith = [&](int n) {
        return proposeTiers(scanRepo(files("src/f", ".cpp", n, calls)))
            .dimension(Dimension::FrameworkUsage);
    };
    QVERIFY2(tierWith(20).tier == Tier::High, qPrintable(joined(tierWith(20).reasons)));
    COMPARE_ENUM(tierWith(19).tier, Tier::Medium);
    COMPARE_ENUM(tierWith(5).tier, Tier::Medium);
    COMPARE_ENUM(tierWith(4).tier, Tier::Low);
    auto extension = files("src/f", ".cpp", 20, calls);
    extension.emplace_back("setup.py", "ext = CUDAExtension('ops', ['k.cu'])\n");
    COMPARE_ENUM(tierOf(proposeTiers(scanRepo(extension)), Dimension::FrameworkUsage),
                 Tier::Medium);
}

// quack (calibration round 6, two tiers off until now): a kernel library written in the CuTe
// DSL builds no extension and calls no CUDA API, yet its operators are non-portable kernels:
// framework usage High from five such Python files, as an extension's would be. Where Triton
// kernels outnumber them (Liger's opt-in CuTe package beside its Triton kernels) the Triton rule
// decides.
void TestScanRules::bug_cuteDslKernelLibraryWasStandardFrameworkUse() {
    const std::string cute = "import cutlass.cute as cute\n@cute.kernel\ndef k(x):\n    pass\n";
    const std::string triton = "import triton\n@triton.jit\ndef k(x):\n    pass\n";
    const auto five = proposeTiers(scanRepo(files("quack/op", ".py", 5, cute)));
    const DimensionProposal& d = five.dimension(Dimension::FrameworkUsage);
    QVERIFY2(d.tier == Tier::High, qPrintable(joined(d.reasons)));
    QVERIFY2(joined(d.reasons).contains(QStringLiteral("Python kernel DSL")),
             qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.deciding_rule), QStringLiteral("D1.cute-dsl"));
    COMPARE_ENUM(tierOf(proposeTiers(scanRepo(files("quack/op", ".py", 4, cute))),
                        Dimension::FrameworkUsage),
                 Tier::Low);
    auto mostlyTriton = files("liger/ops/cute", ".py", 5, cute);
    for (auto& f : files("liger/ops/triton", ".py", 6, triton))
        mostlyTriton.push_back(f);
    const auto triton6 = proposeTiers(scanRepo(mostlyTriton));
    const DimensionProposal& m = triton6.dimension(Dimension::FrameworkUsage);
    QVERIFY2(m.tier == Tier::Medium, qPrintable(joined(m.reasons)));
    QCOMPARE(QString::fromStdString(m.deciding_rule), QStringLiteral("D1.triton-kernel"));
}

// A library without a drop-in is High where the code is built on it (three files), Medium where
// a file or two use it; TensorRT is High from one file (its engines are the serving backend).
void TestScanRules::rubricLibrariesByVolume() {
    const std::string frontend = "#include <cudnn_frontend.h>\n";
    COMPARE_ENUM(tierOf(proposeTiers(scanRepo(files("src/attn", ".cpp", 2, frontend))),
                        Dimension::Libraries),
                 Tier::Medium);
    const auto three = proposeTiers(scanRepo(files("src/attn", ".cpp", 3, frontend)));
    QVERIFY2(tierOf(three, Dimension::Libraries) == Tier::High,
             qPrintable(joined(three.dimension(Dimension::Libraries).reasons)));
    const auto trt = proposeTiers(scanRepo({{"serve/engine.py", "import tensorrt as trt\n"}}));
    COMPARE_ENUM(tierOf(trt, Dimension::Libraries), Tier::High);
    QCOMPARE(QString::fromStdString(trt.dimension(Dimension::Libraries).deciding_rule),
             QStringLiteral("D2.tensorrt"));
}

// CUTLASS sets High where it underlies two in three of the files with kernel code (the kernel
// library is built on it); under a minority of the kernels it sets Medium, and a library with
// no drop-in beside it still sets High.
void TestScanRules::rubricCutlassByShareOfKernelCode() {
    const std::string gemm = "#include <cutlass/gemm/device/gemm.h>\n__global__ void k() {}\n";
    const std::string plain = "__global__ void k(float* x) { x[threadIdx.x] = 0; }\n";
    const std::string triton = "import triton\n@triton.jit\ndef k(x):\n    pass\n";
    auto repo = [&](int cutlass, int kernels, int frontend) {
        auto all = files("csrc/gemm", ".cu", cutlass, gemm);
        for (auto& f : files("csrc/other", ".cu", kernels, plain))
            all.push_back(f);
        for (auto& f : files("ops/tri", ".py", 2, triton))
            all.push_back(f);
        for (auto& f : files("csrc/attn", ".cpp", frontend, "#include <cudnn_frontend.h>\n"))
            all.push_back(f);
        return proposeTiers(scanRepo(all));
    };
    const auto central = repo(4, 0, 0); // 4 of 6 kernel files
    QVERIFY2(tierOf(central, Dimension::Libraries) == Tier::High,
             qPrintable(joined(central.dimension(Dimension::Libraries).reasons)));
    const auto minor = repo(4, 6, 0); // 4 of 12
    const DimensionProposal& m = minor.dimension(Dimension::Libraries);
    QVERIFY2(m.tier == Tier::Medium, qPrintable(joined(m.reasons)));
    QCOMPARE(QString::fromStdString(m.deciding_rule), QStringLiteral("D2.cutlass"));
    QVERIFY2(joined(m.reasons).contains(QStringLiteral("CUTLASS underlies 4 of 12 production "
                                                       "files with kernel code")),
             qPrintable(joined(m.reasons)));
    const auto beside = repo(4, 6, 3);
    QVERIFY2(tierOf(beside, Dimension::Libraries) == Tier::High,
             qPrintable(joined(beside.dimension(Dimension::Libraries).reasons)));
}

// Kernel packages imported only inside functions or guards are optional integrations (TRL's,
// accelerate's, litgpt's is_*_available() imports): dimension 3 stays Low. One import at
// module level puts them on the default path: Medium from three files.
void TestScanRules::rubricOptionalKernelPackageImportsAreLow() {
    const std::string guarded = "def attention(q):\n    if is_flash_attn_available():\n"
                                "        from flash_attn import flash_attn_func\n"
                                "try:\n    import bitsandbytes as bnb\nexcept ImportError:\n"
                                "    bnb = None\n";
    const auto optional = proposeTiers(scanRepo(files("pkg/trainer", ".py", 4, guarded)));
    const DimensionProposal& o = optional.dimension(Dimension::FrameworkUsage);
    QVERIFY2(o.tier == Tier::Low, qPrintable(joined(o.reasons)));
    QVERIFY2(joined(o.reasons).contains(QStringLiteral("optional integrations")),
             qPrintable(joined(o.reasons)));
    auto onPath = files("pkg/trainer", ".py", 4, guarded);
    onPath.emplace_back("pkg/model.py", "from flash_attn import flash_attn_func\n");
    const auto loaded = proposeTiers(scanRepo(onPath));
    const DimensionProposal& l = loaded.dimension(Dimension::FrameworkUsage);
    QVERIFY2(l.tier == Tier::Medium, qPrintable(joined(l.reasons)));
    QCOMPARE(QString::fromStdString(l.deciding_rule), QStringLiteral("D3.kernel-libraries"));
}

void TestScanRules::rubricHighestSeverityWins() {
    const auto p = proposeTiers(scanRepo({{"src/blas.cpp", "cublasSgemm(h);\n"
                                                           "cublasLtMatmul(h);\n"
                                                           "cufftPlan1d(&p);\n"}}));
    COMPARE_ENUM(tierOf(p, Dimension::Libraries), Tier::Medium);
    QCOMPARE(QString::fromStdString(p.dimension(Dimension::Libraries).deciding_rule),
             QStringLiteral("D2.cublaslt"));
}

void TestScanRules::applyScanWritesTheAudit() {
    // kernels/red.cuh holds its own HIP path; kernels/port.h's covers no kernel.
    const auto findings = scanRepo(
        {{"kernels/red.cuh", "#ifdef __HIP_PLATFORM_AMD__\n#else\n"
                             "asm volatile(\"red.release.gpu.global.add.s32 x\");\n#endif\n"
                             "cudaMalloc(&p, n);\ncudaFree(p);\n"},
         {"kernels/port.h", "#ifdef __HIP_PLATFORM_AMD__\n#endif\n"},
         {"tests/test_k.cu", "asm volatile(\"mma.sync x\");"}});
    const ScanProposal proposal = proposeTiers(findings);
    Audit audit;
    audit.dimension(Dimension::CustomKernels).tier = Tier::High;
    audit.dimension(Dimension::CustomKernels).override_tier = TierOverride{Tier::High, "r"};
    audit.dimension(Dimension::TeamKnowledge).notes = "answered";
    applyScan(audit, findings, proposal, 3);

    const DimensionAssessment& d1 = audit.dimension(Dimension::CustomKernels);
    QVERIFY(d1.proposed_tier == Tier::Low); // its only kernel file holds a HIP path
    QVERIFY(d1.tier == Tier::High);         // the reviewer's, untouched
    QVERIFY(d1.override_tier);
    QCOMPARE(d1.findings.at("D1.inline-ptx"), 2);
    QCOMPARE(d1.findings.at("D1.cuda-runtime-api"), 2);
    QCOMPARE(d1.findings.at("D1.cuda-source-file"), 2);
    QCOMPARE(static_cast<int>(d1.evidence.size()), 3);
    // Code first, the highest severity first: the inline PTX in kernels/red.cuh.
    QCOMPARE(QString::fromStdString(d1.evidence[0].rule_id), QStringLiteral("D1.inline-ptx"));
    QCOMPARE(QString::fromStdString(d1.evidence[0].path), QStringLiteral("kernels/red.cuh"));
    QCOMPARE(d1.evidence[0].mitigated_by.value_or(""), std::string("D1.hip-branch-cxx"));
    for (const EvidenceItem& e : d1.evidence)
        COMPARE_ENUM(e.context, EvidenceContext::Code);
    QCOMPARE(static_cast<int>(d1.mitigations.size()), 2);
    QCOMPARE(QString::fromStdString(d1.mitigations[0].rule_id),
             QStringLiteral("D1.hip-branch-cxx"));
    QCOMPARE(QString::fromStdString(d1.mitigations[0].path), QStringLiteral("kernels/red.cuh"));
    QCOMPARE(d1.mitigations[0].line.value_or(0), 1);
    // Team knowledge is not scanned: nothing proposed, nothing touched.
    const DimensionAssessment& d6 = audit.dimension(Dimension::TeamKnowledge);
    QVERIFY(!d6.proposed_tier);
    QCOMPARE(QString::fromStdString(d6.notes), QStringLiteral("answered"));
    QVERIFY(audit.dimension(Dimension::Libraries).proposed_tier == Tier::Low);
    QVERIFY(audit.dimension(Dimension::Libraries).evidence.empty());
}

// Issue 20, class 7: every mitigation in code went into the audit, so a repository with more
// than 10,000 (a generated header guarding each kernel) gave an audit its own reader refused
// (at most kMaxItemsPerList items a list). The first 10,000 are listed, in file order.
void TestScanRules::bug_scannedAuditWithManyMitigationsDidNotReadBack() {
    std::string guards;
    for (std::size_t i = 0; i < kMaxScanListItems + 5; ++i)
        guards += "#ifdef __HIP_PLATFORM_AMD__\n#endif\n";
    const auto findings =
        scanRepo({{"kernels/port.h", guards}, {"kernels/k.cu", "cudaMalloc(&p, n);\n"}});
    Audit audit;
    applyScan(audit, findings, proposeTiers(findings));
    const DimensionAssessment& d1 = audit.dimension(Dimension::CustomKernels);
    QCOMPARE(d1.mitigations.size(), kMaxScanListItems);
    QCOMPARE(d1.mitigations.front().line.value_or(0), 1);
    QCOMPARE(d1.mitigations.back().line.value_or(0), int(2 * kMaxScanListItems - 1));
    // The guards cover no kernel: k.cu's own file has no HIP path, so D1 stays Medium.
    QVERIFY(d1.proposed_tier == Tier::Medium);
}

void TestScanRules::rubricTeamKnowledgeIsNotScanned() {
    const auto p = proposeTiers({});
    const DimensionProposal& d = p.dimension(Dimension::TeamKnowledge);
    QVERIFY(!d.scanned);
    COMPARE_ENUM(d.tier, Tier::Medium);
    QVERIFY(!d.reasons.empty());
    for (Dimension dim : {Dimension::CustomKernels, Dimension::Libraries, Dimension::FrameworkUsage,
                          Dimension::Distributed, Dimension::Toolchain}) {
        COMPARE_ENUM(tierOf(p, dim), Tier::Low);
        QVERIFY(p.dimension(dim).scanned);
        COMPARE_ENUM(p.dimension(dim).dimension, dim);
    }
}

// The toolchain is High when it compiles a substantial kernel library or runs through three
// stages of delivery (build, images, CI on NVIDIA runners, profiling); an nvcc build of a few
// files is Medium, and a ROCm pipeline steps either down one.
void TestScanRules::rubricToolchainByVolumeAndStages() {
    const std::string nvccBuild = "all:\n\tnvcc -O3 -o train train.cu\n";
    const auto small = proposeTiers(scanRepo({{"Makefile", nvccBuild}}));
    const DimensionProposal& few = small.dimension(Dimension::Toolchain);
    QVERIFY2(few.tier == Tier::Medium, qPrintable(joined(few.reasons)));
    QVERIFY2(joined(few.reasons).contains(QStringLiteral("1 of the stages (build; High from 3)")),
             qPrintable(joined(few.reasons)));

    // Build, images and CI on GPU runners: every stage of delivery runs on the CUDA toolchain.
    const auto broad = proposeTiers(
        scanRepo({{"Makefile", nvccBuild},
                  {".github/workflows/ci.yml", "jobs:\n  build:\n    container:\n      image: "
                                               "nvidia/cuda:12.4.1-devel-ubuntu22.04\n"
                                               "  gpu:\n    runs-on: [self-hosted, h100]\n"}}));
    const DimensionProposal& d5 = broad.dimension(Dimension::Toolchain);
    QVERIFY2(d5.tier == Tier::High, qPrintable(joined(d5.reasons)));
    QVERIFY2(joined(d5.reasons)
                 .contains(
                     QStringLiteral("3 stages (build, images, CI on NVIDIA runners; High from 3)")),
             qPrintable(joined(d5.reasons)));

    // A kernel library compiled by nvcc is High from the build alone.
    const std::string ptx = "__device__ void add(int* p, int v) {\n"
                            "  asm volatile(\"red.release.gpu.global.add.s32 [%0], %1;\" :: "
                            "\"l\"(p), \"r\"(v));\n}\n";
    auto library = files("kernels/red", ".cuh", 5, ptx);
    library.emplace_back("Makefile", nvccBuild);
    const ScanProposal withLibrary = proposeTiers(scanRepo(library));
    const DimensionProposal& lib = withLibrary.dimension(Dimension::Toolchain);
    QVERIFY2(lib.tier == Tier::High, qPrintable(joined(lib.reasons)));
    QVERIFY2(joined(lib.reasons).contains(QStringLiteral("substantial kernel library")),
             qPrintable(joined(lib.reasons)));

    // A ROCm wheel build in CI is a ROCm pipeline: one step down.
    library.emplace_back(".github/scripts/build-rocm.sh",
                         "image=rocm/dev-ubuntu-22.04:6.4.4-complete\n"
                         "docker run \"$image\" cmake -DCOMPUTE_BACKEND=hip .\n");
    const ScanProposal withRocm = proposeTiers(scanRepo(library));
    const DimensionProposal& ported = withRocm.dimension(Dimension::Toolchain);
    QVERIFY2(ported.tier == Tier::Medium, qPrintable(joined(ported.reasons)));
    QCOMPARE(QString::fromStdString(ported.mitigated_by), QStringLiteral("D5.rocm-ci"));
}

// marlin's setup.py builds a CUDAExtension and names no compiler: torch's BuildExtension runs
// nvcc all the same, so the toolchain is Medium (an nvcc build of a few files), not Low.
// NVIDIA plumbing in one file (a runner label in one workflow: attention-gym; a wheel pin in
// one pyproject: nanochat) is a day's edit, Low; in two files it is Medium.
void TestScanRules::rubricToolchainPlumbingInOneFileIsLow() {
    const std::string label = "jobs:\n  test:\n    runs-on: [self-hosted, linux, h100]\n";
    const auto one = proposeTiers(scanRepo({{".github/workflows/gpu.yml", label}}));
    const DimensionProposal& d = one.dimension(Dimension::Toolchain);
    QVERIFY2(d.tier == Tier::Low, qPrintable(joined(d.reasons)));
    QVERIFY2(joined(d.reasons).contains(QStringLiteral("in 1 production file only (Medium from 2 "
                                                       "files): a day's edit")),
             qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.deciding_rule), QStringLiteral("D5.ci-runner-labels"));
    const auto two = proposeTiers(
        scanRepo({{".github/workflows/gpu.yml", label}, {".github/workflows/nightly.yml", label}}));
    COMPARE_ENUM(tierOf(two, Dimension::Toolchain), Tier::Medium);
}

void TestScanRules::bug_extensionBuildWithoutNvccWasNoToolchain() {
    const auto p = proposeTiers(scanRepo(
        {{"setup.py", "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
                      "ext = CUDAExtension('marlin_cuda', ['marlin/marlin_cuda.cpp'])\n"}}));
    const DimensionProposal& d5 = p.dimension(Dimension::Toolchain);
    QVERIFY2(d5.tier == Tier::Medium, qPrintable(joined(d5.reasons)));
    QCOMPARE(QString::fromStdString(d5.deciding_rule), QStringLiteral("D3.cpp-extension"));
    QVERIFY2(joined(d5.reasons).contains(QStringLiteral("nvcc run by torch's extension build")),
             qPrintable(joined(d5.reasons)));
}
