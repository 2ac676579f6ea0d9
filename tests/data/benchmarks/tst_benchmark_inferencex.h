// The class of tst_benchmark_inferencex: the InferenceX aggregate-row importer (issue 7).
#pragma once

// The fixtures are written in the shape of InferenceX's agg_bmk.json and agg_<name>.json
// (numbers invented, kept consistent): good rows on H100, H200, B200, MI300X (2026, pre-2026
// and undated images), MI355X, a disaggregated multi-node row, an API row with nested metrics,
// a raw-layer row in milliseconds and an agentic row, then one row for every reason a row is
// skipped.

#include <QObject>

class TestBenchmarkInferenceX : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // tst_benchmark_inferencex.cpp: the fixture files, row by row
    void goodRowsBecomeRecords();
    void singleNodeRowKeepsThePerGpuNumbersAsWritten();
    void amdRowsAreDatedAndFlagged();
    void theContextDatesRowsThatHaveNoDate();
    void disaggregatedRowKeepsEachDenominator();
    void invalidPowerIsFlaggedAndLeftEmpty();
    void apiRowReadsNestedMetrics();
    void millisecondRowIsConvertedToSeconds();
    void agenticRowHasNoSequenceLengths();
    void everySkippedRowSaysWhereAndWhy_data();
    void everySkippedRowSaysWhereAndWhy();
    void skippedRowsAreReportedInFileOrder();
    void onePointFileIsOneRow();

    // tst_benchmark_inferencex_inline.cpp: inline files and rows, the bugs pinned
    void aSkippedPointSaysWhereInTheObject();
    void aFileThatIsNotRowsIsRefusedWhole_data();
    void aFileThatIsNotRowsIsRefusedWhole();
    void badFieldsSkipTheRow_data();
    void badFieldsSkipTheRow();
    void aRowThatIsNotAnObjectIsSkipped();
    void powerWithoutAVerdictIsFlaggedAndLeftEmpty();
    void powerVerdictWrittenAsTextIsRead();
    void runIdNamesTheRowWhenThereIsNoUrl();
    void imageDatesAreReadFromTheTagOnly();
    void bug_booleanThroughputStoredAsOne_data();
    void bug_booleanThroughputStoredAsOne();
    void bug_differentRowsWithOneFingerprintWereCalledTheSameRow();
    void bug_inferenceXImportHeldEveryRow();
    void bug_textNumberAccepted_data();
    void bug_textNumberAccepted();
};
