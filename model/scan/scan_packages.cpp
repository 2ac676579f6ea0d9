#include "scan_packages.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace crossgrade::model {

namespace {

constexpr std::string_view kRocmDocs = "ROCm documentation, 'Third-party support matrix' (ROCm "
                                       "7.x) and the project's own install guide, 2026";

std::string normalise(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        out.push_back(c == '_' || c == '.' ? '-' : static_cast<char>(std::tolower(u)));
    }
    return out;
}

} // namespace

std::string packageKey(std::string_view name) {
    return normalise(name);
}

const std::vector<RocmFork>& forkTable() {
    static const std::vector<RocmFork> forks = {
        {"NVIDIA/apex", "ROCm/apex", "fused optimizers and layers built for ROCm"},
        {"NVIDIA/TransformerEngine", "ROCm/TransformerEngine", "FP8 layers on MI300-class GPUs"},
        {"Dao-AILab/flash-attention", "ROCm/flash-attention",
         "CK and Triton backends (upstream also builds for ROCm)"},
        {"facebookresearch/xformers", "ROCm/xformers", "partial: not every kernel is ported"},
        {"bitsandbytes-foundation/bitsandbytes", "ROCm/bitsandbytes",
         "partial: version-dependent operator coverage"},
        {"triton-lang/triton", "ROCm/triton", "AMD backend development fork"},
        {"NVIDIA/Megatron-LM", "ROCm/Megatron-LM", "training recipes tuned for MI300X"},
        {"vllm-project/vllm", "ROCm/vllm", "ROCm performance fork; upstream vLLM also builds"},
        {"microsoft/DeepSpeed", "ROCm/DeepSpeed", "upstream DeepSpeed supports ROCm as well"},
        {"NVIDIA/nccl", "ROCm/rccl", "RCCL reads the same API and NCCL_* variables"},
    };
    return forks;
}

const std::vector<PackageRating>& packageTable() {
    // Ratings follow §10's Dimension 2 column: mature equivalents Low, packages with ROCm forks
    // or partial ports Medium, no mainstream equivalent High.
    static const std::vector<PackageRating> table = {
        {"nvidia-*-cu1x", Level::Medium,
         "CUDA runtime wheels pinned by hand: ROCm PyTorch wheels bring the ROCm libraries; "
         "drop the pin",
         "", kRocmDocs},
        {"cupy-cuda*", Level::Medium, "cupy-rocm wheels (CuPy's ROCm build; part of the API)", "",
         "CuPy documentation, 'Installation: ROCm'"},
        {"tensorrt", Level::High, "MIGraphX (not drop-in)", "", kRocmDocs},
        {"torch-tensorrt", Level::High, "torch_migraphx (not drop-in)", "", kRocmDocs},
        {"pycuda", Level::High, "none: hip-python is the nearest, kernels need a rewrite", "",
         "hip-python documentation"},
        {"cuda-python", Level::Medium, "hip-python (AMD's HIP bindings for Python)", "",
         "hip-python documentation"},
        {"onnxruntime-gpu", Level::Medium, "onnxruntime-rocm / MIGraphX execution provider", "",
         "ONNX Runtime documentation, execution providers"},
        {"jax[cuda", Level::Low, "jax with the ROCm plugin (jax-rocm-plugin)", "",
         "JAX installation guide, AMD GPU"},
        {"tensorflow[and-cuda]", Level::Medium, "tensorflow-rocm", "", kRocmDocs},
        {"flash-attn", Level::Medium, "flash-attention's CK and Triton backends for ROCm",
         "ROCm/flash-attention", kRocmDocs},
        {"xformers", Level::Medium, "partial: ROCm builds of xformers (version-dependent)",
         "ROCm/xformers", kRocmDocs},
        {"bitsandbytes", Level::Medium, "partial: bitsandbytes' ROCm backend (version-dependent)",
         "ROCm/bitsandbytes", kRocmDocs},
        {"apex", Level::Medium, "the ROCm/apex fork", "ROCm/apex", kRocmDocs},
        {"transformer-engine", Level::Medium, "the ROCm/TransformerEngine fork",
         "ROCm/TransformerEngine", kRocmDocs},
        {"flashinfer", Level::High,
         "none mainstream: vLLM and SGLang on ROCm use AITER or Triton attention instead", "",
         "vLLM and SGLang ROCm documentation"},
        {"deepspeed", Level::Low, "DeepSpeed builds for ROCm upstream", "ROCm/DeepSpeed",
         kRocmDocs},
        {"vllm", Level::Low, "vLLM builds for ROCm upstream (ROCm/vllm for tuned kernels)",
         "ROCm/vllm", kRocmDocs},
        {"mamba-ssm", Level::Medium, "partial: ROCm builds of the selective-scan kernels", "",
         kRocmDocs},
        {"causal-conv1d", Level::Medium, "partial: ROCm builds (version-dependent)", "", kRocmDocs},
        {"fbgemm-gpu", Level::Medium,
         "partial: FBGEMM_GPU builds for ROCm (PyTorch's /whl/rocm index), some operators "
         "CUDA-only",
         "", kRocmDocs},
        {"/whl/cu*", Level::Medium, "PyTorch's /whl/rocmX.Y index instead of /whl/cuXXX", "",
         "PyTorch 'Get started' install matrix"},
    };
    return table;
}

const PackageRating* ratePackage(std::string_view matched) {
    const std::string name = normalise(matched);
    auto find = [](std::string_view key) -> const PackageRating* {
        for (const PackageRating& p : packageTable())
            if (p.package == key)
                return &p;
        return nullptr;
    };
    if (name.starts_with("nvidia-"))
        return find("nvidia-*-cu1x");
    if (name.starts_with("cupy-cuda"))
        return find("cupy-cuda*");
    if (name.starts_with("jax[cuda"))
        return find("jax[cuda");
    if (name.starts_with("/whl/cu"))
        return find("/whl/cu*");
    return find(name);
}

std::set<std::string> ownPackages(const std::vector<std::string>& relPaths) {
    std::set<std::string> out;
    for (std::string_view p : relPaths) {
        if (p.starts_with("src/"))
            p.remove_prefix(4);
        const std::size_t slash = p.find('/');
        if (slash != std::string_view::npos && slash > 0 && p.substr(slash + 1) == "__init__.py")
            out.insert(normalise(p.substr(0, slash)));
    }
    return out;
}

bool namesOwnPackage(std::string_view ruleId, std::string_view matched,
                     const std::set<std::string>& own) {
    return ruleId == "D2.manifest-packages" && own.contains(normalise(matched));
}

} // namespace crossgrade::model
