#include "monte_carlo_runner.h"

#include "compiled_scenario.h"

#include <QElapsedTimer>
#include <QThread>

namespace crossgrade::ui {

MonteCarloRunner::MonteCarloRunner(QObject* parent)
    : QObject(parent)
    , m_threads(std::max(1, QThread::idealThreadCount()))
    , m_job([this](JobEnd<Outcome> end) { takeFinished(std::move(end)); }) {
    m_job.onRunningChanged([this](bool running) { emit runningChanged(running); });
    m_job.onProgress([this](std::size_t done, std::size_t total) { emit progressed(done, total); });
}

// m_job's destructor cancels the run and waits for it.
MonteCarloRunner::~MonteCarloRunner() = default;

void MonteCarloRunner::setFullSamples(std::size_t samples) {
    m_fullSamples = std::max<std::size_t>(2, samples);
}

std::optional<MonteCarloRunner::Kind> MonteCarloRunner::runningKind() const {
    const std::optional<int> tag = m_job.runningTag();
    return tag ? std::optional<Kind>(Kind(*tag)) : std::nullopt;
}

void MonteCarloRunner::run(const model::Scenario& scenario,
                           std::shared_ptr<const model::ScenarioEvaluation> deterministic,
                           Kind kind) {
    run(std::make_shared<const model::Scenario>(scenario),
        std::make_shared<const model::CompiledScenario>(model::compile(scenario)),
        std::move(deterministic), kind);
}

void MonteCarloRunner::run(std::shared_ptr<const model::Scenario> scenario,
                           std::shared_ptr<const model::CompiledScenario> compiled,
                           std::shared_ptr<const model::ScenarioEvaluation> deterministic,
                           Kind kind) {
    start({std::move(scenario), std::move(compiled), std::move(deterministic)}, kind);
}

void MonteCarloRunner::start(Request request, Kind kind) {
    const std::size_t samples =
        kind == Kind::Preview ? std::min(kPreviewSamples, m_fullSamples) : m_fullSamples;
    // A preview and its refinement run while the slider is still held: they leave one core to
    // the GUI thread's redraw. The numbers do not depend on the thread count.
    const int threads = kind == Kind::Full ? m_threads : std::max(1, m_threads - 1);
    // A running preview is let to end while another preview waits, so a continuous drag still
    // shows previews; anything else supersedes the running run (a refinement included).
    const bool letEnd = kind == Kind::Preview && runningKind() == Kind::Preview;
    // The work shares the job's inputs, copying none, and a draw cache only the running job
    // touches.
    model::DrawCache* cache = kind == Kind::Preview ? &m_previewCache : &m_fullCache;
    model::UncertaintyOptions options;
    options.monte_carlo = {samples, request.scenario->seed, threads, std::nullopt};
    if (kind != Kind::Full) // the slider's path: the plans held, no hindsight
        options.plan_choice_samples = options.hindsight_samples = 0;
    const std::size_t steps =
        kind != Kind::Full ? samples : model::expectedSampleEvaluations(*request.compiled, options);
    if (kind == Kind::Preview)
        m_previewed = request;
    const quint64 ticket = m_job.start(
        [request, cache, options, kind](JobControl& control) {
            QElapsedTimer clock;
            clock.start();
            // Set here, on the worker: the cache is this job's alone while it runs. A full run
            // draws exactly as the report and the CLI do; the slider's runs may shift.
            cache->setShiftMovedInputs(kind != Kind::Full);
            Outcome outcome;
            if (kind != Kind::Full) {
                outcome.result =
                    std::make_shared<const model::MonteCarloResult>(model::runMonteCarlo(
                        *request.compiled, *request.deterministic, options.monte_carlo, *cache,
                        control.cancelFlag(), control.doneCounter()));
            } else {
                auto analysis =
                    std::make_shared<model::UncertaintyAnalysis>(model::analyseUncertainty(
                        *request.scenario, *request.compiled, *request.deterministic, options,
                        *cache, control.cancelFlag(), control.doneCounter()));
                auto result = std::make_shared<model::MonteCarloResult>(analysis->monte_carlo);
                result->cancelled = analysis->cancelled;
                outcome.result = std::move(result);
                outcome.analysis = std::move(analysis);
            }
            outcome.milliseconds = clock.elapsed();
            return outcome;
        },
        {letEnd ? WhileBusy::Queue : WhileBusy::Supersede, steps, int(kind)});
    if (kind == Kind::Preview)
        m_previewTicket = ticket;
}

void MonteCarloRunner::cancel() {
    m_job.cancel(); // nothing asked for so far may become the result any more
    if (m_result) {
        m_result.reset();
        m_analysis.reset();
        emit resultChanged();
    }
}

// A run superseded or cancelled after it had already finished its samples still says "not
// cancelled": the flag set by the GUI thread decides, not the result. (A superseded run never
// gets here.) A run that threw leaves no result rather than a crash.
void MonteCarloRunner::takeFinished(JobEnd<Outcome> end) {
    const auto& result = end.result.result;
    if (end.cancelled || !end.error.isEmpty() || !result || result->cancelled)
        return;
    m_result = result;
    m_analysis = end.result.analysis;
    m_resultKind = Kind(end.tag);
    m_resultTicket = end.ticket;
    m_lastMilliseconds = end.result.milliseconds;
    emit resultChanged();
    // The newest preview, nothing asked for since (a handler of the signal included): refine
    // it to the full count, the plans still held.
    if (m_refinePreviews && m_resultKind == Kind::Preview && end.ticket == m_previewTicket &&
        end.ticket == m_job.latestTicket() && !m_job.isBusy() && m_fullSamples > kPreviewSamples)
        start(m_previewed, Kind::Refine);
}

} // namespace crossgrade::ui
