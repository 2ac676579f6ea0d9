#pragma once

// What every crossgrade-cli command shares: the context it runs in (options, arguments,
// streams, the store), the error for invalid input, and small output helpers.

#include "audit.h"
#include "problem.h"
#include "store.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace crossgrade::app {

// Bad input from the user (a file, an id, an option): exit status 2.
class InvalidInput : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Context {
    QCommandLineParser& parser;
    QStringList arguments; // positional, without the command name
    std::ostream& out;
    std::ostream& err;
    std::optional<data::Store> store;

    // The store named by --db, or the default store (created and seeded on first use).
    data::Store& openStore();
};

struct Command {
    QString name;
    QString synopsis; // arguments after the name
    QString summary;
    QString details;
    std::function<void(QCommandLineParser&)> addOptions;
    std::function<int(Context&)> run;
};

std::string str(const QString& s);
// A file or folder named on the command line: its bytes exactly as given, which need not be
// UTF-8 (main() keeps them, data/path_bytes.h), for std::filesystem and POSIX calls.
std::string pathArgument(const QString& arg);
// The same for messages and text output: escaped when it is not plain UTF-8.
std::string shownPath(const QString& arg);
// Whether a file or folder of that name exists (QFileInfo would look at another name when the
// name is not UTF-8).
bool pathExists(const QString& arg);
// Refuses, naming `option`, a file to be written whose name is not UTF-8: the atomic writer
// goes through Qt, which would write another file.
void refuseRawBytesName(const QString& path, const std::string& option);
// A stored row's id: a whole number ≥ 1, or InvalidInput naming `what`.
std::int64_t parseId(const QString& text, const std::string& what = "an audit id");
// "FILE:PLACE: warning: message" per warning.
void printWarnings(std::ostream& err, const std::string& file,
                   const std::vector<data::Problem>& warnings);
// A plain text table: columns padded to the widest cell, two spaces apart.
void printTable(std::ostream& out, const std::vector<QStringList>& rows);
// --format, checked against the formats a command offers.
QString formatOption(const QCommandLineParser& parser, const QStringList& allowed);
void addFormatOption(QCommandLineParser& p, const QStringList& allowed);
// Writes to --out atomically when given, else to standard output.
void writeOutput(Context& ctx, const std::string& text);
// Writes `text` to `path` whole or not at all; throws naming `option` (e.g. "--out"), the
// path, why and what to do when it cannot.
void writeFileAtomically(const QString& path, const std::string& text,
                         const std::string& option = {});

// The commands, by topic.
std::vector<Command> auditCommands();
std::vector<Command> scenarioCommands();
std::vector<Command> storeCommands();
std::vector<Command> sensitivityCommands();
std::vector<Command> hetcclCommands();
std::vector<Command> reportCommands();
std::vector<Command> benchmarkCommands();
std::vector<Command> scanCommands();

// The saved inputs of a stored scenario's version (the latest when `number` is empty), or
// InvalidInput naming what is missing.
model::Scenario storedScenario(Context& ctx, std::int64_t id, std::optional<int> number);
// The one positional argument as a scenario: a scenario JSON file, or else the id of a stored
// scenario (--version N picks a version), with --sizing applied; InvalidInput naming the file
// and place, or the missing id, for `command`'s message.
model::Scenario scenarioArgument(Context& ctx, const std::string& command);
// A scenario JSON file, or else the id of a stored scenario (version `version`, the latest when
// empty); InvalidInput naming the file and place, or the missing id.
model::Scenario scenarioFromFileOrId(Context& ctx, const QString& arg, std::optional<int> version);
// --version and --sizing, for the commands that take scenarioArgument.
void addScenarioArgumentOptions(QCommandLineParser& p);
// An audit JSON file, or else the id of a stored audit; InvalidInput naming what is wrong.
model::Audit auditFromFileOrId(Context& ctx, const QString& arg);

} // namespace crossgrade::app
