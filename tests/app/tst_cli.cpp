// crossgrade-cli on audits and price books, its errors, help, lock and default store.

#include "tst_cli.h"

#include "audit_json.h"
#include "cli_run.h"
#include "pricebook_json.h"
#include "tst_cli_helpers.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace crossgrade::testing;
using Run = crossgrade::testing::CliRun;

void TestCli::init() {
    static int n = 0;
    m_db = m_dir.filePath(QString("store-%1.sqlite").arg(++n));
}

void TestCli::recommendGivesEachSamplesPath_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("rule");
    QTest::newRow("greenfield") << "greenfield-assistant.json"
                                << "path2"
                                << "greenfield";
    QTest::newRow("legacy") << "legacy-training-platform.json"
                            << "path2"
                            << "three-or-more-high";
    QTest::newRow("nccl") << "llm-pretraining-nccl.json"
                          << "path3"
                          << "distributed-only-high";
    QTest::newRow("kernels") << "kernel-heavy-research.json"
                             << "path2"
                             << "kernel-driven-high";
    QTest::newRow("dist+kernels") << "distributed-kernels.json"
                                  << "path2+3"
                                  << "distributed-plus-kernels";
    QTest::newRow("tensorrt") << "tensorrt-inference.json"
                              << "path1"
                              << "low-score";
    QTest::newRow("clean") << "standard-pytorch-inference.json"
                           << "path1"
                           << "low-score";
    QTest::newRow("silent") << "toolchain-and-libraries.json"
                            << "path1"
                            << "stated-choice";
    QTest::newRow("inconsistent") << "inconsistent-inference.json"
                                  << "path1"
                                  << "low-score";
}

void TestCli::recommendGivesEachSamplesPath() {
    QFETCH(QString, file);
    QFETCH(QString, path);
    QFETCH(QString, rule);
    const Run r = cli({"recommend", sample(file), "--format", "json"});
    QCOMPARE(r.status, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["schema"].get<std::string>(), std::string("crossgrade.recommendation/1"));
    QCOMPARE(QString::fromStdString(j["primary_path"].get<std::string>()), path);
    QCOMPARE(QString::fromStdString(j["decided_by"].get<std::string>()), rule);
    QVERIFY(!j["trace"].empty());
    for (const char* key : {"high_count", "effort_band", "paths", "revisit", "warnings"})
        QVERIFY2(j.contains(key), key);
    QVERIFY(j["effort_band"].contains("min_months"));
    // A file is recommended without touching the store.
    QVERIFY(!QFile::exists(m_db));
}

void TestCli::recommendText() {
    const Run r = cli({"recommend", sample("tensorrt-inference.json")});
    QVERIFY2(r.status == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("Recommended path: Path 1"));
    QVERIFY(r.out.contains("[tensorrt]"));
    QVERIFY(r.out.contains("Rule trace"));
}

void TestCli::importListExportRoundTrip() {
    const Run imported = cli(
        {"import-audit", sample("distributed-kernels.json"), sample("tensorrt-inference.json")});
    QCOMPARE(imported.status, 0);
    const QStringList lines = imported.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines[0].startsWith("1\t"));
    QVERIFY(lines[1].startsWith("2\t"));

    const Run list = cli({"audits"});
    QCOMPARE(list.status, 0);
    QVERIFY(list.out.contains("Recommendation models"));
    QVERIFY(list.out.contains("path2+3"));

    const Run exported = cli({"export-audit", "1"});
    QCOMPARE(exported.status, 0);
    QFile original(sample("distributed-kernels.json"));
    original.open(QIODevice::ReadOnly);
    const auto fromFile = crossgrade::data::readAudit(original.readAll().toStdString());
    QCOMPARE(exported.out.toStdString(), crossgrade::data::writeAudit(*fromFile.audit));

    // The export imports back as an equal audit.
    const QString again = writeFile("again.json", exported.out.toUtf8());
    QCOMPARE(cli({"import-audit", again}).status, 0);
    QCOMPARE(cli({"export-audit", "3"}).out, exported.out);

    const Run byId = cli({"recommend", "2", "--format", "json"});
    QCOMPARE(byId.status, 0);
    QVERIFY(byId.out.contains("\"id\": 2"));
}

void TestCli::brokenAuditIsRejectedAndStoresNothing_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("place");
    QTest::newRow("syntax") << QByteArray("{\n  \"schema\": \"crossgrade.audit/1\",\n  ,\n}")
                            << ":3:3: invalid JSON";
    QTest::newRow("unknown tier")
        << QByteArray(R"({"schema":"crossgrade.audit/1","name":"x","workload":"training",
               "dimensions":{"custom_kernels":{"tier":"low"},"libraries":{"tier":"low"},
               "framework_usage":{"tier":"low"},"distributed":{"tier":"severe"},
               "toolchain":{"tier":"low"},"team_knowledge":{"tier":"low"}}})")
        << ":/dimensions/distributed/tier: expected one of";
    QTest::newRow("empty") << QByteArray() << ":1:1: the file is empty";
}

void TestCli::brokenAuditIsRejectedAndStoresNothing() {
    QFETCH(QByteArray, content);
    QFETCH(QString, place);
    QCOMPARE(cli({"import-audit", sample("llm-pretraining-nccl.json")}).status, 0);
    const auto before = rowCounts(m_db);
    const QString exportBefore = cli({"export-audit", "1"}).out;

    const QString bad = writeFile("bad.json", content);
    // A good file beside the bad one is not stored either: all or nothing.
    const Run r = cli({"import-audit", sample("tensorrt-inference.json"), bad});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(bad + place), qPrintable(r.err));
    QVERIFY(r.err.contains("nothing was stored"));
    QVERIFY(r.out.isEmpty());
    QCOMPARE(rowCounts(m_db), before);
    QCOMPARE(cli({"export-audit", "1"}).out, exportBefore);
    QCOMPARE(cli({"export-audit", "2"}).status, 2);
}

void TestCli::recommendBrokenFileExits2() {
    const QString bad = writeFile("bad-recommend.json", "{\"schema\": 1}");
    const Run r = cli({"recommend", bad});
    QCOMPARE(r.status, 2);
    QVERIFY(r.err.contains(bad + ":/schema: expected \"crossgrade.audit/1\""));
}

void TestCli::invalidInputExits2_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command";
    QTest::newRow("no command") << QStringList{} << "Usage:";
    QTest::newRow("unknown id") << QStringList{"export-audit", "42"} << "no audit with id 42";
    QTest::newRow("not an id") << QStringList{"export-audit", "abc"} << "not an audit id";
    QTest::newRow("neither file nor id")
        << QStringList{"recommend", "nope.json"} << "nope.json: no such file";
    QTest::newRow("bad format") << QStringList{"audits", "--format", "xml"}
                                << "--format: expected text or json";
    QTest::newRow("unknown option") << QStringList{"audits", "--colour"} << "unknown option";
    QTest::newRow("no files") << QStringList{"import-audit"} << "expected one or more";
    QTest::newRow("missing file") << QStringList{"import-audit", "/nonexistent.json"}
                                  << "/nonexistent.json:/: cannot read the file";
    // Every comparison with NaN is false: "seconds <= 0 || seconds > 600" let it through.
    QTest::newRow("bug_benchSecondsNaN")
        << QStringList{"bench", "--seconds", "nan"}
        << "--seconds: expected a number of seconds above 0 and at most 600, got 'nan'";
    QTest::newRow("bench seconds 0")
        << QStringList{"bench", "--seconds", "0"} << "above 0 and at most 600, got '0'";
}

void TestCli::invalidInputExits2() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = cli(args);
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestCli::helpEverywhere_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("top") << QStringList{"--help"};
    for (const char* c :
         {"import-audit", "audits", "export-audit", "recommend", "evaluate", "bench", "pricebook",
          "save-scenario", "scenarios", "versions", "new-scenario", "sensitivity"})
        QTest::newRow(c) << QStringList{c, "--help"};
}

void TestCli::helpEverywhere() {
    QFETCH(QStringList, args);
    const Run r = cli(args);
    QCOMPARE(r.status, 0);
    QVERIFY(r.out.startsWith("Usage: crossgrade-cli"));
    QVERIFY(r.out.contains("--db"));
    QVERIFY(!QFile::exists(m_db)); // help opens no store
}

void TestCli::secondProcessHoldingTheLockGetsTheClearMessage() {
    QCOMPARE(cli({"import-audit", sample("llm-pretraining-nccl.json")}).status, 0);
    const auto before = rowCounts(m_db);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "holder");
        db.setDatabaseName(m_db);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec("BEGIN IMMEDIATE"));
        const Run r =
            cli({"--busy-timeout", "300", "import-audit", sample("tensorrt-inference.json")});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("store is locked by another process"), qPrintable(r.err));
        QVERIFY(q.exec("ROLLBACK"));
        db.close();
    }
    QSqlDatabase::removeDatabase("holder");
    QCOMPARE(rowCounts(m_db), before);
    QCOMPARE(cli({"import-audit", sample("tensorrt-inference.json")}).status, 0);
}

void TestCli::defaultStoreIsCreatedAndSeeded() {
    const Run r = cli({"audits", "--format", "json"}, false);
    QCOMPARE(r.status, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["audits"].size(), std::size_t(9));
    QVERIFY(QFile::exists(m_dir.filePath("xdg/crossgrade/crossgrade.sqlite")));
    // Seeding happens once: a second run finds the same nine.
    const auto again =
        nlohmann::json::parse(cli({"audits", "--format", "json"}, false).out.toStdString());
    QCOMPARE(again["audits"].size(), std::size_t(9));
    // The default price book and every sample scenario, as version 1, are seeded too.
    const auto scenarios =
        nlohmann::json::parse(cli({"scenarios", "--format", "json"}, false).out.toStdString());
    QCOMPARE(scenarios["scenarios"].size(), std::size_t(3));
    for (const auto& scenario : scenarios["scenarios"])
        QCOMPARE(scenario["versions"].get<int>(), 1);
    const Run books = cli({"pricebook", "list"}, false);
    QCOMPARE(books.status, 0);
    // The shipped versions: 2026-12 the default, 2026-11 kept beside it for diffs (issue 24).
    QCOMPARE(books.out.trimmed().split('\n').size(), 3);
    QVERIFY2(books.out.contains("yes"), qPrintable(books.out));
    QVERIFY2(books.out.contains("2026-11") && books.out.contains("2026-12"), qPrintable(books.out));
}

void TestCli::pricebookImportListExport() {
    const QString file = sourceDir() + "/resources/pricebook/default.json";
    const Run empty = cli({"pricebook", "list"});
    QCOMPARE(empty.status, 0);
    QVERIFY(empty.out.contains("No price books"));
    QCOMPARE(cli({"pricebook", "export"}).status, 2); // no default yet

    const Run imported = cli({"pricebook", "import", file, "--default"});
    QVERIFY2(imported.status == 0, qPrintable(imported.err));
    QVERIFY(imported.out.startsWith("1\t"));
    QCOMPARE(cli({"pricebook", "import", file}).status, 0);
    const Run list = cli({"pricebook", "list"});
    QCOMPARE(list.status, 0);
    const QStringList lines = list.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines[0].startsWith("ID  NAME"));
    QVERIFY(lines[0].contains("DEFAULT  SKUS"));
    QVERIFY2(lines[1].contains(" yes "), qPrintable(list.out));
    QVERIFY(!lines[2].contains(" yes "));

    QFile original(file);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const auto book = crossgrade::data::readPriceBook(original.readAll().toStdString());
    QVERIFY(book.ok());
    const Run exported = cli({"pricebook", "export"});
    QCOMPARE(exported.status, 0);
    QCOMPARE(crossgrade::data::readPriceBook(exported.out.toStdString()).price_book,
             book.price_book);
    const QString out = m_dir.filePath("exported-book.json");
    QCOMPARE(cli({"pricebook", "export", "2", "--out", out}).status, 0);
    QFile written(out);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(written.readAll()), exported.out);
    QCOMPARE(cli({"pricebook", "export", "3"}).status, 2);
    QCOMPARE(cli({"pricebook", "frobnicate"}).status, 2);
    QCOMPARE(cli({"pricebook", "list", "--default"}).status, 2);
}

void TestCli::brokenPricebookIsRejectedAndStoresNothing() {
    const QString file = sourceDir() + "/resources/pricebook/default.json";
    QCOMPARE(cli({"pricebook", "import", file, "--default"}).status, 0);
    const auto before = rowCounts(m_db);
    QFile original(file);
    QVERIFY(original.open(QIODevice::ReadOnly));
    auto j = nlohmann::json::parse(original.readAll().toStdString());
    j["skus"].erase("H100");
    const QString bad = writeFile("bad-book.json", QByteArray::fromStdString(j.dump()));
    const Run r = cli({"pricebook", "import", bad, "--default"});
    QCOMPARE(r.status, 2);
    QVERIFY2(r.err.contains(bad + ":/skus"), qPrintable(r.err));
    QVERIFY(r.err.contains("nothing was stored"));
    QCOMPARE(rowCounts(m_db), before);
    const Run list = cli({"pricebook", "list"});
    QVERIFY(list.out.trimmed().split('\n')[1].contains(" yes "));
}

void TestCli::benchPrintsRates() {
    const Run r = cli({"bench", "--seconds", "0.2"});
    QCOMPARE(r.status, 0);
    QVERIFY(r.out.contains("engine evaluations"));
    QVERIFY(r.out.contains("per second"));
}

void TestCli::versionIsPrinted() {
    const Run r = cli({"--version"}, false);
    QCOMPARE(r.status, 0);
    QVERIFY(r.out.startsWith("crossgrade-cli " CROSSGRADE_VERSION));
}

QTEST_GUILESS_MAIN(TestCli)
