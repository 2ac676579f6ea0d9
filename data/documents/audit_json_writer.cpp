// Writing audit JSON (audit_json.h): the file, the object a scenario embeds, and the store's
// scan details, each in a stable key order that the reader (audit_json.cpp) takes back as it was.

#include "audit_json.h"
#include "json_checks.h"
#include "path_bytes.h"

#include <nlohmann/json.hpp>

namespace crossgrade::data {

using namespace crossgrade::model;

namespace {

// A path's bytes: as they are when they are UTF-8, else percent-escaped and said so beside.
void putPath(nlohmann::ordered_json& j, const std::string& key, const std::string& bytes) {
    if (isWellFormedUtf8(bytes)) {
        j[key] = bytes;
        return;
    }
    j[key] = percentEscapedPath(bytes);
    j[key + "_encoding"] = kPercentEncoding;
}

// Text that is not a path (a snippet of a Latin-1 file, a submodule's URL) and is not UTF-8
// is written with U+FFFD for what does not decode rather than failing the whole file.
std::string dumped(const nlohmann::ordered_json& j, int indent) {
    return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

nlohmann::ordered_json evidenceJson(const EvidenceItem& e) {
    nlohmann::ordered_json j;
    j["rule_id"] = e.rule_id;
    j["severity"] = toString(e.severity);
    j["confidence"] = toString(e.confidence);
    putPath(j, "path", e.path);
    j["line"] = e.line;
    if (e.col)
        j["col"] = *e.col;
    j["snippet"] = e.snippet;
    j["context"] = toString(e.context);
    j["rocm_equivalent"] = e.rocm_equivalent;
    j["mitigated_by"] = e.mitigated_by ? nlohmann::ordered_json(*e.mitigated_by) : nullptr;
    return j;
}

nlohmann::ordered_json mitigationJson(const Mitigation& m) {
    nlohmann::ordered_json j;
    j["rule_id"] = m.rule_id;
    if (!m.path.empty())
        putPath(j, "path", m.path);
    if (m.line)
        j["line"] = *m.line;
    if (!m.snippet.empty())
        j["snippet"] = m.snippet;
    if (!m.note.empty())
        j["note"] = m.note;
    return j;
}

nlohmann::ordered_json repositoryJson(const RepositoryBreakdown& r) {
    nlohmann::ordered_json j;
    putPath(j, "name", r.name);
    if (!r.root.empty())
        putPath(j, "root", r.root);
    j["files_scanned"] = r.files_scanned;
    j["bytes_scanned"] = r.bytes_scanned;
    j["files_not_scanned"] = r.files_not_scanned;
    j["proposed"] = nlohmann::ordered_json::object();
    j["findings"] = nlohmann::ordered_json::object();
    // A dimension's count is written whenever it has one: a file may hold counts without a
    // proposed tier, and the reader keeps them (the fuzzer's
    // findings-without-a-proposed-tier-lost-on-export).
    for (Dimension d : kAllDimensions) {
        const auto i = static_cast<std::size_t>(d);
        if (r.proposed[i])
            j["proposed"][std::string(toString(d))] = toString(*r.proposed[i]);
        if (r.proposed[i] || r.findings[i] != 0)
            j["findings"][std::string(toString(d))] = r.findings[i];
    }
    if (!r.submodules.empty())
        j["submodules"] = r.submodules;
    return j;
}

nlohmann::ordered_json dimensionJson(const Audit& audit, Dimension d) {
    const DimensionAssessment& a = audit.dimension(d);
    nlohmann::ordered_json j;
    j["tier"] = toString(a.tier);
    if (d == Dimension::Libraries)
        j["tensorrt"] = audit.tensorrt;
    if (d == Dimension::Distributed)
        j["multi_node"] = audit.multi_node;
    if (!a.notes.empty())
        j["notes"] = a.notes;
    if (a.proposed_tier)
        j["proposed_tier"] = toString(*a.proposed_tier);
    if (!a.reasons.empty())
        j["reasons"] = a.reasons;
    if (a.override_tier)
        j["override"] = {{"tier", toString(a.override_tier->tier)},
                         {"reason", a.override_tier->reason}};
    if (!a.findings.empty())
        j["findings"] = a.findings;
    if (!a.evidence.empty()) {
        j["evidence"] = nlohmann::ordered_json::array();
        for (const EvidenceItem& e : a.evidence)
            j["evidence"].push_back(evidenceJson(e));
    }
    if (!a.mitigations.empty()) {
        j["mitigations"] = nlohmann::ordered_json::array();
        for (const Mitigation& m : a.mitigations)
            j["mitigations"].push_back(mitigationJson(m));
    }
    return j;
}

} // namespace

nlohmann::ordered_json auditJson(const Audit& audit) {
    nlohmann::ordered_json j;
    j["schema"] = kAuditSchemaTag;
    j["name"] = audit.name;
    if (!audit.organisation.empty())
        j["organisation"] = audit.organisation;
    if (!audit.date.empty())
        j["date"] = audit.date;
    if (!audit.notes.empty())
        j["notes"] = audit.notes;
    j["workload"] = toString(audit.workload);
    j["dimensions"] = nlohmann::ordered_json::object();
    for (Dimension d : kAllDimensions)
        j["dimensions"][std::string(toString(d))] = dimensionJson(audit, d);
    if (!audit.not_scanned.empty()) {
        j["not_scanned"] = nlohmann::ordered_json::array();
        for (const SkippedFile& s : audit.not_scanned) {
            nlohmann::ordered_json item;
            putPath(item, "path", s.path);
            item["reason"] = s.reason;
            j["not_scanned"].push_back(std::move(item));
        }
    }
    if (!audit.repositories.empty()) {
        j["repositories"] = nlohmann::ordered_json::array();
        for (const RepositoryBreakdown& r : audit.repositories)
            j["repositories"].push_back(repositoryJson(r));
    }
    return j;
}

std::string scanDetailsJson(const Audit& audit) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (Dimension d : kAllDimensions)
        if (!audit.dimension(d).reasons.empty())
            j["reasons"][std::string(toString(d))] = audit.dimension(d).reasons;
    if (!audit.repositories.empty()) {
        j["repositories"] = nlohmann::ordered_json::array();
        for (const RepositoryBreakdown& r : audit.repositories)
            j["repositories"].push_back(repositoryJson(r));
    }
    return j.empty() ? std::string() : dumped(j, -1);
}

std::string writeAudit(const Audit& audit) {
    return dumped(auditJson(audit), 2) + "\n";
}

} // namespace crossgrade::data
