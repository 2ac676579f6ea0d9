#pragma once

// The monthly cost build-up of the engine (DESIGN.md step 8): once a month's demand is placed
// and the fleet has sold and bought, its energy, facility, rent, maintenance, migration,
// parallel-run, dual-vendor, productivity and residual components, the GPUs and GPU-hours it
// ran and the tokens it served; at the end, the totals and the NPV. Internal to the engine
// (model/engine/engine*.cpp).

#include "engine_terms.h"

namespace crossgrade::model::engine {

class MonthlyCosts {
public:
    MonthlyCosts(const EngineTerms& terms, const EngineWorkspace& ws, OptionRun& out)
        : m_t(terms)
        , m_s(terms.scenario())
        , m_ws(ws)
        , m_out(out) {}

    // The months the committed task sequence takes (0 when nothing is committed).
    void setTasksMonths(double months) { m_tasksMonths = months; }

    // Fills the rest of `row` for `month`: installedValue is the owned fleet's value at basis
    // after the month's sales and purchases, residual what its sales brought, amdInService
    // the AMD GPUs that served.
    void addMonth(int month, double* row, double installedValue, double residual,
                  double amdInService);
    // Totals, cumulative costs, NPV and what is owed after the horizon, from the rows.
    void finish();

private:
    // Owned GPUs of a SKU whose purchase still includes their software licence.
    double bundledGpus(int sku, int month) const;
    // Maintenance, support, operations, storage, the power above a cap and a loan's or lease's
    // cash (docs/model.md, "Owner costs").
    void addOwnerCosts(int month, double* row, double installedValue, double provisionedKw,
                       double ownedGpus);

    const EngineTerms& m_t;
    const CompiledScenario& m_s;
    const EngineWorkspace& m_ws;
    OptionRun& m_out;
    double m_tasksMonths = 0;
};

} // namespace crossgrade::model::engine
