#include "article.h"
#include "recommendation.h"

namespace crossgrade::model {

namespace {

using D = Dimension;

void addInconsistencies(const AuditProfile& p, std::vector<AuditWarning>& out) {
    auto add = [&out](std::string text, std::string_view source) {
        out.push_back({"inconsistent", std::move(text), std::string(source)});
    };
    if (p.workload == WorkloadKind::InferenceOnly && p.multi_node)
        add("The workload is inference-only, yet distributed.multi_node records multi-node "
            "training. Check the workload kind or the flag.",
            article::kDistributedTiers);
    if (p.tensorrt && !p.isHigh(D::Libraries))
        add("TensorRT is named in the pipeline, yet libraries is " +
                std::string(toString(p.tier(D::Libraries))) + "; the article rates TensorRT High.",
            article::kTensorRtIsHigh);
    if (p.multi_node && p.tier(D::Distributed) == Tier::Low)
        add("Multi-node training is recorded, yet distributed is low; multi-node NCCL is at "
            "least Medium (High with the NCCL C API or custom communication).",
            article::kDistributedTiers);
    if (p.isHigh(D::Distributed) && !p.multi_node)
        add("distributed is High, yet no multi-node training is recorded; the article's High is "
            "multi-node training with NCCL inter-node.",
            article::kDistributedTiers);
}

std::vector<std::string> adviceFor(PortabilityPath path, const AuditProfile& p) {
    std::vector<std::string> advice;
    const bool path3 = path == PortabilityPath::Path3 || path == PortabilityPath::Path2And3;
    if (path == PortabilityPath::Path1)
        advice.emplace_back(article::kPath1Sequence);
    if (path3) {
        advice.emplace_back("Expand AMD to training when HetCCL shows production signals. " +
                            std::string(article::kHetcclSignals));
        advice.emplace_back(article::kPath3Defers);
    }
    if (p.isHigh(D::Libraries) && p.tensorrt)
        advice.emplace_back("Re-engineer the TensorRT inference pipeline before moving inference "
                            "to AMD.");
    return advice;
}

} // namespace

std::vector<AuditWarning> auditWarnings(const AuditProfile& p) {
    std::vector<AuditWarning> warnings;
    if (p.isHigh(D::Distributed))
        warnings.push_back({"networking-layer",
                            "Distributed is High: the networking layer (NCCL) is the "
                            "constraint. Moving the software stack does not remove it; track "
                            "HetCCL separately.",
                            std::string(article::kNetworkingConstraint)});
    if (p.isHigh(D::Libraries) && p.tensorrt)
        warnings.push_back({"tensorrt",
                            "Libraries are High through TensorRT, which has no ROCm "
                            "equivalent: re-engineer the inference pipeline before AMD hardware "
                            "is viable.",
                            std::string(article::kTensorRt)});
    const int softwareHigh = p.highCount() - (p.isHigh(D::Distributed) ? 1 : 0);
    if (softwareHigh >= 2)
        warnings.push_back({"hetccl-premature",
                            std::to_string(softwareHigh) +
                                " dimensions outside distributed are High: HetCCL's status is "
                                "premature to track; sort out the software layer first.",
                            std::string(article::kHetcclPremature)});
    addInconsistencies(p, warnings);
    return warnings;
}

Recommendation recommend(const AuditProfile& profile) {
    Recommendation r;
    r.high_count = profile.highCount();
    r.effort = effortBand(r.high_count);

    const PathRule* winner = nullptr;
    for (const PathRule& rule : pathRules()) {
        RuleReading reading = rule.read(profile);
        TraceEntry entry{std::string(rule.id), false, reading.matches, std::move(reading.reason),
                         std::string(rule.source)};
        if (reading.matches && winner == nullptr) {
            winner = &rule;
            entry.fired = true;
            r.primary_path = reading.verdict.path;
            r.revisit = std::move(reading.verdict.revisit);
            r.revisit_when = std::move(reading.verdict.revisit_when);
            r.article_silent = rule.article_silent;
            r.decided_by = std::string(rule.id);
        } else if (rule.article_silent) {
            // The fallback covers only what no article rule does; once one has fired, it
            // does not apply at all.
            entry.matched = false;
            entry.reason = "Not reached: " + r.decided_by +
                           " decided. This fallback applies only where no article rule does.";
        } else if (reading.matches) {
            entry.reason = "Also matches, but " + r.decided_by + " comes first. " + entry.reason;
        }
        r.trace.push_back(std::move(entry));
    }
    // The last rule always matches, so winner is set; the assignment above covers it.
    r.advice = adviceFor(r.primary_path, profile);
    r.warnings = auditWarnings(profile);
    return r;
}

} // namespace crossgrade::model
