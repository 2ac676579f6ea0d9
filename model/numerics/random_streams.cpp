#include "random_streams.h"

#include <boost/random/mersenne_twister.hpp>
#include <cmath>
#include <limits>

namespace crossgrade::model {

namespace {

// ---------------------------------------------------------------------------------------------
// Streams. Every step is integer arithmetic or an exact double operation, so a column of
// uniforms has the same bits on every compiler, library and CPU. std::uniform_*_distribution
// and std::shuffle are implementation-defined, hence written out here.

// FNV-1a 64 (Fowler–Noll–Vo): a stable hash of the pointer's bytes, unlike std::hash.
constexpr std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (const char ch : bytes) {
        hash ^= static_cast<unsigned char>(ch);
        hash *= 0x100000001b3ull;
    }
    return hash;
}

// SplitMix64's output function (Steele, Lea, Flood 2014): a bijective avalanche mix, so nearby
// seeds and hashes give unrelated stream keys.
constexpr std::uint64_t splitMix64(std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// The key depends on (seed, pointer) only: that is what makes the draws common random numbers.
std::uint64_t streamKey(std::uint64_t seed, std::string_view pointer) {
    return splitMix64(splitMix64(seed) ^ fnv1a64(pointer));
}

using Engine = boost::random::mt19937_64;

// Uniform integer in [0, bound] without modulo bias: reject the 2^64 mod (bound + 1) lowest
// outputs so every residue is equally likely.
std::uint64_t uniformUpTo(Engine& engine, std::uint64_t bound) {
    if (bound == std::numeric_limits<std::uint64_t>::max())
        return engine();
    const std::uint64_t range = bound + 1;
    const std::uint64_t threshold = (0 - range) % range; // 2^64 mod range
    for (;;) {
        const std::uint64_t x = engine();
        if (x >= threshold)
            return x % range;
    }
}

// A double in (0, 1) from the top 53 bits: k · 2^-53 is exact. 0 is redrawn so a draw is never
// exactly `low`, whose probability is zero under every distribution here.
double openUnit(Engine& engine) {
    for (;;) {
        const std::uint64_t bits = engine() >> 11;
        if (bits != 0)
            return static_cast<double>(bits) * 0x1.0p-53;
    }
}

} // namespace

std::vector<double> latinHypercubeColumn(std::uint64_t seed, std::string_view pointer,
                                         std::size_t n) {
    std::vector<double> column(n);
    if (n == 0)
        return column;
    Engine engine(streamKey(seed, pointer));
    // Fisher–Yates, from the top: the stream's first n − 1 bounded draws pick the order of the
    // strata; the next n draws (in sample order) the offsets within them.
    std::vector<std::size_t> stratum(n);
    for (std::size_t k = 0; k < n; ++k)
        stratum[k] = k;
    for (std::size_t i = n - 1; i > 0; --i)
        std::swap(stratum[i], stratum[std::size_t(uniformUpTo(engine, i))]);
    const auto count = static_cast<double>(n);
    for (std::size_t k = 0; k < n; ++k) {
        const auto p = static_cast<double>(stratum[k]);
        const double lowerEdge = p / count;
        const double upperEdge = (p + 1.0) / count;
        double u = (p + openUnit(engine)) / count;
        // p + v rounds up to p + 1 when v is within half an ulp of 1; keep the value inside its
        // own stratum so each holds exactly one.
        if (u >= upperEdge)
            u = std::nextafter(upperEdge, 0.0);
        column[k] = std::max(u, lowerEdge);
    }
    return column;
}

std::vector<std::size_t> streamPermutation(std::uint64_t seed, std::string_view pointer,
                                           std::uint64_t purpose, std::size_t n) {
    std::vector<std::size_t> order(n);
    for (std::size_t k = 0; k < n; ++k)
        order[k] = k;
    if (n < 2)
        return order;
    Engine engine(splitMix64(streamKey(seed, pointer) ^ purpose));
    for (std::size_t i = n - 1; i > 0; --i)
        std::swap(order[i], order[std::size_t(uniformUpTo(engine, i))]);
    return order;
}

} // namespace crossgrade::model
