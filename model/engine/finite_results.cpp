#include "finite_results.h"

#include <cmath>

namespace crossgrade::model {

namespace {

std::string valueWord(double v) {
    if (std::isnan(v))
        return "NaN";
    return v > 0 ? "+infinity" : "-infinity";
}

} // namespace

void requireFiniteValue(double v, OptionId option, std::optional<int> month, const char* figure) {
    if (!std::isfinite(v))
        throw NonFiniteResult(option, month, figure, v);
}

void requireFiniteMonthly(const std::vector<double>& values, OptionId option, const char* figure) {
    for (std::size_t m = 0; m < values.size(); ++m)
        requireFiniteValue(values[m], option, static_cast<int>(m), figure);
}

NonFiniteResult::NonFiniteResult(OptionId option, std::optional<int> month, std::string figure,
                                 double value)
    : std::runtime_error(
          "the cost engine produced " + valueWord(value) + " for option " +
          std::string(toString(option)) +
          (month ? ", month " + std::to_string(*month) : std::string()) + ", " + figure +
          ": some input is beyond what the arithmetic can hold; nothing was printed or saved. "
          "Check the scenario's largest prices, rates, demand and counts (docs/limits.md)")
    , m_option(option)
    , m_month(month)
    , m_figure(std::move(figure)) {}

void requireFinite(const OptionRun& run, OptionId option) {
    for (int m = 0; m < run.horizon; ++m)
        for (int c = 0; c < kComponentCount; ++c)
            requireFiniteValue(run.component(m, c), option, m, componentName(c));
    requireFiniteMonthly(run.total, option, "total_usd");
    requireFiniteMonthly(run.cumulative, option, "cumulative_usd");
    for (std::size_t i = 0; i < run.gpus.size(); ++i)
        requireFiniteValue(run.gpus[i], option,
                           run.sku_count > 0
                               ? std::optional<int>(static_cast<int>(i) / run.sku_count)
                               : std::nullopt,
                           "GPUs");
    requireFiniteValue(run.total_usd, option, std::nullopt, "total_usd");
    requireFiniteValue(run.npv_usd, option, std::nullopt, "npv_usd");
    requireFiniteValue(run.owed_after_horizon_usd, option, std::nullopt, "owed_after_horizon_usd");
    requireFiniteValue(run.gpu_hours, option, std::nullopt, "GPU-hours");
    requireFiniteValue(run.tokens_served, option, std::nullopt, "tokens served");
}

void requireFinite(const ScenarioEvaluation& evaluation) {
    for (const OptionOutcome& o : evaluation.options) {
        requireFinite(o.run, o.id);
        requireFiniteValue(o.usd_per_gpu_hour, o.id, std::nullopt, "usd_per_gpu_hour");
        requireFiniteValue(o.usd_per_mtok, o.id, std::nullopt, "usd_per_mtok");
    }
}

} // namespace crossgrade::model
