#pragma once

// Benchmark results in the store's table `benchmarks` (internal to the store; Store's
// addBenchmarks / benchmarks / removeBenchmark are the public surface). The caller holds the
// transaction.

#include "store_connection.h"

#include <functional>
#include <string>
#include <vector>

namespace crossgrade::data::store_detail {

// What makes two records the same measurement: source, round, source_ref, SKU, model,
// precision, ISL, OSL, concurrency and date (docs/benchmarks.md, "Re-importing").
std::string benchmarkDedupeKey(const model::BenchmarkRecord& r);

BenchmarksAdded insertBenchmarks(const Connection& connection,
                                 const std::vector<model::BenchmarkRecord>& records);
std::vector<StoredBenchmark> readBenchmarks(const Connection& connection,
                                            const BenchmarkFilter& filter);
// The same rows in the same order, handed to `visit` one at a time as the query yields them.
void visitBenchmarks(const Connection& connection, const BenchmarkFilter& filter,
                     const std::function<void(const StoredBenchmark&)>& visit);
std::vector<BenchmarkSkuCount> countBenchmarks(const Connection& connection);
bool deleteBenchmark(const Connection& connection, std::int64_t id);

} // namespace crossgrade::data::store_detail
