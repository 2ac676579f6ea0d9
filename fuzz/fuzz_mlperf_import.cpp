// libFuzzer target for the MLPerf summary.json importer. Beyond "does not crash", it checks the
// importer's promises on any input: a refused file yields no record, every row seen is either a
// record or a reported skip, and every record maps to a SKU with a positive per-GPU throughput.

#include "benchmark_mlperf.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const crossgrade::data::BenchmarkImport in =
        crossgrade::data::readMlperfSummary(text, "fuzz.json");
    if (!in.ok() && !in.records.empty())
        std::abort();
    if (in.ok() && in.records.size() + in.skipped.size() != in.rows)
        std::abort();
    for (const auto& r : in.records)
        if (r.sku.empty() || r.gpus < 1 || !r.output_tokens_per_s_per_gpu ||
            !(*r.output_tokens_per_s_per_gpu > 0))
            std::abort();
    return 0;
}
