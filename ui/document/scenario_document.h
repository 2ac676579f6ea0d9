#pragma once

// The open scenario: its inputs, the version it was opened or last saved as (drawn as the
// faint baseline), the undo stack every edit goes through, and its evaluation — recomputed
// in the background after each edit, or at once with the door policies held while a what-if
// slider is being dragged (DESIGN.md, "UI"). Each new evaluation is followed by a Monte Carlo
// in the background: a 1,000-sample preview while a slider is held, the full run otherwise.

#include "background_job.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "monte_carlo_runner.h"
#include "saved_headline.h"
#include "scenario.h"
#include "store.h"

#include <QObject>
#include <QString>
#include <QUndoStack>
#include <functional>
#include <memory>
#include <optional>

namespace crossgrade::ui {

class ScenarioDocument : public QObject {
    Q_OBJECT

public:
    // Evaluates `scenario` synchronously once, so a new document always has numbers to show.
    explicit ScenarioDocument(model::Scenario scenario, QObject* parent = nullptr);
    ~ScenarioDocument() override;

    const model::Scenario& scenario() const { return *m_scenario; }
    // What the engine made of scenario(), compiled once per edit (issue 21): the evaluation,
    // the Monte Carlo and the views read this instead of compiling again.
    const std::shared_ptr<const model::CompiledScenario>& compiled() const { return m_compiled; }
    const model::ScenarioEvaluation& evaluation() const { return *m_evaluation; }
    // The same evaluation, to share with a worker or a view that keeps it.
    const std::shared_ptr<const model::ScenarioEvaluation>& sharedEvaluation() const {
        return m_evaluation;
    }
    // Before a full Monte Carlo commits the plans by expected value, evaluation() holds each
    // option's plan best at the most likely values; once it has, the committed plans with the
    // decision on means (issue 25). The mode evaluation is what a saved version's headline
    // records, as the CLI's does.
    bool evaluationCommitted() const { return m_modeEvaluation != nullptr; }
    const model::ScenarioEvaluation& modeEvaluation() const {
        return m_modeEvaluation ? *m_modeEvaluation : *m_evaluation;
    }
    // The scenario as opened or last saved, and its evaluation: the faint baseline.
    const model::Scenario& baseline() const { return *m_baseline; }
    const model::ScenarioEvaluation& baselineEvaluation() const { return *m_baselineEvaluation; }

    QUndoStack* undoStack() { return &m_undo; }
    bool isModified() const { return !m_undo.isClean(); }

    // Where the document came from and goes back to: a stored scenario, a file, or neither.
    std::optional<std::int64_t> storedScenarioId() const { return m_storedId; }
    std::optional<int> storedVersion() const { return m_storedVersion; }
    QString fileName() const { return m_fileName; }
    void setStoredAs(std::int64_t scenarioId, int version);
    // The stored version's row as it was saved (its headline, when and by which program), or
    // none for a document that is not from the store. Emits evaluationChanged.
    const std::optional<data::ScenarioVersionSummary>& savedVersion() const {
        return m_savedVersion;
    }
    void setSavedVersion(std::optional<data::ScenarioVersionSummary> version);
    // The saved headline beside the saved inputs evaluated by this build (the baseline), both
    // named by program and engine; none without a saved version.
    std::optional<data::HeadlineComparison> savedComparison() const;
    // The same as one paragraph for a reader: "Version 3. Saved … Re-evaluated by …", with the
    // options that moved and, where they did, that the program moved them; empty without a
    // saved version.
    QString savedComparisonText() const;
    void setFileName(const QString& fileName) { m_fileName = fileName; }
    // A short title: the scenario's name, with the version when it is stored.
    QString title() const;

    // One undoable edit: `change` is applied to a copy of the scenario. Edits with the same
    // non-zero `mergeId` in a row merge into one undo step (a slider drag). An edit that
    // changes nothing is not recorded. An edit the engine cannot take (model::compile throws
    // ScenarioError: an unknown SKU, a lot naming no workload, …) is refused: nothing changes
    // and the error is returned as "POINTER: message"; an empty string means it was applied.
    QString edit(const QString& text, const std::function<void(model::Scenario&)>& change,
                 int mergeId = 0);
    // Replaces the whole scenario as one undoable edit (e.g. "Revert to saved").
    QString replace(const QString& text, const model::Scenario& scenario);

    // While interactive (a slider is held), each edit re-evaluates at once with every option's
    // door policy held from the last full evaluation; leaving it re-optimises the policies in
    // the background. Outside it every edit re-optimises in the background.
    void setInteractive(bool interactive);
    bool isInteractive() const { return m_interactive; }
    // True while the evaluation shown holds the door policies of an earlier one.
    bool evaluationHeldPolicies() const { return m_heldPolicies; }
    // True while a background evaluation is running or waiting.
    bool isEvaluating() const { return m_evaluator.isBusy(); }
    // Blocks until the background evaluation (if any) has finished and been applied.
    void waitForEvaluation() { m_evaluator.waitForIdle(); }

    // The current inputs become the baseline and the undo stack's clean state.
    void markSaved();
    // The document holds changes that no undo step leads back from (work restored after a
    // crash with no saved state to return to): it stays modified until it is saved.
    void markUnsaved();

    // The Monte Carlo of the current evaluation (one runner and draw cache per document).
    MonteCarloRunner* monteCarlo() { return &m_monteCarlo; }
    const MonteCarloRunner* monteCarlo() const { return &m_monteCarlo; }
    // Samples of a full run; a change runs the Monte Carlo again.
    void setMonteCarloSamples(std::size_t samples);
    // Runs the Monte Carlo of the current evaluation again (after a cancel).
    void rerunMonteCarlo();
    // The budget P(total ≤ budget) is read against; not part of the scenario, not undoable.
    std::optional<double> budget() const { return m_budget; }
    void setBudget(std::optional<double> budgetUsd);

signals:
    void scenarioChanged();
    void evaluationChanged();
    void evaluatingChanged(bool evaluating);
    void modifiedChanged(bool modified);
    void budgetChanged();

private:
    friend class ScenarioEditCommand;
    using ScenarioPtr = std::shared_ptr<const model::Scenario>;
    using CompiledPtr = std::shared_ptr<const model::CompiledScenario>;
    // `compiled` is scenario's compile when the caller has it (a new edit), else null: it is
    // compiled here (an undo or redo).
    void setScenarioFromCommand(ScenarioPtr scenario, CompiledPtr compiled);
    QString push(const QString& text, model::Scenario after, int mergeId);
    void evaluateNow();
    void evaluateInBackground();
    void takeBackgroundResult(JobEnd<std::shared_ptr<const model::ScenarioEvaluation>> end);
    void requestMonteCarlo();
    void takeCommittedPlans();

    // Shared, never changed: an edit makes a new one; the undo stack, the background
    // evaluation and the Monte Carlo hold the same object, not copies.
    ScenarioPtr m_scenario;
    CompiledPtr m_compiled;
    ScenarioPtr m_baseline;
    std::shared_ptr<const model::ScenarioEvaluation> m_evaluation;
    // The mode plans' evaluation while m_evaluation holds the committed plans; else null.
    std::shared_ptr<const model::ScenarioEvaluation> m_modeEvaluation;
    std::shared_ptr<const model::ScenarioEvaluation> m_baselineEvaluation;
    QUndoStack m_undo;
    std::optional<std::int64_t> m_storedId;
    std::optional<int> m_storedVersion;
    std::optional<data::ScenarioVersionSummary> m_savedVersion;
    QString m_fileName;
    bool m_interactive = false;
    bool m_heldPolicies = false;
    // The full evaluation of the current scenario: an edit supersedes the one running, whose
    // result is then dropped.
    BackgroundJob<std::shared_ptr<const model::ScenarioEvaluation>> m_evaluator;

    std::optional<double> m_budget;
    // The evaluation the Monte Carlo was last asked for, and how.
    std::shared_ptr<const model::ScenarioEvaluation> m_monteCarloFor;
    MonteCarloRunner::Kind m_monteCarloKind = MonteCarloRunner::Kind::Full;
    // Last member: destroyed first, so its run is cancelled and waited for before the rest.
    MonteCarloRunner m_monteCarlo;
};

} // namespace crossgrade::ui
