// Parsing a user's JSON document (split from json_checks.cpp): from a file's bytes to the
// parsed document, or the refusals every reader shares with the place of each: an empty or
// oversized file, nesting too deep, a syntax error, a NUL byte, a repeated key
// (json_duplicate_keys.h), a document of another kind or version.

#include "json_parse.h"

#include "file_problems.h"
#include "json_checks.h"
#include "json_duplicate_keys.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace crossgrade::data {

using nlohmann::json;

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

} // namespace crossgrade::data
