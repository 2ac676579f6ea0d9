// Opening a store: creation, migration, newer and foreign files refused, the default path.

#include "tst_store.h"

#include "raw_db.h"
#include "store.h"
#include "tst_store_helpers.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <limits>
#include <stdexcept>
#include <sys/stat.h>

using crossgrade::data::Store;
using crossgrade::data::StoreError;
using crossgrade::data::StoreOptions;
namespace model = crossgrade::model;
using namespace crossgrade::testing;

namespace {

QByteArray readBytes(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void writeBytes(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        throw std::runtime_error("cannot write " + path.toStdString());
}

int storeConnections() {
    int n = 0;
    for (const QString& name : QSqlDatabase::connectionNames())
        n += name.startsWith(QLatin1String("crossgrade-store-")) ? 1 : 0;
    return n;
}

} // namespace

void TestStore::initTestCase() {
    QVERIFY(m_files.dir.isValid());
}

void TestStore::createsEmptyStoreAtLatestVersion() {
    QVERIFY(Store::latestSchemaVersion() >= 1);
    const QString path = m_files.dir.filePath(QStringLiteral("nested/folders/crossgrade.sqlite"));
    {
        Store store = Store::open(path);
        QCOMPARE(store.path(), path);
        QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
        QVERIFY(store.audits().empty());
    }
    RawDb raw(path);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(),
             Store::latestSchemaVersion());
    // journal_mode=WAL is stored in the file; a new connection sees it.
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
    for (const QString& table : kTables)
        QCOMPARE(raw.count(table), 0);
    // foreign_keys is per connection, so it is shown by behaviour: removeAuditCascades().
}

void TestStore::ownsOneNamedConnection() {
    const QString path = freshPath();
    QCOMPARE(storeConnections(), 0);
    {
        Store first = Store::open(path);
        Store second = Store::open(path);
        QCOMPARE(storeConnections(), 2);
        Store moved = std::move(first);
        QCOMPARE(storeConnections(), 2);
        second = std::move(moved); // second's own connection is released here
        QCOMPARE(storeConnections(), 1);
        QCOMPARE(second.path(), path);
        QCOMPARE(second.schemaVersion(), Store::latestSchemaVersion());
    }
    QCOMPARE(storeConnections(), 0);
    // A refused open leaves no connection behind either.
    const QString text = freshPath();
    writeBytes(text, "not a database");
    QVERIFY(storeErrorFrom([&] { Store::open(text); }));
    const QString newer = freshPath();
    {
        RawDb raw(newer);
        raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(Store::latestSchemaVersion() + 1));
    }
    QVERIFY(storeErrorFrom([&] { Store::open(newer); }));
    QCOMPARE(storeConnections(), 0);
}

void TestStore::migratesOlderFile_data() {
    QTest::addColumn<QString>("start");
    QTest::newRow("no file") << "none";
    QTest::newRow("zero-byte file") << "zero-byte";
    QTest::newRow("SQLite file at user_version 0, no tables") << "empty-sqlite";
}

void TestStore::migratesOlderFile() {
    QFETCH(QString, start);
    const QString path = freshPath();
    if (start == QLatin1String("zero-byte"))
        writeBytes(path, {});
    if (start == QLatin1String("empty-sqlite")) {
        makeEmptySqliteFile(path);
        QVERIFY(readBytes(path).startsWith(QByteArray("SQLite format 3", 16)));
        RawDb raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), 0);
    }

    const model::Audit audit = richAudit();
    std::int64_t id = 0;
    {
        Store store = Store::open(path);
        QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
        id = store.addAudit(audit, "audit.json");
    }
    QStringList schemaAfterMigration;
    {
        RawDb raw(path);
        QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(),
                 Store::latestSchemaVersion());
        schemaAfterMigration = raw.schema();
    }
    QVERIFY(schemaAfterMigration.size() >= kTables.size());

    // Reopening a current store changes nothing and keeps the data.
    Store store = Store::open(path);
    QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
    QCOMPARE(store.audits().size(), std::size_t{1});
    QCOMPARE(store.audit(id), std::optional(audit));
    RawDb raw(path);
    QCOMPARE(raw.schema(), schemaAfterMigration);
}

void TestStore::refusesNewerStore() {
    const QString path = freshPath();
    const int newer = Store::latestSchemaVersion() + 1;
    {
        RawDb raw(path);
        raw.exec(QStringLiteral("CREATE TABLE audits (id INTEGER PRIMARY KEY, future TEXT)"));
        raw.exec(QStringLiteral("INSERT INTO audits (future) VALUES ('from the future')"));
        raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(newer));
    }
    const QByteArray before = readBytes(path);
    QVERIFY(!before.isEmpty());

    const auto error = storeErrorFrom([&] { Store::open(path); });
    QVERIFY(error);
    QCOMPARE(error->kind(), StoreError::Kind::NewerVersion);
    const QString message = QString::fromStdString(error->what());
    QVERIFY2(message.contains(path), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("was made by a newer Crossgrade (schema version "
                                             "%1; this one reads up to %2)")
                                  .arg(newer)
                                  .arg(Store::latestSchemaVersion())),
             qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("not opened for writing")), qPrintable(message));
    QCOMPARE(readBytes(path), before);
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
}

void TestStore::refusesFileItMustNotTouch_data() {
    QTest::addColumn<QString>("maker");
    QTest::addColumn<QString>("phrase");
    // Refused on its first bytes, before the SQLite driver sees it.
    QTest::newRow("text file") << "text"
                               << "not a Crossgrade store (not an SQLite database)";
    QTest::newRow("shorter than the SQLite header")
        << "short"
        << "not a Crossgrade store (not an SQLite database)";
    QTest::newRow("SQLite header, garbage after it") << "garbage"
                                                     << "damaged";
    QTest::newRow("damaged SQLite page") << "damaged-page"
                                         << "damaged";
    QTest::newRow("another program's SQLite database") << "foreign"
                                                       << "another program";
}

void TestStore::refusesFileItMustNotTouch() {
    QFETCH(QString, maker);
    QFETCH(QString, phrase);
    const QString path = freshPath();
    if (maker == QLatin1String("text")) {
        writeBytes(path, "name,tier\nacme,high\n");
    } else if (maker == QLatin1String("short")) {
        writeBytes(path, "SQLite");
    } else if (maker == QLatin1String("garbage")) {
        writeBytes(path, QByteArray("SQLite format 3", 16) + QByteArray(4080, 'x'));
    } else if (maker == QLatin1String("damaged-page")) {
        {
            RawDb raw(path);
            raw.exec(QStringLiteral("CREATE TABLE t (x TEXT)"));
            raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                                    "FROM n WHERE i < 500) INSERT INTO t SELECT "
                                    "printf('%0200d', i) FROM n"));
        }
        QByteArray bytes = readBytes(path);
        QVERIFY(bytes.size() > 3 * 4096);
        bytes.replace(4096, 4096, QByteArray(4096, '\xff')); // page 2: t's root
        writeBytes(path, bytes);
    } else if (maker == QLatin1String("foreign")) {
        RawDb raw(path);
        raw.exec(QStringLiteral("CREATE TABLE bookmarks (url TEXT)"));
        raw.exec(QStringLiteral("INSERT INTO bookmarks VALUES ('https://example.org')"));
    }
    const QByteArray before = readBytes(path);

    const auto error = storeErrorFrom([&] { Store::open(path); });
    QVERIFY(error);
    QCOMPARE(error->kind(), StoreError::Kind::Corrupt);
    const QString message = QString::fromStdString(error->what());
    QVERIFY2(message.contains(path), qPrintable(message));
    QVERIFY2(message.contains(phrase), qPrintable(message));
    // And what to do about it.
    QVERIFY2(message.contains(QLatin1String("choose another"), Qt::CaseInsensitive) ||
                 message.contains(QLatin1String("restore it from a backup"), Qt::CaseInsensitive),
             qPrintable(message));
    QCOMPARE(readBytes(path), before);
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
}

void TestStore::reportsUnusablePathAsIo_data() {
    QTest::addColumn<QString>("relative");
    QTest::addColumn<QString>("advice");
    QTest::newRow("parent is a file")
        << "plain-file/store.sqlite"
        << "Check the path (a part of it may be a file) and that you may create folders there.";
    QTest::newRow("path is a folder")
        << "a-folder"
        << "is a folder, not a file: %ROOT/a-folder. Give the path of a store file, e.g. "
           "%ROOT/a-folder/crossgrade.sqlite.";
}

void TestStore::reportsUnusablePathAsIo() {
    QFETCH(QString, relative);
    const QString root = m_files.dir.filePath(QStringLiteral("io-%1").arg(++m_files.count));
    QVERIFY(QDir().mkpath(root + QStringLiteral("/a-folder")));
    writeBytes(root + QStringLiteral("/plain-file"), "x");
    const QString path = root + QLatin1Char('/') + relative;

    const auto error = storeErrorFrom([&] { Store::open(path); });
    QVERIFY(error);
    QCOMPARE(error->kind(), StoreError::Kind::Io);
    QVERIFY2(QString::fromStdString(error->what()).contains(root), error->what());
    QFETCH(QString, advice);
    QVERIFY2(QString::fromStdString(error->what()).contains(advice.replace("%ROOT", root)),
             error->what());
}

// Bug (issue 20): the migrations are indexed by the schema version, and a negative one read
// before their start: a segfault in the CLI and the app, even on a file without tables.
void TestStore::bug_negativeUserVersionSegfaulted_data() {
    QTest::addColumn<bool>("tables");
    QTest::addColumn<int>("version");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("phrase");
    const QString unknown = QStringLiteral(
        ": the store's schema version %1 is not one Crossgrade writes; restore it from a "
        "backup, or choose another store file.");
    const int corrupt = int(StoreError::Kind::Corrupt);
    const int newer = int(StoreError::Kind::NewerVersion);
    QTest::newRow("-5, a store's tables") << true << -5 << corrupt << unknown.arg(-5);
    QTest::newRow("-5, no tables") << false << -5 << corrupt << unknown.arg(-5);
    QTest::newRow("-1, no tables") << false << -1 << corrupt << unknown.arg(-1);
    QTest::newRow("INT_MIN") << false << std::numeric_limits<int>::min() << corrupt
                             << unknown.arg(std::numeric_limits<int>::min());
    const int far = Store::latestSchemaVersion() + 1000;
    QTest::newRow("far above the latest")
        << true << far << newer
        << QStringLiteral("was made by a newer Crossgrade (schema version %1;").arg(far);
    QTest::newRow("INT_MAX")
        << false << std::numeric_limits<int>::max() << newer
        << QStringLiteral("(schema version %1;").arg(std::numeric_limits<int>::max());
}

void TestStore::bug_negativeUserVersionSegfaulted() {
    QFETCH(bool, tables);
    QFETCH(int, version);
    QFETCH(int, kind);
    QFETCH(QString, phrase);
    const QString path = freshPath();
    if (tables) {
        Store::open(path).addAudit(richAudit());
    } else {
        makeEmptySqliteFile(path);
    }
    {
        RawDb raw(path);
        raw.exec(QStringLiteral("PRAGMA user_version = %1").arg(version));
    }
    const QByteArray before = readBytes(path);

    const auto error = storeErrorFrom([&] { Store::open(path); });
    QVERIFY(error);
    QCOMPARE(int(error->kind()), kind);
    const QString message = QString::fromStdString(error->what());
    QVERIFY2(message.contains(path), qPrintable(message));
    QVERIFY2(message.contains(phrase), qPrintable(message));
    QCOMPARE(readBytes(path), before);
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
    QCOMPARE(storeConnections(), 0);
}

// Bug (issue 20): `--db /dev/null` was handed to SQLite, which made /dev/null-journal beside
// it; a FIFO blocked. Anything but a regular file is refused before the driver sees it.
void TestStore::bug_devNullStoreLeftAJournal_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("/dev/null") << QStringLiteral("/dev/null");
    QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero");
    QTest::newRow("a FIFO") << QStringLiteral("fifo");
}

void TestStore::bug_devNullStoreLeftAJournal() {
    QFETCH(QString, path);
    if (path == QLatin1String("fifo")) {
        path = m_files.dir.filePath(QStringLiteral("fifo-%1").arg(++m_files.count));
        QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    }
    QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));

    const auto error = storeErrorFrom([&] { Store::open(path); });
    QVERIFY(error);
    QCOMPARE(error->kind(), StoreError::Kind::Io);
    const QString message = QString::fromStdString(error->what());
    QVERIFY2(message.contains(QStringLiteral("the store path is not a regular file (a device, "
                                             "pipe or socket): %1. Give the path of a store "
                                             "file")
                                  .arg(path)),
             qPrintable(message));
    for (const char* suffix : {"-journal", "-wal", "-shm"})
        QVERIFY2(!QFile::exists(path + QLatin1String(suffix)), suffix);
    QCOMPARE(storeConnections(), 0);
}

// Bug (issue 20): a store on a read-only disk or in a folder Crossgrade may not write was
// reported as "cannot read or write the store: … (check its integrity: …)", which sends the
// user looking for damage. The tests run as root, where permission bits do not stop a write:
// a read-only mount and the immutable attribute do.
void TestStore::bug_readOnlyStoreSaidCheckItsIntegrity_data() {
    QTest::addColumn<QString>("how");
    QTest::addColumn<bool>("exists");
    QTest::addColumn<QString>("phrase");
    QTest::newRow("read-only disk, existing store")
        << "ro-mount" << true << QStringLiteral("the store file %PATH is read-only");
    QTest::newRow("read-only disk, new store")
        << "ro-mount" << false
        << QStringLiteral("cannot create the store %PATH: its folder %FOLDER is not writable");
    QTest::newRow("immutable store file")
        << "immutable-file" << true << QStringLiteral("the store file %PATH is read-only");
    QTest::newRow("immutable folder, existing store")
        << "immutable-folder" << true
        << QStringLiteral("the folder %FOLDER of the store %PATH is not writable");
    QTest::newRow("immutable folder, new store")
        << "immutable-folder" << false
        << QStringLiteral("cannot create the store %PATH: its folder %FOLDER is not writable");
}

void TestStore::bug_readOnlyStoreSaidCheckItsIntegrity() {
    QFETCH(QString, how);
    QFETCH(bool, exists);
    QFETCH(QString, phrase);
    const QString folder = m_files.dir.filePath(QStringLiteral("ro-%1").arg(++m_files.count));
    QVERIFY(QDir().mkpath(folder));
    const QString path = folder + QStringLiteral("/crossgrade.sqlite");
    // Undone whatever happens, so the temporary folder can be removed.
    std::vector<QStringList> undo;
    const auto cleanup = qScopeGuard([&] {
        for (auto it = undo.rbegin(); it != undo.rend(); ++it)
            QProcess::execute(it->front(), it->mid(1));
    });
    const auto run = [](const QString& program, const QStringList& args) {
        QProcess p;
        p.start(program, args);
        return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit &&
               p.exitCode() == 0;
    };
    if (how == QLatin1String("ro-mount")) {
        if (!run(QStringLiteral("mount"), {"-t", "tmpfs", "-o", "size=4m", "tmpfs", folder}))
            QSKIP("cannot mount a tmpfs here (the test needs root in a namespace that may "
                  "mount)");
        undo.push_back({"umount", folder});
    }
    if (exists) {
        Store::open(path).addAudit(richAudit());
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    }
    if (how == QLatin1String("ro-mount")) {
        QVERIFY(run(QStringLiteral("mount"), {"-o", "remount,ro", folder}));
    } else {
        const QString target = how == QLatin1String("immutable-file") ? path : folder;
        if (!run(QStringLiteral("chattr"), {"+i", target}))
            QSKIP("chattr +i is not available here (needs root and a file system with the "
                  "immutable attribute)");
        undo.push_back({"chattr", "-i", target});
    }
    const QByteArray before = readBytes(path);

    const auto error = storeErrorFrom([&] { Store::open(path); });
    QVERIFY(error);
    QCOMPARE(error->kind(), StoreError::Kind::Io);
    const QString message = QString::fromStdString(error->what());
    QVERIFY2(message.contains(phrase.replace("%PATH", path).replace("%FOLDER", folder)),
             qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("integrity")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("Make the")), qPrintable(message));
    QCOMPARE(readBytes(path), before);
    QCOMPARE(QFile::exists(path), exists);
    QCOMPARE(storeConnections(), 0);
}

void TestStore::defaultPathIsInAppData() {
    const QString path = Store::defaultPath();
    QVERIFY2(path.endsWith(QLatin1String("/crossgrade/crossgrade.sqlite")), qPrintable(path));
    QVERIFY2(QDir::isAbsolutePath(path), qPrintable(path));
}

// Bug: the desktop application names an organisation (for its settings) and so looked
// for the default store elsewhere than the CLI; both must open the same one.
void TestStore::defaultStoreIsTheSameForCliAndApp() {
    const QString organisation = QCoreApplication::organizationName();
    const QString application = QCoreApplication::applicationName();
    QCoreApplication::setOrganizationName(QString());
    QCoreApplication::setApplicationName(QStringLiteral("crossgrade"));
    const QString cli = Store::defaultPath();
    QCoreApplication::setOrganizationName(QStringLiteral("Crossgrade"));
    const QString app = Store::defaultPath();
    QCoreApplication::setOrganizationName(organisation);
    QCoreApplication::setApplicationName(application);
    QCOMPARE(app, cli);
}

QTEST_GUILESS_MAIN(TestStore)
