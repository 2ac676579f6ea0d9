// libFuzzer target for the InferenceX aggregate-row importer. Beyond "does not crash", it
// checks the importer's promises on any input: a refused file yields no record, every row seen
// is either a record or a reported skip, and every record maps to a SKU, has GPUs (the phases
// adding up to them when disaggregated), a positive total throughput per GPU and no negative
// latency.

#include "benchmark_inferencex.h"

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

namespace {

bool negative(const std::optional<double>& v) {
    return v && !(*v >= 0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    crossgrade::data::BenchmarkContext context;
    context.date = "2026-01-01";
    const crossgrade::data::BenchmarkImport in = crossgrade::data::readInferenceXRows(
        text, "fuzz.json", size % 2 ? context : crossgrade::data::BenchmarkContext{});
    if (!in.ok() && !in.records.empty())
        std::abort();
    if (in.ok() && (in.rows == 0 || in.records.size() + in.skipped.size() != in.rows))
        std::abort();
    for (const auto& r : in.records) {
        if (r.sku.empty() || r.gpus < 1 || !r.total_tokens_per_s_per_gpu ||
            !(*r.total_tokens_per_s_per_gpu > 0) || r.model.empty() || r.precision.empty())
            std::abort();
        if (r.prefill_gpus.has_value() != r.decode_gpus.has_value() ||
            (r.prefill_gpus && *r.prefill_gpus + *r.decode_gpus != r.gpus))
            std::abort();
        if (negative(r.ttft_median_s) || negative(r.ttft_p99_s) || negative(r.tpot_median_s) ||
            negative(r.e2e_median_s) || negative(r.interactivity))
            std::abort();
    }
    return 0;
}
