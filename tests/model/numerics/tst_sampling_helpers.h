// What both files of tst_sampling share: the sample count, a number of a given shape.
#pragma once

#include "sampling.h"

#include <cstddef>

namespace crossgrade::testing {

inline constexpr std::size_t kSamples = 10000;

inline model::UncertainNumber numberOf(model::Distribution d, double low, double mode,
                                       double high) {
    model::UncertainNumber n = model::UncertainNumber::between(low, mode, high);
    n.distribution = d;
    return n;
}

} // namespace crossgrade::testing
