#pragma once

// The plain CSV of the canonical benchmark record (reference/benchmark-formats.md §D;
// docs/formats/benchmark-csv.md): one column per field of model::BenchmarkRecord, named as the
// field is, so a spreadsheet of the user's own measurements imports without a mapping step and
// an export opens in any spreadsheet. Parsed with libcsv.
//
// Places are "ROW:COLUMN", both 1-based, in CSV terms: ROW counts CSV records with the header
// as row 1 (blank lines are not rows; a quoted field may span lines), COLUMN counts fields.
//
// Refused whole (errors, no records): an empty file, a header naming an unknown column, a
// column twice, or missing a required one, text that is not CSV (a quote where none may be, an
// unterminated quote), text that is not UTF-8, a field longer than kMaxBenchmarkCsvFieldBytes,
// a file past kMaxBenchmarkFileBytes. Skipped and reported (the other rows imported): a row
// with the wrong number of fields, a required field empty, a number that is not one or is
// negative, a count that is not a whole number ≥ 1, no throughput above zero, hardware the SKU
// table does not know or an `sku` that disagrees with it.

#include "benchmark_import.h"

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

// One field may hold a long accuracy note, not a file: a longer one is refused, so a stray quote
// cannot make the parser buffer the rest of a large file as one field.
inline constexpr std::size_t kMaxBenchmarkCsvFieldBytes = 1024 * 1024;

// The column names, in the order writeBenchmarkCsv writes them.
const std::vector<std::string_view>& benchmarkCsvColumns();

// Reads the stream in fixed-size chunks, one row in memory at a time. Each record's `file` is
// `file`; an empty `source` becomes "csv" and an empty `source_ref` "row N". With a `sink`,
// each good record is handed to it as soon as its row is read and the result keeps none, so
// memory stays flat however long the file (issue 20); a file refused later (a quote not closed
// on the last row) has then handed over the records before the refusal.
BenchmarkImport readBenchmarkCsv(std::istream& in, const std::string& file,
                                 BenchmarkSink sink = {});
BenchmarkImport readBenchmarkCsv(std::string_view text, const std::string& file);

// Writes the header and one row per record, UTF-8 without a BOM, rows ended by "\n". Reading
// the output back gives equal records except `file` (there is no such column: it becomes the
// name the CSV is read under) and a flag of a source's own with ';' in it, which is written
// with ',' instead (';' separates flags).
void writeBenchmarkCsv(std::ostream& out, const std::vector<model::BenchmarkRecord>& records);
// The same one row at a time, for a listing too large to hold (a million stored rows): the
// header line, then one line per record.
void writeBenchmarkCsvHeader(std::ostream& out);
void writeBenchmarkCsvRow(std::ostream& out, const model::BenchmarkRecord& record);

} // namespace crossgrade::data
