// Stores written by older Crossgrade builds open, migrate to today's schema and keep every row
// (issue 9, point 4). The fixtures in tests/fixtures/stores/ were made by the CLI of the last
// commit at each schema version (README.md there says how); each is copied before it is
// opened, so the fixtures themselves never change. Every schema version before the latest must
// have a fixture: a new migration without one fails this test.

#include "compiled_scenario.h"
#include "evaluation.h"
#include "raw_db.h"
#include "samples.h"
#include "saved_headline.h"
#include "store.h"

#include <QDir>
#include <QFile>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <set>

using crossgrade::data::openStoreSeededIfNew;
using crossgrade::data::Store;
using crossgrade::testing::RawDb;

namespace {

QString fixturePath(int version) {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/stores/store-v%1.sqlite")
        .arg(version);
}

} // namespace

class TestStoreVersions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A writable copy of the fixture, so opening it cannot change the one in tests/.
    QString copyOf(int version) {
        const QString copy = m_dir.filePath(QStringLiteral("v%1.sqlite").arg(version));
        QFile::remove(copy);
        if (!QFile::copy(fixturePath(version), copy))
            qFatal("cannot copy %s", qPrintable(fixturePath(version)));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        return copy;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void everyOlderVersionHasAFixture() {
        for (int version = 1; version < Store::latestSchemaVersion(); ++version)
            QVERIFY2(QFile::exists(fixturePath(version)),
                     qPrintable(QStringLiteral("no store made at schema version %1: add %2 (see "
                                               "tests/fixtures/stores/README.md)")
                                    .arg(version)
                                    .arg(fixturePath(version))));
    }

    // Issue 22, "Old files": every version an older build saved (the first engine's, before
    // selling and bridging) evaluates today to the headline it was saved with, option by option
    // within $1, until its author upgrades it.
    void olderVersionsReEvaluateToTheirSavedHeadline_data() {
        olderStoreMigratesKeepingEveryRow_data();
    }
    void olderVersionsReEvaluateToTheirSavedHeadline() {
        QFETCH(int, version);
        Store store = Store::open(copyOf(version));
        int compared = 0;
        for (const crossgrade::data::ScenarioSummary& summary : store.scenarios())
            for (const crossgrade::data::ScenarioVersionSummary& v : store.versions(summary.id)) {
                const auto scenario = store.scenarioVersion(summary.id, v.number);
                QVERIFY(scenario.has_value());
                const crossgrade::data::HeadlineComparison c = crossgrade::data::compareHeadlines(
                    v, {v.engine_version, scenario->engine_version},
                    crossgrade::data::headlineOf(crossgrade::model::evaluateScenario(
                        *scenario, crossgrade::model::compile(*scenario))),
                    {CROSSGRADE_VERSION, scenario->engine_version});
                QVERIFY2(!c.differs, (summary.name + " version " + std::to_string(v.number) + ": " +
                                      c.saved + " " + c.now)
                                         .c_str());
                ++compared;
            }
        if (version >= 2) // schema version 1 held no scenarios
            QVERIFY(compared >= 4);
    }

    void olderStoreMigratesKeepingEveryRow_data() {
        QTest::addColumn<int>("version");
        for (int version = 1; version < Store::latestSchemaVersion(); ++version) {
            if (QFile::exists(fixturePath(version)))
                QTest::newRow(qPrintable(QStringLiteral("v%1").arg(version))) << version;
        }
    }
    void olderStoreMigratesKeepingEveryRow() {
        QFETCH(int, version);
        const QString path = copyOf(version);
        std::map<QString, int> before;
        {
            RawDb raw(path);
            QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), version);
            QCOMPARE(raw.scalar(QStringLiteral("PRAGMA integrity_check")).toString(),
                     QStringLiteral("ok"));
            before = raw.counts();
        }
        QVERIFY2(before.at(QStringLiteral("audits")) > 0, "the fixture should hold audits");

        {
            Store store = Store::open(path);
            QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());

            // Everything reads back through today's readers: each audit, price book, scenario
            // version (the scenario JSON of that day), HetCCL signal and benchmark record.
            const auto audits = store.audits();
            QCOMPARE(static_cast<int>(audits.size()), before.at(QStringLiteral("audits")));
            for (const auto& summary : audits)
                QVERIFY2(store.audit(summary.id).has_value(),
                         qPrintable(QStringLiteral("audit %1").arg(summary.id)));
            if (before.count(QStringLiteral("pricebooks"))) {
                const auto books = store.priceBooks();
                QCOMPARE(static_cast<int>(books.size()), before.at(QStringLiteral("pricebooks")));
                for (const auto& book : books)
                    QVERIFY(store.priceBook(book.id).has_value());
                QVERIFY(store.defaultPriceBook().has_value());
            }
            if (before.count(QStringLiteral("scenario_versions"))) {
                int versions = 0;
                for (const auto& scenario : store.scenarios()) {
                    for (const auto& v : store.versions(scenario.id)) {
                        QVERIFY2(store.scenarioVersion(scenario.id, v.number).has_value(),
                                 qPrintable(QStringLiteral("scenario %1 version %2")
                                                .arg(scenario.id)
                                                .arg(v.number)));
                        ++versions;
                    }
                }
                QCOMPARE(versions, before.at(QStringLiteral("scenario_versions")));
            }
            if (before.count(QStringLiteral("hetccl_signals")))
                QCOMPARE(static_cast<int>(store.hetcclChecklist().size()),
                         before.at(QStringLiteral("hetccl_signals")));
            if (before.count(QStringLiteral("benchmarks")))
                QCOMPARE(static_cast<int>(store.benchmarks().size()),
                         before.at(QStringLiteral("benchmarks")));
        }

        // No row of the old tables was lost or added, and the store now takes new writes.
        RawDb raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(),
                 Store::latestSchemaVersion());
        for (const auto& [table, rows] : before)
            QVERIFY2(raw.count(table) == rows, qPrintable(QStringLiteral("%1: %2 rows, was %3")
                                                              .arg(table)
                                                              .arg(raw.count(table))
                                                              .arg(rows)));
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA integrity_check")).toString(),
                 QStringLiteral("ok"));
        QCOMPARE(
            raw.scalar(QStringLiteral("SELECT COUNT(*) FROM pragma_foreign_key_check")).toInt(), 0);
    }

    // Bug: a store from schema version 1 (before price books) opened as the default store
    // had no price book after migrating, so starting a scenario failed with "the store has no
    // default price book". It now gets the shipped default, and nothing else is seeded.
    void v1StoreOpenedAsDefaultGetsTheDefaultPriceBook() {
        const QString path = copyOf(1);
        Store store = openStoreSeededIfNew(path);
        // The default and the superseded shipped version kept beside it (issue 24).
        QCOMPARE(store.priceBooks().size(), std::size_t{2});
        QVERIFY(store.defaultPriceBook().has_value());
        QCOMPARE(store.audits().size(), std::size_t{11}); // the fixture's, no samples added
        QVERIFY(store.scenarios().empty());
    }

    // A store with price books keeps every one of them and gains only the shipped versions it
    // lacks (issue 24: the 2026-11 and 2026-12 books); opening it again adds nothing.
    void storeWithPriceBooksKeepsThemAndGainsTheShippedVersions() {
        const QString path = copyOf(2);
        std::vector<std::pair<std::int64_t, std::optional<crossgrade::model::PriceBook>>> before;
        {
            Store store = Store::open(path);
            for (const auto& b : store.priceBooks())
                before.push_back({b.id, store.priceBook(b.id)});
        }
        Store store = openStoreSeededIfNew(path);
        for (const auto& [id, book] : before)
            QCOMPARE(store.priceBook(id), book);
        std::set<std::string> versions;
        for (const auto& b : store.priceBooks())
            versions.insert(b.version);
        QVERIFY(versions.contains("2026-11") && versions.contains("2026-12"));
        const std::size_t after = store.priceBooks().size();
        QVERIFY(after > before.size() && after <= before.size() + 2);
        QCOMPARE(openStoreSeededIfNew(path).priceBooks().size(), after);
    }
};

QTEST_GUILESS_MAIN(TestStoreVersions)
#include "tst_store_versions.moc"
