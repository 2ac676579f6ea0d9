#pragma once

// What every crossgrade-cli command shares: the context it runs in (options, arguments,
// streams, the store), the error for invalid input, and small output helpers.

#include "atomic_files.h"
#include "audit.h"
#include "printable_text.h"
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
#include <string_view>
#include <vector>

namespace crossgrade::app {

// Bad input from the user (a file, an id, an option): exit status 2.
class InvalidInput : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;

    // A list of problems, one per line, each line already made printable (data::formatProblems
    // does): its line breaks are kept when it is printed. Any other message is printed as one
    // line, a line break in a value it quotes shown as \n (data::printable).
    static InvalidInput lines(const std::string& text) {
        InvalidInput e(text);
        e.m_lines = true;
        return e;
    }
    bool isLines() const { return m_lines; }

private:
    bool m_lines = false;
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
// UTF-8 text of the model and the readers as a QString.
QString qs(std::string_view s);
// A file or folder named on the command line: its bytes exactly as given, which need not be
// UTF-8 (main() keeps them, data/common/path_bytes.h), for std::filesystem and POSIX calls.
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
// The same for a table too large to hold (a million stored rows): every row is shown to
// widen() in a first pass, then printed in a second.
class TableLayout {
public:
    void widen(const QStringList& row);
    void print(std::ostream& out, const QStringList& row) const;

private:
    std::vector<qsizetype> m_widths;
};
// The date option `name` ("date"): empty when not given, else a day the calendar has, as
// YYYY-MM-DD; InvalidInput naming the option otherwise (2026-02-30 is refused).
std::string dateOption(const QCommandLineParser& parser, const char* name,
                       const std::string& what = "YYYY-MM-DD");
// A text option (a note, a name, a reason) no longer than `maxBytes` of UTF-8, the limit the
// file formats keep (docs/limits.md); InvalidInput naming the option and the limit otherwise.
std::string textOption(const QCommandLineParser& parser, const char* name, std::size_t maxBytes);
// --format, checked against the formats a command offers.
QString formatOption(const QCommandLineParser& parser, const QStringList& allowed);
void addFormatOption(QCommandLineParser& p, const QStringList& allowed);
// --format text|json, the choice of the commands that list or report.
void addTextJsonFormat(QCommandLineParser& p);
// Writes to --out atomically when given, else to standard output.
void writeOutput(Context& ctx, const std::string& text);

// What a command writes, all of it or none: its files (--out, --samples-out, the audit file
// of scan --update) are staged as they are made and renamed into place together by commit();
// what goes to standard output is held until then. A command that also changes the store
// stages first, changes the store, then commits: a file that cannot be written leaves the
// store as it was. An error names the option, the file and why (data::StagedFiles).
class CommandOutputs {
public:
    explicit CommandOutputs(Context& ctx);
    // To --out when given, else to standard output.
    void output(const std::string& text);
    // For output too large to hold (a million stored rows): to --out when given, written into
    // its temporary as it comes (data::StagedFiles::open) and renamed into place by commit();
    // else standard output itself, not held. Use it or output(), not both.
    std::ostream& outputStream();
    void file(const QString& path, const std::string& text, const std::string& option);
    void commit();

private:
    Context& m_ctx;
    data::StagedFiles m_files;
    std::string m_stdout;
};

// The commands, by topic.
std::vector<Command> auditCommands();
std::vector<Command> scenarioCommands();
std::vector<Command> storeCommands();
std::vector<Command> sensitivityCommands();
std::vector<Command> hetcclCommands();
std::vector<Command> reportCommands();
std::vector<Command> benchmarkCommands();
std::vector<Command> scanCommands();

// The store's file as messages name it.
std::string storeName(const data::Store& store);
// `pricebook diff A B [--scenario FILE|ID]` (cli_pricebook_commands.cpp).
int runPriceBookDiff(Context& ctx);

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
