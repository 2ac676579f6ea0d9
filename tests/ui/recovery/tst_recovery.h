#pragma once

// Recovery after a crash (docs/desktop.md, "Recovery after a crash"), offscreen, one suite in
// two files. tst_recovery.cpp: the file format and the process check; an edit is kept in a
// recovery file after the debounce, once per settled edit; saving, undoing to the saved state,
// discarding, replacing the document and a clean quit remove it. tst_recovery_restore.cpp: a
// file a crashed window left is offered by the next window of the same store — restored as an
// unsaved document with its origin, discarded, or kept for later — while a running window's
// file, another store's file and a damaged file are not restored (the damaged one is named and
// kept); the last case crashes a real process (SIGKILL) and restores what it left.

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

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace std::chrono_literals;

namespace recovery_test {

// Two windows of the tests: this one runs, the other one crashed — as the injected probe says.
inline const ProcessIdentity kThisWindow{4000001, QStringLiteral("this-machine"),
                                         QStringLiteral("b:1")};
inline const ProcessIdentity kCrashedWindow{4000002, QStringLiteral("this-machine"),
                                            QStringLiteral("b:2")};

inline bool onlyThisWindowRuns(const ProcessIdentity& p) {
    return p == kThisWindow;
}

inline model::Scenario withAmdDiscount(model::Scenario s, double discount) {
    return model::withKnob(std::move(s), model::WhatIfKnob::AmdDiscount, discount);
}

inline QString editAmdDiscount(ScenarioDocument* doc, double discount) {
    return doc->edit(QStringLiteral("AMD purchase discount"),
                     [&](model::Scenario& s) { s = withAmdDiscount(std::move(s), discount); });
}

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline RecoveryReadResult readRecovery(const QString& path) {
    const QByteArray text = readAll(path);
    return readRecoveryFile(std::string_view(text.constData(), std::size_t(text.size())));
}

inline QStringList jsonFiles(const QString& folder) {
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

} // namespace recovery_test

using namespace recovery_test;

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
