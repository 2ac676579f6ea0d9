#pragma once

// Benchmark results in the store's table `benchmarks` (internal to the store; Store's
// addBenchmarks / benchmarks / removeBenchmark are the public surface). The caller holds the
// transaction.

#include "store_connection.h"

#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <functional>
#include <string>
#include <vector>

namespace crossgrade::data::store_detail {

// What makes two records the same measurement: source, round, source_ref, SKU, model,
// precision, ISL, OSL, concurrency and date (docs/benchmarks.md, "Re-importing").
std::string benchmarkDedupeKey(const model::BenchmarkRecord& r);

// Inserts records one at a time through one prepared statement, each row stamped with the same
// import time (taken when the inserter is made), skipping those already stored — including
// those this inserter stored earlier.
class BenchmarkInserter {
public:
    explicit BenchmarkInserter(const Connection& connection);
    void insert(const model::BenchmarkRecord& r);
    const BenchmarksAdded& added() const { return m_added; }

private:
    const Connection& m_connection;
    QSqlQuery m_insert;
    QStringList m_names;
    QString m_now;
    BenchmarksAdded m_added;
};

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
