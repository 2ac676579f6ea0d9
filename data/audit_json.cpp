#include "audit_json.h"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace crossgrade::data {

namespace {

using nlohmann::json;
using namespace crossgrade::model;

// Limits that keep one audit reviewable and the store bounded; docs/formats/audit.md.
constexpr std::size_t kMaxNameChars = 200;
constexpr std::size_t kMaxTextChars = 100'000;  // notes, reasons
constexpr std::size_t kMaxPathChars = 4'096;    // PATH_MAX on Linux
constexpr std::size_t kMaxSnippetChars = 4'000; // a few lines of code
constexpr std::size_t kMaxItemsPerList = 10'000;
constexpr int kMaxNesting = 64;

std::string describe(const json& value) {
    switch (value.type()) {
    case json::value_t::null:
        return "null";
    case json::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case json::value_t::string: {
        std::string s = value.get<std::string>();
        if (s.size() > 40)
            s = s.substr(0, 40) + "…";
        return json(s).dump(-1, ' ', false, json::error_handler_t::replace);
    }
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
        return "the number " + value.dump();
    case json::value_t::object:
        return "an object";
    case json::value_t::array:
        return "an array";
    default:
        return "a value";
    }
}

std::string escapeToken(std::string_view key) {
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string child(const std::string& pointer, std::string_view key) {
    return pointer + "/" + escapeToken(key);
}
std::string child(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

template <typename Enum>
std::string namesOf(std::string_view (*name)(Enum), std::initializer_list<Enum> values) {
    std::string out;
    for (Enum v : values) {
        if (!out.empty())
            out += ", ";
        out += name(v);
    }
    return out;
}

bool isIsoDate(const std::string& s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
        if (s[i] < '0' || s[i] > '9')
            return false;
    const int month = std::stoi(s.substr(5, 2));
    const int day = std::stoi(s.substr(8, 2));
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// Walks a parsed document, collecting every problem rather than stopping at the first.
class AuditReader {
public:
    AuditReadResult read(const json& doc) {
        Audit audit;
        if (!doc.is_object()) {
            error("", "expected a JSON object (an audit), got " + describe(doc));
            return finish(audit);
        }
        checkKeys(doc, "",
                  {"schema", "name", "organisation", "date", "notes", "workload", "dimensions",
                   "not_scanned"});
        readSchemaTag(doc);
        audit.name = requiredString(doc, "", "name", kMaxNameChars);
        audit.organisation = optionalString(doc, "", "organisation", kMaxNameChars);
        audit.date = optionalString(doc, "", "date", kMaxNameChars);
        if (!audit.date.empty() && !isIsoDate(audit.date))
            error("/date", "expected a date as YYYY-MM-DD, got " + describe(doc["date"]));
        audit.notes = optionalString(doc, "", "notes", kMaxTextChars);
        readWorkload(doc, audit);
        readDimensions(doc, audit);
        readNotScanned(doc, audit);
        return finish(audit);
    }

private:
    std::vector<Problem> m_errors;
    std::vector<Problem> m_warnings;

    void error(std::string place, std::string message) {
        m_errors.push_back({std::move(place), std::move(message)});
    }

    AuditReadResult finish(Audit& audit) {
        AuditReadResult result;
        result.errors = std::move(m_errors);
        result.warnings = std::move(m_warnings);
        if (result.errors.empty())
            result.audit = std::move(audit);
        return result;
    }

    // v1 readers ignore fields they do not know so later versions can add some; a warning
    // still catches a misspelt name.
    void checkKeys(const json& object, const std::string& pointer,
                   std::initializer_list<std::string_view> known) {
        for (const auto& [key, value] : object.items()) {
            bool isKnown = false;
            for (std::string_view k : known)
                isKnown = isKnown || k == key;
            if (!isKnown)
                m_warnings.push_back({child(pointer, key), "unknown field, ignored"});
        }
    }

    void readSchemaTag(const json& doc) {
        if (!doc.contains("schema")) {
            error("/schema", "missing; expected \"" + std::string(kAuditSchemaTag) + "\"");
            return;
        }
        const json& tag = doc["schema"];
        if (!tag.is_string() || tag.get<std::string>() != kAuditSchemaTag)
            error("/schema",
                  "expected \"" + std::string(kAuditSchemaTag) + "\", got " + describe(tag));
    }

    std::string stringAt(const json& value, const std::string& pointer, std::size_t maxChars) {
        if (!value.is_string()) {
            error(pointer, "expected a string, got " + describe(value));
            return {};
        }
        std::string s = value.get<std::string>();
        if (s.size() > maxChars) {
            error(pointer, "expected at most " + std::to_string(maxChars) + " bytes, got " +
                               std::to_string(s.size()));
            return {};
        }
        return s;
    }

    std::string requiredString(const json& object, const std::string& pointer, std::string_view key,
                               std::size_t maxChars) {
        const std::string at = child(pointer, key);
        if (!object.contains(key)) {
            error(at, "missing; expected a non-empty string");
            return {};
        }
        std::string s = stringAt(object[std::string(key)], at, maxChars);
        if (object[std::string(key)].is_string() && s.empty())
            error(at, "expected a non-empty string, got \"\"");
        return s;
    }

    std::string optionalString(const json& object, const std::string& pointer, std::string_view key,
                               std::size_t maxChars) {
        if (!object.contains(key))
            return {};
        return stringAt(object[std::string(key)], child(pointer, key), maxChars);
    }

    std::optional<int> integerAt(const json& value, const std::string& pointer, int min) {
        const std::string range = "a whole number from " + std::to_string(min) + " to " +
                                  std::to_string(std::numeric_limits<int>::max());
        if (value.is_number_unsigned()) {
            const auto u = value.get<unsigned long long>();
            if (u <= static_cast<unsigned long long>(std::numeric_limits<int>::max()) &&
                static_cast<long long>(u) >= min)
                return static_cast<int>(u);
        } else if (value.is_number_integer()) {
            const auto v = value.get<long long>();
            if (v >= min && v <= std::numeric_limits<int>::max())
                return static_cast<int>(v);
        }
        error(pointer, "expected " + range + ", got " + describe(value));
        return std::nullopt;
    }

    bool optionalBool(const json& object, const std::string& pointer, std::string_view key) {
        if (!object.contains(key))
            return false;
        const json& value = object[std::string(key)];
        if (!value.is_boolean()) {
            error(child(pointer, key), "expected true or false, got " + describe(value));
            return false;
        }
        return value.get<bool>();
    }

    template <typename Enum>
    std::optional<Enum> enumAt(const json& value, const std::string& pointer,
                               std::optional<Enum> (*parse)(std::string_view),
                               const std::string& expected) {
        if (value.is_string())
            if (auto parsed = parse(value.get<std::string>()))
                return parsed;
        error(pointer, "expected one of " + expected + ", got " + describe(value));
        return std::nullopt;
    }

    std::optional<Tier> tierAt(const json& value, const std::string& pointer) {
        return enumAt(value, pointer, &parseTier, "\"low\", \"medium\", \"high\"");
    }

    std::optional<Level> levelAt(const json& value, const std::string& pointer) {
        return enumAt(value, pointer, &parseLevel, "\"low\", \"medium\", \"high\"");
    }

    const json* arrayAt(const json& object, const std::string& pointer, std::string_view key) {
        if (!object.contains(key))
            return nullptr;
        const json& value = object[std::string(key)];
        const std::string at = child(pointer, key);
        if (!value.is_array()) {
            error(at, "expected an array, got " + describe(value));
            return nullptr;
        }
        if (value.size() > kMaxItemsPerList) {
            error(at, "expected at most " + std::to_string(kMaxItemsPerList) + " items, got " +
                          std::to_string(value.size()));
            return nullptr;
        }
        return &value;
    }

    const json* objectAt(const json& value, const std::string& pointer, const std::string& what) {
        if (!value.is_object()) {
            error(pointer, "expected " + what + " (a JSON object), got " + describe(value));
            return nullptr;
        }
        return &value;
    }

    void readWorkload(const json& doc, Audit& audit) {
        const std::string expected = "\"inference-only\", \"training\", \"mixed\", \"greenfield\"";
        if (!doc.contains("workload")) {
            error("/workload", "missing; expected one of " + expected);
            return;
        }
        if (auto kind = enumAt(doc["workload"], "/workload", &parseWorkloadKind, expected))
            audit.workload = *kind;
    }

    void readDimensions(const json& doc, Audit& audit) {
        if (!doc.contains("dimensions")) {
            error("/dimensions", "missing; expected an object with the six dimensions");
            return;
        }
        const json* dims = objectAt(doc["dimensions"], "/dimensions", "the six dimensions");
        if (dims == nullptr)
            return;
        for (const auto& [key, value] : dims->items())
            if (!parseDimension(key))
                m_warnings.push_back(
                    {child("/dimensions", key),
                     "unknown dimension, ignored; the six are " +
                         namesOf(&model::toString,
                                 {Dimension::CustomKernels, Dimension::Libraries,
                                  Dimension::FrameworkUsage, Dimension::Distributed,
                                  Dimension::Toolchain, Dimension::TeamKnowledge})});
        for (Dimension d : kAllDimensions) {
            const std::string at = child("/dimensions", toString(d));
            if (!dims->contains(toString(d))) {
                error(at, "missing; expected an object with at least \"tier\"");
                continue;
            }
            readDimension((*dims)[std::string(toString(d))], at, d, audit);
        }
    }

    void readDimension(const json& value, const std::string& at, Dimension d, Audit& audit) {
        const json* dim = objectAt(value, at, "a dimension");
        if (dim == nullptr)
            return;
        std::vector<std::string_view> known{"tier",          "notes",    "evidence",   "findings",
                                            "proposed_tier", "override", "mitigations"};
        if (d == Dimension::Libraries)
            known.push_back("tensorrt");
        if (d == Dimension::Distributed)
            known.push_back("multi_node");
        for (const auto& [key, v] : dim->items())
            if (std::find(known.begin(), known.end(), key) == known.end())
                m_warnings.push_back({child(at, key), "unknown field, ignored"});

        DimensionAssessment& out = audit.dimension(d);
        if (!dim->contains("tier"))
            error(child(at, "tier"), "missing; expected one of \"low\", \"medium\", \"high\"");
        else if (auto tier = tierAt((*dim)["tier"], child(at, "tier")))
            out.tier = *tier;
        out.notes = optionalString(*dim, at, "notes", kMaxTextChars);
        if (dim->contains("proposed_tier"))
            out.proposed_tier = tierAt((*dim)["proposed_tier"], child(at, "proposed_tier"));
        readOverride(*dim, at, out);
        readFindings(*dim, at, out);
        readEvidence(*dim, at, d, out);
        readMitigations(*dim, at, out);
        if (d == Dimension::Libraries)
            audit.tensorrt = optionalBool(*dim, at, "tensorrt");
        if (d == Dimension::Distributed)
            audit.multi_node = optionalBool(*dim, at, "multi_node");
    }

    void readOverride(const json& dim, const std::string& at, DimensionAssessment& out) {
        if (!dim.contains("override"))
            return;
        const std::string oat = child(at, "override");
        const json* o = objectAt(dim["override"], oat, "an override {\"tier\", \"reason\"}");
        if (o == nullptr)
            return;
        checkKeys(*o, oat, {"tier", "reason"});
        TierOverride ov;
        bool complete = true;
        if (!o->contains("tier")) {
            error(child(oat, "tier"), "missing; expected one of \"low\", \"medium\", \"high\"");
            complete = false;
        } else if (auto tier = tierAt((*o)["tier"], child(oat, "tier"))) {
            ov.tier = *tier;
        } else {
            complete = false;
        }
        ov.reason = requiredString(*o, oat, "reason", kMaxTextChars);
        if (!complete)
            return;
        // The override is the reviewer's word: a file that says otherwise in "tier" is
        // contradicting itself, and guessing which one was meant would hide that.
        if (dim.contains("tier") && dim["tier"].is_string() &&
            parseTier(dim["tier"].get<std::string>()) &&
            *parseTier(dim["tier"].get<std::string>()) != ov.tier)
            error(child(at, "tier"), "expected \"" + std::string(toString(ov.tier)) +
                                         "\" to match override.tier, got " + describe(dim["tier"]));
        out.override_tier = ov;
    }

    void readFindings(const json& dim, const std::string& at, DimensionAssessment& out) {
        if (!dim.contains("findings"))
            return;
        const std::string fat = child(at, "findings");
        const json* f = objectAt(dim["findings"], fat, "counts per rule id");
        if (f == nullptr)
            return;
        if (f->size() > kMaxItemsPerList) {
            error(fat, "expected at most " + std::to_string(kMaxItemsPerList) + " rule ids");
            return;
        }
        for (const auto& [rule, count] : f->items()) {
            if (rule.empty() || rule.size() > kMaxNameChars)
                error(child(fat, rule),
                      "expected a rule id of 1 to " + std::to_string(kMaxNameChars) + " bytes");
            else if (auto n = integerAt(count, child(fat, rule), 0))
                out.findings[rule] = *n;
        }
    }

    void readEvidence(const json& dim, const std::string& at, Dimension d,
                      DimensionAssessment& out) {
        const json* items = arrayAt(dim, at, "evidence");
        if (items == nullptr)
            return;
        const std::string eat = child(at, "evidence");
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string iat = child(eat, i);
            const json* item = objectAt((*items)[i], iat, "an evidence item");
            if (item == nullptr)
                continue;
            checkKeys(*item, iat,
                      {"rule_id", "dimension", "severity", "confidence", "path", "line", "col",
                       "snippet", "context", "rocm_equivalent", "mitigated_by"});
            EvidenceItem e;
            e.rule_id = requiredString(*item, iat, "rule_id", kMaxNameChars);
            e.path = requiredString(*item, iat, "path", kMaxPathChars);
            for (std::string_view key : {"severity", "confidence", "line", "context"})
                if (!item->contains(key))
                    error(child(iat, key), "missing; see docs/formats/audit.md");
            if (item->contains("severity"))
                e.severity =
                    levelAt((*item)["severity"], child(iat, "severity")).value_or(Level::Medium);
            if (item->contains("confidence"))
                e.confidence = levelAt((*item)["confidence"], child(iat, "confidence"))
                                   .value_or(Level::Medium);
            if (item->contains("line"))
                e.line = integerAt((*item)["line"], child(iat, "line"), 1).value_or(1);
            if (item->contains("col"))
                e.col = integerAt((*item)["col"], child(iat, "col"), 1);
            if (item->contains("context"))
                e.context = enumAt((*item)["context"], child(iat, "context"), &parseEvidenceContext,
                                   "\"code\", \"comment\", \"docstring\", \"test\", \"benchmark\", "
                                   "\"example\", \"vendored\"")
                                .value_or(EvidenceContext::Code);
            // scanner-patterns.md §11 numbers the dimension; inside a dimension it must agree.
            if (item->contains("dimension")) {
                const auto n = integerAt((*item)["dimension"], child(iat, "dimension"), 1);
                if (n && *n != static_cast<int>(d) + 1)
                    error(child(iat, "dimension"),
                          "expected " + std::to_string(static_cast<int>(d) + 1) +
                              " (the dimension this item is listed under), got " +
                              std::to_string(*n));
            }
            e.snippet = optionalString(*item, iat, "snippet", kMaxSnippetChars);
            e.rocm_equivalent = optionalString(*item, iat, "rocm_equivalent", kMaxTextChars);
            if (item->contains("mitigated_by") && !(*item)["mitigated_by"].is_null())
                e.mitigated_by =
                    stringAt((*item)["mitigated_by"], child(iat, "mitigated_by"), kMaxNameChars);
            out.evidence.push_back(std::move(e));
        }
    }

    void readMitigations(const json& dim, const std::string& at, DimensionAssessment& out) {
        const json* items = arrayAt(dim, at, "mitigations");
        if (items == nullptr)
            return;
        const std::string mat = child(at, "mitigations");
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string iat = child(mat, i);
            const json* item = objectAt((*items)[i], iat, "a mitigation");
            if (item == nullptr)
                continue;
            checkKeys(*item, iat, {"rule_id", "path", "line", "snippet", "note"});
            Mitigation m;
            m.rule_id = requiredString(*item, iat, "rule_id", kMaxNameChars);
            m.path = optionalString(*item, iat, "path", kMaxPathChars);
            if (item->contains("line"))
                m.line = integerAt((*item)["line"], child(iat, "line"), 1);
            m.snippet = optionalString(*item, iat, "snippet", kMaxSnippetChars);
            m.note = optionalString(*item, iat, "note", kMaxTextChars);
            out.mitigations.push_back(std::move(m));
        }
    }

    void readNotScanned(const json& doc, Audit& audit) {
        const json* items = arrayAt(doc, "", "not_scanned");
        if (items == nullptr)
            return;
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string iat = child("/not_scanned", i);
            const json* item = objectAt((*items)[i], iat, "a skipped file {\"path\", \"reason\"}");
            if (item == nullptr)
                continue;
            checkKeys(*item, iat, {"path", "reason"});
            SkippedFile s;
            s.path = requiredString(*item, iat, "path", kMaxPathChars);
            s.reason = requiredString(*item, iat, "reason", kMaxTextChars);
            audit.not_scanned.push_back(std::move(s));
        }
    }
};

// 1-based line and column of a byte offset, for syntax errors.
std::string lineColumn(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    std::size_t line = 1;
    std::size_t col = 1;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return std::to_string(line) + ":" + std::to_string(col);
}

// The byte where nesting first exceeds kMaxNesting, or npos. Bounds the work a hostile
// document can cause before the parser builds it.
std::size_t tooDeep(std::string_view text) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxNesting)
                return i;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return std::string_view::npos;
}

// nlohmann reports the byte just past the offending token; a reader looks for its start.
std::size_t tokenStart(std::string_view text, std::size_t end) {
    if (end == 0 || end > text.size())
        return std::min(end, text.size());
    std::size_t i = end - 1;
    if (text[i] == '"' && i > 0) {
        // Back to the opening quote of the string (a quote preceded by a backslash is escaped).
        for (std::size_t j = i; j-- > 0;)
            if (text[j] == '"' && (j == 0 || text[j - 1] != '\\'))
                return j;
        return i;
    }
    auto isLiteralChar = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+';
    };
    if (!isLiteralChar(text[i]))
        return i;
    while (i > 0 && isLiteralChar(text[i - 1]))
        --i;
    return i;
}

// "line:column" of the number an out_of_range error quotes ("number overflow parsing '1e999'").
std::string numberPlace(std::string_view text, std::string_view what) {
    const auto open = what.find('\'');
    const auto close = what.rfind('\'');
    if (open == std::string_view::npos || close <= open)
        return "1:1";
    const auto at = text.find(what.substr(open + 1, close - open - 1));
    return lineColumn(text, at == std::string_view::npos ? 0 : at);
}

std::string syntaxMessage(const nlohmann::json::parse_error& e) {
    // nlohmann's text is "[json.exception.parse_error.101] parse error at line 1, column 2:
    // syntax error while parsing value - invalid literal; last read: 'x'"; keep what follows
    // the position, which says what was expected.
    std::string what = e.what();
    const auto colon = what.find(": ", what.find("parse error"));
    std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
    return "invalid JSON: " + detail;
}

} // namespace

AuditReadResult readAudit(std::string_view text) {
    AuditReadResult result;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        result.errors.push_back({"1:1", "the file is empty; expected an audit JSON object"});
        return result;
    }
    if (const auto at = tooDeep(text); at != std::string_view::npos) {
        result.errors.push_back({lineColumn(text, at), "nesting deeper than " +
                                                           std::to_string(kMaxNesting) +
                                                           " levels; an audit needs at most 6"});
        return result;
    }
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        // byte is 1-based and points just past the offending character.
        result.errors.push_back({lineColumn(text, tokenStart(text, e.byte)), syntaxMessage(e)});
        return result;
    } catch (const nlohmann::json::out_of_range& e) {
        // A number too large for a double ("1e999"): the parser names the number but not
        // where it stands, so find it in the text.
        result.errors.push_back({numberPlace(text, e.what()),
                                 "invalid JSON: a number is out of range (larger than 1.8e308)"});
        return result;
    }
    return AuditReader().read(doc);
}

AuditReadResult readAuditFile(const std::string& path) {
    AuditReadResult result;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        result.errors.push_back({"", "cannot read the file: " + ec.message()});
        return result;
    }
    if (size > kMaxDocumentBytes) {
        result.errors.push_back({"", "the file is " + std::to_string(size) +
                                         " bytes; audit files are limited to " +
                                         std::to_string(kMaxDocumentBytes) + " bytes (16 MB)"});
        return result;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        result.errors.push_back({"", "cannot open the file for reading"});
        return result;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        result.errors.push_back({"", "reading the file failed"});
        return result;
    }
    return readAudit(buffer.str());
}

namespace {

nlohmann::ordered_json evidenceJson(const EvidenceItem& e) {
    nlohmann::ordered_json j;
    j["rule_id"] = e.rule_id;
    j["severity"] = toString(e.severity);
    j["confidence"] = toString(e.confidence);
    j["path"] = e.path;
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
        j["path"] = m.path;
    if (m.line)
        j["line"] = *m.line;
    if (!m.snippet.empty())
        j["snippet"] = m.snippet;
    if (!m.note.empty())
        j["note"] = m.note;
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

std::string writeAudit(const Audit& audit) {
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
        for (const SkippedFile& s : audit.not_scanned)
            j["not_scanned"].push_back({{"path", s.path}, {"reason", s.reason}});
    }
    return j.dump(2) + "\n";
}

} // namespace crossgrade::data
