// libFuzzer target for the canonical benchmark CSV importer. Beyond "does not crash", it checks
// the importer's promises on any input: a refused file yields no record, every row seen is
// either a record or a reported skip, every record maps to a SKU with a positive per-GPU
// throughput, and writing the records and reading them back gives the same records.

#include "benchmark_csv.h"

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const crossgrade::data::BenchmarkImport in =
        crossgrade::data::readBenchmarkCsv(text, "fuzz.csv");
    if (!in.ok() && (!in.records.empty() || !in.skipped.empty()))
        std::abort();
    if (in.ok() && in.records.size() + in.skipped.size() != in.rows)
        std::abort();
    for (const auto& r : in.records) {
        const bool total = r.total_tokens_per_s_per_gpu && *r.total_tokens_per_s_per_gpu > 0;
        const bool output = r.output_tokens_per_s_per_gpu && *r.output_tokens_per_s_per_gpu > 0;
        if (r.sku.empty() || r.sku != crossgrade::model::skuForHardware(r.hardware) || r.gpus < 1 ||
            r.nodes < 1 || (!total && !output) || r.source.empty() || r.source_ref.empty() ||
            r.file != "fuzz.csv")
            std::abort();
    }
    if (in.records.empty())
        return 0;
    std::ostringstream out;
    crossgrade::data::writeBenchmarkCsv(out, in.records);
    const crossgrade::data::BenchmarkImport back =
        crossgrade::data::readBenchmarkCsv(out.str(), "fuzz.csv");
    if (!back.ok() || !back.skipped.empty() || back.records != in.records)
        std::abort();
    return 0;
}
