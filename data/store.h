#pragma once

// The SQLite store (DESIGN.md, "Data"): one file, WAL, foreign keys, PRAGMA user_version
// migrations, every write in one transaction, every query prepared with bound values.

#include "audit.h"

#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace crossgrade::data {

class StoreError : public std::runtime_error {
public:
    enum class Kind {
        Locked,       // another process holds the write lock past the busy timeout
        Corrupt,      // not a SQLite file, or integrity problems
        NewerVersion, // made by a newer Crossgrade: refused for writing
        NotFound,     // no row with that id
        Io,           // cannot open / create / write the file
        Query         // any other SQL failure
    };
    StoreError(Kind kind, const std::string& message)
        : std::runtime_error(message)
        , m_kind(kind) {}
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

struct StoreOptions {
    int busy_timeout_ms = 5000; // how long a writer waits for another process's lock
};

// One stored audit as the store browser and `crossgrade-cli audits` list it.
struct AuditSummary {
    std::int64_t id = 0;
    std::string name;
    std::string organisation;
    std::string date;
    model::WorkloadKind workload = model::WorkloadKind::InferenceOnly;
    int high_count = 0;
    std::string source;      // file it was imported from, or empty
    std::string imported_at; // ISO 8601 UTC
};

class Store {
public:
    // Opens (creating if absent) and migrates the store at `path`. Throws StoreError.
    static Store open(const QString& path, StoreOptions options = {});
    // QStandardPaths::AppDataLocation/crossgrade.sqlite
    static QString defaultPath();
    static int latestSchemaVersion();

    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;
    ~Store();

    QString path() const;
    int schemaVersion() const;

    // Stores all audits in one transaction: either every one is stored or none is.
    // Returns their ids in order. `source` is kept as provenance (may be empty).
    std::vector<std::int64_t> addAudits(const std::vector<model::Audit>& audits,
                                        const std::vector<std::string>& sources);
    std::int64_t addAudit(const model::Audit& audit, const std::string& source = {});

    std::optional<model::Audit> audit(std::int64_t id) const;
    std::vector<AuditSummary> audits() const;
    bool removeAudit(std::int64_t id);

private:
    struct Impl;
    explicit Store(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace crossgrade::data
