#include "compare_uncertainty.h"

#include "compiled_scenario.h"

#include <QThread>

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
    : QObject(parent)
    , m_job([this](JobEnd<ResultPtr> end) { takeFinished(std::move(end)); }) {
    m_job.onRunningChanged([this](bool running) { emit runningChanged(running); });
}

// A new request supersedes the run in progress: its result is dropped.
void CompareUncertainty::run(std::vector<Entry> entries, std::size_t samples) {
    if (entries.size() < 2) {
        clear();
        return;
    }
    m_job.start([entries = std::move(entries), samples](JobControl& control) {
        return runAll(entries, samples, control.cancelFlag());
    });
}

void CompareUncertainty::clear() {
    m_job.cancel();
    m_job.waitForIdle();
    if (m_result) {
        m_result.reset();
        emit resultChanged();
    }
}

// A run that threw (an entry that does not compile) has no paired numbers.
void CompareUncertainty::takeFinished(JobEnd<ResultPtr> end) {
    if (end.cancelled || !end.result)
        return;
    m_result = std::move(end.result);
    emit resultChanged();
}

} // namespace crossgrade::ui
