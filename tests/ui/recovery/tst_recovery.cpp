// Recovery (tst_recovery.h): the file format and the process check, and a document's edits
// kept after the debounce and removed when saved, undone, discarded, replaced or quit.

#include "tst_recovery.h"

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

QTEST_MAIN(TestRecovery)
