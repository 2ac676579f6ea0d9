// crossgrade-cli on scenarios: save, list, evaluate, the Monte Carlo, sensitivity.

#include "cli_run.h"
#include "tst_cli.h"
#include "tst_cli_helpers.h"

#include <QByteArray>
#include <QDate>
#include <QFile>
#include <QFloat16> // QCOMPARE of two json values weighs its qfloat16 overload
#include <QIODevice>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QTest>
#include <nlohmann/json.hpp>
#include <numeric>

using namespace crossgrade::testing;
using Run = crossgrade::testing::CliRun;

void TestCli::saveScenarioThenListAndEvaluate() {
    const QString file = sourceDir() + "/resources/samples/scenarios/training-shop.json";
    Run r = cli({"save-scenario", file, "--note", "first look"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QCOMPARE(r.out, QString("scenario 1 version 1\n"));
    r = cli({"save-scenario", file});
    QCOMPARE(r.out, QString("scenario 1 version 2\n"));
    r = cli({"save-scenario", sourceDir() + "/resources/samples/scenarios/mixed-tensorrt.json"});
    QCOMPARE(r.out, QString("scenario 2 version 1\n"));

    const Run evaluated = cli({"evaluate", file, "--format", "json"});
    const auto expected = nlohmann::json::parse(evaluated.out.toStdString());

    const auto list =
        nlohmann::json::parse(cli({"scenarios", "--format", "json"}).out.toStdString());
    QCOMPARE(list["scenarios"].size(), std::size_t(2));
    QCOMPARE(list["scenarios"][0]["versions"].get<int>(), 2);
    QCOMPARE(list["scenarios"][0]["cheapest_option"], expected["cheapest_option"]);
    const Run table = cli({"scenarios"});
    QVERIFY(table.out.startsWith("ID  NAME"));
    QCOMPARE(table.out.trimmed().split('\n').size(), 3);

    const auto versions =
        nlohmann::json::parse(cli({"versions", "1", "--format", "json"}).out.toStdString());
    QCOMPARE(versions["versions"].size(), std::size_t(2));
    QCOMPARE(versions["versions"][0]["note"].get<std::string>(), std::string("first look"));
    QCOMPARE(versions["versions"][1]["note"].get<std::string>(), std::string());
    QCOMPARE(versions["versions"][0]["engine_version"].get<std::string>(),
             std::string(CROSSGRADE_VERSION));
    QCOMPARE(versions["versions"][0]["options"].size(), std::size_t(5));
    for (const auto& option : expected["options"])
        QCOMPARE(versions["versions"][0]["options"][option["id"].get<std::string>()]["npv_usd"]
                     .get<double>(),
                 option["npv_usd"]["base"].get<double>());
    QVERIFY(cli({"versions", "1"}).out.contains("first look"));

    // A stored scenario evaluates exactly as its file does, and says beside it what it said
    // when saved: the same.
    for (const QStringList& args :
         {QStringList{"evaluate", "1", "--format", "json"},
          QStringList{"evaluate", "1", "--version", "1", "--format", "json"}}) {
        nlohmann::ordered_json stored = nlohmann::ordered_json::parse(cli(args).out.toStdString());
        QCOMPARE(stored["saved_version"]["differs"].get<bool>(), false);
        stored.erase("saved_version");
        QCOMPARE(QString::fromStdString(stored.dump(2) + "\n"), evaluated.out);
    }
    QVERIFY(cli({"evaluate", "2"}).out.contains("Cheapest:"));
    for (const QStringList& bad :
         {QStringList{"evaluate", "1", "--version", "3"}, QStringList{"evaluate", "9"},
          QStringList{"evaluate", file, "--version", "1"}, QStringList{"versions", "9"},
          QStringList{"versions", "x"}}) {
        const Run e = cli(bad);
        QVERIFY2(e.status == 2, qPrintable(bad.join(' ') + ": " + e.err));
    }
}

void TestCli::brokenScenarioIsNotSaved() {
    const QString file = sourceDir() + "/resources/samples/scenarios/training-shop.json";
    QCOMPARE(cli({"save-scenario", file}).status, 0);
    const auto before = rowCounts(m_db);
    QFile sample(file);
    QVERIFY(sample.open(QIODevice::ReadOnly));
    auto j = nlohmann::json::parse(sample.readAll().toStdString());
    j["amd_discount"] = 1.5;
    const QString bad = writeFile("bad-save.json", QByteArray::fromStdString(j.dump()));
    const Run r = cli({"save-scenario", bad, "--note", "broken"});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(bad + ":/amd_discount:"), qPrintable(r.err));
    QVERIFY(r.err.contains("nothing was stored"));
    QCOMPARE(rowCounts(m_db), before);
    QCOMPARE(cli({"save-scenario", "/nonexistent.json"}).status, 2);
}

void TestCli::evaluateEverySample_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("large-model inference") << "large-model-inference.json";
    QTest::newRow("training shop") << "training-shop.json";
    QTest::newRow("mixed with TensorRT") << "mixed-tensorrt.json";
}

void TestCli::evaluateEverySample() {
    QFETCH(QString, file);
    const QString path = sourceDir() + "/resources/samples/scenarios/" + file;
    const Run r = cli({"evaluate", path, "--format", "json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["schema"].get<std::string>(), std::string("crossgrade.evaluation/1"));
    const int horizon = j["horizon_months"].get<int>();
    QCOMPARE(j["options"].size(), std::size_t(5));
    for (const auto& option : j["options"]) {
        for (const char* key : {"id", "total_usd", "npv_usd", "break_even_month", "doors_taken",
                                "owed_after_horizon_usd", "monthly"})
            QVERIFY2(option.contains(key), key);
        QVERIFY(option["total_usd"].contains("base"));
        QCOMPARE(option["monthly"].size(), std::size_t(horizon));
        const auto& month = option["monthly"][0];
        for (const char* key :
             {"capex_usd", "rent_usd", "energy_usd", "facility_usd", "maintenance_usd",
              "migration_usd", "parallel_run_usd", "dual_vendor_usd", "productivity_usd",
              "software_usd", "residual_usd", "total_usd", "cumulative_usd", "gpus"})
            QVERIFY2(month.contains(key), key);
        QVERIFY(!month["gpus"].empty());
    }
    QVERIFY(j["recommendation"].contains("primary_path"));
    QVERIFY(j.contains("cheapest_option"));
    QVERIFY(j.contains("disagreement"));
    // The same numbers as CSV: a header and one row per option × month.
    const Run csv = cli({"evaluate", path, "--format", "csv"});
    QCOMPARE(csv.status, 0);
    QCOMPARE(csv.out.trimmed().split('\n').size(), 1 + 5 * horizon);
    QVERIFY(csv.out.startsWith("option,month,calendar_month,capex_usd,"));
    // Months are named from the sample's start month, January 2027.
    QVERIFY2(csv.out.contains("\nstay-cuda,13,2028-02,"), qPrintable(csv.out.left(400)));
    // One option only, and the text summary.
    const Run one = cli({"evaluate", path, "--format", "json", "--option", "path1"});
    QCOMPARE(nlohmann::json::parse(one.out.toStdString())["options"].size(), std::size_t(1));
    const Run text = cli({"evaluate", path});
    QVERIFY(text.out.contains("Cheapest:"));
}

void TestCli::evaluateMonteCarlo() {
    const QString path = sourceDir() + "/resources/samples/scenarios/mixed-tensorrt.json";
    const QString samplesCsv = m_dir.filePath("samples.csv");
    const Run r = cli({"evaluate", path, "--format", "json", "--samples", "400", "--seed", "3",
                       "--threads", "1", "--budget", "20000000", "--samples-out", samplesCsv});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["monte_carlo"]["samples"].get<int>(), 400);
    QCOMPARE(j["monte_carlo"]["seed"].get<int>(), 3);
    for (const auto& option : j["options"]) {
        for (const char* key : {"p10", "p50", "p90", "mean", "base"})
            QVERIFY2(option["npv_usd"].contains(key), key);
        QVERIFY(option["npv_usd"]["p10"].get<double>() <= option["npv_usd"]["p90"].get<double>());
        QVERIFY(option.contains("p_beats_stay_cuda"));
        QVERIFY(option.contains("p_total_within_budget"));
        QCOMPARE(option["bands"]["discounted_cumulative_usd"]["p50"].size(),
                 std::size_t(j["horizon_months"].get<int>()));
    }
    // The thread count changes no number.
    const Run two = cli({"evaluate", path, "--format", "json", "--samples", "400", "--seed", "3",
                         "--threads", "2", "--budget", "20000000"});
    QCOMPARE(two.out, r.out);
    // The raw samples: a header naming the inputs by pointer, then one row per sample.
    QFile csv(samplesCsv);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split('\n');
    QCOMPARE(lines.size(), 401);
    QVERIFY(lines.front().startsWith("sample,/"));
    QVERIFY(lines.front().contains(",npv_usd:stay-cuda"));
    // The text summary says what the Monte Carlo did.
    QVERIFY(cli({"evaluate", path, "--samples", "50"}).out.contains("Monte Carlo: 50"));
}

// A scenario with a rank correlation evaluates; the raw samples show the correlation, and
// an entry naming no input is refused at its place.
void TestCli::evaluateWithRankCorrelation() {
    QFile sample(sourceDir() + "/resources/samples/scenarios/training-shop.json");
    QVERIFY(sample.open(QIODevice::ReadOnly));
    auto j = nlohmann::json::parse(sample.readAll().toStdString());
    const std::string transition = "/pricebook/transition/custom-kernel-training";
    const std::string port = "/pricebook/port_months/inference-port/moderate/path1";
    j["correlations"]["regression-vs-port"] = {{"inputs", {transition, port}},
                                               {"rank_correlation", 0.5}};
    const QString file = writeFile("correlated.json", QByteArray::fromStdString(j.dump()));
    const QString samplesCsv = m_dir.filePath("correlated-samples.csv");
    const Run r = cli(
        {"evaluate", file, "--samples", "2000", "--format", "json", "--samples-out", samplesCsv});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QCOMPARE(nlohmann::json::parse(r.out.toStdString())["monte_carlo"]["samples"].get<int>(), 2000);
    QVERIFY(cli({"evaluate", file, "--samples", "2000"}).out.contains("Monte Carlo: 2000"));

    // Spearman's ρ of the two columns written out (the values are distinct: ranks by sort).
    QFile csv(samplesCsv);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split('\n');
    QCOMPARE(lines.size(), 2001);
    const QStringList header = lines.front().split(',');
    const qsizetype a = header.indexOf(QString::fromStdString(transition));
    const qsizetype b = header.indexOf(QString::fromStdString(port));
    QVERIFY(a > 0 && b > 0);
    std::vector<double> x;
    std::vector<double> y;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines[i].split(',');
        x.push_back(cells[a].toDouble());
        y.push_back(cells[b].toDouble());
    }
    auto ranks = [](const std::vector<double>& v) {
        std::vector<std::size_t> order(v.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(), [&](auto i, auto k) { return v[i] < v[k]; });
        std::vector<double> rank(v.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            rank[order[k]] = double(k);
        return rank;
    };
    const std::vector<double> rx = ranks(x);
    const std::vector<double> ry = ranks(y);
    const double n = double(rx.size());
    double d2 = 0;
    for (std::size_t k = 0; k < rx.size(); ++k)
        d2 += (rx[k] - ry[k]) * (rx[k] - ry[k]);
    const double rho = 1 - 6 * d2 / (n * (n * n - 1));
    QVERIFY2(std::abs(rho - 0.5) < 0.05, qPrintable(QString::number(rho)));

    // The same file with the port task misspelt: exit 2, the file and the place named.
    j["correlations"]["regression-vs-port"]["inputs"][1] = port + "x";
    const QString bad = writeFile("bad-correlation.json", QByteArray::fromStdString(j.dump()));
    const Run refused = cli({"evaluate", bad, "--samples", "2000"});
    QCOMPARE(refused.status, 2);
    QVERIFY2(refused.err.contains(bad + ":/correlations/regression-vs-port/inputs/1:"),
             qPrintable(refused.err));
}

void TestCli::evaluateMonteCarloRefusesNonsense_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("one sample") << QStringList{"--samples", "1"} << "--samples:";
    QTest::newRow("not a number") << QStringList{"--samples", "many"} << "--samples:";
    QTest::newRow("seed alone") << QStringList{"--seed", "4"} << "--seed: needs --samples";
    QTest::newRow("zero threads") << QStringList{"--samples", "10", "--threads", "0"}
                                  << "--threads:";
    QTest::newRow("negative budget")
        << QStringList{"--samples", "10", "--budget", "-5"} << "--budget:";
    QTest::newRow("samples-out alone")
        << QStringList{"--samples-out", "x.csv"} << "--samples-out: needs --samples";
}

void TestCli::evaluateMonteCarloRefusesNonsense() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = cli(
        QStringList{"evaluate", sourceDir() + "/resources/samples/scenarios/training-shop.json"} +
        args);
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestCli::evaluateBadScenarioNamesThePointer() {
    QFile sample(sourceDir() + "/resources/samples/scenarios/training-shop.json");
    QVERIFY(sample.open(QIODevice::ReadOnly));
    auto j = nlohmann::json::parse(sample.readAll().toStdString());
    j["amd_discount"] = 1.5;
    j["fleet"].begin().value()["sku"] = "H900";
    const QString bad = writeFile("bad-scenario.json", QByteArray::fromStdString(j.dump()));
    const Run r = cli({"evaluate", bad});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(bad + ":/amd_discount:"), qPrintable(r.err));
    QCOMPARE(cli({"evaluate", "--sizing", "huge",
                  sourceDir() + "/resources/samples/scenarios/training-shop.json"})
                 .status,
             2);
}

// Issue 20: a purchase price of 1e307 gave NaN for every option, "Cheapest: stay-cuda" and
// exit 0. The readers now refuse it at its pointer, for evaluate, save-scenario and
// sensitivity alike, and nothing is stored.
void TestCli::bug_hugePurchasePriceGaveNaNWithExitZero() {
    QFile sample(sourceDir() + "/resources/samples/scenarios/training-shop.json");
    QVERIFY(sample.open(QIODevice::ReadOnly));
    auto j = nlohmann::json::parse(sample.readAll().toStdString());
    for (auto& [id, sku] : j["pricebook"]["skus"].items())
        sku["purchase_usd"] = 1e307;
    const QString huge = writeFile("huge-price.json", QByteArray::fromStdString(j.dump()));
    for (const QStringList& args :
         {QStringList{"evaluate", huge}, QStringList{"evaluate", huge, "--format", "json"},
          QStringList{"save-scenario", huge}, QStringList{"sensitivity", huge}}) {
        const Run r = cli(args);
        QVERIFY2(r.status == 2, qPrintable(args.join(' ') + ": " + r.err));
        QVERIFY2(r.err.contains(huge + ":/pricebook/skus/H100/purchase_usd: expected at most "
                                       "10000000, got the number 1e+307"),
                 qPrintable(r.err));
        QVERIFY2(!r.out.contains("NaN") && !r.out.contains("Cheapest"), qPrintable(r.out));
    }
    QCOMPARE(cli({"scenarios", "--format", "json"}).out.contains("\"id\""), false);
}

// Issue 20: a headline saved with a NaN (stored by JSON as null) made `scenarios` and
// `versions` fail as a whole. The damaged row is now reported with what to do, the rest is
// listed, and delete-version / export-version deal with it without reading it.
void TestCli::bug_nullHeadlineBrokeScenariosListing() {
    const QString training = sourceDir() + "/resources/samples/scenarios/training-shop.json";
    QCOMPARE(cli({"save-scenario", training}).status, 0);
    QCOMPARE(cli({"save-scenario", training, "--note", "second"}).status, 0);
    QCOMPARE(
        cli({"save-scenario", sourceDir() + "/resources/samples/scenarios/mixed-tensorrt.json"})
            .status,
        0);
    const QByteArray stored = [&] {
        QByteArray text;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "damage");
            db.setDatabaseName(m_db);
            db.open();
            QSqlQuery read(db);
            read.exec("SELECT inputs_json FROM scenario_versions WHERE scenario_id = 1 AND "
                      "number = 2");
            read.next();
            text = read.value(0).toByteArray();
            QSqlQuery damage(db);
            damage.exec("UPDATE scenario_versions SET headline_json = "
                        "'{\"cheapest_option\":\"stay-cuda\",\"rule_path\":\"path2\","
                        "\"options\":{\"stay-cuda\":{\"npv_usd\":null,\"total_usd\":null,"
                        "\"doors_taken\":0}}}' WHERE scenario_id = 1 AND number = 2");
        }
        QSqlDatabase::removeDatabase("damage");
        return text;
    }();
    QVERIFY(!stored.isEmpty());

    Run r = cli({"scenarios"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("row 2 of scenario 1 (\"") && r.err.contains("could not be read") &&
                 r.err.contains("`crossgrade-cli delete-version 1 2`") &&
                 r.err.contains("`crossgrade-cli export-version 1 2`"),
             qPrintable(r.err));
    // Both are listed: the damaged one marked, so it can still be found and mended (it was
    // first left out, and a store whose only scenario was damaged said "No scenarios").
    const QStringList lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines[1].startsWith("1 ") && lines[1].contains("(damaged)"), qPrintable(r.out));
    QVERIFY2(lines[2].startsWith("2 ") && !lines[2].contains("(damaged)"), qPrintable(r.out));
    const auto list =
        nlohmann::json::parse(cli({"scenarios", "--format", "json"}).out.toStdString());
    QCOMPARE(list["scenarios"].size(), std::size_t(2));
    QCOMPARE(list["scenarios"][0]["id"].get<int>(), 1);
    QVERIFY(list["scenarios"][0].contains("damaged"));
    QVERIFY(!list["scenarios"][0].contains("cheapest_option"));
    QCOMPARE(list["scenarios"][1]["id"].get<int>(), 2);
    QVERIFY(!list["scenarios"][1].contains("damaged"));

    r = cli({"versions", "1", "--format", "json"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.err.contains("row 2 of scenario 1 could not be read"));
    const auto versions = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(versions["versions"].size(), std::size_t(1));
    QCOMPARE(versions["versions"][0]["number"].get<int>(), 1);

    // Its inputs come out as stored, and evaluate again once saved from the export.
    r = cli({"export-version", "1", "2", "--out", m_dir.filePath("rescued.json")});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QFile rescued(m_dir.filePath("rescued.json"));
    QVERIFY(rescued.open(QIODevice::ReadOnly));
    QCOMPARE(rescued.readAll().trimmed(), stored.trimmed());
    QCOMPARE(cli({"export-version", "1", "9"}).status, 2);

    r = cli({"delete-version", "1", "2"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QCOMPARE(cli({"delete-version", "1", "2"}).status, 2);
    r = cli({"scenarios", "--format", "json"});
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    QCOMPARE(nlohmann::json::parse(r.out.toStdString())["scenarios"].size(), std::size_t(2));
    // The last version takes its scenario with it.
    QCOMPARE(cli({"delete-version", "2", "1"}).status, 0);
    QCOMPARE(
        nlohmann::json::parse(cli({"scenarios", "--format", "json"}).out.toStdString())["scenarios"]
            .size(),
        std::size_t(1));
}

// DESIGN.md: new scenarios copy the store's default price book in.
void TestCli::newScenarioTakesTheDefaultPriceBook() {
    QFile bookFile(sourceDir() + "/resources/pricebook/default.json");
    QVERIFY(bookFile.open(QIODevice::ReadOnly));
    auto book = nlohmann::json::parse(bookFile.readAll().toStdString());
    book["name"] = "Negotiated book";
    book["version"] = "2026-12";
    const QString bookPath = writeFile("negotiated.json", QByteArray::fromStdString(book.dump()));
    QCOMPARE(cli({"pricebook", "import", bookPath, "--default"}).status, 0);

    const QString out = m_dir.filePath("new.json");
    const Run r = cli({"new-scenario", "Acme serving", "--template",
                       sourceDir() + "/resources/samples/scenarios/large-model-inference.json",
                       "--audit", sample("tensorrt-inference.json"), "--out", out, "--save"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.err.contains("version 1"));
    QFile created(out);
    QVERIFY(created.open(QIODevice::ReadOnly));
    const auto j = nlohmann::json::parse(created.readAll().toStdString());
    QCOMPARE(j["name"].get<std::string>(), std::string("Acme serving"));
    QCOMPARE(j["pricebook"]["name"].get<std::string>(), std::string("Negotiated book"));
    QCOMPARE(j["audit"]["name"].get<std::string>(), std::string("Inference platform"));
    // A plan made today starts this month, not in the template's (January 2027).
    const QDate today = QDate::currentDate();
    QCOMPARE(QString::fromStdString(j["start_month"].get<std::string>()),
             QStringLiteral("%1-%2").arg(today.year()).arg(today.month(), 2, 10, QLatin1Char('0')));
    QVERIFY(cli({"scenarios"}).out.contains("Acme serving"));
    QCOMPARE(cli({"evaluate", out, "--format", "json"}).status, 0);

    QCOMPARE(cli({"new-scenario", "No template"}).status, 2);
    QCOMPARE(cli({"new-scenario", "Bad", "--template", "99"}).status, 2);

    // --start names another month; a malformed one is refused with what was expected.
    const QString tmpl = sourceDir() + "/resources/samples/scenarios/training-shop.json";
    const Run later = cli({"new-scenario", "Later", "--template", tmpl, "--start", "2028-03"});
    QVERIFY2(later.status == 0, qPrintable(later.err));
    QCOMPARE(nlohmann::json::parse(later.out.toStdString())["start_month"].get<std::string>(),
             std::string("2028-03"));
    const Run bad = cli({"new-scenario", "Bad", "--template", tmpl, "--start", "2028-13"});
    QCOMPARE(bad.status, 2);
    QVERIFY2(bad.err.contains("--start: expected the scenario's first month as YYYY-MM"),
             qPrintable(bad.err));
}

void TestCli::sensitivityJsonIsTheSameOnAnyThreadCount() {
    const QString path = sourceDir() + "/resources/samples/scenarios/mixed-tensorrt.json";
    const QStringList args{"sensitivity", path,
                           "--format",    "json",
                           "--knobs",     "amd-training-performance,amd-discount",
                           "--scan",      "8",
                           "--map",       "amd-discount,amd-training-performance",
                           "--grid",      "3"};
    const Run one = cli(args + QStringList{"--threads", "1"});
    QVERIFY2(one.status == 0, qPrintable(one.err));
    QCOMPARE(cli(args + QStringList{"--threads", "2"}).out, one.out);
    const auto j = nlohmann::json::parse(one.out.toStdString());
    QCOMPARE(j["schema"].get<std::string>(), std::string("crossgrade.sensitivity/1"));
    QCOMPARE(j["tornados"].size(), std::size_t(2));
    QCOMPARE(j["tornados"][0]["role"].get<std::string>(), std::string("rule-path"));
    QCOMPARE(j["switching_values"].size(), std::size_t(2));
    const auto& training = j["switching_values"][0];
    QCOMPARE(training["knob"].get<std::string>(), std::string("amd-training-performance"));
    QCOMPARE(training["cheapest"].get<std::string>(), std::string("stay-cuda"));
    // Faster AMD training makes a path the cheapest: the flip lies above today's ratio.
    QVERIFY(training["nearest_above"].is_object());
    QVERIFY(training["nearest_above"]["value"].get<double>() > training["current"].get<double>());
    QVERIFY(training["nearest_above"]["to"].get<std::string>() != "stay-cuda");
    QCOMPARE(j["break_even_map"]["saving_usd"].size(), std::size_t(3));
    QCOMPARE(j["break_even_map"]["x"]["knob"].get<std::string>(), std::string("amd-discount"));
}

void TestCli::sensitivityTextAndStoredScenario() {
    const QString file = sourceDir() + "/resources/samples/scenarios/training-shop.json";
    QCOMPARE(cli({"save-scenario", file}).status, 0);
    const Run r = cli({"sensitivity", "1", "--knobs", "amd-discount", "--scan", "4"});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("Tornado (rule path, path2+3)"));
    QVERIFY(r.out.contains("Switching values"));
    QVERIFY(r.out.contains("AMD purchase discount"));
    QVERIFY(!r.out.contains("Break-even map"));
    QCOMPARE(cli({"sensitivity", "7"}).status, 2);
}

// `evaluate ID` of a stored version says what it said when saved beside this build's numbers,
// naming both programs and engines; a file has no such line.
void TestCli::evaluateStoredVersionSetsItsSavedHeadlineBeside() {
    const QString file = sourceDir() + "/resources/samples/scenarios/training-shop.json";
    QCOMPARE(cli({"save-scenario", file}).status, 0);
    const Run text = cli({"evaluate", "1"});
    QVERIFY2(text.status == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains(QStringLiteral("Saved:      Saved ")), qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("by Crossgrade %1 (engine 3): cheapest ")
                                   .arg(QStringLiteral(CROSSGRADE_VERSION))),
             qPrintable(text.out));
    QVERIFY2(text.out.contains(QStringLiteral("Re-evaluated by Crossgrade %1 (engine 3): the same.")
                                   .arg(QStringLiteral(CROSSGRADE_VERSION))),
             qPrintable(text.out));
    const Run json = cli({"evaluate", "1", "--version", "1", "--format", "json"});
    QVERIFY2(json.status == 0, qPrintable(json.err));
    const auto j = nlohmann::json::parse(json.out.toStdString());
    QCOMPARE(j["saved_version"]["differs"].get<bool>(), false);
    QVERIFY(j["saved_version"]["changes"].empty());
    QVERIFY(!cli({"evaluate", file}).out.contains(QStringLiteral("Saved:")));
}

void TestCli::sensitivityRefusesNonsense_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown knob") << QStringList{"--knobs", "amd-discount,luck"}
                                  << "--knobs: unknown knob 'luck'";
    QTest::newRow("one map knob") << QStringList{"--map", "amd-discount"} << "--map: expected two";
    QTest::newRow("map knob twice")
        << QStringList{"--map", "horizon,horizon"} << "--map: expected two different knobs";
    QTest::newRow("grid alone") << QStringList{"--grid", "5"} << "--grid: needs --map";
    QTest::newRow("option alone") << QStringList{"--option", "path1"} << "--option: needs --map";
    QTest::newRow("stay-cuda map")
        << QStringList{"--map", "amd-discount,horizon", "--option", "stay-cuda"} << "--option:";
    QTest::newRow("tiny scan") << QStringList{"--scan", "1"} << "--scan: expected";
    QTest::newRow("huge grid") << QStringList{"--map", "amd-discount,horizon", "--grid", "500"}
                               << "--grid: expected";
    QTest::newRow("csv") << QStringList{"--format", "csv"} << "--format";
}

void TestCli::sensitivityRefusesNonsense() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = cli(QStringList{"sensitivity",
                                  sourceDir() + "/resources/samples/scenarios/training-shop.json"} +
                      args);
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestCli::sensitivityOfABrokenFileNamesThePlace() {
    const Run missing = cli({"sensitivity", m_dir.filePath("nowhere.json")});
    QCOMPARE(missing.status, 2);
    QVERIFY2(missing.err.contains("nowhere.json: no such file"), qPrintable(missing.err));
    const QString bad = writeFile(
        "bad-sensitivity.json", R"({"schema": "crossgrade.scenario/1", "horizon_months": "long"})");
    const Run r = cli({"sensitivity", bad});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(bad + ":"), qPrintable(r.err));
}
