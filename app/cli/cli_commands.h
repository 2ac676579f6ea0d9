#pragma once

// crossgrade-cli: the commands, kept out of main() so main only wires.

#include <QStringList>
#include <ostream>

namespace crossgrade::app {

// Exit statuses documented in the README and `--help`.
enum ExitStatus : int { kExitOk = 0, kExitFailure = 1, kExitInvalidInput = 2 };

// The command the arguments name (the first that is neither an option nor an option's value),
// or an empty string; `arguments` includes the program name.
QString commandName(const QStringList& arguments);

// `arguments` includes the program name, as QCoreApplication::arguments() gives it.
int runCli(const QStringList& arguments, std::ostream& out, std::ostream& err);

} // namespace crossgrade::app
