// Reading audit JSON (audit_json.h): the file, the object embedded in a scenario, and the
// store's scan details. The writer is audit_json_writer.cpp.

#include "audit_json.h"

#include "document_reader.h"
#include "input_limits.h"
#include "json_checks.h"
#include "path_bytes.h"

#include <nlohmann/json.hpp>

namespace crossgrade::data {

namespace {

using nlohmann::json;
using namespace crossgrade::model;

// Limits that keep one audit reviewable and the store bounded; docs/formats/audit.md.
constexpr std::size_t kMaxTextChars = 100'000;  // notes, reasons
constexpr std::size_t kMaxPathChars = 4'096;    // PATH_MAX on Linux
constexpr std::size_t kMaxSnippetChars = 4'000; // a few lines of code

constexpr DocumentKind kAuditDocument{"an audit", "audit files", 6};

// Walks a parsed audit object found at `pointer` ("" for an audit file, "/audit" inside a
// scenario), collecting every problem rather than stopping at the first.
class AuditReader {
public:
    AuditReader(JsonChecker& checker, std::string pointer)
        : m_check(checker)
        , m_at(std::move(pointer)) {}

    // A file must say what it is (`requireTag`); an embedded audit may leave the tag to its
    // container but must have it right when present.
    Audit read(const json& doc, bool requireTag) {
        Audit audit;
        if (!doc.is_object()) {
            error(m_at, "expected a JSON object (an audit), got " + describe(doc));
            return audit;
        }
        m_check.checkKeys(doc, m_at,
                          {"schema", "name", "organisation", "date", "notes", "workload",
                           "dimensions", "not_scanned", "repositories"});
        if (requireTag || doc.contains("schema"))
            m_check.checkSchemaTag(doc, m_at, kAuditSchemaTag);
        audit.name = m_check.requiredName(doc, m_at, "name", model::kMaxNameBytes);
        audit.organisation = m_check.optionalName(doc, m_at, "organisation", model::kMaxNameBytes);
        audit.date = m_check.optionalString(doc, m_at, "date", model::kMaxNameBytes);
        if (!audit.date.empty() && !isIsoDate(audit.date))
            error(pointerTo("date"), "expected a date as YYYY-MM-DD, got " + describe(doc["date"]));
        audit.notes = m_check.optionalString(doc, m_at, "notes", kMaxTextChars);
        readWorkload(doc, audit);
        readDimensions(doc, audit);
        readNotScanned(doc, audit);
        readRepositories(doc, audit);
        return audit;
    }

    // The store's side table of scan details (scanDetailsJson): reasons per dimension and the
    // per-repository breakdown.
    void readScanDetails(const json& doc, Audit& audit) {
        if (!doc.is_object()) {
            error(m_at, "expected a JSON object (scan details), got " + describe(doc));
            return;
        }
        if (doc.contains("reasons")) {
            const json* r = m_check.objectAt(doc["reasons"], pointerTo("reasons"), "reasons");
            if (r != nullptr)
                for (const auto& [name, value] : r->items())
                    if (auto d = parseDimension(name))
                        audit.dimension(*d).reasons =
                            stringList(*r, pointerTo("reasons"), name, kMaxTextChars);
        }
        readRepositories(doc, audit);
    }

private:
    JsonChecker& m_check;
    std::string m_at;

    std::string pointerTo(std::string_view key) const { return childPointer(m_at, key); }

    void error(std::string place, std::string message) {
        m_check.error(std::move(place), std::move(message));
    }

    // A path (or a repository's name, which starts paths): its bytes. A path that is not UTF-8
    // is written percent-escaped with "<key>_encoding": "percent" beside it (path_bytes.h).
    std::string pathAt(const json& object, const std::string& at, std::string_view key,
                       bool required, std::size_t maxBytes) {
        const std::string encodingKey = std::string(key) + "_encoding";
        bool escaped = false;
        if (object.contains(encodingKey)) {
            const std::string eat = childPointer(at, encodingKey);
            const json& encoding = object[encodingKey];
            if (encoding.is_string() && encoding.get_ref<const std::string&>() == kPercentEncoding)
                escaped = true;
            else
                error(eat, "expected \"percent\" (the only encoding of a path that is not "
                           "UTF-8), got " +
                               describe(encoding));
        }
        const std::size_t maxChars = escaped ? 3 * maxBytes : maxBytes;
        std::string text = required ? m_check.requiredString(object, at, key, maxChars)
                                    : m_check.optionalString(object, at, key, maxChars);
        if (!escaped || text.empty())
            return text;
        std::optional<std::string> bytes = percentUnescapedPath(text);
        if (!bytes) {
            error(childPointer(at, key),
                  "expected a percent-escaped path (\"%\" followed by two hex digits, \"%25\" "
                  "for \"%\" itself), got " +
                      describe(object[std::string(key)]));
            return {};
        }
        if (bytes->find('\0') != std::string::npos) {
            error(childPointer(at, key), "expected a path, got one with a NUL byte (%00), which no "
                                         "file name can hold");
            return {};
        }
        if (bytes->empty() || bytes->size() > maxBytes) {
            error(childPointer(at, key), "expected 1 to " + std::to_string(maxBytes) +
                                             " bytes once unescaped, got " +
                                             std::to_string(bytes->size()));
            return {};
        }
        return std::move(*bytes);
    }

    std::optional<Tier> tierAt(const json& value, const std::string& pointer) {
        return m_check.enumAt(value, pointer, &parseTier, "\"low\", \"medium\", \"high\"");
    }

    std::optional<Level> levelAt(const json& value, const std::string& pointer) {
        return m_check.enumAt(value, pointer, &parseLevel, "\"low\", \"medium\", \"high\"");
    }

    void readWorkload(const json& doc, Audit& audit) {
        const std::string expected = "\"inference-only\", \"training\", \"mixed\", \"greenfield\"";
        if (!doc.contains("workload")) {
            error(pointerTo("workload"), "missing; expected one of " + expected);
            return;
        }
        if (auto kind = m_check.enumAt(doc["workload"], pointerTo("workload"), &parseWorkloadKind,
                                       expected))
            audit.workload = *kind;
    }

    void readDimensions(const json& doc, Audit& audit) {
        if (!doc.contains("dimensions")) {
            error(pointerTo("dimensions"), "missing; expected an object with the six dimensions");
            return;
        }
        const json* dims =
            m_check.objectAt(doc["dimensions"], pointerTo("dimensions"), "the six dimensions");
        if (dims == nullptr)
            return;
        for (const auto& [key, value] : dims->items())
            if (!parseDimension(key))
                m_check.warning(childPointer(pointerTo("dimensions"), key),
                                "unknown dimension, ignored; the six are " +
                                    namesOf(&model::toString,
                                            {Dimension::CustomKernels, Dimension::Libraries,
                                             Dimension::FrameworkUsage, Dimension::Distributed,
                                             Dimension::Toolchain, Dimension::TeamKnowledge}));
        for (Dimension d : kAllDimensions) {
            const std::string dat = childPointer(pointerTo("dimensions"), toString(d));
            if (!dims->contains(toString(d))) {
                error(dat, "missing; expected an object with at least \"tier\"");
                continue;
            }
            readDimension((*dims)[std::string(toString(d))], dat, d, audit);
        }
    }

    void readDimension(const json& value, const std::string& at, Dimension d, Audit& audit) {
        const json* dim = m_check.objectAt(value, at, "a dimension");
        if (dim == nullptr)
            return;
        std::vector<std::string_view> known{"tier",          "notes",   "evidence", "findings",
                                            "proposed_tier", "reasons", "override", "mitigations"};
        if (d == Dimension::Libraries)
            known.push_back("tensorrt");
        if (d == Dimension::Distributed)
            known.push_back("multi_node");
        m_check.checkKeys(*dim, at, known);

        DimensionAssessment& out = audit.dimension(d);
        if (!dim->contains("tier"))
            error(childPointer(at, "tier"),
                  "missing; expected one of \"low\", \"medium\", \"high\"");
        else if (auto tier = tierAt((*dim)["tier"], childPointer(at, "tier")))
            out.tier = *tier;
        out.notes = m_check.optionalString(*dim, at, "notes", kMaxTextChars);
        if (dim->contains("proposed_tier"))
            out.proposed_tier = tierAt((*dim)["proposed_tier"], childPointer(at, "proposed_tier"));
        out.reasons = stringList(*dim, at, "reasons", kMaxTextChars);
        readOverride(*dim, at, out);
        readFindings(*dim, at, out);
        readEvidence(*dim, at, d, out);
        readMitigations(*dim, at, out);
        if (d == Dimension::Libraries)
            audit.tensorrt = m_check.optionalBool(*dim, at, "tensorrt");
        if (d == Dimension::Distributed)
            audit.multi_node = m_check.optionalBool(*dim, at, "multi_node");
    }

    void readOverride(const json& dim, const std::string& at, DimensionAssessment& out) {
        if (!dim.contains("override"))
            return;
        const std::string oat = childPointer(at, "override");
        const json* o =
            m_check.objectAt(dim["override"], oat, "an override {\"tier\", \"reason\"}");
        if (o == nullptr)
            return;
        m_check.checkKeys(*o, oat, {"tier", "reason"});
        TierOverride ov;
        bool complete = true;
        if (!o->contains("tier")) {
            error(childPointer(oat, "tier"),
                  "missing; expected one of \"low\", \"medium\", \"high\"");
            complete = false;
        } else if (auto tier = tierAt((*o)["tier"], childPointer(oat, "tier"))) {
            ov.tier = *tier;
        } else {
            complete = false;
        }
        ov.reason = m_check.requiredString(*o, oat, "reason", kMaxTextChars);
        if (!complete)
            return;
        // The override is the reviewer's word: a file that says otherwise in "tier" is
        // contradicting itself, and guessing which one was meant would hide that.
        if (dim.contains("tier") && dim["tier"].is_string() &&
            parseTier(dim["tier"].get<std::string>()) &&
            *parseTier(dim["tier"].get<std::string>()) != ov.tier)
            error(childPointer(at, "tier"), "expected \"" + std::string(toString(ov.tier)) +
                                                "\" to match override.tier, got " +
                                                describe(dim["tier"]));
        out.override_tier = ov;
    }

    void readFindings(const json& dim, const std::string& at, DimensionAssessment& out) {
        if (!dim.contains("findings"))
            return;
        const std::string fat = childPointer(at, "findings");
        const json* f = m_check.objectAt(dim["findings"], fat, "counts per rule id");
        if (f == nullptr)
            return;
        if (f->size() > kMaxItemsPerList) {
            error(fat, "expected at most " + std::to_string(kMaxItemsPerList) + " rule ids");
            return;
        }
        for (const auto& [rule, count] : f->items()) {
            if (rule.empty() || rule.size() > model::kMaxNameBytes)
                error(childPointer(fat, rule), "expected a rule id of 1 to " +
                                                   std::to_string(model::kMaxNameBytes) + " bytes");
            else if (auto n = m_check.integerAt(count, childPointer(fat, rule), 0))
                out.findings[rule] = *n;
        }
    }

    void readEvidence(const json& dim, const std::string& at, Dimension d,
                      DimensionAssessment& out) {
        const json* items = m_check.arrayAt(dim, at, "evidence");
        if (items == nullptr)
            return;
        const std::string eat = childPointer(at, "evidence");
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string iat = childPointer(eat, i);
            const json* item = m_check.objectAt((*items)[i], iat, "an evidence item");
            if (item == nullptr)
                continue;
            m_check.checkKeys(*item, iat,
                              {"rule_id", "dimension", "severity", "confidence", "path",
                               "path_encoding", "line", "col", "snippet", "context",
                               "rocm_equivalent", "mitigated_by"});
            EvidenceItem e;
            e.rule_id = m_check.requiredString(*item, iat, "rule_id", model::kMaxNameBytes);
            e.path = pathAt(*item, iat, "path", true, kMaxPathChars);
            for (std::string_view key : {"severity", "confidence", "line", "context"})
                if (!item->contains(key))
                    error(childPointer(iat, key), "missing; see docs/formats/audit.md");
            if (item->contains("severity"))
                e.severity = levelAt((*item)["severity"], childPointer(iat, "severity"))
                                 .value_or(Level::Medium);
            if (item->contains("confidence"))
                e.confidence = levelAt((*item)["confidence"], childPointer(iat, "confidence"))
                                   .value_or(Level::Medium);
            if (item->contains("line"))
                e.line =
                    m_check.integerAt((*item)["line"], childPointer(iat, "line"), 1).value_or(1);
            if (item->contains("col"))
                e.col = m_check.integerAt((*item)["col"], childPointer(iat, "col"), 1);
            if (item->contains("context"))
                e.context =
                    m_check
                        .enumAt((*item)["context"], childPointer(iat, "context"),
                                &parseEvidenceContext,
                                "\"code\", \"comment\", \"docstring\", \"test\", \"benchmark\", "
                                "\"example\", \"vendored\"")
                        .value_or(EvidenceContext::Code);
            // scanner-patterns.md §11 numbers the dimension; inside a dimension it must agree.
            if (item->contains("dimension")) {
                const auto n =
                    m_check.integerAt((*item)["dimension"], childPointer(iat, "dimension"), 1);
                if (n && *n != static_cast<int>(d) + 1)
                    error(childPointer(iat, "dimension"),
                          "expected " + std::to_string(static_cast<int>(d) + 1) +
                              " (the dimension this item is listed under), got " +
                              std::to_string(*n));
            }
            e.snippet = m_check.optionalString(*item, iat, "snippet", kMaxSnippetChars);
            e.rocm_equivalent =
                m_check.optionalString(*item, iat, "rocm_equivalent", kMaxTextChars);
            if (item->contains("mitigated_by") && !(*item)["mitigated_by"].is_null())
                e.mitigated_by =
                    m_check.stringAt((*item)["mitigated_by"], childPointer(iat, "mitigated_by"),
                                     model::kMaxNameBytes);
            out.evidence.push_back(std::move(e));
        }
    }

    void readMitigations(const json& dim, const std::string& at, DimensionAssessment& out) {
        const json* items = m_check.arrayAt(dim, at, "mitigations");
        if (items == nullptr)
            return;
        const std::string mat = childPointer(at, "mitigations");
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string iat = childPointer(mat, i);
            const json* item = m_check.objectAt((*items)[i], iat, "a mitigation");
            if (item == nullptr)
                continue;
            m_check.checkKeys(*item, iat,
                              {"rule_id", "path", "path_encoding", "line", "snippet", "note"});
            Mitigation m;
            m.rule_id = m_check.requiredString(*item, iat, "rule_id", model::kMaxNameBytes);
            m.path = pathAt(*item, iat, "path", false, kMaxPathChars);
            if (item->contains("line"))
                m.line = m_check.integerAt((*item)["line"], childPointer(iat, "line"), 1);
            m.snippet = m_check.optionalString(*item, iat, "snippet", kMaxSnippetChars);
            m.note = m_check.optionalString(*item, iat, "note", kMaxTextChars);
            out.mitigations.push_back(std::move(m));
        }
    }

    // An optional array of strings, each at most `maxChars`.
    std::vector<std::string> stringList(const json& object, const std::string& at,
                                        std::string_view key, std::size_t maxChars) {
        std::vector<std::string> out;
        const json* items = m_check.arrayAt(object, at, key);
        if (items == nullptr)
            return out;
        const std::string lat = childPointer(at, key);
        if (items->size() > kMaxItemsPerList) {
            error(lat, "expected at most " + std::to_string(kMaxItemsPerList) + " items");
            return out;
        }
        for (std::size_t i = 0; i < items->size(); ++i)
            out.push_back(m_check.stringAt((*items)[i], childPointer(lat, i), maxChars));
        return out;
    }

    // A whole count ≥ 0 that may exceed an int (bytes of a large repository).
    long long countAt(const json& object, const std::string& at, std::string_view key) {
        if (!object.contains(key))
            return 0;
        const std::string cat = childPointer(at, key);
        const auto v = m_check.numberAt(object[std::string(key)], cat, Sense::atLeast(0));
        if (!v)
            return 0;
        if (*v != static_cast<double>(static_cast<long long>(*v)) || *v > 9.0e15) {
            error(cat, "expected a whole number ≥ 0, got " + describe(object[std::string(key)]));
            return 0;
        }
        return static_cast<long long>(*v);
    }

    // The per-repository breakdown a scan of several repositories writes.
    void readRepositories(const json& doc, Audit& audit) {
        const json* items = m_check.arrayAt(doc, m_at, "repositories");
        if (items == nullptr)
            return;
        if (items->size() > kMaxItemsPerList) {
            error(pointerTo("repositories"),
                  "expected at most " + std::to_string(kMaxItemsPerList) + " repositories");
            return;
        }
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string iat = childPointer(pointerTo("repositories"), i);
            const json* item = m_check.objectAt((*items)[i], iat, "a repository {\"name\", ...}");
            if (item == nullptr)
                continue;
            m_check.checkKeys(*item, iat,
                              {"name", "name_encoding", "root", "root_encoding", "files_scanned",
                               "bytes_scanned", "files_not_scanned", "proposed", "findings",
                               "submodules"});
            RepositoryBreakdown r;
            r.name = pathAt(*item, iat, "name", true, model::kMaxNameBytes);
            r.root = pathAt(*item, iat, "root", false, kMaxPathChars);
            r.files_scanned = countAt(*item, iat, "files_scanned");
            r.bytes_scanned = countAt(*item, iat, "bytes_scanned");
            r.files_not_scanned = countAt(*item, iat, "files_not_scanned");
            readPerDimension(*item, iat, "proposed",
                             [&](Dimension d, const json& v, const std::string& vat) {
                                 r.proposed[static_cast<std::size_t>(d)] = tierAt(v, vat);
                             });
            readPerDimension(*item, iat, "findings",
                             [&](Dimension d, const json& v, const std::string& vat) {
                                 if (auto n = m_check.integerAt(v, vat, 0))
                                     r.findings[static_cast<std::size_t>(d)] = *n;
                             });
            r.submodules = stringList(*item, iat, "submodules", kMaxPathChars);
            audit.repositories.push_back(std::move(r));
        }
    }

    // An optional object keyed by dimension name; unknown names are warnings.
    template <typename Read>
    void readPerDimension(const json& object, const std::string& at, std::string_view key,
                          Read read) {
        if (!object.contains(key))
            return;
        const std::string oat = childPointer(at, key);
        const json* o = m_check.objectAt(object[std::string(key)], oat, "values per dimension");
        if (o == nullptr)
            return;
        for (const auto& [name, value] : o->items()) {
            if (auto d = parseDimension(name))
                read(*d, value, childPointer(oat, name));
            else
                m_check.warning(childPointer(oat, name), "unknown dimension, ignored");
        }
    }

    void readNotScanned(const json& doc, Audit& audit) {
        const json* items = m_check.arrayAt(doc, m_at, "not_scanned");
        if (items == nullptr)
            return;
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string iat = childPointer(pointerTo("not_scanned"), i);
            const json* item =
                m_check.objectAt((*items)[i], iat, "a skipped file {\"path\", \"reason\"}");
            if (item == nullptr)
                continue;
            m_check.checkKeys(*item, iat, {"path", "path_encoding", "reason"});
            SkippedFile s;
            s.path = pathAt(*item, iat, "path", true, kMaxPathChars);
            s.reason = m_check.requiredString(*item, iat, "reason", kMaxTextChars);
            audit.not_scanned.push_back(std::move(s));
        }
    }
};

} // namespace

AuditReadResult readAudit(std::string_view text) {
    return readDocument<Audit>(text, kAuditDocument, kAuditSchemaTag,
                               [](const json& doc, JsonChecker& checker) {
                                   return AuditReader(checker, "").read(doc, true);
                               });
}

Audit readAuditObject(const json& value, const std::string& pointer, JsonChecker& checker) {
    return AuditReader(checker, pointer).read(value, false);
}

AuditReadResult readAuditFile(const std::string& path) {
    return readDocumentFile(path, kAuditDocument, &readAudit);
}

std::vector<Problem> readScanDetailsJson(std::string_view text, Audit& audit) {
    ParsedDocument parsed = parseDocument(text, kAuditDocument);
    if (!parsed.ok())
        return std::move(parsed.errors);
    JsonChecker checker;
    Audit read;
    AuditReader(checker, "").readScanDetails(parsed.doc, read);
    if (checker.hasErrors())
        return checker.takeErrors();
    for (Dimension d : kAllDimensions)
        audit.dimension(d).reasons = std::move(read.dimension(d).reasons);
    audit.repositories = std::move(read.repositories);
    return {};
}

} // namespace crossgrade::data
