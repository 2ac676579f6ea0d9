#include "store_pricebooks.h"

#include "pricebook_json.h"
#include "sql_dialect.h"

#include <QSqlQuery>
#include <QVariant>
#include <stdexcept>
#include <string_view>

namespace crossgrade::data::store_detail {

namespace dialect = sql_dialect;

namespace {

using Kind = StoreError::Kind;

// The store writes only books that read, so one that does not was changed behind its back.
model::PriceBook parseStoredBook(const Connection& connection, std::int64_t id,
                                 const QVariant& json) {
    PriceBookReadResult read = readPriceBook(textOf(json));
    if (!read.ok())
        throw StoreError(Kind::Corrupt, "stored price book " + std::to_string(id) +
                                            " no longer reads (" + read.errors.front().place +
                                            ": " + read.errors.front().message +
                                            "): " + connection.displayPath() +
                                            ". The other stored rows still read; import the "
                                            "price book again, or restore the store from a "
                                            "backup.");
    return std::move(*read.price_book);
}

} // namespace

std::int64_t insertPriceBook(const Connection& connection, const model::PriceBook& book,
                             const std::string& source, bool makeDefault) {
    const std::string doing = "store the price book \"" + book.name + "\"";
    // Only a book that reads back is stored, so listing and exporting never meet a bad one.
    const std::string text = writePriceBook(book);
    const PriceBookReadResult check = readPriceBook(text);
    if (!check.ok())
        throw std::invalid_argument("Store::addPriceBook: the price book does not validate (" +
                                    check.errors.front().place + ": " +
                                    check.errors.front().message + ")");
    if (makeDefault) {
        QSqlQuery clear = connection.prepare(
            QStringLiteral("UPDATE pricebooks SET is_default = 0 WHERE is_default = 1"), doing);
        connection.exec(clear, doing);
    }
    QSqlQuery insert = connection.prepare(
        QStringLiteral("INSERT INTO pricebooks (name, version, json, is_default, imported_at, "
                       "source) VALUES (?, ?, ?, ?, %1, ?)%2")
            .arg(dialect::currentUtcTimestamp(), dialect::returningIdClause()),
        doing);
    bind(insert, {sqlText(book.name), sqlText(book.version), sqlText(text), sqlFlag(makeDefault),
                  sqlText(source)});
    connection.exec(insert, doing);
    if (!connection.next(insert, doing))
        throw StoreError(Kind::Query, "store query failed: " + connection.displayPath() + " (" +
                                          doing + ": no id returned)");
    const std::int64_t id = insert.value(0).toLongLong();
    // An INSERT left open after its RETURNING row counts as in progress and blocks COMMIT.
    insert.finish();
    return id;
}

std::vector<PriceBookSummary> readPriceBookSummaries(const Connection& connection) {
    const std::string_view doing = "list the price books";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT id, name, version, is_default, source, imported_at, json "
                       "FROM pricebooks ORDER BY id"),
        doing);
    connection.exec(query, doing);
    std::vector<PriceBookSummary> summaries;
    while (connection.next(query, doing)) {
        PriceBookSummary summary;
        summary.id = query.value(0).toLongLong();
        summary.name = textOf(query.value(1));
        summary.version = textOf(query.value(2));
        summary.is_default = query.value(3).toInt() != 0;
        summary.source = textOf(query.value(4));
        summary.imported_at = textOf(query.value(5));
        // A book that no longer reads (changed behind the store's back, or stored before a
        // bound was added) is listed as damaged, never stops the listing (issue 20).
        const PriceBookReadResult read = readPriceBook(textOf(query.value(6)));
        if (read.ok())
            summary.sku_count = static_cast<int>(read.price_book->skus.size());
        else
            summary.damage = "it no longer reads (" + read.errors.front().place + ": " +
                             read.errors.front().message + ")";
        summaries.push_back(std::move(summary));
    }
    return summaries;
}

std::optional<model::PriceBook> readStoredPriceBook(const Connection& connection,
                                                    std::optional<std::int64_t> id) {
    const std::string_view doing = "read a price book";
    QSqlQuery query = connection.prepare(
        id ? QStringLiteral("SELECT id, json FROM pricebooks WHERE id = ?")
           : QStringLiteral("SELECT id, json FROM pricebooks WHERE is_default = ?"),
        doing);
    bind(query, {id ? sqlId(*id) : sqlFlag(true)});
    connection.exec(query, doing);
    if (!connection.next(query, doing))
        return std::nullopt;
    return parseStoredBook(connection, query.value(0).toLongLong(), query.value(1));
}

} // namespace crossgrade::data::store_detail
