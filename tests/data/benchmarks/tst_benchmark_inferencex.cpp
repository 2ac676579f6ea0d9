// The InferenceX fixtures read: each good row as its record, each skipped row at its place.

#include "tst_benchmark_inferencex.h"

#include "benchmark.h"
#include "benchmark_fixtures.h"
#include "benchmark_inferencex.h"
#include "tst_benchmark_inferencex_helpers.h"

#include <QFile>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::testing;

namespace {

data::BenchmarkImport readAgg(const data::BenchmarkContext& context = {}) {
    return data::readInferenceXRows(testing::benchmarkFixture("inferencex-agg.json"),
                                    "agg_bmk.json", context);
}

} // namespace

void TestBenchmarkInferenceX::goodRowsBecomeRecords() {
    const data::BenchmarkImport in = readAgg();
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(19));
    QCOMPARE(in.records.size(), std::size_t(10));
    QCOMPARE(in.skipped.size(), std::size_t(9));
}

void TestBenchmarkInferenceX::singleNodeRowKeepsThePerGpuNumbersAsWritten() {
    const data::BenchmarkImport in = readAgg();
    const model::BenchmarkRecord& h100 = in.records.at(0);
    QCOMPARE(h100.hardware, std::string("h100"));
    QCOMPARE(h100.sku, std::string("H100"));
    QCOMPARE(h100.model, std::string("deepseek-ai/DeepSeek-R1-0528"));
    QCOMPARE(h100.precision, std::string("fp8"));
    QCOMPARE(h100.software_stack, std::string("sglang"));
    QCOMPARE(h100.image, std::string("lmsysorg/sglang:v0.4.9.post2-cu126"));
    QCOMPARE(h100.scenario, std::string("sweep"));
    QCOMPARE(h100.isl, std::optional<int>(1024));
    QCOMPARE(h100.osl, std::optional<int>(1024));
    QCOMPARE(h100.concurrency, std::optional<int>(64));
    QCOMPARE(h100.gpus, 8);
    QVERIFY(!h100.prefill_gpus && !h100.decode_gpus);
    QCOMPARE(*h100.total_tokens_per_s_per_gpu, 1250.5);
    QCOMPARE(*h100.output_tokens_per_s_per_gpu, 625.3);
    QCOMPARE(*h100.input_tokens_per_s_per_gpu, 625.2);
    // Seconds as the aggregate writes them.
    QCOMPARE(*h100.ttft_median_s, 0.412);
    QCOMPARE(*h100.ttft_p99_s, 1.873);
    QCOMPARE(*h100.tpot_median_s, 0.0385);
    QCOMPARE(*h100.e2e_median_s, 39.8);
    QCOMPARE(*h100.interactivity, 25.974);
    QCOMPARE(*h100.power_w, 5320.0);
    QCOMPARE(*h100.joules_per_token, 0.5318);
    QVERIFY(h100.flags.empty());
    QCOMPARE(h100.source, std::string("inferencex"));
    QCOMPARE(h100.file, std::string("agg_bmk.json"));
    // Without a run id: the row, named with the file (not its folder).
    QCOMPARE(h100.source_ref, std::string("agg_bmk.json row 0"));
    QCOMPARE(h100.date, std::string()); // no date, none in the image, none given

    // tp × pp and tp × pcp_size.
    QCOMPARE(in.records.at(2).gpus, 4);
    QCOMPARE(in.records.at(4).gpus, 8);
}

void TestBenchmarkInferenceX::amdRowsAreDatedAndFlagged() {
    const data::BenchmarkImport in = readAgg();
    const model::BenchmarkRecord& current = in.records.at(1);
    QCOMPARE(current.sku, std::string("MI300X"));
    QCOMPARE(current.hardware, std::string("mi300x_sglang"));
    QCOMPARE(current.date, std::string("2026-01-12")); // from the image tag
    QVERIFY(current.flags.empty());
    QVERIFY(!model::excludedFromBindingsByDefault(current));

    const model::BenchmarkRecord& old = in.records.at(2);
    QCOMPARE(old.hardware, std::string("mi300x-vllm"));
    QCOMPARE(old.date, std::string("2025-07-15")); // "nightly_main_20250715"
    QCOMPARE(old.flags, flags({model::kFlagPre2026AmdImage}));
    QVERIFY(model::excludedFromBindingsByDefault(old));

    const model::BenchmarkRecord& undated = in.records.at(3);
    QCOMPARE(undated.date, std::string());
    QCOMPARE(undated.flags, flags({model::kFlagUndatedAmdImage}));

    // The row's own date wins over the image's.
    const model::BenchmarkRecord& mi355x = in.records.at(4);
    QCOMPARE(mi355x.sku, std::string("MI355X"));
    QCOMPARE(mi355x.date, std::string("2026-02-10"));
    QCOMPARE(mi355x.precision, std::string("fp4"));
    QVERIFY(mi355x.flags.empty());
}

void TestBenchmarkInferenceX::theContextDatesRowsThatHaveNoDate() {
    data::BenchmarkContext context;
    context.date = "2026-03-02";
    const data::BenchmarkImport in = readAgg(context);
    QCOMPARE(in.records.at(0).date, std::string("2026-03-02"));
    QCOMPARE(in.records.at(3).date, std::string("2026-03-02"));
    QVERIFY(in.records.at(3).flags.empty());                    // dated now, and 2026
    QCOMPARE(in.records.at(1).date, std::string("2026-01-12")); // the image's date wins

    context.date = "2025-12-31";
    QCOMPARE(readAgg(context).records.at(3).flags, flags({model::kFlagPre2026AmdImage}));
}

void TestBenchmarkInferenceX::disaggregatedRowKeepsEachDenominator() {
    const data::BenchmarkImport in = readAgg();
    const model::BenchmarkRecord& d = in.records.at(5);
    QCOMPARE(d.sku, std::string("B200"));
    QCOMPARE(d.hardware, std::string("b200_dynamo-trt"));
    QCOMPARE(d.gpus, 24);
    QCOMPARE(d.prefill_gpus, std::optional<int>(8));
    QCOMPARE(d.decode_gpus, std::optional<int>(16));
    // total ÷ 24, output ÷ 16 decode GPUs, input ÷ 8 prefill GPUs: as written, never
    // recomputed from one another (2100 ≠ 1500 + 3300).
    QCOMPARE(*d.total_tokens_per_s_per_gpu, 2100.0);
    QCOMPARE(*d.output_tokens_per_s_per_gpu, 1500.0);
    QCOMPARE(*d.input_tokens_per_s_per_gpu, 3300.0);
    QCOMPARE(d.software_stack, std::string("dynamo-trt"));
    QCOMPARE(d.isl, std::optional<int>(8192));
    QVERIFY(d.flags.empty()); // NVIDIA: no image flag; no power measured: no power flag
}

void TestBenchmarkInferenceX::invalidPowerIsFlaggedAndLeftEmpty() {
    const data::BenchmarkImport in = readAgg();
    const model::BenchmarkRecord& h200 = in.records.at(6);
    QCOMPARE(h200.sku, std::string("H200"));
    QVERIFY(!h200.power_w);
    QVERIFY(!h200.joules_per_token);
    QCOMPARE(h200.flags,
             flags({model::kFlagPowerInvalid,
                    "power invalid: sample gap 12.5 s exceeds 5 s; observed 7 of 8 GPUs"}));
    QVERIFY(!model::excludedFromBindingsByDefault(h200));
}

void TestBenchmarkInferenceX::apiRowReadsNestedMetrics() {
    const data::BenchmarkImport in = readAgg();
    const model::BenchmarkRecord& api = in.records.at(7);
    QCOMPARE(api.hardware, std::string("mi355x"));
    QCOMPARE(api.sku, std::string("MI355X"));
    // One engine: the API repeats its count in both phase columns; counted once.
    QCOMPARE(api.gpus, 8);
    QVERIFY(!api.prefill_gpus);
    QCOMPARE(*api.total_tokens_per_s_per_gpu, 2210.4);
    QCOMPARE(*api.output_tokens_per_s_per_gpu, 245.6);
    QCOMPARE(*api.input_tokens_per_s_per_gpu, 1964.8);
    QCOMPARE(*api.ttft_median_s, 1.204);
    QCOMPARE(*api.interactivity, 40.486);
    QCOMPARE(*api.power_w, 7420.5);
    QCOMPARE(*api.joules_per_token, 0.4196);
    QCOMPARE(api.date, std::string("2026-04-01"));
    QCOMPARE(api.source_ref,
             std::string("https://github.com/SemiAnalysisAI/InferenceX/actions/runs/"
                         "18840213377/attempts/1"));
    QVERIFY(api.flags.empty());
}

void TestBenchmarkInferenceX::millisecondRowIsConvertedToSeconds() {
    const data::BenchmarkImport in = readAgg();
    const model::BenchmarkRecord& raw = in.records.at(8);
    QCOMPARE(raw.gpus, 4);
    QCOMPARE(*raw.ttft_median_s, 0.512);
    QCOMPARE(*raw.ttft_p99_s, 1.84);
    QCOMPARE(*raw.tpot_median_s, 0.025);
    QCOMPARE(*raw.e2e_median_s, 26.0875);
    QCOMPARE(*raw.interactivity, 40.0); // 1000 / 25 ms, as upstream derives it
}

void TestBenchmarkInferenceX::agenticRowHasNoSequenceLengths() {
    const data::BenchmarkImport in = readAgg();
    const model::BenchmarkRecord& agentic = in.records.at(9);
    QCOMPARE(agentic.scenario, std::string("agentic-coding"));
    QVERIFY(!agentic.isl);
    QVERIFY(!agentic.osl);
    QCOMPARE(agentic.concurrency, std::optional<int>(32));
    QCOMPARE(*agentic.total_tokens_per_s_per_gpu, 3304.2);
}

void TestBenchmarkInferenceX::everySkippedRowSaysWhereAndWhy_data() {
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("reason");
    QTest::newRow("B300 not priced") << "/7/hw"
                                     << "hardware 'b300' (GPU key 'b300') is not in the "
                                        "mapping table";
    QTest::newRow("GB200 key") << "/8/hw"
                               << "(GPU key 'gb200')";
    QTest::newRow("missing model") << "/9/model"
                                   << "missing; expected text";
    QTest::newRow("missing precision") << "/10/precision"
                                       << "missing; expected text";
    QTest::newRow("zero throughput") << "/11/tput_per_gpu"
                                     << "must be above zero, found the number 0";
    QTest::newRow("duplicate") << "/12"
                               << "the same row as /0";
    QTest::newRow("no GPU count") << "/13/tp"
                                  << "missing; expected the tensor-parallel size";
    QTest::newRow("zero GPUs") << "/14/tp"
                               << "expected a whole number ≥ 1, found the number 0";
    QTest::newRow("failed run") << "/18/benchmark_outcome/status"
                                << "the benchmark run failed";
}

void TestBenchmarkInferenceX::everySkippedRowSaysWhereAndWhy() {
    QFETCH(QString, place);
    QFETCH(QString, reason);
    const data::BenchmarkImport in = readAgg();
    const data::Problem* p = testing::skippedAt(in, place.toStdString());
    QVERIFY2(p, qPrintable(place));
    QVERIFY2(QString::fromStdString(p->message).contains(reason), p->message.c_str());
}

void TestBenchmarkInferenceX::skippedRowsAreReportedInFileOrder() {
    std::vector<std::string> places;
    const data::BenchmarkImport in = readAgg();
    for (const data::Problem& p : in.skipped)
        places.push_back(p.place);
    QCOMPARE(places, (std::vector<std::string>{"/7/hw", "/8/hw", "/9/model", "/10/precision",
                                               "/11/tput_per_gpu", "/12", "/13/tp", "/14/tp",
                                               "/18/benchmark_outcome/status"}));
}

void TestBenchmarkInferenceX::onePointFileIsOneRow() {
    const data::BenchmarkImport in =
        data::readInferenceXRows(testing::benchmarkFixture("inferencex-point.json"),
                                 "agg_dsr1_1k8k_fp4_sglang_tp8_conc4.json", {});
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(1));
    QCOMPARE(in.records.size(), std::size_t(1));
    const model::BenchmarkRecord& r = in.records.front();
    QCOMPARE(r.sku, std::string("MI355X"));
    QCOMPARE(r.gpus, 8);
    QCOMPARE(r.isl, std::optional<int>(1024));
    QCOMPARE(r.osl, std::optional<int>(8192));
    QCOMPARE(r.concurrency, std::optional<int>(4));
    QCOMPARE(*r.total_tokens_per_s_per_gpu, 62.41);
    QCOMPARE(*r.output_tokens_per_s_per_gpu, 55.48);
    QCOMPARE(*r.input_tokens_per_s_per_gpu, 6.93);
    QCOMPARE(*r.ttft_median_s, 0.1874);
    QCOMPARE(*r.tpot_median_s, 0.008297);
    QCOMPARE(*r.interactivity, 120.526);
    QCOMPARE(*r.e2e_median_s, 68.16);
    QCOMPARE(*r.power_w, 6104.2);
    QCOMPARE(*r.joules_per_token, 12.226);
    QCOMPARE(r.date, std::string("2025-11-20"));
    QCOMPARE(r.flags, flags({model::kFlagPre2026AmdImage})); // valid power: no power flag
    QCOMPARE(r.source_ref, std::string("agg_dsr1_1k8k_fp4_sglang_tp8_conc4.json row 0"));
}

QTEST_GUILESS_MAIN(TestBenchmarkInferenceX)
