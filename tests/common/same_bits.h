#pragma once

// Bit-for-bit equality of doubles, for the tests that hold two computations to the same bits
// (the shared door search, the engine's kept tables): -0 differs from +0, a NaN equals itself.

#include <cstring>
#include <vector>

namespace crossgrade::testing {

inline bool sameBits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

inline bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

} // namespace crossgrade::testing
