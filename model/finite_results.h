#pragma once

// The engine never emits a number that is not finite (issue 20: a purchase price of 1e307 made
// every option NaN, "Cheapest: stay-cuda" was printed with exit 0 and the NaN was saved as
// null). The readers bound every input (model/scenario_inputs.h), but a scenario built in code,
// or inputs at every bound at once, could still overflow: these checks run at the end of each
// evaluation (deterministic, Monte Carlo, tornado, break-even map) and throw instead of
// returning such a result.

#include "evaluation.h"
#include "monte_carlo.h"
#include "sensitivity.h"

#include <optional>
#include <stdexcept>
#include <string>

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
void requireFinite(const OptionRun& run, OptionId option);
void requireFinite(const ScenarioEvaluation& evaluation);
void requireFinite(const MonteCarloResult& result);
void requireFinite(const Tornado& tornado);
void requireFinite(const BreakEvenMap& map);

} // namespace crossgrade::model
