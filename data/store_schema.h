#pragma once

// The store's schema and the path that opens a file (internal to the store): what is checked
// before anything is written, and the PRAGMA user_version migrations.

#include "store_connection.h"

#include <QString>

namespace crossgrade::data::store_detail {

// The schema version this Crossgrade writes: the number of migration steps it knows.
int latestSchemaVersion();

int readSchemaVersion(const Connection& connection);
// Throws StoreError (NewerVersion) for a file made by a newer Crossgrade.
void refuseNewer(const Connection& connection, int version);

// Before the driver sees the file: a usable path, its folder made, a foreign file refused.
void prepareLocation(const QString& path);
void checkIntegrity(const Connection& connection);
// For a file without a schema version: one that holds tables is another program's.
void refuseForeignDatabase(const Connection& connection);
// The first step that writes to the file.
void enableWal(const Connection& connection);
// Brings the file to latestSchemaVersion(), one step per transaction.
void migrate(const Connection& connection);

} // namespace crossgrade::data::store_detail
