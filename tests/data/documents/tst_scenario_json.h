// The class of tst_scenario_json: scenario JSON v1 read, written and refused.
#pragma once

// The shipped samples read cleanly, compile and do what their notes say; write → read is the
// identity for every sample and every form of uncertain number; every error row names its JSON
// pointer (or line:column), including the dangling references the engine's compiler finds.

#include <QObject>

class TestScenarioJson : public QObject {
    Q_OBJECT

private slots:
    // tst_scenario_json.cpp: the samples, round trips, defaults, whole files
    void samplesAreShippedAndMatchTheRepository();
    void samplesReadCleanlyAndCompile_data();
    void samplesReadCleanlyAndCompile();
    void roundTrip_data();
    void roundTrip();
    void omittedOptionalFieldsTakeTheirDefaults();

    // tst_scenario_json_errors.cpp: each field refused at its place, warnings
    void errors_data();
    void errors();
    void everyProblemIsReportedNotJustTheFirst();
    void warnings_data();
    void warnings();

    // tst_scenario_json.cpp: the samples, round trips, defaults, whole files
    void fileOverTheLimitIsRefusedBeforeParsing();
    void missingFileIsReported();
    void aFolderIsReportedAsOne();
    void anotherKindOfFileIsOneProblem_data();
    void anotherKindOfFileIsOneProblem();
    void brokenFixturesAreRejected_data();
    void brokenFixturesAreRejected();
    void fuzzRegressionsNeitherCrashNorBreakTheRoundTrip_data();
    void fuzzRegressionsNeitherCrashNorBreakTheRoundTrip();
    void bug_evaluateTookMinutesWithinTheWorkloadLimit();
};
