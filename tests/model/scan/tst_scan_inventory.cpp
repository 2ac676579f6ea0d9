// The dependency inventory (issue 27, point 5): what each finding names, its package URL, and
// one component per package with every place it was found.

#include "scan_inventory.h"
#include "scan_manifest_sections.h"
#include "tst_scan_rules_helpers.h"

#include <QObject>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::model;
using namespace crossgrade::testing;

namespace {

ScanInventory
inventoryOf(std::initializer_list<std::pair<std::string_view, std::string_view>> files) {
    ScanInventory inventory;
    for (const auto& [path, text] : files)
        for (const ScanFinding& f : scan(path, text))
            inventory.add(f);
    return inventory;
}

const InventoryComponent* byRef(const ScanInventory& inventory, std::string_view ref) {
    for (const InventoryComponent& c : inventory.components())
        if (c.ref == ref)
            return &c;
    return nullptr;
}

QString refs(const ScanInventory& inventory) {
    QStringList out;
    for (const InventoryComponent& c : inventory.components())
        out << QString::fromStdString(c.ref);
    return out.join(QLatin1String(", "));
}

} // namespace

class TestScanInventory : public QObject {
    Q_OBJECT

private slots:
    void manifestPackagesWithTheirPins();
    void containerImagesWithRegistryAndTag();
    void librariesTheCodeCalls();
    void submodulesOnGitHub();
    void commentsAndVendoredCodeNameNothing();
    void testsOnlyAreOptional();
    void optionalExtrasAreOptional();
    void onePlaceCountsOnce();
    void occurrencesAreCappedButCounted();
    void purlsFollowTheSpec();
};

void TestScanInventory::manifestPackagesWithTheirPins() {
    const ScanInventory inv =
        inventoryOf({{kReq, "torch==2.3.1+cu121\n"
                            "flash_attn==2.5.8\n"
                            "nvidia-cudnn-cu12==8.9.2.26\n"
                            "transformers>=4.40\n"
                            "xformers>=0.0.26\n"
                            "--extra-index-url https://download.pytorch.org/whl/cu121\n"}});
    const InventoryComponent* torch = byRef(inv, "pkg:pypi/torch@2.3.1%2Bcu121");
    QVERIFY2(torch, qPrintable(refs(inv)));
    QCOMPARE(torch->version, std::string("2.3.1+cu121"));
    QCOMPARE(torch->occurrences.front().line, 1);
    const InventoryComponent* flash = byRef(inv, "pkg:pypi/flash-attn@2.5.8");
    QVERIFY2(flash, qPrintable(refs(inv)));
    QCOMPARE(flash->name, std::string("flash-attn"));
    QCOMPARE(flash->rule, std::string("D2.manifest-packages"));
    QVERIFY(flash->rocm_equivalent.find("CK") != std::string::npos); // the package table's
    QVERIFY2(byRef(inv, "pkg:pypi/nvidia-cudnn-cu12@8.9.2.26"), qPrintable(refs(inv)));
    // A range is not a pin; transformers is not CUDA-dependent; a wheel index is no package.
    QVERIFY2(byRef(inv, "pkg:pypi/xformers"), qPrintable(refs(inv)));
    QVERIFY(!byRef(inv, "pkg:pypi/transformers"));
    QCOMPARE(inv.components().size(), std::size_t(4));
}

void TestScanInventory::containerImagesWithRegistryAndTag() {
    const ScanInventory inv = inventoryOf(
        {{kDocker, "FROM nvcr.io/nvidia/pytorch:24.01-py3 AS build\n"
                   "RUN pip install tensorrt_llm==0.10.0\n"
                   "FROM pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime\n"},
         {kCompose, "services:\n  triton:\n    image: nvcr.io/nvidia/tritonserver:24.05-py3\n"}});
    const InventoryComponent* ngc =
        byRef(inv, "pkg:docker/nvidia/pytorch@24.01-py3?repository_url=nvcr.io");
    QVERIFY2(ngc, qPrintable(refs(inv)));
    COMPARE_ENUM(ngc->kind, ComponentKind::ContainerImage);
    QCOMPARE(ngc->name, std::string("nvcr.io/nvidia/pytorch"));
    QCOMPARE(ngc->version, std::string("24.01-py3"));
    QVERIFY2(byRef(inv, "pkg:docker/pytorch/pytorch@2.3.0-cuda12.1-cudnn8-runtime"),
             qPrintable(refs(inv)));
    QVERIFY2(byRef(inv, "pkg:docker/nvidia/tritonserver@24.05-py3?repository_url=nvcr.io"),
             qPrintable(refs(inv)));
    const InventoryComponent* llm = byRef(inv, "pkg:pypi/tensorrt-llm@0.10.0");
    QVERIFY2(llm, qPrintable(refs(inv)));
    QCOMPARE(llm->occurrences.front().path, std::string(kDocker));
    QCOMPARE(llm->occurrences.front().line, 2);
}

void TestScanInventory::librariesTheCodeCalls() {
    const ScanInventory inv = inventoryOf(
        {{kCu, "#include <cublas_v2.h>\n#include <cudnn.h>\nvoid f() {\n  cublasSgemm(h);\n"
               "  ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s);\n}\n"},
         {kPy, "import tensorrt as trt\n"}});
    const InventoryComponent* cublas = byRef(inv, "nvidia-library:cublas");
    QVERIFY2(cublas, qPrintable(refs(inv)));
    QCOMPARE(cublas->name, std::string("cuBLAS"));
    QCOMPARE(cublas->purl, std::string());
    QCOMPARE(cublas->occurrences.size(), std::size_t(2)); // the include and the call
    QCOMPARE(cublas->occurrences[1].line, 4);
    QVERIFY2(byRef(inv, "nvidia-library:cudnn"), qPrintable(refs(inv)));
    QVERIFY2(byRef(inv, "nvidia-library:nccl"), qPrintable(refs(inv)));
    // Python's `import tensorrt` is the PyPI package, not the C++ library.
    QVERIFY2(byRef(inv, "pkg:pypi/tensorrt"), qPrintable(refs(inv)));
    QVERIFY(!byRef(inv, "nvidia-library:tensorrt"));
}

void TestScanInventory::submodulesOnGitHub() {
    const ScanInventory inv =
        inventoryOf({{kModules, "[submodule \"csrc/cutlass\"]\n\tpath = csrc/cutlass\n"
                                "\turl = https://github.com/NVIDIA/cutlass.git\n"}});
    QCOMPARE(inv.components().size(), std::size_t(1));
    const InventoryComponent& c = inv.components().front();
    QCOMPARE(c.ref, std::string("pkg:github/nvidia/cutlass"));
    QCOMPARE(c.name, std::string("NVIDIA/cutlass"));
    COMPARE_ENUM(c.kind, ComponentKind::Submodule);
    QCOMPARE(c.occurrences.front().line, 3);
}

void TestScanInventory::commentsAndVendoredCodeNameNothing() {
    const ScanInventory inv =
        inventoryOf({{kCu, "// cublasSgemm(h) would be faster\n"},
                     {"third_party/lib/gemm.cu", "void f() { cublasSgemm(h); }\n"},
                     {kPy, "\"\"\"Uses import tensorrt in production.\"\"\"\n"}});
    QVERIFY2(inv.components().empty(), qPrintable(refs(inv)));
}

// A package only an optional extra names (scan_manifest_sections.h) is an optional component;
// the same package among the core dependencies is required.
void TestScanInventory::optionalExtrasAreOptional() {
    const ScanInventory inv =
        inventoryOf({{"pyproject.toml",
                      "[project]\ndependencies = [\n  \"xformers\",\n]\n"
                      "[project.optional-dependencies]\nquant = [\n  \"bitsandbytes\",\n]\n"}});
    const InventoryComponent* bnb = byRef(inv, "pkg:pypi/bitsandbytes");
    QVERIFY2(bnb, qPrintable(refs(inv)));
    QVERIFY(!bnb->in_code);
    QVERIFY(bnb->rocm_equivalent.starts_with(kOptionalExtraNote));
    const InventoryComponent* xformers = byRef(inv, "pkg:pypi/xformers");
    QVERIFY2(xformers, qPrintable(refs(inv)));
    QVERIFY(xformers->in_code);
}

void TestScanInventory::testsOnlyAreOptional() {
    const ScanInventory inv = inventoryOf({{"tests/test_gemm.cu", "void f() { cublasSgemm(h); }\n"},
                                           {kCu, "void g() { cufftExecC2C(p, a, b, 1); }\n"}});
    const InventoryComponent* cublas = byRef(inv, "nvidia-library:cublas");
    QVERIFY2(cublas, qPrintable(refs(inv)));
    QVERIFY(!cublas->in_code);
    const InventoryComponent* cufft = byRef(inv, "nvidia-library:cufft");
    QVERIFY2(cufft, qPrintable(refs(inv)));
    QVERIFY(cufft->in_code);
}

// D2.cutlass and D5.gitmodules both hit a submodule's url line; D2.manifest-packages and
// D5.cuda-wheel-pins both hit a pinned CUDA wheel.
void TestScanInventory::onePlaceCountsOnce() {
    const ScanInventory inv =
        inventoryOf({{kModules, "[submodule \"c\"]\n\turl = https://github.com/NVIDIA/cutlass\n"},
                     {kReq, "nvidia-cudnn-cu12==8.9.2.26\n"}});
    for (const InventoryComponent& c : inv.components()) {
        QCOMPARE(c.occurrences_total, std::size_t(1));
        QCOMPARE(c.occurrences.size(), std::size_t(1));
    }
    QCOMPARE(inv.components().size(), std::size_t(2));
}

void TestScanInventory::occurrencesAreCappedButCounted() {
    std::string text;
    for (int i = 0; i < 250; ++i)
        text += "cudaMalloc(&p, 4);\n";
    const ScanInventory inv = inventoryOf({{kCu, text}});
    const InventoryComponent* rt = byRef(inv, "nvidia-library:cuda-runtime");
    QVERIFY2(rt, qPrintable(refs(inv)));
    QCOMPARE(rt->occurrences_total, std::size_t(250));
    QCOMPARE(rt->occurrences.size(), ScanInventory::kMaxOccurrences);
    QCOMPARE(rt->occurrences.back().line, int(ScanInventory::kMaxOccurrences));
}

void TestScanInventory::purlsFollowTheSpec() {
    QCOMPARE(purlOf({ComponentKind::PythonPackage, "Flash_Attn", "2.5.8"}),
             std::string("pkg:pypi/flash-attn@2.5.8"));
    QCOMPARE(purlOf({ComponentKind::PythonPackage, "torch", "2.3.1+cu121"}),
             std::string("pkg:pypi/torch@2.3.1%2Bcu121"));
    QCOMPARE(purlOf({ComponentKind::ContainerImage, "nvidia/cuda", "12.4.1-devel-ubuntu22.04"}),
             std::string("pkg:docker/nvidia/cuda@12.4.1-devel-ubuntu22.04"));
    QCOMPARE(purlOf({ComponentKind::ContainerImage, "docker.io/pytorch/pytorch", ""}),
             std::string("pkg:docker/pytorch/pytorch"));
    QCOMPARE(purlOf({ComponentKind::ContainerImage, "localhost:5000/team/trainer", "v1"}),
             std::string("pkg:docker/team/trainer@v1?repository_url=localhost%3A5000"));
    QCOMPARE(purlOf({ComponentKind::ContainerImage, "nvcr.io/nvidia/pytorch", "sha256:0123abcd"}),
             std::string("pkg:docker/nvidia/pytorch@sha256%3A0123abcd?repository_url=nvcr.io"));
    // An unresolved build argument names no image: no purl to give.
    QCOMPARE(purlOf({ComponentKind::ContainerImage, "${BASE_IMAGE}", ""}), std::string());
    QCOMPARE(purlOf({ComponentKind::NvidiaLibrary, "cuBLAS", ""}), std::string());
    QCOMPARE(purlOf({ComponentKind::Submodule, "NVIDIA/cutlass", ""}),
             std::string("pkg:github/nvidia/cutlass"));
}

QTEST_GUILESS_MAIN(TestScanInventory)
#include "tst_scan_inventory.moc"
