// crossgrade-cli commands on scenarios: evaluate one, and benchmark the engine.

#include "cli_commands.h"
#include "cli_context.h"
#include "cli_uncertainty.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "evaluation_json.h"
#include "monte_carlo.h"
#include "pricebook_json.h"
#include "report_analysis.h"
#include "same_cost_options.h"
#include "samples.h"
#include "saved_headline.h"
#include "scenario_json.h"
#include "scenario_upgrade.h"
#include "uncertainty_analysis.h"

#include <QFileInfo>
#include <QThread>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace crossgrade::app {

namespace {

using namespace crossgrade::model;

Scenario readScenarioOrThrow(const QString& file, std::ostream& err) {
    const std::string name = str(file);
    if (!QFileInfo::exists(file))
        throw InvalidInput(name + ": no such file");
    data::ScenarioReadResult result = data::readScenarioFile(name);
    printWarnings(err, name, result.warnings);
    if (!result.ok()) {
        std::string message = data::formatProblems(name, result.errors);
        message.pop_back();
        throw InvalidInput::lines(message);
    }
    return std::move(*result.scenario);
}

void applySizingOption(const QCommandLineParser& parser, Scenario& scenario) {
    if (!parser.isSet(QStringLiteral("sizing")))
        return;
    const auto sizing = parseSizing(str(parser.value(QStringLiteral("sizing"))));
    if (!sizing)
        throw InvalidInput("--sizing: expected servers or continuous, got '" +
                           str(parser.value(QStringLiteral("sizing"))) + "'");
    scenario.sizing = *sizing;
}

std::optional<OptionId> optionFilter(const QCommandLineParser& parser) {
    if (!parser.isSet(QStringLiteral("option")))
        return std::nullopt;
    const auto id = parseOptionId(str(parser.value(QStringLiteral("option"))));
    if (!id)
        throw InvalidInput("--option: expected stay-cuda, path1, path2, path3 or path2+3, got '" +
                           str(parser.value(QStringLiteral("option"))) + "'");
    return id;
}

std::string month(std::optional<int> m, const CompiledScenario& c) {
    return m ? monthLabel(c.start_month, *m) : "-";
}

// Break-even on the NPV basis, and the cash month beside it where it differs.
std::string breakEven(const OptionOutcome& o, const CompiledScenario& c) {
    std::string text = month(o.break_even_month, c);
    if (o.cash_break_even_month != o.break_even_month)
        text +=
            " (cash: " + (o.cash_break_even_month ? month(o.cash_break_even_month, c) : "none") +
            ")";
    return text;
}

void printEvaluationText(std::ostream& out, const ScenarioEvaluation& e, const CompiledScenario& c,
                         std::optional<OptionId> only) {
    out << "Scenario:   " << data::printable(c.name) << " (" << c.horizon_months << " months"
        << (c.start_month ? " from " + monthLabel(c.start_month, 0) : std::string()) << ", "
        << (c.sizing == Sizing::WholeServers ? "whole servers" : "continuous sizing") << ", engine "
        << c.engine_version << ")\n";
    out << "Rule path:  " << title(e.recommendation.primary_path) << " ["
        << toString(e.recommendation.primary_path) << "]\n";
    out << "Cheapest:   " << toString(e.cheapest);
    if (e.decision_samples > 0)
        out << " by mean NPV over " << e.decision_samples << " samples, plans committed"
            << (e.plan_choice_samples > 0 ? " by expected value" : " at the most likely values")
            << "\n";
    else
        out << " by NPV at the most likely values\n";
    if (!e.disagreement.empty())
        out << "            " << data::printable(e.disagreement) << "\n";
    out << '\n';
    // Break-even is on the NPV basis (discounted cumulative cost), cash beside it.
    // With samples the table stays at the most likely values (under the committed plans): the
    // means are in the Monte Carlo's table below.
    std::vector<QStringList> rows{{"OPTION", e.decision_samples > 0 ? "NPV (MOST LIKELY)" : "NPV",
                                   "TOTAL", "BREAK-EVEN", "DOORS", "AMD FROM", "$/GPU-H", "$/MTOK",
                                   "OWED AFTER"}};
    for (const OptionOutcome& o : e.options) {
        if (only && o.id != *only)
            continue;
        QStringList doors;
        for (const TakenDoor& door : takenDoors(c, o))
            doors
                << QStringLiteral("%1@%2").arg(QString::fromStdString(door.group)).arg(door.month);
        char perHour[32];
        char perMtok[32];
        std::snprintf(perHour, sizeof perHour, "%.2f", o.usd_per_gpu_hour);
        std::snprintf(perMtok, sizeof perMtok, "%.3f", o.usd_per_mtok);
        rows.push_back(
            {QString::fromUtf8(toString(o.id).data()),
             QString::fromStdString(formatUsd(o.run.npv_usd)),
             QString::fromStdString(formatUsd(o.run.total_usd)),
             QString::fromStdString(breakEven(o, c)),
             doors.isEmpty() ? QStringLiteral("none") : doors.join(' '),
             QString::fromStdString(month(
                 o.run.first_amd_month < 0 ? std::nullopt : std::optional(o.run.first_amd_month),
                 c)),
             perHour, perMtok, QString::fromStdString(formatUsd(o.run.owed_after_horizon_usd))});
        if (c.power_cap_mw != kNoInput) { // each option's power against the site's cap
            char mw[32];
            std::snprintf(mw, sizeof mw, "%.2f", o.run.peak_kw / 1000.0);
            rows.back() << mw;
        }
    }
    if (c.power_cap_mw != kNoInput) {
        char cap[48];
        std::snprintf(cap, sizeof cap, "PEAK MW (CAP %.2f)",
                      c.inputs.mostLikely()[std::size_t(c.power_cap_mw)]);
        rows.front() << cap;
    }
    printTable(out, rows);
    if (!only)
        for (const std::string& sentence : sameCostSentences(e))
            out << sentence << "\n";
}

// The Monte Carlo's settings from --samples/--seed/--threads/--budget, or none without
// --samples. Each is checked for sense: a count, a seed, a thread count, a budget in dollars.
std::optional<MonteCarloOptions> monteCarloOptions(const QCommandLineParser& p,
                                                   const Scenario& scenario) {
    for (const char* option : {"seed", "threads", "budget"})
        if (p.isSet(QString::fromLatin1(option)) && !p.isSet(QStringLiteral("samples")))
            throw InvalidInput(std::string("--") + option + ": needs --samples N");
    if (!p.isSet(QStringLiteral("samples")))
        return std::nullopt;
    MonteCarloOptions o;
    bool ok = false;
    const qulonglong samples = p.value(QStringLiteral("samples")).toULongLong(&ok);
    if (!ok || samples < 2 || samples > 1000000)
        throw InvalidInput(
            "--samples: expected a whole number of samples from 2 to 1000000, got '" +
            str(p.value(QStringLiteral("samples"))) + "'");
    o.samples = samples;
    o.seed = scenario.seed;
    if (p.isSet(QStringLiteral("seed"))) {
        o.seed = p.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            throw InvalidInput("--seed: expected a whole number ≥ 0, got '" +
                               str(p.value(QStringLiteral("seed"))) + "'");
    }
    o.threads = std::max(1, QThread::idealThreadCount());
    if (p.isSet(QStringLiteral("threads"))) {
        o.threads = p.value(QStringLiteral("threads")).toInt(&ok);
        if (!ok || o.threads < 1 || o.threads > 256)
            throw InvalidInput("--threads: expected a whole number from 1 to 256, got '" +
                               str(p.value(QStringLiteral("threads"))) + "'");
    }
    if (p.isSet(QStringLiteral("budget"))) {
        const double budget = p.value(QStringLiteral("budget")).toDouble(&ok);
        if (!ok || !std::isfinite(budget) || budget < 0)
            throw InvalidInput("--budget: expected a non-negative amount in USD, got '" +
                               str(p.value(QStringLiteral("budget"))) + "'");
        o.budget_usd = budget;
    }
    return o;
}

void printMonteCarloText(std::ostream& out, const UncertaintyAnalysis& a,
                         std::optional<OptionId> only) {
    const MonteCarloResult& mc = a.monte_carlo;
    const ScenarioEvaluation& e = a.committed;
    printPlanChoiceText(out, a.plan_choice, only);
    out << "\nMonte Carlo: " << mc.samples << " Latin-hypercube samples, seed " << mc.seed
        << ", each option under its committed plan. MEAN is the expected NPV decisions compare; "
           "MOST LIKELY is the NPV at every input's most likely value.\n";
    std::vector<QStringList> rows{{"OPTION", "MEAN", "MOST LIKELY", "P10", "P50", "P90",
                                   "SAVING P50 [P10, P90]", "P(BEATS CUDA)"}};
    for (std::size_t i = 0; i < mc.options.size() && i < e.options.size(); ++i) {
        const OptionDistribution& d = mc.options[i];
        if (only && d.id != *only)
            continue;
        const OptionOutcome* o = e.find(d.id);
        char p[32];
        std::snprintf(p, sizeof p, "%.1f %% ± %.1f", 100.0 * d.p_beats_stay_cuda,
                      100.0 * d.p_beats_standard_error);
        rows.push_back({QString::fromStdString(std::string(toString(d.id))),
                        QString::fromStdString(formatUsd(d.npv_usd.mean)),
                        QString::fromStdString(o ? formatUsd(o->run.npv_usd) : "-"),
                        QString::fromStdString(formatUsd(d.npv_usd.p10)),
                        QString::fromStdString(formatUsd(d.npv_usd.p50)),
                        QString::fromStdString(formatUsd(d.npv_usd.p90)),
                        QString::fromStdString(formatUsd(d.npv_saving_usd.p50) + " [" +
                                               formatUsd(d.npv_saving_usd.p10) + ", " +
                                               formatUsd(d.npv_saving_usd.p90) + "]"),
                        QString::fromUtf8(p)});
    }
    printTable(out, rows);
    if (a.hindsight)
        printHindsightText(out, *a.hindsight, only);
}

// A stored version evaluated again: what it said when saved beside what this build says of the
// same inputs (issue 22, "Old files"); none for a file or under --sizing (other inputs).
std::optional<data::HeadlineComparison> savedComparison(Context& ctx, const Scenario& scenario,
                                                        const ScenarioEvaluation& now) {
    const QString arg = ctx.arguments.first();
    bool numeric = false;
    const std::int64_t id = arg.toLongLong(&numeric);
    if (!numeric || QFileInfo::exists(arg) || ctx.parser.isSet(QStringLiteral("sizing")))
        return std::nullopt;
    std::optional<int> number;
    if (ctx.parser.isSet(QStringLiteral("version")))
        number = ctx.parser.value(QStringLiteral("version")).toInt();
    const std::optional<data::ScenarioVersionSummary> v = ctx.openStore().version(id, number);
    if (!v || !v->damage.empty())
        return std::nullopt;
    return data::compareHeadlines(*v, {v->engine_version, scenario.engine_version},
                                  data::headlineOf(now),
                                  {CROSSGRADE_VERSION, scenario.engine_version});
}

nlohmann::ordered_json savedComparisonJson(const data::HeadlineComparison& c) {
    return {{"saved", c.saved}, {"now", c.now}, {"differs", c.differs}, {"changes", c.changes}};
}

void printSavedComparison(std::ostream& out, const data::HeadlineComparison& c) {
    out << "\nSaved:      " << data::printable(c.saved) << "\n            "
        << data::printable(c.now) << "\n";
    for (const std::string& line : c.changes)
        out << "              " << data::printable(line) << "\n";
}

int runEvaluate(Context& ctx) {
    const QString format = formatOption(ctx.parser, {"text", "json", "csv"});
    Scenario scenario = scenarioArgument(ctx, "evaluate");
    const std::optional<OptionId> only = optionFilter(ctx.parser);
    const CompiledScenario compiled = compile(scenario);
    const ScenarioEvaluation mode = evaluateScenario(scenario, compiled);
    const std::optional<data::HeadlineComparison> saved = savedComparison(ctx, scenario, mode);
    const std::optional<MonteCarloOptions> mcOptions = monteCarloOptions(ctx.parser, scenario);
    std::optional<UncertaintyAnalysis> analysis;
    DrawCache draws;
    if (mcOptions)
        analysis = analyseUncertainty(scenario, compiled, mode,
                                      uncertaintyOptions(ctx.parser, *mcOptions), draws);
    else
        uncertaintyOptions(ctx.parser, {}); // --plan-samples and --hindsight need --samples
    // With samples every figure follows the committed plans, decided on means.
    const ScenarioEvaluation& e = analysis ? analysis->committed : mode;
    const MonteCarloResult* mc = analysis ? &analysis->monte_carlo : nullptr;
    // --samples-out and --out appear together or not at all, as the report's files do.
    CommandOutputs outputs(ctx);
    if (ctx.parser.isSet(QStringLiteral("samples-out"))) {
        if (!mc)
            throw InvalidInput("--samples-out: needs --samples N (the samples to write)");
        outputs.file(ctx.parser.value(QStringLiteral("samples-out")),
                     data::writeSamplesCsv(compiled, e, *mc,
                                           draws.draws(compiled.inputs, mc->seed, mc->samples)),
                     "--samples-out");
    }
    const MonteCarloResult* monteCarlo = mc;
    if (format == QLatin1String("json")) {
        std::string text = analysis ? data::writeEvaluationJson(*analysis, compiled, only)
                                    : data::writeEvaluationJson(e, compiled, only, monteCarlo);
        if (saved) {
            nlohmann::ordered_json j = nlohmann::ordered_json::parse(text);
            j["saved_version"] = savedComparisonJson(*saved);
            text = j.dump(2) + "\n";
        }
        outputs.output(text);
    } else if (format == QLatin1String("csv"))
        outputs.output(data::writeEvaluationCsv(e, compiled, only));
    else {
        // Through the outputs like the other formats, so --out is honoured here too.
        std::ostringstream text;
        printEvaluationText(text, e, compiled, only);
        if (analysis)
            printMonteCarloText(text, *analysis, only);
        else
            text << "\nPlans: each option's door plan is the best at the most likely values "
                    "(no samples; --samples N chooses them by expected value).\n";
        if (saved)
            printSavedComparison(text, *saved);
        outputs.output(data::printableLines(text.str()));
    }
    outputs.commit();
    return kExitOk;
}

// Fills what an older scenario file lacks with this release's defaults and says what it added
// (model/scenario/scenario_upgrade.h): the file itself is written only where --out says.
int runUpgradeScenario(Context& ctx) {
    if (ctx.arguments.size() != 1)
        throw InvalidInput("upgrade-scenario: expected one scenario file");
    const QString file = ctx.arguments.front();
    Scenario scenario = readScenarioOrThrow(file, ctx.err);
    data::PriceBookReadResult book = data::readPriceBook(data::defaultPriceBookText());
    if (!book.ok()) // compiled in and tested: a build defect
        throw std::runtime_error("the shipped default price book is invalid");
    const std::vector<UpgradeChange> changes = upgradeScenario(scenario, *book.price_book);
    const bool toFile = ctx.parser.isSet(QStringLiteral("out"));
    // The list goes where it does not mix with the scenario written to standard output.
    std::ostream& report = toFile ? ctx.out : ctx.err;
    if (changes.empty()) {
        report << str(file) << ": already current (engine version " << kCurrentEngineVersion
               << "); nothing added\n";
    } else {
        report << str(file) << ": added " << changes.size()
               << (changes.size() == 1 ? " input" : " inputs")
               << " with this release's defaults:\n";
        for (const UpgradeChange& c : changes)
            report << "  " << c.pointer << " = " << c.description << "\n";
    }
    CommandOutputs outputs(ctx);
    outputs.output(data::writeScenario(scenario));
    outputs.commit();
    return kExitOk;
}

// Calls `work` until `seconds` have passed; returns calls per second.
template <typename Work> double ratePerSecond(double seconds, std::size_t& calls, Work work) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    calls = 0;
    double elapsed = 0;
    do {
        work();
        ++calls;
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < seconds);
    return double(calls) / elapsed;
}

// Issue 25's figures: the plan choice by expected value, hindsight on its default samples, and
// the three shipped samples' report analysis at 10,000 samples, on all threads.
void benchUncertainty(Context& ctx, const Scenario& scenario, const CompiledScenario& compiled,
                      const ScenarioEvaluation& deterministic, DrawCache& cache, int cores) {
    using Clock = std::chrono::steady_clock;
    const auto ms = [](Clock::time_point start) {
        return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    };
    auto start = Clock::now();
    const PlanChoice choice = choosePlans(
        compiled, deterministic, {kDefaultPlanChoiceSamples, planChoiceSeed(scenario.seed), cores});
    std::size_t candidates = 0;
    for (const OptionPlanChoice& c : choice.options)
        candidates += c.candidates;
    ctx.out << "  plan choice by expected value (" << kDefaultPlanChoiceSamples << " samples, "
            << candidates << " candidate policies), " << cores << " thread(s): " << ms(start)
            << " ms\n";
    const std::size_t samples = 10000;
    UncertaintyAnalysis analysis;
    analysis.committed = evaluateCommitted(scenario, compiled, deterministic, choice);
    analysis.monte_carlo =
        runMonteCarlo(compiled, analysis.committed, {samples, scenario.seed, cores, {}}, cache);
    start = Clock::now();
    hindsightOf(compiled, analysis, cache, kDefaultHindsightSamples, cores);
    ctx.out << "  hindsight (" << kDefaultHindsightSamples << " samples re-optimised), " << cores
            << " thread(s): " << ms(start) << " ms\n";
    std::vector<Scenario> three;
    for (const data::SampleFile& sample : data::sampleScenarios())
        three.push_back(*data::readScenario(sample.text).scenario);
    reports::AnalysisSettings settings;
    settings.samples = samples;
    settings.threads = cores;
    start = Clock::now();
    reports::analyseScenarios(three, settings);
    ctx.out << "  report analysis of the " << three.size() << " shipped samples (" << samples
            << " samples, plans, hindsight, tornados, switching values), " << cores
            << " thread(s): " << ms(start) << " ms\n";
}

int runBench(Context& ctx) {
    bool ok = false;
    const double seconds = ctx.parser.value(QStringLiteral("seconds")).toDouble(&ok);
    // Written so that NaN fails too: every comparison with NaN is false.
    if (!ok || !(seconds > 0 && seconds <= 600))
        throw InvalidInput(
            "--seconds: expected a number of seconds above 0 and at most 600, got '" +
            str(ctx.parser.value(QStringLiteral("seconds"))) + "'");
    Scenario scenario;
    std::string source;
    if (ctx.arguments.isEmpty()) {
        // The largest shipped sample: a 60-month, 5-option scenario.
        for (const data::SampleFile& sample : data::sampleScenarios())
            if (sample.name == QLatin1String("training-shop.json")) {
                scenario = *data::readScenario(sample.text).scenario;
                source = "sample " + str(sample.name);
            }
    } else {
        scenario = readScenarioOrThrow(ctx.arguments.first(), ctx.err);
        source = str(ctx.arguments.first());
    }
    const CompiledScenario compiled = compile(scenario);
    const std::vector<double> v = compiled.inputs.mostLikely();
    ctx.out << "bench: " << scenario.name << " (" << source << "), " << compiled.horizon_months
            << " months, " << compiled.options.size() << " options, " << toString(compiled.sizing)
            << " sizing, " << compiled.inputs.size() << " uncertain inputs\n";

    std::size_t calls = 0;
    std::size_t policies = 0;
    const double scenarios = ratePerSecond(
        seconds, calls, [&] { policies = evaluateScenario(scenario, compiled).policies_searched; });
    ctx.out << "  deterministic scenario evaluations (door-policy search over " << policies
            << " policies): " << calls << " in " << seconds << " s = " << scenarios
            << " per second\n";

    EngineWorkspace workspace;
    workspace.reserve(compiled);
    OptionRun run;
    const CompiledOption& option = compiled.options.back();
    const DoorPolicy policy{{0, 0}};
    const double engine = ratePerSecond(seconds, calls, [&] {
        evaluateOption(compiled, v.data(), option, policy, workspace, run);
    });
    ctx.out << "  engine evaluations (one option, one policy, " << compiled.horizon_months
            << " months): " << calls << " in " << seconds << " s = " << engine << " per second\n";

    // The Monte Carlo: draws from cold (generation alone), then 10,000 samples of every option
    // with the draws cached, on one thread and on all.
    using Clock = std::chrono::steady_clock;
    const std::size_t samples = 10000;
    const ScenarioEvaluation deterministic = evaluateScenario(scenario, compiled);
    DrawCache cache;
    auto start = Clock::now();
    cache.draws(compiled.inputs, scenario.seed, samples);
    const double drawMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    ctx.out << "  Monte Carlo draws: " << compiled.inputs.size() << " inputs x " << samples
            << " samples generated in " << drawMs << " ms (cached afterwards)\n";
    const int cores = std::max(1, QThread::idealThreadCount());
    // Twice: the door policies the deterministic run chose (a policy taking no door costs
    // nothing extra: it is stay-cuda's run), and every path taking its doors at the first chance,
    // so every option-sample is a full engine run (the worst case).
    ScenarioEvaluation everyDoor = deterministic;
    int taking = 0;
    for (OptionOutcome& o : everyDoor.options) {
        taking += o.policy.takesAny() ? 1 : 0;
        if (o.id != OptionId::StayCuda)
            o.policy = DoorPolicy{{0, 0}};
    }
    for (const auto& [label, plans] :
         {std::pair{"plans as chosen, " + std::to_string(taking) + " of " +
                        std::to_string(deterministic.options.size()) + " options taking a door",
                    &deterministic},
          std::pair{std::string("every path taking its doors"),
                    static_cast<const ScenarioEvaluation*>(&everyDoor)}}) {
        for (int threads : {1, cores}) {
            start = Clock::now();
            const MonteCarloResult mc =
                runMonteCarlo(compiled, *plans, {samples, scenario.seed, threads, {}}, cache);
            const double ms =
                std::chrono::duration<double, std::milli>(Clock::now() - start).count();
            const double optionSamples = double(samples * mc.options.size());
            ctx.out << "  Monte Carlo (" << label << "), " << threads << " thread(s): " << samples
                    << " samples x " << mc.options.size() << " options in " << ms
                    << " ms = " << optionSamples / (ms / 1000.0) << " option-samples per second\n";
            if (cores == 1)
                break;
        }
    }
    benchUncertainty(ctx, scenario, compiled, deterministic, cache, cores);
    return kExitOk;
}

} // namespace

model::Scenario scenarioArgument(Context& ctx, const std::string& command) {
    if (ctx.arguments.size() != 1)
        throw InvalidInput(command + ": expected one scenario JSON file or stored scenario id");
    const QString arg = ctx.arguments.first();
    std::optional<int> version;
    if (ctx.parser.isSet(QStringLiteral("version"))) {
        bool ok = false;
        version = ctx.parser.value(QStringLiteral("version")).toInt(&ok);
        if (!ok || *version < 1)
            throw InvalidInput("--version: expected a version number (a whole number ≥ 1), got '" +
                               str(ctx.parser.value(QStringLiteral("version"))) + "'");
    }
    Scenario scenario = scenarioFromFileOrId(ctx, arg, version);
    applySizingOption(ctx.parser, scenario);
    return scenario;
}

model::Scenario scenarioFromFileOrId(Context& ctx, const QString& arg, std::optional<int> version) {
    bool numeric = false;
    arg.toLongLong(&numeric);
    const bool stored = !QFileInfo::exists(arg) && numeric;
    if (version && !stored)
        throw InvalidInput("--version: only for a stored scenario id, not a file");
    return stored ? storedScenario(ctx, parseId(arg, "a scenario id"), version)
                  : readScenarioOrThrow(arg, ctx.err);
}

void addScenarioArgumentOptions(QCommandLineParser& p) {
    p.addOption({QStringLiteral("version"),
                 QStringLiteral("With a stored scenario id: use version N (default: the "
                                "latest)."),
                 QStringLiteral("N")});
    p.addOption({QStringLiteral("sizing"),
                 QStringLiteral("Override the scenario's sizing: servers (whole servers) or "
                                "continuous."),
                 QStringLiteral("servers|continuous")});
}

std::vector<Command> scenarioCommands() {
    return {
        {"evaluate", "FILE|ID", "Evaluate a scenario: cost of every option, month by month.",
         "FILE|ID is a scenario JSON file or the id of a stored scenario (its latest version, or "
         "the one --version names). Prints crossgrade.evaluation/1 (docs/formats/evaluation.md) "
         "with --format json, one row "
         "per option and month with --format csv, or a summary table. Every uncertain input is "
         "at its most likely value; each option uses the door policy that minimises its NPV. A "
         "stored version also says what it said when saved beside this build's numbers, naming "
         "both programs and engines (\"saved_version\" in JSON).",
         [](QCommandLineParser& p) {
             addFormatOption(p, {"text", "json", "csv"});
             p.addOption({QStringLiteral("option"), QStringLiteral("Only this option's rows."),
                          QStringLiteral("ID")});
             addScenarioArgumentOptions(p);
             p.addOption({QStringLiteral("out"),
                          QStringLiteral("Write to FILE (atomically) instead of standard output."),
                          QStringLiteral("FILE")});
             p.addOption({QStringLiteral("samples"),
                          QStringLiteral("Also run the Monte Carlo with N samples (10000 is the "
                                         "usual count): percentiles, P(beats stay-cuda), bands."),
                          QStringLiteral("N")});
             p.addOption({QStringLiteral("seed"),
                          QStringLiteral("The Monte Carlo's seed (default: the scenario's)."),
                          QStringLiteral("S")});
             p.addOption({QStringLiteral("threads"),
                          QStringLiteral("Worker threads for the Monte Carlo (default: all "
                                         "cores); the results do not depend on it."),
                          QStringLiteral("T")});
             p.addOption({QStringLiteral("budget"),
                          QStringLiteral("With --samples: report P(total ≤ USD) per option."),
                          QStringLiteral("USD")});
             p.addOption({QStringLiteral("samples-out"),
                          QStringLiteral("With --samples: write every sample (inputs by "
                                         "pointer, each option's NPV and total) as CSV."),
                          QStringLiteral("FILE")});
             addPlanChoiceOptions(p);
         },
         runEvaluate},
        {"upgrade-scenario", "FILE",
         "Fill what an older scenario lacks with this release's defaults.",
         "Reads FILE and writes it back with every input it lacks (selling, resale curve, "
         "market value, lead time; engine 3's weights, KV cache, request tokens, "
         "interactivity and per-class transition: docs/model.md) set to this release's "
         "default and the current engine version, listing each addition with its source. "
         "What FILE states is kept, except the inference rows of its performance table, "
         "which engine 3 reads as software efficiencies: the default SKUs' cells are replaced "
         "and listed. Writes the scenario to standard output (the list to standard error), "
         "or to --out FILE (the list to standard output). Until upgraded, an older file "
         "evaluates to its old numbers.",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("out"),
                          QStringLiteral("Write the upgraded scenario to FILE (atomically)."),
                          QStringLiteral("FILE")});
         },
         runUpgradeScenario},
        {"bench", "[FILE]", "Measure the engine's speed on a scenario.",
         "Evaluates FILE (default: the shipped training-shop sample) repeatedly and prints "
         "evaluations per second. Timings go to this command's output only, never into JSON.",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("seconds"),
                          QStringLiteral("How long to run each measurement (default 3)."),
                          QStringLiteral("S"), QStringLiteral("3")});
         },
         runBench},
    };
}

} // namespace crossgrade::app
