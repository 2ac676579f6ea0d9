// DocumentTableModel (document_table_model.h): the scenario collection tables' shared rows.

#include "document_table_model.h"

#include <algorithm>

namespace crossgrade::ui {

DocumentTableModel::DocumentTableModel(Refusal refusal, QObject* parent)
    : QAbstractTableModel(parent)
    , m_refusal(std::move(refusal)) {}

void DocumentTableModel::setDocument(ScenarioDocument* document) {
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &ScenarioDocument::scenarioChanged, this, [this] { reload(); });
    reload();
}

int DocumentTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_ids.size());
}

int DocumentTableModel::rowOf(const std::string& id) const {
    const auto it = std::find(m_ids.begin(), m_ids.end(), id);
    return it == m_ids.end() ? -1 : int(it - m_ids.begin());
}

std::string DocumentTableModel::idAt(int row) const {
    return row >= 0 && row < rowCount() ? m_ids[std::size_t(row)] : std::string();
}

bool DocumentTableModel::valid(const QModelIndex& index) const {
    return index.isValid() && index.row() < rowCount() && m_document;
}

bool DocumentTableModel::refuse(const QString& reason) {
    m_refusal(reason);
    return false;
}

bool DocumentTableModel::apply(const QString& text,
                               const std::function<void(model::Scenario&)>& change) {
    if (!m_document)
        return false;
    const QString error = m_document->edit(text, change);
    if (!error.isEmpty())
        return refuse(error);
    return true;
}

void DocumentTableModel::reload() {
    std::vector<std::string> ids = currentIds();
    if (ids == m_ids) {
        if (!m_ids.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_ids = std::move(ids);
    endResetModel();
}

} // namespace crossgrade::ui
