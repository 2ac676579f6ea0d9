#include "benchmark_filter_model.h"

#include "benchmark_table_model.h"

namespace crossgrade::ui {

BenchmarkFilterModel::BenchmarkFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent) {
    setSortRole(BenchmarkTableModel::SortRole);
    setDynamicSortFilter(true);
}

void BenchmarkFilterModel::setSku(const QString& sku) {
    if (sku == m_sku)
        return;
    m_sku = sku;
    invalidateFilter();
}

void BenchmarkFilterModel::setModelText(const QString& text) {
    const QString trimmed = text.trimmed();
    if (trimmed == m_modelText)
        return;
    m_modelText = trimmed;
    invalidateFilter();
}

void BenchmarkFilterModel::setShowFlagged(bool show) {
    if (show == m_showFlagged)
        return;
    m_showFlagged = show;
    invalidateFilter();
}

bool BenchmarkFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_sku.isEmpty() &&
        index.data(BenchmarkTableModel::SkuRole).toString().compare(m_sku, Qt::CaseInsensitive) !=
            0)
        return false;
    if (!m_modelText.isEmpty() && !index.data(BenchmarkTableModel::ModelRole)
                                       .toString()
                                       .contains(m_modelText, Qt::CaseInsensitive))
        return false;
    return m_showFlagged || !index.data(BenchmarkTableModel::FlaggedRole).toBool();
}

} // namespace crossgrade::ui
