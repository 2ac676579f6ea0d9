// The class of tst_benchmark_csv: the canonical benchmark CSV, read and written.
#pragma once

// data/benchmarks/benchmark_csv, docs/formats/benchmark-csv.md. The fixture is a small lab's
// own sweep in the shape users keep it (numbers invented): one model at two sequence lengths on
// H100, H200, MI300X and MI325X, columns in their own order and case, quoted fields with commas,
// a line break and doubled quotes, then one row for every reason a row is skipped.

#include <QObject>

class TestBenchmarkCsv : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // tst_benchmark_csv.cpp: reading
    void goodRowsBecomeRecords();
    void everySkippedRowSaysWhereAndWhy_data();
    void everySkippedRowSaysWhereAndWhy();
    void crlfAndByteOrderMarkReadTheSame();
    void aFileThatIsNotTheFormatIsRefusedWhole_data();
    void aFileThatIsNotTheFormatIsRefusedWhole();
    void textThatIsNotUtf8IsRefusedWhole();
    void aFieldLongerThanTheLimitIsRefusedWhole();
    void aHeaderAloneIsAnEmptyImport();
    void inlineRowsAreCheckedToo_data();
    void inlineRowsAreCheckedToo();
    void bug_csvGpusOverTheLimitAccepted_data();
    void bug_csvGpusOverTheLimitAccepted();
    void theDocumentedExampleImports();

    // tst_benchmark_csv_roundtrip.cpp: writing and reading back
    void theWriterWritesEveryColumnInOrder();
    void writeThenReadGivesEqualRecords();
    void fuzzRegressionsKeepTheImportersPromises_data();
    void fuzzRegressionsKeepTheImportersPromises();
    void bug_knownFlagSpacedDifferentlyWasSplit_data();
    void bug_knownFlagSpacedDifferentlyWasSplit();
    void inferenceXHardwareKeysReadBackFromCsv();
    void aFlagOfASourcesOwnKeepsItsPlace();
    void tenThousandRowsImportCompletely();
    void bug_streamedCsvImportHeldEveryRow();
};
