#pragma once

// Options whose runs are the same (issue 25): two options of one scenario that the engine runs
// as one program — the same doors, the same tasks in the same order, the same workloads behind
// each door — and whose task months are equal in every sample of a Monte Carlo give the same
// run, bit for bit, under the same door policy, and the same re-optimised plan. Path 1 and
// Path 3 on a fleet without training are such a pair (their inference port draws from one
// stream: InputTable::add). The Monte Carlo and hindsight run the first of a pair and copy its
// results to the second, after checking the months sample by sample; nothing is assumed.

#include "compiled_scenario.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace crossgrade::model {

// Whether the engine runs `a` and `b` alike but for the inputs of their task months: every
// field a run reads is equal, and the tasks are the same kinds in the same order. `pairs`
// receives the task-month inputs that differ by id (a's, b's), whose values must be equal.
bool sameProgram(const CompiledOption& a, const CompiledOption& b,
                 std::vector<std::pair<InputId, InputId>>& pairs);

// Whether every pair's two inputs have equal values in samples [0, count) of `draws` (laid out
// as DrawCache's: input i in sample s at [i * samples + s]).
bool equalDraws(const std::vector<std::pair<InputId, InputId>>& pairs,
                const std::vector<double>& draws, std::size_t samples, std::size_t count);

// The first option before `o` in `options` (nullptr: an entry that has no twin) that runs as
// `o` does on samples [0, count) of `draws` and for which `also(t, pairs)` holds — the caller's
// further conditions (the same policy, no twin itself, …), given the task-month pairs — or -1.
template <typename Also>
int earlierTwin(const std::vector<const CompiledOption*>& options, std::size_t o,
                const std::vector<double>& draws, std::size_t samples, std::size_t count,
                Also also) {
    if (options[o] == nullptr)
        return -1;
    std::vector<std::pair<InputId, InputId>> pairs;
    for (std::size_t t = 0; t < o; ++t)
        if (options[t] != nullptr && sameProgram(*options[t], *options[o], pairs) &&
            equalDraws(pairs, draws, samples, count) && also(t, pairs))
            return int(t);
    return -1;
}

} // namespace crossgrade::model
