#include "sql_dialect.h"

#include <QSqlError>
#include <optional>

namespace crossgrade::data::sql_dialect {

namespace {

// SQLite primary result codes (sqlite3.h), spelled out here so the store does not need the
// SQLite headers: Qt SQL hands them over as text in QSqlError::nativeErrorCode().
enum PrimaryResultCode : int {
    kPerm = 3,
    kBusy = 5,
    kLocked = 6,
    kReadOnly = 8,
    kIoErr = 10,
    kCorrupt = 11,
    kFull = 13,
    kCantOpen = 14,
    kNotADb = 26,
};

// Qt's driver turns on extended result codes (517 = SQLITE_BUSY_SNAPSHOT); the low byte is the
// primary code.
std::optional<int> primaryCode(const QSqlError& error) {
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    if (!ok)
        return std::nullopt;
    return code & 0xff;
}

bool mentionsLock(const QString& text) {
    return text.contains(QLatin1String("database is locked"), Qt::CaseInsensitive) ||
           text.contains(QLatin1String("database table is locked"), Qt::CaseInsensitive);
}

} // namespace

QString driverName() {
    return QStringLiteral("QSQLITE");
}

// The driver passes this to sqlite3_busy_timeout(); without it Qt waits 5 s.
QString connectOptions(int busyTimeoutMs) {
    return QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(busyTimeoutMs);
}

QByteArray fileSignature() {
    return QByteArray("SQLite format 3", 16); // 15 letters and a NUL
}

QStringList sessionStatements() {
    // SQLite leaves foreign keys off unless each connection asks.
    return {QStringLiteral("PRAGMA foreign_keys = ON")};
}

QString enableWalStatement() {
    return QStringLiteral("PRAGMA journal_mode = WAL");
}
bool isWalAnswer(const QString& journalMode) {
    return journalMode.compare(QLatin1String("wal"), Qt::CaseInsensitive) == 0;
}

QString integrityCheckStatement() {
    return QStringLiteral("PRAGMA quick_check");
}
bool isIntegrityOk(const QString& firstRow) {
    return firstRow == QLatin1String("ok");
}

QString readSchemaVersionStatement() {
    return QStringLiteral("PRAGMA user_version");
}
QString writeSchemaVersionStatement(int version) {
    return QStringLiteral("PRAGMA user_version = %1").arg(version);
}

QString schemaObjectCountStatement() {
    return QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'");
}

QString beginWriteStatement() {
    return QStringLiteral("BEGIN IMMEDIATE");
}
QString beginReadStatement() {
    return QStringLiteral("BEGIN DEFERRED");
}
QString commitStatement() {
    return QStringLiteral("COMMIT");
}
QString rollbackStatement() {
    return QStringLiteral("ROLLBACK");
}

// Exactly "INTEGER PRIMARY KEY": only that spelling makes the column SQLite's rowid.
QString generatedIdColumn() {
    return QStringLiteral("id INTEGER PRIMARY KEY");
}
QString returningIdClause() {
    return QStringLiteral(" RETURNING id");
}

QString insertSkippingDuplicates(const QString& table, const QStringList& columns) {
    QStringList marks;
    for (const QString& column : columns)
        marks << QLatin1Char(':') + column;
    return QStringLiteral("INSERT OR IGNORE INTO %1 (%2) VALUES (%3)")
        .arg(table, columns.join(QStringLiteral(", ")), marks.join(QStringLiteral(", ")));
}

QString currentUtcTimestamp() {
    return QStringLiteral("strftime('%Y-%m-%dT%H:%M:%SZ', 'now')");
}

StoreError::Kind errorKind(const QSqlError& error) {
    // COMMIT with an unfinished statement also answers SQLITE_BUSY; that is our bug, not
    // another process, and must not send the user hunting for one.
    if (error.databaseText().contains(QLatin1String("statements in progress")))
        return StoreError::Kind::Query;
    switch (primaryCode(error).value_or(0)) {
    case kBusy:
    case kLocked:
        return StoreError::Kind::Locked;
    case kCorrupt:
    case kNotADb:
        return StoreError::Kind::Corrupt;
    case kPerm:
    case kReadOnly:
    case kIoErr:
    case kFull:
    case kCantOpen:
        return StoreError::Kind::Io;
    default:
        break;
    }
    return mentionsLock(error.databaseText()) ? StoreError::Kind::Locked : StoreError::Kind::Query;
}

} // namespace crossgrade::data::sql_dialect
