#pragma once

// A stored price book, read-only: every SKU with its key figures as low – most likely – high,
// and each figure's source in the tooltip. Edits go through a scenario's own copy (Inputs).

#include "price_book.h"

#include <QAbstractTableModel>
#include <QWidget>

class QLabel;
class QTableView;

namespace crossgrade::ui {

class PriceBookTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        SkuColumn,
        VendorColumn,
        HbmColumn,
        PowerColumn,
        PurchaseColumn,
        ReservedColumn,
        OnDemandColumn,
        AvailableColumn,
        ColumnCount
    };

    explicit PriceBookTableModel(QObject* parent = nullptr);
    void setPriceBook(const model::PriceBook& book);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<std::pair<std::string, model::Sku>> m_skus;
};

class PriceBookView : public QWidget {
    Q_OBJECT

public:
    explicit PriceBookView(QWidget* parent = nullptr);
    void setPriceBook(const model::PriceBook& book);
    PriceBookTableModel* model() const { return m_model; }

private:
    QLabel* m_title = nullptr;
    QTableView* m_table = nullptr;
    PriceBookTableModel* m_model = nullptr;
};

} // namespace crossgrade::ui
