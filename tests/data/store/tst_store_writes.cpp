// Writing a store: audits round-trip, writes are all or nothing, two stores and the lock.

#include "raw_db.h"
#include "store.h"
#include "tst_store.h"
#include "tst_store_helpers.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>
#include <map>

using crossgrade::data::Store;
using crossgrade::data::StoreError;
using crossgrade::data::StoreOptions;
namespace model = crossgrade::model;
using namespace crossgrade::testing;

Q_DECLARE_METATYPE(model::Audit)

namespace {

// model::toString() returns a string_view, which QCOMPARE cannot print.
QString workloadName(model::WorkloadKind kind) {
    const std::string_view name = model::toString(kind);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
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

void TestStore::roundTrip_data() {
    QTest::addColumn<model::Audit>("audit");
    QTest::addColumn<int>("highCount");
    QTest::newRow("minimal (all defaults, empty texts)") << model::Audit{} << 0;
    QTest::newRow("rich") << richAudit() << 1;
    for (const model::WorkloadKind workload : model::kAllWorkloadKinds)
        QTest::newRow(("every name, " + std::string(model::toString(workload))).c_str())
            << everyNameAudit(workload) << 2;
}

void TestStore::roundTrip() {
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

void TestStore::addAuditsKeepsOrderAndSources() {
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

void TestStore::addAuditsRejectsMismatchedSources() {
    const QString path = freshPath();
    Store store = Store::open(path);
    store.addAudit(richAudit());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             store.addAudits({richAudit(), richAudit()}, {"only one"}));
    QCOMPARE(store.audits().size(), std::size_t{1});
}

void TestStore::addAuditsIsAllOrNothing_data() {
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

void TestStore::addAuditsIsAllOrNothing() {
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
    QVERIFY2(QString::fromStdString(error->what()).contains("poisoned row refused"), error->what());
    QCOMPARE(raw.counts(kTables), before);
    QCOMPARE(store.audits().size(), std::size_t{1});

    // Nothing was left half-open: the same batch goes in once the trigger is gone.
    raw.exec(QStringLiteral("DROP TRIGGER refuse_poison"));
    const auto ids = store.addAudits(batch, {"one", "two"});
    QCOMPARE(store.audit(ids[1]), std::optional(poisoned));
    QCOMPARE(store.audits().size(), std::size_t{3});
}

void TestStore::twoStoresOnOneFileSeeEachOther() {
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

void TestStore::reportsLockHeldByAnotherProcess() {
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
    QVERIFY2(elapsed >= kTimeoutMs - 50 && elapsed < 3000, qPrintable(QString::number(elapsed)));

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

void TestStore::reportsLockWhileUpgrading() {
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

void TestStore::removeAuditCascades() {
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
        raw.scalar(QStringLiteral("SELECT COUNT(*) FROM evidence WHERE audit_id = %1").arg(removed))
            .toInt(),
        0);
    QCOMPARE(store.audit(removed), std::nullopt);
    QCOMPARE(store.audit(kept), std::optional(richAudit("kept")));

    QVERIFY(!store.removeAudit(removed));
    QVERIFY(!store.removeAudit(987654));
    QCOMPARE(store.audit(987654), std::nullopt);
    QCOMPARE(raw.counts(kTables), withOne);
}
