#pragma once

// The Benchmarks view (docs/benchmarks.md, "In the app"): the store's benchmark records with
// filters (SKU, part of the model name, flagged rows shown or not), a sortable table whose
// flagged rows are marked, the scatter of throughput per GPU against interactivity
// (reports/figures/benchmark_figures) — a table row and its point select each other — and the
// selected row's full provenance. Import… reads files as `crossgrade-cli import-benchmarks`
// does (BenchmarkImporter), Remove deletes the selected rows after asking, Compare… opens the
// per-GPU comparison of two SKUs.

#include "benchmark_figures.h"
#include "benchmark_importer.h"
#include "store.h"

#include <QWidget>
#include <functional>
#include <map>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace crossgrade::ui {

class BenchmarkFilterModel;
class BenchmarkTableModel;

class BenchmarksView : public QWidget {
    Q_OBJECT

public:
    // `store` must outlive the view.
    explicit BenchmarksView(data::Store* store, QWidget* parent = nullptr);
    ~BenchmarksView() override;

    // Reads the records (and the default price book's vendors) from the store again.
    void reload();
    // Shows one SKU's records (empty: all), as the store browser's SKU rows ask.
    void setSkuFilter(const QString& sku);
    void setModelFilter(const QString& text);
    void setShowFlagged(bool show);

    BenchmarkTableModel* tableModel() const { return m_records; }
    BenchmarkFilterModel* filterModel() const { return m_filter; }
    QTableView* table() const { return m_table; }
    QCustomPlot* plot() const { return m_plot; }
    const reports::BenchmarkScatter& scatter() const { return m_scatter; }
    QString countText() const;
    QString plotNote() const;
    QString provenanceText() const;

    // The selected records' store ids, in table order.
    std::vector<std::int64_t> selectedIds() const;
    // Selects the record's row (and rings its point); false when the filters hide it.
    bool selectRecord(std::int64_t id);
    // The record behind the table row selected now.
    std::optional<std::int64_t> currentId() const;

    // Asks for files (File → Import benchmarks…, the Import… button), then importFiles().
    void importWithDialog();
    // Reads `paths` and stores what they hold (see BenchmarkImporter); false while an import
    // runs. The outcome is emitted with importFinished.
    bool importFiles(const QStringList& paths);
    void waitForImport();
    BenchmarkImporter* importer() const { return m_importer; }
    // Removes the records from the store without asking; returns how many were removed.
    int removeRecords(const std::vector<std::int64_t>& ids);

    // Replaces the question asked before Remove (a message box by default).
    using RemovePrompt = std::function<bool(const QString& question)>;
    void setRemovePrompt(RemovePrompt prompt) { m_removePrompt = std::move(prompt); }

    // The compare dialog on the stored records, NVIDIA and AMD SKUs of the default price book.
    void openCompare();

signals:
    // Records were added or removed: the store browser's counts change.
    void storeChanged();
    void importFinished(const crossgrade::ui::BenchmarkImporter::Outcome& outcome);

protected:
    void changeEvent(QEvent* event) override;

private:
    QWidget* buildFilters();
    QWidget* buildPlot();
    void removeSelected();
    void onImportFinished(const BenchmarkImporter::Outcome& outcome);
    void filtersChanged();
    void updateCount();
    void updatePlot();
    void showCurrent();
    void onPointClicked(QCPAbstractPlottable* plottable, int dataIndex);
    void fillSkuChoices();

    data::Store* m_store;
    BenchmarkTableModel* m_records = nullptr;
    BenchmarkFilterModel* m_filter = nullptr;
    std::map<std::string, model::Vendor> m_vendors;
    std::optional<model::PriceBook> m_book;

    QComboBox* m_sku = nullptr;
    QLineEdit* m_model = nullptr;
    QCheckBox* m_showFlagged = nullptr;
    QLabel* m_count = nullptr;
    QTableView* m_table = nullptr;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_plotNote = nullptr;
    QTextBrowser* m_provenance = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_compare = nullptr;

    reports::BenchmarkScatter m_scatter;
    std::vector<int> m_plotSourceRows; // the scatter's record index → source row
    reports::FigureStyle m_style;
    BenchmarkImporter* m_importer = nullptr;
    RemovePrompt m_removePrompt;
};

} // namespace crossgrade::ui
