// Recovery (tst_recovery.h): what a crashed window left is offered by the next window of the
// same store and restored, discarded or kept; a running window's, another store's, a damaged
// and a newer version's file are not restored; the dialog; a real crash (SIGKILL).

#include "tst_recovery.h"

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
