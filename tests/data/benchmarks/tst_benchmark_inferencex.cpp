// The InferenceX aggregate-row importer (issue 7). The fixtures are written in the shape of
// InferenceX's agg_bmk.json and agg_<name>.json (numbers invented, kept consistent): good rows
// on H100, H200, B200, MI300X (2026, pre-2026 and undated images), MI355X, a disaggregated
// multi-node row, an API row with nested metrics, a raw-layer row in milliseconds and an
// agentic row, then one row for every reason a row is skipped.

#include "benchmark.h"
#include "benchmark_inferencex.h"

#include <QFile>
#include <QTest>
#include <cstdint>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

using namespace crossgrade;

namespace {

std::string fixture(const char* name) {
    QFile f(QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/") +
            QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll().toStdString();
}

data::BenchmarkImport readAgg(const data::BenchmarkContext& context = {}) {
    return data::readInferenceXRows(fixture("inferencex-agg.json"), "agg_bmk.json", context);
}

data::BenchmarkImport readText(const char* text) {
    return data::readInferenceXRows(std::string_view(text), "inline.json", {});
}

const data::Problem* skippedAt(const data::BenchmarkImport& in, const std::string& place) {
    for (const data::Problem& p : in.skipped)
        if (p.place == place)
            return &p;
    return nullptr;
}

std::vector<std::string> flags(std::initializer_list<std::string_view> names) {
    return {names.begin(), names.end()};
}

// A single-node H100 row with everything a record needs; tests change one field at a time.
constexpr const char* kGoodRow = R"({"hw": "h100", "model": "m", "precision": "fp8",
    "framework": "sglang", "isl": 1024, "osl": 1024, "conc": 8, "tp": 8, "tput_per_gpu": 100)";

// kGoodRow with the keys of `extra` (members of an object, without the braces) added or, when
// it has them already, replaced: a key may appear once in an object.
std::string rowWith(const char* extra) {
    nlohmann::ordered_json row = nlohmann::ordered_json::parse(std::string(kGoodRow) + "}");
    const nlohmann::ordered_json changes =
        nlohmann::ordered_json::parse("{" + std::string(extra) + "}");
    for (const auto& [key, value] : changes.items())
        row[key] = value;
    return "[" + row.dump() + "]";
}

// Two different texts of one length with one std::hash, when std::hash is libstdc++'s (64-bit
// MurmurHash2 over 8-byte blocks, seed 0xc70f6907): `text` with 16 placeholder bytes at an
// offset that is a multiple of 8, and the same text with those bytes replaced by letters and
// digits chosen so that the hash state after them is the same. Empty when none was found.
std::string sameHashOtherText(const std::string& text, std::size_t at) {
    using u64 = std::uint64_t;
    constexpr u64 kMul = (u64(0xc6a4a793UL) << 32) + u64(0x5bd1e995UL);
    const auto load = [](const char* p) {
        u64 v = 0;
        std::memcpy(&v, p, 8);
        return v;
    };
    const auto mix = [&](u64 k) {
        k *= kMul;
        return (k ^ (k >> 47)) * kMul;
    };
    u64 inverse = kMul; // of kMul modulo 2^64, by Newton's iteration
    for (int i = 0; i < 6; ++i)
        inverse *= 2 - kMul * inverse;
    const auto unmix = [&](u64 y) {
        u64 t = y * inverse;
        return (t ^ (t >> 47)) * inverse;
    };
    u64 h = u64(0xc70f6907UL) ^ (u64(text.size()) * kMul);
    for (std::size_t p = 0; p < at; p += 8)
        h = (h ^ mix(load(text.data() + p))) * kMul;
    static const char kAlnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    const auto alnum = [&](u64 v) {
        for (int i = 0; i < 8; ++i)
            if (!std::memchr(kAlnum, int((v >> (8 * i)) & 0xff), sizeof kAlnum - 1))
                return false;
        return true;
    };
    std::mt19937_64 random(20);
    const u64 a1 = load(text.data() + at), a2 = load(text.data() + at + 8);
    const u64 afterA = (h ^ mix(a1)) * kMul;
    for (int tries = 0; tries < 10'000'000; ++tries) {
        u64 b1 = 0;
        for (int i = 0; i < 8; ++i)
            b1 |= u64(static_cast<unsigned char>(kAlnum[random() % 62])) << (8 * i);
        const u64 b2 = unmix(mix(a2) ^ afterA ^ ((h ^ mix(b1)) * kMul));
        if (b1 != a1 && alnum(b2)) {
            std::string other = text;
            std::memcpy(other.data() + at, &b1, 8);
            std::memcpy(other.data() + at + 8, &b2, 8);
            return other;
        }
    }
    return {};
}

} // namespace

class TestBenchmarkInferenceX : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void goodRowsBecomeRecords() {
        const data::BenchmarkImport in = readAgg();
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(19));
        QCOMPARE(in.records.size(), std::size_t(10));
        QCOMPARE(in.skipped.size(), std::size_t(9));
    }

    void singleNodeRowKeepsThePerGpuNumbersAsWritten() {
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

    void amdRowsAreDatedAndFlagged() {
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

    void theContextDatesRowsThatHaveNoDate() {
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

    void disaggregatedRowKeepsEachDenominator() {
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

    void invalidPowerIsFlaggedAndLeftEmpty() {
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

    void apiRowReadsNestedMetrics() {
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

    void millisecondRowIsConvertedToSeconds() {
        const data::BenchmarkImport in = readAgg();
        const model::BenchmarkRecord& raw = in.records.at(8);
        QCOMPARE(raw.gpus, 4);
        QCOMPARE(*raw.ttft_median_s, 0.512);
        QCOMPARE(*raw.ttft_p99_s, 1.84);
        QCOMPARE(*raw.tpot_median_s, 0.025);
        QCOMPARE(*raw.e2e_median_s, 26.0875);
        QCOMPARE(*raw.interactivity, 40.0); // 1000 / 25 ms, as upstream derives it
    }

    void agenticRowHasNoSequenceLengths() {
        const data::BenchmarkImport in = readAgg();
        const model::BenchmarkRecord& agentic = in.records.at(9);
        QCOMPARE(agentic.scenario, std::string("agentic-coding"));
        QVERIFY(!agentic.isl);
        QVERIFY(!agentic.osl);
        QCOMPARE(agentic.concurrency, std::optional<int>(32));
        QCOMPARE(*agentic.total_tokens_per_s_per_gpu, 3304.2);
    }

    void everySkippedRowSaysWhereAndWhy_data() {
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

    void everySkippedRowSaysWhereAndWhy() {
        QFETCH(QString, place);
        QFETCH(QString, reason);
        const data::BenchmarkImport in = readAgg();
        const data::Problem* p = skippedAt(in, place.toStdString());
        QVERIFY2(p, qPrintable(place));
        QVERIFY2(QString::fromStdString(p->message).contains(reason), p->message.c_str());
    }

    void skippedRowsAreReportedInFileOrder() {
        std::vector<std::string> places;
        const data::BenchmarkImport in = readAgg();
        for (const data::Problem& p : in.skipped)
            places.push_back(p.place);
        QCOMPARE(places, (std::vector<std::string>{"/7/hw", "/8/hw", "/9/model", "/10/precision",
                                                   "/11/tput_per_gpu", "/12", "/13/tp", "/14/tp",
                                                   "/18/benchmark_outcome/status"}));
    }

    void onePointFileIsOneRow() {
        const data::BenchmarkImport in = data::readInferenceXRows(
            fixture("inferencex-point.json"), "agg_dsr1_1k8k_fp4_sglang_tp8_conc4.json", {});
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

    void aSkippedPointSaysWhereInTheObject() {
        const data::BenchmarkImport in = data::readInferenceXRows(
            std::string_view(R"({"hw": "gb300", "model": "m", "precision": "fp4", "tp": 4,
                                 "tput_per_gpu": 10})"),
            "agg_gb300.json", {});
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(1));
        QVERIFY(in.records.empty());
        QCOMPARE(in.skipped.front().place, std::string("/hw"));
    }

    void aFileThatIsNotRowsIsRefusedWhole_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << ""
                               << "1:1"
                               << "the file is empty";
        QTest::newRow("blank") << "  \n  "
                               << "1:1"
                               << "the file is empty";
        QTest::newRow("syntax") << "[{\"hw\": }]"
                                << "1:9"
                                << "invalid JSON";
        QTest::newRow("syntax on line 3 after blank lines") << "\n\n  [{\"hw\": tru}]"
                                                            << "3:14"
                                                            << "invalid JSON";
        QTest::newRow("a good row, then broken")
            << QString::fromStdString("[" + std::string(kGoodRow) + "},\n{") << "3:1"
            << "invalid JSON";
        QTest::newRow("single value") << "\"agg_bmk\""
                                      << ""
                                      << "an array of InferenceX rows, or one row object";
        QTest::newRow("no rows") << "[ ]"
                                 << ""
                                 << "the array holds no rows";
        QTest::newRow("an MLPerf summary") << "{\"0\": {\"Model\": \"llama2-70b-99.9\"}}"
                                           << ""
                                           << "none of hw, hardware and model";
        QTest::newRow("a serving result") << "{\"model_id\": \"m\", \"completed\": 8}"
                                          << ""
                                          << "expected InferenceX aggregate rows";
    }

    void aFileThatIsNotRowsIsRefusedWhole() {
        QFETCH(QString, text);
        QFETCH(QString, place);
        QFETCH(QString, message);
        const data::BenchmarkImport in = data::readInferenceXRows(
            std::string_view(text.toStdString()), "bad.json", data::BenchmarkContext{});
        QVERIFY(!in.ok());
        QVERIFY(in.records.empty());
        QCOMPARE(QString::fromStdString(in.errors.front().place), place);
        QVERIFY2(QString::fromStdString(in.errors.front().message).contains(message),
                 in.errors.front().message.c_str());
    }

    void badFieldsSkipTheRow_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("reason");
        QTest::newRow("negative output")
            << QString::fromStdString(rowWith("\"output_tput_per_gpu\": -5"))
            << "/0/output_tput_per_gpu"
            << "above zero, found the number -5";
        QTest::newRow("throughput as text")
            << "[{\"hw\": \"h100\", \"model\": \"m\", \"precision\": \"fp8\", \"tp\": 8, "
               "\"tput_per_gpu\": \"fast\"}]"
            << "/0/tput_per_gpu"
            << "expected a number, found \"fast\"";
        QTest::newRow("no throughput")
            << "[{\"hw\": \"h100\", \"model\": \"m\", \"precision\": \"fp8\", \"tp\": 8}]"
            << "/0/tput_per_gpu"
            << "missing; expected the throughput per GPU";
        QTest::newRow("negative latency")
            << QString::fromStdString(rowWith("\"median_ttft\": -0.5")) << "/0/median_ttft"
            << "a latency cannot be negative";
        QTest::newRow("negative latency in ms")
            << QString::fromStdString(rowWith("\"p99_ttft_ms\": -1")) << "/0/p99_ttft_ms"
            << "a latency cannot be negative";
        QTest::newRow("fractional concurrency")
            << QString::fromStdString(rowWith("\"conc\": 2.5")) << "/0/conc"
            << "expected a whole number";
        QTest::newRow("disaggregated without decode GPUs")
            << QString::fromStdString(rowWith("\"disagg\": true, \"num_prefill_gpu\": 4"))
            << "/0/num_decode_gpu"
            << "a disaggregated row needs num_prefill_gpu and num_decode_gpu";
        QTest::newRow("prefill on other hardware")
            << QString::fromStdString(rowWith("\"prefill_hw\": \"b200\"")) << "/0/prefill_hw"
            << "a record is measured on one SKU";
        QTest::newRow("one engine, two counts")
            << "[{\"hardware\": \"h100\", \"model\": \"m\", \"precision\": \"fp8\", "
               "\"num_prefill_gpu\": 4, \"num_decode_gpu\": 8, \"metrics\": {\"tput_per_gpu\": "
               "10}}]"
            << "/0/num_prefill_gpu"
            << "the GPU count is unclear";
        QTest::newRow("metrics not an object")
            << "[{\"hardware\": \"h100\", \"model\": \"m\", \"precision\": \"fp8\", "
               "\"num_decode_gpu\": 8, \"metrics\": [1, 2]}]"
            << "/0/metrics"
            << "expected the row's metrics (an object of numbers), found an array";
        QTest::newRow("bad nested metric")
            << "[{\"hardware\": \"h100\", \"model\": \"m\", \"precision\": \"fp8\", "
               "\"num_decode_gpu\": 8, \"metrics\": {\"tput_per_gpu\": \"n/a\"}}]"
            << "/0/metrics/tput_per_gpu"
            << "expected a number";
        QTest::newRow("bad date") << QString::fromStdString(rowWith("\"date\": \"yesterday\""))
                                  << "/0/date"
                                  << "expected a date (YYYY-MM-DD)";
        QTest::newRow("no request succeeded")
            << QString::fromStdString(
                   rowWith("\"num_requests_total\": 40, \"num_requests_successful\": 0"))
            << "/0/num_requests_successful"
            << "no request succeeded";
        QTest::newRow("disagg neither yes nor no")
            << QString::fromStdString(rowWith("\"disagg\": \"maybe\"")) << "/0/disagg"
            << "expected true or false";
    }

    void badFieldsSkipTheRow() {
        QFETCH(QString, text);
        QFETCH(QString, place);
        QFETCH(QString, reason);
        const data::BenchmarkImport in = data::readInferenceXRows(
            std::string_view(text.toStdString()), "row.json", data::BenchmarkContext{});
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(1));
        QVERIFY(in.records.empty());
        QCOMPARE(QString::fromStdString(in.skipped.front().place), place);
        QVERIFY2(QString::fromStdString(in.skipped.front().message).contains(reason),
                 in.skipped.front().message.c_str());
    }

    void aRowThatIsNotAnObjectIsSkipped() {
        const data::BenchmarkImport in = readText(R"([42, "row"])");
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(2));
        QCOMPARE(in.skipped.size(), std::size_t(2));
        QCOMPARE(in.skipped[1].place, std::string("/1"));
        QVERIFY2(in.skipped[1].message.find("expected a result row (an object), found \"row\"") !=
                     std::string::npos,
                 in.skipped[1].message.c_str());
    }

    void powerWithoutAVerdictIsFlaggedAndLeftEmpty() {
        const data::BenchmarkImport in = readText(rowWith("\"avg_power_w\": 900").c_str());
        QCOMPARE(in.records.size(), std::size_t(1));
        QVERIFY(!in.records[0].power_w);
        QCOMPARE(in.records[0].flags, flags({model::kFlagPowerInvalid}));
    }

    void powerVerdictWrittenAsTextIsRead() {
        const data::BenchmarkImport in =
            readText(rowWith("\"power_valid\": \"true\", \"avg_power_w\": 900, "
                             "\"joules_per_total_token\": 1.125")
                         .c_str());
        QCOMPARE(in.records.size(), std::size_t(1));
        QCOMPARE(*in.records[0].power_w, 900.0);
        QCOMPARE(*in.records[0].joules_per_token, 1.125);
        QVERIFY(in.records[0].flags.empty());
    }

    void runIdNamesTheRowWhenThereIsNoUrl() {
        const data::BenchmarkImport in = readText(rowWith("\"run_id\": 18840213377").c_str());
        QCOMPARE(in.records.at(0).source_ref, std::string("run 18840213377"));
    }

    void imageDatesAreReadFromTheTagOnly() {
        // Eight digits in a digest or the repository path are not a date.
        const auto amdRow = [](const char* image) {
            const std::string row =
                rowWith((std::string(R"("hw": "mi300x", "image": ")") + image + "\"").c_str());
            return row.substr(1, row.size() - 2); // without the array's brackets
        };
        const data::BenchmarkImport in =
            readText(("[" + amdRow("registry/20250101/sgl@sha256:ab20250101cd") + "," +
                      amdRow("rocm/sgl-dev:v0.5-rocm700-mi30x-20260330") + "," +
                      amdRow("rocm/sgl-dev:build12345678") + "]")
                         .c_str());
        QCOMPARE(in.records.size(), std::size_t(3));
        QCOMPARE(in.records[0].date, std::string());
        QCOMPARE(in.records[1].date, std::string("2026-03-30"));
        QCOMPARE(in.records[2].date, std::string());
        QCOMPARE(in.records[2].flags, flags({model::kFlagUndatedAmdImage}));
    }

    // Bug (issue 20): `"tput_per_gpu": true` was read as the number 1 and stored as 1 token/s
    // per GPU. A boolean is not a number, for every number a row has.
    void bug_booleanThroughputStoredAsOne_data() {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("place");
        QTest::newRow("tput_per_gpu") << "\"tput_per_gpu\": true"
                                      << "/0/tput_per_gpu";
        QTest::newRow("output_tput_per_gpu") << "\"output_tput_per_gpu\": true"
                                             << "/0/output_tput_per_gpu";
        QTest::newRow("median_ttft") << "\"median_ttft\": false"
                                     << "/0/median_ttft";
        QTest::newRow("tp") << "\"tp\": true"
                            << "/0/tp";
        QTest::newRow("conc") << "\"conc\": true"
                              << "/0/conc";
        QTest::newRow("nested metric")
            << "\"metrics\": {\"tput_per_gpu\": true}, \"tput_per_gpu\": null"
            << "/0/metrics/tput_per_gpu";
    }
    void bug_booleanThroughputStoredAsOne() {
        QFETCH(QString, extra);
        QFETCH(QString, place);
        const data::BenchmarkImport in = readText(rowWith(qPrintable(extra)).c_str());
        QVERIFY(in.ok());
        QVERIFY2(in.records.empty(), "a boolean was taken for a number");
        QCOMPARE(in.skipped.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(in.skipped.front().place), place);
        QVERIFY2(QString::fromStdString(in.skipped.front().message).contains("expected a number"),
                 in.skipped.front().message.c_str());
    }

    // Bug (issue 20): a number written as text ("1250") was read as the number, though the
    // format writes numbers as numbers and docs/limits.md refuses text for them.
    // Repeats were told by a 64-bit hash and the length of the row's text, so two different
    // rows sharing both (built here for libstdc++'s std::hash) had the second skipped as "the
    // same row as /0". A SHA-256 digest of the text tells them apart; a true repeat is still
    // skipped, naming its first row.
    void bug_differentRowsWithOneFingerprintWereCalledTheSameRow() {
        nlohmann::json row = nlohmann::json::parse(std::string(kGoodRow) + "}");
        const std::string placeholder(16, 'A');
        std::string text;
        std::size_t at = 0;
        for (std::string pad;; pad += 'p') { // the run id's 16 bytes on an 8-byte boundary
            row["run_id"] = "R" + pad + placeholder;
            text = row.dump(); // the text the reader digests: keys sorted, no spaces
            at = text.find("R" + pad + placeholder) + 1 + pad.size();
            if (at % 8 == 0)
                break;
        }
        const std::string other = sameHashOtherText(text, at);
        QVERIFY(!other.empty());
        if (std::hash<std::string>{}(text) != std::hash<std::string>{}(other))
            QSKIP("std::hash is not libstdc++'s 64-bit MurmurHash: no collision to build");
        QVERIFY(nlohmann::json::parse(other) != row);
        const std::string file = "[" + text + ",\n" + other + ",\n" + text + "]";
        const data::BenchmarkImport in = data::readInferenceXRows(file, "agg_bmk.json", {});
        QVERIFY(in.ok());
        QCOMPARE(in.records.size(), std::size_t(2));
        QVERIFY(in.records[0].source_ref != in.records[1].source_ref);
        QCOMPARE(in.skipped.size(), std::size_t(1));
        QCOMPARE(in.skipped[0].place, std::string("/2"));
        QCOMPARE(in.skipped[0].message, std::string("the same row as /0; imported once"));
    }

    // Issue 20: the InferenceX reader collected a file's records, and readBenchmarkFile handed
    // them to the sink only at the end. With a sink each record is handed over as its row is
    // read, long before the end of the stream, and the result keeps none; the records, skipped
    // rows and places are those of a read without a sink.
    void bug_inferenceXImportHeldEveryRow() {
        nlohmann::json row = nlohmann::json::parse(std::string(kGoodRow) + "}");
        std::string text = "[\n";
        for (int i = 0; i < 5'000; ++i) {
            row["run_id"] = i % 1000 == 999 ? i - 1 : i; // every thousandth row a repeat
            text += row.dump() + (i + 1 < 5'000 ? ",\n" : "\n]\n");
        }
        const data::BenchmarkImport held = data::readInferenceXRows(text, "agg_bmk.json", {});
        QVERIFY(held.ok());
        QCOMPARE(held.records.size(), std::size_t(4'995));
        QCOMPARE(held.skipped.size(), std::size_t(5));

        std::istringstream in(text);
        std::vector<model::BenchmarkRecord> handed;
        std::vector<std::streamoff> consumedAt; // how far the reader had read, per record
        const data::BenchmarkImport streamed =
            data::readInferenceXRows(in, "agg_bmk.json", {}, [&](model::BenchmarkRecord&& r) {
                const std::streamoff at = in.tellg(); // -1 once the reader hit the end
                consumedAt.push_back(at < 0 ? std::streamoff(text.size()) : at);
                handed.push_back(std::move(r));
            });
        QVERIFY(streamed.ok());
        QVERIFY(streamed.records.empty());
        QCOMPARE(streamed.rows, std::size_t(5'000));
        QCOMPARE(streamed.accepted, std::size_t(4'995));
        QVERIFY(handed == held.records);
        QVERIFY(streamed.skipped == held.skipped);
        QVERIFY2(consumedAt[2'000] < std::streamoff(text.size()),
                 "the records were handed over only once the whole file was read");
    }

    void bug_textNumberAccepted_data() {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("place");
        QTest::newRow("tput_per_gpu") << "\"tput_per_gpu\": \"1250\""
                                      << "/0/tput_per_gpu";
        QTest::newRow("isl") << "\"isl\": \"1024\""
                             << "/0/isl";
        QTest::newRow("tp") << "\"tp\": \"8\""
                            << "/0/tp";
        QTest::newRow("num_gpus") << "\"num_gpus\": \"8\""
                                  << "/0/num_gpus";
        QTest::newRow("avg_power_w") << "\"power_valid\": true, \"avg_power_w\": \"900\""
                                     << "/0/avg_power_w";
    }
    void bug_textNumberAccepted() {
        QFETCH(QString, extra);
        QFETCH(QString, place);
        const data::BenchmarkImport in = readText(rowWith(qPrintable(extra)).c_str());
        QVERIFY(in.ok());
        QVERIFY2(in.records.empty(), "text was taken for a number");
        QCOMPARE(in.skipped.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(in.skipped.front().place), place);
        QVERIFY2(QString::fromStdString(in.skipped.front().message)
                     .contains("(a number is written without quotes)"),
                 in.skipped.front().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestBenchmarkInferenceX)
#include "tst_benchmark_inferencex.moc"
