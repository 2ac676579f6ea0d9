#pragma once

// The item delegate of the Audit view's dimension table: the tier column edits through a combo
// of the three tiers, committed as soon as one is picked so a single choice is a single undo
// step, and its badge keeps its colours in the selected row.

#include <QStyledItemDelegate>

namespace crossgrade::ui {

class TierDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    // The tier badge keeps its colours in the selected row: the tier is what the reader is
    // looking for there.
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
};

} // namespace crossgrade::ui
