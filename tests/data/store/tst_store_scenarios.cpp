// Price books and scenarios in the store: the step from schema version 1, saved versions and
// their headlines, the default book, and all-or-nothing writes.

#include "compiled_scenario.h"
#include "evaluation.h"
#include "pricebook_json.h"
#include "raw_db.h"
#include "sample_scenario.h"
#include "samples.h"
#include "saved_headline.h"
#include "scenario_json.h"
#include "store.h"
#include "test_files.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>

using crossgrade::data::ScenarioHeadline;
using crossgrade::data::ScenarioVersionId;
using crossgrade::data::Store;
using crossgrade::data::StoreError;
namespace data = crossgrade::data;
namespace model = crossgrade::model;

namespace {

using crossgrade::testing::RawDb;

std::optional<StoreError> storeErrorFrom(const std::function<void()>& action) {
    try {
        action();
    } catch (const StoreError& error) {
        return error;
    }
    return std::nullopt;
}

model::PriceBook defaultBook() {
    return *data::readPriceBook(data::defaultPriceBookText()).price_book;
}

model::Scenario sampleScenario(const QString& file) {
    for (const data::SampleFile& sample : data::sampleScenarios())
        if (sample.name == file)
            return *data::readScenario(sample.text).scenario;
    throw std::runtime_error("no sample scenario " + file.toStdString());
}

ScenarioHeadline headline(const model::Scenario& scenario) {
    return data::headlineOf(model::evaluateScenario(scenario, model::compile(scenario)));
}

model::Audit smallAudit(const std::string& name) {
    model::Audit audit;
    audit.name = name;
    audit.workload = model::WorkloadKind::Training;
    audit.dimension(model::Dimension::Distributed).tier = model::Tier::High;
    audit.dimension(model::Dimension::Libraries)
        .evidence.push_back({"cuda.nccl", model::Level::High, model::Level::Medium, "train.py", 3,
                             std::nullopt, "import nccl", model::EvidenceContext::Code, "RCCL",
                             std::nullopt});
    return audit;
}

const QStringList kV2Tables{QStringLiteral("pricebooks"), QStringLiteral("scenarios"),
                            QStringLiteral("scenario_versions")};

} // namespace

class TestStoreScenarios : public QObject {
    Q_OBJECT

private:
    crossgrade::testing::FreshStoreFiles m_files;

    QString freshPath() { return m_files.next(); }

private slots:
    void initTestCase() { QVERIFY(m_files.dir.isValid()); }

    // A version-1 file is today's file without the objects of migrations 2 and 3 (migration
    // 1 has shipped and is never edited), so that is how one is made here.
    void migratesVersion1KeepingAudits() {
        const QString path = freshPath();
        const model::Audit audit = smallAudit("kept across the upgrade");
        std::int64_t id = 0;
        QStringList currentSchema;
        {
            Store store = Store::open(path);
            id = store.addAudit(audit, "audit.json");
        }
        {
            RawDb raw(path);
            currentSchema = raw.schema();
            raw.exec(QStringLiteral("DROP TABLE audit_scan_details")); // migration 5
            raw.exec(QStringLiteral("DROP TABLE benchmarks"));         // migration 4
            raw.exec(QStringLiteral("DROP TABLE hetccl_signals"));     // migration 3
            raw.exec(QStringLiteral("DROP TABLE scenario_versions"));
            raw.exec(QStringLiteral("DROP TABLE scenarios"));
            raw.exec(QStringLiteral("DROP TABLE pricebooks"));
            raw.exec(QStringLiteral("PRAGMA user_version = 1"));
            for (const QString& table : kV2Tables)
                QVERIFY(!raw.tables().contains(table));
        }
        Store store = Store::open(path);
        QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
        QCOMPARE(store.audits().size(), std::size_t{1});
        QCOMPARE(store.audits().front().source, std::string("audit.json"));
        QCOMPARE(store.audit(id), std::optional(audit));
        QVERIFY(store.priceBooks().empty());
        QVERIFY(store.scenarios().empty());
        RawDb raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(),
                 Store::latestSchemaVersion());
        QCOMPARE(raw.schema(), currentSchema);
    }

    void priceBooksAddListExportAndDefault() {
        Store store = Store::open(freshPath());
        QVERIFY(!store.defaultPriceBook());
        const model::PriceBook book = defaultBook();
        model::PriceBook newer = book;
        newer.version = "2027-01";
        newer.skus.begin()->second.name += " (2027)";

        const std::int64_t first = store.addPriceBook(book, "default.json", true);
        const std::int64_t second = store.addPriceBook(newer, "newer.json", false);
        QCOMPARE(store.priceBook(first), std::optional(book));
        QCOMPARE(store.priceBook(second), std::optional(newer));
        QCOMPARE(store.defaultPriceBook(), std::optional(book));
        QVERIFY(!store.priceBook(second + 1));

        auto list = store.priceBooks();
        QCOMPARE(list.size(), std::size_t{2});
        QCOMPARE(list[0].id, first);
        QCOMPARE(list[0].name, book.name);
        QCOMPARE(list[0].version, book.version);
        QVERIFY(list[0].is_default);
        QCOMPARE(list[0].sku_count, int(book.skus.size()));
        QCOMPARE(list[0].source, std::string("default.json"));
        QVERIFY(!list[0].imported_at.empty());
        QVERIFY(!list[1].is_default);
        QCOMPARE(list[1].sku_count, int(book.skus.size()));

        // A new default replaces the old one: there is only ever one.
        const std::int64_t third = store.addPriceBook(newer, "newer.json", true);
        list = store.priceBooks();
        QCOMPARE(list.size(), std::size_t{3});
        QVERIFY(!list[0].is_default);
        QVERIFY(!list[1].is_default);
        QVERIFY(list[2].is_default);
        QCOMPARE(list[2].id, third);
        QCOMPARE(store.defaultPriceBook(), std::optional(newer));
        // The export is the exchange format, and reads back as the stored book.
        QCOMPARE(data::readPriceBook(data::writePriceBook(*store.priceBook(first))).price_book,
                 std::optional(book));
    }

    void refusesDocumentsThatDoNotReadBack() {
        const QString path = freshPath();
        Store store = Store::open(path);
        model::PriceBook broken = defaultBook();
        broken.skus.erase(std::string(data::kReferenceSku));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 store.addPriceBook(broken, "broken.json", true));
        model::Scenario scenario = sampleScenario(QStringLiteral("training-shop.json"));
        scenario.horizon_months = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 store.saveScenarioVersion(scenario, "", "0.1.0", {}));
        QVERIFY(store.priceBooks().empty());
        QVERIFY(store.scenarios().empty());
    }

    void savesVersionsByName() {
        Store store = Store::open(freshPath());
        const model::Scenario v1 = sampleScenario(QStringLiteral("training-shop.json"));
        model::Scenario v2 = v1;
        v2.notes = "second thoughts";
        v2.horizon_months = 36;
        const ScenarioHeadline h1 = headline(v1);
        const ScenarioHeadline h2 = headline(v2);
        QCOMPARE(h1.options.size(), v1.options.size());

        const ScenarioVersionId first = store.saveScenarioVersion(v1, "first", "0.1.0", h1);
        const ScenarioVersionId second = store.saveScenarioVersion(v2, "second", "0.2.0", h2);
        QCOMPARE(first.number, 1);
        QCOMPARE(second.number, 2);
        QCOMPARE(second.scenario_id, first.scenario_id);

        // Another name is another scenario, numbered from 1.
        const model::Scenario other = sampleScenario(QStringLiteral("mixed-tensorrt.json"));
        const ScenarioVersionId third =
            store.saveScenarioVersion(other, "", "0.1.0", headline(other));
        QVERIFY(third.scenario_id != first.scenario_id);
        QCOMPARE(third.number, 1);

        const auto versions = store.versions(first.scenario_id);
        QCOMPARE(versions.size(), std::size_t{2});
        QCOMPARE(versions[0].number, 1);
        QCOMPARE(versions[0].note, std::string("first"));
        QCOMPARE(versions[0].engine_version, std::string("0.1.0"));
        QCOMPARE(versions[0].pricebook_name, v1.pricebook.name);
        QCOMPARE(versions[0].pricebook_version, v1.pricebook.version);
        QCOMPARE(versions[0].headline, h1);
        QCOMPARE(versions[1].note, std::string("second"));
        QCOMPARE(versions[1].engine_version, std::string("0.2.0"));
        QCOMPARE(versions[1].headline, h2);
        QVERIFY(!versions[1].saved_at.empty());
        QVERIFY(store.versions(third.scenario_id + 1).empty());

        // The inputs read back exactly as saved, by number or latest.
        QCOMPARE(store.scenarioVersion(first.scenario_id, 1), std::optional(v1));
        QCOMPARE(store.scenarioVersion(first.scenario_id, 2), std::optional(v2));
        QCOMPARE(store.scenarioVersion(first.scenario_id), std::optional(v2));
        QCOMPARE(store.scenarioVersion(third.scenario_id), std::optional(other));
        QVERIFY(!store.scenarioVersion(first.scenario_id, 3));
        QVERIFY(!store.scenarioVersion(third.scenario_id + 1));

        const auto summaries = store.scenarios();
        QCOMPARE(summaries.size(), std::size_t{2});
        QCOMPARE(summaries[0].id, first.scenario_id);
        QCOMPARE(summaries[0].name, v1.name);
        QCOMPARE(summaries[0].version_count, 2);
        QCOMPARE(summaries[0].latest_number, 2);
        QCOMPARE(summaries[0].latest_saved_at, versions[1].saved_at);
        QCOMPARE(summaries[0].latest_cheapest_option, h2.cheapest_option);
        QCOMPARE(summaries[0].latest_rule_path, h2.rule_path);
        QCOMPARE(summaries[1].version_count, 1);
    }

    // A version saved by an older program beside the same inputs evaluated now (issue 22,
    // "Old files"): the large-model sample under the first engine (one inference door for both
    // workloads: no option moves) and under the second (the 405B workload moves alone).
    void savedHeadlineBesideAReEvaluation() {
        Store store = Store::open(freshPath());
        model::Scenario engine1 = crossgrade::testing::underEngine(
            sampleScenario(QStringLiteral("large-model-inference.json")), 1);
        const ScenarioVersionId id = store.saveScenarioVersion(engine1, "before doors per workload",
                                                               "0.1.0", headline(engine1));
        const data::ScenarioVersionSummary saved = store.versions(id.scenario_id).front();
        // One version by number, or the latest; none past the last or for another id.
        QVERIFY(store.version(id.scenario_id) == saved);
        QVERIFY(store.version(id.scenario_id, 1) == saved);
        QVERIFY(!store.version(id.scenario_id, 2));
        QVERIFY(!store.version(id.scenario_id + 1));

        // The same program and engine: the same numbers, said in few words.
        const data::HeadlineComparison same =
            data::compareHeadlines(saved, {"0.1.0", 1}, headline(engine1), {"0.1.0", 1});
        QVERIFY(!same.differs);
        QVERIFY(same.changes.empty());
        QVERIFY2(same.saved.starts_with("Saved " + saved.saved_at.substr(0, 10) +
                                        " by Crossgrade 0.1.0 (engine 1): cheapest "),
                 same.saved.c_str());
        QCOMPARE(same.now, std::string("Re-evaluated by Crossgrade 0.1.0 (engine 1): the same."));

        model::Scenario engine2 = crossgrade::testing::underEngine(engine1, 2);
        const ScenarioHeadline now = headline(engine2);
        const data::HeadlineComparison moved =
            data::compareHeadlines(saved, {"0.1.0", 1}, now, {"0.2.0", 2});
        QVERIFY(moved.differs);
        QVERIFY2(moved.now.starts_with("Re-evaluated by Crossgrade 0.2.0 (engine 2): cheapest " +
                                       now.cheapest_option + " at $"),
                 moved.now.c_str());
        // Each option that moved is named with both NPVs and, where they changed, its doors.
        bool doorsNamed = false;
        for (const data::OptionHeadline& o : now.options) {
            const auto before =
                std::find_if(saved.headline.options.begin(), saved.headline.options.end(),
                             [&](const data::OptionHeadline& b) { return b.option == o.option; });
            QVERIFY(before != saved.headline.options.end());
            const std::string line = o.option + ": " + model::formatUsd(before->npv_usd) + " → " +
                                     model::formatUsd(o.npv_usd);
            const bool listed =
                std::any_of(moved.changes.begin(), moved.changes.end(),
                            [&](const std::string& c) { return c.starts_with(line); });
            QCOMPARE(listed, std::abs(o.npv_usd - before->npv_usd) > 1.0 ||
                                 o.doors_taken != before->doors_taken);
            doorsNamed = doorsNamed || o.doors_taken != before->doors_taken;
        }
        QVERIFY(doorsNamed);
        QVERIFY(std::any_of(moved.changes.begin(), moved.changes.end(), [](const std::string& c) {
            return c.find(", doors 0 → ") != std::string::npos;
        }));
    }

    void headlineMatchesTheEvaluation() {
        const model::Scenario scenario = sampleScenario(QStringLiteral("training-shop.json"));
        const model::ScenarioEvaluation e =
            model::evaluateScenario(scenario, model::compile(scenario));
        const ScenarioHeadline h = data::headlineOf(e);
        QCOMPARE(h.cheapest_option, std::string(model::toString(e.cheapest)));
        QCOMPARE(h.rule_path, std::string(model::toString(e.recommendation.primary_path)));
        QCOMPARE(h.options.size(), e.options.size());
        for (std::size_t i = 0; i < e.options.size(); ++i) {
            QCOMPARE(h.options[i].option, std::string(model::toString(e.options[i].id)));
            QCOMPARE(h.options[i].npv_usd, e.options[i].run.npv_usd);
            QCOMPARE(h.options[i].total_usd, e.options[i].run.total_usd);
            QCOMPARE(h.options[i].doors_taken, e.options[i].doors_taken);
        }
    }

    void failedWriteChangesNothing_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("write");
        QTest::newRow("new scenario's version") << "scenario_versions"
                                                << "new scenario";
        QTest::newRow("new scenario's row") << "scenarios"
                                            << "new scenario";
        QTest::newRow("next version") << "scenario_versions"
                                      << "next version";
        QTest::newRow("new default price book") << "pricebooks"
                                                << "default book";
    }
    void failedWriteChangesNothing() {
        QFETCH(QString, table);
        QFETCH(QString, write);
        const QString path = freshPath();
        Store store = Store::open(path);
        store.addAudit(smallAudit("already there"));
        const model::PriceBook book = defaultBook();
        store.addPriceBook(book, "default.json", true);
        const model::Scenario existing = sampleScenario(QStringLiteral("training-shop.json"));
        const auto existingId =
            store.saveScenarioVersion(existing, "kept", "0.1.0", headline(existing));

        RawDb raw(path);
        raw.exec(QStringLiteral("CREATE TRIGGER refuse_poison BEFORE INSERT ON %1 "
                                "BEGIN SELECT RAISE(ABORT, 'poisoned row refused'); END")
                     .arg(table));
        const std::map<QString, int> before = raw.counts();

        const auto error = storeErrorFrom([&] {
            if (write == QLatin1String("default book")) {
                store.addPriceBook(book, "other.json", true);
            } else {
                const model::Scenario scenario =
                    write == QLatin1String("next version")
                        ? existing
                        : sampleScenario(QStringLiteral("mixed-tensorrt.json"));
                store.saveScenarioVersion(scenario, "poison", "0.1.0", headline(scenario));
            }
        });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Query);
        QVERIFY2(QString::fromStdString(error->what()).contains("poisoned row refused"),
                 error->what());
        QCOMPARE(raw.counts(), before);
        // The old default was not cleared by the rolled-back write.
        QCOMPARE(store.defaultPriceBook(), std::optional(book));
        QCOMPARE(store.versions(existingId.scenario_id).size(), std::size_t{1});

        // Nothing was left half-open: the write succeeds once the trigger is gone.
        raw.exec(QStringLiteral("DROP TRIGGER refuse_poison"));
        if (write == QLatin1String("default book"))
            QVERIFY(store.addPriceBook(book, "other.json", true) > 0);
        else
            QCOMPARE(
                store.saveScenarioVersion(existing, "after", "0.1.0", headline(existing)).number,
                2);
    }

    void writesTouchOnlyTheirOwnRows() {
        const QString path = freshPath();
        Store store = Store::open(path);
        const std::int64_t auditId = store.addAudit(smallAudit("audit"));
        store.addPriceBook(defaultBook(), "default.json", true);
        const model::Scenario scenario = sampleScenario(QStringLiteral("training-shop.json"));
        store.saveScenarioVersion(scenario, "v1", "0.1.0", headline(scenario));
        std::map<QString, int> before;
        {
            RawDb raw(path);
            before = raw.counts();
        }
        // Another version adds exactly one row; removing an audit leaves scenarios and books.
        store.saveScenarioVersion(scenario, "v2", "0.1.0", headline(scenario));
        QVERIFY(store.removeAudit(auditId));
        RawDb raw(path);
        std::map<QString, int> after = raw.counts();
        QCOMPARE(after[QStringLiteral("scenario_versions")],
                 before[QStringLiteral("scenario_versions")] + 1);
        QCOMPARE(after[QStringLiteral("scenarios")], before[QStringLiteral("scenarios")]);
        QCOMPARE(after[QStringLiteral("pricebooks")], before[QStringLiteral("pricebooks")]);
        QCOMPARE(after[QStringLiteral("audits")], 0);
        QCOMPARE(store.scenarioVersion(1, 1), std::optional(scenario));
    }

    void storedVersionThatNoLongerReadsIsCorrupt() {
        const QString path = freshPath();
        Store store = Store::open(path);
        const model::Scenario scenario = sampleScenario(QStringLiteral("training-shop.json"));
        const auto saved = store.saveScenarioVersion(scenario, "", "0.1.0", headline(scenario));
        {
            RawDb raw(path);
            raw.exec(
                QStringLiteral("UPDATE scenario_versions SET inputs_json = '{\"schema\": 7}'"));
        }
        const auto error = storeErrorFrom([&] { store.scenarioVersion(saved.scenario_id); });
        QVERIFY(error);
        QCOMPARE(error->kind(), StoreError::Kind::Corrupt);
        const QString message = QString::fromStdString(error->what());
        QVERIFY2(message.contains(QString::fromStdString("\"" + scenario.name + "\" version 1")),
                 error->what());
        QVERIFY2(message.contains(path), error->what());
    }

    // Issue 20: an evaluation with NaN was saved, its headline kept as null, and no listing
    // read the store again. The save refuses a headline that is not finite, writing nothing.
    void bug_nonFiniteHeadlineWasSaved_data() {
        QTest::addColumn<double>("value");
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("infinity") << std::numeric_limits<double>::infinity();
        QTest::newRow("-infinity") << -std::numeric_limits<double>::infinity();
    }
    void bug_nonFiniteHeadlineWasSaved() {
        QFETCH(double, value);
        const QString path = freshPath();
        Store store = Store::open(path);
        const model::Scenario scenario = sampleScenario(QStringLiteral("training-shop.json"));
        ScenarioHeadline bad = headline(scenario);
        bad.options.back().npv_usd = value;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 store.saveScenarioVersion(scenario, "", "0.1.0", bad));
        RawDb raw(path);
        QCOMPARE(raw.count(QStringLiteral("scenario_versions")), 0);
        QCOMPARE(raw.count(QStringLiteral("scenarios")), 0);
    }

    // A headline that no longer reads is listed as damaged, never stops a listing (issue 20),
    // and the version can be exported as stored and removed without being read.
    void bug_nullHeadlineBrokeScenariosListing() {
        const QString path = freshPath();
        Store store = Store::open(path);
        const model::Scenario training = sampleScenario(QStringLiteral("training-shop.json"));
        const model::Scenario mixed = sampleScenario(QStringLiteral("mixed-tensorrt.json"));
        const auto first = store.saveScenarioVersion(training, "", "0.1.0", headline(training));
        const auto second = store.saveScenarioVersion(training, "", "0.1.0", headline(training));
        const auto other = store.saveScenarioVersion(mixed, "", "0.1.0", headline(mixed));
        QString inputs;
        {
            RawDb raw(path);
            inputs = raw.scalar(QStringLiteral("SELECT inputs_json FROM scenario_versions WHERE "
                                               "number = 2"))
                         .toString();
            raw.exec(QStringLiteral(
                "UPDATE scenario_versions SET headline_json = '{\"cheapest_option\": "
                "\"stay-cuda\", \"rule_path\": \"path2\", \"options\": {\"stay-cuda\": "
                "{\"npv_usd\": null, \"total_usd\": null, \"doors_taken\": 0}}}' WHERE number = "
                "2"));
        }
        const std::vector<data::ScenarioSummary> listed = store.scenarios();
        QCOMPARE(listed.size(), std::size_t(2));
        QCOMPARE(listed[0].id, first.scenario_id);
        QVERIFY2(listed[0].damage.find("no longer reads") != std::string::npos,
                 listed[0].damage.c_str());
        QVERIFY(listed[1].damage.empty());
        QCOMPARE(listed[1].latest_cheapest_option, headline(mixed).cheapest_option);
        const std::vector<data::ScenarioVersionSummary> versions =
            store.versions(first.scenario_id);
        QCOMPARE(versions.size(), std::size_t(2));
        QVERIFY(versions[0].damage.empty());
        QVERIFY(!versions[1].damage.empty());
        QCOMPARE(versions[1].number, second.number);

        const auto text = store.scenarioVersionText(second.scenario_id, second.number);
        QVERIFY(text);
        QCOMPARE(QString::fromStdString(text->inputs_json), inputs);
        QCOMPARE(text->name, training.name);
        QVERIFY(!store.scenarioVersionText(second.scenario_id, 9));

        QVERIFY(store.removeScenarioVersion(second.scenario_id, second.number));
        QVERIFY(!store.removeScenarioVersion(second.scenario_id, second.number));
        QVERIFY(store.scenarios()[0].damage.empty());
        QCOMPARE(store.versions(first.scenario_id).size(), std::size_t(1));
        // The last version takes its scenario with it; the other scenario stays.
        QVERIFY(store.removeScenarioVersion(first.scenario_id, first.number));
        QCOMPARE(store.scenarios().size(), std::size_t(1));
        QCOMPARE(store.scenarios()[0].id, other.scenario_id);
        QVERIFY(store.versions(first.scenario_id).empty());
    }

    // A stored price book that no longer reads (changed behind the store's back, or stored
    // before a sense bound existed) is listed as damaged instead of failing the listing.
    void damagedPriceBookIsListedAsDamaged() {
        const QString path = freshPath();
        Store store = Store::open(path);
        store.addPriceBook(defaultBook(), "a", false);
        const std::int64_t kept = store.addPriceBook(defaultBook(), "b", true);
        {
            RawDb raw(path);
            raw.exec(QStringLiteral("UPDATE pricebooks SET json = '{\"schema\": 7}' WHERE id = 1"));
        }
        const auto books = store.priceBooks();
        QCOMPARE(books.size(), std::size_t(2));
        QVERIFY(!books[0].damage.empty());
        QCOMPARE(books[0].sku_count, 0);
        QVERIFY(books[1].damage.empty());
        QCOMPARE(books[1].id, kept);
        QVERIFY(books[1].sku_count > 0);
    }

    // The same for an audit whose stored workload this version does not know.
    void damagedAuditIsListedAsDamaged() {
        const QString path = freshPath();
        Store store = Store::open(path);
        store.addAudit(smallAudit("first"));
        store.addAudit(smallAudit("second"));
        {
            RawDb raw(path);
            raw.exec(QStringLiteral("PRAGMA ignore_check_constraints = ON"));
            raw.exec(QStringLiteral("UPDATE audits SET workload = 'quantum' WHERE name = 'first'"));
        }
        const auto audits = store.audits();
        QCOMPARE(audits.size(), std::size_t(2));
        QVERIFY2(audits[0].damage.find("quantum") != std::string::npos, audits[0].damage.c_str());
        QVERIFY(audits[1].damage.empty());
        QCOMPARE(audits[1].name, std::string("second"));
    }

    void seededStoreHoldsSamples() {
        const QString path = freshPath();
        Store store = data::openStoreSeededIfNew(path);
        QCOMPARE(store.audits().size(), data::sampleAudits().size());
        const auto books = store.priceBooks();
        // The default first, then the superseded shipped version kept for diffs (issue 24).
        QCOMPARE(books.size(), std::size_t{2});
        QVERIFY(books.front().is_default);
        QCOMPARE(books.back().version, std::string("2026-11"));
        QVERIFY(!books.back().is_default);
        QCOMPARE(store.defaultPriceBook(), std::optional(defaultBook()));
        const auto scenarios = store.scenarios();
        QCOMPARE(scenarios.size(), data::sampleScenarios().size());
        for (const data::ScenarioSummary& s : scenarios) {
            QCOMPARE(s.version_count, 1);
            const auto versions = store.versions(s.id);
            QCOMPARE(versions.front().note, std::string("sample"));
            QCOMPARE(versions.front().engine_version, std::string(CROSSGRADE_VERSION));
            const auto stored = store.scenarioVersion(s.id);
            QVERIFY(stored);
            QCOMPARE(versions.front().headline, headline(*stored));
        }
        // Opening it again seeds nothing more.
        Store again = data::openStoreSeededIfNew(path);
        QCOMPARE(again.priceBooks().size(), std::size_t{2});
        QCOMPARE(again.scenarios().size(), scenarios.size());
    }

    // Issue 24: a store an earlier release seeded holds that release's copy of the default book
    // under the same name and version. Opened by this release, it gains this release's default
    // (as its default, so that a new scenario does not price the network twice) and the older
    // shipped version, keeping every book it had; opening it again adds nothing.
    void anEarlierReleasesStoreGetsThisReleasesDefaultBook() {
        const QString path = freshPath();
        model::PriceBook earlier = defaultBook();
        earlier.skus.at("H100").overhead_usd = model::UncertainNumber::certain(12000);
        {
            Store store = Store::open(path);
            store.addPriceBook(earlier, "sample:default.json", true);
        }
        Store store = data::openStoreSeededIfNew(path);
        QCOMPARE(store.defaultPriceBook(), std::optional(defaultBook()));
        const auto books = store.priceBooks();
        QCOMPARE(books.size(), std::size_t{3});
        QCOMPARE(store.priceBook(books.front().id), std::optional(earlier)); // kept
        QCOMPARE(books.back().version, std::string("2026-11"));
        Store again = data::openStoreSeededIfNew(path);
        QCOMPARE(again.priceBooks().size(), std::size_t{3});
    }
};

QTEST_GUILESS_MAIN(TestStoreScenarios)
#include "tst_store_scenarios.moc"
