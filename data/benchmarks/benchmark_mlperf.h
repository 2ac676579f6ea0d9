#pragma once

// MLPerf Inference summary.json (reference/benchmark-formats.md §A) → canonical benchmark
// records (model/benchmark/benchmark.h). The file is an object keyed by row number ("0", "1", …),
// each a flat record; rows are filed in numeric key order.
//
// Memory (issue 20): a reader holds one row at a time. Before the rows are read, the object's
// keys are scanned from the text (nothing kept but the last key) to learn whether they come in
// numeric order, as MLPerf writes them; then each row goes to the result or the sink as it is
// read. A file whose keys are shuffled is checked whole first, then its rows are read one by
// one in key order from their places in the stream, keeping only each row's key and place.
// Only a stream that cannot be read again (not a file nor a string) is held whole to be sorted.
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

// `file` is recorded as each record's provenance. With a `sink`, each good record is handed to it
// as its row is read and the result keeps none; a file refused late (a syntax error near its
// end) has then handed over the records before the refusal, as the canonical CSV does.
BenchmarkImport readMlperfSummary(std::istream& in, const std::string& file,
                                  BenchmarkSink sink = {});
BenchmarkImport readMlperfSummary(std::string_view text, const std::string& file);

} // namespace crossgrade::data
