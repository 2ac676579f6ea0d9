#pragma once

// The item delegate of the scenario editor's tables: a combo box for every cell whose model
// offers choices (UncertainTableModel::ChoicesRole); a choice commits at once, so picking a SKU
// is one click and one undo step. Other cells edit as QStyledItemDelegate does.

#include <QStyledItemDelegate>

class QComboBox;

namespace crossgrade::ui {

// The combo box editor of a delegate's choice cell: `choices` in order, and a pick commits and
// closes the editor at once, so one choice is one undo step. ChoiceDelegate and the Audit
// view's TierDelegate both edit through it.
QComboBox* committingComboBox(const QStyledItemDelegate* delegate, QWidget* parent,
                              const QStringList& choices);

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
