#include "store.h"

#include "sql_dialect.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QVariant>
#include <atomic>
#include <initializer_list>
#include <string_view>
#include <utility>

namespace crossgrade::data {

namespace dialect = sql_dialect;

namespace {

using model::Audit;
using model::Dimension;
using model::DimensionAssessment;
using Kind = StoreError::Kind;

std::string displayPath(const QString& path) {
    return QDir::toNativeSeparators(path).toStdString();
}

// Qt SQL keeps connections in a process-wide registry by name; each Store needs its own.
QString newConnectionName() {
    static std::atomic<unsigned long long> counter{0};
    return QStringLiteral("crossgrade-store-%1").arg(++counter);
}

std::string describe(const QSqlError& error) {
    QStringList parts;
    for (const QString& part : {error.databaseText(), error.driverText()}) {
        if (!part.isEmpty())
            parts << part;
    }
    return parts.join(QLatin1String("; ")).toStdString();
}

// One named Qt SQL connection to the store file. Qt SQL connections belong to the thread
// that made them, so a Store is used from one thread.
class Connection {
public:
    Connection(QString path, StoreOptions options)
        : m_path(std::move(path))
        , m_options(options)
        , m_name(newConnectionName()) {
        if (!QSqlDatabase::isDriverAvailable(dialect::driverName()))
            throw StoreError(Kind::Io,
                             "cannot open the store " + displayPath() + ": the Qt SQLite driver (" +
                                 dialect::driverName().toStdString() + ") is not installed");
        m_db = QSqlDatabase::addDatabase(dialect::driverName(), m_name);
    }

    ~Connection() {
        m_db.close();
        // removeDatabase() warns and leaves the connection dangling while a handle is alive.
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
    }

    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    const QString& path() const { return m_path; }
    std::string displayPath() const { return data::displayPath(m_path); }

    void open() {
        m_db.setDatabaseName(m_path);
        m_db.setConnectOptions(dialect::connectOptions(m_options.busy_timeout_ms));
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

    QSqlQuery prepare(const QString& sql, std::string_view doing) const {
        QSqlQuery query(m_db);
        if (!query.prepare(sql))
            fail(query.lastError(), doing);
        return query;
    }

    void exec(QSqlQuery& query, std::string_view doing) const {
        if (!query.exec())
            fail(query.lastError(), doing);
    }

    // Next row, or false at the end; a failure while stepping is thrown, not taken for the end.
    bool next(QSqlQuery& query, std::string_view doing) const {
        if (query.next())
            return true;
        if (query.lastError().isValid())
            fail(query.lastError(), doing);
        return false;
    }

    // For statements without values (pragmas, transaction control).
    QSqlQuery run(const QString& sql, std::string_view doing) const {
        QSqlQuery query(m_db);
        if (!query.exec(sql))
            fail(query.lastError(), doing);
        return query;
    }

    QVariant scalar(const QString& sql, std::string_view doing) const {
        QSqlQuery query = run(sql, doing);
        if (!next(query, doing))
            throw StoreError(Kind::Query, "store query failed: " + displayPath() + " (" +
                                              std::string(doing) + ": no answer)");
        return query.value(0);
    }

    // Best effort: used from destructors, where an error has nowhere to go.
    void rollbackQuietly() const noexcept {
        QSqlQuery query(m_db);
        query.exec(dialect::rollbackStatement());
    }

    [[noreturn]] void fail(const QSqlError& error, std::string_view doing) const {
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
            throw StoreError(kind,
                             "store is damaged or is not an SQLite database: " + where + detail);
        case Kind::Io:
            throw StoreError(kind, "cannot read or write the store: " + where + detail);
        default:
            throw StoreError(Kind::Query, "store query failed: " + where + detail);
        }
    }

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

    Transaction(const Connection& connection, Mode mode)
        : m_connection(connection) {
        m_connection.run(mode == Mode::Write ? dialect::beginWriteStatement()
                                             : dialect::beginReadStatement(),
                         "start a transaction");
    }
    ~Transaction() {
        if (m_open)
            m_connection.rollbackQuietly();
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit() {
        m_connection.run(dialect::commitStatement(), "commit");
        m_open = false;
    }

private:
    const Connection& m_connection;
    bool m_open = true;
};

// --- Values in and out of SQL --------------------------------------------------------------

QVariant sqlText(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}
template <typename Enum> QVariant sqlName(Enum value) {
    return sqlText(model::toString(value));
}
template <typename Enum> QVariant sqlNullableName(const std::optional<Enum>& value) {
    return value ? sqlName(*value) : QVariant(QMetaType::fromType<QString>());
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

// The schema's CHECK constraints keep unknown names out, so one here means the file was
// edited by hand or by a Crossgrade that forgot to bump the schema version.
template <typename Enum>
Enum parseStored(const Connection& connection, const QVariant& value,
                 std::optional<Enum> (*parse)(std::string_view), std::string_view column) {
    const std::string stored = textOf(value);
    if (const std::optional<Enum> parsed = parse(stored))
        return *parsed;
    throw StoreError(Kind::Corrupt, "store holds an unknown " + std::string(column) + " \"" +
                                        stored + "\": " + connection.displayPath());
}
template <typename Enum>
std::optional<Enum> parseNullableStored(const Connection& connection, const QVariant& value,
                                        std::optional<Enum> (*parse)(std::string_view),
                                        std::string_view column) {
    if (value.isNull())
        return std::nullopt;
    return parseStored(connection, value, parse, column);
}

// --- Schema ---------------------------------------------------------------------------------

// Migration N (1-based) takes a file from schema version N-1 to N. Steps are history: never
// edit one that has shipped, add the next. Enum names in the CHECKs are the file-format names
// of model/audit.h as of that step.
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
    return {v1};
}

const std::vector<QStringList>& migrations() {
    static const std::vector<QStringList> steps = buildMigrations();
    return steps;
}

int readSchemaVersion(const Connection& connection) {
    return connection.scalar(dialect::readSchemaVersionStatement(), "read the schema version")
        .toInt();
}

void refuseNewer(const Connection& connection, int version) {
    const int latest = Store::latestSchemaVersion();
    if (version <= latest)
        return;
    throw StoreError(
        Kind::NewerVersion,
        "store " + connection.displayPath() + " was made by a newer Crossgrade (schema version " +
            std::to_string(version) + "; this one reads up to " + std::to_string(latest) +
            "); it is not opened for writing. Use a newer Crossgrade, or "
            "choose another store file.");
}

// --- Opening --------------------------------------------------------------------------------

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

void prepareLocation(const QString& path) {
    if (path.isEmpty())
        throw StoreError(Kind::Io, "no store file given");
    const QFileInfo info(path);
    if (info.isDir())
        throw StoreError(Kind::Io, "the store path is a folder, not a file: " + displayPath(path));
    const QString folder = info.absolutePath();
    if (!QDir().mkpath(folder))
        throw StoreError(Kind::Io, "cannot create the folder " + displayPath(folder) +
                                       " for the store " + displayPath(path));
    if (info.exists() && info.size() > 0)
        refuseForeignFile(path);
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
    const QString mode =
        connection.scalar(dialect::enableWalStatement(), "turn on write-ahead logging").toString();
    if (!dialect::isWalAnswer(mode))
        throw StoreError(Kind::Io, "cannot use write-ahead logging for the store " +
                                       connection.displayPath() + " (journal mode stays \"" +
                                       mode.toStdString() +
                                       "\"); is it on a network or read-only file system?");
}

void migrate(const Connection& connection) {
    const std::vector<QStringList>& steps = migrations();
    while (readSchemaVersion(connection) < Store::latestSchemaVersion()) {
        Transaction transaction(connection, Transaction::Mode::Write);
        // Read again under the lock: another process may have migrated while we waited.
        const int current = readSchemaVersion(connection);
        refuseNewer(connection, current);
        if (current >= Store::latestSchemaVersion())
            break;
        const int target = current + 1;
        const std::string doing = "upgrade it to schema version " + std::to_string(target);
        for (const QString& statement : steps[static_cast<std::size_t>(current)])
            connection.run(statement, doing);
        connection.run(dialect::writeSchemaVersionStatement(target), doing);
        transaction.commit();
    }
}

// --- Writing audits -------------------------------------------------------------------------

// Prepares each insert once for all the audits of one addAudits() call.
class AuditWriter {
public:
    explicit AuditWriter(const Connection& connection)
        : m_connection(connection)
        , m_audit(prepare(QStringLiteral("INSERT INTO audits (name, organisation, audit_date, "
                                         "notes, workload, tensorrt, multi_node, source, "
                                         "imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, %1)%2")
                              .arg(dialect::currentUtcTimestamp(), dialect::returningIdClause())))
        , m_dimension(prepare(QStringLiteral(
              "INSERT INTO audit_dimensions (audit_id, dimension, tier, notes, proposed_tier, "
              "override_tier, override_reason) VALUES (?, ?, ?, ?, ?, ?, ?)")))
        , m_finding(prepare(QStringLiteral("INSERT INTO audit_findings (audit_id, dimension, "
                                           "rule_id, hits) VALUES (?, ?, ?, ?)")))
        , m_evidence(prepare(QStringLiteral(
              "INSERT INTO evidence (audit_id, dimension, ordinal, rule_id, severity, "
              "confidence, path, line, col, snippet, context, rocm_equivalent, mitigated_by) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")))
        , m_mitigation(prepare(QStringLiteral(
              "INSERT INTO mitigations (audit_id, dimension, ordinal, rule_id, path, line, "
              "snippet, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")))
        , m_notScanned(prepare(QStringLiteral("INSERT INTO audit_not_scanned (audit_id, "
                                              "ordinal, path, reason) VALUES (?, ?, ?, ?)"))) {}

    std::int64_t write(const Audit& audit, const std::string& source) {
        m_doing = "store the audit \"" + audit.name + "\"";
        const std::int64_t id = insertAudit(audit, source);
        for (const Dimension dimension : model::kAllDimensions)
            writeDimension(id, dimension, audit.dimension(dimension));
        for (std::size_t i = 0; i < audit.not_scanned.size(); ++i) {
            const model::SkippedFile& skipped = audit.not_scanned[i];
            bind(m_notScanned,
                 {sqlId(id), sqlOrdinal(i), sqlText(skipped.path), sqlText(skipped.reason)});
            m_connection.exec(m_notScanned, m_doing);
        }
        return id;
    }

private:
    QSqlQuery prepare(const QString& sql) const {
        return m_connection.prepare(sql, "prepare to store audits");
    }

    std::int64_t insertAudit(const Audit& audit, const std::string& source) {
        bind(m_audit, {sqlText(audit.name), sqlText(audit.organisation), sqlText(audit.date),
                       sqlText(audit.notes), sqlName(audit.workload), sqlFlag(audit.tensorrt),
                       sqlFlag(audit.multi_node), sqlText(source)});
        m_connection.exec(m_audit, m_doing);
        if (!m_connection.next(m_audit, m_doing))
            throw StoreError(Kind::Query, "store query failed: " + m_connection.displayPath() +
                                              " (" + m_doing + ": no id returned)");
        const std::int64_t id = m_audit.value(0).toLongLong();
        // An INSERT left open after its RETURNING row counts as in progress and blocks COMMIT.
        m_audit.finish();
        return id;
    }

    void writeDimension(std::int64_t id, Dimension dimension,
                        const DimensionAssessment& assessment) {
        const QVariant auditId = sqlId(id);
        const QVariant dimensionName = sqlName(dimension);
        const auto& override_ = assessment.override_tier;
        bind(m_dimension,
             {auditId, dimensionName, sqlName(assessment.tier), sqlText(assessment.notes),
              sqlNullableName(assessment.proposed_tier),
              sqlNullableName(override_ ? std::optional(override_->tier) : std::nullopt),
              sqlNullableText(override_ ? std::optional(override_->reason) : std::nullopt)});
        m_connection.exec(m_dimension, m_doing);

        for (const auto& [ruleId, hits] : assessment.findings) {
            bind(m_finding, {auditId, dimensionName, sqlText(ruleId), QVariant(hits)});
            m_connection.exec(m_finding, m_doing);
        }
        for (std::size_t i = 0; i < assessment.evidence.size(); ++i) {
            const model::EvidenceItem& item = assessment.evidence[i];
            bind(m_evidence, {auditId, dimensionName, sqlOrdinal(i), sqlText(item.rule_id),
                              sqlName(item.severity), sqlName(item.confidence), sqlText(item.path),
                              QVariant(item.line), sqlNullableInt(item.col), sqlText(item.snippet),
                              sqlName(item.context), sqlText(item.rocm_equivalent),
                              sqlNullableText(item.mitigated_by)});
            m_connection.exec(m_evidence, m_doing);
        }
        for (std::size_t i = 0; i < assessment.mitigations.size(); ++i) {
            const model::Mitigation& mitigation = assessment.mitigations[i];
            bind(m_mitigation, {auditId, dimensionName, sqlOrdinal(i), sqlText(mitigation.rule_id),
                                sqlText(mitigation.path), sqlNullableInt(mitigation.line),
                                sqlText(mitigation.snippet), sqlText(mitigation.note)});
            m_connection.exec(m_mitigation, m_doing);
        }
    }

    const Connection& m_connection;
    std::string m_doing;
    QSqlQuery m_audit;
    QSqlQuery m_dimension;
    QSqlQuery m_finding;
    QSqlQuery m_evidence;
    QSqlQuery m_mitigation;
    QSqlQuery m_notScanned;
};

// --- Reading audits -------------------------------------------------------------------------

constexpr std::string_view kReading = "read an audit";

QSqlQuery selectForAudit(const Connection& connection, const QString& sql, std::int64_t id) {
    QSqlQuery query = connection.prepare(sql, kReading);
    bind(query, {sqlId(id)});
    connection.exec(query, kReading);
    return query;
}

DimensionAssessment& assessmentOf(const Connection& connection, Audit& audit,
                                  const QVariant& dimension) {
    return audit.dimension(parseStored(connection, dimension, &model::parseDimension, "dimension"));
}

bool readHeader(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(connection,
                                     QStringLiteral("SELECT name, organisation, audit_date, notes, "
                                                    "workload, tensorrt, multi_node FROM audits "
                                                    "WHERE id = ?"),
                                     id);
    if (!connection.next(query, kReading))
        return false;
    audit.name = textOf(query.value(0));
    audit.organisation = textOf(query.value(1));
    audit.date = textOf(query.value(2));
    audit.notes = textOf(query.value(3));
    audit.workload = parseStored(connection, query.value(4), &model::parseWorkloadKind, "workload");
    audit.tensorrt = query.value(5).toInt() != 0;
    audit.multi_node = query.value(6).toInt() != 0;
    return true;
}

void readDimensions(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, tier, notes, proposed_tier, override_tier, "
                       "override_reason FROM audit_dimensions WHERE audit_id = ?"),
        id);
    while (connection.next(query, kReading)) {
        DimensionAssessment& assessment = assessmentOf(connection, audit, query.value(0));
        assessment.tier = parseStored(connection, query.value(1), &model::parseTier, "tier");
        assessment.notes = textOf(query.value(2));
        assessment.proposed_tier =
            parseNullableStored(connection, query.value(3), &model::parseTier, "tier");
        if (const auto tier =
                parseNullableStored(connection, query.value(4), &model::parseTier, "tier"))
            assessment.override_tier = model::TierOverride{*tier, textOf(query.value(5))};
    }
}

void readFindings(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, rule_id, hits FROM audit_findings WHERE audit_id = ?"),
        id);
    while (connection.next(query, kReading))
        assessmentOf(connection, audit, query.value(0)).findings[textOf(query.value(1))] =
            query.value(2).toInt();
}

void readEvidence(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, rule_id, severity, confidence, path, line, col, "
                       "snippet, context, rocm_equivalent, mitigated_by FROM evidence "
                       "WHERE audit_id = ? ORDER BY dimension, ordinal"),
        id);
    while (connection.next(query, kReading)) {
        model::EvidenceItem item;
        item.rule_id = textOf(query.value(1));
        item.severity = parseStored(connection, query.value(2), &model::parseLevel, "severity");
        item.confidence = parseStored(connection, query.value(3), &model::parseLevel, "confidence");
        item.path = textOf(query.value(4));
        item.line = query.value(5).toInt();
        item.col = nullableIntOf(query.value(6));
        item.snippet = textOf(query.value(7));
        item.context =
            parseStored(connection, query.value(8), &model::parseEvidenceContext, "context");
        item.rocm_equivalent = textOf(query.value(9));
        item.mitigated_by = nullableTextOf(query.value(10));
        assessmentOf(connection, audit, query.value(0)).evidence.push_back(std::move(item));
    }
}

void readMitigations(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(
        connection,
        QStringLiteral("SELECT dimension, rule_id, path, line, snippet, note FROM mitigations "
                       "WHERE audit_id = ? ORDER BY dimension, ordinal"),
        id);
    while (connection.next(query, kReading)) {
        model::Mitigation mitigation;
        mitigation.rule_id = textOf(query.value(1));
        mitigation.path = textOf(query.value(2));
        mitigation.line = nullableIntOf(query.value(3));
        mitigation.snippet = textOf(query.value(4));
        mitigation.note = textOf(query.value(5));
        assessmentOf(connection, audit, query.value(0))
            .mitigations.push_back(std::move(mitigation));
    }
}

void readNotScanned(const Connection& connection, std::int64_t id, Audit& audit) {
    QSqlQuery query = selectForAudit(connection,
                                     QStringLiteral("SELECT path, reason FROM audit_not_scanned "
                                                    "WHERE audit_id = ? ORDER BY ordinal"),
                                     id);
    while (connection.next(query, kReading))
        audit.not_scanned.push_back({textOf(query.value(0)), textOf(query.value(1))});
}

std::optional<Audit> readAudit(const Connection& connection, std::int64_t id) {
    Audit audit;
    if (!readHeader(connection, id, audit))
        return std::nullopt;
    readDimensions(connection, id, audit);
    readFindings(connection, id, audit);
    readEvidence(connection, id, audit);
    readMitigations(connection, id, audit);
    readNotScanned(connection, id, audit);
    return audit;
}

} // namespace

// --- Store ----------------------------------------------------------------------------------

struct Store::Impl {
    Impl(const QString& path, StoreOptions options)
        : m_connection(path, options) {}
    Connection m_connection;
};

Store Store::open(const QString& path, StoreOptions options) {
    if (options.busy_timeout_ms < 0)
        throw std::invalid_argument("Store::open: busy_timeout_ms must not be negative");
    prepareLocation(path);
    auto impl = std::make_unique<Impl>(path, options);
    Connection& connection = impl->m_connection;
    connection.open();
    // Everything up to enableWal() only reads, so a refused file is left byte for byte.
    checkIntegrity(connection);
    const int version = readSchemaVersion(connection);
    refuseNewer(connection, version);
    if (version == 0)
        refuseForeignDatabase(connection);
    enableWal(connection);
    migrate(connection);
    return Store(std::move(impl));
}

QString Store::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/crossgrade.sqlite");
}

int Store::latestSchemaVersion() {
    return static_cast<int>(migrations().size());
}

Store::Store(std::unique_ptr<Impl> impl)
    : m_impl(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

QString Store::path() const {
    return m_impl->m_connection.path();
}

int Store::schemaVersion() const {
    return readSchemaVersion(m_impl->m_connection);
}

std::vector<std::int64_t> Store::addAudits(const std::vector<model::Audit>& audits,
                                           const std::vector<std::string>& sources) {
    if (sources.size() != audits.size())
        throw std::invalid_argument("Store::addAudits: " + std::to_string(audits.size()) +
                                    " audits but " + std::to_string(sources.size()) + " sources");
    std::vector<std::int64_t> ids;
    if (audits.empty())
        return ids;
    const Connection& connection = m_impl->m_connection;
    Transaction transaction(connection, Transaction::Mode::Write);
    {
        // The writer's statements must be gone before COMMIT.
        AuditWriter writer(connection);
        ids.reserve(audits.size());
        for (std::size_t i = 0; i < audits.size(); ++i)
            ids.push_back(writer.write(audits[i], sources[i]));
    }
    transaction.commit();
    return ids;
}

std::int64_t Store::addAudit(const model::Audit& audit, const std::string& source) {
    return addAudits({audit}, {source}).front();
}

std::optional<model::Audit> Store::audit(std::int64_t id) const {
    const Connection& connection = m_impl->m_connection;
    // One snapshot, so an audit removed by another process meanwhile is not read half.
    Transaction transaction(connection, Transaction::Mode::Read);
    std::optional<model::Audit> audit = readAudit(connection, id);
    transaction.commit();
    return audit;
}

std::vector<AuditSummary> Store::audits() const {
    const Connection& connection = m_impl->m_connection;
    const std::string_view doing = "list the audits";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT a.id, a.name, a.organisation, a.audit_date, a.workload, a.source, "
                       "a.imported_at, (SELECT COUNT(*) FROM audit_dimensions d "
                       "WHERE d.audit_id = a.id AND d.tier = ?) FROM audits a ORDER BY a.id"),
        doing);
    bind(query, {sqlName(model::Tier::High)});
    connection.exec(query, doing);
    std::vector<AuditSummary> summaries;
    while (connection.next(query, doing)) {
        AuditSummary summary;
        summary.id = query.value(0).toLongLong();
        summary.name = textOf(query.value(1));
        summary.organisation = textOf(query.value(2));
        summary.date = textOf(query.value(3));
        summary.workload =
            parseStored(connection, query.value(4), &model::parseWorkloadKind, "workload");
        summary.source = textOf(query.value(5));
        summary.imported_at = textOf(query.value(6));
        summary.high_count = query.value(7).toInt();
        summaries.push_back(std::move(summary));
    }
    return summaries;
}

bool Store::removeAudit(std::int64_t id) {
    const Connection& connection = m_impl->m_connection;
    const std::string_view doing = "remove an audit";
    Transaction transaction(connection, Transaction::Mode::Write);
    bool removed = false;
    {
        // Its dimensions, evidence, findings and mitigations go with it (ON DELETE CASCADE).
        QSqlQuery query =
            connection.prepare(QStringLiteral("DELETE FROM audits WHERE id = ?"), doing);
        bind(query, {sqlId(id)});
        connection.exec(query, doing);
        removed = query.numRowsAffected() > 0;
    }
    transaction.commit();
    return removed;
}

} // namespace crossgrade::data
