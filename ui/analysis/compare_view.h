#pragma once

// Two to four scenarios or versions side by side (DESIGN.md, "UI"): the inputs, with the
// changed ones highlighted and a toggle to hide the rest; the outputs per option with the
// difference to the first column, absolute and in per cent, and the paired Monte Carlo Δ of
// NPV under the first column's seed; and one option's cumulative cost curve of each, overlaid.
// The open scenario is always the first column, live.

#include "compare_uncertainty.h"
#include "evaluation.h"
#include "scenario_flat.h"
#include "settings.h"

#include <QAbstractTableModel>
#include <QPointer>
#include <QWidget>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QHBoxLayout;
class QLabel;
class QTableView;

namespace crossgrade::ui {

class ScenarioDocument;

struct CompareEntry {
    QString label;
    model::Scenario scenario;
    std::shared_ptr<const model::CompiledScenario> compiled; // compiled once, shared
    // What the columns show: an added scenario's evaluation under the plans the paired run
    // committed to once it has finished (its mode plans until then); the open document's own.
    std::shared_ptr<const model::ScenarioEvaluation> evaluation;
    // An added scenario's evaluation at its mode plans, where every paired run starts from.
    std::shared_ptr<const model::ScenarioEvaluation> mode;
    std::vector<data::FlatInput> inputs;
};

// Rows: every input any entry has, in the first entry's order; columns: Input, then one per
// entry. A row whose values differ between entries is "changed".
class CompareInputsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    explicit CompareInputsModel(QObject* parent = nullptr);
    void setEntries(const std::vector<const CompareEntry*>& entries);
    void setHideUnchanged(bool hide);
    bool isChanged(int row) const;
    int changedCount() const { return m_changed; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString pointer;
        std::vector<QString> values; // per entry; empty where the entry lacks the input
        bool changed = false;
    };
    void rebuild();

    std::vector<Row> m_all;
    std::vector<const Row*> m_shown;
    QStringList m_labels;
    bool m_hideUnchanged = false;
    int m_changed = 0;
};

// Rows: per option NPV, its paired Monte Carlo Δ (with two entries or more), total,
// break-even, doors taken, $/GPU-hour; then the cheapest option and the rule path. Columns:
// Output, then one per entry; later entries show their difference to the first, absolute and
// in per cent, and the P50 (P10 to P90) of their NPV minus the first's, sample by sample.
class CompareOutputsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    explicit CompareOutputsModel(QObject* parent = nullptr);
    // `paired`: the entries' paired Monte Carlo (ignored unless it ran exactly these entries);
    // `pairedRunning` says "running…" in its cells meanwhile.
    void setEntries(const std::vector<const CompareEntry*>& entries, MoneyDisplay money,
                    const CompareUncertainty::Result* paired = nullptr, bool pairedRunning = false);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString label;
        std::vector<QString> cells;
        bool difference = false; // some later entry differs from the first
        QString tip;             // what the row means, when its label cannot say it all
    };
    std::vector<Row> m_rows;
    QStringList m_labels;
};

class CompareView : public QWidget {
    Q_OBJECT

public:
    static constexpr int kMaxEntries = 4;

    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    // The open scenario (first column, follows its edits); nullptr clears the comparison.
    void setCurrent(ScenarioDocument* document);
    // Adds a scenario (evaluated at once); false when the comparison is full.
    bool addScenario(const QString& label, model::Scenario scenario);
    void removeEntry(int index); // index among the added entries (the open one stays)
    int entryCount() const;
    void setMoneyDisplay(MoneyDisplay display);
    MoneyDisplay moneyDisplay() const { return m_money; }
    // Samples of the paired Monte Carlo (the full-run setting); a change runs it again.
    void setSamples(std::size_t samples);
    std::size_t samples() const { return m_samples; }
    // The paired Monte Carlo of the entries shown (first column's seed for all).
    CompareUncertainty* uncertainty() const { return m_uncertainty; }

    CompareInputsModel* inputsModel() const { return m_inputs; }
    CompareOutputsModel* outputsModel() const { return m_outputs; }
    QCustomPlot* chart() const { return m_chart; }
    QCheckBox* hideUnchangedToggle() const { return m_hideUnchanged; }

private:
    void refresh();
    void refreshCurrent();
    void rebuildChips();
    void replot();
    void refreshOutputs();
    // The paired run's committed plans become the added scenarios' columns.
    void takeCommittedPlans();
    void rerunUncertainty();

    QPointer<ScenarioDocument> m_document; // the window owns it and may delete it first
    CompareEntry m_current;
    std::vector<CompareEntry> m_added;
    MoneyDisplay m_money = MoneyDisplay::Compact;
    bool m_optionChosen = false; // the user picked the option whose curves are overlaid
    CompareUncertainty* m_uncertainty = nullptr;
    std::size_t m_samples = Settings::kDefaultMonteCarloSamples;

    QLabel* m_hint = nullptr;
    QHBoxLayout* m_chips = nullptr;
    QCheckBox* m_hideUnchanged = nullptr;
    QLabel* m_changedLabel = nullptr;
    QComboBox* m_option = nullptr;
    CompareInputsModel* m_inputs = nullptr;
    CompareOutputsModel* m_outputs = nullptr;
    QTableView* m_inputsTable = nullptr;
    QTableView* m_outputsTable = nullptr;
    QCustomPlot* m_chart = nullptr;
};

} // namespace crossgrade::ui
