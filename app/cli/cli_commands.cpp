#include "cli_commands.h"

#include "cli_context.h"
#include "printable_text.h"

#include <QCommandLineParser>
#include <QDir>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace crossgrade::app {

namespace {

const std::vector<Command>& commands() {
    static const std::vector<Command> list = [] {
        std::vector<Command> all = auditCommands();
        for (Command& c : scenarioCommands())
            all.push_back(std::move(c));
        for (Command& c : storeCommands())
            all.push_back(std::move(c));
        for (Command& c : sensitivityCommands())
            all.push_back(std::move(c));
        for (Command& c : hetcclCommands())
            all.push_back(std::move(c));
        for (Command& c : reportCommands())
            all.push_back(std::move(c));
        for (Command& c : benchmarkCommands())
            all.push_back(std::move(c));
        for (Command& c : scanCommands())
            all.push_back(std::move(c));

        return all;
    }();
    return list;
}

void addGlobalOptions(QCommandLineParser& p) {
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    p.addOption({QStringLiteral("db"),
                 QStringLiteral("Store file to use (default: %1, created and seeded with the "
                                "sample audits and scenarios and the default price book on "
                                "first use).")
                     .arg(QDir::toNativeSeparators(data::Store::defaultPath())),
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
    // The longest name sets the column, so import-benchmarks keeps a gap before its summary.
    qsizetype width = 0;
    for (const Command& c : commands())
        width = std::max(width, c.name.size());
    for (const Command& c : commands())
        text += "  " + str(c.name.leftJustified(width + 2)) + str(c.summary) + "\n";
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
    if (!parser.parse(args)) {
        // Qt says "Unknown option 'x'." or "Missing value after '--format'."; keep its words,
        // in the shape of the other messages, and say where the options are listed.
        QString what = parser.errorText();
        if (what.endsWith(QLatin1Char('.')))
            what.chop(1);
        if (!what.isEmpty())
            what[0] = what[0].toLower();
        throw InvalidInput(str(command.name) + ": " + str(what) + "; run 'crossgrade-cli " +
                           str(command.name) + " --help' for its options");
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << commandHelp(command, parser);
        return kExitOk;
    }
    QStringList positional = parser.positionalArguments();
    positional.removeFirst(); // the command name
    Context ctx{parser, positional, out, err, std::nullopt};
    const int status = command.run(ctx);
    // Standard output redirected to a file on a full disk fails only when it is flushed: say
    // so rather than exit 0 with the output cut short.
    errno = 0;
    if (!out.flush())
        throw std::runtime_error(
            "cannot write standard output (" +
            std::string(errno != 0 ? std::strerror(errno) : "a write failed") +
            "): what was printed is incomplete; check that the disk has room, or write to a "
            "file with --out FILE where the command offers it");
    return status;
}

} // namespace

QString commandName(const QStringList& args) {
    const auto index = commandIndex(args);
    return index ? args[*index] : QString();
}

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
            if (!asked)
                err << "crossgrade-cli: no command given; the commands are below\n\n";
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
        err << "crossgrade-cli: "
            << (e.isLines() ? data::printableLines(e.what()) : data::printable(e.what())) << '\n';
        return kExitInvalidInput;
    } catch (const data::StoreError& e) {
        err << "crossgrade-cli: " << data::printable(e.what()) << '\n';
        return kExitFailure;
    } catch (const std::exception& e) {
        err << "crossgrade-cli: " << data::printable(e.what()) << '\n';
        return kExitFailure;
    }
}

} // namespace crossgrade::app