// The door-policy search (engine_door_search.h): the trunk and its branches.

#include "engine_door_search.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace crossgrade::model::engine {

DoorSearch::DoorSearch(const CompiledScenario& s, const double* v, const CompiledOption& option,
                       const DoorSchedule& schedule, EngineWorkspace& ws, OptionRun& scratch)
    : m_horizon(s.horizon_months)
    , m_doors(option.doors.size())
    , m_sim(s, v, option, schedule, ws, scratch) {
    m_checkpoints.resize(m_doors + 1);
    m_discount = ws.discount_factor; // as MonthlyCosts::finish() discounts (m_sim's tables)
}

void DoorSearch::run(const std::vector<DoorKeys>& keys, double* npv, double* peakKw) {
    if (keys.empty())
        return;
    m_keys = &keys;
    m_npv = npv;
    m_peakKw = peakKw;
    m_next.assign(keys.size(), m_horizon);
    m_nextDoors.assign(keys.size(), 0);
    std::vector<int> order(keys.size());
    std::iota(order.begin(), order.end(), 0);
    m_sim.start();
    explore(0, order.data(), order.data() + order.size(), 0u, 0);
}

void DoorSearch::setDoors(unsigned doors, double month) {
    for (std::size_t k = 0; k < m_doors; ++k)
        if ((doors >> k) & 1u)
            m_sim.setDoorMonth(int(k), month);
}

// The policies [first, last) have every door in `opened` open, at the same months, and no
// other door before `from`; the simulation stands at the start of month `from` with exactly
// those doors open. Runs them on, branching where some of them open further doors.
void DoorSearch::explore(int from, int* first, int* last, unsigned opened, std::size_t depth) {
    for (int* p = first; p != last; ++p) {
        const DoorKeys& k = (*m_keys)[std::size_t(*p)];
        int next = m_horizon;
        unsigned doors = 0;
        for (std::size_t d = 0; d < m_doors; ++d) {
            if ((opened >> d) & 1u)
                continue;
            if (k[d] < next) {
                next = k[d];
                doors = 1u << d;
            } else if (k[d] == next && next < m_horizon) {
                doors |= 1u << d;
            }
        }
        m_next[std::size_t(*p)] = next;
        m_nextDoors[std::size_t(*p)] = doors;
    }
    std::sort(first, last, [&](int a, int b) {
        const std::size_t i = std::size_t(a), j = std::size_t(b);
        return m_next[i] != m_next[j] ? m_next[i] < m_next[j] : m_nextDoors[i] < m_nextDoors[j];
    });
    int* p = first;
    for (int month = from;; ++month) {
        if (month == m_horizon) { // what is left opens nothing more inside the horizon
            for (; p != last; ++p) {
                m_npv[*p] = m_sim.npv();
                m_peakKw[*p] = m_sim.peakKw();
            }
            return;
        }
        while (p != last && m_next[std::size_t(*p)] == month) {
            const unsigned doors = m_nextDoors[std::size_t(*p)];
            int* q = p;
            while (q != last && m_next[std::size_t(*q)] == month &&
                   m_nextDoors[std::size_t(*q)] == doors)
                ++q;
            const bool more = q != last; // others still run on from this month
            if (more)
                m_sim.save(m_checkpoints[depth]);
            setDoors(doors, month);
            explore(month, p, q, opened | doors, depth + 1);
            if (!more)
                return;
            setDoors(doors, kShut);
            m_sim.restore(m_checkpoints[depth]);
            p = q;
        }
        m_sim.advance(month, m_discount.data());
    }
}

} // namespace crossgrade::model::engine
