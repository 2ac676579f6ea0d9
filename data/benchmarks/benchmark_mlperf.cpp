#include "benchmark_mlperf.h"

#include "ascii_text.h"
#include "benchmark_json_row.h"
#include "json_checks.h"
#include "json_stream.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace crossgrade::data {

using nlohmann::json;

namespace {

const DocumentKind kSummary{"an MLPerf Inference summary.json", "MLPerf summary files", 3};

// Tokens per second, the only unit the model compares (MLPerf writes "Tokens/s").
bool isTokensPerSecond(std::string_view units) {
    return model::asciiLower(units) == "tokens/s";
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

// One member of the top-level object: its key and where its value lies in the stream.
struct TopLevelMember {
    std::string key;
    std::streamoff begin = 0; // the value's first byte
    std::streamoff end = 0;   // past its last byte (white space before ',' or '}' included)
};

// The members of the top-level object, told from the text alone (strings, escapes and nesting;
// no value is built): `member` gets each in file order and returns false to stop. Returns false
// when the scan stopped early or the text is not an object it can follow (a key it cannot
// decode, no '{' first); the stream reader, not this, says what is wrong with such a file.
bool scanMembers(std::istream& in, const std::function<bool(TopLevelMember&&)>& member) {
    const std::streamoff start = in.tellg();
    std::array<char, 64 * 1024> chunk{};
    int depth = 0;
    bool inString = false, escape = false, inKey = false, keyEscaped = false;
    bool expectKey = false, expectValue = false, haveMember = false;
    TopLevelMember current;
    std::streamoff at = start;
    while (in.read(chunk.data(), std::streamsize(chunk.size())) || in.gcount() > 0) {
        const std::streamsize n = in.gcount();
        for (std::streamsize i = 0; i < n; ++i, ++at) {
            const char c = chunk[std::size_t(i)];
            if (inString) {
                if (escape)
                    escape = false;
                else if (c == '\\') {
                    escape = true;
                    keyEscaped = keyEscaped || inKey;
                } else if (c == '"') {
                    inString = false;
                    if (inKey) {
                        inKey = false;
                        continue;
                    }
                }
                if (inKey)
                    current.key += c;
                continue;
            }
            const bool valueStarts = depth == 1 && expectValue && c != ' ' && c != '\t' &&
                                     c != '\r' && c != '\n' && c != ':';
            if (valueStarts) {
                current.begin = at;
                expectValue = false;
                haveMember = true;
            }
            switch (c) {
            case '"':
                inString = true;
                if (depth == 1 && expectKey) {
                    inKey = true;
                    expectKey = false;
                    keyEscaped = false;
                    current.key.clear();
                }
                break;
            case ':':
                if (depth == 1)
                    expectValue = true;
                break;
            case '{':
            case '[':
                if (depth == 0 && c != '{')
                    return false;
                if (++depth == 1)
                    expectKey = true;
                break;
            case '}':
            case ']':
            case ',':
                if (c != ',' && --depth > 0)
                    break;
                if (depth != 1 && c == ',')
                    break;
                if (haveMember) {
                    current.end = at;
                    if (keyEscaped) { // "\u0031" is the key "1": decoded as the reader does
                        try {
                            current.key =
                                nlohmann::json::parse('"' + current.key + '"').get<std::string>();
                        } catch (const nlohmann::json::exception&) {
                            return false;
                        }
                    }
                    haveMember = false;
                    if (!member(std::move(current)))
                        return false;
                    current = {};
                }
                if (depth == 0)
                    return true; // the object ends here
                expectKey = true;
                break;
            default:
                break;
            }
        }
    }
    return false; // the text ended inside the object
}

// Whether the object's keys come in numeric order, keeping only the last one; nothing when the
// scan cannot tell (see scanMembers).
std::optional<bool> keysInNumericOrder(std::istream& in) {
    std::string last;
    bool first = true, ordered = true;
    const bool scanned = scanMembers(in, [&](TopLevelMember&& m) {
        if (!first && numericKeyOrder(m.key, last)) {
            ordered = false;
            return false;
        }
        first = false;
        last = std::move(m.key);
        return true;
    });
    if (!ordered)
        return false;
    return scanned ? std::optional<bool>(true) : std::nullopt;
}

void addContext(std::vector<Problem>& errors) {
    if (!errors.empty() && errors.front().place.empty())
        errors.front().message += ": an object of result rows keyed \"0\", \"1\", …";
}

std::vector<Problem> streamRows(std::istream& in,
                                const std::function<void(const std::string&, const json&)>& row) {
    std::vector<Problem> errors =
        streamJsonRows(in, kSummary, "{", kMaxBenchmarkRows, tooManyBenchmarkRows(), row);
    addContext(errors);
    return errors;
}

// A stream that cannot be read twice: every row is held until the file is read, then filed in
// key order (the only case that keeps the file's records).
void readHeld(std::istream& in, const std::string& file, BenchmarkImport& out) {
    struct Row {
        std::string key;
        model::BenchmarkRecord record;
        std::optional<Problem> problem;
    };
    std::vector<Row> rows;
    out.errors = streamRows(in, [&](const std::string& key, const json& row) {
        Row r{key, {}, std::nullopt};
        r.problem = readRow(key, row, file, r.record);
        rows.push_back(std::move(r));
    });
    if (!out.ok())
        return;
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return numericKeyOrder(a.key, b.key); });
    for (Row& r : rows)
        out.add(std::move(r.record), std::move(r.problem));
}

// Shuffled keys: the file is checked whole (syntax, shape, row count) keeping nothing, then
// each row is read from its place, in key order. Only the keys and places are held.
void readShuffled(std::istream& in, std::streampos start, const std::string& file,
                  BenchmarkImport& out) {
    out.errors = streamRows(in, [](const std::string&, const json&) {});
    if (!out.ok())
        return;
    in.clear();
    in.seekg(start);
    std::vector<TopLevelMember> members;
    if (!scanMembers(in, [&](TopLevelMember&& m) {
            members.push_back(std::move(m));
            return true;
        })) {
        in.clear();
        in.seekg(start);
        return readHeld(in, file, out);
    }
    std::stable_sort(members.begin(), members.end(),
                     [](const TopLevelMember& a, const TopLevelMember& b) {
                         return numericKeyOrder(a.key, b.key);
                     });
    std::string text;
    for (const TopLevelMember& m : members) {
        in.clear();
        in.seekg(m.begin);
        text.resize(std::size_t(m.end - m.begin));
        in.read(text.data(), std::streamsize(text.size()));
        json row;
        try {
            if (std::size_t(in.gcount()) != text.size())
                throw std::runtime_error("short read");
            row = json::parse(text);
        } catch (const std::exception&) {
            out.refuse({{"", "the file changed while it was being read; read it again"}});
            return;
        }
        model::BenchmarkRecord record;
        std::optional<Problem> problem = readRow(m.key, row, file, record);
        out.add(std::move(record), std::move(problem));
    }
}

} // namespace

BenchmarkImport readMlperfSummary(std::istream& in, const std::string& file, BenchmarkSink sink) {
    BenchmarkImport out;
    out.sink = std::move(sink);
    const std::streampos start = in.tellg();
    if (start == std::streampos(-1)) {
        readHeld(in, file, out);
        return out;
    }
    const std::optional<bool> ordered = keysInNumericOrder(in);
    in.clear();
    in.seekg(start);
    if (ordered == false) {
        readShuffled(in, start, file, out);
        if (!out.ok()) {
            std::vector<Problem> errors = std::move(out.errors);
            out.refuse(std::move(errors));
        }
        return out;
    }
    // Keys in numeric order (or a file the scan could not follow, which the reader refuses):
    // each row is filed as it is read.
    std::vector<Problem> errors = streamRows(in, [&](const std::string& key, const json& row) {
        model::BenchmarkRecord record;
        std::optional<Problem> problem = readRow(key, row, file, record);
        out.add(std::move(record), std::move(problem));
    });
    if (!errors.empty())
        out.refuse(std::move(errors));
    return out;
}
BenchmarkImport readMlperfSummary(std::string_view text, const std::string& file) {
    std::istringstream in{std::string(text)};
    return readMlperfSummary(in, file);
}

} // namespace crossgrade::data
