// The rubric's tier rules (scan_rubric.h, proposeTiers): per dimension, the tier follows the
// amount of production code behind the findings, with thresholds stated in docs/scanner.md
// ("Rubric"), and mitigations step down only what they cover.

#include "scan_rubric.h"
#include "scan_rubric_internal.h"

#include <algorithm>
#include <array>
#include <set>
#include <span>
#include <string_view>
#include <vector>

namespace crossgrade::model {

namespace {

using namespace rubric;

// The thresholds (docs/scanner.md, "Rubric", says why each is where it is).
constexpr long long kSubstantialNonPortableFiles = 5; // D1 High: a non-portable kernel library
constexpr long long kSubstantialKernelFiles = 100;    // D1 High: a large portable kernel library
constexpr long long kTritonFiles = 5;                 // D1, D3 Medium: a Triton kernel library
constexpr long long kDirectApiFiles = 5;              // D3 Medium without a framework between
constexpr long long kExtensiveDirectApiFiles = 20;    // D3 High without a framework in between
constexpr long long kCentralLibraryFiles = 3;         // D2 High: a library the code is built on
// D2: CUTLASS is the library the kernels are built on when it underlies at least two in three
// of the files holding kernel code (CUDA, CuTe DSL, Triton); below that its kernels are a part
// of a larger kernel set, ported with it (D1), and CUTLASS alone sets Medium.
constexpr long long kCutlassCentralNumerator = 2;
constexpr long long kCutlassCentralDenominator = 3;
// TensorRT and TensorRT-LLM are High from one file: an engine built in one place is the whole
// serving backend, and the article names TensorRT as the library without a drop-in.
constexpr std::array<std::string_view, 2> kServingRuntimes = {"D2.tensorrt", "D2.tensorrt-llm"};
constexpr long long kKernelLibraryFiles = 3; // D3: a kernel package used, not tried
constexpr long long kCentralCommHits = 10;   // D4 High: communication code of its own
constexpr int kToolchainStagesHigh = 3; // D5 High without a kernel library: build, images, CI...

std::string count(long long n, std::string_view what) {
    return std::to_string(n) + " " + std::string(what) + (n == 1 ? "" : "s");
}

std::string files(long long n) {
    return count(n, "production file");
}

// Rules and their production files, for a reason: "D1.cute-dsl 47, D1.inline-ptx 5".
std::string ruleCounts(const FindingTally& t, std::span<const std::string_view> rules) {
    std::string out;
    for (std::string_view r : rules) {
        const RuleVolume v = t.volumeOf(r);
        if (v.files == 0)
            continue;
        out += (out.empty() ? "" : ", ") + std::string(r) + " " + std::to_string(v.files);
    }
    return out;
}

// The finding rules of a dimension with production files at `level`, most files first.
std::vector<std::pair<std::string_view, long long>> rulesAt(const FindingTally& t, Dimension d,
                                                            Level level) {
    std::vector<std::pair<std::string_view, long long>> out;
    for (const ScanRule& r : scanRules()) {
        if (r.dimension != d || r.kind != RuleKind::Finding)
            continue;
        const long long n =
            t.volumeOf(std::string(r.id) + "@" + std::string(toString(level))).files;
        if (n > 0)
            out.emplace_back(r.id, n);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
}

std::string listed(const std::vector<std::pair<std::string_view, long long>>& rules) {
    std::string out;
    for (const auto& [id, n] : rules)
        out += (out.empty() ? "" : ", ") + std::string(id) + " " + std::to_string(n);
    return out;
}

// Of `rules`, the one with the most production files ("" when none has any).
std::string topRule(const FindingTally& t, std::span<const std::string_view> rules) {
    std::string_view best;
    long long most = 0;
    for (std::string_view r : rules)
        if (const long long n = t.volumeOf(r).files; n > most) {
            most = n;
            best = r;
        }
    return std::string(best);
}

constexpr std::array<std::string_view, 8> kNonPortableRules = {
    "D1.inline-ptx", "D1.wmma",  "D1.hopper-blackwell", "D1.cute-dsl",
    "D2.cutlass",    "D1.nvrtc", "D1.numba-cuda",       "D1.pycuda"};
constexpr std::array<std::string_view, 7> kKernelRules = {
    "D1.cuda-source-file", "D1.kernel-qualifier", "D1.kernel-launch",   "D1.warp-sync",
    "D1.warp-size-32",     "D1.cupy-kernel",      "D1.inline-extension"};

// The first held production finding of a dimension matching `pred`.
template <typename Pred>
const ScanFinding* firstOf(const std::vector<const ScanFinding*>& findings, Pred pred) {
    for (const ScanFinding* f : findings)
        if (pred(*f))
            return f;
    return nullptr;
}

struct Context {
    const FindingTally& tally;
    const std::vector<const ScanFinding*>& held; // what the tally keeps, in scan order
    std::optional<WorkloadKind> workload;
    // Repository-wide ROCm signals among the production mitigations.
    const ScanFinding* buildHip = nullptr;     // a HIP branch or hipify in a build definition
    const ScanFinding* rocmPipeline = nullptr; // a ROCm image, container or CI job
    // Folders a ROCm build compiles (coverage by build target).
    std::vector<CoveredFolder> buildFolders;
};

// A kernel class's volume with the files under a folder a ROCm build compiles counted as
// covered too (they had no HIP path of their own); `byBuild` gets how many, `used` the folders
// that covered any.
RuleVolume coveredVolume(const Context& c, CodeClass cls, long long* byBuild = nullptr,
                         std::vector<CoveredFolder>* used = nullptr) {
    RuleVolume v = c.tally.classVolume(cls);
    long long n = 0;
    for (const std::string& path : c.tally.uncoveredKernelPaths(cls))
        for (const CoveredFolder& cf : c.buildFolders)
            if (path.starts_with(cf.folder)) {
                ++n;
                if (used && std::none_of(used->begin(), used->end(), [&](const CoveredFolder& u) {
                        return u.folder == cf.folder && u.path == cf.path && u.line == cf.line;
                    }))
                    used->push_back(cf);
                break;
            }
    v.covered_files += n;
    if (byBuild)
        *byBuild = n;
    return v;
}

// The rule of the first production mitigation held that covers `d` in a source file (a HIP
// path in the file it covers).
std::string coveringMitigation(const Context& c, Dimension d) {
    const ScanFinding* m = firstOf(c.held, [d](const ScanFinding& f) {
        return production(f) && f.rule->kind == RuleKind::Mitigation &&
               (f.rule->covers & coverBit(d)) != 0 && isSourcePath(f.path);
    });
    return m ? std::string(m->rule->id) : std::string();
}

void set(DimensionProposal& p, Tier tier, std::string_view rule, std::string reason) {
    p.tier = tier;
    p.deciding_rule = std::string(rule);
    p.reasons.push_back(std::move(reason) + ": " + std::string(title(tier)));
}

void decideKernels(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    long long npBuilt = 0;
    long long kBuilt = 0;
    std::vector<CoveredFolder> used;
    const RuleVolume np = coveredVolume(c, CodeClass::NonPortableKernel, &npBuilt, &used);
    const RuleVolume k = coveredVolume(c, CodeClass::Kernel, &kBuilt, &used);
    const RuleVolume tr = t.classVolume(CodeClass::Triton);
    const std::string npRules = ruleCounts(t, kNonPortableRules);
    const std::string npTop = topRule(t, kNonPortableRules);
    const std::string kTop = topRule(t, kKernelRules);
    std::string coverage;
    if (np.covered_files + k.covered_files > npBuilt + kBuilt)
        coverage = "; covered by a HIP path in the same file: " +
                   std::to_string(np.covered_files - npBuilt) + " non-portable, " +
                   std::to_string(k.covered_files - kBuilt) + " kernel file(s)";
    if (npBuilt + kBuilt > 0) {
        coverage += "; built for ROCm by " + std::string(used.front().rule_id) + " at " +
                    used.front().path + ":" + std::to_string(used.front().line) + " (" +
                    std::to_string(used.size()) + " folder(s)): " + std::to_string(npBuilt) +
                    " non-portable, " + std::to_string(kBuilt) + " kernel file(s)";
        p.covered_folders = used;
    }
    // The mitigation named for a step-down: a HIP path in the kernels' own files first.
    const std::string coveredBy = np.covered_files + k.covered_files > npBuilt + kBuilt
                                      ? coveringMitigation(c, Dimension::CustomKernels)
                                      : (used.empty() ? std::string() : used.front().rule_id);
    const long long npOpen = np.uncoveredFiles();
    const long long kOpen = k.uncoveredFiles();
    if (npOpen >= kSubstantialNonPortableFiles) {
        set(p, Tier::High, npTop,
            "non-portable kernel code without a HIP path in " + files(npOpen) + " (" + npRules +
                "; High from " + std::to_string(kSubstantialNonPortableFiles) + ")" + coverage);
    } else if (kOpen >= kSubstantialKernelFiles) {
        set(p, Tier::High, kTop,
            "a substantial CUDA kernel library: kernels in " + files(kOpen) + " (High from " +
                std::to_string(kSubstantialKernelFiles) + ")" + coverage);
    } else if (npOpen > 0) {
        set(p, Tier::Medium, npTop,
            "non-portable kernel code in only " + files(npOpen) + " (" + npRules + "; High from " +
                std::to_string(kSubstantialNonPortableFiles) + ")" + coverage);
    } else if (kOpen > 0) {
        set(p, Tier::Medium, kTop,
            "CUDA kernels with HIP-supported constructs in " + files(kOpen) + " (High from " +
                std::to_string(kSubstantialKernelFiles) + ")" + coverage);
    } else if (np.covered_files >= kSubstantialNonPortableFiles ||
               k.covered_files >= kSubstantialKernelFiles) {
        set(p, Tier::Medium, np.covered_files >= kSubstantialNonPortableFiles ? npTop : kTop,
            "a substantial kernel library whose files a ROCm path covers" + coverage +
                " (one step below High)");
        p.mitigated_by = coveredBy;
    } else if (tr.files >= kTritonFiles) {
        set(p, Tier::Medium, "D1.triton-kernel",
            "Triton kernels in " + files(tr.files) +
                " (Triton has an AMD backend; the kernels' "
                "NVIDIA tuning needs revisiting)");
    } else if (t.volumeOf("D1.cuda-driver-api").files > 0) {
        set(p, Tier::Medium, "D1.cuda-driver-api",
            "the CUDA driver API in " + files(t.volumeOf("D1.cuda-driver-api").files) +
                " (HIP covers it in part)");
    } else {
        std::string why = "no CUDA kernels of its own";
        if (k.covered_files + np.covered_files > 0)
            why = "kernels only where a ROCm path covers them (a HIP path in the file or a ROCm "
                  "build of its folder)" +
                  coverage;
        else if (tr.files > 0)
            why = "Triton kernels in only " + files(tr.files) + " (Medium from " +
                  std::to_string(kTritonFiles) + ")";
        else if (t.volumeOf("D1.cuda-runtime-api").files > 0)
            why = "the CUDA runtime API only (device management, one-to-one in HIP) in " +
                  files(t.volumeOf("D1.cuda-runtime-api").files);
        if (k.covered_files + np.covered_files > 0)
            p.mitigated_by = coveredBy;
        const auto low = rulesAt(t, Dimension::CustomKernels, Level::Low);
        set(p, Tier::Low,
            tr.files > 0  ? std::string("D1.triton-kernel")
            : low.empty() ? std::string()
                          : std::string(low.front().first),
            why);
    }
}

// The highest severity of a dimension with production files, and its volume.
struct SeverityFiles {
    Level level = Level::Low;
    RuleVolume volume;
    bool any = false;
};

SeverityFiles highestSeverity(const FindingTally& t, Dimension d) {
    for (Level l : {Level::High, Level::Medium, Level::Low}) {
        const RuleVolume v = t.severityVolume(d, l);
        if (v.files > 0)
            return {l, v, true};
    }
    return {};
}

// CUTLASS under less than two thirds of the kernel code (kCutlassCentral*): the files where it
// is the only High library, and the reason's clause; empty where CUTLASS is central or absent.
struct MinorCutlass {
    RuleVolume only;
    std::string reason;
};

MinorCutlass minorCutlass(const FindingTally& t) {
    const long long sources = t.volumeOf(FindingTally::kCutlassSourceVolume).files;
    const long long kernels = t.volumeOf(FindingTally::kKernelCodeVolume).files;
    if (sources == 0 || kCutlassCentralDenominator * sources >= kCutlassCentralNumerator * kernels)
        return {};
    return {t.volumeOf(FindingTally::kCutlassOnlyVolume),
            "; CUTLASS underlies " + std::to_string(sources) + " of " + files(kernels) +
                " with kernel code, less than two in three: its kernels are a part of the "
                "kernel code, ported with it (dimension 1)"};
}

void decideLibraries(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    const Dimension d = Dimension::Libraries;
    // Covered: a ROCm fork named in the same file, or anywhere for the package it forks.
    const auto withForks = [&](Level l) {
        RuleVolume v = t.severityVolume(d, l);
        long long forked = 0;
        for (const std::string& fork : t.forksNamed())
            forked += t.forkedPackageVolume(fork, l).files;
        v.covered_files = std::min(v.files, v.covered_files + forked);
        return v;
    };
    RuleVolume high = withForks(Level::High);
    const RuleVolume medium = withForks(Level::Medium);
    const RuleVolume low = t.severityVolume(d, Level::Low);
    auto highRules = rulesAt(t, d, Level::High);
    const MinorCutlass cutlass = minorCutlass(t);
    if (cutlass.only.files > 0) {
        // Files where CUTLASS is the only High library step down with it.
        high.files -= cutlass.only.files;
        high.covered_files =
            std::clamp(high.covered_files - cutlass.only.covered_files, 0LL, high.files);
        std::erase_if(highRules, [](const auto& r) { return r.first == "D2.cutlass"; });
    }
    const auto mediumRules = rulesAt(t, d, Level::Medium);
    const auto lowRules = rulesAt(t, d, Level::Low);
    const RuleVolume nvshmem = t.volumeOf("D4.nvshmem");
    long long serving = 0;
    std::string servingRule;
    for (std::string_view r : kServingRuntimes)
        if (const RuleVolume v = t.volumeOf(r); v.uncoveredFiles() > 0) {
            serving += v.uncoveredFiles();
            servingRule = std::string(r);
        }
    if (const RuleVolume v = t.volumeOf("serving-runtime-package"); v.files > 0 && serving == 0) {
        serving = v.files;
        servingRule = "D2.manifest-packages";
    }
    const long long covered = high.covered_files + medium.covered_files;
    const std::string coverage =
        covered > 0 ? "; " + std::to_string(covered) +
                          " file(s) covered by a ROCm fork of their package (one step down "
                          "each)"
                    : "";
    const std::string threshold = " (High from " + std::to_string(kCentralLibraryFiles) + ")";
    if (serving > 0) {
        set(p, Tier::High, servingRule,
            "the serving runtime has no drop-in on ROCm: " + listed(highRules) +
                " (TensorRT is High from one file: its engines are the whole backend)" + coverage);
    } else if (high.uncoveredFiles() >= kCentralLibraryFiles) {
        set(p, Tier::High, std::string(highRules.front().first),
            "NVIDIA libraries without a drop-in ROCm equivalent (" + listed(highRules) + ") in " +
                files(high.uncoveredFiles()) + threshold + coverage + cutlass.reason);
    } else if (nvshmem.files >= kCentralLibraryFiles) {
        set(p, Tier::High, "D4.nvshmem",
            "NVSHMEM, an NVIDIA library without a mature ROCm equivalent, in " +
                files(nvshmem.files) + threshold);
    } else if (high.uncoveredFiles() > 0) {
        set(p, Tier::Medium, std::string(highRules.front().first),
            "NVIDIA libraries without a drop-in ROCm equivalent in only " +
                files(high.uncoveredFiles()) + " (" + listed(highRules) + ")" + threshold +
                coverage + cutlass.reason);
    } else if (cutlass.only.uncoveredFiles() > 0) {
        set(p, Tier::Medium, "D2.cutlass",
            "CUTLASS, without a drop-in on ROCm, in " + files(cutlass.only.uncoveredFiles()) +
                cutlass.reason + coverage);
    } else if (medium.uncoveredFiles() > 0) {
        set(p, Tier::Medium, std::string(mediumRules.front().first),
            "libraries with partial ROCm equivalents (" + listed(mediumRules) + ") in " +
                files(medium.uncoveredFiles()) + coverage);
    } else if (high.covered_files >= kCentralLibraryFiles) {
        set(p, Tier::Medium, std::string(highRules.front().first),
            "NVIDIA libraries (" + listed(highRules) + ") whose ROCm forks are named" + coverage);
    } else if (low.files > 0 || covered > 0) {
        const auto& rules = covered > 0 ? (high.files > 0 ? highRules : mediumRules) : lowRules;
        set(p, Tier::Low, std::string(rules.front().first),
            covered > 0 ? "libraries whose ROCm forks are named (" + listed(rules) + ")" + coverage
                        : "libraries with mature ROCm equivalents only (" + listed(lowRules) +
                              ") in " + files(low.files));
    } else {
        set(p, Tier::Low, "", "no CUDA library called from production code");
    }
    if (covered > 0)
        if (const ScanFinding* fork = firstOf(
                c.held,
                [](const ScanFinding& f) { return isRule(f, "D2.rocm-fork") && production(f); });
            fork && (p.tier == Tier::Low || high.covered_files > 0))
            p.mitigated_by = std::string(fork->rule->id);
}

void decideFramework(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    const RuleVolume ext = t.volumeOf("D3.cpp-extension");
    const RuleVolume np = coveredVolume(c, CodeClass::NonPortableKernel);
    const RuleVolume direct = t.classVolume(CodeClass::DirectCudaApi);
    // Direct API calls in files a ROCm build compiles (a HIP path in the file, or a HIP build
    // of their folder: ggml's vendors/hip.h macro layer) are ported with their kernels.
    const RuleVolume directCovered = coveredVolume(c, CodeClass::DirectCudaApi);
    const RuleVolume triton = t.classVolume(CodeClass::Triton);
    const RuleVolume libraries = t.volumeOf("D3.kernel-libraries");
    const RuleVolume jit = t.volumeOf("D3.transitive-jit");
    const long long highLibraries = t.volumeOf("D3.kernel-libraries@high").files;
    // Kernel packages imported only inside functions, try blocks or ifs are optional
    // integrations (peft's, TRL's, unsloth's is_*_available() imports); one import at module
    // level puts them on the default path. Packages without a ROCm build count either way.
    const long long moduleLevel = t.volumeOf(FindingTally::kModuleLevelImportVolume).files;
    const bool librariesOnPath = moduleLevel > 0 || highLibraries > 0;
    const ScanFinding* raised = firstOf(c.held, [](const ScanFinding& f) {
        return isRule(f, "D3.kernel-libraries") && f.severity == Level::High;
    });
    const std::string optionalPackages =
        libraries.files >= kKernelLibraryFiles && !librariesOnPath
            ? "; kernel packages imported in " + files(libraries.files) +
                  ", every import inside a function, a try or an if: optional integrations, "
                  "not the default path"
            : "";
    const bool extensionBuildsOnRocm = c.buildHip && c.rocmPipeline;
    const std::string rocmBuild = extensionBuildsOnRocm
                                      ? "the extensions build for ROCm (" + describe(*c.buildHip) +
                                            ", exercised by " + describe(*c.rocmPipeline) + ")"
                                      : "";
    if (ext.files > 0 && np.uncoveredFiles() >= kSubstantialNonPortableFiles) {
        if (extensionBuildsOnRocm) {
            set(p, Tier::Medium, "D3.cpp-extension",
                "CUDA extensions (" + files(ext.files) + ") whose kernels are non-portable in " +
                    files(np.uncoveredFiles()) + ", but " + rocmBuild + " (one step below High)");
            p.mitigated_by = std::string(c.buildHip->rule->id);
            p.covers_repository = true;
        } else {
            set(p, Tier::High, "D3.cpp-extension",
                "CUDA extensions (" + files(ext.files) + ") whose kernels are non-portable in " +
                    files(np.uncoveredFiles()) + " (High from " +
                    std::to_string(kSubstantialNonPortableFiles) +
                    "); no ROCm build of them is exercised");
        }
    } else if (ext.files == 0 && directCovered.uncoveredFiles() >= kExtensiveDirectApiFiles) {
        set(p, Tier::High, "D1.cuda-runtime-api",
            "no framework in between: C/C++ calling the CUDA runtime or driver API or launching "
            "kernels itself in " +
                files(directCovered.uncoveredFiles()) + " (High from " +
                std::to_string(kExtensiveDirectApiFiles) + ")" +
                (directCovered.covered_files > 0
                     ? "; " + std::to_string(directCovered.covered_files) + " more built for ROCm"
                     : std::string()));
    } else if (ext.files == 0 && direct.files >= kExtensiveDirectApiFiles) {
        set(p, Tier::Medium, "D1.cuda-runtime-api",
            "no framework in between: C/C++ calling the CUDA runtime or driver API or launching "
            "kernels itself in " +
                files(direct.files) + ", but a ROCm build compiles " +
                std::to_string(directCovered.covered_files) + " of them (one step below High)");
        p.mitigated_by = "D1.rocm-build-sources";
    } else if (ext.files > 0) {
        set(p, Tier::Medium, "D3.cpp-extension",
            "CUDA extensions in " + files(ext.files) +
                (np.uncoveredFiles() > 0
                     ? " with non-portable kernels in only " + files(np.uncoveredFiles())
                     : " with portable kernels") +
                (c.buildHip ? "; a HIP build branch exists (" + describe(*c.buildHip) + ")"
                            : "; no HIP build branch"));
        if (c.buildHip)
            p.mitigated_by = std::string(c.buildHip->rule->id);
    } else if (direct.files >= kDirectApiFiles) {
        set(p, Tier::Medium, "D1.cuda-runtime-api",
            "no framework in between: direct CUDA API calls in " + files(direct.files) +
                " (Medium from " + std::to_string(kDirectApiFiles) + ", High from " +
                std::to_string(kExtensiveDirectApiFiles) + ")");
    } else if (libraries.files >= kKernelLibraryFiles && librariesOnPath) {
        set(p, Tier::Medium, "D3.kernel-libraries",
            "kernel packages (flash-attn, apex, transformer_engine, ...) imported in " +
                files(libraries.files) + " (Medium from " + std::to_string(kKernelLibraryFiles) +
                ": the code reaches the GPU through them)" +
                (highLibraries > 0
                     ? "; " + files(highLibraries) + " import packages without a ROCm build (" +
                           (raised ? describe(*raised) : std::string()) +
                           "): a dependency, weighed with the libraries"
                     : ""));
    } else if (triton.files >= kTritonFiles) {
        set(p, Tier::Medium, "D1.triton-kernel",
            "Triton kernels of its own in " + files(triton.files) + optionalPackages);
    } else if (jit.files > 0) {
        set(p, Tier::Medium, "D3.transitive-jit",
            "a dependency compiles CUDA at install or run time (" + files(jit.files) + ")" +
                optionalPackages);
    } else {
        std::string why = "standard framework use";
        if (!optionalPackages.empty())
            why += optionalPackages;
        else if (libraries.files > 0)
            why += "; kernel packages imported in only " + files(libraries.files) +
                   " (Medium from " + std::to_string(kKernelLibraryFiles) + ")";
        if (direct.files > 0)
            why += "; direct CUDA API calls in only " + files(direct.files) + " (Medium from " +
                   std::to_string(kDirectApiFiles) + ")";
        if (t.volumeOf("D3.torch-cuda-namespace").files > 0)
            why += "; torch.cuda.* in " + files(t.volumeOf("D3.torch-cuda-namespace").files) +
                   " (the same namespace on ROCm)";
        const auto low = rulesAt(t, Dimension::FrameworkUsage, Level::Low);
        set(p, Tier::Low,
            libraries.files > 0 ? std::string("D3.kernel-libraries")
            : low.empty()       ? std::string()
                                : std::string(low.front().first),
            why);
    }
    for (std::string_view id : {"D3.torch-compile", "D3.sdpa", "D3.abstraction-layer"})
        if (const ScanFinding* m = firstOf(
                c.held, [&](const ScanFinding& f) { return isRule(f, id) && production(f); }))
            p.reasons.push_back(describe(*m) +
                                ": in use, but it covers no extension or kernel package, so it "
                                "steps nothing down");
}

void decideDistributed(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    const long long beyondHits = t.volumeOf("D4.nccl-c-api").hits + t.volumeOf("D4.nvshmem").hits +
                                 t.volumeOf("D4.custom-comm").hits + t.fabricTuningHits();
    const std::string beyond = ruleCounts(
        t, std::array<std::string_view, 3>{"D4.nccl-c-api", "D4.nvshmem", "D4.custom-comm"});
    const ScanFinding* multi = t.multiNodeLaunch();
    const RuleVolume nvshmem = t.volumeOf("D4.nvshmem");
    const long long framework =
        t.volumeOf("D4.nccl-via-framework").files + t.volumeOf("D4.scale-frameworks").files +
        t.volumeOf("D4.nccl-env").files + t.volumeOf("D4.rdma-fabric").files;
    std::string across;
    if (multi)
        across = "multi-node launch at " + place(*multi) + " (" +
                 std::string(toString(multi->context)) + ")";
    else if (nvshmem.files > 0)
        across = "NVSHMEM, which reaches across nodes";
    if (beyondHits >= kCentralCommHits && !across.empty()) {
        set(p, Tier::High,
            topRule(t, std::array<std::string_view, 4>{"D4.nccl-c-api", "D4.nvshmem",
                                                       "D4.custom-comm", "D4.nccl-env"}),
            "communication beyond NCCL through the framework (" + beyond + " files; " +
                std::to_string(beyondHits) + " hits, High from " +
                std::to_string(kCentralCommHits) + ") with " + across);
    } else if (beyondHits > 0) {
        set(p, Tier::Medium,
            topRule(t, std::array<std::string_view, 4>{"D4.nccl-c-api", "D4.nvshmem",
                                                       "D4.custom-comm", "D4.nccl-env"}),
            "communication beyond the framework (" + beyond + " files; " +
                std::to_string(beyondHits) + " hits)" +
                (across.empty() ? " without multi-node evidence"
                                : " but little of it (High from " +
                                      std::to_string(kCentralCommHits) + " hits)"));
    } else if (framework > 0 && (c.workload != WorkloadKind::InferenceOnly || multi != nullptr)) {
        set(p, Tier::Medium,
            topRule(t,
                    std::array<std::string_view, 4>{"D4.nccl-via-framework", "D4.scale-frameworks",
                                                    "D4.nccl-env", "D4.rdma-fabric"}),
            "distributed work through the framework (" +
                ruleCounts(t, std::array<std::string_view, 4>{"D4.nccl-via-framework",
                                                              "D4.scale-frameworks", "D4.nccl-env",
                                                              "D4.rdma-fabric"}) +
                " files): it runs on RCCL unchanged" + (across.empty() ? "" : ", " + across));
    } else if (framework > 0) {
        set(p, Tier::Low, "D4.nccl-via-framework",
            "inference with the framework's collectives and no multi-node launch: one node");
    } else {
        set(p, Tier::Low, "", "no distributed communication in production code");
    }
}

// The stages of the delivery pipeline the CUDA toolchain runs through, for D5's breadth.
struct ToolchainStage {
    std::string_view name;
    std::array<std::string_view, 3> rules; // empty entries unused
};
constexpr std::array<ToolchainStage, 4> kToolchainStages = {{
    {"build", {"D5.nvcc", "D5.cmake-cuda", "D5.gitmodules"}},
    {"images", {"D5.nvidia-base-image", "", ""}},
    {"CI on NVIDIA runners", {"D5.ci-runner-labels", "", ""}},
    {"profiling", {"D5.profilers", "", ""}},
}};

void decideToolchain(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    const SeverityFiles top = highestSeverity(t, Dimension::Toolchain);
    // A CUDA extension built with torch's BuildExtension (or JIT-loaded) runs nvcc although no
    // build file names it: an nvcc build, as D5.nvcc is.
    const long long extensionBuilds = t.volumeOf("D3.cpp-extension").files;
    const bool implicitNvcc = extensionBuilds > 0 && (!top.any || top.level != Level::High);
    if (!top.any && !implicitNvcc) {
        set(p, Tier::Low, "", "no CUDA toolchain in the build, images or CI");
        return;
    }
    const auto atTop = top.any ? rulesAt(t, Dimension::Toolchain, top.level)
                               : decltype(rulesAt(t, Dimension::Toolchain, top.level)){};
    Tier tier = implicitNvcc || top.level == Level::High ? Tier::High
                : top.level == Level::Medium             ? Tier::Medium
                                                         : Tier::Low;
    std::string why;
    if (top.any)
        why = "the CUDA toolchain (" + listed(atTop) + ") in " + files(top.volume.files);
    if (implicitNvcc)
        why += (why.empty() ? "" : "; ") + std::string("nvcc run by torch's extension build (") +
               "D3.cpp-extension in " + files(extensionBuilds) + ")";
    const std::string deciding =
        implicitNvcc ? std::string("D3.cpp-extension") : std::string(atTop.front().first);
    if (c.rocmPipeline && tier != Tier::Low) {
        tier = tier == Tier::High ? Tier::Medium : Tier::Low;
        why += ", but a ROCm pipeline exists (" + describe(*c.rocmPipeline) + "): one step down";
        p.mitigated_by = std::string(c.rocmPipeline->rule->id);
        p.covers_repository = true;
    }
    if (tier == Tier::High) {
        // High is a 6-12-month project: the toolchain compiles a substantial kernel library, or
        // it runs through most stages of delivery. An nvcc build of a few extension files, or
        // a CUDA base image over Python code, is months.
        const RuleVolume np = t.classVolume(CodeClass::NonPortableKernel);
        const RuleVolume k = t.classVolume(CodeClass::Kernel);
        const bool library =
            np.files >= kSubstantialNonPortableFiles || k.files >= kSubstantialKernelFiles;
        std::vector<std::string> stages;
        for (const ToolchainStage& stage : kToolchainStages)
            if ((stage.name == "build" && extensionBuilds > 0) ||
                std::any_of(stage.rules.begin(), stage.rules.end(), [&](std::string_view r) {
                    return !r.empty() && t.volumeOf(r).files > 0;
                }))
                stages.emplace_back(stage.name);
        std::string stageList;
        for (const std::string& s : stages)
            stageList += (stageList.empty() ? "" : ", ") + s;
        if (library)
            why += "; it compiles a substantial kernel library (" +
                   count(np.files, "non-portable kernel file") + ", " +
                   count(k.files, "kernel file") + ")";
        else if (int(stages.size()) >= kToolchainStagesHigh)
            why += "; it runs through " + std::to_string(stages.size()) + " stages (" + stageList +
                   "; High from " + std::to_string(kToolchainStagesHigh) + ")";
        else {
            tier = Tier::Medium;
            why += "; but it compiles no substantial kernel library (" +
                   count(np.files, "non-portable kernel file") + ", " +
                   count(k.files, "kernel file") + ") and runs through " +
                   std::to_string(stages.size()) + " of the stages (" + stageList + "; High from " +
                   std::to_string(kToolchainStagesHigh) + ")";
        }
    }
    set(p, tier, deciding, why);
}

// The rubric over what the tally holds.
ScanProposal propose(const FindingTally& tally, std::optional<WorkloadKind> workload) {
    std::vector<const ScanFinding*> held;
    held.reserve(tally.proposalFindings().size());
    for (const FindingTally::Held& h : tally.proposalFindings())
        held.push_back(&h.finding);
    Context c{tally, held, workload};
    for (const ScanFinding* f : held) {
        if (!production(*f) || f->rule->kind != RuleKind::Mitigation)
            continue;
        const bool hipBranch = isRule(*f, "D1.hip-branch-cxx") || isRule(*f, "D3.hip-branch-py");
        // A HIP branch decides the build where it sits in a build definition or reads
        // cpp_extension's IS_HIP_EXTENSION (a build-time constant); hipify rewrites the sources.
        const bool buildTime =
            isBuildPath(f->path) || f->match.find("IS_HIP_EXTENSION") != std::string::npos;
        if (!c.buildHip && (isRule(*f, "D3.hipify") || (hipBranch && buildTime)))
            c.buildHip = f;
        if (!c.rocmPipeline && (isRule(*f, "D5.rocm-image") || isRule(*f, "D5.rocm-container") ||
                                isRule(*f, "D5.rocm-ci") || isRule(*f, "D5.rocm-ci-workflow")))
            c.rocmPipeline = f;
    }
    c.buildFolders = rocmBuildFolders(held);

    ScanProposal out;
    for (Dimension d : kAllDimensions) {
        DimensionProposal& p = out.dimensions[static_cast<std::size_t>(d)];
        p.dimension = d;
        switch (d) {
        case Dimension::CustomKernels:
            decideKernels(p, c);
            break;
        case Dimension::Libraries:
            decideLibraries(p, c);
            break;
        case Dimension::FrameworkUsage:
            decideFramework(p, c);
            break;
        case Dimension::Distributed:
            decideDistributed(p, c);
            break;
        case Dimension::Toolchain:
            decideToolchain(p, c);
            break;
        case Dimension::TeamKnowledge:
            p.scanned = false;
            p.tier = Tier::Medium;
            p.reasons.push_back("not scanned: answer the team-knowledge questionnaire "
                                "(default Medium until then)");
            continue;
        }
        if (const long long elsewhere = tally.elsewhereOf(d); elsewhere > 0)
            p.reasons.push_back(std::to_string(elsewhere) +
                                " finding(s) in comments, docstrings, string literals, tests, "
                                "examples, benchmarks or vendored code do not set the tier");
    }
    return out;
}

} // namespace

ScanProposal proposeTiers(const FindingTally& tally, std::optional<WorkloadKind> workload) {
    return propose(tally, workload);
}

ScanProposal proposeTiers(const std::vector<ScanFinding>& findings,
                          std::optional<WorkloadKind> workload) {
    FindingTally tally(0); // the rubric reads no evidence
    for (const ScanFinding& f : findings)
        tally.add(f);
    return proposeTiers(tally, workload);
}

} // namespace crossgrade::model
