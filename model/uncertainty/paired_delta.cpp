#include "paired_delta.h"

namespace crossgrade::model {

std::vector<PairedDelta> pairedNpvDelta(const MonteCarloResult& baseline,
                                        const MonteCarloResult& other) {
    std::vector<PairedDelta> deltas;
    const std::size_t n = baseline.samples;
    if (baseline.cancelled || other.cancelled || n == 0 || other.samples != n ||
        other.seed != baseline.seed || baseline.npv.size() != baseline.options.size() * n ||
        other.npv.size() != other.options.size() * n)
        return deltas;
    std::vector<double> column(n);
    for (std::size_t o = 0; o < other.options.size(); ++o)
        for (std::size_t b = 0; b < baseline.options.size(); ++b) {
            if (baseline.options[b].id != other.options[o].id)
                continue;
            for (std::size_t s = 0; s < n; ++s)
                column[s] = other.npv[o * n + s] - baseline.npv[b * n + s];
            deltas.push_back({other.options[o].id, summarise(column)});
            break;
        }
    return deltas;
}

double probabilityTotalWithin(const MonteCarloResult& result, std::size_t option,
                              double budget_usd) {
    const std::size_t n = result.samples;
    if (n == 0 || option >= result.options.size() || result.total.size() < (option + 1) * n)
        return 0;
    std::size_t within = 0;
    for (std::size_t s = 0; s < n; ++s)
        within += result.total[option * n + s] <= budget_usd ? 1 : 0;
    return double(within) / double(n);
}

} // namespace crossgrade::model
