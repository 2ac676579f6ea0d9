// The class of tst_cli: crossgrade-cli end to end, as a user runs it.
#pragma once

// Exit statuses, messages, and the store's rows before and after.

#include "cli_run.h"

#include <QFile>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

class TestCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;

    crossgrade::testing::CliRun cli(const QStringList& args, bool withDb = true) {
        return crossgrade::testing::runCli(withDb ? QStringList{"--db", m_db} + args : args,
                                           m_dir.filePath("xdg"));
    }

    QString writeFile(const QString& name, const QByteArray& content) {
        QFile f(m_dir.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write(content);
        return f.fileName();
    }

private slots:
    // tst_cli.cpp: audits, price books, errors, help, the lock, the default store
    void init();
    void recommendGivesEachSamplesPath_data();
    void recommendGivesEachSamplesPath();
    void recommendText();
    void importListExportRoundTrip();
    void brokenAuditIsRejectedAndStoresNothing_data();
    void brokenAuditIsRejectedAndStoresNothing();
    void recommendBrokenFileExits2();
    void invalidInputExits2_data();
    void invalidInputExits2();
    void helpEverywhere_data();
    void helpEverywhere();
    void secondProcessHoldingTheLockGetsTheClearMessage();
    void defaultStoreIsCreatedAndSeeded();
    void pricebookImportListExport();
    void brokenPricebookIsRejectedAndStoresNothing();

    // tst_cli_scenarios.cpp: scenarios saved and evaluated, Monte Carlo, sensitivity
    void saveScenarioThenListAndEvaluate();
    void brokenScenarioIsNotSaved();
    void evaluateEverySample_data();
    void evaluateEverySample();
    void evaluateMonteCarlo();
    void evaluateWithRankCorrelation();
    void evaluateMonteCarloRefusesNonsense_data();
    void evaluateMonteCarloRefusesNonsense();
    void evaluateBadScenarioNamesThePointer();
    void bug_hugePurchasePriceGaveNaNWithExitZero();
    void bug_nullHeadlineBrokeScenariosListing();

    // tst_cli.cpp: audits, price books, errors, help, the lock, the default store
    void benchPrintsRates();

    // tst_cli_scenarios.cpp: scenarios saved and evaluated, Monte Carlo, sensitivity
    void newScenarioTakesTheDefaultPriceBook();
    void sensitivityJsonIsTheSameOnAnyThreadCount();
    void sensitivityTextAndStoredScenario();
    void evaluateStoredVersionSetsItsSavedHeadlineBeside();
    void sensitivityRefusesNonsense_data();
    void sensitivityRefusesNonsense();
    void sensitivityOfABrokenFileNamesThePlace();

    // tst_cli.cpp: audits, price books, errors, help, the lock, the default store
    void versionIsPrinted();
};
