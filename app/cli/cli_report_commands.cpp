// crossgrade-cli report: the leadership PDF (docs/report.md).

#include "cli_commands.h"
#include "cli_context.h"
#include "report_export.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>
#include <cmath>

namespace crossgrade::app {

namespace {

// --timestamp T, else SOURCE_DATE_EPOCH (reproducible-builds.org), else now, in whole seconds.
QDateTime reportTimestamp(const QCommandLineParser& p) {
    if (p.isSet(QStringLiteral("timestamp"))) {
        const QString text = p.value(QStringLiteral("timestamp"));
        const QDateTime t = QDateTime::fromString(text, Qt::ISODate);
        if (!t.isValid() || t.timeSpec() == Qt::LocalTime)
            throw InvalidInput("--timestamp: expected an ISO 8601 time with its zone, e.g. "
                               "2026-01-01T00:00:00Z, got '" +
                               str(text) + "'");
        return t.toUTC();
    }
    if (qEnvironmentVariableIsSet("SOURCE_DATE_EPOCH")) {
        bool ok = false;
        const qint64 seconds = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
        if (!ok || seconds < 0)
            throw InvalidInput("SOURCE_DATE_EPOCH: expected whole seconds since 1970-01-01 UTC, "
                               "got '" +
                               str(qEnvironmentVariable("SOURCE_DATE_EPOCH")) + "'");
        return QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC);
    }
    return QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch(), Qt::UTC);
}

std::uint64_t wholeNumber(const QCommandLineParser& p, const char* option, std::uint64_t min,
                          std::uint64_t max, const char* what) {
    const QString text = p.value(QString::fromLatin1(option));
    bool ok = false;
    const qulonglong value = text.toULongLong(&ok);
    if (!ok || value < min || value > max)
        throw InvalidInput(std::string("--") + option + ": expected " + what + ", got '" +
                           str(text) + "'");
    return value;
}

int runReport(Context& ctx) {
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        throw std::runtime_error("report: needs the widget application (run crossgrade-cli, "
                                 "not an embedding without QApplication)");
    if (ctx.arguments.isEmpty())
        throw InvalidInput("report: expected one or more scenario JSON files or stored "
                           "scenario ids");
    if (!ctx.parser.isSet(QStringLiteral("out")))
        throw InvalidInput("report: --out FILE is required (the PDF to write)");
    const QString out = ctx.parser.value(QStringLiteral("out"));
    // Checked before the analysis, which can take minutes.
    if (!QFileInfo(out).absoluteDir().exists())
        throw InvalidInput("--out: the folder of " + str(QDir::toNativeSeparators(out)) +
                           " does not exist; create it first or choose another folder");
    if (QFileInfo(out).isDir())
        throw InvalidInput(
            "--out: " + str(QDir::toNativeSeparators(out)) +
            " is a folder; give the PDF's file name, e.g. " +
            str(QDir::toNativeSeparators(QDir(out).filePath(QStringLiteral("report.pdf")))));

    reports::ReportMeta meta;
    const auto paper = reports::parsePaper(ctx.parser.value(QStringLiteral("paper")));
    if (!paper)
        throw InvalidInput("--paper: expected a4 or letter, got '" +
                           str(ctx.parser.value(QStringLiteral("paper"))) + "'");
    meta.paper = *paper;
    meta.timestamp = reportTimestamp(ctx.parser);

    reports::AnalysisSettings settings;
    settings.samples = wholeNumber(ctx.parser, "samples", 2, 1000000,
                                   "a whole number of samples from 2 to 1000000");
    if (ctx.parser.isSet(QStringLiteral("seed")))
        settings.seed = wholeNumber(ctx.parser, "seed", 0, UINT64_MAX, "a whole number ≥ 0");
    settings.threads = std::max(1, QThread::idealThreadCount());
    if (ctx.parser.isSet(QStringLiteral("threads")))
        settings.threads =
            int(wholeNumber(ctx.parser, "threads", 1, 256, "a whole number from 1 to 256"));

    std::vector<model::Scenario> scenarios;
    for (const QString& arg : ctx.arguments)
        scenarios.push_back(scenarioFromFileOrId(ctx, arg, std::nullopt));
    // The HetCCL watch lives in the store: read it when there is one (a given --db, an id, or
    // the default store already made), never create a store just for the report.
    if (ctx.store || ctx.parser.isSet(QStringLiteral("db")) ||
        QFileInfo::exists(data::Store::defaultPath()))
        meta.hetccl_checked = ctx.openStore().hetcclChecklist();

    QElapsedTimer timer;
    timer.start();
    const std::vector<reports::ScenarioAnalysis> analyses =
        reports::analyseScenarios(scenarios, settings);
    const qint64 analysed = timer.elapsed();
    meta.samples = settings.samples;
    meta.seed = reports::reportSeed(scenarios, settings);
    const reports::ExportedReport written = reports::exportReport(analyses, meta, out);
    const qint64 total = timer.elapsed();

    ctx.out << "wrote " << str(QDir::toNativeSeparators(written.pdf)) << " (" << scenarios.size()
            << (scenarios.size() == 1 ? " scenario, " : " scenarios, ") << settings.samples
            << " samples, seed " << meta.seed << ", " << str(reports::toString(meta.paper))
            << ") in " << QString::number(double(total) / 1000.0, 'f', 2).toStdString()
            << " s (analysis " << QString::number(double(analysed) / 1000.0, 'f', 2).toStdString()
            << " s)\n";
    for (const QString& file : written.files)
        ctx.out << "  beside it: " << str(QDir::toNativeSeparators(file)) << '\n';
    return kExitOk;
}

} // namespace

std::vector<Command> reportCommands() {
    return {
        {"report", "FILE|ID... --out FILE.pdf", "Write the leadership PDF report.",
         "FILE|ID are scenario JSON files or ids of stored scenarios (their latest versions); the "
         "first is the one the decision page is about, the others are compared with it sample "
         "by sample. Beside the PDF it writes each scenario's JSON and Monte Carlo samples CSV, "
         "named in the report's methodology box; 'report' on those files with the same "
         "--samples, --seed and --timestamp reproduces the same text. The time printed in the "
         "report is --timestamp, else SOURCE_DATE_EPOCH, else now (docs/report.md).",
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("out"), QStringLiteral("The PDF to write."),
                          QStringLiteral("FILE")});
             p.addOption({QStringLiteral("paper"),
                          QStringLiteral("Paper size: a4 or letter (default a4)."),
                          QStringLiteral("a4|letter"), QStringLiteral("a4")});
             p.addOption({QStringLiteral("samples"),
                          QStringLiteral("Monte Carlo samples per scenario (default 10000)."),
                          QStringLiteral("N"), QStringLiteral("10000")});
             p.addOption({QStringLiteral("seed"),
                          QStringLiteral("The seed for every scenario (default: the first "
                                         "scenario's own seed)."),
                          QStringLiteral("S")});
             p.addOption({QStringLiteral("timestamp"),
                          QStringLiteral("The time the report states, ISO 8601 with its zone, "
                                         "e.g. 2026-01-01T00:00:00Z (default: "
                                         "SOURCE_DATE_EPOCH, else now)."),
                          QStringLiteral("T")});
             p.addOption({QStringLiteral("threads"),
                          QStringLiteral("Worker threads (default: one per core); the results do "
                                         "not depend on it."),
                          QStringLiteral("N")});
         },
         runReport},
    };
}

} // namespace crossgrade::app
