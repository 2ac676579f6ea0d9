// crossgrade-cli pricebook diff (issue 24, point 4): every figure that differs between two
// price books, and whether the newer one flips a scenario's decision.

#include "book_change.h"
#include "cli_commands.h"
#include "cli_context.h"
#include "pricebook_diff.h"
#include "pricebook_json.h"
#include "printable_text.h"
#include "samples.h"

#include <QFileInfo>
#include <nlohmann/json.hpp>

namespace crossgrade::app {

namespace {

using data::Store;

// A price book named on the command line: a file, a stored id, or a version ("2026-11"): the
// store's book of that version, else the one shipped with this release.
model::PriceBook priceBookArgument(Context& ctx, const QString& arg) {
    if (QFileInfo(arg).isFile()) {
        const std::string name = str(arg);
        data::PriceBookReadResult result = data::readPriceBookFile(name);
        printWarnings(ctx.err, name, result.warnings);
        if (!result.ok())
            throw InvalidInput::lines(data::formatProblems(name, result.errors) +
                                      "expected a price book file (docs/pricebook.md)");
        return std::move(*result.price_book);
    }
    bool number = false;
    const qlonglong id = arg.toLongLong(&number);
    if (number) {
        Store& store = ctx.openStore();
        if (auto book = store.priceBook(id))
            return std::move(*book);
        throw InvalidInput("no price book with id " + std::to_string(id) + " in " +
                           storeName(store) + "; `crossgrade-cli pricebook list` lists them");
    }
    // A version this release ships names the shipped book: a store may hold an earlier
    // release's copy under the same name and version.
    const std::string version = str(arg);
    if (auto text = data::shippedPriceBookText(version)) {
        data::PriceBookReadResult result = data::readPriceBook(*text);
        if (result.ok())
            return std::move(*result.price_book);
    }
    Store& store = ctx.openStore();
    for (const data::PriceBookSummary& b : store.priceBooks())
        if (b.damage.empty() && b.version == version)
            if (auto book = store.priceBook(b.id))
                return std::move(*book);
    std::string known;
    for (const std::string& v : data::shippedPriceBookVersions())
        known += (known.empty() ? "" : ", ") + v;
    throw InvalidInput("'" + data::printable(version) +
                       "' is no price book file, stored id or version; the shipped versions are " +
                       known + " and `crossgrade-cli pricebook list` lists the stored ones");
}

std::string bookName(const model::PriceBook& b) {
    return data::printable(b.name) + (b.version.empty() ? "" : " " + data::printable(b.version));
}

} // namespace

int runPriceBookDiff(Context& ctx) {
    if (ctx.arguments.size() != 2)
        throw InvalidInput("pricebook diff: expected two price books (a file, a stored id or a "
                           "version such as 2026-11), got " +
                           std::to_string(ctx.arguments.size()));
    const QString format =
        formatOption(ctx.parser, {QStringLiteral("text"), QStringLiteral("json")});
    const model::PriceBook before = priceBookArgument(ctx, ctx.arguments[0]);
    const model::PriceBook after = priceBookArgument(ctx, ctx.arguments[1]);
    const std::vector<data::PriceBookChange> changes = data::diffPriceBooks(before, after);
    std::optional<model::BookComparison> flip;
    std::string scenarioName;
    if (ctx.parser.isSet(QStringLiteral("scenario"))) {
        const model::Scenario s =
            scenarioFromFileOrId(ctx, ctx.parser.value(QStringLiteral("scenario")), std::nullopt);
        scenarioName = s.name;
        std::vector<std::string> pointers;
        for (const data::PriceBookChange& c : changes)
            if (c.is_figure)
                pointers.push_back(c.pointer);
        try {
            flip = model::compareOnBooks(s, before, after, pointers);
        } catch (const model::ScenarioError& e) {
            throw InvalidInput("--scenario: " + data::printable(s.name) +
                               " does not evaluate on "
                               "one of the books: " +
                               e.pointer() + ": " + e.what());
        }
    }
    if (format == QLatin1String("json")) {
        nlohmann::ordered_json j;
        j["schema"] = "crossgrade.pricebook-diff/1";
        j["before"] = {{"name", before.name}, {"version", before.version}};
        j["after"] = {{"name", after.name}, {"version", after.version}};
        j["changes"] = nlohmann::ordered_json::array();
        for (const data::PriceBookChange& c : changes)
            j["changes"].push_back({{"pointer", c.pointer},
                                    {"before", c.before.empty() ? nlohmann::ordered_json()
                                                                : nlohmann::ordered_json(c.before)},
                                    {"after", c.after.empty() ? nlohmann::ordered_json()
                                                              : nlohmann::ordered_json(c.after)},
                                    {"source", c.source}});
        if (flip) {
            const auto decision = [](const model::BookDecision& d) {
                nlohmann::ordered_json o{{"cheapest", model::toString(d.cheapest)},
                                         {"cheapest_npv_usd", d.cheapest_npv_usd},
                                         {"stay_cuda_npv_usd", d.stay_npv_usd},
                                         {"rule_option", model::toString(d.rule_option)}};
                o["rule_saving_usd"] = d.rule_saving_usd
                                           ? nlohmann::ordered_json(*d.rule_saving_usd)
                                           : nlohmann::ordered_json();
                return o;
            };
            j["scenario"] = {
                {"name", scenarioName},           {"before", decision(flip->before)},
                {"after", decision(flip->after)}, {"flips", flip->flips()},
                {"verdict", flip->verdict()},     {"not_in_scenario", flip->not_in_scenario}};
        }
        ctx.out << j.dump(2) << '\n';
        return kExitOk;
    }
    ctx.out << bookName(before) << " → " << bookName(after) << ": " << changes.size()
            << (changes.size() == 1 ? " figure differs" : " figures differ") << "\n\n";
    std::vector<QStringList> rows{{"FIGURE", "BEFORE", "AFTER"}};
    for (const data::PriceBookChange& c : changes)
        rows.push_back({qs(data::printable(c.pointer)),
                        c.before.empty() ? QStringLiteral("(none)") : qs(data::printable(c.before)),
                        c.after.empty() ? QStringLiteral("(none)") : qs(data::printable(c.after))});
    printTable(ctx.out, rows);
    if (ctx.parser.isSet(QStringLiteral("sources"))) {
        ctx.out << "\nSources of the new figures:\n";
        for (const data::PriceBookChange& c : changes)
            if (!c.source.empty())
                ctx.out << "  " << data::printable(c.pointer) << ": " << data::printable(c.source)
                        << '\n';
    }
    if (flip) {
        ctx.out << "\nDoes the new book flip the decision of \"" << data::printable(scenarioName)
                << "\"? " << data::printable(flip->verdict()) << '\n';
        if (!flip->not_in_scenario.empty())
            ctx.out << "(" << flip->not_in_scenario.size()
                    << " changed figures are not in this scenario and were left as it has them.)\n";
    }
    return kExitOk;
}

} // namespace crossgrade::app
