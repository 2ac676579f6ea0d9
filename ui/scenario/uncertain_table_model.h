#pragma once

// The uncertain numbers of the open scenario as a table — one group of them, or every one a
// filter text matches — each as low / most likely / high with its distribution, source, date
// and confidence tag. Numbers a secondary write-up supports (C) or nothing supports (?, or no
// tag at all) carry a badge, so the assumptions to check stand out wherever they are edited.
//
// Every cell edit is one ScenarioDocument::edit (one undo step). A value the reader would
// refuse (model::checkInput) or the engine cannot take is not applied: editRefused says why.

#include "scenario_inputs.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <optional>
#include <vector>

namespace crossgrade::ui {

class ScenarioDocument;

class UncertainTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        InputColumn,
        LowColumn,
        MostLikelyColumn,
        HighColumn,
        DistributionColumn,
        SourceColumn,
        DateColumn,
        TagColumn,
        ColumnCount
    };
    enum Role {
        PointerRole = Qt::UserRole + 1, // QString: the input's JSON pointer
        ChoicesRole,                    // QStringList: what a combo-box editor offers
        BadgedRole,                     // bool: the row is tagged C, ? or not at all
        GroupRole                       // QString: the input's group
    };

    explicit UncertainTableModel(QObject* parent = nullptr);

    // The document whose scenario the table shows and edits; nullptr shows nothing.
    void setDocument(ScenarioDocument* document);
    ScenarioDocument* document() const { return m_document; }
    // Only the inputs of `group`; nullopt: every group.
    void setGroup(std::optional<model::InputGroup> group);
    std::optional<model::InputGroup> group() const { return m_group; }
    // Only the inputs whose label, pointer, group, source or tag contains every word of
    // `text` (case-insensitive); "" shows all.
    void setFilterText(const QString& text);
    QString filterText() const { return m_filter; }

    QString pointerAt(int row) const;
    int rowOf(const QString& pointer) const; // -1 when not shown
    const model::ScenarioInput& inputAt(int row) const { return m_rows.at(row).input; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Low / Most likely / High take a number (in the model's units: 0.25 for 25 %) or a text
    // as the user types it ("25 %", "25" for a percentage, "$25,000", "1.2×"). A certain
    // number edited at its most likely value stays certain (all three move); widen it by
    // editing Low or High. Distribution and Tag take their names; Source and Date any text.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // How a value is shown ("$25,000", "7.5 %", "1.35×") and how the text a user types is
    // read back; display only, the model keeps numbers in its own units.
    static QString displayText(double value, model::InputUnit unit);
    static QString editText(double value, model::InputUnit unit);
    static std::optional<double> parseValue(const QString& text, model::InputUnit unit);
    // What a confidence tag means, for tooltips; nullopt: untagged.
    static QString tagMeaning(std::optional<model::Confidence> tag);
    // The tooltip of a range: its implied P10 / P50 / P90 and mean in the input's unit.
    static QString impliedText(const model::UncertainNumber& n, model::InputUnit unit);
    // The unit in words ("US dollars per GPU-hour", "a fraction, typed in per cent").
    static QString unitText(model::InputUnit unit);
    // Where the number's default comes from and its cited source, as one rich-text paragraph:
    // a price-book figure names the book it was copied from, anything else the scenario; then
    // "Source:" with the number's own source, date and tag (or that none was given).
    static QString provenanceText(const model::ScenarioInput& input,
                                  const model::UncertainNumber& n, const model::Scenario& scenario);

signals:
    // An edit was not applied; `reason` says why ("low 5 is above most likely 3").
    void editRefused(const QString& reason);

private:
    struct Row {
        model::ScenarioInput input;
        model::UncertainNumber number;
    };

    void reload();
    std::vector<Row> currentRows() const;
    bool matchesFilter(const model::ScenarioInput& input,
                       const model::UncertainNumber& number) const;
    bool refuse(const QString& reason);

    QPointer<ScenarioDocument> m_document;
    std::optional<model::InputGroup> m_group;
    QString m_filter;
    std::vector<Row> m_rows;
};

} // namespace crossgrade::ui
