#pragma once

// Writing one CSV field, for every CSV the application writes (the canonical benchmark CSV,
// the evaluation table, the Monte Carlo samples), so that all of them quote by one rule.
//
// The rule is RFC 4180's, plus the blanks at a field's edges: a field is written as it is
// unless it holds a comma, a double quote, CR or LF (RFC 4180, 2.6), or begins or ends with a
// space or tab, which libcsv (the project's reader, benchmark_csv.cpp), like most readers,
// trims from an unquoted field. Then it is written between double quotes, each double quote
// inside doubled (RFC 4180, 2.7). An empty field is written empty.
//
// libcsv's own writer (csv_write, csv_fwrite) quotes every field, always; the files written
// before this rule quote only when they must, so it is not used here.

#include <string>
#include <string_view>

namespace crossgrade::data {

// Whether `text` must be quoted to read back as it is.
bool csvFieldNeedsQuotes(std::string_view text);

// Appends `text` to `line` as one CSV field.
void appendCsvField(std::string& line, std::string_view text);

// `text` as one CSV field.
std::string csvField(std::string_view text);

} // namespace crossgrade::data
