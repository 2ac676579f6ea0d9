#pragma once

// MLPerf Inference summary.json (reference/benchmark-formats.md §A) → canonical benchmark
// records (model/benchmark.h). The file is an object keyed by row number ("0", "1", …), each a
// flat record; rows are read in numeric key order.
//
// Bad rows and whole files (docs/benchmarks.md, "Bad rows"): a file that is not such an object
// is refused whole, naming the place. A row that cannot be used — inferred from another
// scenario, with errors, for hardware the mapping does not know, in units other than tokens/s,
// with a field missing or of the wrong type — is skipped and reported with its JSON pointer and
// why, and the other rows are imported: never a silent half-import.

#include "benchmark_import.h"

#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

// `file` is recorded as each record's provenance. The stream is read a row at a time.
BenchmarkImport readMlperfSummary(std::istream& in, const std::string& file);
BenchmarkImport readMlperfSummary(std::string_view text, const std::string& file);

} // namespace crossgrade::data
