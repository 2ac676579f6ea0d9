#include "ascii_text.h"
#include "benchmark_csv.h"
#include "benchmark_import.h"
#include "benchmark_inferencex.h"
#include "benchmark_mlperf.h"
#include "benchmark_serving.h"
#include "file_problems.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
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
    return model::asciiLower(head.substr(0, head.find('\n')));
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

// A Crossgrade file of another kind, told by its "schema" tag near the start: "an audit
// (crossgrade.audit/1)", or empty when the head names none.
std::string crossgradeKindOf(std::string_view body) {
    const std::size_t key = body.find("\"schema\"");
    if (key == std::string_view::npos || key > 200)
        return {};
    const std::size_t open = body.find('"', body.find(':', key));
    const std::size_t close = open == std::string_view::npos ? open : body.find('"', open + 1);
    if (close == std::string_view::npos)
        return {};
    const std::string tag(body.substr(open + 1, close - open - 1));
    if (tag.rfind("crossgrade.", 0) != 0)
        return {};
    for (const auto& [prefix, noun] : {std::pair{"crossgrade.audit/", "an audit"},
                                       std::pair{"crossgrade.scenario/", "a scenario"},
                                       std::pair{"crossgrade.pricebook/", "a price book"}})
        if (tag.rfind(prefix, 0) == 0)
            return std::string(noun) + " (" + tag + ")";
    return "a Crossgrade " + tag + " document";
}

// Why detectBenchmarkFormat found nothing in `head`, in the user's terms.
std::string undetectedReason(std::string_view head) {
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    const std::size_t first = head.find_first_not_of(" \t\r\n");
    const std::string formats = "an MLPerf summary.json, InferenceX rows (agg_bmk.json), a "
                                "benchmark_serving result or the canonical CSV "
                                "(docs/benchmarks.md)";
    if (first == std::string_view::npos)
        return "the file is empty; expected " + formats;
    const std::string_view body = head.substr(first);
    if (body.front() == '{') {
        if (const std::string kind = crossgradeKindOf(body); !kind.empty())
            return "this is " + kind +
                   ", not benchmark results (docs/benchmarks.md lists the "
                   "formats)";
        return "a JSON object with none of the keys that tell a format (benchmark_serving: "
               "\"backend\" or \"output_throughput\"; InferenceX: \"hw\" or \"tput_per_gpu\"; "
               "MLPerf: rows keyed \"0\", \"1\", …); if it is one, name it with "
               "--input-format (docs/benchmarks.md)";
    }
    std::string line(body.substr(0, std::min(body.find('\n'), std::size_t(80))));
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    if (line.find(',') != std::string::npos)
        return "the first line \"" + line +
               "\" is not the canonical CSV header: it must name at least the hardware and "
               "model columns (docs/formats/benchmark-csv.md)";
    return "the file starts with \"" + line + "\", which is neither JSON nor CSV; expected " +
           formats;
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
                                      const BenchmarkContext& context, const BenchmarkSink& sink) {
    BenchmarkFileImport out;
    auto refuse = [&](std::string message) {
        out.result.errors.push_back({"", std::move(message)});
        return out;
    };
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return refuse(readFailure(ec, "a benchmark results file"));
    if (size > kMaxBenchmarkFileBytes)
        return refuse("the file is " + sizeText(size) + "; benchmark files are limited to " +
                      sizeText(kMaxBenchmarkFileBytes) +
                      " (docs/benchmarks.md, \"Limits\"): split it and import the parts");
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) // stat succeeds on a file one may not read; opening it is what fails
        return refuse(
            readFailure(std::error_code(errno != 0 ? errno : EACCES, std::generic_category()),
                        "a benchmark results file"));
    if (!format) {
        std::string head(64 * 1024, '\0');
        in.read(head.data(), std::streamsize(head.size()));
        head.resize(std::size_t(in.gcount()));
        in.clear();
        in.seekg(0);
        format = detectBenchmarkFormat(head);
        if (!format)
            return refuse("cannot tell which benchmark format this is: " + undetectedReason(head));
    }
    out.format = format;
    // --date dates the rows whose file says no date, in every format (docs/benchmarks.md): the
    // canonical CSV and MLPerf readers take no context, so it is applied here for them too.
    const auto dated = [&](model::BenchmarkRecord& r) {
        if (!context.date.empty() && r.date.empty())
            r.date = context.date;
    };
    // With a sink, every reader hands each record over as its row is read (issue 20), dated
    // on the way.
    BenchmarkSink datedSink;
    if (sink)
        datedSink = [&](model::BenchmarkRecord&& r) {
            dated(r);
            sink(std::move(r));
        };
    switch (*format) {
    case BenchmarkFormat::Mlperf:
        out.result = readMlperfSummary(in, path, datedSink);
        break;
    case BenchmarkFormat::InferenceX:
        out.result = readInferenceXRows(in, path, context, datedSink);
        break;
    case BenchmarkFormat::Serving:
        out.result = readServingResult(in, path, context);
        break;
    case BenchmarkFormat::Csv:
        out.result = readBenchmarkCsv(in, path, datedSink);
        break;
    }
    for (model::BenchmarkRecord& r : out.result.records)
        dated(r);
    if (in.bad() && out.result.ok()) {
        out.result = {};
        return refuse("reading the file failed part-way (a disk or network error); copy it to a "
                      "local disk and try again");
    }
    // A benchmark_serving result is one run, one record: it is handed over once the file is
    // read whole and not refused.
    if (sink && out.result.ok()) {
        for (model::BenchmarkRecord& r : out.result.records)
            sink(std::move(r));
        out.result.records.clear();
        out.result.records.shrink_to_fit();
    }
    return out;
}

} // namespace crossgrade::data
