#pragma once

// The probability card of the Costs view (decision-practice.md §4 and §9): for each option
// against staying on CUDA, the chance it is cheaper in calibrated words with the number
// ("likely (78 %)"), the median paired NPV saving with its P10 and P90, P(total ≤ budget)
// when a budget is set, and the convergence read-out (standard error of the mean and of the
// P50) with the seed and sample count. While the Monte Carlo runs: its progress and Cancel.

#include <QFrame>
#include <QPointer>

class QAbstractButton;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QToolButton;

namespace crossgrade::ui {

class ScenarioDocument;

class ProbabilityCard : public QFrame {
    Q_OBJECT

public:
    explicit ProbabilityCard(QWidget* parent = nullptr);
    ~ProbabilityCard() override;

    // The document whose Monte Carlo is shown; nullptr clears the card. Not owned.
    void setDocument(ScenarioDocument* document);

    // What the card says, as plain text (tests, the read-out's accessible text).
    QString text() const { return m_plain; }
    QProgressBar* progressBar() const { return m_progress; }
    QAbstractButton* cancelButton() const;
    QAbstractButton* runButton() const;
    QCheckBox* budgetToggle() const { return m_budgetOn; }
    QDoubleSpinBox* budgetBox() const { return m_budget; } // in $M

private:
    void refresh();
    void refreshProgress(std::size_t done, std::size_t total);
    void budgetEdited();

    QPointer<ScenarioDocument> m_document;
    QLabel* m_status = nullptr;
    QLabel* m_table = nullptr;
    QLabel* m_notes = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QToolButton* m_run = nullptr;
    QCheckBox* m_budgetOn = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QString m_plain;
};

} // namespace crossgrade::ui
