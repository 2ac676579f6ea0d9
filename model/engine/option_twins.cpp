// Options whose runs are the same (option_twins.h).

#include "option_twins.h"

#include <cstring>

namespace crossgrade::model {

bool sameProgram(const CompiledOption& a, const CompiledOption& b,
                 std::vector<std::pair<InputId, InputId>>& pairs) {
    pairs.clear();
    if (a.doors != b.doors || a.door_of_workload != b.door_of_workload ||
        a.ported_kernels != b.ported_kernels ||
        a.commits_whole_sequence != b.commits_whole_sequence || a.tasks.size() != b.tasks.size())
        return false;
    for (std::size_t k = 0; k < a.tasks.size(); ++k) {
        if (a.tasks[k].task != b.tasks[k].task)
            return false;
        if (a.tasks[k].months != b.tasks[k].months)
            pairs.emplace_back(a.tasks[k].months, b.tasks[k].months);
    }
    return true;
}

bool equalDraws(const std::vector<std::pair<InputId, InputId>>& pairs,
                const std::vector<double>& draws, std::size_t samples, std::size_t count) {
    for (const auto& [first, second] : pairs) {
        if (first == kNoInput || second == kNoInput)
            return false;
        const double* x = draws.data() + std::size_t(first) * samples;
        const double* y = draws.data() + std::size_t(second) * samples;
        // Bits, not values: the runs must be the same to the bit.
        if (std::memcmp(x, y, count * sizeof(double)) != 0)
            return false;
    }
    return true;
}

} // namespace crossgrade::model
