#include "audit_json.h"
#include "cli_commands.h"
#include "cli_context.h"
#include "path_bytes.h"
#include "recommendation.h"
#include "recommendation_json.h"

#include <QDir>
#include <QFileInfo>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

namespace crossgrade::app {

namespace {

using data::Store;

model::Audit storedAudit(Context& ctx, std::int64_t id) {
    Store& store = ctx.openStore();
    auto audit = store.audit(id);
    if (!audit)
        throw InvalidInput("no audit with id " + std::to_string(id) + " in " +
                           str(QDir::toNativeSeparators(store.path())) +
                           "; `crossgrade-cli audits` lists the stored ones");
    return *audit;
}

model::Audit readAuditOrThrow(const QString& file, std::ostream& err) {
    const std::string name = shownPath(file);
    data::AuditReadResult result = data::readAuditFile(pathArgument(file));
    printWarnings(err, name, result.warnings);
    if (!result.ok()) {
        std::string message = data::formatProblems(name, result.errors);
        message.pop_back(); // formatProblems ends every line with '\n'
        throw InvalidInput::lines(message);
    }
    return std::move(*result.audit);
}

// A plain text table: columns padded to the widest cell, two spaces apart.

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
            sources.push_back(
                data::hasRawBytes(file)
                    ? data::printablePath(
                          std::filesystem::absolute(pathArgument(file)).lexically_normal().string())
                    : str(QFileInfo(file).absoluteFilePath()));
        } catch (const InvalidInput& e) {
            problems += (e.isLines() ? std::string(e.what()) : data::printable(e.what())) + "\n";
        }
    }
    if (!problems.empty()) {
        problems += "nothing was stored";
        throw InvalidInput::lines(problems);
    }
    const std::vector<std::int64_t> ids = ctx.openStore().addAudits(audits, sources);
    for (std::size_t i = 0; i < ids.size(); ++i)
        ctx.out << ids[i] << '\t' << shownPath(ctx.arguments[qsizetype(i)]) << '\t'
                << data::printable(audits[i].name) << '\n';
    return kExitOk;
}

int runAudits(Context& ctx) {
    const QString format = formatOption(ctx.parser, {"text", "json"});
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
        ctx.out << "No audits in " << data::printable(str(QDir::toNativeSeparators(store.path())))
                << ". Import one with: crossgrade-cli import-audit FILE\n";
    } else {
        printTable(ctx.out, rows);
    }
    return kExitOk;
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
    out << "Audit:      " << data::printable(audit.name) << " (" << model::toString(audit.workload)
        << ")\n";
    out << "High:       " << r.high_count << (highs.empty() ? "" : " (" + highs + ")") << '\n';
    out << "Effort:     " << r.effort.label << " (modelled as "
        << model::inMonths(r.effort.shortest) << "–" << model::inMonths(r.effort.longest)
        << " months)\n\n";
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
    const QString format = formatOption(ctx.parser, {"text", "json"});
    if (ctx.arguments.size() != 1)
        throw InvalidInput("recommend: expected one audit file or stored audit id");
    const QString arg = ctx.arguments.first();
    model::Audit audit;
    long long id = 0;
    if (pathExists(arg)) {
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
    else {
        std::ostringstream text;
        printRecommendationText(text, audit, r);
        ctx.out << data::printableLines(text.str());
    }
    return kExitOk;
}

} // namespace

model::Audit auditFromFileOrId(Context& ctx, const QString& arg) {
    if (pathExists(arg))
        return readAuditOrThrow(arg, ctx.err);
    bool numeric = false;
    arg.toLongLong(&numeric);
    if (!numeric)
        throw InvalidInput(str(arg) + ": no such file, and not a stored audit id");
    return storedAudit(ctx, parseId(arg));
}

std::vector<Command> auditCommands() {
    return {
        {"import-audit", "FILE...", "Validate audit JSON files and store them.",
         "Every file is checked before anything is stored: if any file has a problem, each "
         "problem is printed as FILE:PLACE: message and nothing is stored (exit 2). On success "
         "prints one line per file: the stored id, the file and the audit's name.",
         [](QCommandLineParser&) {}, runImportAudit},
        {"audits", "", "List the stored audits with their recommended path.", "", addTextJsonFormat,
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
         addTextJsonFormat, runRecommend},
    };
}

} // namespace crossgrade::app
