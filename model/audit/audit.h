#pragma once

// The six-dimension CUDA-dependency audit of the article ("How do you audit your
// organisation's actual CUDA dependency level?"), as plain data.

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

enum class Tier { Low, Medium, High };

// The order is the article's numbering (Dimension 1 ... Dimension 6).
enum class Dimension {
    CustomKernels,
    Libraries,
    FrameworkUsage,
    Distributed,
    Toolchain,
    TeamKnowledge
};
inline constexpr std::size_t kDimensionCount = 6;
inline constexpr std::array<Dimension, kDimensionCount> kAllDimensions{
    Dimension::CustomKernels, Dimension::Libraries, Dimension::FrameworkUsage,
    Dimension::Distributed,   Dimension::Toolchain, Dimension::TeamKnowledge};

enum class WorkloadKind { InferenceOnly, Training, Mixed, Greenfield };
inline constexpr std::array<WorkloadKind, 4> kAllWorkloadKinds{
    WorkloadKind::InferenceOnly, WorkloadKind::Training, WorkloadKind::Mixed,
    WorkloadKind::Greenfield};

// Severity and confidence of a piece of evidence share the three levels.
enum class Level { Low, Medium, High };

// String: inside a C/C++ string literal (a rule table, a message), which is not a use.
enum class EvidenceContext { Code, Comment, Docstring, Test, Benchmark, Example, Vendored, String };

// File-format names ("custom_kernels", "high", "inference-only", ...). parse* return
// nullopt for an unknown name so the caller can report where it met it.
std::string_view toString(Tier tier);
std::string_view toString(Dimension dimension);
std::string_view toString(WorkloadKind kind);
std::string_view toString(Level level);
std::string_view toString(EvidenceContext context);
std::optional<Tier> parseTier(std::string_view name);
std::optional<Dimension> parseDimension(std::string_view name);
std::optional<WorkloadKind> parseWorkloadKind(std::string_view name);
std::optional<Level> parseLevel(std::string_view name);
std::optional<EvidenceContext> parseEvidenceContext(std::string_view name);

// Human titles for reports and the CLI ("Custom kernel code", "Inference only").
std::string_view title(Dimension dimension);
std::string_view title(WorkloadKind kind);
std::string_view title(Tier tier);

// One place in the code that supports a dimension's tier (scanner-patterns.md §11).
struct EvidenceItem {
    std::string rule_id;
    Level severity = Level::Medium;
    Level confidence = Level::Medium;
    std::string path;
    int line = 1; // 1-based
    std::optional<int> col;
    std::string snippet;
    EvidenceContext context = EvidenceContext::Code;
    std::string rocm_equivalent;
    std::optional<std::string> mitigated_by;

    bool operator==(const EvidenceItem&) const = default;
};

// A "ROCm path exists" signal found next to the dependency (scanner-patterns.md §8).
struct Mitigation {
    std::string rule_id;
    std::string path;
    std::optional<int> line;
    std::string snippet;
    std::string note;

    bool operator==(const Mitigation&) const = default;
};

// A reviewer's decision that replaces the proposed tier.
struct TierOverride {
    Tier tier = Tier::Low;
    std::string reason;

    bool operator==(const TierOverride&) const = default;
};

struct DimensionAssessment {
    Tier tier = Tier::Low; // the tier that counts (the override's where there is one)
    std::string notes;
    std::vector<EvidenceItem> evidence;
    std::map<std::string, int> findings; // hits per rule id
    std::optional<Tier> proposed_tier;   // what a scan proposed
    std::vector<std::string> reasons;    // why the scan proposed it, in the rubric's order
    std::optional<TierOverride> override_tier;
    std::vector<Mitigation> mitigations;

    // Evidence items marked covered by `mitigation` (its rule id), or by any mitigation when it
    // is empty: a scan steps down only the findings a mitigation covers.
    std::size_t coveredEvidence(std::string_view mitigation = {}) const;

    bool operator==(const DimensionAssessment&) const = default;
};

// A file a scan did not read, and why.
struct SkippedFile {
    std::string path;
    std::string reason;

    bool operator==(const SkippedFile&) const = default;
};

// One repository of a scanned organisation: what the scan read there and what it proposed for
// that repository alone (the audit's own tiers rate them all together).
struct RepositoryBreakdown {
    std::string name; // the prefix of this repository's evidence paths ("<name>/src/x.cu")
    std::string root; // where it was scanned, as given
    long long files_scanned = 0;
    long long bytes_scanned = 0;
    long long files_not_scanned = 0;
    // Per dimension 1-5: the tier proposed from this repository's findings alone, and its count
    // of findings (every context). Team knowledge is not scanned: nullopt and 0.
    std::array<std::optional<Tier>, kDimensionCount> proposed{};
    std::array<long long, kDimensionCount> findings{};
    std::vector<std::string> submodules; // "path (url)" from .gitmodules

    bool operator==(const RepositoryBreakdown&) const = default;
};

// What the path rules read from an audit: the tiers, the workload and the two facts.
struct AuditProfile {
    std::array<Tier, kDimensionCount> tiers{};
    WorkloadKind workload = WorkloadKind::InferenceOnly;
    bool tensorrt = false;   // TensorRT in the inference pipeline
    bool multi_node = false; // multi-node distributed training (NCCL across nodes)

    Tier tier(Dimension d) const { return tiers[static_cast<std::size_t>(d)]; }
    bool isHigh(Dimension d) const { return tier(d) == Tier::High; }
    int highCount() const;
    bool operator==(const AuditProfile&) const = default;
};

struct Audit {
    std::string name;
    std::string organisation;
    std::string date; // ISO 8601 date of the audit, free-form where unknown
    std::string notes;
    WorkloadKind workload = WorkloadKind::InferenceOnly;
    std::array<DimensionAssessment, kDimensionCount> dimensions{};
    bool tensorrt = false;
    bool multi_node = false;
    std::vector<SkippedFile> not_scanned;
    std::vector<RepositoryBreakdown> repositories; // set by a scan of one or more repositories

    DimensionAssessment& dimension(Dimension d) { return dimensions[static_cast<std::size_t>(d)]; }
    const DimensionAssessment& dimension(Dimension d) const {
        return dimensions[static_cast<std::size_t>(d)];
    }
    AuditProfile profile() const;

    bool operator==(const Audit&) const = default;
};

} // namespace crossgrade::model
