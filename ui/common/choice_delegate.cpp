// ChoiceDelegate (choice_delegate.h): combo boxes for the cells that offer choices.

#include "choice_delegate.h"

#include "scenario_document.h"
#include "uncertain_table_model.h"

#include <QComboBox>
#include <algorithm>

namespace crossgrade::ui {

namespace {} // namespace

QComboBox* committingComboBox(const QStyledItemDelegate* delegate, QWidget* parent,
                              const QStringList& choices) {
    auto* combo = new QComboBox(parent);
    combo->addItems(choices);
    // The signals are the delegate's; emitting them changes nothing the const promises.
    auto* self = const_cast<QStyledItemDelegate*>(delegate);
    QObject::connect(combo, &QComboBox::activated, self, [self, combo] {
        emit self->commitData(combo);
        emit self->closeEditor(combo);
    });
    return combo;
}

QWidget* ChoiceDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                      const QModelIndex& index) const {
    const QStringList choices = index.data(UncertainTableModel::ChoicesRole).toStringList();
    if (choices.isEmpty())
        return QStyledItemDelegate::createEditor(parent, option, index);
    return committingComboBox(this, parent, choices);
}

void ChoiceDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        combo->setCurrentIndex(std::max(0, combo->findText(index.data(Qt::EditRole).toString())));
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void ChoiceDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                  const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        model->setData(index, combo->currentText(), Qt::EditRole);
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace crossgrade::ui
