#include "article.h"
#include "recommendation.h"

#include <algorithm>

namespace crossgrade::model {

namespace {

using D = Dimension;
using P = PortabilityPath;

std::string highList(const AuditProfile& p) {
    std::string out;
    for (D d : kAllDimensions) {
        if (!p.isHigh(d))
            continue;
        if (!out.empty())
            out += ", ";
        out += toString(d);
    }
    return out.empty() ? std::string("none") : out;
}

std::string highSummary(const AuditProfile& p) {
    return std::to_string(p.highCount()) + " High (" + highList(p) + ")";
}

bool isKernelDriven(D d) {
    return d == D::CustomKernels || d == D::FrameworkUsage;
}

RuleReading match(std::string reason, P path, std::vector<P> revisit = {},
                  std::string revisitWhen = {}) {
    return {true, std::move(reason), {path, std::move(revisit), std::move(revisitWhen)}};
}
RuleReading noMatch(std::string reason) {
    return {false, std::move(reason), {}};
}

RuleReading readGreenfield(const AuditProfile& p) {
    if (p.workload == WorkloadKind::Greenfield)
        return match("The workload is greenfield: new work starts portable on Triton and "
                     "standard PyTorch ops.",
                     P::Path2);
    return noMatch("The workload is " + std::string(toString(p.workload)) + ", not greenfield.");
}

RuleReading readThreeOrMoreHigh(const AuditProfile& p) {
    if (p.highCount() >= 3)
        return match(highSummary(p) + ": the software layer comes first; Paths 1 and 3 are "
                                      "revisited once it is done.",
                     P::Path2, {P::Path1, P::Path3}, "after software-layer work is complete");
    return noMatch(highSummary(p) + ", fewer than three.");
}

RuleReading readDistributedOnly(const AuditProfile& p) {
    if (p.highCount() == 1 && p.isHigh(D::Distributed))
        return match("Only distributed is High: the remaining lock-in is the networking layer "
                     "(NCCL), which HetCCL addresses; AMD can take inference now.",
                     P::Path3);
    if (!p.isHigh(D::Distributed))
        return noMatch("distributed is not High.");
    return noMatch("distributed is High, but so is another dimension: " + highSummary(p) + ".");
}

RuleReading readKernelDriven(const AuditProfile& p) {
    const int high = p.highCount();
    if (high < 1 || high > 2)
        return noMatch(highSummary(p) + ", not 1–2.");
    for (D d : kAllDimensions)
        if (p.isHigh(d) && !isKernelDriven(d))
            return noMatch(highSummary(p) + ": " + std::string(toString(d)) +
                           " is High and is not kernel-driven (custom_kernels or "
                           "framework_usage).");
    return match(highSummary(p) + ", all driven by custom kernels: rewrite them in Triton and "
                                  "adopt torch.compile.",
                 P::Path2, {P::Path1}, "once the custom kernels run through Triton");
}

RuleReading readDistributedPlusKernels(const AuditProfile& p) {
    const bool kernels = p.isHigh(D::CustomKernels) || p.isHigh(D::FrameworkUsage);
    if (p.highCount() == 2 && p.isHigh(D::Distributed) && kernels)
        return match(highSummary(p) + ": abstract the kernels (Path 2) while AMD takes "
                                      "inference and the networking layer waits for HetCCL "
                                      "(Path 3).",
                     P::Path2And3);
    if (!p.isHigh(D::Distributed))
        return noMatch("distributed is not High.");
    return noMatch(highSummary(p) +
                   ": not distributed plus exactly one of custom_kernels / framework_usage.");
}

RuleReading readLowScore(const AuditProfile& p) {
    if (p.highCount() <= 1)
        return match(highSummary(p) + ": a gradual ROCm migration is feasible in weeks to "
                                      "months, inference first.",
                     P::Path1);
    return noMatch(highSummary(p) + ", more than one.");
}

// Reached only by two High dimensions that no article rule names: two software-layer Highs
// not both kernel-driven, or distributed High beside libraries, toolchain or team knowledge.
RuleReading readStatedChoice(const AuditProfile& p) {
    const std::string silent = "The article is silent on " + highSummary(p) + ". ";
    if (p.isHigh(D::Distributed))
        return match(silent + "Crossgrade chooses Path 2+3, the nearest article rule "
                              "(distributed High plus one software-layer High): do the "
                              "software-layer work behind the abstraction while AMD takes "
                              "inference and the networking layer waits for HetCCL.",
                     P::Path2And3);
    const bool kernels = p.isHigh(D::CustomKernels) || p.isHigh(D::FrameworkUsage);
    if (kernels)
        return match(silent + "Crossgrade chooses Path 2 because one High is kernel-driven, "
                              "which is what Path 2 addresses; the other High is worked off "
                              "alongside, then Path 1 is revisited.",
                     P::Path2, {P::Path1}, "once both High dimensions are down to Medium");
    return match(silent + "Neither High is kernel code, which Path 2 addresses, nor the "
                          "networking layer, which Path 3 addresses; library gaps, toolchain "
                          "and team ramp-up are the work of a ROCm migration, so Crossgrade "
                          "chooses Path 1 with the longer 3–6 month band.",
                 P::Path1);
}

} // namespace

const std::vector<PathRule>& pathRules() {
    static const std::vector<PathRule> rules{
        {"greenfield", "greenfield workload → Path 2", article::kGreenfield, false, readGreenfield},
        {"three-or-more-high", "3+ High → Path 2 now, revisit Paths 1 and 3",
         article::kThreeOrMoreHigh, false, readThreeOrMoreHigh},
        {"distributed-only-high", "the only High is distributed → Path 3",
         article::kDistributedOnly, false, readDistributedOnly},
        {"kernel-driven-high", "1–2 High, all among custom_kernels and framework_usage → Path 2",
         article::kKernelDriven, false, readKernelDriven},
        {"distributed-plus-kernels",
         "distributed High plus one of custom_kernels / framework_usage → Path 2+3",
         article::kPaths2And3, false, readDistributedPlusKernels},
        {"low-score", "0–1 High → Path 1", article::kLowScore, false, readLowScore},
        {"stated-choice", "any other profile → a stated choice (the article is silent)",
         article::kNoSingleStrategy, true, readStatedChoice},
    };
    return rules;
}

std::string_view toString(PortabilityPath path) {
    switch (path) {
    case P::Path1:
        return "path1";
    case P::Path2:
        return "path2";
    case P::Path3:
        return "path3";
    case P::Path2And3:
        return "path2+3";
    }
    return "path1";
}

std::optional<PortabilityPath> parsePortabilityPath(std::string_view name) {
    for (P p : {P::Path1, P::Path2, P::Path3, P::Path2And3})
        if (toString(p) == name)
            return p;
    return std::nullopt;
}

std::string_view title(PortabilityPath path) {
    switch (path) {
    case P::Path1:
        return "Path 1 — gradual ROCm migration";
    case P::Path2:
        return "Path 2 — Triton / PyTorch abstraction";
    case P::Path3:
        return "Path 3 — HetCCL + AMD supplemental cluster";
    case P::Path2And3:
        return "Paths 2 + 3 — abstraction now, AMD inference now, HetCCL later";
    }
    return "";
}

std::vector<PortabilityPath> components(PortabilityPath path) {
    if (path == P::Path2And3)
        return {P::Path2, P::Path3};
    return {path};
}

} // namespace crossgrade::model
