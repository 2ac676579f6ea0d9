#include "benchmark_inferencex.h"

#include "benchmark_json_row.h"
#include "json_checks.h"
#include "json_stream.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <utility>

namespace crossgrade::data {

using nlohmann::json;

namespace {

const DocumentKind kRows{"InferenceX aggregate rows", "InferenceX result files", 4};

// Passes a stream through unchanged and notes its first character that is not white space,
// so one row object can be told from an array of rows while the stream reader still counts
// every line (skipping the white space first would shift the line:column of errors).
class FirstCharacter : public std::streambuf {
public:
    explicit FirstCharacter(std::streambuf* source)
        : m_source(source) {}
    char first() const { return m_first; }

protected:
    int_type underflow() override {
        const std::streamsize n =
            m_source ? m_source->sgetn(m_chunk.data(), std::streamsize(m_chunk.size())) : 0;
        if (n <= 0)
            return traits_type::eof();
        for (std::streamsize i = 0; i < n && m_first == '\0'; ++i) {
            const char c = m_chunk[std::size_t(i)];
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
                m_first = c;
        }
        setg(m_chunk.data(), m_chunk.data(), m_chunk.data() + n);
        return traits_type::to_int_type(m_chunk[0]);
    }

private:
    std::streambuf* m_source;
    std::array<char, 64 * 1024> m_chunk{};
    char m_first = '\0';
};

// A row's fields: the top level first, then (API rows) the numeric `metrics` object, so one
// accessor serves the aggregate file and the API alike. The first problem is kept with the
// JSON pointer of the field it is about.
struct RowFields {
    RowReader top;
    std::optional<RowReader> metrics;
    std::optional<Problem> problem;

    RowReader& holder(const char* name) {
        return metrics && !top.field(name) && metrics->field(name) ? *metrics : top;
    }
    bool has(const char* name) { return holder(name).field(name) != nullptr; }
    std::string place(const char* name) { return childPointer(holder(name).pointer, name); }
    std::string describe(const char* name) { return data::describe(*holder(name).field(name)); }
    std::optional<double> number(const char* name) { return keep(holder(name).number(name)); }
    std::optional<int> wholeNumber(const char* name, int min) {
        return keep(holder(name).wholeNumber(name, min));
    }
    std::optional<bool> flag(const char* name) { return keep(holder(name).flag(name)); }
    std::string text(const char* name) { return keep(top.text(name)); }
    void fail(const char* name, const std::string& message) {
        if (!problem)
            problem = Problem{place(name), message};
    }

    template <typename T> T keep(T value) {
        if (!problem)
            problem = top.problem ? top.problem : metrics ? metrics->problem : std::nullopt;
        return value;
    }
};

// InferenceX's hardware keys name the GPU before the first '-' or '_' ("mi355x_sglang",
// "b200-trt-mtp").
std::string baseKey(const std::string& hardware) {
    return hardware.substr(0, hardware.find_first_of("-_"));
}

// The date nightly images carry in their tag ("rocm/sgl-dev:…-mi30x-20250715"): the last run
// of exactly eight digits that reads as YYYYMMDD, as an ISO date; empty when there is none.
// Only the tag is searched, never a digest or the repository path.
std::string imageDate(std::string_view image) {
    image = image.substr(0, image.find('@'));
    const auto slash = image.rfind('/');
    const auto colon = image.rfind(':');
    if (colon != std::string_view::npos && (slash == std::string_view::npos || colon > slash))
        image = image.substr(colon + 1);
    else if (slash != std::string_view::npos)
        image = image.substr(slash + 1);
    const auto digit = [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    };
    const auto letter = [](char c) {
        return std::isalpha(static_cast<unsigned char>(c)) != 0;
    };
    std::string found;
    for (std::size_t i = 0; i < image.size();) {
        if (!digit(image[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < image.size() && digit(image[end]))
            ++end;
        const bool alone =
            (i == 0 || !letter(image[i - 1])) && (end == image.size() || !letter(image[end]));
        if (end - i == 8 && alone && image.substr(i, 2) == "20") {
            const std::string d(image.substr(i, 8));
            const std::string iso = d.substr(0, 4) + "-" + d.substr(4, 2) + "-" + d.substr(6, 2);
            if (isIsoDate(iso))
                found = iso;
        }
        i = end;
    }
    return found;
}

// Latency in seconds: the aggregate's key, or the raw layer's `<key>_ms` ÷ 1000 when only that
// is there. Negative is the row's problem.
std::optional<double> seconds(RowFields& f, const std::string& key) {
    const std::string ms = key + "_ms";
    const bool inMs = !f.has(key.c_str()) && f.has(ms.c_str());
    const char* name = inMs ? ms.c_str() : key.c_str();
    std::optional<double> v = f.number(name);
    if (v && *v < 0) {
        f.fail(name, "a latency cannot be negative, found " + f.describe(name));
        return std::nullopt;
    }
    return v && inMs ? std::optional<double>(*v / 1000) : v;
}

// A throughput per GPU, tokens/s: above zero when present.
std::optional<double> throughput(RowFields& f, const char* name) {
    std::optional<double> v = f.number(name);
    if (v && !(*v > 0)) {
        f.fail(name, "a throughput must be above zero, found " + f.describe(name));
        return std::nullopt;
    }
    return v;
}

// `power_invalid_reasons` as one line: text, or a list of texts joined by "; ".
std::string powerInvalidReasons(const json& row) {
    const auto it = row.find("power_invalid_reasons");
    if (it == row.end())
        return {};
    if (it->is_string())
        return it->get<std::string>();
    std::string out;
    if (it->is_array())
        for (const json& reason : *it)
            if (reason.is_string() && !reason.get<std::string>().empty())
                out += (out.empty() ? "" : "; ") + reason.get<std::string>();
    return out;
}

// The GPUs a row ran on (docs/benchmarks.md): prefill + decode for a disaggregated run;
// otherwise an explicit `num_gpus`, or tp × pp × pcp_size, or (API rows of one engine, which
// carry the same count in both phase columns) num_decode_gpu.
void readGpus(RowFields& f, model::BenchmarkRecord& r) {
    constexpr int kMaxGpus = 1'000'000;
    const std::optional<bool> disagg = f.flag("disagg");
    if (f.problem)
        return;
    if (disagg.value_or(false)) {
        const std::optional<int> prefill = f.wholeNumber("num_prefill_gpu", 1);
        const std::optional<int> decode = f.wholeNumber("num_decode_gpu", 1);
        for (const char* name : {"num_prefill_gpu", "num_decode_gpu"})
            if (!f.has(name))
                f.fail(name, "missing; a disaggregated row needs num_prefill_gpu and "
                             "num_decode_gpu");
        if (f.problem || !prefill || !decode)
            return;
        if (*prefill > kMaxGpus || *decode > kMaxGpus)
            return f.fail(*prefill > kMaxGpus ? "num_prefill_gpu" : "num_decode_gpu",
                          "more GPUs than any deployment has");
        r.prefill_gpus = *prefill;
        r.decode_gpus = *decode;
        r.gpus = *prefill + *decode;
        return;
    }
    if (f.has("num_gpus")) {
        if (const std::optional<int> n = f.wholeNumber("num_gpus", 1); n && *n <= kMaxGpus)
            r.gpus = *n;
        else if (n)
            f.fail("num_gpus", "more GPUs than any deployment has");
        return;
    }
    if (f.has("tp") || !f.has("num_decode_gpu")) {
        const std::optional<int> tp = f.wholeNumber("tp", 1);
        const std::optional<int> pp = f.wholeNumber("pp", 1);
        const std::optional<int> pcp = f.wholeNumber("pcp_size", 1);
        if (f.problem)
            return;
        if (!tp)
            return f.fail("tp", "missing; expected the tensor-parallel size (GPUs = tp × pp × "
                                "pcp_size), or num_prefill_gpu and num_decode_gpu with disagg");
        const double gpus = double(*tp) * pp.value_or(1) * pcp.value_or(1);
        if (gpus > kMaxGpus)
            return f.fail("tp", "tp × pp × pcp_size is more GPUs than any deployment has");
        r.gpus = int(gpus);
        return;
    }
    const std::optional<int> decode = f.wholeNumber("num_decode_gpu", 1);
    const std::optional<int> prefill = f.wholeNumber("num_prefill_gpu", 1);
    if (f.problem || !decode)
        return;
    if (prefill && *prefill != *decode)
        return f.fail("num_prefill_gpu", "disagg is not true, yet num_prefill_gpu (" +
                                             std::to_string(*prefill) + ") and num_decode_gpu (" +
                                             std::to_string(*decode) +
                                             ") differ: the GPU count is unclear");
    if (*decode > kMaxGpus)
        return f.fail("num_decode_gpu", "more GPUs than any deployment has");
    r.gpus = *decode;
}

// Power only when the row says the measurement is valid; a row that says it is not, or that
// has power numbers without saying, is flagged and its power left empty.
void readPower(RowFields& f, const json& row, model::BenchmarkRecord& r) {
    const std::optional<bool> valid = f.flag("power_valid");
    const bool measured = f.has("avg_power_w") || f.has("joules_per_total_token");
    std::string reasons = powerInvalidReasons(row);
    if (valid.value_or(false)) {
        const std::optional<double> watts = f.number("avg_power_w");
        const std::optional<double> joules = f.number("joules_per_total_token");
        if (f.problem)
            return;
        if ((watts && !(*watts > 0)) || (joules && !(*joules > 0)))
            reasons = "power_valid is true but the power or energy is not above zero";
        else {
            r.power_w = watts;
            r.joules_per_token = joules;
            return;
        }
    } else if (!valid && !measured) {
        return; // nothing measured: nothing to flag
    }
    r.flags.emplace_back(model::kFlagPowerInvalid);
    if (!reasons.empty())
        r.flags.push_back("power invalid: " + reasons);
}

std::optional<Problem> readRow(const json& row, const std::string& pointer,
                               const std::string& rowName, const std::string& file,
                               const BenchmarkContext& context, model::BenchmarkRecord& r) {
    if (!row.is_object())
        return Problem{pointer, "expected a result row (an object), found " + describe(row)};
    RowFields f{RowReader{row, pointer, std::nullopt}, std::nullopt, std::nullopt};
    if (const json* metrics = f.top.field("metrics")) {
        if (!metrics->is_object())
            return Problem{childPointer(pointer, "metrics"),
                           "expected the row's metrics (an object of numbers), found " +
                               describe(*metrics)};
        f.metrics.emplace(RowReader{*metrics, childPointer(pointer, "metrics"), std::nullopt});
    }

    // Failed runs are dropped upstream, but a merged artifact may still hold one.
    if (const json* outcome = f.top.field("benchmark_outcome");
        outcome && outcome->is_object() && outcome->value("status", json()) == "failed")
        return Problem{pointer + "/benchmark_outcome/status", "the benchmark run failed"};
    if (const auto succeeded = f.number("num_requests_successful"); succeeded && *succeeded == 0)
        return Problem{f.place("num_requests_successful"), "no request succeeded"};

    const char* hwName = f.top.field("hw") || !f.top.field("hardware") ? "hw" : "hardware";
    r.hardware = f.text(hwName);
    r.model = f.text("model");
    r.precision = f.text("precision");
    if (f.problem)
        return f.problem;
    const std::string key = baseKey(r.hardware);
    const std::optional<std::string> sku = model::skuForHardware(key);
    if (!sku)
        return Problem{childPointer(pointer, hwName),
                       "hardware '" + r.hardware + "' (GPU key '" + key +
                           "') is not in the mapping table (docs/benchmarks.md); not guessed"};
    r.sku = *sku;
    // A record is one SKU: a disaggregated run whose phases ran on other hardware is not one.
    for (const char* phase : {"prefill_hw", "decode_hw"}) {
        const std::string other = f.top.optionalText(phase);
        if (!other.empty() && model::skuForHardware(baseKey(other)) != sku)
            return Problem{childPointer(pointer, phase),
                           "'" + other + "' is not the row's hardware '" + r.hardware +
                               "': a record is measured on one SKU"};
    }

    readGpus(f, r);
    if (f.problem)
        return f.problem;

    r.total_tokens_per_s_per_gpu = throughput(f, "tput_per_gpu");
    r.output_tokens_per_s_per_gpu = throughput(f, "output_tput_per_gpu");
    r.input_tokens_per_s_per_gpu = throughput(f, "input_tput_per_gpu");
    if (!f.problem && !r.total_tokens_per_s_per_gpu)
        f.fail("tput_per_gpu", "missing; expected the throughput per GPU (tokens/s)");

    r.ttft_median_s = seconds(f, "median_ttft");
    r.ttft_p99_s = seconds(f, "p99_ttft");
    r.tpot_median_s = seconds(f, "median_tpot");
    r.e2e_median_s = seconds(f, "median_e2el");
    r.interactivity = f.number("median_intvty");
    if (r.interactivity && *r.interactivity < 0)
        f.fail("median_intvty", "interactivity cannot be negative");
    // The raw layer has no interactivity; upstream derives it as 1 / TPOT, and so does this.
    if (!f.has("median_intvty") && r.tpot_median_s && *r.tpot_median_s > 0)
        r.interactivity = 1 / *r.tpot_median_s;

    r.isl = f.wholeNumber("isl", 1);
    r.osl = f.wholeNumber("osl", 1);
    // Agentic rows of older schemas count users instead of concurrent requests.
    r.concurrency = f.wholeNumber(f.has("conc") || !f.has("users") ? "conc" : "users", 1);
    if (f.problem)
        return f.problem;

    r.scenario = f.top.optionalText("scenario_type");
    if (r.scenario.empty())
        r.scenario = "sweep";
    r.software_stack = f.top.optionalText("framework");
    r.image = f.top.optionalText("image");

    if (f.top.field("date")) {
        const std::string date = f.text("date");
        if (f.problem)
            return f.problem;
        if (!isIsoDate(date.substr(0, 10)))
            return Problem{childPointer(pointer, "date"),
                           "expected a date (YYYY-MM-DD), found " + describe(row.at("date"))};
        r.date = date.substr(0, 10);
    } else {
        r.date = imageDate(r.image);
        if (r.date.empty())
            r.date = context.date;
    }

    r.source = "inferencex";
    r.file = file;
    r.source_ref = f.top.optionalText("run_url");
    if (r.source_ref.empty())
        if (const json* id = f.top.field("run_id"); id && (id->is_string() || id->is_number()))
            r.source_ref = "run " + (id->is_string() ? id->get<std::string>() : id->dump());
    // Without a run id, the row of this file (by name, so that the same file imported from
    // another folder is the same row, and another file's row N is not).
    if (r.source_ref.empty())
        r.source_ref = std::filesystem::path(file).filename().string() + " " + rowName;

    // AMD rows before 2026-01 ran private ROCm images; without a date nobody can tell.
    if (r.sku.rfind("MI", 0) == 0) {
        if (r.date.empty())
            r.flags.emplace_back(model::kFlagUndatedAmdImage);
        else if (r.date < "2026-01-01")
            r.flags.emplace_back(model::kFlagPre2026AmdImage);
    }
    readPower(f, row, r);
    return f.problem;
}

// A row identical in every field to an earlier one is told by the SHA-256 of its text (keys
// sorted), so no earlier row has to be kept. It was a 64-bit hash and the text's length, which
// two different rows can share: the second was skipped as a repeat of the first
// (bug_differentRowsWithOneFingerprintWereCalledTheSameRow). Two texts with one SHA-256 are not
// known to exist.
using RowDigest = std::array<unsigned char, 32>;

struct RowDigestHash {
    std::size_t operator()(const RowDigest& d) const {
        std::size_t h = 0;
        std::memcpy(&h, d.data(), sizeof h); // already uniform: any 8 bytes of it do
        return h;
    }
};

RowDigest digest(const json& row) {
    const std::string text = row.dump();
    const QByteArray sha = QCryptographicHash::hash(
        QByteArrayView(text.data(), qsizetype(text.size())), QCryptographicHash::Sha256);
    RowDigest out{};
    std::memcpy(out.data(), sha.constData(), out.size());
    return out;
}

} // namespace

BenchmarkImport readInferenceXRows(std::istream& in, const std::string& file,
                                   const BenchmarkContext& context, BenchmarkSink sink) {
    BenchmarkImport out;
    out.sink = std::move(sink);
    // Each distinct row's digest → the key (index) of its first row: 32 bytes and an index per
    // row, never the row.
    std::unordered_map<RowDigest, std::size_t, RowDigestHash> seen;
    json single = json::object(); // the one row of an agg_<name>.json
    FirstCharacter spy(in.rdbuf());
    std::istream spied(&spy);
    std::vector<Problem> refused = streamJsonRows(
        spied, kRows, "[{", kMaxBenchmarkRows, tooManyBenchmarkRows(),
        [&](const std::string& key, const json& v) {
            if (spy.first() == '{') {
                single[key] = v;
                return;
            }
            const std::string pointer = childPointer(std::string(), key);
            model::BenchmarkRecord record;
            std::optional<Problem> problem;
            if (v.is_object())
                if (const auto [it, fresh] = seen.emplace(
                        digest(v), std::size_t(std::strtoull(key.c_str(), nullptr, 10)));
                    !fresh)
                    problem = Problem{pointer,
                                      "the same row as " +
                                          childPointer(std::string(), std::to_string(it->second)) +
                                          "; imported once"};
            if (!problem)
                problem = readRow(v, pointer, "row " + key, file, context, record);
            out.add(std::move(record), std::move(problem));
        });
    if (!refused.empty()) {
        if (refused.front().place.empty())
            refused.front().message += ": an array of InferenceX rows, or one row object";
        out.refuse(std::move(refused));
        return out;
    }
    if (spy.first() == '{') {
        if (!single.contains("hw") && !single.contains("hardware") && !single.contains("model")) {
            out.refuse({{"", "expected InferenceX aggregate rows: an object with hw, model, "
                             "precision, tput_per_gpu, …, or an array of them; this object has "
                             "none of hw, hardware and model"}});
            return out;
        }
        model::BenchmarkRecord record;
        std::optional<Problem> problem =
            readRow(single, std::string(), "row 0", file, context, record);
        out.add(std::move(record), std::move(problem));
    }
    if (out.rows == 0)
        out.refuse({{"", "the array holds no rows; expected InferenceX aggregate rows"}});
    return out;
}

BenchmarkImport readInferenceXRows(std::string_view text, const std::string& file,
                                   const BenchmarkContext& context) {
    std::istringstream in{std::string(text)};
    return readInferenceXRows(in, file, context);
}

} // namespace crossgrade::data
