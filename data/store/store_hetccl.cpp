#include "store_hetccl.h"

#include "sql_dialect.h"

#include <QSqlQuery>
#include <QVariant>

namespace crossgrade::data::store_detail {

namespace dialect = sql_dialect;

std::vector<model::CheckedSignal> readHetcclChecklist(const Connection& connection) {
    const std::string_view doing = "read the HetCCL watch";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT paper, signal, observed_on, note, source FROM hetccl_signals "
                       "ORDER BY paper, signal"),
        doing);
    connection.exec(query, doing);
    std::vector<model::CheckedSignal> rows;
    while (connection.next(query, doing)) {
        model::CheckedSignal row;
        row.paper =
            parseStored(connection, query.value(0), &model::parseHetcclPaper, "HetCCL paper");
        row.signal = textOf(query.value(1));
        row.date = textOf(query.value(2));
        row.note = textOf(query.value(3));
        row.source = textOf(query.value(4));
        rows.push_back(std::move(row));
    }
    return rows;
}

void writeHetcclSignals(const Connection& connection,
                        const std::vector<model::CheckedSignal>& rows) {
    const std::string_view doing = "check a HetCCL signal";
    for (const model::CheckedSignal& s : rows) {
        // Delete then insert: an upsert in SQL every dialect speaks.
        deleteHetcclSignal(connection, s.paper, s.signal);
        QSqlQuery insert = connection.prepare(
            QStringLiteral("INSERT INTO hetccl_signals (paper, signal, observed_on, note, "
                           "source, checked_at) VALUES (?, ?, ?, ?, ?, %1)")
                .arg(dialect::currentUtcTimestamp()),
            doing);
        bind(insert, {sqlName(s.paper), sqlText(s.signal), sqlText(s.date), sqlText(s.note),
                      sqlText(s.source)});
        connection.exec(insert, doing);
    }
}

bool deleteHetcclSignal(const Connection& connection, model::HetcclPaper paper,
                        const std::string& signal) {
    const std::string_view doing = "uncheck a HetCCL signal";
    QSqlQuery remove = connection.prepare(
        QStringLiteral("DELETE FROM hetccl_signals WHERE paper = ? AND signal = ?"), doing);
    bind(remove, {sqlName(paper), sqlText(signal)});
    connection.exec(remove, doing);
    return remove.numRowsAffected() > 0;
}

} // namespace crossgrade::data::store_detail
