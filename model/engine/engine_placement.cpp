// Where a month's demand goes (engine_placement.h): placements per vendor, and serving them
// from rented lots, the owned pool and new capacity.

#include "engine_placement.h"

#include "engine_pool_assignment.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model::engine {

int DemandPlacement::doorFor(const CompiledWorkload& w) const {
    return m_option.door_of_workload.empty() ? -1 : m_option.door_of_workload[m_t.workloadIndex(w)];
}

// Takes up to `available` GPUs of SKU s for the demand `left` of one placement; returns how
// many it took and lowers `left` by what they serve.
double DemandPlacement::take(const Placement& p, int s, double available, double& left,
                             double total) {
    return take(p, s, m_t.perGpu(p, s), available, left, total);
}

// The same, given `each` = perGpu(p, s).
double DemandPlacement::take(const Placement& p, int s, double each, double available, double& left,
                             double total) {
    const double need = m_t.gpusNeeded(p, s, each, left, left >= total);
    const double n = std::min(m_t.usable(p, s, available), need);
    if (n <= 0)
        return 0.0;
    left = n >= need ? 0.0 : std::max(0.0, left - n * each);
    addServing(p, s, n);
    if (p.vendor == Vendor::Amd)
        m_amdInService += n;
    if (m_t.replicaGpus(p, s) > m_t.sku(s).gpus_per_server)
        m_multiNode = true;
    return n;
}

// `n` GPUs of SKU s now serve the placement's workload: counted, and valued per hour at the
// SKU's reserved rental rate this month, the key that shares the option's cost among
// workloads (docs/model.md, "One basis").
void DemandPlacement::addServing(const Placement& p, int s, double n) {
    const std::size_t w = m_t.workloadIndex(*p.w);
    m_ws.serving[w] += n;
    m_ws.serving_value[w] += n * m_t.rate(s, Channel::Reserved, m_month);
}

// A workload's installed rented GPUs serve it first; unused ones are released.
void DemandPlacement::serveFromRentedLots(Demand& d, int month) {
    const std::size_t w = m_t.workloadIndex(*d.placement.w);
    const int end = m_ws.rented_lot_start[w + 1];
    for (int k = m_ws.rented_lot_start[w]; k < end && d.left > 0; ++k) {
        const std::size_t i = std::size_t(m_ws.rented_lots[std::size_t(k)]);
        const CompiledLot& lot = m_s.lots[i];
        const double n = take(d.placement, lot.sku, m_ws.lot_left[i], d.left, d.total);
        m_ws.rented[std::size_t(lot.sku)] += n;
        m_ws.rent_usd[std::size_t(lot.sku)] +=
            rentFor(n, kMonth, UsdPerGpuHour{m_t.rate(lot.sku, lot.channel, month)}).value();
    }
}

// Owned GPUs free this month go where they replace the most new GPUs in all: a small linear
// program over (demand, SKU) pairs, each GPU of the pool worth its throughput relative to the
// GPU the demand would buy (assignPool). A greedy pass by that ratio alone is not enough: an
// owned GPU of the buy SKU is worth 1 to every demand, and handing it to the demand that
// happens to come first can leave an older GPU where it is weakest — and then moving a
// workload to an identical AMD twin looks cheaper than staying. Whole-server sizing rounds
// each share to whole replicas when it is taken.
void DemandPlacement::serveFromPool(int month) {
    m_ws.pairs.clear();
    for (std::size_t i = 0; i < m_ws.demands.size(); ++i) {
        const Demand& d = m_ws.demands[i];
        if (d.left <= 0)
            continue;
        const int buy = m_t.buySku(d.placement.vendor, month);
        const double buyEach = m_t.perGpu(d.placement, buy);
        for (const int live : m_s.live_skus) // the pool holds no other SKU
            if (const std::size_t s = std::size_t(live); m_s.skus[s].vendor == d.placement.vendor &&
                                                         m_ws.pool[s] > 0 &&
                                                         m_t.ratio(d.placement, int(s)) > 0) {
                const double each = m_t.perGpu(d.placement, int(s));
                m_ws.pairs.push_back({int(i), int(s), buyEach > 0 ? each / buyEach : 0, 0.0, each});
            }
    }
    if (m_ws.pairs.empty())
        return;
    sortByRelative(m_ws.pairs);
    assignPool(m_s.skus.size(), m_ws);
    takeFromPool(true);
    // What rounding to whole replicas left unserved comes from what the pool still holds
    // before anything new is bought.
    takeFromPool(false);
}

void DemandPlacement::takeFromPool(bool assigned) {
    for (const EngineWorkspace::PoolPair& pair : m_ws.pairs) {
        Demand& d = m_ws.demands[std::size_t(pair.demand)];
        const std::size_t s = std::size_t(pair.sku);
        if (d.left <= kServedTolerance * d.total || m_ws.pool[s] <= 0 ||
            (assigned && pair.gpus <= 0))
            continue;
        // The program shares GPUs continuously; a share is taken as whole replicas (whole
        // servers) and never below one replica for a demand nothing has served yet.
        const double replica = m_t.replicaGpus(d.placement, pair.sku);
        double share = assigned ? pair.gpus : m_ws.pool[s];
        if (m_t.wholeServers())
            share = std::ceil(share / replica - kServedTolerance) * replica;
        if (d.left >= d.total)
            share = std::max(share, replica);
        const double n = take(d.placement, pair.sku, pair.per_gpu, std::min(m_ws.pool[s], share),
                              d.left, d.total);
        m_ws.pool[s] -= n;
        addBusy(d.placement, pair.sku, n * d.placement.busy_share);
    }
}

// Owned GPUs busy serving a placement, in GPU-equivalents. Where the workload's energy per
// token is measured on the SKU, a busy GPU draws that energy for the tokens it serves at full
// speed (reference throughput × ratio) instead of its board power.
void DemandPlacement::addBusy(const Placement& p, int s, double busy) {
    const std::size_t i = std::size_t(s);
    m_ws.busy_gpus[i] += busy;
    if (p.w->joules_per_token.empty() || p.w->joules_per_token[i] == kNoInput)
        return;
    const double tokensPerS = m_t.in(p.w->reference_tokens_per_s_per_gpu) * m_t.ratio(p, s);
    m_ws.measured_busy[i] += busy;
    m_ws.measured_kw[i] += busy * m_t.in(p.w->joules_per_token[i]) * tokensPerS / 1000.0;
}

// What is still unserved is bought (or rented) on the vendor's channel.
void DemandPlacement::serveFromNewCapacity(Demand& d, int month) {
    if (d.left <= kServedTolerance * d.total)
        return;
    const Placement& p = d.placement;
    const int s = m_t.buySku(p.vendor, month);
    const double n = m_t.gpusNeeded(p, s, d.left, d.left >= d.total);
    addServing(p, s, n);
    if (p.vendor == Vendor::Amd)
        m_amdInService += n;
    if (m_t.replicaGpus(p, s) > m_t.sku(s).gpus_per_server)
        m_multiNode = true;
    m_ws.new_need[std::size_t(s)] += n;
    // Owned GPUs draw power and pay space; a rented bridge's rate includes both.
    const bool bridged =
        p.vendor == Vendor::Amd && amdDeliveryMonth(month, m_t.leadMonths(s)) > month;
    if (m_s.channel[vendorIndex(p.vendor)] == Channel::Owned && !bridged)
        addBusy(p, s, n * p.busy_share);
    d.left = 0;
}

Placement DemandPlacement::placement(const CompiledWorkload& w, Vendor vendor, int door,
                                     int month) const {
    Placement p;
    p.w = &w;
    p.vendor = vendor;
    if (w.kind == WorkloadKindOfDemand::Inference)
        p.busy_share = std::min(1.0, m_t.in(m_s.target_utilisation) * m_t.in(w.average_to_peak));
    if (door < 0)
        return p;
    // The Triton rewrite is done once its door has opened; NVIDIA may run it too.
    p.ported = m_option.ported_kernels && month >= m_doorMonth[std::size_t(door)];
    if (vendor != Vendor::Amd)
        return p;
    const CompiledDoor& d = m_option.doors[std::size_t(door)];
    const double since = month - m_doorMonth[std::size_t(door)];
    const double months = m_t.in(m_s.transition_months);
    const double fade = months > 0 ? std::max(0.0, 1.0 - since / months) : 0.0;
    if (m_t.capacityModel()) {
        // The article's transition: right after the move AMD delivers (1 − transition) of what
        // the NVIDIA GPU it replaces did — the SKU the workload leaves, or the one new capacity
        // would have been — unless its steady state is lower already (docs/model.md).
        Placement nvidia = p;
        nvidia.vendor = Vendor::Nvidia;
        const int left = d.mode == DoorMode::Move && w.leaves_sku >= 0
                             ? w.leaves_sku
                             : m_t.buySku(Vendor::Nvidia, month);
        const double transition = m_t.in(m_s.transition_of_class[std::size_t(w.workload_class)]);
        p.floor = (1.0 - transition) * m_t.ratio(nvidia, left);
        p.fade = fade;
    } else {
        p.penalty = 1.0 - m_t.in(m_s.transition) * fade;
    }
    p.efficiency = d.cross_vendor && w.kind == WorkloadKindOfDemand::Training
                       ? m_t.in(m_s.hetccl_efficiency)
                       : 1.0;
    return p;
}

void DemandPlacement::place(int month) {
    m_month = month;
    m_amdInService = 0;
    m_ws.demands.clear();
    for (const CompiledWorkload& w : m_s.workloads) {
        const double d = m_t.demand(w, month);
        const int door = doorFor(w);
        double onAmd = 0;
        if (door >= 0 && month >= m_doorMonth[std::size_t(door)]) {
            const CompiledDoor& k = m_option.doors[std::size_t(door)];
            if (k.mode == DoorMode::Move) {
                onAmd = d;
            } else {
                const int kept = std::max(0, int(m_doorMonth[std::size_t(door)]) - 1);
                onAmd = std::max(0.0, d - m_t.demand(w, kept));
            }
        }
        if (d - onAmd > 0)
            m_ws.demands.push_back(
                {placement(w, Vendor::Nvidia, door, month), d - onAmd, d - onAmd});
        if (onAmd > 0)
            m_ws.demands.push_back({placement(w, Vendor::Amd, door, month), onAmd, onAmd});
    }
    for (Demand& d : m_ws.demands)
        if (d.placement.vendor == Vendor::Nvidia)
            serveFromRentedLots(d, month);
    serveFromPool(month);
    for (Demand& d : m_ws.demands)
        serveFromNewCapacity(d, month);
}

} // namespace crossgrade::model::engine
