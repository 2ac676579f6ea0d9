#pragma once

// Every uncertain input of a scenario in one flat table, addressed by a stable id whose
// name is its JSON pointer in the scenario (e.g. "/pricebook/skus/MI300X/purchase_usd").
// The engine reads one value per input from a plain array indexed by these ids, so the
// deterministic run, each Monte Carlo sample, the tornado and switching values all address
// inputs the same way.

#include "uncertain.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace crossgrade::model {

using InputId = std::uint32_t;

// An id or key as one JSON-pointer token (RFC 6901): "~" → "~0", "/" → "~1".
std::string pointerToken(std::string_view key);

// A target rank correlation (Spearman's ρ) between two inputs of one table
// (model/numerics/correlation.h); first != second, −1 < rho < 1.
struct RankCorrelation {
    InputId first = 0;
    InputId second = 0;
    double rho = 0;

    bool operator==(const RankCorrelation&) const = default;
};

// A rank correlation between two uncertain inputs of the scenario (docs/uncertainty.md,
// "Correlation"): the Monte Carlo reorders their draws so that Spearman's ρ between them is
// about `rank_correlation`, keeping each input's distribution as it is.
struct InputCorrelation {
    std::string first; // the JSON pointers of the two inputs (their input-table ids)
    std::string second;
    double rank_correlation = 0; // −1 < ρ < 1
    std::string note;            // why the two move together, free text

    bool operator==(const InputCorrelation&) const = default;
};

class InputTable {
public:
    // `stream` names the input's Latin-hypercube stream (model/numerics/sampling.h): its own
    // pointer when empty. Inputs that are one quantity seen by several options — the months of
    // one port task at one effort level on every path that does it — share a stream, so they
    // draw the same uniforms: in a sample where that task runs long it runs long on every path,
    // each through its own range, and two paths doing the same work cost the same in every
    // sample instead of differing by independent noise.
    InputId add(std::string pointer, UncertainNumber number, std::string stream = {});
    std::size_t size() const { return m_numbers.size(); }
    const UncertainNumber& number(InputId id) const { return m_numbers[id]; }
    const std::string& pointer(InputId id) const { return m_pointers[id]; }
    const std::string& stream(InputId id) const { return m_streams[id]; }
    std::optional<InputId> find(std::string_view pointer) const;
    // The deterministic run's values: every input at its most likely value.
    std::vector<double> mostLikely() const;
    // The dependence between inputs the draws carry (none by default: independent draws).
    // Part of the table because it is part of the inputs' joint distribution: whoever draws
    // from the table (DrawCache) draws it correlated.
    const std::vector<RankCorrelation>& correlations() const { return m_correlations; }
    void setCorrelations(std::vector<RankCorrelation> correlations) {
        m_correlations = std::move(correlations);
    }

private:
    std::vector<UncertainNumber> m_numbers;
    std::vector<std::string> m_pointers;
    std::vector<std::string> m_streams;
    // compile() looks pointers up once per workload × SKU: a linear search made a large
    // scenario quadratic in SKUs (the reader compiles every file it accepts).
    std::unordered_map<std::string, InputId> m_index;
    std::vector<RankCorrelation> m_correlations;
};

} // namespace crossgrade::model
