// One evaluation of the engine and its resumable form (engine_simulation.h).

#include "engine_simulation.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model::engine {

std::array<double, kMaxDoorGroups> doorMonths(const CompiledScenario& s,
                                              const CompiledOption& option,
                                              const DoorSchedule& schedule,
                                              const DoorPolicy& policy) {
    std::array<double, kMaxDoorGroups> months;
    months.fill(kShut);
    const double amdAvailable =
        s.skus[std::size_t(s.buy_sku[vendorIndex(Vendor::Amd)])].available_month;
    for (std::size_t k = 0; k < option.doors.size(); ++k)
        if (policy.takes(k))
            months[k] =
                std::max({double(policy.month[k]), std::ceil(schedule.open[k]), amdAvailable, 0.0});
    return months;
}

DoorKeys doorKeys(const CompiledScenario& s, const CompiledOption& option,
                  const DoorSchedule& schedule, const DoorPolicy& policy) {
    const std::array<double, kMaxDoorGroups> months = doorMonths(s, option, schedule, policy);
    DoorKeys keys;
    keys.fill(s.horizon_months);
    for (std::size_t k = 0; k < option.doors.size(); ++k)
        if (months[k] < s.horizon_months)
            keys[k] = int(months[k]);
    return keys;
}

Simulation::Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
                       EngineWorkspace& ws, OptionRun& out)
    : m_option(option)
    , m_out(out)
    , m_terms(s, v, ws)
    , m_fleet(m_terms, ws)
    , m_placement(m_terms, option, ws, out.multi_node_inference)
    , m_costs(m_terms, ws, out) {}

Simulation::Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
                       const DoorPolicy& policy, EngineWorkspace& ws, OptionRun& out)
    : Simulation(s, v, option, ws, out) {
    // The price decline and demand growth tables (and the capacity model's): each entry is the
    // expression the month loop would evaluate, read many times per month instead of a pow each.
    m_terms.tabulate();
    const unsigned committed = committedTasks(option, policy);
    const DoorSchedule schedule = doorSchedule(s, v, option, committed);
    commit(schedule, policy.takesAny());
    const std::array<double, kMaxDoorGroups> months = doorMonths(s, option, schedule, policy);
    for (std::size_t k = 0; k < option.doors.size(); ++k) {
        // A door left shut whose tasks are not committed reports when it would open alone.
        if ((option.doors[k].task_mask & ~committed) != 0)
            m_out.door_open_month[k] =
                doorSchedule(s, v, option, option.doors[k].task_mask).open[k];
        if (!policy.takes(k))
            continue;
        m_placement.setDoorMonth(int(k), months[k]);
        if (months[k] < s.horizon_months)
            m_out.door_taken_month[k] = months[k];
    }
}

Simulation::Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
                       const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& out)
    : Simulation(s, v, option, ws, out) {
    commit(schedule, true);
    m_terms.tabulate();
}

void Simulation::commit(const DoorSchedule& schedule, bool committed) {
    m_out.committed = committed;
    m_costs.setTasksMonths(committed ? schedule.tasks_months : 0.0);
    for (std::size_t k = 0; k < m_option.doors.size(); ++k)
        m_out.door_open_month[k] = schedule.open[k];
}

void Simulation::run() {
    m_fleet.start();
    for (int m = 0; m < m_terms.scenario().horizon_months; ++m)
        simulateMonth(m);
    m_costs.finish();
}

void Simulation::start() {
    m_fleet.start();
    m_out.first_amd_month = -1;
    m_out.multi_node_inference = false;
    m_out.gpu_hours = m_out.tokens_served = m_out.peak_kw = 0;
    m_npv = 0;
}

void Simulation::save(Checkpoint& c) const {
    m_fleet.save(c.fleet);
    c.first_amd_month = m_out.first_amd_month;
    c.multi_node_inference = m_out.multi_node_inference;
    c.gpu_hours = m_out.gpu_hours;
    c.tokens_served = m_out.tokens_served;
    c.peak_kw = m_out.peak_kw;
    c.npv_usd = m_npv;
}

void Simulation::restore(const Checkpoint& c) {
    m_fleet.restore(c.fleet);
    m_out.first_amd_month = c.first_amd_month;
    m_out.multi_node_inference = c.multi_node_inference;
    m_out.gpu_hours = c.gpu_hours;
    m_out.tokens_served = c.tokens_served;
    m_out.peak_kw = c.peak_kw;
    m_npv = c.npv_usd;
}

void Simulation::advance(int month, const double* discountFactor) {
    double* row = &m_out.components[std::size_t(month) * kComponentCount];
    std::fill(row, row + kComponentCount, 0.0); // the row may hold another run's month
    simulateMonth(month);
    double total = 0;
    for (int c = 0; c < kComponentCount; ++c)
        total += row[c];
    m_npv += total * discountFactor[month];
}

void Simulation::simulateMonth(int month) {
    m_fleet.openMonth(month);
    double* row = &m_out.components[std::size_t(month) * kComponentCount];
    m_placement.place(month);
    const double residual = m_fleet.sellSurplus(month);
    const int amdLead = m_terms.leadMonths(m_terms.buySku(Vendor::Amd, month));
    m_fleet.buy(month, row, amdLead > 0 ? m_placement.amdDeliveryMonth(month, amdLead) : -1);
    const double installedValue = m_fleet.closeMonth();
    m_costs.addMonth(month, row, installedValue, residual, m_placement.amdInService());
}

} // namespace crossgrade::model::engine
