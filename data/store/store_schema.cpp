#include "store_schema.h"

#include "sql_dialect.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QStringList>
#include <QThread>
#include <QVariant>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data::store_detail {

namespace dialect = sql_dialect;

namespace {

using Kind = StoreError::Kind;

// Migration N (1-based) takes a file from schema version N-1 to N. Steps are history: never
// edit one that has shipped, add the next. Enum names in the CHECKs are the file-format names
// of model/audit/audit.h as of that step.
std::vector<QStringList> buildMigrations() {
    const QString tiers = QStringLiteral("('low', 'medium', 'high')");
    const QString levels = tiers;
    const QString dimensions = QStringLiteral("('custom_kernels', 'libraries', 'framework_usage', "
                                              "'distributed', 'toolchain', 'team_knowledge')");
    const QString workloads =
        QStringLiteral("('inference-only', 'training', 'mixed', 'greenfield')");
    const QString contexts = QStringLiteral(
        "('code', 'comment', 'docstring', 'test', 'benchmark', 'example', 'vendored')");
    const QString id = dialect::generatedIdColumn();

    const QStringList v1{
        QStringLiteral(R"(CREATE TABLE audits (
            %1,
            name TEXT NOT NULL,
            organisation TEXT NOT NULL,
            audit_date TEXT NOT NULL,
            notes TEXT NOT NULL,
            workload TEXT NOT NULL CHECK (workload IN %2),
            tensorrt INTEGER NOT NULL CHECK (tensorrt IN (0, 1)),
            multi_node INTEGER NOT NULL CHECK (multi_node IN (0, 1)),
            source TEXT NOT NULL,
            imported_at TEXT NOT NULL))")
            .arg(id, workloads),
        QStringLiteral(R"(CREATE TABLE audit_dimensions (
            audit_id BIGINT NOT NULL REFERENCES audits (id) ON DELETE CASCADE,
            dimension TEXT NOT NULL CHECK (dimension IN %1),
            tier TEXT NOT NULL CHECK (tier IN %2),
            notes TEXT NOT NULL,
            proposed_tier TEXT CHECK (proposed_tier IN %2),
            override_tier TEXT CHECK (override_tier IN %2),
            override_reason TEXT,
            CHECK ((override_tier IS NULL) = (override_reason IS NULL)),
            PRIMARY KEY (audit_id, dimension)))")
            .arg(dimensions, tiers),
        QStringLiteral(R"(CREATE TABLE audit_findings (
            audit_id BIGINT NOT NULL,
            dimension TEXT NOT NULL,
            rule_id TEXT NOT NULL,
            hits INTEGER NOT NULL,
            PRIMARY KEY (audit_id, dimension, rule_id),
            FOREIGN KEY (audit_id, dimension)
                REFERENCES audit_dimensions (audit_id, dimension) ON DELETE CASCADE))"),
        QStringLiteral(R"(CREATE TABLE evidence (
            %1,
            audit_id BIGINT NOT NULL,
            dimension TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            rule_id TEXT NOT NULL,
            severity TEXT NOT NULL CHECK (severity IN %2),
            confidence TEXT NOT NULL CHECK (confidence IN %2),
            path TEXT NOT NULL,
            line INTEGER NOT NULL,
            col INTEGER,
            snippet TEXT NOT NULL,
            context TEXT NOT NULL CHECK (context IN %3),
            rocm_equivalent TEXT NOT NULL,
            mitigated_by TEXT,
            UNIQUE (audit_id, dimension, ordinal),
            FOREIGN KEY (audit_id, dimension)
                REFERENCES audit_dimensions (audit_id, dimension) ON DELETE CASCADE))")
            .arg(id, levels, contexts),
        QStringLiteral(R"(CREATE TABLE mitigations (
            audit_id BIGINT NOT NULL,
            dimension TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            rule_id TEXT NOT NULL,
            path TEXT NOT NULL,
            line INTEGER,
            snippet TEXT NOT NULL,
            note TEXT NOT NULL,
            PRIMARY KEY (audit_id, dimension, ordinal),
            FOREIGN KEY (audit_id, dimension)
                REFERENCES audit_dimensions (audit_id, dimension) ON DELETE CASCADE))"),
        QStringLiteral(R"(CREATE TABLE audit_not_scanned (
            audit_id BIGINT NOT NULL REFERENCES audits (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL,
            path TEXT NOT NULL,
            reason TEXT NOT NULL,
            PRIMARY KEY (audit_id, ordinal)))"),
    };
    // Price books and scenarios with saved versions (DESIGN.md, "Data"). Documents are kept
    // as their exchange-format text, so a saved version reads back exactly as it was saved.
    const QStringList v2{
        QStringLiteral(R"(CREATE TABLE pricebooks (
            %1,
            name TEXT NOT NULL,
            version TEXT NOT NULL,
            json TEXT NOT NULL,
            is_default INTEGER NOT NULL CHECK (is_default IN (0, 1)),
            imported_at TEXT NOT NULL,
            source TEXT NOT NULL))")
            .arg(id),
        // At most one default book.
        QStringLiteral("CREATE UNIQUE INDEX pricebooks_one_default ON pricebooks (is_default) "
                       "WHERE is_default = 1"),
        QStringLiteral(R"(CREATE TABLE scenarios (
            %1,
            name TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL))")
            .arg(id),
        QStringLiteral(R"(CREATE TABLE scenario_versions (
            %1,
            scenario_id BIGINT NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            note TEXT NOT NULL,
            saved_at TEXT NOT NULL,
            engine_version TEXT NOT NULL,
            inputs_json TEXT NOT NULL,
            pricebook_name TEXT NOT NULL,
            pricebook_version TEXT NOT NULL,
            headline_json TEXT NOT NULL,
            UNIQUE (scenario_id, number)))")
            .arg(id),
    };
    // The HetCCL watch's checklist (model/scenario/hetccl_watch.h, docs/hetccl-watch.md): one row
    // per signal seen for one of the two papers named HetCCL, which are kept apart by `paper`.
    // Signal ids are not CHECKed: the catalogue may grow without a migration.
    const QStringList v3{
        QStringLiteral(R"(CREATE TABLE hetccl_signals (
            paper TEXT NOT NULL CHECK (paper IN ('2601.22585', '2605.31000')),
            signal TEXT NOT NULL,
            observed_on TEXT NOT NULL,
            note TEXT NOT NULL,
            source TEXT NOT NULL,
            checked_at TEXT NOT NULL,
            PRIMARY KEY (paper, signal)))"),
    };
    // Benchmark results (model/benchmark/benchmark.h, docs/benchmarks.md), one row per canonical
    // record. `dedupe_key` joins the fields that make a record the same measurement (source, round,
    // source_ref, SKU, model, precision, ISL, OSL, concurrency, date), so re-importing a file
    // adds nothing; it is a column because SQL's UNIQUE takes NULLs as all different.
    const QStringList v4{
        QStringLiteral(R"(CREATE TABLE benchmarks (
            %1,
            dedupe_key TEXT NOT NULL UNIQUE,
            source TEXT NOT NULL,
            file TEXT NOT NULL,
            source_ref TEXT NOT NULL,
            run_date TEXT NOT NULL,
            round TEXT NOT NULL,
            hardware TEXT NOT NULL,
            sku TEXT NOT NULL,
            software_stack TEXT NOT NULL,
            image TEXT NOT NULL,
            model TEXT NOT NULL,
            precision_name TEXT NOT NULL,
            scenario TEXT NOT NULL,
            isl INTEGER,
            osl INTEGER,
            concurrency INTEGER,
            gpus INTEGER NOT NULL CHECK (gpus >= 1),
            nodes INTEGER NOT NULL CHECK (nodes >= 1),
            prefill_gpus INTEGER,
            decode_gpus INTEGER,
            total_tps REAL,
            output_tps REAL,
            input_tps REAL,
            ttft_median_s REAL,
            ttft_p99_s REAL,
            tpot_median_s REAL,
            e2e_median_s REAL,
            interactivity REAL,
            power_w REAL,
            joules_per_token REAL,
            accuracy_note TEXT NOT NULL,
            flags TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            CHECK (total_tps > 0 OR output_tps > 0)))")
            .arg(id),
        QStringLiteral("CREATE INDEX benchmarks_by_sku_model ON benchmarks (sku, model)"),
    };
    // What a repository scan adds to an audit beyond the v1 tables (audit_json.h,
    // scanDetailsJson): the reasons per dimension and the per-repository breakdown, kept as the
    // audit format's own JSON so the store and the file cannot drift apart.
    const QStringList v5{
        QStringLiteral(R"(CREATE TABLE audit_scan_details (
            audit_id BIGINT PRIMARY KEY REFERENCES audits (id) ON DELETE CASCADE,
            json TEXT NOT NULL))"),
    };
    return {v1, v2, v3, v4, v5};
}

const std::vector<QStringList>& migrations() {
    static const std::vector<QStringList> steps = buildMigrations();
    return steps;
}

// Opening a file with the driver can already write to it (a hot journal is rolled back), so
// a file that is not an SQLite database is refused before the driver sees it.
void refuseForeignFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw StoreError(Kind::Io, "cannot read the store " + displayPath(path) + ": " +
                                       file.errorString().toStdString());
    const QByteArray signature = dialect::fileSignature();
    if (file.read(signature.size()) != signature)
        throw StoreError(Kind::Corrupt,
                         "not a Crossgrade store (not an SQLite database): " + displayPath(path) +
                             ". It was left as it is; choose another file.");
}

} // namespace

// --- Schema versions ------------------------------------------------------------------------

int latestSchemaVersion() {
    return static_cast<int>(migrations().size());
}

int readSchemaVersion(const Connection& connection) {
    return connection.scalar(dialect::readSchemaVersionStatement(), "read the schema version")
        .toInt();
}

void refuseNewer(const Connection& connection, int version) {
    const int latest = latestSchemaVersion();
    // The migrations are indexed by version: a negative one would read before their start.
    if (version < 0)
        throw StoreError(Kind::Corrupt, connection.displayPath() + ": the store's schema version " +
                                            std::to_string(version) +
                                            " is not one Crossgrade writes; restore it from a "
                                            "backup, or choose another store file.");
    if (version <= latest)
        return;
    throw StoreError(
        Kind::NewerVersion,
        "store " + connection.displayPath() + " was made by a newer Crossgrade (schema version " +
            std::to_string(version) + "; this one reads up to " + std::to_string(latest) +
            "); it is not opened for writing. Use a newer Crossgrade, or "
            "choose another store file.");
}

int readVersionRefusingForeign(const Connection& connection) {
    Transaction snapshot(connection, Transaction::Mode::Read);
    const int version = readSchemaVersion(connection);
    refuseNewer(connection, version);
    if (version == 0)
        refuseForeignDatabase(connection);
    snapshot.commit();
    return version;
}

// --- Opening --------------------------------------------------------------------------------

void prepareLocation(const QString& path) {
    if (path.isEmpty())
        throw StoreError(Kind::Io, "no store file given; choose a store file");
    if (isRawBytesPath(path))
        return prepareRawLocation(path); // a name that is not UTF-8, which QFileInfo cannot see
    const QFileInfo info(path);
    if (info.isDir())
        throw StoreError(Kind::Io, "the store path is a folder, not a file: " + displayPath(path) +
                                       ". Give the path of a store file, e.g. " +
                                       displayPath(QDir(path).filePath("crossgrade.sqlite")) + ".");
    // SQLite would open a device or a FIFO (and block on a FIFO) and make its journal beside
    // it: /dev/null-journal.
    if (info.exists() && !info.isFile())
        throw StoreError(Kind::Io, "the store path is not a regular file (a device, pipe or "
                                   "socket): " +
                                       displayPath(path) +
                                       ". Give the path of a store file, e.g. crossgrade.sqlite "
                                       "in a folder you may write.");
    const QString folder = info.absolutePath();
    if (!QDir().mkpath(folder))
        throw StoreError(Kind::Io, "cannot create the folder " + displayPath(folder) +
                                       " for the store " + displayPath(path) +
                                       ". Check the path (a part of it may be a file) and that you "
                                       "may create folders there.");
    if (info.exists() && info.size() > 0)
        refuseForeignFile(path);
    // Said before the driver opens the file: its own failure would surface in the first
    // statement as "unable to open database file" and read as a damaged store.
    const QFileInfo folderInfo(folder);
    if (!info.exists()) {
        if (!folderInfo.isWritable())
            throw StoreError(Kind::Io, "cannot create the store " + displayPath(path) +
                                           ": its folder " + displayPath(folder) +
                                           " is not writable (or is on a read-only disk). Make "
                                           "the folder writable, or choose a store file in a "
                                           "folder you may write.");
        return;
    }
    if (!info.isWritable())
        throw StoreError(Kind::Io, "the store file " + displayPath(path) +
                                       " is read-only (or on a read-only disk): Crossgrade writes "
                                       "to its store whenever it opens it. Make the file "
                                       "writable, or copy it to a folder you may write and open "
                                       "the copy.");
    if (!folderInfo.isWritable())
        throw StoreError(Kind::Io, "the folder " + displayPath(folder) + " of the store " +
                                       displayPath(path) +
                                       " is not writable (or is on a read-only disk): the store "
                                       "keeps its write-ahead log (-wal, -shm files) beside it. "
                                       "Make the folder writable, or copy the store to a folder "
                                       "you may write and open the copy.");
}

void checkIntegrity(const Connection& connection) {
    const std::string_view doing = "check its integrity";
    QSqlQuery query = connection.run(dialect::integrityCheckStatement(), doing);
    QStringList problems;
    while (connection.next(query, doing))
        problems << query.value(0).toString();
    if (!problems.isEmpty() && dialect::isIntegrityOk(problems.first()))
        return;
    constexpr qsizetype kShown = 3; // the check can list thousands of pages
    throw StoreError(Kind::Corrupt,
                     "store is damaged: " + connection.displayPath() + " (integrity check: " +
                         problems.mid(0, kShown).join(QLatin1String("; ")).toStdString() +
                         "). It was left as it is; restore it from a backup.");
}

// A file with no schema version but with tables belongs to another program; adding ours to
// it would damage that program's data.
void refuseForeignDatabase(const Connection& connection) {
    const int objects =
        connection.scalar(dialect::schemaObjectCountStatement(), "read its schema").toInt();
    if (objects == 0)
        return;
    throw StoreError(Kind::Corrupt,
                     "not a Crossgrade store (an SQLite database of another program): " +
                         connection.displayPath() + ". It was left as it is; choose another file.");
}

void enableWal(const Connection& connection) {
    // Turning WAL on upgrades a read lock to a write lock, and SQLite answers "busy" at once,
    // without waiting, when another process creating the same new store is doing the same
    // (waiting could deadlock). Once that one is done the file is in WAL mode and asking again
    // succeeds at once; so ask again, within the busy timeout.
    QElapsedTimer waited;
    waited.start();
    QString mode;
    for (;;) {
        try {
            mode = connection.scalar(dialect::enableWalStatement(), "turn on write-ahead logging")
                       .toString();
            break;
        } catch (const StoreError& error) {
            if (error.kind() != Kind::Locked || waited.elapsed() >= connection.busyTimeoutMs())
                throw;
        }
        QThread::msleep(10);
    }
    if (!dialect::isWalAnswer(mode))
        throw StoreError(Kind::Io, "cannot use write-ahead logging for the store " +
                                       connection.displayPath() + " (journal mode stays \"" +
                                       mode.toStdString() +
                                       "\"); is it on a network or read-only file system?");
}

void migrate(const Connection& connection) {
    const std::vector<QStringList>& steps = migrations();
    while (readSchemaVersion(connection) < latestSchemaVersion()) {
        Transaction transaction(connection, Transaction::Mode::Write);
        // Read again under the lock: another process may have migrated while we waited.
        const int current = readSchemaVersion(connection);
        refuseNewer(connection, current);
        if (current >= latestSchemaVersion())
            break;
        const int target = current + 1;
        const std::string doing = "upgrade it to schema version " + std::to_string(target);
        for (const QString& statement : steps[static_cast<std::size_t>(current)])
            connection.run(statement, doing);
        connection.run(dialect::writeSchemaVersionStatement(target), doing);
        transaction.commit();
    }
}

} // namespace crossgrade::data::store_detail
