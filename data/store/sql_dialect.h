#pragma once

// What is SQLite rather than plain SQL, in one place (DESIGN.md, "Data": a team store on
// PostgreSQL is planned). The store's queries are otherwise portable; a PostgreSQL store
// replaces this file, not the store.

#include "store.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

class QSqlError;

namespace crossgrade::data::sql_dialect {

// The Qt SQL driver, and its connect options for a connection that waits up to
// `busyTimeoutMs` for another writer before giving up.
QString driverName();
QString connectOptions(int busyTimeoutMs);

// The bytes every database file starts with. A file that does not is refused before the
// driver opens it, since opening may write to it.
QByteArray fileSignature();

// Per-connection settings, run in order right after opening.
QStringList sessionStatements();

// Write-ahead logging lets readers (the GUI's browser) work while a command writes.
QString enableWalStatement();
bool isWalAnswer(const QString& journalMode);

// A fast structural check; healthy files answer one row, "ok".
QString integrityCheckStatement();
bool isIntegrityOk(const QString& firstRow);

QString readSchemaVersionStatement();
// The version is one of our migration numbers, never user input: pragmas take no bound
// values, so it is formatted in.
QString writeSchemaVersionStatement(int version);

// How many tables, indexes, views and triggers the file holds: a file without a schema
// version that holds some belongs to another program.
QString schemaObjectCountStatement();

// Write transactions take the write lock at BEGIN, so waiting for another process happens
// there (under the busy timeout) and not halfway through the writes.
QString beginWriteStatement();
QString beginReadStatement();
QString commitStatement();
QString rollbackStatement();

// DDL for a table's own generated id column, and the clause that makes an INSERT answer it.
QString generatedIdColumn();
QString returningIdClause();

// An INSERT of `columns` into `table` that skips a row colliding with a UNIQUE key instead of
// failing ("INSERT OR IGNORE" here, "ON CONFLICT DO NOTHING" in PostgreSQL). The values are
// named placeholders, ":" and the column's name: binding by name is several times cheaper
// in Qt SQL than by position, which formats a name for every value (bulk imports).
QString insertSkippingDuplicates(const QString& table, const QStringList& columns);

// An SQL expression for the current UTC time as ISO 8601 ("2026-11-29T17:05:00Z").
QString currentUtcTimestamp();

// What a failed statement means for the user: Locked, Corrupt, Io or (anything else) Query.
StoreError::Kind errorKind(const QSqlError& error);

} // namespace crossgrade::data::sql_dialect
