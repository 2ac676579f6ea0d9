#pragma once

// What every benchmark importer shares (issue 7; reference/benchmark-formats.md;
// docs/benchmarks.md): the result of reading one file, the formats, what a file may not say about
// itself, the size limit, and reading a file in any format with format detection.
//
// Bad rows and whole files: a file that is not of its format (empty, not JSON or CSV, the wrong
// shape, past the size limit) is refused whole, naming the place. A row that cannot be used is
// skipped and reported with its place and why, and the other rows are imported — never a
// silent half-import. Files are streamed: a reader holds one row at a time, not the file.

#include "benchmark.h"
#include "problem.h"

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

// Where a reader hands each good record as soon as it is read, instead of keeping it in
// BenchmarkImport::records (issue 20: a million-row CSV held every record, 1.4 GB). A record
// handed over is not taken back when the file is refused later: a caller that stores from the
// sink reads the file once to check it and again to store it (docs/benchmarks.md, "Limits").
using BenchmarkSink = std::function<void(model::BenchmarkRecord&&)>;

struct BenchmarkImport {
    std::vector<model::BenchmarkRecord> records; // empty when the records went to a sink
    std::vector<Problem> skipped;                // rows not imported: place and why
    std::vector<Problem> errors;                 // the file refused whole; records is then empty
    std::size_t rows = 0;     // rows seen (records + skipped when the file was read)
    std::size_t accepted = 0; // good records, kept in `records` or handed to `sink`
    BenchmarkSink sink;       // set: good records go here, not to `records`

    bool ok() const { return errors.empty(); }

    // Counts one row read: its record, or (when `problem` is set) the problem that skipped it.
    void add(model::BenchmarkRecord&& record, std::optional<Problem>&& problem);
    // Refuses the file whole: whatever rows were read before are dropped.
    void refuse(std::vector<Problem>&& problems);
};

enum class BenchmarkFormat { Mlperf, InferenceX, Serving, Csv };
std::string_view toString(BenchmarkFormat f); // "mlperf", "inferencex", "serving", "csv"
std::optional<BenchmarkFormat> parseBenchmarkFormat(std::string_view name);

// What a file may not say about itself, given on the command line or in the import dialog.
// A benchmark_serving result has no hardware, GPU count or precision: they come from here or
// from the run's --metadata keys (the file's own keys win over nothing, these win over the
// file's). Empty / nullopt: not given.
struct BenchmarkContext {
    std::string hardware;       // e.g. "mi300x", "NVIDIA H100-SXM-80GB"
    std::optional<int> gpus;    // GPUs that served the run
    std::string precision;      // bf16, fp8, …
    std::string software_stack; // e.g. "vLLM 0.11 ROCm 7.0"
    std::string date;           // ISO date of the run, when the file has none

    bool operator==(const BenchmarkContext&) const = default;
};

// Benchmark files are streamed; one larger than this is refused before it is read
// (docs/benchmarks.md, "Limits").
inline constexpr std::uintmax_t kMaxBenchmarkFileBytes = 512ull * 1024 * 1024;
// Rows per file: a reader keeps every skipped row's problem (and, without a sink, every record)
// until the file is known good, so a file of tiny rows must not grow that list without bound. A
// million is ten times InferenceX's full history; a file past it is refused whole at the row that
// passes it.
inline constexpr std::size_t kMaxBenchmarkRows = 1'000'000;
// A text field of a record (hardware, model, stack, image, accuracy note, …): as long as the
// notes of an audit or scenario; longer is not a benchmark's description, and the row is skipped.
inline constexpr std::size_t kMaxBenchmarkTextBytes = 100'000;
// The problem of a file past kMaxBenchmarkRows, for every reader.
std::string tooManyBenchmarkRows();

// The format of a file from its first bytes (`head`; 64 KiB is plenty): an object keyed "0",
// "1", … is an MLPerf summary; an object with benchmark_serving's keys (backend,
// output_throughput, …) a serving result; an array, or an object with InferenceX's keys (hw,
// tput_per_gpu, …), InferenceX rows; text whose first line names the canonical columns
// (hardware, model, …) the CSV. Nothing: not a benchmark file this version reads.
std::optional<BenchmarkFormat> detectBenchmarkFormat(std::string_view head);

struct BenchmarkFileImport {
    BenchmarkImport result;
    std::optional<BenchmarkFormat> format; // the format read (detected or given)
};

// Reads one benchmark file, streamed, in `format` or (nullopt) the detected one. A file that
// cannot be read, is larger than kMaxBenchmarkFileBytes or whose format cannot be told is
// refused whole (an error with place "").
//
// With a `sink`, each good record (dated by `context.date` where it has no date) is handed to it
// as its row is read and result.records stays empty, so memory does not grow with the file's
// records: the CSV, MLPerf and InferenceX readers hold one row at a time (MLPerf keeps no more
// than each row's key when its keys are shuffled, InferenceX a 32-byte digest per distinct row
// to skip repeats); a benchmark_serving result, one record, is handed over at the end. A
// refusal can come after records were handed over (a bad quote on the last line).
BenchmarkFileImport readBenchmarkFile(const std::string& path,
                                      std::optional<BenchmarkFormat> format,
                                      const BenchmarkContext& context,
                                      const BenchmarkSink& sink = {});

} // namespace crossgrade::data
