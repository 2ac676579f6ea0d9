#pragma once

// The stored benchmark records as the Benchmarks view's table lists them: one row per record,
// throughput per GPU, the row's provenance, and its flags — a flagged row carries a warning
// icon, a tinted flags cell and its flags in every cell's tooltip. Read-only: records change
// by import and removal only.

#include "store.h"

#include <QAbstractTableModel>
#include <vector>

namespace crossgrade::ui {

class BenchmarkTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        SkuColumn,
        ModelColumn,
        PrecisionColumn,
        ScenarioColumn,
        LengthsColumn,
        ConcurrencyColumn,
        GpusColumn,
        TotalColumn,
        OutputColumn,
        InteractivityColumn,
        JoulesColumn,
        SourceColumn,
        FlagsColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // the number itself for numeric columns; missing: invalid
        IdRole,
        SkuRole,
        ModelRole,
        FlaggedRole
    };

    explicit BenchmarkTableModel(QObject* parent = nullptr);

    void setRecords(std::vector<data::StoredBenchmark> records);
    const std::vector<data::StoredBenchmark>& records() const { return m_records; }
    const data::StoredBenchmark* at(int row) const;
    int rowOfId(std::int64_t id) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const data::StoredBenchmark& row, int column) const;
    QVariant sortValue(const data::StoredBenchmark& row, int column) const;

    std::vector<data::StoredBenchmark> m_records;
};

} // namespace crossgrade::ui
