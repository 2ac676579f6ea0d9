#pragma once

// The steps every document reader takes (audit, price book, scenario; internal to data/):
// parse the text, refuse a Crossgrade document of another kind, walk the parsed document with
// a checker, and keep the document only when the checker found no error; for a file, refuse
// it when it is too large or unreadable before reading it.

#include "json_checks.h"
#include "read_result.h"

#include <string>
#include <string_view>
#include <utility>

namespace crossgrade::data {

// `readBody(const nlohmann::json& doc, JsonChecker& checker)` walks the parsed document and
// returns what it read; the result keeps that only when `checker` gained no error.
template <typename Document, typename ReadBody>
ReadResult<Document> readDocument(std::string_view text, const DocumentKind& kind,
                                  std::string_view tag, ReadBody readBody) {
    ReadResult<Document> result;
    ParsedDocument parsed = parseDocument(text, kind);
    if (!parsed.ok()) {
        result.errors = std::move(parsed.errors);
        return result;
    }
    if (auto other = otherDocumentProblem(parsed.doc, tag, kind)) {
        result.errors.push_back(std::move(*other));
        return result;
    }
    JsonChecker checker;
    Document document = readBody(parsed.doc, checker);
    result.errors = checker.takeErrors();
    result.warnings = checker.takeWarnings();
    if (result.errors.empty())
        result.document() = std::move(document);
    return result;
}

// The file at `path` read by `readText`, or the reason it was not read (place ""). `Result`
// is anything with the readers' `errors`: a ReadResult, or any_document.h's AnyDocument.
template <typename Result>
Result readDocumentFile(const std::string& path, const DocumentKind& kind,
                        Result (*readText)(std::string_view)) {
    FileText file = readDocumentText(path, kind);
    if (!file.errors.empty()) {
        Result result;
        result.errors = std::move(file.errors);
        return result;
    }
    return readText(file.text);
}

} // namespace crossgrade::data
