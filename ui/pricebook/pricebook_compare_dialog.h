#pragma once

// Edit → Price book versions… (issue 24, point 4): the open scenario's price book beside a stored
// one — every figure that differs, old → new with its source — whether moving onto it flips the
// scenario's decision, and the move itself as one undoable edit that keeps the scenario's
// overrides (the figures that differ from the book version it was made from). When that version
// is neither stored nor shipped, the overrides cannot be told apart: the dialog says so and the
// move replaces every figure after asking.

#include "pricebook_diff.h"
#include "scenario.h"

#include <QDialog>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace crossgrade::data {
class Store;
}

namespace crossgrade::ui {

class ScenarioDocument;

class PriceBookCompareDialog : public QDialog {
    Q_OBJECT

public:
    PriceBookCompareDialog(data::Store& store, ScenarioDocument& document,
                           QWidget* parent = nullptr);

    // For tests: the stored book compared with, by its row in the choice.
    void chooseBook(int index);
    QTableWidget* changesTable() const { return m_changes; }
    QString verdictText() const;
    // Moves the scenario onto the chosen book (what the button does, without asking); the
    // reason when it is not moved.
    QString moveScenario();
    // After a move: what it did in a sentence, and the pointers of the figures kept as the
    // user's own, one per line (empty before a move).
    QString movedSummary() const { return m_moved; }
    QString keptOverrides() const { return m_keptOverrides; }

private:
    void refresh();

    data::Store& m_store;
    ScenarioDocument& m_document;
    std::vector<model::PriceBook> m_books;  // the stored books, in the choice's order
    std::optional<model::PriceBook> m_from; // the version the scenario was made from, if known
    QComboBox* m_choice = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_changes = nullptr;
    QLabel* m_verdict = nullptr;
    QPushButton* m_move = nullptr;
    QString m_moved;
    QString m_keptOverrides;
};

} // namespace crossgrade::ui
