// libFuzzer target for the benchmark_serving result importer. Beyond "does not crash", it
// checks the importer's promises on any input: a refused file yields no record, a read file is
// exactly one record, and that record maps to a SKU, has GPUs, a positive total throughput per
// GPU no smaller than the output's, and no negative latency. Odd-sized inputs are read with
// the CLI's flags given, even-sized ones with only what the file's metadata says.

#include "benchmark_serving.h"

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
    crossgrade::data::BenchmarkContext flags;
    flags.hardware = "mi300x";
    flags.gpus = 8;
    flags.precision = "fp8";
    const crossgrade::data::BenchmarkImport in = crossgrade::data::readServingResult(
        text, "fuzz.json", size % 2 ? flags : crossgrade::data::BenchmarkContext{});
    if (!in.ok() && (!in.records.empty() || in.rows != 0))
        std::abort();
    if (in.ok() && (in.rows != 1 || in.records.size() != 1 || !in.skipped.empty()))
        std::abort();
    for (const auto& r : in.records) {
        if (r.sku.empty() || r.gpus < 1 || !r.total_tokens_per_s_per_gpu ||
            !(*r.total_tokens_per_s_per_gpu > 0) || r.model.empty() || r.precision.empty())
            std::abort();
        if (r.output_tokens_per_s_per_gpu &&
            !(*r.output_tokens_per_s_per_gpu <= *r.total_tokens_per_s_per_gpu))
            std::abort();
        if (negative(r.ttft_median_s) || negative(r.ttft_p99_s) || negative(r.tpot_median_s) ||
            negative(r.e2e_median_s) || negative(r.interactivity))
            std::abort();
    }
    return 0;
}
