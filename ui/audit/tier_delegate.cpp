// TierDelegate (tier_delegate.h): the dimension table's tier combo.

#include "tier_delegate.h"

#include "audit_table_model.h"
#include "choice_delegate.h"

#include <QComboBox>

namespace crossgrade::ui {

QWidget* TierDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const {
    if (index.column() != AuditTableModel::TierColumn)
        return QStyledItemDelegate::createEditor(parent, option, index);
    QComboBox* combo = committingComboBox(this, parent, AuditTableModel::tierChoices());
    combo->setObjectName(QStringLiteral("tierEditor"));
    return combo;
}

void TierDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.column() == AuditTableModel::TierColumn)
        option->state &= ~QStyle::State_Selected;
}

void TierDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        combo->setCurrentIndex(index.data(AuditTableModel::TierRole).toInt());
    else
        QStyledItemDelegate::setEditorData(editor, index);
}

void TierDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        model->setData(index, combo->currentIndex());
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace crossgrade::ui
