#pragma once

// The Benchmarks view's filters over BenchmarkTableModel: one SKU or all, a part of the model
// name in any case (as `crossgrade-cli benchmarks --model` reads it), and whether flagged rows
// are listed. Sorts by the numbers themselves (BenchmarkTableModel::SortRole), missing last.

#include <QSortFilterProxyModel>
#include <QString>

namespace crossgrade::ui {

class BenchmarkFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit BenchmarkFilterModel(QObject* parent = nullptr);

    // Empty: every SKU.
    void setSku(const QString& sku);
    QString sku() const { return m_sku; }
    void setModelText(const QString& text);
    QString modelText() const { return m_modelText; }
    void setShowFlagged(bool show);
    bool showFlagged() const { return m_showFlagged; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_sku;
    QString m_modelText;
    bool m_showFlagged = true;
};

} // namespace crossgrade::ui
