// The engine's fleet bookkeeping (engine_fleet.h): cohorts, rented lots, the monthly pool,
// sales of the surplus and purchases.

#include "engine_fleet.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model::engine {

void FleetBook::start() {
    m_ownedIsCurrent = false;
    m_sumsCurrent = false;
    m_ws.cohorts.clear();
    m_ws.lot_left.assign(m_s.lots.size(), 0.0);
    m_ws.rented_lot_start.assign(m_s.workloads.size() + 1, 0);
    for (std::size_t i = 0; i < m_s.lots.size(); ++i) {
        const CompiledLot& lot = m_s.lots[i];
        if (lot.channel == Channel::Owned) {
            EngineWorkspace::Cohort c;
            c.sku = lot.sku;
            c.count = double(lot.count);
            c.basis_usd = m_t.in(m_t.sku(lot.sku).purchase_usd);
            c.born_month = -lot.age_months;
            c.resale_basis_usd = c.basis_usd;
            if (lot.market_value_usd != kNoInput) {
                // The market's price today, carried forward on the resale curve from here.
                const double share = residualShare(m_s, m_t.values(), lot.sku, lot.age_months);
                c.resale_basis_usd = share > 0 ? m_t.in(lot.market_value_usd) / share : 0.0;
            }
            c.overhead_basis_usd = m_t.in(m_t.sku(lot.sku).overhead_usd);
            c.fabric_basis_usd = m_t.fabricPrice(lot.sku); // paid before month 0, in cash
            m_ws.cohorts.push_back(c);
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

void FleetBook::openMonth(int month) {
    std::fill(m_ws.new_need.begin(), m_ws.new_need.end(), 0.0);
    std::fill(m_ws.busy_gpus.begin(), m_ws.busy_gpus.end(), 0.0);
    std::fill(m_ws.measured_busy.begin(), m_ws.measured_busy.end(), 0.0);
    std::fill(m_ws.measured_kw.begin(), m_ws.measured_kw.end(), 0.0);
    std::fill(m_ws.rented.begin(), m_ws.rented.end(), 0.0);
    std::fill(m_ws.rent_usd.begin(), m_ws.rent_usd.end(), 0.0);
    std::fill(m_ws.bridged.begin(), m_ws.bridged.end(), 0.0);
    std::fill(m_ws.bridge_usd.begin(), m_ws.bridge_usd.end(), 0.0);
    std::fill(m_ws.serving.begin(), m_ws.serving.end(), 0.0);
    std::fill(m_ws.serving_value.begin(), m_ws.serving_value.end(), 0.0);
    if (m_ownedIsCurrent) { // the same sums over the same cohorts, already done
        std::copy(m_ws.owned.begin(), m_ws.owned.end(), m_ws.pool.begin());
    } else {
        std::fill(m_ws.pool.begin(), m_ws.pool.end(), 0.0);
        for (const EngineWorkspace::Cohort& c : m_ws.cohorts)
            if (!c.on_order)
                m_ws.pool[std::size_t(c.sku)] += c.count;
    }
    // Deliveries (paid for when ordered): serving from this month.
    for (EngineWorkspace::Cohort& c : m_ws.cohorts) {
        if (!c.on_order || c.delivery_month != month)
            continue;
        c.on_order = false;
        m_sumsCurrent = false;
        m_ws.pool[std::size_t(c.sku)] += c.count;
    }
}

double FleetBook::sellSurplus(int month) {
    double residual = 0;
    m_ws.repaid_usd = 0;
    if (m_s.disposition != Disposition::Sell)
        return residual;
    // What each vendor may still sell this month; the rest waits idle (docs/model.md).
    double allowance[2] = {m_t.saleLimit(Vendor::Nvidia), m_t.saleLimit(Vendor::Amd)};
    for (std::size_t s = 0; s < m_s.skus.size(); ++s) {
        if (m_ws.pool[s] <= 0)
            continue; // nothing to sell: the surplus below would be at most 0
        double& left = allowance[vendorIndex(m_s.skus[s].vendor)];
        double surplus = std::min(m_ws.pool[s], left);
        if (m_t.wholeServers()) // a server is sold whole
            surplus = std::floor(surplus / m_s.skus[s].gpus_per_server + kServedTolerance) *
                      m_s.skus[s].gpus_per_server;
        for (EngineWorkspace::Cohort& c : m_ws.cohorts) { // oldest (installed) first
            if (surplus <= 0)
                break;
            if (c.sku != int(s) || c.count <= 0 || c.on_order)
                continue;
            const double sold = std::min(c.count, surplus);
            c.count -= sold;
            m_sumsCurrent = false;
            m_maySoldOut = true;
            surplus -= sold;
            left -= sold;
            m_ws.pool[s] -= sold;
            residual -= sold * m_t.saleProceeds(c, month);
            // A loan or lease ends with the sale: its balance before this month's instalment.
            m_ws.repaid_usd += sold * m_t.balance(c.financed_usd, c.born_month, month - 1);
        }
    }
    return residual;
}

void FleetBook::buy(int month, double* row, int amdDelivery) {
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
            const double fabric = m_t.fabricPrice(int(s));
            EngineWorkspace::Cohort c;
            c.sku = int(s);
            c.basis_usd = c.resale_basis_usd = price;
            c.overhead_basis_usd = overhead;
            c.fabric_basis_usd = fabric;
            // Financed: the lender pays the price now; the instalments follow (MonthlyCosts).
            c.financed_usd = m_t.financed() ? price + overhead + fabric : 0.0;
            const int delivery = vendor == Vendor::Amd ? amdDelivery : -1;
            if (delivery <= month) {
                row[kCapex] += n * (price + overhead);
                row[kNetwork] += n * fabric;
                row[kFinancing] -= n * c.financed_usd;
                c.count = n;
                c.born_month = month;
                m_ws.cohorts.push_back(c);
                continue;
            }
            // Demand a door sent to AMD within its lead time: ordered and paid for now, as
            // staying would have bought it, delivered at `delivery`; what is already on order
            // counts, and the whole need is rented meanwhile (the bridge), so a bridge only
            // ever adds cost.
            double onOrder = 0;
            for (const EngineWorkspace::Cohort& o : m_ws.cohorts)
                if (o.on_order && o.sku == int(s))
                    onOrder += o.count;
            if (n > onOrder + kServedTolerance) {
                c.count = n - onOrder;
                c.born_month = month;
                c.on_order = true;
                c.delivery_month = delivery;
                row[kCapex] += c.count * (price + overhead);
                row[kNetwork] += c.count * fabric;
                row[kFinancing] -= c.count * c.financed_usd;
                m_ws.cohorts.push_back(c);
            }
            m_ws.bridged[s] += n;
            m_ws.bridge_usd[s] +=
                rentFor(n, kMonth,
                        UsdPerGpuHour{m_t.rate(int(s), m_s.bridge[vendorIndex(vendor)], month)})
                    .value();
        } else {
            m_ws.rented[s] += n;
            m_ws.rent_usd[s] +=
                rentFor(n, kMonth, UsdPerGpuHour{m_t.rate(int(s), channel, month)}).value();
        }
    }
}

double FleetBook::closeMonth() {
    // Cohorts sold to nothing leave the book: every use of a cohort multiplies or sums its
    // count, so dropping one of zero (in order) changes no bit and shortens every later loop.
    std::vector<EngineWorkspace::Cohort>& cohorts = m_ws.cohorts;
    const auto empty = [](const EngineWorkspace::Cohort& c) {
        return c.count == 0.0;
    };
    const std::size_t from = m_sumsCurrent ? m_summed : 0;
    if (m_maySoldOut ||
        std::any_of(cohorts.begin() + std::ptrdiff_t(std::min(from, cohorts.size())), cohorts.end(),
                    empty)) {
        cohorts.erase(std::remove_if(cohorts.begin(), cohorts.end(), empty), cohorts.end());
        m_maySoldOut = false;
        m_sumsCurrent = false;
    }
    if (!m_sumsCurrent) {
        m_installedValue = 0;
        m_ws.server_value = 0;
        std::fill(m_ws.owned.begin(), m_ws.owned.end(), 0.0);
        m_summed = 0;
    }
    for (std::size_t i = m_summed; i < cohorts.size(); ++i) {
        const EngineWorkspace::Cohort& c = cohorts[i];
        if (c.on_order)
            continue;
        m_installedValue += c.count * c.basis_usd;
        m_ws.server_value += c.count * (c.basis_usd + c.overhead_basis_usd + c.fabric_basis_usd);
        m_ws.owned[std::size_t(c.sku)] += c.count;
    }
    m_summed = cohorts.size();
    m_sumsCurrent = true;
    m_ownedIsCurrent = true; // the cohorts stay as they are until next month's sales
    return m_installedValue;
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
    m_sumsCurrent = false;
}

} // namespace crossgrade::model::engine
