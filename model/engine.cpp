#include "engine.h"

#include "fleet_sizing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace crossgrade::model {

namespace {

constexpr double kHoursPerMonth = 730.0; // 8,760 hours a year / 12
// Demand left over after a piece is served, below which it counts as served (float noise).
constexpr double kServedTolerance = 1e-9;
constexpr int kMaxAssignmentPivots = 500; // far above what a real fleet needs

double overlap(double a0, double a1, double b0, double b1) {
    return std::max(0.0, std::min(a1, b1) - std::max(a0, b0));
}

int vendorIndex(Vendor v) {
    return static_cast<int>(v);
}

// One evaluation: the month loop of DESIGN.md step 8 over the state in the workspace.
class Simulation {
public:
    Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
               const DoorPolicy& policy, EngineWorkspace& ws, OptionRun& out)
        : m_s(s)
        , m_v(v)
        , m_option(option)
        , m_ws(ws)
        , m_out(out) {
        const DoorSchedule schedule = doorSchedule(s, v, option);
        commit(schedule, policy.takesAny());
        const std::array<double, 2> months = doorMonths(s, option, schedule, policy);
        for (std::size_t k = 0; k < option.doors.size() && k < 2; ++k) {
            if (policy.month[k] == kNever)
                continue;
            m_doorMonth[k] = months[k];
            if (months[k] < s.horizon_months)
                m_out.door_taken_month[k] = months[k];
        }
    }

    // A committed run with every door shut, for DoorSearch to open doors into as it goes.
    Simulation(const CompiledScenario& s, const double* v, const CompiledOption& option,
               const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& out)
        : m_s(s)
        , m_v(v)
        , m_option(option)
        , m_ws(ws)
        , m_out(out) {
        commit(schedule, true);
        tabulate();
    }

    // The month each door of `policy` is taken in (the later of the policy's month, the month
    // it opens and the month AMD can be bought), infinity for kNever.
    static std::array<double, 2> doorMonths(const CompiledScenario& s, const CompiledOption& option,
                                            const DoorSchedule& schedule,
                                            const DoorPolicy& policy) {
        std::array<double, 2> months{kShut, kShut};
        const double amdAvailable =
            s.skus[std::size_t(s.buy_sku[vendorIndex(Vendor::Amd)])].available_month;
        for (std::size_t k = 0; k < option.doors.size() && k < 2; ++k)
            if (policy.month[k] != kNever)
                months[k] = std::max(
                    {double(policy.month[k]), std::ceil(schedule.open[k]), amdAvailable, 0.0});
        return months;
    }

    void run() {
        startFleet();
        for (int m = 0; m < m_s.horizon_months; ++m)
            simulateMonth(m);
        finish();
    }

    // ----- resuming, for DoorSearch -----------------------------------------------------------
    // Before the month a door is taken, a run with that door open and one with it shut are the
    // same month for month: the door changes only placeDemand() and placement() from that
    // month on. Everything a month hands the next is in Checkpoint (lot_left never changes
    // after startFleet), so a run resumed from a checkpoint continues exactly as the run it
    // was taken from would have, bit for bit.
    struct Checkpoint {
        std::vector<EngineWorkspace::Cohort> cohorts;
        std::vector<double> owned;
        bool owned_is_current = false;
        int first_amd_month = -1;
        bool multi_node_inference = false;
        double gpu_hours = 0;
        double tokens_served = 0;
        double npv_usd = 0;
    };

    void start() {
        startFleet();
        m_out.first_amd_month = -1;
        m_out.multi_node_inference = false;
        m_out.gpu_hours = m_out.tokens_served = 0;
        m_npv = 0;
    }
    void save(Checkpoint& c) const {
        c.cohorts.assign(m_ws.cohorts.begin(), m_ws.cohorts.end());
        c.owned.assign(m_ws.owned.begin(), m_ws.owned.end());
        c.owned_is_current = m_ownedIsCurrent;
        c.first_amd_month = m_out.first_amd_month;
        c.multi_node_inference = m_out.multi_node_inference;
        c.gpu_hours = m_out.gpu_hours;
        c.tokens_served = m_out.tokens_served;
        c.npv_usd = m_npv;
    }
    void restore(const Checkpoint& c) {
        m_ws.cohorts.assign(c.cohorts.begin(), c.cohorts.end());
        m_ws.owned.assign(c.owned.begin(), c.owned.end());
        m_ownedIsCurrent = c.owned_is_current;
        m_out.first_amd_month = c.first_amd_month;
        m_out.multi_node_inference = c.multi_node_inference;
        m_out.gpu_hours = c.gpu_hours;
        m_out.tokens_served = c.tokens_served;
        m_npv = c.npv_usd;
    }
    void setDoorMonth(int door, double month) { m_doorMonth[std::size_t(door)] = month; }

    // Tables of what every run of a search recomputes alike: price decline and demand growth
    // per month, GPUs per replica per workload and SKU. Each entry is the very expression the
    // run would evaluate, so reading it gives the same bits.
    void tabulate() {
        const std::size_t skus = m_s.skus.size();
        const std::size_t months = std::size_t(m_s.horizon_months);
        m_ws.decline_factor.resize(months * skus);
        for (std::size_t m = 0; m < months; ++m)
            for (std::size_t i = 0; i < skus; ++i)
                m_ws.decline_factor[m * skus + i] = declineFactor(int(i), int(m));
        m_ws.growth_factor.resize(m_s.workloads.size() * months);
        m_ws.replica_gpus.assign(m_s.workloads.size() * skus, 1);
        for (const CompiledWorkload& w : m_s.workloads) {
            for (std::size_t m = 0; m < months; ++m)
                m_ws.growth_factor[workloadIndex(w) * months + m] = growthFactor(w, int(m));
            if (w.kind == WorkloadKindOfDemand::Inference)
                for (std::size_t i = 0; i < skus; ++i)
                    m_ws.replica_gpus[workloadIndex(w) * skus + i] =
                        inferenceReplicaGpus(w, int(i));
        }
        m_tabled = true;
    }

    // One month, and its total discounted into the running NPV exactly as finish() does.
    void advance(int month, const double* discountFactor) {
        double* row = &m_out.components[std::size_t(month) * kComponentCount];
        std::fill(row, row + kComponentCount, 0.0); // the row may hold another run's month
        simulateMonth(month);
        double total = 0;
        for (int c = 0; c < kComponentCount; ++c)
            total += row[c];
        m_npv += total * discountFactor[month];
    }
    double npv() const { return m_npv; }

    static constexpr double kShut = std::numeric_limits<double>::infinity();

private:
    const CompiledScenario& m_s;
    const double* m_v;
    const CompiledOption& m_option;
    EngineWorkspace& m_ws;
    OptionRun& m_out;
    double m_tasksMonths = 0;
    std::array<double, 2> m_doorMonth{kShut, kShut};
    double m_amdInService = 0;
    double m_residualThisMonth = 0;
    double m_npv = 0;      // the running NPV of a resumable run (advance())
    bool m_tabled = false; // tabulate() has filled the workspace's tables
    // The workspace's `owned` holds the cohorts' GPUs per SKU, summed in cohort order: what
    // the next month's pool starts from.
    bool m_ownedIsCurrent = false;

    void commit(const DoorSchedule& schedule, bool committed) {
        m_out.committed = committed;
        m_tasksMonths = committed ? schedule.tasks_months : 0.0;
        for (std::size_t k = 0; k < m_option.doors.size() && k < 2; ++k)
            m_out.door_open_month[k] = schedule.open[k];
    }

    double in(InputId id) const { return m_v[id]; }
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
    double powerKw(int s) const { return in(sku(s).board_power_kw) + in(sku(s).host_power_kw); }

    // Linear from the basis at age 0 to the floor at the end of useful life, flat after.
    double residualValue(const EngineWorkspace::Cohort& c, int month) const {
        const double life = std::max(1.0, in(sku(c.sku).useful_life_months));
        const double floor = in(sku(c.sku).residual_floor);
        const double age = month - c.born_month;
        return c.basis_usd * std::max(floor, 1.0 - (1.0 - floor) * age / life);
    }

    // What new capacity of a vendor is bought as at `month`: the scenario's SKU once it is
    // available, before that the vendor's newest SKU that is.
    int buySku(Vendor vendor, int month) const {
        const int preferred = m_s.buy_sku[vendorIndex(vendor)];
        if (sku(preferred).available_month <= month)
            return preferred;
        int best = preferred;
        int bestMonth = std::numeric_limits<int>::min();
        for (std::size_t i = 0; i < m_s.skus.size(); ++i)
            if (m_s.skus[i].vendor == vendor && m_s.skus[i].available_month <= month &&
                m_s.skus[i].available_month > bestMonth) {
                best = static_cast<int>(i);
                bestMonth = m_s.skus[i].available_month;
            }
        return best;
    }

    void startFleet() {
        m_ownedIsCurrent = false;
        m_ws.cohorts.clear();
        m_ws.lot_left.assign(m_s.lots.size(), 0.0);
        m_ws.rented_lot_start.assign(m_s.workloads.size() + 1, 0);
        for (std::size_t i = 0; i < m_s.lots.size(); ++i) {
            const CompiledLot& lot = m_s.lots[i];
            if (lot.channel == Channel::Owned) {
                m_ws.cohorts.push_back(
                    {lot.sku, double(lot.count), in(sku(lot.sku).purchase_usd), -lot.age_months});
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

    double demand(const CompiledWorkload& w, int month) const {
        const double base = w.kind == WorkloadKindOfDemand::Inference ? in(w.peak_tokens_per_s)
                                                                      : in(w.h100_equivalent_gpus);
        return base * growthFactor(w, month);
    }
    double growthFactor(const CompiledWorkload& w, int month) const {
        if (m_tabled)
            return m_ws.growth_factor[workloadIndex(w) * std::size_t(m_s.horizon_months) +
                                      std::size_t(month)];
        return std::pow(1.0 + in(w.growth_per_month), month);
    }
    std::size_t workloadIndex(const CompiledWorkload& w) const {
        return std::size_t(&w - m_s.workloads.data());
    }

    int doorFor(const CompiledWorkload& w) const {
        const DoorKind kind =
            w.kind == WorkloadKindOfDemand::Inference ? DoorKind::Inference : DoorKind::Training;
        for (std::size_t k = 0; k < m_option.doors.size(); ++k)
            if (m_option.doors[k].kind == kind)
                return static_cast<int>(k);
        return -1;
    }

    using Placement = EngineWorkspace::Placement;
    using Demand = EngineWorkspace::Demand;

    double ratio(const Placement& p, int s) const {
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
        if (m_tabled)
            return m_ws.replica_gpus[workloadIndex(*p.w) * m_s.skus.size() + std::size_t(s)];
        return inferenceReplicaGpus(*p.w, s);
    }
    int inferenceReplicaGpus(const CompiledWorkload& w, int s) const {
        return gpusPerReplica(in(w.model_memory_gb), in(sku(s).hbm_gb),
                              in(m_s.usable_hbm_fraction));
    }
    // Demand one GPU of SKU s covers: tokens/s at target utilisation, or H100-equivalents.
    double perGpu(const Placement& p, int s) const {
        // A measured ratio already holds the regression of moving: no penalty on top.
        const bool measured = !p.w->measured.empty() && p.w->measured[std::size_t(s)];
        const double r = ratio(p, s) * (measured ? 1.0 : p.penalty) * p.efficiency;
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

    // Takes up to `available` GPUs of SKU s for the demand `left` of one placement; returns
    // how many it took and lowers `left` by what they serve.
    double take(const Placement& p, int s, double available, double& left, double total) {
        return take(p, s, perGpu(p, s), available, left, total);
    }
    // The same, given `each` = perGpu(p, s).
    double take(const Placement& p, int s, double each, double available, double& left,
                double total) {
        const double need = gpusNeeded(p, s, each, left, left >= total);
        const double n = std::min(usable(p, s, available), need);
        if (n <= 0)
            return 0.0;
        left = n >= need ? 0.0 : std::max(0.0, left - n * each);
        if (p.vendor == Vendor::Amd)
            m_amdInService += n;
        if (replicaGpus(p, s) > sku(s).gpus_per_server)
            m_out.multi_node_inference = true;
        return n;
    }

    // A workload's installed rented GPUs serve it first; unused ones are released.
    void serveFromRentedLots(Demand& d, int month) {
        const std::size_t w = workloadIndex(*d.placement.w);
        const int end = m_ws.rented_lot_start[w + 1];
        for (int k = m_ws.rented_lot_start[w]; k < end && d.left > 0; ++k) {
            const std::size_t i = std::size_t(m_ws.rented_lots[std::size_t(k)]);
            const CompiledLot& lot = m_s.lots[i];
            const double n = take(d.placement, lot.sku, m_ws.lot_left[i], d.left, d.total);
            m_ws.rented[std::size_t(lot.sku)] += n;
            m_ws.rent_usd[std::size_t(lot.sku)] +=
                n * kHoursPerMonth * rate(lot.sku, lot.channel, month);
        }
    }

    // Owned GPUs free this month go where they replace the most new GPUs in all: a small
    // linear program over (demand, SKU) pairs, each GPU of the pool worth its throughput
    // relative to the GPU the demand would buy (SmallLp). A greedy pass by that ratio alone is
    // not enough: an owned GPU of the buy SKU is worth 1 to every demand, and handing it to the
    // demand that happens to come first can leave an older GPU where it is weakest — and then
    // moving a workload to an identical AMD twin looks cheaper than staying. Whole-server
    // sizing rounds each share to whole replicas when it is taken.
    void serveFromPool(int month) {
        m_ws.pairs.clear();
        for (std::size_t i = 0; i < m_ws.demands.size(); ++i) {
            const Demand& d = m_ws.demands[i];
            if (d.left <= 0)
                continue;
            const int buy = buySku(d.placement.vendor, month);
            const double buyEach = perGpu(d.placement, buy);
            for (std::size_t s = 0; s < m_s.skus.size(); ++s)
                if (m_s.skus[s].vendor == d.placement.vendor && m_ws.pool[s] > 0 &&
                    ratio(d.placement, int(s)) > 0) {
                    const double each = perGpu(d.placement, int(s));
                    m_ws.pairs.push_back(
                        {int(i), int(s), buyEach > 0 ? each / buyEach : 0, 0.0, each});
                }
        }
        if (m_ws.pairs.empty())
            return;
        sortByRelative(m_ws.pairs);
        assignPool();
        takeFromPool(true);
        // What rounding to whole replicas left unserved comes from what the pool still holds
        // before anything new is bought.
        takeFromPool(false);
    }

    // Highest ratio first, ties in the order found: a stable sort. There are a handful of
    // pairs, so an insertion sort, which unlike std::stable_sort needs no buffer from the heap;
    // any stable sort gives the same order when the ratios compare (no NaN among them).
    static void sortByRelative(std::vector<EngineWorkspace::PoolPair>& pairs) {
        const auto higher = [](const EngineWorkspace::PoolPair& a,
                               const EngineWorkspace::PoolPair& b) {
            return a.relative > b.relative;
        };
        for (const EngineWorkspace::PoolPair& pair : pairs)
            if (std::isnan(pair.relative)) {
                std::stable_sort(pairs.begin(), pairs.end(), higher);
                return;
            }
        for (std::size_t i = 1; i < pairs.size(); ++i) {
            const EngineWorkspace::PoolPair moving = pairs[i];
            std::size_t j = i;
            for (; j > 0 && higher(moving, pairs[j - 1]); --j)
                pairs[j] = pairs[j - 1];
            pairs[j] = moving;
        }
    }

    void takeFromPool(bool assigned) {
        for (const EngineWorkspace::PoolPair& pair : m_ws.pairs) {
            Demand& d = m_ws.demands[std::size_t(pair.demand)];
            const std::size_t s = std::size_t(pair.sku);
            if (d.left <= kServedTolerance * d.total || m_ws.pool[s] <= 0 ||
                (assigned && pair.gpus <= 0))
                continue;
            // The program shares GPUs continuously; a share is taken as whole replicas (whole
            // servers) and never below one replica for a demand nothing has served yet.
            const double replica = replicaGpus(d.placement, pair.sku);
            double share = assigned ? pair.gpus : m_ws.pool[s];
            if (wholeServers())
                share = std::ceil(share / replica - kServedTolerance) * replica;
            if (d.left >= d.total)
                share = std::max(share, replica);
            const double n = take(d.placement, pair.sku, pair.per_gpu,
                                  std::min(m_ws.pool[s], share), d.left, d.total);
            m_ws.pool[s] -= n;
            addBusy(d.placement, pair.sku, n * d.placement.busy_share);
        }
    }

    // Owned GPUs busy serving a placement, in GPU-equivalents. Where the workload's energy per
    // token is measured on the SKU, a busy GPU draws that energy for the tokens it serves at
    // full speed (reference throughput × ratio) instead of its board power.
    void addBusy(const Placement& p, int s, double busy) {
        const std::size_t i = std::size_t(s);
        m_ws.busy_gpus[i] += busy;
        if (p.w->joules_per_token.empty() || p.w->joules_per_token[i] == kNoInput)
            return;
        const double tokensPerS = in(p.w->reference_tokens_per_s_per_gpu) * ratio(p, s);
        m_ws.measured_busy[i] += busy;
        m_ws.measured_kw[i] += busy * in(p.w->joules_per_token[i]) * tokensPerS / 1000.0;
    }

    // Sets each pair's `gpus`: rows are the pool SKUs (GPUs available) and the demands (work
    // left, as a fraction of it), columns the pairs. Without a solution within the pivot limit
    // each pair may take what it can, in the order of its ratio.
    void assignPool() {
        auto& pairs = m_ws.pairs;
        m_ws.pool_row.assign(m_s.skus.size(), -1);
        int rows = 0;
        for (const auto& pair : pairs)
            if (m_ws.pool_row[std::size_t(pair.sku)] < 0)
                m_ws.pool_row[std::size_t(pair.sku)] = rows++;
        const int demandRows = int(m_ws.demands.size());
        SmallLp& lp = m_ws.assignment;
        lp.reset(rows + demandRows, int(pairs.size()));
        for (std::size_t s = 0; s < m_s.skus.size(); ++s)
            if (m_ws.pool_row[s] >= 0)
                lp.setBound(m_ws.pool_row[s], m_ws.pool[s]);
        for (int i = 0; i < demandRows; ++i)
            lp.setBound(rows + i, m_ws.demands[std::size_t(i)].left > 0 ? 1.0 : 0.0);
        for (std::size_t j = 0; j < pairs.size(); ++j) {
            const Demand& d = m_ws.demands[std::size_t(pairs[j].demand)];
            lp.setCoefficient(m_ws.pool_row[std::size_t(pairs[j].sku)], int(j), 1.0);
            lp.setCoefficient(rows + pairs[j].demand, int(j), pairs[j].per_gpu / d.left);
            lp.setValue(int(j), pairs[j].relative);
        }
        const bool solved = lp.solve(kMaxAssignmentPivots);
        for (std::size_t j = 0; j < pairs.size(); ++j)
            pairs[j].gpus = solved ? lp.x(int(j)) : m_ws.pool[std::size_t(pairs[j].sku)];
    }

    // What is still unserved is bought (or rented) on the vendor's channel.
    void serveFromNewCapacity(Demand& d, int month) {
        if (d.left <= kServedTolerance * d.total)
            return;
        const Placement& p = d.placement;
        const int s = buySku(p.vendor, month);
        const double n = gpusNeeded(p, s, d.left, d.left >= d.total);
        if (p.vendor == Vendor::Amd)
            m_amdInService += n;
        if (replicaGpus(p, s) > sku(s).gpus_per_server)
            m_out.multi_node_inference = true;
        m_ws.new_need[std::size_t(s)] += n;
        if (m_s.channel[vendorIndex(p.vendor)] == Channel::Owned)
            addBusy(p, s, n * p.busy_share);
        d.left = 0;
    }

    Placement placement(const CompiledWorkload& w, Vendor vendor, int door, int month) const {
        Placement p;
        p.w = &w;
        p.vendor = vendor;
        if (w.kind == WorkloadKindOfDemand::Inference)
            p.busy_share = std::min(1.0, in(m_s.target_utilisation) * in(w.average_to_peak));
        if (door < 0)
            return p;
        // The Triton rewrite is done once its door has opened; NVIDIA may run it too.
        p.ported = m_option.ported_kernels && month >= m_doorMonth[std::size_t(door)];
        if (vendor != Vendor::Amd)
            return p;
        const CompiledDoor& d = m_option.doors[std::size_t(door)];
        const double since = month - m_doorMonth[std::size_t(door)];
        const double months = in(m_s.transition_months);
        const double fade = months > 0 ? std::max(0.0, 1.0 - since / months) : 0.0;
        p.penalty = 1.0 - in(m_s.transition) * fade;
        p.efficiency = d.cross_vendor && w.kind == WorkloadKindOfDemand::Training
                           ? in(m_s.hetccl_efficiency)
                           : 1.0;
        return p;
    }

    void placeDemand(int month) {
        m_ws.demands.clear();
        for (const CompiledWorkload& w : m_s.workloads) {
            const double d = demand(w, month);
            const int door = doorFor(w);
            double onAmd = 0;
            if (door >= 0 && month >= m_doorMonth[std::size_t(door)]) {
                const CompiledDoor& k = m_option.doors[std::size_t(door)];
                if (k.mode == DoorMode::Move) {
                    onAmd = d;
                } else {
                    const int kept = std::max(0, int(m_doorMonth[std::size_t(door)]) - 1);
                    onAmd = std::max(0.0, d - demand(w, kept));
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

    // Owned GPUs no demand used this month: sold at their residual value, or kept idle.
    void dispose(int month) {
        if (m_s.disposition != Disposition::Sell)
            return;
        for (std::size_t s = 0; s < m_s.skus.size(); ++s) {
            if (m_ws.pool[s] <= 0)
                continue; // nothing to sell: the surplus below would be at most 0
            double surplus = m_ws.pool[s];
            if (wholeServers()) // a server is sold whole
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
                m_residualThisMonth -= sold * residualValue(c, month);
            }
        }
    }

    void buy(int month, double* row) {
        for (std::size_t s = 0; s < m_s.skus.size(); ++s) {
            double n = m_ws.new_need[s];
            if (n <= 0)
                continue;
            const int gps = m_s.skus[s].gpus_per_server;
            if (wholeServers())
                n = std::ceil(n / gps - kServedTolerance) * gps;
            const Vendor vendor = m_s.skus[s].vendor;
            const Channel channel = m_s.channel[vendorIndex(vendor)];
            if (channel == Channel::Owned) {
                const double price = declined(int(s), in(m_s.skus[s].purchase_usd), month) *
                                     (1.0 - in(m_s.discount[vendorIndex(vendor)]));
                const double overhead = declined(int(s), in(m_s.skus[s].overhead_usd), month);
                row[kCapex] += n * (price + overhead);
                m_ws.cohorts.push_back({int(s), n, price, month});
            } else {
                m_ws.rented[s] += n;
                m_ws.rent_usd[s] += n * kHoursPerMonth * rate(int(s), channel, month);
            }
        }
    }

    void simulateMonth(int month) {
        const std::size_t skus = m_s.skus.size();
        std::fill(m_ws.new_need.begin(), m_ws.new_need.end(), 0.0);
        std::fill(m_ws.busy_gpus.begin(), m_ws.busy_gpus.end(), 0.0);
        std::fill(m_ws.measured_busy.begin(), m_ws.measured_busy.end(), 0.0);
        std::fill(m_ws.measured_kw.begin(), m_ws.measured_kw.end(), 0.0);
        std::fill(m_ws.rented.begin(), m_ws.rented.end(), 0.0);
        std::fill(m_ws.rent_usd.begin(), m_ws.rent_usd.end(), 0.0);
        if (m_ownedIsCurrent) { // the same sums over the same cohorts, already done
            std::copy(m_ws.owned.begin(), m_ws.owned.end(), m_ws.pool.begin());
        } else {
            std::fill(m_ws.pool.begin(), m_ws.pool.end(), 0.0);
            for (const EngineWorkspace::Cohort& c : m_ws.cohorts)
                m_ws.pool[std::size_t(c.sku)] += c.count;
        }
        m_amdInService = 0;
        m_residualThisMonth = 0;
        double* row = &m_out.components[std::size_t(month) * kComponentCount];

        placeDemand(month);
        dispose(month);
        buy(month, row);

        const double hours = kHoursPerMonth;
        const double idle = in(m_s.idle_power_fraction);
        double installedValue = 0;
        std::fill(m_ws.owned.begin(), m_ws.owned.end(), 0.0);
        for (const EngineWorkspace::Cohort& c : m_ws.cohorts) {
            installedValue += c.count * c.basis_usd;
            m_ws.owned[std::size_t(c.sku)] += c.count;
        }
        m_ownedIsCurrent = true; // the cohorts stay as they are until next month's sales
        for (std::size_t s = 0; s < skus; ++s) {
            const double owned = m_ws.owned[s];
            const double kw = powerKw(int(s));
            const double load = idle * owned + (1.0 - idle) * m_ws.busy_gpus[s];
            // Measured busy GPUs draw their measured kW in place of board power.
            const double drawn = kw * load -
                                 in(sku(int(s)).board_power_kw) * m_ws.measured_busy[s] +
                                 m_ws.measured_kw[s];
            row[kEnergy] += drawn * in(m_s.pue) * hours * in(m_s.usd_per_kwh);
            row[kFacility] += kw * owned * in(m_s.usd_per_kw_month);
            row[kRent] += m_ws.rent_usd[s];
            const double gpus = owned + m_ws.rented[s];
            m_out.gpus[std::size_t(month) * skus + s] = gpus;
            m_out.gpu_hours += gpus * hours;
        }
        row[kMaintenance] = installedValue * in(m_s.maintenance_per_year) / 12.0;
        if (m_out.committed) {
            row[kMigration] = m_s.team_engineers * in(m_s.usd_per_engineer_month) *
                              overlap(month, month + 1, 0, m_tasksMonths);
            const int amd = buySku(Vendor::Amd, month);
            row[kParallelRun] = m_s.pilot_gpus * hours * rate(amd, Channel::OnDemand, month) *
                                overlap(month, month + 1, 0, in(m_s.pilot_months));
        }
        if (m_amdInService > 0) {
            row[kDualVendor] = in(m_s.dual_vendor_usd_per_month);
            if (m_out.first_amd_month < 0)
                m_out.first_amd_month = month;
        }
        if (m_out.first_amd_month >= 0)
            row[kProductivity] = in(m_s.ramp_loss) * m_s.ramp_headcount *
                                 in(m_s.ramp_usd_per_person_month) *
                                 overlap(month, month + 1, m_out.first_amd_month,
                                         m_out.first_amd_month + in(m_s.ramp_months));
        row[kResidual] = m_residualThisMonth;
        if (month == m_s.horizon_months - 1)
            for (const EngineWorkspace::Cohort& c : m_ws.cohorts)
                row[kResidual] -= c.count * residualValue(c, m_s.horizon_months);

        for (const CompiledWorkload& w : m_s.workloads)
            if (w.kind == WorkloadKindOfDemand::Inference)
                m_out.tokens_served += demand(w, month) * in(w.average_to_peak) * 3600.0 * hours;
    }

    void finish() {
        const double r = in(m_s.discount_rate);
        double cumulative = 0;
        for (int m = 0; m < m_s.horizon_months; ++m) {
            double total = 0;
            for (int c = 0; c < kComponentCount; ++c)
                total += m_out.component(m, c);
            cumulative += total;
            m_out.total[std::size_t(m)] = total;
            m_out.cumulative[std::size_t(m)] = cumulative;
            m_out.npv_usd += total * std::pow(1.0 + r, -m / 12.0);
        }
        m_out.total_usd = cumulative;
        m_out.owed_after_horizon_usd = m_s.team_engineers * in(m_s.usd_per_engineer_month) *
                                       std::max(0.0, m_tasksMonths - m_s.horizon_months);
    }
};

} // namespace

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
    Simulation(scenario, v, option, policy, workspace, out).run();
}

namespace {

// The NPVs of many committed door policies of one option, as a tree of runs that share their
// months: the run with every door shut (but the task sequence committed) is the trunk; at each
// month a door can be taken in, a branch opens it and runs on, and at each month the other
// door can be taken in, a twig opens that one too. Each run resumes from its parent's
// checkpoint instead of repeating the months before its door.
class DoorSearch {
public:
    DoorSearch(const CompiledScenario& s, const double* v, const CompiledOption& option,
               const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& scratch)
        : m_horizon(s.horizon_months)
        , m_sim(s, v, option, schedule, ws, scratch) {
        const std::size_t keys = std::size_t(m_horizon) + 1;
        m_wanted.assign(keys * keys, 0);
        m_npv.assign(keys * keys, 0.0);
        m_discount.resize(std::size_t(m_horizon));
        const double r = v[s.discount_rate];
        for (int m = 0; m < m_horizon; ++m) // as Simulation::finish() discounts
            m_discount[std::size_t(m)] = std::pow(1.0 + r, -m / 12.0);
    }

    // A door month as a key: the month if the door is taken inside the horizon, else the
    // horizon (a door taken at or after it, or never, changes no month of the run).
    int key(double month) const { return month < m_horizon ? int(month) : m_horizon; }

    void want(int first, int second) { m_wanted[index(first, second)] = 1; }
    double npv(int first, int second) const { return m_npv[index(first, second)]; }

    void run() {
        const int h = m_horizon;
        // How far each run must go: the trunk to the last month a wanted run leaves it (its
        // end when its own NPV is wanted), a branch to the last month a wanted twig leaves it.
        int trunkEnd = -1;
        std::vector<int> branchEnd0(std::size_t(h), -1), branchEnd1(std::size_t(h), -1);
        for (int a = 0; a <= h; ++a)
            for (int b = 0; b <= h; ++b) {
                if (!m_wanted[index(a, b)])
                    continue;
                trunkEnd = std::max(trunkEnd, std::min(a, b));
                if (a < b)
                    branchEnd0[std::size_t(a)] = std::max(branchEnd0[std::size_t(a)], b);
                else if (b < a)
                    branchEnd1[std::size_t(b)] = std::max(branchEnd1[std::size_t(b)], a);
            }
        if (trunkEnd < 0)
            return;
        m_sim.start();
        for (int t = 0; t < h && t <= trunkEnd; ++t) {
            const bool branch0 = branchEnd0[std::size_t(t)] >= 0;
            const bool branch1 = branchEnd1[std::size_t(t)] >= 0;
            const bool both = m_wanted[index(t, t)] != 0;
            if (branch0 || branch1 || both)
                m_sim.save(m_trunk);
            if (branch0) {
                runBranch(0, t, branchEnd0[std::size_t(t)]);
                m_sim.restore(m_trunk);
            }
            if (branch1) {
                runBranch(1, t, branchEnd1[std::size_t(t)]);
                m_sim.restore(m_trunk);
            }
            if (both) {
                m_sim.setDoorMonth(0, t);
                m_sim.setDoorMonth(1, t);
                m_npv[index(t, t)] = runToEnd(t);
                m_sim.setDoorMonth(0, Simulation::kShut);
                m_sim.setDoorMonth(1, Simulation::kShut);
                m_sim.restore(m_trunk);
            }
            if (t == trunkEnd && trunkEnd < h)
                return; // nothing wanted runs on along the trunk
            m_sim.advance(t, m_discount.data());
        }
        m_npv[index(h, h)] = m_sim.npv();
    }

private:
    std::size_t index(int first, int second) const {
        return std::size_t(first) * (std::size_t(m_horizon) + 1) + std::size_t(second);
    }

    double runToEnd(int from) {
        for (int m = from; m < m_horizon; ++m)
            m_sim.advance(m, m_discount.data());
        return m_sim.npv();
    }

    // Door `door` taken at month `t` (the other shut), and from it a twig at every later month
    // the other door is wanted in, up to `last` (the horizon: the branch's own NPV is wanted).
    void runBranch(int door, int t, int last) {
        const int other = 1 - door;
        auto at = [&](int mine, int theirs) {
            return door == 0 ? index(mine, theirs) : index(theirs, mine);
        };
        m_sim.setDoorMonth(door, t);
        for (int u = t; u < m_horizon; ++u) {
            if (u > t && m_wanted[at(t, u)]) {
                m_sim.save(m_branch);
                m_sim.setDoorMonth(other, u);
                m_npv[at(t, u)] = runToEnd(u);
                m_sim.setDoorMonth(other, Simulation::kShut);
                m_sim.restore(m_branch);
            }
            if (u == last)
                break; // nothing wanted runs on along the branch
            m_sim.advance(u, m_discount.data());
        }
        if (last >= m_horizon)
            m_npv[at(t, m_horizon)] = m_sim.npv();
        m_sim.setDoorMonth(door, Simulation::kShut);
    }

    int m_horizon = 0;
    Simulation m_sim;
    Simulation::Checkpoint m_trunk;
    Simulation::Checkpoint m_branch;
    std::vector<char> m_wanted; // [first door's key][second door's key]
    std::vector<double> m_npv;
    std::vector<double> m_discount; // per month, (1 + r)^(−m/12)
};

} // namespace

void evaluateDoorPolicies(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option, const DoorPolicy* policies,
                          std::size_t count, double* npv, EngineWorkspace& workspace,
                          OptionRun& scratch) {
    scratch.resize(scenario.horizon_months, int(scenario.skus.size()));
    if (workspace.pool.size() != scenario.skus.size())
        workspace.reserve(scenario);
    const DoorSchedule schedule = doorSchedule(scenario, v, option);
    DoorSearch search(scenario, v, option, schedule, workspace, scratch);
    bool anyShut = false;
    for (std::size_t i = 0; i < count; ++i) {
        if (!policies[i].takesAny()) {
            anyShut = true;
            continue;
        }
        const auto months = Simulation::doorMonths(scenario, option, schedule, policies[i]);
        search.want(search.key(months[0]), search.key(months[1]));
    }
    search.run();
    for (std::size_t i = 0; i < count; ++i)
        if (policies[i].takesAny()) {
            const auto months = Simulation::doorMonths(scenario, option, schedule, policies[i]);
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
