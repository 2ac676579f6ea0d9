#pragma once

// One way to spread a loop over threads (issue 21): the Monte Carlo, the sensitivity analyses
// and the repository scanner run their bodies through parallelFor instead of each keeping a
// pool of its own. Blocks keep results bit-identical for any thread count where a worker's
// scratch carries from one index to the next; claiming one by one balances bodies of uneven
// cost (files of different sizes). No Qt.

#include <atomic>
#include <cstddef>
#include <functional>

namespace crossgrade::model {

enum class Claiming {
    Blocks,   // worker t runs the contiguous block [n·t/T, n·(t+1)/T) of indices, in order
    OneByOne, // workers claim the next index from a shared counter as each finishes one
};

struct ParallelOptions {
    std::size_t threads = 1; // workers, the calling thread among them; clamped to [1, n]
    Claiming claiming = Claiming::Blocks;
    // When set, no worker starts another index once it reads true (the indices left are
    // skipped, not an error).
    const std::atomic<bool>* stop = nullptr;
};

// How many workers parallelFor runs for n indices on up to `threads`: for sizing per-worker
// scratch before the loop.
std::size_t parallelWorkers(std::size_t n, std::size_t threads);

// Runs body(i, worker) for every i in [0, n), worker in [0, parallelWorkers(n, threads)); the
// calling thread is worker 0 and the others are started for the call and joined before it
// returns. An exception thrown by a body stops every worker before its next index; the first
// one thrown is rethrown here once all workers have finished.
void parallelFor(std::size_t n, const ParallelOptions& options,
                 const std::function<void(std::size_t i, std::size_t worker)>& body);

} // namespace crossgrade::model
