#include "scan_rubric.h"

#include <algorithm>
#include <climits>
#include <iterator>
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

// The rubric over the findings it reads (in scan order), with the count per dimension of those
// outside production code.
ScanProposal propose(const std::vector<const ScanFinding*>& findings,
                     const std::array<long long, kDimensionCount>& elsewhereOf) {
    ScanProposal out;
    std::vector<const ScanFinding*> nonPortable;
    for (const ScanFinding* f : findings)
        if (production(*f) && f->rule->kind == RuleKind::Finding && nonPortableKernel(*f))
            nonPortable.push_back(f);

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
        const long long elsewhere = elsewhereOf[static_cast<std::size_t>(d)];
        for (const ScanFinding* fp : findings) {
            const ScanFinding& f = *fp;
            if (!f.rule)
                continue;
            const bool mine = f.rule->dimension == d;
            const bool covering =
                f.rule->kind == RuleKind::Mitigation && (f.rule->covers & coverBit(d)) != 0;
            if (!mine && !covering)
                continue;
            if (!production(f))
                continue; // counted in `elsewhere`
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

// Evidence order (applyScan): context weight, then severity, then path, then line, then scan
// order, so the best `cap` of a stream are the first `cap` of a stable sort of all of it.
bool ranksBefore(const ScanFinding& a, std::uint64_t sa, const ScanFinding& b, std::uint64_t sb) {
    const double wa = contextWeight(a.context);
    const double wb = contextWeight(b.context);
    if (wa != wb)
        return wa > wb;
    if (a.severity != b.severity)
        return static_cast<int>(a.severity) > static_cast<int>(b.severity);
    if (a.path != b.path)
        return a.path < b.path;
    if (a.line != b.line)
        return a.line < b.line;
    return sa < sb;
}

} // namespace

bool FindingTally::Better::operator()(const Ranked& a, const Ranked& b) const {
    return ranksBefore(a.finding, a.seq, b.finding, b.seq);
}

FindingTally::FindingTally(std::size_t evidence_per_dimension)
    : m_evidenceCap(evidence_per_dimension) {}

std::size_t FindingTally::keptCount() const {
    std::size_t n = m_proposal.size();
    for (const auto& set : m_evidence)
        n += set.size();
    return n;
}

std::vector<const ScanFinding*> FindingTally::evidenceOf(Dimension d) const {
    std::vector<const ScanFinding*> out;
    for (const Ranked& r : m_evidence[static_cast<std::size_t>(d)])
        out.push_back(&r.finding);
    return out;
}

bool FindingTally::neededByProposal(const ScanFinding& f) {
    if (!production(f))
        return false;
    const auto d = static_cast<std::size_t>(f.rule->dimension);
    bool needed = false;
    switch (f.rule->kind) {
    case RuleKind::Finding: {
        bool& severity = m_firstOfSeverity[d][static_cast<std::size_t>(f.severity)];
        if (!severity)
            needed = severity = true;
        if (!m_firstBeyond[d] && beyondFrameworkComm(f))
            needed = m_firstBeyond[d] = true;
        if (!m_nonPortable && nonPortableKernel(f))
            needed = m_nonPortable = true;
        break;
    }
    case RuleKind::Scale:
        needed = m_scaleRules[d].insert(std::string(f.rule->id)).second;
        break;
    case RuleKind::Mitigation:
        for (Dimension covered : kAllDimensions) {
            const auto c = static_cast<std::size_t>(covered);
            if ((f.rule->covers & coverBit(covered)) != 0 &&
                m_mitigationsHeld[c] < kMaxScanListItems) {
                ++m_mitigationsHeld[c];
                needed = true;
            }
        }
        break;
    }
    return needed;
}

void FindingTally::offer(const ScanFinding& f, std::uint64_t seq, bool counted) {
    if (!f.rule)
        return;
    const auto d = static_cast<std::size_t>(f.rule->dimension);
    if (!counted && f.rule->kind != RuleKind::Mitigation) {
        ++m_counts[d][std::string(f.rule->id)];
        if (f.rule->kind == RuleKind::Finding && !production(f))
            ++m_elsewhere[d];
    }
    if (m_evidenceCap > 0 && f.rule->kind != RuleKind::Mitigation) {
        std::set<Ranked, Better>& best = m_evidence[d];
        if (best.size() < m_evidenceCap ||
            ranksBefore(f, seq, best.rbegin()->finding, best.rbegin()->seq)) {
            best.insert(Ranked{seq, f});
            if (best.size() > m_evidenceCap)
                best.erase(std::prev(best.end()));
        }
    }
    if (neededByProposal(f))
        m_proposal.push_back(Held{seq, f});
}

void FindingTally::add(const ScanFinding& finding) {
    offer(finding, m_seen++, false);
}

void FindingTally::merge(const FindingTally& later, const std::string& pathPrefix) {
    const std::uint64_t base = m_seen;
    m_seen += later.m_seen;
    for (std::size_t d = 0; d < kDimensionCount; ++d) {
        for (const auto& [rule, count] : later.m_counts[d])
            m_counts[d][rule] += count;
        m_elsewhere[d] += later.m_elsewhere[d];
    }
    auto prefixed = [&](const ScanFinding& f) {
        ScanFinding out = f;
        if (!pathPrefix.empty())
            out.path = pathPrefix + f.path;
        return out;
    };
    // The best of both streams are among the best of each, and every "first" the rubric reads
    // is this tally's or else `later`'s: offering what `later` kept is enough. Offered in scan
    // order, so that what the proposal holds stays in scan order.
    std::vector<std::pair<std::uint64_t, const ScanFinding*>> kept;
    for (const Held& h : later.m_proposal)
        kept.emplace_back(h.seq, &h.finding);
    for (const auto& set : later.m_evidence)
        for (const Ranked& r : set)
            kept.emplace_back(r.seq, &r.finding);
    std::sort(kept.begin(), kept.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    kept.erase(std::unique(kept.begin(), kept.end(),
                           [](const auto& a, const auto& b) { return a.first == b.first; }),
               kept.end());
    for (const auto& [seq, f] : kept)
        offer(prefixed(*f), base + seq, true);
}

ScanProposal proposeTiers(const FindingTally& tally) {
    std::vector<const ScanFinding*> findings;
    findings.reserve(tally.proposalFindings().size());
    for (const FindingTally::Held& h : tally.proposalFindings())
        findings.push_back(&h.finding);
    std::array<long long, kDimensionCount> elsewhere{};
    for (Dimension d : kAllDimensions)
        elsewhere[static_cast<std::size_t>(d)] = tally.elsewhereOf(d);
    return propose(findings, elsewhere);
}

ScanProposal proposeTiers(const std::vector<ScanFinding>& findings) {
    FindingTally tally(0); // the rubric reads no evidence
    for (const ScanFinding& f : findings)
        tally.add(f);
    return proposeTiers(tally);
}

void applyScan(Audit& audit, const FindingTally& tally, const ScanProposal& proposal,
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
        for (const FindingTally::Held& h : tally.proposalFindings()) {
            const ScanFinding& f = h.finding;
            if (dim.mitigations.size() >= kMaxScanListItems)
                break;
            if (f.rule && f.rule->kind == RuleKind::Mitigation &&
                (f.rule->covers & coverBit(d)) != 0 && production(f))
                dim.mitigations.push_back({std::string(f.rule->id), f.path, f.line, f.snippet,
                                           std::string(f.rule->rocm_equivalent)});
        }
        for (const auto& [rule, count] : tally.findingsOf(d))
            dim.findings[rule] = static_cast<int>(std::min<long long>(count, INT_MAX));
        const std::vector<const ScanFinding*> ranked = tally.evidenceOf(d);
        for (std::size_t i = 0; i < ranked.size() && i < top_n; ++i) {
            const ScanFinding& f = *ranked[i];
            EvidenceItem item = toEvidence(f);
            if (!p.mitigated_by.empty() && f.context == EvidenceContext::Code)
                item.mitigated_by = p.mitigated_by;
            dim.evidence.push_back(std::move(item));
        }
    }
}

void applyScan(Audit& audit, const std::vector<ScanFinding>& findings, const ScanProposal& proposal,
               std::size_t top_n) {
    FindingTally tally(top_n);
    for (const ScanFinding& f : findings)
        tally.add(f);
    applyScan(audit, tally, proposal, top_n);
}

} // namespace crossgrade::model
