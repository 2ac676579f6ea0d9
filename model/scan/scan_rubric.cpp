#include "scan_rubric.h"

#include "scan_packages.h"
#include "scan_rubric_internal.h"

#include <algorithm>
#include <climits>
#include <iterator>
#include <string_view>

namespace crossgrade::model {

namespace {

using namespace rubric;

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
    if (!counted)
        countVolume(f);
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
    // Volumes add up: a repository's files are its own (its name prefixes their paths).
    settle();
    later.settle();
    const auto add = [](RuleVolume& to, const RuleVolume& from) {
        to.files += from.files;
        to.hits += from.hits;
        to.covered_files += from.covered_files;
    };
    for (const auto& [rule, v] : later.m_volumes)
        add(m_volumes[rule], v);
    for (std::size_t c = 0; c < kCodeClassCount; ++c) {
        add(m_classes[c], later.m_classes[c]);
        for (const std::string& path : later.m_uncoveredPaths[c])
            m_uncoveredPaths[c].push_back(pathPrefix + path);
    }
    for (std::size_t d = 0; d < kDimensionCount; ++d)
        for (std::size_t l = 0; l < 3; ++l)
            add(m_severities[d][l], later.m_severities[d][l]);
    m_fabricTuningHits += later.m_fabricTuningHits;
    m_forksNamed.insert(later.m_forksNamed.begin(), later.m_forksNamed.end());
    m_librariesCovered.insert(later.m_librariesCovered.begin(), later.m_librariesCovered.end());
    for (const auto& [package, severity] : later.m_optionalPackages)
        noteOptionalPackage(package, severity);
    m_importedPackages.insert(later.m_importedPackages.begin(), later.m_importedPackages.end());
    if (!m_multiNode && later.m_multiNode) {
        m_multiNode = later.m_multiNode;
        if (!pathPrefix.empty())
            m_multiNode->path = pathPrefix + m_multiNode->path;
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

void FindingTally::countVolume(const ScanFinding& f) {
    if (f.path != m_filePath) {
        settle();
        m_filePath = f.path;
    }
    if (f.rule->kind == RuleKind::Scale && isRule(f, "D4.multi-node-launch") && !m_multiNode &&
        contextWeight(f.context) > 0)
        m_multiNode = f;
    if (!production(f))
        return;
    if (f.rule->kind == RuleKind::Mitigation) {
        if (!f.rule->covers_rule.empty()) { // one library, wherever it is
            m_librariesCovered.emplace(std::string(f.rule->covers_rule), std::string(f.rule->id));
            return;
        }
        m_fileCovers |= f.rule->covers;
        if (isRule(f, "D2.rocm-fork")) // github.com/ROCm/NAME or .../ROCmSoftwarePlatform/NAME
            m_forksNamed.insert("ROCm/" + f.match.substr(f.match.rfind('/') + 1));
        return;
    }
    if (f.optional_extra)
        if (const PackageRating* r = ratePackage(f.match))
            noteOptionalPackage(packageKey(f.match), r->severity);
    if (isRule(f, "D2.manifest-packages")) {
        if (const PackageRating* r = ratePackage(f.match); r && !r->fork.empty())
            m_fileForks.insert({std::string(r->fork), f.severity});
        // A TensorRT package in a manifest is the serving runtime, as an import of it is.
        if (f.match.find("tensorrt") != std::string::npos)
            m_fileForks.insert({"", Level::High});
    }
    // The pattern reads the line from its start: an import without indentation runs when the
    // module loads; an indented one sits in a function, a try or an if (optional).
    if (isRule(f, "D3.kernel-libraries") && !f.match.empty() && f.match[0] != ' ' &&
        f.match[0] != '\t') {
        m_fileImportsAtModuleLevel = true;
        m_importedPackages.insert(packageKey(f.match.substr(f.match.find_last_of(" \t") + 1)));
    }
    ++m_volumes[std::string(f.rule->id)].hits;
    if (f.rule->kind != RuleKind::Finding) { // a scale signal: its files, not its severity
        m_fileRules.insert({f.rule, Level::Low});
        return;
    }
    if (fabricTuning(f) && isSourcePath(f.path))
        ++m_fabricTuningHits;
    m_fileRules.insert({f.rule, f.severity});
}

void FindingTally::noteOptionalPackage(const std::string& package, Level severity) {
    Level& kept = m_optionalPackages.try_emplace(package, severity).first->second;
    kept = std::max(kept, severity);
}

// CUTLASS's weight in the kernel code (decideLibraries): the files holding kernel code of any
// kind, the source files built on CUTLASS, and the files where CUTLASS is the only NVIDIA
// library without a drop-in, which step down with it when it underlies a minority of the
// kernels.
void FindingTally::countCutlassShare(unsigned classes) const {
    constexpr unsigned kernelClasses = 1u << static_cast<unsigned>(CodeClass::NonPortableKernel) |
                                       1u << static_cast<unsigned>(CodeClass::Kernel) |
                                       1u << static_cast<unsigned>(CodeClass::Triton);
    if ((classes & kernelClasses) != 0)
        ++m_volumes[std::string(kKernelCodeVolume)].files;
    bool cutlass = false;
    bool otherHigh = false;
    for (const auto& [rule, severity] : m_fileRules) {
        if (rule->dimension != Dimension::Libraries || rule->kind != RuleKind::Finding)
            continue;
        if (rule->id == "D2.cutlass")
            cutlass = true;
        else if (severity == Level::High)
            otherHigh = true;
    }
    if (!cutlass)
        return;
    if (isSourcePath(m_filePath))
        ++m_volumes[std::string(kCutlassSourceVolume)].files;
    if (!otherHigh) {
        RuleVolume& only = m_volumes[std::string(kCutlassOnlyVolume)];
        ++only.files;
        only.covered_files += (m_fileCovers & coverBit(Dimension::Libraries)) != 0 ? 1 : 0;
    }
}

// Counts the file being read into the volumes: each rule, class and severity once per file,
// covered where a mitigation in the same file covers the dimension.
void FindingTally::settle() const {
    if (m_fileImportsAtModuleLevel)
        ++m_volumes[std::string(kModuleLevelImportVolume)].files;
    m_fileImportsAtModuleLevel = false;
    if (m_fileRules.empty()) {
        m_fileCovers = 0;
        m_fileForks.clear();
        return;
    }
    std::set<std::string_view> rules;
    unsigned classes = 0;
    std::array<std::array<bool, 3>, kDimensionCount> severities{};
    // Per dimension and severity: the one rule found at it, or nullptr once there are two.
    std::array<std::array<const ScanRule*, 3>, kDimensionCount> sole{};
    for (const auto& [rule, severity] : m_fileRules) {
        if (rule->kind != RuleKind::Finding) {
            if (rules.insert(rule->id).second)
                ++m_volumes[std::string(rule->id)].files;
            continue;
        }
        ScanFinding f;
        f.rule = rule;
        f.path = m_filePath;
        f.severity = severity;
        classes |= codeClassesOf(f);
        bool& seen = severities[static_cast<std::size_t>(rule->dimension)]
                               [static_cast<std::size_t>(severity)];
        const ScanRule*& only =
            sole[static_cast<std::size_t>(rule->dimension)][static_cast<std::size_t>(severity)];
        only = !seen ? rule : only == rule ? only : nullptr;
        seen = true;
        const bool covered = (m_fileCovers & coverBit(rule->dimension)) != 0;
        if (rules.insert(rule->id).second) {
            RuleVolume& v = m_volumes[std::string(rule->id)];
            ++v.files;
            v.covered_files += covered ? 1 : 0;
        }
        // Per severity too ("D3.kernel-libraries@high"): a refined severity is its own volume.
        RuleVolume& at = m_volumes[std::string(rule->id) + "@" + std::string(toString(severity))];
        ++at.files;
        at.covered_files += covered ? 1 : 0;
    }
    countCutlassShare(classes);
    // Kernel code is covered by a HIP path in its own file (a D1 mitigation there).
    const bool kernelCovered = (m_fileCovers & coverBit(Dimension::CustomKernels)) != 0;
    for (std::size_t c = 0; c < kCodeClassCount; ++c)
        if ((classes >> c) & 1u) {
            ++m_classes[c].files;
            if (kernelCovered)
                ++m_classes[c].covered_files;
            else if (c == static_cast<std::size_t>(CodeClass::NonPortableKernel) ||
                     c == static_cast<std::size_t>(CodeClass::Kernel) ||
                     c == static_cast<std::size_t>(CodeClass::DirectCudaApi))
                m_uncoveredPaths[c].push_back(m_filePath);
        }
    for (Dimension d : kAllDimensions)
        for (std::size_t l = 0; l < 3; ++l)
            if (severities[static_cast<std::size_t>(d)][l]) {
                const bool covered = (m_fileCovers & coverBit(d)) != 0;
                ++m_severities[static_cast<std::size_t>(d)][l].files;
                if (covered)
                    ++m_severities[static_cast<std::size_t>(d)][l].covered_files;
                else if (const ScanRule* only = sole[static_cast<std::size_t>(d)][l])
                    ++m_volumes["sole:" + std::string(only->id) + "@" +
                                std::string(toString(static_cast<Level>(l)))]
                          .files;
            }
    for (const auto& [fork, severity] : m_fileForks)
        ++m_volumes[fork.empty() ? std::string("serving-runtime-package")
                                 : "fork:" + fork + "@" + std::string(toString(severity))]
              .files;
    m_fileForks.clear();
    m_fileRules.clear();
    m_fileCovers = 0;
}

RuleVolume FindingTally::volumeOf(std::string_view rule) const {
    settle();
    const auto it = m_volumes.find(rule);
    return it == m_volumes.end() ? RuleVolume{} : it->second;
}

const std::vector<std::string>& FindingTally::uncoveredKernelPaths(CodeClass c) const {
    settle();
    return m_uncoveredPaths[static_cast<std::size_t>(c)];
}

RuleVolume FindingTally::classVolume(CodeClass c) const {
    settle();
    return m_classes[static_cast<std::size_t>(c)];
}

RuleVolume FindingTally::severityVolume(Dimension d, Level severity) const {
    settle();
    return m_severities[static_cast<std::size_t>(d)][static_cast<std::size_t>(severity)];
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
            // A COPY or HIP project line is a mitigation only where the proposal took it as
            // a ROCm build of kernel folders.
            const bool buildSources = f.rule && isRule(f, "D1.rocm-build-sources");
            if (buildSources && std::none_of(p.covered_folders.begin(), p.covered_folders.end(),
                                             [&](const CoveredFolder& cf) {
                                                 return cf.path == f.path && cf.line == f.line;
                                             }))
                continue;
            if (f.rule && f.rule->kind == RuleKind::Mitigation &&
                (f.rule->covers & coverBit(d)) != 0 && production(f))
                dim.mitigations.push_back({std::string(f.rule->id), f.path, f.line, f.snippet,
                                           std::string(f.rule->rocm_equivalent)});
        }
        for (const auto& [rule, count] : tally.findingsOf(d))
            dim.findings[rule] = static_cast<int>(std::min<long long>(count, INT_MAX));
        // A HIP path covers the findings of its own file; a ROCm build or pipeline that the
        // proposal stepped the dimension down for covers every production finding.
        // A ROCm library the code calls in place of one library covers that library's
        // findings wherever they are, and nothing else in its file.
        std::map<std::string, std::string, std::less<>> coveredFiles;
        for (const Mitigation& m : dim.mitigations)
            if (const ScanRule* r = findScanRule(m.rule_id); r && r->covers_rule.empty())
                coveredFiles.emplace(m.path, m.rule_id);
        const auto& coveredLibraries = tally.librariesCovered();
        const std::vector<const ScanFinding*> ranked = tally.evidenceOf(d);
        for (std::size_t i = 0; i < ranked.size() && i < top_n; ++i) {
            const ScanFinding& f = *ranked[i];
            EvidenceItem item = toEvidence(f);
            if (f.context == EvidenceContext::Code) {
                if (p.covers_repository && !p.mitigated_by.empty())
                    item.mitigated_by = p.mitigated_by;
                else if (const auto lib = coveredLibraries.find(f.rule->id);
                         lib != coveredLibraries.end())
                    item.mitigated_by = lib->second;
                else if (const auto it = coveredFiles.find(f.path); it != coveredFiles.end())
                    item.mitigated_by = it->second;
                else
                    for (const CoveredFolder& cf : p.covered_folders)
                        if (f.path.starts_with(cf.folder)) {
                            item.mitigated_by = cf.rule_id;
                            break;
                        }
            }
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
