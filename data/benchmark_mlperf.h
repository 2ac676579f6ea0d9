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

#include "benchmark.h"
#include "problem.h"

#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

struct BenchmarkImport {
    std::vector<model::BenchmarkRecord> records;
    std::vector<Problem> skipped; // rows not imported: place (JSON pointer) and why
    std::vector<Problem> errors;  // the file refused whole; records is then empty
    std::size_t rows = 0;         // rows seen

    bool ok() const { return errors.empty(); }
};

// `file` is recorded as each record's provenance.
BenchmarkImport readMlperfSummary(std::string_view text, const std::string& file);

} // namespace crossgrade::data
