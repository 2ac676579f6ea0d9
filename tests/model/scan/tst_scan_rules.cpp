// The scanner's rule table: ids, RE2, the doc, a match and a near miss per rule, packages.

#include "tst_scan_rules.h"

#include "scan_manifest_sections.h"
#include "scan_matcher.h"
#include "scan_packages.h"
#include "scan_rules.h"
#include "tst_scan_rules_helpers.h"

#include <QFile>
#include <QIODevice>
#include <QRegularExpression>
#include <QRegularExpressionMatch>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <set>
#include <string>
#include <vector>

using namespace crossgrade::model;
using namespace crossgrade::testing;

namespace {

// One line a rule must match (or must not), in a file whose path gives the scope.
struct RuleCase {
    const char* rule;
    const char* path;
    const char* text;
    bool matches;
};

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
        {"D2.nvidia-only-stacks", kReq, "rapids-dask-dependency==24.10", true},
        {"D2.manifest-packages", kReq, "flash-attn==2.5.8", true},
        {"D2.manifest-packages", kReq, "numpy==1.26", false},
        {"D2.manifest-packages", kSetup, "    install_requires=['causal-conv1d>=1.4'],", true},
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
        // torchrec reaches the GPU through FBGEMM-GPU (calibration round 12)
        {"D3.kernel-libraries", kPy, "import fbgemm_gpu.split_table_batched_embeddings_ops", true},
        {"D3.kernel-libraries", kPy, "import fbgemm", false},
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
        {"D1.rocm-build-sources", kDocker, "COPY server/custom_kernels/ .", true},
        {"D1.rocm-build-sources", kDocker, "COPY --from=builder /app/dist /install", false},
        {"D1.rocm-build-sources", kCMake, "project(bnb LANGUAGES CXX HIP)", true},
        {"D1.rocm-build-sources", kCMake, "project(bnb LANGUAGES CXX CUDA)", false},
        {"D1.rocm-build-sources", kCMake, "file(GLOB   SRCS \"../ggml-cuda/*.cu\")", true},
        {"D1.rocm-build-sources", kCMake, "file(GLOB SRCS \"kernels/*.cu\")", false},
        {"D1.hip-branch-cxx", kCu, "#ifdef __HIP_PLATFORM_AMD__", true},
        {"D1.hip-branch-cxx", kCu, "#include \"aiter_hip_common.h\"", true},
        {"D1.hip-branch-cxx", kCu, "#include <hip/hip_runtime.h>", true},
        {"D1.hip-branch-cxx", kCu, "#include \"ck_tile/core.hpp\"", true},
        {"D1.hip-branch-cxx", kCu, "v = __builtin_amdgcn_readfirstlane(v);", true},
        {"D1.hip-branch-cxx", kCu, "#include \"ship/chip_select.h\"", false},
        {"D1.amd-target-file", "csrc/gfx1250/gemm_pipeline_gfx1250.cuh", "", true},
        {"D1.amd-target-file", "csrc/include/opus/hip_minimal.hpp", "", true},
        {"D1.amd-target-file", "csrc/kernels/chip_select.cu", "", false},
        {"D1.amd-target-file", "csrc/sm90/gemm_gfx_like.cu", "", false},
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
        {"D5.rocm-ci", kWorkflow, "          sudo apt install rocm-hip-sdk -y", true},
        {"D5.rocm-ci", kWorkflow, "          echo \"USE_ROCM=1\" >> $GITHUB_ENV", true},
        {"D5.rocm-ci", kWorkflow,
         "          pip3 install torch --index-url=https://download.pytorch.org/whl/rocm6.2", true},
        {"D5.rocm-ci", kWorkflow, "          sudo apt install cuda-toolkit-12-4 -y", false},
        {"D5.rocm-ci-workflow", ".github/workflows/amd-ci.yml", "", true},
        {"D5.rocm-ci-workflow", ".github/workflows/nv-ci.yml", "", false},
        {"D5.gitmodules-rocm", kModules, "\turl = https://github.com/ROCm/composable_kernel.git",
         true},
        {"D5.gitmodules-rocm", kModules, "\turl = https://github.com/NVIDIA/cutlass.git", false},
        {"D2.hipblaslt", kCu, "#define bnb_blasLtMatmul hipblasLtMatmul", true},
        {"D2.hipblaslt", kCMake, "target_link_libraries(bnb PUBLIC roc::hipblaslt)", true},
        {"D2.hipblaslt", kCu, "checkCublasStatus(cublasLtMatmul(h, d, a, b, c));", false},
        {"D2.miopen", kCu, "miopenConvolutionForward(handle, &alpha, x, w, conv, algo);", true},
        {"D2.miopen", kCu, "cudnnConvolutionForward(handle, &alpha, x, w, conv, algo);", false},
        {"D2.rocm-fork", kReq, "apex @ git+https://github.com/ROCm/apex.git@master", true},
        {"D2.rocm-fork", kReq, "apex @ git+https://github.com/NVIDIA/apex.git@master", false},
        {"D2.rocm-fork", kDocker,
         "RUN pip install git+https://github.com/ROCmSoftwarePlatform/flash-attention.git", true},
        {"D2.rocm-fork", kDocker,
         "RUN pip install git+https://github.com/ROCmSoftwarePlatform/hipify_torch.git", false},
    };
    return cases;
}

} // namespace

void TestScanRules::idsAreUniqueAndWellFormed() {
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

void TestScanRules::docsListEveryRule() {
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

void TestScanRules::everyPatternCompiles() {
    QCOMPARE(joined(defaultScanMatcher().badPatterns()), QString());
}

void TestScanRules::badPatternsAreReported() {
    const std::vector<ScanRule> rules{
        {.id = "D1.broken",
         .dimension = Dimension::CustomKernels,
         .scopes = static_cast<unsigned>(ScanScope::Cxx),
         .pattern = "(unclosed",
         .exclude = "[z-a]",
         .exclude_after = "^(x",
         .kind = RuleKind::Finding,
         .severity = Level::High,
         .raise_pattern = {},
         .raised_severity = Level::High,
         .script_severity = {},
         .covers = 0,
         .covers_rule = {},
         .rocm_equivalent = {},
         .note = {}},
        {.id = "D1.fine",
         .dimension = Dimension::CustomKernels,
         .scopes = static_cast<unsigned>(ScanScope::Cxx),
         .pattern = "fine",
         .exclude = {},
         .exclude_after = {},
         .kind = RuleKind::Finding,
         .severity = Level::Low,
         .raise_pattern = {},
         .raised_severity = Level::High,
         .script_severity = {},
         .covers = 0,
         .covers_rule = {},
         .rocm_equivalent = {},
         .note = {}},
    };
    const ScanMatcher matcher(rules);
    QCOMPARE(static_cast<int>(matcher.badPatterns().size()), 3);
    QVERIFY(matcher.badPatterns()[0].rfind("D1.broken: pattern", 0) == 0);
    QVERIFY(matcher.badPatterns()[1].rfind("D1.broken: exclude:", 0) == 0);
    QVERIFY(matcher.badPatterns()[2].rfind("D1.broken: exclude_after:", 0) == 0);
    // The broken rule never matches; the good one still does.
    const std::vector<ScanFinding> f = matcher.matchFile("a.cu", "(unclosed fine");
    QCOMPARE(static_cast<int>(f.size()), 1);
    QCOMPARE(QString::fromStdString(std::string(f[0].rule->id)), QStringLiteral("D1.fine"));
}

void TestScanRules::everyRuleHasPositiveAndNegativeCases() {
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

void TestScanRules::ruleCases_data() {
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("matches");
    int n = 0;
    for (const RuleCase& c : ruleTable())
        QTest::addRow("%d %s %s", ++n, c.rule, c.matches ? "matches" : "near miss")
            << QString::fromUtf8(c.rule) << QString::fromUtf8(c.path) << QString::fromUtf8(c.text)
            << c.matches;
}

void TestScanRules::ruleCases() {
    QFETCH(QString, rule);
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(bool, matches);
    const std::vector<ScanFinding> f = scan(path.toStdString(), text.toStdString());
    QCOMPARE(findingOf(f, rule.toStdString()) != nullptr, matches);
}

void TestScanRules::noisyPatternsNeverMatch() {
    // §12.6: a bare 0xffffffff and a lone 'nccl' string are not evidence.
    QVERIFY(scan(kCpp, "uint32_t mask = 0xffffffff;").empty());
    QVERIFY(scan(kPy, "backend = os.environ.get('BACKEND', 'nccl')").empty());
    QVERIFY(scan(kPy, "self.engine.run()").empty());
}

void TestScanRules::severityRefinements() {
    // transformer_engine has its ROCm fork (Medium, as the package table rates it); flashinfer
    // has no ROCm build (High).
    const auto te = scan(kPy, "import transformer_engine.pytorch as te");
    QVERIFY(findingOf(te, "D3.kernel-libraries"));
    COMPARE_ENUM(findingOf(te, "D3.kernel-libraries")->severity, Level::Medium);
    const auto fi = scan(kPy, "import flashinfer");
    COMPARE_ENUM(findingOf(fi, "D3.kernel-libraries")->severity, Level::High);
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

// The curated package table rates what D2.manifest-packages hits (issue 8 point 1).
void TestScanRules::packageTableRatesManifestPackages_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("severity"); // Level
    QTest::addColumn<QString>("rocm");
    QTest::newRow("flash_attn") << "flash_attn==2.6.3" << int(Level::Medium) << "flash-attention";
    QTest::newRow("apex fork") << "apex" << int(Level::Medium) << "ROCm/apex";
    QTest::newRow("fbgemm-gpu") << "fbgemm-gpu==1.2.0" << int(Level::Medium) << "FBGEMM_GPU";
    QTest::newRow("tensorrt") << "tensorrt==10.3" << int(Level::High) << "MIGraphX";
    QTest::newRow("vllm") << "vllm>=0.6" << int(Level::Low) << "vLLM builds for ROCm";
    QTest::newRow("nvidia wheel") << "nvidia-cudnn-cu12==9.1" << int(Level::Medium)
                                  << "drop the pin";
    QTest::newRow("cupy") << "cupy-cuda12x" << int(Level::Medium) << "cupy-rocm";
    QTest::newRow("flashinfer") << "flashinfer" << int(Level::High) << "AITER";
    QTest::newRow("wheel index") << "--extra-index-url https://download.pytorch.org/whl/cu121"
                                 << int(Level::Medium) << "/whl/rocm";
}

void TestScanRules::packageTableRatesManifestPackages() {
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
void TestScanRules::forkRuleAgreesWithTheForkTable() {
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

// A repository's own packages are its package folders at the root or under src/; a manifest
// naming one of them names the project itself (bitsandbytes' "bitsandbytes[test]" extra).
void TestScanRules::ownPackagesAreTheRepositorysPackageFolders() {
    const std::set<std::string> own = ownPackages(
        {"bitsandbytes/__init__.py", "bitsandbytes/nn/__init__.py", "src/flash_attn/__init__.py",
         "tests/__init__.py", "apex/README.md", "__init__.py", "csrc/ops.cu"});
    QCOMPARE(own, (std::set<std::string>{"bitsandbytes", "flash-attn", "tests"}));
    QVERIFY(namesOwnPackage("D2.manifest-packages", "bitsandbytes", own));
    QVERIFY(namesOwnPackage("D2.manifest-packages", "flash_attn", own));
    QVERIFY(!namesOwnPackage("D2.manifest-packages", "apex", own));
    QVERIFY(!namesOwnPackage("D1.cuda-source-file", "bitsandbytes", own));
}

// LMCache (calibration round 13) names its NVTX colours in a list, "rapids" among them: a colour,
// not the RAPIDS stack. RAPIDS is an import of it or one of its rapids-* packages.
void TestScanRules::bug_nvtxColourNamedRapidsWasAnNvidiaStack() {
    const auto stacks = [](std::string_view path, const std::string& line) {
        int n = 0;
        for (const ScanFinding& f : scan(path, line + "\n"))
            n += f.rule->id == "D2.nvidia-only-stacks" ? 1 : 0;
        return n;
    };
    QCOMPARE(stacks(kPy, "_NVTX_COLORS = [\"green\", \"blue\", \"purple\", \"rapids\"]"), 0);
    QCOMPARE(stacks(kPy, "import rapids.cudf_shim as shim"), 1);
    QCOMPARE(stacks(kPy, "from rapids import utils"), 1);
    QCOMPARE(stacks(kReq, "rapids-dask-dependency==24.10"), 1);
}

// Which manifest lines declare optional dependencies: pyproject's optional-dependencies (as a
// table and as dotted keys of [project]), dependency groups and Poetry groups; setup.py's
// extras_require and extras[...] assignments to where their brackets close; requirements files
// named for development. The core dependencies around them stay required.
void TestScanRules::optionalDependencySectionsOfManifests() {
    const auto flagged = [](std::string_view file, std::string_view text) {
        std::vector<int> out;
        const std::vector<bool> lines = optionalDependencyLines(file, text);
        for (std::size_t i = 0; i < lines.size(); ++i)
            if (lines[i])
                out.push_back(int(i) + 1);
        return out;
    };
    const std::string pyproject = "[project]\n"                             // 1
                                  "dependencies = [\n"                      // 2
                                  "  \"flash-attn>=2\",\n"                  // 3
                                  "]\n"                                     // 4
                                  "optional-dependencies.extra = [\n"       // 5
                                  "  \"bitsandbytes\",  # [quantisation]\n" // 6
                                  "]\n"                                     // 7
                                  "requires-python = \">=3.10\"\n"          // 8
                                  "[project.optional-dependencies]\n"       // 9
                                  "dev = [\"xformers\"]\n"                  // 10
                                  "[dependency-groups]\n"                   // 11
                                  "test = [\"apex\"]\n"                     // 12
                                  "[build-system]\n"                        // 13
                                  "requires = [\"torch\"]\n";               // 14
    QCOMPARE(flagged("pyproject.toml", pyproject), (std::vector<int>{5, 6, 7, 10, 12}));
    const std::string setup = "install_requires = [\"bitsandbytes\"]\n"              // 1
                              "extras = {}\n"                                        // 2
                              "extras[\"deepspeed\"] = [\n"                          // 3
                              "    \"deepspeed\",\n"                                 // 4
                              "]\n"                                                  // 5
                              "setup(\n"                                             // 6
                              "    install_requires=install_requires,\n"             // 7
                              "    extras_require={\"kernels\": [\"flash-attn\"],\n" // 8
                              "        \"x\": [\"apex\"]},\n"                        // 9
                              "    python_requires=\">=3.9\",\n"                     // 10
                              "    zip_safe=extras == {},\n"                         // 11
                              ")\n";                                                 // 12
    QCOMPARE(flagged("setup.py", setup), (std::vector<int>{2, 3, 4, 5, 8, 9}));
    QCOMPARE(flagged("requirements-dev.txt", "xformers\napex\n"), (std::vector<int>{1, 2}));
    QCOMPARE(flagged("dev-requirements.txt", "xformers\n"), (std::vector<int>{1}));
    QCOMPARE(flagged("test.txt", "xformers\n"), (std::vector<int>{1})); // requirements/test.txt
    QVERIFY(flagged("requirements.txt", "xformers\n").empty());
    QVERIFY(flagged("requirements-cuda.txt", "xformers\n").empty());
    QVERIFY(flagged("requirements-device.txt", "xformers\n").empty());
}

// A package named only in an optional extra is one notch below its table rating, and its
// evidence says why; the same package as a core dependency keeps the rating.
void TestScanRules::optionalExtraIsOneNotchDown() {
    const auto package = [](const std::vector<ScanFinding>& found) {
        for (const ScanFinding& f : found)
            if (f.rule->id == "D2.manifest-packages")
                return f;
        return ScanFinding{};
    };
    const std::string toml = "[project]\ndependencies = [\"xformers\"]\n"
                             "[project.optional-dependencies]\ndeploy = [\"tensorrt\"]\n";
    std::vector<ScanFinding> found = scan("pyproject.toml", toml);
    std::vector<ScanFinding> manifest;
    for (const ScanFinding& f : found)
        if (f.rule->id == "D2.manifest-packages")
            manifest.push_back(f);
    QCOMPARE(manifest.size(), std::size_t(2));
    COMPARE_ENUM(manifest[0].severity, Level::Medium); // xformers, required
    QVERIFY(!manifest[0].optional_extra);
    QVERIFY(!toEvidence(manifest[0]).rocm_equivalent.starts_with(kOptionalExtraNote));
    COMPARE_ENUM(manifest[1].severity, Level::Medium); // tensorrt: High, optional
    QVERIFY(manifest[1].optional_extra);
    QVERIFY2(toEvidence(manifest[1]).rocm_equivalent.starts_with(kOptionalExtraNote),
             toEvidence(manifest[1]).rocm_equivalent.c_str());
    QVERIFY(toEvidence(manifest[1]).rocm_equivalent.find("MIGraphX") != std::string::npos);
    COMPARE_ENUM(package(scan("requirements-dev.txt", "bitsandbytes\n")).severity, Level::Low);
    COMPARE_ENUM(package(scan(kReq, "bitsandbytes\n")).severity, Level::Medium);
}

QTEST_GUILESS_MAIN(TestScanRules)
