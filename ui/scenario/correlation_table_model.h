#pragma once

// The scenario editor's Correlations table (issue 25, point 4): the rank correlations the Monte
// Carlo draws with (docs/uncertainty.md, "Correlation"), one row per pair — the two inputs by
// name, ρ and the note saying why they move together — ρ and the note editable, each edit one
// undoable step; a pair the draws cannot take (|ρ| ≥ 1, a set that is not positive definite) is
// refused with the reason compile() gives.

#include "document_table_model.h"

#include <optional>

namespace crossgrade::ui {

class CorrelationTableModel : public DocumentTableModel {
public:
    enum Column { FirstColumn, SecondColumn, RhoColumn, NoteColumn, ColumnCount };

    using DocumentTableModel::DocumentTableModel;

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    // Adds the pair (first, second) with ρ as one edit; false (the reason reported) when refused.
    bool addPair(const std::string& first, const std::string& second, double rho);
    // Removes row `row`'s pair as one edit.
    bool removeRow(int row);

protected:
    std::vector<std::string> currentIds() const override;

private:
    const model::InputCorrelation* pair(int row) const;
    QString inputName(const std::string& pointer) const;
};

} // namespace crossgrade::ui
