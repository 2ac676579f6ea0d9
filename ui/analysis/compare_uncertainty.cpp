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
        const model::MonteCarloOptions options{samples, result->seed, threads, std::nullopt};
        std::shared_ptr<const model::ScenarioEvaluation> evaluation = e.evaluation;
        std::shared_ptr<model::MonteCarloResult> run;
        if (e.committed) {
            run = std::make_shared<model::MonteCarloResult>(
                model::runMonteCarlo(*e.compiled, *e.evaluation, options, cache, cancel));
        } else {
            model::UncertaintyOptions analysis;
            analysis.monte_carlo = options;
            analysis.hindsight_samples = 0;
            model::UncertaintyAnalysis u = model::analyseUncertainty(
                *e.scenario, *e.compiled, *e.evaluation, analysis, cache, cancel);
            if (u.cancelled)
                return nullptr;
            evaluation = std::make_shared<const model::ScenarioEvaluation>(std::move(u.committed));
            run = std::make_shared<model::MonteCarloResult>(std::move(u.monte_carlo));
        }
        if (run->cancelled || cancel->load())
            return nullptr;
        result->evaluations.push_back(std::move(evaluation));
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
