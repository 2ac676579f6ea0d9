#include "benchmark_mlperf.h"

#include "json_checks.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace crossgrade::data {

using nlohmann::json;

namespace {

const DocumentKind kSummary{"an MLPerf Inference summary.json", "MLPerf summary files", 3};

// A row's fields as the importer needs them, or the first problem with its place.
struct RowReader {
    const json& row;
    std::string pointer;
    std::optional<Problem> problem;

    const json* field(const char* name) {
        const auto it = row.find(name);
        return it == row.end() || it->is_null() ? nullptr : &*it;
    }
    std::string text(const char* name) {
        const json* v = field(name);
        if (!v || !v->is_string() || v->get<std::string>().empty()) {
            fail(name, v ? "expected text, found " + describe(*v) : "missing; expected text");
            return {};
        }
        return v->get<std::string>();
    }
    std::string optionalText(const char* name) {
        const json* v = field(name);
        return v && v->is_string() ? v->get<std::string>() : std::string();
    }
    std::optional<double> number(const char* name) {
        const json* v = field(name);
        if (!v)
            return std::nullopt;
        if (v->is_number() && std::isfinite(v->get<double>()))
            return v->get<double>();
        if (v->is_boolean())
            return v->get<bool>() ? 1.0 : 0.0;
        if (v->is_string()) { // MLPerf writes some counts as text
            try {
                std::size_t used = 0;
                const double d = std::stod(v->get<std::string>(), &used);
                if (used == v->get<std::string>().size() && std::isfinite(d))
                    return d;
            } catch (const std::exception&) {
            }
        }
        fail(name, "expected a number, found " + describe(*v));
        return std::nullopt;
    }
    void fail(const char* name, const std::string& message) {
        if (!problem)
            problem = Problem{childPointer(pointer, name), message};
    }
};

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
    if (const auto inferred = in.number("inferred"); inferred && *inferred != 0)
        return Problem{pointer + "/inferred", "inferred from another scenario, not measured"};
    if (const auto errors = in.number("errors"); errors && *errors > 0)
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
    const std::optional<double> total = in.number("total_accelerators");
    const std::optional<double> nodes = in.number("number_of_nodes");
    const std::optional<double> perNode = in.number("accelerators_per_node");
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
    return std::nullopt;
}

// "0", "1", …, "10" in numeric order (the parsed object sorts keys as text).
std::vector<std::string> rowKeys(const json& doc) {
    std::vector<std::string> keys;
    for (auto it = doc.begin(); it != doc.end(); ++it)
        keys.push_back(it.key());
    std::stable_sort(keys.begin(), keys.end(), [](const std::string& a, const std::string& b) {
        return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    return keys;
}

} // namespace

BenchmarkImport readMlperfSummary(std::string_view text, const std::string& file) {
    BenchmarkImport out;
    ParsedDocument parsed = parseDocument(text, kSummary);
    if (!parsed.ok()) {
        out.errors = std::move(parsed.errors);
        return out;
    }
    if (!parsed.doc.is_object()) {
        out.errors.push_back({"", "expected " + std::string(kSummary.noun) +
                                      ": an object of result rows keyed \"0\", \"1\", …; found " +
                                      describe(parsed.doc)});
        return out;
    }
    for (const std::string& key : rowKeys(parsed.doc)) {
        ++out.rows;
        model::BenchmarkRecord record;
        if (auto problem = readRow(key, parsed.doc.at(key), file, record))
            out.skipped.push_back(std::move(*problem));
        else
            out.records.push_back(std::move(record));
    }
    return out;
}

} // namespace crossgrade::data
