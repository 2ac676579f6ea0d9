// crossgrade-cli hetccl-watch: the HetCCL watch's dated checklist in the store, the range it
// resolves to per paper, and applying that range to a stored scenario as a new version
// (docs/hetccl-watch.md).

#include "cli_commands.h"
#include "cli_context.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "hetccl_watch.h"
#include "json_checks.h"
#include "recommendation.h"
#include "scenario_inputs.h"

#include <QDir>
#include <nlohmann/json.hpp>

namespace crossgrade::app {

namespace {

using model::HetcclPaper;

std::string papersText() {
    std::string out;
    for (HetcclPaper p : model::kAllHetcclPapers)
        out += (out.empty() ? "" : " or ") + std::string(model::toString(p));
    return out;
}

HetcclPaper paperOption(const QCommandLineParser& parser, const std::string& sub) {
    if (!parser.isSet(QStringLiteral("paper")))
        throw InvalidInput("hetccl-watch " + sub + ": --paper is required (" + papersText() +
                           "; the two papers named HetCCL are tracked apart)");
    const QString value = parser.value(QStringLiteral("paper"));
    if (auto p = model::parseHetcclPaper(str(value)))
        return *p;
    throw InvalidInput("--paper: expected " + papersText() + ", got '" + str(value) + "'");
}

const model::HetcclSignal& signalArgument(Context& ctx, const std::string& sub) {
    if (ctx.arguments.size() != 1)
        throw InvalidInput("hetccl-watch " + sub +
                           ": expected one signal id; `crossgrade-cli hetccl-watch list` lists "
                           "them");
    const std::string id = str(ctx.arguments.first());
    if (const model::HetcclSignal* s = model::findHetcclSignal(id))
        return *s;
    throw InvalidInput("hetccl-watch " + sub + ": unknown signal '" + id +
                       "'; `crossgrade-cli hetccl-watch list` lists them");
}

int horizonOption(const QCommandLineParser& parser) {
    bool ok = false;
    const int h = parser.value(QStringLiteral("horizon")).toInt(&ok);
    if (!ok || h < model::kMinHorizonMonths || h > model::kMaxHorizonMonths)
        throw InvalidInput("--horizon: expected a whole number of months from " +
                           std::to_string(model::kMinHorizonMonths) + " to " +
                           std::to_string(model::kMaxHorizonMonths) + ", got '" +
                           str(parser.value(QStringLiteral("horizon"))) + "'");
    return h;
}

void refuseOptions(const QCommandLineParser& parser, const std::string& sub,
                   std::initializer_list<const char*> names) {
    for (const char* name : names)
        if (parser.isSet(QString::fromLatin1(name)))
            throw InvalidInput("hetccl-watch " + sub + ": --" + name +
                               " does not apply here; run 'crossgrade-cli hetccl-watch --help' "
                               "for which subcommand takes it");
}

std::string monthsText(const model::Range& r) {
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "[%g, %g, %g]", r.low, r.most_likely, r.high);
    return buffer;
}

int runList(Context& ctx) {
    refuseOptions(ctx.parser, "list", {"paper", "date", "note", "source", "horizon"});
    const QString format = formatOption(ctx.parser, {"text", "json"});
    if (!ctx.arguments.isEmpty())
        throw InvalidInput("hetccl-watch list: takes no arguments");
    const std::vector<model::CheckedSignal> checked = ctx.openStore().hetcclChecklist();
    auto dateOf = [&](const model::HetcclSignal& s, HetcclPaper p) -> std::string {
        if (!model::appliesTo(s, p))
            return "n/a";
        for (const model::CheckedSignal& c : checked)
            if (c.paper == p && c.signal == s.id)
                return c.date;
        return "-";
    };
    if (format == QLatin1String("json")) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const model::HetcclSignal& s : model::hetcclSignals()) {
            nlohmann::ordered_json row;
            row["id"] = s.id;
            row["area"] = model::toString(s.area);
            row["paper"] = s.paper ? nlohmann::ordered_json(model::toString(*s.paper))
                                   : nlohmann::ordered_json("both");
            row["look_for"] = s.look_for;
            row["pull_months"] = {s.pull.low, s.pull.most_likely, s.pull.high};
            row["reason"] = s.reason;
            nlohmann::ordered_json seen = nlohmann::ordered_json::object();
            for (const model::CheckedSignal& c : checked)
                if (c.signal == s.id)
                    seen[std::string(model::toString(c.paper))] = {
                        {"date", c.date}, {"note", c.note}, {"source", c.source}};
            row["checked"] = seen;
            list.push_back(row);
        }
        ctx.out << nlohmann::ordered_json{{"schema", "crossgrade.hetccl-watch/1"},
                                          {"signals", list}}
                       .dump(2)
                << '\n';
        return kExitOk;
    }
    std::vector<QStringList> rows{{"SIGNAL", "AREA", "2601.22585", "2605.31000", "LOOK FOR"}};
    for (const model::HetcclSignal& s : model::hetcclSignals())
        rows.push_back({qs(s.id), qs(model::toString(s.area)), qs(dateOf(s, HetcclPaper::Snu2601)),
                        qs(dateOf(s, HetcclPaper::Other2605)), qs(s.look_for)});
    printTable(ctx.out, rows);
    return kExitOk;
}

int runCheck(Context& ctx) {
    refuseOptions(ctx.parser, "check", {"horizon"});
    const model::HetcclSignal& signal = signalArgument(ctx, "check");
    const HetcclPaper paper = paperOption(ctx.parser, "check");
    if (!model::appliesTo(signal, paper))
        throw InvalidInput("hetccl-watch check: signal '" + std::string(signal.id) +
                           "' is about arXiv " + std::string(model::toString(*signal.paper)) +
                           " only, not arXiv " + std::string(model::toString(paper)));
    const std::string date =
        dateOption(ctx.parser, "date", "the date the signal was observed as YYYY-MM-DD");
    if (date.empty())
        throw InvalidInput("--date: expected the date the signal was observed as YYYY-MM-DD, "
                           "got ''");
    model::CheckedSignal row{paper, std::string(signal.id), date,
                             textOption(ctx.parser, "note", model::kMaxNotesBytes),
                             textOption(ctx.parser, "source", model::kMaxSourceBytes)};
    ctx.openStore().checkHetcclSignals({row});
    ctx.out << "checked " << signal.id << " for arXiv " << model::toString(paper) << " on " << date
            << '\n';
    return kExitOk;
}

int runUncheck(Context& ctx) {
    refuseOptions(ctx.parser, "uncheck", {"date", "note", "source", "horizon"});
    const model::HetcclSignal& signal = signalArgument(ctx, "uncheck");
    const HetcclPaper paper = paperOption(ctx.parser, "uncheck");
    if (!ctx.openStore().uncheckHetcclSignal(paper, std::string(signal.id)))
        throw InvalidInput("hetccl-watch uncheck: " + std::string(signal.id) +
                           " is not checked for arXiv " + std::string(model::toString(paper)));
    ctx.out << "unchecked " << signal.id << " for arXiv " << model::toString(paper) << '\n';
    return kExitOk;
}

nlohmann::ordered_json resolutionJson(const model::HetcclResolution& r) {
    nlohmann::ordered_json j;
    j["paper"] = model::toString(r.paper);
    j["title"] = model::paperTitle(r.paper);
    nlohmann::ordered_json seen = nlohmann::ordered_json::array();
    for (const model::CheckedSignal& c : r.checked)
        seen.push_back(
            {{"id", c.signal}, {"date", c.date}, {"note", c.note}, {"source", c.source}});
    j["signals"] = seen;
    j["as_of"] = r.as_of;
    j["available_month"] = data::uncertainJson(r.available_month);
    j["past_horizon"] = r.past_horizon;
    return j;
}

int runResolve(Context& ctx) {
    refuseOptions(ctx.parser, "resolve", {"paper", "date", "note", "source"});
    const QString format = formatOption(ctx.parser, {"text", "json"});
    if (!ctx.arguments.isEmpty())
        throw InvalidInput("hetccl-watch resolve: takes no arguments");
    const int horizon = horizonOption(ctx.parser);
    const model::HetcclWatchResult result =
        model::resolveHetcclWatch(ctx.openStore().hetcclChecklist(), horizon);
    if (format == QLatin1String("json")) {
        nlohmann::ordered_json papers = nlohmann::ordered_json::array();
        for (const model::HetcclResolution& r : result.papers)
            papers.push_back(resolutionJson(r));
        ctx.out << nlohmann::ordered_json{{"schema", "crossgrade.hetccl-resolution/1"},
                                          {"horizon_months", horizon},
                                          {"papers", papers},
                                          {"earliest",
                                           model::toString(result.papers[result.earliest].paper)}}
                       .dump(2)
                << '\n';
        return kExitOk;
    }
    for (std::size_t i = 0; i < result.papers.size(); ++i) {
        const model::HetcclResolution& r = result.papers[i];
        ctx.out << "arXiv " << model::toString(r.paper) << "  " << model::paperTitle(r.paper)
                << "\n  hetccl.available_month " << monthsText(r.available_month.range)
                << (r.past_horizon ? "  (past the horizon)" : "")
                << (i == result.earliest ? "  <- earliest: what apply writes" : "") << "\n  "
                << r.available_month.source << '\n';
    }
    return kExitOk;
}

int runApply(Context& ctx) {
    refuseOptions(ctx.parser, "apply", {"date", "source", "horizon"});
    if (ctx.arguments.size() != 1)
        throw InvalidInput("hetccl-watch apply: expected one stored scenario id");
    const std::int64_t id = parseId(ctx.arguments.first(), "a scenario id");
    const std::string givenNote = textOption(ctx.parser, "note", model::kMaxNotesBytes);
    model::Scenario scenario = storedScenario(ctx, id, std::nullopt);
    for (const model::AuditWarning& w : model::auditWarnings(scenario.audit.profile()))
        if (w.id == "hetccl-premature")
            throw InvalidInput("hetccl-watch apply: refused for scenario " + std::to_string(id) +
                               " (\"" + scenario.name + "\"): hetccl-premature: " + w.text);
    const model::HetcclWatchResult result =
        model::resolveHetcclWatch(ctx.openStore().hetcclChecklist(), scenario.horizon_months);
    const model::HetcclResolution& chosen =
        ctx.parser.isSet(QStringLiteral("paper"))
            ? result.papers[std::size_t(paperOption(ctx.parser, "apply"))]
            : result.papers[result.earliest];
    if (scenario.hetccl_available_month == chosen.available_month)
        throw InvalidInput("hetccl-watch apply: scenario " + std::to_string(id) +
                           " already has this range and provenance; nothing was saved");
    scenario.hetccl_available_month = chosen.available_month;
    const std::string note = ctx.parser.isSet(QStringLiteral("note"))
                                 ? givenNote
                                 : "HetCCL watch: arXiv " +
                                       std::string(model::toString(chosen.paper)) + " " +
                                       monthsText(chosen.available_month.range);
    const data::ScenarioVersionId saved = ctx.openStore().saveScenarioVersion(
        scenario, note, CROSSGRADE_VERSION,
        data::headlineOf(model::evaluateScenario(scenario, model::compile(scenario))));
    ctx.out << "scenario " << saved.scenario_id << " version " << saved.number
            << ": hetccl.available_month = " << monthsText(chosen.available_month.range) << " ("
            << chosen.available_month.source << ")\n";
    return kExitOk;
}

int runHetcclWatch(Context& ctx) {
    if (ctx.arguments.isEmpty())
        throw InvalidInput("hetccl-watch: expected list, check, uncheck, resolve or apply");
    const QString sub = ctx.arguments.takeFirst();
    if (sub == QLatin1String("list"))
        return runList(ctx);
    if (sub == QLatin1String("check"))
        return runCheck(ctx);
    if (sub == QLatin1String("uncheck"))
        return runUncheck(ctx);
    if (sub == QLatin1String("resolve"))
        return runResolve(ctx);
    if (sub == QLatin1String("apply"))
        return runApply(ctx);
    throw InvalidInput("hetccl-watch: unknown subcommand '" + str(sub) +
                       "'; expected list, check, uncheck, resolve or apply");
}

} // namespace

std::vector<Command> hetcclCommands() {
    return {
        {"hetccl-watch",
         "list | check SIGNAL --paper P --date YYYY-MM-DD | uncheck SIGNAL --paper P | resolve | "
         "apply SCENARIO-ID",
         "Track HetCCL's maturity signals and turn them into hetccl.available_month.",
         "The maturity signals of reference/facts.md §6 as a dated checklist kept in the store "
         "(docs/hetccl-watch.md). The two papers named HetCCL are tracked apart: --paper "
         "2601.22585 (Seoul National University, Samsung Research) or 2605.31000 (another "
         "group).\n"
         "list: every signal with the date it was checked per paper (n/a: about the other "
         "paper).\n"
         "check SIGNAL --paper P --date D [--note T] [--source URL]: records (or re-dates) a "
         "signal.\n"
         "uncheck SIGNAL --paper P: removes it.\n"
         "resolve [--horizon N]: each paper's range of hetccl.available_month with its "
         "provenance; with no signal it lies past the horizon (default 60 months).\n"
         "apply SCENARIO-ID [--paper P] [--note T]: saves the stored scenario's next version "
         "with the range of the earliest paper (or --paper's) and its provenance. Refused when "
         "the scenario's audit gives the hetccl-premature warning.",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("paper"),
                          QStringLiteral("The paper: 2601.22585 or 2605.31000."),
                          QStringLiteral("P")});
             p.addOption({QStringLiteral("date"),
                          QStringLiteral("check: the date the signal was observed."),
                          QStringLiteral("YYYY-MM-DD")});
             p.addOption({QStringLiteral("note"),
                          QStringLiteral("check: a note kept with the signal; apply: the "
                                         "version's note."),
                          QStringLiteral("TEXT")});
             p.addOption({QStringLiteral("source"),
                          QStringLiteral("check: where it was seen (URL or reference)."),
                          QStringLiteral("URL")});
             p.addOption({QStringLiteral("horizon"),
                          QStringLiteral("resolve: the horizon in months (1-120)."),
                          QStringLiteral("N"), QStringLiteral("60")});
             addTextJsonFormat(p);
         },
         runHetcclWatch},
    };
}

} // namespace crossgrade::app
