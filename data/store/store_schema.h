#pragma once

// The store's schema and the path that opens a file (internal to the store): what is checked
// before anything is written, and the PRAGMA user_version migrations.

#include "store_connection.h"

#include <QString>

namespace crossgrade::data::store_detail {

// The schema version this Crossgrade writes: the number of migration steps it knows.
int latestSchemaVersion();

int readSchemaVersion(const Connection& connection);
// Throws StoreError (NewerVersion) for a file made by a newer Crossgrade, and (Corrupt) for a
// negative version, which no Crossgrade writes.
void refuseNewer(const Connection& connection, int version);

// The schema version and whether a file without one is another program's database, read in
// one snapshot: another process creating the same new store commits its first tables and their
// version together, so the two are never seen apart.
int readVersionRefusingForeign(const Connection& connection);

// Before the driver sees the file: a usable path (a regular file or none yet, never a device,
// FIFO or folder), its folder made, a foreign file refused, a file or folder Crossgrade may not
// write named as such.
void prepareLocation(const QString& path);
void checkIntegrity(const Connection& connection);
// For a file without a schema version: one that holds tables is another program's.
void refuseForeignDatabase(const Connection& connection);
// The first step that writes to the file.
void enableWal(const Connection& connection);
// Brings the file to latestSchemaVersion(), one step per transaction.
void migrate(const Connection& connection);

} // namespace crossgrade::data::store_detail
