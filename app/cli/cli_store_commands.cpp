// crossgrade-cli commands on what the store keeps besides audits: price books, and scenarios
// with their saved versions.

#include "book_change.h"
#include "cli_commands.h"
#include "cli_context.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "new_scenario.h"
#include "pricebook_diff.h"
#include "pricebook_json.h"
#include "printable_text.h"
#include "samples.h"
#include "scenario_inputs.h"
#include "scenario_json.h"

#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

namespace crossgrade::app {

namespace {

using data::Store;

// A store made with --db starts empty; the default store is seeded with the shipped book, so
// exporting from it is the way to a file to import.
InvalidInput noDefaultPriceBook(const Store& store) {
    return InvalidInput("no default price book in " + storeName(store) +
                        "; import one with `crossgrade-cli --db " + storeName(store) +
                        " pricebook import FILE --default` (the shipped book is in the default "
                        "store: `crossgrade-cli pricebook export --out pricebook.json` writes it)");
}

// FILE:POINTER: message per problem, warnings to stderr; nothing is stored on error.
template <typename Result> void throwProblems(const std::string& name, const Result& result) {
    std::string message = data::formatProblems(name, result.errors);
    message += "nothing was stored";
    throw InvalidInput::lines(message);
}

// --- Price books ----------------------------------------------------------------------------

int runPriceBookList(Context& ctx) {
    if (!ctx.arguments.isEmpty())
        throw InvalidInput("pricebook list: takes no arguments, got '" +
                           str(ctx.arguments.first()) + "'");
    Store& store = ctx.openStore();
    const auto books = store.priceBooks();
    if (books.empty()) {
        ctx.out << "No price books in " << storeName(store)
                << ". Import one with: crossgrade-cli pricebook import FILE --default\n";
        return kExitOk;
    }
    std::vector<QStringList> rows{{"ID", "NAME", "VERSION", "DEFAULT", "SKUS"}};
    for (const data::PriceBookSummary& b : books) {
        if (!b.damage.empty()) {
            ctx.err << "crossgrade-cli: warning: price book " << b.id << " (\"" << b.name
                    << "\") could not be read: " << b.damage
                    << "; import a corrected copy of it (pricebook import FILE)\n";
            continue;
        }
        rows.push_back({QString::number(b.id), qs(b.name), qs(b.version),
                        b.is_default ? QStringLiteral("yes") : QStringLiteral("-"),
                        QString::number(b.sku_count)});
    }
    printTable(ctx.out, rows);
    return kExitOk;
}

int runPriceBookExport(Context& ctx) {
    if (ctx.arguments.size() > 1)
        throw InvalidInput("pricebook export: expected at most one price book id");
    Store& store = ctx.openStore();
    std::optional<model::PriceBook> book;
    if (ctx.arguments.isEmpty()) {
        book = store.defaultPriceBook();
        if (!book)
            throw noDefaultPriceBook(store);
    } else {
        const std::int64_t id = parseId(ctx.arguments.first(), "a price book id");
        book = store.priceBook(id);
        if (!book)
            throw InvalidInput("no price book with id " + std::to_string(id) + " in " +
                               storeName(store) +
                               "; `crossgrade-cli pricebook list` lists the stored ones");
    }
    writeOutput(ctx, data::writePriceBook(*book));
    return kExitOk;
}

int runPriceBookImport(Context& ctx) {
    if (ctx.arguments.size() != 1)
        throw InvalidInput("pricebook import: expected one price book JSON file");
    const QString file = ctx.arguments.first();
    const std::string name = str(file);
    // Validated fully before the store is opened, so a bad file stores nothing.
    data::PriceBookReadResult result = data::readPriceBookFile(name);
    printWarnings(ctx.err, name, result.warnings);
    if (!result.ok())
        throwProblems(name, result);
    const bool makeDefault = ctx.parser.isSet(QStringLiteral("default"));
    const std::int64_t id = ctx.openStore().addPriceBook(
        *result.price_book, str(QFileInfo(file).absoluteFilePath()), makeDefault);
    ctx.out << id << '\t' << data::printable(name) << '\t'
            << data::printable(result.price_book->name) << ' '
            << data::printable(result.price_book->version) << (makeDefault ? "\t(default)" : "")
            << '\n';
    return kExitOk;
}

int runPriceBook(Context& ctx) {
    if (ctx.arguments.isEmpty())
        throw InvalidInput("pricebook: expected list, export, import or diff");
    const QString sub = ctx.arguments.takeFirst();
    const bool wantsOut = ctx.parser.isSet(QStringLiteral("out"));
    const bool wantsDefault = ctx.parser.isSet(QStringLiteral("default"));
    if (wantsOut && sub != QLatin1String("export"))
        throw InvalidInput("pricebook " + str(sub) + ": --out is for pricebook export only");
    if (wantsDefault && sub != QLatin1String("import"))
        throw InvalidInput("pricebook " + str(sub) + ": --default is for pricebook import only");
    if (sub == QLatin1String("list"))
        return runPriceBookList(ctx);
    if (sub == QLatin1String("export"))
        return runPriceBookExport(ctx);
    if (sub == QLatin1String("import"))
        return runPriceBookImport(ctx);
    if (sub == QLatin1String("diff"))
        return runPriceBookDiff(ctx);
    throw InvalidInput("pricebook: unknown subcommand '" + str(sub) +
                       "'; expected list, export, import or diff");
}

// --- Scenarios ------------------------------------------------------------------------------

int runSaveScenario(Context& ctx) {
    if (ctx.arguments.size() != 1)
        throw InvalidInput("save-scenario: expected one scenario JSON file");
    const QString file = ctx.arguments.first();
    const std::string name = str(file);
    if (!QFileInfo::exists(file))
        throw InvalidInput(name + ": no such file");
    data::ScenarioReadResult result = data::readScenarioFile(name);
    printWarnings(ctx.err, name, result.warnings);
    if (!result.ok())
        throwProblems(name, result);
    const model::Scenario& scenario = *result.scenario;
    const data::ScenarioHeadline headline =
        data::headlineOf(model::evaluateScenario(scenario, model::compile(scenario)));
    const data::ScenarioVersionId saved = ctx.openStore().saveScenarioVersion(
        scenario, textOption(ctx.parser, "note", model::kMaxNotesBytes), CROSSGRADE_VERSION,
        headline);
    ctx.out << "scenario " << saved.scenario_id << " version " << saved.number << '\n';
    return kExitOk;
}

// A new scenario starts from a template's fleet, workloads and settings, takes the store's
// default price book (DESIGN.md: new scenarios copy it in) and, optionally, another audit.
int runNewScenario(Context& ctx) {
    if (ctx.arguments.size() != 1 || ctx.arguments.first().trimmed().isEmpty())
        throw InvalidInput("new-scenario: expected the new scenario's name");
    if (!ctx.parser.isSet(QStringLiteral("template")))
        throw InvalidInput("new-scenario: --template FILE|ID is required (a scenario file, e.g. "
                           "resources/samples/scenarios/large-model-inference.json, or a stored "
                           "scenario's id)");
    const QString from = ctx.parser.value(QStringLiteral("template"));
    model::Scenario scenario;
    if (QFileInfo::exists(from)) {
        data::ScenarioReadResult read = data::readScenarioFile(str(from));
        printWarnings(ctx.err, str(from), read.warnings);
        if (!read.ok())
            throwProblems(str(from), read);
        scenario = std::move(*read.scenario);
    } else {
        bool numeric = false;
        from.toLongLong(&numeric);
        if (!numeric)
            throw InvalidInput("--template: " + str(from) +
                               ": no such file, and not a stored scenario id; give a scenario "
                               "file (e.g. resources/samples/scenarios/large-model-inference."
                               "json) or an id from `crossgrade-cli scenarios`");
        scenario = storedScenario(ctx, parseId(from, "a scenario id"), std::nullopt);
    }
    auto book = ctx.openStore().defaultPriceBook();
    if (!book)
        throw noDefaultPriceBook(*ctx.store);
    std::optional<model::Audit> audit;
    if (ctx.parser.isSet(QStringLiteral("audit")))
        audit = auditFromFileOrId(ctx, ctx.parser.value(QStringLiteral("audit")));
    const std::string name = str(ctx.arguments.first().trimmed());
    model::YearMonth start{QDate::currentDate().year(), QDate::currentDate().month()};
    if (ctx.parser.isSet(QStringLiteral("start"))) {
        const std::string text = str(ctx.parser.value(QStringLiteral("start")));
        const auto parsed = model::parseYearMonth(text);
        if (!parsed)
            throw InvalidInput("--start: expected the scenario's first month as YYYY-MM "
                               "(e.g. 2027-01), got '" +
                               text + "'");
        start = *parsed;
    }
    data::ScenarioReadResult made =
        data::newScenarioFromTemplate(std::move(scenario), name, std::move(*book), audit, start);
    if (!made.ok())
        throwProblems("new scenario \"" + name + "\" (template " + str(from) +
                          " with the default price book)",
                      made);
    scenario = std::move(*made.scenario);
    const std::string text = data::writeScenario(scenario);
    if (ctx.parser.isSet(QStringLiteral("save"))) {
        const data::ScenarioHeadline headline =
            data::headlineOf(model::evaluateScenario(scenario, model::compile(scenario)));
        const std::string note = ctx.parser.isSet(QStringLiteral("note"))
                                     ? textOption(ctx.parser, "note", model::kMaxNotesBytes)
                                     : "new, from template " + str(from);
        // --out is staged before the save and renamed into place after it: an --out that
        // cannot be written saves nothing.
        CommandOutputs outputs(ctx);
        if (ctx.parser.isSet(QStringLiteral("out")))
            outputs.output(text);
        const data::ScenarioVersionId saved =
            ctx.openStore().saveScenarioVersion(scenario, note, CROSSGRADE_VERSION, headline);
        outputs.commit();
        ctx.err << "scenario " << saved.scenario_id << " version " << saved.number << '\n';
        return kExitOk;
    }
    writeOutput(ctx, text);
    return kExitOk;
}

int runScenarios(Context& ctx) {
    const QString format = formatOption(ctx.parser, {"text", "json"});
    if (!ctx.arguments.isEmpty())
        throw InvalidInput("scenarios: takes no arguments, got '" + str(ctx.arguments.first()) +
                           "'");
    Store& store = ctx.openStore();
    const auto summaries = store.scenarios();
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    std::vector<QStringList> rows{{"ID", "NAME", "VERSIONS", "SAVED", "CHEAPEST", "RULE PATH"}};
    for (const data::ScenarioSummary& s : summaries) {
        nlohmann::ordered_json entry{{"id", s.id},
                                     {"name", s.name},
                                     {"created_at", s.created_at},
                                     {"versions", s.version_count},
                                     {"latest_version", s.latest_number},
                                     {"latest_saved_at", s.latest_saved_at}};
        const bool damaged = !s.damage.empty();
        // A latest version that no longer reads is warned about and listed as damaged, so the
        // scenario can still be found, exported and mended; the other rows list as ever (issue 20).
        if (damaged) {
            ctx.err << "crossgrade-cli: warning: row " << s.latest_number << " of scenario " << s.id
                    << " (\"" << data::printable(s.name)
                    << "\") could not be read: " << data::printable(s.damage) << "; "
                    << data::damagedVersionAdvice(s.id, s.latest_number) << '\n';
            entry["damaged"] = s.damage;
        } else {
            entry["cheapest_option"] = s.latest_cheapest_option;
            entry["rule_path"] = s.latest_rule_path;
        }
        list.push_back(std::move(entry));
        rows.push_back({QString::number(s.id), qs(s.name), QString::number(s.version_count),
                        qs(s.latest_saved_at),
                        damaged ? QStringLiteral("(damaged)") : qs(s.latest_cheapest_option),
                        damaged ? QStringLiteral("-") : qs(s.latest_rule_path)});
    }
    if (format == QLatin1String("json"))
        ctx.out << nlohmann::ordered_json{{"schema", "crossgrade.scenario-list/1"},
                                          {"scenarios", list}}
                       .dump(2)
                << '\n';
    else if (summaries.empty())
        ctx.out << "No scenarios in " << storeName(store)
                << ". Save one with: crossgrade-cli save-scenario FILE\n";
    else
        printTable(ctx.out, rows);
    return kExitOk;
}

int runVersions(Context& ctx) {
    const QString format = formatOption(ctx.parser, {"text", "json"});
    if (ctx.arguments.size() != 1)
        throw InvalidInput("versions: expected one stored scenario id");
    const std::int64_t id = parseId(ctx.arguments.first(), "a scenario id");
    Store& store = ctx.openStore();
    const auto versions = store.versions(id);
    if (versions.empty())
        throw InvalidInput("no scenario with id " + std::to_string(id) + " in " + storeName(store) +
                           "; `crossgrade-cli scenarios` lists the stored ones");
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    std::vector<QStringList> rows{
        {"VERSION", "SAVED", "NOTE", "ENGINE", "PRICE BOOK", "CHEAPEST", "NPV", "RULE PATH"}};
    for (const data::ScenarioVersionSummary& v : versions) {
        if (!v.damage.empty()) {
            ctx.err << "crossgrade-cli: warning: row " << v.number << " of scenario " << id
                    << " could not be read: " << data::printable(v.damage) << "; "
                    << data::damagedVersionAdvice(id, v.number) << '\n';
            continue;
        }
        nlohmann::ordered_json options = nlohmann::ordered_json::object();
        double cheapestNpv = 0;
        for (const data::OptionHeadline& o : v.headline.options) {
            options[o.option] = {
                {"npv_usd", o.npv_usd}, {"total_usd", o.total_usd}, {"doors_taken", o.doors_taken}};
            if (o.option == v.headline.cheapest_option)
                cheapestNpv = o.npv_usd;
        }
        list.push_back({{"number", v.number},
                        {"note", v.note},
                        {"saved_at", v.saved_at},
                        {"engine_version", v.engine_version},
                        {"pricebook_name", v.pricebook_name},
                        {"pricebook_version", v.pricebook_version},
                        {"cheapest_option", v.headline.cheapest_option},
                        {"rule_path", v.headline.rule_path},
                        {"options", options}});
        rows.push_back({QString::number(v.number), qs(v.saved_at),
                        v.note.empty() ? QStringLiteral("-") : qs(v.note), qs(v.engine_version),
                        qs(v.pricebook_name + " " + v.pricebook_version),
                        qs(v.headline.cheapest_option), qs(model::formatUsd(cheapestNpv)),
                        qs(v.headline.rule_path)});
    }
    if (format == QLatin1String("json"))
        ctx.out << nlohmann::ordered_json{{"schema", "crossgrade.scenario-versions/1"},
                                          {"scenario_id", id},
                                          {"versions", list}}
                       .dump(2)
                << '\n';
    else
        printTable(ctx.out, rows);
    return kExitOk;
}

// ID NUMBER of a stored scenario version, for `command`'s messages.
std::pair<std::int64_t, int> versionArguments(const Context& ctx, const std::string& command) {
    if (ctx.arguments.size() != 2)
        throw InvalidInput(command + ": expected a stored scenario id and a version number "
                                     "(`crossgrade-cli versions ID` lists them)");
    const std::int64_t id = parseId(ctx.arguments[0], "a scenario id");
    const std::int64_t number = parseId(ctx.arguments[1], "a version number");
    if (number > std::numeric_limits<int>::max())
        throw InvalidInput(command + ": no version " + str(ctx.arguments[1]) +
                           "; `crossgrade-cli versions " + std::to_string(id) + "` lists them");
    return {id, static_cast<int>(number)};
}

InvalidInput noSuchVersion(const Store& store, std::int64_t id, int number) {
    return InvalidInput("no version " + std::to_string(number) + " of scenario " +
                        std::to_string(id) + " in " + storeName(store) +
                        "; `crossgrade-cli versions " + std::to_string(id) + "` lists them");
}

// Deletes one version; needs no reading of it, so a damaged row goes too.
int runDeleteVersion(Context& ctx) {
    const auto [id, number] = versionArguments(ctx, "delete-version");
    Store& store = ctx.openStore();
    if (!store.removeScenarioVersion(id, number))
        throw noSuchVersion(store, id, number);
    ctx.err << "deleted version " << number << " of scenario " << id << '\n';
    return kExitOk;
}

// The version's inputs exactly as stored, unread, so that a damaged row can be mended by hand
// and saved again.
int runExportVersion(Context& ctx) {
    const auto [id, number] = versionArguments(ctx, "export-version");
    Store& store = ctx.openStore();
    const auto text = store.scenarioVersionText(id, number);
    if (!text)
        throw noSuchVersion(store, id, number);
    std::string inputs = text->inputs_json;
    if (inputs.empty() || inputs.back() != '\n')
        inputs += '\n';
    writeOutput(ctx, inputs);
    return kExitOk;
}

} // namespace

model::Scenario storedScenario(Context& ctx, std::int64_t id, std::optional<int> number) {
    Store& store = ctx.openStore();
    if (auto scenario = store.scenarioVersion(id, number))
        return std::move(*scenario);
    if (number && !store.versions(id).empty())
        throw InvalidInput("scenario " + std::to_string(id) + " has no version " +
                           std::to_string(*number) + "; `crossgrade-cli versions " +
                           std::to_string(id) + "` lists them");
    throw InvalidInput("no scenario with id " + std::to_string(id) + " in " + storeName(store) +
                       "; `crossgrade-cli scenarios` lists the stored ones");
}

std::vector<Command> storeCommands() {
    return {
        {"new-scenario", "NAME --template FILE|ID",
         "Start a scenario from a template with the store's default price book.",
         "Copies the template's fleet, workloads and settings, puts the store's default price "
         "book in (so the new scenario prices with today's book) and, with --audit, an audit "
         "file or stored audit. Month 0 is the current month unless --start names another. Prints "
         "the scenario JSON (or writes --out); --save also stores "
         "it as version 1 and says which scenario it became on standard error. Edit the fleet "
         "and workloads afterwards: they are the template's.",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("template"),
                          QStringLiteral("Scenario file or stored scenario id to start from."),
                          QStringLiteral("FILE|ID")});
             p.addOption({QStringLiteral("audit"),
                          QStringLiteral("Audit file or stored audit id to use instead of the "
                                         "template's."),
                          QStringLiteral("FILE|ID")});
             p.addOption({QStringLiteral("start"),
                          QStringLiteral("The scenario's first month (month 0); default: the "
                                         "current month."),
                          QStringLiteral("YYYY-MM")});
             p.addOption({QStringLiteral("out"),
                          QStringLiteral("Write the scenario to FILE (atomically)."),
                          QStringLiteral("FILE")});
             p.addOption({QStringLiteral("save"), QStringLiteral("Also store it.")});
             p.addOption({QStringLiteral("note"), QStringLiteral("Note for the saved version."),
                          QStringLiteral("TEXT")});
         },
         runNewScenario},
        {"pricebook", "list|export [ID]|import FILE|diff A B",
         "List, export, import or compare price books.",
         "list: one row per stored price book, the default marked.\n"
         "export [ID]: prints a stored price book (default: the default book) as "
         "crossgrade.pricebook/1 (docs/pricebook.md).\n"
         "import FILE: validates the whole file first; on a problem prints FILE:POINTER: "
         "message, stores nothing and exits 2. With --default the book becomes the default.\n"
         "diff A B: every figure that differs from book A to book B (each a file, a stored id or "
         "a version such as 2026-11: the store's book of that version, else the shipped one), "
         "old → new; --sources adds each new figure's source. With --scenario FILE|ID it "
         "evaluates the scenario with the changed figures at A's values and at B's and says "
         "whether the cheapest option or the rule path's saving against staying changes "
         "(\"does the new book flip the decision?\").",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("out"),
                          QStringLiteral("export: write to FILE (atomically) instead of standard "
                                         "output."),
                          QStringLiteral("FILE")});
             p.addOption({QStringLiteral("default"),
                          QStringLiteral("import: make the imported book the default.")});
             p.addOption({QStringLiteral("scenario"),
                          QStringLiteral("diff: the scenario file or stored id to re-evaluate on "
                                         "both books."),
                          QStringLiteral("FILE|ID")});
             p.addOption({QStringLiteral("sources"),
                          QStringLiteral("diff: list each new figure's source.")});
             addTextJsonFormat(p);
         },
         runPriceBook},
        {"save-scenario", "FILE", "Validate a scenario file, evaluate it and save it as a version.",
         "A scenario is matched by name: saving one whose name is stored adds its next version, "
         "otherwise it is created as version 1. The version keeps the inputs (with the price "
         "book used), the engine version and the headline results. Prints \"scenario ID "
         "version N\". A problem in the file is printed as FILE:POINTER: message and nothing "
         "is stored (exit 2).",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("note"), QStringLiteral("A note kept with the version."),
                          QStringLiteral("TEXT")});
         },
         runSaveScenario},
        {"scenarios", "", "List the stored scenarios with their latest headline.", "",
         addTextJsonFormat, runScenarios},
        {"versions", "ID", "List a stored scenario's saved versions.",
         "One row per version: when it was saved, its note, the engine and price book it used, "
         "and its headline results as saved.",
         addTextJsonFormat, runVersions},
        {"delete-version", "ID NUMBER", "Delete one saved version of a stored scenario.",
         "Removes the version without reading it, so a version that no longer reads (listed "
         "by `scenarios` and `versions` as a row that could not be read) can be removed; the "
         "scenario goes with its last version. Export it first with export-version to keep "
         "its inputs.",
         [](QCommandLineParser&) {}, runDeleteVersion},
        {"export-version", "ID NUMBER", "Print a saved version's inputs exactly as stored.",
         "The crossgrade.scenario/1 text the version was saved with, not read or checked, so "
         "that a version that no longer reads can be taken out, mended and saved again with "
         "save-scenario.",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("out"),
                          QStringLiteral("Write to FILE (atomically) instead of standard output."),
                          QStringLiteral("FILE")});
         },
         runExportVersion},
    };
}

} // namespace crossgrade::app
