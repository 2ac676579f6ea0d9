// Writing the benchmark CSV and reading it back: equal records, fuzz regressions, 10,000 rows.

#include "benchmark.h"
#include "benchmark_csv.h"
#include "tst_benchmark_csv.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <fstream>
#include <sstream>
#include <string>

using namespace crossgrade;

namespace {

// A record as an importer would make it, varied by `i` so every field is exercised.
model::BenchmarkRecord generated(int i) {
    static const char* const kHardware[] = {"NVIDIA H100-SXM-80GB",
                                            "h200",
                                            "mi300x",
                                            "AMD Instinct MI325X 256GB HBM3e",
                                            "mi355x",
                                            "b200"};
    static const char* const kSkus[] = {"H100", "H200", "MI300X", "MI325X", "MI355X", "B200"};
    model::BenchmarkRecord r;
    r.source = i % 3 == 0 ? "inferencex" : "csv";
    r.file = "generated.csv";
    r.source_ref = "run " + std::to_string(1000 + i);
    r.date = "2025-10-" + std::to_string(10 + i % 20);
    r.round = i % 5 == 0 ? "v5.1" : "";
    r.hardware = kHardware[i % 6];
    r.sku = kSkus[i % 6];
    r.software_stack = i % 2 ? "vLLM 0.10.1, ROCm 7.0" : "SGLang 0.5 \"nightly\"";
    r.image = i % 4 ? "rocm/vllm:rocm7.0_vllm0.10.1" : "";
    r.model = "deepseek-r1-0528";
    r.precision = i % 2 ? "fp8" : "fp4";
    r.scenario = "sweep";
    r.isl = 1024 << (i % 4);
    r.osl = i % 7 ? std::optional<int>(1024) : std::nullopt;
    r.concurrency = 4 << (i % 6);
    r.gpus = 8 * (1 + i % 3);
    r.nodes = 1 + i % 3;
    if (i % 10 == 3) {
        r.prefill_gpus = r.gpus / 4;
        r.decode_gpus = r.gpus - *r.prefill_gpus;
    }
    r.total_tokens_per_s_per_gpu = 1000.0 + i * 0.37;
    r.output_tokens_per_s_per_gpu = i % 2 ? std::optional<double>(333.3 + i / 7.0) : std::nullopt;
    r.input_tokens_per_s_per_gpu = i % 3 ? std::optional<double>(0.1 * i + 1) : std::nullopt;
    r.ttft_median_s = 0.05 + i * 1e-4;
    r.ttft_p99_s = i % 2 ? std::optional<double>(1.25e-3 * (i + 1)) : std::nullopt;
    r.tpot_median_s = 1.0 / (30 + i % 50);
    r.e2e_median_s = 12.5 + i;
    r.interactivity = 30.0 + i % 50;
    r.power_w = i % 4 ? std::optional<double>(700 + i % 300) : std::nullopt;
    r.joules_per_token = i % 4 ? std::optional<double>(0.61 + i * 1e-5) : std::nullopt;
    r.accuracy_note = i % 9 ? "" : "GSM8K 0.95,\nMMLU \"0.87\"";
    if (i % 11 == 0)
        r.flags = {std::string(model::kFlagPre2026AmdImage), "own note"};
    return r;
}

std::string written(const std::vector<model::BenchmarkRecord>& records) {
    std::ostringstream out;
    data::writeBenchmarkCsv(out, records);
    return out.str();
}

} // namespace

void TestBenchmarkCsv::theWriterWritesEveryColumnInOrder() {
    const std::string text = written({});
    QCOMPARE(text, std::string("source,source_ref,date,round,hardware,sku,software_stack,image,"
                               "model,precision,scenario,isl,osl,concurrency,gpus,nodes,"
                               "prefill_gpus,decode_gpus,total_tokens_per_s_per_gpu,"
                               "output_tokens_per_s_per_gpu,input_tokens_per_s_per_gpu,"
                               "ttft_median_s,ttft_p99_s,tpot_median_s,e2e_median_s,"
                               "interactivity,power_w,joules_per_token,accuracy_note,flags\n"));
    QCOMPARE(data::benchmarkCsvColumns().size(), std::size_t(30));
}

void TestBenchmarkCsv::writeThenReadGivesEqualRecords() {
    std::vector<model::BenchmarkRecord> records;
    for (int i = 0; i < 200; ++i)
        records.push_back(generated(i));
    // Fields a careless writer would break: blanks kept by quoting, quotes, line breaks,
    // non-ASCII text, numbers at the edges of their forms.
    model::BenchmarkRecord& odd = records[1];
    odd.software_stack = "  leading and trailing\t";
    odd.image = "\"quoted\"";
    odd.accuracy_note = "line one\r\nline two, with a comma — and an em dash";
    odd.total_tokens_per_s_per_gpu = 0.1 + 0.2;
    odd.ttft_median_s = 5e-324;
    odd.e2e_median_s = 1.7976931348623157e308;
    odd.power_w = 0;

    const std::string text = written(records);
    const data::BenchmarkImport in = data::readBenchmarkCsv(text, "generated.csv");
    QVERIFY(in.ok());
    QVERIFY2(in.skipped.empty(), in.skipped.empty() ? "" : in.skipped.front().message.c_str());
    QCOMPARE(in.records.size(), records.size());
    for (std::size_t i = 0; i < records.size(); ++i)
        QCOMPARE(in.records[i], records[i]);
    // `file` becomes the name the CSV is read under.
    QCOMPARE(data::readBenchmarkCsv(text, "other.csv").records.front().file,
             std::string("other.csv"));
}

// Every input the fuzzer ever crashed (tests/fixtures/fuzz-regressions/csv/, named after
// the bug) keeps the importer's promises that fuzz/fuzz_csv_import.cpp checks.
void TestBenchmarkCsv::fuzzRegressionsKeepTheImportersPromises_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/fuzz-regressions/csv"));
    for (const QString& name : dir.entryList(QDir::Files))
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
}

void TestBenchmarkCsv::fuzzRegressionsKeepTheImportersPromises() {
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string text = file.readAll().toStdString();
    const data::BenchmarkImport in = data::readBenchmarkCsv(text, "fuzz.csv");
    // Streamed to a sink, the same records come out, and the result keeps none of them.
    std::vector<model::BenchmarkRecord> handed;
    std::istringstream stream(text);
    const data::BenchmarkImport streamed = data::readBenchmarkCsv(
        stream, "fuzz.csv", [&](model::BenchmarkRecord&& r) { handed.push_back(std::move(r)); });
    QVERIFY(streamed.records.empty());
    QCOMPARE(streamed.ok(), in.ok());
    QCOMPARE(streamed.rows, in.rows);
    QCOMPARE(streamed.accepted, in.records.size());
    if (!in.ok()) {
        QVERIFY(in.records.empty() && in.skipped.empty());
        return;
    }
    QVERIFY(handed == in.records);
    QCOMPARE(in.records.size() + in.skipped.size(), in.rows);
    const std::string again = written(in.records);
    const data::BenchmarkImport back = data::readBenchmarkCsv(again, "fuzz.csv");
    QVERIFY(back.ok());
    QVERIFY2(back.skipped.empty(),
             back.skipped.empty() ? "" : back.skipped.front().message.c_str());
    QCOMPARE(back.records.size(), in.records.size());
    for (std::size_t i = 0; i < in.records.size(); ++i)
        QCOMPARE(back.records[i], in.records[i]);
}

// Bug (found by fuzz_csv_import, twice): the pre-2026 AMD flag has a ';' in its words;
// written " ;" or ";;" by hand it was split into two flags, which the writer joined with "; "
// and the next read took as the one flag, so a write-read round trip changed the record.
void TestBenchmarkCsv::bug_knownFlagSpacedDifferentlyWasSplit_data() {
    QTest::addColumn<QString>("flags");
    const QString flag = QString::fromUtf8(model::kFlagPre2026AmdImage.data(),
                                           qsizetype(model::kFlagPre2026AmdImage.size()));
    QTest::newRow("as written") << flag;
    QTest::newRow("blank before ;") << QString(flag).replace("; ", " ;");
    QTest::newRow("no blank") << QString(flag).replace("; ", ";");
    QTest::newRow("doubled ;") << QString(flag).replace("; ", ";; ");
    QTest::newRow("blanks both sides, then another flag")
        << QString(flag).replace("; ", "  ;  ") + QStringLiteral(" ; own reason");
}

void TestBenchmarkCsv::bug_knownFlagSpacedDifferentlyWasSplit() {
    QFETCH(QString, flags);
    const std::string text = "hardware,model,precision,scenario,gpus,"
                             "total_tokens_per_s_per_gpu,flags\nmi300x,m,fp8,Offline,8,100,\"" +
                             flags.toStdString() + "\"\n";
    const data::BenchmarkImport in = data::readBenchmarkCsv(text, "flags.csv");
    QVERIFY2(in.ok(), in.ok() ? "" : in.errors.front().message.c_str());
    QCOMPARE(in.records.size(), std::size_t(1));
    QCOMPARE(in.records[0].flags.front(), std::string(model::kFlagPre2026AmdImage));
    const data::BenchmarkImport back = data::readBenchmarkCsv(written(in.records), "flags.csv");
    QCOMPARE(back.records, in.records);
}

// The bug `benchmarks --format csv` then `import-benchmarks` found: InferenceX rows keep
// their hardware key with its framework ("b200-sglang", "mi300x_sglang"), which the CSV
// reader took for unknown hardware and skipped.
void TestBenchmarkCsv::inferenceXHardwareKeysReadBackFromCsv() {
    std::vector<model::BenchmarkRecord> records{generated(0), generated(1)};
    records[0].hardware = "b200-sglang";
    records[0].sku = "B200";
    records[1].hardware = "mi300x_sglang";
    records[1].sku = "MI300X";
    const data::BenchmarkImport in = data::readBenchmarkCsv(written(records), "generated.csv");
    QVERIFY2(in.skipped.empty(), in.skipped.empty() ? "" : in.skipped.front().message.c_str());
    QCOMPARE(in.records.size(), std::size_t{2});
    QCOMPARE(in.records[0], records[0]);
    QCOMPARE(in.records[1], records[1]);
}

void TestBenchmarkCsv::aFlagOfASourcesOwnKeepsItsPlace() {
    model::BenchmarkRecord r = generated(1);
    r.flags = {"power invalid; sensor dropped out", std::string(model::kFlagPowerInvalid)};
    const data::BenchmarkImport in = data::readBenchmarkCsv(written({r}), "flags.csv");
    QCOMPARE(in.records.size(), std::size_t(1));
    QCOMPARE(in.records.front().flags,
             (std::vector<std::string>{"power invalid, sensor dropped out",
                                       std::string(model::kFlagPowerInvalid)}));
}

void TestBenchmarkCsv::tenThousandRowsImportCompletely() {
    std::vector<model::BenchmarkRecord> records;
    for (int i = 0; i < 10'000; ++i)
        records.push_back(generated(i));
    std::istringstream text(written(records)); // several 64 KiB chunks
    const data::BenchmarkImport in = data::readBenchmarkCsv(text, "generated.csv");
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(10'000));
    QCOMPARE(in.records.size(), std::size_t(10'000));
    QVERIFY(in.records == records);
}

// Issue 20: `import-benchmarks` of a million-row CSV took 1.4 GB, every record held until
// the file was known good. With a sink, each record is handed over as soon as its row is
// read — long before the reader has seen the end of the file — and the result keeps none;
// the records are the ones a read without a sink keeps, in the same order. A file refused
// on its last line has handed its records over first, so the caller must check before it
// stores (the CLI reads twice, tst_cli_benchmarks).
void TestBenchmarkCsv::bug_streamedCsvImportHeldEveryRow() {
    std::vector<model::BenchmarkRecord> records;
    for (int i = 0; i < 10'000; ++i)
        records.push_back(generated(i));
    const std::string text = written(records); // about 30 chunks of 64 KiB
    std::istringstream in(text);
    std::vector<model::BenchmarkRecord> handed;
    std::vector<std::streamoff> consumedAt; // how far the reader had read, per record
    const data::BenchmarkImport streamed =
        data::readBenchmarkCsv(in, "generated.csv", [&](model::BenchmarkRecord&& r) {
            const std::streamoff at = in.tellg(); // -1 once the reader hit the end
            consumedAt.push_back(at < 0 ? std::streamoff(text.size()) : at);
            handed.push_back(std::move(r));
        });
    QVERIFY(streamed.ok());
    QCOMPARE(streamed.rows, std::size_t(10'000));
    QCOMPARE(streamed.accepted, std::size_t(10'000));
    QVERIFY(streamed.records.empty());
    QVERIFY(handed == records);
    QVERIFY2(consumedAt.front() <= std::streamoff(64 * 1024),
             "the first record came only after the reader read past its first chunk");
    QVERIFY(consumedAt.front() < consumedAt.back());
    QVERIFY(consumedAt[5'000] < std::streamoff(text.size()));

    // A bad quote on the last line refuses the file after the records before it went out.
    std::istringstream broken(text + "h100,x,fp8,sweep,8,\"1000\n");
    std::size_t before = 0;
    const data::BenchmarkImport refused = data::readBenchmarkCsv(
        broken, "generated.csv", [&](model::BenchmarkRecord&&) { ++before; });
    QVERIFY(!refused.ok());
    QCOMPARE(before, std::size_t(10'000));
    QCOMPARE(refused.accepted, std::size_t(0));
    QCOMPARE(refused.rows, std::size_t(0));
}
