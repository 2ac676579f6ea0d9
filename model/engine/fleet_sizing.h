#pragma once

// How many GPUs a workload needs on one SKU (DESIGN.md, "Cost engine", step 6).

#include "units.h"

namespace crossgrade::model {

// GPUs per inference replica: model memory (weights + KV) over usable HBM, rounded up to a
// tensor-parallel degree of 1, 2, 4 or 8; beyond 8, to a multiple of 8 (multi-node
// inference, which the caller flags when it exceeds a server).
int gpusPerReplica(Memory modelMemory, Memory hbm, double usableFraction);

} // namespace crossgrade::model
