#include "benchmark_import.h"

#include <array>
#include <utility>

namespace crossgrade::data {

namespace {

constexpr std::array<std::pair<BenchmarkFormat, std::string_view>, 4> kFormatNames{{
    {BenchmarkFormat::Mlperf, "mlperf"},
    {BenchmarkFormat::InferenceX, "inferencex"},
    {BenchmarkFormat::Serving, "serving"},
    {BenchmarkFormat::Csv, "csv"},
}};

} // namespace

void BenchmarkImport::add(model::BenchmarkRecord&& record, std::optional<Problem>&& problem) {
    ++rows;
    if (problem) {
        skipped.push_back(std::move(*problem));
        return;
    }
    ++accepted;
    if (sink)
        sink(std::move(record));
    else
        records.push_back(std::move(record));
}

void BenchmarkImport::refuse(std::vector<Problem>&& problems) {
    records.clear();
    skipped.clear();
    rows = 0;
    accepted = 0;
    errors = std::move(problems);
}

std::string tooManyBenchmarkRows() {
    return "more than " + std::to_string(kMaxBenchmarkRows) +
           " rows; benchmark files are limited to " + std::to_string(kMaxBenchmarkRows) +
           " rows (docs/benchmarks.md, \"Limits\"): split it and import the parts";
}

std::string_view toString(BenchmarkFormat f) {
    for (const auto& [format, name] : kFormatNames)
        if (format == f)
            return name;
    return "?";
}

std::optional<BenchmarkFormat> parseBenchmarkFormat(std::string_view name) {
    for (const auto& [format, n] : kFormatNames)
        if (n == name)
            return format;
    return std::nullopt;
}

} // namespace crossgrade::data
