#pragma once

// vLLM / SGLang `benchmark_serving.py --save-result` JSON (reference/benchmark-formats.md §C) →
// one canonical benchmark record (model/benchmark/benchmark.h). The file is one object per run; its
// per-request arrays (input_lens, output_lens, ttfts, itls, generated_texts, errors) are
// parsed past, never kept.
//
// The file does not name its hardware, GPU count or precision: they come from the context
// (the CLI's --hw, --gpus, --precision, --stack) or from `--metadata` keys the run merged in at
// the top level (docs/benchmarks.md, "vLLM / SGLang benchmark_serving", lists the names); the
// context wins over metadata. Throughputs in the file are for the whole system and are divided
// by the GPUs; latencies are milliseconds and become seconds.
//
// A result holds one run, so a problem with it — no hardware or GPU count (the message names
// the flag to pass), hardware the table does not know, no completed request, a missing or bad
// field — refuses the file whole, naming the place. A run where some requests failed is
// imported and flagged.

#include "benchmark_import.h"

#include <istream>
#include <string>
#include <string_view>

namespace crossgrade::data {

BenchmarkImport readServingResult(std::istream& in, const std::string& file,
                                  const BenchmarkContext& context);
BenchmarkImport readServingResult(std::string_view text, const std::string& file,
                                  const BenchmarkContext& context);

} // namespace crossgrade::data
