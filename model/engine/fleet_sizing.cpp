#include "fleet_sizing.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace crossgrade::model {

int gpusPerReplica(Memory modelMemory, Memory hbm, double usableFraction) {
    const double modelMemoryGb = inGigabytes(modelMemory);
    const double usable = inGigabytes(hbm) * usableFraction;
    if (usable <= 0)
        return 8;
    // A hair of tolerance so that exactly-fitting models do not round up by float noise.
    // Capped before the cast: a tiny HBM figure must not overflow int (undefined behaviour).
    constexpr double kMaxGpus = 1'000'000;
    const double raw = std::min(kMaxGpus, std::ceil(modelMemoryGb / usable - 1e-9));
    const int gpus = raw < 1 ? 1 : static_cast<int>(raw);
    for (int degree : {1, 2, 4, 8})
        if (gpus <= degree)
            return degree;
    return (gpus + 7) / 8 * 8;
}

} // namespace crossgrade::model
