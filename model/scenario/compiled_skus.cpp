// What new capacity is bought as, month by month, and the SKUs a run can reach
// (compiled_scenario.h).

#include "compiled_scenario.h"

#include <limits>

namespace crossgrade::model {

int buySkuAt(const CompiledScenario& s, Vendor vendor, int month) {
    const int preferred = s.buy_sku[static_cast<int>(vendor)];
    if (s.skus[std::size_t(preferred)].available_month <= month)
        return preferred;
    int best = preferred;
    int bestMonth = std::numeric_limits<int>::min();
    for (std::size_t i = 0; i < s.skus.size(); ++i)
        if (s.skus[i].vendor == vendor && s.skus[i].available_month <= month &&
            s.skus[i].available_month > bestMonth) {
            best = static_cast<int>(i);
            bestMonth = s.skus[i].available_month;
        }
    return best;
}

std::vector<int> buySkusByMonth(const CompiledScenario& c) {
    std::vector<int> out;
    for (Vendor vendor : {Vendor::Nvidia, Vendor::Amd})
        for (int month = 0; month < c.horizon_months; ++month)
            out.push_back(buySkuAt(c, vendor, month));
    return out;
}

std::vector<int> liveSkus(const CompiledScenario& c) {
    std::vector<bool> live(c.skus.size(), false);
    for (const CompiledLot& lot : c.lots)
        live[std::size_t(lot.sku)] = true;
    for (const int sku : c.buy_sku_by_month)
        live[std::size_t(sku)] = true;
    std::vector<int> out;
    for (std::size_t i = 0; i < live.size(); ++i)
        if (live[i])
            out.push_back(int(i));
    return out;
}

} // namespace crossgrade::model
