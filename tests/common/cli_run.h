#pragma once

// Runs the crossgrade-cli under test (CROSSGRADE_CLI_PATH, set per test target) as a user would:
// a separate process, its exit status and both output streams. XDG_DATA_HOME points into the
// test's temporary folder, so the user's own default store is never touched.

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace crossgrade::testing {

struct CliRun {
    int status = -1; // -1 when the process crashed or did not finish in time
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList& args, const QString& xdgDataHome, int timeoutMs = 60000) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), xdgDataHome);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CROSSGRADE_CLI_PATH), args);
    p.waitForFinished(timeoutMs);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

} // namespace crossgrade::testing
