// The CLI's command library (app/cli) called in-process, as crossgrade-cli's main() calls it:
// runCli() with the arguments and two streams. What the executable prints is what the library
// writes (the comparison runs the real crossgrade-cli beside it), so suites that need no
// separate process can call the commands directly, and a failure shows in the debugger at the
// line that threw.

#include "cli_commands.h"
#include "cli_run.h"

#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace crossgrade;

namespace {

struct InProcess {
    int status = -1;
    std::string out;
    std::string err;
};

InProcess run(const QStringList& args) {
    std::ostringstream out;
    std::ostringstream err;
    const int status = app::runCli(QStringList{QStringLiteral("crossgrade-cli")} + args, out, err);
    return {status, out.str(), err.str()};
}

QString sample(const char* name) {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR "/resources/samples/scenarios/") +
           QLatin1String(name);
}

} // namespace

class TestCliInProcess : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString store(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // Neither the library nor the executable may touch the user's own default store.
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("xdg")).toUtf8());
    }

    void versionIsTheBuildsVersion() {
        const InProcess r = run({QStringLiteral("--version")});
        QCOMPARE(r.status, 0);
        QCOMPARE(QString::fromStdString(r.out),
                 QStringLiteral("crossgrade-cli " CROSSGRADE_VERSION "\n"));
        QVERIFY(r.err.empty());
    }

    void evaluateWritesWhatTheExecutablePrints() {
        const QStringList args{QStringLiteral("--db"),     store(QStringLiteral("a.sqlite")),
                               QStringLiteral("evaluate"), sample("training-shop.json"),
                               QStringLiteral("--format"), QStringLiteral("json")};
        const InProcess inProcess = run(args);
        QCOMPARE(inProcess.status, 0);
        const auto parsed = nlohmann::json::parse(inProcess.out);
        QCOMPARE(QString::fromStdString(parsed.at("schema").get<std::string>()),
                 QStringLiteral("crossgrade.evaluation/1"));
        QVERIFY(parsed.at("options").size() >= 2);

        const testing::CliRun executable =
            testing::runCli(args, m_dir.filePath(QStringLiteral("xdg")));
        QCOMPARE(executable.status, inProcess.status);
        QCOMPARE(executable.out, QString::fromStdString(inProcess.out));
    }

    // Bad input: exit 2 and a message naming the file and what was expected, on the error
    // stream only; the next call in the same process is unaffected.
    void brokenFileIsRefusedWithItsNameAndTheProcessGoesOn() {
        const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"crossgrade.scenario/1\", \"name\": ");
        f.close();
        const InProcess r = run({QStringLiteral("--db"), store(QStringLiteral("b.sqlite")),
                                 QStringLiteral("evaluate"), broken});
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.empty());
        QVERIFY2(QString::fromStdString(r.err).contains(broken), r.err.c_str());

        const InProcess saved =
            run({QStringLiteral("--db"), store(QStringLiteral("b.sqlite")),
                 QStringLiteral("save-scenario"), sample("training-shop.json")});
        QCOMPARE(saved.status, 0);
        const InProcess listed = run({QStringLiteral("--db"), store(QStringLiteral("b.sqlite")),
                                      QStringLiteral("scenarios")});
        QCOMPARE(listed.status, 0);
        QVERIFY2(QString::fromStdString(listed.out)
                     .contains(QStringLiteral("Multi-node training shop with custom kernels")),
                 listed.out.c_str());
    }

    void unknownCommandSaysWhereTheListIs() {
        const InProcess r = run({QStringLiteral("evaluat")});
        QCOMPARE(r.status, 2);
        QCOMPARE(QString::fromStdString(r.err),
                 QStringLiteral("crossgrade-cli: unknown command 'evaluat'; run 'crossgrade-cli "
                                "--help' for the list\n"));
    }
};

QTEST_GUILESS_MAIN(TestCliInProcess)
#include "tst_cli_in_process.moc"
