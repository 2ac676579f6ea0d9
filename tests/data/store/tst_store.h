// The class of tst_store: the SQLite store opened, migrated, refused, written and locked.
#pragma once

// Schema versions, refusing files it must not touch, round trips, all-or-nothing writes and
// the lock another process can hold.

#include "test_files.h"

#include <QObject>
#include <QString>
#include <QTemporaryDir>

class TestStore : public QObject {
    Q_OBJECT

private:
    crossgrade::testing::FreshStoreFiles m_files;

    QString freshPath() { return m_files.next(); }

private slots:
    // tst_store.cpp: opening, migrating and refusing files
    void initTestCase();
    void createsEmptyStoreAtLatestVersion();
    void ownsOneNamedConnection();
    void migratesOlderFile_data();
    void migratesOlderFile();
    void refusesNewerStore();
    void refusesFileItMustNotTouch_data();
    void refusesFileItMustNotTouch();
    void reportsUnusablePathAsIo_data();
    void reportsUnusablePathAsIo();

    // tst_store_writes.cpp: round trips, all-or-nothing writes, locks
    void roundTrip_data();
    void roundTrip();
    void addAuditsKeepsOrderAndSources();
    void addAuditsRejectsMismatchedSources();
    void addAuditsIsAllOrNothing_data();
    void addAuditsIsAllOrNothing();
    void twoStoresOnOneFileSeeEachOther();
    void reportsLockHeldByAnotherProcess();
    void reportsLockWhileUpgrading();
    void removeAuditCascades();

    // tst_store.cpp: opening, migrating and refusing files
    void bug_negativeUserVersionSegfaulted_data();
    void bug_negativeUserVersionSegfaulted();
    void bug_devNullStoreLeftAJournal_data();
    void bug_devNullStoreLeftAJournal();
    void bug_readOnlyStoreSaidCheckItsIntegrity_data();
    void bug_readOnlyStoreSaidCheckItsIntegrity();
    void defaultPathIsInAppData();
    void defaultStoreIsTheSameForCliAndApp();
};
