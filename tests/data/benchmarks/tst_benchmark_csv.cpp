// Reading the benchmark CSV: good rows, each skipped row at its place, files refused whole.

#include "tst_benchmark_csv.h"

#include "benchmark.h"
#include "benchmark_csv.h"
#include "benchmark_fixtures.h"

#include <QFile>
#include <QTest>
#include <fstream>
#include <string>

using namespace crossgrade;

namespace {

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The smallest valid header, and a row for it, for the cases written inline.
const std::string kHeader = "hardware,model,precision,scenario,gpus,total_tokens_per_s_per_gpu\n";

} // namespace

void TestBenchmarkCsv::goodRowsBecomeRecords() {
    // Through an ifstream, as the CLI will read it.
    std::ifstream file(testing::benchmarkFixturePath("canonical.csv"), std::ios::binary);
    QVERIFY(file);
    const data::BenchmarkImport in = data::readBenchmarkCsv(file, "canonical.csv");
    QVERIFY2(in.ok(), in.ok() ? "" : in.errors.front().message.c_str());
    QCOMPARE(in.rows, std::size_t(18));
    QCOMPARE(in.records.size(), std::size_t(8));
    QCOMPARE(in.skipped.size(), std::size_t(10));

    const model::BenchmarkRecord& h100 = in.records[0];
    QCOMPARE(h100.hardware, std::string("NVIDIA H100-SXM-80GB"));
    QCOMPARE(h100.sku, std::string("H100"));
    QCOMPARE(h100.model, std::string("llama-3.1-70b-instruct"));
    QCOMPARE(h100.precision, std::string("fp8"));
    QCOMPARE(h100.scenario, std::string("sweep"));
    QCOMPARE(h100.isl, std::optional<int>(1024));
    QCOMPARE(h100.osl, std::optional<int>(1024));
    QCOMPARE(h100.concurrency, std::optional<int>(64));
    QCOMPARE(h100.gpus, 8);
    QCOMPARE(h100.nodes, 1); // no nodes column: one node
    QCOMPARE(h100.total_tokens_per_s_per_gpu, std::optional<double>(2104.5));
    QCOMPARE(h100.output_tokens_per_s_per_gpu, std::optional<double>(1052.25));
    QVERIFY(!h100.input_tokens_per_s_per_gpu);
    QCOMPARE(h100.ttft_median_s, std::optional<double>(0.412));
    QCOMPARE(h100.tpot_median_s, std::optional<double>(0.0281));
    QCOMPARE(h100.interactivity, std::optional<double>(35.6));
    QCOMPARE(h100.power_w, std::optional<double>(652));
    QVERIFY(!h100.ttft_p99_s && !h100.e2e_median_s && !h100.joules_per_token);
    QCOMPARE(h100.software_stack, std::string("vLLM 0.9.2, CUDA 12.8"));
    QCOMPARE(h100.image, std::string("vllm/vllm-openai:v0.9.2"));
    QCOMPARE(h100.date, std::string("2025-09-15"));
    QCOMPARE(h100.source, std::string("lab-a"));
    QCOMPARE(h100.source_ref, std::string("run 2025-09-15/h100-1k"));
    QCOMPARE(h100.file, std::string("canonical.csv"));
    QCOMPARE(h100.accuracy_note, std::string("GSM8K 0.93, MMLU 0.86"));
    QVERIFY(h100.flags.empty());

    QCOMPARE(in.records[1].sku, std::string("H200")); // key, with an sku that agrees
    QCOMPARE(in.records[2].sku, std::string("MI300X"));
    QCOMPARE(in.records[2].software_stack, std::string("vLLM 0.9.2, ROCm 6.4"));

    // No source or source_ref: the format's name and the CSV row.
    const model::BenchmarkRecord& mi325x = in.records[3];
    QCOMPARE(mi325x.sku, std::string("MI325X"));
    QCOMPARE(mi325x.source, std::string("csv"));
    QCOMPARE(mi325x.source_ref, std::string("canonical.csv row 5"));
    QCOMPARE(mi325x.interactivity, std::optional<double>(42));

    QCOMPARE(in.records[4].isl, std::optional<int>(8192));
    QCOMPARE(in.records[4].total_tokens_per_s_per_gpu, std::optional<double>(5240));

    // Crossgrade's own flag has "; " in its words and is still read whole.
    const model::BenchmarkRecord& flagged = in.records[6];
    QCOMPARE(flagged.flags, (std::vector<std::string>{std::string(model::kFlagPre2026AmdImage),
                                                      std::string(model::kFlagFailedRequests)}));
    QVERIFY(model::excludedFromBindingsByDefault(flagged));

    // A quoted field over two lines, with doubled quotes.
    QCOMPARE(in.records[7].accuracy_note, std::string("GSM8K 0.93,\nMMLU 0.86 (\"5-shot\")"));
    QCOMPARE(in.records[7].source_ref, std::string("run 2025-09-16/mi325x-8k"));
}

void TestBenchmarkCsv::everySkippedRowSaysWhereAndWhy_data() {
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("reason");
    // Rows count CSV records, the header being row 1: row 9's field spans two lines.
    QTest::newRow("unknown hardware") << "10:1"
                                      << "'NVIDIA B300-SXM-270GB' is not in the mapping";
    QTest::newRow("not a number") << "11:11"
                                  << "expected a number (s), found 'fast'";
    QTest::newRow("zero throughput") << "12:9"
                                     << "a throughput must be above zero, found '0'";
    QTest::newRow("short row") << "13:11"
                               << "10 fields, but the header has 22";
    QTest::newRow("sku disagrees") << "14:20"
                                   << "sku 'H100' disagrees with hardware 'mi300x', which is "
                                      "MI300X";
    QTest::newRow("count not whole") << "15:8"
                                     << "expected a whole number ≥ 1 (GPUs), found '8.5'";
    QTest::newRow("negative") << "16:14"
                              << "a negative power_w: '-700'";
    QTest::newRow("NaN") << "17:12"
                         << "expected a finite number (s), found 'nan'";
    QTest::newRow("required field empty") << "18:2"
                                          << "model is empty; it is required";
    QTest::newRow("no throughput") << "19:9"
                                   << "no throughput";
}

void TestBenchmarkCsv::everySkippedRowSaysWhereAndWhy() {
    QFETCH(QString, place);
    QFETCH(QString, reason);
    const data::BenchmarkImport in =
        data::readBenchmarkCsv(testing::benchmarkFixture("canonical.csv"), "canonical.csv");
    const data::Problem* p = testing::skippedAt(in, place.toStdString());
    QVERIFY2(p, qPrintable(place));
    QVERIFY2(QString::fromStdString(p->message).contains(reason), p->message.c_str());
}

void TestBenchmarkCsv::crlfAndByteOrderMarkReadTheSame() {
    const std::string lf = testing::benchmarkFixture("canonical.csv");
    const data::BenchmarkImport expected = data::readBenchmarkCsv(lf, "canonical.csv");
    // A spreadsheet's export: a BOM and CRLF everywhere, also inside the quoted field.
    const data::BenchmarkImport crlf =
        data::readBenchmarkCsv("\xEF\xBB\xBF" + replaceAll(lf, "\n", "\r\n"), "canonical.csv");
    QVERIFY(crlf.ok());
    QCOMPARE(crlf.rows, expected.rows);
    QCOMPARE(crlf.skipped, expected.skipped);
    QCOMPARE(crlf.records.size(), expected.records.size());
    for (std::size_t i = 0; i < crlf.records.size(); ++i) {
        model::BenchmarkRecord r = crlf.records[i];
        r.accuracy_note = replaceAll(r.accuracy_note, "\r\n", "\n");
        QCOMPARE(r, expected.records[i]);
    }
    QCOMPARE(crlf.records[7].accuracy_note, std::string("GSM8K 0.93,\r\nMMLU 0.86 (\"5-shot\")"));
}

void TestBenchmarkCsv::aFileThatIsNotTheFormatIsRefusedWhole_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("message");
    const QString row = QStringLiteral("h100,m,fp8,Offline,8,100\n");
    QTest::newRow("empty") << ""
                           << "1:1"
                           << "the file is empty";
    QTest::newRow("blank lines and a BOM") << "\xEF\xBB\xBF\n\r\n\n"
                                           << "1:1"
                                           << "the file is empty";
    QTest::newRow("unknown column")
        << "hardware,model,precision,scenario,gpus,tokens_per_s\n" + row << "1:6"
        << "unknown column 'tokens_per_s'";
    QTest::newRow("duplicate column")
        << "hardware,model,Model,precision,scenario,gpus,total_tokens_per_s_per_gpu\n"
        << "1:3"
        << "column 'model' appears twice (first at 1:2)";
    QTest::newRow("missing required column")
        << "hardware,model,precision,scenario,total_tokens_per_s_per_gpu\n" + row << "1:6"
        << "the header has no 'gpus' column";
    QTest::newRow("no throughput column")
        << "hardware,model,precision,scenario,gpus,input_tokens_per_s_per_gpu\n" + row << "1:7"
        << "no throughput column";
    QTest::newRow("column with no name") << "hardware,model,,precision\n"
                                         << "1:3"
                                         << "a column with no name";
    QTest::newRow("semicolons") << "hardware;model;precision\n"
                                << "1:1"
                                << "separated by ';'";
    QTest::newRow("unterminated quote")
        << QString::fromStdString(kHeader) + row + "h200,\"m,fp8,Offline,8,100\nh100,m\n"
        << "3:2"
        << "a quoted field is not closed";
    QTest::newRow("quote inside a field")
        << QString::fromStdString(kHeader) + row + row + "h100,6\"7,fp8,Offline,8,100\n"
        << "4:2"
        << "not CSV";
    QTest::newRow("text after a closing quote")
        << QString::fromStdString(kHeader) + "h100,\"m\"x,fp8,Offline,8,100\n"
        << "2:2"
        << "not CSV";
}

void TestBenchmarkCsv::aFileThatIsNotTheFormatIsRefusedWhole() {
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, message);
    const data::BenchmarkImport in = data::readBenchmarkCsv(text.toStdString(), "bad.csv");
    QVERIFY(!in.ok());
    QVERIFY(in.records.empty());
    QVERIFY(in.skipped.empty());
    QCOMPARE(QString::fromStdString(in.errors.front().place), place);
    QVERIFY2(QString::fromStdString(in.errors.front().message).contains(message),
             in.errors.front().message.c_str());
}

void TestBenchmarkCsv::textThatIsNotUtf8IsRefusedWhole() {
    // "é" in Latin-1, as a spreadsheet's non-UTF-8 CSV export writes it.
    const data::BenchmarkImport in =
        data::readBenchmarkCsv(kHeader + "h100,caf\xE9,fp8,Offline,8,100\n", "latin1.csv");
    QVERIFY(!in.ok());
    QCOMPARE(in.errors.front().place, std::string("2:2"));
    QVERIFY(in.errors.front().message.find("UTF-8") != std::string::npos);
}

void TestBenchmarkCsv::aFieldLongerThanTheLimitIsRefusedWhole() {
    // A quote that is never closed would otherwise buffer the rest of the file.
    const std::string text =
        kHeader + "h100,\"" + std::string(data::kMaxBenchmarkCsvFieldBytes + 100'000, 'x');
    const data::BenchmarkImport in = data::readBenchmarkCsv(text, "long.csv");
    QVERIFY(!in.ok());
    QCOMPARE(in.errors.front().place, std::string("2:2"));
    QVERIFY(in.errors.front().message.find("longer than 1 MiB") != std::string::npos);
}

void TestBenchmarkCsv::aHeaderAloneIsAnEmptyImport() {
    const data::BenchmarkImport in = data::readBenchmarkCsv(kHeader, "header.csv");
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(0));
    QVERIFY(in.records.empty() && in.skipped.empty());
    // Without a final line break, and with a BOM.
    QVERIFY(
        data::readBenchmarkCsv("\xEF\xBB\xBF" + kHeader.substr(0, kHeader.size() - 1), "header.csv")
            .ok());
}

void TestBenchmarkCsv::inlineRowsAreCheckedToo_data() {
    QTest::addColumn<QString>("csv");
    QTest::addColumn<QString>("place"); // empty: imported
    QTest::addColumn<QString>("reason");
    const QString header =
        QStringLiteral("hardware,model,precision,scenario,gpus,output_tokens_per_s_per_gpu,nodes,"
                       "prefill_gpus,decode_gpus,isl\n");
    QTest::newRow("disaggregated") << header + "mi355x,m,fp4,sweep,12,900,2,4,8,8192\n"
                                   << ""
                                   << "";
    QTest::newRow("phases do not add up") << header + "mi355x,m,fp4,sweep,12,900,2,4,6,8192\n"
                                          << "2:9"
                                          << "prefill_gpus + decode_gpus is 10, but gpus is 12";
    QTest::newRow("zero GPUs") << header + "h100,m,fp8,Offline,0,900,,,,\n"
                               << "2:5"
                               << "whole number ≥ 1 (GPUs), found '0'";
    QTest::newRow("count as exponent") << header + "h100,m,fp8,Offline,8,900,1,,,1e3\n"
                                       << ""
                                       << "";
    QTest::newRow("negative count") << header + "h100,m,fp8,Offline,8,900,-1,,,\n"
                                    << "2:7"
                                    << "found '-1'";
    QTest::newRow("thousands separator") << header + "h100,m,fp8,Offline,8,\"1,234\",,,,\n"
                                         << "2:6"
                                         << "expected a number (tokens/s per GPU)";
    QTest::newRow("infinite") << header + "h100,m,fp8,Offline,8,inf,,,,\n"
                              << "2:6"
                              << "finite";
    QTest::newRow("too many fields") << header + "h100,m,fp8,Offline,8,900,1,,,,extra\n"
                                     << "2:11"
                                     << "11 fields, but the header has 10";
    QTest::newRow("empty row") << header + ",,,,,,,,,\n"
                               << "2:1"
                               << "an empty row";
    QTest::newRow("blank required") << header + "h100,m,\" \",Offline,8,900,,,,\n"
                                    << "2:3"
                                    << "precision is empty";
    QTest::newRow("NVL card") << header + "NVIDIA H100-NVL-94GB,m,fp8,Offline,4,900,,,,\n"
                              << "2:1"
                              << "not guessed";
}

void TestBenchmarkCsv::inlineRowsAreCheckedToo() {
    QFETCH(QString, csv);
    QFETCH(QString, place);
    QFETCH(QString, reason);
    const data::BenchmarkImport in = data::readBenchmarkCsv(csv.toStdString(), "inline.csv");
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(1));
    if (place.isEmpty()) {
        QCOMPARE(in.records.size(), std::size_t(1));
        return;
    }
    QCOMPARE(in.skipped.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(in.skipped.front().place), place);
    QVERIFY2(QString::fromStdString(in.skipped.front().message).contains(reason),
             in.skipped.front().message.c_str());
}

// Bug (issue 20): a CSV `gpus` of 1,000,001 was accepted, though every other way in
// (InferenceX, serving, --gpus) stops at 1,000,000 GPUs (docs/limits.md).
void TestBenchmarkCsv::bug_csvGpusOverTheLimitAccepted_data() {
    QTest::addColumn<QString>("row");
    QTest::addColumn<QString>("place"); // empty: imported
    const QString header =
        QStringLiteral("hardware,model,precision,scenario,gpus,output_tokens_per_s_per_gpu,nodes,"
                       "prefill_gpus,decode_gpus\n");
    QTest::newRow("gpus 1000001") << header + "h100,m,fp8,Offline,1000001,900,,,\n"
                                  << "2:5";
    QTest::newRow("gpus 1000000") << header + "h100,m,fp8,Offline,1000000,900,,,\n"
                                  << "";
    QTest::newRow("decode_gpus 1000001") << header + "mi355x,m,fp4,sweep,1000000,900,2,4,1000001\n"
                                         << "2:9";
}

void TestBenchmarkCsv::bug_csvGpusOverTheLimitAccepted() {
    QFETCH(QString, row);
    QFETCH(QString, place);
    const data::BenchmarkImport in = data::readBenchmarkCsv(row.toStdString(), "gpus.csv");
    QVERIFY(in.ok());
    QCOMPARE(in.rows, std::size_t(1));
    if (place.isEmpty()) {
        QCOMPARE(in.records.size(), std::size_t(1));
        QCOMPARE(in.records.front().gpus, 1'000'000);
        return;
    }
    QVERIFY2(in.records.empty(), "a count past the limit was stored");
    QCOMPARE(QString::fromStdString(in.skipped.front().place), place);
    QVERIFY2(QString::fromStdString(in.skipped.front().message)
                 .contains("expected at most 1000000 GPUs (more than any deployment has), "
                           "found '1000001'"),
             in.skipped.front().message.c_str());
}

void TestBenchmarkCsv::theDocumentedExampleImports() {
    QFile doc(QStringLiteral(CROSSGRADE_SOURCE_DIR "/docs/formats/benchmark-csv.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const std::string text = doc.readAll().toStdString();
    const std::size_t start = text.find("```csv\n");
    QVERIFY(start != std::string::npos);
    const std::size_t end = text.find("```", start + 7);
    const data::BenchmarkImport in =
        data::readBenchmarkCsv(text.substr(start + 7, end - start - 7), "example.csv");
    QVERIFY(in.ok());
    QCOMPARE(in.records.size(), std::size_t(2));
    QVERIFY(in.skipped.empty());
    QCOMPARE(in.records[1].sku, std::string("MI300X"));
    QCOMPARE(in.records[1].flags,
             std::vector<std::string>{std::string(model::kFlagFailedRequests)});
}

QTEST_GUILESS_MAIN(TestBenchmarkCsv)
