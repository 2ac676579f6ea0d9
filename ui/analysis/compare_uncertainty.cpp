#include "compare_uncertainty.h"

#include "compiled_scenario.h"

#include <QThread>
#include <QtConcurrent>

namespace crossgrade::ui {

using ResultPtr = std::shared_ptr<const CompareUncertainty::Result>;

namespace {

// One draw cache for all entries: they share the seed, so only the inputs that differ between
// them are drawn again. Null when cancelled.
ResultPtr runAll(const std::vector<CompareUncertainty::Entry>& entries, std::size_t samples,
                 const std::atomic<bool>* cancel) {
    auto result = std::make_shared<CompareUncertainty::Result>();
    result->seed = entries.front().seed;
    result->samples = samples;
    model::DrawCache cache;
    const int threads = std::max(1, QThread::idealThreadCount());
    for (const CompareUncertainty::Entry& e : entries) {
        // The seed is a run option, not part of the compile: every entry runs under the first's.
        auto run = std::make_shared<model::MonteCarloResult>(
            model::runMonteCarlo(*e.compiled, *e.evaluation,
                                 {samples, result->seed, threads, std::nullopt}, cache, cancel));
        if (run->cancelled || cancel->load())
            return nullptr;
        result->deltas.push_back(result->runs.empty()
                                     ? std::vector<model::PairedDelta>{}
                                     : model::pairedNpvDelta(*result->runs.front(), *run));
        result->runs.push_back(std::move(run));
    }
    return result;
}

} // namespace

CompareUncertainty::CompareUncertainty(QObject* parent)
    : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<ResultPtr>::finished, this,
            &CompareUncertainty::takeFinished);
}

CompareUncertainty::~CompareUncertainty() {
    m_cancel = true;
    m_watcher.waitForFinished();
}

void CompareUncertainty::run(std::vector<Entry> entries, std::size_t samples) {
    if (entries.size() < 2) {
        clear();
        return;
    }
    Job job{std::move(entries), samples};
    if (m_running) {
        m_cancel = true; // superseded: its result is dropped
        m_waiting = std::move(job);
        return;
    }
    start(std::move(job));
    emit runningChanged(true);
}

void CompareUncertainty::clear() {
    m_waiting.reset();
    m_cancel = true;
    waitForIdle();
    if (m_result) {
        m_result.reset();
        emit resultChanged();
    }
}

void CompareUncertainty::start(Job job) {
    m_cancel = false;
    m_running = true;
    std::atomic<bool>* cancel = &m_cancel;
    m_watcher.setFuture(QtConcurrent::run([job = std::move(job), cancel]() -> ResultPtr {
        try {
            return runAll(job.entries, job.samples, cancel);
        } catch (const std::exception&) {
            return nullptr; // an entry that does not compile: no paired numbers
        }
    }));
}

void CompareUncertainty::takeFinished() {
    if (!m_running || m_watcher.isRunning() || !m_watcher.future().isValid() ||
        m_watcher.future().resultCount() == 0)
        return;
    const ResultPtr result = m_watcher.future().result();
    const bool superseded = m_cancel.load();
    m_watcher.setFuture(QFuture<ResultPtr>());
    m_running = false;
    if (result && !superseded) {
        m_result = result;
        emit resultChanged();
    }
    if (m_waiting) {
        Job next = std::move(*m_waiting);
        m_waiting.reset();
        start(std::move(next));
        return;
    }
    emit runningChanged(false);
}

void CompareUncertainty::waitForIdle() {
    while (m_running) {
        m_watcher.waitForFinished();
        takeFinished();
    }
}

} // namespace crossgrade::ui
