#pragma once

// An uncertain number (DESIGN.md, "The domain"): a plain number, or a range
// [low, most_likely, high] with the distribution that spreads it, its source, date and
// confidence tag. The deterministic engine reads most_likely; the Monte Carlo samples.

#include <optional>
#include <string>
#include <string_view>

namespace crossgrade::model {

enum class Distribution { Pert, Triangular, Uniform };

// A: datasheet or official results; B: reputable analyst or trade press; C: secondary
// write-up; Unknown ("?"): no source, must be checked (reference/facts.md).
enum class Confidence { A, B, C, Unknown };

std::string_view toString(Distribution d); // "pert", "triangular", "uniform"
std::string_view toString(Confidence c);   // "A", "B", "C", "?"
std::optional<Distribution> parseDistribution(std::string_view name);
std::optional<Confidence> parseConfidence(std::string_view name);

struct Range {
    double low = 0;
    double most_likely = 0;
    double high = 0;

    bool operator==(const Range&) const = default;
};

struct UncertainNumber {
    Range range;
    Distribution distribution = Distribution::Pert;
    std::string source;
    std::string date;
    std::optional<Confidence> confidence;

    static UncertainNumber certain(double value) { return {{value, value, value}, {}, {}, {}, {}}; }
    static UncertainNumber between(double low, double mostLikely, double high) {
        return {{low, mostLikely, high}, {}, {}, {}, {}};
    }
    bool isCertain() const { return range.low == range.high; }
    double mostLikely() const { return range.most_likely; }

    bool operator==(const UncertainNumber&) const = default;
};

} // namespace crossgrade::model
