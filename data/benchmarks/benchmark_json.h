#pragma once

// Benchmark records and SKU comparisons as the JSON the CLI prints (`benchmarks --format
// json`, `compare-hw --format json`; docs/formats/benchmarks.md). Output only: benchmark files
// come in through the importers.

#include "benchmark.h"
#include "benchmark_compare.h"

#include <nlohmann/json.hpp>

namespace crossgrade::data {

// Every field of the record; an unknown optional value is null.
nlohmann::ordered_json benchmarkToJson(const model::BenchmarkRecord& r);
nlohmann::json comparisonToJson(const model::SkuComparison& c);

} // namespace crossgrade::data
