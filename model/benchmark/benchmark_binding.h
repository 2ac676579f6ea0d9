#pragma once

// A workload bound to benchmark evidence (issue 7 point 4; docs/benchmarks.md, "Binding a
// workload"). The selector says which rows stand for the workload; binding resolves it against
// the stored records once and keeps what it yielded inside the scenario, so a scenario file
// still evaluates to the same numbers on any store:
//
// - per SKU, the throughput ratio to H100 (min / median / max over like-for-like pairs:
//   model/benchmark/benchmark_compare.h), which replaces the performance table's ratio for this
//   workload and already holds the software's regression, so the transition penalty is not applied
//   on top of it;
// - per SKU, the measured energy per token, which prices the energy of the GPUs serving it;
// - from the user's own benchmark_serving runs on H100, the absolute throughput per GPU.
//
// A SKU without a match keeps the table's ratio, and the binding's notes say so.

#include "benchmark.h"
#include "price_book.h"
#include "uncertain.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::model {

// Which benchmark rows stand for a workload: model/benchmark/benchmark_compare.h's CompareOptions.
struct BenchmarkSelector {
    std::string model;     // part of the model name, any case; required
    std::string precision; // empty: any
    std::string scenario;  // empty: any
    std::optional<int> isl, osl;
    std::optional<double> interactivity; // tokens/s per user the sweeps compare at
    bool include_flagged = false;        // take in pre-2026 / undated AMD InferenceX rows

    bool operator==(const BenchmarkSelector&) const = default;
};

// What the evidence yields for one SKU.
struct BoundSku {
    std::optional<UncertainNumber> ratio; // relative to H100 per GPU; never for H100 itself
    int pairs = 0;
    std::optional<UncertainNumber> joules_per_token; // per total token, on this SKU
    std::vector<std::string> rows;                   // provenance of every row behind it

    bool operator==(const BoundSku&) const = default;
};

struct WorkloadBinding {
    BenchmarkSelector selector;
    std::string bound_on;                 // YYYY-MM-DD: when the evidence was resolved
    std::map<std::string, BoundSku> skus; // by price-book SKU id; only SKUs with evidence
    // Total tokens/s per GPU on H100, from the user's own serving runs; replaces the
    // workload's reference throughput when present.
    std::optional<UncertainNumber> reference_tokens_per_s_per_gpu;
    std::vector<std::string> reference_rows;
    std::vector<std::string> notes; // what did not match, and so stays the default

    bool operator==(const WorkloadBinding&) const = default;
    const BoundSku* sku(const std::string& id) const;
};

inline constexpr std::string_view kReferenceSku = "H100";

// Resolves `selector` against `records` for every SKU of `book`. The notes name each SKU
// without a ratio (and why: no rows, or rows that do not pair), and say when no serving run
// sets the reference throughput.
WorkloadBinding bindWorkload(const BenchmarkSelector& selector,
                             const std::vector<BenchmarkRecord>& records, const PriceBook& book,
                             std::string boundOn);

} // namespace crossgrade::model
