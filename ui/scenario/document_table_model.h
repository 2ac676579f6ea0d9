#pragma once

// The base of the scenario editor's collection tables (fleet lots, workloads): rows keyed by
// the ids of one of the scenario's collections, re-read when the document changes; every edit
// goes through ScenarioDocument::edit, and a refusal to the editor's message line.

#include "scenario.h"
#include "scenario_document.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QString>
#include <functional>
#include <string>
#include <vector>

namespace crossgrade::ui {

class DocumentTableModel : public QAbstractTableModel {
public:
    using Refusal = std::function<void(const QString&)>;

    DocumentTableModel(Refusal refusal, QObject* parent);

    void setDocument(ScenarioDocument* document);

    int rowCount(const QModelIndex& parent = {}) const override;

    // The row of the entry `id`, or -1.
    int rowOf(const std::string& id) const;
    // The id of row `row`, or "" when there is none.
    std::string idAt(int row) const;

protected:
    // The collection's ids in the order of its rows.
    virtual std::vector<std::string> currentIds() const = 0;

    bool valid(const QModelIndex& index) const;
    // Reports `reason` and returns false, for setData's refusals.
    bool refuse(const QString& reason);
    // Applies `change` as one edit named `text`; false (and the reason reported) on refusal.
    bool apply(const QString& text, const std::function<void(model::Scenario&)>& change);
    // Re-reads the ids: a reset when they changed, else every cell's dataChanged.
    void reload();

    QPointer<ScenarioDocument> m_document;
    std::vector<std::string> m_ids;
    Refusal m_refusal;
};

} // namespace crossgrade::ui
