#include "benchmark_mlperf.h"

#include "benchmark_json_row.h"
#include "json_checks.h"
#include "json_stream.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace crossgrade::data {

using nlohmann::json;

namespace {

const DocumentKind kSummary{"an MLPerf Inference summary.json", "MLPerf summary files", 3};

// Tokens per second, the only unit the model compares (MLPerf writes "Tokens/s").
bool isTokensPerSecond(std::string units) {
    std::transform(units.begin(), units.end(), units.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return units == "tokens/s";
}

std::optional<Problem> readRow(const std::string& key, const json& row, const std::string& file,
                               model::BenchmarkRecord& r) {
    const std::string pointer = childPointer(std::string(), key);
    if (!row.is_object())
        return Problem{pointer, "expected a result row (an object), found " + describe(row)};
    RowReader in{row, pointer, std::nullopt};
    // Flags, written 0/1 or as booleans depending on the round.
    if (const auto inferred = in.flag("inferred"); inferred && *inferred)
        return Problem{pointer + "/inferred", "inferred from another scenario, not measured"};
    const nlohmann::json* errorsField = in.field("errors");
    if (const auto errors = errorsField && errorsField->is_boolean()
                                ? std::optional<double>(errorsField->get<bool>() ? 1 : 0)
                                : in.numberOrDigits("errors");
        errors && *errors > 0)
        return Problem{pointer + "/errors", "the submission checker reported errors"};

    r.hardware = in.text("accelerator_model_name");
    r.model = in.text("Model");
    r.scenario = in.text("Scenario");
    const std::string units = in.text("Units");
    const std::optional<double> result = in.number("Result");
    if (!result)
        in.fail("Result", "missing; expected the result (a number)");
    if (in.problem)
        return in.problem;
    if (!isTokensPerSecond(units))
        return Problem{pointer + "/Units", "units '" + units +
                                               "': only token throughput (Tokens/s) is "
                                               "compared; samples, queries, latency and power "
                                               "rows are not imported"};
    if (!(*result > 0))
        return Problem{pointer + "/Result",
                       "a throughput must be above zero, found " + describe(row.at("Result"))};

    const std::optional<std::string> sku = model::skuForHardware(r.hardware);
    if (!sku)
        return Problem{pointer + "/accelerator_model_name",
                       "hardware '" + r.hardware +
                           "' is not in the mapping table (docs/benchmarks.md); not guessed"};
    r.sku = *sku;

    // Per accelerator: total_accelerators, or nodes × accelerators per node in older rounds.
    // MLPerf's system descriptions write these counts as text ("8").
    const std::optional<double> total = in.numberOrDigits("total_accelerators");
    const std::optional<double> nodes = in.numberOrDigits("number_of_nodes");
    const std::optional<double> perNode = in.numberOrDigits("accelerators_per_node");
    if (in.problem)
        return in.problem;
    const double gpus = total ? *total : nodes && perNode ? *nodes * *perNode : 0;
    if (!(gpus >= 1) || gpus != std::floor(gpus) || gpus > 1e6)
        return Problem{pointer + "/total_accelerators",
                       "expected the number of accelerators (a whole number ≥ 1), or "
                       "number_of_nodes and accelerators_per_node"};
    r.gpus = int(gpus);
    r.nodes = nodes && *nodes >= 1 ? int(*nodes) : 1;

    r.source = "mlperf-inference";
    r.file = file;
    r.round = in.optionalText("version");
    const std::string organisation = in.optionalText("Organization");
    const std::string system = in.optionalText("SystemName");
    r.source_ref = "row " + key;
    if (!organisation.empty() || !system.empty())
        r.source_ref += " (" + organisation + (organisation.empty() || system.empty() ? "" : ", ") +
                        system + ")";
    r.software_stack = in.optionalText("framework");
    r.precision = in.optionalText("weight_data_types");
    r.accuracy_note = in.optionalText("Accuracy");
    // MLPerf's LLM benchmarks count generated tokens only: output, never total throughput.
    r.output_tokens_per_s_per_gpu = *result / gpus;
    return in.problem; // a text over kMaxBenchmarkTextBytes
}

// "0", "1", …, "10" in numeric order; keys that are not numbers after, as text.
bool numericKeyOrder(const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
}

} // namespace

BenchmarkImport readMlperfSummary(std::istream& in, const std::string& file) {
    BenchmarkImport out;
    // Rows come in file order; they are filed in numeric key order once all are read.
    struct Row {
        std::string key;
        model::BenchmarkRecord record;
        std::optional<Problem> problem;
    };
    std::vector<Row> rows;
    out.errors = streamJsonRows(in, kSummary, "{", kMaxBenchmarkRows, tooManyBenchmarkRows(),
                                [&](const std::string& key, const json& row) {
                                    Row r{key, {}, std::nullopt};
                                    r.problem = readRow(key, row, file, r.record);
                                    rows.push_back(std::move(r));
                                });
    if (!out.errors.empty()) {
        if (out.errors.front().place.empty())
            out.errors.front().message += ": an object of result rows keyed \"0\", \"1\", …";
        return out;
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return numericKeyOrder(a.key, b.key); });
    for (Row& r : rows)
        out.add(std::move(r.record), std::move(r.problem));
    return out;
}

BenchmarkImport readMlperfSummary(std::string_view text, const std::string& file) {
    std::istringstream in{std::string(text)};
    return readMlperfSummary(in, file);
}

} // namespace crossgrade::data
