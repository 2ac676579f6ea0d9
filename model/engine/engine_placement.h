#pragma once

// Where a month's demand goes: each workload's demand split between NVIDIA and AMD by the
// option's doors and the months they are taken, then served from the workload's rented lots,
// from the owned pool (engine_pool_assignment) and, for what is left, from new capacity.
// Internal to the engine (model/engine/engine*.cpp).

#include "engine_terms.h"

#include <algorithm>
#include <array>
#include <limits>

namespace crossgrade::model::engine {

// The door month of a door not taken.
inline constexpr double kShut = std::numeric_limits<double>::infinity();

class DemandPlacement {
public:
    // Sets `multiNodeInference` when some replica is larger than one server.
    DemandPlacement(const EngineTerms& terms, const CompiledOption& option, EngineWorkspace& ws,
                    bool& multiNodeInference)
        : m_t(terms)
        , m_s(terms.scenario())
        , m_option(option)
        , m_ws(ws)
        , m_multiNode(multiNodeInference) {}

    void setDoorMonth(int door, double month) { m_doorMonth[std::size_t(door)] = month; }

    // Places and serves every workload's demand of `month` from the workspace's pool; what
    // is still unserved lands in the workspace's new_need.
    void place(int month);
    // AMD GPUs serving in the month last placed.
    double amdInService() const { return m_amdInService; }
    // The month AMD purchases ordered at `month` arrive when a door taken within `lead` months
    // before sent demand to AMD (ordered at that door, delivered `lead` months after it), or
    // -1 when no door's window holds `month`: demand that could be foreseen is ordered ahead.
    int amdDeliveryMonth(int month, int lead) const {
        double end = -1;
        for (double d : m_doorMonth)
            if (d <= month && month < d + lead)
                end = std::max(end, d + lead);
        return int(end);
    }

private:
    const EngineTerms& m_t;
    const CompiledScenario& m_s;
    const CompiledOption& m_option;
    EngineWorkspace& m_ws;
    bool& m_multiNode;
    std::array<double, kMaxDoorGroups> m_doorMonth = shutDoors();
    double m_amdInService = 0;
    int m_month = 0; // the month being placed

    static std::array<double, kMaxDoorGroups> shutDoors() {
        std::array<double, kMaxDoorGroups> months;
        months.fill(kShut);
        return months;
    }
    int doorFor(const CompiledWorkload& w) const;
    Placement placement(const CompiledWorkload& w, Vendor vendor, int door, int month) const;
    double take(const Placement& p, int s, double available, double& left, double total);
    double take(const Placement& p, int s, double each, double available, double& left,
                double total);
    void serveFromRentedLots(Demand& d, int month);
    void serveFromPool(int month);
    void takeFromPool(bool assigned);
    void addBusy(const Placement& p, int s, double busy);
    void addServing(const Placement& p, int s, double n);
    void serveFromNewCapacity(Demand& d, int month);
};

} // namespace crossgrade::model::engine
