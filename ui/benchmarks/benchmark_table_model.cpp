#include "benchmark_table_model.h"

#include "benchmark_compare.h"
#include "benchmark_text.h"
#include "qt_text.h"

#include <QApplication>
#include <QBrush>
#include <QColor>
#include <QStyle>

namespace crossgrade::ui {

namespace {

QVariant number(std::optional<double> v) {
    return v ? QVariant(*v) : QVariant();
}

QVariant number(std::optional<int> v) {
    return v ? QVariant(*v) : QVariant();
}

} // namespace

BenchmarkTableModel::BenchmarkTableModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void BenchmarkTableModel::setRecords(std::vector<data::StoredBenchmark> records) {
    beginResetModel();
    m_records = std::move(records);
    endResetModel();
}

const data::StoredBenchmark* BenchmarkTableModel::at(int row) const {
    return row >= 0 && row < rowCount() ? &m_records[std::size_t(row)] : nullptr;
}

int BenchmarkTableModel::rowOfId(std::int64_t id) const {
    for (std::size_t i = 0; i < m_records.size(); ++i)
        if (m_records[i].id == id)
            return int(i);
    return -1;
}

int BenchmarkTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_records.size());
}

int BenchmarkTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BenchmarkTableModel::display(const data::StoredBenchmark& row, int column) const {
    const model::BenchmarkRecord& r = row.record;
    switch (column) {
    case SkuColumn:
        return qstr(r.sku);
    case ModelColumn:
        return qstr(r.model);
    case PrecisionColumn:
        return qstr(r.precision);
    case ScenarioColumn:
        return qstr(r.scenario);
    case LengthsColumn:
        return lengthsText(r);
    case ConcurrencyColumn:
        return optionalIntText(r.concurrency);
    case GpusColumn:
        return r.nodes > 1 ? tr("%1 (%2 nodes)").arg(r.gpus).arg(r.nodes) : QString::number(r.gpus);
    case TotalColumn:
        return measuredText(r.total_tokens_per_s_per_gpu);
    case OutputColumn:
        return measuredText(r.output_tokens_per_s_per_gpu);
    case InteractivityColumn:
        return measuredText(r.interactivity);
    case JoulesColumn:
        return measuredText(r.joules_per_token);
    case SourceColumn:
        return qstr(model::provenance(r));
    case FlagsColumn:
        return flagsText(r);
    default:
        return {};
    }
}

QVariant BenchmarkTableModel::sortValue(const data::StoredBenchmark& row, int column) const {
    const model::BenchmarkRecord& r = row.record;
    switch (column) {
    case LengthsColumn:
        // By input length, then output length.
        return r.isl || r.osl
                   ? QVariant(qlonglong(r.isl.value_or(0)) * 1'000'000 + r.osl.value_or(0))
                   : QVariant();
    case ConcurrencyColumn:
        return number(r.concurrency);
    case GpusColumn:
        return r.gpus;
    case TotalColumn:
        return number(r.total_tokens_per_s_per_gpu);
    case OutputColumn:
        return number(r.output_tokens_per_s_per_gpu);
    case InteractivityColumn:
        return number(r.interactivity);
    case JoulesColumn:
        return number(r.joules_per_token);
    case FlagsColumn:
        return r.flags.empty() ? QVariant() : QVariant(flagsText(r));
    default:
        return display(row, column).toString().toLower();
    }
}

QVariant BenchmarkTableModel::data(const QModelIndex& index, int role) const {
    const data::StoredBenchmark* row = at(index.row());
    if (!row || !index.isValid())
        return {};
    const model::BenchmarkRecord& r = row->record;
    const bool flagged = !r.flags.empty();
    switch (role) {
    case Qt::DisplayRole:
        return display(*row, index.column());
    case Qt::ToolTipRole:
        // Every part is the imported file's text.
        if (flagged)
            return plainTip(tr("Flagged: %1").arg(flagsText(r)));
        if (index.column() == SourceColumn)
            return plainTip(qstr(model::provenance(r)));
        if (index.column() == ModelColumn)
            return plainTip(qstr(r.model));
        return {};
    case Qt::DecorationRole:
        if (flagged && index.column() == SkuColumn)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::BackgroundRole:
        if (flagged && index.column() == FlagsColumn)
            return QBrush(QColor(0xf6, 0xd8, 0x8f)); // amber: read it before trusting the row
        return {};
    case Qt::ForegroundRole:
        if (flagged && index.column() == FlagsColumn)
            return QBrush(QColor(0x3a, 0x2a, 0x00)); // dark on the amber in any theme
        return {};
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case ConcurrencyColumn:
        case GpusColumn:
        case TotalColumn:
        case OutputColumn:
        case InteractivityColumn:
        case JoulesColumn:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case SortRole:
        return sortValue(*row, index.column());
    case IdRole:
        return QVariant::fromValue<qlonglong>(row->id);
    case SkuRole:
        return qstr(r.sku);
    case ModelRole:
        return qstr(r.model);
    case FlaggedRole:
        return flagged;
    default:
        return {};
    }
}

QVariant BenchmarkTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case LengthsColumn:
            return tr("Input / output sequence length, tokens");
        case TotalColumn:
            return tr("Total (input + output) tokens/s per GPU, as the source measured it");
        case OutputColumn:
            return tr("Generated tokens/s per GPU; MLPerf's LLM results count only these");
        case InteractivityColumn:
            return tr("Tokens/s each user sees (1 ÷ time per output token); empty for single "
                      "points such as MLPerf's");
        case JoulesColumn:
            return tr("Energy per total token, where the source measured valid power");
        case SourceColumn:
            return tr("File, row, round and date: what a ratio built on this row cites");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SkuColumn:
        return tr("SKU");
    case ModelColumn:
        return tr("Model");
    case PrecisionColumn:
        return tr("Precision");
    case ScenarioColumn:
        return tr("Scenario");
    case LengthsColumn:
        return tr("ISL/OSL");
    case ConcurrencyColumn:
        return tr("Conc.");
    case GpusColumn:
        return tr("GPUs");
    case TotalColumn:
        return tr("Total/GPU");
    case OutputColumn:
        return tr("Output/GPU");
    case InteractivityColumn:
        return tr("Tok/s/user");
    case JoulesColumn:
        return tr("J/token");
    case SourceColumn:
        return tr("Source");
    case FlagsColumn:
        return tr("Flags");
    default:
        return {};
    }
}

} // namespace crossgrade::ui
