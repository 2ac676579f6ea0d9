#include "audit.h"

#include <algorithm>

namespace crossgrade::model {

namespace {

template <typename Enum, std::size_t N>
std::optional<Enum> lookup(const std::array<std::pair<Enum, std::string_view>, N>& table,
                           std::string_view name) {
    const auto it = std::find_if(table.begin(), table.end(),
                                 [name](const auto& entry) { return entry.second == name; });
    if (it == table.end())
        return std::nullopt;
    return it->first;
}

template <typename Enum, std::size_t N>
std::string_view nameOf(const std::array<std::pair<Enum, std::string_view>, N>& table, Enum value) {
    return table[static_cast<std::size_t>(value)].second;
}

// Tables are in enum order so nameOf() can index them.
constexpr std::array<std::pair<Tier, std::string_view>, 3> kTierNames{
    {{Tier::Low, "low"}, {Tier::Medium, "medium"}, {Tier::High, "high"}}};
constexpr std::array<std::pair<Dimension, std::string_view>, kDimensionCount> kDimensionNames{
    {{Dimension::CustomKernels, "custom_kernels"},
     {Dimension::Libraries, "libraries"},
     {Dimension::FrameworkUsage, "framework_usage"},
     {Dimension::Distributed, "distributed"},
     {Dimension::Toolchain, "toolchain"},
     {Dimension::TeamKnowledge, "team_knowledge"}}};
constexpr std::array<std::pair<WorkloadKind, std::string_view>, 4> kWorkloadNames{
    {{WorkloadKind::InferenceOnly, "inference-only"},
     {WorkloadKind::Training, "training"},
     {WorkloadKind::Mixed, "mixed"},
     {WorkloadKind::Greenfield, "greenfield"}}};
constexpr std::array<std::pair<Level, std::string_view>, 3> kLevelNames{
    {{Level::Low, "low"}, {Level::Medium, "medium"}, {Level::High, "high"}}};
constexpr std::array<std::pair<EvidenceContext, std::string_view>, 8> kContextNames{
    {{EvidenceContext::Code, "code"},
     {EvidenceContext::Comment, "comment"},
     {EvidenceContext::Docstring, "docstring"},
     {EvidenceContext::Test, "test"},
     {EvidenceContext::Benchmark, "benchmark"},
     {EvidenceContext::Example, "example"},
     {EvidenceContext::Vendored, "vendored"},
     {EvidenceContext::String, "string"}}};

constexpr std::array<std::pair<Dimension, std::string_view>, kDimensionCount> kDimensionTitles{
    {{Dimension::CustomKernels, "Custom kernel code"},
     {Dimension::Libraries, "Library dependencies"},
     {Dimension::FrameworkUsage, "Framework usage patterns"},
     {Dimension::Distributed, "Distributed training and communication"},
     {Dimension::Toolchain, "Toolchain and CI/CD"},
     {Dimension::TeamKnowledge, "Team knowledge"}}};
constexpr std::array<std::pair<WorkloadKind, std::string_view>, 4> kWorkloadTitles{
    {{WorkloadKind::InferenceOnly, "Inference only"},
     {WorkloadKind::Training, "Training"},
     {WorkloadKind::Mixed, "Mixed inference and training"},
     {WorkloadKind::Greenfield, "Greenfield (new workload)"}}};
constexpr std::array<std::pair<Tier, std::string_view>, 3> kTierTitles{
    {{Tier::Low, "Low"}, {Tier::Medium, "Medium"}, {Tier::High, "High"}}};

} // namespace

std::string_view toString(Tier tier) {
    return nameOf(kTierNames, tier);
}
std::string_view toString(Dimension dimension) {
    return nameOf(kDimensionNames, dimension);
}
std::string_view toString(WorkloadKind kind) {
    return nameOf(kWorkloadNames, kind);
}
std::string_view toString(Level level) {
    return nameOf(kLevelNames, level);
}
std::string_view toString(EvidenceContext context) {
    return nameOf(kContextNames, context);
}

std::optional<Tier> parseTier(std::string_view name) {
    return lookup(kTierNames, name);
}
std::optional<Dimension> parseDimension(std::string_view name) {
    return lookup(kDimensionNames, name);
}
std::optional<WorkloadKind> parseWorkloadKind(std::string_view name) {
    return lookup(kWorkloadNames, name);
}
std::optional<Level> parseLevel(std::string_view name) {
    return lookup(kLevelNames, name);
}
std::optional<EvidenceContext> parseEvidenceContext(std::string_view name) {
    return lookup(kContextNames, name);
}

std::string_view title(Dimension dimension) {
    return nameOf(kDimensionTitles, dimension);
}
std::string_view title(WorkloadKind kind) {
    return nameOf(kWorkloadTitles, kind);
}
std::string_view title(Tier tier) {
    return nameOf(kTierTitles, tier);
}

int AuditProfile::highCount() const {
    return static_cast<int>(std::count(tiers.begin(), tiers.end(), Tier::High));
}

AuditProfile Audit::profile() const {
    AuditProfile p;
    for (std::size_t i = 0; i < kDimensionCount; ++i)
        p.tiers[i] = dimensions[i].tier;
    p.workload = workload;
    p.tensorrt = tensorrt;
    p.multi_node = multi_node;
    return p;
}

std::size_t DimensionAssessment::coveredEvidence(std::string_view mitigation) const {
    return static_cast<std::size_t>(
        std::count_if(evidence.begin(), evidence.end(), [&](const EvidenceItem& item) {
            return item.mitigated_by && (mitigation.empty() || *item.mitigated_by == mitigation);
        }));
}

} // namespace crossgrade::model
