// The HetCCL watch's checklist in the store (migration 3): the step from schema version 2
// keeping what was stored, check / re-date / uncheck, the two papers kept apart, and writes
// that are all or nothing.

#include "raw_db.h"
#include "samples.h"
#include "scenario_json.h"
#include "store.h"
#include "test_files.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <stdexcept>

using crossgrade::data::Store;
namespace data = crossgrade::data;
namespace model = crossgrade::model;
using model::CheckedSignal;
using model::HetcclPaper;

namespace {

using crossgrade::testing::RawDb;

model::Scenario sampleScenario() {
    for (const data::SampleFile& s : data::sampleScenarios())
        if (s.name == QLatin1String("training-shop.json"))
            return *data::readScenario(s.text).scenario;
    throw std::runtime_error("no sample");
}

CheckedSignal row(HetcclPaper paper, const char* id, const char* date) {
    return {paper, id, date, "a note", "https://example.org/" + std::string(id)};
}

} // namespace

class TestStoreHetccl : public QObject {
    Q_OBJECT

private:
    crossgrade::testing::FreshStoreFiles m_files;

    QString freshPath() { return m_files.next(); }

private slots:
    void initTestCase() { QVERIFY(m_files.dir.isValid()); }

    // A version-2 file is today's file without migration 3's table (migrations 1 and 2 have
    // shipped and are never edited), so that is how one is made here.
    void migratesVersion2KeepingScenarios() {
        QVERIFY(Store::latestSchemaVersion() >= 3);
        const QString path = freshPath();
        const model::Scenario scenario = sampleScenario();
        QStringList currentSchema;
        std::int64_t id = 0;
        {
            Store store = Store::open(path);
            id = store.saveScenarioVersion(scenario, "before", "0.1.0", {}).scenario_id;
        }
        {
            RawDb raw(path);
            currentSchema = raw.schema();
            raw.exec(QStringLiteral("DROP TABLE hetccl_signals"));
            raw.exec(QStringLiteral("DROP TABLE benchmarks"));         // migration 4's
            raw.exec(QStringLiteral("DROP TABLE audit_scan_details")); // migration 5's
            raw.exec(QStringLiteral("PRAGMA user_version = 2"));
        }
        Store store = Store::open(path);
        QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
        QCOMPARE(store.scenarioVersion(id), std::optional(scenario));
        QVERIFY(store.hetcclChecklist().empty());
        store.checkHetcclSignals({row(HetcclPaper::Snu2601, "code-public", "2026-05-02")});
        QCOMPARE(store.hetcclChecklist().size(), std::size_t{1});
        RawDb raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(),
                 Store::latestSchemaVersion());
        QCOMPARE(raw.schema(), currentSchema);
    }

    void checkRedateAndUncheck() {
        Store store = Store::open(freshPath());
        const CheckedSignal a = row(HetcclPaper::Snu2601, "code-public", "2026-05-02");
        const CheckedSignal b = row(HetcclPaper::Other2605, "code-public", "2026-06-10");
        const CheckedSignal c = row(HetcclPaper::Snu2601, "ecosystem-moreh-product", "2026-07-01");
        store.checkHetcclSignals({c, b, a});
        // By paper, then signal id; the same signal of the two papers is two rows.
        QCOMPARE(store.hetcclChecklist(), (std::vector<CheckedSignal>{a, c, b}));
        CheckedSignal later = a;
        later.date = "2026-08-01";
        later.note = "a release this time";
        store.checkHetcclSignals({later});
        QCOMPARE(store.hetcclChecklist(), (std::vector<CheckedSignal>{later, c, b}));
        QVERIFY(store.uncheckHetcclSignal(HetcclPaper::Snu2601, "code-public"));
        QVERIFY(!store.uncheckHetcclSignal(HetcclPaper::Snu2601, "code-public"));
        QCOMPARE(store.hetcclChecklist(), (std::vector<CheckedSignal>{c, b}));
    }

    void badRowWritesNothing_data() {
        QTest::addColumn<int>("bad");
        QTest::newRow("unknown signal") << 0;
        QTest::newRow("signal of the other paper") << 1;
        QTest::newRow("date not YYYY-MM-DD") << 2;
    }
    void badRowWritesNothing() {
        QFETCH(int, bad);
        Store store = Store::open(freshPath());
        const CheckedSignal kept = row(HetcclPaper::Snu2601, "code-release", "2026-04-01");
        store.checkHetcclSignals({kept});
        const std::vector<CheckedSignal> bads{
            row(HetcclPaper::Snu2601, "code-leaked", "2026-05-02"),
            row(HetcclPaper::Other2605, "ecosystem-moreh-product", "2026-05-02"),
            row(HetcclPaper::Snu2601, "code-public", "May 2026"),
        };
        const std::vector<CheckedSignal> batch{
            row(HetcclPaper::Snu2601, "code-public", "2026-05-02"), bads[std::size_t(bad)]};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, store.checkHetcclSignals(batch));
        QCOMPARE(store.hetcclChecklist(), std::vector<CheckedSignal>{kept});
    }
};

QTEST_GUILESS_MAIN(TestStoreHetccl)
#include "tst_store_hetccl.moc"
