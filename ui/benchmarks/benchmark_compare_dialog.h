#pragma once

// Benchmarks → Compare… (docs/benchmarks.md, "Comparing hardware"): an NVIDIA and an AMD SKU
// of the price book, an optional model filter and whether flagged rows count, and what
// model::compareSkus makes of the stored records — the ratio's median with its min–max, each
// pair with its basis and the rows behind both sides, the groups that did not pair and the
// rows left out, in the words `crossgrade-cli compare-hw` uses.

#include "benchmark_compare.h"
#include "price_book.h"

#include <QDialog>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTreeWidget;

namespace crossgrade::ui {

class BenchmarkCompareDialog : public QDialog {
    Q_OBJECT

public:
    // `book` names the SKUs of each vendor (the store's default price book).
    BenchmarkCompareDialog(std::vector<model::BenchmarkRecord> records,
                           const model::PriceBook& book, QWidget* parent = nullptr);

    void setSkus(const QString& nvidia, const QString& amd);
    void setModelText(const QString& text);
    void setIncludeFlagged(bool include);

    // Compares with the choices shown (also run on every change of them).
    void compare();
    const model::SkuComparison& comparison() const { return m_comparison; }
    QString headline() const;

private:
    void showComparison();

    std::vector<model::BenchmarkRecord> m_records;
    model::SkuComparison m_comparison;
    QComboBox* m_nvidia = nullptr;
    QComboBox* m_amd = nullptr;
    QLineEdit* m_model = nullptr;
    QCheckBox* m_includeFlagged = nullptr;
    QLabel* m_headline = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTreeWidget* m_pairs = nullptr;
    QPlainTextEdit* m_unpaired = nullptr;
    QPlainTextEdit* m_excluded = nullptr;
};

} // namespace crossgrade::ui
