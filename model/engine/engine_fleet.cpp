// The engine's fleet bookkeeping (engine_fleet.h): cohorts, rented lots, the monthly pool,
// sales of the surplus and purchases.

#include "engine_fleet.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model::engine {

void FleetBook::start() {
    m_ownedIsCurrent = false;
    m_ws.cohorts.clear();
    m_ws.lot_left.assign(m_s.lots.size(), 0.0);
    m_ws.rented_lot_start.assign(m_s.workloads.size() + 1, 0);
    for (std::size_t i = 0; i < m_s.lots.size(); ++i) {
        const CompiledLot& lot = m_s.lots[i];
        if (lot.channel == Channel::Owned) {
            m_ws.cohorts.push_back({lot.sku, double(lot.count),
                                    m_t.in(m_t.sku(lot.sku).purchase_usd), -lot.age_months});
        } else {
            m_ws.lot_left[i] = lot.count;
            ++m_ws.rented_lot_start[std::size_t(lot.workload) + 1];
        }
    }
    for (std::size_t w = 0; w < m_s.workloads.size(); ++w)
        m_ws.rented_lot_start[w + 1] += m_ws.rented_lot_start[w];
    m_ws.rented_lots.resize(std::size_t(m_ws.rented_lot_start.back()));
    std::vector<int>& next = m_ws.rented_lot_next;
    next.assign(m_ws.rented_lot_start.begin(), m_ws.rented_lot_start.end() - 1);
    for (std::size_t i = 0; i < m_s.lots.size(); ++i)
        if (m_s.lots[i].channel != Channel::Owned)
            m_ws.rented_lots[std::size_t(next[std::size_t(m_s.lots[i].workload)]++)] = int(i);
}

void FleetBook::openMonth() {
    std::fill(m_ws.new_need.begin(), m_ws.new_need.end(), 0.0);
    std::fill(m_ws.busy_gpus.begin(), m_ws.busy_gpus.end(), 0.0);
    std::fill(m_ws.measured_busy.begin(), m_ws.measured_busy.end(), 0.0);
    std::fill(m_ws.measured_kw.begin(), m_ws.measured_kw.end(), 0.0);
    std::fill(m_ws.rented.begin(), m_ws.rented.end(), 0.0);
    std::fill(m_ws.rent_usd.begin(), m_ws.rent_usd.end(), 0.0);
    std::fill(m_ws.serving.begin(), m_ws.serving.end(), 0.0);
    if (m_ownedIsCurrent) { // the same sums over the same cohorts, already done
        std::copy(m_ws.owned.begin(), m_ws.owned.end(), m_ws.pool.begin());
    } else {
        std::fill(m_ws.pool.begin(), m_ws.pool.end(), 0.0);
        for (const EngineWorkspace::Cohort& c : m_ws.cohorts)
            m_ws.pool[std::size_t(c.sku)] += c.count;
    }
}

double FleetBook::sellSurplus(int month) {
    double residual = 0;
    if (m_s.disposition != Disposition::Sell)
        return residual;
    for (std::size_t s = 0; s < m_s.skus.size(); ++s) {
        if (m_ws.pool[s] <= 0)
            continue; // nothing to sell: the surplus below would be at most 0
        double surplus = m_ws.pool[s];
        if (m_t.wholeServers()) // a server is sold whole
            surplus = std::floor(surplus / m_s.skus[s].gpus_per_server + kServedTolerance) *
                      m_s.skus[s].gpus_per_server;
        for (EngineWorkspace::Cohort& c : m_ws.cohorts) { // oldest (installed) first
            if (surplus <= 0)
                break;
            if (c.sku != int(s) || c.count <= 0)
                continue;
            const double sold = std::min(c.count, surplus);
            c.count -= sold;
            surplus -= sold;
            m_ws.pool[s] -= sold;
            residual -= sold * m_t.residualValue(c, month);
        }
    }
    return residual;
}

void FleetBook::buy(int month, double* row) {
    for (std::size_t s = 0; s < m_s.skus.size(); ++s) {
        double n = m_ws.new_need[s];
        if (n <= 0)
            continue;
        const int gps = m_s.skus[s].gpus_per_server;
        if (m_t.wholeServers())
            n = std::ceil(n / gps - kServedTolerance) * gps;
        const Vendor vendor = m_s.skus[s].vendor;
        const Channel channel = m_s.channel[vendorIndex(vendor)];
        if (channel == Channel::Owned) {
            const double price = m_t.declined(int(s), m_t.in(m_s.skus[s].purchase_usd), month) *
                                 (1.0 - m_t.in(m_s.discount[vendorIndex(vendor)]));
            const double overhead = m_t.declined(int(s), m_t.in(m_s.skus[s].overhead_usd), month);
            row[kCapex] += n * (price + overhead);
            m_ws.cohorts.push_back({int(s), n, price, month});
        } else {
            m_ws.rented[s] += n;
            m_ws.rent_usd[s] +=
                rentFor(n, kMonth, UsdPerGpuHour{m_t.rate(int(s), channel, month)}).value();
        }
    }
}

double FleetBook::closeMonth() {
    double installedValue = 0;
    std::fill(m_ws.owned.begin(), m_ws.owned.end(), 0.0);
    for (const EngineWorkspace::Cohort& c : m_ws.cohorts) {
        installedValue += c.count * c.basis_usd;
        m_ws.owned[std::size_t(c.sku)] += c.count;
    }
    m_ownedIsCurrent = true; // the cohorts stay as they are until next month's sales
    return installedValue;
}

void FleetBook::save(FleetCheckpoint& c) const {
    c.cohorts.assign(m_ws.cohorts.begin(), m_ws.cohorts.end());
    c.owned.assign(m_ws.owned.begin(), m_ws.owned.end());
    c.owned_is_current = m_ownedIsCurrent;
}

void FleetBook::restore(const FleetCheckpoint& c) {
    m_ws.cohorts.assign(c.cohorts.begin(), c.cohorts.end());
    m_ws.owned.assign(c.owned.begin(), c.owned.end());
    m_ownedIsCurrent = c.owned_is_current;
}

} // namespace crossgrade::model::engine
