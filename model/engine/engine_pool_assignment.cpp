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

namespace {

// The most common program by far: one SKU in the pool, so one pool row, and one pair per demand
// (columns sorted by relative value, highest first). The simplex (SmallLp, Bland's rule) takes
// the pairs in column order. While the pool has GPUs to spare, each pair enters and its demand's
// row leaves: the pair gets 1 / a GPUs (a = per_gpu / left, its coefficient) and the pool row's
// right-hand side drops by as much; no other entry a later step reads changes. When a pair's
// demand would take what is left (or ties with it within the tolerance, or its coefficient is
// too small to be a pivot), the pool row leaves instead: the pair gets what is left, and every
// reduced cost is then non-negative (the later pairs are worth no more than it), so the program
// is solved. This replays those steps with the same operations on the same numbers, so every
// share has the bits the full solve gives (tst_small_lp). False where that reasoning does not
// hold (a coefficient not finite, pairs out of order, more pairs than the pivot limit): the
// program is then solved in full.
bool assignSinglePool(EngineWorkspace& ws, double pool, int maxPivots) {
    auto& pairs = ws.pairs;
    if (pairs.size() >= std::size_t(maxPivots))
        return false;
    for (std::size_t j = 1; j < pairs.size(); ++j)
        if (!(pairs[j].relative <= pairs[j - 1].relative))
            return false; // out of order, or NaN
    double rhs = pool;    // the pool row's right-hand side, as the pivots lower it
    bool poolLeft = false;
    for (EngineWorkspace::PoolPair& pair : pairs) {
        pair.gpus = 0.0;
        if (poolLeft || !(-pair.relative < -SmallLp::kEpsilon))
            continue; // solved, or its reduced cost is not negative: it never enters
        const double a = pair.per_gpu / ws.demands[std::size_t(pair.demand)].left;
        if (!std::isfinite(a))
            return false;
        const double gpus = 1.0 / a; // the demand row's ratio, and its right-hand side after
        if (a > SmallLp::kEpsilon && gpus < rhs - SmallLp::kEpsilon) {
            pair.gpus = gpus;
            rhs -= gpus;
        } else {
            pair.gpus = std::max(0.0, rhs); // the pool row leaves: what is left is the pair's
            poolLeft = true;
        }
    }
    return true;
}

} // namespace

void assignPool(std::size_t skuCount, EngineWorkspace& ws, bool replaySinglePool) {
    auto& pairs = ws.pairs;
    ws.pool_row.assign(skuCount, -1);
    int rows = 0;
    for (const auto& pair : pairs)
        if (ws.pool_row[std::size_t(pair.sku)] < 0)
            ws.pool_row[std::size_t(pair.sku)] = rows++;
    if (replaySinglePool && rows == 1 &&
        assignSinglePool(ws, ws.pool[std::size_t(pairs.front().sku)], kMaxAssignmentPivots))
        return;
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
