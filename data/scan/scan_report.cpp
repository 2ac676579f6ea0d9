#include "scan_report.h"

#include "path_bytes.h"
#include "printable_text.h"
#include "recommendation.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

namespace crossgrade::data {

namespace {

using namespace crossgrade::model;
using ordered_json = nlohmann::ordered_json;

constexpr std::string_view kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";

std::string sarifLevel(Level severity) {
    switch (severity) {
    case Level::High:
        return "error";
    case Level::Medium:
        return "warning";
    case Level::Low:
        return "note";
    }
    return "note";
}

// RFC 3986: a relative URI reference; '/' separates segments and stays.
std::string uriOf(std::string_view path) {
    std::string out;
    for (char c : path) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            out.push_back(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", u);
            out += buf;
        }
    }
    return out;
}

// A repository's name, or text read from a file (a snippet of a Latin-1 source, a path rule's
// match, which is the path), inside a JSON string: as it is when UTF-8, else percent-escaped.
std::string nameText(const std::string& name) {
    return isWellFormedUtf8(name) ? name : percentEscapedPath(name);
}

std::string fileUriOf(const std::string& root) {
    std::string uri = "file://" + uriOf(root);
    if (uri.back() != '/')
        uri.push_back('/');
    return uri;
}

std::string kindOf(RuleKind kind) {
    switch (kind) {
    case RuleKind::Finding:
        return "finding";
    case RuleKind::Mitigation:
        return "mitigation";
    case RuleKind::Scale:
        return "scale";
    }
    return "finding";
}

ordered_json ruleDescriptor(const ScanRule& rule) {
    const int dimension = static_cast<int>(rule.dimension) + 1;
    std::string summary = "Dimension " + std::to_string(dimension) + " (" +
                          std::string(title(rule.dimension)) + "): " + kindOf(rule.kind);
    if (rule.kind == RuleKind::Finding)
        summary += ", " + std::string(toString(rule.severity)) + " by default";
    ordered_json j;
    j["id"] = rule.id;
    j["shortDescription"] = {{"text", summary}};
    if (!rule.note.empty())
        j["fullDescription"] = {{"text", std::string(rule.note)}};
    if (!rule.rocm_equivalent.empty())
        j["help"] = {{"text", "ROCm equivalent: " + std::string(rule.rocm_equivalent)}};
    j["defaultConfiguration"] = {
        {"level", rule.kind == RuleKind::Finding ? sarifLevel(rule.severity) : "note"}};
    j["properties"] = {{"dimension", dimension}, {"kind", kindOf(rule.kind)}};
    return j;
}

ordered_json regionOf(const ScanFinding& f) {
    ordered_json region = {{"startLine", f.line}};
    if (f.col)
        region["startColumn"] = *f.col;
    if (!f.snippet.empty())
        region["snippet"] = {{"text", nameText(f.snippet)}};
    return region;
}

ordered_json physicalLocationOf(const ScanFinding& f) {
    return {{"artifactLocation", {{"uri", uriOf(f.path)}, {"uriBaseId", "SRCROOT"}}},
            {"region", regionOf(f)}};
}

// One rule's hits in one context of one file (`hits`, in line order): a result at the first,
// the others as related locations.
ordered_json resultOf(const std::vector<const ScanFinding*>& hits, int ruleIndex) {
    const ScanFinding& f = *hits.front();
    const EvidenceItem e = toEvidence(f);
    const bool finding = f.rule->kind == RuleKind::Finding;
    const bool code = f.context == EvidenceContext::Code;
    Level severity = f.severity;
    for (const ScanFinding* h : hits)
        severity = std::max(severity, h->severity);
    std::string message = std::string(f.rule->id) + ": " + nameText(f.match);
    if (hits.size() > 1)
        message += " (" + std::to_string(hits.size()) + " hits in this file)";
    if (!finding)
        message += " (" + kindOf(f.rule->kind) + " signal)";
    else if (!code)
        message += " (in " + std::string(toString(f.context)) + ": does not set the tier)";
    if (!e.rocm_equivalent.empty())
        message += ". ROCm: " + e.rocm_equivalent;
    ordered_json j;
    j["ruleId"] = f.rule->id;
    j["ruleIndex"] = ruleIndex;
    j["kind"] = finding ? "fail" : "informational";
    j["level"] = finding && code ? sarifLevel(severity) : "note";
    j["message"] = {{"text", message}};
    j["locations"] = ordered_json::array({{{"physicalLocation", physicalLocationOf(f)}}});
    if (hits.size() > 1) {
        ordered_json related = ordered_json::array();
        for (std::size_t i = 1; i < hits.size() && related.size() < kMaxRelatedLocations; ++i)
            related.push_back({{"id", static_cast<int>(i)},
                               {"physicalLocation", physicalLocationOf(*hits[i])},
                               {"message", {{"text", nameText(hits[i]->match)}}}});
        j["relatedLocations"] = std::move(related);
    }
    j["properties"] = {{"dimension", static_cast<int>(f.rule->dimension) + 1},
                       {"severity", toString(severity)},
                       {"confidence", toString(e.confidence)},
                       {"context", toString(f.context)},
                       {"rocm_equivalent", e.rocm_equivalent},
                       {"hits", hits.size()}};
    return j;
}

// The rule table, the same for every run, and each rule's place in it.
struct SarifRules {
    ordered_json table = ordered_json::array();
    std::map<std::string_view, int> index;
};

const SarifRules& sarifRules() {
    static const SarifRules rules = [] {
        SarifRules r;
        for (const ScanRule& rule : scanRules()) {
            r.index[rule.id] = static_cast<int>(r.table.size());
            r.table.push_back(ruleDescriptor(rule));
        }
        return r;
    }();
    return rules;
}

ordered_json notificationsOf(const RepositoryScan& repo) {
    ordered_json notes = ordered_json::array();
    for (const SkippedFile& s : repo.not_scanned)
        notes.push_back(
            {{"level", "note"},
             {"message", {{"text", "not scanned: " + s.reason}}},
             {"locations",
              ordered_json::array({{{"physicalLocation",
                                     {{"artifactLocation",
                                       {{"uri", uriOf(s.path)}, {"uriBaseId", "SRCROOT"}}}}}}})}});
    return notes;
}

// `value` as dump(2) writes it inside a document `level` levels deep: every line after the
// first indented by 2 × level spaces. Paths are in URIs, percent-encoded byte by byte, and
// snippets escaped; any other text that is not UTF-8 (a submodule's URL) gets U+FFFD rather
// than failing the file.
void writeNested(std::ostream& out, const ordered_json& value, int level) {
    std::string text = value.dump(2, ' ', false, ordered_json::error_handler_t::replace);
    const std::string indent(static_cast<std::size_t>(2 * level), ' ');
    // JSON strings never hold a raw newline, so every newline is between lines.
    for (std::size_t at = text.find('\n'); at != std::string::npos;
         at = text.find('\n', at + 1 + indent.size()))
        text.insert(at + 1, indent);
    out << text;
}

// "KEY": VALUE inside a run object (level 3).
void writeRunMember(std::ostream& out, const char* key, const ordered_json& value) {
    out << "      " << ordered_json(key).dump() << ": ";
    writeNested(out, value, 3);
}

std::string megabytes(long long bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return buf;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

void printDimension(std::ostream& out, const Audit& audit, Dimension d, std::size_t topN) {
    const DimensionAssessment& a = audit.dimension(d);
    out << static_cast<int>(d) + 1 << ". " << title(d) << ": " << upper(toString(a.tier));
    if (a.override_tier)
        out << " (reviewer's override: " << printable(a.override_tier->reason) << "; scan proposed "
            << (a.proposed_tier ? toString(*a.proposed_tier) : "nothing") << ")";
    else if (a.proposed_tier)
        out << " (proposed by the scan)";
    out << '\n';
    for (const std::string& r : a.reasons)
        out << "   why: " << printable(r) << '\n';
    if (!a.notes.empty())
        out << "   note: " << printable(a.notes) << '\n';
    std::size_t shown = 0;
    for (const EvidenceItem& e : a.evidence) {
        if (shown++ == topN) {
            out << "   ... and " << a.evidence.size() - topN
                << " more in the audit JSON (--format json)\n";
            break;
        }
        // Paths and snippets come from the scanned repository: shown, never obeyed.
        out << "   " << printablePath(e.path) << ':' << e.line << "  " << printable(e.rule_id)
            << "  " << toString(e.severity) << ", " << toString(e.context)
            << (e.mitigated_by ? ", mitigated by " + printable(*e.mitigated_by) : std::string())
            << '\n';
        if (!e.snippet.empty())
            out << "      " << printable(e.snippet) << '\n';
        if (!e.rocm_equivalent.empty())
            out << "      ROCm: " << printable(e.rocm_equivalent) << '\n';
    }
    for (const Mitigation& m : a.mitigations)
        out << "   mitigation: " << printable(m.rule_id) << " at " << printablePath(m.path)
            << (m.line ? ":" + std::to_string(*m.line) : std::string()) << '\n';
}

} // namespace

SarifWriter::SarifWriter(std::ostream& out)
    : m_out(out) {}

void SarifWriter::openRun(const RepositoryScan& repo) {
    if (!m_logOpen) {
        m_out << "{\n  \"$schema\": " << ordered_json(kSarifSchema).dump()
              << ",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n";
        m_logOpen = true;
    }
    m_out << (m_anyRun ? ",\n    {\n" : "    {\n");
    m_anyRun = true;
    writeRunMember(m_out, "tool",
                   {{"driver",
                     {{"name", "Crossgrade scanner"},
                      {"version", CROSSGRADE_VERSION},
                      {"rules", sarifRules().table}}}});
    m_out << ",\n";
    writeRunMember(m_out, "automationDetails",
                   {{"id", "crossgrade-scan/" + nameText(repo.name) + "/"}});
    m_out << ",\n";
    writeRunMember(m_out, "originalUriBaseIds", {{"SRCROOT", {{"uri", fileUriOf(repo.root)}}}});
    m_out << ",\n      \"results\": [";
    m_runOpen = true;
    m_anyResult = false;
    m_results = m_leftOffResults = m_leftOffFindings = 0;
}

void SarifWriter::finding(const RepositoryScan& repo, const ScanFinding& f) {
    if (!f.rule || !sarifRules().index.contains(f.rule->id))
        return;
    if (!m_runOpen)
        openRun(repo);
    if (!m_file.empty() && m_file.front().path != f.path)
        writeFile();
    m_file.push_back(f);
}

void SarifWriter::writeFile() {
    // Groups by rule and context, in the order each group's first hit comes.
    std::vector<std::vector<const ScanFinding*>> groups;
    for (const ScanFinding& f : m_file) {
        auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& group) {
            return group.front()->rule == f.rule && group.front()->context == f.context;
        });
        if (g == groups.end())
            groups.push_back({&f});
        else
            g->push_back(&f);
    }
    const auto& index = sarifRules().index;
    for (const auto& group : groups) {
        if (m_results >= kMaxSarifResults) {
            ++m_leftOffResults;
            m_leftOffFindings += group.size();
            continue;
        }
        m_out << (m_anyResult ? ",\n        " : "\n        ");
        m_anyResult = true;
        ++m_results;
        writeNested(m_out, resultOf(group, index.at(group.front()->rule->id)), 4);
    }
    m_file.clear();
}

void SarifWriter::repositoryDone(const RepositoryScan& repo) {
    if (!m_runOpen)
        openRun(repo);
    writeFile();
    m_out << (m_anyResult ? "\n      ],\n" : "],\n");
    ordered_json notes = notificationsOf(repo);
    if (m_leftOffResults > 0)
        notes.push_back(
            {{"level", "warning"},
             {"message",
              {{"text", std::to_string(m_leftOffResults) + " more results (" +
                            std::to_string(m_leftOffFindings) + " findings) left off: at most " +
                            std::to_string(kMaxSarifResults) +
                            " results per run, GitHub's limit. The audit JSON (--format json) "
                            "counts every finding."}}}});
    writeRunMember(m_out, "invocations",
                   ordered_json::array({{{"executionSuccessful", true},
                                         {"toolExecutionNotifications", std::move(notes)}}}));
    m_out << "\n    }";
    m_runOpen = false;
}

void SarifWriter::finish() {
    if (!m_logOpen)
        m_out << "{\n  \"$schema\": " << ordered_json(kSarifSchema).dump()
              << ",\n  \"version\": \"2.1.0\",\n  \"runs\": []\n}\n";
    else
        m_out << "\n  ]\n}\n";
}

std::string scanSarif(const ScanRun& run) {
    std::ostringstream out;
    SarifWriter writer(out);
    for (const RepositoryScan& repo : run.repositories) {
        for (const ScanFinding& f : repo.findings)
            writer.finding(repo, f);
        writer.repositoryDone(repo);
    }
    writer.finish();
    return std::move(out).str();
}

std::string scanText(const Audit& audit, std::size_t evidencePerDimension) {
    std::ostringstream out;
    long long files = 0;
    long long bytes = 0;
    for (const RepositoryBreakdown& r : audit.repositories) {
        files += r.files_scanned;
        bytes += r.bytes_scanned;
    }
    out << "Audit: " << printable(audit.name) << " (" << toString(audit.workload) << ")\n";
    out << "Scanned " << files << " files (" << megabytes(bytes) << ") in "
        << audit.repositories.size()
        << (audit.repositories.size() == 1 ? " repository" : " repositories") << "; "
        << audit.not_scanned.size() << " not scanned\n\n";
    for (Dimension d : kAllDimensions)
        printDimension(out, audit, d, evidencePerDimension);

    const Recommendation r = recommend(audit.profile());
    out << "\nTensorRT in the pipeline: " << (audit.tensorrt ? "yes" : "no")
        << "; multi-node: " << (audit.multi_node ? "yes" : "no") << '\n';
    out << "Recommended path: " << title(r.primary_path) << " [" << toString(r.primary_path)
        << "], " << r.high_count << " High; " << r.effort.label << '\n';
    for (const AuditWarning& w : r.warnings)
        out << "  warning [" << w.id << "] " << w.text << '\n';
    out << "The tiers are proposals: confirm or override each in the app or the audit file.\n";

    if (audit.repositories.size() > 1) {
        out << "\nRepositories:\n";
        for (const RepositoryBreakdown& rep : audit.repositories) {
            out << "  " << printablePath(rep.name) << ": " << rep.files_scanned << " files, "
                << megabytes(rep.bytes_scanned) << ";";
            for (Dimension d : kAllDimensions)
                if (const auto& t = rep.proposed[static_cast<std::size_t>(d)])
                    out << " D" << static_cast<int>(d) + 1 << ' ' << toString(*t);
            out << '\n';
        }
    }
    if (!audit.not_scanned.empty()) {
        out << "\nNot scanned:\n";
        std::size_t shown = 0;
        for (const SkippedFile& s : audit.not_scanned) {
            if (shown++ == 20) {
                out << "  ... and " << audit.not_scanned.size() - 20 << " more\n";
                break;
            }
            out << "  " << printablePath(s.path) << ": " << printable(s.reason) << '\n';
        }
    }
    return out.str();
}

} // namespace crossgrade::data
