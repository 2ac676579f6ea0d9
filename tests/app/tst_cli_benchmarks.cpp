// crossgrade-cli's benchmark commands end to end (issue 7 point 5): import-benchmarks with
// format detection, skipped rows on stderr with their place, a refused file storing nothing of
// any file, re-importing adding nothing; benchmarks listing and filtering (text, JSON, CSV);
// compare-hw's ratio with provenance; bind-benchmarks binding a workload, which changes the
// evaluation, and unbinding. Every refusal exits 2 naming what was wrong.

#include "cli_run.h"

#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <set>

namespace {

using Run = crossgrade::testing::CliRun;

QString fixture(const char* name) {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/") +
           QString::fromLatin1(name);
}

QString sampleScenario(const char* name) {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR "/resources/samples/scenarios/") +
           QString::fromLatin1(name);
}

} // namespace

class TestCliBenchmarks : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

    Run cli(const QStringList& args) {
        return crossgrade::testing::runCli(QStringList{"--db", m_db} + args, m_dir.filePath("xdg"));
    }

    nlohmann::json listJson(const QStringList& filters = {}) {
        const Run r = cli(QStringList{"benchmarks", "--format", "json"} + filters);
        if (r.status != 0)
            qFatal("benchmarks failed: %s", qPrintable(r.err));
        return nlohmann::json::parse(r.out.toStdString());
    }

    // The fixtures every test after the import starts from (24 records).
    void importFixtures() {
        const Run r = cli({"import-benchmarks", fixture("mlperf-summary.json"),
                           fixture("inferencex-agg.json"), fixture("inferencex-point.json"),
                           fixture("canonical.csv"), fixture("serving-vllm.json")});
        QVERIFY2(r.status == 0, qPrintable(r.err));
    }

private slots:
    void init() {
        static int n = 0;
        m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
    }

    void importDetectsEachFormatAndReportsSkippedRows() {
        const Run r = cli({"import-benchmarks", fixture("mlperf-summary.json"),
                           fixture("inferencex-agg.json"), fixture("canonical.csv")});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.contains("mlperf-summary.json (mlperf): 12 rows, 4 read, 8 skipped"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("inferencex-agg.json (inferencex): 19 rows, 10 read, 9 skipped"));
        QVERIFY(r.out.contains("canonical.csv (csv): 18 rows, 8 read, 10 skipped"));
        QVERIFY(r.out.contains("Stored 22 new benchmark records"));
        // Each skipped row, with the file, its place and why.
        QVERIFY2(r.err.contains("mlperf-summary.json:/4/accelerator_model_name: skipped: hardware "
                                "'NVIDIA B300-SXM-270GB' is not in the mapping table"),
                 qPrintable(r.err));
        QVERIFY(r.err.contains("inferencex-agg.json:/11/tput_per_gpu: skipped:"));
        QVERIFY(r.err.contains("canonical.csv:13:11: skipped: 10 fields, but the header has 22"));
        QCOMPARE(listJson().size(), std::size_t{22});
    }

    // Issue 7 point 3: re-importing the same file adds nothing.
    void reimportingAddsNothing() {
        importFixtures();
        const Run again = cli({"import-benchmarks", fixture("canonical.csv")});
        QCOMPARE(again.status, 0);
        QVERIFY2(again.out.contains("Stored 0 new benchmark records") &&
                     again.out.contains("(8 already stored, not added again)"),
                 qPrintable(again.out));
        QCOMPARE(listJson().size(), std::size_t{24});
    }

    // Never a half-import: one refused file stores nothing of the others.
    void aRefusedFileStoresNothing_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("message");
        QTest::newRow("syntax error") << "{\"0\": {\"Model\": 3"
                                      << "bad.json:1:17: invalid JSON";
        QTest::newRow("unknown format") << "hello\n"
                                        << "bad.json:/: cannot tell which benchmark format";
        QTest::newRow("serving run without hardware")
            << "{\"backend\": \"vllm\", \"model_id\": \"m\", \"completed\": 5, "
               "\"num_prompts\": 5, \"output_throughput\": 100, \"total_token_throughput\": 200}"
            << "bad.json:/: the result does not name the hardware it ran on: pass --hw";
        QTest::newRow("empty") << ""
                               << "bad.json:/: cannot tell which benchmark format";
        // JSON has no NaN and no infinity: nlohmann refuses the literal and the overflow.
        QTest::newRow("NaN literal") << "[{\"hw\": \"h100\", \"tput_per_gpu\": NaN}]"
                                     << "bad.json:1:33: invalid JSON";
        QTest::newRow("infinity") << "[{\"hw\": \"h100\", \"tput_per_gpu\": 1e999}]"
                                  << "a number is out of range";
    }
    void aRefusedFileStoresNothing() {
        QFETCH(QString, content);
        QFETCH(QString, message);
        const QString bad = m_dir.filePath("bad.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content.toUtf8());
        f.close();
        const Run r = cli({"import-benchmarks", fixture("canonical.csv"), bad});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.err.contains("nothing was stored"));
        QVERIFY(listJson().empty());
    }

    // Issue 20: the import held every record of every file until all were checked (1.4 GB for
    // a million CSV rows). It now checks the files keeping counts only, then reads them again
    // and inserts each record as it is read, in one transaction. The promises stay: a CSV
    // refused on its last line (after its good rows were read) stores nothing of any file; a
    // dry run counts what it would store; --date reaches rows read the second time; the rows
    // stored are those of the files, duplicates within the import counted.
    void bug_streamedCsvImportHeldEveryRow() {
        const std::string header =
            "hardware,model,precision,scenario,gpus,total_tokens_per_s_per_gpu,source_ref\n";
        std::string rows;
        for (int i = 0; i < 3000; ++i) // several chunks of the reader's 64 KiB
            rows += "mi300x,llama-3.3-70b,fp8,sweep,8," + std::to_string(1000 + i) + ",run " +
                    std::to_string(i) + "\n";
        const auto write = [&](const char* name, const std::string& text) {
            const QString path = m_dir.filePath(QString::fromLatin1(name));
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                qFatal("cannot write %s", name);
            f.write(text.data(), qint64(text.size()));
            return path;
        };
        const QString good = write("sweep.csv", header + rows);
        const QString broken = write("broken.csv", header + rows + "h100,x,fp8,sweep,8,\"9\n");

        const Run refused = cli({"import-benchmarks", good, broken});
        QCOMPARE(refused.status, 2);
        QVERIFY2(refused.err.contains("broken.csv:3002:6: a quoted field is not closed"),
                 qPrintable(refused.err));
        QVERIFY(refused.err.contains("nothing was stored"));
        QVERIFY(listJson().empty());

        const Run dry = cli({"import-benchmarks", "--dry-run", good, good});
        QCOMPARE(dry.status, 0);
        QVERIFY2(dry.out.contains("Dry run: 6000 records read, nothing stored"),
                 qPrintable(dry.out));
        QVERIFY(listJson().empty());

        const Run stored = cli({"import-benchmarks", "--date", "2026-01-15", good, good});
        QCOMPARE(stored.status, 0);
        QVERIFY2(stored.out.contains("sweep.csv (csv): 3000 rows, 3000 read, 0 skipped"),
                 qPrintable(stored.out));
        QVERIFY2(stored.out.contains("Stored 3000 new benchmark records") &&
                     stored.out.contains("(3000 already stored, not added again)"),
                 qPrintable(stored.out));
        const nlohmann::json list = listJson();
        QCOMPARE(list.size(), std::size_t{3000});
        std::set<std::string> refs;
        for (const nlohmann::json& row : list) {
            QCOMPARE(row.at("date").get<std::string>(), std::string("2026-01-15"));
            refs.insert(row.at("source_ref").get<std::string>());
        }
        QCOMPARE(refs.size(), std::size_t{3000});
    }

    void refusedArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no file") << QStringList{"import-benchmarks"} << "expected one or more";
        QTest::newRow("format") << QStringList{"import-benchmarks", "--input-format", "xml", "x"}
                                << "--input-format: expected auto, mlperf";
        QTest::newRow("hardware") << QStringList{"import-benchmarks", "--hw", "tpu", "x"}
                                  << "--hw: 'tpu' is not in the hardware table";
        QTest::newRow("gpus") << QStringList{"import-benchmarks", "--gpus", "0", "x"}
                              << "--gpus: expected a whole number";
        QTest::newRow("missing file")
            << QStringList{"import-benchmarks", "nope.json"} << "nope.json:/: cannot read the file";
        QTest::newRow("compare order") << QStringList{"compare-hw", "MI300X", "H100"}
                                       << "NVIDIA_SKU 'MI300X' is not an NVIDIA SKU";
        QTest::newRow("compare isl") << QStringList{"compare-hw", "H100", "MI300X", "--isl", "x"}
                                     << "--isl: expected a whole number";
        QTest::newRow("bind without workload")
            << QStringList{"bind-benchmarks", sampleScenario("large-model-inference.json"),
                           "--model", "llama"}
            << "--workload is required";
        QTest::newRow("bind training workload")
            << QStringList{"bind-benchmarks", sampleScenario("training-shop.json"),
                           "--workload",      "pretrain",
                           "--model",         "llama"}
            << "only inference workloads are bound";
        QTest::newRow("unbind unbound")
            << QStringList{"bind-benchmarks", sampleScenario("large-model-inference.json"),
                           "--workload", "chat-70b", "--unbind"}
            << "is not bound; nothing was changed";
    }
    void refusedArguments() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void listsAndFilters() {
        importFixtures();
        QCOMPARE(listJson({"--hw", "mi300x"}).size(), std::size_t{7});
        const nlohmann::json llama = listJson({"--model", "LLAMA2"});
        QCOMPARE(llama.size(), std::size_t{4});
        for (const auto& row : llama)
            QVERIFY(row["model"].get<std::string>().find("llama2") == 0);
        // Flagged rows say so in every listing.
        const Run text = cli({"benchmarks", "--hw", "MI300X"});
        QCOMPARE(text.status, 0);
        QVERIFY(text.out.contains("pre-2026 AMD image"));
        QVERIFY(text.out.contains("7 records; throughput is tokens/s per GPU"));
        bool excluded = false;
        for (const auto& row : listJson({"--hw", "mi300x"}))
            excluded = excluded || row["excluded_from_bindings_by_default"].get<bool>();
        QVERIFY(excluded);
        // The CSV export reads back as the same records.
        const QString csv = m_dir.filePath("export.csv");
        QCOMPARE(cli({"benchmarks", "--format", "csv", "--out", csv}).status, 0);
        const QString other = m_db;
        m_db = m_dir.filePath("other.sqlite");
        const Run back = cli({"import-benchmarks", csv});
        QVERIFY2(back.status == 0 && back.out.contains("24 rows, 24 read, 0 skipped"),
                 qPrintable(back.out + back.err));
        m_db = other;
    }

    // `benchmarks --out` held the whole listing in memory before writing it (1.1 GB for a
    // million rows); every format is now written to the file as the store reads the rows, and
    // the file is byte for byte what standard output gets.
    void bug_benchmarksOutGatheredTheWholeListing_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("text") << QStringList{"benchmarks"};
        QTest::newRow("text, filtered") << QStringList{"benchmarks", "--hw", "mi300x"};
        QTest::newRow("json") << QStringList{"benchmarks", "--format", "json"};
        QTest::newRow("json, none match")
            << QStringList{"benchmarks", "--format", "json", "--model", "no-such-model"};
        QTest::newRow("csv") << QStringList{"benchmarks", "--format", "csv", "--hw", "h100"};
    }
    void bug_benchmarksOutGatheredTheWholeListing() {
        QFETCH(QStringList, args);
        importFixtures();
        const Run shown = cli(args);
        QCOMPARE(shown.status, 0);
        QVERIFY(shown.out.size() > 2);
        const QString out = m_dir.filePath("listing.out");
        const Run written = cli(args + QStringList{"--out", out});
        QVERIFY2(written.status == 0, qPrintable(written.err));
        QCOMPARE(written.out, QString());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()), shown.out);
    }

    void compareHwPrintsRatiosWithProvenance() {
        importFixtures();
        const Run text = cli({"compare-hw", "H100", "MI300X"});
        QCOMPARE(text.status, 0);
        QVERIFY2(text.out.startsWith("MI300X per GPU relative to H100: 0.938 (median; min 0.882, "
                                     "max 1.19) over 3 pairs"),
                 qPrintable(text.out));
        QVERIFY(text.out.contains("mlperf-summary.json, row 0 (AMD, 8xMI300X), v5.0"));
        QVERIFY(text.out.contains("Left out (--include-flagged takes them in):"));
        const auto j = nlohmann::json::parse(
            cli({"compare-hw", "H100", "MI300X", "--format", "json"}).out.toStdString());
        QCOMPARE(j["pairs"].size(), std::size_t{3});
        QCOMPARE(j["ratio"]["low"].get<double>(), 1102.4 / 1250.5);
        QCOMPARE(j["excluded"].size(), std::size_t{3});
        // Taking flagged rows in adds the pre-2026 and undated MI300X rows' pairs.
        const auto all = nlohmann::json::parse(
            cli({"compare-hw", "H100", "MI300X", "--include-flagged", "--format", "json"})
                .out.toStdString());
        QVERIFY(all["pairs"].size() > 3);
        QVERIFY(all["excluded"].empty());
        // Nothing like for like: the default stays, and it says so.
        const Run none = cli({"compare-hw", "H100", "MI355X", "--model", "llama"});
        QCOMPARE(none.status, 0);
        QVERIFY2(none.out.contains("no pairs") && none.out.contains("default ratio stays"),
                 qPrintable(none.out));
    }

    void bindingAWorkloadChangesTheEvaluation() {
        importFixtures();
        const QString scenario = sampleScenario("large-model-inference.json");
        const QString bound = m_dir.filePath("bound.json");
        const Run bind =
            cli({"bind-benchmarks", scenario, "--workload", "chat-70b", "--model", "llama",
                 "--precision", "fp8", "--date", "2026-12-01", "--out", bound});
        QVERIFY2(bind.status == 0, qPrintable(bind.err));
        QVERIFY2(bind.err.contains("MI300X: ratio to H100 1.07 (0.938–1.19) over 2 pairs"),
                 qPrintable(bind.err));
        QVERIFY(bind.err.contains("MI355X: no benchmark rows; the performance table's ratio "
                                  "stays"));
        QVERIFY(bind.err.contains("reference throughput stays"));
        QFile f(bound);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto j = nlohmann::json::parse(f.readAll().toStdString());
        const auto& b = j["workloads"]["chat-70b"]["benchmark"];
        QCOMPARE(b["bound_on"].get<std::string>(), std::string("2026-12-01"));
        QCOMPARE(b["skus"]["MI300X"]["pairs"].get<int>(), 2);
        // The capacity model puts MI300X at 0.99× an H100 on the 70B chat model at its operating
        // point, so Path 1 moves only the 405B assistant (MI300X's memory decides); measured at
        // 1.07×, the chat model moves too: with the owner costs of the 2026-12 book (support,
        // spares and staff per GPU held) an MI300X that serves 7 % more than an H100 for less
        // pays for its move. Bound to the same rows, the assistant's
        // modelled 1.69× gives way to the measured 1.07×: it no longer pays to move either, and
        // Path 1 costs what staying costs — a bound benchmark replaces the modelled throughput
        // (issue 23).
        const QString assistantBound = m_dir.filePath("assistant-bound.json");
        QCOMPARE(
            cli({"bind-benchmarks", scenario, "--workload", "assistant-405b", "--model", "llama",
                 "--precision", "fp8", "--date", "2026-12-01", "--out", assistantBound})
                .status,
            0);
        const auto before = nlohmann::json::parse(
            cli({"evaluate", scenario, "--format", "json"}).out.toStdString());
        const auto after =
            nlohmann::json::parse(cli({"evaluate", bound, "--format", "json"}).out.toStdString());
        const auto measured = nlohmann::json::parse(
            cli({"evaluate", assistantBound, "--format", "json"}).out.toStdString());
        const auto movedByPath1 = [](const nlohmann::json& evaluation) {
            QStringList groups;
            for (const auto& o : evaluation["options"])
                if (o["id"] == "path1")
                    for (const auto& d : o["doors_taken"])
                        groups << QString::fromStdString(d["group"].get<std::string>());
            return groups;
        };
        QCOMPARE(movedByPath1(before), QStringList{"assistant-405b"});
        QCOMPARE(movedByPath1(after), (QStringList{"assistant-405b", "chat-70b"}));
        QCOMPARE(movedByPath1(measured), QStringList{});
        QVERIFY(measured["options"][1]["npv_usd"]["base"].get<double>() >
                before["options"][1]["npv_usd"]["base"].get<double>() + 1e6);

        // Stored: binding saves the next version; unbinding the one after, as it was.
        const Run saved = cli({"save-scenario", scenario});
        QCOMPARE(saved.status, 0);
        const QString id = saved.out.split(' ').at(1);
        const Run v2 = cli({"bind-benchmarks", id, "--workload", "chat-70b", "--model", "llama",
                            "--date", "2026-12-01"});
        QVERIFY2(v2.status == 0 && v2.out.contains("version 2: Bound workload chat-70b"),
                 qPrintable(v2.out + v2.err));
        const Run v3 = cli({"bind-benchmarks", id, "--workload", "chat-70b", "--unbind"});
        QVERIFY2(v3.status == 0 && v3.out.contains("version 3: Unbound workload chat-70b"),
                 qPrintable(v3.out + v3.err));
    }
};

QTEST_GUILESS_MAIN(TestCliBenchmarks)
#include "tst_cli_benchmarks.moc"
