// The store browser's tree model: categories, lazy versions, ids for opening, and a store of a
// thousand scenarios listed without reading a single version.

#include "samples.h"
#include "scenario_json.h"
#include "store_tree_model.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QModelIndex>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::ui;

class TestStoreTreeModel : public QObject {
    Q_OBJECT

private slots:
    void categoriesListTheStore();
    void versionsAreFetchedOnExpansion();
    void benchmarksAreCountedPerSku();
    void emptyModelHasNoRows();
    void thousandScenariosList();
};

void TestStoreTreeModel::categoriesListTheStore() {
    QTemporaryDir dir;
    const data::Store store = data::openStoreSeededIfNew(dir.filePath("s.sqlite"));
    StoreTreeModel model;
    // Qt 6.4's tester runs its checks (fetchMore included) from modelReset before it clears
    // its own "reset in flight" state, so it watches the model from after the first reload.
    model.reload(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 4);
    const QModelIndex scenarios = model.index(0, 0);
    const QModelIndex audits = model.index(1, 0);
    const QModelIndex books = model.index(2, 0);
    QCOMPARE(model.rowCount(scenarios), int(store.scenarios().size()));
    QCOMPARE(model.rowCount(audits), int(store.audits().size()));
    QCOMPARE(model.rowCount(books), int(store.priceBooks().size()));
    QVERIFY(scenarios.data().toString().startsWith("Scenarios"));
    const QModelIndex audit = model.index(0, 0, audits);
    QCOMPARE(static_cast<StoreItemKind>(audit.data(StoreTreeModel::KindRole).toInt()),
             StoreItemKind::Audit);
    QCOMPARE(audit.data(StoreTreeModel::IdRole).toLongLong(), store.audits().front().id);
    QVERIFY(model.index(0, 0, books).data().toString().contains("(default)"));
    // A new store holds no benchmarks: the node is there, empty.
    const QModelIndex benchmarks = model.index(3, 0);
    QCOMPARE(static_cast<StoreItemKind>(benchmarks.data(StoreTreeModel::KindRole).toInt()),
             StoreItemKind::Benchmarks);
    QCOMPARE(benchmarks.data().toString(), QStringLiteral("Benchmarks (0)"));
    QCOMPARE(model.rowCount(benchmarks), 0);
}

// Benchmark records are counted per SKU (records and flagged ones), never listed one by one.
void TestStoreTreeModel::benchmarksAreCountedPerSku() {
    QTemporaryDir dir;
    data::Store store = data::Store::open(dir.filePath("s.sqlite"));
    const auto record = [](const char* sku, const char* ref) {
        model::BenchmarkRecord r;
        r.source = "csv";
        r.file = "runs.csv";
        r.source_ref = ref;
        r.sku = sku;
        r.hardware = sku;
        r.model = "llama-3.1-70b";
        r.gpus = 8;
        r.total_tokens_per_s_per_gpu = 2000;
        return r;
    };
    model::BenchmarkRecord flagged = record("MI300X", "row 3");
    flagged.flags = {std::string(model::kFlagPre2026AmdImage)};
    store.addBenchmarks({record("H100", "row 1"), record("MI300X", "row 2"), flagged});
    StoreTreeModel model;
    model.reload(&store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QModelIndex benchmarks = model.index(3, 0);
    QCOMPARE(benchmarks.data().toString(), QStringLiteral("Benchmarks (3)"));
    QCOMPARE(model.rowCount(benchmarks), 2);
    const QModelIndex mi300x = model.index(1, 0, benchmarks);
    QCOMPARE(static_cast<StoreItemKind>(mi300x.data(StoreTreeModel::KindRole).toInt()),
             StoreItemKind::BenchmarkSku);
    QCOMPARE(mi300x.data(StoreTreeModel::NameRole).toString(), QStringLiteral("MI300X"));
    QVERIFY(mi300x.data().toString().contains("1 flagged"));
}

void TestStoreTreeModel::versionsAreFetchedOnExpansion() {
    QTemporaryDir dir;
    data::Store store = data::openStoreSeededIfNew(dir.filePath("s.sqlite"));
    model::Scenario s = *store.scenarioVersion(store.scenarios().front().id);
    s.team_engineers += 1;
    store.saveScenarioVersion(s, "second", "test", {});
    StoreTreeModel model;
    model.reload(&store);
    const QModelIndex scenario = model.index(0, 0, model.index(0, 0));
    QVERIFY(model.hasChildren(scenario));
    QCOMPARE(model.rowCount(scenario), 0); // nothing read until it is expanded
    QVERIFY(model.canFetchMore(scenario));
    // The tester watches from here (see categoriesListTheStore); it fetches as a view would.
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.fetchMore(scenario);
    QVERIFY(!model.canFetchMore(scenario));
    QCOMPARE(model.rowCount(scenario), 2);
    const QModelIndex newest = model.index(0, 0, scenario);
    QCOMPARE(newest.data(StoreTreeModel::VersionRole).toInt(), 2);
    QCOMPARE(model.index(0, StoreTreeModel::DetailColumn, scenario).data().toString(),
             QString("second"));
    QCOMPARE(model.parent(newest), scenario);
    QCOMPARE(model.scenarioIndex(store.scenarios().front().id), scenario);
}

void TestStoreTreeModel::emptyModelHasNoRows() {
    StoreTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.reload(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.scenarioIndex(1).isValid());
}

void TestStoreTreeModel::thousandScenariosList() {
    QTemporaryDir dir;
    data::Store store = data::Store::open(dir.filePath("big.sqlite"));
    model::Scenario s = *data::readScenario(data::sampleScenarios().front().text).scenario;
    for (int i = 0; i < 1000; ++i) {
        s.name = "scenario " + std::to_string(i);
        store.saveScenarioVersion(s, "", "test", {});
    }
    StoreTreeModel model;
    QElapsedTimer timer;
    timer.start();
    model.reload(&store);
    qInfo("listed 1000 scenarios in %lld ms", static_cast<long long>(timer.elapsed()));
    QCOMPARE(model.rowCount(model.index(0, 0)), 1000);
    QVERIFY(model.canFetchMore(model.index(999, 0, model.index(0, 0))));
}

QTEST_MAIN(TestStoreTreeModel)
#include "tst_store_tree_model.moc"
