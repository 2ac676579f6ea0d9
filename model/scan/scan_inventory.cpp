// The CUDA-dependent components a scan found (scan_inventory.h).

#include "scan_inventory.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <re2/re2.h>

namespace crossgrade::model {

namespace {

// The NVIDIA libraries the code-level rules name, by rule id.
struct LibraryRule {
    std::string_view rule;
    std::string_view id;   // for the component's ref
    std::string_view name; // as NVIDIA names it
};

constexpr std::array kLibraryRules = {
    LibraryRule{"D1.cuda-runtime-api", "cudart", "CUDA runtime"},
    LibraryRule{"D1.cuda-driver-api", "cuda-driver", "CUDA driver API"},
    LibraryRule{"D1.nvrtc", "nvrtc", "NVRTC"},
    LibraryRule{"D2.cublas", "cublas", "cuBLAS"},
    LibraryRule{"D2.cublaslt", "cublaslt", "cuBLASLt"},
    LibraryRule{"D2.cudnn", "cudnn", "cuDNN"},
    LibraryRule{"D2.cudnn-frontend", "cudnn-frontend", "cuDNN frontend"},
    LibraryRule{"D2.cusparse", "cusparse", "cuSPARSE"},
    LibraryRule{"D2.cusparselt", "cusparselt", "cuSPARSELt"},
    LibraryRule{"D2.cufft", "cufft", "cuFFT"},
    LibraryRule{"D2.curand", "curand", "cuRAND"},
    LibraryRule{"D2.cusolver", "cusolver", "cuSOLVER"},
    LibraryRule{"D2.cutensor", "cutensor", "cuTENSOR"},
    LibraryRule{"D2.cufile", "cufile", "cuFile (GPUDirect Storage)"},
    LibraryRule{"D2.thrust-cub", "thrust-cub", "Thrust / CUB"},
    LibraryRule{"D2.cutlass", "cutlass", "CUTLASS"},
    LibraryRule{"D2.tensorrt", "tensorrt", "TensorRT"},
    LibraryRule{"D4.nccl-c-api", "nccl", "NCCL"},
    LibraryRule{"D4.nvshmem", "nvshmem", "NVSHMEM"},
};

constexpr std::array<std::string_view, 5> kPackageRules = {
    "D2.manifest-packages", "D2.nvidia-only-stacks", "D2.tensorrt-llm", "D5.cuda-wheel-pins",
    "D2.tensorrt"};

constexpr std::array<std::string_view, 3> kImageRules = {
    "D5.nvidia-base-image", "D5.framework-cuda-image", "D2.triton-server"};

bool isOneOf(std::string_view id, const auto& ids) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// PyPI's normalised name (PEP 503): lower case, runs of '-', '_' and '.' as one '-'.
std::string pypiName(std::string_view name) {
    std::string out;
    for (char c : name) {
        if (c == '-' || c == '_' || c == '.') {
            if (!out.empty() && out.back() != '-')
                out.push_back('-');
        } else {
            out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        }
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// "CUDA runtime" -> "cuda-runtime", "Thrust / CUB" -> "thrust-cub".
std::string slug(std::string_view s) {
    std::string out;
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            out.push_back(static_cast<char>(std::tolower(u)));
        else if (!out.empty() && out.back() != '-')
            out.push_back('-');
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out;
}

// purl-spec percent-encoding of a version or qualifier value: what is not unreserved.
std::string percentEncoded(std::string_view s) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '.' || c == '-' || c == '_' || c == '~') {
            out.push_back(c);
        } else {
            out.push_back('%');
            out.push_back(kHex[u >> 4]);
            out.push_back(kHex[u & 15]);
        }
    }
    return out;
}

// A package named where the rule matched, with the version pinned right after it (`==`).
bool packageAt(const ScanFinding& f, ComponentName& out) {
    // A local CUDA build pinned: torch==2.3.1+cu121 (the match is only "1+cu121").
    static const RE2 pinnedBuild(
        R"re(([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*===?\s*([0-9][A-Za-z0-9.!*_-]*\+cu\d+))re");
    static const RE2 versionAfter(R"re(^(?:\[[^\]]*\])?\s*===?\s*([A-Za-z0-9.!*+_-]+))re");
    static const RE2 nameChars(R"re(^([A-Za-z0-9._-]*))re");
    if (f.match.find("/whl/") != std::string::npos)
        return false; // a wheel index, not a package
    std::string name;
    std::string version;
    if (f.match.find("+cu") != std::string::npos) {
        if (!RE2::PartialMatch(f.snippet, pinnedBuild, &name, &version))
            return false;
    } else {
        const std::size_t at = f.snippet.find(f.match);
        if (at == std::string::npos)
            return false;
        // The whole distribution name the match begins ("nvidia-dali" of nvidia-dali-cuda120),
        // up to an extra ("jax[cuda12]" is jax) or a version.
        std::string_view rest = std::string_view(f.snippet).substr(at);
        std::string token;
        RE2::PartialMatch(rest, nameChars, &token);
        if (token.empty())
            return false;
        rest.remove_prefix(token.size());
        RE2::PartialMatch(rest, versionAfter, &version);
        name = token;
    }
    // A module path names its distribution by its first part (nvidia.dali -> nvidia-dali).
    out.kind = ComponentKind::PythonPackage;
    out.name = pypiName(name);
    out.version = version;
    return !out.name.empty();
}

bool imageAt(const ScanFinding& f, ComponentName& out) {
    static const RE2 from(R"re((?i)^\s*FROM\s+(?:--platform=\S+\s+)?(\S+))re");
    static const RE2 image(R"re(\bimage:\s*["']?([^\s"']+))re");
    std::string ref;
    if (!RE2::PartialMatch(f.snippet, from, &ref) && !RE2::PartialMatch(f.snippet, image, &ref))
        return false;
    std::string version;
    if (const std::size_t at = ref.find('@'); at != std::string::npos) {
        version = ref.substr(at + 1);
        ref.resize(at);
    } else if (const std::size_t colon = ref.rfind(':');
               colon != std::string::npos && ref.find('/', colon) == std::string::npos) {
        version = ref.substr(colon + 1);
        ref.resize(colon);
    }
    out.kind = ComponentKind::ContainerImage;
    out.name = ref;
    out.version = version;
    return !ref.empty();
}

bool submoduleAt(const ScanFinding& f, ComponentName& out) {
    static const RE2 url(
        R"re(\burl\s*=\s*\S*github\.com[/:]([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\.git)?/?\s*$)re");
    std::string owner;
    std::string repo;
    if (!RE2::PartialMatch(f.snippet, url, &owner, &repo))
        return false;
    out.kind = ComponentKind::Submodule;
    out.name = owner + "/" + repo;
    out.version.clear();
    return true;
}

} // namespace

bool componentOf(const ScanFinding& f, ComponentName& out) {
    if (f.rule == nullptr || f.rule->kind != RuleKind::Finding)
        return false;
    const std::string_view id = f.rule->id;
    if (f.path == ".gitmodules" || f.path.ends_with("/.gitmodules"))
        return submoduleAt(f, out);
    if (isOneOf(id, kImageRules) && imageAt(f, out))
        return true;
    if (isOneOf(id, kPackageRules)) {
        // `import tensorrt` is the tensorrt package; TensorRT's C++ API and trtexec are the
        // library (below).
        const bool import = f.match.starts_with("import") || f.match.starts_with("from") ||
                            std::isspace(static_cast<unsigned char>(f.match.front()));
        if (id == "D2.tensorrt" && import) {
            out.kind = ComponentKind::PythonPackage;
            out.name =
                f.match.find("torch_tensorrt") != std::string::npos ? "torch-tensorrt" : "tensorrt";
            out.version.clear();
            return true;
        }
        if (id == "D2.tensorrt-llm") {
            // tensorrt_llm==0.10.0 in a pip line; trtllm-build and Triton's tensorrtllm backend
            // come with the same package.
            if (!packageAt(f, out) || out.name != "tensorrt-llm") {
                out.kind = ComponentKind::PythonPackage;
                out.name = "tensorrt-llm";
                out.version.clear();
            }
            return true;
        }
        if (id != "D2.tensorrt")
            return packageAt(f, out);
    }
    for (const LibraryRule& l : kLibraryRules)
        if (l.rule == id) {
            out.kind = ComponentKind::NvidiaLibrary;
            out.name = std::string(l.name);
            out.version.clear();
            return true;
        }
    return false;
}

std::string purlOf(const ComponentName& c) {
    switch (c.kind) {
    case ComponentKind::PythonPackage:
        return "pkg:pypi/" + pypiName(c.name) +
               (c.version.empty() ? "" : "@" + percentEncoded(c.version));
    case ComponentKind::ContainerImage: {
        if (c.name.find('$') != std::string::npos)
            return {}; // an unresolved build argument names no image
        std::string path = c.name;
        std::string registry;
        if (const std::size_t slash = path.find('/'); slash != std::string::npos) {
            const std::string first = path.substr(0, slash);
            if (first.find('.') != std::string::npos || first.find(':') != std::string::npos ||
                first == "localhost") {
                registry = first;
                path = path.substr(slash + 1);
            }
        }
        std::string purl = "pkg:docker/" + lower(path);
        if (!c.version.empty())
            purl += "@" + percentEncoded(c.version);
        if (!registry.empty() && registry != "docker.io")
            purl += "?repository_url=" + percentEncoded(lower(registry));
        return purl;
    }
    case ComponentKind::Submodule:
        return "pkg:github/" + lower(c.name);
    case ComponentKind::NvidiaLibrary:
        break;
    }
    return {};
}

std::size_t ScanInventory::add(const ScanFinding& finding, std::string_view pathPrefix) {
    if (contextWeight(finding.context) <= 0)
        return kNone;
    ComponentName name;
    if (!componentOf(finding, name))
        return kNone;
    std::string purl = purlOf(name);
    std::string ref = !purl.empty() ? purl
                      : name.kind == ComponentKind::NvidiaLibrary
                          ? "nvidia-library:" + slug(name.name)
                          : "image:" + name.name + (name.version.empty() ? "" : ":" + name.version);
    auto it = m_byRef.find(ref);
    if (it == m_byRef.end()) {
        InventoryComponent c;
        c.kind = name.kind;
        c.ref = ref;
        c.name = name.name;
        c.version = name.version;
        c.purl = std::move(purl);
        c.rule = std::string(finding.rule->id);
        c.dimension = finding.rule->dimension;
        c.severity = finding.severity;
        c.rocm_equivalent = finding.rocm_equivalent.empty()
                                ? std::string(finding.rule->rocm_equivalent)
                                : finding.rocm_equivalent;
        it = m_byRef.emplace(std::move(ref), m_components.size()).first;
        m_components.push_back(std::move(c));
    }
    InventoryComponent& c = m_components[it->second];
    c.severity = std::max(c.severity, finding.severity);
    // A package only an optional extra names is not required by the default install either.
    c.in_code = c.in_code || (finding.context == EvidenceContext::Code && !finding.optional_extra);
    // Two rules on one line (D2.cutlass and D5.gitmodules on a submodule's url) are one place:
    // findings come in file and line order, so the same place is the last one seen.
    std::string place = std::string(pathPrefix) + finding.path + ":" + std::to_string(finding.line);
    if (place == c.last_place)
        return it->second;
    c.last_place = std::move(place);
    ++c.occurrences_total;
    if (c.occurrences.size() < kMaxOccurrences)
        c.occurrences.push_back({std::string(pathPrefix) + finding.path, finding.line,
                                 finding.snippet, finding.context});
    return it->second;
}

} // namespace crossgrade::model
