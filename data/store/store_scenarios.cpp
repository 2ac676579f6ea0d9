#include "store_scenarios.h"

#include "evaluation.h"
#include "scenario_json.h"
#include "sql_dialect.h"

#include <QSqlQuery>
#include <QVariant>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

namespace crossgrade::data {

std::string damagedVersionAdvice(std::int64_t scenarioId, int number) {
    const std::string ids = std::to_string(scenarioId) + " " + std::to_string(number);
    return "delete it with `crossgrade-cli delete-version " + ids +
           "`, or export its raw JSON with `crossgrade-cli export-version " + ids + "`";
}

ScenarioHeadline headlineOf(const model::ScenarioEvaluation& evaluation) {
    ScenarioHeadline headline;
    headline.cheapest_option = std::string(model::toString(evaluation.cheapest));
    headline.rule_path = std::string(model::toString(evaluation.recommendation.primary_path));
    for (const model::OptionOutcome& outcome : evaluation.options)
        headline.options.push_back({std::string(model::toString(outcome.id)), outcome.run.npv_usd,
                                    outcome.run.total_usd, outcome.doors_taken});
    return headline;
}

} // namespace crossgrade::data

namespace crossgrade::data::store_detail {

namespace dialect = sql_dialect;

namespace {

using Kind = StoreError::Kind;

// {"cheapest_option": …, "rule_path": …, "options": {"stay-cuda": {"npv_usd": …,
// "total_usd": …, "doors_taken": N}, …}}, options in the scenario's order.
std::string headlineJson(const ScenarioHeadline& headline) {
    nlohmann::ordered_json options = nlohmann::ordered_json::object();
    for (const OptionHeadline& option : headline.options)
        options[option.option] = {{"npv_usd", option.npv_usd},
                                  {"total_usd", option.total_usd},
                                  {"doors_taken", option.doors_taken}};
    return nlohmann::ordered_json{{"cheapest_option", headline.cheapest_option},
                                  {"rule_path", headline.rule_path},
                                  {"options", options}}
        .dump();
}

// The headline of a stored version, or why it no longer reads (`damage`): a listing shows the
// row as damaged instead of failing as a whole (issue 20: a NaN saved as null stopped
// `scenarios`, `versions` and the app's start).
ScenarioHeadline parseHeadline(const QVariant& text, std::string& damage) {
    try {
        const auto json = nlohmann::ordered_json::parse(textOf(text));
        ScenarioHeadline headline;
        headline.cheapest_option = json.at("cheapest_option").get<std::string>();
        headline.rule_path = json.at("rule_path").get<std::string>();
        for (const auto& [option, values] : json.at("options").items())
            headline.options.push_back({option, values.at("npv_usd").get<double>(),
                                        values.at("total_usd").get<double>(),
                                        values.at("doors_taken").get<int>()});
        return headline;
    } catch (const nlohmann::json::exception& e) {
        // nlohmann's text starts with a tag ("[json.exception.out_of_range.403] ") that means
        // nothing to a reader; what follows names the missing key.
        std::string why = e.what();
        if (const auto tag = why.find("] "); why.rfind("[json.", 0) == 0 && tag != why.npos)
            why.erase(0, tag + 2);
        damage = "its saved headline no longer reads (" + why + ")";
        return {};
    }
}

bool finiteHeadline(const ScenarioHeadline& headline) {
    return std::all_of(headline.options.begin(), headline.options.end(),
                       [](const OptionHeadline& o) {
                           return std::isfinite(o.npv_usd) && std::isfinite(o.total_usd);
                       });
}

std::string versionName(const std::string& scenario, int number) {
    return "stored scenario \"" + scenario + "\" version " + std::to_string(number);
}

std::int64_t returnedId(const Connection& connection, QSqlQuery& query, const std::string& doing) {
    if (!connection.next(query, doing))
        throw StoreError(Kind::Query, "store query failed: " + connection.displayPath() + " (" +
                                          doing + ": no id returned)");
    const std::int64_t id = query.value(0).toLongLong();
    // An INSERT left open after its RETURNING row counts as in progress and blocks COMMIT.
    query.finish();
    return id;
}

} // namespace

ScenarioVersionId insertScenarioVersion(const Connection& connection,
                                        const model::Scenario& scenario, const std::string& note,
                                        const std::string& engineVersion,
                                        const ScenarioHeadline& headline) {
    const std::string doing = "save the scenario \"" + scenario.name + "\"";
    if (!finiteHeadline(headline))
        throw std::invalid_argument("Store::saveScenarioVersion: the headline of \"" +
                                    scenario.name +
                                    "\" holds a number that is not finite (NaN or infinity); "
                                    "nothing was saved");
    // Only a scenario that reads back is stored: a saved version must evaluate later.
    const std::string inputs = writeScenario(scenario);
    const ScenarioReadResult check = readScenario(inputs);
    if (!check.ok())
        throw std::invalid_argument("Store::saveScenarioVersion: the scenario does not validate (" +
                                    check.errors.front().place + ": " +
                                    check.errors.front().message + ")");
    ScenarioVersionId saved;
    {
        QSqlQuery find =
            connection.prepare(QStringLiteral("SELECT id FROM scenarios WHERE name = ?"), doing);
        bind(find, {sqlText(scenario.name)});
        connection.exec(find, doing);
        if (connection.next(find, doing))
            saved.scenario_id = find.value(0).toLongLong();
    }
    if (saved.scenario_id == 0) {
        QSqlQuery create = connection.prepare(
            QStringLiteral("INSERT INTO scenarios (name, created_at) VALUES (?, %1)%2")
                .arg(dialect::currentUtcTimestamp(), dialect::returningIdClause()),
            doing);
        bind(create, {sqlText(scenario.name)});
        connection.exec(create, doing);
        saved.scenario_id = returnedId(connection, create, doing);
    }
    {
        QSqlQuery next = connection.prepare(
            QStringLiteral(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM scenario_versions WHERE scenario_id = ?"),
            doing);
        bind(next, {sqlId(saved.scenario_id)});
        connection.exec(next, doing);
        if (!connection.next(next, doing))
            throw StoreError(Kind::Query, "store query failed: " + connection.displayPath() + " (" +
                                              doing + ": no version number)");
        saved.number = next.value(0).toInt();
    }
    QSqlQuery insert = connection.prepare(
        QStringLiteral("INSERT INTO scenario_versions (scenario_id, number, note, saved_at, "
                       "engine_version, inputs_json, pricebook_name, pricebook_version, "
                       "headline_json) VALUES (?, ?, ?, %1, ?, ?, ?, ?, ?)")
            .arg(dialect::currentUtcTimestamp()),
        doing);
    bind(insert, {sqlId(saved.scenario_id), QVariant(saved.number), sqlText(note),
                  sqlText(engineVersion), sqlText(inputs), sqlText(scenario.pricebook.name),
                  sqlText(scenario.pricebook.version), sqlText(headlineJson(headline))});
    connection.exec(insert, doing);
    return saved;
}

std::vector<ScenarioSummary> readScenarioSummaries(const Connection& connection) {
    const std::string_view doing = "list the scenarios";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT s.id, s.name, s.created_at, (SELECT COUNT(*) FROM "
                       "scenario_versions c WHERE c.scenario_id = s.id), v.number, v.saved_at, "
                       "v.headline_json FROM scenarios s JOIN scenario_versions v ON "
                       "v.scenario_id = s.id WHERE v.number = (SELECT MAX(m.number) FROM "
                       "scenario_versions m WHERE m.scenario_id = s.id) ORDER BY s.id"),
        doing);
    connection.exec(query, doing);
    std::vector<ScenarioSummary> summaries;
    while (connection.next(query, doing)) {
        ScenarioSummary summary;
        summary.id = query.value(0).toLongLong();
        summary.name = textOf(query.value(1));
        summary.created_at = textOf(query.value(2));
        summary.version_count = query.value(3).toInt();
        summary.latest_number = query.value(4).toInt();
        summary.latest_saved_at = textOf(query.value(5));
        const ScenarioHeadline headline = parseHeadline(query.value(6), summary.damage);
        summary.latest_cheapest_option = headline.cheapest_option;
        summary.latest_rule_path = headline.rule_path;
        summaries.push_back(std::move(summary));
    }
    return summaries;
}

std::vector<ScenarioVersionSummary> readScenarioVersions(const Connection& connection,
                                                         std::int64_t scenarioId) {
    const std::string_view doing = "list a scenario's versions";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT s.name, v.number, v.note, v.saved_at, v.engine_version, "
                       "v.pricebook_name, v.pricebook_version, v.headline_json FROM "
                       "scenario_versions v JOIN scenarios s ON s.id = v.scenario_id WHERE "
                       "v.scenario_id = ? ORDER BY v.number"),
        doing);
    bind(query, {sqlId(scenarioId)});
    connection.exec(query, doing);
    std::vector<ScenarioVersionSummary> versions;
    while (connection.next(query, doing)) {
        ScenarioVersionSummary version;
        version.number = query.value(1).toInt();
        version.note = textOf(query.value(2));
        version.saved_at = textOf(query.value(3));
        version.engine_version = textOf(query.value(4));
        version.pricebook_name = textOf(query.value(5));
        version.pricebook_version = textOf(query.value(6));
        version.headline = parseHeadline(query.value(7), version.damage);
        versions.push_back(std::move(version));
    }
    return versions;
}

std::optional<model::Scenario> readScenarioVersion(const Connection& connection,
                                                   std::int64_t scenarioId,
                                                   std::optional<int> number) {
    const std::string_view doing = "read a scenario version";
    const QString select = QStringLiteral(
        "SELECT s.name, v.number, v.inputs_json FROM scenario_versions v JOIN scenarios s ON "
        "s.id = v.scenario_id WHERE v.scenario_id = ? AND v.number = ");
    QSqlQuery query = connection.prepare(
        select + (number ? QStringLiteral("?")
                         : QStringLiteral("(SELECT MAX(m.number) FROM scenario_versions m "
                                          "WHERE m.scenario_id = ?)")),
        doing);
    bind(query, {sqlId(scenarioId), number ? QVariant(*number) : sqlId(scenarioId)});
    connection.exec(query, doing);
    if (!connection.next(query, doing))
        return std::nullopt;
    ScenarioReadResult read = readScenario(textOf(query.value(2)));
    if (!read.ok())
        throw StoreError(Kind::Corrupt,
                         versionName(textOf(query.value(0)), query.value(1).toInt()) +
                             " no longer reads (" + read.errors.front().place + ": " +
                             read.errors.front().message + "): " + connection.displayPath() +
                             ". The other stored rows still read; " +
                             damagedVersionAdvice(scenarioId, query.value(1).toInt()) + ".");
    return std::move(*read.scenario);
}

std::optional<StoredScenarioText> readScenarioVersionText(const Connection& connection,
                                                          std::int64_t scenarioId, int number) {
    const std::string_view doing = "export a scenario version";
    QSqlQuery query = connection.prepare(
        QStringLiteral("SELECT s.name, v.inputs_json, v.headline_json FROM scenario_versions v "
                       "JOIN scenarios s ON s.id = v.scenario_id WHERE v.scenario_id = ? AND "
                       "v.number = ?"),
        doing);
    bind(query, {sqlId(scenarioId), QVariant(number)});
    connection.exec(query, doing);
    if (!connection.next(query, doing))
        return std::nullopt;
    return StoredScenarioText{textOf(query.value(0)), textOf(query.value(1)),
                              textOf(query.value(2))};
}

bool deleteScenarioVersion(const Connection& connection, std::int64_t scenarioId, int number) {
    const std::string_view doing = "remove a scenario version";
    QSqlQuery remove = connection.prepare(
        QStringLiteral("DELETE FROM scenario_versions WHERE scenario_id = ? AND number = ?"),
        doing);
    bind(remove, {sqlId(scenarioId), QVariant(number)});
    connection.exec(remove, doing);
    if (remove.numRowsAffected() <= 0)
        return false;
    // A scenario without versions lists nowhere (the listing joins its latest version), so it
    // goes with its last one; its name is then free for a new scenario.
    QSqlQuery orphan = connection.prepare(
        QStringLiteral("DELETE FROM scenarios WHERE id = ? AND NOT EXISTS (SELECT 1 FROM "
                       "scenario_versions v WHERE v.scenario_id = ?)"),
        doing);
    bind(orphan, {sqlId(scenarioId), sqlId(scenarioId)});
    connection.exec(orphan, doing);
    return true;
}

} // namespace crossgrade::data::store_detail
