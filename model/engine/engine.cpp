// The cost engine's public entry points (engine.h). The month loop itself is in named pieces:
// engine_terms (the scenario's figures per month), engine_fleet (cohorts, lots, sales and
// purchases), engine_placement and engine_pool_assignment (where demand is served),
// engine_costs (the monthly cost build-up), engine_simulation (one run put together) and
// engine_door_search (many door policies sharing their months).

#include "engine.h"

#include "engine_door_search.h"
#include "engine_simulation.h"

#include <algorithm>

namespace crossgrade::model {

const char* componentName(int component) {
    static const char* const names[kComponentCount] = {
        "capex_usd",        "rent_usd",      "energy_usd",       "facility_usd",
        "maintenance_usd",  "migration_usd", "parallel_run_usd", "dual_vendor_usd",
        "productivity_usd", "residual_usd"};
    return names[component];
}

void OptionRun::resize(int horizonMonths, int skuCount) {
    horizon = horizonMonths;
    sku_count = skuCount;
    components.assign(std::size_t(horizonMonths) * kComponentCount, 0.0);
    total.assign(std::size_t(horizonMonths), 0.0);
    cumulative.assign(std::size_t(horizonMonths), 0.0);
    gpus.assign(std::size_t(horizonMonths) * std::size_t(skuCount), 0.0);
    total_usd = npv_usd = owed_after_horizon_usd = 0;
    door_taken_month = {-1, -1};
    door_open_month = {-1, -1};
    committed = false;
    first_amd_month = -1;
    multi_node_inference = false;
    gpu_hours = tokens_served = 0;
}

void EngineWorkspace::reserve(const CompiledScenario& scenario) {
    const std::size_t skus = scenario.skus.size();
    cohorts.reserve(scenario.lots.size() + std::size_t(scenario.horizon_months) * skus);
    pool.assign(skus, 0.0);
    new_need.assign(skus, 0.0);
    busy_gpus.assign(skus, 0.0);
    measured_busy.assign(skus, 0.0);
    measured_kw.assign(skus, 0.0);
    rented.assign(skus, 0.0);
    rent_usd.assign(skus, 0.0);
    owned.assign(skus, 0.0);
    lot_left.reserve(scenario.lots.size());
    demands.reserve(2 * scenario.workloads.size());
    pairs.reserve(2 * scenario.workloads.size() * skus);
}

DoorSchedule doorSchedule(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option) {
    DoorSchedule schedule;
    double end = 0;
    std::array<double, 8> taskEnd{};
    for (std::size_t i = 0; i < option.tasks.size() && i < taskEnd.size(); ++i) {
        end += std::max(0.0, v[option.tasks[i].months]);
        taskEnd[i] = end;
    }
    schedule.tasks_months = end;
    for (std::size_t k = 0; k < option.doors.size() && k < 2; ++k) {
        const CompiledDoor& door = option.doors[k];
        double open = door.gate_task >= 0 ? taskEnd[std::size_t(door.gate_task)] : 0.0;
        if (door.waits_for_hetccl)
            open = std::max(open, v[scenario.hetccl_month]);
        schedule.open[k] = open;
    }
    return schedule;
}

void evaluateOption(const CompiledScenario& scenario, const double* v, const CompiledOption& option,
                    const DoorPolicy& policy, EngineWorkspace& workspace, OptionRun& out) {
    out.resize(scenario.horizon_months, int(scenario.skus.size()));
    if (workspace.pool.size() != scenario.skus.size())
        workspace.reserve(scenario);
    engine::Simulation(scenario, v, option, policy, workspace, out).run();
}

void evaluateDoorPolicies(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option, const DoorPolicy* policies,
                          std::size_t count, double* npv, EngineWorkspace& workspace,
                          OptionRun& scratch) {
    scratch.resize(scenario.horizon_months, int(scenario.skus.size()));
    if (workspace.pool.size() != scenario.skus.size())
        workspace.reserve(scenario);
    const DoorSchedule schedule = doorSchedule(scenario, v, option);
    engine::DoorSearch search(scenario, v, option, schedule, workspace, scratch);
    bool anyShut = false;
    for (std::size_t i = 0; i < count; ++i) {
        if (!policies[i].takesAny()) {
            anyShut = true;
            continue;
        }
        const auto months = engine::doorMonths(scenario, option, schedule, policies[i]);
        search.want(search.key(months[0]), search.key(months[1]));
    }
    search.run();
    for (std::size_t i = 0; i < count; ++i)
        if (policies[i].takesAny()) {
            const auto months = engine::doorMonths(scenario, option, schedule, policies[i]);
            npv[i] = search.npv(search.key(months[0]), search.key(months[1]));
        }
    if (anyShut) {
        // Nothing committed: not a run of the tree (no migration, no pilot).
        evaluateOption(scenario, v, option, DoorPolicy{}, workspace, scratch);
        for (std::size_t i = 0; i < count; ++i)
            if (!policies[i].takesAny())
                npv[i] = scratch.npv_usd;
    }
}

} // namespace crossgrade::model
