// The MLPerf Inference summary.json importer and the hardware → SKU table (issue 7, points 1
// and 2). The fixture's rows are written in the shape of a real round (numbers invented): good
// rows on MI300X, H100, H200 and MI325X, and one row for every reason a row is skipped.

#include "benchmark.h"
#include "benchmark_fixtures.h"
#include "benchmark_mlperf.h"

#include <QFile>
#include <QTest>
#include <algorithm>
#include <random>
#include <sstream>
#include <streambuf>
#include <vector>

using namespace crossgrade;

namespace {

// Row `i` of a generated summary: good, except every seventh in other units (skipped). Its
// accuracy note holds braces, brackets, quotes and escapes, which the key scan must read past.
std::string generatedRow(int i) {
    return std::string(R"({"Organization":"AMD","SystemName":"8xMI300X","Model":"llama2-70b",)") +
           R"("Scenario":"Offline","Result":)" + std::to_string(24000 + i) +
           R"(,"accelerator_model_name":"AMD Instinct MI300X-NPS1-SPX-192GB-750W",)" +
           R"("total_accelerators":8,"errors":0,"inferred":0,"Units":")" +
           (i % 7 == 3 ? "Samples/s" : "Tokens/s") +
           R"(","weight_data_types":"fp8","Accuracy":"ROUGE1: {\"a\": [1, \"}\"]}, \\ ,\"x\":"})";
}

// A summary of `rows` generated rows, written in the order of `keys` (indices into 0..rows-1),
// a key written with escapes where `escaped` says so ("\u0031\u0032" is the key "12").
std::string summary(const std::vector<int>& keys, bool escaped = false) {
    std::string text = "{\n";
    for (std::size_t n = 0; n < keys.size(); ++n) {
        std::string key = std::to_string(keys[n]);
        if (escaped && keys[n] % 5 == 0) {
            std::string e;
            for (char c : key)
                e += "\\u003" + std::string(1, c);
            key = e;
        }
        text += (n % 3 == 0 ? "  \"" : "\"") + key + (n % 2 ? "\" :\t" : "\":") +
                generatedRow(keys[n]) + (n + 1 < keys.size() ? ",\n" : "\n");
    }
    return text + "}\n";
}

std::vector<int> inOrder(int rows) {
    std::vector<int> keys(std::size_t(rows), 0);
    for (int i = 0; i < rows; ++i)
        keys[std::size_t(i)] = i;
    return keys;
}

// A stream that cannot seek, as a pipe: the reader cannot read it twice.
class Unseekable : public std::stringbuf {
public:
    using std::stringbuf::stringbuf;

protected:
    pos_type seekoff(off_type, std::ios_base::seekdir, std::ios_base::openmode) override {
        return pos_type(off_type(-1));
    }
    pos_type seekpos(pos_type, std::ios_base::openmode) override { return pos_type(off_type(-1)); }
};

struct Streamed {
    data::BenchmarkImport result;
    std::vector<model::BenchmarkRecord> handed;
};

Streamed readToSink(std::istream& in) {
    Streamed out;
    out.result = data::readMlperfSummary(in, "summary.json", [&](model::BenchmarkRecord&& r) {
        out.handed.push_back(std::move(r));
    });
    return out;
}

} // namespace

class TestBenchmarkMlperf : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Issue 20: readMlperfSummary kept every row of the file and sorted them by key before
    // handing any on, so a million-row summary was in memory at once. Keys in numeric order,
    // as MLPerf writes them, now go to the sink as each row is read — long before the stream
    // ends — and the result keeps none; records, skipped rows and places are those of a read
    // that holds the file (a stream that cannot seek still does).
    void bug_mlperfImportHeldEveryRow() {
        const std::string text = summary(inOrder(5'000));
        Unseekable pipe(text);
        std::istream piped(&pipe);
        const data::BenchmarkImport held = data::readMlperfSummary(piped, "summary.json");
        QVERIFY(held.ok());
        QCOMPARE(held.rows, std::size_t(5'000));
        QCOMPARE(held.skipped.size(), std::size_t(714));
        QCOMPARE(held.records.size(), std::size_t(4'286));

        std::istringstream in(text);
        std::vector<model::BenchmarkRecord> handed;
        std::vector<std::streamoff> consumedAt; // how far the reader had read, per record
        const data::BenchmarkImport streamed =
            data::readMlperfSummary(in, "summary.json", [&](model::BenchmarkRecord&& r) {
                const std::streamoff at = in.tellg(); // -1 once the reader hit the end
                consumedAt.push_back(at < 0 ? std::streamoff(text.size()) : at);
                handed.push_back(std::move(r));
            });
        QVERIFY(streamed.ok());
        QVERIFY(streamed.records.empty());
        QCOMPARE(streamed.rows, held.rows);
        QCOMPARE(streamed.accepted, held.records.size());
        QVERIFY(handed == held.records);
        QVERIFY(streamed.skipped == held.skipped);
        QVERIFY2(consumedAt.front() <= std::streamoff(64 * 1024),
                 "the first record came only after the reader read past its first rows");
        QVERIFY2(consumedAt[2'000] < std::streamoff(text.size()),
                 "the records were handed over only once the whole file was read");

        // A syntax error near the end refuses the file after the rows before it went out.
        std::istringstream broken(text.substr(0, text.size() - 4));
        const Streamed refused = readToSink(broken);
        QVERIFY(!refused.result.ok());
        QCOMPARE(refused.result.rows, std::size_t(0));
        QCOMPARE(refused.result.accepted, std::size_t(0));
        QVERIFY(refused.result.skipped.empty());
        QVERIFY(!refused.handed.empty());
    }

    // Shuffled keys (and keys written with escapes) are still filed in numeric key order, the
    // same records and skipped rows in the same order as the sorted file, from a stream read
    // row by row by place, from a stream that cannot seek (held), with and without a sink.
    void shuffledKeysAreFiledInNumericOrder() {
        const int rows = 1'200;
        const std::string sorted = summary(inOrder(rows));
        const data::BenchmarkImport expected = data::readMlperfSummary(sorted, "summary.json");
        QVERIFY(expected.ok());
        QCOMPARE(expected.rows, std::size_t(rows));
        std::vector<int> keys = inOrder(rows);
        std::shuffle(keys.begin(), keys.end(), std::mt19937(7));
        for (const bool escaped : {false, true}) {
            const std::string shuffled = summary(keys, escaped);
            const data::BenchmarkImport held = data::readMlperfSummary(shuffled, "summary.json");
            QVERIFY(held.ok());
            QVERIFY(held.records == expected.records);
            QVERIFY(held.skipped == expected.skipped);

            std::istringstream in(shuffled);
            const Streamed streamed = readToSink(in);
            QVERIFY(streamed.result.ok());
            QVERIFY(streamed.result.records.empty());
            QVERIFY(streamed.handed == expected.records);
            QVERIFY(streamed.result.skipped == expected.skipped);

            Unseekable pipe(shuffled);
            std::istream piped(&pipe);
            const Streamed fromPipe = readToSink(piped);
            QVERIFY(fromPipe.handed == expected.records);
            QVERIFY(fromPipe.result.skipped == expected.skipped);
        }
        // Shuffled and broken at the end: checked whole first, so nothing was handed over.
        const std::string shuffled = summary(keys);
        std::istringstream broken(shuffled.substr(0, shuffled.size() - 4));
        const Streamed refused = readToSink(broken);
        QVERIFY(!refused.result.ok());
        QVERIFY(refused.handed.empty());
        QCOMPARE(refused.result.rows, std::size_t(0));
    }

    void hardwareNamesMapToPriceBookSkus_data() {
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<QString>("sku"); // empty: unknown
        QTest::newRow("MLPerf MI300X") << "AMD Instinct MI300X-NPS1-SPX-192GB-750W"
                                       << "MI300X";
        QTest::newRow("MLPerf H100") << "NVIDIA H100-SXM-80GB"
                                     << "H100";
        QTest::newRow("MLPerf H100 SXM5") << "NVIDIA H100-SXM5-80GB"
                                          << "H100";
        QTest::newRow("MLPerf H200") << "NVIDIA H200-SXM-141GB"
                                     << "H200";
        QTest::newRow("MLPerf B200") << "NVIDIA B200-SXM-180GB"
                                     << "B200";
        QTest::newRow("MLPerf MI355X") << "AMD Instinct MI355X 288GB HBM3e"
                                       << "MI355X";
        QTest::newRow("key") << "mi355x"
                             << "MI355X";
        QTest::newRow("key upper case") << "H100"
                                        << "H100";
        QTest::newRow("InferenceX key with its framework") << "mi355x_sglang"
                                                           << "MI355X";
        QTest::newRow("InferenceX key, dash") << "b200-trt"
                                              << "B200";
        QTest::newRow("InferenceX key of an unknown GPU") << "gb200_dynamo-sglang"
                                                          << "";
        QTest::newRow("H100 NVL is another card") << "NVIDIA H100-NVL-94GB"
                                                  << "";
        QTest::newRow("H100 PCIe") << "NVIDIA H100-PCIe-80GB"
                                   << "";
        QTest::newRow("B300 not priced") << "NVIDIA B300-SXM-270GB"
                                         << "";
        QTest::newRow("GB200") << "NVIDIA GB200"
                               << "";
        QTest::newRow("key with suffix") << "h100 nvl"
                                         << "";
        QTest::newRow("prefix of a longer word") << "AMD Instinct MI300XL"
                                                 << "";
        QTest::newRow("empty") << ""
                               << "";
    }

    void hardwareNamesMapToPriceBookSkus() {
        QFETCH(QString, hardware);
        QFETCH(QString, sku);
        const std::optional<std::string> got = model::skuForHardware(hardware.toStdString());
        QCOMPARE(got ? QString::fromStdString(*got) : QString(), sku);
    }

    void goodRowsBecomeRecordsPerGpu() {
        const data::BenchmarkImport in = data::readMlperfSummary(
            testing::benchmarkFixture("mlperf-summary.json"), "summary.json");
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(12));
        QCOMPARE(in.records.size(), std::size_t(4));
        QCOMPARE(in.skipped.size(), std::size_t(8));

        const model::BenchmarkRecord& amd = in.records[0];
        QCOMPARE(amd.sku, std::string("MI300X"));
        QCOMPARE(amd.hardware, std::string("AMD Instinct MI300X-NPS1-SPX-192GB-750W"));
        QCOMPARE(amd.model, std::string("llama2-70b-99.9"));
        QCOMPARE(amd.scenario, std::string("Offline"));
        QCOMPARE(amd.precision, std::string("fp8"));
        QCOMPARE(amd.gpus, 8);
        // Generated tokens only: output throughput per GPU, total left empty.
        QVERIFY(amd.output_tokens_per_s_per_gpu);
        QCOMPARE(*amd.output_tokens_per_s_per_gpu, 3000.0);
        QVERIFY(!amd.total_tokens_per_s_per_gpu);
        QCOMPARE(amd.source, std::string("mlperf-inference"));
        QCOMPARE(amd.file, std::string("summary.json"));
        QCOMPARE(amd.source_ref, std::string("row 0 (AMD, 8xMI300X)"));
        QCOMPARE(amd.round, std::string("v5.0"));
        QCOMPARE(amd.software_stack, std::string("vLLM 0.6, ROCm 6.2"));
        QVERIFY(amd.accuracy_note.find("ROUGE1") != std::string::npos);

        QCOMPARE(in.records[1].sku, std::string("H100"));
        QCOMPARE(*in.records[1].output_tokens_per_s_per_gpu, 3200.0);
        // An older round without total_accelerators: nodes × accelerators per node.
        QCOMPARE(in.records[2].sku, std::string("H200"));
        QCOMPARE(in.records[2].gpus, 16);
        QCOMPARE(in.records[2].nodes, 2);
        QCOMPARE(*in.records[2].output_tokens_per_s_per_gpu, 4000.0);
        // Counts and flags written as text or booleans, as some rounds do.
        QCOMPARE(in.records[3].sku, std::string("MI325X"));
        QCOMPARE(in.records[3].source_ref.rfind("row 11", 0), std::size_t(0)); // numeric order
        QCOMPARE(*in.records[3].output_tokens_per_s_per_gpu, 3800.0);
    }

    void everySkippedRowSaysWhereAndWhy_data() {
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("reason");
        QTest::newRow("inferred") << "/2/inferred"
                                  << "inferred from another scenario";
        QTest::newRow("errors") << "/3/errors"
                                << "reported errors";
        QTest::newRow("unknown hardware") << "/4/accelerator_model_name"
                                          << "'NVIDIA B300-SXM-270GB' is not in the mapping";
        QTest::newRow("samples") << "/5/Units"
                                 << "units 'Samples/s'";
        QTest::newRow("missing result") << "/6/Result"
                                        << "missing";
        QTest::newRow("latency") << "/8/Units"
                                 << "units 'Latency (ms)'";
        QTest::newRow("NVL card") << "/9/accelerator_model_name"
                                  << "not guessed";
        QTest::newRow("result as text") << "/10/Result"
                                        << "expected a number, found \"fast\"";
    }

    void everySkippedRowSaysWhereAndWhy() {
        QFETCH(QString, place);
        QFETCH(QString, reason);
        const data::BenchmarkImport in = data::readMlperfSummary(
            testing::benchmarkFixture("mlperf-summary.json"), "summary.json");
        const data::Problem* p = testing::skippedAt(in, place.toStdString());
        QVERIFY2(p, qPrintable(place));
        QVERIFY2(QString::fromStdString(p->message).contains(reason), p->message.c_str());
    }

    void aFileThatIsNotASummaryIsRefusedWhole_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << ""
                               << "1:1"
                               << "the file is empty";
        QTest::newRow("syntax") << "{\"0\": {\"Model\": }"
                                << "1:17"
                                << "";
        QTest::newRow("array") << "[{\"Model\": \"x\"}]"
                               << ""
                               << "an object of result rows";
        QTest::newRow("text") << "\"summary\""
                              << ""
                              << "an object of result rows";
    }

    void aFileThatIsNotASummaryIsRefusedWhole() {
        QFETCH(QString, text);
        QFETCH(QString, place);
        QFETCH(QString, message);
        const data::BenchmarkImport in = data::readMlperfSummary(text.toStdString(), "bad.json");
        QVERIFY(!in.ok());
        QVERIFY(in.records.empty());
        QCOMPARE(QString::fromStdString(in.errors.front().place), place);
        QVERIFY2(QString::fromStdString(in.errors.front().message).contains(message),
                 in.errors.front().message.c_str());
    }

    void aRowThatIsNotAnObjectIsSkipped() {
        const data::BenchmarkImport in = data::readMlperfSummary("{\"0\": 42}", "odd.json");
        QVERIFY(in.ok());
        QCOMPARE(in.skipped.size(), std::size_t(1));
        QCOMPARE(in.skipped.front().place, std::string("/0"));
    }

    void zeroAcceleratorsIsSkipped() {
        const data::BenchmarkImport in = data::readMlperfSummary(
            R"({"0": {"Model": "m", "Scenario": "Offline", "Result": 10, "Units": "Tokens/s",
                "accelerator_model_name": "NVIDIA H100-SXM-80GB", "total_accelerators": 0}})",
            "zero.json");
        QCOMPARE(in.records.size(), std::size_t(0));
        QCOMPARE(in.skipped.front().place, std::string("/0/total_accelerators"));
    }

    // Bug (issue 20): a Result written as text ("24000") or as a boolean (true, read as 1) was
    // taken for the measured throughput. Only the counts MLPerf's system descriptions write as
    // text ("8") may be digits in text; the flags may be booleans.
    void bug_textNumberAccepted_data() {
        QTest::addColumn<QString>("fields");
        QTest::addColumn<QString>("place"); // empty: the row is read
        QTest::addColumn<QString>("reason");
        QTest::newRow("Result as text") << "\"Result\": \"24000\", \"total_accelerators\": 8"
                                        << "/0/Result"
                                        << "expected a number, found \"24000\"";
        QTest::newRow("Result true") << "\"Result\": true, \"total_accelerators\": 8"
                                     << "/0/Result"
                                     << "expected a number, found true";
        QTest::newRow("count as a fraction in text")
            << "\"Result\": 8000, \"total_accelerators\": \"8.0\""
            << "/0/total_accelerators"
            << "expected a number, found \"8.0\" (a count written as text must be digits only)";
        QTest::newRow("count true") << "\"Result\": 8000, \"total_accelerators\": true"
                                    << "/0/total_accelerators"
                                    << "expected a number, found true";
        QTest::newRow("count as digits, flags as booleans")
            << "\"Result\": 8000, \"total_accelerators\": \"8\", \"inferred\": false, "
               "\"errors\": false"
            << ""
            << "";
    }
    void bug_textNumberAccepted() {
        QFETCH(QString, fields);
        QFETCH(QString, place);
        QFETCH(QString, reason);
        const std::string text = R"({"0": {"Model": "m", "Scenario": "Offline",
            "Units": "Tokens/s", "accelerator_model_name": "NVIDIA H100-SXM-80GB", )" +
                                 fields.toStdString() + "}}";
        const data::BenchmarkImport in = data::readMlperfSummary(text, "summary.json");
        QVERIFY(in.ok());
        if (place.isEmpty()) {
            QCOMPARE(in.records.size(), std::size_t(1));
            QCOMPARE(in.records.front().gpus, 8);
            QCOMPARE(*in.records.front().output_tokens_per_s_per_gpu, 1000.0);
            return;
        }
        QVERIFY2(in.records.empty(), "the row was read");
        QCOMPARE(in.skipped.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(in.skipped.front().place), place);
        QVERIFY2(QString::fromStdString(in.skipped.front().message).contains(reason),
                 in.skipped.front().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestBenchmarkMlperf)
#include "tst_benchmark_mlperf.moc"
