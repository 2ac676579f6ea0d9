// Opening the store as the real crossgrade-cli does, on files a user may give or several
// commands may race for (issue 20, class 4 and the store items of class 8): a schema version no
// Crossgrade writes, a device instead of a file, and three commands creating the same new store
// at once. Each refusal is a message and exit status 1, never a crash.

#include "cli_run.h"
#include "raw_db.h"
#include "samples.h"
#include "store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <limits>
#include <memory>
#include <vector>

using crossgrade::data::Store;
using crossgrade::testing::RawDb;

namespace {

struct Finished {
    int status = -1; // -1: crashed or still running after the timeout
    QString err;
};

// `count` commands started together, so they race for the store; then waited for.
std::vector<Finished> runAtOnce(const QStringList& args, const QString& xdgDataHome, int count) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), xdgDataHome);
    std::vector<std::unique_ptr<QProcess>> processes;
    for (int i = 0; i < count; ++i) {
        processes.push_back(std::make_unique<QProcess>());
        processes.back()->setProcessEnvironment(env);
    }
    for (auto& p : processes)
        p->start(QStringLiteral(CROSSGRADE_CLI_PATH), args);
    std::vector<Finished> finished;
    for (auto& p : processes) {
        const bool done = p->waitForFinished(120000);
        if (!done) {
            p->kill();
            p->waitForFinished(5000);
        }
        finished.push_back({done && p->exitStatus() == QProcess::NormalExit ? p->exitCode() : -1,
                            QString::fromUtf8(p->readAllStandardError())});
    }
    return finished;
}

int iterations(int fallback) {
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("CROSSGRADE_RACE_ITERATIONS", &ok);
    return ok && n > 0 ? n : fallback;
}

} // namespace

class TestStoreOpen : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;

    QString fresh(const QString& stem) {
        return m_dir.filePath(QStringLiteral("%1-%2").arg(stem).arg(++m_count));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Bug: a negative PRAGMA user_version indexed the migrations before their start and the
    // CLI died of a segfault, even on a file without tables.
    void bug_negativeUserVersionSegfaulted_data() {
        QTest::addColumn<bool>("defaultStore");
        QTest::addColumn<int>("version");
        QTest::newRow("--db, -5") << false << -5;
        QTest::newRow("--db, INT_MIN") << false << std::numeric_limits<int>::min();
        QTest::newRow("default store, -5") << true << -5;
    }
    void bug_negativeUserVersionSegfaulted() {
        QFETCH(bool, defaultStore);
        QFETCH(int, version);
        const QString xdg = fresh(QStringLiteral("xdg"));
        const QString path = defaultStore ? xdg + QStringLiteral("/crossgrade/crossgrade.sqlite")
                                          : fresh(QStringLiteral("store")) + ".sqlite";
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        {
            RawDb raw(path);
            raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(version));
        }
        const QStringList args =
            defaultStore ? QStringList{"audits"} : QStringList{"--db", path, "audits"};
        const crossgrade::testing::CliRun run = crossgrade::testing::runCli(args, xdg);
        QCOMPARE(run.status, 1);
        QVERIFY2(
            run.err.contains(
                QStringLiteral(
                    "%1: the store's schema version %2 is not one Crossgrade writes; restore it "
                    "from a backup, or choose another store file.")
                    .arg(path)
                    .arg(version)),
            qPrintable(run.err));
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    }

    // Bug: `--db /dev/null` made /dev/null-journal; any path that is not a regular file is now
    // refused before SQLite opens it.
    void bug_devNullStoreLeftAJournal() {
        QVERIFY(!QFile::exists(QStringLiteral("/dev/null-journal")));
        const crossgrade::testing::CliRun run = crossgrade::testing::runCli(
            {"--db", "/dev/null", "audits"}, fresh(QStringLiteral("xdg")));
        QCOMPARE(run.status, 1);
        QVERIFY2(run.err.contains(QLatin1String("the store path is not a regular file (a device, "
                                                "pipe or socket): /dev/null.")),
                 qPrintable(run.err));
        QVERIFY(!QFile::exists(QStringLiteral("/dev/null-journal")));
        QVERIFY(!QFile::exists(QStringLiteral("/dev/null-wal")));
    }

    // Bug: three commands creating the same new store at once could report "not a Crossgrade
    // store (an SQLite database of another program)": one read the schema version before the
    // first had committed its tables and counted the tables after. On the default store, a first
    // run that lost the race to move its seeded store into place copied over the winner's.
    // Every one of them must succeed, and the default store must be seeded exactly once.
    void bug_concurrentNewStoreReportedForeignDatabase_data() {
        QTest::addColumn<bool>("defaultStore");
        QTest::newRow("--db, a new file") << false;
        QTest::newRow("the default store, seeded on first use") << true;
    }
    void bug_concurrentNewStoreReportedForeignDatabase() {
        QFETCH(bool, defaultStore);
        // Before the fix about one round in a hundred failed (six of 1,500 commands in 500
        // rounds): a bounded run catches it often, not always; CROSSGRADE_RACE_ITERATIONS=500
        // runs the measurement again.
        const int rounds = iterations(defaultStore ? 8 : 60);
        const std::size_t sampleAudits = crossgrade::data::sampleAudits().size();
        const std::size_t sampleScenarios = crossgrade::data::sampleScenarios().size();
        for (int round = 0; round < rounds; ++round) {
            const QString xdg = fresh(QStringLiteral("xdg"));
            const QString path = defaultStore
                                     ? xdg + QStringLiteral("/crossgrade/crossgrade.sqlite")
                                     : fresh(QStringLiteral("race")) + QStringLiteral(".sqlite");
            const QStringList args =
                defaultStore ? QStringList{"audits"} : QStringList{"--db", path, "audits"};
            const std::vector<Finished> runs = runAtOnce(args, xdg, 3);
            for (std::size_t i = 0; i < runs.size(); ++i)
                QVERIFY2(runs[i].status == 0,
                         qPrintable(QStringLiteral("round %1, command %2: exit %3: %4")
                                        .arg(round)
                                        .arg(i + 1)
                                        .arg(runs[i].status)
                                        .arg(runs[i].err)));
            Store store = Store::open(path);
            QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
            QCOMPARE(store.audits().size(), defaultStore ? sampleAudits : 0);
            QCOMPARE(store.scenarios().size(), defaultStore ? sampleScenarios : 0);
            // The default book and the superseded shipped version (issue 24).
            QCOMPARE(store.priceBooks().size(), std::size_t(defaultStore ? 2 : 0));
            // No first run's side file is left beside the store.
            const QStringList beside =
                QFileInfo(path).dir().entryList({QStringLiteral("*.seeding-*")}, QDir::Files);
            QVERIFY2(beside.isEmpty(), qPrintable(beside.join(", ")));
        }
    }
};

QTEST_GUILESS_MAIN(TestStoreOpen)
#include "tst_store_open.moc"
