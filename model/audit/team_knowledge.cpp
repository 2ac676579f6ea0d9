#include "team_knowledge.h"

#include <cmath>

namespace crossgrade::model {

namespace {

std::string percent(double share) {
    return std::to_string(static_cast<int>(std::lround(share * 100.0))) + " %";
}

std::string engineers(int count) {
    return std::to_string(count) + (count == 1 ? " engineer" : " engineers");
}

// The answers are typed in by hand; a proposal from contradictory ones would look authoritative
// while resting on nothing, so they yield no tier and say what is wrong instead.
std::optional<std::string> contradiction(const TeamKnowledgeAnswers& a) {
    if (a.team_size < 1)
        return "The team must have at least one engineer; the questionnaire proposes no tier.";
    if (a.cuda_kernel_engineers < 0)
        return "The number of CUDA-kernel engineers cannot be negative; the questionnaire "
               "proposes no tier.";
    if (a.cuda_kernel_engineers > a.team_size)
        return std::to_string(a.cuda_kernel_engineers) +
               " CUDA-kernel engineers cannot be more than the team of " +
               std::to_string(a.team_size) + "; the questionnaire proposes no tier.";
    if (!std::isfinite(a.pytorch_level_share) || a.pytorch_level_share < 0.0 ||
        a.pytorch_level_share > 1.0)
        return "The share of the team at PyTorch level must lie between 0 % and 100 %; the "
               "questionnaire proposes no tier.";
    return std::nullopt;
}

Tier oneNotchDown(Tier tier) {
    return tier == Tier::High ? Tier::Medium : Tier::Low;
}

} // namespace

std::string_view toString(RocmExperience experience) {
    switch (experience) {
    case RocmExperience::None:
        return "none";
    case RocmExperience::Some:
        return "some";
    case RocmExperience::Production:
        return "production";
    }
    return "none";
}

std::optional<RocmExperience> parseRocmExperience(std::string_view name) {
    for (RocmExperience e : kAllRocmExperiences)
        if (toString(e) == name)
            return e;
    return std::nullopt;
}

std::string_view title(RocmExperience experience) {
    switch (experience) {
    case RocmExperience::None:
        return "None";
    case RocmExperience::Some:
        return "Some (experiments, pilots)";
    case RocmExperience::Production:
        return "In production";
    }
    return "None";
}

TeamKnowledgeProposal proposeTeamKnowledgeTier(const TeamKnowledgeAnswers& a) {
    TeamKnowledgeProposal proposal;
    if (auto problem = contradiction(a)) {
        proposal.reason = std::move(*problem);
        return proposal;
    }

    // The article names both ends only. Where both descriptions fit (a large PyTorch-level team
    // with a few kernel specialists), High wins: the kernels those engineers maintain are the
    // lock-in, however the rest of the team works.
    Tier tier = Tier::Medium;
    const std::string share = percent(a.pytorch_level_share);
    if (a.cuda_kernel_engineers >= kSeveralKernelEngineers) {
        tier = Tier::High;
        proposal.reason = engineers(a.cuda_kernel_engineers) + " of " +
                          std::to_string(a.team_size) +
                          " have CUDA kernel expertise as their main value: the article's High "
                          "(multiple engineers whose primary value is CUDA-specific kernel "
                          "expertise).";
    } else if (a.pytorch_level_share >= kPrimarilyPyTorchShare) {
        tier = Tier::Low;
        proposal.reason =
            share + " of the team works primarily at PyTorch level" +
            (a.cuda_kernel_engineers == 1 ? std::string(", with a single CUDA-kernel engineer")
                                          : std::string()) +
            ": the article's Low (an ML team working primarily at the PyTorch "
            "level).";
    } else {
        proposal.reason = "Only " + share + " of the team works primarily at PyTorch level, " +
                          "yet fewer than " + std::to_string(kSeveralKernelEngineers) +
                          " engineers have CUDA kernel expertise as their main value: between "
                          "the article's Low and High.";
    }

    // Production ROCm experience is to the team what a mitigation is to code
    // (scanner-patterns.md §8): it steps the dimension down one notch.
    if (a.rocm_experience == RocmExperience::Production && tier != Tier::Low) {
        tier = oneNotchDown(tier);
        proposal.reason += " The team already runs ROCm in production, which steps it down one "
                           "notch to " +
                           std::string(title(tier)) + ".";
    }
    proposal.tier = tier;
    return proposal;
}

} // namespace crossgrade::model
