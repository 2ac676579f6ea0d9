// crossgrade-cli scan: repositories → a proposed audit (issue 8, docs/scanner.md).

#include "audit_json.h"
#include "cli_commands.h"
#include "cli_context.h"
#include "scan_audit.h"
#include "scan_cyclonedx.h"
#include "scan_report.h"
#include "scan_walker.h"
#include "scenario_inputs.h"

#include <QDateTime>
#include <QFileInfo>
#include <chrono>
#include <cstdio>
#include <optional>
#include <unistd.h>

namespace crossgrade::app {

namespace {

constexpr std::string_view kWorkloads = "inference-only, training, mixed, greenfield";

QString option(const Context& ctx, const char* name) {
    return ctx.parser.value(QLatin1String(name));
}

model::WorkloadKind workloadOption(const Context& ctx) {
    const std::string name = str(option(ctx, "workload"));
    const auto kind = model::parseWorkloadKind(name);
    if (!kind)
        throw InvalidInput("scan: --workload: expected one of " + std::string(kWorkloads) +
                           ", got '" + name + "'");
    return *kind;
}

unsigned countOption(const Context& ctx, const char* name, unsigned min, unsigned max) {
    const QString text = option(ctx, name);
    bool ok = false;
    const uint value = text.toUInt(&ok);
    if (!ok || value < min || value > max)
        throw InvalidInput("scan: --" + std::string(name) + ": expected a whole number from " +
                           std::to_string(min) + " to " + std::to_string(max) + ", got '" +
                           str(text) + "'");
    return value;
}

data::ScanOptions scanOptions(const Context& ctx) {
    data::ScanOptions o;
    if (ctx.parser.isSet(QStringLiteral("threads")))
        o.threads = countOption(ctx, "threads", 1, 256);
    if (ctx.parser.isSet(QStringLiteral("max-file-mb")))
        o.max_file_bytes = std::uintmax_t(countOption(ctx, "max-file-mb", 1, 1024)) * 1024u * 1024u;
    o.honour_gitignore = !ctx.parser.isSet(QStringLiteral("no-gitignore"));
    return o;
}

// What --update names: an audit file (rewritten in place) or a stored audit's id.
struct UpdateTarget {
    QString file;
    std::int64_t id = 0;
    model::Audit audit;
};

std::optional<UpdateTarget> updateTarget(Context& ctx) {
    if (!ctx.parser.isSet(QStringLiteral("update")))
        return std::nullopt;
    UpdateTarget t;
    const QString arg = option(ctx, "update");
    t.audit = auditFromFileOrId(ctx, arg);
    if (pathExists(arg)) {
        refuseRawBytesName(arg, "scan: --update");
        t.file = arg;
    } else
        t.id = parseId(arg);
    return t;
}

// On a terminal, a progress line on standard error; elsewhere nothing until the summary.
data::ScanProgressFn progressPrinter(std::ostream& err) {
    if (!isatty(STDERR_FILENO))
        return {};
    return [&err](const data::ScanProgress& p) {
        err << "\rscanning " << p.repository << ": " << p.files_done << '/' << p.files_total
            << " files, " << p.bytes_done / 1'000'000 << " MB   " << std::flush;
    };
}

std::string summaryLine(const data::ScanRun& run, double seconds) {
    std::size_t files = 0;
    std::size_t skipped = 0;
    std::uint64_t bytes = 0;
    for (const data::RepositoryScan& r : run.repositories) {
        files += r.files_scanned;
        skipped += r.not_scanned.size();
        bytes += r.bytes_scanned;
    }
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "scanned %zu files (%.1f MB) in %zu %s in %.2f s; %zu not scanned", files,
                  static_cast<double>(bytes) / 1e6, run.repositories.size(),
                  run.repositories.size() == 1 ? "repository" : "repositories", seconds, skipped);
    return buf;
}

int runScan(Context& ctx) {
    const QString format = formatOption(ctx.parser, {"json", "text", "sarif", "cyclonedx"});
    if (ctx.arguments.isEmpty())
        throw InvalidInput("scan: expected one or more repository folders");
    std::optional<UpdateTarget> target = updateTarget(ctx);
    if (!ctx.parser.isSet(QStringLiteral("workload")) && !target)
        throw InvalidInput("scan: --workload is required (" + std::string(kWorkloads) +
                           "): the workload kind cannot be read from code");
    data::ScanAuditOptions auditOptions;
    auditOptions.workload =
        ctx.parser.isSet(QStringLiteral("workload")) ? workloadOption(ctx) : target->audit.workload;
    auditOptions.name = textOption(ctx.parser, "name", model::kMaxNameBytes);
    auditOptions.organisation = textOption(ctx.parser, "organisation", model::kMaxNameBytes);
    auditOptions.date = dateOption(ctx.parser, "date");
    if (ctx.parser.isSet(QStringLiteral("top")))
        auditOptions.top_evidence = countOption(ctx, "top", 1, 10'000);

    std::vector<std::filesystem::path> roots;
    for (const QString& a : ctx.arguments)
        roots.emplace_back(pathArgument(a)); // the folder's own bytes, UTF-8 or not
    const auto started = std::chrono::steady_clock::now();
    data::ScanOptions options = scanOptions(ctx);
    // Every file is staged before the stored audit changes and renamed into place after it: a
    // file that cannot be written leaves the audit file, the store and --out as they were.
    CommandOutputs outputs(ctx);
    // SARIF shows every finding: written as the scan goes (to --out's temporary or standard
    // output), never held; the audit and the text hold only what the tally keeps (bounded).
    std::optional<data::SarifWriter> sarif;
    if (format == QLatin1String("sarif")) {
        sarif.emplace(outputs.outputStream());
        options.on_finding = [&](const data::RepositoryScan& repo, const model::ScanFinding& f) {
            sarif->finding(repo, f);
        };
        options.on_repository_done = [&](const data::RepositoryScan& repo) {
            sarif->repositoryDone(repo);
        };
    }
    // The inventory holds its components (each with at most 100 places), never the findings.
    std::optional<data::CycloneDxWriter> cyclonedx;
    if (format == QLatin1String("cyclonedx")) {
        cyclonedx.emplace(
            QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString());
        const bool several = roots.size() > 1;
        options.on_finding = [&, several](const data::RepositoryScan& repo,
                                          const model::ScanFinding& f) {
            cyclonedx->finding(repo, f, several);
        };
        options.on_repository_done = [&](const data::RepositoryScan& repo) {
            cyclonedx->repositoryDone(repo);
        };
    }
    const data::ScanRun run = data::scanRepositories(roots, options, progressPrinter(ctx.err));
    if (isatty(STDERR_FILENO))
        ctx.err << '\n';
    if (!run.errors.empty()) {
        std::string message;
        for (const std::string& e : run.errors)
            message += (message.empty() ? "scan: " : "\nscan: ") + data::printable(e);
        throw InvalidInput::lines(message + "\nnothing was written");
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    const model::Audit audit = target ? data::updateAuditFromScan(target->audit, run, auditOptions)
                                      : data::auditFromScan(run, auditOptions);
    if (target && !target->file.isEmpty())
        outputs.file(target->file, data::writeAudit(audit), "--update");
    if (sarif)
        sarif->finish();
    else if (cyclonedx)
        outputs.output(cyclonedx->bom(audit.name));
    else if (format == QLatin1String("text"))
        outputs.output(data::printableLines(data::scanText(audit)));
    else if (!target || ctx.parser.isSet(QStringLiteral("out")))
        outputs.output(data::writeAudit(audit));
    if (target && target->file.isEmpty() && !ctx.openStore().replaceAudit(target->id, audit))
        throw InvalidInput("scan: --update: no audit with id " + std::to_string(target->id));
    outputs.commit();

    ctx.err << summaryLine(run, seconds) << '\n';
    if (target) {
        int kept = 0;
        for (model::Dimension d : model::kAllDimensions)
            kept += audit.dimension(d).override_tier ? 1 : 0;
        ctx.err << "updated "
                << (target->file.isEmpty() ? "stored audit " + std::to_string(target->id)
                                           : shownPath(target->file))
                << "; " << kept << " reviewer override(s) kept\n";
    }
    return kExitOk;
}

void addScanOptions(QCommandLineParser& p) {
    addFormatOption(p, {"json", "text", "sarif", "cyclonedx"});
    p.addOption({QStringLiteral("workload"),
                 QStringLiteral("The workload kind (required): inference-only, training, mixed "
                                "or greenfield."),
                 QStringLiteral("KIND")});
    p.addOption({QStringLiteral("out"),
                 QStringLiteral("Write to FILE (atomically) instead of standard output."),
                 QStringLiteral("FILE")});
    p.addOption({QStringLiteral("update"),
                 QStringLiteral("Re-scan into an existing audit (a file, rewritten in place, or "
                                "a stored audit's id), keeping the reviewer's overrides."),
                 QStringLiteral("FILE|ID")});
    p.addOption(
        {QStringLiteral("name"), QStringLiteral("The audit's name."), QStringLiteral("NAME")});
    p.addOption({QStringLiteral("organisation"), QStringLiteral("Who owns the code."),
                 QStringLiteral("ORG")});
    p.addOption({QStringLiteral("date"), QStringLiteral("The audit's date, YYYY-MM-DD."),
                 QStringLiteral("DATE")});
    p.addOption({QStringLiteral("top"),
                 QStringLiteral("Evidence items kept per dimension (default 20)."),
                 QStringLiteral("N")});
    p.addOption({QStringLiteral("threads"),
                 QStringLiteral("Worker threads (default: one per core)."), QStringLiteral("N")});
    p.addOption({QStringLiteral("max-file-mb"),
                 QStringLiteral("Files larger than this are not scanned (default 4)."),
                 QStringLiteral("MB")});
    p.addOption({QStringLiteral("no-gitignore"),
                 QStringLiteral("Read files that .gitignore excludes, too.")});
}

} // namespace

std::vector<Command> scanCommands() {
    return {
        {"scan", "PATH...",
         "Scan repositories and propose the six-dimension audit with file:line evidence.",
         "Reads every folder given (honouring .gitignore; binary, very large and unreadable "
         "files are listed as not scanned) and proposes a tier for dimensions 1-5 from the "
         "rules in docs/scanner.md; team knowledge stays Medium until the questionnaire is "
         "answered. --format json (default) prints the audit (crossgrade.audit/1, ready for "
         "import-audit), text a summary for the reviewer, sarif SARIF 2.1.0 for code-scanning "
         "tools, cyclonedx a CycloneDX 1.6 inventory of the CUDA-dependent components found "
         "(Python packages, container images, NVIDIA libraries, submodules) with every file and "
         "line as evidence. With several folders one organisation audit is made, evidence paths "
         "start "
         "with the repository's name and a per-repository breakdown is kept. --update re-scans "
         "into an existing audit and keeps the reviewer's overrides and notes. Nothing is "
         "written when a folder does not exist (exit 2).",
         addScanOptions, runScan},
    };
}

} // namespace crossgrade::app
