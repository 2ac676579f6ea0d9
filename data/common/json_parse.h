#pragma once

// Parsing a user's JSON document, shared by every reader (audit, price book, scenario, any
// document, json_stream.h): the text of a file bounded before it is read, the parsed document
// or the refusals with their places, and the one problem that says a file is a Crossgrade
// document of another kind. What a reader checks inside the parsed document is json_checks.h.

#include "document_limits.h"
#include "problem.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

// Bounds the work a hostile document can cause before the parser builds it.
inline constexpr int kMaxNesting = 64;

// What kind of document a file should hold, for the messages about the file as a whole.
struct DocumentKind {
    std::string_view noun;          // "an audit"
    std::string_view files;         // "audit files"
    int needed_depth = kMaxNesting; // the deepest nesting a valid document has
};

struct ParsedDocument {
    nlohmann::json doc;
    std::vector<Problem> errors; // empty when doc holds the parsed text

    bool ok() const { return errors.empty(); }
};

// Refuses an empty text, nesting deeper than kMaxNesting, a syntax error (place
// "line:column"), a number out of the range of a double, a NUL byte anywhere (nlohmann would
// stop there and ignore the rest) and a key repeated in one object (nlohmann would keep the
// last), at the second key's "line:column".
ParsedDocument parseDocument(std::string_view text, const DocumentKind& kind);

// The refusals every JSON reader shares (parseDocument, json_stream.h).
extern const char* const kNulByteMessage;
std::string duplicateKeyMessage(const std::string& key, const std::string& firstPlace);

// "invalid JSON: …" from the parser's own words (nlohmann's "[json.exception.parse_error.101]
// parse error at line 1, column 2: syntax error while parsing value - …"), without its tag and
// position (the place says where), and saying so plainly when the file is cut short.
std::string invalidJsonMessage(const std::string& parserText);

// One problem at "/schema" when `doc` says it is a Crossgrade document of another kind (an
// audit given where a scenario is expected) or of another format version than `tag`: its
// fields would otherwise be reported one by one as unknown or missing, burying the cause.
std::optional<Problem> otherDocumentProblem(const nlohmann::json& doc, std::string_view tag,
                                            const DocumentKind& kind);

struct FileText {
    std::string text;
    std::vector<Problem> errors; // place "" when the file cannot be read or is too large
};

// Refuses a file over kMaxDocumentBytes before reading it.
FileText readDocumentText(const std::string& path, const DocumentKind& kind);

} // namespace crossgrade::data
