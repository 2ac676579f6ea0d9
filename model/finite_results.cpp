#include "finite_results.h"

#include <cmath>

namespace crossgrade::model {

namespace {

std::string valueWord(double v) {
    if (std::isnan(v))
        return "NaN";
    return v > 0 ? "+infinity" : "-infinity";
}

void check(double v, OptionId option, std::optional<int> month, const char* figure) {
    if (!std::isfinite(v))
        throw NonFiniteResult(option, month, figure, v);
}

void check(const Summary& s, OptionId option, const char* figure) {
    for (double v : {s.p10, s.p50, s.p90, s.mean})
        check(v, option, std::nullopt, figure);
}

void checkMonthly(const std::vector<double>& values, OptionId option, const char* figure) {
    for (std::size_t m = 0; m < values.size(); ++m)
        check(values[m], option, static_cast<int>(m), figure);
}

} // namespace

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
            check(run.component(m, c), option, m, componentName(c));
    checkMonthly(run.total, option, "total_usd");
    checkMonthly(run.cumulative, option, "cumulative_usd");
    for (std::size_t i = 0; i < run.gpus.size(); ++i)
        check(run.gpus[i], option,
              run.sku_count > 0 ? std::optional<int>(static_cast<int>(i) / run.sku_count)
                                : std::nullopt,
              "GPUs");
    check(run.total_usd, option, std::nullopt, "total_usd");
    check(run.npv_usd, option, std::nullopt, "npv_usd");
    check(run.owed_after_horizon_usd, option, std::nullopt, "owed_after_horizon_usd");
    check(run.gpu_hours, option, std::nullopt, "GPU-hours");
    check(run.tokens_served, option, std::nullopt, "tokens served");
}

void requireFinite(const ScenarioEvaluation& evaluation) {
    for (const OptionOutcome& o : evaluation.options) {
        requireFinite(o.run, o.id);
        check(o.usd_per_gpu_hour, o.id, std::nullopt, "usd_per_gpu_hour");
        check(o.usd_per_mtok, o.id, std::nullopt, "usd_per_mtok");
    }
}

void requireFinite(const MonteCarloResult& result) {
    for (const OptionDistribution& o : result.options) {
        check(o.npv_usd, o.id, "npv_usd (Monte Carlo)");
        check(o.total_usd, o.id, "total_usd (Monte Carlo)");
        check(o.npv_saving_usd, o.id, "npv_saving_usd (Monte Carlo)");
        checkMonthly(o.cumulative_p10, o.id, "cumulative_usd P10");
        checkMonthly(o.cumulative_p50, o.id, "cumulative_usd P50");
        checkMonthly(o.cumulative_p90, o.id, "cumulative_usd P90");
    }
    const std::size_t n = result.samples;
    for (std::size_t i = 0; i < result.npv.size(); ++i)
        check(result.npv[i], result.options.at(n ? i / n : 0).id, std::nullopt,
              "npv_usd of a sample");
    for (std::size_t i = 0; i < result.total.size(); ++i)
        check(result.total[i], result.options.at(n ? i / n : 0).id, std::nullopt,
              "total_usd of a sample");
    if (!result.options.empty())
        check(result.evpi_usd, result.options.front().id, std::nullopt, "evpi_usd");
}

void requireFinite(const Tornado& tornado) {
    check(tornado.base_saving_usd, tornado.option, std::nullopt, "tornado base saving");
    for (const TornadoBar& bar : tornado.bars)
        for (double v : bar.saving_usd)
            check(v, tornado.option, std::nullopt, "tornado saving");
}

void requireFinite(const BreakEvenMap& map) {
    for (double v : map.saving_usd)
        check(v, map.option, std::nullopt, "break-even map saving");
}

} // namespace crossgrade::model
