// Benchmark results in the store (migration 4, issue 7 point 3): the step from schema version
// 3 keeping what was stored, every field round-tripped, re-importing adding nothing, the
// filters, removal, and a bad record writing nothing.

#include "benchmark_mlperf.h"
#include "raw_db.h"
#include "store.h"
#include "test_files.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <stdexcept>

using crossgrade::data::Store;
namespace data = crossgrade::data;
namespace model = crossgrade::model;
using crossgrade::testing::RawDb;

namespace {

model::BenchmarkRecord record(const char* sku, const char* ref, double outputPerGpu) {
    model::BenchmarkRecord r;
    r.source = "inferencex";
    r.file = "agg_bmk.json";
    r.source_ref = ref;
    r.date = "2026-03-02";
    r.hardware = sku;
    r.sku = sku;
    r.software_stack = "vllm 0.11";
    r.model = "meta-llama/Llama-3.3-70B-Instruct";
    r.precision = "fp8";
    r.scenario = "sweep";
    r.isl = 1024;
    r.osl = 1024;
    r.concurrency = 64;
    r.gpus = 8;
    r.output_tokens_per_s_per_gpu = outputPerGpu;
    return r;
}

// A record with every field set, to prove each one survives the store.
model::BenchmarkRecord everyField() {
    model::BenchmarkRecord r = record("MI300X", "run 1234", 1510.25);
    r.round = "nightly";
    r.hardware = "mi300x_sglang";
    r.image = "rocm/sgl-dev:v0.5.5-rocm700-mi30x-20260210";
    r.nodes = 2;
    r.prefill_gpus = 4;
    r.decode_gpus = 12;
    r.gpus = 16;
    r.total_tokens_per_s_per_gpu = 3020.5;
    r.input_tokens_per_s_per_gpu = 6040.125;
    r.ttft_median_s = 0.412;
    r.ttft_p99_s = 1.25;
    r.tpot_median_s = 0.0181;
    r.e2e_median_s = 19.3;
    r.interactivity = 55.25;
    r.power_w = 740.5;
    r.joules_per_token = 0.245;
    r.accuracy_note = "gsm8k 0.93";
    r.flags = {std::string(model::kFlagPowerInvalid), "a second, free-text flag"};
    return r;
}

} // namespace

class TestStoreBenchmarks : public QObject {
    Q_OBJECT

private:
    crossgrade::testing::FreshStoreFiles m_files;

    QString freshPath() { return m_files.next(); }

private slots:
    void initTestCase() { QVERIFY(m_files.dir.isValid()); }

    // A version-3 file is today's file without the tables of migrations 4 and 5.
    void migratesVersion3KeepingWhatWasStored() {
        QCOMPARE(Store::latestSchemaVersion(), 5);
        const QString path = freshPath();
        QStringList currentSchema;
        {
            Store store = Store::open(path);
            store.checkHetcclSignals(
                {{model::HetcclPaper::Snu2601, "code-public", "2026-05-02", "note", "source"}});
        }
        {
            RawDb raw(path);
            currentSchema = raw.schema();
            raw.exec(QStringLiteral("DROP TABLE audit_scan_details")); // migration 5
            raw.exec(QStringLiteral("DROP TABLE benchmarks"));
            raw.exec(QStringLiteral("PRAGMA user_version = 3"));
        }
        Store store = Store::open(path);
        QCOMPARE(store.schemaVersion(), 5);
        QCOMPARE(store.hetcclChecklist().size(), std::size_t{1});
        QVERIFY(store.benchmarks().empty());
        RawDb raw(path);
        QCOMPARE(raw.schema(), currentSchema);
    }

    void everyFieldRoundTrips() {
        Store store = Store::open(freshPath());
        const model::BenchmarkRecord r = everyField();
        QCOMPARE(store.addBenchmarks({r}), (data::BenchmarksAdded{1, 0}));
        const std::vector<data::StoredBenchmark> stored = store.benchmarks();
        QCOMPARE(stored.size(), std::size_t{1});
        QVERIFY(stored[0].record == r);
        QVERIFY(stored[0].id > 0);
        QVERIFY(stored[0].imported_at.size() == 20 && stored[0].imported_at.back() == 'Z');
        // Empty optionals stay empty, not zero.
        const model::BenchmarkRecord sparse = record("H100", "run 1", 900);
        store.addBenchmarks({sparse});
        const auto h100 = store.benchmarks({"H100", ""});
        QCOMPARE(h100.size(), std::size_t{1});
        QVERIFY(h100[0].record == sparse);
        QVERIFY(!h100[0].record.total_tokens_per_s_per_gpu);
    }

    // Issue 7 point 3: the same file imported twice adds nothing the second time.
    void reimportingTheSameFileAddsNothing() {
        QFile f(
            QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/mlperf-summary.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        const data::BenchmarkImport first = data::readMlperfSummary(text, "mlperf-summary.json");
        QVERIFY(first.ok() && !first.records.empty());
        Store store = Store::open(freshPath());
        QCOMPARE(store.addBenchmarks(first.records),
                 (data::BenchmarksAdded{first.records.size(), 0}));
        // From another folder: the file's name differs, the measurements do not.
        const data::BenchmarkImport again =
            data::readMlperfSummary(text, "/elsewhere/mlperf-summary.json");
        QCOMPARE(store.addBenchmarks(again.records),
                 (data::BenchmarksAdded{0, again.records.size()}));
        QCOMPARE(store.benchmarks().size(), first.records.size());
    }

    // Another measurement of the same configuration (another run, another date, another
    // concurrency, another precision) is a new row.
    void otherMeasurementsAreNotDuplicates() {
        Store store = Store::open(freshPath());
        const model::BenchmarkRecord a = record("H100", "run 1", 900);
        model::BenchmarkRecord otherRun = a;
        otherRun.source_ref = "run 2";
        model::BenchmarkRecord otherDate = a;
        otherDate.date = "2026-03-03";
        model::BenchmarkRecord otherConcurrency = a;
        otherConcurrency.concurrency = 128;
        model::BenchmarkRecord noConcurrency = a;
        noConcurrency.concurrency.reset();
        model::BenchmarkRecord otherPrecision = a;
        otherPrecision.precision = "bf16";
        QCOMPARE(store.addBenchmarks(
                     {a, otherRun, otherDate, otherConcurrency, noConcurrency, otherPrecision, a}),
                 (data::BenchmarksAdded{6, 1}));
        // A throughput that differs is still the same measurement: the first one stays.
        model::BenchmarkRecord remeasured = a;
        remeasured.output_tokens_per_s_per_gpu = 950;
        QCOMPARE(store.addBenchmarks({remeasured}), (data::BenchmarksAdded{0, 1}));
    }

    void filtersBySkuAndModel() {
        Store store = Store::open(freshPath());
        model::BenchmarkRecord mlperf = record("MI300X", "row 3", 3100);
        mlperf.model = "llama2-70b-99.9";
        store.addBenchmarks(
            {record("H100", "run 1", 900), record("MI300X", "run 2", 1000), mlperf});
        QCOMPARE(store.benchmarks().size(), std::size_t{3});
        QCOMPARE(store.benchmarks({"mi300x", ""}).size(), std::size_t{2});
        QCOMPARE(store.benchmarks({"", "LLAMA2"}).size(), std::size_t{1});
        QCOMPARE(store.benchmarks({"MI300X", "llama-3.3"}).size(), std::size_t{1});
        QVERIFY(store.benchmarks({"B200", ""}).empty());
        // Ordered by SKU, then model.
        const auto all = store.benchmarks();
        QCOMPARE(all[0].record.sku, std::string("H100"));
        QCOMPARE(all[1].record.model, std::string("llama2-70b-99.9"));
    }

    // Issue 20: `benchmarks --format json` on a million-row store took 5.9 GB, the listing
    // read whole into a vector (and Qt's query kept every row for going back) before one JSON
    // document was built. forEachBenchmark hands the records over one at a time, as the query
    // yields them, in the order and with the filters of benchmarks(); the CLI writes each as it
    // comes (27 MB on a million rows, docs/limits.md).
    void bug_listingHeldEveryRecordInMemory() {
        Store store = Store::open(freshPath());
        model::BenchmarkRecord mlperf = record("MI300X", "row 3", 3100);
        mlperf.model = "llama2-70b-99.9";
        store.addBenchmarks({record("MI300X", "run 2", 1000), record("H100", "run 1", 900), mlperf,
                             record("B200", "run 4", 1800)});
        for (const data::BenchmarkFilter& filter :
             {data::BenchmarkFilter{}, data::BenchmarkFilter{"mi300x", ""},
              data::BenchmarkFilter{"", "LLAMA2"}, data::BenchmarkFilter{"A100", ""}}) {
            const std::vector<data::StoredBenchmark> whole = store.benchmarks(filter);
            std::vector<std::int64_t> visited;
            store.forEachBenchmark(filter, [&](const data::StoredBenchmark& b) {
                QVERIFY(visited.size() < whole.size());
                QCOMPARE(b.id, whole[visited.size()].id);
                QVERIFY(b.record == whole[visited.size()].record);
                QCOMPARE(b.imported_at, whole[visited.size()].imported_at);
                visited.push_back(b.id);
            });
            QCOMPARE(visited.size(), whole.size());
        }
        std::size_t all = 0;
        store.forEachBenchmark({}, [&](const data::StoredBenchmark&) { ++all; });
        QCOMPARE(all, std::size_t{4});
    }

    // The store browser's Benchmarks node: per SKU, records and flagged records.
    void countsPerSku() {
        Store store = Store::open(freshPath());
        QVERIFY(store.benchmarkCounts().empty());
        model::BenchmarkRecord flagged = record("MI300X", "run 3", 1100);
        flagged.flags = {std::string(model::kFlagPre2026AmdImage)};
        store.addBenchmarks(
            {record("H100", "run 1", 900), record("MI300X", "run 2", 1000), flagged});
        const std::vector<data::BenchmarkSkuCount> expected{{"H100", 1, 0}, {"MI300X", 2, 1}};
        QVERIFY(store.benchmarkCounts() == expected);
    }

    void removesOneRow() {
        Store store = Store::open(freshPath());
        store.addBenchmarks({record("H100", "run 1", 900), record("MI300X", "run 2", 1000)});
        const std::int64_t id = store.benchmarks({"H100", ""}).at(0).id;
        QVERIFY(store.removeBenchmark(id));
        QVERIFY(!store.removeBenchmark(id));
        QCOMPARE(store.benchmarks().size(), std::size_t{1});
    }

    void badRecordWritesNothing_data() {
        QTest::addColumn<int>("bad");
        QTest::newRow("no SKU") << 0;
        QTest::newRow("no GPUs") << 1;
        QTest::newRow("no throughput") << 2;
    }
    void badRecordWritesNothing() {
        QFETCH(int, bad);
        Store store = Store::open(freshPath());
        model::BenchmarkRecord r = record("H100", "run 9", 900);
        if (bad == 0)
            r.sku.clear();
        if (bad == 1)
            r.gpus = 0;
        if (bad == 2)
            r.output_tokens_per_s_per_gpu.reset();
        try {
            store.addBenchmarks({record("MI300X", "run 8", 1000), r});
            QFAIL("expected the bad record to be refused");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("benchmark record 2 (agg_bmk.json, run 9)") !=
                         std::string::npos,
                     e.what());
        }
        QVERIFY(store.benchmarks().empty());
    }

    // Issue 20: the import held every record to store them in one call. addBenchmarksOneByOne
    // inserts each as it is handed over, in one transaction: the rows, ids, import times and
    // the duplicate count (a record seen earlier in the same import included) are those of
    // addBenchmarks; a producer that throws part-way, or a record the table cannot hold, leaves
    // nothing stored.
    void bug_streamedCsvImportHeldEveryRow() {
        const std::vector<model::BenchmarkRecord> records{
            record("H100", "run 1", 900), record("MI300X", "run 2", 1000),
            record("H100", "run 1", 900), record("B200", "run 4", 1800)};
        Store whole = Store::open(freshPath());
        QCOMPARE(whole.addBenchmarks(records), (data::BenchmarksAdded{3, 1}));
        Store streamed = Store::open(freshPath());
        std::size_t stored = 0; // rows in the table as each record is handed over
        const data::BenchmarksAdded added = streamed.addBenchmarksOneByOne([&](const auto& add) {
            for (const model::BenchmarkRecord& r : records) {
                add(r);
                ++stored;
            }
        });
        QCOMPARE(added, (data::BenchmarksAdded{3, 1}));
        QCOMPARE(stored, records.size());
        const std::vector<data::StoredBenchmark> a = whole.benchmarks(), b = streamed.benchmarks();
        QCOMPARE(b.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b[i].id, a[i].id);
            QVERIFY(b[i].record == a[i].record);
        }
        QVERIFY(!b.empty() && b.front().imported_at == b.back().imported_at);

        Store refused = Store::open(freshPath());
        try {
            refused.addBenchmarksOneByOne([&](const auto& add) {
                add(records[0]);
                add(records[1]);
                throw std::runtime_error("the file changed");
            });
            QFAIL("expected the producer's exception to reach the caller");
        } catch (const std::runtime_error& e) {
            QCOMPARE(std::string(e.what()), std::string("the file changed"));
        }
        QVERIFY(refused.benchmarks().empty());

        model::BenchmarkRecord bad = record("H100", "run 9", 900);
        bad.sku.clear();
        try {
            refused.addBenchmarksOneByOne([&](const auto& add) {
                add(records[1]);
                add(bad);
            });
            QFAIL("expected the bad record to be refused");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("benchmark record 2 (agg_bmk.json, run 9)") !=
                         std::string::npos,
                     e.what());
        }
        QVERIFY(refused.benchmarks().empty());
    }
};

QTEST_GUILESS_MAIN(TestStoreBenchmarks)
#include "tst_store_benchmarks.moc"
