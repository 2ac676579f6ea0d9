#include "benchmark_serving.h"

#include "ascii_text.h"
#include "benchmark_json_row.h"
#include "json_checks.h"
#include "json_stream.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <optional>
#include <span>
#include <sstream>

namespace crossgrade::data {

using nlohmann::json;

namespace {

const DocumentKind kResult{"a benchmark_serving result (--save-result JSON)",
                           "benchmark_serving result files", 3};

// `--metadata` keys read, in order of preference (docs/benchmarks.md).
using Keys = std::span<const char* const>;
constexpr std::array<const char*, 3> kHardwareKeys{"hardware", "hw", "gpu"};
constexpr std::array<const char*, 2> kGpuCountKeys{"gpus", "num_gpus"};
constexpr std::array<const char*, 2> kPrecisionKeys{"precision", "dtype"};

// The first of `keys` the run's metadata holds, or nullptr.
const char* firstPresent(RowReader& in, Keys keys) {
    for (const char* key : keys)
        if (in.field(key))
            return key;
    return nullptr;
}

// A text the context gives, else the first metadata key present (which must be text).
std::string contextOrMetadata(const std::string& given, RowReader& in, Keys keys) {
    if (!given.empty())
        return given;
    const char* key = firstPresent(in, keys);
    return key ? in.text(key) : std::string();
}

// benchmark_serving writes "20250115-093015"; an ISO date (with or without a time) is read too.
std::optional<std::string> isoDate(const std::string& date) {
    if (isIsoDate(date.substr(0, 10)))
        return date.substr(0, 10);
    if (date.size() >= 8 &&
        std::all_of(date.begin(), date.begin() + 8, [](char c) { return c >= '0' && c <= '9'; }) &&
        (date.size() == 8 || date[8] == '-' || date[8] == 'T' || date[8] == ' ')) {
        const std::string iso =
            date.substr(0, 4) + "-" + date.substr(4, 2) + "-" + date.substr(6, 2);
        if (isIsoDate(iso))
            return iso;
    }
    return std::nullopt;
}

// The GPUs that served the run: --gpus, else metadata gpus / num_gpus, else tp × pp × dp.
std::optional<int> gpuCount(const BenchmarkContext& context, RowReader& in) {
    constexpr int kMaxGpus = 1'000'000;
    if (context.gpus) {
        if (*context.gpus < 1 || *context.gpus > kMaxGpus)
            in.problem =
                Problem{"", "--gpus must be a whole number from 1 to " + std::to_string(kMaxGpus) +
                                ", found " + std::to_string(*context.gpus)};
        return *context.gpus;
    }
    // Metadata values are text (--metadata gpus=4 writes "4").
    if (const char* key = firstPresent(in, kGpuCountKeys))
        return in.wholeNumber(key, 1, kMaxGpus, true);
    if (!in.field("tp"))
        return std::nullopt;
    const std::optional<int> tp = in.wholeNumber("tp", 1, kMaxGpus, true);
    const std::optional<int> pp = in.wholeNumber("pp", 1, kMaxGpus, true);
    const std::optional<int> dp = in.wholeNumber("dp", 1, kMaxGpus, true);
    if (!tp)
        return std::nullopt;
    const double gpus = double(*tp) * pp.value_or(1) * dp.value_or(1);
    if (gpus > kMaxGpus) {
        in.fail("tp", "tp × pp × dp is more GPUs than any deployment has");
        return std::nullopt;
    }
    return int(gpus);
}

// A latency in milliseconds as seconds; negative is a problem.
std::optional<double> seconds(RowReader& in, const char* name) {
    const std::optional<double> ms = in.number(name);
    if (ms && *ms < 0) {
        in.fail(name, "a latency cannot be negative, found " + describe(*in.field(name)));
        return std::nullopt;
    }
    return ms ? std::optional<double>(*ms / 1000) : std::nullopt;
}

std::string number(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

std::optional<Problem> readRun(const json& doc, const std::string& file,
                               const BenchmarkContext& context, model::BenchmarkRecord& r) {
    // The context's texts end up in the record like the file's, so they meet the same limit.
    for (const auto& [option, given] : {std::pair{"--precision", &context.precision},
                                        std::pair{"--stack", &context.software_stack}})
        if (given->size() > kMaxBenchmarkTextBytes)
            return Problem{"", std::string(option) + " must be at most " +
                                   std::to_string(kMaxBenchmarkTextBytes) + " bytes, got " +
                                   std::to_string(given->size())};
    RowReader in{doc, std::string(), std::nullopt};
    r.model = in.text("model_id");
    if (in.problem)
        return in.problem;

    // What the file cannot say about itself.
    r.hardware = contextOrMetadata(context.hardware, in, kHardwareKeys);
    if (in.problem)
        return in.problem;
    if (r.hardware.empty())
        return Problem{"", "the result does not name the hardware it ran on: pass --hw (e.g. "
                           "--hw mi300x), or record it in the run with --metadata hardware=…"};
    const std::optional<std::string> sku = model::skuForHardware(r.hardware);
    if (!sku) {
        const char* key = context.hardware.empty() ? firstPresent(in, kHardwareKeys) : nullptr;
        return Problem{key ? childPointer(std::string(), key) : std::string(),
                       "hardware '" + r.hardware + "'" + (key ? "" : " (--hw)") +
                           " is not in the mapping table (docs/benchmarks.md); not guessed"};
    }
    r.sku = *sku;
    const std::optional<int> gpus = gpuCount(context, in);
    if (in.problem)
        return in.problem;
    if (!gpus)
        return Problem{"", "the result does not say how many GPUs served it, and its "
                           "throughputs are for the whole system: pass --gpus N, or record it "
                           "in the run with --metadata gpus=N"};
    r.gpus = *gpus;
    r.precision = contextOrMetadata(context.precision, in, kPrecisionKeys);
    if (in.problem)
        return in.problem;
    if (r.precision.empty())
        return Problem{"", "the result does not name its precision: pass --precision (e.g. "
                           "--precision fp8), or record it in the run with --metadata "
                           "precision=…"};

    // Counts: a run with no completed request measured nothing.
    const std::optional<int> completed = in.wholeNumber("completed", 0);
    const std::optional<int> prompts = in.wholeNumber("num_prompts", 0);
    if (!in.problem && !completed)
        in.fail("completed", "missing; expected the number of completed requests");
    if (in.problem)
        return in.problem;
    if (*completed == 0)
        return Problem{"/completed", "no request completed: the run has nothing to import"};

    // System tokens/s ÷ GPUs. Input is what the total has beyond the output (derived).
    const std::optional<double> total = in.number("total_token_throughput");
    const std::optional<double> output = in.number("output_throughput");
    if (!in.problem && !total)
        in.fail("total_token_throughput", "missing; expected the system throughput (tokens/s)");
    if (in.problem)
        return in.problem;
    if (!(*total > 0))
        return Problem{"/total_token_throughput", "a throughput must be above zero, found " +
                                                      describe(doc.at("total_token_throughput"))};
    if (output && !(*output > 0 && *output <= *total))
        return Problem{"/output_throughput",
                       "expected the output throughput, above zero and at most "
                       "total_token_throughput, found " +
                           describe(doc.at("output_throughput"))};
    r.total_tokens_per_s_per_gpu = *total / *gpus;
    if (output) {
        r.output_tokens_per_s_per_gpu = *output / *gpus;
        if (*total > *output)
            r.input_tokens_per_s_per_gpu = (*total - *output) / *gpus;
    }

    r.ttft_median_s = seconds(in, "median_ttft_ms");
    r.ttft_p99_s = seconds(in, "p99_ttft_ms");
    r.tpot_median_s = seconds(in, "median_tpot_ms");
    r.e2e_median_s = seconds(in, "median_e2el_ms");
    if (r.tpot_median_s && *r.tpot_median_s > 0)
        r.interactivity = 1 / *r.tpot_median_s; // 1000 / median_tpot_ms

    // Mean tokens per completed request.
    const std::optional<double> inputTokens = in.number("total_input_tokens");
    const std::optional<double> outputTokens = in.number("total_output_tokens");
    const auto perRequest = [&](const std::optional<double>& tokens) -> std::optional<int> {
        const double mean = tokens ? std::round(*tokens / *completed) : 0;
        return mean >= 1 && mean <= 1e9 ? std::optional<int>(int(mean)) : std::nullopt;
    };
    r.isl = perRequest(inputTokens);
    r.osl = perRequest(outputTokens);
    r.concurrency = in.wholeNumber("max_concurrency", 1);

    // The InferenceX copy of the script writes "request_goodput:" (with the colon).
    const char* goodputKey = in.field("request_goodput") ? "request_goodput" : "request_goodput:";
    const std::optional<double> goodput = in.number(goodputKey);
    if (in.problem)
        return in.problem;
    if (goodput)
        r.accuracy_note =
            "request goodput " + number(*goodput) + " req/s (requests within the run's SLOs)";

    const std::string date = in.optionalText("date");
    if (!date.empty()) {
        const std::optional<std::string> iso = isoDate(date);
        if (!iso)
            return Problem{"/date", "expected the run's date (YYYYMMDD-HHMMSS or YYYY-MM-DD), "
                                    "found " +
                                        describe(doc.at("date"))};
        r.date = *iso;
    } else {
        r.date = context.date;
    }

    // The backend names the stack; the context or metadata says which version and platform.
    const std::string backend = in.optionalText("backend");
    const std::string stack =
        context.software_stack.empty() ? in.optionalText("software_stack") : context.software_stack;
    r.software_stack = backend.empty() || model::asciiLower(stack).find(
                                              model::asciiLower(backend)) != std::string::npos
                           ? stack
                       : stack.empty() ? backend
                                       : backend + " " + stack;
    r.image = in.optionalText("image");
    r.scenario = "sweep";
    r.source = "serving";
    r.file = file;
    r.source_ref = std::filesystem::path(file).filename().string();
    if (!date.empty())
        r.source_ref += ", " + date;

    if (prompts && *completed < *prompts) {
        r.flags.emplace_back(model::kFlagFailedRequests);
        r.flags.push_back("completed " + std::to_string(*completed) + " of " +
                          std::to_string(*prompts) + " requests");
    }
    return std::nullopt;
}

} // namespace

BenchmarkImport readServingResult(std::istream& in, const std::string& file,
                                  const BenchmarkContext& context) {
    BenchmarkImport out;
    // The per-request arrays grow with the run (every generated text): parse past them.
    ParsedDocument parsed = parseObjectDropping(
        in, kResult, {"input_lens", "output_lens", "ttfts", "itls", "generated_texts", "errors"});
    if (!parsed.ok()) {
        out.errors = std::move(parsed.errors);
        return out;
    }
    model::BenchmarkRecord r;
    if (std::optional<Problem> problem = readRun(parsed.doc, file, context, r)) {
        out.errors.push_back(std::move(*problem));
        return out;
    }
    out.add(std::move(r), std::nullopt);
    return out;
}

BenchmarkImport readServingResult(std::string_view text, const std::string& file,
                                  const BenchmarkContext& context) {
    std::istringstream in{std::string(text)};
    return readServingResult(in, file, context);
}

} // namespace crossgrade::data
