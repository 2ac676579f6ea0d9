#pragma once

// From a scan's findings to a proposed tier per dimension (scanner-patterns.md §10), each with
// the reasons a reviewer reads before confirming or overriding it.

#include "audit.h"
#include "scan_matcher.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace crossgrade::model {

// The most items a scanned audit's evidence or mitigations list may hold: the audit reader's
// limit per list (data::kMaxItemsPerList, docs/limits.md), so a scan's own audit reads back.
inline constexpr std::size_t kMaxScanListItems = 10'000;

// What the rubric (proposeTiers) and the audit (applyScan) read of a scan, gathered one finding
// at a time in scan order (file order, then line order), in bounded memory however many
// findings there are: every finding is counted (per rule and dimension, exactly), but only the
// findings a proposal or an audit can show are kept:
// - per dimension, the `evidence_per_dimension` best ranked as applyScan ranks evidence
//   (context weight, then severity, then path, then line, then scan order);
// - per dimension, the first production finding of each severity, the first that goes beyond
//   NCCL through the framework, the first production scale signal of each rule, and the first
//   kMaxScanListItems production mitigations that cover it; the first non-portable kernel.
// So proposeTiers and applyScan over a tally give what they give over every finding, with at
// most `evidence_per_dimension` evidence items.
// How much production code stands behind a rule: distinct files in context Code, hits, and how
// many of those files also hold a HIP path (a mitigation in the same file that covers the
// rule's dimension: `#ifdef __HIP_PLATFORM_AMD__` in the kernel's own file).
struct RuleVolume {
    long long files = 0;
    long long hits = 0;
    long long covered_files = 0;
    long long uncoveredFiles() const { return files - covered_files; }
};

// The kinds of production kernel code the rubric weighs by volume (distinct files each):
// non-portable kernels (inline PTX, wmma, Hopper/Blackwell features, CuTe DSL, CUTLASS, NVRTC,
// numba/pycuda kernels), portable CUDA kernels (.cu sources, kernel qualifiers and launches,
// warp intrinsics, CuPy/load_inline kernels), Triton kernels, and C/C++ files calling the CUDA
// runtime or driver API or launching kernels themselves.
enum class CodeClass { NonPortableKernel, Kernel, Triton, DirectCudaApi };
inline constexpr std::size_t kCodeClassCount = 4;

class FindingTally {
public:
    explicit FindingTally(std::size_t evidence_per_dimension);

    void add(const ScanFinding& finding);
    // `later`'s findings come after this tally's in scan order; with a non-empty `pathPrefix`
    // their paths are prefixed by it (a repository's name in an organisation scan).
    void merge(const FindingTally& later, const std::string& pathPrefix = {});

    std::size_t evidencePerDimension() const { return m_evidenceCap; }
    std::uint64_t findingCount() const { return m_seen; } // every finding added or merged
    std::size_t keptCount() const; // findings held now (evidence and proposal's own)
    bool empty() const { return m_seen == 0; }

    // Hits per rule id of a dimension in every context (mitigation signals are not counted).
    const std::map<std::string, long long>& findingsOf(Dimension d) const {
        return m_counts[static_cast<std::size_t>(d)];
    }
    // Findings of a dimension (kind Finding) outside production code.
    long long elsewhereOf(Dimension d) const { return m_elsewhere[static_cast<std::size_t>(d)]; }

    struct Held {
        std::uint64_t seq = 0; // place in scan order
        ScanFinding finding;
    };
    // The findings the rubric reads, in scan order.
    const std::vector<Held>& proposalFindings() const { return m_proposal; }
    // A dimension's best evidence, best first.
    std::vector<const ScanFinding*> evidenceOf(Dimension d) const;

    // Volumes, counted as findings come in file order (a file is counted once its findings are
    // all in: when the next file starts, or when a volume is read). `rule` is a rule id, or
    // "ID@SEVERITY" for its findings at one severity ("D3.kernel-libraries@high").
    RuleVolume volumeOf(std::string_view rule) const;
    RuleVolume classVolume(CodeClass c) const;
    // Synthetic volumes for CUTLASS's share of the kernel code (decideLibraries): files holding
    // kernel code of any kind, source files built on CUTLASS, and files where CUTLASS is the
    // only D2 finding at High.
    static constexpr std::string_view kKernelCodeVolume = "kernel-code";
    static constexpr std::string_view kCutlassSourceVolume = "cutlass-source";
    static constexpr std::string_view kCutlassOnlyVolume = "cutlass-only@high";
    // Files importing a kernel package at module level (not inside a function, try or if):
    // the package is on the module's load path, not an optional integration.
    static constexpr std::string_view kModuleLevelImportVolume = "D3.kernel-libraries:module-level";
    // Distinct production files of a dimension's findings at `severity` (severity after the
    // rule's refinements), and of those covered in the same file.
    RuleVolume severityVolume(Dimension d, Level severity) const;
    // The first multi-node launch in code, tests, examples or benchmarks (not comments): how the
    // code is run is shown by its examples as much as by its own scripts.
    const ScanFinding* multiNodeLaunch() const { return m_multiNode ? &*m_multiNode : nullptr; }
    // Hits of NVLS/CollNet NCCL tuning in source files (not CI settings).
    long long fabricTuningHits() const { return m_fabricTuningHits; }
    // The ROCm forks production code names (D2.rocm-fork: "ROCm/flash-attention"), and the
    // production files of packages each fork replaces at a severity (a fork covers its package
    // wherever the package is named: coverage by library).
    const std::set<std::string>& forksNamed() const { return m_forksNamed; }
    RuleVolume forkedPackageVolume(std::string_view fork, Level severity) const {
        return volumeOf("fork:" + std::string(fork) + "@" + std::string(toString(severity)));
    }
    // The Finding rules that a ROCm library in production code covers wherever they are (a
    // mitigation's covers_rule: "D2.cublaslt"), each with the mitigation that covers it.
    const std::map<std::string, std::string, std::less<>>& librariesCovered() const {
        return m_librariesCovered;
    }
    // Production files whose only finding of its dimension at `severity` is `rule`, and that no
    // mitigation in the file covers: the files that coverage of that one library steps down.
    RuleVolume soleRuleVolume(std::string_view rule, Level severity) const {
        return volumeOf("sole:" + std::string(rule) + "@" + std::string(toString(severity)));
    }
    // Packages production manifests name only as optional extras (scan_manifest_sections.h),
    // each with the severity the package table gives it in a default install; and the kernel
    // packages production code imports at module level (D3.kernel-libraries unindented: on a
    // module's load path, not inside a guard), by packageKey(). An optional extra the code
    // imports so counts in full (decideLibraries).
    const std::map<std::string, Level, std::less<>>& optionalPackages() const {
        return m_optionalPackages;
    }
    const std::set<std::string, std::less<>>& importedPackages() const {
        return m_importedPackages;
    }
    // The production files of a kernel class (non-portable or portable kernels, direct CUDA API
    // calls) without a HIP path of their own, in file order: a ROCm build that compiles their
    // folder covers them (coverage by build target, scan_rubric_tiers.cpp).
    const std::vector<std::string>& uncoveredKernelPaths(CodeClass c) const;

private:
    struct Ranked {
        std::uint64_t seq = 0;
        ScanFinding finding;
    };
    struct Better {
        bool operator()(const Ranked& a, const Ranked& b) const;
    };
    void offer(const ScanFinding& finding, std::uint64_t seq, bool counted);
    bool neededByProposal(const ScanFinding& finding);

    std::size_t m_evidenceCap;
    std::uint64_t m_seen = 0;
    std::array<std::map<std::string, long long>, kDimensionCount> m_counts{};
    std::array<long long, kDimensionCount> m_elsewhere{};
    std::array<std::set<Ranked, Better>, kDimensionCount> m_evidence{};
    std::vector<Held> m_proposal;
    // What the proposal already holds: per dimension, severities seen, "beyond framework" seen,
    // scale rules seen, mitigations held; and the first non-portable kernel.
    std::array<std::array<bool, 3>, kDimensionCount> m_firstOfSeverity{};
    std::array<bool, kDimensionCount> m_firstBeyond{};
    std::array<std::set<std::string>, kDimensionCount> m_scaleRules{};
    std::array<std::size_t, kDimensionCount> m_mitigationsHeld{};
    bool m_nonPortable = false;

    // The file being read: its production finding rules (with their severities) and what the
    // mitigations in it cover; counted into the volumes by settle().
    void settle() const;
    void countCutlassShare(unsigned classes) const;
    void countVolume(const ScanFinding& finding);
    void noteOptionalPackage(const std::string& package, Level severity);
    mutable std::string m_filePath;
    mutable std::set<std::pair<const ScanRule*, Level>> m_fileRules;
    mutable unsigned m_fileCovers = 0;
    mutable bool m_fileImportsAtModuleLevel = false; // a kernel package imported unindented
    mutable std::set<std::pair<std::string, Level>> m_fileForks; // packages' forks in the file
    std::set<std::string> m_forksNamed;
    std::map<std::string, std::string, std::less<>> m_librariesCovered;
    std::map<std::string, Level, std::less<>> m_optionalPackages;
    std::set<std::string, std::less<>> m_importedPackages;
    mutable std::map<std::string, RuleVolume, std::less<>> m_volumes;
    mutable std::array<RuleVolume, kCodeClassCount> m_classes{};
    mutable std::array<std::vector<std::string>, kCodeClassCount> m_uncoveredPaths{};
    mutable std::array<std::array<RuleVolume, 3>, kDimensionCount> m_severities{};
    std::optional<ScanFinding> m_multiNode;
    long long m_fabricTuningHits = 0;
};

// A folder a ROCm build compiles, and the mitigation that says so (coverage by build target).
struct CoveredFolder {
    std::string folder; // a path prefix ("server/custom_kernels/"; "" is the whole repository)
    std::string rule_id;
    std::string path; // where the mitigation was found
    int line = 0;
};

struct DimensionProposal {
    Dimension dimension = Dimension::CustomKernels;
    Tier tier = Tier::Low;
    bool scanned = true;       // false for team knowledge (a questionnaire)
    std::string deciding_rule; // the rule that set the tier before any step-down
    std::string mitigated_by;  // the mitigation that stepped it down, if one did
    // The step-down covers the whole repository (a ROCm build or pipeline), not only the files
    // holding a HIP path: applyScan marks every production evidence item as mitigated then.
    bool covers_repository = false;
    // Folders a ROCm build compiles (a ROCm image's COPY, a CMake project with the HIP
    // language) that cover kernel files of this dimension: applyScan marks the production
    // evidence under them as mitigated by that rule.
    std::vector<CoveredFolder> covered_folders;
    std::vector<std::string> reasons; // in the order they were applied
};

struct ScanProposal {
    std::array<DimensionProposal, kDimensionCount> dimensions{};
    const DimensionProposal& dimension(Dimension d) const {
        return dimensions[static_cast<std::size_t>(d)];
    }
};

// The rubric:
// - a dimension's tier is the highest severity among its findings in production code (context
//   Code: not comments, docstrings, tests, examples, benchmarks or vendored code);
// - a mitigation in production code that covers the dimension steps it down one notch (never
//   below Low), except that a HIP branch cannot rescue a CUDA extension (D3.cpp-extension) whose
//   kernels use non-portable code (D1 inline PTX, wmma, Hopper/Blackwell features, CUTLASS/CuTe);
// - D3.torch-cuda-namespace is Low by definition, so torch.cuda.* alone leaves D3 Low;
// - D4 reads multi-node evidence (D4.multi-node-launch): without it D4 is Low, or Medium when
//   the NCCL C API, NVSHMEM or custom communication kernels are used on one node; with it NCCL
//   through the framework (or NCCL_* settings, RDMA fabric setup) is Medium, and High needs the
//   NCCL C API, NVSHMEM, custom communication or NVLS/CollNet/SHARP tuning;
// - team knowledge is not scanned: Medium, with a note to answer the questionnaire.
ScanProposal proposeTiers(const std::vector<ScanFinding>& findings,
                          std::optional<WorkloadKind> workload = std::nullopt);
ScanProposal proposeTiers(const FindingTally& tally,
                          std::optional<WorkloadKind> workload = std::nullopt);

// Writes a scan into an audit (DESIGN.md, "the audit's evidence item"), per scanned dimension:
// `proposed_tier` from the proposal; `findings`, the hits per rule id in every context;
// `evidence`, the dimension's findings and scale context ranked by context weight, then
// severity, then place, at most `top_n`, each marked `mitigated_by` where the proposal stepped
// the dimension down; `mitigations`, the first kMaxScanListItems signals in code that cover it.
// The tier that counts, the reviewer's override and the notes are left alone: the reviewer
// decides. Over a tally, at most its evidencePerDimension() items are kept.
void applyScan(Audit& audit, const std::vector<ScanFinding>& findings, const ScanProposal& proposal,
               std::size_t top_n = 20);
void applyScan(Audit& audit, const FindingTally& tally, const ScanProposal& proposal,
               std::size_t top_n = 20);

} // namespace crossgrade::model
