#include "store_connection.h"

#include "path_bytes.h"
#include "sql_dialect.h"

#include <QDir>
#include <QSqlError>
#include <QStringList>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <utility>

namespace crossgrade::data::store_detail {

namespace dialect = sql_dialect;

namespace {

using Kind = StoreError::Kind;

// Qt SQL keeps connections in a process-wide registry by name; each Store needs its own.
QString newConnectionName() {
    static std::atomic<unsigned long long> counter{0};
    return QStringLiteral("crossgrade-store-%1").arg(++counter);
}

// "file:" and the absolute path with every byte outside [A-Za-z0-9/._~-] as %XX, which SQLite
// turns back into the bytes (its journal and WAL files are named from them too).
QString sqliteUri(const QString& path) {
    const std::string bytes =
        std::filesystem::absolute(pathBytes(path)).lexically_normal().string();
    std::string uri = "file:";
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
            c == '/' || c == '.' || c == '_' || c == '~' || c == '-') {
            uri.push_back(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", u);
            uri += buf;
        }
    }
    return QString::fromStdString(uri);
}

} // namespace

std::string displayPath(const QString& path) {
    if (isRawBytesPath(path))
        return printablePath(pathBytes(path));
    return QDir::toNativeSeparators(path).toStdString();
}

bool isRawBytesPath(const QString& path) {
    return hasRawBytes(path);
}

void prepareRawLocation(const QString& path) {
    namespace fs = std::filesystem;
    const fs::path file(pathBytes(path));
    std::error_code ec;
    if (fs::is_directory(file, ec))
        throw StoreError(Kind::Io, "the store path is a folder, not a file: " + displayPath(path) +
                                       ". Give the path of a store file, e.g. " +
                                       printablePath((file / "crossgrade.sqlite").string()) + ".");
    const fs::path folder = fs::absolute(file, ec).parent_path();
    fs::create_directories(folder, ec);
    if (!fs::is_directory(folder, ec))
        throw StoreError(Kind::Io, "cannot create the folder " + printablePath(folder.string()) +
                                       " for the store " + displayPath(path) +
                                       ". Check the path (a part of it may be a file) and that you "
                                       "may create folders there.");
    if (!fs::exists(file, ec) || fs::file_size(file, ec) == 0 || ec)
        return;
    std::ifstream in(file, std::ios::binary);
    const QByteArray signature = dialect::fileSignature();
    std::string head(static_cast<std::size_t>(signature.size()), '\0');
    if (!in)
        throw StoreError(Kind::Io, "cannot read the store " + displayPath(path));
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    if (in.gcount() != signature.size() ||
        QByteArray(head.data(), static_cast<qsizetype>(head.size())) != signature)
        throw StoreError(Kind::Corrupt,
                         "not a Crossgrade store (not an SQLite database): " + displayPath(path) +
                             ". It was left as it is; choose another file.");
}

std::string describe(const QSqlError& error) {
    QStringList parts;
    for (const QString& part : {error.databaseText(), error.driverText()}) {
        if (!part.isEmpty())
            parts << part;
    }
    return parts.join(QLatin1String("; ")).toStdString();
}

// --- Connection -----------------------------------------------------------------------------

Connection::Connection(QString path, StoreOptions options)
    : m_path(std::move(path))
    , m_options(options)
    , m_name(newConnectionName()) {
    if (!QSqlDatabase::isDriverAvailable(dialect::driverName()))
        throw StoreError(Kind::Io, "cannot open the store " + displayPath() +
                                       ": the Qt SQLite driver (" +
                                       dialect::driverName().toStdString() + ") is not installed");
    m_db = QSqlDatabase::addDatabase(dialect::driverName(), m_name);
}

Connection::~Connection() {
    m_db.close();
    // removeDatabase() warns and leaves the connection dangling while a handle is alive.
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_name);
}

void Connection::open() {
    QString options = dialect::connectOptions(m_options.busy_timeout_ms);
    if (isRawBytesPath(m_path)) {
        m_db.setDatabaseName(sqliteUri(m_path));
        options += QStringLiteral(";QSQLITE_OPEN_URI");
    } else {
        m_db.setDatabaseName(m_path);
    }
    m_db.setConnectOptions(options);
    if (!m_db.open()) {
        const QSqlError error = m_db.lastError();
        const Kind kind = dialect::errorKind(error);
        if (kind == Kind::Query)
            throw StoreError(Kind::Io,
                             "cannot open the store " + displayPath() + ": " + describe(error));
        fail(error, "open it");
    }
    for (const QString& statement : dialect::sessionStatements())
        run(statement, "configure the connection");
}

QSqlQuery Connection::prepare(const QString& sql, std::string_view doing) const {
    QSqlQuery query(m_db);
    if (!query.prepare(sql))
        fail(query.lastError(), doing);
    return query;
}

void Connection::exec(QSqlQuery& query, std::string_view doing) const {
    if (!query.exec())
        fail(query.lastError(), doing);
}

bool Connection::next(QSqlQuery& query, std::string_view doing) const {
    if (query.next())
        return true;
    if (query.lastError().isValid())
        fail(query.lastError(), doing);
    return false;
}

QSqlQuery Connection::run(const QString& sql, std::string_view doing) const {
    QSqlQuery query(m_db);
    if (!query.exec(sql))
        fail(query.lastError(), doing);
    return query;
}

QVariant Connection::scalar(const QString& sql, std::string_view doing) const {
    QSqlQuery query = run(sql, doing);
    if (!next(query, doing))
        throw StoreError(Kind::Query, "store query failed: " + displayPath() + " (" +
                                          std::string(doing) + ": no answer)");
    return query.value(0);
}

void Connection::rollbackQuietly() const noexcept {
    QSqlQuery query(m_db);
    query.exec(dialect::rollbackStatement());
}

void Connection::fail(const QSqlError& error, std::string_view doing) const {
    const Kind kind = dialect::errorKind(error);
    const std::string where = displayPath();
    const std::string detail = " (" + std::string(doing) + ": " + describe(error) + ")";
    switch (kind) {
    case Kind::Locked:
        throw StoreError(kind, "store is locked by another process: " + where + " (waited " +
                                   std::to_string(m_options.busy_timeout_ms) +
                                   " ms). Close the other Crossgrade window or command "
                                   "using it and try again.");
    case Kind::Corrupt:
        throw StoreError(kind, "store is damaged or is not an SQLite database: " + where + detail +
                                   ". Restore it from a backup, or choose another store file.");
    case Kind::Io:
        throw StoreError(kind, "cannot read or write the store: " + where + detail +
                                   ". Check that you may read and write the file and its folder "
                                   "and that the disk has room.");
    default:
        throw StoreError(Kind::Query, "store query failed: " + where + detail +
                                          ". The store may be damaged: keep a copy of it and "
                                          "report the message.");
    }
}

// --- Transaction ----------------------------------------------------------------------------

Transaction::Transaction(const Connection& connection, Mode mode)
    : m_connection(connection) {
    m_connection.run(mode == Mode::Write ? dialect::beginWriteStatement()
                                         : dialect::beginReadStatement(),
                     "start a transaction");
}

Transaction::~Transaction() {
    if (m_open)
        m_connection.rollbackQuietly();
}

void Transaction::commit() {
    m_connection.run(dialect::commitStatement(), "commit");
    m_open = false;
}

// --- Values in and out of SQL --------------------------------------------------------------

QVariant sqlText(std::string_view text) {
    // Text that is not UTF-8 (a scanned file's name is bytes, data/common/path_bytes.h) is kept as
    // those bytes, a BLOB, rather than with U+FFFD for what does not decode.
    if (!isWellFormedUtf8(text))
        return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}
QVariant sqlNullableText(const std::optional<std::string>& text) {
    return text ? sqlText(*text) : QVariant(QMetaType::fromType<QString>());
}
QVariant sqlNullableInt(const std::optional<int>& value) {
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<int>());
}
QVariant sqlFlag(bool value) {
    return QVariant(value ? 1 : 0);
}
QVariant sqlId(std::int64_t id) {
    return QVariant(static_cast<qlonglong>(id));
}
QVariant sqlOrdinal(std::size_t ordinal) {
    return QVariant(static_cast<qlonglong>(ordinal));
}

void bind(QSqlQuery& query, std::initializer_list<QVariant> values) {
    int position = 0;
    for (const QVariant& value : values)
        query.bindValue(position++, value);
}

std::string textOf(const QVariant& value) {
    if (value.metaType().id() == QMetaType::QByteArray) // what sqlText kept as bytes
        return value.toByteArray().toStdString();
    return value.toString().toStdString();
}
std::optional<std::string> nullableTextOf(const QVariant& value) {
    if (value.isNull())
        return std::nullopt;
    return textOf(value);
}
std::optional<int> nullableIntOf(const QVariant& value) {
    if (value.isNull())
        return std::nullopt;
    return value.toInt();
}

} // namespace crossgrade::data::store_detail
