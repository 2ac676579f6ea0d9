// The engine's monthly cost build-up and its totals (engine_costs.h).

#include "engine_costs.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model::engine {

namespace {

double overlap(double a0, double a1, double b0, double b1) {
    return std::max(0.0, std::min(a1, b1) - std::max(a0, b0));
}

} // namespace

void MonthlyCosts::addMonth(int month, double* row, double installedValue, double residual,
                            double amdInService) {
    const std::size_t skus = m_s.skus.size();
    const double hours = inHours(kMonth);
    const double idle = m_t.in(m_s.idle_power_fraction);
    double provisionedKw = 0;
    double ownedGpus = 0;
    // Every other SKU holds, rents and draws nothing: its terms would all add 0.
    for (const int live : m_s.live_skus) {
        const std::size_t s = std::size_t(live);
        const double owned = m_ws.owned[s];
        const double kw = inKilowatts(m_t.power(int(s)));
        const double load = idle * owned + (1.0 - idle) * m_ws.busy_gpus[s];
        // Measured busy GPUs draw their measured kW in place of board power.
        const double drawn = kw * load -
                             m_t.in(m_t.sku(int(s)).board_power_kw) * m_ws.measured_busy[s] +
                             m_ws.measured_kw[s];
        row[kEnergy] += energyCost(kilowatts(drawn), m_t.in(m_s.pue), kMonth,
                                   UsdPerKwh{m_t.in(m_s.usd_per_kwh)})
                            .value();
        row[kFacility] +=
            monthOf(kilowatts(kw * owned), UsdPerKwMonth{m_t.in(m_s.usd_per_kw_month)}).value();
        provisionedKw += kw * owned;
        ownedGpus += owned;
        if (m_s.replacement_rate != kNoInput && owned > 0) // replaced at today's price
            row[kSpares] += owned * m_t.in(m_s.replacement_rate) / 12.0 *
                            m_t.declined(int(s), m_t.in(m_s.skus[s].purchase_usd), month) *
                            (1.0 - m_t.in(m_s.discount[vendorIndex(m_s.skus[s].vendor)]));
        row[kRent] += m_ws.rent_usd[s];
        row[kBridge] += m_ws.bridge_usd[s];
        const double gpus = owned + m_ws.rented[s] + m_ws.bridged[s];
        const InputId licence = m_t.sku(int(s)).software_usd_per_year;
        if (m_s.uses_nvidia_ai_enterprise && licence != kNoInput)
            row[kSoftware] += (gpus - bundledGpus(int(s), month)) * m_t.in(licence) / 12.0;
        m_out.gpus[std::size_t(month) * skus + s] = gpus;
        m_out.gpu_hours += gpus * hours;
    }
    addOwnerCosts(month, row, installedValue, provisionedKw, ownedGpus);
    if (m_out.committed) {
        row[kMigration] = m_s.team_engineers * m_t.in(m_s.usd_per_engineer_month) *
                          overlap(month, month + 1, 0, m_tasksMonths);
        const int amd = m_t.buySku(Vendor::Amd, month);
        row[kParallelRun] =
            rentFor(m_s.pilot_gpus, kMonth, UsdPerGpuHour{m_t.rate(amd, Channel::OnDemand, month)})
                .value() *
            overlap(month, month + 1, 0, m_t.in(m_s.pilot_months));
    }
    if (amdInService > 0) {
        row[kDualVendor] = m_t.in(m_s.dual_vendor_usd_per_month);
        if (m_out.first_amd_month < 0)
            m_out.first_amd_month = month;
    }
    if (m_out.first_amd_month >= 0)
        row[kProductivity] = m_t.in(m_s.ramp_loss) * m_s.ramp_headcount *
                             m_t.in(m_s.ramp_usd_per_person_month) *
                             overlap(month, month + 1, m_out.first_amd_month,
                                     m_out.first_amd_month + m_t.in(m_s.ramp_months));
    row[kResidual] = residual;
    if (month == m_s.horizon_months - 1)
        for (const EngineWorkspace::Cohort& c : m_ws.cohorts) { // on order too: paid for
            row[kResidual] -= c.count * m_t.saleProceeds(c, m_s.horizon_months);
            row[kFinancing] += c.count * m_t.balance(c.financed_usd, c.born_month, month);
        }

    for (std::size_t i = 0; i < m_s.workloads.size(); ++i) {
        const CompiledWorkload& w = m_s.workloads[i];
        if (i < m_out.workload_gpu_hours.size())
            m_out.workload_gpu_hours[i] += m_ws.serving[i] * hours;
        if (i < m_out.workload_value_usd.size())
            m_out.workload_value_usd[i] += m_ws.serving_value[i] * hours;
        if (w.kind != WorkloadKindOfDemand::Inference)
            continue;
        const double tokens = m_t.demand(w, month) * m_t.in(w.average_to_peak) * 3600.0 * hours;
        m_out.tokens_served += tokens;
        if (i < m_out.workload_tokens.size())
            m_out.workload_tokens[i] += tokens;
    }
}

double MonthlyCosts::bundledGpus(int sku, int month) const {
    const InputId bundle = m_t.sku(sku).software_bundled_months;
    if (bundle == kNoInput)
        return 0.0;
    double n = 0;
    for (const EngineWorkspace::Cohort& c : m_ws.cohorts)
        if (c.sku == sku && !c.on_order && month - c.born_month < m_t.in(bundle))
            n += c.count;
    return n;
}

void MonthlyCosts::addOwnerCosts(int month, double* row, double installedValue,
                                 double provisionedKw, double ownedGpus) {
    // With support contracts stated apart, maintenance is repairs and parts on the whole server;
    // without (files before issue 24), the older all-in share of the GPU's price.
    const bool split = m_s.support_share != kNoInput;
    row[kMaintenance] =
        (split ? m_ws.server_value : installedValue) * m_t.in(m_s.maintenance_per_year) / 12.0;
    if (split)
        row[kSupport] = m_ws.server_value * m_t.in(m_s.support_share) / 12.0;
    if (m_s.gpus_per_ops_engineer != kNoInput && m_s.ops_usd_per_person_month != kNoInput)
        row[kOperations] =
            ownedGpus / m_t.in(m_s.gpus_per_ops_engineer) * m_t.in(m_s.ops_usd_per_person_month);
    if (m_s.storage_usd_per_pb_month != kNoInput)
        for (const CompiledWorkload& w : m_s.workloads)
            if (w.storage_pb != kNoInput)
                row[kStorage] += m_t.in(w.storage_pb) * m_t.in(m_s.storage_usd_per_pb_month);
    if (m_s.power_cap_mw != kNoInput && m_s.over_cap_usd_per_kw_month != kNoInput)
        row[kFacility] += std::max(0.0, provisionedKw - m_t.in(m_s.power_cap_mw) * 1000.0) *
                          m_t.in(m_s.over_cap_usd_per_kw_month);
    m_out.peak_kw = std::max(m_out.peak_kw, provisionedKw);
    if (m_t.financed()) {
        row[kFinancing] += m_ws.repaid_usd;
        for (const EngineWorkspace::Cohort& c : m_ws.cohorts) // on order too: paid for
            row[kFinancing] += c.count * m_t.instalment(c.financed_usd, c.born_month, month);
    }
}

void MonthlyCosts::finish() {
    double cumulative = 0;
    for (int m = 0; m < m_s.horizon_months; ++m) {
        double total = 0;
        for (int c = 0; c < kComponentCount; ++c)
            total += m_out.component(m, c);
        cumulative += total;
        m_out.total[std::size_t(m)] = total;
        m_out.cumulative[std::size_t(m)] = cumulative;
        m_out.npv_usd += total * m_t.discountFactor(m);
        m_out.discounted_cumulative[std::size_t(m)] = m_out.npv_usd;
    }
    m_out.total_usd = cumulative;
    m_out.owed_after_horizon_usd = m_s.team_engineers * m_t.in(m_s.usd_per_engineer_month) *
                                   std::max(0.0, m_tasksMonths - m_s.horizon_months);
}

} // namespace crossgrade::model::engine
