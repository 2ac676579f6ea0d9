#include "benchmark_csv.h"
#include "benchmark_import.h"
#include "benchmark_inferencex.h"
#include "benchmark_mlperf.h"
#include "benchmark_serving.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

// Reading a benchmark file of any format: detection and dispatch (benchmark_import.h).

namespace crossgrade::data {

namespace {

bool mentions(std::string_view head, std::initializer_list<std::string_view> keys) {
    for (std::string_view key : keys)
        if (head.find(key) != std::string_view::npos)
            return true;
    return false;
}

std::string lowerFirstLine(std::string_view head) {
    std::string line(head.substr(0, head.find('\n')));
    std::transform(line.begin(), line.end(), line.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return line;
}

// `{ "12" :` — an object whose first key is a row number, as MLPerf's summary is.
bool startsWithNumberKey(std::string_view body) {
    std::size_t i = body.find_first_not_of(" \t\r\n", 1);
    if (i == std::string_view::npos || body[i] != '"')
        return false;
    const std::size_t digits = ++i;
    while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i])))
        ++i;
    if (i == digits || i >= body.size() || body[i] != '"')
        return false;
    i = body.find_first_not_of(" \t\r\n", i + 1);
    return i != std::string_view::npos && body[i] == ':';
}

std::string sizeText(std::uintmax_t bytes) {
    return std::to_string(bytes / (1024 * 1024)) + " MiB";
}

} // namespace

std::optional<BenchmarkFormat> detectBenchmarkFormat(std::string_view head) {
    if (head.substr(0, 3) == "\xEF\xBB\xBF") // a UTF-8 byte order mark
        head.remove_prefix(3);
    const std::size_t first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return std::nullopt;
    const std::string_view body = head.substr(first);
    if (body.front() == '[')
        return BenchmarkFormat::InferenceX;
    if (body.front() == '{') {
        if (startsWithNumberKey(body))
            return BenchmarkFormat::Mlperf;
        if (mentions(body, {"\"backend\"", "\"output_throughput\"", "\"total_token_throughput\"",
                            "\"request_throughput\""}))
            return BenchmarkFormat::Serving;
        if (mentions(body,
                     {"\"hw\"", "\"tput_per_gpu\"", "\"hardware\"", "\"infmax_model_prefix\""}))
            return BenchmarkFormat::InferenceX;
        return std::nullopt;
    }
    const std::string line = lowerFirstLine(body);
    if (line.find("hardware") != std::string::npos && line.find("model") != std::string::npos &&
        line.find(',') != std::string::npos)
        return BenchmarkFormat::Csv;
    return std::nullopt;
}

BenchmarkFileImport readBenchmarkFile(const std::string& path,
                                      std::optional<BenchmarkFormat> format,
                                      const BenchmarkContext& context) {
    BenchmarkFileImport out;
    auto refuse = [&](std::string message) {
        out.result.errors.push_back({"", std::move(message)});
        return out;
    };
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return refuse("cannot read the file: " + ec.message());
    if (size > kMaxBenchmarkFileBytes)
        return refuse("the file is " + sizeText(size) + "; benchmark files are limited to " +
                      sizeText(kMaxBenchmarkFileBytes) +
                      " (docs/benchmarks.md, \"Limits\"): split it and import the parts");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return refuse("cannot open the file for reading");
    if (!format) {
        std::string head(64 * 1024, '\0');
        in.read(head.data(), std::streamsize(head.size()));
        head.resize(std::size_t(in.gcount()));
        in.clear();
        in.seekg(0);
        format = detectBenchmarkFormat(head);
        if (!format)
            return refuse("cannot tell which benchmark format this is: expected an MLPerf "
                          "summary.json, InferenceX rows (agg_bmk.json), a benchmark_serving "
                          "result or the canonical CSV (docs/benchmarks.md); name it with "
                          "--input-format");
    }
    out.format = format;
    switch (*format) {
    case BenchmarkFormat::Mlperf:
        out.result = readMlperfSummary(in, path);
        break;
    case BenchmarkFormat::InferenceX:
        out.result = readInferenceXRows(in, path, context);
        break;
    case BenchmarkFormat::Serving:
        out.result = readServingResult(in, path, context);
        break;
    case BenchmarkFormat::Csv:
        out.result = readBenchmarkCsv(in, path);
        break;
    }
    if (in.bad() && out.result.ok()) {
        out.result = {};
        return refuse("reading the file failed");
    }
    return out;
}

} // namespace crossgrade::data
