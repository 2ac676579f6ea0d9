#include "audit_table_model.h"

#include "qt_text.h"

#include <QFont>

namespace crossgrade::ui {

namespace {

constexpr std::array<model::Tier, 3> kTiers{model::Tier::Low, model::Tier::Medium,
                                            model::Tier::High};

std::optional<model::Tier> tierFrom(const QVariant& value) {
    if (value.typeId() == QMetaType::Int || value.typeId() == QMetaType::UInt ||
        value.typeId() == QMetaType::LongLong) {
        const int i = value.toInt();
        if (i < 0 || i >= int(kTiers.size()))
            return std::nullopt;
        return kTiers[std::size_t(i)];
    }
    // Titles and file-format names differ only in case.
    return model::parseTier(value.toString().trimmed().toLower().toStdString());
}

// A reviewer who moves off the scan's proposal in the table has given no reason yet; the file
// format requires one, so the view says where the tier came from until it is replaced.
constexpr std::string_view kTableOverrideReason = "Set by the reviewer in the audit view.";

} // namespace

QColor tierBadgeBackground(model::Tier tier) {
    switch (tier) {
    case model::Tier::Low:
        return QColor(0xd1, 0xe7, 0xdd);
    case model::Tier::Medium:
        return QColor(0xff, 0xec, 0xb5);
    case model::Tier::High:
        return QColor(0xf8, 0xd0, 0xd4);
    }
    return {};
}

QColor tierBadgeForeground(model::Tier tier) {
    switch (tier) {
    case model::Tier::Low:
        return QColor(0x0f, 0x51, 0x32);
    case model::Tier::Medium:
        return QColor(0x5c, 0x45, 0x00);
    case model::Tier::High:
        return QColor(0x84, 0x20, 0x29);
    }
    return {};
}

AuditTableModel::AuditTableModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void AuditTableModel::setAudit(const model::Audit& audit) {
    if (audit == m_audit)
        return;
    m_audit = audit;
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void AuditTableModel::setReadOnly(bool readOnly) {
    if (readOnly == m_readOnly)
        return;
    m_readOnly = readOnly;
    // Flags are data to a view: editors must close or open with the mode.
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

model::Dimension AuditTableModel::dimensionAt(int row) {
    return model::kAllDimensions[std::size_t(row)];
}

int AuditTableModel::rowOf(model::Dimension dimension) {
    return int(dimension);
}

QStringList AuditTableModel::tierChoices() {
    QStringList out;
    for (model::Tier t : kTiers)
        out << qs(model::title(t));
    return out;
}

model::Audit AuditTableModel::withTier(model::Audit audit, model::Dimension d, model::Tier tier) {
    model::DimensionAssessment& dim = audit.dimension(d);
    dim.tier = tier;
    if (dim.proposed_tier && *dim.proposed_tier == tier)
        dim.override_tier.reset();
    else if (dim.override_tier)
        dim.override_tier->tier = tier;
    else if (dim.proposed_tier)
        dim.override_tier = model::TierOverride{tier, std::string(kTableOverrideReason)};
    return audit;
}

int AuditTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(model::kDimensionCount);
}

int AuditTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const model::Dimension d = dimensionAt(index.row());
    const model::DimensionAssessment& dim = m_audit.dimension(d);
    if (role == DimensionRole)
        return int(d);
    if (role == TierRole)
        return int(dim.tier);

    switch (index.column()) {
    case DimensionColumn:
        if (role == Qt::DisplayRole)
            return QStringLiteral("%1. %2").arg(index.row() + 1).arg(qs(model::title(d)));
        if (role == Qt::ToolTipRole)
            return tr("Dimension %1 of the article's audit (\"%2\" in audit files)")
                .arg(index.row() + 1)
                .arg(qs(model::toString(d)));
        break;
    case TierColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return qs(model::title(dim.tier));
        if (role == Qt::BackgroundRole)
            return tierBadgeBackground(dim.tier);
        if (role == Qt::ForegroundRole)
            return tierBadgeForeground(dim.tier);
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignCenter);
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        if (role == Qt::ToolTipRole) {
            QStringList lines;
            if (dim.proposed_tier)
                lines << tr("Proposed by the scan: %1").arg(qs(model::title(*dim.proposed_tier)));
            if (dim.override_tier)
                lines << tr("Reviewer override: %1 — %2")
                             .arg(qs(model::title(dim.override_tier->tier)),
                                  QString::fromStdString(dim.override_tier->reason));
            if (!m_readOnly)
                lines << tr("Double-click to change the tier.");
            return plainTip(lines.join(QLatin1Char('\n'))); // the reason is the reviewer's
        }
        break;
    case EvidenceColumn:
        if (role == Qt::DisplayRole)
            return int(dim.evidence.size());
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignCenter);
        if (role == Qt::ToolTipRole)
            return tr("%n piece(s) of file:line evidence", nullptr, int(dim.evidence.size()));
        break;
    case NotesColumn: {
        const QString notes = QString::fromStdString(dim.notes);
        if (role == Qt::EditRole)
            return notes;
        // One line in the table; the whole text in the tooltip.
        if (role == Qt::DisplayRole)
            return QString(notes).replace(QLatin1Char('\n'), QLatin1Char(' '));
        if (role == Qt::ToolTipRole && !notes.isEmpty())
            return plainTip(notes);
        break;
    }
    default:
        break;
    }
    return {};
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case DimensionColumn:
        return tr("Dimension");
    case TierColumn:
        return tr("Tier");
    case EvidenceColumn:
        return tr("Evidence");
    case NotesColumn:
        return tr("Notes");
    default:
        return {};
    }
}

Qt::ItemFlags AuditTableModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid() || m_readOnly)
        return f;
    if (index.column() == TierColumn || index.column() == NotesColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool AuditTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || m_readOnly ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const model::Dimension d = dimensionAt(index.row());
    const QString dimensionTitle = qs(model::title(d));
    model::Audit edited;
    QString undoText;
    if (index.column() == TierColumn) {
        const std::optional<model::Tier> tier = tierFrom(value);
        if (!tier || *tier == m_audit.dimension(d).tier)
            return false;
        edited = withTier(m_audit, d, *tier);
        undoText = tr("Set %1 to %2").arg(dimensionTitle, qs(model::title(*tier)));
    } else if (index.column() == NotesColumn) {
        const std::string notes = value.toString().toStdString();
        if (notes == m_audit.dimension(d).notes)
            return false;
        edited = m_audit;
        edited.dimension(d).notes = notes;
        undoText = tr("Edit notes of %1").arg(dimensionTitle);
    } else {
        return false;
    }
    m_audit = std::move(edited);
    emit dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
    emit auditEdited(undoText, m_audit);
    return true;
}

} // namespace crossgrade::ui
