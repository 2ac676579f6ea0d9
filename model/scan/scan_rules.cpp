// The scanner's rule table (scan_rules.h, docs/scanner.md): every rule's id, dimension, kind,
// severity, scope, pattern, ROCm equivalent and note, one entry each. Longer than 600 lines
// because it is a table: one rule is a few lines, and the rules of a dimension read best
// together; the functions at its end (lookup, the noisy-pattern list) are short.

#include "scan_rules.h"

#include "ascii_text.h"

#include <algorithm>
#include <string>

namespace crossgrade::model {

namespace {

constexpr Dimension D1 = Dimension::CustomKernels;
constexpr Dimension D2 = Dimension::Libraries;
constexpr Dimension D3 = Dimension::FrameworkUsage;
constexpr Dimension D4 = Dimension::Distributed;
constexpr Dimension D5 = Dimension::Toolchain;

constexpr Level L = Level::Low;
constexpr Level M = Level::Medium;
constexpr Level H = Level::High;

constexpr ScanScope kPath = ScanScope::Path;
constexpr ScanScope kCxx = ScanScope::Cxx;
constexpr ScanScope kPy = ScanScope::Py;
constexpr ScanScope kBuild = ScanScope::Build;
constexpr ScanScope kDocker = ScanScope::Docker;
constexpr ScanScope kCi = ScanScope::Ci;
constexpr ScanScope kManifest = ScanScope::Manifest;
constexpr ScanScope kGitmodules = ScanScope::Gitmodules;
constexpr ScanScope kAny = ScanScope::Any;

constexpr ScanScopes only(ScanScope s) {
    return static_cast<unsigned>(s);
}

// GCC 12 warns about members a designated initializer leaves out; here leaving them out is the
// point (each row names only what it sets, the rest keeps ScanRule's defaults).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

// Where a cell says "L–M" or "M–H" the table takes the lower level and says so in the note:
// the reviewer raises it, the scan does not guess.
std::vector<ScanRule> makeRules() {
    return {
        // --- Dimension 1: custom kernel code (§2) ---
        {.id = "D1.cuda-source-file",
         .dimension = D1,
         .scopes = only(kPath),
         .pattern = R"re(\.(cu|cuh)$)re",
         .severity = M,
         .rocm_equivalent = "hipcc builds .cu after hipify",
         .note = "Counts files; the walker adds LOC (kernels often live in headers)."},
        {.id = "D1.kernel-qualifier",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern = R"re(\b__(global|device|shared|constant)__\b)re",
         .severity = M,
         .rocm_equivalent = "same qualifiers in HIP",
         .note = "A .h/.hpp containing __global__ is kernel code."},
        {.id = "D1.kernel-launch",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern = R"re(<<<[^<>]*>>>|\b[A-Za-z_]\w*(<[^<>]*>)?\s*<<<[^<>;]*$)re",
         .severity = M,
         .rocm_equivalent = "HIP supports <<<>>>",
         .note = "Also a launch split over lines: a kernel name (template arguments allowed) "
                 "then <<< and the start of the arguments, up to the end of the line."},
        {.id = "D1.inline-ptx",
         .dimension = D1,
         .scopes = kCxx | kPy,
         .pattern =
             R"re(\b(asm|__asm__)\s*(volatile\s*|__volatile__\s*)?\(\s*"[^"]*(mma|ldmatrix|cp\.async|wgmma|red\.|atom\.|fence|bar\.sync|shfl|ld\.global|st\.global|mov\.u32)|\binline_asm_elementwise\s*\(\s*")re",
         // AMD's assembly: `exclude` reads a call folded over lines, `exclude_after` one line.
         .exclude =
             R"re(\binline_asm_elementwise\s*\(\s*"\s*(v|s|ds|buffer|global|flat|scratch)_[a-z])re",
         .exclude_after = R"re(^\s*(v|s|ds|buffer|global|flat|scratch)_[a-z])re",
         .severity = H,
         .rocm_equivalent = "none (rewrite; HIPIFY cannot translate PTX)",
         .note = "The PTX mnemonic may sit in any string of the asm call: the matcher folds a "
                 "call spread over lines (its strings run together, comments skipped) and "
                 "reports it at the asm keyword. Triton's tl.inline_asm_elementwise is inline "
                 "PTX too (Python), unless its assembly is AMD's (v_rcp_f32, s_waitcnt, ds_read: "
                 "an AMD-first library's Triton kernels), which runs on ROCm as it is."},
        {.id = "D1.hopper-blackwell",
         .dimension = D1,
         .scopes = kCxx | kPy,
         .pattern =
             R"re(\b(wgmma\w*|cuTensorMapEncode\w*|CUtensorMap\w*|tcgen05\w*)|\b__cluster_dims__\b|cp\.async\.bulk)re",
         .severity = H,
         .rocm_equivalent = "none (architecture-specific features)"},
        {.id = "D1.wmma",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern = R"re(\bnvcuda::wmma\b|#\s*include\s*<mma\.h>)re",
         .severity = H,
         .rocm_equivalent = "rocWMMA (manual port)"},
        {.id = "D1.warp-sync",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern =
             R"re(\b__(shfl(_xor|_down|_up)?_sync|ballot_sync|activemask|syncwarp|any_sync|all_sync)\b)re",
         .severity = M,
         .rocm_equivalent = "exist in HIP; AMD wavefronts have 64 lanes",
         .note = "Review 32-bit masks and 32-lane logic."},
        {.id = "D1.warp-size-32",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern =
             R"re(\b(warpSize|WARP_SIZE|kWarpSize)\s*(==|=)\s*32\b|#\s*define\s+(warpSize|WARP_SIZE|kWarpSize)\s+\(?32\b|__shfl\w*_sync\s*\(\s*0[xX][fF]{8})re",
         .severity = M,
         .rocm_equivalent = "wavefront size 64 on CDNA",
         .note = "Never a bare 0xffffffff: only as a shuffle mask (either case) or a warp size of "
                 "32 (assigned, compared or #defined)."},
        {.id = "D1.cuda-runtime-api",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern = R"re(\bcuda[A-Z]\w*\s*\()re",
         .exclude = R"re(\bcuda\w*_t\s*\($)re",
         .severity = L,
         .rocm_equivalent = "hip* one-to-one for most",
         .note = "L-M: the HIPIFY tables name the unsupported subset. Any cudaXxx( call; a type "
                 "used as a cast (cudaStream_t(0)) is not one."},
        {.id = "D1.cuda-driver-api",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern =
             R"re(\bcu(Init|Ctx\w+|Module\w+|LaunchKernel|LaunchCooperativeKernel|MemAlloc\w*|MemMap|MemCreate|MemAddressReserve|DeviceGet\w*|GetProcAddress|TensorMap\w+|Func\w+|Library\w+)\s*\(|\bCU(device|context|module|function|stream|result|deviceptr)\b)re",
         .severity = M,
         .rocm_equivalent = "partly covered by HIP (hipModule*, hipCtx*)",
         .note = "M-H: virtual-memory and multicast APIs are weaker in HIP."},
        {.id = "D1.nvrtc",
         .dimension = D1,
         .scopes = kCxx | kPy,
         .pattern =
             R"re(\bnvrtc(CreateProgram|CompileProgram|GetPTX|GetCUBIN)\b|\bcupy\.RawModule\b|\b(from|import)\s+cuda\.core\b)re",
         .severity = H,
         .rocm_equivalent = "hipRTC; generated source is often PTX-flavoured"},
        {.id = "D1.cuda-headers",
         .dimension = D1,
         .scopes = only(kCxx),
         .pattern =
             R"re(#\s*include\s*[<"](cuda_runtime(_api)?\.h|cuda\.h|cuda_fp16\.h|cuda_bf16\.h|cuda_fp8\.h|cooperative_groups(\.h|/)|cuda/\w+))re",
         .severity = L,
         .rocm_equivalent = "hip_runtime.h, hip_fp16.h, hip_bf16.h",
         .note = "FP8 formats differ by GPU generation."},
        {.id = "D1.cute-dsl",
         .dimension = D1,
         .scopes = only(kPy),
         .pattern = R"re(^\s*(import|from)\s+cutlass(\.cute)?\b)re",
         .severity = H,
         .rocm_equivalent = "none (rewrite)",
         .note = "Python CuTe DSL kernels are invisible to a .cu count."},
        {.id = "D1.numba-cuda",
         .dimension = D1,
         .scopes = only(kPy),
         .pattern = R"re(@cuda\.jit\b|\bfrom\s+numba\s+import\s+cuda\b|\bnumba\.cuda\b)re",
         .severity = H,
         .rocm_equivalent = "none mainstream (numba-hip is experimental)"},
        {.id = "D1.cupy-kernel",
         .dimension = D1,
         .scopes = only(kPy),
         .pattern = R"re(\b(cupy|cp)\.(RawKernel|ElementwiseKernel|RawModule)\b)re",
         .severity = M,
         .rocm_equivalent = "CuPy has a ROCm build; kernel source needs review",
         .note = "M-H."},
        {.id = "D1.pycuda",
         .dimension = D1,
         .scopes = only(kPy),
         .pattern = R"re(\bpycuda\b|\bSourceModule\s*\()re",
         .severity = H,
         .rocm_equivalent = "none"},
        {.id = "D1.inline-extension",
         .dimension = D1,
         .scopes = only(kPy),
         .pattern = R"re(\bload_inline\s*\([^)]*cuda_sources)re",
         .severity = H,
         .rocm_equivalent = "hipified on ROCm builds when the source is portable",
         .note = "cuda_sources= may come on a later line: the matcher folds a load_inline( call "
                 "spread over lines (its top-level arguments, strings emptied, comments skipped) "
                 "and reports it at load_inline."},
        {.id = "D1.triton-kernel",
         .dimension = D1,
         .scopes = only(kPy),
         .pattern = R"re(@triton\.(jit|autotune)\b|^\s*import\s+triton\b|^\s*from\s+triton\b)re",
         .severity = M,
         .rocm_equivalent = "Triton has an AMD backend",
         .note = "L without TMA descriptors or NVIDIA num_warps-style tuning (reviewer)."},

        // --- Dimension 2: library dependencies (§3) ---
        {.id = "D2.cublas",
         .dimension = D2,
         .scopes = kCxx | kBuild,
         .pattern =
             R"re(\bcublas[A-Z]\w*|#\s*include\s*[<"]cublas(_v2)?\.h|\bCUDA::cublas\b|-lcublas\b)re",
         .exclude = R"re(cublasLt\w*$)re",
         .severity = L,
         .rocm_equivalent = "hipBLAS / rocBLAS"},
        {.id = "D2.cublaslt",
         .dimension = D2,
         .scopes = kCxx | kBuild,
         .pattern = R"re(\bcublasLt\w*|\bCUDA::cublasLt\b|-lcublasLt\b)re",
         .severity = M,
         .rocm_equivalent = "hipBLASLt (cuBLASLt-shaped API)"},
        {.id = "D2.cudnn",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcudnn[A-Z]\w*|#\s*include\s*[<"]cudnn)re",
         .severity = M,
         .rocm_equivalent = "MIOpen: partial; many cuDNN entries have no ROC mapping"},
        {.id = "D2.cudnn-frontend",
         .dimension = D2,
         .scopes = kCxx | kPy,
         .pattern = R"re(\bcudnn_frontend\b|\bcudnn\.pygraph\b|\bcudnnBackend\w+)re",
         .severity = H,
         .rocm_equivalent = "no drop-in (check hipDNN maturity)"},
        {.id = "D2.torch-cudnn",
         .dimension = D2,
         .scopes = only(kPy),
         .pattern = R"re(\btorch\.backends\.cudnn\.\w+)re",
         .severity = L,
         .rocm_equivalent = "drives MIOpen on ROCm PyTorch"},
        {.id = "D2.cusparse",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcusparse[A-Z]\w*)re",
         .exclude = R"re(cusparseLt\w*$)re",
         .severity = L,
         .rocm_equivalent = "hipSPARSE / rocSPARSE"},
        {.id = "D2.cusparselt",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcusparseLt\w*)re",
         .severity = M,
         .rocm_equivalent = "hipSPARSELt"},
        {.id = "D2.cufft",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcufft[A-Z]\w*|#\s*include\s*[<"]cufft)re",
         .severity = L,
         .rocm_equivalent = "hipFFT / rocFFT"},
        {.id = "D2.curand",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcurand[A-Z_]\w*)re",
         .severity = L,
         .rocm_equivalent = "hipRAND / rocRAND"},
        {.id = "D2.cusolver",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcusolver\w+)re",
         .severity = L,
         .rocm_equivalent = "hipSOLVER / rocSOLVER"},
        {.id = "D2.cutensor",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcutensor\w+)re",
         .severity = M,
         .rocm_equivalent = "hipTensor"},
        {.id = "D2.cufile",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(\bcuFile\w+)re",
         .severity = M,
         .rocm_equivalent = "hipFile (Linux only)"},
        {.id = "D2.thrust-cub",
         .dimension = D2,
         .scopes = only(kCxx),
         .pattern = R"re(#\s*include\s*[<"](thrust|cub)/|\bthrust::|\bcub::)re",
         .severity = L,
         .rocm_equivalent = "rocThrust (same thrust:: namespace) / hipCUB"},
        {.id = "D2.cutlass",
         .dimension = D2,
         .scopes = kCxx | kPy | kGitmodules,
         .pattern =
             R"re(#\s*include\s*[<"](cutlass|cute)/|\bcutlass::|\bcute::|\bNVIDIA/cutlass\b|^\s*(import|from)\s+cutlass\b)re",
         .severity = H,
         .rocm_equivalent = "no source-compatible port; Composable Kernel / rocWMMA is a rewrite"},
        {.id = "D2.tensorrt",
         .dimension = D2,
         .scopes = kPy | kCxx,
         .pattern =
             R"re(^\s*(import|from)\s+(tensorrt|torch_tensorrt)\b|#\s*include\s*[<"]NvInfer|\bnvinfer1::|\btrtexec\b|\w\.(engine|plan)["']|\btorch\.compile\([^)]*backend\s*=\s*["'](torch_)?tensorrt|\bTensorrtExecutionProvider\b)re",
         .severity = H,
         .rocm_equivalent = "MIGraphX (MIGraphXExecutionProvider, torch_migraphx), not drop-in",
         .note = "Engine files only as quoted names (\"model.engine\"), not attribute access."},
        {.id = "D2.tensorrt-llm",
         .dimension = D2,
         .scopes = kPy | kCi | kDocker,
         .pattern = R"re(\btensorrt[-_]llm\b|\btrtllm-build\b|backend:\s*"?tensorrtllm)re",
         .severity = H,
         .rocm_equivalent = "none; vLLM/SGLang ROCm builds are the substitutes"},
        {.id = "D2.triton-server",
         .dimension = D2,
         .scopes = only(kAny),
         .pattern = R"re(\bnvidia/tritonserver\b|\bplatform:\s*"tensorrt_plan")re",
         .severity = M,
         .rocm_equivalent = "Triton server has ROCm builds; TensorRT plans do not",
         .note = "M-H. Image names and config.pbtxt only: OpenAI Triton is D1.triton-kernel."},
        {.id = "D2.nvidia-only-stacks",
         .dimension = D2,
         .scopes = kPy | kManifest,
         .pattern =
             R"re(\bnvidia[.-]dali\b|\b(cudf|cuml|cugraph|cuquantum|cuvs)\b|\b(import|from)[ \t]+rapids\b|\brapids-[a-z]|\bfaiss-gpu\b)re",
         .severity = H,
         .rocm_equivalent = "none mainstream assumed (verify per library)"},
        {.id = "D2.manifest-packages",
         .dimension = D2,
         .scopes = only(kManifest),
         .pattern =
             R"re(\bnvidia-(cublas|cudnn|cuda-runtime|nccl|cufft|cusparse|cusolver|curand|nvjitlink|nvtx)-cu1[123]\b|\bcupy-cuda\d+x?\b|\btorch[-_]tensorrt\b|\btensorrt\b|\bpycuda\b|\bcuda-python\b|\bonnxruntime-gpu\b|\bjax\[cuda1[23]|\btensorflow\[and-cuda\]|\bflash[-_]attn\b|\bxformers\b|\bbitsandbytes\b|\bapex\b|\btransformer[-_]engine\b|\bflashinfer\b|\bdeepspeed\b|\bvllm\b|\bmamba[-_]ssm\b|\bcausal[-_]conv1d\b|\bfbgemm[-_]gpu\b|/whl/cu\d{3}\b)re",
         .exclude =
             R"re(^\s*(name|PACKAGE_NAME|package_name)\s*=|\burl\s*=|https?://github\.com/\S*$|https?://\S*[A-Za-z_-]$|\bpackage_(data|dir)\b|\bpackages\s*=|/\s+["'][\w.-]*$|["']\w[\w.-]*/[\w./-]*$|\bpkg_name\s*=|\bos\.path\.join\s*\([^)]*$|^\s*["'][\w.-]+:\s)re",
         .exclude_after = R"re(^(\.\w|\\|@\w|:\s))re",
         .severity = M,
         .rocm_equivalent = "per package: apex, transformer_engine -> ROCm forks; flash-attn -> "
                            "CK/Triton backends; xformers, bitsandbytes partial",
         .note = "M per package until the curated package table rates each. A manifest names its "
                 "own project too (name = \"bitsandbytes\", a setup.py's source paths and "
                 "package data, its GitHub URL): those lines are not dependencies. The exclude "
                 "reads the line up to the package name; exclude_after what follows it: a "
                 "module or file of the project (xformers._C, causal_conv1d.egg-info), a Windows "
                 "path ('.\\\\deepspeed\\\\ops') or an e-mail address is not a "
                 "requirement, nor a pytest marker (\"bitsandbytes: select its tests\"). Nor is a "
                 "name inside a web address (its documentation's, its "
                 "repository's); a PyTorch index (/whl/cu121) ends in a digit and stays."},

        // --- Dimension 3: framework usage patterns (§4) ---
        {.id = "D3.torch-cuda-namespace",
         .dimension = D3,
         .scopes = only(kPy),
         .pattern = R"re(\btorch\.cuda\.\w+|\.cuda\(\)|\bdevice\s*=\s*['"]cuda|['"]cuda:\d)re",
         .severity = L,
         .rocm_equivalent = "PyTorch on ROCm reuses the torch.cuda namespace",
         .note = "Portable; never raises the dimension."},
        {.id = "D3.torch-compile",
         .dimension = D3,
         .scopes = only(kPy),
         .pattern = R"re(\btorch\.compile\s*\(|@torch\.compile\b)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D3),
         .rocm_equivalent = "Inductor generates Triton on AMD too"},
        {.id = "D3.sdpa",
         .dimension = D3,
         .scopes = only(kPy),
         .pattern = R"re(\bscaled_dot_product_attention\b)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D3),
         .rocm_equivalent = "the vendor picks the attention kernel"},
        {.id = "D3.cpp-extension",
         .dimension = D3,
         .scopes = kPy | kBuild,
         .pattern =
             R"re(\bCUDAExtension\b|\bcpp_extension\.load(_inline)?\s*\(|\bload\s*\([^)]*\bsources\s*=)re",
         .exclude = R"re(\.\s*load\s*\([^)]*\bsources\s*=$)re",
         .severity = H,
         .rocm_equivalent = "hipified automatically on ROCm builds",
         .note = "M when D1 finds no PTX/wmma/CUTLASS and a HIP branch exists (rubric). "
                 "BuildExtension alone is no evidence (a CPU-only CppExtension uses it too); a "
                 "bare load( counts with sources= on its line (from torch.utils.cpp_extension "
                 "import load), x.load( does not."},
        {.id = "D3.abstraction-layer",
         .dimension = D3,
         .scopes = only(kPy),
         .pattern =
             R"re(\bop_builder\b|\bget_accelerator\(\)|\bplatforms[/.](cuda|rocm|xpu|tpu|cpu)\b|\bis_rocm_pytorch\b|\bhipify_extension\b)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D3),
         .rocm_equivalent = "an accelerator/platform layer",
         .note = "Steps D3 down one notch."},
        {.id = "D3.kernel-libraries",
         .dimension = D3,
         .scopes = only(kPy),
         .pattern =
             R"re(^\s*(import|from)\s+(flash_attn|apex|transformer_engine|xformers|bitsandbytes|flashinfer|liger_kernel|deep_ep|megablocks|mamba_ssm|fbgemm_gpu)\b)re",
         .severity = M,
         .raise_pattern = R"re(\b(flashinfer|deep_ep)\b)re",
         .raised_severity = H,
         .rocm_equivalent = "same package table as D2 (ROCm forks for apex, transformer_engine)",
         .note = "flashinfer, deep_ep: H (no ROCm build). transformer_engine stays M: "
                 "ROCm/TransformerEngine is its fork (the package table rates it M)."},
        {.id = "D3.cuda-graphs",
         .dimension = D3,
         .scopes = kPy | kCxx,
         .pattern = R"re(\btorch\.cuda\.(CUDAGraph|graph\()|\bcudaGraph\w+)re",
         .severity = L,
         .rocm_equivalent = "HIP graphs exist",
         .note = "L-M."},
        {.id = "D3.tf-jax",
         .dimension = D3,
         .scopes = only(kPy),
         .pattern =
             R"re(\btf\.config\.experimental\.set_memory_growth\b|\bjax\.devices\(\s*['"]gpu|\bxla_gpu_\w+)re",
         .severity = L,
         .rocm_equivalent = "TF and JAX have ROCm builds",
         .note = "L-M; unverified severity, review."},
        {.id = "D3.transitive-jit",
         .dimension = D3,
         .scopes = kCi | kDocker,
         .pattern =
             R"re(\b(apt(-get)?|conda|mamba|pip3?|uv\s+pip)\s+install\b.*\b(cuda-nvcc|cuda-toolkit|nvidia-cuda-nvcc\S*|cuda-compiler)\b)re",
         .severity = M,
         .rocm_equivalent = "the dependency's ROCm build, if any",
         .note = "nvcc installed so a dependency (e.g. FlashInfer) can JIT-compile: transitive "
                 "lock-in."},

        // --- Dimension 4: distributed training and communication (§5) ---
        {.id = "D4.nccl-via-framework",
         .dimension = D4,
         .scopes = only(kPy),
         .pattern =
             R"re(\binit_process_group\s*\([^)]*backend\s*=\s*['"]nccl|\binit_process_group\s*\(\s*['"]nccl['"]|\bbackend\s*=\s*['"]nccl['"]|\bdist\.Backend\.NCCL\b|\bProcessGroupNCCL\b)re",
         .severity = L,
         .rocm_equivalent = "served by RCCL on ROCm PyTorch",
         .note = "M with multi-node launch evidence (rubric); never a lone 'nccl' string."},
        {.id = "D4.nccl-c-api",
         .dimension = D4,
         .scopes = kCxx | kBuild,
         .pattern =
             R"re(\bnccl(AllReduce|AllGather|ReduceScatter|Reduce|Broadcast|Bcast|Send|Recv|CommInitRank\w*|CommInitAll|CommDestroy|CommAbort|CommFinalize|CommCount|CommCuDevice|CommUserRank|CommGetAsyncError|CommRegister|CommDeregister|GetUniqueId|GetVersion|GetErrorString|GroupStart|GroupEnd|CommSplit|MemAlloc|MemFree|RedOpCreatePreMulSum|RedOpDestroy)\b|#\s*include\s*[<"]nccl\.h|\bfind_package\s*\(\s*NCCL\b)re",
         .severity = M,
         .rocm_equivalent = "RCCL implements the same API (rccl/rccl.h)",
         .note = "M-H: NCCL-only features (device API, NVLS, buffer registration) differ."},
        {.id = "D4.nccl-env",
         .dimension = D4,
         .scopes = only(kAny),
         .pattern = R"re(\bNCCL_[A-Z0-9_]+\b)re",
         .severity = L,
         .raise_pattern = R"re(^NCCL_(IB|NET_GDR|COLLNET|NVLS)_)re",
         .raised_severity = M,
         .rocm_equivalent = "RCCL reads the same names",
         .note = "Evidence of scale. NCCL_IB_*, NCCL_NET_GDR_*, NCCL_COLLNET_*, NCCL_NVLS_*: "
                 "inter-node or NVLink tuning (M; NVLS/CollNet count as NVLink/SHARP tuning)."},
        {.id = "D4.nvshmem",
         .dimension = D4,
         .scopes = kCxx | kPy,
         .pattern =
             R"re(\bnvshmemx?_\w+|#\s*include\s*[<"]nvshmem|\bnvshmem4py\b|^\s*(import|from)\s+nvshmem\b)re",
         .severity = H,
         .rocm_equivalent = "rocSHMEM (less mature)"},
        {.id = "D4.custom-comm",
         .dimension = D4,
         .scopes = kCxx | kPy,
         .pattern =
             R"re(\bcustom_all_reduce\b|\bcudaIpc(Get|Open)MemHandle\b|\bcuMemExportToShareableHandle\b|\bmultimem\.|\bdeep_ep\b|\bpplx(_kernels)?\b)re",
         .severity = H,
         .rocm_equivalent = "rewrite (e.g. on RCCL or rocSHMEM)",
         .note = "Custom all-reduce, DeepEP-style kernels."},
        {.id = "D4.multi-node-launch",
         .dimension = D4,
         .scopes = kCi | kPy | kCxx,
         .pattern =
             R"re(--nnodes(=|\s+)([2-9]|[1-9]\d+|\$)|#SBATCH\s+(-N\s*|--nodes[=\s]\s*)([2-9]|[1-9]\d+|\$)|\bsrun\b|\bmpirun\b|--hostfile\b|\bMASTER_ADDR["'\]]*\s*[=:]\s*\S+|\bMPI_Init(_thread)?\s*\()re",
         .exclude = R"re(MASTER_ADDR["'\]]*\s*[=:]\s*["']?(localhost|127\.0\.0\.1))re",
         .kind = RuleKind::Scale,
         .note = "Raises NCCL findings to M/H. One node (--nnodes=1, -N 1) and MASTER_ADDR of "
                 "localhost are not multi-node; a bare torchrun is not either. MPI_Init in C/C++ "
                 "is: MPI is how NCCL programs are bootstrapped across hosts."},
        {.id = "D4.rdma-fabric",
         .dimension = D4,
         .scopes = kCi | kDocker,
         .pattern =
             R"re(\bnvidia-peermem\b|\bgdrcopy\b|\baws-ofi-nccl\b|\bFI_PROVIDER=efa\b|\bSHARP\b|\bUCX_\w+)re",
         .severity = M,
         .rocm_equivalent = "AMD equivalents exist but are set up differently"},
        {.id = "D4.scale-frameworks",
         .dimension = D4,
         .scopes = only(kPy),
         .pattern =
             R"re(\bDistributedDataParallel\b|\bFullyShardedDataParallel\b|\bfully_shard\(|\binit_device_mesh\b|\bdeepspeed\.initialize\b|\btensor_model_parallel\w*|\bpipeline_model_parallel\w*|\b(dist|torch\.distributed)\.(all_reduce|all_gather(_into_tensor|_object)?|reduce_scatter(_tensor)?|broadcast|all_to_all(_single)?|isend|irecv|send|recv)\s*\(|\b_symmetric_memory\b)re",
         .kind = RuleKind::Scale,
         .note = "Context, not lock-in: DDP/FSDP, device meshes, parallel groups and "
                 "torch.distributed collectives (dist.all_reduce, symmetric memory), which "
                 "reach NCCL through the framework."},

        // --- Dimension 5: toolchain and CI/CD (§6) ---
        {.id = "D5.nvcc",
         .dimension = D5,
         .scopes = kBuild | kCi | kDocker,
         .pattern = R"re(\bnvcc\b)re",
         .severity = H,
         .rocm_equivalent = "hipcc / amdclang++"},
        // clang-format 14 puts this entry on one 400-column line once the table grows past
        // some length; keep it laid out like its neighbours.
        // clang-format off
        {.id = "D5.cmake-cuda",
         .dimension = D5,
         .scopes = only(kBuild),
         .pattern =
             R"re(\benable_language\s*\(\s*CUDA\b|\bproject\s*\([^)]*\bCUDA\b|\bfind_package\s*\(\s*CUDA(Toolkit)?\b|\bCUDA::\w+|\bCMAKE_CUDA_\w+|\bcuda_add_(library|executable)\b|\bLANGUAGE\s+CUDA\b)re",
         .severity = H,
         .rocm_equivalent = "enable_language(HIP), find_package(hip)"},
        // clang-format on
        {.id = "D5.arch-flags",
         .dimension = D5,
         .scopes = kBuild | kCi,
         .pattern =
             R"re(-gencode\b|\barch=compute_\d+|\bsm_\d{2,3}a?\b|\bTORCH_CUDA_ARCH_LIST\b|\b(CMAKE_)?CUDA_ARCHITECTURES\b|\bFLASH_ATTN_CUDA_ARCHS\b)re",
         .exclude = R"re(\bunset\s+TORCH_CUDA_ARCH_LIST$)re",
         .severity = M,
         .rocm_equivalent = "--offload-arch=gfx*, PYTORCH_ROCM_ARCH",
         .note = "`unset TORCH_CUDA_ARCH_LIST` in an AMD job is not lock-in."},
        {.id = "D5.nvidia-base-image",
         .dimension = D5,
         .scopes = kDocker | kCi,
         .pattern =
             R"re(^\s*FROM\s+(--platform=\S+\s+)?(\S*/)?(nvidia|nvcr\.io)/|^\s*(-\s+)?(container|image):\s*["']?(\S*/)?(nvidia|nvcr\.io)/\S)re",
         .severity = H,
         .rocm_equivalent = "rocm/pytorch, rocm/dev-ubuntu-*, rocm/vllm",
         .note = "The walker resolves ARG defaults before matching FROM. Any image on nvcr.io "
                 "(NGC: nvidia/, nim/, hpc/, private NGC orgs) is built for NVIDIA GPUs. A CI "
                 "job's container (container: / image: nvidia/cuda:...) is the same lock-in."},
        {.id = "D5.framework-cuda-image",
         .dimension = D5,
         .scopes = only(kDocker),
         .pattern = R"re(^\s*FROM\s+(--platform=\S+\s+)?(docker\.io/)?pytorch/pytorch:\S*cuda)re",
         .severity = L,
         .rocm_equivalent = "counterpart ROCm tags exist",
         .note = "L-M."},
        {.id = "D5.rocm-image",
         .dimension = D5,
         .scopes = only(kDocker),
         .pattern = R"re(^\s*FROM\s+(--platform=\S+\s+)?(\S*/)?rocm/)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D5),
         .rocm_equivalent = "a ROCm container"},
        {.id = "D5.cuda-wheel-pins",
         .dimension = D5,
         .scopes = kManifest | kCi | kDocker,
         .pattern =
             R"re(/whl/cu\d{3}\b|\bnvidia-[a-z0-9-]+-cu1\d\b|\bcupy-cuda\d+x?\b|\d\+cu\d{2,3}\b)re",
         .severity = M,
         .rocm_equivalent = "/whl/rocm* indexes, cupy-rocm",
         .note = "Dockerfiles too: pip installs there pin wheels as often as manifests do. A "
                 "CUDA local version label (torch==2.3.1+cu121) is a pin as well."},
        {.id = "D5.profilers",
         .dimension = D5,
         .scopes = only(kCi),
         .pattern =
             R"re(\bnsys\s+(profile|stats|export)\b|\bncu\s+-|\bnv-nsight-cu-cli\b|\bcompute-sanitizer\b|\bcuda-memcheck\b|\bcuobjdump\b|\bnvdisasm\b)re",
         .severity = H,
         .script_severity = M,
         .rocm_equivalent = "rocprofv3, rocprof-systems, rocprof-compute",
         .note = "H in CI, M in scripts; ncu only with an option after it."},
        {.id = "D5.gpu-runtime",
         .dimension = D5,
         .scopes = kCi | kDocker,
         .pattern =
             R"re(\bnvidia-smi\b|--gpus\s+all\b|\bruntime:\s*nvidia\b|\bdriver:\s*nvidia\b|\bNVIDIA_VISIBLE_DEVICES\b|\bnvidia\.com/gpu\b|--gres=gpu\b|\bJimver/cuda-toolkit\b)re",
         .severity = M,
         .rocm_equivalent = "amd-smi/rocm-smi, amd.com/gpu, /dev/kfd + /dev/dri mounts"},
        {.id = "D5.ci-runner-labels",
         .dimension = D5,
         .scopes = only(kCi),
         .pattern =
             R"re(\bruns-on:.*(?i:\b(gpu|a100|h100|a10g|t4|v100|nvidia)\b).*|^\s*-\s+["']?(?i:gpu|a100|h100|a10g|t4|v100|nvidia)["']?\s*(#.*)?$)re",
         .exclude = R"re((?i)\b(rocm|amd|mi\d{3}x?)\b)re",
         .severity = M,
         .rocm_equivalent = "AMD runner labels",
         .note = "A label naming ROCm/AMD/MI* is the mitigation D5.rocm-ci instead. Labels are "
                 "case-insensitive; in a block-style list (runs-on: then '- label' lines) an item "
                 "that is exactly a GPU label counts."},
        {.id = "D5.gitmodules",
         .dimension = D5,
         .scopes = only(kGitmodules),
         .pattern = R"re(\burl\s*=\s*\S*\bNVIDIA/(cutlass|nccl|TensorRT|cudnn-frontend)\b)re",
         .severity = H,
         .rocm_equivalent = "ROCm/composable_kernel, ROCm/rccl",
         .note = "ROCm submodules are the mitigation D5.gitmodules-rocm."},

        // --- Mitigation signals (§8) ---
        {.id = "D1.hip-branch-cxx",
         .dimension = D1,
         .scopes = kCxx | kBuild,
         .pattern =
             R"re(\b__HIP_PLATFORM_(AMD|HCC)__\b|\bUSE_ROCM\b|#\s*if(def|\s+defined)?\s*\(?\s*__HIPCC__\b|#\s*include\s*[<"]([^">]*[/_])?(hip|rocprim|hipcub|rocwmma|ck_tile)[/_.][^">]*[">]|\b__builtin_amdgcn_\w+)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D1) | coverBit(D3),
         .rocm_equivalent = "a HIP code path",
         .note = "HIP branch (C++), or a file that is HIP itself: it includes HIP's, rocPRIM's, "
                 "hipCUB's, rocWMMA's or CK-Tile's headers (a project's own aiter_hip_common.h "
                 "too), or calls AMD's __builtin_amdgcn_ intrinsics (round 15: ROCm/aiter's "
                 ".cu files are HIP compiled by hipcc)."},
        {.id = "D1.amd-target-file",
         .dimension = D1,
         .scopes = only(kPath),
         .pattern = R"re((?i)(^|[/_.-])(gfx(9\d\d|1[0-2]\d\d)|hip|amdgpu)([/_.-]|$))re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D1),
         .rocm_equivalent = "the file is AMD's code",
         .note = "A file named for an AMD GPU architecture (gfx942, gfx1250) or for HIP "
                 "(hip_minimal.hpp, kernels/hip/) is the HIP path itself: what looks like an "
                 "NVIDIA feature in it is AMD's (HIP's __cluster_dims__ for gfx1250 clusters). "
                 "Round 15's lesson (ROCm/aiter)."},
        {.id = "D1.rocm-build-sources",
         .dimension = D1,
         .scopes = kDocker | kBuild,
         .pattern =
             R"re(^\s*COPY\s+([^-\s]\S*/\S*)\s+\S+\s*$|\benable_language\s*\(\s*HIP\b|\bLANGUAGES?\s+[^)#]*\bHIP\b|\bfile\s*\(\s*GLOB(_RECURSE)?\s+\w+\s+"?\.\./[^"\s)*]*/)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D1),
         .rocm_equivalent = "the same sources built for ROCm",
         .note = "Coverage by build target: a folder COPYed into a Dockerfile built on a ROCm "
                 "image, or a CMake project that enables the HIP language, builds the kernels "
                 "under that folder for ROCm; so does a folder beside it whose sources such a "
                 "project globs (ggml's src/ggml-hip compiling ../ggml-cuda/*.cu). A COPY in any "
                 "other Dockerfile, or a glob in a CMake file that does not enable HIP, covers "
                 "nothing (the rubric checks)."},
        {.id = "D3.hip-branch-py",
         .dimension = D3,
         .scopes = kPy | kBuild,
         .pattern = R"re(\btorch\.version\.hip\b|\bIS_HIP_EXTENSION\b|\bis_rocm_pytorch\b)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D3),
         .rocm_equivalent = "a HIP code path",
         .note = "HIP branch (Python)."},
        {.id = "D3.hipify",
         .dimension = D3,
         .scopes = kPy | kBuild,
         .pattern = R"re(\bhipify_python\.hipify\s*\(|\bhipify_extension\b)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D1) | coverBit(D3),
         .rocm_equivalent = "explicit hipify of the extension sources"},
        {.id = "D3.platform-layer",
         .dimension = D3,
         .scopes = only(kPath),
         .pattern =
             R"re((^|/)accelerator/\w+_accelerator\.py$|(^|/)platforms/(cuda|rocm|xpu|tpu|cpu)\.py$)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D3),
         .rocm_equivalent = "an accelerator / platform layer"},
        {.id = "D5.rocm-container",
         .dimension = D5,
         .scopes = only(kPath),
         .pattern =
             R"re((?i)(^|/)(dockerfile\.rocm|rocm\.dockerfile|dockerfile-rocm)$|(^|/)docker/rocm/)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D5),
         .rocm_equivalent = "a ROCm container definition"},
        {.id = "D5.rocm-ci",
         .dimension = D5,
         .scopes = only(kCi),
         .pattern =
             R"re(\bGPU_ARCH_TYPE\s*[=:]\s*["']?rocm\b|\bwith-rocm:\s*["']?enable|\bruns-on:.*(?i:\b(rocm|amd|mi\d{3}x?)\b)|\brocm/(dev-ubuntu|dev-almalinux|pytorch|rocm-terminal)[-\w.]*:|-DCOMPUTE_BACKEND=hip\b|--offload-arch=gfx|\bapt(-get)?\s+install\b.*\brocm-(hip-sdk|dev|libs)\b|\bUSE_ROCM=1\b|/whl/rocm\d)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D5),
         .rocm_equivalent = "ROCm CI jobs",
         .note = "A CI job that installs the ROCm SDK (rocm-hip-sdk, rocm-dev), sets USE_ROCM=1 "
                 "or installs PyTorch's ROCm wheels builds for ROCm (ExLlamaV2's wheel "
                 "matrix)."},
        {.id = "D5.rocm-ci-workflow",
         .dimension = D5,
         .scopes = only(kPath),
         .pattern = R"re((^|/)\.github/workflows/amd[-_][^/]*\.ya?ml$)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D5),
         .rocm_equivalent = "an AMD CI workflow"},
        {.id = "D5.gitmodules-rocm",
         .dimension = D5,
         .scopes = only(kGitmodules),
         .pattern = R"re(\burl\s*=\s*\S*\bROCm/(composable_kernel|aiter|rccl)\b)re",
         .kind = RuleKind::Mitigation,
         // A ROCm library pinned for the build (D5); CK and AITER are other kernels, not a port
         // of these, so the rubric steps nothing down for it alone (docs/scanner.md).
         .covers = coverBit(D5),
         .rocm_equivalent = "ROCm submodules (CK, AITER, RCCL)"},
        // The ROCm library a CUDA library's port calls, already called or linked by production
        // code (a HIP branch, a #define mapping the names, a ROCm target's link line): the
        // port of that library is done wherever the library is used.
        {.id = "D2.hipblaslt",
         .dimension = D2,
         .scopes = kCxx | kBuild,
         .pattern = R"re(\bhipblasLt[A-Z]\w*|\broc::hipblaslt\b|[<"]hipblaslt/hipblaslt\.h)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D2),
         .covers_rule = "D2.cublaslt",
         .rocm_equivalent = "hipBLASLt, which the code already calls or links for cuBLASLt"},
        {.id = "D2.miopen",
         .dimension = D2,
         .scopes = kCxx | kBuild,
         .pattern = R"re(\bmiopen[A-Z]\w*|\bMIOpen::MIOpen\b|[<"]miopen/miopen\.h)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D2),
         .covers_rule = "D2.cudnn",
         .rocm_equivalent = "MIOpen, which the code already calls or links for cuDNN"},
        // The curated fork table (scan_packages.h, forkTable()): a dependency taken from a ROCm
        // fork. Only the forks the table names count (§8: never inferred from a name); a test
        // checks that this pattern and the table agree. ROCmSoftwarePlatform is the ROCm
        // organisation's former name (GitHub redirects it; older repositories still pin it).
        {.id = "D2.rocm-fork",
         .dimension = D2,
         .scopes = kManifest | kGitmodules | kDocker | kCi | kBuild,
         .pattern =
             R"re(github\.com[/:](ROCm|ROCmSoftwarePlatform)/(apex|TransformerEngine|flash-attention|xformers|bitsandbytes|triton|Megatron-LM|vllm|DeepSpeed|rccl)\b)re",
         .kind = RuleKind::Mitigation,
         .covers = coverBit(D2),
         .rocm_equivalent = "a ROCm fork from the curated fork table"},
    };
}

#pragma GCC diagnostic pop

// The path with '/' separators, lower-cased, split into components.
std::vector<std::string> components(std::string_view path) {
    std::vector<std::string> parts;
    std::string current;
    for (char c : asciiLower(path)) {
        if (c == '/' || c == '\\') {
            if (!current.empty())
                parts.push_back(current);
            current.clear();
        } else {
            current.push_back(c);
        }
    }
    if (!current.empty())
        parts.push_back(current);
    return parts;
}

std::string_view extension(std::string_view name) {
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos ? std::string_view{} : name.substr(dot);
}

bool anyDir(const std::vector<std::string>& parts, std::initializer_list<std::string_view> names) {
    for (std::size_t i = 0; i + 1 < parts.size(); ++i)
        for (std::string_view n : names)
            if (parts[i] == n)
                return true;
    return false;
}

bool underCiDir(const std::vector<std::string>& parts) {
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        if (parts[i] == ".buildkite" || parts[i] == ".circleci" || parts[i] == ".gitlab")
            return true;
        if (parts[i] == ".github" && i + 2 < parts.size() && parts[i + 1] == "workflows")
            return true;
    }
    return false;
}

} // namespace

const std::vector<ScanRule>& scanRules() {
    static const std::vector<ScanRule> rules = makeRules();
    return rules;
}

const ScanRule* findScanRule(std::string_view id) {
    for (const ScanRule& r : scanRules())
        if (r.id == id)
            return &r;
    return nullptr;
}

ScanScopes scopeOf(std::string_view path) {
    ScanScopes scopes = kPath | kAny;
    const std::vector<std::string> parts = components(path);
    if (parts.empty())
        return scopes;
    const std::string& name = parts.back();
    const std::string_view ext = extension(name);

    for (std::string_view e :
         {".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".hh", ".inl"})
        if (ext == e)
            scopes = scopes | kCxx;
    if (ext == ".py" || ext == ".pyx" || ext == ".ipynb")
        scopes = scopes | kPy;

    if (name == "cmakelists.txt" || ext == ".cmake" || name == "makefile" ||
        name == "gnumakefile" || ext == ".mk" || name == "setup.py" || name == "pyproject.toml" ||
        name == "build" || name == "build.bazel" || name == "workspace" ||
        name == "workspace.bazel" || name == "module.bazel" || ext == ".bzl")
        scopes = scopes | kBuild;

    if (name.starts_with("dockerfile") || ext == ".dockerfile" || name == "containerfile" ||
        ((name.starts_with("docker-compose") || name.starts_with("compose")) &&
         (ext == ".yml" || ext == ".yaml")))
        scopes = scopes | kDocker;

    if (underCiDir(parts) || name == ".gitlab-ci.yml" || name == "jenkinsfile" ||
        name == "azure-pipelines.yml" || ext == ".sh" || ext == ".slurm" || ext == ".sbatch")
        scopes = scopes | kCi;

    if ((name.starts_with("requirements") && ext == ".txt") ||
        (anyDir(parts, {"requirements"}) && ext == ".txt") || name == "pyproject.toml" ||
        name == "setup.py" || name == "environment.yml" || name == "environment.yaml")
        scopes = scopes | kManifest;

    if (name == ".gitmodules")
        scopes = scopes | kGitmodules;
    return scopes;
}

EvidenceContext contextOfPath(std::string_view path) {
    const std::vector<std::string> parts = components(path);
    if (parts.empty())
        return EvidenceContext::Code;
    // A hipify/ folder is a copy of the CUDA-to-HIP translator (PyTorch's torch.utils.hipify):
    // its tables name every CUDA API by design, and none of them is a use.
    if (anyDir(parts,
               {"third_party", "third-party", "thirdparty", "3rdparty", "vendor", "vendored",
                "external", "extern", "dependencies", "node_modules", "site-packages", "hipify"}))
        return EvidenceContext::Vendored;

    const std::string& name = parts.back();
    const std::string_view ext = extension(name);
    const std::string_view stem = std::string_view(name).substr(0, name.size() - ext.size());
    if (anyDir(parts, {"test", "tests", "testing", "unittest", "unittests", "__tests__"}) ||
        (name.starts_with("test_") && ext == ".py") || stem.ends_with("_test") ||
        stem.ends_with("_tests") || name == "conftest.py")
        return EvidenceContext::Test;
    // A kernel library's `baselines/` holds the implementations it is measured against.
    if (anyDir(parts, {"benchmark", "benchmarks", "bench", "benches", "baselines"}) ||
        (name.starts_with("bench_") && ext == ".py") || stem.ends_with("_bench") ||
        stem.ends_with("_benchmark"))
        return EvidenceContext::Benchmark;
    if (anyDir(parts, {"example", "examples", "sample", "samples", "demo", "demos", "tutorial",
                       "tutorials"}))
        return EvidenceContext::Example;
    return EvidenceContext::Code;
}

bool isScriptOutsideCi(std::string_view path) {
    const std::vector<std::string> parts = components(path);
    if (parts.empty() || underCiDir(parts))
        return false;
    const std::string_view ext = extension(parts.back());
    return ext == ".sh" || ext == ".slurm" || ext == ".sbatch";
}

} // namespace crossgrade::model
