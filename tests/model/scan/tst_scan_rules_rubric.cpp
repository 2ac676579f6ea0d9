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

// A synthetic mini-repository: every file's findings.
std::vector<ScanFinding> scanRepo(const std::vector<std::pair<std::string, std::string>>& files) {
    std::vector<ScanFinding> all;
    for (const auto& [path, text] : files) {
        std::vector<ScanFinding> f = scan(path, text);
        all.insert(all.end(), f.begin(), f.end());
    }
    return all;
}

Tier tierOf(const ScanProposal& p, Dimension d) {
    return p.dimension(d).tier;
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
    QTest::newRow("NCCL via torch.distributed, multi-node: Medium")
        << "torchrun --nnodes=2 --nproc_per_node=8 train.py"
        << "" << int(Tier::Medium) << "D4.nccl-via-framework";
    QTest::newRow("plus ncclAllReduce: High")
        << "torchrun --nnodes=2 --nproc_per_node=8 train.py"
        << "ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s);" << int(Tier::High)
        << "D4.nccl-c-api";
    QTest::newRow("plus NVSHMEM: High")
        << "#SBATCH --nodes=4"
        << "nvshmem_barrier_all();" << int(Tier::High) << "D4.nvshmem";
    QTest::newRow("single node: Low") << "torchrun --nnodes=1 --nproc_per_node=8 train.py"
                                      << "" << int(Tier::Low) << "D4.nccl-via-framework";
    QTest::newRow("single node with the NCCL C API: Medium")
        << "torchrun --standalone --nproc_per_node=8 train.py"
        << "ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s);" << int(Tier::Medium)
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
    const auto p = proposeTiers(scanRepo(files));
    const DimensionProposal& d = p.dimension(Dimension::Distributed);
    QVERIFY2(d.tier == static_cast<Tier>(tier), qPrintable(joined(d.reasons)));
    QCOMPARE(QString::fromStdString(d.deciding_rule), rule);
}

void TestScanRules::rubricMultiNodeInADocstringDoesNotCount() {
    const auto p = proposeTiers(
        scanRepo({{"train.py", "def main():\n    \"\"\"torchrun --nnodes=4 train.py\"\"\"\n"
                               "    dist.init_process_group(backend='nccl')\n"}}));
    COMPARE_ENUM(tierOf(p, Dimension::Distributed), Tier::Low);
}

void TestScanRules::rubricInlinePtxIsHigh() {
    const auto p = proposeTiers(
        scanRepo({{"kernels/red.cuh",
                   "__device__ void add(int* p, int v) {\n"
                   "  asm volatile(\"red.release.gpu.global.add.s32 [%0], %1;\" :: \"l\"(p), "
                   "\"r\"(v));\n}\n"}}));
    const DimensionProposal& d = p.dimension(Dimension::CustomKernels);
    COMPARE_ENUM(d.tier, Tier::High);
    QCOMPARE(QString::fromStdString(d.deciding_rule), QStringLiteral("D1.inline-ptx"));
    QVERIFY(!d.reasons.empty());
    QVERIFY(d.mitigated_by.empty());
}

void TestScanRules::rubricMitigationStepsDown() {
    const auto p = proposeTiers(
        scanRepo({{"kernels/red.cuh", "asm volatile(\"red.release.gpu.global.add.s32 x\");"},
                  {"kernels/port.h", "#if defined(__HIP_PLATFORM_AMD__)\n#endif\n"},
                  {"docker/Dockerfile", "FROM nvcr.io/nvidia/pytorch:24.01-py3\n"},
                  {"docker/Dockerfile.rocm", "FROM rocm/pytorch:latest\n"}}));
    const DimensionProposal& d1 = p.dimension(Dimension::CustomKernels);
    QVERIFY2(d1.tier == Tier::Medium, qPrintable(joined(d1.reasons)));
    QCOMPARE(QString::fromStdString(d1.mitigated_by), QStringLiteral("D1.hip-branch-cxx"));
    COMPARE_ENUM(tierOf(p, Dimension::Toolchain), Tier::Medium);
    // A mitigation does not lower a dimension it does not cover.
    const auto q = proposeTiers(
        scanRepo({{"kernels/red.cuh", "asm volatile(\"red.release.gpu.global.add.s32 x\");"},
                  {"train.py", "model = torch.compile(model)\n"}}));
    COMPARE_ENUM(tierOf(q, Dimension::CustomKernels), Tier::High);
}

void TestScanRules::rubricMitigationInATestDoesNotStepDown() {
    const auto p = proposeTiers(
        scanRepo({{"kernels/red.cuh", "asm volatile(\"red.release.gpu.global.add.s32 x\");"},
                  {"tests/port_test.cc", "#ifdef __HIP_PLATFORM_AMD__\n#endif\n"}}));
    COMPARE_ENUM(tierOf(p, Dimension::CustomKernels), Tier::High);
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
    // A HIP branch and portable kernels: the extension builds on ROCm, Medium.
    const auto portable = proposeTiers(scanRepo({setup, {"csrc/k.cu", "__global__ void k() {}"}}));
    COMPARE_ENUM(tierOf(portable, Dimension::FrameworkUsage), Tier::Medium);
    // With inline PTX in the kernels the HIP branch cannot build them: High stays.
    const auto ptx = proposeTiers(
        scanRepo({setup, {"csrc/k.cu", "asm volatile(\"mma.sync.aligned.m16n8k16 x\");"}}));
    COMPARE_ENUM(tierOf(ptx, Dimension::FrameworkUsage), Tier::High);
    // No HIP branch: High.
    const auto plain =
        proposeTiers(scanRepo({{"setup.py", "ext = CUDAExtension('ops', ['k.cu'])\n"}}));
    COMPARE_ENUM(tierOf(plain, Dimension::FrameworkUsage), Tier::High);
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
    const auto findings =
        scanRepo({{"kernels/red.cuh", "asm volatile(\"red.release.gpu.global.add.s32 x\");\n"
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
    QVERIFY(d1.proposed_tier == Tier::Medium);
    QVERIFY(d1.tier == Tier::High); // the reviewer's, untouched
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
    QCOMPARE(static_cast<int>(d1.mitigations.size()), 1);
    QCOMPARE(QString::fromStdString(d1.mitigations[0].rule_id),
             QStringLiteral("D1.hip-branch-cxx"));
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
    QVERIFY(d1.proposed_tier == Tier::Low); // stepped down from Medium by the first
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
