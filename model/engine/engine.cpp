// The cost engine's public entry points (engine.h). The month loop itself is in named pieces:
// engine_terms (the scenario's figures per month), engine_fleet (cohorts, lots, sales and
// purchases), engine_placement and engine_pool_assignment (where demand is served),
// engine_costs (the monthly cost build-up), engine_simulation (one run put together) and
// engine_door_search (many door policies sharing their months).

#include "engine.h"

#include "engine_door_search.h"
#include "engine_simulation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace crossgrade::model {

const char* componentName(int component) {
    static const char* const names[kComponentCount] = {
        "capex_usd",       "rent_usd",         "bridge_usd",    "energy_usd",
        "facility_usd",    "maintenance_usd",  "migration_usd", "parallel_run_usd",
        "dual_vendor_usd", "productivity_usd", "software_usd",  "network_usd",
        "storage_usd",     "operations_usd",   "support_usd",   "spares_usd",
        "financing_usd",   "residual_usd"};
    return names[component];
}

void OptionRun::resize(int horizonMonths, int skuCount, int workloadCount) {
    horizon = horizonMonths;
    sku_count = skuCount;
    components.assign(std::size_t(horizonMonths) * kComponentCount, 0.0);
    total.assign(std::size_t(horizonMonths), 0.0);
    cumulative.assign(std::size_t(horizonMonths), 0.0);
    discounted_cumulative.assign(std::size_t(horizonMonths), 0.0);
    gpus.assign(std::size_t(horizonMonths) * std::size_t(skuCount), 0.0);
    total_usd = npv_usd = owed_after_horizon_usd = 0;
    door_taken_month.fill(-1);
    door_open_month.fill(-1);
    committed = false;
    first_amd_month = -1;
    multi_node_inference = false;
    gpu_hours = tokens_served = peak_kw = 0;
    workload_gpu_hours.assign(std::size_t(workloadCount), 0.0);
    workload_value_usd.assign(std::size_t(workloadCount), 0.0);
    workload_tokens.assign(std::size_t(workloadCount), 0.0);
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
    bridged.assign(skus, 0.0);
    bridge_usd.assign(skus, 0.0);
    owned.assign(skus, 0.0);
    lot_left.reserve(scenario.lots.size());
    serving.assign(scenario.workloads.size(), 0.0);
    serving_value.assign(scenario.workloads.size(), 0.0);
    demands.reserve(2 * scenario.workloads.size());
    pairs.reserve(2 * scenario.workloads.size() * skus);
}

double residualShare(const CompiledScenario& scenario, const double* v, int sku, double ageMonths) {
    const CompiledSku& s = scenario.skus[std::size_t(sku)];
    const double floor = v[s.residual_floor];
    if (s.resale_retention != kNoInput)
        return std::max(floor, std::pow(v[s.resale_retention], ageMonths / 12.0));
    const double life = std::max(1.0, v[s.useful_life_months]);
    return std::max(floor, 1.0 - (1.0 - floor) * ageMonths / life);
}

double serverResidualShare(const CompiledScenario& scenario, const double* v, double ageMonths) {
    if (scenario.server_retention == kNoInput)
        return 0.0;
    return std::pow(v[scenario.server_retention], ageMonths / 12.0);
}

double installedGpuValue(const CompiledScenario& scenario, const double* v,
                         const CompiledLot& lot) {
    if (lot.market_value_usd != kNoInput)
        return v[lot.market_value_usd];
    const CompiledSku& sku = scenario.skus[std::size_t(lot.sku)];
    return v[sku.purchase_usd] * residualShare(scenario, v, lot.sku, lot.age_months);
}

double installedFleetValue(const CompiledScenario& scenario, const double* v) {
    double value = 0;
    for (const CompiledLot& lot : scenario.lots) {
        if (lot.channel != Channel::Owned)
            continue;
        const CompiledSku& sku = scenario.skus[std::size_t(lot.sku)];
        // Without a server curve, the server and network age as the GPU does.
        const double serverShare = scenario.server_retention != kNoInput
                                       ? serverResidualShare(scenario, v, lot.age_months)
                                       : residualShare(scenario, v, lot.sku, lot.age_months);
        value +=
            lot.count * (installedGpuValue(scenario, v, lot) + v[sku.overhead_usd] * serverShare);
    }
    return value;
}

unsigned committedTasks(const CompiledOption& option, const DoorPolicy& policy) {
    if (option.commits_whole_sequence)
        return policy.takesAny() ? option.allTasks() : 0u;
    unsigned mask = 0;
    for (std::size_t k = 0; k < option.doors.size(); ++k)
        if (policy.takes(k))
            mask |= option.doors[k].task_mask;
    return mask;
}

DoorSchedule doorSchedule(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option, unsigned committed) {
    DoorSchedule schedule;
    double end = 0;
    std::array<double, 8 * sizeof(unsigned)> taskEnd{};
    for (std::size_t i = 0; i < option.tasks.size() && i < taskEnd.size(); ++i) {
        if ((committed >> i) & 1u)
            end += std::max(0.0, v[option.tasks[i].months]);
        taskEnd[i] = end;
    }
    schedule.tasks_months = end;
    for (std::size_t k = 0; k < option.doors.size(); ++k) {
        const CompiledDoor& door = option.doors[k];
        double open = 0;
        for (std::size_t i = 0; i < option.tasks.size() && i < taskEnd.size(); ++i)
            if ((door.task_mask >> i) & 1u)
                open = taskEnd[i]; // the last of its tasks
        if (door.waits_for_hetccl)
            open = std::max(open, v[scenario.hetccl_month]);
        schedule.open[k] = open;
    }
    return schedule;
}

std::array<double, kMaxDoorGroups> earliestDoorOpening(const CompiledScenario& scenario,
                                                       const double* v,
                                                       const CompiledOption& option) {
    std::array<double, kMaxDoorGroups> open{};
    for (std::size_t k = 0; k < option.doors.size(); ++k) {
        const unsigned mask =
            option.commits_whole_sequence ? option.allTasks() : option.doors[k].task_mask;
        open[k] = doorSchedule(scenario, v, option, mask).open[k];
    }
    return open;
}

void evaluateOption(const CompiledScenario& scenario, const double* v, const CompiledOption& option,
                    const DoorPolicy& policy, EngineWorkspace& workspace, OptionRun& out) {
    out.resize(scenario.horizon_months, int(scenario.skus.size()), int(scenario.workloads.size()));
    if (workspace.pool.size() != scenario.skus.size() ||
        workspace.serving.size() != scenario.workloads.size())
        workspace.reserve(scenario);
    engine::Simulation(scenario, v, option, policy, workspace, out).run();
}

void evaluateDoorPolicies(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option, const DoorPolicy* policies,
                          std::size_t count, double* npv, EngineWorkspace& workspace,
                          OptionRun& scratch, bool refuseOverCap) {
    scratch.resize(scenario.horizon_months, int(scenario.skus.size()),
                   int(scenario.workloads.size()));
    if (workspace.pool.size() != scenario.skus.size() ||
        workspace.serving.size() != scenario.workloads.size())
        workspace.reserve(scenario);
    // Policies committing the same tasks share a trunk: the same migration months and the
    // same door openings. The all-never policy is no run of a tree: nothing is committed, no
    // migration, no pilot.
    std::vector<double> peak(count, 0.0);
    std::vector<unsigned> masks(count);
    for (std::size_t i = 0; i < count; ++i)
        masks[i] = committedTasks(option, policies[i]);
    std::vector<unsigned> distinct(masks);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::vector<engine::DoorKeys> keys;
    std::vector<std::size_t> which;
    for (unsigned mask : distinct) {
        keys.clear();
        which.clear();
        const DoorSchedule schedule = doorSchedule(scenario, v, option, mask);
        for (std::size_t i = 0; i < count; ++i)
            if (masks[i] == mask && policies[i].takesAny()) {
                keys.push_back(engine::doorKeys(scenario, option, schedule, policies[i]));
                which.push_back(i);
            }
        if (!keys.empty()) {
            std::vector<double> out(keys.size()), outPeak(keys.size());
            engine::DoorSearch search(scenario, v, option, schedule, workspace, scratch);
            search.run(keys, out.data(), outPeak.data());
            for (std::size_t j = 0; j < which.size(); ++j) {
                npv[which[j]] = out[j];
                peak[which[j]] = outPeak[j];
            }
        }
    }
    const auto shut = [](const DoorPolicy& p) {
        return !p.takesAny();
    };
    const bool capped = refuseOverCap && scenario.power_cap_mw != kNoInput;
    if (capped || std::any_of(policies, policies + count, shut)) {
        evaluateOption(scenario, v, option, DoorPolicy{}, workspace, scratch);
        for (std::size_t i = 0; i < count; ++i)
            if (!policies[i].takesAny())
                npv[i] = scratch.npv_usd;
    }
    if (capped)
        for (std::size_t i = 0; i < count; ++i)
            if (policies[i].takesAny() && refusedByPowerCap(scenario, v, peak[i], scratch.peak_kw))
                npv[i] = std::numeric_limits<double>::infinity();
}

bool refusedByPowerCap(const CompiledScenario& scenario, const double* v, double peakKw,
                       double stayingPeakKw) {
    if (scenario.power_cap_mw == kNoInput)
        return false;
    const double capKw = v[scenario.power_cap_mw] * 1000.0;
    return peakKw > capKw + 1e-9 && peakKw > stayingPeakKw + 1e-9;
}

} // namespace crossgrade::model
