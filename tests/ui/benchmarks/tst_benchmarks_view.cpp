// The Benchmarks view (ui/benchmarks/benchmarks_view.h) on a store filled from the benchmark
// fixtures, driven offscreen: the table lists every stored record and its filters match the store's
// own, flagged rows are marked with their flags, numbers sort as numbers, the scatter has one
// series per SKU with the rows that have an interactivity (the others listed, never placed), a row
// and its point select each other and the provenance panel tells the row's origin, importing
// through the view (the serving context asked by a stand-in for the dialog) stores all or
// nothing, Remove asks and removes, and the compare dialog shows model::compareSkus.

#include "benchmark_compare_dialog.h"
#include "benchmark_filter_model.h"
#include "benchmark_import.h"
#include "benchmark_table_model.h"
#include "benchmark_text.h"
#include "benchmarks_view.h"
#include "pricebook_json.h"
#include "samples.h"
#include "widget_lookup.h"

#include <QAbstractItemModelTester>
#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QItemSelectionModel>
#include <QLabel>
#include <QList>
#include <QModelIndex>
#include <QObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <algorithm>
#include <memory>
#include <set>

using namespace crossgrade;
using crossgrade::testing::child;
using ui::BenchmarkImporter;
using ui::BenchmarksView;
using ui::BenchmarkTableModel;

namespace {

QString fixture(const char* name) {
    return QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/") +
           QString::fromLatin1(name);
}

// The fixtures every case starts from: MLPerf single points, InferenceX sweeps (some flagged)
// and the canonical CSV (one row flagged by hand).
const char* const kFixtures[] = {"mlperf-summary.json", "inferencex-agg.json", "canonical.csv"};

std::vector<model::BenchmarkRecord> read(const QString& path) {
    const data::BenchmarkFileImport in =
        data::readBenchmarkFile(path.toStdString(), std::nullopt, {});
    if (!in.result.ok())
        qFatal("fixture %s does not read", qPrintable(path));
    return in.result.records;
}

std::vector<model::BenchmarkRecord> records(const data::Store& store) {
    std::vector<model::BenchmarkRecord> out;
    for (const data::StoredBenchmark& b : store.benchmarks())
        out.push_back(b.record);
    return out;
}

} // namespace

class TestBenchmarksView : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void listsEveryStoredRecord();
    void filtersMatchTheStore();
    void flaggedRowsAreMarked();
    void numbersSortAsNumbers();
    void scatterHasOneSeriesPerSku();
    void outputOnlyRowsPlotAsOutput();
    void selectedRowShowsProvenanceAndRingsItsPoint();
    void clickedPointSelectsItsRow();
    void importAsksForTheServingContextAndStores();
    void bug_importDialogHeldEveryRecord();
    void refusedFileStoresNothing();
    void removeAsksThenRemoves();
    void compareDialogShowsTheModelsComparison();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<data::Store> m_store;
    std::unique_ptr<BenchmarksView> m_view;

    void fill() {
        for (const char* name : kFixtures)
            m_store->addBenchmarks(read(fixture(name)));
        m_view->reload();
    }
    ui::BenchmarkFilterModel* filter() const { return m_view->filterModel(); }
    const data::StoredBenchmark& shown(int row) const {
        const QModelIndex source = filter()->mapToSource(filter()->index(row, 0));
        return *m_view->tableModel()->at(source.row());
    }
    int rowWhere(const std::function<bool(const model::BenchmarkRecord&)>& test) const {
        for (int row = 0; row < filter()->rowCount(); ++row)
            if (test(shown(row).record))
                return row;
        return -1;
    }
};

void TestBenchmarksView::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<data::Store>(data::Store::open(m_dir->filePath("s.sqlite")));
    m_view = std::make_unique<BenchmarksView>(m_store.get());
    m_view->resize(1100, 800);
    m_view->show();
}

void TestBenchmarksView::cleanup() {
    m_view.reset();
    m_store.reset();
    m_dir.reset();
}

void TestBenchmarksView::listsEveryStoredRecord() {
    QAbstractItemModelTester records(m_view->tableModel(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filtered(filter(),
                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(filter()->rowCount(), 0);
    QVERIFY(m_view->countText().contains("No benchmark results"));
    fill();
    const std::vector<data::StoredBenchmark> stored = m_store->benchmarks();
    QVERIFY(stored.size() > 10);
    QCOMPARE(filter()->rowCount(), int(stored.size()));
    QVERIFY2(m_view->countText().startsWith(QStringLiteral("%1 record").arg(stored.size())),
             qPrintable(m_view->countText()));
    // A row reads as the record: SKU, model, lengths, throughput per GPU, its provenance.
    const data::StoredBenchmark& first = shown(0);
    const auto cell = [this](int column) {
        return filter()->index(0, column).data().toString();
    };
    QCOMPARE(cell(BenchmarkTableModel::SkuColumn), QString::fromStdString(first.record.sku));
    QCOMPARE(cell(BenchmarkTableModel::ModelColumn), QString::fromStdString(first.record.model));
    QCOMPARE(cell(BenchmarkTableModel::TotalColumn),
             ui::measuredText(first.record.total_tokens_per_s_per_gpu));
    QCOMPARE(cell(BenchmarkTableModel::SourceColumn),
             QString::fromStdString(model::provenance(first.record)));
}

void TestBenchmarksView::filtersMatchTheStore() {
    fill();
    m_view->setSkuFilter(QStringLiteral("MI300X"));
    QCOMPARE(filter()->rowCount(), int(m_store->benchmarks({"MI300X", ""}).size()));
    QVERIFY(m_view->countText().contains(" of "));
    m_view->setModelFilter(QStringLiteral("LLAMA"));
    QCOMPARE(filter()->rowCount(), int(m_store->benchmarks({"MI300X", "llama"}).size()));
    m_view->setSkuFilter(QString());
    QCOMPARE(filter()->rowCount(), int(m_store->benchmarks({"", "llama"}).size()));
    m_view->setModelFilter(QString());
    // Flagged rows hidden: exactly the records without a flag stay.
    const auto all = m_store->benchmarks();
    const auto unflagged =
        std::count_if(all.begin(), all.end(), [](const auto& b) { return b.record.flags.empty(); });
    QVERIFY(unflagged < qsizetype(all.size()));
    m_view->setShowFlagged(false);
    QCOMPARE(filter()->rowCount(), int(unflagged));
    m_view->setShowFlagged(true);
    QCOMPARE(filter()->rowCount(), int(all.size()));
}

void TestBenchmarksView::flaggedRowsAreMarked() {
    fill();
    const int flagged = rowWhere([](const auto& r) { return !r.flags.empty(); });
    const int clean = rowWhere([](const auto& r) { return r.flags.empty(); });
    QVERIFY(flagged >= 0 && clean >= 0);
    const QString flags = ui::flagsText(shown(flagged).record);
    const QModelIndex sku = filter()->index(flagged, BenchmarkTableModel::SkuColumn);
    QVERIFY(!sku.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(sku.data(Qt::ToolTipRole).toString().contains(flags));
    QVERIFY(filter()
                ->index(flagged, BenchmarkTableModel::TotalColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(flags));
    QCOMPARE(filter()->index(flagged, BenchmarkTableModel::FlagsColumn).data().toString(), flags);
    QVERIFY(filter()
                ->index(flagged, BenchmarkTableModel::FlagsColumn)
                .data(Qt::BackgroundRole)
                .isValid());
    QVERIFY(filter()
                ->index(clean, BenchmarkTableModel::SkuColumn)
                .data(Qt::DecorationRole)
                .value<QIcon>()
                .isNull());
    QVERIFY(!filter()
                 ->index(clean, BenchmarkTableModel::FlagsColumn)
                 .data(Qt::BackgroundRole)
                 .isValid());
}

void TestBenchmarksView::numbersSortAsNumbers() {
    fill();
    m_view->table()->sortByColumn(BenchmarkTableModel::TotalColumn, Qt::AscendingOrder);
    std::vector<double> totals;
    bool missingSeen = false;
    for (int row = 0; row < filter()->rowCount(); ++row) {
        const auto& total = shown(row).record.total_tokens_per_s_per_gpu;
        if (!total) {
            missingSeen = true;
            continue;
        }
        QVERIFY2(!missingSeen, "a row without a total sorts after every number");
        totals.push_back(*total);
    }
    QVERIFY(missingSeen);
    QVERIFY(totals.size() > 5);
    QVERIFY(std::is_sorted(totals.begin(), totals.end()));
}

void TestBenchmarksView::scatterHasOneSeriesPerSku() {
    fill();
    const std::vector<data::StoredBenchmark> stored = m_store->benchmarks();
    std::map<std::string, int> placed;
    int unplaced = 0;
    for (const data::StoredBenchmark& b : stored) {
        if (!b.record.interactivity)
            ++unplaced;
        else if (b.record.total_tokens_per_s_per_gpu)
            ++placed[b.record.sku];
    }
    QVERIFY(unplaced > 0);
    const reports::BenchmarkScatter& scatter = m_view->scatter();
    QVERIFY(scatter.unit == model::ThroughputKind::Total);
    QVERIFY(m_view->plot()->yAxis->label().startsWith("Total tokens/s per GPU"));
    QCOMPARE(scatter.series.size(), placed.size());
    for (const auto& [sku, count] : placed) {
        const reports::BenchmarkScatter::Series* series = scatter.seriesOf(sku);
        QVERIFY2(series, sku.c_str());
        QCOMPARE(int(series->points.size()), count);
        QCOMPARE(series->graph->dataCount(), count);
        QVERIFY(series->graph->name().startsWith(QString::fromStdString(sku)));
    }
    // Rows without an interactivity are listed, not placed.
    QCOMPARE(int(scatter.no_interactivity.size()), unplaced);
    QVERIFY2(m_view->plotNote().contains(QStringLiteral("%1 row").arg(unplaced)),
             qPrintable(m_view->plotNote()));
    // The plot follows the filters.
    m_view->setSkuFilter(QStringLiteral("H100"));
    QCOMPARE(m_view->scatter().series.size(), std::size_t(1));
    QCOMPARE(m_view->scatter().series[0].sku, std::string("H100"));
}

void TestBenchmarksView::outputOnlyRowsPlotAsOutput() {
    model::BenchmarkRecord r;
    r.source = "csv";
    r.file = "runs.csv";
    r.sku = r.hardware = "H100";
    r.model = "llama";
    r.gpus = 8;
    r.output_tokens_per_s_per_gpu = 900;
    r.interactivity = 40;
    model::BenchmarkRecord other = r;
    other.source_ref = "row 2";
    other.concurrency = 64;
    other.interactivity = 20;
    m_store->addBenchmarks({r, other});
    m_view->reload();
    QVERIFY(m_view->scatter().unit == model::ThroughputKind::Output);
    QVERIFY(m_view->plot()->yAxis->label().startsWith("Output tokens/s per GPU"));
    QCOMPARE(m_view->scatter().series.at(0).graph->dataCount(), 2);
}

void TestBenchmarksView::selectedRowShowsProvenanceAndRingsItsPoint() {
    fill();
    const auto stored = m_store->benchmarks();
    const auto sweep = std::find_if(stored.begin(), stored.end(), [](const auto& b) {
        return b.record.file.find("canonical.csv") != std::string::npos && b.record.interactivity;
    });
    QVERIFY(sweep != stored.end());
    QVERIFY(m_view->selectRecord(sweep->id));
    QCOMPARE(m_view->currentId(), std::optional(sweep->id));
    const QString text = m_view->provenanceText();
    const model::BenchmarkRecord& r = sweep->record;
    for (const std::string& part :
         {r.file, r.source_ref, r.date, r.software_stack, r.image, r.hardware, sweep->imported_at})
        QVERIFY2(text.contains(QString::fromStdString(part)), part.c_str());
    const QCPGraph* ring = m_view->scatter().highlight;
    QCOMPARE(ring->dataCount(), 1);
    QCOMPARE(ring->data()->at(0)->key, *r.interactivity);
    QCOMPARE(ring->data()->at(0)->value, *r.total_tokens_per_s_per_gpu);

    // An MLPerf single point: its round and accuracy are told, and no point is ringed.
    const auto single = std::find_if(stored.begin(), stored.end(),
                                     [](const auto& b) { return !b.record.interactivity; });
    QVERIFY(m_view->selectRecord(single->id));
    QVERIFY(m_view->provenanceText().contains(QString::fromStdString(single->record.round)));
    QCOMPARE(m_view->scatter().highlight->dataCount(), 0);
}

void TestBenchmarksView::clickedPointSelectsItsRow() {
    fill();
    const reports::BenchmarkScatter::Series& series = m_view->scatter().series.back();
    QVERIFY(series.points.size() >= 1);
    emit m_view->plot()->plottableClick(series.graph, 0, nullptr);
    const std::optional<std::int64_t> id = m_view->currentId();
    QVERIFY(id);
    const data::StoredBenchmark& b = *m_view->tableModel()->at(m_view->tableModel()->rowOfId(*id));
    QCOMPARE(b.record.sku, series.sku);
    QCOMPARE(*b.record.interactivity, series.graph->data()->at(0)->key);
    QCOMPARE(m_view->scatter().highlight->dataCount(), 1);
}

// The SGLang result names no hardware, GPUs or precision: the view asks (here a stand-in for
// the dialog answers), reads it again and stores it with the other file in one go.
void TestBenchmarksView::importAsksForTheServingContextAndStores() {
    QStringList asked;
    m_view->importer()->setContextPrompt(
        [&asked](const QString& file, const QString& problems, const data::BenchmarkContext&) {
            asked << file;
            if (!problems.contains("--hw"))
                qWarning("unexpected problem: %s", qPrintable(problems));
            data::BenchmarkContext c;
            c.hardware = "mi300x";
            c.gpus = 8;
            c.precision = "fp8";
            return std::optional(c);
        });
    QSignalSpy changed(m_view.get(), &BenchmarksView::storeChanged);
    QSignalSpy finished(m_view.get(), &BenchmarksView::importFinished);
    const QString serving = fixture("serving-sglang-goodput-colon.json");
    QVERIFY(m_view->importFiles({serving, fixture("inferencex-point.json")}));
    m_view->waitForImport();
    QCOMPARE(asked, QStringList{serving});
    QCOMPARE(finished.count(), 1);
    QCOMPARE(changed.count(), 1);
    const BenchmarkImporter::Outcome outcome = *m_view->importer()->lastOutcome();
    QVERIFY2(!outcome.error, qPrintable(outcome.headline + outcome.details));
    QCOMPARE(outcome.added, (data::BenchmarksAdded{2, 0}));
    QVERIFY(outcome.details.contains("serving-sglang-goodput-colon.json (serving)"));
    QVERIFY(outcome.details.contains("inferencex-point.json (inferencex)"));
    QCOMPARE(filter()->rowCount(), 2);
    const auto stored = m_store->benchmarks({"MI300X", ""});
    QCOMPARE(stored.size(), std::size_t{1});
    QCOMPARE(stored[0].record.gpus, 8);

    // Importing again adds nothing and says so.
    QVERIFY(m_view->importFiles({serving, fixture("inferencex-point.json")}));
    m_view->waitForImport();
    QCOMPARE(m_view->importer()->lastOutcome()->added, (data::BenchmarksAdded{0, 2}));
    QVERIFY(m_view->importer()->lastOutcome()->headline.contains("2 already stored"));
    QCOMPARE(changed.count(), 1);
}

namespace {
// What the serving-context prompt answers for a benchmark_serving file: 8 MI300X at fp8.
data::BenchmarkContext mi300xServing() {
    data::BenchmarkContext c;
    c.hardware = "mi300x";
    c.gpus = 8;
    c.precision = "fp8";
    return c;
}
} // namespace

// Issue 20: the import dialog read every file whole and stored the records it held, so a
// million-row file was in memory at once. It now reads each file to check it, keeping counts
// only, and stores by reading the files again, record by record, as import-benchmarks does: a
// file rewritten between the two reads (here while the serving context is asked) stores
// nothing of any file. Holding the first read's records, the old dialog stored them.
void TestBenchmarksView::bug_importDialogHeldEveryRecord() {
    const QString csv = m_dir->filePath("canonical.csv");
    QVERIFY(QFile::copy(fixture("canonical.csv"), csv));
    QFile::setPermissions(csv, QFile::ReadOwner | QFile::WriteOwner);
    m_view->importer()->setContextPrompt(
        [&csv](const QString&, const QString&, const data::BenchmarkContext&) {
            QFile f(csv); // the header and the first row only: it reads differently now
            if (!f.open(QIODevice::ReadOnly))
                qFatal("cannot read %s", qPrintable(csv));
            const QList<QByteArray> lines = f.readAll().split('\n');
            f.close();
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                qFatal("cannot rewrite %s", qPrintable(csv));
            f.write(lines[0] + '\n' + lines[1] + '\n');
            f.close();
            return std::optional(mi300xServing());
        });
    QVERIFY(m_view->importFiles({csv, fixture("serving-sglang-goodput-colon.json")}));
    m_view->waitForImport();
    const BenchmarkImporter::Outcome outcome = *m_view->importer()->lastOutcome();
    QVERIFY(outcome.error);
    QVERIFY2(outcome.headline.contains("canonical.csv changed while it was being imported"),
             qPrintable(outcome.headline));
    QVERIFY(m_store->benchmarks().empty());

    // Unchanged, the same files store every record the first read counted.
    m_view->importer()->setContextPrompt(
        [](const QString&, const QString&, const data::BenchmarkContext&) {
            return std::optional(mi300xServing());
        });
    QVERIFY(m_view->importFiles({csv, fixture("serving-sglang-goodput-colon.json")}));
    m_view->waitForImport();
    const BenchmarkImporter::Outcome stored = *m_view->importer()->lastOutcome();
    QVERIFY2(!stored.error, qPrintable(stored.headline + stored.details));
    QCOMPARE(stored.added, (data::BenchmarksAdded{2, 0}));
    QVERIFY2(stored.details.contains("canonical.csv (csv): 1 row(s), 1 read, 0 skipped"),
             qPrintable(stored.details));
}

void TestBenchmarksView::refusedFileStoresNothing() {
    // Declining the serving context refuses that file, and so the good one is not stored.
    m_view->importer()->setContextPrompt(
        [](const QString&, const QString&, const data::BenchmarkContext&) {
            return std::optional<data::BenchmarkContext>();
        });
    QVERIFY(m_view->importFiles(
        {fixture("canonical.csv"), fixture("serving-sglang-goodput-colon.json")}));
    m_view->waitForImport();
    BenchmarkImporter::Outcome outcome = *m_view->importer()->lastOutcome();
    QVERIFY(outcome.error);
    QVERIFY2(outcome.headline.contains("No benchmark was stored"), qPrintable(outcome.headline));
    QVERIFY2(outcome.details.contains("serving-sglang-goodput-colon.json:/:"),
             qPrintable(outcome.details));
    QVERIFY(m_store->benchmarks().empty());

    // A file that is no benchmark at all, with its place.
    const QString broken = m_dir->filePath("broken.json");
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("[{\"hw\": \"h100\", ");
    f.close();
    QVERIFY(m_view->importFiles({fixture("inferencex-point.json"), broken}));
    m_view->waitForImport();
    outcome = *m_view->importer()->lastOutcome();
    QVERIFY(outcome.error);
    QVERIFY2(outcome.details.contains("broken.json:"), qPrintable(outcome.details));
    QVERIFY(m_store->benchmarks().empty());
}

void TestBenchmarksView::removeAsksThenRemoves() {
    fill();
    const std::size_t before = m_store->benchmarks().size();
    QItemSelectionModel* selection = m_view->table()->selectionModel();
    selection->select(filter()->index(0, 0),
                      QItemSelectionModel::Select | QItemSelectionModel::Rows);
    selection->select(filter()->index(2, 0),
                      QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const std::vector<std::int64_t> ids = m_view->selectedIds();
    QCOMPARE(ids.size(), std::size_t{2});
    auto* remove = child<QPushButton>(*m_view, "remove");
    QVERIFY(remove->isEnabled());
    QString asked;
    bool answer = false;
    m_view->setRemovePrompt([&](const QString& question) {
        asked = question;
        return answer;
    });
    QSignalSpy changed(m_view.get(), &BenchmarksView::storeChanged);
    remove->click();
    QVERIFY(asked.contains("Remove 2 benchmark records"));
    QCOMPARE(m_store->benchmarks().size(), before);
    answer = true;
    remove->click();
    QCOMPARE(m_store->benchmarks().size(), before - 2);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(filter()->rowCount(), int(before - 2));
    for (std::int64_t id : ids)
        QCOMPARE(m_view->tableModel()->rowOfId(id), -1);
}

void TestBenchmarksView::compareDialogShowsTheModelsComparison() {
    fill();
    const model::PriceBook book = *data::readPriceBook(data::defaultPriceBookText()).price_book;
    ui::BenchmarkCompareDialog dialog(records(*m_store), book);
    dialog.setSkus(QStringLiteral("H100"), QStringLiteral("MI300X"));
    dialog.setModelText(QStringLiteral("llama"));
    model::CompareOptions options;
    options.model = "llama";
    const model::SkuComparison expected =
        model::compareSkus(records(*m_store), "H100", "MI300X", options);
    QVERIFY(expected.ratio);
    QCOMPARE(dialog.comparison().pairs.size(), expected.pairs.size());
    QVERIFY(dialog.comparison().ratio == expected.ratio);
    const QString headline = dialog.headline();
    QVERIFY2(headline.contains(ui::measuredText(expected.ratio->range.most_likely, 3)),
             qPrintable(headline));
    QCOMPARE(child<QTreeWidget>(dialog, "pairs")->topLevelItemCount(), int(expected.pairs.size()));
    // The rows behind each pair are listed under it.
    QTreeWidgetItem* first = child<QTreeWidget>(dialog, "pairs")->topLevelItem(0);
    QCOMPARE(first->childCount(),
             int(expected.pairs[0].other_rows.size() + expected.pairs[0].reference_rows.size()));

    // Nothing pairs: the default stays, as the CLI says.
    dialog.setModelText(QStringLiteral("no-such-model"));
    QVERIFY(!dialog.comparison().ratio);
    QVERIFY(dialog.headline().contains("default ratio stays"));
}

QTEST_MAIN(TestBenchmarksView)
#include "tst_benchmarks_view.moc"
