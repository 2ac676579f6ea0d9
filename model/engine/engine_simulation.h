#pragma once

// One evaluation of the engine: the month loop of DESIGN.md step 8, put together from its
// pieces (EngineTerms, FleetBook, DemandPlacement, MonthlyCosts) over the state in an
// EngineWorkspace; and the resumable form of it a door-policy search runs (engine_door_search).
// Internal to the engine (model/engine/engine*.cpp).

#include "engine_costs.h"
#include "engine_fleet.h"
#include "engine_placement.h"
#include "engine_terms.h"

#include <array>

namespace crossgrade::model::engine {

// The month each door of `policy` is taken in (the later of the policy's month, the month it
// opens and the month AMD can be bought), kShut for kNever.
std::array<double, kMaxDoorGroups> doorMonths(const CompiledScenario& s,
                                              const CompiledOption& option,
                                              const DoorSchedule& schedule,
                                              const DoorPolicy& policy);

// A policy's door months as a door search keys them: the month if the door is taken inside the
// horizon, else the horizon (a door taken at or after it, or never, changes no month of a run).
using DoorKeys = std::array<int, kMaxDoorGroups>;
DoorKeys doorKeys(const CompiledScenario& s, const CompiledOption& option,
                  const DoorSchedule& schedule, const DoorPolicy& policy);

class Simulation {
public:
    Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
               const DoorPolicy& policy, EngineWorkspace& ws, OptionRun& out);
    // A committed run with every door shut, for DoorSearch to open doors into as it goes.
    Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
               const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& out);
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    void run();

    // ----- resuming, for DoorSearch -----------------------------------------------------------
    // Before the month a door is taken, a run with that door open and one with it shut are the
    // same month for month: the door changes only the placement of demand from that month on.
    // Everything a month hands the next is in Checkpoint, so a run resumed from a checkpoint
    // continues exactly as the run it was taken from would have, bit for bit.
    struct Checkpoint {
        FleetCheckpoint fleet;
        int first_amd_month = -1;
        bool multi_node_inference = false;
        double gpu_hours = 0;
        double tokens_served = 0;
        double peak_kw = 0;
        double npv_usd = 0;
    };

    void start();
    void save(Checkpoint& c) const;
    void restore(const Checkpoint& c);
    void setDoorMonth(int door, double month) { m_placement.setDoorMonth(door, month); }
    // One month, and its total discounted into the running NPV exactly as a run's end does.
    void advance(int month, const double* discountFactor);
    double npv() const { return m_npv; }
    double peakKw() const { return m_out.peak_kw; }

private:
    const CompiledOption& m_option;
    OptionRun& m_out;
    EngineTerms m_terms;
    FleetBook m_fleet;
    DemandPlacement m_placement;
    MonthlyCosts m_costs;
    double m_npv = 0; // the running NPV of a resumable run (advance())

    Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
               EngineWorkspace& ws, OptionRun& out);
    void commit(const DoorSchedule& schedule, bool committed);
    void simulateMonth(int month);
};

} // namespace crossgrade::model::engine
