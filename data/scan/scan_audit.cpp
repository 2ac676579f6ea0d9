#include "scan_audit.h"

#include "json_checks.h"
#include "path_bytes.h"
#include "scan_rubric.h"

#include <algorithm>
#include <array>
#include <tuple>

namespace crossgrade::data {

namespace {

using namespace crossgrade::model;

constexpr std::string_view kTeamKnowledgeNote =
    "Not scanned: team knowledge cannot be read from code. Answer the questionnaire; Medium "
    "until then.";

bool isRule(const ScanFinding& f, std::string_view id) {
    return f.rule && f.rule->id == id;
}

static_assert(kMaxScanListItems == kMaxItemsPerList,
              "a scanned audit's lists must fit the audit reader's limit");

// Every finding of the run, paths prefixed by the repository's name when there are several.
FindingTally allFindings(const ScanRun& run, std::size_t top_n) {
    std::size_t cap = top_n;
    for (const RepositoryScan& repo : run.repositories)
        cap = std::min(cap, repo.tally.evidencePerDimension());
    FindingTally out(cap);
    const bool prefix = run.repositories.size() > 1;
    for (const RepositoryScan& repo : run.repositories)
        out.merge(repo.tally, prefix ? repo.name + "/" : std::string());
    return out;
}

RepositoryBreakdown breakdownOf(const RepositoryScan& repo, WorkloadKind workload) {
    RepositoryBreakdown r;
    r.name = repo.name;
    r.root = repo.root;
    r.files_scanned = static_cast<long long>(repo.files_scanned);
    r.bytes_scanned = static_cast<long long>(repo.bytes_scanned);
    r.files_not_scanned = static_cast<long long>(repo.not_scanned.size());
    const ScanProposal proposal = proposeTiers(repo.tally, workload);
    for (Dimension d : kAllDimensions) {
        const auto i = static_cast<std::size_t>(d);
        if (!proposal.dimension(d).scanned)
            continue;
        r.proposed[i] = proposal.dimension(d).tier;
        for (const auto& [rule, count] : repo.tally.findingsOf(d))
            r.findings[i] += count;
    }
    for (const Submodule& s : repo.submodules)
        r.submodules.push_back(printablePath(s.path) + " (" + s.url + ")");
    return r;
}

// The organisation's proposal. One repository: the rubric over its findings. Several: per
// dimension the highest tier any repository's own code proposes, with that repository's reasons
// (prefixed by its name), because a "ROCm path exists" signal in one repository does not give
// another repository's code a ROCm path. Distributed is the exception: it is rated over all the
// findings together, since the multi-node launch in one repository and the NCCL C API in the
// communication library another repository holds make one multi-node system.
struct OrganisationProposal {
    ScanProposal proposal;
    std::array<std::string, kDimensionCount> deciding_repository{}; // "" for one repository
};

OrganisationProposal proposeForOrganisation(const ScanRun& run, const FindingTally& findings,
                                            WorkloadKind workload) {
    OrganisationProposal out;
    out.proposal = proposeTiers(findings, workload);
    if (run.repositories.size() < 2)
        return out;
    std::vector<ScanProposal> own;
    own.reserve(run.repositories.size());
    for (const RepositoryScan& repo : run.repositories)
        own.push_back(proposeTiers(repo.tally, workload));
    for (Dimension d : kAllDimensions) {
        const auto i = static_cast<std::size_t>(d);
        if (d == Dimension::Distributed || !out.proposal.dimensions[i].scanned)
            continue;
        // The repository with the highest tier; among equals, the one whose production findings
        // reach the highest severity, then the most files at it (the reason names the code a
        // reviewer would look at first: acme-kernels' wmma before acme-serving's pycuda).
        const auto rank = [&](std::size_t r) {
            const FindingTally& t = run.repositories[r].tally;
            for (Level l : {Level::High, Level::Medium, Level::Low})
                if (const long long n = t.severityVolume(d, l).files; n > 0)
                    return std::tuple(static_cast<int>(own[r].dimensions[i].tier),
                                      static_cast<int>(l), n);
            return std::tuple(static_cast<int>(own[r].dimensions[i].tier), -1, 0LL);
        };
        std::size_t best = 0;
        for (std::size_t r = 1; r < own.size(); ++r)
            if (rank(r) > rank(best))
                best = r;
        DimensionProposal p = own[best].dimensions[i];
        const std::string& name = run.repositories[best].name;
        for (std::string& reason : p.reasons)
            reason = printablePath(name) + ": " + reason;
        out.proposal.dimensions[i] = std::move(p);
        out.deciding_repository[i] = name;
    }
    return out;
}

// applyScan marks a stepped-down dimension's evidence in code as mitigated; with several
// repositories only the deciding repository's evidence was.
void keepMitigationsInTheirRepository(Audit& audit, const OrganisationProposal& org) {
    for (Dimension d : kAllDimensions) {
        const std::string& repo = org.deciding_repository[static_cast<std::size_t>(d)];
        if (repo.empty())
            continue;
        for (EvidenceItem& e : audit.dimension(d).evidence)
            if (e.mitigated_by && e.path.rfind(repo + "/", 0) != 0)
                e.mitigated_by.reset();
    }
}

std::string joinedNames(const ScanRun& run) {
    std::string out;
    for (const RepositoryScan& repo : run.repositories) {
        if (!out.empty())
            out += ", ";
        out += printablePath(repo.name); // a name to read, not a path to open
    }
    return out.size() > 200 ? out.substr(0, 197) + "..." : out;
}

} // namespace

bool showsTensorRt(const ScanFinding& f) {
    if (!f.rule || f.context != EvidenceContext::Code)
        return false;
    if (isRule(f, "D2.tensorrt") || isRule(f, "D2.tensorrt-llm"))
        return true;
    if (isRule(f, "D2.manifest-packages"))
        return f.match.find("tensorrt") != std::string::npos ||
               f.match.find("TensorRT") != std::string::npos;
    return false;
}

bool showsMultiNode(const ScanFinding& f) {
    return f.rule && f.context == EvidenceContext::Code && isRule(f, "D4.multi-node-launch");
}

Audit auditFromScan(const ScanRun& run, const ScanAuditOptions& options) {
    Audit audit;
    audit.name = options.name.empty() ? joinedNames(run) : options.name;
    audit.organisation = options.organisation;
    audit.date = options.date;
    audit.workload = options.workload;

    const FindingTally findings = allFindings(run, options.top_evidence);
    const OrganisationProposal org = proposeForOrganisation(run, findings, options.workload);
    const ScanProposal& proposal = org.proposal;
    applyScan(audit, findings, proposal, options.top_evidence);
    keepMitigationsInTheirRepository(audit, org);
    // A snippet of a Latin-1 file, or a path rule's (which is the path), shown escaped as the
    // paths are, rather than with U+FFFD for what does not decode.
    for (Dimension d : kAllDimensions) {
        for (EvidenceItem& e : audit.dimension(d).evidence)
            if (!isWellFormedUtf8(e.snippet))
                e.snippet = percentEscapedPath(e.snippet);
        for (Mitigation& m : audit.dimension(d).mitigations)
            if (!isWellFormedUtf8(m.snippet))
                m.snippet = percentEscapedPath(m.snippet);
    }
    for (Dimension d : kAllDimensions) {
        const DimensionProposal& p = proposal.dimension(d);
        DimensionAssessment& dim = audit.dimension(d);
        if (!p.scanned) {
            dim.tier = p.tier;
            dim.notes = std::string(kTeamKnowledgeNote);
            continue;
        }
        dim.tier = p.tier;
        dim.reasons = p.reasons;
        // A reason names the file that sets the tier; one whose name is not UTF-8 is shown
        // escaped, as the text output shows paths.
        for (std::string& reason : dim.reasons)
            if (!isWellFormedUtf8(reason))
                reason = percentEscapedPath(reason);
    }
    for (const RepositoryScan& repo : run.repositories) {
        audit.tensorrt = audit.tensorrt || repo.shows_tensorrt;
        audit.multi_node = audit.multi_node || repo.shows_multi_node;
    }
    const bool prefix = run.repositories.size() > 1;
    for (const RepositoryScan& repo : run.repositories) {
        // The audit reader takes at most kMaxItemsPerList files not scanned: the list keeps
        // that many, so the scan's own audit always reads back; every repository's
        // files_not_scanned still counts them all.
        for (const SkippedFile& s : repo.not_scanned) {
            if (audit.not_scanned.size() >= kMaxItemsPerList)
                break;
            audit.not_scanned.push_back({prefix ? repo.name + "/" + s.path : s.path, s.reason});
        }
        audit.repositories.push_back(breakdownOf(repo, options.workload));
    }
    return audit;
}

Audit updateAuditFromScan(const Audit& previous, const ScanRun& run,
                          const ScanAuditOptions& options) {
    ScanAuditOptions keep = options;
    if (keep.name.empty())
        keep.name = previous.name;
    if (keep.organisation.empty())
        keep.organisation = previous.organisation;
    if (keep.date.empty())
        keep.date = previous.date;
    Audit audit = auditFromScan(run, keep);
    audit.notes = previous.notes;
    for (Dimension d : kAllDimensions) {
        const DimensionAssessment& before = previous.dimension(d);
        DimensionAssessment& dim = audit.dimension(d);
        if (d == Dimension::TeamKnowledge) {
            dim = before; // the questionnaire's answer is the reviewer's, not the scan's
            continue;
        }
        dim.notes = before.notes;
        dim.override_tier = before.override_tier;
        if (dim.override_tier)
            dim.tier = dim.override_tier->tier;
    }
    return audit;
}

std::optional<std::filesystem::path> evidenceFile(const Audit& audit,
                                                  const std::string& evidencePath) {
    if (audit.repositories.empty() || evidencePath.empty())
        return std::nullopt;
    std::filesystem::path rel(evidencePath);
    if (rel.is_absolute())
        return std::nullopt;
    for (const std::filesystem::path& part : rel)
        if (part == "..")
            return std::nullopt;
    if (audit.repositories.size() == 1)
        return std::filesystem::path(audit.repositories.front().root) / rel;
    const auto slash = evidencePath.find('/');
    if (slash == std::string::npos)
        return std::nullopt;
    const std::string name = evidencePath.substr(0, slash);
    for (const RepositoryBreakdown& r : audit.repositories)
        if (r.name == name)
            return std::filesystem::path(r.root) / evidencePath.substr(slash + 1);
    return std::nullopt;
}

} // namespace crossgrade::data
