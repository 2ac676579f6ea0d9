// The SQLite store: schema versions, refusing files it must not touch, round trips,
// all-or-nothing writes and the lock another process can hold.

#include "raw_db.h"
#include "store.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>
#include <sys/stat.h>

using crossgrade::data::Store;
using crossgrade::data::StoreError;
using crossgrade::data::StoreOptions;
namespace model = crossgrade::model;

Q_DECLARE_METATYPE(model::Audit)

namespace {

using crossgrade::testing::RawDb;

const QStringList kTables{QStringLiteral("audits"),         QStringLiteral("audit_dimensions"),
                          QStringLiteral("audit_findings"), QStringLiteral("evidence"),
                          QStringLiteral("mitigations"),    QStringLiteral("audit_not_scanned")};

std::optional<StoreError> storeErrorFrom(const std::function<void()>& action) {
    try {
        action();
    } catch (const StoreError& error) {
        return error;
    }
    return std::nullopt;
}

QByteArray readBytes(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void writeBytes(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        throw std::runtime_error("cannot write " + path.toStdString());
}

// A real SQLite file (header written) with user_version 0 and no tables.
void makeEmptySqliteFile(const QString& path) {
    RawDb raw(path);
    raw.exec(QStringLiteral("CREATE TABLE scratch (x)"));
    raw.exec(QStringLiteral("DROP TABLE scratch"));
}

// model::toString() returns a string_view, which QCOMPARE cannot print.
QString workloadName(model::WorkloadKind kind) {
    const std::string_view name = model::toString(kind);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

int storeConnections() {
    int n = 0;
    for (const QString& name : QSqlDatabase::connectionNames())
        n += name.startsWith(QLatin1String("crossgrade-store-")) ? 1 : 0;
    return n;
}

model::EvidenceItem evidence(std::string rule, model::Level severity, model::Level confidence,
                             std::string path, int line, std::optional<int> col,
                             model::EvidenceContext context,
                             std::optional<std::string> mitigatedBy) {
    model::EvidenceItem item;
    item.rule_id = std::move(rule);
    item.severity = severity;
    item.confidence = confidence;
    item.path = std::move(path);
    item.line = line;
    item.col = col;
    item.snippet = "snippet of " + item.path;
    item.context = context;
    item.rocm_equivalent = "hipLaunchKernelGGL";
    item.mitigated_by = std::move(mitigatedBy);
    return item;
}

// Every field set, optionals both present and absent, text that would break naive SQL.
model::Audit richAudit(const std::string& name = "Acme inference fleet") {
    using model::Dimension;
    using model::EvidenceContext;
    using model::Level;
    using model::Tier;
    model::Audit audit;
    audit.name = name;
    audit.organisation = "Acme GmbH — ML platform ✓";
    audit.date = "2026-11-02";
    audit.notes = "Line one\nLine 'two'; DROP TABLE audits; -- \"quoted\"";
    audit.workload = model::WorkloadKind::Mixed;
    audit.tensorrt = true;
    audit.multi_node = true;

    auto& kernels = audit.dimension(Dimension::CustomKernels);
    kernels.tier = Tier::High;
    kernels.notes = "Hand-written attention kernels.";
    kernels.proposed_tier = Tier::Medium;
    kernels.override_tier = model::TierOverride{Tier::High, "reviewer saw inline PTX"};
    kernels.findings = {{"cuda.kernel_launch", 12}, {"cuda.inline_ptx", 1}};
    kernels.evidence = {
        evidence("cuda.kernel_launch", Level::High, Level::High, "src/attn.cu", 42, 7,
                 EvidenceContext::Code, "hipify.cfg"),
        evidence("cuda.kernel_launch", Level::High, Level::Medium, "src/attn.cu", 9, std::nullopt,
                 EvidenceContext::Code, std::nullopt),
        evidence("cuda.inline_ptx", Level::Medium, Level::Low, "src/ptx.cuh", 3, 0,
                 EvidenceContext::Comment, std::string()), // present but empty
    };
    kernels.mitigations = {
        {"rocm.hip_port", "src/attn.hip", 40, "#include <hip/hip_runtime.h>", "HIP port exists"},
        {"rocm.ci_job", ".gitlab-ci.yml", std::nullopt, "rocm:", ""},
    };

    auto& libraries = audit.dimension(Dimension::Libraries);
    libraries.tier = Tier::Medium;
    libraries.proposed_tier = Tier::Medium;
    libraries.findings = {{"lib.cudnn", 4}};
    libraries.evidence = {evidence("lib.cudnn", Level::Low, Level::High, "third_party/x/y.cc", 1, 1,
                                   EvidenceContext::Vendored, std::nullopt)};

    auto& team = audit.dimension(Dimension::TeamKnowledge);
    team.tier = Tier::Low;
    team.notes = "Two engineers know HIP.";
    team.override_tier = model::TierOverride{Tier::Low, ""};

    audit.not_scanned = {{"data/huge.bin", "larger than 10 MiB"}, {"secret/", "permission denied"}};
    return audit;
}

// Each tier, level, context and workload at least once, so the schema's CHECK lists and the
// model's names cannot drift apart unnoticed.
model::Audit everyNameAudit(model::WorkloadKind workload) {
    model::Audit audit;
    audit.name = "every name";
    audit.workload = workload;
    const std::array tiers{model::Tier::Low, model::Tier::Medium, model::Tier::High};
    const std::array levels{model::Level::Low, model::Level::Medium, model::Level::High};
    const std::array contexts{model::EvidenceContext::Code,      model::EvidenceContext::Comment,
                              model::EvidenceContext::Docstring, model::EvidenceContext::Test,
                              model::EvidenceContext::Benchmark, model::EvidenceContext::Example,
                              model::EvidenceContext::Vendored};
    for (std::size_t d = 0; d < model::kDimensionCount; ++d) {
        auto& assessment = audit.dimensions[d];
        assessment.tier = tiers[d % tiers.size()];
        assessment.proposed_tier = tiers[(d + 1) % tiers.size()];
        assessment.override_tier = model::TierOverride{tiers[(d + 2) % tiers.size()], "why"};
    }
    auto& evidenceList = audit.dimension(model::Dimension::Toolchain).evidence;
    for (std::size_t i = 0; i < contexts.size(); ++i)
        evidenceList.push_back(evidence("rule." + std::to_string(i), levels[i % levels.size()],
                                        levels[(i + 1) % levels.size()], "f" + std::to_string(i),
                                        static_cast<int>(i) + 1, std::nullopt, contexts[i],
                                        std::nullopt));
    return audit;
}

} // namespace

class TestStore : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_fileCount = 0;

    QString freshPath() {
        return m_dir.filePath(QStringLiteral("store-%1.sqlite").arg(++m_fileCount));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void createsEmptyStoreAtLatestVersion() {
        QVERIFY(Store::latestSchemaVersion() >= 1);
        const QString path = m_dir.filePath(QStringLiteral("nested/folders/crossgrade.sqlite"));
        {
            Store store = Store::open(path);
            QCOMPARE(store.path(), path);
            QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
            QVERIFY(store.audits().empty());
        }
        RawDb raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(),
                 Store::latestSchemaVersion());
        // journal_mode=WAL is stored in the file; a new connection sees it.
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA journal_mode")).toString(),
                 QStringLiteral("wal"));
        for (const QString& table : kTables)
            QCOMPARE(raw.count(table), 0);
        // foreign_keys is per connection, so it is shown by behaviour: removeAuditCascades().
    }

    void ownsOneNamedConnection() {
        const QString path = freshPath();
        QCOMPARE(storeConnections(), 0);
        {
            Store first = Store::open(path);
            Store second = Store::open(path);
            QCOMPARE(storeConnections(), 2);
            Store moved = std::move(first);
            QCOMPARE(storeConnections(), 2);
            second = std::move(moved); // second's own connection is released here
            QCOMPARE(storeConnections(), 1);
            QCOMPARE(second.path(), path);
            QCOMPARE(second.schemaVersion(), Store::latestSchemaVersion());
        }
        QCOMPARE(storeConnections(), 0);
        // A refused open leaves no connection behind either.
        const QString text = freshPath();
        writeBytes(text, "not a database");
        QVERIFY(storeErrorFrom([&] { Store::open(text); }));
        const QString newer = freshPath();
        {
            RawDb raw(newer);
            raw.exec(
                QStringLiteral("PRAGMA user_version = %1").arg(Store::latestSchemaVersion() + 1));
        }
        QVERIFY(storeErrorFrom([&] { Store::open(newer); }));
        QCOMPARE(storeConnections(), 0);
    }

    void migratesOlderFile_data() {
        QTest::addColumn<QString>("start");
        QTest::newRow("no file") << "none";
        QTest::newRow("zero-byte file") << "zero-byte";
        QTest::newRow("SQLite file at user_version 0, no tables") << "empty-sqlite";
    }
    void migratesOlderFile() {
        QFETCH(QString, start);
        const QString path = freshPath();
        if (start == QLatin1String("zero-byte"))
            writeBytes(path, {});
        if (start == QLatin1String("empty-sqlite")) {
            makeEmptySqliteFile(path);
            QVERIFY(readBytes(path).startsWith(QByteArray("SQLite format 3", 16)));
            RawDb raw(path);
            QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), 0);
        }

        const model::Audit audit = richAudit();
        std::int64_t id = 0;
        {
            Store store = Store::open(path);
            QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
            id = store.addAudit(audit, "audit.json");
        }
        QStringList schemaAfterMigration;
        {
            RawDb raw(path);
            QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(),
                     Store::latestSchemaVersion());
            schemaAfterMigration = raw.schema();
        }
        QVERIFY(schemaAfterMigration.size() >= kTables.size());

        // Reopening a current store changes nothing and keeps the data.
        Store store = Store::open(path);
        QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
        QCOMPARE(store.audits().size(), std::size_t{1});
        QCOMPARE(store.audit(id), std::optional(audit));
        RawDb raw(path);
        QCOMPARE(raw.schema(), schemaAfterMigration);
    }

    void refusesNewerStore() {
        const QString path = freshPath();
        const int newer = Store::latestSchemaVersion() + 1;
        {
            RawDb raw(path);
            raw.exec(QStringLiteral("CREATE TABLE audits (id INTEGER PRIMARY KEY, future TEXT)"));
            raw.exec(QStringLiteral("INSERT INTO audits (future) VALUES ('from the future')"));
            raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(newer));
        }
        const QByteArray before = readBytes(path);
        QVERIFY(!before.isEmpty());

        const auto error = storeErrorFrom([&] { Store::open(path); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::NewerVersion);
        const QString message = QString::fromStdString(error->what());
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("was made by a newer Crossgrade (schema version "
                                                 "%1; this one reads up to %2)")
                                      .arg(newer)
                                      .arg(Store::latestSchemaVersion())),
                 qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("not opened for writing")), qPrintable(message));
        QCOMPARE(readBytes(path), before);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    }

    void refusesFileItMustNotTouch_data() {
        QTest::addColumn<QString>("maker");
        QTest::addColumn<QString>("phrase");
        // Refused on its first bytes, before the SQLite driver sees it.
        QTest::newRow("text file") << "text"
                                   << "not a Crossgrade store (not an SQLite database)";
        QTest::newRow("shorter than the SQLite header")
            << "short"
            << "not a Crossgrade store (not an SQLite database)";
        QTest::newRow("SQLite header, garbage after it") << "garbage"
                                                         << "damaged";
        QTest::newRow("damaged SQLite page") << "damaged-page"
                                             << "damaged";
        QTest::newRow("another program's SQLite database") << "foreign"
                                                           << "another program";
    }
    void refusesFileItMustNotTouch() {
        QFETCH(QString, maker);
        QFETCH(QString, phrase);
        const QString path = freshPath();
        if (maker == QLatin1String("text")) {
            writeBytes(path, "name,tier\nacme,high\n");
        } else if (maker == QLatin1String("short")) {
            writeBytes(path, "SQLite");
        } else if (maker == QLatin1String("garbage")) {
            writeBytes(path, QByteArray("SQLite format 3", 16) + QByteArray(4080, 'x'));
        } else if (maker == QLatin1String("damaged-page")) {
            {
                RawDb raw(path);
                raw.exec(QStringLiteral("CREATE TABLE t (x TEXT)"));
                raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                                        "FROM n WHERE i < 500) INSERT INTO t SELECT "
                                        "printf('%0200d', i) FROM n"));
            }
            QByteArray bytes = readBytes(path);
            QVERIFY(bytes.size() > 3 * 4096);
            bytes.replace(4096, 4096, QByteArray(4096, '\xff')); // page 2: t's root
            writeBytes(path, bytes);
        } else if (maker == QLatin1String("foreign")) {
            RawDb raw(path);
            raw.exec(QStringLiteral("CREATE TABLE bookmarks (url TEXT)"));
            raw.exec(QStringLiteral("INSERT INTO bookmarks VALUES ('https://example.org')"));
        }
        const QByteArray before = readBytes(path);

        const auto error = storeErrorFrom([&] { Store::open(path); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Corrupt);
        const QString message = QString::fromStdString(error->what());
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(phrase), qPrintable(message));
        // And what to do about it.
        QVERIFY2(
            message.contains(QLatin1String("choose another"), Qt::CaseInsensitive) ||
                message.contains(QLatin1String("restore it from a backup"), Qt::CaseInsensitive),
            qPrintable(message));
        QCOMPARE(readBytes(path), before);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    }

    void reportsUnusablePathAsIo_data() {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<QString>("advice");
        QTest::newRow("parent is a file")
            << "plain-file/store.sqlite"
            << "Check the path (a part of it may be a file) and that you may create folders there.";
        QTest::newRow("path is a folder")
            << "a-folder"
            << "is a folder, not a file: %ROOT/a-folder. Give the path of a store file, e.g. "
               "%ROOT/a-folder/crossgrade.sqlite.";
    }
    void reportsUnusablePathAsIo() {
        QFETCH(QString, relative);
        const QString root = m_dir.filePath(QStringLiteral("io-%1").arg(++m_fileCount));
        QVERIFY(QDir().mkpath(root + QStringLiteral("/a-folder")));
        writeBytes(root + QStringLiteral("/plain-file"), "x");
        const QString path = root + QLatin1Char('/') + relative;

        const auto error = storeErrorFrom([&] { Store::open(path); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Io);
        QVERIFY2(QString::fromStdString(error->what()).contains(root), error->what());
        QFETCH(QString, advice);
        QVERIFY2(QString::fromStdString(error->what()).contains(advice.replace("%ROOT", root)),
                 error->what());
    }

    void roundTrip_data() {
        QTest::addColumn<model::Audit>("audit");
        QTest::addColumn<int>("highCount");
        QTest::newRow("minimal (all defaults, empty texts)") << model::Audit{} << 0;
        QTest::newRow("rich") << richAudit() << 1;
        for (const model::WorkloadKind workload : model::kAllWorkloadKinds)
            QTest::newRow(("every name, " + std::string(model::toString(workload))).c_str())
                << everyNameAudit(workload) << 2;
    }
    void roundTrip() {
        QFETCH(model::Audit, audit);
        QFETCH(int, highCount);
        const QString path = freshPath();
        const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
        std::int64_t id = 0;
        {
            Store store = Store::open(path);
            id = store.addAudit(audit, "imports/audit.json");
            QCOMPARE(store.audit(id), std::optional(audit));
        }
        // ... and from a fresh connection, so nothing came from a cache.
        Store store = Store::open(path);
        const std::optional<model::Audit> stored = store.audit(id);
        QVERIFY(stored);
        QCOMPARE(*stored == audit, true);

        const auto summaries = store.audits();
        QCOMPARE(summaries.size(), std::size_t{1});
        const auto& summary = summaries.front();
        QCOMPARE(summary.id, id);
        QCOMPARE(summary.name, audit.name);
        QCOMPARE(summary.organisation, audit.organisation);
        QCOMPARE(summary.date, audit.date);
        QCOMPARE(workloadName(summary.workload), workloadName(audit.workload));
        QCOMPARE(summary.high_count, highCount);
        QCOMPARE(summary.high_count, audit.profile().highCount());
        QCOMPARE(summary.source, std::string("imports/audit.json"));
        const QString importedAt = QString::fromStdString(summary.imported_at);
        QVERIFY2(QRegularExpression(QStringLiteral(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$)"))
                     .match(importedAt)
                     .hasMatch(),
                 qPrintable(importedAt));
        const QDateTime imported = QDateTime::fromString(importedAt, Qt::ISODate);
        QVERIFY(imported.isValid());
        QVERIFY(imported >= before);
        QVERIFY(imported <= QDateTime::currentDateTimeUtc().addSecs(1));
    }

    void addAuditsKeepsOrderAndSources() {
        Store store = Store::open(freshPath());
        const std::vector<model::Audit> audits{richAudit("a"), model::Audit{}, richAudit("c")};
        const std::vector<std::int64_t> ids = store.addAudits(audits, {"a.json", "", "c.json"});
        QCOMPARE(ids.size(), audits.size());
        QVERIFY(ids[0] < ids[1] && ids[1] < ids[2]);
        for (std::size_t i = 0; i < ids.size(); ++i)
            QCOMPARE(store.audit(ids[i]), std::optional(audits[i]));
        const auto summaries = store.audits();
        QCOMPARE(summaries.size(), std::size_t{3});
        QCOMPARE(summaries[0].source, std::string("a.json"));
        QCOMPARE(summaries[1].source, std::string());
        QCOMPARE(summaries[2].id, ids[2]);
        QVERIFY(store.addAudits({}, {}).empty());
    }

    void addAuditsRejectsMismatchedSources() {
        const QString path = freshPath();
        Store store = Store::open(path);
        store.addAudit(richAudit());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 store.addAudits({richAudit(), richAudit()}, {"only one"}));
        QCOMPARE(store.audits().size(), std::size_t{1});
    }

    void addAuditsIsAllOrNothing_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("condition");
        QTest::newRow("second audit's row") << "audits"
                                            << "NEW.name = 'poison'";
        QTest::newRow("second audit's evidence") << "evidence"
                                                 << "NEW.rule_id = 'poison.rule'";
        QTest::newRow("second audit's mitigation") << "mitigations"
                                                   << "NEW.note = 'poison'";
        QTest::newRow("second audit's last not-scanned file") << "audit_not_scanned"
                                                              << "NEW.path = 'poison/path'";
    }
    void addAuditsIsAllOrNothing() {
        QFETCH(QString, table);
        QFETCH(QString, condition);
        const QString path = freshPath();
        Store store = Store::open(path);
        store.addAudit(richAudit("already there"));

        model::Audit poisoned = richAudit("poison");
        poisoned.dimension(model::Dimension::Libraries).evidence.front().rule_id = "poison.rule";
        poisoned.dimension(model::Dimension::CustomKernels).mitigations.back().note = "poison";
        poisoned.not_scanned.push_back({"poison/path", "last"});
        const std::vector<model::Audit> batch{richAudit("first of the batch"), poisoned};

        RawDb raw(path);
        raw.exec(QStringLiteral("CREATE TRIGGER refuse_poison BEFORE INSERT ON %1 WHEN %2 "
                                "BEGIN SELECT RAISE(ABORT, 'poisoned row refused'); END")
                     .arg(table, condition));
        const std::map<QString, int> before = raw.counts(kTables);

        const auto error = storeErrorFrom([&] { store.addAudits(batch, {"one", "two"}); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Query);
        QVERIFY2(QString::fromStdString(error->what()).contains("poisoned row refused"),
                 error->what());
        QCOMPARE(raw.counts(kTables), before);
        QCOMPARE(store.audits().size(), std::size_t{1});

        // Nothing was left half-open: the same batch goes in once the trigger is gone.
        raw.exec(QStringLiteral("DROP TRIGGER refuse_poison"));
        const auto ids = store.addAudits(batch, {"one", "two"});
        QCOMPARE(store.audit(ids[1]), std::optional(poisoned));
        QCOMPARE(store.audits().size(), std::size_t{3});
    }

    void twoStoresOnOneFileSeeEachOther() {
        const QString path = freshPath();
        Store first = Store::open(path);
        Store second = Store::open(path);
        const model::Audit audit = richAudit();
        const std::int64_t id = first.addAudit(audit, "from first");

        QCOMPARE(second.audit(id), std::optional(audit));
        QCOMPARE(second.audits().size(), std::size_t{1});
        QCOMPARE(second.audits().front().source, std::string("from first"));

        QVERIFY(second.removeAudit(id));
        QCOMPARE(first.audit(id), std::nullopt);
        QVERIFY(first.audits().empty());
    }

    void reportsLockHeldByAnotherProcess() {
        const QString path = freshPath();
        const std::int64_t existing = Store::open(path).addAudit(richAudit("existing"));
        constexpr int kTimeoutMs = 200;
        Store store = Store::open(path, StoreOptions{kTimeoutMs});

        RawDb other(path);
        other.exec(QStringLiteral("BEGIN IMMEDIATE")); // holds the write lock
        const auto countsWhileLocked = other.counts(kTables);

        QElapsedTimer waited;
        waited.start();
        const auto error = storeErrorFrom([&] { store.addAudit(richAudit("blocked")); });
        const qint64 elapsed = waited.elapsed();
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Locked);
        const QString message = QString::fromStdString(error->what());
        QVERIFY2(message.contains(QLatin1String("store is locked by another process")),
                 qPrintable(message));
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("waited 200 ms")), qPrintable(message));
        // It waited for the lock (the busy timeout), but not for the driver's 5 s default.
        QVERIFY2(elapsed >= kTimeoutMs - 50 && elapsed < 3000,
                 qPrintable(QString::number(elapsed)));

        const auto removeError = storeErrorFrom([&] { store.removeAudit(existing); });
        QVERIFY(removeError);
        QCOMPARE(removeError->kind(), StoreError::Kind::Locked);
        // Readers are not blocked by a writer (WAL).
        QCOMPARE(store.audits().size(), std::size_t{1});
        QVERIFY(store.audit(existing));
        QCOMPARE(other.counts(kTables), countsWhileLocked);

        other.exec(QStringLiteral("ROLLBACK"));
        const std::int64_t id = store.addAudit(richAudit("after the lock"));
        QCOMPARE(store.audit(id)->name, std::string("after the lock"));
        QVERIFY(store.removeAudit(existing));
    }

    void reportsLockWhileUpgrading() {
        // A file that still needs its schema cannot be upgraded while someone else writes.
        const QString path = freshPath();
        makeEmptySqliteFile(path);
        RawDb other(path);
        other.exec(QStringLiteral("BEGIN IMMEDIATE"));
        const auto error = storeErrorFrom([&] { Store::open(path, StoreOptions{100}); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Locked);
        QVERIFY2(QString::fromStdString(error->what())
                     .contains(QLatin1String("store is locked by another process")),
                 error->what());
        other.exec(QStringLiteral("ROLLBACK"));
        QCOMPARE(Store::open(path).schemaVersion(), Store::latestSchemaVersion());
    }

    void removeAuditCascades() {
        const QString path = freshPath();
        Store store = Store::open(path);
        const std::int64_t kept = store.addAudit(richAudit("kept"));
        const std::int64_t removed = store.addAudit(richAudit("removed"));
        RawDb raw(path);
        const std::map<QString, int> withBoth = raw.counts(kTables);
        for (const QString& table : kTables)
            QVERIFY2(withBoth.at(table) > 0, qPrintable(table));

        QVERIFY(store.removeAudit(removed));

        // The store deletes only the audits row; the rest going too shows foreign keys are on.
        const std::map<QString, int> withOne = raw.counts(kTables);
        for (const QString& table : kTables)
            QCOMPARE(withOne.at(table) * 2, withBoth.at(table));
        QCOMPARE(
            raw.scalar(
                   QStringLiteral("SELECT COUNT(*) FROM evidence WHERE audit_id = %1").arg(removed))
                .toInt(),
            0);
        QCOMPARE(store.audit(removed), std::nullopt);
        QCOMPARE(store.audit(kept), std::optional(richAudit("kept")));

        QVERIFY(!store.removeAudit(removed));
        QVERIFY(!store.removeAudit(987654));
        QCOMPARE(store.audit(987654), std::nullopt);
        QCOMPARE(raw.counts(kTables), withOne);
    }

    // Bug (issue 20): the migrations are indexed by the schema version, and a negative one read
    // before their start: a segfault in the CLI and the app, even on a file without tables.
    void bug_negativeUserVersionSegfaulted_data() {
        QTest::addColumn<bool>("tables");
        QTest::addColumn<int>("version");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("phrase");
        const QString unknown = QStringLiteral(
            ": the store's schema version %1 is not one Crossgrade writes; restore it from a "
            "backup, or choose another store file.");
        const int corrupt = int(StoreError::Kind::Corrupt);
        const int newer = int(StoreError::Kind::NewerVersion);
        QTest::newRow("-5, a store's tables") << true << -5 << corrupt << unknown.arg(-5);
        QTest::newRow("-5, no tables") << false << -5 << corrupt << unknown.arg(-5);
        QTest::newRow("-1, no tables") << false << -1 << corrupt << unknown.arg(-1);
        QTest::newRow("INT_MIN") << false << std::numeric_limits<int>::min() << corrupt
                                 << unknown.arg(std::numeric_limits<int>::min());
        const int far = Store::latestSchemaVersion() + 1000;
        QTest::newRow("far above the latest")
            << true << far << newer
            << QStringLiteral("was made by a newer Crossgrade (schema version %1;").arg(far);
        QTest::newRow("INT_MAX")
            << false << std::numeric_limits<int>::max() << newer
            << QStringLiteral("(schema version %1;").arg(std::numeric_limits<int>::max());
    }
    void bug_negativeUserVersionSegfaulted() {
        QFETCH(bool, tables);
        QFETCH(int, version);
        QFETCH(int, kind);
        QFETCH(QString, phrase);
        const QString path = freshPath();
        if (tables) {
            Store::open(path).addAudit(richAudit());
        } else {
            makeEmptySqliteFile(path);
        }
        {
            RawDb raw(path);
            raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(version));
        }
        const QByteArray before = readBytes(path);

        const auto error = storeErrorFrom([&] { Store::open(path); });
        QVERIFY(error);
        QCOMPARE(int(error->kind()), kind);
        const QString message = QString::fromStdString(error->what());
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(phrase), qPrintable(message));
        QCOMPARE(readBytes(path), before);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
        QCOMPARE(storeConnections(), 0);
    }

    // Bug (issue 20): `--db /dev/null` was handed to SQLite, which made /dev/null-journal beside
    // it; a FIFO blocked. Anything but a regular file is refused before the driver sees it.
    void bug_devNullStoreLeftAJournal_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("/dev/null") << QStringLiteral("/dev/null");
        QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero");
        QTest::newRow("a FIFO") << QStringLiteral("fifo");
    }
    void bug_devNullStoreLeftAJournal() {
        QFETCH(QString, path);
        if (path == QLatin1String("fifo")) {
            path = m_dir.filePath(QStringLiteral("fifo-%1").arg(++m_fileCount));
            QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        }
        QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));

        const auto error = storeErrorFrom([&] { Store::open(path); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Io);
        const QString message = QString::fromStdString(error->what());
        QVERIFY2(message.contains(QStringLiteral("the store path is not a regular file (a device, "
                                                 "pipe or socket): %1. Give the path of a store "
                                                 "file")
                                      .arg(path)),
                 qPrintable(message));
        for (const char* suffix : {"-journal", "-wal", "-shm"})
            QVERIFY2(!QFile::exists(path + QLatin1String(suffix)), suffix);
        QCOMPARE(storeConnections(), 0);
    }

    // Bug (issue 20): a store on a read-only disk or in a folder Crossgrade may not write was
    // reported as "cannot read or write the store: … (check its integrity: …)", which sends the
    // user looking for damage. The tests run as root, where permission bits do not stop a write:
    // a read-only mount and the immutable attribute do.
    void bug_readOnlyStoreSaidCheckItsIntegrity_data() {
        QTest::addColumn<QString>("how");
        QTest::addColumn<bool>("exists");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("read-only disk, existing store")
            << "ro-mount" << true << QStringLiteral("the store file %PATH is read-only");
        QTest::newRow("read-only disk, new store")
            << "ro-mount" << false
            << QStringLiteral("cannot create the store %PATH: its folder %FOLDER is not writable");
        QTest::newRow("immutable store file")
            << "immutable-file" << true << QStringLiteral("the store file %PATH is read-only");
        QTest::newRow("immutable folder, existing store")
            << "immutable-folder" << true
            << QStringLiteral("the folder %FOLDER of the store %PATH is not writable");
        QTest::newRow("immutable folder, new store")
            << "immutable-folder" << false
            << QStringLiteral("cannot create the store %PATH: its folder %FOLDER is not writable");
    }
    void bug_readOnlyStoreSaidCheckItsIntegrity() {
        QFETCH(QString, how);
        QFETCH(bool, exists);
        QFETCH(QString, phrase);
        const QString folder = m_dir.filePath(QStringLiteral("ro-%1").arg(++m_fileCount));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/crossgrade.sqlite");
        // Undone whatever happens, so the temporary folder can be removed.
        std::vector<QStringList> undo;
        const auto cleanup = qScopeGuard([&] {
            for (auto it = undo.rbegin(); it != undo.rend(); ++it)
                QProcess::execute(it->front(), it->mid(1));
        });
        const auto run = [](const QString& program, const QStringList& args) {
            QProcess p;
            p.start(program, args);
            return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit &&
                   p.exitCode() == 0;
        };
        if (how == QLatin1String("ro-mount")) {
            if (!run(QStringLiteral("mount"), {"-t", "tmpfs", "-o", "size=4m", "tmpfs", folder}))
                QSKIP("cannot mount a tmpfs here (the test needs root in a namespace that may "
                      "mount)");
            undo.push_back({"umount", folder});
        }
        if (exists) {
            Store::open(path).addAudit(richAudit());
            QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
        }
        if (how == QLatin1String("ro-mount")) {
            QVERIFY(run(QStringLiteral("mount"), {"-o", "remount,ro", folder}));
        } else {
            const QString target = how == QLatin1String("immutable-file") ? path : folder;
            if (!run(QStringLiteral("chattr"), {"+i", target}))
                QSKIP("chattr +i is not available here (needs root and a file system with the "
                      "immutable attribute)");
            undo.push_back({"chattr", "-i", target});
        }
        const QByteArray before = readBytes(path);

        const auto error = storeErrorFrom([&] { Store::open(path); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Io);
        const QString message = QString::fromStdString(error->what());
        QVERIFY2(message.contains(phrase.replace("%PATH", path).replace("%FOLDER", folder)),
                 qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("integrity")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("Make the")), qPrintable(message));
        QCOMPARE(readBytes(path), before);
        QCOMPARE(QFile::exists(path), exists);
        QCOMPARE(storeConnections(), 0);
    }

    void defaultPathIsInAppData() {
        const QString path = Store::defaultPath();
        QVERIFY2(path.endsWith(QLatin1String("/crossgrade/crossgrade.sqlite")), qPrintable(path));
        QVERIFY2(QDir::isAbsolutePath(path), qPrintable(path));
    }

    // Bug: the desktop application names an organisation (for its settings) and so looked
    // for the default store elsewhere than the CLI; both must open the same one.
    void defaultStoreIsTheSameForCliAndApp() {
        const QString organisation = QCoreApplication::organizationName();
        const QString application = QCoreApplication::applicationName();
        QCoreApplication::setOrganizationName(QString());
        QCoreApplication::setApplicationName(QStringLiteral("crossgrade"));
        const QString cli = Store::defaultPath();
        QCoreApplication::setOrganizationName(QStringLiteral("Crossgrade"));
        const QString app = Store::defaultPath();
        QCoreApplication::setOrganizationName(organisation);
        QCoreApplication::setApplicationName(application);
        QCOMPARE(app, cli);
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
