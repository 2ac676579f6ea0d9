// The door-policy search (engine_door_search.h): the trunk, its branches and twigs.

#include "engine_door_search.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model::engine {

DoorSearch::DoorSearch(const CompiledScenario& s, const double* v, const CompiledOption& option,
                       const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& scratch)
    : m_horizon(s.horizon_months)
    , m_sim(s, v, option, schedule, ws, scratch) {
    const std::size_t keys = std::size_t(m_horizon) + 1;
    m_wanted.assign(keys * keys, 0);
    m_npv.assign(keys * keys, 0.0);
    m_discount.resize(std::size_t(m_horizon));
    const double r = v[s.discount_rate];
    for (int m = 0; m < m_horizon; ++m) // as MonthlyCosts::finish() discounts
        m_discount[std::size_t(m)] = std::pow(1.0 + r, -m / 12.0);
}

void DoorSearch::run() {
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
            m_sim.setDoorMonth(0, kShut);
            m_sim.setDoorMonth(1, kShut);
            m_sim.restore(m_trunk);
        }
        if (t == trunkEnd && trunkEnd < h)
            return; // nothing wanted runs on along the trunk
        m_sim.advance(t, m_discount.data());
    }
    m_npv[index(h, h)] = m_sim.npv();
}

double DoorSearch::runToEnd(int from) {
    for (int m = from; m < m_horizon; ++m)
        m_sim.advance(m, m_discount.data());
    return m_sim.npv();
}

// Door `door` taken at month `t` (the other shut), and from it a twig at every later month
// the other door is wanted in, up to `last` (the horizon: the branch's own NPV is wanted).
void DoorSearch::runBranch(int door, int t, int last) {
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
            m_sim.setDoorMonth(other, kShut);
            m_sim.restore(m_branch);
        }
        if (u == last)
            break; // nothing wanted runs on along the branch
        m_sim.advance(u, m_discount.data());
    }
    if (last >= m_horizon)
        m_npv[at(t, m_horizon)] = m_sim.npv();
    m_sim.setDoorMonth(door, kShut);
}

} // namespace crossgrade::model::engine
