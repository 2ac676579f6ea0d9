#pragma once

// The engine's fleet bookkeeping: owned GPUs as cohorts (SKU, count, value basis, month
// bought), the installed rented lots of each workload, and the month's pool of owned GPUs not
// yet serving; selling the surplus, buying or renting what the month still needs. Internal to
// the engine (model/engine/engine*.cpp).

#include "engine_terms.h"

#include <vector>

namespace crossgrade::model::engine {

// What of the fleet one month hands the next (lot_left never changes after start()), for a
// run to resume from.
struct FleetCheckpoint {
    std::vector<EngineWorkspace::Cohort> cohorts;
    std::vector<double> owned;
    bool owned_is_current = false;
};

class FleetBook {
public:
    FleetBook(const EngineTerms& terms, EngineWorkspace& ws)
        : m_t(terms)
        , m_s(terms.scenario())
        , m_ws(ws) {}

    // The installed fleet at month 0: owned lots as cohorts, rented lots per workload.
    void start();
    // Clears the month's tallies and fills the pool with every owned GPU, including those
    // delivered this month.
    void openMonth(int month);
    // Owned GPUs no demand used this month: sold at their residual value (at most the
    // vendor's sale limit a month), or kept idle.
    // Returns the residual (negative: money back) the sales bring this month.
    double sellSurplus(int month);
    // What the month still needs is bought (capex into row), ordered and bridged with rented
    // GPUs until it arrives (a lead time), or rented on the vendor's channel.
    // amdDelivery: the month AMD purchases of this month arrive, or -1 to buy them at once
    // (DemandPlacement::amdDeliveryMonth).
    void buy(int month, double* row, int amdDelivery);
    // Counts the owned GPUs per SKU after sales and purchases; returns their value at basis.
    double closeMonth();

    void save(FleetCheckpoint& c) const;
    void restore(const FleetCheckpoint& c);

private:
    const EngineTerms& m_t;
    const CompiledScenario& m_s;
    EngineWorkspace& m_ws;
    // The workspace's `owned` holds the cohorts' GPUs per SKU, summed in cohort order: what
    // the next month's pool starts from.
    bool m_ownedIsCurrent = false;
    // closeMonth's sums run over the cohorts in order; a month that only appended cohorts
    // extends last month's sums by them — the same additions in the same order, so the same
    // bits — instead of adding up every cohort again. A sale or a delivery changes a cohort
    // in the middle, and the sums start over.
    std::size_t m_summed = 0; // cohorts in the sums (valid while m_sumsCurrent)
    bool m_sumsCurrent = false;
    bool m_maySoldOut = false; // a sale may have left a cohort of 0 GPUs
    double m_installedValue = 0;
};

} // namespace crossgrade::model::engine
