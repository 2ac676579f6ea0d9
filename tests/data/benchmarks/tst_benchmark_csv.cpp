// The canonical benchmark CSV (data/benchmarks/benchmark_csv, docs/formats/benchmark-csv.md). The
// fixture is a small lab's own sweep in the shape users keep it (numbers invented): one model at
// two sequence lengths on H100, H200, MI300X and MI325X, columns in their own order and case,
// quoted fields with commas, a line break and doubled quotes, then one row for every reason a
// row is skipped.

#include "benchmark.h"
#include "benchmark_csv.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <fstream>
#include <sstream>

using namespace crossgrade;

namespace {

const char* const kFixtureDir = CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/";

std::string fixture(const char* name) {
    QFile f(QString::fromUtf8(kFixtureDir) + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll().toStdString();
}

const data::Problem* skippedAt(const data::BenchmarkImport& in, const std::string& place) {
    for (const data::Problem& p : in.skipped)
        if (p.place == place)
            return &p;
    return nullptr;
}

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The smallest valid header, and a row for it, for the cases written inline.
const std::string kHeader = "hardware,model,precision,scenario,gpus,total_tokens_per_s_per_gpu\n";

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

class TestBenchmarkCsv : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void goodRowsBecomeRecords() {
        // Through an ifstream, as the CLI will read it.
        std::ifstream file(std::string(kFixtureDir) + "canonical.csv", std::ios::binary);
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
        QCOMPARE(flagged.flags,
                 (std::vector<std::string>{std::string(model::kFlagPre2026AmdImage),
                                           std::string(model::kFlagFailedRequests)}));
        QVERIFY(model::excludedFromBindingsByDefault(flagged));

        // A quoted field over two lines, with doubled quotes.
        QCOMPARE(in.records[7].accuracy_note, std::string("GSM8K 0.93,\nMMLU 0.86 (\"5-shot\")"));
        QCOMPARE(in.records[7].source_ref, std::string("run 2025-09-16/mi325x-8k"));
    }

    void everySkippedRowSaysWhereAndWhy_data() {
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

    void everySkippedRowSaysWhereAndWhy() {
        QFETCH(QString, place);
        QFETCH(QString, reason);
        const data::BenchmarkImport in =
            data::readBenchmarkCsv(fixture("canonical.csv"), "canonical.csv");
        const data::Problem* p = skippedAt(in, place.toStdString());
        QVERIFY2(p, qPrintable(place));
        QVERIFY2(QString::fromStdString(p->message).contains(reason), p->message.c_str());
    }

    void crlfAndByteOrderMarkReadTheSame() {
        const std::string lf = fixture("canonical.csv");
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
        QCOMPARE(crlf.records[7].accuracy_note,
                 std::string("GSM8K 0.93,\r\nMMLU 0.86 (\"5-shot\")"));
    }

    void aFileThatIsNotTheFormatIsRefusedWhole_data() {
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

    void aFileThatIsNotTheFormatIsRefusedWhole() {
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

    void textThatIsNotUtf8IsRefusedWhole() {
        // "é" in Latin-1, as a spreadsheet's non-UTF-8 CSV export writes it.
        const data::BenchmarkImport in =
            data::readBenchmarkCsv(kHeader + "h100,caf\xE9,fp8,Offline,8,100\n", "latin1.csv");
        QVERIFY(!in.ok());
        QCOMPARE(in.errors.front().place, std::string("2:2"));
        QVERIFY(in.errors.front().message.find("UTF-8") != std::string::npos);
    }

    void aFieldLongerThanTheLimitIsRefusedWhole() {
        // A quote that is never closed would otherwise buffer the rest of the file.
        const std::string text =
            kHeader + "h100,\"" + std::string(data::kMaxBenchmarkCsvFieldBytes + 100'000, 'x');
        const data::BenchmarkImport in = data::readBenchmarkCsv(text, "long.csv");
        QVERIFY(!in.ok());
        QCOMPARE(in.errors.front().place, std::string("2:2"));
        QVERIFY(in.errors.front().message.find("longer than 1 MiB") != std::string::npos);
    }

    void aHeaderAloneIsAnEmptyImport() {
        const data::BenchmarkImport in = data::readBenchmarkCsv(kHeader, "header.csv");
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(0));
        QVERIFY(in.records.empty() && in.skipped.empty());
        // Without a final line break, and with a BOM.
        QVERIFY(data::readBenchmarkCsv("\xEF\xBB\xBF" + kHeader.substr(0, kHeader.size() - 1),
                                       "header.csv")
                    .ok());
    }

    void inlineRowsAreCheckedToo_data() {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("place"); // empty: imported
        QTest::addColumn<QString>("reason");
        const QString header = QStringLiteral(
            "hardware,model,precision,scenario,gpus,output_tokens_per_s_per_gpu,nodes,"
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

    void inlineRowsAreCheckedToo() {
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
    void bug_csvGpusOverTheLimitAccepted_data() {
        QTest::addColumn<QString>("row");
        QTest::addColumn<QString>("place"); // empty: imported
        const QString header = QStringLiteral(
            "hardware,model,precision,scenario,gpus,output_tokens_per_s_per_gpu,nodes,"
            "prefill_gpus,decode_gpus\n");
        QTest::newRow("gpus 1000001") << header + "h100,m,fp8,Offline,1000001,900,,,\n"
                                      << "2:5";
        QTest::newRow("gpus 1000000") << header + "h100,m,fp8,Offline,1000000,900,,,\n"
                                      << "";
        QTest::newRow("decode_gpus 1000001")
            << header + "mi355x,m,fp4,sweep,1000000,900,2,4,1000001\n"
            << "2:9";
    }
    void bug_csvGpusOverTheLimitAccepted() {
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

    void theDocumentedExampleImports() {
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

    void theWriterWritesEveryColumnInOrder() {
        const std::string text = written({});
        QCOMPARE(text, std::string("source,source_ref,date,round,hardware,sku,software_stack,image,"
                                   "model,precision,scenario,isl,osl,concurrency,gpus,nodes,"
                                   "prefill_gpus,decode_gpus,total_tokens_per_s_per_gpu,"
                                   "output_tokens_per_s_per_gpu,input_tokens_per_s_per_gpu,"
                                   "ttft_median_s,ttft_p99_s,tpot_median_s,e2e_median_s,"
                                   "interactivity,power_w,joules_per_token,accuracy_note,flags\n"));
        QCOMPARE(data::benchmarkCsvColumns().size(), std::size_t(30));
    }

    void writeThenReadGivesEqualRecords() {
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
    void fuzzRegressionsKeepTheImportersPromises_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(
            QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/fuzz-regressions/csv"));
        for (const QString& name : dir.entryList(QDir::Files))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }
    void fuzzRegressionsKeepTheImportersPromises() {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string text = file.readAll().toStdString();
        const data::BenchmarkImport in = data::readBenchmarkCsv(text, "fuzz.csv");
        // Streamed to a sink, the same records come out, and the result keeps none of them.
        std::vector<model::BenchmarkRecord> handed;
        std::istringstream stream(text);
        const data::BenchmarkImport streamed =
            data::readBenchmarkCsv(stream, "fuzz.csv", [&](model::BenchmarkRecord&& r) {
                handed.push_back(std::move(r));
            });
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
    void bug_knownFlagSpacedDifferentlyWasSplit_data() {
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
    void bug_knownFlagSpacedDifferentlyWasSplit() {
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
    void inferenceXHardwareKeysReadBackFromCsv() {
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

    void aFlagOfASourcesOwnKeepsItsPlace() {
        model::BenchmarkRecord r = generated(1);
        r.flags = {"power invalid; sensor dropped out", std::string(model::kFlagPowerInvalid)};
        const data::BenchmarkImport in = data::readBenchmarkCsv(written({r}), "flags.csv");
        QCOMPARE(in.records.size(), std::size_t(1));
        QCOMPARE(in.records.front().flags,
                 (std::vector<std::string>{"power invalid, sensor dropped out",
                                           std::string(model::kFlagPowerInvalid)}));
    }

    void tenThousandRowsImportCompletely() {
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
    void bug_streamedCsvImportHeldEveryRow() {
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
};

QTEST_GUILESS_MAIN(TestBenchmarkCsv)
#include "tst_benchmark_csv.moc"
