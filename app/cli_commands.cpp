#include "cli_commands.h"

#include "audit_json.h"
#include "recommendation.h"
#include "recommendation_json.h"
#include "samples.h"
#include "store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

namespace crossgrade::app {

namespace {

using data::Store;
using data::StoreError;

// Bad input from the user (a file, an id, an option): exit status 2.
class InvalidInput : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Context;
struct Command {
    QString name;
    QString synopsis; // arguments after the name
    QString summary;
    QString details;
    std::function<void(QCommandLineParser&)> addOptions;
    std::function<int(Context&)> run;
};

struct Context {
    QCommandLineParser& parser;
    QStringList arguments; // positional, without the command name
    std::ostream& out;
    std::ostream& err;
    std::optional<Store> store;

    Store& openStore() {
        if (!store) {
            const QString path =
                parser.isSet(QStringLiteral("db")) ? parser.value("db") : Store::defaultPath();
            data::StoreOptions options;
            if (parser.isSet(QStringLiteral("busy-timeout"))) {
                bool ok = false;
                options.busy_timeout_ms = parser.value("busy-timeout").toInt(&ok);
                if (!ok || options.busy_timeout_ms < 0)
                    throw InvalidInput("--busy-timeout: expected milliseconds (a whole number ≥ "
                                       "0), got '" +
                                       parser.value("busy-timeout").toStdString() + "'");
            }
            // Only the default store is seeded: a store named with --db starts as asked.
            store = parser.isSet(QStringLiteral("db")) ? Store::open(path, options)
                                                       : data::openStoreSeededIfNew(path, options);
        }
        return *store;
    }
};

std::string str(const QString& s) {
    return s.toStdString();
}

std::int64_t parseId(const QString& text) {
    bool ok = false;
    const qlonglong id = text.toLongLong(&ok);
    if (!ok || id <= 0)
        throw InvalidInput("'" + str(text) + "' is not an audit id (a whole number ≥ 1)");
    return id;
}

model::Audit storedAudit(Context& ctx, std::int64_t id) {
    Store& store = ctx.openStore();
    auto audit = store.audit(id);
    if (!audit)
        throw InvalidInput("no audit with id " + std::to_string(id) + " in " +
                           str(QDir::toNativeSeparators(store.path())) +
                           "; `crossgrade-cli audits` lists the stored ones");
    return *audit;
}

void printWarnings(std::ostream& err, const std::string& file,
                   const std::vector<data::Problem>& warnings) {
    for (const data::Problem& w : warnings)
        err << file << ':' << (w.place.empty() ? "/" : w.place) << ": warning: " << w.message
            << '\n';
}

// Reads and validates one audit file; throws InvalidInput with every problem listed.
model::Audit readAuditOrThrow(const QString& file, std::ostream& err) {
    const std::string name = str(file);
    data::AuditReadResult result = data::readAuditFile(name);
    printWarnings(err, name, result.warnings);
    if (!result.ok()) {
        std::string message = data::formatProblems(name, result.errors);
        message.pop_back(); // formatProblems ends every line with '\n'
        throw InvalidInput(message);
    }
    return std::move(*result.audit);
}

// A plain text table: columns padded to the widest cell, two spaces apart.
void printTable(std::ostream& out, const std::vector<QStringList>& rows) {
    std::vector<qsizetype> widths;
    for (const QStringList& row : rows)
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (widths.size() <= std::size_t(c))
                widths.push_back(0);
            widths[std::size_t(c)] = std::max(widths[std::size_t(c)], row[c].size());
        }
    for (const QStringList& row : rows) {
        QString line;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += c + 1 < row.size() ? row[c].leftJustified(widths[std::size_t(c)] + 2) : row[c];
        out << str(line) << '\n';
    }
}

int runImportAudit(Context& ctx) {
    if (ctx.arguments.isEmpty())
        throw InvalidInput("import-audit: expected one or more audit JSON files");
    // Validate every file before the store is touched, so a bad file stores nothing.
    std::vector<model::Audit> audits;
    std::vector<std::string> sources;
    std::string problems;
    for (const QString& file : ctx.arguments) {
        try {
            audits.push_back(readAuditOrThrow(file, ctx.err));
            sources.push_back(str(QFileInfo(file).absoluteFilePath()));
        } catch (const InvalidInput& e) {
            problems += std::string(e.what()) + "\n";
        }
    }
    if (!problems.empty()) {
        problems += "nothing was stored";
        throw InvalidInput(problems);
    }
    const std::vector<std::int64_t> ids = ctx.openStore().addAudits(audits, sources);
    for (std::size_t i = 0; i < ids.size(); ++i)
        ctx.out << ids[i] << '\t' << str(ctx.arguments[qsizetype(i)]) << '\t' << audits[i].name
                << '\n';
    return kExitOk;
}

QString formatOption(const QCommandLineParser& parser) {
    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("text") && format != QLatin1String("json"))
        throw InvalidInput("--format: expected text or json, got '" + str(format) + "'");
    return format;
}

int runAudits(Context& ctx) {
    const QString format = formatOption(ctx.parser);
    if (!ctx.arguments.isEmpty())
        throw InvalidInput("audits: takes no arguments, got '" + str(ctx.arguments.first()) + "'");
    Store& store = ctx.openStore();
    const auto summaries = store.audits();
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    std::vector<QStringList> rows{{"ID", "NAME", "WORKLOAD", "HIGH", "PATH", "WARNINGS"}};
    for (const data::AuditSummary& s : summaries) {
        const auto audit = store.audit(s.id);
        const model::Recommendation r = model::recommend(audit->profile());
        const std::string path(model::toString(r.primary_path));
        std::vector<std::string> warningIds;
        QStringList warningList;
        for (const model::AuditWarning& w : r.warnings) {
            warningIds.push_back(w.id);
            if (!warningList.contains(QString::fromStdString(w.id)))
                warningList << QString::fromStdString(w.id);
        }
        list.push_back({{"id", s.id},
                        {"name", s.name},
                        {"organisation", s.organisation},
                        {"workload", model::toString(s.workload)},
                        {"high_count", s.high_count},
                        {"primary_path", path},
                        {"warnings", warningIds},
                        {"source", s.source},
                        {"imported_at", s.imported_at}});
        rows.push_back({QString::number(s.id), QString::fromStdString(s.name),
                        QString::fromUtf8(model::toString(s.workload).data(),
                                          qsizetype(model::toString(s.workload).size())),
                        QString::number(s.high_count), QString::fromStdString(path),
                        warningList.isEmpty() ? QStringLiteral("-") : warningList.join(',')});
    }
    if (format == QLatin1String("json")) {
        ctx.out << nlohmann::ordered_json{{"schema", "crossgrade.audit-list/1"}, {"audits", list}}
                       .dump(2)
                << '\n';
    } else if (summaries.empty()) {
        ctx.out << "No audits in " << str(QDir::toNativeSeparators(store.path()))
                << ". Import one with: crossgrade-cli import-audit FILE\n";
    } else {
        printTable(ctx.out, rows);
    }
    return kExitOk;
}

void writeOutput(Context& ctx, const std::string& text) {
    if (!ctx.parser.isSet(QStringLiteral("out"))) {
        ctx.out << text;
        return;
    }
    // QSaveFile writes beside the target and renames, so a failure leaves no half file.
    const QString path = ctx.parser.value(QStringLiteral("out"));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        throw std::runtime_error("cannot write " + str(path) + ": " + str(file.errorString()));
}

int runExportAudit(Context& ctx) {
    if (ctx.arguments.size() != 1)
        throw InvalidInput("export-audit: expected exactly one audit id");
    writeOutput(ctx, data::writeAudit(storedAudit(ctx, parseId(ctx.arguments.first()))));
    return kExitOk;
}

void printRecommendationText(std::ostream& out, const model::Audit& audit,
                             const model::Recommendation& r) {
    std::string highs;
    for (model::Dimension d : model::kAllDimensions)
        if (audit.dimension(d).tier == model::Tier::High)
            highs += (highs.empty() ? "" : ", ") + std::string(model::toString(d));
    out << "Audit:      " << audit.name << " (" << model::toString(audit.workload) << ")\n";
    out << "High:       " << r.high_count << (highs.empty() ? "" : " (" + highs + ")") << '\n';
    out << "Effort:     " << r.effort.label << " (modelled as " << r.effort.min_months << "–"
        << r.effort.max_months << " months)\n\n";
    out << "Recommended path: " << model::title(r.primary_path) << "  ["
        << model::toString(r.primary_path) << "]\n";
    out << "  decided by rule " << r.decided_by
        << (r.article_silent ? " (the article is silent; Crossgrade's stated choice)" : "") << '\n';
    for (const model::TraceEntry& t : r.trace)
        if (t.fired)
            out << "  " << t.reason << "\n  Source: \"" << t.source << "\"\n";
    if (!r.revisit.empty()) {
        out << "  Revisit:";
        for (model::PortabilityPath p : r.revisit)
            out << ' ' << model::toString(p);
        out << " — " << r.revisit_when << '\n';
    }
    if (!r.warnings.empty()) {
        out << "\nWarnings:\n";
        for (const model::AuditWarning& w : r.warnings)
            out << "  [" << w.id << "] " << w.text << "\n      Source: \"" << w.source << "\"\n";
    }
    if (!r.advice.empty()) {
        out << "\nNext:\n";
        for (const std::string& a : r.advice)
            out << "  - " << a << '\n';
    }
    out << "\nRule trace (first match wins):\n";
    for (const model::TraceEntry& t : r.trace)
        out << "  "
            << (t.fired     ? "FIRED  "
                : t.matched ? "matched"
                            : "-      ")
            << ' ' << t.rule << ": " << t.reason << '\n';
}

int runRecommend(Context& ctx) {
    const QString format = formatOption(ctx.parser);
    if (ctx.arguments.size() != 1)
        throw InvalidInput("recommend: expected one audit file or stored audit id");
    const QString arg = ctx.arguments.first();
    model::Audit audit;
    long long id = 0;
    if (QFileInfo::exists(arg)) {
        audit = readAuditOrThrow(arg, ctx.err);
    } else {
        bool numeric = false;
        arg.toLongLong(&numeric);
        if (!numeric)
            throw InvalidInput(str(arg) + ": no such file, and not a stored audit id");
        id = parseId(arg);
        audit = storedAudit(ctx, id);
    }
    const model::Recommendation r = model::recommend(audit.profile());
    if (format == QLatin1String("json"))
        ctx.out << data::writeRecommendation(r, audit.name, id);
    else
        printRecommendationText(ctx.out, audit, r);
    return kExitOk;
}

void addFormatOption(QCommandLineParser& p) {
    p.addOption({QStringLiteral("format"), QStringLiteral("Output format: text or json."),
                 QStringLiteral("text|json"), QStringLiteral("text")});
}

const std::vector<Command>& commands() {
    static const std::vector<Command> list{
        {"import-audit", "FILE...", "Validate audit JSON files and store them.",
         "Every file is checked before anything is stored: if any file has a problem, each "
         "problem is printed as FILE:PLACE: message and nothing is stored (exit 2). On success "
         "prints one line per file: the stored id, the file and the audit's name.",
         [](QCommandLineParser&) {}, runImportAudit},
        {"audits", "", "List the stored audits with their recommended path.", "", addFormatOption,
         runAudits},
        {"export-audit", "ID", "Print a stored audit as audit JSON v1.",
         "The output imports back unchanged (docs/formats/audit.md).",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("out"),
                          QStringLiteral("Write to FILE (atomically) instead of standard output."),
                          QStringLiteral("FILE")});
         },
         runExportAudit},
        {"recommend", "FILE|ID", "Recommend a portability path for an audit.",
         "FILE|ID is an audit JSON file or the id of a stored audit. Prints the path the "
         "article's rules prescribe, the effort band, warnings, advice and the rule trace. "
         "--format json prints crossgrade.recommendation/1 (docs/formats/recommendation.md).",
         addFormatOption, runRecommend},
    };
    return list;
}

void addGlobalOptions(QCommandLineParser& p) {
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    p.addOption({QStringLiteral("db"),
                 QStringLiteral("Store file to use (default: %1, created and seeded with the "
                                "sample audits on first use).")
                     .arg(QDir::toNativeSeparators(Store::defaultPath())),
                 QStringLiteral("PATH")});
    p.addOption({QStringLiteral("busy-timeout"),
                 QStringLiteral("How long to wait for another process's write lock on the "
                                "store (default 5000)."),
                 QStringLiteral("MS")});
    p.addOption({{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show help.")});
}

std::string generalHelp() {
    std::string text =
        "Usage: crossgrade-cli [--db PATH] COMMAND [ARGS...]\n\n"
        "Crossgrade: audit CUDA lock-in and get the recommended portability path.\n\n"
        "Commands:\n";
    for (const Command& c : commands())
        text += "  " + str(c.name.leftJustified(14)) + str(c.summary) + "\n";
    QCommandLineParser p;
    addGlobalOptions(p);
    p.addVersionOption();
    const QString options = p.helpText();
    text += "\n" + str(options.mid(options.indexOf(QLatin1String("Options:")))) +
            "\nRun 'crossgrade-cli COMMAND --help' for a command's options.\n"
            "Exit status: 0 success, 2 invalid input (the message names the file, the place and "
            "what was expected), 1 any other failure.\n";
    return text;
}

std::string commandHelp(const Command& c, QCommandLineParser& p) {
    std::string text = "Usage: crossgrade-cli [--db PATH] " + str(c.name) +
                       (c.synopsis.isEmpty() ? "" : " " + str(c.synopsis)) + " [OPTIONS]\n\n" +
                       str(c.summary) + "\n";
    if (!c.details.isEmpty())
        text += str(c.details) + "\n";
    const QString options = p.helpText();
    text += "\n" + str(options.mid(options.indexOf(QLatin1String("Options:"))));
    return text;
}

// The first argument that is neither an option nor the value of --db / --busy-timeout.
std::optional<qsizetype> commandIndex(const QStringList& args) {
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--db") || a == QLatin1String("--busy-timeout") ||
            a == QLatin1String("-db") || a == QLatin1String("-busy-timeout")) {
            ++i;
            continue;
        }
        if (!a.startsWith(QLatin1Char('-')))
            return i;
    }
    return std::nullopt;
}

int runCommand(const Command& command, const QStringList& args, std::ostream& out,
               std::ostream& err) {
    QCommandLineParser parser;
    addGlobalOptions(parser);
    command.addOptions(parser);
    if (!parser.parse(args))
        throw InvalidInput(str(command.name) + ": " + str(parser.errorText()));
    if (parser.isSet(QStringLiteral("help"))) {
        out << commandHelp(command, parser);
        return kExitOk;
    }
    QStringList positional = parser.positionalArguments();
    positional.removeFirst(); // the command name
    Context ctx{parser, positional, out, err, std::nullopt};
    return command.run(ctx);
}

} // namespace

int runCli(const QStringList& args, std::ostream& out, std::ostream& err) {
    try {
        const auto index = commandIndex(args);
        if (!index) {
            if (args.contains(QLatin1String("--version"))) {
                out << "crossgrade-cli " << CROSSGRADE_VERSION << '\n';
                return kExitOk;
            }
            const bool asked =
                args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"));
            (asked ? out : err) << generalHelp();
            return asked ? kExitOk : kExitInvalidInput;
        }
        const QString name = args[*index];
        const auto& all = commands();
        const auto it =
            std::find_if(all.begin(), all.end(), [&](const Command& c) { return c.name == name; });
        if (it == all.end())
            throw InvalidInput("unknown command '" + str(name) +
                               "'; run 'crossgrade-cli --help' for the list");
        return runCommand(*it, args, out, err);
    } catch (const InvalidInput& e) {
        err << "crossgrade-cli: " << e.what() << '\n';
        return kExitInvalidInput;
    } catch (const StoreError& e) {
        err << "crossgrade-cli: " << e.what() << '\n';
        return kExitFailure;
    } catch (const std::exception& e) {
        err << "crossgrade-cli: " << e.what() << '\n';
        return kExitFailure;
    }
}

} // namespace crossgrade::app
