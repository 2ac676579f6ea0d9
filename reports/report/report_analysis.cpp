#include "report_analysis.h"

#include "sampling.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace crossgrade::reports {

using model::OptionId;

namespace {

// One piece of a report's computation. Every piece is deterministic on its own (one thread,
// its own workspace), so spreading them over threads in any order changes no number.
struct Task {
    enum Kind { Hindsight, RuleTornado, ChallengerTornado, Switching } kind = Hindsight;
    std::size_t scenario = 0;
    std::size_t knob = 0; // for Switching: index into the default knobs
};

std::string stageName(const Task& t, const std::vector<model::WhatIfKnob>& knobs) {
    switch (t.kind) {
    case Task::Hindsight:
        return "hindsight";
    case Task::RuleTornado:
    case Task::ChallengerTornado:
        return "tornado";
    case Task::Switching:
        return "switching value of " + std::string(model::knobInfo(knobs[t.knob]).label);
    }
    return {};
}

void run(const Task& t, ScenarioAnalysis& a, const AnalysisSettings& settings,
         const std::vector<model::WhatIfKnob>& knobs, const std::atomic<bool>* cancel) {
    model::SensitivityControl control;
    control.cancel = cancel;
    switch (t.kind) {
    case Task::Hindsight: {
        model::Hindsight h = model::runHindsight(a.compiled, a.evaluation, a.monte_carlo, a.draws,
                                                 {settings.hindsight_samples, 1}, cancel);
        if (h.cancelled)
            throw std::runtime_error("cancelled");
        a.hindsight = std::move(h);
        return;
    }
    case Task::RuleTornado:
        a.rule_tornado = model::computeTornado(a.compiled, a.evaluation, a.rule_option, control);
        return;
    case Task::ChallengerTornado:
        a.challenger_tornado =
            model::computeTornado(a.compiled, a.evaluation, a.challenger, control);
        return;
    case Task::Switching:
        a.switching[t.knob] = model::switchingValue(a.scenario, knobs[t.knob],
                                                    model::kDefaultScanPoints, control, &a.mode);
        return;
    }
}

// The tasks of every scenario, the long ones first so that the last to finish are short:
// hindsight, then the switching values, then the tornados.
std::vector<Task> tasksOf(const std::vector<ScenarioAnalysis>& analyses, std::size_t knobs,
                          const AnalysisSettings& settings) {
    std::vector<Task> tasks;
    for (std::size_t s = 0; s < analyses.size() && settings.hindsight_samples > 0; ++s)
        tasks.push_back({Task::Hindsight, s, 0});
    for (std::size_t s = 0; s < analyses.size(); ++s)
        for (std::size_t k = 0; k < knobs; ++k)
            tasks.push_back({Task::Switching, s, k});
    for (std::size_t s = 0; s < analyses.size(); ++s) {
        tasks.push_back({Task::RuleTornado, s, 0});
        if (analyses[s].challenger != analyses[s].rule_option)
            tasks.push_back({Task::ChallengerTornado, s, 0});
    }
    return tasks;
}

} // namespace

OptionId ScenarioAnalysis::leadOption() const {
    return evaluation.find(rule_option) ? rule_option : challenger;
}

const model::OptionDistribution* ScenarioAnalysis::distribution(OptionId option) const {
    for (const model::OptionDistribution& d : monte_carlo.options)
        if (d.id == option)
            return &d;
    return nullptr;
}

std::uint64_t reportSeed(const std::vector<model::Scenario>& scenarios,
                         const AnalysisSettings& settings) {
    if (settings.seed)
        return *settings.seed;
    return scenarios.empty() ? 1 : scenarios.front().seed;
}

std::vector<ScenarioAnalysis> analyseScenarios(const std::vector<model::Scenario>& scenarios,
                                               const AnalysisSettings& settings,
                                               const std::atomic<bool>* cancel,
                                               const AnalysisProgress& progress) {
    const std::uint64_t seed = reportSeed(scenarios, settings);
    const std::vector<model::WhatIfKnob> knobs = model::defaultSwitchingKnobs();

    // The deterministic runs, the plan choice and the Monte Carlo first, one scenario at a time
    // on every thread: every task reads the committed plans and the decision on means.
    std::vector<ScenarioAnalysis> analyses(scenarios.size());
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        ScenarioAnalysis& a = analyses[i];
        a.scenario = scenarios[i];
        try {
            a.compiled = model::compile(a.scenario);
        } catch (const std::exception& e) {
            throw std::invalid_argument("scenario '" + a.scenario.name + "': " + e.what());
        }
        if (progress)
            progress(0, 1,
                     (scenarios.size() > 1 ? "scenario " + std::to_string(i + 1) + ": "
                                           : std::string()) +
                         "plans and Monte Carlo");
        a.mode = model::evaluateScenario(a.scenario, a.compiled);
        model::UncertaintyOptions options;
        options.monte_carlo.samples = settings.samples;
        options.monte_carlo.seed = seed;
        options.monte_carlo.threads = std::max(1, settings.threads);
        options.plan_choice_samples = settings.plan_choice_samples;
        options.hindsight_samples = 0; // a task of its own, below
        model::DrawCache draws;
        model::UncertaintyAnalysis u =
            model::analyseUncertainty(a.scenario, a.compiled, a.mode, options, draws, cancel);
        if (u.cancelled || (cancel && cancel->load()))
            throw std::runtime_error("cancelled");
        a.evaluation = std::move(u.committed);
        a.plan_choice = std::move(u.plan_choice);
        a.monte_carlo = std::move(u.monte_carlo);
        a.draws = draws.draws(a.compiled.inputs, seed, settings.samples);
        a.rule_option = model::optionOf(a.evaluation.recommendation.primary_path);
        a.challenger = model::cheapestChallenger(a.evaluation);
        a.rule_tornado.option = a.rule_option;
        a.challenger_tornado.option = a.challenger;
        a.switching.resize(knobs.size());
    }

    // Then every Monte Carlo, tornado and switching value, spread over the threads.
    const std::vector<Task> tasks = tasksOf(analyses, knobs.size(), settings);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::mutex lock; // guards `error`, `done` and the progress callback
    std::exception_ptr error;
    int done = 0;
    std::atomic<bool> stop{false};
    const auto stopped = [&] {
        return stop.load() || (cancel && cancel->load());
    };
    const auto worker = [&] {
        for (std::size_t i = next++; i < tasks.size() && !stopped(); i = next++) {
            try {
                if (progress) {
                    const std::lock_guard<std::mutex> guard(lock);
                    progress(done, int(tasks.size()),
                             (scenarios.size() > 1
                                  ? "scenario " + std::to_string(tasks[i].scenario + 1) + ": "
                                  : std::string()) +
                                 stageName(tasks[i], knobs));
                }
                run(tasks[i], analyses[tasks[i].scenario], settings, knobs,
                    cancel ? cancel : &stop);
                const std::lock_guard<std::mutex> guard(lock);
                ++done;
            } catch (...) {
                const std::lock_guard<std::mutex> guard(lock);
                if (!error)
                    error = std::current_exception();
                failed = true;
                stop = true;
            }
        }
    };
    const int threads =
        std::clamp(settings.threads, 1, int(std::max<std::size_t>(1, tasks.size())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
    if (cancel && cancel->load())
        throw std::runtime_error("cancelled");
    if (failed)
        std::rethrow_exception(error);

    for (ScenarioAnalysis& a : analyses) {
        if (a.challenger == a.rule_option)
            a.challenger_tornado = a.rule_tornado;
        std::vector<const model::Tornado*> tornados{&a.rule_tornado};
        if (a.challenger != a.rule_option)
            tornados.push_back(&a.challenger_tornado);
        a.risks = model::generateRisks({a.scenario, a.evaluation, tornados, a.switching});
    }
    if (progress)
        progress(int(tasks.size()), int(tasks.size()), "laying out the report");
    return analyses;
}

} // namespace crossgrade::reports
