// Reading a benchmark file of any format (issue 7 points 1 and 7): the format told from the
// file's first bytes, a named format overriding it, and the whole-file refusals — a file past
// the size limit (a sparse file, so nothing is written), one that cannot be read, one whose
// format cannot be told — each naming what was wrong.

#include "benchmark_fixtures.h"
#include "benchmark_import.h"

#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <fstream>

using namespace crossgrade;
using data::BenchmarkFormat;

class TestBenchmarkFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string write(const char* name, const std::string& text) {
        const std::string path = m_dir.filePath(QString::fromLatin1(name)).toStdString();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }

private slots:
    void formatIsToldFromTheFirstBytes_data() {
        QTest::addColumn<QString>("head");
        QTest::addColumn<QString>("format"); // empty: cannot tell
        QTest::newRow("MLPerf") << R"(  {"0": {"Organization": "AMD"}})"
                                << "mlperf";
        QTest::newRow("MLPerf, row 10 first") << "{\n\"10\":{}}"
                                              << "mlperf";
        QTest::newRow("InferenceX array") << R"([{"hw": "h100"}])"
                                          << "inferencex";
        QTest::newRow("InferenceX point") << R"({"hw": "mi355x_sglang", "tput_per_gpu": 1})"
                                          << "inferencex";
        QTest::newRow("InferenceX API row") << R"({"hardware": "b200", "metrics": {}})"
                                            << "inferencex";
        QTest::newRow("serving") << R"({"date": "20260305-142233", "backend": "vllm"})"
                                 << "serving";
        QTest::newRow("CSV")
            << "hardware,model,precision,scenario,gpus,total_tokens_per_s_per_gpu\n"
            << "csv";
        QTest::newRow("CSV with a BOM, any case") << "\xEF\xBB\xBFHardware,Model,gpus\r\n"
                                                  << "csv";
        QTest::newRow("a key that is not a row number") << R"({"0a": {"Model": "m"}})"
                                                        << "";
        QTest::newRow("other JSON object") << R"({"name": "an audit"})"
                                           << "";
        QTest::newRow("text") << "hello\n"
                              << "";
        QTest::newRow("empty") << "   \n"
                               << "";
    }
    void formatIsToldFromTheFirstBytes() {
        QFETCH(QString, head);
        QFETCH(QString, format);
        const auto detected = data::detectBenchmarkFormat(head.toStdString());
        QCOMPARE(detected ? QString::fromLatin1(data::toString(*detected).data()) : QString(),
                 format);
    }

    void everyFixtureIsReadInItsDetectedFormat_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::newRow("mlperf") << "mlperf-summary.json"
                                << "mlperf";
        QTest::newRow("inferencex") << "inferencex-agg.json"
                                    << "inferencex";
        QTest::newRow("inferencex point") << "inferencex-point.json"
                                          << "inferencex";
        QTest::newRow("serving") << "serving-vllm.json"
                                 << "serving";
        QTest::newRow("csv") << "canonical.csv"
                             << "csv";
    }
    void everyFixtureIsReadInItsDetectedFormat() {
        QFETCH(QString, file);
        QFETCH(QString, format);
        const data::BenchmarkFileImport in = data::readBenchmarkFile(
            testing::benchmarkFixturePath(qPrintable(file)), std::nullopt, {});
        QVERIFY2(in.result.ok(), in.result.ok() ? "" : in.result.errors.front().message.c_str());
        QVERIFY(in.format);
        QCOMPARE(QString::fromLatin1(data::toString(*in.format).data()), format);
        QVERIFY(!in.result.records.empty());
        QCOMPARE(in.result.records.front().file, testing::benchmarkFixturePath(qPrintable(file)));
    }

    void aNamedFormatIsReadAsNamed() {
        // An MLPerf summary read as CSV is refused by the CSV reader, at its header.
        const data::BenchmarkFileImport in = data::readBenchmarkFile(
            testing::benchmarkFixturePath("mlperf-summary.json"), BenchmarkFormat::Csv, {});
        QVERIFY(!in.result.ok());
        QVERIFY(in.result.records.empty());
        QCOMPARE(in.result.errors.front().place, std::string("1:1"));
        QVERIFY(in.format == BenchmarkFormat::Csv);
    }

    void aFilePastTheLimitIsRefusedBeforeItIsRead() {
        const std::string path = write("huge.json", "[");
        std::filesystem::resize_file(path, data::kMaxBenchmarkFileBytes + 1); // sparse
        const data::BenchmarkFileImport in = data::readBenchmarkFile(path, std::nullopt, {});
        QVERIFY(!in.result.ok());
        QCOMPARE(in.result.errors.front().place, std::string());
        QVERIFY2(in.result.errors.front().message.find("benchmark files are limited to 512 MiB") !=
                     std::string::npos,
                 in.result.errors.front().message.c_str());
        QVERIFY(!in.format); // not even looked at
        std::filesystem::remove(path);
    }

    void refusals_data() {
        QTest::addColumn<QString>("content"); // empty: no file at all
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file") << ""
                                      << "cannot read the file: it does not exist; check the path";
        // The reason the format could not be told, not only that it could not.
        QTest::newRow("unknown CSV header")
            << "name,value\n1,2\n"
            << "cannot tell which benchmark format this is: the first line \"name,value\" is not "
               "the canonical CSV header: it must name at least the hardware and model columns "
               "(docs/formats/benchmark-csv.md)";
        QTest::newRow("empty") << " \n"
                               << "cannot tell which benchmark format this is: the file is empty";
        QTest::newRow("an audit") << R"({"schema": "crossgrade.audit/1", "name": "x"})"
                                  << "this is an audit (crossgrade.audit/1), not benchmark results";
        QTest::newRow("other JSON object")
            << R"({"name": "x"})"
            << "a JSON object with none of the keys that tell a format (benchmark_serving: "
               "\"backend\"";
        QTest::newRow("plain text") << "hello there\n"
                                    << "the file starts with \"hello there\", which is neither "
                                       "JSON nor CSV";
    }
    void aCutShortFileIsSaidToBe() {
        const std::string path = write("cut.json", R"([{"hw": "h100", "tput_per_gpu": 5)");
        const data::BenchmarkFileImport in = data::readBenchmarkFile(path, std::nullopt, {});
        QVERIFY(!in.result.ok());
        QCOMPARE(in.result.errors.front().place, std::string("1:33"));
        QCOMPARE(in.result.errors.front().message,
                 std::string("invalid JSON: syntax error while parsing object - the file ends "
                             "before the JSON does (is it cut short?); expected '}'"));
    }

    void aFolderIsNamedAsOne() {
        const data::BenchmarkFileImport in =
            data::readBenchmarkFile(m_dir.path().toStdString(), std::nullopt, {});
        QVERIFY(!in.result.ok());
        QCOMPARE(in.result.errors.front().message,
                 std::string("cannot read the file: it is a folder; give the path of a benchmark "
                             "results file inside it"));
    }

    void refusals() {
        QFETCH(QString, content);
        QFETCH(QString, message);
        const std::string path = content.isEmpty()
                                     ? m_dir.filePath(QStringLiteral("absent.json")).toStdString()
                                     : write("unknown.txt", content.toStdString());
        const data::BenchmarkFileImport in = data::readBenchmarkFile(path, std::nullopt, {});
        QVERIFY(!in.result.ok());
        QVERIFY(in.result.records.empty());
        QVERIFY2(in.result.errors.front().message.find(message.toStdString()) != std::string::npos,
                 in.result.errors.front().message.c_str());
    }

    void serveContextReachesTheServingReader() {
        data::BenchmarkContext context;
        context.hardware = "h100";
        context.gpus = 4;
        context.precision = "bf16";
        const data::BenchmarkFileImport in = data::readBenchmarkFile(
            testing::benchmarkFixturePath("serving-sglang-goodput-colon.json"), std::nullopt,
            context);
        QVERIFY2(in.result.ok(), in.result.ok() ? "" : in.result.errors.front().message.c_str());
        QCOMPARE(in.result.records.at(0).sku, std::string("H100"));
        QCOMPARE(in.result.records.at(0).gpus, 4);
    }
};

QTEST_GUILESS_MAIN(TestBenchmarkFile)
#include "tst_benchmark_file.moc"
