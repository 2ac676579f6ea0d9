#pragma once

// The door-policy search behind evaluateDoorPolicies: the NPVs of many committed door policies
// of one option as a tree of runs that share their months. The run with every door shut (but
// the task sequence committed) is the trunk; at each month a door can be taken in, a branch
// opens it and runs on, and at each month the other door can be taken in, a twig opens that
// one too. Each run resumes from its parent's checkpoint instead of repeating the months
// before its door. Internal to the engine (model/engine/engine*.cpp).

#include "engine_simulation.h"

#include <vector>

namespace crossgrade::model::engine {

class DoorSearch {
public:
    DoorSearch(const CompiledScenario& s, const double* v, const CompiledOption& option,
               const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& scratch);

    // A door month as a key: the month if the door is taken inside the horizon, else the
    // horizon (a door taken at or after it, or never, changes no month of the run).
    int key(double month) const { return month < m_horizon ? int(month) : m_horizon; }

    void want(int first, int second) { m_wanted[index(first, second)] = 1; }
    double npv(int first, int second) const { return m_npv[index(first, second)]; }

    // Runs the trunk, branches and twigs the wanted NPVs need.
    void run();

private:
    std::size_t index(int first, int second) const {
        return std::size_t(first) * (std::size_t(m_horizon) + 1) + std::size_t(second);
    }
    double runToEnd(int from);
    void runBranch(int door, int t, int last);

    int m_horizon = 0;
    Simulation m_sim;
    Simulation::Checkpoint m_trunk;
    Simulation::Checkpoint m_branch;
    std::vector<char> m_wanted; // [first door's key][second door's key]
    std::vector<double> m_npv;
    std::vector<double> m_discount; // per month, (1 + r)^(−m/12)
};

} // namespace crossgrade::model::engine
