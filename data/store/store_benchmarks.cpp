#include "store_benchmarks.h"

#include "ascii_text.h"
#include "sql_dialect.h"

#include <QSqlQuery>
#include <QStringList>
#include <QVariant>
#include <algorithm>
#include <cctype>
#include <sstream>

namespace crossgrade::data::store_detail {

namespace dialect = sql_dialect;

namespace {

const QStringList& columns() {
    static const QStringList names{
        QStringLiteral("dedupe_key"),
        QStringLiteral("source"),
        QStringLiteral("file"),
        QStringLiteral("source_ref"),
        QStringLiteral("run_date"),
        QStringLiteral("round"),
        QStringLiteral("hardware"),
        QStringLiteral("sku"),
        QStringLiteral("software_stack"),
        QStringLiteral("image"),
        QStringLiteral("model"),
        QStringLiteral("precision_name"),
        QStringLiteral("scenario"),
        QStringLiteral("isl"),
        QStringLiteral("osl"),
        QStringLiteral("concurrency"),
        QStringLiteral("gpus"),
        QStringLiteral("nodes"),
        QStringLiteral("prefill_gpus"),
        QStringLiteral("decode_gpus"),
        QStringLiteral("total_tps"),
        QStringLiteral("output_tps"),
        QStringLiteral("input_tps"),
        QStringLiteral("ttft_median_s"),
        QStringLiteral("ttft_p99_s"),
        QStringLiteral("tpot_median_s"),
        QStringLiteral("e2e_median_s"),
        QStringLiteral("interactivity"),
        QStringLiteral("power_w"),
        QStringLiteral("joules_per_token"),
        QStringLiteral("accuracy_note"),
        QStringLiteral("flags"),
        QStringLiteral("imported_at"),
    };
    return names;
}

QVariant sqlNullableReal(const std::optional<double>& value) {
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<double>());
}
std::optional<double> nullableRealOf(const QVariant& value) {
    if (value.isNull())
        return std::nullopt;
    return value.toDouble();
}

// Flags are stored one per line (a flag is one line of text).
std::string joinFlags(const std::vector<std::string>& flags) {
    std::string out;
    for (const std::string& f : flags)
        out += (out.empty() ? "" : "\n") + f;
    return out;
}
std::vector<std::string> splitFlags(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            out.push_back(line);
    return out;
}

// Binds `values` to the placeholders `names`, in order.
void bindNamed(QSqlQuery& query, const QStringList& names, std::initializer_list<QVariant> values) {
    qsizetype i = 0;
    for (const QVariant& value : values)
        query.bindValue(names[i++], value);
}

std::string optionalKey(const std::optional<int>& v) {
    return v ? std::to_string(*v) : std::string("-");
}

std::string upper(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    return text;
}

} // namespace

std::string benchmarkDedupeKey(const model::BenchmarkRecord& r) {
    const char sep = '\x1f';
    std::string key;
    for (const std::string& part :
         {r.source, r.round, r.source_ref, r.sku, r.model, r.precision, optionalKey(r.isl),
          optionalKey(r.osl), optionalKey(r.concurrency), r.date}) {
        key += part;
        key += sep;
    }
    return key;
}

namespace {
constexpr std::string_view kStoring = "store benchmark results";
} // namespace

BenchmarkInserter::BenchmarkInserter(const Connection& connection)
    : m_connection(connection)
    , m_insert(connection.prepare(
          dialect::insertSkippingDuplicates(QStringLiteral("benchmarks"), columns()), kStoring))
    ,
    // One time for the whole import, so every row of it says the same.
    m_now(connection.scalar(QStringLiteral("SELECT ") + dialect::currentUtcTimestamp(), kStoring)
              .toString()) {
    for (const QString& column : columns())
        m_names << QLatin1Char(':') + column;
}

void BenchmarkInserter::insert(const model::BenchmarkRecord& r) {
    bindNamed(m_insert, m_names,
              {sqlText(benchmarkDedupeKey(r)),
               sqlText(r.source),
               sqlText(r.file),
               sqlText(r.source_ref),
               sqlText(r.date),
               sqlText(r.round),
               sqlText(r.hardware),
               sqlText(r.sku),
               sqlText(r.software_stack),
               sqlText(r.image),
               sqlText(r.model),
               sqlText(r.precision),
               sqlText(r.scenario),
               sqlNullableInt(r.isl),
               sqlNullableInt(r.osl),
               sqlNullableInt(r.concurrency),
               QVariant(r.gpus),
               QVariant(r.nodes),
               sqlNullableInt(r.prefill_gpus),
               sqlNullableInt(r.decode_gpus),
               sqlNullableReal(r.total_tokens_per_s_per_gpu),
               sqlNullableReal(r.output_tokens_per_s_per_gpu),
               sqlNullableReal(r.input_tokens_per_s_per_gpu),
               sqlNullableReal(r.ttft_median_s),
               sqlNullableReal(r.ttft_p99_s),
               sqlNullableReal(r.tpot_median_s),
               sqlNullableReal(r.e2e_median_s),
               sqlNullableReal(r.interactivity),
               sqlNullableReal(r.power_w),
               sqlNullableReal(r.joules_per_token),
               sqlText(r.accuracy_note),
               sqlText(joinFlags(r.flags)),
               QVariant(m_now)});
    m_connection.exec(m_insert, kStoring);
    if (m_insert.numRowsAffected() > 0)
        ++m_added.added;
    else
        ++m_added.duplicates;
}

BenchmarksAdded insertBenchmarks(const Connection& connection,
                                 const std::vector<model::BenchmarkRecord>& records) {
    BenchmarkInserter inserter(connection);
    for (const model::BenchmarkRecord& r : records)
        inserter.insert(r);
    return inserter.added();
}

void visitBenchmarks(const Connection& connection, const BenchmarkFilter& filter,
                     const std::function<void(const StoredBenchmark&)>& visit) {
    const std::string_view doing = "read benchmark results";
    QString sql = QStringLiteral("SELECT id, ") + columns().mid(1).join(QStringLiteral(", ")) +
                  QStringLiteral(" FROM benchmarks");
    if (!filter.sku.empty())
        sql += QStringLiteral(" WHERE sku = ?");
    sql += QStringLiteral(" ORDER BY sku, model, scenario, isl, osl, concurrency, id");
    QSqlQuery query = connection.prepare(sql, doing);
    // Read once, front to back: without this Qt keeps every row read for going back, a
    // million-row listing's worth (issue 20). Set before exec, which is when it counts.
    query.setForwardOnly(true);
    if (!filter.sku.empty())
        bind(query, {sqlText(upper(filter.sku))});
    connection.exec(query, doing);
    const std::string modelPart = model::asciiLower(filter.model);
    StoredBenchmark row; // one at a time: a million rows are never all in memory
    while (connection.next(query, doing)) {
        row = StoredBenchmark{};
        row.id = query.value(0).toLongLong();
        model::BenchmarkRecord& r = row.record;
        int c = 1;
        auto text = [&] {
            return textOf(query.value(c++));
        };
        auto integer = [&] {
            return nullableIntOf(query.value(c++));
        };
        auto real = [&] {
            return nullableRealOf(query.value(c++));
        };
        r.source = text();
        r.file = text();
        r.source_ref = text();
        r.date = text();
        r.round = text();
        r.hardware = text();
        r.sku = text();
        r.software_stack = text();
        r.image = text();
        r.model = text();
        r.precision = text();
        r.scenario = text();
        r.isl = integer();
        r.osl = integer();
        r.concurrency = integer();
        r.gpus = integer().value_or(0);
        r.nodes = integer().value_or(1);
        r.prefill_gpus = integer();
        r.decode_gpus = integer();
        r.total_tokens_per_s_per_gpu = real();
        r.output_tokens_per_s_per_gpu = real();
        r.input_tokens_per_s_per_gpu = real();
        r.ttft_median_s = real();
        r.ttft_p99_s = real();
        r.tpot_median_s = real();
        r.e2e_median_s = real();
        r.interactivity = real();
        r.power_w = real();
        r.joules_per_token = real();
        r.accuracy_note = text();
        r.flags = splitFlags(text());
        row.imported_at = text();
        if (!modelPart.empty() && model::asciiLower(r.model).find(modelPart) == std::string::npos)
            continue;
        visit(row);
    }
}

std::vector<StoredBenchmark> readBenchmarks(const Connection& connection,
                                            const BenchmarkFilter& filter) {
    std::vector<StoredBenchmark> rows;
    visitBenchmarks(connection, filter,
                    [&rows](const StoredBenchmark& row) { rows.push_back(row); });
    return rows;
}

std::vector<BenchmarkSkuCount> countBenchmarks(const Connection& connection) {
    const std::string_view doing = "count benchmark results";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT sku, COUNT(*), SUM(CASE WHEN flags IS NULL OR flags = '' THEN 0 "
                       "ELSE 1 END) FROM benchmarks GROUP BY sku ORDER BY sku"),
        doing);
    connection.exec(query, doing);
    std::vector<BenchmarkSkuCount> counts;
    while (connection.next(query, doing))
        counts.push_back({textOf(query.value(0)), std::size_t(query.value(1).toLongLong()),
                          std::size_t(query.value(2).toLongLong())});
    return counts;
}

bool deleteBenchmark(const Connection& connection, std::int64_t id) {
    const std::string_view doing = "remove a benchmark result";
    QSqlQuery remove =
        connection.prepare(QStringLiteral("DELETE FROM benchmarks WHERE id = ?"), doing);
    bind(remove, {sqlId(id)});
    connection.exec(remove, doing);
    return remove.numRowsAffected() > 0;
}

} // namespace crossgrade::data::store_detail
