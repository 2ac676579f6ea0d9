#pragma once

// The item delegate of the scenario editor's tables: a combo box for every cell whose model
// offers choices (UncertainTableModel::ChoicesRole); a choice commits at once, so picking a SKU
// is one click and one undo step. Other cells edit as QStyledItemDelegate does.

#include <QStyledItemDelegate>

namespace crossgrade::ui {

class ChoiceDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
};

} // namespace crossgrade::ui
