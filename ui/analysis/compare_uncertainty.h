#pragma once

// The paired Monte Carlo behind the Compare view (decision-practice.md §7): every compared
// scenario run under ONE seed — the first column's — so that an input the scenarios share gets
// the same draws in each (common random numbers), and each later scenario's NPV minus the first
// one's is taken sample by sample (model::pairedNpvDelta). Every column is compared under
// committed plans (issue 25): an entry whose evaluation holds its mode plans gets its plans
// chosen by expected value first (model::analyseUncertainty, no hindsight), as the open
// document's full run does, so no column mixes the two bases. Runs in the background; a new
// request cancels the one running.

#include "background_job.h"
#include "compiled_scenario.h"
#include "paired_delta.h"
#include "scenario.h"
#include "uncertainty_analysis.h"

#include <QObject>
#include <memory>
#include <vector>

namespace crossgrade::ui {

class CompareUncertainty : public QObject {
    Q_OBJECT

public:
    struct Entry {
        std::uint64_t seed = 0; // the scenario's; the first entry's is used for all
        std::shared_ptr<const model::Scenario> scenario;
        std::shared_ptr<const model::CompiledScenario> compiled;     // compiled once, shared
        std::shared_ptr<const model::ScenarioEvaluation> evaluation; // its door policies
        // `evaluation` holds committed plans already (the open document after its full run):
        // run under them. Otherwise they are mode plans, and the plans are chosen first.
        bool committed = false;
    };
    struct Result {
        std::uint64_t seed = 0; // the first entry's
        std::size_t samples = 0;
        // Per entry: its evaluation under committed plans (the entry's own when it was
        // committed), its run under them (the first entry's seed for all) and its paired NPV
        // delta against the first entry (empty for the first).
        std::vector<std::shared_ptr<const model::ScenarioEvaluation>> evaluations;
        std::vector<std::shared_ptr<const model::MonteCarloResult>> runs;
        std::vector<std::vector<model::PairedDelta>> deltas;
    };

    explicit CompareUncertainty(QObject* parent = nullptr);

    // Runs `entries` (two or more) with `samples` samples each; fewer than two clear the result.
    void run(std::vector<Entry> entries, std::size_t samples);
    // Cancels what runs and waits, and drops the result.
    void clear();
    bool isRunning() const { return m_job.isBusy(); }
    std::shared_ptr<const Result> result() const { return m_result; }
    // Blocks until nothing runs or waits and the last result has been taken.
    void waitForIdle() { m_job.waitForIdle(); }

signals:
    void runningChanged(bool running);
    void resultChanged();

private:
    void takeFinished(JobEnd<std::shared_ptr<const Result>> end);

    std::shared_ptr<const Result> m_result;
    BackgroundJob<std::shared_ptr<const Result>> m_job; // cancels its run and waits, first
};

} // namespace crossgrade::ui
