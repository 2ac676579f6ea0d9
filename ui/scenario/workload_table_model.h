#pragma once

// The scenario editor's Workloads table: one row per workload (its id, name, kind, class, the
// TensorRT and multi-node facts, the door group it moves with and the operating point), each
// cell one undoable edit. The
// cells that do not apply to the workload's kind show "—" and are not editable.

#include "document_table_model.h"

namespace crossgrade::ui {

class WorkloadTableModel : public DocumentTableModel {
public:
    enum Column {
        IdColumn,
        NameColumn,
        KindColumn,
        ClassColumn,
        TensorRtColumn,
        MultiNodeColumn,
        DoorGroupColumn,
        OperatingPointColumn,
        InputTokensColumn, // engine 3's capacity model: tokens per request
        OutputTokensColumn,
        ColumnCount
    };

    using DocumentTableModel::DocumentTableModel;

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Display and edit text, check states, tooltips (meaning, unit, default) and the choices of
    // the kind and class cells (UncertainTableModel::ChoicesRole).
    QVariant data(const QModelIndex& index, int role) const override;
    // One edit of the workload, or a refusal reported with its reason.
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

protected:
    std::vector<std::string> currentIds() const override;

private:
    const model::Workload* workload(int row) const;
};

} // namespace crossgrade::ui
