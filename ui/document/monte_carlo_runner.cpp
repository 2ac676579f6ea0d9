#include "monte_carlo_runner.h"

#include "compiled_scenario.h"

#include <QElapsedTimer>
#include <QThread>
#include <QtConcurrent>

namespace crossgrade::ui {

MonteCarloRunner::MonteCarloRunner(QObject* parent)
    : QObject(parent)
    , m_threads(std::max(1, QThread::idealThreadCount())) {
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { emit progressed(samplesDone(), samplesRequested()); });
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &MonteCarloRunner::takeFinished);
}

MonteCarloRunner::~MonteCarloRunner() {
    m_cancel = true;
    m_watcher.waitForFinished();
}

void MonteCarloRunner::setFullSamples(std::size_t samples) {
    m_fullSamples = std::max<std::size_t>(2, samples);
}

std::optional<MonteCarloRunner::Kind> MonteCarloRunner::runningKind() const {
    return m_running ? std::optional<Kind>(m_running->kind) : std::nullopt;
}

std::size_t MonteCarloRunner::samplesRequested() const {
    return m_running ? m_running->samples : 0;
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
    Job job{++m_requested,
            kind,
            kind == Kind::Preview ? std::min(kPreviewSamples, m_fullSamples) : m_fullSamples,
            std::move(scenario),
            std::move(compiled),
            std::move(deterministic)};
    if (!m_running) {
        start(std::move(job), true);
        return;
    }
    if (kind == Kind::Full || m_running->kind == Kind::Full)
        supersedeRunning();
    m_waiting = std::move(job);
}

void MonteCarloRunner::cancel() {
    m_waiting.reset();
    if (m_running)
        supersedeRunning();
    m_requested++; // nothing asked for so far may become the result any more
    if (m_result) {
        m_result.reset();
        emit resultChanged();
    }
}

void MonteCarloRunner::supersedeRunning() {
    m_runningSuperseded = true;
    m_cancel = true;
}

void MonteCarloRunner::start(Job job, bool announce) {
    m_cancel = false;
    m_done = 0;
    m_runningSuperseded = false;
    m_running = std::move(job);
    // The worker reads the job's copies and the cache; the runner touches neither while the
    // future runs, and waits for it before it is destroyed.
    const Job* running = &*m_running;
    model::DrawCache* cache = &m_cache;
    std::atomic<bool>* cancel = &m_cancel;
    std::atomic<std::size_t>* done = &m_done;
    // A preview runs while the slider is still moving: it leaves one core to the GUI thread's
    // redraw. The numbers do not depend on the thread count.
    const int threads = m_running->kind == Kind::Preview ? std::max(1, m_threads - 1) : m_threads;
    m_watcher.setFuture(QtConcurrent::run([running, cache, cancel, done, threads] {
        QElapsedTimer clock;
        clock.start();
        Outcome outcome;
        try {
            outcome.result = std::make_shared<const model::MonteCarloResult>(model::runMonteCarlo(
                *running->compiled, *running->deterministic,
                {running->samples, running->scenario->seed, threads, std::nullopt}, *cache, cancel,
                done));
        } catch (const std::exception&) {
            // No result rather than a crash on a worker thread.
        }
        outcome.milliseconds = clock.elapsed();
        return outcome;
    }));
    m_progressTimer.start();
    if (announce)
        emit runningChanged(true);
    emit progressed(0, m_running->samples);
}

// The watcher's finished signal may still be queued when waitForIdle() has taken the result:
// a future already taken (invalid) or one still running is left alone.
void MonteCarloRunner::takeFinished() {
    if (!m_running || m_watcher.isRunning() || !m_watcher.future().isValid() ||
        m_watcher.future().resultCount() == 0)
        return;
    const Outcome outcome = m_watcher.future().result();
    m_watcher.setFuture(QFuture<Outcome>());
    const Job finished = std::move(*m_running);
    m_running.reset();
    // A run superseded or cancelled after it had already finished its samples still says
    // "not cancelled": the flag set by the GUI thread decides, not the result.
    if (!m_runningSuperseded && outcome.result && !outcome.result->cancelled &&
        finished.sequence > m_resultSequence) {
        m_result = outcome.result;
        m_resultKind = finished.kind;
        m_resultSequence = finished.sequence;
        m_lastMilliseconds = outcome.milliseconds;
        emit resultChanged();
    }
    if (m_waiting) {
        Job next = std::move(*m_waiting);
        m_waiting.reset();
        start(std::move(next), false);
        return;
    }
    m_progressTimer.stop();
    emit progressed(samplesDone(), finished.samples);
    emit runningChanged(false);
}

void MonteCarloRunner::waitForIdle() {
    while (m_running) {
        m_watcher.waitForFinished();
        const quint64 before = m_running->sequence;
        takeFinished();
        if (m_running && m_running->sequence == before)
            break; // nothing could be taken (cannot happen: the run always returns)
    }
}

} // namespace crossgrade::ui
