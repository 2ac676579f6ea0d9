#pragma once

// The store's one SQL connection and the values that cross it (internal to the store; see
// store.h for the public surface). Errors are thrown as StoreError with the store's path.

#include "store.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

class QSqlError;

namespace crossgrade::data::store_detail {

std::string displayPath(const QString& path);

// A store path given with bytes that are not UTF-8 (--db on the command line keeps them,
// data/common/path_bytes.h). Qt's file classes would name another file, so such a path is checked
// and created by prepareRawLocation() (what prepareLocation() does, on the bytes) and opened
// as an SQLite URI whose percent-escapes stand for the bytes.
bool isRawBytesPath(const QString& path);
void prepareRawLocation(const QString& path);
std::string describe(const QSqlError& error);

// One named Qt SQL connection to the store file. Qt SQL connections belong to the thread
// that made them, so a Store is used from one thread.
class Connection {
public:
    Connection(QString path, StoreOptions options);
    ~Connection();

    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    const QString& path() const { return m_path; }
    int busyTimeoutMs() const { return m_options.busy_timeout_ms; }
    std::string displayPath() const { return store_detail::displayPath(m_path); }

    void open();

    QSqlQuery prepare(const QString& sql, std::string_view doing) const;
    void exec(QSqlQuery& query, std::string_view doing) const;
    // Next row, or false at the end; a failure while stepping is thrown, not taken for the end.
    bool next(QSqlQuery& query, std::string_view doing) const;
    // For statements without values (pragmas, transaction control).
    QSqlQuery run(const QString& sql, std::string_view doing) const;
    QVariant scalar(const QString& sql, std::string_view doing) const;
    // Best effort: used from destructors, where an error has nowhere to go.
    void rollbackQuietly() const noexcept;

    [[noreturn]] void fail(const QSqlError& error, std::string_view doing) const;

private:
    QString m_path;
    StoreOptions m_options;
    QString m_name;
    QSqlDatabase m_db;
};

// Commits only when told to; an exception or an early return rolls back, so a failed write
// leaves the store as it was.
class Transaction {
public:
    enum class Mode { Read, Write };

    Transaction(const Connection& connection, Mode mode);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();

private:
    const Connection& m_connection;
    bool m_open = true;
};

// --- Values in and out of SQL --------------------------------------------------------------

QVariant sqlText(std::string_view text);
template <typename Enum> QVariant sqlName(Enum value) {
    return sqlText(model::toString(value));
}
template <typename Enum> QVariant sqlNullableName(const std::optional<Enum>& value) {
    return value ? sqlName(*value) : QVariant(QMetaType::fromType<QString>());
}
QVariant sqlNullableText(const std::optional<std::string>& text);
QVariant sqlNullableInt(const std::optional<int>& value);
QVariant sqlFlag(bool value);
QVariant sqlId(std::int64_t id);
QVariant sqlOrdinal(std::size_t ordinal);

void bind(QSqlQuery& query, std::initializer_list<QVariant> values);

std::string textOf(const QVariant& value);
std::optional<std::string> nullableTextOf(const QVariant& value);
std::optional<int> nullableIntOf(const QVariant& value);

// The schema's CHECK constraints keep unknown names out, so one here means the file was
// edited by hand or by a Crossgrade that forgot to bump the schema version.
template <typename Enum>
Enum parseStored(const Connection& connection, const QVariant& value,
                 std::optional<Enum> (*parse)(std::string_view), std::string_view column) {
    const std::string stored = textOf(value);
    if (const std::optional<Enum> parsed = parse(stored))
        return *parsed;
    throw StoreError(StoreError::Kind::Corrupt, "store holds an unknown " + std::string(column) +
                                                    " \"" + stored +
                                                    "\": " + connection.displayPath());
}
template <typename Enum>
std::optional<Enum> parseNullableStored(const Connection& connection, const QVariant& value,
                                        std::optional<Enum> (*parse)(std::string_view),
                                        std::string_view column) {
    if (value.isNull())
        return std::nullopt;
    return parseStored(connection, value, parse, column);
}

} // namespace crossgrade::data::store_detail
