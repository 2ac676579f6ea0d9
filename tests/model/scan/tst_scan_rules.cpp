// The repository scanner's rules, matcher and rubric (issue 8 point 1, scanner-patterns.md):
// the table is well-formed and compiles in RE2; every rule matches a line it is meant for and
// not a near miss; hits are placed (line, column, snippet) and put in context (comment,
// docstring, test, vendored ...); and the rubric proposes the tiers of §10 from synthetic
// mini-repositories.

#include "scan_matcher.h"
#include "scan_packages.h"
#include "scan_rubric.h"
#include "scan_rules.h"

#include <QtTest>
#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace crossgrade::model;

// QCOMPARE prints through model::toString (found by argument-dependent lookup), which
// returns a string_view: compare the domain's enums as numbers.
#define COMPARE_ENUM(a, b) QCOMPARE(static_cast<int>(a), static_cast<int>(b))

namespace {

// One line a rule must match (or must not), in a file whose path gives the scope.
struct RuleCase {
    const char* rule;
    const char* path;
    const char* text;
    bool matches;
};

// Paths by scope.
constexpr const char* kCu = "csrc/ops.cu";
constexpr const char* kCpp = "src/engine.cpp";
constexpr const char* kPy = "pkg/model.py";
constexpr const char* kSetup = "setup.py";
constexpr const char* kCMake = "CMakeLists.txt";
constexpr const char* kDocker = "docker/Dockerfile";
constexpr const char* kCompose = "docker-compose.yml";
constexpr const char* kWorkflow = ".github/workflows/ci.yml";
constexpr const char* kScript = "scripts/launch.sh";
constexpr const char* kReq = "requirements.txt";
constexpr const char* kModules = ".gitmodules";
constexpr const char* kYaml = "conf/env.yaml";

const std::vector<RuleCase>& ruleTable() {
    static const std::vector<RuleCase> cases{
        // Dimension 1
        {"D1.cuda-source-file", "kernels/attn.cuh", "", true},
        {"D1.cuda-source-file", "kernels/cuda.py", "", false},
        {"D1.kernel-qualifier", kCu, "__global__ void k(float* x) {}", true},
        {"D1.kernel-qualifier", kCu, "int global_device_count = 0;", false},
        {"D1.kernel-launch", kCu, "k<<<grid, block, 0, stream>>>(x);", true},
        {"D1.kernel-launch", kCpp, "std::cout << a << b;", false},
        {"D1.kernel-launch", kCu, "    fused_kernel<T, 4><<<p.grid, p.block, smem,", true},
        {"D1.kernel-launch", kCpp, "<<<<<<< HEAD", false},
        {"D1.kernel-launch", kCpp, "    std::cerr << \"<<<\" << grid << std::endl;", false},
        {"D1.inline-ptx", kCu,
         R"(asm volatile("red.release.gpu.global.add.s32 [%0], %1;" :: "l"(p), "r"(v));)", true},
        {"D1.inline-ptx", kCu, R"(asm volatile("" ::: "memory");)", false},
        {"D1.hopper-blackwell", kCu, "CUtensorMap tmap;", true},
        {"D1.hopper-blackwell", kCu, "auto tensor_map = make_map();", false},
        {"D1.wmma", kCu, "using namespace nvcuda::wmma;", true},
        {"D1.wmma", kCu, "#include <mma_helpers.h>", false},
        {"D1.warp-sync", kCu, "v += __shfl_xor_sync(mask, v, 16);", true},
        {"D1.warp-sync", kCu, "v += __shfl_xor(v, 16);", false},
        {"D1.warp-size-32", kCu, "constexpr int kWarpSize = 32;", true},
        {"D1.warp-size-32", kCu, "v = __shfl_down_sync(0xffffffff, v, 1);", true},
        {"D1.warp-size-32", kCu, "uint32_t all_bits = 0xffffffff;", false},
        {"D1.warp-size-32", kCu, "constexpr int kWarpSize = 320;", false},
        {"D1.warp-size-32", kCu, "v = fmaxf(v, __shfl_xor_sync(0xFFFFFFFF, v, 1));", true},
        {"D1.warp-size-32", kCu, "uint32_t all_bits = 0xFFFFFFFF;", false},
        {"D1.warp-size-32", kCu, "#define WARP_SIZE 32", true},
        {"D1.warp-size-32", kCu, "#define WARP_SIZE 64", false},
        {"D1.warp-size-32", kCu, "#define WARP_SIZE_LOG2 32", false},
        {"D1.cuda-runtime-api", kCpp, "cudaMalloc(&p, n);", true},
        {"D1.cuda-runtime-api", kCpp, "hipMalloc(&p, n);", false},
        {"D1.cuda-runtime-api", kCpp, "cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, dev);",
         true},
        {"D1.cuda-runtime-api", kCpp, "return cudaGetErrorString(err);", true},
        {"D1.cuda-runtime-api", kCpp, "cudaMemGetInfo(&free_b, &total_b);", true},
        {"D1.cuda-runtime-api", kCpp, "auto s = cudaStream_t(0);", false},
        {"D1.cuda-runtime-api", kCpp, "cudaError_t err = cudaSuccess;", false},
        {"D1.cuda-runtime-api", kCpp, "auto s = at::cuda::getCurrentCUDAStream();", false},
        {"D1.cuda-runtime-api", kCpp, "my_cudaMalloc(&p, n);", false},
        {"D1.cuda-driver-api", kCpp, "cuModuleLoadData(&mod, image);", true},
        {"D1.cuda-driver-api", kCpp, "CUdeviceptr base;", true},
        {"D1.cuda-driver-api", kCpp, "cuInitialize_table();", false},
        {"D1.nvrtc", kCpp, "nvrtcCompileProgram(prog, 0, nullptr);", true},
        {"D1.nvrtc", kCpp, "nvrtc_wrapper w;", false},
        {"D1.cuda-headers", kCpp, "#include <cuda_runtime.h>", true},
        {"D1.cuda-headers", kCpp, "#include \"cuda_utils.h\"", false},
        {"D1.cute-dsl", kPy, "import cutlass.cute as cute", true},
        {"D1.cute-dsl", kPy, "import cutlassx", false},
        {"D1.numba-cuda", kPy, "@cuda.jit", true},
        {"D1.numba-cuda", kPy, "@torch.jit.script", false},
        {"D1.cupy-kernel", kPy, "k = cp.RawKernel(src, 'k')", true},
        {"D1.cupy-kernel", kPy, "k = cp.asarray(x)", false},
        {"D1.pycuda", kPy, "import pycuda.autoinit", true},
        {"D1.pycuda", kPy, "import cuda_helpers", false},
        {"D1.inline-extension", kPy,
         "mod = load_inline(name='m', cpp_sources=cpp, cuda_sources=cu)", true},
        {"D1.inline-extension", kPy, "mod = load_inline(name='m', cpp_sources=cpp)", false},
        {"D1.triton-kernel", kPy, "@triton.jit", true},
        {"D1.triton-kernel", kPy, "import tritonclient.http as httpclient", false},
        // Dimension 2
        {"D2.cublas", kCpp, "cublasSgemm(handle, a, b);", true},
        {"D2.cublas", kCpp, "cublasLtMatmul(h); cublasSgemm(h);", true},
        {"D2.cublas", kCMake, "target_link_libraries(app CUDA::cublas)", true},
        {"D2.cublas", kCpp, "cublasLtMatmul(handle, desc);", false},
        {"D2.cublaslt", kCpp, "cublasLtMatmul(handle, desc);", true},
        {"D2.cublaslt", kCpp, "cublasSgemm(handle, a, b);", false},
        {"D2.cudnn", kCpp, "cudnnConvolutionForward(h);", true},
        {"D2.cudnn", kCpp, "bool cudnn_enabled = true;", false},
        {"D2.cudnn-frontend", kCpp, "#include <cudnn_frontend.h>", true},
        {"D2.cudnn-frontend", kCpp, "cudnnConvolutionForward(h);", false},
        {"D2.torch-cudnn", kPy, "torch.backends.cudnn.benchmark = True", true},
        {"D2.torch-cudnn", kPy, "torch.backends.mps.is_available()", false},
        {"D2.cusparse", kCpp, "cusparseSpMM(h);", true},
        {"D2.cusparse", kCpp, "cusparseLtMatmul(h);", false},
        {"D2.cusparselt", kCpp, "cusparseLtInit(&h);", true},
        {"D2.cusparselt", kCpp, "cusparseSpMM(h);", false},
        {"D2.cufft", kCpp, "cufftPlan1d(&p, n, CUFFT_C2C, 1);", true},
        {"D2.cufft", kCpp, "hipfftPlan1d(&p, n, HIPFFT_C2C, 1);", false},
        {"D2.curand", kCu, "curand_init(seed, id, 0, &state);", true},
        {"D2.curand", kCu, "rand_init(seed);", false},
        {"D2.cusolver", kCpp, "cusolverDnCreate(&h);", true},
        {"D2.cusolver", kCpp, "hipsolverDnCreate(&h);", false},
        {"D2.cutensor", kCpp, "cutensorCreate(&h);", true},
        {"D2.cutensor", kCpp, "hiptensorCreate(&h);", false},
        {"D2.cufile", kCpp, "cuFileDriverOpen();", true},
        {"D2.cufile", kCpp, "cufile_open();", false},
        {"D2.thrust-cub", kCu, "thrust::sort(v.begin(), v.end());", true},
        {"D2.thrust-cub", kCu, "std::sort(v.begin(), v.end());", false},
        {"D2.cutlass", kCu, "#include <cutlass/gemm/device/gemm.h>", true},
        {"D2.cutlass", kModules, "\turl = https://github.com/NVIDIA/cutlass.git", true},
        {"D2.cutlass", kCu, "#include <ck/ck.hpp>", false},
        {"D2.tensorrt", kPy, "import tensorrt as trt", true},
        {"D2.tensorrt", kPy, "engine_path = 'model.engine'", true},
        {"D2.tensorrt", kPy, "self.engine = create_engine(url)", false},
        {"D2.tensorrt-llm", kPy, "from tensorrt_llm import LLM", true},
        {"D2.tensorrt-llm", kPy, "from vllm import LLM", false},
        {"D2.tensorrt-llm", kDocker, "RUN pip install tensorrt-llm==0.12.0", true},
        {"D2.tensorrt-llm", kDocker, "RUN pip install tensorrt==10.0.1 tensorrt-cu12-libs", false},
        {"D2.triton-server", kDocker, "FROM nvcr.io/nvidia/tritonserver:24.01-py3", true},
        {"D2.triton-server", "models/resnet/config.pbtxt", "platform: \"tensorrt_plan\"", true},
        {"D2.triton-server", kDocker, "FROM python:3.11", false},
        {"D2.nvidia-only-stacks", kPy, "import cudf", true},
        {"D2.nvidia-only-stacks", kPy, "import pandas", false},
        {"D2.nvidia-only-stacks", kReq, "nvidia-dali-cuda120==1.38.0", true},
        {"D2.nvidia-only-stacks", kReq, "nvidia-ml-py==12.535.161", false},
        {"D2.manifest-packages", kReq, "flash-attn==2.5.8", true},
        {"D2.manifest-packages", kReq, "numpy==1.26", false},
        // Dimension 3
        {"D3.torch-cuda-namespace", kPy, "x = x.cuda()", true},
        {"D3.torch-cuda-namespace", kPy, "x = x.cpu()", false},
        {"D3.torch-compile", kPy, "model = torch.compile(model)", true},
        {"D3.torch-compile", kPy, "model = torch.jit.script(model)", false},
        {"D3.sdpa", kPy, "out = F.scaled_dot_product_attention(q, k, v)", true},
        {"D3.sdpa", kPy, "out = naive_attention(q, k, v)", false},
        {"D3.cpp-extension", kSetup, "ext = CUDAExtension('ops', sources)", true},
        {"D3.cpp-extension", kSetup, "ext = Extension('ops', sources)", false},
        {"D3.cpp-extension", kPy, "ops = load(name='ops', sources=['ops.cpp', 'ops_kernel.cu'])",
         true},
        {"D3.cpp-extension", kPy, "blob = store.load(name='ops', sources=['a.bin'])", false},
        {"D3.cpp-extension", kPy, "state = torch.load('ops_state.pt')", false},
        {"D3.cpp-extension", kSetup,
         "from torch.utils.cpp_extension import BuildExtension, CUDAExtension", true},
        {"D3.cpp-extension", kSetup,
         "from torch.utils.cpp_extension import BuildExtension, CppExtension", false},
        {"D3.cpp-extension", kSetup, "      cmdclass={'build_ext': BuildExtension})", false},
        {"D3.abstraction-layer", kPy, "acc = get_accelerator()", true},
        {"D3.abstraction-layer", kPy, "acc = get_device()", false},
        {"D3.kernel-libraries", kPy, "from flash_attn import flash_attn_func", true},
        {"D3.kernel-libraries", kPy, "import flash_attention_helpers", false},
        {"D3.cuda-graphs", kPy, "g = torch.cuda.CUDAGraph()", true},
        {"D3.cuda-graphs", kPy, "s = torch.cuda.Stream()", false},
        {"D3.tf-jax", kPy, "tf.config.experimental.set_memory_growth(gpu, True)", true},
        {"D3.tf-jax", kPy, "tf.config.list_physical_devices('GPU')", false},
        {"D3.transitive-jit", kDocker, "RUN apt-get install -y cuda-nvcc-12-4", true},
        {"D3.transitive-jit", kDocker, "RUN apt-get install -y git", false},
        // Dimension 4
        {"D4.nccl-via-framework", kPy, "dist.init_process_group(backend='nccl')", true},
        {"D4.nccl-via-framework", kPy, "dist.init_process_group(\"nccl\")", true},
        {"D4.nccl-via-framework", kPy, "backends = ['gloo', 'nccl']", false},
        {"D4.nccl-via-framework", kPy, "backend = cfg.get('backend', 'nccl')", false},
        {"D4.nccl-c-api", kCu, "ncclAllReduce(a, b, n, ncclFloat, ncclSum, comm, s);", true},
        {"D4.nccl-c-api", kCu, "ncclFloat kind;", false},
        {"D4.nccl-c-api", kCpp, "ncclCommInitAll(comms, ndev, devs);", true},
        {"D4.nccl-c-api", kCpp, "ncclReduce(s, r, n, ncclFloat, ncclSum, 0, comm, st);", true},
        {"D4.nccl-c-api", kCpp, "ncclBcast(buf, n, ncclFloat, 0, comm, st);", true},
        {"D4.nccl-c-api", kCpp, "ncclRedOp_t op = ncclSum;", false},
        {"D4.nccl-c-api", kCpp, "ncclReduceOptions opts;", false},
        {"D4.nccl-env", kYaml, "NCCL_DEBUG: INFO", true},
        {"D4.nccl-env", kYaml, "RCCL_MSCCL_ENABLE: 0", false},
        {"D4.nvshmem", kCu, "nvshmem_int_p(dst, v, pe);", true},
        {"D4.nvshmem", kCu, "rocshmem_int_p(dst, v, pe);", false},
        {"D4.nvshmem", kPy, "import nvshmem.core as nvshmem", true},
        {"D4.nvshmem", kPy, "from nvshmem.core import Teams", true},
        {"D4.nvshmem", kPy, "import rocshmem.core as shmem", false},
        {"D4.nvshmem", kPy, "if use_nvshmem and nvshmem is not None:", false},
        {"D4.custom-comm", kCu, "cudaIpcGetMemHandle(&h, ptr);", true},
        {"D4.custom-comm", kCu, "hipIpcGetMemHandle(&h, ptr);", false},
        {"D4.custom-comm", kPy, "from pplx_kernels import AllToAll", true},
        {"D4.custom-comm", kPy, "from pplx_client import Chat", false},
        {"D4.multi-node-launch", kScript, "torchrun --nnodes=4 --nproc_per_node=8 train.py", true},
        {"D4.multi-node-launch", "jobs/train.sbatch", "#SBATCH --nodes=8", true},
        {"D4.multi-node-launch", kScript, "export MASTER_ADDR=$HEAD_NODE", true},
        {"D4.multi-node-launch", kScript, "torchrun --nnodes=1 --nproc_per_node=8 train.py", false},
        {"D4.multi-node-launch", kScript, "export MASTER_ADDR=localhost", false},
        {"D4.rdma-fabric", kDocker, "RUN git clone https://github.com/aws/aws-ofi-nccl", true},
        {"D4.rdma-fabric", kDocker, "RUN pip install numpy", false},
        {"D4.scale-frameworks", kPy, "model = DistributedDataParallel(model)", true},
        {"D4.scale-frameworks", kPy, "model = DataParallel(model)", false},
        // Dimension 5
        {"D5.nvcc", kCMake, "set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)", true},
        {"D5.nvcc", kCMake, "set(CMAKE_CXX_COMPILER hipcc)", false},
        {"D5.cmake-cuda", kCMake, "enable_language(CUDA)", true},
        {"D5.cmake-cuda", kCMake, "enable_language(HIP)", false},
        {"D5.arch-flags", kWorkflow, "export TORCH_CUDA_ARCH_LIST='8.0;9.0'", true},
        {"D5.arch-flags", kCMake, "set(CMAKE_CUDA_ARCHITECTURES 90a)", true},
        {"D5.arch-flags", kWorkflow, "unset TORCH_CUDA_ARCH_LIST", false},
        {"D5.arch-flags", kCMake, "set(mysm_80 1)", false},
        {"D5.nvidia-base-image", kDocker, "FROM nvcr.io/nvidia/pytorch:24.01-py3", true},
        {"D5.nvidia-base-image", kDocker, "# FROM nvcr.io/nvidia/pytorch:24.01-py3", false},
        {"D5.nvidia-base-image", kDocker, "FROM nvcr.io/nim/meta/llama-3.1-8b-instruct:1.1.0",
         true},
        {"D5.nvidia-base-image", kDocker, "FROM ghcr.io/acme/nvcr-sync:1.0", false},
        {"D5.framework-cuda-image", kDocker, "FROM pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime",
         true},
        {"D5.framework-cuda-image", kDocker, "FROM pytorch/pytorch:latest", false},
        {"D5.rocm-image", kDocker, "FROM rocm/pytorch:latest", true},
        {"D5.rocm-image", kDocker, "FROM ubuntu:22.04", false},
        {"D5.cuda-wheel-pins", kReq, "--extra-index-url https://download.pytorch.org/whl/cu121",
         true},
        {"D5.cuda-wheel-pins", kReq, "--extra-index-url https://download.pytorch.org/whl/rocm6.1",
         false},
        {"D5.cuda-wheel-pins", kReq, "torchvision==0.18.1+cu121", true},
        {"D5.cuda-wheel-pins", kDocker, "RUN pip install torch==2.1.2+cu118", true},
        {"D5.cuda-wheel-pins", kReq, "torchvision==0.18.1+rocm6.1", false},
        {"D5.cuda-wheel-pins", kReq, "torch==2.3.1+cpu", false},
        {"D5.profilers", kWorkflow, "run: nsys profile python train.py", true},
        {"D5.profilers", kWorkflow, "run: echo ncu", false},
        {"D5.gpu-runtime", kCompose, "    runtime: nvidia", true},
        {"D5.gpu-runtime", kCompose, "    runtime: runc", false},
        {"D5.ci-runner-labels", kWorkflow, "    runs-on: [self-hosted, h100]", true},
        {"D5.ci-runner-labels", kWorkflow, "    runs-on: [self-hosted, linux.rocm.gpu]", false},
        {"D5.ci-runner-labels", kWorkflow, "    runs-on: ubuntu-latest", false},
        {"D5.ci-runner-labels", kWorkflow, "    runs-on: [self-hosted, Linux, X64, H100]", true},
        {"D5.ci-runner-labels", kWorkflow, "    runs-on: ${{ inputs.GPU_RUNNER }}", false},
        {"D5.ci-runner-labels", kWorkflow, "      - a100", true},
        {"D5.ci-runner-labels", kWorkflow, "      - 'H100'  # the big pool", true},
        {"D5.ci-runner-labels", kWorkflow, "      - gpu-tests", false},
        {"D5.ci-runner-labels", kWorkflow, "      - self-hosted", false},
        {"D5.gitmodules", kModules, "\turl = https://github.com/NVIDIA/cutlass.git", true},
        {"D5.gitmodules", kModules, "\turl = https://github.com/ROCm/composable_kernel.git", false},
        // Mitigations (§8)
        {"D1.hip-branch-cxx", kCu, "#ifdef __HIP_PLATFORM_AMD__", true},
        {"D1.hip-branch-cxx", kCu, "#ifdef __CUDA_ARCH__", false},
        {"D3.hip-branch-py", kPy, "if torch.version.hip:", true},
        {"D3.hip-branch-py", kPy, "if torch.version.cuda:", false},
        {"D3.hipify", kSetup, "hipify_python.hipify(project_directory=here)", true},
        {"D3.hipify", kSetup, "setup(name='ops')", false},
        {"D3.platform-layer", "vllm/platforms/rocm.py", "", true},
        {"D3.platform-layer", "vllm/platforms/interface.py", "", false},
        {"D5.rocm-container", "docker/Dockerfile.rocm", "", true},
        {"D5.rocm-container", "docker/Dockerfile.cuda", "", false},
        {"D5.rocm-ci", kWorkflow, "    runs-on: linux.rocm.gpu.mi300.2", true},
        {"D5.rocm-ci", kWorkflow, "    runs-on: ubuntu-latest", false},
        {"D5.rocm-ci-workflow", ".github/workflows/amd-ci.yml", "", true},
        {"D5.rocm-ci-workflow", ".github/workflows/nv-ci.yml", "", false},
        {"D5.gitmodules-rocm", kModules, "\turl = https://github.com/ROCm/composable_kernel.git",
         true},
        {"D5.gitmodules-rocm", kModules, "\turl = https://github.com/NVIDIA/cutlass.git", false},
        {"D2.rocm-fork", kReq, "apex @ git+https://github.com/ROCm/apex.git@master", true},
        {"D2.rocm-fork", kReq, "apex @ git+https://github.com/NVIDIA/apex.git@master", false},
        {"D2.rocm-fork", kDocker,
         "RUN pip install git+https://github.com/ROCmSoftwarePlatform/flash-attention.git", true},
        {"D2.rocm-fork", kDocker,
         "RUN pip install git+https://github.com/ROCmSoftwarePlatform/hipify_torch.git", false},
    };
    return cases;
}

std::vector<ScanFinding> scan(std::string_view path, std::string_view text) {
    return defaultScanMatcher().matchFile(path, text);
}

const ScanFinding* findingOf(const std::vector<ScanFinding>& findings, std::string_view rule) {
    for (const ScanFinding& f : findings)
        if (f.rule && f.rule->id == rule)
            return &f;
    return nullptr;
}

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

QString joined(const std::vector<std::string>& lines) {
    QStringList out;
    for (const std::string& s : lines)
        out << QString::fromStdString(s);
    return out.join(QLatin1String("; "));
}

} // namespace

class TestScanRules : public QObject {
    Q_OBJECT

private slots:
    void idsAreUniqueAndWellFormed() {
        const QRegularExpression idForm(QStringLiteral("^D([1-5])\\.[a-z0-9]+(-[a-z0-9]+)*$"));
        std::set<std::string_view> seen;
        for (const ScanRule& r : scanRules()) {
            const QString id = QString::fromLatin1(r.id.data(), static_cast<int>(r.id.size()));
            const QRegularExpressionMatch m = idForm.match(id);
            QVERIFY2(m.hasMatch(), qPrintable(id));
            QCOMPARE(m.captured(1).toInt() - 1, static_cast<int>(r.dimension));
            QVERIFY2(seen.insert(r.id).second, qPrintable(QStringLiteral("duplicate ") + id));
            QVERIFY2(r.scopes != 0, qPrintable(id));
            QVERIFY2(!r.pattern.empty(), qPrintable(id));
            if (r.kind == RuleKind::Mitigation)
                QVERIFY2(r.covers != 0, qPrintable(id + QStringLiteral(" covers nothing")));
            QCOMPARE(findScanRule(r.id), &r);
        }
        QVERIFY(findScanRule("D9.nothing") == nullptr);
        QVERIFY(scanRules().size() >= 60);
    }

    void docsListEveryRule() {
        QFile doc(QStringLiteral(CROSSGRADE_SOURCE_DIR "/docs/scanner.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        for (const ScanRule& r : scanRules()) {
            const QString cell = QStringLiteral("| `") +
                                 QString::fromLatin1(r.id.data(), static_cast<int>(r.id.size())) +
                                 QStringLiteral("` |");
            QVERIFY2(text.contains(cell), qPrintable(cell));
        }
    }

    void everyPatternCompiles() { QCOMPARE(joined(defaultScanMatcher().badPatterns()), QString()); }

    void badPatternsAreReported() {
        const std::vector<ScanRule> rules{
            {.id = "D1.broken",
             .dimension = Dimension::CustomKernels,
             .scopes = static_cast<unsigned>(ScanScope::Cxx),
             .pattern = "(unclosed",
             .exclude = "[z-a]",
             .kind = RuleKind::Finding,
             .severity = Level::High,
             .raise_pattern = {},
             .raised_severity = Level::High,
             .script_severity = {},
             .covers = 0,
             .rocm_equivalent = {},
             .note = {}},
            {.id = "D1.fine",
             .dimension = Dimension::CustomKernels,
             .scopes = static_cast<unsigned>(ScanScope::Cxx),
             .pattern = "fine",
             .exclude = {},
             .kind = RuleKind::Finding,
             .severity = Level::Low,
             .raise_pattern = {},
             .raised_severity = Level::High,
             .script_severity = {},
             .covers = 0,
             .rocm_equivalent = {},
             .note = {}},
        };
        const ScanMatcher matcher(rules);
        QCOMPARE(static_cast<int>(matcher.badPatterns().size()), 2);
        QVERIFY(matcher.badPatterns()[0].rfind("D1.broken: pattern", 0) == 0);
        QVERIFY(matcher.badPatterns()[1].rfind("D1.broken: exclude", 0) == 0);
        // The broken rule never matches; the good one still does.
        const std::vector<ScanFinding> f = matcher.matchFile("a.cu", "(unclosed fine");
        QCOMPARE(static_cast<int>(f.size()), 1);
        QCOMPARE(QString::fromStdString(std::string(f[0].rule->id)), QStringLiteral("D1.fine"));
    }

    void everyRuleHasPositiveAndNegativeCases() {
        for (const ScanRule& r : scanRules()) {
            bool pos = false;
            bool neg = false;
            for (const RuleCase& c : ruleTable())
                if (r.id == c.rule)
                    (c.matches ? pos : neg) = true;
            QVERIFY2(pos && neg, std::string(r.id).c_str());
        }
        for (const RuleCase& c : ruleTable())
            QVERIFY2(findScanRule(c.rule), c.rule);
    }

    void ruleCases_data() {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("matches");
        int n = 0;
        for (const RuleCase& c : ruleTable())
            QTest::addRow("%d %s %s", ++n, c.rule, c.matches ? "matches" : "near miss")
                << QString::fromUtf8(c.rule) << QString::fromUtf8(c.path)
                << QString::fromUtf8(c.text) << c.matches;
    }
    void ruleCases() {
        QFETCH(QString, rule);
        QFETCH(QString, path);
        QFETCH(QString, text);
        QFETCH(bool, matches);
        const std::vector<ScanFinding> f = scan(path.toStdString(), text.toStdString());
        QCOMPARE(findingOf(f, rule.toStdString()) != nullptr, matches);
    }

    void noisyPatternsNeverMatch() {
        // §12.6: a bare 0xffffffff and a lone 'nccl' string are not evidence.
        QVERIFY(scan(kCpp, "uint32_t mask = 0xffffffff;").empty());
        QVERIFY(scan(kPy, "backend = os.environ.get('BACKEND', 'nccl')").empty());
        QVERIFY(scan(kPy, "self.engine.run()").empty());
    }

    void severityRefinements() {
        const auto te = scan(kPy, "import transformer_engine.pytorch as te");
        QVERIFY(findingOf(te, "D3.kernel-libraries"));
        COMPARE_ENUM(findingOf(te, "D3.kernel-libraries")->severity, Level::High);
        const auto fa = scan(kPy, "import flash_attn");
        COMPARE_ENUM(findingOf(fa, "D3.kernel-libraries")->severity, Level::Medium);
        const auto ib = scan(kScript, "export NCCL_IB_HCA=mlx5");
        COMPARE_ENUM(findingOf(ib, "D4.nccl-env")->severity, Level::Medium);
        const auto debug = scan(kScript, "export NCCL_DEBUG=INFO");
        COMPARE_ENUM(findingOf(debug, "D4.nccl-env")->severity, Level::Low);
        // Profilers: H in CI configs, M in scripts.
        const auto ci = scan(kWorkflow, "run: ncu --set full python x.py");
        COMPARE_ENUM(findingOf(ci, "D5.profilers")->severity, Level::High);
        const auto sh = scan(kScript, "ncu --set full python x.py");
        COMPARE_ENUM(findingOf(sh, "D5.profilers")->severity, Level::Medium);
        // Mitigations and scale carry no severity of their own.
        COMPARE_ENUM(findingOf(scan(kPy, "torch.compile(m)"), "D3.torch-compile")->severity,
                     Level::Low);
    }

    void scopes_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<unsigned>("expected");
        const auto base = ScanScope::Path | ScanScope::Any;
        QTest::newRow("cuda") << "csrc/a.cu" << (base | ScanScope::Cxx);
        QTest::newRow("header") << "include/x.hpp" << (base | ScanScope::Cxx);
        QTest::newRow("python") << "pkg/a.py" << (base | ScanScope::Py);
        QTest::newRow("notebook") << "nb/a.ipynb" << (base | ScanScope::Py);
        QTest::newRow("setup.py") << "setup.py"
                                  << (base | ScanScope::Py | ScanScope::Build |
                                      ScanScope::Manifest);
        QTest::newRow("pyproject")
            << "pyproject.toml" << (base | ScanScope::Build | ScanScope::Manifest);
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
    void scopes() {
        QFETCH(QString, path);
        QFETCH(unsigned, expected);
        QCOMPARE(scopeOf(path.toStdString()), expected);
    }

    void pathContexts_data() {
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
    void pathContexts() {
        QFETCH(QString, path);
        QFETCH(QString, context);
        QCOMPARE(QString::fromLatin1(toString(contextOfPath(path.toStdString())).data()), context);
    }

    void lineContexts_data() {
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
        QTest::newRow("cxx code after a block comment")
            << kCpp << "x = 1; /* c */ cudaMalloc(&p, n);"
            << "D1.cuda-runtime-api" << 1 << "code";
        QTest::newRow("cxx // inside a string")
            << kCpp << "const char* s = \"//\"; cudaMalloc(&p, n);"
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
    void lineContexts() {
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

    void placesAndSnippets() {
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

    void evidenceRecord() {
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
    void multiLineCalls_data() {
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
    }

    void multiLineCalls() {
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
    void wholeFilePrefilterMissesNothing() {
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

    void contextWeights() {
        COMPARE_ENUM(contextWeight(EvidenceContext::Code), 1.0);
        COMPARE_ENUM(contextWeight(EvidenceContext::Comment), 0.0);
        COMPARE_ENUM(contextWeight(EvidenceContext::Docstring), 0.0);
        COMPARE_ENUM(contextWeight(EvidenceContext::Vendored), 0.0);
        COMPARE_ENUM(contextWeight(EvidenceContext::Test), 0.25);
        COMPARE_ENUM(contextWeight(EvidenceContext::Example), 0.25);
        COMPARE_ENUM(contextWeight(EvidenceContext::Benchmark), 0.25);
    }

    // --- the rubric (§10) ---

    void rubricTorchCudaAloneIsLow() {
        const auto p = proposeTiers(
            scanRepo({{"train.py", "x = torch.cuda.current_device()\ny = model.cuda()\n"
                                   "torch.cuda.synchronize()\n"}}));
        COMPARE_ENUM(tierOf(p, Dimension::FrameworkUsage), Tier::Low);
        QCOMPARE(QString::fromStdString(p.dimension(Dimension::FrameworkUsage).deciding_rule),
                 QStringLiteral("D3.torch-cuda-namespace"));
        for (Dimension d : {Dimension::CustomKernels, Dimension::Libraries, Dimension::Distributed,
                            Dimension::Toolchain})
            COMPARE_ENUM(tierOf(p, d), Tier::Low);
    }

    void rubricDistributed_data() {
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
    void rubricDistributed() {
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

    void rubricMultiNodeInADocstringDoesNotCount() {
        const auto p = proposeTiers(
            scanRepo({{"train.py", "def main():\n    \"\"\"torchrun --nnodes=4 train.py\"\"\"\n"
                                   "    dist.init_process_group(backend='nccl')\n"}}));
        COMPARE_ENUM(tierOf(p, Dimension::Distributed), Tier::Low);
    }

    void rubricInlinePtxIsHigh() {
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

    void rubricMitigationStepsDown() {
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

    void rubricMitigationInATestDoesNotStepDown() {
        const auto p = proposeTiers(
            scanRepo({{"kernels/red.cuh", "asm volatile(\"red.release.gpu.global.add.s32 x\");"},
                      {"tests/port_test.cc", "#ifdef __HIP_PLATFORM_AMD__\n#endif\n"}}));
        COMPARE_ENUM(tierOf(p, Dimension::CustomKernels), Tier::High);
    }

    void rubricFindingsOnlyInTestsDoNotSetTheTier() {
        const auto p = proposeTiers(scanRepo(
            {{"tests/test_kernels.cu", "asm volatile(\"red.release.gpu.global.add.s32 x\");"},
             {"third_party/cutlass/include/cutlass/gemm.h", "namespace cutlass::gemm {}"},
             {"examples/demo.py", "import tensorrt as trt"},
             {"src/a.cpp", "// cublasLtMatmul(h, d);"}}));
        COMPARE_ENUM(tierOf(p, Dimension::CustomKernels), Tier::Low);
        COMPARE_ENUM(tierOf(p, Dimension::Libraries), Tier::Low);
        const std::string reasons = p.dimension(Dimension::CustomKernels).reasons.back();
        QVERIFY2(reasons.find("do not set the tier") != std::string::npos, reasons.c_str());
    }

    void rubricCppExtension() {
        const std::pair<std::string, std::string> setup{
            "setup.py", "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
                        "if torch.version.hip:\n    pass\n"};
        // A HIP branch and portable kernels: the extension builds on ROCm, Medium.
        const auto portable =
            proposeTiers(scanRepo({setup, {"csrc/k.cu", "__global__ void k() {}"}}));
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

    void rubricHighestSeverityWins() {
        const auto p = proposeTiers(scanRepo({{"src/blas.cpp", "cublasSgemm(h);\n"
                                                               "cublasLtMatmul(h);\n"
                                                               "cufftPlan1d(&p);\n"}}));
        COMPARE_ENUM(tierOf(p, Dimension::Libraries), Tier::Medium);
        QCOMPARE(QString::fromStdString(p.dimension(Dimension::Libraries).deciding_rule),
                 QStringLiteral("D2.cublaslt"));
    }

    void applyScanWritesTheAudit() {
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

    // The curated package table rates what D2.manifest-packages hits (issue 8 point 1).
    // Issue 20, class 7: every mitigation in code went into the audit, so a repository with more
    // than 10,000 (a generated header guarding each kernel) gave an audit its own reader refused
    // (at most kMaxItemsPerList items a list). The first 10,000 are listed, in file order.
    void bug_scannedAuditWithManyMitigationsDidNotReadBack() {
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

    void packageTableRatesManifestPackages_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("severity"); // Level
        QTest::addColumn<QString>("rocm");
        QTest::newRow("flash_attn")
            << "flash_attn==2.6.3" << int(Level::Medium) << "flash-attention";
        QTest::newRow("apex fork") << "apex" << int(Level::Medium) << "ROCm/apex";
        QTest::newRow("tensorrt") << "tensorrt==10.3" << int(Level::High) << "MIGraphX";
        QTest::newRow("vllm") << "vllm>=0.6" << int(Level::Low) << "vLLM builds for ROCm";
        QTest::newRow("nvidia wheel")
            << "nvidia-cudnn-cu12==9.1" << int(Level::Medium) << "drop the pin";
        QTest::newRow("cupy") << "cupy-cuda12x" << int(Level::Medium) << "cupy-rocm";
        QTest::newRow("flashinfer") << "flashinfer" << int(Level::High) << "AITER";
        QTest::newRow("wheel index") << "--extra-index-url https://download.pytorch.org/whl/cu121"
                                     << int(Level::Medium) << "/whl/rocm";
    }

    void packageTableRatesManifestPackages() {
        QFETCH(QString, line);
        QFETCH(int, severity);
        QFETCH(QString, rocm);
        const std::vector<ScanFinding> found = scan(kReq, line.toStdString() + "\n");
        const ScanFinding* f = nullptr;
        for (const ScanFinding& x : found)
            if (x.rule->id == "D2.manifest-packages")
                f = &x;
        QVERIFY(f);
        QCOMPARE(int(f->severity), severity);
        QVERIFY2(QString::fromStdString(toEvidence(*f).rocm_equivalent).contains(rocm),
                 toEvidence(*f).rocm_equivalent.c_str());
    }

    // Every fork the table names is one D2.rocm-fork recognises, and nothing else is: a fork
    // counts only when the table names it (scanner-patterns.md §8).
    void forkRuleAgreesWithTheForkTable() {
        for (const RocmFork& fork : forkTable()) {
            const std::string url = "git+https://github.com/" + std::string(fork.fork) + ".git";
            bool hit = false;
            for (const ScanFinding& f : scan(kReq, url + "\n"))
                hit = hit || f.rule->id == "D2.rocm-fork";
            QVERIFY2(hit, url.c_str());
        }
        for (const ScanFinding& f : scan(kReq, "git+https://github.com/ROCm/someproject.git\n"))
            QVERIFY(f.rule->id != "D2.rocm-fork");
        for (const PackageRating& p : packageTable())
            if (!p.fork.empty()) {
                bool listed = false;
                for (const RocmFork& fork : forkTable())
                    listed = listed || fork.fork == p.fork;
                QVERIFY2(listed, std::string(p.package).c_str());
            }
    }

    void rubricTeamKnowledgeIsNotScanned() {
        const auto p = proposeTiers({});
        const DimensionProposal& d = p.dimension(Dimension::TeamKnowledge);
        QVERIFY(!d.scanned);
        COMPARE_ENUM(d.tier, Tier::Medium);
        QVERIFY(!d.reasons.empty());
        for (Dimension dim :
             {Dimension::CustomKernels, Dimension::Libraries, Dimension::FrameworkUsage,
              Dimension::Distributed, Dimension::Toolchain}) {
            COMPARE_ENUM(tierOf(p, dim), Tier::Low);
            QVERIFY(p.dimension(dim).scanned);
            COMPARE_ENUM(p.dimension(dim).dimension, dim);
        }
    }
};

QTEST_GUILESS_MAIN(TestScanRules)
#include "tst_scan_rules.moc"
