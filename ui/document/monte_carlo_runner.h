#pragma once

// The Monte Carlo of an open scenario, off the GUI thread (DESIGN.md, "UI"; docs/uncertainty.md):
// a BackgroundJob, progress read from the run's sample counter, cancel through its flag. One runner
// — and so one draw cache per sample count — per document: a slider step redraws only the inputs
// it moved. Runs go one at a time (they share the caches); a newer request supersedes the one
// running, and a superseded or cancelled run never becomes the result.

#include "background_job.h"
#include "compiled_scenario.h"
#include "monte_carlo.h"
#include "scenario.h"
#include "uncertainty_analysis.h"

#include <QObject>
#include <memory>
#include <optional>

namespace crossgrade::ui {

class MonteCarloRunner : public QObject {
    Q_OBJECT

public:
    // A preview is the quick run shown while a what-if slider is held, the door plans held.
    // When it ends and no newer step waits, the runner refines it on its own: the full sample
    // count, the plans still held, so a slider held still shows the full-count band without
    // being released. A full run follows on release (decision-practice.md §3): plans chosen
    // by expected value, the Monte Carlo under them and hindsight
    // (model/uncertainty/uncertainty_analysis.h).
    enum class Kind { Preview, Refine, Full };
    static constexpr std::size_t kPreviewSamples = 1000;
    static constexpr std::size_t kDefaultSamples = 10000;

    explicit MonteCarloRunner(QObject* parent = nullptr);
    // Cancels the run and waits for it: nothing runs on after the runner is gone.
    ~MonteCarloRunner() override;

    // Runs `scenario` (under its seed) at the door policies of `deterministic`, its evaluation.
    // A full request cancels whatever runs; a preview request cancels a running full run but
    // lets a running preview end, so that a continuous drag still shows previews (only the
    // newest waiting request is kept).
    // `compiled` is the scenario's compile (ScenarioDocument keeps one per edit); the job shares
    // both, copying neither.
    void run(std::shared_ptr<const model::Scenario> scenario,
             std::shared_ptr<const model::CompiledScenario> compiled,
             std::shared_ptr<const model::ScenarioEvaluation> deterministic, Kind kind);
    // The same for a scenario not yet compiled: compiles it once, here.
    void run(const model::Scenario& scenario,
             std::shared_ptr<const model::ScenarioEvaluation> deterministic, Kind kind);
    // Cancels the running and the waiting run and drops the result: no numbers are shown for
    // inputs the run did not finish.
    void cancel();

    // Samples of a full run (a preview always takes kPreviewSamples, or fewer if this is less).
    void setFullSamples(std::size_t samples);
    std::size_t fullSamples() const { return m_fullSamples; }
    // Worker threads of a full run (QThread::idealThreadCount() by default; a preview and its
    // refinement take one fewer, leaving a core to the GUI); the numbers do not depend on it.
    void setThreads(int threads) { m_threads = std::max(1, threads); }
    // Whether a preview that ends current is refined to the full count (on by default; tests
    // of the preview itself turn it off).
    void setRefinePreviews(bool refine) { m_refinePreviews = refine; }

    bool isRunning() const { return m_job.isBusy(); }
    std::optional<Kind> runningKind() const;
    std::size_t samplesDone() const { return m_job.done(); }
    std::size_t samplesRequested() const { return isRunning() ? m_job.total() : 0; }

    // The newest finished run, or null (none yet, or cancelled). Its kind says whether it is
    // a preview; isResultCurrent() whether it belongs to the latest request.
    std::shared_ptr<const model::MonteCarloResult> result() const { return m_result; }
    // The full run's whole analysis (committed plans, decision on means, hindsight) beside
    // result(); null for a preview.
    std::shared_ptr<const model::UncertaintyAnalysis> analysis() const { return m_analysis; }
    Kind resultKind() const { return m_resultKind; }
    bool isResultCurrent() const { return m_result && m_resultTicket == m_job.latestTicket(); }
    // Wall-clock milliseconds of the last run that became the result (draws included).
    qint64 lastRunMilliseconds() const { return m_lastMilliseconds; }

    // Blocks until no run is running or waiting and the last result has been taken (tests,
    // screenshots).
    void waitForIdle() { m_job.waitForIdle(); }

signals:
    void runningChanged(bool running);
    void progressed(std::size_t done, std::size_t total);
    void resultChanged();

private:
    struct Outcome {
        std::shared_ptr<const model::UncertaintyAnalysis> analysis; // full runs
        std::shared_ptr<const model::MonteCarloResult> result;
        qint64 milliseconds = 0;
    };
    struct Request {
        std::shared_ptr<const model::Scenario> scenario;
        std::shared_ptr<const model::CompiledScenario> compiled;
        std::shared_ptr<const model::ScenarioEvaluation> deterministic;
    };
    void start(Request request, Kind kind);
    void takeFinished(JobEnd<Outcome> end);

    std::size_t m_fullSamples = kDefaultSamples;
    int m_threads = 1;
    bool m_refinePreviews = true;
    Request m_previewed; // the last preview asked for: what a refinement runs
    quint64 m_previewTicket = 0;
    // One draw cache per sample count, each used by the running job only (jobs run one at a
    // time): a preview's 1,000 draws and a full run's would otherwise replace each other, and
    // every release after a drag drew all the inputs again instead of the one that moved.
    model::DrawCache m_previewCache;
    model::DrawCache m_fullCache;

    std::shared_ptr<const model::MonteCarloResult> m_result;
    std::shared_ptr<const model::UncertaintyAnalysis> m_analysis;
    Kind m_resultKind = Kind::Full;
    quint64 m_resultTicket = 0;
    qint64 m_lastMilliseconds = 0;
    BackgroundJob<Outcome> m_job; // last: destroyed, its run waited for, before the cache
};

} // namespace crossgrade::ui
