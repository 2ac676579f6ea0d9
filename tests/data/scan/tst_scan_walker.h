// The class of tst_scan_walker: the repository scanner's walker on mini-repositories.
#pragma once

// data/scan/scan_walker.h, issue 8 point 2, on mini-repositories built at run time: ignore
// rules, files it must not read (binary, too large, LFS pointers, unreadable), symlinks inside,
// out of and looping in the tree, submodules, Dockerfile ARGs, notebooks, cancellation,
// determinism across thread counts, and roots that are not folders.

#include <QObject>

class TestScanWalker : public QObject {
    Q_OBJECT

private slots:
    // tst_scan_walker.cpp: which files are read and which are listed as not scanned
    void gitignoreIsHonoured();
    void filesNotRead();
    void unreadableThroughTheFileSystemInterface();
    void unreadableForReal();
    void symlinksInsideAreFollowedOnce();
    void symlinksOutOfTheTreeAndLoops();
    void submodules();

    // tst_scan_walker_findings.cpp: findings in Dockerfiles and notebooks, the run
    void dockerfileArgResolvedIntoFrom();
    void dockerfileArgForms_data();
    void dockerfileArgForms();
    void notebookCodeCellsOnly();
    void cancelFromProgress();
    void sameFindingsForAnyThreadCount();
    void bug_sarifHeldEveryFinding();

    // tst_scan_walker.cpp: which files are read and which are listed as not scanned
    void rootsThatAreNotFolders();
    void repositoryNamesAreUnique();
    void bug_doubleStarGitignoreOverDeepTreeWasExponential();
    void bug_nonUtf8FileNameRoundTripsThroughAuditJson();

    // tst_scan_walker_findings.cpp: findings in Dockerfiles and notebooks, the run
    void bug_scanOfHugeFileHeldEveryFinding();
    void bug_projectsOwnPackageInItsManifestWasADependency();
};
