// The engine's assignment of owned GPUs to demands (engine_pool_assignment.h): the order of
// the (demand, SKU) pairs and the linear program over them.

#include "engine_pool_assignment.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model::engine {

namespace {
constexpr int kMaxAssignmentPivots = 500; // far above what a real fleet needs
}

// An insertion sort, which unlike std::stable_sort needs no buffer from the heap; any stable
// sort gives the same order when the ratios compare (no NaN among them).
void sortByRelative(std::vector<EngineWorkspace::PoolPair>& pairs) {
    const auto higher = [](const EngineWorkspace::PoolPair& a, const EngineWorkspace::PoolPair& b) {
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

void assignPool(std::size_t skuCount, EngineWorkspace& ws) {
    auto& pairs = ws.pairs;
    ws.pool_row.assign(skuCount, -1);
    int rows = 0;
    for (const auto& pair : pairs)
        if (ws.pool_row[std::size_t(pair.sku)] < 0)
            ws.pool_row[std::size_t(pair.sku)] = rows++;
    const int demandRows = int(ws.demands.size());
    SmallLp& lp = ws.assignment;
    lp.reset(rows + demandRows, int(pairs.size()));
    for (std::size_t s = 0; s < skuCount; ++s)
        if (ws.pool_row[s] >= 0)
            lp.setBound(ws.pool_row[s], ws.pool[s]);
    for (int i = 0; i < demandRows; ++i)
        lp.setBound(rows + i, ws.demands[std::size_t(i)].left > 0 ? 1.0 : 0.0);
    for (std::size_t j = 0; j < pairs.size(); ++j) {
        const EngineWorkspace::Demand& d = ws.demands[std::size_t(pairs[j].demand)];
        lp.setCoefficient(ws.pool_row[std::size_t(pairs[j].sku)], int(j), 1.0);
        lp.setCoefficient(rows + pairs[j].demand, int(j), pairs[j].per_gpu / d.left);
        lp.setValue(int(j), pairs[j].relative);
    }
    const bool solved = lp.solve(kMaxAssignmentPivots);
    for (std::size_t j = 0; j < pairs.size(); ++j)
        pairs[j].gpus = solved ? lp.x(int(j)) : ws.pool[std::size_t(pairs[j].sku)];
}

} // namespace crossgrade::model::engine
