#pragma once

// The door-policy search behind evaluateDoorPolicies: the NPVs of many door policies of one
// option that commit the same tasks, as a tree of runs sharing their months. The run with
// every door shut (but the tasks committed) is the trunk; at each month some wanted policy
// opens doors in, a branch opens them and runs on, and within a branch further branches open
// the next doors. Each run resumes from its parent's checkpoint instead of repeating the
// months before its door, so a branch costs only the months from its door to the end.
// Internal to the engine (model/engine/engine*.cpp).

#include "engine_simulation.h"

#include <vector>

namespace crossgrade::model::engine {

class DoorSearch {
public:
    // `schedule` is the committed tasks' schedule every wanted policy shares.
    DoorSearch(const CompiledScenario& s, const double* v, const CompiledOption& option,
               const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& scratch);

    // npv[i] = the NPV of the policy whose doors are taken at keys[i] (doorKeys()), peakKw[i]
    // the most provisioned kW its owned fleet needed.
    void run(const std::vector<DoorKeys>& keys, double* npv, double* peakKw);

private:
    void explore(int from, int* first, int* last, unsigned opened, std::size_t depth);
    void setDoors(unsigned doors, double month);

    int m_horizon = 0;
    std::size_t m_doors = 0;
    Simulation m_sim;
    std::vector<Simulation::Checkpoint> m_checkpoints; // one per depth of the tree
    std::vector<double> m_discount;                    // per month, (1 + r)^(−m/12)
    const std::vector<DoorKeys>* m_keys = nullptr;
    double* m_npv = nullptr;
    double* m_peakKw = nullptr;
    // Per policy, while its subtree is explored: the next month a door of it opens that is
    // not open yet (the horizon when none does), and the doors opening then.
    std::vector<int> m_next;
    std::vector<unsigned> m_nextDoors;
};

} // namespace crossgrade::model::engine
