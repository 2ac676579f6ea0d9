// The engine's read-only arithmetic that does not fit inline in engine_terms.h: the tables a
// door-policy search shares between its runs, and the choice of SKU new capacity is bought as.

#include "engine_terms.h"

#include <limits>

namespace crossgrade::model::engine {

void EngineTerms::tabulate() {
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
                m_ws.replica_gpus[workloadIndex(w) * skus + i] = inferenceReplicaGpus(w, int(i));
    }
    m_tabled = true;
}

int EngineTerms::buySku(Vendor vendor, int month) const {
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

} // namespace crossgrade::model::engine
