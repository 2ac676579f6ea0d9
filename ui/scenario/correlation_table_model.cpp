// The scenario editor's Correlations table (correlation_table_model.h).

#include "correlation_table_model.h"

#include "input_limits.h"
#include "scenario_editor.h"
#include "scenario_inputs.h"

#include <QLocale>
#include <cmath>

namespace crossgrade::ui {

int CorrelationTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CorrelationTableModel::headerData(int section, Qt::Orientation orientation,
                                           int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FirstColumn:
        return ScenarioEditor::tr("Input");
    case SecondColumn:
        return ScenarioEditor::tr("Moves with");
    case RhoColumn:
        return ScenarioEditor::tr("Rank correlation ρ");
    case NoteColumn:
        return ScenarioEditor::tr("Why");
    default:
        return {};
    }
}

Qt::ItemFlags CorrelationTableModel::flags(const QModelIndex& index) const {
    if (!valid(index))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == RhoColumn || index.column() == NoteColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

std::vector<std::string> CorrelationTableModel::currentIds() const {
    std::vector<std::string> ids;
    if (m_document)
        for (const auto& [key, c] : m_document->scenario().correlations)
            ids.push_back(key);
    return ids;
}

const model::InputCorrelation* CorrelationTableModel::pair(int row) const {
    if (!m_document || row < 0 || std::size_t(row) >= m_ids.size())
        return nullptr;
    const auto& all = m_document->scenario().correlations;
    const auto it = all.find(m_ids[std::size_t(row)]);
    return it == all.end() ? nullptr : &it->second;
}

QString CorrelationTableModel::inputName(const std::string& pointer) const {
    for (const model::ScenarioInput& input : model::scenarioInputs(m_document->scenario()))
        if (input.pointer == pointer)
            return QString::fromStdString(input.label);
    return QString::fromStdString(pointer);
}

QVariant CorrelationTableModel::data(const QModelIndex& index, int role) const {
    const model::InputCorrelation* c = valid(index) ? pair(index.row()) : nullptr;
    if (c == nullptr)
        return {};
    if (role == Qt::ToolTipRole) {
        if (index.column() == FirstColumn)
            return QString::fromStdString(c->first);
        if (index.column() == SecondColumn)
            return QString::fromStdString(c->second);
        const QString source = ScenarioEditor::tr("\nSource: %1")
                                   .arg(c->note.empty() ? ScenarioEditor::tr("no note given")
                                                        : QString::fromStdString(c->note));
        if (index.column() == RhoColumn)
            return ScenarioEditor::tr("Spearman rank correlation between the two inputs' draws, "
                                      "from −0.99 to 0.99; each input keeps its own "
                                      "distribution, only the order of its draws follows.") +
                   source;
        return ScenarioEditor::tr("Why the two inputs move together.") + source;
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case FirstColumn:
        return inputName(c->first);
    case SecondColumn:
        return inputName(c->second);
    case RhoColumn:
        return role == Qt::EditRole ? QVariant(c->rank_correlation)
                                    : QVariant(QString::number(c->rank_correlation, 'f', 2));
    case NoteColumn:
        return QString::fromStdString(c->note);
    default:
        return {};
    }
}

bool CorrelationTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const std::string key = m_ids[std::size_t(index.row())];
    if (index.column() == NoteColumn) {
        const std::string note = value.toString().toStdString();
        if (note.size() > model::kMaxNameBytes)
            return refuse(ScenarioEditor::tr("Note not changed: %1 bytes, at most %2")
                              .arg(note.size())
                              .arg(model::kMaxNameBytes));
        return apply(ScenarioEditor::tr("Change the note of correlation %1")
                         .arg(QString::fromStdString(key)),
                     [key, note](model::Scenario& s) { s.correlations.at(key).note = note; });
    }
    bool ok = false;
    const double rho = QLocale().toDouble(value.toString().trimmed(), &ok);
    const double parsed = ok ? rho : value.toString().trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(parsed))
        return refuse(ScenarioEditor::tr("ρ not changed: “%1” is not a number (expected a value "
                                         "from −0.99 to 0.99)")
                          .arg(value.toString()));
    if (!(std::abs(parsed) < 1.0))
        return refuse(ScenarioEditor::tr("ρ not changed: %1 is outside −1 < ρ < 1").arg(parsed));
    return apply(
        ScenarioEditor::tr("Set correlation %1 to %2").arg(QString::fromStdString(key)).arg(parsed),
        [key, parsed](model::Scenario& s) { s.correlations.at(key).rank_correlation = parsed; });
}

bool CorrelationTableModel::addPair(const std::string& first, const std::string& second,
                                    double rho) {
    if (!m_document)
        return false;
    if (first == second)
        return refuse(ScenarioEditor::tr("Choose two different inputs to correlate"));
    for (const auto& [key, c] : m_document->scenario().correlations)
        if ((c.first == first && c.second == second) || (c.first == second && c.second == first))
            return refuse(ScenarioEditor::tr("These two inputs are already correlated (%1)")
                              .arg(QString::fromStdString(key)));
    if (!(std::abs(rho) < 1.0))
        return refuse(ScenarioEditor::tr("ρ must lie strictly between −1 and 1"));
    const std::string key = model::freshId(m_document->scenario().correlations, "pair");
    return apply(
        ScenarioEditor::tr("Correlate %1 with %2").arg(inputName(first), inputName(second)),
        [key, first, second, rho](model::Scenario& s) {
            model::InputCorrelation c;
            c.first = first;
            c.second = second;
            c.rank_correlation = rho;
            c.note = "added in the Inputs view";
            s.correlations[key] = c;
        });
}

bool CorrelationTableModel::removeRow(int row) {
    if (pair(row) == nullptr)
        return refuse(ScenarioEditor::tr("Select the correlation to remove"));
    const std::string key = m_ids[std::size_t(row)];
    return apply(ScenarioEditor::tr("Remove correlation %1").arg(QString::fromStdString(key)),
                 [key](model::Scenario& s) { s.correlations.erase(key); });
}

} // namespace crossgrade::ui
