#pragma once

// The scenario's figures as the engine's month loop reads them under one set of input values:
// prices declined to a month, rental rates, residual values, the SKU new capacity is bought as,
// demand and its growth, and what one GPU of a SKU serves for a placement. Every piece of the
// month loop (engine_fleet, engine_placement, engine_costs) reads its numbers here, so each
// formula is written once. Internal to the engine (model/engine/engine*.cpp): not a public API.

#include "compiled_scenario.h"
#include "engine.h"
#include "fleet_sizing.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>

namespace crossgrade::model::engine {

// The engine's month (model/core/units.h: 730 hours).
inline const Duration kMonth = months(1);
// Demand left over after a piece is served, below which it counts as served (float noise).
inline constexpr double kServedTolerance = 1e-9;

inline int vendorIndex(Vendor v) {
    return static_cast<int>(v);
}

using Placement = EngineWorkspace::Placement;
using Demand = EngineWorkspace::Demand;

class EngineTerms {
public:
    EngineTerms(const CompiledScenario& s, const double* v, EngineWorkspace& ws)
        : m_s(s)
        , m_v(v)
        , m_ws(ws) {
        if (m_s.live_skus.empty() && !m_s.skus.empty())
            throw std::logic_error("a scenario the engine runs is made by compile()");
        if (financed()) // the annuity's denominator, read by every cohort's every instalment
            m_annuity =
                1.0 - std::pow(1.0 + in(m_s.financing_rate) / 12.0, -m_s.financing_term_months);
    }

    // Tables of what a run would otherwise recompute many times: price decline, demand growth
    // and the NPV's discount factor per month, GPUs per replica per workload and SKU. Each entry
    // is the very expression the run would evaluate, so reading it gives the same bits; a
    // column whose input is unchanged since the workspace filled it is kept (engine.h).
    void tabulate();
    // Engine version 3: the capacity model's GPUs per replica and steady ratio per inference
    // workload and SKU, for this evaluation's values (tabulate() does it too). Every run needs
    // it: replicaGpus and ratio read nothing else from version 3 on.
    void tabulateCapacity();
    bool capacityModel() const { return m_s.engine_version >= 3; }

    const CompiledScenario& scenario() const { return m_s; }
    double in(InputId id) const { return m_v[id]; }
    const double* values() const { return m_v; }
    const CompiledSku& sku(int i) const { return m_s.skus[std::size_t(i)]; }
    bool wholeServers() const { return m_s.sizing == Sizing::WholeServers; }

    // Prices and rates decline per year from month 0 (DESIGN.md step 7).
    double declined(int s, double value, int month) const {
        return value * declineFactor(s, month);
    }
    double declineFactor(int s, int month) const {
        if (m_tabled)
            return m_ws.decline_factor[std::size_t(month) * m_s.skus.size() + std::size_t(s)];
        return std::pow(1.0 - in(sku(s).price_decline_per_year), month / 12.0);
    }
    double rate(int s, Channel channel, int month) const {
        const InputId id = channel == Channel::Reserved ? sku(s).reserved_usd_per_hour
                                                        : sku(s).on_demand_usd_per_hour;
        return declined(s, in(id), month);
    }
    Power power(int s) const {
        return kilowatts(in(sku(s).board_power_kw) + in(sku(s).host_power_kw));
    }

    // What selling one GPU of cohort c at `month` brings: the GPU on its resale curve, its
    // server and network on theirs, less the transaction cost. Each term an older file lacks
    // drops out, leaving the first engine's basis × linear curve.
    // A leased GPU fetches nothing: the lessor keeps it.
    double saleProceeds(const EngineWorkspace::Cohort& c, int month) const {
        if (c.financed_usd > 0 && m_s.financing == FinancingMethod::Lease)
            return 0.0;
        const int age = month - c.born_month;
        double value = c.resale_basis_usd * residualShareAt(c.sku, age);
        if (m_s.server_retention != kNoInput)
            value += (c.overhead_basis_usd + c.fabric_basis_usd) * serverShareAt(age);
        if (m_s.sale_cost != kNoInput)
            value *= 1.0 - in(m_s.sale_cost);
        return value;
    }
    // residualShare() and serverResidualShare() at a whole age, memoised after tabulate().
    double residualShareAt(int s, int age) const {
        if (!m_tabled || age < 0 || std::size_t(age) >= m_ws.residual_ages)
            return residualShare(m_s, m_v, s, age);
        double& share = m_ws.residual_share[std::size_t(s) * m_ws.residual_ages + std::size_t(age)];
        if (std::isnan(share))
            share = residualShare(m_s, m_v, s, age);
        return share;
    }
    double serverShareAt(int age) const {
        if (!m_tabled || age < 0 || std::size_t(age) >= m_ws.residual_ages)
            return serverResidualShare(m_s, m_v, age);
        double& share = m_ws.server_share[std::size_t(age)];
        if (std::isnan(share))
            share = serverResidualShare(m_s, m_v, age);
        return share;
    }
    // The scale-out fabric a server of SKU s is bought with, per GPU (0 where the scenario prices
    // none: an older book's overhead holds the network).
    double fabricPrice(int s) const {
        const InputId id = m_s.fabric_usd[vendorIndex(sku(s).vendor)];
        return id == kNoInput ? 0.0 : in(id);
    }
    bool financed() const { return m_s.financing != FinancingMethod::Cash; }
    // A loan or lease of `principal` repaid in equal monthly instalments over the term, the first
    // the month after purchase: the instalment due in `month` for a cohort bought at `born`, and
    // the balance left after the instalments up to and including `month`.
    double instalment(double principal, int born, int month) const {
        const int k = month - born;
        const int n = m_s.financing_term_months;
        if (principal <= 0 || k < 1 || k > n)
            return 0.0;
        const double r = in(m_s.financing_rate) / 12.0;
        if (r <= 0)
            return principal / n;
        return principal * r / m_annuity;
    }
    double balance(double principal, int born, int month) const {
        const int k = std::max(0, month - born);
        const int n = m_s.financing_term_months;
        if (principal <= 0 || k >= n)
            return 0.0;
        const double r = in(m_s.financing_rate) / 12.0;
        if (r <= 0)
            return principal * (1.0 - double(k) / n);
        const double grown = std::pow(1.0 + r, k);
        return principal * grown - instalment(principal, born, born + 1) * (grown - 1.0) / r;
    }

    // Whole months from ordering an owned GPU of SKU s to its delivery (0: the month it is
    // ordered, as the first engine bought).
    int leadMonths(int s) const {
        const InputId id = sku(s).lead_time_months;
        return id == kNoInput ? 0 : int(std::max(0.0, std::ceil(in(id)-kServedTolerance)));
    }
    // GPUs of a vendor that may sell in one month (infinite: no limit).
    double saleLimit(Vendor v) const {
        const InputId id = m_s.sale_limit[vendorIndex(v)];
        return id == kNoInput ? std::numeric_limits<double>::infinity() : std::max(0.0, in(id));
    }

    // What new capacity of a vendor is bought as at `month`: the scenario's SKU once it is
    // available, before that the vendor's newest SKU that is.
    int buySku(Vendor vendor, int month) const {
        if (month < 0 || month >= m_s.horizon_months)
            return buySkuAt(m_s, vendor, month);
        return m_s.buy_sku_by_month[std::size_t(vendorIndex(vendor) * m_s.horizon_months + month)];
    }

    double demand(const CompiledWorkload& w, int month) const {
        const double base = w.kind == WorkloadKindOfDemand::Inference ? in(w.peak_tokens_per_s)
                                                                      : in(w.h100_equivalent_gpus);
        return base * growthFactor(w, month);
    }
    // What a month's total is multiplied by in the NPV (after tabulate()).
    double discountFactor(int month) const { return m_ws.discount_factor[std::size_t(month)]; }
    double growthFactor(const CompiledWorkload& w, int month) const {
        if (m_tabled)
            return m_ws.growth_factor[workloadIndex(w) * std::size_t(m_s.horizon_months) +
                                      std::size_t(month)];
        return std::pow(1.0 + in(w.growth_per_month), month);
    }
    std::size_t workloadIndex(const CompiledWorkload& w) const {
        return std::size_t(&w - m_s.workloads.data());
    }

    bool measured(const Placement& p, int s) const {
        return !p.w->measured.empty() && p.w->measured[std::size_t(s)];
    }
    double ratio(const Placement& p, int s) const {
        // The capacity model's steady state, unless a benchmark measured the SKU.
        if (m_capacityTabled && p.w->kind == WorkloadKindOfDemand::Inference && !measured(p, s))
            return m_ws.capacity_ratio[workloadIndex(*p.w) * m_s.skus.size() + std::size_t(s)];
        const InputId id = p.w->ratio[std::size_t(s)];
        const double native = id == kNoInput ? 0.0 : in(id);
        if (!p.ported)
            return native;
        const InputId portedId = p.w->ratio_ported[std::size_t(s)];
        const double ported = portedId == kNoInput ? 0.0 : in(portedId);
        // AMD runs the rewritten kernels; NVIDIA keeps whichever version runs faster on it.
        return p.vendor == Vendor::Amd ? ported : std::max(native, ported);
    }
    int replicaGpus(const Placement& p, int s) const {
        if (p.w->kind != WorkloadKindOfDemand::Inference)
            return 1;
        if (m_tabled || m_capacityTabled)
            return m_ws.replica_gpus[workloadIndex(*p.w) * m_s.skus.size() + std::size_t(s)];
        return inferenceReplicaGpus(*p.w, s);
    }
    int inferenceReplicaGpus(const CompiledWorkload& w, int s) const {
        return gpusPerReplica(gigabytes(in(w.model_memory_gb)), gigabytes(in(sku(s).hbm_gb)),
                              in(m_s.usable_hbm_fraction));
    }
    // The ratio right after a move: steady state, or the transition's floor fading to it.
    double transitioned(const Placement& p, int s) const {
        const double steady = ratio(p, s);
        // A measured ratio already holds the regression of moving: no penalty on top.
        if (measured(p, s))
            return steady;
        if (p.floor < 0)
            return steady * p.penalty;
        return steady - p.fade * std::max(0.0, steady - p.floor);
    }
    // Demand one GPU of SKU s covers: tokens/s at target utilisation, or H100-equivalents.
    double perGpu(const Placement& p, int s) const {
        const double r = transitioned(p, s) * p.efficiency;
        if (p.w->kind == WorkloadKindOfDemand::Inference)
            return in(p.w->reference_tokens_per_s_per_gpu) * r * in(m_s.target_utilisation);
        return r;
    }
    double gpusNeeded(const Placement& p, int s, double d, bool whole) const {
        return gpusNeeded(p, s, perGpu(p, s), d, whole);
    }
    // The same, given `each` = perGpu(p, s).
    double gpusNeeded(const Placement& p, int s, double each, double d, bool whole) const {
        if (d <= 0 || each <= 0)
            return 0;
        const int gpr = replicaGpus(p, s);
        if (p.w->kind == WorkloadKindOfDemand::Inference) {
            if (wholeServers())
                return std::ceil(d / (each * gpr) - kServedTolerance) * gpr;
            // At least one replica — for the workload as a whole, so only while nothing of
            // it has been served yet; a floor on every piece would add up to phantom GPUs.
            return whole ? std::max(double(gpr), d / each) : d / each;
        }
        return wholeServers() ? std::ceil(d / each - kServedTolerance) : d / each;
    }
    // GPUs of a pool that can serve: whole replicas only where sizing is whole.
    double usable(const Placement& p, int s, double gpus) const {
        if (!wholeServers())
            return gpus;
        const int gpr = replicaGpus(p, s);
        return std::floor(gpus / gpr) * gpr;
    }

private:
    const CompiledScenario& m_s;
    const double* m_v;
    EngineWorkspace& m_ws;
    double m_annuity = 0;          // 1 − (1 + monthly rate)^(−term), when financed
    bool m_tabled = false;         // tabulate() has filled the workspace's tables
    bool m_capacityTabled = false; // tabulateCapacity() has (engine version 3)
};

} // namespace crossgrade::model::engine
