// crossgrade-cli sensitivity: the tornados, switching values and break-even map of a scenario
// (docs/sensitivity.md).

#include "cli_commands.h"
#include "cli_context.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "sensitivity.h"
#include "sensitivity_json.h"

#include <QThread>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace crossgrade::app {

namespace {

using namespace crossgrade::model;

WhatIfKnob knobOrThrow(const QString& text, const char* option) {
    for (WhatIfKnob k : kAllWhatIfKnobs)
        if (QString::fromUtf8(toString(k).data(), qsizetype(toString(k).size())) == text.trimmed())
            return k;
    std::string names;
    for (WhatIfKnob k : kAllWhatIfKnobs)
        names += (names.empty() ? "" : ", ") + std::string(toString(k));
    throw InvalidInput(std::string("--") + option + ": unknown knob '" + str(text) +
                       "'; the knobs are " + names);
}

int intOption(const QCommandLineParser& p, const char* name, int min, int max, int fallback) {
    const QString key = QString::fromLatin1(name);
    if (!p.isSet(key))
        return fallback;
    bool ok = false;
    const int value = p.value(key).toInt(&ok);
    if (!ok || value < min || value > max)
        throw InvalidInput(std::string("--") + name + ": expected a whole number from " +
                           std::to_string(min) + " to " + std::to_string(max) + ", got '" +
                           str(p.value(key)) + "'");
    return value;
}

std::vector<WhatIfKnob> knobsOption(const QCommandLineParser& p) {
    if (!p.isSet(QStringLiteral("knobs")))
        return defaultSwitchingKnobs();
    std::vector<WhatIfKnob> knobs;
    for (const QString& name : p.value(QStringLiteral("knobs")).split(QLatin1Char(',')))
        knobs.push_back(knobOrThrow(name, "knobs"));
    return knobs;
}

std::optional<std::pair<WhatIfKnob, WhatIfKnob>> mapOption(const QCommandLineParser& p,
                                                           const Scenario& scenario) {
    if (!p.isSet(QStringLiteral("map"))) {
        if (p.isSet(QStringLiteral("grid")))
            throw InvalidInput("--grid: needs --map X,Y");
        return std::nullopt;
    }
    const QStringList names = p.value(QStringLiteral("map")).split(QLatin1Char(','));
    if (names.size() != 2)
        throw InvalidInput("--map: expected two knobs as X,Y (e.g. amd-discount,"
                           "transition-penalty), got '" +
                           str(p.value(QStringLiteral("map"))) + "'");
    const WhatIfKnob x = knobOrThrow(names[0], "map");
    const WhatIfKnob y = knobOrThrow(names[1], "map");
    if (x == y)
        throw InvalidInput("--map: expected two different knobs, got " + std::string(toString(x)) +
                           " twice");
    for (WhatIfKnob k : {x, y})
        if (!knobApplies(scenario, k))
            throw InvalidInput("--map: the knob " + std::string(toString(k)) +
                               " has nothing to move in this scenario");
    return std::pair{x, y};
}

// The option whose saving the map shows: --option, or the rule path's.
OptionId mapOptionOf(const QCommandLineParser& p, const ScenarioEvaluation& e, bool mapped) {
    if (!p.isSet(QStringLiteral("option")))
        return optionOf(e.recommendation.primary_path);
    if (!mapped)
        throw InvalidInput("--option: needs --map X,Y (the option whose saving the map shows)");
    const auto id = parseOptionId(str(p.value(QStringLiteral("option"))));
    if (!id || *id == OptionId::StayCuda || e.find(*id) == nullptr)
        throw InvalidInput("--option: expected one of the scenario's options other than "
                           "stay-cuda (path1, path2, path3, path2+3), got '" +
                           str(p.value(QStringLiteral("option"))) + "'");
    return *id;
}

std::string flipText(WhatIfKnob knob, const Flip* f, const std::optional<YearMonth>& start) {
    if (f == nullptr)
        return "none in span";
    return formatKnobValue(knob, f->value, start) + " -> " + std::string(toString(f->to)) +
           (f->percentile ? " (" + flipPositionWords(f->percentile) + ")" : "");
}

void printTornado(std::ostream& out, const Tornado& t, const std::string& role) {
    out << "\nTornado (" << role << ", " << toString(t.option)
        << "): paired NPV saving against stay-cuda (stay-cuda NPV minus the option's), each "
           "input swung P10 -> P90 with the others at their medians; door policies held.\n";
    if (t.option == OptionId::StayCuda) {
        out << "  stay-cuda against itself: nothing to swing.\n";
        return;
    }
    if (t.doors_taken == 0) {
        out << "  " << toString(t.option)
            << " takes no door to AMD at these values, and none can open inside the horizon, so "
               "it costs what staying costs whatever the inputs.\n";
        return;
    }
    if (t.one_door_stand_in) {
        std::string plan;
        for (const TakenDoor& d : t.plan)
            plan += (plan.empty() ? "" : ", ") + d.group + " at month " + std::to_string(d.month);
        out << "  " << toString(t.option)
            << " takes no door to AMD at these values (it costs what staying costs); the bars "
               "swing "
               "its cheapest plan that moves something as soon as it can instead ("
            << plan
            << "): what a move would cost against staying, and which inputs would make it pay.\n";
    }
    out << "  Saving with every input at its median: " << formatUsd(t.base_saving_usd) << "; "
        << t.bars.size() << " of " << t.inputs_swung
        << " uncertain inputs move it by more than $1.\n";
    if (t.bars.empty())
        return;
    std::vector<QStringList> rows{
        {"INPUT", "AT P10", "AT P90", "SAVING AT P10", "SAVING AT P90", "SPREAD", ""}};
    const std::size_t shown = std::min<std::size_t>(t.bars.size(), 15);
    for (std::size_t i = 0; i < shown; ++i) {
        const TornadoBar& b = t.bars[i];
        char lo[32];
        char hi[32];
        std::snprintf(lo, sizeof lo, "%.4g", b.value.front());
        std::snprintf(hi, sizeof hi, "%.4g", b.value.back());
        rows.push_back({QString::fromStdString(b.pointer), lo, hi,
                        QString::fromStdString(formatUsd(b.saving_usd.front())),
                        QString::fromStdString(formatUsd(b.saving_usd.back())),
                        QString::fromStdString(formatUsd(b.spread())),
                        b.monotonic ? QString() : QStringLiteral("not monotonic")});
    }
    printTable(out, rows);
    if (shown < t.bars.size())
        out << "  … and " << t.bars.size() - shown << " more (--format json lists all).\n";
}

void printSwitching(std::ostream& out, const std::vector<SwitchingValue>& values,
                    const std::optional<YearMonth>& start) {
    out << "\nSwitching values: where the cheapest option changes, door policies re-optimised "
           "at every point.\n";
    std::vector<QStringList> rows{
        {"KNOB", "NOW", "CHEAPEST", "NEAREST FLIP BELOW", "NEAREST FLIP ABOVE", ""}};
    for (const SwitchingValue& v : values) {
        const QString label = QString::fromUtf8(knobInfo(v.knob).label.data(),
                                                qsizetype(knobInfo(v.knob).label.size()));
        if (!v.applies) {
            rows.push_back({label, "-", "-", "does not apply", "", ""});
            continue;
        }
        rows.push_back({label, QString::fromStdString(formatKnobValue(v.knob, v.current, start)),
                        QString::fromUtf8(toString(v.cheapest).data()),
                        QString::fromStdString(flipText(v.knob, v.nearestBelow(), start)),
                        QString::fromStdString(flipText(v.knob, v.nearestAbove(), start)),
                        v.non_monotonic ? QStringLiteral("not monotonic") : QString()});
    }
    printTable(out, rows);
}

void printMap(std::ostream& out, const BreakEvenMap& m) {
    out << "\nBreak-even map: " << toString(m.option) << "'s paired NPV saving against stay-cuda "
        << "(rows: " << knobInfo(m.y.knob).label << ", columns: " << knobInfo(m.x.knob).label
        << "); * marks cells where " << toString(m.option) << " is the cheapest option.\n";
    std::vector<QStringList> rows;
    QStringList header{QString()};
    for (double x : m.x.values)
        header << QString::fromStdString(formatKnobValue(m.x.knob, x));
    rows.push_back(header);
    for (std::size_t iy = m.y.values.size(); iy-- > 0;) {
        QStringList row{QString::fromStdString(formatKnobValue(m.y.knob, m.y.values[iy]))};
        for (std::size_t ix = 0; ix < m.x.values.size(); ++ix)
            row << QString::fromStdString(formatUsd(m.savingAt(ix, iy))) +
                       (m.cheapest[iy * m.x.values.size() + ix] == m.option ? QStringLiteral("*")
                                                                            : QString());
        rows.push_back(row);
    }
    printTable(out, rows);
}

int runSensitivity(Context& ctx) {
    const QString format = formatOption(ctx.parser, {"text", "json"});
    const Scenario scenario = scenarioArgument(ctx, "sensitivity");
    const std::vector<WhatIfKnob> knobs = knobsOption(ctx.parser);
    const auto map = mapOption(ctx.parser, scenario);
    const int scan = intOption(ctx.parser, "scan", 2, 200, kDefaultScanPoints);
    const int grid = intOption(ctx.parser, "grid", 2, 61, kDefaultMapPoints);
    SensitivityControl control;
    control.threads =
        intOption(ctx.parser, "threads", 1, 256, std::max(1, QThread::idealThreadCount()));

    const CompiledScenario compiled = compile(scenario);
    const ScenarioEvaluation e = evaluateScenario(scenario, compiled);
    const OptionId mapped = mapOptionOf(ctx.parser, e, map.has_value());
    data::SensitivityReport report;
    report.rule_path =
        computeTornado(compiled, e, optionOf(e.recommendation.primary_path), control);
    report.cheapest = computeTornado(compiled, e, cheapestChallenger(e), control);
    report.switching = switchingValues(scenario, knobs, scan, control);
    if (map)
        report.map = breakEvenMap(scenario, map->first, map->second, mapped, grid, control);

    if (format == QLatin1String("json")) {
        writeOutput(ctx, data::writeSensitivityJson(compiled, e, report));
        return kExitOk;
    }
    // Through writeOutput like the JSON, so --out is honoured here too.
    std::ostringstream text;
    text << "Scenario:   " << data::printable(compiled.name) << " (" << compiled.horizon_months
         << " months)\n"
         << "Rule path:  " << toString(e.recommendation.primary_path) << "\n"
         << "Cheapest:   " << toString(e.cheapest) << " by NPV\n";
    printTornado(text, report.rule_path, "rule path");
    printTornado(text, report.cheapest,
                 e.cheapest == OptionId::StayCuda ? "closest challenger to the cheapest, stay-cuda"
                                                  : "cheapest");
    printSwitching(text, report.switching, compiled.start_month);
    if (report.map)
        printMap(text, *report.map);
    writeOutput(ctx, data::printableLines(text.str()));
    return kExitOk;
}

} // namespace

std::vector<Command> sensitivityCommands() {
    return {
        {"sensitivity", "FILE|ID", "Tornado, switching values and break-even map of a scenario.",
         "FILE|ID is a scenario JSON file or the id of a stored scenario. Prints the tornado of "
         "the paired NPV saving against stay-cuda for the rule path and for the cheapest option "
         "(each uncertain input swung from its P10 to its P90, the others at their medians), "
         "and the switching values of the what-if knobs: the value at which the cheapest option "
         "changes, with the door policies re-optimised, and where that lies in the knob's own "
         "range. --map X,Y adds the 2-D break-even map of two knobs. --format json prints "
         "crossgrade.sensitivity/1 (docs/formats/sensitivity.md).",
         [](QCommandLineParser& p) {
             addTextJsonFormat(p);
             addScenarioArgumentOptions(p);
             p.addOption({QStringLiteral("knobs"),
                          QStringLiteral("The knobs to find switching values for, comma "
                                         "separated (default: amd-usd-per-gpu-hour, "
                                         "amd-discount, amd-inference-performance, "
                                         "amd-training-performance, transition-penalty, "
                                         "port-months, target-utilisation, horizon)."),
                          QStringLiteral("K,K,...")});
             p.addOption({QStringLiteral("scan"),
                          QStringLiteral("Scan each knob's span at N steps before bisecting "
                                         "(default 16)."),
                          QStringLiteral("N")});
             p.addOption({QStringLiteral("map"),
                          QStringLiteral("Add the break-even map of the rule path over two "
                                         "knobs, e.g. amd-discount,transition-penalty."),
                          QStringLiteral("X,Y")});
             p.addOption({QStringLiteral("option"),
                          QStringLiteral("With --map: the option whose saving the map shows "
                                         "(default: the rule path's)."),
                          QStringLiteral("ID")});
             p.addOption({QStringLiteral("grid"),
                          QStringLiteral("With --map: N × N cells (default 11)."),
                          QStringLiteral("N")});
             p.addOption({QStringLiteral("threads"),
                          QStringLiteral("Worker threads (default: all cores); the results do "
                                         "not depend on it."),
                          QStringLiteral("T")});
             p.addOption({QStringLiteral("out"),
                          QStringLiteral("Write to FILE (atomically) instead of standard output."),
                          QStringLiteral("FILE")});
         },
         runSensitivity},
    };
}

} // namespace crossgrade::app
