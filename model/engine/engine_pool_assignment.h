#pragma once

// Which owned GPUs free this month serve which demand: the engine's wrapper round SmallLp.
// Internal to the engine (model/engine/engine*.cpp).

#include "engine.h"

#include <cstddef>
#include <vector>

namespace crossgrade::model::engine {

// Highest ratio first, ties in the order found: a stable sort that needs no buffer from the
// heap (the pairs of a month are a handful).
void sortByRelative(std::vector<EngineWorkspace::PoolPair>& pairs);

// Sets each of the workspace's pairs' `gpus` from a small linear program: rows are the pool
// SKUs (GPUs available) and the demands (work left, as a fraction of it), columns the pairs,
// each GPU worth its throughput relative to the GPU the demand would buy. Without a solution
// within the pivot limit each pair may take what the pool holds, in the order of its ratio.
// With one SKU in the pool the pivots are replayed directly, with the same bits
// (`replaySinglePool` false solves every program in full: the tests compare the two).
void assignPool(std::size_t skuCount, EngineWorkspace& ws, bool replaySinglePool = true);

} // namespace crossgrade::model::engine
