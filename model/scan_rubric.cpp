#include "scan_rubric.h"

#include <algorithm>
#include <string_view>

namespace crossgrade::model {

namespace {

Tier tierOf(Level level) {
    switch (level) {
    case Level::Low:
        return Tier::Low;
    case Level::Medium:
        return Tier::Medium;
    case Level::High:
        return Tier::High;
    }
    return Tier::Low;
}

Tier stepDown(Tier tier) {
    return tier == Tier::High ? Tier::Medium : Tier::Low;
}

std::string place(const ScanFinding& f) {
    return f.path + ":" + std::to_string(f.line);
}

std::string describe(const ScanFinding& f) {
    return std::string(f.rule->id) + " (" + std::string(toString(f.severity)) + ") at " + place(f);
}

bool isRule(const ScanFinding& f, std::string_view id) {
    return f.rule && f.rule->id == id;
}

bool production(const ScanFinding& f) {
    return f.rule && f.context == EvidenceContext::Code;
}

// D1 code that a hipified CUDA extension cannot build (scanner-patterns.md §9.6).
bool nonPortableKernel(const ScanFinding& f) {
    for (std::string_view id :
         {"D1.inline-ptx", "D1.wmma", "D1.hopper-blackwell", "D1.cute-dsl", "D2.cutlass"})
        if (isRule(f, id))
            return true;
    return false;
}

// D4 evidence that goes beyond NCCL through the framework (§10, Dimension 4 High).
bool beyondFrameworkComm(const ScanFinding& f) {
    if (isRule(f, "D4.nccl-c-api") || isRule(f, "D4.nvshmem") || isRule(f, "D4.custom-comm"))
        return true;
    if (isRule(f, "D4.nccl-env"))
        return f.match.find("NCCL_NVLS_") == 0 || f.match.find("NCCL_COLLNET_") == 0;
    if (isRule(f, "D4.rdma-fabric"))
        return f.match == "SHARP";
    return false;
}

const ScanFinding* highest(const std::vector<const ScanFinding*>& findings) {
    const ScanFinding* top = nullptr;
    for (const ScanFinding* f : findings)
        if (!top || static_cast<int>(f->severity) > static_cast<int>(top->severity))
            top = f;
    return top;
}

void decideDistributed(DimensionProposal& p, const std::vector<const ScanFinding*>& own,
                       const std::vector<const ScanFinding*>& scale) {
    const ScanFinding* multi = nullptr;
    const ScanFinding* frameworks = nullptr;
    for (const ScanFinding* f : scale) {
        if (!multi && isRule(*f, "D4.multi-node-launch"))
            multi = f;
        if (!frameworks && isRule(*f, "D4.scale-frameworks"))
            frameworks = f;
    }
    const ScanFinding* hard = nullptr;
    for (const ScanFinding* f : own)
        if (!hard && beyondFrameworkComm(*f))
            hard = f;
    const ScanFinding* any = own.empty() ? nullptr : own.front();

    if (multi) {
        p.reasons.push_back("multi-node launch: D4.multi-node-launch at " + place(*multi));
        if (hard) {
            p.tier = Tier::High;
            p.deciding_rule = std::string(hard->rule->id);
            p.reasons.push_back(describe(*hard) +
                                " across nodes goes beyond NCCL through the framework: High");
        } else if (any || frameworks) {
            const ScanFinding* f = any ? any : frameworks;
            p.tier = Tier::Medium;
            p.deciding_rule = std::string(f->rule->id);
            p.reasons.push_back(describe(*f) +
                                ": inter-node, NCCL only through the framework (RCCL serves it "
                                "on ROCm): Medium");
        } else {
            p.reasons.push_back("no NCCL or distributed framework use found: Low");
        }
        return;
    }
    if (hard) {
        p.tier = Tier::Medium;
        p.deciding_rule = std::string(hard->rule->id);
        p.reasons.push_back(describe(*hard) + " without multi-node evidence: Medium");
    } else if (any) {
        p.deciding_rule = std::string(any->rule->id);
        p.reasons.push_back(describe(*any) + " without multi-node evidence: single node, Low");
    } else {
        p.reasons.push_back("no distributed communication found in production code: Low");
    }
}

} // namespace

ScanProposal proposeTiers(const std::vector<ScanFinding>& findings) {
    ScanProposal out;
    std::vector<const ScanFinding*> nonPortable;
    for (const ScanFinding& f : findings)
        if (production(f) && f.rule->kind == RuleKind::Finding && nonPortableKernel(f))
            nonPortable.push_back(&f);

    for (Dimension d : kAllDimensions) {
        DimensionProposal& p = out.dimensions[static_cast<std::size_t>(d)];
        p.dimension = d;
        if (d == Dimension::TeamKnowledge) {
            p.scanned = false;
            p.tier = Tier::Medium;
            p.reasons.push_back("not scanned: answer the team-knowledge questionnaire "
                                "(default Medium until then)");
            continue;
        }
        std::vector<const ScanFinding*> own;
        std::vector<const ScanFinding*> scale;
        std::vector<const ScanFinding*> mitigations;
        int elsewhere = 0;
        for (const ScanFinding& f : findings) {
            if (!f.rule)
                continue;
            const bool mine = f.rule->dimension == d;
            const bool covering =
                f.rule->kind == RuleKind::Mitigation && (f.rule->covers & coverBit(d)) != 0;
            if (!mine && !covering)
                continue;
            if (!production(f)) {
                if (mine && f.rule->kind == RuleKind::Finding)
                    ++elsewhere;
                continue;
            }
            if (covering)
                mitigations.push_back(&f);
            else if (f.rule->kind == RuleKind::Scale)
                scale.push_back(&f);
            else if (f.rule->kind == RuleKind::Finding)
                own.push_back(&f);
        }

        if (d == Dimension::Distributed) {
            decideDistributed(p, own, scale);
        } else if (const ScanFinding* top = highest(own)) {
            p.tier = tierOf(top->severity);
            p.deciding_rule = std::string(top->rule->id);
            p.reasons.push_back(describe(*top) + " sets " + std::string(title(p.tier)));
        } else {
            p.reasons.push_back("no findings in production code: Low");
        }
        if (elsewhere > 0)
            p.reasons.push_back(std::to_string(elsewhere) +
                                " finding(s) in comments, docstrings, tests, examples, "
                                "benchmarks or vendored code do not set the tier");

        if (p.tier == Tier::Low || mitigations.empty())
            continue;
        if (d == Dimension::FrameworkUsage && p.deciding_rule == "D3.cpp-extension" &&
            !nonPortable.empty()) {
            p.reasons.push_back("no step-down: the CUDA extension's kernels use non-portable "
                                "code (" +
                                describe(*nonPortable.front()) +
                                "), so a HIP branch cannot "
                                "build them");
            continue;
        }
        const ScanFinding* m = mitigations.front();
        p.tier = stepDown(p.tier);
        p.mitigated_by = std::string(m->rule->id);
        p.reasons.push_back("stepped down to " + std::string(title(p.tier)) + " by " +
                            std::string(m->rule->id) + " at " + place(*m) +
                            " (a ROCm path exists)");
    }
    return out;
}

void applyScan(Audit& audit, const std::vector<ScanFinding>& findings, const ScanProposal& proposal,
               std::size_t top_n) {
    for (Dimension d : kAllDimensions) {
        const DimensionProposal& p = proposal.dimension(d);
        if (!p.scanned)
            continue;
        DimensionAssessment& dim = audit.dimension(d);
        dim.proposed_tier = p.tier;
        dim.findings.clear();
        dim.evidence.clear();
        dim.mitigations.clear();

        std::vector<const ScanFinding*> ranked;
        for (const ScanFinding& f : findings) {
            if (!f.rule)
                continue;
            if (f.rule->kind == RuleKind::Mitigation) {
                if ((f.rule->covers & coverBit(d)) != 0 && production(f))
                    dim.mitigations.push_back({std::string(f.rule->id), f.path, f.line, f.snippet,
                                               std::string(f.rule->rocm_equivalent)});
                continue;
            }
            if (f.rule->dimension != d)
                continue;
            ++dim.findings[std::string(f.rule->id)];
            ranked.push_back(&f);
        }
        std::stable_sort(
            ranked.begin(), ranked.end(), [](const ScanFinding* a, const ScanFinding* b) {
                const double wa = contextWeight(a->context);
                const double wb = contextWeight(b->context);
                if (wa != wb)
                    return wa > wb;
                if (a->severity != b->severity)
                    return static_cast<int>(a->severity) > static_cast<int>(b->severity);
                if (a->path != b->path)
                    return a->path < b->path;
                return a->line < b->line;
            });
        if (ranked.size() > top_n)
            ranked.resize(top_n);
        for (const ScanFinding* f : ranked) {
            EvidenceItem item = toEvidence(*f);
            if (!p.mitigated_by.empty() && f->context == EvidenceContext::Code)
                item.mitigated_by = p.mitigated_by;
            dim.evidence.push_back(std::move(item));
        }
    }
}

} // namespace crossgrade::model
