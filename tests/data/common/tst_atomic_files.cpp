// data::StagedFiles, the one way Crossgrade writes a file (issue 20, class 2): whole or not at
// all on a full disk, several files together or none, a device written in place. The GUI's
// exports and recovery files use writeFileOrError, checked here on the same full tmpfs the CLI
// test (tst_full_disk) uses; mounting needs root, and the full-disk cases are skipped, saying
// why, where it is refused.

#include "atomic_files.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QProcess>
#include <QSaveFile>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>
#include <sys/sysmacros.h>

using namespace crossgrade;

namespace {

const QByteArray kOld = "the old contents\n";

bool writePlain(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size() &&
           f.flush();
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<cannot be read>");
}

QStringList filesIn(const QString& dir) {
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                               QDir::Name);
}

} // namespace

class TestAtomicFiles : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_disk;
    bool m_mounted = false;

    void fillDisk() {
        QFile filler(m_disk + "/.filler");
        QVERIFY(filler.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered));
        const QByteArray page(4096, 'f');
        while (filler.write(page) == page.size()) {
        }
        while (filler.write("f", 1) == 1) {
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_disk = m_dir.filePath("disk");
        QVERIFY(QDir().mkpath(m_disk));
        QProcess mount;
        mount.start("mount", {"-t", "tmpfs", "-o", "size=64k", "tmpfs", m_disk});
        mount.waitForFinished(20000);
        m_mounted = mount.exitStatus() == QProcess::NormalExit && mount.exitCode() == 0;
    }

    void cleanupTestCase() {
        if (m_mounted)
            QProcess::execute("umount", {m_disk});
    }

    void init() {
        for (const QString& f : filesIn(m_disk))
            QFile::remove(m_disk + "/" + f);
    }

    // The GUI's path (scenario export, chart export, recovery files): a small write on a full
    // disk is an error naming the file and the reason, and the old file stays.
    void bug_smallWriteOnFullDiskReportedSuccess() {
        if (!m_mounted)
            QSKIP("a 64 KiB tmpfs cannot be mounted here (the test needs root)");
        const QString target = m_disk + "/scenario.json";
        QVERIFY(writePlain(target, kOld));
        fillDisk();
        const QString error = data::writeFileOrError(target, "{\"schema\": \"x\"}\n");
        QVERIFY2(error.contains("cannot write " + target), qPrintable(error));
        QVERIFY2(error.contains("No space left on device"), qPrintable(error));
        QCOMPARE(readFile(target), kOld);
        QCOMPARE(filesIn(m_disk), (QStringList{".filler", "scenario.json"}));
    }

    // Three files staged, the disk full at the third: none appears, the old ones stay.
    void fullDiskPartWayStagesNothing() {
        if (!m_mounted)
            QSKIP("a 64 KiB tmpfs cannot be mounted here (the test needs root)");
        QVERIFY(writePlain(m_disk + "/a.txt", kOld));
        {
            data::StagedFiles files;
            files.stage(m_disk + "/a.txt", QByteArray(3000, 'a'));
            files.stage(m_disk + "/b.txt", QByteArray(3000, 'b'));
            fillDisk();
            QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                     files.stage(m_disk + "/c.txt", QByteArray(9000, 'c')));
        }
        QCOMPARE(readFile(m_disk + "/a.txt"), kOld);
        QCOMPARE(filesIn(m_disk), (QStringList{".filler", "a.txt"}));
    }

    // A streamed file (StagedFiles::open, for outputs too large to hold): nothing is in place
    // until commit(), then all of it is, however many buffers it took.
    void streamedFileAppearsWholeOnCommit() {
        const QString dir = m_dir.filePath("streamed");
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(writePlain(dir + "/out.csv", kOld));
        data::StagedFiles files;
        std::ostream& out = files.open(dir + "/out.csv", "--out");
        std::string expected;
        for (int i = 0; i < 100'000; ++i) { // 1.9 MB: many times the stream's buffer
            const std::string line = "row " + std::to_string(i) + ", some text\n";
            out << line;
            expected += line;
        }
        QCOMPARE(readFile(dir + "/out.csv"), kOld);
        files.commit();
        QCOMPARE(readFile(dir + "/out.csv"), QByteArray::fromStdString(expected));
        QCOMPARE(filesIn(dir), QStringList{"out.csv"});
    }

    // The disk fills while the stream is written: commit() names the file, the option and the
    // reason; the old file stays and no temporary is left, nor is a file staged beside it
    // renamed into place.
    void streamedFileOnFullDiskKeepsTheOldFile() {
        if (!m_mounted)
            QSKIP("a 64 KiB tmpfs cannot be mounted here (the test needs root)");
        QVERIFY(writePlain(m_disk + "/out.json", kOld));
        data::StagedFiles files;
        files.stage(m_disk + "/beside.txt", QByteArray("beside\n"));
        std::ostream& out = files.open(m_disk + "/out.json", "--out");
        const std::string chunk(1000, 'x');
        for (int i = 0; i < 200; ++i) // 200 kB into a 64 kB disk
            out << chunk;
        QVERIFY(!out.good());
        try {
            files.commit();
            QFAIL("commit() succeeded on a full disk");
        } catch (const std::runtime_error& e) {
            const QString error = QString::fromStdString(e.what());
            QVERIFY2(error.startsWith("--out: cannot write " + m_disk + "/out.json"),
                     qPrintable(error));
            QVERIFY2(error.contains("No space left on device"), qPrintable(error));
        }
        QCOMPARE(readFile(m_disk + "/out.json"), kOld);
        QCOMPARE(filesIn(m_disk), QStringList{"out.json"});
    }

    // A device (--out /dev/null) is streamed into in place and stays a device.
    void streamedDeviceWrittenInPlace() {
        const QString null = m_dir.filePath("null-streamed");
        if (::mknod(QFile::encodeName(null).constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            QSKIP("cannot make a device node here (the test needs root)");
        data::StagedFiles files;
        files.open(null) << std::string(200'000, 'd');
        files.commit();
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(null).constData(), &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
    }

    // A rename that fails after others succeeded puts the replaced files back and removes the
    // new ones: the set appears whole or not at all.
    void failedRenameRestoresTheOthers() {
        const QString dir = m_dir.filePath("set");
        QVERIFY(QDir().mkpath(dir + "/inner"));
        QVERIFY(writePlain(dir + "/a.txt", kOld));
        {
            data::StagedFiles files;
            files.stage(dir + "/a.txt", QByteArray("new a\n"));
            files.stage(dir + "/new.txt", QByteArray("new file\n"));
            files.stage(dir + "/inner/b.txt", QByteArray("new b\n"));
            // b's folder moves away after staging: its rename is the one that fails.
            QVERIFY(QDir().rename(dir + "/inner", dir + "/moved"));
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, files.commit());
        }
        QCOMPARE(readFile(dir + "/a.txt"), kOld);
        QCOMPARE(filesIn(dir), QStringList{"a.txt"}); // no new.txt, no backup link, no temporary
        QCOMPARE(filesIn(dir + "/moved"), QStringList{});
    }

    void severalFilesCommittedTogether() {
        const QString dir = m_dir.filePath("together");
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(writePlain(dir + "/a.txt", kOld));
        data::StagedFiles files;
        files.stage(dir + "/a.txt", QByteArray("new a\n"));
        files.stage(dir + "/b.txt", std::string("new b\n"));
        QCOMPARE(readFile(dir + "/a.txt"), kOld); // nothing is in place before commit()
        files.commit();
        QCOMPARE(readFile(dir + "/a.txt"), QByteArray("new a\n"));
        QCOMPARE(readFile(dir + "/b.txt"), QByteArray("new b\n"));
        QCOMPARE(filesIn(dir), (QStringList{"a.txt", "b.txt"}));
    }

    // --out /dev/null: QSaveFile would rename a plain file over the device (as root). A device
    // is written in place and stays a device.
    void bug_deviceTargetReplacedByAPlainFile() {
        const QString null = m_dir.filePath("null");
        if (::mknod(QFile::encodeName(null).constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            QSKIP("cannot make a device node here (the test needs root)");
        data::writeFileAtomically(null, QByteArray("discarded\n"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(null).constData(), &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
    }

    void folderAsTargetNamesIt() {
        const QString error = data::writeFileOrError(m_dir.path(), "x");
        QVERIFY2(error.contains("it is a folder"), qPrintable(error));
    }
};

QTEST_MAIN(TestAtomicFiles)
#include "tst_atomic_files.moc"
