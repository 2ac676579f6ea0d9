#pragma once

// The engine never emits a number that is not finite (issue 20: a purchase price of 1e307 made
// every option NaN, "Cheapest: stay-cuda" was printed with exit 0 and the NaN was saved as
// null). The readers bound every input (model/core/input_limits.h), but a scenario built in code,
// or inputs at every bound at once, could still overflow: these checks run at the end of each
// evaluation (deterministic, Monte Carlo, tornado, break-even map) and throw instead of
// returning such a result.

#include "evaluation.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace crossgrade::model {

// What was not finite, where: the option, the month (when the number is monthly) and the
// component or figure ("capex_usd", "npv_usd", "cumulative P50", …).
class NonFiniteResult : public std::runtime_error {
public:
    NonFiniteResult(OptionId option, std::optional<int> month, std::string figure, double value);

    OptionId option() const { return m_option; }
    std::optional<int> month() const { return m_month; }
    const std::string& figure() const { return m_figure; }

private:
    OptionId m_option;
    std::optional<int> m_month;
    std::string m_figure;
};

// Throw NonFiniteResult for the first number that is NaN or infinite.
// The Monte Carlo's and the sensitivity analyses' results have theirs beside them
// (model/uncertainty/monte_carlo.h, model/analysis/sensitivity.h), built from the first two.
void requireFiniteValue(double value, OptionId option, std::optional<int> month,
                        const char* figure);
void requireFiniteMonthly(const std::vector<double>& values, OptionId option, const char* figure);
void requireFinite(const OptionRun& run, OptionId option);
void requireFinite(const ScenarioEvaluation& evaluation);

} // namespace crossgrade::model
