#pragma once

// InferenceX aggregate rows (reference/benchmark-formats.md §B) → canonical benchmark records
// (model/benchmark/benchmark.h). Accepts the concatenated array (`results_bmk/agg_bmk.json`) or one
// row object (`agg_<name>.json`); rows from the public API (`hardware` for `hw`, numbers nested in
// `metrics`, `date`, `run_url`) read the same way. docs/benchmarks.md, "InferenceX aggregate
// rows", lists every key read.
//
// Units: throughput is already per GPU in the file and is never recomputed (a disaggregated
// run divides output by decode GPUs, input by prefill GPUs, total by all). Latency is in
// seconds; a row from the raw layer that carries `<metric>_ms` instead is read as milliseconds
// and converted.
//
// Bad rows and whole files: a file that is not an array of rows or one row object (empty,
// a syntax error at line:column, a single value, an empty array, an object that is no row)
// is refused whole. A row that cannot be used — unknown hardware, no GPU count, a missing
// model or precision, a failed run, no positive throughput, the same row twice — is skipped
// and reported with its JSON pointer and why, and the other rows are imported.

#include "benchmark_import.h"

#include <istream>
#include <string>
#include <string_view>

namespace crossgrade::data {

// `file` is recorded as each record's provenance; `context.date` dates rows that carry no date
// of their own (nor one in their image tag). The stream is read a row at a time. With a `sink`,
// each good record is handed to it as its row is read and the result keeps none (issue 20); to
// skip repeats the reader keeps a 32-byte digest per distinct row, never the row.
BenchmarkImport readInferenceXRows(std::istream& in, const std::string& file,
                                   const BenchmarkContext& context, BenchmarkSink sink = {});
BenchmarkImport readInferenceXRows(std::string_view text, const std::string& file,
                                   const BenchmarkContext& context);

} // namespace crossgrade::data
