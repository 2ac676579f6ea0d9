#pragma once

// Reading large JSON files a row at a time (benchmark files are streamed: DESIGN.md, "Limits").
// nlohmann's callback parser builds each row, hands it over and frees it, so memory holds one
// row, not the file. Errors name the place as parseDocument does: "line:column" for a syntax
// error, a NUL byte and the second of two equal keys in one object (each refused, as
// parseDocument does), "1:1" for an empty file.

#include "json_checks.h"

#include <functional>
#include <initializer_list>
#include <istream>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

// Streams the top-level value's members (an object) or elements (an array) one at a time:
// `row(key, value)` gets the member's key, or the element's index as text, and the value, which
// is freed once `row` returns. The top level must be `topKinds` ('{', '[' or both, e.g. "{[");
// anything else, an empty stream, nesting deeper than kMaxNesting and a syntax error are
// returned as problems (rows handed over before a syntax error stay handed over: callers that
// must not half-import collect first and commit after). A value past `maxRows` stops the
// stream with `tooMany` as the problem, at the place where that value ends.
std::vector<Problem>
streamJsonRows(std::istream& in, const DocumentKind& kind, std::string_view topKinds,
               std::size_t maxRows, const std::string& tooMany,
               const std::function<void(const std::string& key, const nlohmann::json& value)>& row);

// Reads one top-level JSON object, never keeping the values of the `dropped` top-level keys
// (benchmark_serving's per-request arrays): they are parsed past, not stored.
ParsedDocument parseObjectDropping(std::istream& in, const DocumentKind& kind,
                                   std::initializer_list<std::string_view> dropped);

} // namespace crossgrade::data
