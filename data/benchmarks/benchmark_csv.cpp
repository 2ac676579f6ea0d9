#include "benchmark_csv.h"

#include "ascii_text.h"
#include "csv_writer.h"
#include "path_bytes.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <csv.h>
#include <exception>
#include <filesystem>
#include <optional>
#include <sstream>
#include <type_traits>
#include <variant>

namespace crossgrade::data {

namespace {

using model::BenchmarkRecord;

// Where a column's value goes in the record; the member's type says how the field is read.
using FieldPointer =
    std::variant<std::string BenchmarkRecord::*, int BenchmarkRecord::*,
                 std::optional<int> BenchmarkRecord::*, std::optional<double> BenchmarkRecord::*,
                 std::vector<std::string> BenchmarkRecord::*>;

struct Column {
    std::string_view name;
    FieldPointer member;
    std::string_view unit; // for messages and docs/formats/benchmark-csv.md; empty for text
    bool required = false; // the header must have it and a row's field may not be empty
    bool throughput = false;
};

using R = BenchmarkRecord;
constexpr std::array<Column, 30> kColumns{{
    {"source", &R::source, "", false, false},
    {"source_ref", &R::source_ref, "", false, false},
    {"date", &R::date, "", false, false},
    {"round", &R::round, "", false, false},
    {"hardware", &R::hardware, "", true, false},
    {"sku", &R::sku, "", false, false},
    {"software_stack", &R::software_stack, "", false, false},
    {"image", &R::image, "", false, false},
    {"model", &R::model, "", true, false},
    {"precision", &R::precision, "", true, false},
    {"scenario", &R::scenario, "", true, false},
    {"isl", &R::isl, "tokens", false, false},
    {"osl", &R::osl, "tokens", false, false},
    {"concurrency", &R::concurrency, "requests", false, false},
    {"gpus", &R::gpus, "GPUs", true, false},
    {"nodes", &R::nodes, "nodes", false, false},
    {"prefill_gpus", &R::prefill_gpus, "GPUs", false, false},
    {"decode_gpus", &R::decode_gpus, "GPUs", false, false},
    {"total_tokens_per_s_per_gpu", &R::total_tokens_per_s_per_gpu, "tokens/s per GPU", false, true},
    {"output_tokens_per_s_per_gpu", &R::output_tokens_per_s_per_gpu, "tokens/s per GPU", false,
     true},
    {"input_tokens_per_s_per_gpu", &R::input_tokens_per_s_per_gpu, "tokens/s per GPU", false, true},
    {"ttft_median_s", &R::ttft_median_s, "s", false, false},
    {"ttft_p99_s", &R::ttft_p99_s, "s", false, false},
    {"tpot_median_s", &R::tpot_median_s, "s", false, false},
    {"e2e_median_s", &R::e2e_median_s, "s", false, false},
    {"interactivity", &R::interactivity, "tokens/s per user", false, false},
    {"power_w", &R::power_w, "W", false, false},
    {"joules_per_token", &R::joules_per_token, "J/token", false, false},
    {"accuracy_note", &R::accuracy_note, "", false, false},
    {"flags", &R::flags, "", false, false},
}};

constexpr int columnIndex(std::string_view name) {
    for (std::size_t i = 0; i < kColumns.size(); ++i)
        if (kColumns[i].name == name)
            return int(i);
    return -1;
}

constexpr int kHardware = columnIndex("hardware");
constexpr int kSku = columnIndex("sku");
constexpr int kDecodeGpus = columnIndex("decode_gpus");
constexpr int kTotal = columnIndex("total_tokens_per_s_per_gpu");
constexpr int kOutput = columnIndex("output_tokens_per_s_per_gpu");
static_assert(kHardware >= 0 && kSku >= 0 && kDecodeGpus >= 0 && kTotal >= 0 && kOutput >= 0);

// Crossgrade's own flags are recognised whole: one of them has "; " in its words.
constexpr std::array<std::string_view, 4> kKnownFlags{
    model::kFlagPre2026AmdImage, model::kFlagUndatedAmdImage, model::kFlagPowerInvalid,
    model::kFlagFailedRequests};

constexpr std::size_t kChunkBytes = 64 * 1024;
// Above this a count is a typo, not a cluster (and would not fit an int).
constexpr double kMaxCount = 1e9;
// GPUs of one run, as the JSON readers and `--gpus` bound them (docs/limits.md).
constexpr double kMaxGpus = 1'000'000;

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

std::string_view trimBlanks(std::string_view s) {
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string place(std::size_t row, std::size_t column) {
    return std::to_string(row) + ':' + std::to_string(column);
}

std::string mebibytes(std::uintmax_t bytes) {
    return std::to_string(bytes / (1024 * 1024)) + " MiB";
}

// A field as a message quotes it: short, on one line.
std::string shown(std::string_view text) {
    constexpr std::size_t kShown = 40;
    std::string out = "'";
    for (const char c : text.substr(0, kShown))
        out += c == '\n' || c == '\r' ? ' ' : c;
    return out + (text.size() > kShown ? "…'" : "'");
}

std::optional<double> parseNumber(std::string_view text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// Items separated by ';', each trimmed, empty ones dropped.
std::vector<std::string> splitItems(std::string_view text) {
    std::vector<std::string> out;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find(';'), text.size());
        const std::string_view item = trimBlanks(text.substr(0, end));
        if (!item.empty())
            out.emplace_back(item);
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return out;
}

// Items separated by ';', each trimmed, empty ones dropped; one of Crossgrade's own flags has a
// ';' in its words, so items that spell it are joined back into it however the ';' was spaced
// (" ;", ";;"). Reading what the writer wrote then gives the same flags.
std::vector<std::string> splitFlags(std::string_view text) {
    std::vector<std::string> items = splitItems(text);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        bool joined = false;
        for (const std::string_view flag : kKnownFlags) {
            const std::vector<std::string> parts = splitItems(flag);
            if (parts.size() < 2 || i + parts.size() > items.size() ||
                !std::equal(parts.begin(), parts.end(), items.begin() + std::ptrdiff_t(i)))
                continue;
            out.emplace_back(flag);
            i += parts.size() - 1;
            joined = true;
            break;
        }
        if (!joined)
            out.push_back(std::move(items[i]));
    }
    return out;
}

// Reads a CSV fed to it by libcsv: the header first, then one row at a time into a record.
class CsvReader {
public:
    CsvReader(const std::string& file, BenchmarkSink sink)
        : m_file(file) {
        m_fieldOf.fill(-1);
        m_out.sink = std::move(sink);
    }

    BenchmarkImport read(std::istream& in);

private:
    static void onField(void* data, std::size_t size, void* self) {
        static_cast<CsvReader*>(self)->guarded([&](CsvReader& r) {
            r.field(std::string_view(static_cast<const char*>(data), data ? size : 0));
        });
    }
    static void onRow(int, void* self) {
        static_cast<CsvReader*>(self)->guarded([](CsvReader& r) { r.endRow(); });
    }

    // libcsv is C: nothing may be thrown through it.
    template <typename F> void guarded(F&& f) {
        if (m_refused)
            return;
        try {
            f(*this);
        } catch (const std::exception& e) {
            refuse(std::string(), std::string("could not read the file: ") + e.what());
        } catch (...) {
            refuse(std::string(), "could not read the file");
        }
    }

    void refuse(std::string where, std::string message) {
        if (m_refused)
            return;
        m_refused = true;
        m_out.errors.push_back(Problem{std::move(where), std::move(message)});
    }

    void field(std::string_view text);
    void headerField(std::size_t column, std::string_view text);
    void endHeader();
    void endRow();
    std::optional<Problem> readRow(BenchmarkRecord& r) const;
    std::optional<Problem> readField(const Column& column, std::string_view text,
                                     std::size_t fieldColumn, BenchmarkRecord& r) const;
    std::size_t columnOf(int index) const { return std::size_t(m_fieldOf[std::size_t(index)]) + 1; }

    const std::string& m_file;
    BenchmarkImport m_out;
    bool m_refused = false;
    bool m_inHeader = true;
    std::size_t m_row = 1;                        // the CSV row being read, the header being row 1
    std::size_t m_fields = 0;                     // fields of that row so far
    std::vector<int> m_columnAt;                  // field position → kColumns index
    std::array<int, kColumns.size()> m_fieldOf{}; // kColumns index → field position, or -1
    std::vector<std::string> m_values;            // this row's fields, as many as the header's
};

void CsvReader::field(std::string_view text) {
    const std::size_t column = ++m_fields;
    if (text.size() > kMaxBenchmarkCsvFieldBytes)
        return refuse(place(m_row, column), "a field longer than " +
                                                mebibytes(kMaxBenchmarkCsvFieldBytes) +
                                                ": not a benchmark CSV");
    if (!isWellFormedUtf8(text))
        return refuse(place(m_row, column),
                      "text that is not UTF-8: save the file as CSV with UTF-8 encoding");
    if (m_inHeader)
        return headerField(column, text);
    if (column <= m_values.size())
        m_values[column - 1].assign(text);
}

void CsvReader::headerField(std::size_t column, std::string_view text) {
    const std::string name = model::asciiLower(trimBlanks(text));
    if (name.empty())
        return refuse(place(1, column), "a column with no name in the header");
    const int index = columnIndex(name);
    if (index < 0) {
        std::string message = "unknown column " + shown(trimBlanks(text));
        message += name.find(';') != std::string::npos
                       ? ": the fields seem to be separated by ';'; save the file with ','"
                       : ": the columns are named in docs/formats/benchmark-csv.md";
        return refuse(place(1, column), message);
    }
    if (m_fieldOf[std::size_t(index)] >= 0)
        return refuse(place(1, column), "column '" + name + "' appears twice (first at " +
                                            place(1, columnOf(index)) + ")");
    m_fieldOf[std::size_t(index)] = int(column - 1);
    m_columnAt.push_back(index);
}

void CsvReader::endHeader() {
    const std::string end = place(1, m_columnAt.size() + 1);
    for (std::size_t i = 0; i < kColumns.size(); ++i)
        if (kColumns[i].required && m_fieldOf[i] < 0)
            return refuse(end, "the header has no '" + std::string(kColumns[i].name) +
                                   "' column; hardware, model, precision, scenario, gpus and a "
                                   "throughput column are required");
    if (m_fieldOf[std::size_t(kTotal)] < 0 && m_fieldOf[std::size_t(kOutput)] < 0)
        return refuse(end, "the header has no throughput column: total_tokens_per_s_per_gpu or "
                           "output_tokens_per_s_per_gpu (or both) is required");
    m_values.assign(m_columnAt.size(), std::string());
    m_inHeader = false;
}

void CsvReader::endRow() {
    if (m_inHeader)
        endHeader();
    else {
        // m_row counts the header: row kMaxBenchmarkRows + 2 is the first one too many.
        if (m_row > kMaxBenchmarkRows + 1)
            return refuse(place(m_row, 1), tooManyBenchmarkRows());
        BenchmarkRecord r;
        std::optional<Problem> problem = readRow(r);
        m_out.add(std::move(r), std::move(problem));
    }
    ++m_row;
    m_fields = 0;
}

std::optional<Problem> CsvReader::readRow(BenchmarkRecord& r) const {
    if (m_fields != m_values.size())
        return Problem{place(m_row, std::min(m_fields, m_values.size()) + 1),
                       std::to_string(m_fields) + (m_fields == 1 ? " field" : " fields") +
                           ", but the header has " + std::to_string(m_values.size())};
    if (std::all_of(m_values.begin(), m_values.end(),
                    [](const std::string& v) { return trimBlanks(v).empty(); }))
        return Problem{place(m_row, 1), "an empty row"};
    for (std::size_t k = 0; k < m_values.size(); ++k)
        if (auto problem = readField(kColumns[std::size_t(m_columnAt[k])], m_values[k], k + 1, r))
            return problem;

    const std::optional<std::string> sku = model::skuForHardware(r.hardware);
    if (!sku)
        return Problem{place(m_row, columnOf(kHardware)),
                       "hardware " + shown(r.hardware) +
                           " is not in the mapping table (docs/benchmarks.md); not guessed"};
    if (!r.sku.empty() && model::asciiLower(r.sku) != model::asciiLower(*sku))
        return Problem{place(m_row, columnOf(kSku)), "sku " + shown(r.sku) + " disagrees with " +
                                                         "hardware " + shown(r.hardware) +
                                                         ", which is " + *sku};
    r.sku = *sku;
    if (!r.total_tokens_per_s_per_gpu && !r.output_tokens_per_s_per_gpu)
        return Problem{
            place(m_row, columnOf(m_fieldOf[std::size_t(kTotal)] >= 0 ? kTotal : kOutput)),
            "no throughput: total_tokens_per_s_per_gpu or output_tokens_per_s_per_gpu "
            "must be given, above zero"};
    if (r.prefill_gpus && r.decode_gpus && *r.prefill_gpus + *r.decode_gpus != r.gpus)
        return Problem{place(m_row, columnOf(kDecodeGpus)),
                       "prefill_gpus + decode_gpus is " +
                           std::to_string(*r.prefill_gpus + *r.decode_gpus) + ", but gpus is " +
                           std::to_string(r.gpus)};
    if (r.source.empty())
        r.source = "csv";
    // Without a reference of its own, the row of this file (by name: see benchmark_inferencex).
    if (r.source_ref.empty())
        r.source_ref =
            std::filesystem::path(m_file).filename().string() + " row " + std::to_string(m_row);
    r.file = m_file;
    return std::nullopt;
}

std::optional<Problem> CsvReader::readField(const Column& column, std::string_view text,
                                            std::size_t fieldColumn, BenchmarkRecord& r) const {
    // Built only for a problem: most fields have none.
    const auto fail = [&](std::string message) {
        return Problem{place(m_row, fieldColumn), std::move(message)};
    };
    const std::string_view value = trimBlanks(text);
    if (value.empty() && column.required)
        return fail(std::string(column.name) + " is empty; it is required");

    // A count: a whole number of GPUs, tokens, requests, at least 1.
    const auto count = [&](std::optional<int>& out) -> std::optional<Problem> {
        if (value.empty())
            return std::nullopt;
        const std::optional<double> n = parseNumber(value);
        if (!n || !(*n >= 1) || *n > kMaxCount || *n != std::floor(*n))
            return fail("expected a whole number ≥ 1 (" + std::string(column.unit) + "), found " +
                        shown(value));
        if (column.unit == "GPUs" && *n > kMaxGpus)
            return fail("expected at most 1000000 GPUs (more than any deployment has), found " +
                        shown(value));
        out = int(*n);
        return std::nullopt;
    };
    const auto visitor = [&](auto member) -> std::optional<Problem> {
        using T = std::remove_reference_t<decltype(r.*member)>;
        if constexpr (std::is_same_v<T, std::string>) {
            if (text.size() > kMaxBenchmarkTextBytes)
                return fail("expected at most " + std::to_string(kMaxBenchmarkTextBytes) +
                            " bytes of text, found " + std::to_string(text.size()));
            r.*member = text;
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
            r.*member = splitFlags(text);
        } else if constexpr (std::is_same_v<T, int>) {
            std::optional<int> n;
            if (auto problem = count(n))
                return problem;
            if (n)
                r.*member = *n;
        } else if constexpr (std::is_same_v<T, std::optional<int>>) {
            return count(r.*member);
        } else {
            static_assert(std::is_same_v<T, std::optional<double>>);
            if (value.empty())
                return std::nullopt;
            const std::optional<double> n = parseNumber(value);
            if (!n)
                return fail("expected a number (" + std::string(column.unit) + "), found " +
                            shown(value));
            if (!std::isfinite(*n))
                return fail("expected a finite number (" + std::string(column.unit) + "), found " +
                            shown(value));
            if (*n < 0)
                return fail("a negative " + std::string(column.name) + ": " + shown(value));
            if (column.throughput && !(*n > 0))
                return fail("a throughput must be above zero, found " + shown(value));
            r.*member = *n;
        }
        return std::nullopt;
    };
    return std::visit(visitor, column.member);
}

BenchmarkImport CsvReader::read(std::istream& in) {
    csv_parser parser;
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI) != 0) {
        refuse(std::string(), "could not start the CSV parser");
        return std::move(m_out);
    }
    std::vector<char> chunk(kChunkBytes);
    std::uintmax_t total = 0;
    bool first = true;
    while (!m_refused && in) {
        in.read(chunk.data(), std::streamsize(chunk.size()));
        std::size_t size = std::size_t(in.gcount());
        if (size == 0)
            break;
        total += size;
        if (total > kMaxBenchmarkFileBytes) {
            refuse(std::string(), "larger than " + mebibytes(kMaxBenchmarkFileBytes) +
                                      ", the limit for a benchmark file");
            break;
        }
        const char* data = chunk.data();
        if (first && size >= 3 && std::string_view(data, 3) == "\xEF\xBB\xBF") {
            data += 3; // a UTF-8 byte order mark, as spreadsheets write
            size -= 3;
        }
        first = false;
        if (csv_parse(&parser, data, size, onField, onRow, this) != size && !m_refused) {
            const int error = csv_error(&parser);
            refuse(place(m_row, m_fields + 1),
                   error == CSV_EPARSE
                       ? "not CSV: a '\"' inside a field that is not quoted, or text after a "
                         "field's closing quote (a field with '\"' in it is quoted and the '\"' "
                         "doubled)"
                       : std::string("not read: ") + csv_strerror(error));
        }
        if (parser.entry_pos > kMaxBenchmarkCsvFieldBytes)
            refuse(place(m_row, m_fields + 1), "a field longer than " +
                                                   mebibytes(kMaxBenchmarkCsvFieldBytes) +
                                                   ": not a benchmark CSV (a quote not closed?)");
    }
    if (in.bad())
        refuse(std::string(), "could not read the file");
    if (!m_refused &&
        (csv_fini(&parser, onField, onRow, this) != 0 || csv_error(&parser) != CSV_SUCCESS) &&
        !m_refused)
        refuse(place(m_row, m_fields + 1), "a quoted field is not closed: the file ends inside it");
    csv_free(&parser);
    if (!m_refused && m_inHeader)
        refuse("1:1", "the file is empty: expected a header row naming the columns");
    if (m_refused) {
        m_out.records.clear();
        m_out.skipped.clear();
        m_out.rows = 0;
        m_out.accepted = 0;
    }
    return std::move(m_out);
}

template <typename T> void appendNumber(std::string& line, T value) {
    std::array<char, 64> buffer{};
    // Shortest form that reads back to the same value.
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    line.append(buffer.data(), end);
}

void appendFlags(std::string& line, const std::vector<std::string>& flags) {
    std::string joined;
    for (const std::string& flag : flags) {
        if (!joined.empty())
            joined += "; ";
        if (std::find(kKnownFlags.begin(), kKnownFlags.end(), flag) != kKnownFlags.end())
            joined += flag;
        else
            for (const char c : flag)
                joined += c == ';' ? ',' : c;
    }
    appendCsvField(line, joined);
}

} // namespace

const std::vector<std::string_view>& benchmarkCsvColumns() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        for (const Column& c : kColumns)
            out.push_back(c.name);
        return out;
    }();
    return names;
}

BenchmarkImport readBenchmarkCsv(std::istream& in, const std::string& file, BenchmarkSink sink) {
    return CsvReader(file, std::move(sink)).read(in);
}

BenchmarkImport readBenchmarkCsv(std::string_view text, const std::string& file) {
    std::istringstream in{std::string(text)};
    return readBenchmarkCsv(in, file);
}

void writeBenchmarkCsvHeader(std::ostream& out) {
    std::string line;
    for (const Column& c : kColumns) {
        if (!line.empty())
            line += ',';
        line += c.name;
    }
    line += '\n';
    out << line;
}

void writeBenchmarkCsvRow(std::ostream& out, const model::BenchmarkRecord& r) {
    std::string line;
    for (const Column& c : kColumns) {
        if (&c != &kColumns.front())
            line += ',';
        std::visit(
            [&](auto member) {
                using T = std::remove_cvref_t<decltype(r.*member)>;
                if constexpr (std::is_same_v<T, std::string>)
                    appendCsvField(line, r.*member);
                else if constexpr (std::is_same_v<T, std::vector<std::string>>)
                    appendFlags(line, r.*member);
                else if constexpr (std::is_same_v<T, int>)
                    appendNumber(line, r.*member);
                else if ((r.*member).has_value())
                    appendNumber(line, *(r.*member));
            },
            c.member);
    }
    line += '\n';
    out << line;
}

void writeBenchmarkCsv(std::ostream& out, const std::vector<model::BenchmarkRecord>& records) {
    writeBenchmarkCsvHeader(out);
    for (const model::BenchmarkRecord& r : records)
        writeBenchmarkCsvRow(out, r);
}

} // namespace crossgrade::data
