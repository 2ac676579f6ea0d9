// The rubric's tier rules for dimensions 3 to 5 (scan_rubric_tiers.cpp has 1, 2 and the
// proposal): how the code reaches the GPU through its framework, how it communicates, and what
// builds and ships it.

#include "scan_rubric_tiers_internal.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model::rubric {

void decideFramework(DimensionProposal& p, const Context& c) {
    const FindingTally& t = c.tally;
    const RuleVolume ext = t.volumeOf("D3.cpp-extension");
    const RuleVolume np = coveredVolume(c, CodeClass::NonPortableKernel);
    const RuleVolume direct = t.classVolume(CodeClass::DirectCudaApi);
    // Direct API calls in files a ROCm build compiles (a HIP path in the file, or a HIP build
    // of their folder: ggml's vendors/hip.h macro layer) are ported with their kernels.
    long long directByBuild = 0;
    const RuleVolume directCovered = coveredVolume(c, CodeClass::DirectCudaApi, &directByBuild);
    const RuleVolume triton = t.classVolume(CodeClass::Triton);
    // Non-portable kernel code in Python files without a HIP path: a kernel DSL (quack's CuTe DSL).
    long long pythonKernels = 0;
    for (const std::string& path : t.uncoveredKernelPaths(CodeClass::NonPortableKernel))
        pythonKernels += endsWith(path, ".py") ? 1 : 0;
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
        // A HIP build of their folder, or else the HIP path in their own files.
        p.mitigated_by = directByBuild > 0 ? std::string("D1.rocm-build-sources")
                                           : coveringMitigation(c, Dimension::CustomKernels);
    } else if (ext.files == 0 && pythonKernels >= kSubstantialNonPortableFiles &&
               pythonKernels >= triton.files) {
        set(p, Tier::High,
            topRule(t, std::array<std::string_view, 4>{"D1.cute-dsl", "D1.numba-cuda", "D1.pycuda",
                                                       "D1.nvrtc"}),
            "kernels of its own in a Python kernel DSL without a HIP path (CuTe DSL, Numba, "
            "PyCUDA, NVRTC) in " +
                files(pythonKernels) + " (High from " +
                std::to_string(kSubstantialNonPortableFiles) +
                "): the framework's operators are non-portable kernels, as an extension's are");
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
    // NVIDIA plumbing in one file (a runner label, a wheel pin, a GPU-runtime flag) is a day's
    // edit, not months.
    if (tier == Tier::Medium && top.volume.files < kToolchainPlumbingFiles) {
        tier = Tier::Low;
        why += " only (Medium from " + std::to_string(kToolchainPlumbingFiles) +
               " files): a day's edit";
    }
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

} // namespace crossgrade::model::rubric
