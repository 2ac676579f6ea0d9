#pragma once

// Dimension 6 of the audit is not something a scanner can read from code
// (scanner-patterns.md §7: "Questionnaire only"). A few answers about the team propose a tier
// by the rule documented in docs/rules.md, "Team knowledge questionnaire"; the reviewer decides.

#include "audit.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace crossgrade::model {

namespace article {
inline constexpr std::string_view kTeamKnowledge =
    "Dimension 6: Team knowledge. ML team working primarily at the PyTorch level is Low. "
    "Multiple engineers whose primary value is CUDA-specific kernel expertise is High.";
} // namespace article

// How far the team has already run workloads on ROCm.
enum class RocmExperience { None, Some, Production };
inline constexpr std::array<RocmExperience, 3> kAllRocmExperiences{
    RocmExperience::None, RocmExperience::Some, RocmExperience::Production};
std::string_view toString(RocmExperience experience); // "none", "some", "production"
std::optional<RocmExperience> parseRocmExperience(std::string_view name);
// "None", "Some (experiments, pilots)", "In production"
std::string_view title(RocmExperience experience);

struct TeamKnowledgeAnswers {
    int cuda_kernel_engineers = 0;    // engineers whose main value is CUDA kernel expertise
    int team_size = 1;                // the ML engineering team, those engineers included
    double pytorch_level_share = 1.0; // fraction of the team working primarily at PyTorch level
    RocmExperience rocm_experience = RocmExperience::None;

    bool operator==(const TeamKnowledgeAnswers&) const = default;
};

// The thresholds the rule decides by (docs/rules.md, "Team knowledge questionnaire").
inline constexpr int kSeveralKernelEngineers = 2;      // the article's "multiple engineers"
inline constexpr double kPrimarilyPyTorchShare = 0.75; // "primarily at the PyTorch level"

struct TeamKnowledgeProposal {
    std::optional<Tier> tier; // nullopt when the answers contradict each other
    std::string reason;       // one sentence: why this tier, or what is wrong with the answers
    std::string_view source = article::kTeamKnowledge;
};

// The documented rule (docs/rules.md): High with two or more CUDA-kernel engineers; otherwise
// Low when at least three quarters of the team work at PyTorch level, Medium in between;
// ROCm experience in production then steps the tier down one notch.
TeamKnowledgeProposal proposeTeamKnowledgeTier(const TeamKnowledgeAnswers& answers);

} // namespace crossgrade::model
