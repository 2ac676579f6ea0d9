// Recovery after a crash (docs/desktop.md, "Recovery after a crash"), offscreen: an edit is
// kept in a recovery file after the debounce, once per settled edit; saving, undoing to the
// saved state, discarding, replacing the document and a clean quit remove it; a file a crashed
// window left is offered by the next window of the same store — restored as an unsaved document
// with its origin, discarded, or kept for later — while a running window's file, another
// store's file and a damaged file are not restored (the damaged one is named and kept). The
// last case crashes a real process (SIGKILL) and restores what it left.

#include "document_recovery.h"
#include "main_window.h"
#include "message_bar.h"
#include "process_identity.h"
#include "recovery_dialog.h"
#include "recovery_file.h"
#include "recovery_folder.h"
#include "samples.h"
#include "scenario_document.h"
#include "scenario_json.h"
#include "test_files.h"
#include "whatif.h"
#include "whatif_panel.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace std::chrono_literals;

namespace {

// Two windows of the tests: this one runs, the other one crashed — as the injected probe says.
const ProcessIdentity kThisWindow{4000001, QStringLiteral("this-machine"), QStringLiteral("b:1")};
const ProcessIdentity kCrashedWindow{4000002, QStringLiteral("this-machine"),
                                     QStringLiteral("b:2")};

bool onlyThisWindowRuns(const ProcessIdentity& p) {
    return p == kThisWindow;
}

model::Scenario withAmdDiscount(model::Scenario s, double discount) {
    return model::withKnob(std::move(s), model::WhatIfKnob::AmdDiscount, discount);
}

QString editAmdDiscount(ScenarioDocument* doc, double discount) {
    return doc->edit(QStringLiteral("AMD purchase discount"),
                     [&](model::Scenario& s) { s = withAmdDiscount(std::move(s), discount); });
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

RecoveryReadResult readRecovery(const QString& path) {
    const QByteArray text = readAll(path);
    return readRecoveryFile(std::string_view(text.constData(), std::size_t(text.size())));
}

QStringList jsonFiles(const QString& folder) {
    return QDir(folder).entryList({QStringLiteral("*.json")}, QDir::Files);
}

// The answers a test gives to the offers, and what it was offered.
struct PromptLog {
    QList<RecoveryChoice> answers;
    std::vector<RecoveryOffer> offers;

    MainWindow::RecoveryPrompt prompt() {
        return [this](const RecoveryOffer& offer) {
            offers.push_back(offer);
            return answers.isEmpty() ? RecoveryChoice::Later : answers.takeFirst();
        };
    }
};

} // namespace

class TestRecovery : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    // The file format and the process check.
    void fileRoundTrip_data();
    void fileRoundTrip();
    void readReportsWhatIsWrong_data();
    void readReportsWhatIsWrong();
    void processCheck();
    void foldersAreKeptPerStore();

    // Keeping the open document.
    void anEditIsKeptAfterTheDebounce();
    void aSliderDragIsWrittenOnce();
    void savingRemovesTheFile();
    void undoingToTheSavedStateRemovesTheFile();
    void discardingOnCloseRemovesTheFile();
    void replacingTheDocumentRemovesTheFile();
    void aCleanQuitLeavesNoFile();
    void aWriteFailureIsShownOnceAndEditingGoesOn();

    // Offering what a crashed window left.
    void aCrashedWindowsFileIsRestored();
    void aRestoredDocumentSavesAsTheNextVersion();
    void aRestoredFileDocumentKeepsItsFile();
    void workWhoseFileIsGoneIsRestoredUnsaved();
    void discardDeletesAndOffersTheNext();
    void laterKeepsTheFileForTheNextStart();
    void aRunningWindowsFileIsNotOffered();
    void anotherStoresFileIsNotOffered();
    void aDamagedFileIsNamedAndKept();
    void aNewerCrossgradesFileIsNamedAndKept();
    void twoWindowsCannotRestoreTheSameFile();

    void theDialogOffersTheChoices();
    void aRealCrashIsRecovered();

private:
    // A window on `storePath` (the test's store by default) keeping its recovery files under
    // the test's folder; `writer` is who it says it is.
    std::unique_ptr<MainWindow> openWindow(const ProcessIdentity& writer = kThisWindow,
                                           const QString& storePath = {});
    // What a window that crashed after editing the demo leaves: its window is destroyed, then
    // its file is put back as the crash would have left it. Returns the file and the edited
    // scenario.
    std::pair<QString, model::Scenario> leaveCrashedDemoEdit(double amdDiscount);
    QString folderPath(const QString& storePath = {}) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_root;
    QString m_store;
    std::unique_ptr<Settings> m_settings;
    PromptLog m_log;
};

void TestRecovery::init() {
    QApplication::setQuitOnLastWindowClosed(false); // a window closed in a test quits nothing
    m_dir = std::make_unique<QTemporaryDir>();
    m_root = m_dir->filePath("recovery");
    m_store = m_dir->filePath("store.sqlite");
    (void)data::openStoreSeededIfNew(m_store);
    m_settings = std::make_unique<Settings>(m_dir->filePath("settings.ini"));
    m_log = {};
}

void TestRecovery::cleanup() {
    m_settings.reset();
    m_dir.reset();
}

std::unique_ptr<MainWindow> TestRecovery::openWindow(const ProcessIdentity& writer,
                                                     const QString& storePath) {
    auto window = std::make_unique<MainWindow>(
        data::Store::open(storePath.isEmpty() ? m_store : storePath), m_settings.get());
    window->setUnsavedChangesPrompt(
        [](const QString&) { return MainWindow::UnsavedChoice::Discard; });
    window->setRecoveryPrompt(m_log.prompt());
    RecoveryOptions options;
    options.root = m_root;
    options.debounce = 20ms;
    options.writer = writer;
    options.isRunning = onlyThisWindowRuns;
    window->enableRecovery(options);
    window->show();
    return window;
}

QString TestRecovery::folderPath(const QString& storePath) const {
    return RecoveryFolder(m_root, storePath.isEmpty() ? m_store : storePath).path();
}

std::pair<QString, model::Scenario> TestRecovery::leaveCrashedDemoEdit(double amdDiscount) {
    auto crashed = openWindow(kCrashedWindow);
    if (!crashed->openDemo())
        qFatal("the demo scenario does not open");
    QSignalSpy written(crashed->recovery(), &DocumentRecovery::written);
    if (!editAmdDiscount(crashed->document(), amdDiscount).isEmpty() || !written.wait(5000))
        qFatal("the crashed window wrote no recovery file");
    const QString path = crashed->recovery()->filePath();
    const QByteArray left = readAll(path);
    const model::Scenario edited = crashed->document()->scenario();
    crashed.reset(); // a window closed removes its file…
    if (QFile::exists(path))
        qFatal("a closed window left its recovery file");
    testing::writeFile(path, left); // …a crash would not have
    return {path, edited};
}

// ---------------------------------------------------------------------------------------------
// The file format and the process check

void TestRecovery::fileRoundTrip_data() {
    QTest::addColumn<std::optional<std::int64_t>>("scenarioId");
    QTest::addColumn<std::optional<int>>("version");
    QTest::addColumn<QString>("fileName");
    QTest::newRow("stored") << std::optional<std::int64_t>(7) << std::optional<int>(3) << QString();
    QTest::newRow("file") << std::optional<std::int64_t>() << std::optional<int>()
                          << QStringLiteral("/home/a/scenarios/été.json");
    QTest::newRow("new") << std::optional<std::int64_t>() << std::optional<int>() << QString();
}

void TestRecovery::fileRoundTrip() {
    QFETCH(std::optional<std::int64_t>, scenarioId);
    QFETCH(std::optional<int>, version);
    QFETCH(QString, fileName);
    RecoverySnapshot snapshot;
    snapshot.header.storePath = QStringLiteral("/data/crossgrade.sqlite");
    snapshot.header.writer = kCrashedWindow;
    snapshot.header.savedAt = QDateTime(QDate(2026, 12, 2), QTime(14, 32, 5, 120), Qt::UTC);
    snapshot.header.origin = {scenarioId, version, fileName};
    snapshot.header.title = QStringLiteral("Large model inference (version 3)");
    snapshot.header.appVersion = QStringLiteral("0.1.0");
    snapshot.scenario =
        withAmdDiscount(*data::readScenario(data::sampleScenarios().front().text).scenario, 0.42);
    snapshot.scenario.seed = 18446744073709551557ull; // above 2^53: must survive exactly

    const std::string text = writeRecoveryFile(snapshot);
    const RecoveryReadResult read = readRecoveryFile(text);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QVERIFY(read.header == snapshot.header);
    QVERIFY(*read.scenario == snapshot.scenario);
    // The embedded scenario is the exchange format as the scenario writer writes it.
    const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    QCOMPARE(root.value("scenario").toObject().value("schema").toString(),
             QStringLiteral("crossgrade.scenario/1"));
}

void TestRecovery::readReportsWhatIsWrong_data() {
    RecoverySnapshot snapshot;
    snapshot.header.storePath = QStringLiteral("/data/crossgrade.sqlite");
    snapshot.header.writer = kCrashedWindow;
    snapshot.header.savedAt = QDateTime::currentDateTimeUtc();
    snapshot.header.title = QStringLiteral("Demo");
    snapshot.scenario = *data::readScenario(data::sampleScenarios().front().text).scenario;
    const QJsonObject good =
        QJsonDocument::fromJson(QByteArray::fromStdString(writeRecoveryFile(snapshot))).object();
    auto changed = [&](const std::function<void(QJsonObject&)>& change) {
        QJsonObject o = good;
        change(o);
        return QJsonDocument(o).toJson();
    };

    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("headerReads");
    QTest::addColumn<QString>("expected");
    QTest::newRow("cut short") << QByteArray(QJsonDocument(good).toJson().left(300)) << false
                               << "not JSON";
    QTest::newRow("not an object") << QByteArray("[1, 2]") << false << ": expected a JSON object";
    QTest::newRow("newer schema") << changed([](QJsonObject& o) {
        o["schema"] = "crossgrade.recovery/2";
    }) << false << "/schema: expected \"crossgrade.recovery/1\", found \"crossgrade.recovery/2\"";
    QTest::newRow("no writer") << changed([](QJsonObject& o) { o.remove("writer"); }) << false
                               << "/writer: expected an object";
    QTest::newRow("pid not a number") << changed([](QJsonObject& o) {
        QJsonObject w = o["writer"].toObject();
        w["pid"] = "12";
        o["writer"] = w;
    }) << false << "/writer/pid: expected an integer";
    QTest::newRow("bad time") << changed([](QJsonObject& o) { o["saved_at"] = "yesterday"; })
                              << false << "/saved_at: expected an ISO 8601 date and time";
    QTest::newRow("no scenario") << changed([](QJsonObject& o) { o.remove("scenario"); }) << true
                                 << "/scenario: expected the scenario as a JSON object";
    QTest::newRow("scenario out of range") << changed([](QJsonObject& o) {
        QJsonObject s = o["scenario"].toObject();
        s["horizon_months"] = 0;
        o["scenario"] = s;
    }) << true << "/scenario/horizon_months:";
}

void TestRecovery::readReportsWhatIsWrong() {
    QFETCH(QByteArray, text);
    QFETCH(bool, headerReads);
    QFETCH(QString, expected);
    const RecoveryReadResult read =
        readRecoveryFile(std::string_view(text.constData(), std::size_t(text.size())));
    QVERIFY(!read.ok());
    QVERIFY2(read.error.contains(expected), qPrintable(read.error));
    QCOMPARE(read.header.has_value(), headerReads);
    if (headerReads)
        QCOMPARE(read.header->title, QStringLiteral("Demo")); // still named in the offer
}

void TestRecovery::processCheck() {
    const ProcessIdentity self = ProcessIdentity::current();
    QCOMPARE(self.pid, QCoreApplication::applicationPid());
    QVERIFY(isProcessRunning(self));

    QProcess child;
    child.start(QStringLiteral("true"), {});
    QVERIFY(child.waitForStarted());
    ProcessIdentity gone = self;
    gone.pid = child.processId();
    QVERIFY(child.waitForFinished()); // and reaped: no zombie stays behind
    QVERIFY(!isProcessRunning(gone));

#ifdef Q_OS_LINUX
    QVERIFY(!self.start.isEmpty());
    ProcessIdentity reused = self; // our pid, but another process's start time: a reused pid
    reused.start += QLatin1Char('1');
    QVERIFY(!isProcessRunning(reused));
    ProcessIdentity rebooted = self;
    rebooted.start = QStringLiteral("another-boot:") + self.start.section(QLatin1Char(':'), 1);
    QVERIFY(!isProcessRunning(rebooted));
#endif
    // Another machine's process cannot be asked: it counts as running, never offered.
    ProcessIdentity elsewhere = gone;
    elsewhere.host = QStringLiteral("not-") + self.host;
    QVERIFY(isProcessRunning(elsewhere));
    QVERIFY(!isProcessRunning(ProcessIdentity{}));
}

void TestRecovery::foldersAreKeptPerStore() {
    const RecoveryFolder a(m_root, m_store);
    QCOMPARE(a.storePath(), QFileInfo(m_store).canonicalFilePath());
    QVERIFY(a.path().startsWith(m_root + QLatin1Char('/')));
    // Another spelling of the same store (through a symlink) shares its folder.
    const QString link = m_dir->filePath("link.sqlite");
    QVERIFY(QFile::link(m_store, link));
    QCOMPARE(RecoveryFolder(m_root, link).path(), a.path());
    QVERIFY(RecoveryFolder(m_root, m_dir->filePath("other.sqlite")).path() != a.path());
    QVERIFY(a.newFilePath() != a.newFilePath());
    QVERIFY(RecoveryFolder::defaultRoot().endsWith(QStringLiteral("/recovery")));
}

// ---------------------------------------------------------------------------------------------
// Keeping the open document

void TestRecovery::anEditIsKeptAfterTheDebounce() {
    auto window = openWindow();
    QVERIFY(window->openDemo());
    ScenarioDocument* doc = window->document();
    const QString path = window->recovery()->filePath();
    QVERIFY(path.startsWith(folderPath()));
    QVERIFY(!window->recovery()->isWritePending()); // nothing unsaved yet

    QVERIFY(editAmdDiscount(doc, 0.42).isEmpty());
    QVERIFY(window->recovery()->isWritePending());
    QVERIFY(!QFile::exists(path)); // not on the edit itself: after the debounce
    QTRY_VERIFY(QFile::exists(path));
    window->recovery()->waitForIdle();

    const RecoveryReadResult read = readRecovery(path);
    QVERIFY2(read.ok(), qPrintable(read.error));
    QCOMPARE(read.scenario->amd_discount.mostLikely(), 0.42);
    QVERIFY(*read.scenario == doc->scenario());
    QCOMPARE(read.header->origin.scenarioId, doc->storedScenarioId());
    QCOMPARE(read.header->origin.version, doc->storedVersion());
    QCOMPARE(read.header->origin.kind(), RecoveryOrigin::Kind::Stored);
    QVERIFY(read.header->writer == kThisWindow);
    QCOMPARE(read.header->storePath, QFileInfo(m_store).canonicalFilePath());
    QCOMPARE(read.header->title, doc->title());
    QVERIFY(qAbs(read.header->savedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);

    // The next edit rewrites the same file.
    QSignalSpy written(window->recovery(), &DocumentRecovery::written);
    QVERIFY(editAmdDiscount(doc, 0.30).isEmpty());
    QVERIFY(written.wait(5000));
    QCOMPARE(written.first().first().toString(), path);
    QCOMPARE(readRecovery(path).scenario->amd_discount.mostLikely(), 0.30);
    QCOMPARE(jsonFiles(folderPath()).size(), 1);
}

void TestRecovery::aSliderDragIsWrittenOnce() {
    auto window = openWindow();
    QVERIFY(window->openDemo());
    QSignalSpy written(window->recovery(), &DocumentRecovery::written);
    QSlider* slider = window->whatIfPanel()->slider(model::WhatIfKnob::AmdDiscount);
    QVERIFY(slider);
    slider->setSliderDown(true);
    for (int step = 1; step <= 20; ++step)
        slider->setValue(slider->minimum() + step * (slider->maximum() - slider->minimum()) / 40);
    slider->setSliderDown(false);
    QCOMPARE(written.count(), 0); // not one write per step
    QVERIFY(written.wait(5000));
    window->recovery()->waitForIdle();
    QCOMPARE(written.count(), 1);
    QVERIFY(!window->recovery()->isWritePending()); // and none to come
    QVERIFY(*readRecovery(window->recovery()->filePath()).scenario ==
            window->document()->scenario());
}

void TestRecovery::savingRemovesTheFile() {
    auto window = openWindow();
    QVERIFY(window->openDemo());
    QVERIFY(editAmdDiscount(window->document(), 0.42).isEmpty());
    const QString path = window->recovery()->filePath();
    QTRY_VERIFY(QFile::exists(path));
    QVERIFY(window->saveVersion(QStringLiteral("kept")));
    window->recovery()->waitForIdle();
    QVERIFY(!QFile::exists(path));
    QVERIFY(!window->recovery()->isWritePending());

    // Saved before the debounce passed: no file is written at all.
    QSignalSpy written(window->recovery(), &DocumentRecovery::written);
    QVERIFY(editAmdDiscount(window->document(), 0.30).isEmpty());
    QVERIFY(window->saveVersion());
    QVERIFY(!window->recovery()->isWritePending());
    window->recovery()->waitForIdle();
    QCOMPARE(written.count(), 0);
    QVERIFY(jsonFiles(folderPath()).isEmpty());
}

void TestRecovery::undoingToTheSavedStateRemovesTheFile() {
    auto window = openWindow();
    QVERIFY(window->openDemo());
    ScenarioDocument* doc = window->document();
    QVERIFY(editAmdDiscount(doc, 0.42).isEmpty());
    QVERIFY(editAmdDiscount(doc, 0.30).isEmpty());
    const QString path = window->recovery()->filePath();
    QTRY_VERIFY(QFile::exists(path));
    doc->undoStack()->undo();
    QVERIFY(doc->isModified());
    QTRY_COMPARE(readRecovery(path).scenario->amd_discount.mostLikely(), 0.42);
    doc->undoStack()->undo(); // back to the saved state
    QVERIFY(!doc->isModified());
    window->recovery()->waitForIdle();
    QVERIFY(!QFile::exists(path));
    doc->undoStack()->redo(); // unsaved again
    QTRY_VERIFY(QFile::exists(path));
}

void TestRecovery::discardingOnCloseRemovesTheFile() {
    auto window = openWindow();
    QVERIFY(window->openDemo());
    QVERIFY(editAmdDiscount(window->document(), 0.42).isEmpty());
    const QString path = window->recovery()->filePath();
    QTRY_VERIFY(QFile::exists(path));

    int asked = 0;
    window->setUnsavedChangesPrompt([&](const QString&) {
        ++asked;
        return MainWindow::UnsavedChoice::Cancel;
    });
    QVERIFY(!window->closeDocument()); // kept open: the file stays
    window->recovery()->waitForIdle();
    QVERIFY(QFile::exists(path));
    window->setUnsavedChangesPrompt([&](const QString&) {
        ++asked;
        return MainWindow::UnsavedChoice::Discard;
    });
    QVERIFY(window->closeDocument());
    QCOMPARE(asked, 2);
    window->recovery()->waitForIdle();
    QVERIFY(!QFile::exists(path));
}

void TestRecovery::replacingTheDocumentRemovesTheFile() {
    auto window = openWindow();
    QVERIFY(window->openDemo());
    const std::int64_t demo = *window->document()->storedScenarioId();
    QVERIFY(editAmdDiscount(window->document(), 0.42).isEmpty());
    QTRY_COMPARE(jsonFiles(folderPath()).size(), 1);
    std::int64_t other = 0;
    for (const data::ScenarioSummary& s : window->store().scenarios())
        if (s.id != demo)
            other = s.id;
    QVERIFY(window->openStoredScenario(other)); // the user chose Discard
    window->recovery()->waitForIdle();
    QVERIFY(jsonFiles(folderPath()).isEmpty());
    QVERIFY(!window->recovery()->isWritePending()); // the new document has nothing unsaved
}

void TestRecovery::aCleanQuitLeavesNoFile() {
    auto window = openWindow();
    QVERIFY(window->openDemo());
    QVERIFY(editAmdDiscount(window->document(), 0.42).isEmpty());
    QTRY_COMPARE(jsonFiles(folderPath()).size(), 1);
    window.reset();
    QVERIFY(jsonFiles(folderPath()).isEmpty());

    // Quitting through the window's close (the user chose Discard) removes it at once.
    window = openWindow();
    QVERIFY(window->openDemo());
    QVERIFY(editAmdDiscount(window->document(), 0.42).isEmpty());
    QTRY_COMPARE(jsonFiles(folderPath()).size(), 1);
    QVERIFY(window->close());
    window->recovery()->waitForIdle();
    QVERIFY(jsonFiles(folderPath()).isEmpty());
}

void TestRecovery::aWriteFailureIsShownOnceAndEditingGoesOn() {
    // The recovery root is a file: no folder can be made under it.
    m_root = m_dir->filePath("not-a-folder");
    testing::writeFile(m_root, "x");
    auto window = openWindow();
    QVERIFY(window->openDemo());
    ScenarioDocument* doc = window->document();
    QSignalSpy failed(window->recovery(), &DocumentRecovery::failed);
    QVERIFY(editAmdDiscount(doc, 0.42).isEmpty());
    QVERIFY(failed.wait(5000));
    QVERIFY(window->messageBar()->isVisible());
    QCOMPARE(window->messageBar()->kind(), MessageBar::Kind::Error);
    const QString message = window->messageBar()->text();
    QVERIFY2(message.contains("not being kept for recovery"), qPrintable(message));
    QVERIFY2(message.contains("not-a-folder"), qPrintable(message));

    window->messageBar()->hide();
    QVERIFY(editAmdDiscount(doc, 0.30).isEmpty());
    QTRY_VERIFY(!window->recovery()->isWritePending());
    window->recovery()->waitForIdle();
    QCOMPARE(failed.count(), 1); // said once
    QVERIFY(!window->messageBar()->isVisible());
    QCOMPARE(doc->scenario().amd_discount.mostLikely(), 0.30); // editing went on
    QCOMPARE(doc->undoStack()->count(), 2);
    QVERIFY(window->saveVersion());
}

// ---------------------------------------------------------------------------------------------
// Offering what a crashed window left

void TestRecovery::aCrashedWindowsFileIsRestored() {
    const auto [left, edited] = leaveCrashedDemoEdit(0.42);
    auto window = openWindow();
    m_log.answers = {RecoveryChoice::Restore};
    QVERIFY(window->offerRecovery());

    QCOMPARE(m_log.offers.size(), std::size_t(1));
    const RecoveryOffer& offer = m_log.offers.front();
    QVERIFY(offer.restorable());
    QCOMPARE(offer.filePath, left);
    QCOMPARE(offer.scenarioName(), QString::fromStdString(edited.name));
    QCOMPARE(offer.originText(), QStringLiteral("stored scenario, version 1"));
    QVERIFY2(offer.lastEditedText().endsWith(QStringLiteral("(just now)")),
             qPrintable(offer.lastEditedText()));

    ScenarioDocument* doc = window->document();
    QVERIFY(doc);
    QVERIFY(doc->isModified());
    QVERIFY(window->isWindowModified());
    QVERIFY(doc->scenario() == edited);
    QCOMPARE(doc->scenario().amd_discount.mostLikely(), 0.42);
    // Its origin: the stored demo at version 1, which is also its baseline (and Undo's end).
    QVERIFY(doc->storedScenarioId());
    QCOMPARE(doc->storedScenarioId(), offer.header->origin.scenarioId);
    QCOMPARE(doc->storedVersion(), std::optional<int>(1));
    QVERIFY(window->store().scenarioVersion(*doc->storedScenarioId(), 1) == doc->baseline());
    QVERIFY(!(doc->baseline() == doc->scenario()));
    QCOMPARE(window->messageBar()->kind(), MessageBar::Kind::Notice);
    QVERIFY(window->messageBar()->text().contains("Restored the unsaved changes"));

    // The file is this window's now: taken over, rewritten with this window as its writer.
    window->recovery()->waitForIdle();
    QVERIFY(!QFile::exists(left));
    const QString mine = window->recovery()->filePath();
    const RecoveryReadResult rewritten = readRecovery(mine);
    QVERIFY2(rewritten.ok(), qPrintable(rewritten.error));
    QVERIFY(rewritten.header->writer == kThisWindow);
    QVERIFY(*rewritten.scenario == edited);
    QCOMPARE(jsonFiles(folderPath()).size(), 1);

    // Undo goes back to the saved version, which needs no recovery.
    doc->undoStack()->undo();
    QVERIFY(!doc->isModified());
    QVERIFY(doc->scenario() == doc->baseline());
    window->recovery()->waitForIdle();
    QVERIFY(jsonFiles(folderPath()).isEmpty());
}

void TestRecovery::aRestoredDocumentSavesAsTheNextVersion() {
    const auto [left, edited] = leaveCrashedDemoEdit(0.42);
    auto window = openWindow();
    m_log.answers = {RecoveryChoice::Restore};
    QVERIFY(window->offerRecovery());
    const std::int64_t id = *window->document()->storedScenarioId();
    const auto versions = window->store().versions(id).size();
    QVERIFY(window->saveVersion(QStringLiteral("recovered")));
    QCOMPARE(window->store().versions(id).size(), versions + 1);
    QVERIFY(window->store().scenarioVersion(id) == edited);
    QCOMPARE(window->document()->storedVersion(), std::optional<int>(int(versions) + 1));
    window->recovery()->waitForIdle();
    QVERIFY(jsonFiles(folderPath()).isEmpty());
}

void TestRecovery::aRestoredFileDocumentKeepsItsFile() {
    const QString scenarioFile = m_dir->filePath("mine.json");
    testing::writeFile(scenarioFile,
                       QByteArray::fromStdString(data::sampleScenarios().back().text));
    model::Scenario edited;
    {
        auto crashed = openWindow(kCrashedWindow);
        crashed->importFiles({scenarioFile});
        crashed->waitForImport();
        QVERIFY(crashed->document());
        QVERIFY(editAmdDiscount(crashed->document(), 0.25).isEmpty());
        QTRY_COMPARE(jsonFiles(folderPath()).size(), 1);
        crashed->recovery()->waitForIdle();
        edited = crashed->document()->scenario();
        const QString path = crashed->recovery()->filePath();
        const QByteArray left = readAll(path);
        crashed.reset();
        testing::writeFile(path, left);
    }
    auto window = openWindow();
    m_log.answers = {RecoveryChoice::Restore};
    QVERIFY(window->offerRecovery());
    QCOMPARE(m_log.offers.front().originText(),
             QStringLiteral("the file %1").arg(QDir::toNativeSeparators(scenarioFile)));
    ScenarioDocument* doc = window->document();
    QCOMPARE(doc->fileName(), scenarioFile);
    QVERIFY(!doc->storedScenarioId());
    QVERIFY(doc->isModified());
    QVERIFY(doc->scenario() == edited);
    QVERIFY(doc->baseline() == *data::readScenario(data::sampleScenarios().back().text).scenario);
}

void TestRecovery::workWhoseFileIsGoneIsRestoredUnsaved() {
    const QString scenarioFile = m_dir->filePath("gone.json");
    testing::writeFile(scenarioFile,
                       QByteArray::fromStdString(data::sampleScenarios().back().text));
    {
        auto crashed = openWindow(kCrashedWindow);
        crashed->importFiles({scenarioFile});
        crashed->waitForImport();
        QVERIFY(editAmdDiscount(crashed->document(), 0.25).isEmpty());
        QTRY_COMPARE(jsonFiles(folderPath()).size(), 1);
        crashed->recovery()->waitForIdle();
        const QString path = crashed->recovery()->filePath();
        const QByteArray left = readAll(path);
        crashed.reset();
        testing::writeFile(path, left);
    }
    QVERIFY(QFile::remove(scenarioFile));
    auto window = openWindow();
    m_log.answers = {RecoveryChoice::Restore};
    QVERIFY(window->offerRecovery());
    ScenarioDocument* doc = window->document();
    QVERIFY(doc->isModified());
    QCOMPARE(doc->scenario().amd_discount.mostLikely(), 0.25);
    QCOMPARE(doc->undoStack()->count(), 0); // nothing to undo back to…
    QVERIFY(!doc->undoStack()->isClean());  // …and still unsaved
    QVERIFY(window->saveVersion());
    QVERIFY(!doc->isModified());
}

void TestRecovery::discardDeletesAndOffersTheNext() {
    const auto [older, olderEdit] = leaveCrashedDemoEdit(0.20);
    // The second crash a little later: its file is newer and offered first.
    RecoveryReadResult second = readRecovery(older);
    QVERIFY(second.ok());
    RecoverySnapshot newer{*second.header, withAmdDiscount(*second.scenario, 0.33)};
    newer.header.savedAt = second.header->savedAt.addSecs(60);
    const QString newerPath = RecoveryFolder(m_root, m_store).newFilePath();
    QVERIFY(RecoveryFolder::write(newerPath, newer).isEmpty());

    auto window = openWindow();
    m_log.answers = {RecoveryChoice::Discard, RecoveryChoice::Restore};
    QVERIFY(window->offerRecovery());
    QCOMPARE(m_log.offers.size(), std::size_t(2));
    QCOMPARE(m_log.offers[0].filePath, newerPath);
    QCOMPARE(m_log.offers[1].filePath, older);
    QVERIFY(!QFile::exists(newerPath));
    QCOMPARE(window->document()->scenario().amd_discount.mostLikely(), 0.20);
}

void TestRecovery::laterKeepsTheFileForTheNextStart() {
    const auto [left, edited] = leaveCrashedDemoEdit(0.42);
    {
        auto window = openWindow();
        m_log.answers = {RecoveryChoice::Later};
        QVERIFY(!window->offerRecovery());
        QVERIFY(!window->document());
        QVERIFY(window->isStartViewShown());
    }
    QVERIFY(QFile::exists(left));
    auto next = openWindow();
    m_log.answers = {RecoveryChoice::Discard};
    QVERIFY(!next->offerRecovery());
    QCOMPARE(m_log.offers.size(), std::size_t(2)); // asked again at the next start
    QVERIFY(!QFile::exists(left));
    QVERIFY(!next->document());
    auto third = openWindow();
    QVERIFY(!third->offerRecovery());
    QCOMPARE(m_log.offers.size(), std::size_t(2)); // discarded for good
}

void TestRecovery::aRunningWindowsFileIsNotOffered() {
    // Two windows of the same store, both running (the real process check): neither is
    // offered the other's work.
    RecoveryOptions options;
    options.root = m_root;
    options.debounce = 20ms;
    auto first = std::make_unique<MainWindow>(data::Store::open(m_store), m_settings.get());
    first->enableRecovery(options);
    QVERIFY(first->openDemo());
    QVERIFY(editAmdDiscount(first->document(), 0.42).isEmpty());
    QTRY_COMPARE(jsonFiles(folderPath()).size(), 1);
    first->recovery()->waitForIdle();

    auto second = std::make_unique<MainWindow>(data::Store::open(m_store), m_settings.get());
    second->enableRecovery(options);
    second->setRecoveryPrompt(m_log.prompt());
    QVERIFY(!second->offerRecovery());
    QVERIFY(m_log.offers.empty());
    QCOMPARE(jsonFiles(folderPath()).size(), 1);

    // The same with the injected probe: a window it says is running keeps its file.
    const auto [left, edited] = leaveCrashedDemoEdit(0.30);
    auto third = openWindow(kThisWindow);
    third->setRecoveryPrompt(m_log.prompt());
    RecoveryOptions crashedRuns;
    crashedRuns.root = m_root;
    crashedRuns.isRunning = [](const ProcessIdentity&) {
        return true;
    };
    third->enableRecovery(crashedRuns);
    QVERIFY(!third->offerRecovery());
    QVERIFY(m_log.offers.empty());
    QVERIFY(QFile::exists(left));
}

void TestRecovery::anotherStoresFileIsNotOffered() {
    const auto [left, edited] = leaveCrashedDemoEdit(0.42);
    const QString otherStore = m_dir->filePath("other.sqlite");
    (void)data::openStoreSeededIfNew(otherStore);
    auto other = openWindow(kThisWindow, otherStore);
    QVERIFY(!other->offerRecovery());
    QVERIFY(m_log.offers.empty());
    QVERIFY(QFile::exists(left));

    // A file in this store's folder that names another store (moved there by hand) is not
    // this store's work either.
    RecoveryReadResult read = readRecovery(left);
    RecoverySnapshot foreign{*read.header, *read.scenario};
    foreign.header.storePath = QFileInfo(m_store).canonicalFilePath();
    QVERIFY(
        RecoveryFolder::write(RecoveryFolder(m_root, otherStore).newFilePath(), foreign).isEmpty());
    QVERIFY(!other->offerRecovery());
    QVERIFY(m_log.offers.empty());
}

void TestRecovery::aDamagedFileIsNamedAndKept() {
    const QString damaged = QDir(folderPath()).filePath("damaged.json");
    testing::writeFile(damaged, "{\"schema\": \"crossgrade.recovery/1\", \"title\": ");
    auto window = openWindow();
    m_log.answers = {RecoveryChoice::Restore}; // ignored: it cannot be restored
    QVERIFY(!window->offerRecovery());
    QCOMPARE(m_log.offers.size(), std::size_t(1));
    QVERIFY(!m_log.offers.front().restorable());
    QVERIFY(!window->document());
    QVERIFY(QFile::exists(damaged)); // kept
    QCOMPARE(window->messageBar()->kind(), MessageBar::Kind::Error);
    const QString message = window->messageBar()->text();
    QVERIFY2(message.contains(QDir::toNativeSeparators(damaged) + ":byte "), qPrintable(message));
    QVERIFY2(message.contains("not JSON"), qPrintable(message));
    QVERIFY2(message.contains("could not be read; it is kept"), qPrintable(message));
}

void TestRecovery::aNewerCrossgradesFileIsNamedAndKept() {
    const auto [left, edited] = leaveCrashedDemoEdit(0.42);
    QJsonObject root = QJsonDocument::fromJson(readAll(left)).object();
    QJsonObject scenario = root["scenario"].toObject();
    scenario["schema"] = "crossgrade.scenario/2";
    root["scenario"] = scenario;
    testing::writeFile(left, QJsonDocument(root).toJson());

    auto window = openWindow();
    QVERIFY(!window->offerRecovery());
    QCOMPARE(m_log.offers.size(), std::size_t(1));
    const RecoveryOffer& offer = m_log.offers.front();
    QVERIFY(!offer.restorable());
    QCOMPARE(offer.scenarioName(), offer.header->title); // named by the title it was written under
    QVERIFY(offer.header->title.startsWith(QString::fromStdString(edited.name)));
    QVERIFY(offer.originText().contains("version 1"));
    QVERIFY(QFile::exists(left));
    const QString message = window->messageBar()->text();
    QVERIFY2(message.contains(QDir::toNativeSeparators(left) + ":/scenario/schema"),
             qPrintable(message));
}

void TestRecovery::twoWindowsCannotRestoreTheSameFile() {
    const auto [left, edited] = leaveCrashedDemoEdit(0.42);
    auto first = openWindow();
    auto second = openWindow();
    // Both are offered the file at the same moment; the second answers Restore while the
    // first still asks, and takes it.
    PromptLog secondLog;
    secondLog.answers = {RecoveryChoice::Restore};
    second->setRecoveryPrompt(secondLog.prompt());
    first->setRecoveryPrompt([&](const RecoveryOffer&) {
        (void)second->offerRecovery();
        return RecoveryChoice::Restore;
    });
    QVERIFY(!first->offerRecovery());
    QVERIFY(second->document());
    QCOMPARE(second->document()->scenario().amd_discount.mostLikely(), 0.42);
    QVERIFY(!first->document());
    QVERIFY2(first->messageBar()->text().contains("restored by another Crossgrade window"),
             qPrintable(first->messageBar()->text()));
    second->recovery()->waitForIdle();
    QCOMPARE(jsonFiles(folderPath()).size(), 1); // the second window's, and only it
}

void TestRecovery::theDialogOffersTheChoices() {
    RecoveryOffer offer;
    offer.filePath = QDir(folderPath()).filePath("a.json");
    offer.header = RecoveryHeader{};
    offer.header->savedAt = QDateTime(QDate(2026, 12, 2), QTime(14, 28), Qt::LocalTime);
    offer.header->origin = {std::int64_t(3), 2, QString()};
    offer.scenario = *data::readScenario(data::sampleScenarios().front().text).scenario;
    const QDateTime now = offer.header->savedAt.addSecs(4 * 60 + 10);
    {
        RecoveryDialog dialog(offer, now);
        const QString text = dialog.text();
        QVERIFY2(text.contains(QString::fromStdString(offer.scenario->name)), qPrintable(text));
        QVERIFY2(text.contains("stored scenario, version 2"), qPrintable(text));
        QVERIFY2(text.contains("(4 minutes ago)"), qPrintable(text));
        QVERIFY2(text.contains(QDir::toNativeSeparators(offer.filePath)), qPrintable(text));
        QVERIFY(dialog.button(RecoveryChoice::Restore)->isDefault());
        QCOMPARE(dialog.choice(), RecoveryChoice::Later);
        dialog.button(RecoveryChoice::Discard)->click();
        QCOMPARE(dialog.choice(), RecoveryChoice::Discard);
    }
    {
        RecoveryDialog dialog(offer, now);
        dialog.show();
        dialog.button(RecoveryChoice::Restore)->click();
        QCOMPARE(dialog.choice(), RecoveryChoice::Restore);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
    {
        RecoveryDialog dialog(offer, now);
        dialog.show();
        QTest::keyClick(&dialog, Qt::Key_Escape); // Escape keeps the file
        QCOMPARE(dialog.choice(), RecoveryChoice::Later);
    }
    offer.scenario.reset();
    offer.header->title = QStringLiteral("Demo (version 2)");
    offer.error = QStringLiteral("/scenario/schema: expected \"crossgrade.scenario/1\"");
    RecoveryDialog unreadable(offer, now);
    QVERIFY(!unreadable.button(RecoveryChoice::Restore));
    QVERIFY(!unreadable.button(RecoveryChoice::Discard));
    QVERIFY(unreadable.button(RecoveryChoice::Later));
    QVERIFY(unreadable.showInFolderButton());
    QVERIFY(unreadable.text().contains("could not be read"));
    QVERIFY(unreadable.text().contains("Demo (version 2)"));
    QVERIFY(unreadable.text().contains(offer.error));
}

// A real process edits the demo, writes its recovery file and is killed (SIGKILL: no destructor
// runs, as in a crash). While it runs its file is not offered; once it is gone it is, and
// restoring gives its edit back — through the real process check on both sides.
void TestRecovery::aRealCrashIsRecovered() {
#ifndef Q_OS_UNIX
    QSKIP("the crash is a SIGKILL");
#endif
    QProcess crashing;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    crashing.setProcessEnvironment(env);
    crashing.start(QStringLiteral(CROSSGRADE_RECOVERY_HELPER), {m_root, m_store});
    QVERIFY(crashing.waitForStarted());
    QVERIFY2(crashing.waitForReadyRead(60000), qPrintable(crashing.readAllStandardError()));
    const QString left = QString::fromLocal8Bit(crashing.readLine()).trimmed();
    QVERIFY2(QFile::exists(left), qPrintable(left));
    QCOMPARE(readRecovery(left).header->writer.pid, crashing.processId());

    RecoveryOptions options;
    options.root = m_root;
    {
        MainWindow window(data::Store::open(m_store), m_settings.get());
        window.enableRecovery(options);
        window.setRecoveryPrompt(m_log.prompt());
        QVERIFY(!window.offerRecovery()); // it still runs
        QVERIFY(m_log.offers.empty());
    }
    crashing.kill();
    QVERIFY(crashing.waitForFinished());
    QCOMPARE(crashing.exitStatus(), QProcess::CrashExit);
    QVERIFY(QFile::exists(left));

    MainWindow window(data::Store::open(m_store), m_settings.get());
    window.enableRecovery(options);
    m_log.answers = {RecoveryChoice::Restore};
    window.setRecoveryPrompt(m_log.prompt());
    QVERIFY(window.offerRecovery());
    QVERIFY(window.document()->isModified());
    QCOMPARE(window.document()->scenario().amd_discount.mostLikely(), 0.42);
    QCOMPARE(window.document()->storedVersion(), std::optional<int>(1));
}

QTEST_MAIN(TestRecovery)
#include "tst_recovery.moc"
