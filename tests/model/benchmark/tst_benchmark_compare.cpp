// Ratios between two SKUs from benchmark records (issue 7 point 4): only like pairs with like
// (model, precision, scenario, sequence lengths, throughput unit), sweeps compare at equal
// interactivity on each SKU's Pareto frontier, the range is min / median / max over the pairs,
// and flagged pre-2026 AMD rows stay out unless asked for.

#include "benchmark_compare.h"

#include <QTest>

using namespace crossgrade::model;

namespace {

BenchmarkRecord point(const char* sku, double outputPerGpu, const char* ref) {
    BenchmarkRecord r;
    r.source = "mlperf-inference";
    r.file = "summary.json";
    r.source_ref = ref;
    r.round = "v5.1";
    r.sku = sku;
    r.hardware = sku;
    r.model = "llama2-70b-99.9";
    r.precision = "fp8";
    r.scenario = "Offline";
    r.gpus = 8;
    r.output_tokens_per_s_per_gpu = outputPerGpu;
    return r;
}

BenchmarkRecord sweep(const char* sku, double interactivity, double totalPerGpu, int conc) {
    BenchmarkRecord r;
    r.source = "inferencex";
    r.file = "agg_bmk.json";
    r.source_ref = std::string(sku) + " conc " + std::to_string(conc);
    r.date = "2026-03-01";
    r.sku = sku;
    r.hardware = sku;
    r.model = "deepseek-ai/DeepSeek-R1";
    r.precision = "fp8";
    r.scenario = "sweep";
    r.isl = 1024;
    r.osl = 1024;
    r.concurrency = conc;
    r.gpus = 8;
    r.interactivity = interactivity;
    r.total_tokens_per_s_per_gpu = totalPerGpu;
    return r;
}

} // namespace

class TestBenchmarkCompare : public QObject {
    Q_OBJECT

private slots:
    void singlePointsPairEveryReferenceWithEveryOther() {
        const std::vector<BenchmarkRecord> rows{point("H100", 3000, "row 1"),
                                                point("H100", 3300, "row 2"),
                                                point("MI300X", 3135, "row 3")};
        const SkuComparison c = compareSkus(rows, "H100", "MI300X");
        QCOMPARE(c.pairs.size(), std::size_t{2});
        QCOMPARE(c.pairs[0].basis, std::string("single points"));
        QVERIFY(c.ratio);
        QCOMPARE(c.ratio->range.low, 3135.0 / 3300);
        QCOMPARE(c.ratio->range.high, 3135.0 / 3000);
        QCOMPARE(c.ratio->range.most_likely, (3135.0 / 3300 + 3135.0 / 3000) / 2);
        QVERIFY(c.ratio->confidence == Confidence::A);
        QVERIFY2(c.ratio->source.find("MI300X ÷ H100 per GPU, 2 pairs") != std::string::npos,
                 c.ratio->source.c_str());
        QCOMPARE(c.sources.size(), std::size_t{3});
        QCOMPARE(c.pairs[0].other_rows.at(0), std::string("summary.json, row 3, v5.1"));
        QVERIFY(c.unpaired.empty() && c.excluded.empty());
    }

    void onlyLikePairsWithLike_data() {
        QTest::addColumn<int>("change");
        QTest::newRow("precision") << 0;
        QTest::newRow("scenario") << 1;
        QTest::newRow("sequence lengths") << 2;
        QTest::newRow("unit: total against output tokens") << 3;
        QTest::newRow("model") << 4;
    }
    void onlyLikePairsWithLike() {
        QFETCH(int, change);
        BenchmarkRecord amd = point("MI300X", 3100, "row 3");
        if (change == 0)
            amd.precision = "fp4";
        if (change == 1)
            amd.scenario = "Server";
        if (change == 2)
            amd.isl = 2048;
        if (change == 3)
            amd.total_tokens_per_s_per_gpu = 6000;
        if (change == 4)
            amd.model = "llama2-70b-99";
        const SkuComparison c = compareSkus({point("H100", 3000, "row 1"), amd}, "H100", "MI300X");
        QVERIFY(c.pairs.empty());
        QVERIFY(!c.ratio);
        QCOMPARE(c.unpaired.size(), std::size_t{2}); // one group each side
        QVERIFY2(c.unpaired[0].find("only") != std::string::npos, c.unpaired[0].c_str());
    }

    // Issue 20: throughputs of 1e308 and 5e-324 tok/s gave a ratio of inf with exit 0, which a
    // binding would have written into a scenario no reader takes. Such a pair is left out and
    // said so; a real pair beside it still gives the ratio.
    void bug_denormalThroughputGaveInfiniteRatio() {
        const SkuComparison c = compareSkus(
            {point("H100", 5e-324, "row 1"), point("MI300X", 1e308, "row 2")}, "H100", "MI300X");
        QVERIFY(c.pairs.empty());
        QVERIFY(!c.ratio);
        QCOMPARE(c.excluded.size(), std::size_t{1});
        QVERIFY2(c.excluded[0].find("gives a ratio of inf") != std::string::npos,
                 c.excluded[0].c_str());
        QVERIFY2(c.excluded[0].find("[0.001, 1000]") != std::string::npos, c.excluded[0].c_str());
        BenchmarkRecord other = point("MI300X", 3300, "row 4");
        other.scenario = "Server";
        BenchmarkRecord reference = point("H100", 3000, "row 3");
        reference.scenario = "Server";
        const SkuComparison mixed = compareSkus(
            {point("H100", 5e-324, "row 1"), point("MI300X", 1e308, "row 2"), reference, other},
            "H100", "MI300X");
        QCOMPARE(mixed.pairs.size(), std::size_t{1});
        QVERIFY(mixed.ratio);
        QCOMPARE(mixed.ratio->range.most_likely, 1.1);
    }

    void namesCompareInAnyCase() {
        BenchmarkRecord amd = point("MI300X", 3100, "row 3");
        amd.precision = "FP8";
        amd.scenario = "offline";
        QCOMPARE(compareSkus({point("H100", 3000, "row 1"), amd}, "h100", "mi300x").pairs.size(),
                 std::size_t{1});
    }

    void paretoFrontierDropsDominatedPoints() {
        const std::vector<FrontierPoint> frontier = paretoFrontier({
            {10, 3000, nullptr},
            {40, 1200, nullptr},
            {20, 2000, nullptr},
            {20, 1500, nullptr}, // same interactivity, less throughput
            {15, 1800, nullptr}, // less interactive and slower than (20, 2000)
        });
        QCOMPARE(frontier.size(), std::size_t{3});
        QCOMPARE(frontier[0].interactivity, 40.0);
        QCOMPARE(frontier[1].interactivity, 20.0);
        QCOMPARE(frontier[2].interactivity, 10.0);
        QCOMPARE(*throughputAt(frontier, 30), 1600.0); // halfway between 1200 and 2000
        QCOMPARE(*throughputAt(frontier, 10), 3000.0);
        QVERIFY(!throughputAt(frontier, 41));
        QVERIFY(!throughputAt(frontier, 9.5));
    }

    void sweepsCompareAtEqualInteractivity() {
        const std::vector<BenchmarkRecord> rows{
            sweep("H100", 60, 1000, 16),   sweep("H100", 40, 2000, 32),
            sweep("H100", 20, 3000, 64),   sweep("H100", 30, 1000, 48), // below the frontier
            sweep("MI300X", 50, 1500, 16), sweep("MI300X", 30, 2600, 32),
            sweep("MI300X", 10, 4000, 64)};
        CompareOptions at35;
        at35.interactivity = 35;
        const SkuComparison one = compareSkus(rows, "H100", "MI300X", at35);
        QCOMPARE(one.pairs.size(), std::size_t{1});
        // H100 at 35: between (40, 2000) and (20, 3000) → 2250; MI300X between (50, 1500) and
        // (30, 2600) → 2325.
        QCOMPARE(one.pairs[0].reference_per_gpu, 2250.0);
        QCOMPARE(one.pairs[0].other_per_gpu, 2325.0);
        QCOMPARE(*one.pairs[0].interactivity, 35.0);
        QCOMPARE(one.pairs[0].reference_rows.size(), std::size_t{2});
        QVERIFY(one.ratio->confidence == Confidence::B);
        // Without a level: five across the common span 20–50.
        const SkuComparison spread = compareSkus(rows, "H100", "MI300X");
        QCOMPARE(spread.pairs.size(), std::size_t{5});
        QCOMPARE(*spread.pairs.front().interactivity, 20.0);
        QCOMPARE(*spread.pairs.back().interactivity, 50.0);
        for (const RatioPair& p : spread.pairs) {
            QCOMPARE(p.basis, std::string("equal interactivity on the Pareto frontiers"));
            QVERIFY(p.ratio >= spread.ratio->range.low && p.ratio <= spread.ratio->range.high);
        }
        // The point below the frontier is behind no pair.
        for (const std::string& s : spread.sources)
            QVERIFY2(s.find("H100 conc 48") == std::string::npos, s.c_str());
    }

    void sweepsWithoutCommonInteractivityFallBackToEqualConcurrency() {
        const std::vector<BenchmarkRecord> rows{sweep("H100", 60, 1000, 16),
                                                sweep("H100", 50, 1500, 32),
                                                sweep("MI300X", 30, 1800, 32)};
        const SkuComparison c = compareSkus(rows, "H100", "MI300X");
        QCOMPARE(c.pairs.size(), std::size_t{1});
        QCOMPARE(c.pairs[0].ratio, 1800.0 / 1500);
        QVERIFY(c.pairs[0].basis.find("equal concurrency (32)") == 0);
        // Without even that: reported as unpaired with the two spans.
        const SkuComparison none = compareSkus(
            {sweep("H100", 60, 1000, 16), sweep("MI300X", 30, 1800, 32)}, "H100", "MI300X");
        QVERIFY(none.pairs.empty());
        QCOMPARE(none.unpaired.size(), std::size_t{1});
        QVERIFY2(none.unpaired[0].find("no common interactivity (H100 60–60, MI300X 30–30") !=
                     std::string::npos,
                 none.unpaired[0].c_str());
    }

    void pre2026AmdRowsStayOutUnlessIncluded() {
        BenchmarkRecord old = sweep("MI300X", 40, 2500, 32);
        old.date = "2025-07-15";
        old.flags = {std::string(kFlagPre2026AmdImage)};
        const std::vector<BenchmarkRecord> rows{sweep("H100", 40, 2000, 32), old};
        const SkuComparison c = compareSkus(rows, "H100", "MI300X");
        QVERIFY(c.pairs.empty());
        QCOMPARE(c.excluded.size(), std::size_t{1});
        QVERIFY(c.excluded[0].find("pre-2026 AMD image") != std::string::npos);
        CompareOptions include;
        include.include_flagged = true;
        const SkuComparison with = compareSkus(rows, "H100", "MI300X", include);
        QCOMPARE(with.pairs.size(), std::size_t{1});
        QCOMPARE(with.ratio->range.most_likely, 1.25);
        QVERIFY(with.ratio->isCertain());
    }

    void filtersNarrowTheRows() {
        std::vector<BenchmarkRecord> rows{point("H100", 3000, "row 1"),
                                          point("MI300X", 3100, "row 2")};
        CompareOptions other;
        other.model = "deepseek";
        QVERIFY(compareSkus(rows, "H100", "MI300X", other).pairs.empty());
        other.model = "LLAMA2";
        QCOMPARE(compareSkus(rows, "H100", "MI300X", other).pairs.size(), std::size_t{1});
        other.precision = "bf16";
        QVERIFY(compareSkus(rows, "H100", "MI300X", other).pairs.empty());
    }
};

QTEST_GUILESS_MAIN(TestBenchmarkCompare)
#include "tst_benchmark_compare.moc"
