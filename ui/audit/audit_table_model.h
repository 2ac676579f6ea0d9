#pragma once

// The six dimensions of an audit as an editable table: one row per dimension in the article's
// order; the tier and the notes are edited in place. The model never decides where an edit
// goes: it applies it to its own copy (so the table answers at once) and reports the whole
// edited audit through auditEdited, for the caller to route into an undo stack.

#include "audit.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QString>
#include <QStringList>

namespace crossgrade::ui {

// Tier badges, the same wherever a tier is shown: a light tint with dark text of the same hue,
// readable on light and dark palettes alike because both colours are set.
QColor tierBadgeBackground(model::Tier tier);
QColor tierBadgeForeground(model::Tier tier);

class AuditTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { DimensionColumn, TierColumn, EvidenceColumn, NotesColumn, ColumnCount };
    enum Role {
        DimensionRole = Qt::UserRole + 1, // int(model::Dimension) of the row
        TierRole,                         // int(model::Tier) of the row
    };

    explicit AuditTableModel(QObject* parent = nullptr);

    // Shows `audit` without emitting auditEdited. The rows never change (always six), so a
    // new audit is announced with dataChanged and the view keeps its selection.
    void setAudit(const model::Audit& audit);
    const model::Audit& audit() const { return m_audit; }

    void setReadOnly(bool readOnly);
    bool isReadOnly() const { return m_readOnly; }

    static model::Dimension dimensionAt(int row);
    static int rowOf(model::Dimension dimension);
    // The tier titles an editor offers, in order Low, Medium, High.
    static QStringList tierChoices();

    // `audit` with dimension `d` at `tier`, keeping the reviewer's decision consistent with what
    // a scan proposed: an existing override follows the new tier; a tier that departs from the
    // scan's proposal without an override gets one (the audit file requires a reason); going
    // back to the proposal drops the override, which has nothing left to override.
    static model::Audit withTier(model::Audit audit, model::Dimension d, model::Tier tier);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Tier: a title or file-format name ("High", "high") or an int(model::Tier). Notes: text.
    // Returns false, and emits nothing, for an invalid value or one that changes nothing.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    void auditEdited(const QString& undoText, const model::Audit& edited);

private:
    model::Audit m_audit;
    bool m_readOnly = false;
};

} // namespace crossgrade::ui
