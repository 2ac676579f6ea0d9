#include "scenario_document.h"

#include <QStringList>
#include <QUndoCommand>
#include <utility>

namespace crossgrade::ui {

using EvaluationPtr = std::shared_ptr<const model::ScenarioEvaluation>;

namespace {

EvaluationPtr evaluateFully(const model::Scenario& scenario,
                            const model::CompiledScenario& compiled) {
    return std::make_shared<const model::ScenarioEvaluation>(
        model::evaluateScenario(scenario, compiled));
}

} // namespace

// The scenario before and after one edit; a drag's steps merge into one command. The edit's
// compile is handed to the document on the first redo (the push) and then let go, so the
// undo stack holds scenarios, not compiles: an undo or a redo compiles once.
class ScenarioEditCommand : public QUndoCommand {
public:
    using ScenarioPtr = std::shared_ptr<const model::Scenario>;
    using CompiledPtr = std::shared_ptr<const model::CompiledScenario>;

    ScenarioEditCommand(ScenarioDocument* document, const QString& text, ScenarioPtr before,
                        ScenarioPtr after, CompiledPtr afterCompiled, int mergeId)
        : QUndoCommand(text)
        , m_document(document)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_afterCompiled(std::move(afterCompiled))
        , m_mergeId(mergeId) {}

    void undo() override { m_document->setScenarioFromCommand(m_before, nullptr); }
    void redo() override {
        m_document->setScenarioFromCommand(m_after, std::exchange(m_afterCompiled, nullptr));
    }
    int id() const override { return m_mergeId == 0 ? -1 : m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* next = static_cast<const ScenarioEditCommand*>(other);
        m_after = next->m_after; // already applied: its redo ran before the merge
        setObsolete(*m_after == *m_before);
        return true;
    }

private:
    ScenarioDocument* m_document;
    ScenarioPtr m_before;
    ScenarioPtr m_after;
    CompiledPtr m_afterCompiled;
    int m_mergeId;
};

ScenarioDocument::ScenarioDocument(model::Scenario scenario, QObject* parent)
    : QObject(parent)
    , m_scenario(std::make_shared<const model::Scenario>(std::move(scenario)))
    , m_compiled(std::make_shared<const model::CompiledScenario>(model::compile(*m_scenario)))
    , m_baseline(m_scenario)
    , m_evaluator([this](JobEnd<EvaluationPtr> end) { takeBackgroundResult(std::move(end)); }) {
    m_evaluation = evaluateFully(*m_scenario, *m_compiled);
    m_baselineEvaluation = m_evaluation;
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    m_evaluator.onRunningChanged([this](bool running) { emit evaluatingChanged(running); });
    connect(this, &ScenarioDocument::evaluationChanged, this, &ScenarioDocument::requestMonteCarlo);
    connect(&m_monteCarlo, &MonteCarloRunner::resultChanged, this,
            &ScenarioDocument::takeCommittedPlans);
    requestMonteCarlo();
}

// The Monte Carlo and the evaluator cancel and wait for their runs as they are destroyed.
ScenarioDocument::~ScenarioDocument() = default;

void ScenarioDocument::setStoredAs(std::int64_t scenarioId, int version) {
    m_storedId = scenarioId;
    m_storedVersion = version;
}

void ScenarioDocument::setSavedVersion(std::optional<data::ScenarioVersionSummary> version) {
    m_savedVersion = std::move(version);
    emit evaluationChanged();
}

std::optional<data::HeadlineComparison> ScenarioDocument::savedComparison() const {
    if (!m_savedVersion || !m_savedVersion->damage.empty())
        return std::nullopt;
    const int engine = m_baseline->engine_version;
    return data::compareHeadlines(*m_savedVersion, {m_savedVersion->engine_version, engine},
                                  data::headlineOf(*m_baselineEvaluation),
                                  {CROSSGRADE_VERSION, engine});
}

QString ScenarioDocument::savedComparisonText() const {
    const std::optional<data::HeadlineComparison> c = savedComparison();
    if (!c)
        return {};
    QString text = tr("Version %1. ").arg(m_storedVersion.value_or(0)) +
                   QString::fromStdString(c->saved) + QLatin1Char(' ') +
                   QString::fromStdString(c->now);
    if (!c->differs)
        return text;
    QStringList changes;
    for (const std::string& line : c->changes)
        changes << QString::fromStdString(line);
    if (!changes.isEmpty())
        text += QLatin1Char(' ') + changes.join(QStringLiteral("; ")) + QLatin1Char('.');
    return text + tr(" The program changed these numbers, not the inputs (docs/model.md, "
                     "\u201cOld files and saved versions\u201d).");
}

QString ScenarioDocument::title() const {
    QString t = QString::fromStdString(m_scenario->name);
    if (m_storedVersion)
        t += tr(" (version %1)").arg(*m_storedVersion);
    return t;
}

QString ScenarioDocument::edit(const QString& text,
                               const std::function<void(model::Scenario&)>& change, int mergeId) {
    model::Scenario after = *m_scenario; // the one copy an edit makes
    change(after);
    return push(text, std::move(after), mergeId);
}

QString ScenarioDocument::replace(const QString& text, const model::Scenario& scenario) {
    return push(text, scenario, 0);
}

// The edit is compiled once, here: an edit the engine cannot take is refused, and the compile
// of one it can is the one every view and worker reads.
QString ScenarioDocument::push(const QString& text, model::Scenario after, int mergeId) {
    if (after == *m_scenario)
        return {};
    CompiledPtr compiled;
    try {
        compiled = std::make_shared<const model::CompiledScenario>(
            model::compile(after, m_compiled.get()));
    } catch (const model::ScenarioError& e) {
        return QString::fromStdString(e.pointer() + ": " + e.what());
    }
    m_undo.push(new ScenarioEditCommand(this, text, m_scenario,
                                        std::make_shared<const model::Scenario>(std::move(after)),
                                        std::move(compiled), mergeId));
    return {};
}

void ScenarioDocument::setScenarioFromCommand(ScenarioPtr scenario, CompiledPtr compiled) {
    // An undone or redone scenario compiled when it was edited, so it compiles again.
    if (!compiled)
        compiled = std::make_shared<const model::CompiledScenario>(
            model::compile(*scenario, m_compiled.get()));
    m_scenario = std::move(scenario);
    m_compiled = std::move(compiled);
    emit scenarioChanged();
    if (m_interactive) {
        m_evaluator.cancel(); // a background evaluation running is of an earlier scenario
        evaluateNow();
    } else
        evaluateInBackground();
}

void ScenarioDocument::setInteractive(bool interactive) {
    if (m_interactive == interactive)
        return;
    m_interactive = interactive;
    if (!interactive && m_heldPolicies)
        evaluateInBackground();
}

// Every new evaluation gets its Monte Carlo: a preview while a slider is held, the full run
// otherwise. The same evaluation again (markSaved) asks for nothing, unless only its preview
// ran so far.
void ScenarioDocument::requestMonteCarlo() {
    const auto kind =
        m_interactive ? MonteCarloRunner::Kind::Preview : MonteCarloRunner::Kind::Full;
    if (m_monteCarloFor == m_evaluation && (m_monteCarloKind == MonteCarloRunner::Kind::Full ||
                                            kind == MonteCarloRunner::Kind::Preview))
        return;
    m_monteCarloFor = m_evaluation;
    m_monteCarloKind = kind;
    m_monteCarlo.run(m_scenario, m_compiled, m_evaluation, kind);
}

void ScenarioDocument::rerunMonteCarlo() {
    m_monteCarloFor.reset();
    if (m_modeEvaluation) {
        // A new full run chooses the plans afresh from the mode plans, not from the committed
        // ones: the views show the mode evaluation until it commits again.
        m_evaluation = std::move(m_modeEvaluation);
        m_modeEvaluation.reset();
        emit evaluationChanged(); // asks for the run
        return;
    }
    requestMonteCarlo();
}

void ScenarioDocument::setMonteCarloSamples(std::size_t samples) {
    if (samples == m_monteCarlo.fullSamples())
        return;
    m_monteCarlo.setFullSamples(samples);
    rerunMonteCarlo();
}

void ScenarioDocument::setBudget(std::optional<double> budgetUsd) {
    if (budgetUsd == m_budget)
        return;
    m_budget = budgetUsd;
    emit budgetChanged();
}

void ScenarioDocument::markSaved() {
    m_baseline = m_scenario;
    if (!m_heldPolicies)
        m_baselineEvaluation = m_modeEvaluation ? m_modeEvaluation : m_evaluation;
    else
        m_baselineEvaluation = evaluateFully(*m_baseline, *m_compiled);
    m_undo.setClean();
    emit evaluationChanged();
}

void ScenarioDocument::markUnsaved() {
    m_undo.resetClean();
}

// A drag: the policies stay as the last full evaluation chose them, so one step costs one
// engine run per option (DESIGN.md's 16 ms frame); the search runs again on release.
void ScenarioDocument::evaluateNow() {
    m_evaluation = std::make_shared<const model::ScenarioEvaluation>(
        model::evaluateWithHeldPolicies(*m_scenario, *m_compiled, *m_evaluation));
    m_modeEvaluation.reset();
    m_heldPolicies = true;
    emit evaluationChanged();
}

void ScenarioDocument::evaluateInBackground() {
    // The worker shares the scenario and its compile: neither changes, an edit makes new ones.
    m_evaluator.start([scenario = m_scenario, compiled = m_compiled](JobControl&) {
        return evaluateFully(*scenario, *compiled);
    });
}

// Every edit cancels or supersedes the evaluation running, so one that ends uncancelled is of
// the current scenario — also when a slider was pressed meanwhile (it is kept: dropping it
// left the previous scenario's numbers on screen after the release).
void ScenarioDocument::takeBackgroundResult(JobEnd<EvaluationPtr> end) {
    if (end.cancelled || !end.result)
        return;
    m_evaluation = std::move(end.result);
    m_modeEvaluation.reset();
    m_heldPolicies = false;
    emit evaluationChanged();
}

// A full run's committed plans become the evaluation every view shows (issue 25): each option
// under the plan chosen by expected value, the cheapest option decided on means. Only the run of
// the evaluation on screen, and only once: its Monte Carlo is the one just taken, so none is
// requested again.
void ScenarioDocument::takeCommittedPlans() {
    const std::shared_ptr<const model::UncertaintyAnalysis> analysis = m_monteCarlo.analysis();
    if (!analysis || !m_monteCarlo.isResultCurrent() || m_heldPolicies ||
        m_monteCarloFor != m_evaluation || m_modeEvaluation != nullptr)
        return;
    m_modeEvaluation = m_evaluation;
    m_evaluation = std::make_shared<const model::ScenarioEvaluation>(analysis->committed);
    m_monteCarloFor = m_evaluation;
    emit evaluationChanged();
}

} // namespace crossgrade::ui
