// InferenceX text built in the test: files refused whole, one field at a time, the bugs.

#include "benchmark.h"
#include "benchmark_inferencex.h"
#include "tst_benchmark_inferencex.h"
#include "tst_benchmark_inferencex_helpers.h"

#include <QTest>
#include <cstdint>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

using namespace crossgrade;
using namespace crossgrade::testing;

namespace {

data::BenchmarkImport readText(const char* text) {
    return data::readInferenceXRows(std::string_view(text), "inline.json", {});
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

void TestBenchmarkInferenceX::aSkippedPointSaysWhereInTheObject() {
    const data::BenchmarkImport in = data::readInferenceXRows(
        std::string_view(R"({"hw": "gb300", "model": "m", "precision": "fp4", "tp": 4,
                                 "tput_per_gpu": 10})"),
        "agg_gb300.json", {});
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(1));
    QVERIFY(in.records.empty());
    QCOMPARE(in.skipped.front().place, std::string("/hw"));
}

void TestBenchmarkInferenceX::aFileThatIsNotRowsIsRefusedWhole_data() {
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

void TestBenchmarkInferenceX::aFileThatIsNotRowsIsRefusedWhole() {
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, message);
    const data::BenchmarkImport in = data::readInferenceXRows(std::string_view(text.toStdString()),
                                                              "bad.json", data::BenchmarkContext{});
    QVERIFY(!in.ok());
    QVERIFY(in.records.empty());
    QCOMPARE(QString::fromStdString(in.errors.front().place), place);
    QVERIFY2(QString::fromStdString(in.errors.front().message).contains(message),
             in.errors.front().message.c_str());
}

void TestBenchmarkInferenceX::badFieldsSkipTheRow_data() {
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

void TestBenchmarkInferenceX::badFieldsSkipTheRow() {
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, reason);
    const data::BenchmarkImport in = data::readInferenceXRows(std::string_view(text.toStdString()),
                                                              "row.json", data::BenchmarkContext{});
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(1));
    QVERIFY(in.records.empty());
    QCOMPARE(QString::fromStdString(in.skipped.front().place), place);
    QVERIFY2(QString::fromStdString(in.skipped.front().message).contains(reason),
             in.skipped.front().message.c_str());
}

void TestBenchmarkInferenceX::aRowThatIsNotAnObjectIsSkipped() {
    const data::BenchmarkImport in = readText(R"([42, "row"])");
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(2));
    QCOMPARE(in.skipped.size(), std::size_t(2));
    QCOMPARE(in.skipped[1].place, std::string("/1"));
    QVERIFY2(in.skipped[1].message.find("expected a result row (an object), found \"row\"") !=
                 std::string::npos,
             in.skipped[1].message.c_str());
}

void TestBenchmarkInferenceX::powerWithoutAVerdictIsFlaggedAndLeftEmpty() {
    const data::BenchmarkImport in = readText(rowWith("\"avg_power_w\": 900").c_str());
    QCOMPARE(in.records.size(), std::size_t(1));
    QVERIFY(!in.records[0].power_w);
    QCOMPARE(in.records[0].flags, flags({model::kFlagPowerInvalid}));
}

void TestBenchmarkInferenceX::powerVerdictWrittenAsTextIsRead() {
    const data::BenchmarkImport in =
        readText(rowWith("\"power_valid\": \"true\", \"avg_power_w\": 900, "
                         "\"joules_per_total_token\": 1.125")
                     .c_str());
    QCOMPARE(in.records.size(), std::size_t(1));
    QCOMPARE(*in.records[0].power_w, 900.0);
    QCOMPARE(*in.records[0].joules_per_token, 1.125);
    QVERIFY(in.records[0].flags.empty());
}

void TestBenchmarkInferenceX::runIdNamesTheRowWhenThereIsNoUrl() {
    const data::BenchmarkImport in = readText(rowWith("\"run_id\": 18840213377").c_str());
    QCOMPARE(in.records.at(0).source_ref, std::string("run 18840213377"));
}

void TestBenchmarkInferenceX::imageDatesAreReadFromTheTagOnly() {
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
void TestBenchmarkInferenceX::bug_booleanThroughputStoredAsOne_data() {
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

void TestBenchmarkInferenceX::bug_booleanThroughputStoredAsOne() {
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
void TestBenchmarkInferenceX::bug_differentRowsWithOneFingerprintWereCalledTheSameRow() {
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
void TestBenchmarkInferenceX::bug_inferenceXImportHeldEveryRow() {
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

void TestBenchmarkInferenceX::bug_textNumberAccepted_data() {
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

void TestBenchmarkInferenceX::bug_textNumberAccepted() {
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
