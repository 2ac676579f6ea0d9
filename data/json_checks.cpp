#include "json_checks.h"

#include "file_problems.h"
#include "input_table.h"
#include "json_duplicate_keys.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace crossgrade::data {

using nlohmann::json;

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

std::string escapePointerToken(std::string_view key) {
    return model::pointerToken(key);
}

std::string childPointer(const std::string& pointer, std::string_view key) {
    return pointer + "/" + escapePointerToken(key);
}

std::string childPointer(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

bool isIsoDate(const std::string& s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
        if (s[i] < '0' || s[i] > '9')
            return false;
    // A real calendar day (issue 20): 2026-02-30 and 2025-02-29 are refused, 2024-02-29 is not.
    const int year = std::stoi(s.substr(0, 4));
    const int month = std::stoi(s.substr(5, 2));
    const int day = std::stoi(s.substr(8, 2));
    if (year < 1 || month < 1 || month > 12 || day < 1)
        return false;
    constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

// ---- Parsing ------------------------------------------------------------------------------

namespace {

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

// The byte where nesting first exceeds kMaxNesting, or npos.
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

std::string syntaxMessage(const json::parse_error& e) {
    return invalidJsonMessage(e.what());
}

// A pointer into the text that tells how far the parser has read: the place of a key is only
// known while it is parsed, and nlohmann has no public position.
class TrackedChar {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackedChar(const char* at, const char** reached)
        : m_at(at)
        , m_reached(reached) {}
    reference operator*() const { return *m_at; }
    TrackedChar& operator++() {
        *m_reached = ++m_at;
        return *this;
    }
    TrackedChar operator++(int) {
        TrackedChar before = *this;
        ++*this;
        return before;
    }
    bool operator==(const TrackedChar& other) const { return m_at == other.m_at; }

private:
    const char* m_at;
    const char** m_reached;
};

struct DuplicateKey {
    std::size_t at;    // the second key's opening quote
    std::size_t first; // the first one's
    std::string key;
};

} // namespace

std::string invalidJsonMessage(const std::string& parserText) {
    // nlohmann's text is "[json.exception.parse_error.101] parse error at line 1, column 2:
    // syntax error while parsing value - invalid literal; last read: 'x'"; keep what follows
    // the position, which says what was expected.
    const auto colon = parserText.find(": ", parserText.find("parse error"));
    std::string detail = colon == std::string::npos ? parserText : parserText.substr(colon + 2);
    constexpr std::string_view kEnd = "unexpected end of input";
    if (const auto end = detail.find(kEnd); end != std::string::npos)
        detail.replace(end, kEnd.size(), "the file ends before the JSON does (is it cut short?)");
    return "invalid JSON: " + detail;
}

const char* const kNulByteMessage =
    "invalid JSON: a NUL byte (0x00), which JSON text cannot hold (is the file binary, or cut "
    "off and padded with zeros?)";

std::string duplicateKeyMessage(const std::string& key, const std::string& firstPlace) {
    return "duplicate key " + describe(json(key)) + " (the first is at " + firstPlace +
           "); a key may appear once in an object";
}

ParsedDocument parseDocument(std::string_view text, const DocumentKind& kind) {
    ParsedDocument result;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        result.errors.push_back(
            {"1:1", "the file is empty; expected " + std::string(kind.noun) + " JSON object"});
        return result;
    }
    if (const auto at = tooDeep(text); at != std::string_view::npos) {
        result.errors.push_back(
            {lineColumn(text, at), "nesting deeper than " + std::to_string(kMaxNesting) +
                                       " levels; " + std::string(kind.noun) + " needs at most " +
                                       std::to_string(kind.needed_depth)});
        return result;
    }
    // nlohmann takes a NUL byte for the end of the input and ignores what follows it.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos) {
        result.errors.push_back({lineColumn(text, nul), kNulByteMessage});
        return result;
    }
    try {
        const char* reached = text.data();
        json_detail::DuplicateKeys<std::size_t> keys;
        const auto callback = [&](int depth, json::parse_event_t event, json& parsed) {
            if (event == json::parse_event_t::object_start) {
                keys.objectStart(depth);
            } else if (event == json::parse_event_t::key) {
                // The parser has just read the key's closing quote.
                const std::size_t at =
                    tokenStart(text, static_cast<std::size_t>(reached - text.data()));
                const std::string& key = parsed.get_ref<const std::string&>();
                if (const auto first = keys.key(depth, key, at))
                    throw DuplicateKey{at, *first, key};
            }
            return true;
        };
        result.doc = json::parse(TrackedChar(text.data(), &reached),
                                 TrackedChar(text.data() + text.size(), &reached), callback);
    } catch (const DuplicateKey& d) {
        result.errors.push_back(
            {lineColumn(text, d.at), duplicateKeyMessage(d.key, lineColumn(text, d.first))});
    } catch (const json::parse_error& e) {
        // byte is 1-based and points just past the offending character.
        result.errors.push_back({lineColumn(text, tokenStart(text, e.byte)), syntaxMessage(e)});
    } catch (const json::out_of_range& e) {
        // A number too large for a double ("1e999"): the parser names the number but not
        // where it stands, so find it in the text.
        result.errors.push_back({numberPlace(text, e.what()),
                                 "invalid JSON: a number is out of range (larger than 1.8e308)"});
    }
    return result;
}

std::optional<Problem> otherDocumentProblem(const json& doc, std::string_view tag,
                                            const DocumentKind& kind) {
    if (!doc.is_object())
        return std::nullopt;
    const auto schema = doc.find("schema");
    if (schema == doc.end() || !schema->is_string())
        return std::nullopt;
    const std::string found = schema->get<std::string>();
    constexpr std::string_view ours = "crossgrade.";
    if (found == tag || found.rfind(ours, 0) != 0)
        return std::nullopt;
    const std::string expected = "expected \"" + std::string(tag) + "\", got \"" + found + "\": ";
    // "crossgrade.audit/1" → kind "crossgrade.audit", version "1"
    const auto split = [](std::string_view t) {
        const std::size_t slash = t.rfind('/');
        return slash == std::string_view::npos ? std::pair{t, std::string_view()}
                                               : std::pair{t.substr(0, slash), t.substr(slash + 1)};
    };
    const auto [wantKind, wantVersion] = split(tag);
    const auto [foundKind, foundVersion] = split(found);
    if (foundKind == wantKind) {
        const bool newer =
            !foundVersion.empty() &&
            std::all_of(foundVersion.begin(), foundVersion.end(),
                        [](char c) { return std::isdigit((unsigned char)c); }) &&
            (foundVersion.size() > wantVersion.size() ||
             (foundVersion.size() == wantVersion.size() && foundVersion > wantVersion));
        return Problem{"/schema", expected + (newer ? "the file was written by a newer Crossgrade "
                                                      "in a later format; open it with that "
                                                      "newer version"
                                                    : "an unknown format version of " +
                                                          std::string(kind.noun) + " file")};
    }
    static const std::pair<std::string_view, std::string_view> kNouns[] = {
        {"crossgrade.audit", "an audit"},
        {"crossgrade.scenario", "a scenario"},
        {"crossgrade.pricebook", "a price book"},
        {"crossgrade.evaluation", "an evaluation (evaluate's output)"},
        {"crossgrade.recommendation", "a recommendation (recommend's output)"},
        {"crossgrade.sensitivity", "a sensitivity report (sensitivity's output)"},
    };
    std::string noun = "a Crossgrade \"" + std::string(foundKind.substr(ours.size())) + "\" file";
    for (const auto& [k, n] : kNouns)
        if (foundKind == k)
            noun = n;
    return Problem{"/schema", expected + "this file is " + noun + ", not " +
                                  std::string(kind.noun) + "; give " + std::string(kind.noun) +
                                  " file"};
}

FileText readDocumentText(const std::string& path, const DocumentKind& kind) {
    FileText result;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        result.errors.push_back({"", readFailure(ec, std::string(kind.noun) + " JSON file")});
        return result;
    }
    if (size > kMaxDocumentBytes) {
        result.errors.push_back({"", "the file is " + std::to_string(size) + " bytes; " +
                                         std::string(kind.files) + " are limited to " +
                                         std::to_string(kMaxDocumentBytes) + " bytes (16 MB)"});
        return result;
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        // stat succeeds on a file one may not read; opening it is what fails.
        const int reason = errno != 0 ? errno : EACCES;
        result.errors.push_back({"", readFailure(std::error_code(reason, std::generic_category()),
                                                 std::string(kind.noun) + " JSON file")});
        return result;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        result.errors.push_back(
            {"", "reading the file failed part-way (a disk or network error); copy it to a "
                 "local disk and try again"});
        return result;
    }
    result.text = std::move(buffer).str();
    return result;
}

// ---- Sense ---------------------------------------------------------------------------------

namespace {

std::string formatNumber(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

// "10000000", "0.001", "1e+12": a bound as a user would type it, without 1e+07 for ten million.
std::string plainNumber(double v) {
    if (std::fabs(v) <= 1e10 && v == std::floor(v))
        return std::to_string(static_cast<long long>(v));
    return formatNumber(v);
}

} // namespace

bool Sense::admits(double value) const {
    if (!std::isfinite(value))
        return false;
    if (min_exclusive ? value <= min : value < min)
        return false;
    return max_exclusive ? value < max : value <= max;
}

std::string Sense::expected() const {
    const bool hasMin = std::isfinite(min);
    const bool hasMax = std::isfinite(max) && !cap; // a cap has its own message (numberAt)
    if (hasMin && hasMax) {
        if (min == 0 && max == 1 && !min_exclusive && !max_exclusive)
            return "a fraction from 0 to 1";
        return "a number from " + formatNumber(min) + (min_exclusive ? " (exclusive)" : "") +
               " to " + (max_exclusive ? "less than " : "") + formatNumber(max);
    }
    if (hasMin)
        return std::string("a number ") + (min_exclusive ? "> " : "≥ ") + formatNumber(min);
    if (hasMax)
        return "a number ≤ " + formatNumber(max);
    return "a finite number";
}

// ---- JsonChecker ---------------------------------------------------------------------------

void JsonChecker::error(std::string place, std::string message) {
    m_errors.push_back({std::move(place), std::move(message)});
}

void JsonChecker::warning(std::string place, std::string message) {
    m_warnings.push_back({std::move(place), std::move(message)});
}

void JsonChecker::checkKeys(const json& object, const std::string& pointer,
                            std::initializer_list<std::string_view> known) {
    checkKeys(object, pointer, std::vector<std::string_view>(known));
}

void JsonChecker::checkKeys(const json& object, const std::string& pointer,
                            const std::vector<std::string_view>& known) {
    if (!object.is_object())
        return;
    for (const auto& [key, value] : object.items())
        if (std::find(known.begin(), known.end(), key) == known.end())
            warning(childPointer(pointer, key), "unknown field, ignored");
}

void JsonChecker::checkSchemaTag(const json& doc, const std::string& pointer,
                                 std::string_view tag) {
    const std::string at = childPointer(pointer, "schema");
    if (!doc.contains("schema")) {
        error(at, "missing; expected \"" + std::string(tag) + "\"");
        return;
    }
    const json& value = doc["schema"];
    if (!value.is_string() || value.get<std::string>() != tag)
        error(at, "expected \"" + std::string(tag) + "\", got " + describe(value));
}

std::string JsonChecker::stringAt(const json& value, const std::string& pointer,
                                  std::size_t maxChars) {
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

std::string JsonChecker::requiredString(const json& object, const std::string& pointer,
                                        std::string_view key, std::size_t maxChars) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected a non-empty string");
        return {};
    }
    const json& value = object[std::string(key)];
    // Judged on the value itself: stringAt() returns "" for a string over maxChars too, and
    // that one has already been reported as too long.
    if (value.is_string() && value.get_ref<const std::string&>().empty()) {
        error(at, "expected a non-empty string, got \"\"");
        return {};
    }
    return stringAt(value, at, maxChars);
}

std::string JsonChecker::optionalString(const json& object, const std::string& pointer,
                                        std::string_view key, std::size_t maxChars) {
    if (!object.contains(key))
        return {};
    return stringAt(object[std::string(key)], childPointer(pointer, key), maxChars);
}

std::string JsonChecker::requiredName(const json& object, const std::string& pointer,
                                      std::string_view key, std::size_t maxChars) {
    return visibleName(requiredString(object, pointer, key, maxChars), object, pointer, key);
}

std::string JsonChecker::optionalName(const json& object, const std::string& pointer,
                                      std::string_view key, std::size_t maxChars) {
    return visibleName(optionalString(object, pointer, key, maxChars), object, pointer, key);
}

std::string JsonChecker::visibleName(std::string name, const json& object,
                                     const std::string& pointer, std::string_view key) {
    if (!name.empty() && model::isBlankName(name)) {
        error(childPointer(pointer, key), "expected a name with a visible character, got only "
                                          "white space " +
                                              describe(object[std::string(key)]));
        return {};
    }
    return name;
}

std::optional<int> JsonChecker::integerAt(const json& value, const std::string& pointer, int min,
                                          int max) {
    if (value.is_number_unsigned()) {
        const auto u = value.get<unsigned long long>();
        if (u <= static_cast<unsigned long long>(std::numeric_limits<int>::max()) &&
            static_cast<long long>(u) >= min && static_cast<long long>(u) <= max)
            return static_cast<int>(u);
    } else if (value.is_number_integer()) {
        const auto v = value.get<long long>();
        if (v >= min && v <= max)
            return static_cast<int>(v);
    }
    error(pointer, "expected a whole number from " + std::to_string(min) + " to " +
                       std::to_string(max) + ", got " + describe(value));
    return std::nullopt;
}

std::optional<int> JsonChecker::requiredInteger(const json& object, const std::string& pointer,
                                                std::string_view key, int min, int max) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected a whole number from " + std::to_string(min) + " to " +
                      std::to_string(max));
        return std::nullopt;
    }
    return integerAt(object[std::string(key)], at, min, max);
}

bool JsonChecker::optionalBool(const json& object, const std::string& pointer,
                               std::string_view key) {
    if (!object.contains(key))
        return false;
    const json& value = object[std::string(key)];
    if (!value.is_boolean()) {
        error(childPointer(pointer, key), "expected true or false, got " + describe(value));
        return false;
    }
    return value.get<bool>();
}

const json* JsonChecker::arrayAt(const json& object, const std::string& pointer,
                                 std::string_view key) {
    if (!object.contains(key))
        return nullptr;
    const json& value = object[std::string(key)];
    const std::string at = childPointer(pointer, key);
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

const json* JsonChecker::objectAt(const json& value, const std::string& pointer,
                                  const std::string& what) {
    if (!value.is_object()) {
        error(pointer, "expected " + what + " (a JSON object), got " + describe(value));
        return nullptr;
    }
    return &value;
}

const json* JsonChecker::requiredObject(const json& object, const std::string& pointer,
                                        std::string_view key, const std::string& what) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected " + what);
        return nullptr;
    }
    return objectAt(object[std::string(key)], at, what);
}

std::optional<double> JsonChecker::numberAt(const json& value, const std::string& pointer,
                                            const Sense& sense) {
    if (!value.is_number()) {
        error(pointer, "expected " + sense.expected() + ", got " + describe(value));
        return std::nullopt;
    }
    const double v = value.get<double>();
    // The parser refuses 1e999, but a document built in code (or a huge integer converted
    // to double) can still hold a value no arithmetic should meet.
    if (!std::isfinite(v)) {
        error(pointer, "expected a finite number, got " + value.dump());
        return std::nullopt;
    }
    if (!sense.admits(v)) {
        const bool aboveCap = sense.cap && (sense.max_exclusive ? v >= sense.max : v > sense.max);
        error(pointer, "expected " +
                           (aboveCap ? (sense.max_exclusive ? "less than " : "at most ") +
                                           plainNumber(sense.max)
                                     : sense.expected()) +
                           ", got " + describe(value));
        return std::nullopt;
    }
    return v;
}

namespace {

const std::string kUncertainForms =
    "an uncertain number (a number, [low, most_likely, high] or {\"range\": [low, most_likely, "
    "high], …})";

} // namespace

std::optional<model::Range> JsonChecker::rangeAt(const json& value, const std::string& pointer,
                                                 const Sense& sense) {
    if (value.size() != 3) {
        error(pointer, "expected [low, most_likely, high] (3 numbers), got " +
                           std::to_string(value.size()) + " items");
        return std::nullopt;
    }
    const auto low = numberAt(value[0], childPointer(pointer, 0), sense);
    const auto mostLikely = numberAt(value[1], childPointer(pointer, 1), sense);
    const auto high = numberAt(value[2], childPointer(pointer, 2), sense);
    if (!low || !mostLikely || !high)
        return std::nullopt;
    if (!(*low <= *mostLikely && *mostLikely <= *high)) {
        error(pointer, "expected low ≤ most_likely ≤ high, got " + value.dump());
        return std::nullopt;
    }
    return model::Range{*low, *mostLikely, *high};
}

std::optional<model::UncertainNumber>
JsonChecker::readUncertain(const json& value, const std::string& pointer, const Sense& sense) {
    if (value.is_number()) {
        const auto v = numberAt(value, pointer, sense);
        if (!v)
            return std::nullopt;
        return model::UncertainNumber::certain(*v);
    }
    if (value.is_array()) {
        const auto range = rangeAt(value, pointer, sense);
        if (!range)
            return std::nullopt;
        return model::UncertainNumber::between(range->low, range->most_likely, range->high);
    }
    if (!value.is_object()) {
        error(pointer, "expected " + kUncertainForms + ", got " + describe(value));
        return std::nullopt;
    }
    checkKeys(value, pointer, {"range", "dist", "source", "date", "confidence"});
    model::UncertainNumber out;
    bool complete = true;
    const std::string rangeAtPointer = childPointer(pointer, "range");
    if (!value.contains("range")) {
        error(rangeAtPointer, "missing; expected [low, most_likely, high]");
        complete = false;
    } else if (const json& range = value["range"]; !range.is_array()) {
        error(rangeAtPointer, "expected [low, most_likely, high], got " + describe(range));
        complete = false;
    } else if (auto r = rangeAt(range, rangeAtPointer, sense)) {
        out.range = *r;
    } else {
        complete = false;
    }
    if (value.contains("dist")) {
        if (auto d = enumAt(value["dist"], childPointer(pointer, "dist"), &model::parseDistribution,
                            "\"pert\", \"triangular\", \"uniform\""))
            out.distribution = *d;
        else
            complete = false;
    }
    out.source = optionalString(value, pointer, "source", kMaxSourceChars);
    out.date = optionalString(value, pointer, "date", kMaxDateChars);
    if (value.contains("confidence")) {
        out.confidence = enumAt(value["confidence"], childPointer(pointer, "confidence"),
                                &model::parseConfidence, "\"A\", \"B\", \"C\", \"?\"");
        complete = complete && out.confidence.has_value();
    }
    if (!complete)
        return std::nullopt;
    return out;
}

std::optional<model::UncertainNumber> JsonChecker::requiredUncertain(const json& object,
                                                                     const std::string& pointer,
                                                                     std::string_view key,
                                                                     const Sense& sense) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected " + kUncertainForms);
        return std::nullopt;
    }
    return readUncertain(object[std::string(key)], at, sense);
}

nlohmann::ordered_json uncertainJson(const model::UncertainNumber& number) {
    const model::Range& r = number.range;
    const bool noMetadata = number.distribution == model::Distribution::Pert &&
                            number.source.empty() && number.date.empty() &&
                            !number.confidence.has_value();
    if (noMetadata && r.low == r.most_likely && r.most_likely == r.high)
        return r.most_likely;
    nlohmann::ordered_json range = nlohmann::ordered_json::array({r.low, r.most_likely, r.high});
    if (noMetadata)
        return range;
    nlohmann::ordered_json j;
    j["range"] = std::move(range);
    if (number.distribution != model::Distribution::Pert)
        j["dist"] = model::toString(number.distribution);
    if (!number.source.empty())
        j["source"] = number.source;
    if (!number.date.empty())
        j["date"] = number.date;
    if (number.confidence)
        j["confidence"] = model::toString(*number.confidence);
    return j;
}

} // namespace crossgrade::data
