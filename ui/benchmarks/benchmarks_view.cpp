#include "benchmarks_view.h"

#include "benchmark_compare_dialog.h"
#include "benchmark_filter_model.h"
#include "benchmark_table_model.h"
#include "benchmark_text.h"
#include "pricebook_json.h"
#include "qt_text.h"
#include "samples.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <set>

namespace crossgrade::ui {

// The figure builders and their look live in reports/.
using reports::FigureStyle;
using reports::highlightBenchmarkPoint;
using reports::plotBenchmarkScatter;

namespace {

const char* const kBenchmarkFilter =
    "Benchmark results (*.json *.csv);;JSON (*.json);;CSV (*.csv);;All files (*)";

// "H100 2, MI300X 1": how many of `rows` each SKU has.
QString perSku(const std::vector<std::size_t>& rows,
               const std::vector<const model::BenchmarkRecord*>& records) {
    std::map<std::string, int> counts;
    for (std::size_t i : rows)
        ++counts[records[i]->sku];
    QStringList parts;
    for (const auto& [sku, n] : counts)
        parts << QStringLiteral("%1 %2").arg(qstr(sku)).arg(n);
    return parts.join(QStringLiteral(", "));
}

} // namespace

BenchmarksView::BenchmarksView(data::Store* store, QWidget* parent)
    : QWidget(parent)
    , m_store(store) {
    m_style = FigureStyle::fromPalette(palette(), font());
    m_records = new BenchmarkTableModel(this);
    m_filter = new BenchmarkFilterModel(this);
    m_filter->setSourceModel(m_records);
    m_importer = new BenchmarkImporter(store, this, this);
    connect(m_importer, &BenchmarkImporter::finished, this, &BenchmarksView::onImportFinished);
    m_removePrompt = [this](const QString& question) {
        return plainMessage(this, QMessageBox::Question, tr("Remove benchmarks"), question,
                            QMessageBox::Yes | QMessageBox::Cancel,
                            QMessageBox::Cancel) == QMessageBox::Yes;
    };

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildFilters());
    m_count = new QLabel;
    m_count->setTextFormat(Qt::RichText); // a store error escaped
    m_count->setObjectName(QStringLiteral("count"));
    m_count->setWordWrap(true);
    layout->addWidget(m_count);

    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("benchmarks"));
    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the store's order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    const QFontMetrics metrics = m_table->fontMetrics();
    const auto width = [&metrics](const char* sample) {
        return metrics.horizontalAdvance(QString::fromLatin1(sample)) + 24;
    };
    m_table->setColumnWidth(BenchmarkTableModel::SkuColumn, width("MI300X") + 20);
    m_table->setColumnWidth(BenchmarkTableModel::ModelColumn, width("llama-3.1-70b-instruct"));
    m_table->setColumnWidth(BenchmarkTableModel::PrecisionColumn, width("Precision"));
    m_table->setColumnWidth(BenchmarkTableModel::ScenarioColumn, width("Scenario"));
    m_table->setColumnWidth(BenchmarkTableModel::LengthsColumn, width("8192/1024"));
    m_table->setColumnWidth(BenchmarkTableModel::ConcurrencyColumn, width("Conc."));
    m_table->setColumnWidth(BenchmarkTableModel::GpusColumn, width("16 (2 nodes)") - 12);
    for (int c : {BenchmarkTableModel::TotalColumn, BenchmarkTableModel::OutputColumn,
                  BenchmarkTableModel::InteractivityColumn, BenchmarkTableModel::JoulesColumn})
        m_table->setColumnWidth(c, width("Output/GPU"));
    m_table->setColumnWidth(BenchmarkTableModel::SourceColumn,
                            width("mlperf-summary.json, row 1 "));
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &BenchmarksView::showCurrent);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_remove->setEnabled(m_table->selectionModel()->hasSelection()); });

    auto* provenanceBox = new QGroupBox(tr("Provenance of the selected row"));
    auto* provenanceLayout = new QVBoxLayout(provenanceBox);
    provenanceLayout->setContentsMargins(4, 4, 4, 4);
    m_provenance = new QTextBrowser;
    m_provenance->setObjectName(QStringLiteral("provenance"));
    m_provenance->setFrameShape(QFrame::NoFrame);
    m_provenance->setOpenLinks(false);
    // File names, image tags and URLs are long words: they wrap anywhere rather than clip.
    m_provenance->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_provenance->viewport()->setAutoFillBackground(false);
    provenanceLayout->addWidget(m_provenance);

    auto* lower = new QSplitter(Qt::Horizontal);
    lower->addWidget(buildPlot());
    lower->addWidget(provenanceBox);
    lower->setStretchFactor(0, 1);
    lower->setStretchFactor(1, 1);
    lower->setChildrenCollapsible(false);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(lower);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    reload();
}

BenchmarksView::~BenchmarksView() = default;

QWidget* BenchmarksView::buildFilters() {
    auto* bar = new QWidget;
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    m_sku = new QComboBox;
    m_sku->setObjectName(QStringLiteral("sku"));
    m_sku->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_model = new QLineEdit;
    m_model->setObjectName(QStringLiteral("model"));
    m_model->setPlaceholderText(tr("part of the name, any case"));
    m_model->setClearButtonEnabled(true);
    m_showFlagged = new QCheckBox(tr("Show flagged rows"));
    m_showFlagged->setObjectName(QStringLiteral("showFlagged"));
    m_showFlagged->setChecked(true);
    m_showFlagged->setToolTip(tr("Rows with a flag: pre-2026 or undated AMD images, invalid "
                                 "power, failed requests. Bindings leave the AMD image rows out "
                                 "unless asked."));
    auto* skuLabel = new QLabel(tr("&SKU:"));
    skuLabel->setBuddy(m_sku);
    auto* modelLabel = new QLabel(tr("&Model:"));
    modelLabel->setBuddy(m_model);
    row->addWidget(skuLabel);
    row->addWidget(m_sku);
    row->addSpacing(8);
    row->addWidget(modelLabel);
    row->addWidget(m_model, 1);
    row->addSpacing(8);
    row->addWidget(m_showFlagged);
    row->addStretch(1);

    auto* import = new QPushButton(tr("&Import…"));
    import->setObjectName(QStringLiteral("import"));
    import->setToolTip(tr("Import MLPerf summary.json, InferenceX rows, benchmark_serving results "
                          "or the canonical CSV"));
    m_compare = new QPushButton(tr("&Compare…"));
    m_compare->setObjectName(QStringLiteral("compare"));
    m_compare->setToolTip(tr("Per-GPU throughput of an AMD SKU relative to an NVIDIA SKU, with "
                             "the rows every ratio rests on"));
    m_remove = new QPushButton(tr("&Remove"));
    m_remove->setObjectName(QStringLiteral("remove"));
    m_remove->setToolTip(tr("Remove the selected rows from the store"));
    m_remove->setEnabled(false);
    row->addWidget(import);
    row->addWidget(m_compare);
    row->addWidget(m_remove);

    connect(m_sku, &QComboBox::currentIndexChanged, this, &BenchmarksView::filtersChanged);
    connect(m_model, &QLineEdit::textChanged, this, &BenchmarksView::filtersChanged);
    connect(m_showFlagged, &QCheckBox::toggled, this, &BenchmarksView::filtersChanged);
    connect(import, &QPushButton::clicked, this, &BenchmarksView::importWithDialog);
    connect(m_compare, &QPushButton::clicked, this, &BenchmarksView::openCompare);
    connect(m_remove, &QPushButton::clicked, this, &BenchmarksView::removeSelected);
    return bar;
}

QWidget* BenchmarksView::buildPlot() {
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot;
    m_plot->setObjectName(QStringLiteral("scatter"));
    m_plot->setMinimumSize(360, 240);
    m_plot->setToolTip(tr("Click a point to select its row"));
    connect(m_plot, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable* plottable, int dataIndex, QMouseEvent*) {
                onPointClicked(plottable, dataIndex);
            });
    m_plotNote = new QLabel;
    m_plotNote->setTextFormat(Qt::PlainText); // it names SKUs
    m_plotNote->setObjectName(QStringLiteral("plotNote"));
    m_plotNote->setWordWrap(true);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_plotNote);
    return box;
}

// ---------------------------------------------------------------------------------------------
// Contents

void BenchmarksView::reload() {
    const std::optional<std::int64_t> current = currentId();
    std::vector<data::StoredBenchmark> rows;
    m_book.reset();
    QString error;
    if (m_store) {
        try {
            rows = m_store->benchmarks();
            m_book = m_store->defaultPriceBook();
        } catch (const data::StoreError& e) {
            error = QString::fromUtf8(e.what());
        }
    }
    // SKU vendors and the compare dialog's choices come from the default price book, or the
    // one Crossgrade ships when the store has none.
    if (!m_book)
        m_book = data::readPriceBook(data::defaultPriceBookText()).price_book;
    m_vendors.clear();
    if (m_book)
        for (const auto& [id, sku] : m_book->skus)
            m_vendors[id] = sku.vendor;
    m_records->setRecords(std::move(rows));
    fillSkuChoices();
    filtersChanged();
    if (current)
        selectRecord(*current);
    if (!error.isEmpty())
        m_count->setText(tr("<b>The benchmarks could not be read from the store:</b> %1")
                             .arg(error.toHtmlEscaped()));
}

void BenchmarksView::fillSkuChoices() {
    const QString chosen = m_sku->currentData().toString();
    std::set<std::string> skus;
    for (const data::StoredBenchmark& b : m_records->records())
        skus.insert(b.record.sku);
    const QSignalBlocker block(m_sku);
    m_sku->clear();
    m_sku->addItem(tr("All"), QString());
    for (const std::string& sku : skus)
        m_sku->addItem(qstr(sku), qstr(sku));
    m_sku->setCurrentIndex(std::max(0, m_sku->findData(chosen)));
}

void BenchmarksView::setSkuFilter(const QString& sku) {
    if (sku.isEmpty()) {
        m_sku->setCurrentIndex(0);
        return;
    }
    int index = m_sku->findData(sku, Qt::UserRole, Qt::MatchFixedString);
    if (index < 0) { // a SKU with no records (yet): shown as chosen, listing nothing
        m_sku->addItem(sku, sku);
        index = m_sku->count() - 1;
    }
    m_sku->setCurrentIndex(index);
}

void BenchmarksView::setModelFilter(const QString& text) {
    m_model->setText(text);
}

void BenchmarksView::setShowFlagged(bool show) {
    m_showFlagged->setChecked(show);
}

void BenchmarksView::filtersChanged() {
    m_filter->setSku(m_sku->currentData().toString());
    m_filter->setModelText(m_model->text());
    m_filter->setShowFlagged(m_showFlagged->isChecked());
    updateCount();
    updatePlot();
    showCurrent();
}

void BenchmarksView::updateCount() {
    const int total = m_records->rowCount();
    if (total == 0) {
        m_count->setText(tr("No benchmark results in the store. <b>Import…</b> MLPerf "
                            "summary.json, InferenceX rows, benchmark_serving results or the "
                            "canonical CSV (docs/benchmarks.md)."));
        return;
    }
    const int shown = m_filter->rowCount();
    int flagged = 0;
    for (int row = 0; row < shown; ++row)
        flagged += m_filter->index(row, 0).data(BenchmarkTableModel::FlaggedRole).toBool() ? 1 : 0;
    QString text = shown == total ? tr("%n record(s)", "", total)
                                  : tr("%1 of %n record(s)", "", total).arg(shown);
    if (flagged > 0)
        text += tr(" · <span style=\"background:#f6d88f;color:#3a2a00\">&nbsp;%n flagged&nbsp;"
                   "</span> (hover a row for why)",
                   "", flagged);
    text += tr(" · throughput in tokens/s per GPU");
    m_count->setText(text);
}

void BenchmarksView::updatePlot() {
    std::vector<const model::BenchmarkRecord*> records;
    m_plotSourceRows.clear();
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const int source = m_filter->mapToSource(m_filter->index(row, 0)).row();
        records.push_back(&m_records->at(source)->record);
        m_plotSourceRows.push_back(source);
    }
    m_scatter = plotBenchmarkScatter(m_plot, records, m_vendors, m_style);
    QStringList notes;
    if (!m_scatter.no_interactivity.empty())
        notes << tr("Not placed: %n row(s) without an interactivity (single points such as "
                    "MLPerf's) — %1.",
                    "", int(m_scatter.no_interactivity.size()))
                     .arg(perSku(m_scatter.no_interactivity, records));
    if (!m_scatter.no_unit.empty())
        notes << tr("Not placed: %n row(s) with output throughput only, on an axis of total "
                    "throughput — %1.",
                    "", int(m_scatter.no_unit.size()))
                     .arg(perSku(m_scatter.no_unit, records));
    m_plotNote->setText(notes.join(QLatin1Char(' ')));
    m_plotNote->setVisible(!notes.isEmpty());
    showCurrent(); // rings the selected row's point again, then replots
}

void BenchmarksView::showCurrent() {
    const std::optional<std::int64_t> id = currentId();
    const int source = id ? m_records->rowOfId(*id) : -1;
    if (const data::StoredBenchmark* b = m_records->at(source))
        m_provenance->setHtml(provenanceHtml(*b));
    else
        m_provenance->setHtml(tr("<i>Select a row (or a point of the plot) to see where it "
                                 "came from.</i>"));
    std::optional<std::size_t> point;
    for (std::size_t i = 0; i < m_plotSourceRows.size(); ++i)
        if (m_plotSourceRows[i] == source)
            point = i;
    highlightBenchmarkPoint(m_plot, m_scatter, point, m_style);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BenchmarksView::onPointClicked(QCPAbstractPlottable* plottable, int dataIndex) {
    const std::optional<std::size_t> point = m_scatter.recordAt(plottable, dataIndex);
    if (!point || *point >= m_plotSourceRows.size())
        return;
    if (const data::StoredBenchmark* b = m_records->at(m_plotSourceRows[*point]))
        selectRecord(b->id);
}

QString BenchmarksView::countText() const {
    return m_count->text();
}

QString BenchmarksView::plotNote() const {
    return m_plotNote->text();
}

QString BenchmarksView::provenanceText() const {
    return m_provenance->toPlainText();
}

std::vector<std::int64_t> BenchmarksView::selectedIds() const {
    std::vector<std::int64_t> ids;
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    for (const QModelIndex& index : rows)
        ids.push_back(index.data(BenchmarkTableModel::IdRole).toLongLong());
    return ids;
}

std::optional<std::int64_t> BenchmarksView::currentId() const {
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid())
        return std::nullopt;
    return current.data(BenchmarkTableModel::IdRole).toLongLong();
}

bool BenchmarksView::selectRecord(std::int64_t id) {
    const int source = m_records->rowOfId(id);
    if (source < 0)
        return false;
    const QModelIndex index = m_filter->mapFromSource(m_records->index(source, 0));
    if (!index.isValid())
        return false;
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    return true;
}

// ---------------------------------------------------------------------------------------------
// Import, remove, compare

void BenchmarksView::importWithDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Import benchmark results"),
                                                            QString(), tr(kBenchmarkFilter));
    importFiles(files);
}

bool BenchmarksView::importFiles(const QStringList& paths) {
    if (paths.isEmpty())
        return false;
    if (!m_importer->start(paths)) {
        emit importFinished({true,
                             tr("A benchmark import is already running"),
                             tr("Wait for it to finish, or cancel it."),
                             {}});
        return false;
    }
    return true;
}

void BenchmarksView::waitForImport() {
    m_importer->waitForFinished();
}

void BenchmarksView::onImportFinished(const BenchmarkImporter::Outcome& outcome) {
    if (!outcome.error && outcome.added.added > 0) {
        reload();
        emit storeChanged();
    }
    emit importFinished(outcome);
}

int BenchmarksView::removeRecords(const std::vector<std::int64_t>& ids) {
    if (!m_store)
        return 0;
    int removed = 0;
    for (std::int64_t id : ids)
        removed += m_store->removeBenchmark(id) ? 1 : 0;
    if (removed > 0) {
        m_table->selectionModel()->clear();
        reload();
        emit storeChanged();
    }
    return removed;
}

void BenchmarksView::removeSelected() {
    const std::vector<std::int64_t> ids = selectedIds();
    if (ids.empty())
        return;
    const QString question =
        ids.size() == 1
            ? tr("Remove this benchmark record from the store?\n\n%1\n\nScenarios already bound "
                 "to it keep what they were bound to.")
                  .arg(qstr(model::provenance(m_records->at(m_records->rowOfId(ids[0]))->record)))
            : tr("Remove %1 benchmark records from the store? Scenarios already bound to them "
                 "keep what they were bound to.")
                  .arg(ids.size());
    if (m_removePrompt(question))
        removeRecords(ids);
}

void BenchmarksView::openCompare() {
    std::vector<model::BenchmarkRecord> records;
    records.reserve(m_records->records().size());
    for (const data::StoredBenchmark& b : m_records->records())
        records.push_back(b.record);
    auto* dialog =
        new BenchmarkCompareDialog(std::move(records), m_book ? *m_book : model::PriceBook{}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("compareDialog"));
    if (!m_filter->modelText().isEmpty())
        dialog->setModelText(m_filter->modelText());
    dialog->open();
}

void BenchmarksView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_style = FigureStyle::fromPalette(palette(), font());
        updatePlot();
    }
}

} // namespace crossgrade::ui
