// The class of tst_scan_rules: the repository scanner's rules, matcher and rubric.
#pragma once

// Issue 8 point 1, scanner-patterns.md: the table is well-formed and compiles in RE2; every
// rule matches a line it is meant for and not a near miss; hits are placed (line, column,
// snippet) and put in context (comment, docstring, test, vendored ...); and the rubric proposes
// the tiers of §10 from synthetic mini-repositories.

#include <QObject>

class TestScanRules : public QObject {
    Q_OBJECT

private slots:
    // tst_scan_rules.cpp: the rule table, each rule's cases, the package tables
    void idsAreUniqueAndWellFormed();
    void docsListEveryRule();
    void everyPatternCompiles();
    void badPatternsAreReported();
    void everyRuleHasPositiveAndNegativeCases();
    void ruleCases_data();
    void ruleCases();
    void noisyPatternsNeverMatch();
    void severityRefinements();

    // tst_scan_rules_matcher.cpp: where a hit is, its context and its evidence
    void scopes_data();
    void scopes();
    void pathContexts_data();
    void pathContexts();
    void lineContexts_data();
    void lineContexts();
    void placesAndSnippets();
    void evidenceRecord();
    void multiLineCalls_data();
    void multiLineCalls();
    void wholeFilePrefilterMissesNothing();
    void contextWeights();
    void bug_stringLiteralsWereTakenForCode();
    void stringsThatAreTheUseStayCode();
    void bug_scannersOwnRuleTableProposedHigh();
    void bug_projectsOwnNameWasTakenForADependency();

    // tst_scan_rules_rubric.cpp: the rubric's tiers and the audit a scan writes
    void rubricTorchCudaAloneIsLow();
    void rubricDistributed_data();
    void rubricDistributed();
    void rubricMultiNodeInADocstringDoesNotCount();
    void rubricInferenceOnOneNodeIsLow();
    void rubricNonPortableKernelsByVolume();
    void rubricPortableKernelLibraryByVolume();
    void rubricMitigationCoversItsOwnFile();
    void rubricAmdTargetFileIsItsOwnHipPath();
    void rubricToolchainByVolumeAndStages();
    void bug_extensionBuildWithoutNvccWasNoToolchain();
    void rubricToolchainPlumbingInOneFileIsLow();
    void rubricMitigationInATestDoesNotStepDown();
    void rubricFindingsOnlyInTestsDoNotSetTheTier();
    void rubricCppExtension();
    void rubricDirectCudaApiWithoutAFramework();
    void bug_cuteDslKernelLibraryWasStandardFrameworkUse();
    void rubricLibrariesByVolume();
    void rubricCutlassByShareOfKernelCode();
    void rubricOptionalKernelPackageImportsAreLow();
    void rubricHipProjectCoversTheFolderItGlobs();
    void rubricRocmForkCoversItsPackage();
    void rubricRocmLibraryCoversTheLibraryItReplaces();
    void rubricOptionalExtraCountsInFullWhenImportedAtModuleLevel();
    void rubricHighestSeverityWins();
    void applyScanWritesTheAudit();
    void bug_scannedAuditWithManyMitigationsDidNotReadBack();

    // tst_scan_rules.cpp: the rule table, each rule's cases, the package tables
    void packageTableRatesManifestPackages_data();
    void packageTableRatesManifestPackages();
    void forkRuleAgreesWithTheForkTable();
    void ownPackagesAreTheRepositorysPackageFolders();
    void bug_nvtxColourNamedRapidsWasAnNvidiaStack();
    void optionalDependencySectionsOfManifests();
    void optionalExtraIsOneNotchDown();

    // tst_scan_rules_rubric.cpp: the rubric's tiers and the audit a scan writes
    void rubricTeamKnowledgeIsNotScanned();
};
