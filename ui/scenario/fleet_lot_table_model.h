#pragma once

// The scenario editor's Installed fleet table: one row per fleet lot (its id, SKU, GPU count,
// age, the workload it serves and its channel), each cell one undoable edit.

#include "document_table_model.h"

namespace crossgrade::ui {

class FleetLotTableModel : public DocumentTableModel {
public:
    enum Column {
        IdColumn,
        SkuColumn,
        CountColumn,
        AgeColumn,
        WorkloadColumn,
        ChannelColumn,
        ColumnCount
    };

    using DocumentTableModel::DocumentTableModel;

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Display and edit text, tooltips (meaning, unit, default) and the choices of the SKU,
    // workload and channel cells (UncertainTableModel::ChoicesRole).
    QVariant data(const QModelIndex& index, int role) const override;
    // One edit of the lot, or a refusal reported with its reason.
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

protected:
    std::vector<std::string> currentIds() const override;
};

} // namespace crossgrade::ui
