#pragma once

// Per-GPU throughput ratios between two SKUs from benchmark records (issue 7 point 4;
// docs/benchmarks.md, "Comparing hardware"). Only like is compared with like: two rows pair
// when their model, precision, scenario, sequence lengths and throughput unit (total or output
// tokens) are equal. Single points pair directly; sweeps (rows with an interactivity) are read
// off each SKU's Pareto frontier of throughput per GPU against interactivity and compared at
// equal interactivity. The ratio's range is min–max over the pairs, its most likely value the
// median, and every pair keeps the rows it rests on.

#include "benchmark.h"
#include "uncertain.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

enum class ThroughputKind { Total, Output };
std::string_view toString(ThroughputKind k); // "total", "output"

// The rows to compare and how.
struct CompareOptions {
    std::string model;     // part of the model name, any case; empty: every model
    std::string precision; // exactly, any case; empty: every precision
    std::string scenario;  // exactly, any case; empty: every scenario
    std::optional<int> isl, osl;
    // Sweeps: compare at this interactivity (tokens/s per user). Without it, at `levels`
    // evenly spaced levels across the interactivity both frontiers reach.
    std::optional<double> interactivity;
    int levels = 5;
    // Rows flagged as run on a pre-2026 (or undated) private AMD image are left out unless
    // this is set (excludedFromBindingsByDefault).
    bool include_flagged = false;
};

// The rows both sides of a comparison share, as text: "llama2-70b-99.9 fp8 Offline" with
// "1024/1024" when the sequence lengths are known, and the unit.
struct ComparisonGroup {
    std::string model;
    std::string precision;
    std::string scenario;
    std::optional<int> isl, osl;
    ThroughputKind kind = ThroughputKind::Total;

    std::string label() const;
    bool operator==(const ComparisonGroup&) const = default;
};

struct RatioPair {
    ComparisonGroup group;
    std::optional<double> interactivity; // the level a sweep was compared at
    std::string basis;                   // "single points", "equal interactivity", …
    double reference_per_gpu = 0;        // tokens/s per GPU
    double other_per_gpu = 0;
    double ratio = 0;                        // other ÷ reference
    std::vector<std::string> reference_rows; // provenance(record) of the rows behind each side
    std::vector<std::string> other_rows;
};

struct SkuComparison {
    std::string reference_sku; // the denominator, e.g. "H100"
    std::string other_sku;
    std::vector<RatioPair> pairs;
    // min / median / max of the pairs' ratios, with its source (how many pairs, which files)
    // and confidence; empty when nothing pairs.
    std::optional<UncertainNumber> ratio;
    std::vector<std::string> sources;  // the distinct rows behind the pairs
    std::vector<std::string> excluded; // rows left out, each with why
    std::vector<std::string> unpaired; // groups with rows on one side only, or no common level
};

// "mlperf-summary.json, row 9 (AMD, 8xMI300X), v5.1, 2025-09-09": where a row came from, the
// file by its name.
std::string provenance(const BenchmarkRecord& r);

SkuComparison compareSkus(const std::vector<BenchmarkRecord>& records,
                          std::string_view referenceSku, std::string_view otherSku,
                          const CompareOptions& options = {});

// The Pareto frontier of (interactivity, throughput) points: the points no other point beats
// on both, by interactivity descending. Exposed for tests.
struct FrontierPoint {
    double interactivity = 0;
    double per_gpu = 0;
    const BenchmarkRecord* record = nullptr;
};
std::vector<FrontierPoint> paretoFrontier(std::vector<FrontierPoint> points);
// Throughput at `interactivity` on a frontier, linear between its points; nullopt outside it.
std::optional<double> throughputAt(const std::vector<FrontierPoint>& frontier,
                                   double interactivity);

} // namespace crossgrade::model
