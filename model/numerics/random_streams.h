#pragma once

// The random streams under the Monte Carlo's draws (docs/uncertainty.md): each input's stream
// derives only from (scenario seed, input pointer), through integer arithmetic and exact double
// operations, so a column of uniforms has the same bits on every compiler, library and CPU.
// The sampler (model/numerics/sampling.h) draws its Latin-hypercube columns from them and rank
// correlation (model/numerics/correlation.h) its score orders; neither needs the other for that.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace crossgrade::model {

// The uniform Latin-hypercube column of one input: n values in (0, 1), exactly one in each
// stratum [k/n, (k+1)/n), in an order and at offsets drawn from the stream of
// (seed, pointer). Depends on nothing else.
std::vector<double> latinHypercubeColumn(std::uint64_t seed, std::string_view pointer,
                                         std::size_t n);

// A permutation of 0 … n − 1 (Fisher–Yates with unbiased bounded integers) from a stream of
// (seed, pointer) salted by `purpose`, so it is independent of the pointer's Latin-hypercube
// stream; the same bits on every platform. Rank correlation orders its scores with it.
std::vector<std::size_t> streamPermutation(std::uint64_t seed, std::string_view pointer,
                                           std::uint64_t purpose, std::size_t n);

} // namespace crossgrade::model
