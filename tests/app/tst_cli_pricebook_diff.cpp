// `crossgrade-cli pricebook diff` end to end (issue 24, point 4): the shipped 2026-11 and
// 2026-12 books named by version, by file and by stored id; every changed figure old → new; a
// scenario re-evaluated on both books with the verdict "does the new book flip the decision?";
// a new store seeded with both versions; bad arguments refused by name.

#include "cli_run.h"
#include "pricebook_diff.h"
#include "pricebook_json.h"
#include "sample_files.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

namespace {

using Run = crossgrade::testing::CliRun;

QString source(const char* relative) {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR "/") + QString::fromLatin1(relative);
}

crossgrade::model::PriceBook book(const char* relative) {
    auto read = crossgrade::data::readPriceBook(crossgrade::testing::slurp(relative));
    if (!read.ok())
        qFatal("%s does not read", relative);
    return *read.price_book;
}

} // namespace

class TestCliPriceBookDiff : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    Run cli(const QStringList& args, const QString& db) {
        return crossgrade::testing::runCli(QStringList{"--db", db} + args, m_dir.filePath("xdg"));
    }
    Run cli(const QStringList& args) { return cli(args, m_dir.filePath("empty.sqlite")); }

private slots:
    void aBookDiffersFromItselfInNothing() {
        const auto b = book("resources/pricebook/default.json");
        QVERIFY(crossgrade::data::diffPriceBooks(b, b).empty());
    }

    // The figures issue 24 changed are listed with both values; a figure only the new book has
    // reads "(none)" before it.
    void theShippedVersionsDifferInTheFiguresThatChanged() {
        const auto changes = crossgrade::data::diffPriceBooks(
            book("resources/pricebook/2026-11.json"), book("resources/pricebook/default.json"));
        const auto find = [&](const std::string& pointer) {
            for (const auto& c : changes)
                if (c.pointer == pointer)
                    return c;
            return crossgrade::data::PriceBookChange{};
        };
        QVERIFY(find("/skus/H100/reserved_usd_per_hour").after.starts_with("2 [1.6–3], B, "));
        QVERIFY(find("/skus/H100/reserved_usd_per_hour").before.starts_with("1.3 [1.04–1.95], "));
        QVERIFY(find("/skus/H100/software_usd_per_year").before.empty());
        QVERIFY(find("/skus/H100/software_usd_per_year").is_figure);
        QVERIFY(!find("/skus/B200/purchase_usd").source.empty());
        QVERIFY(find("/name").pointer.empty()); // the book's name is not a change
    }

    void versionsFilesAndIdsNameTheSameBooks() {
        const Run byVersion = cli({"pricebook", "diff", "2026-11", "2026-12"});
        QVERIFY2(byVersion.status == 0, qPrintable(byVersion.err));
        QVERIFY(byVersion.out.contains("Crossgrade default price book 2026-11 → Crossgrade default "
                                       "price book 2026-12"));
        QVERIFY(byVersion.out.contains("/skus/H100/purchase_usd"));
        const Run byFile = cli({"pricebook", "diff", source("resources/pricebook/2026-11.json"),
                                source("resources/pricebook/default.json")});
        QCOMPARE(byFile.out, byVersion.out);
        // A store seeded on first use keeps both versions; its ids name them.
        const Run list = crossgrade::testing::runCli({"pricebook", "list"}, m_dir.filePath("xdg"));
        QVERIFY2(list.status == 0, qPrintable(list.err));
        QVERIFY(list.out.contains("2026-11"));
        QVERIFY(list.out.contains("2026-12"));
        // The default (2026-12) is stored first, the older version after it.
        const Run byId =
            crossgrade::testing::runCli({"pricebook", "diff", "2", "1"}, m_dir.filePath("xdg"));
        QVERIFY2(byId.status == 0, qPrintable(byId.err));
        QCOMPARE(byId.out, byVersion.out);
    }

    // The training shop stayed on CUDA on the 2026-11 figures and moves its pre-training growth
    // with Path 2 on 2026-12's; the large-model answer holds.
    void aScenarioSaysWhetherTheNewBookFlipsItsDecision() {
        const Run shop =
            cli({"pricebook", "diff", "2026-11", "2026-12", "--scenario",
                 source("resources/samples/scenarios/training-shop.json"), "--format", "json"});
        QVERIFY2(shop.status == 0, qPrintable(shop.err));
        const auto j = nlohmann::json::parse(shop.out.toStdString());
        QCOMPARE(j["scenario"]["before"]["cheapest"].get<std::string>(), std::string("stay-cuda"));
        QCOMPARE(j["scenario"]["after"]["cheapest"].get<std::string>(), std::string("path2"));
        QVERIFY(j["scenario"]["flips"].get<bool>());
        QVERIFY(j["changes"].size() > 30);
        const Run large = cli({"pricebook", "diff", "2026-11", "2026-12", "--scenario",
                               source("resources/samples/scenarios/large-model-inference.json")});
        QVERIFY2(large.status == 0, qPrintable(large.err));
        QVERIFY(large.out.contains("flip the decision of \"Large-model inference on an owned H100 "
                                   "fleet\"? No: Path 1 stays the cheapest option"));
        QVERIFY(large.out.contains("inference performance cells differ in meaning"));
    }

    void badArgumentsAreRefusedByName() {
        Run r = cli({"pricebook", "diff", "2026-11"});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("expected two price books"));
        r = cli({"pricebook", "diff", "2026-11", "1999-01"});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("'1999-01' is no price book file, stored id or version; the "
                               "shipped versions are 2026-11, 2026-12"));
        r = cli({"pricebook", "diff", "2026-11",
                 source("resources/samples/scenarios/training-shop.json")});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("training-shop.json:/schema"));
        QVERIFY(r.err.contains("not a price book"));
        r = cli({"pricebook", "diff", "2026-11", "2026-12", "--scenario", m_dir.filePath("none")});
        QCOMPARE(r.status, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliPriceBookDiff)
#include "tst_cli_pricebook_diff.moc"
