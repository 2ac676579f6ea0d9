// The components and GPUs figures (monthly_figures.h): one option's months as stacked bars.

#include "monthly_figures.h"

#include "figure_markers.h"
#include "money_ticker.h"
#include "month_text.h"
#include "plot_state.h"

#include <QPointer>
#include <algorithm>
#include <array>
#include <map>

namespace crossgrade::reports {

using model::OptionId;

namespace {

constexpr auto kComponentsState = "crossgrade-components-figure";
constexpr auto kGpusState = "crossgrade-gpus-figure";

// The value range of a month-by-month stacked chart. A door month's fleet purchase and sale,
// or the residual at the horizon, can be twenty times an ordinary month; fitted to those the
// ordinary months are a flat line. So the range is fitted to the ordinary months and each
// stack that runs off it is cut at the edge with its full height written beside it.
void fitMonthlyStacks(QCustomPlot* plot, const model::OptionRun& run, const FigureStyle& style,
                      MarkerPool& markers, std::vector<double>& ups, std::vector<double>& downs) {
    const int horizon = run.horizon;
    if (horizon <= 0) {
        plot->yAxis->setRange(0, 1);
        return;
    }
    // Stack extents: presentation sums of what is drawn, not new domain numbers.
    ups.assign(std::size_t(horizon), 0.0);
    downs.assign(std::size_t(horizon), 0.0);
    for (int m = 0; m < horizon; ++m)
        for (int c = 0; c < model::kComponentCount; ++c) {
            const double v = run.component(m, c);
            (v > 0 ? ups : downs)[std::size_t(m)] += v;
        }
    const double highest = *std::max_element(ups.begin(), ups.end());
    const double lowest = *std::min_element(downs.begin(), downs.end());
    std::vector<double> sorted = ups;
    const std::size_t at = std::size_t(0.85 * double(horizon - 1));
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(at), sorted.end());
    const double typical = sorted[at];
    double upper = highest;
    if (typical > 0 && highest > 3 * typical)
        upper = 1.8 * typical;
    // Money coming back (the residual, sales) is cut in proportion to the ordinary months.
    const double lower = lowest < -0.5 * upper ? -0.4 * upper : lowest;
    const double span = std::max(upper - lower, 1.0);
    const double top = upper + 0.06 * span;
    const double bottom = lower < 0 ? lower - 0.06 * span : 0;
    plot->yAxis->setRange(bottom, top);

    const QColor ink = style.foreground;
    int lastUp = -100, lastDown = -100, upRow = 0, downRow = 0;
    for (int m = 0; m < horizon; ++m) {
        const bool right = m < horizon * 0.7;
        const Qt::Alignment side = right ? Qt::AlignLeft : Qt::AlignRight;
        const double x = right ? m + 0.5 : m - 0.5;
        if (ups[std::size_t(m)] > top) {
            upRow = m - lastUp < 8 ? upRow + 1 : 0;
            lastUp = m;
            markers.plotLabel(plot, x, 0.02 + 0.09 * upRow, Qt::AlignTop | side,
                              QStringLiteral("\u25b2 ") + MoneyTicker::label(ups[std::size_t(m)]),
                              ink, style);
        }
        if (downs[std::size_t(m)] < bottom) {
            downRow = m - lastDown < 8 ? downRow + 1 : 0;
            lastDown = m;
            markers.plotLabel(plot, x, 0.98 - 0.09 * downRow, Qt::AlignBottom | side,
                              QStringLiteral("\u25bc ") + MoneyTicker::label(downs[std::size_t(m)]),
                              ink, style);
        }
    }
}

class ComponentsState : public FigureState {
public:
    explicit ComponentsState(QCustomPlot* plot)
        : FigureState(plot, kComponentsState, LegendPlace::Right) {
        for (int c = 0; c < model::kComponentCount; ++c) {
            auto* b = new QCPBars(plot->xAxis, plot->yAxis);
            b->setName(componentLabel(c));
            b->setWidth(0.8);
            b->setPen(Qt::NoPen);
            b->setSelectable(QCP::stNone);
            bars[std::size_t(c)] = b;
        }
        total = plot->addGraph();
        total->setName(QObject::tr("Net total"));
        total->setSelectable(QCP::stNone);
        doorKey = legendKey(plot);
        useMoneyAxis(plot->yAxis, QObject::tr("Cost per month"));
    }

    std::array<QPointer<QCPBars>, model::kComponentCount> bars;
    QPointer<QCPGraph> total, doorKey;
    MarkerPool markers;
    QVector<double> values;
    std::vector<double> ups, downs; // stack extents per month, reused
};

class GpusState : public FigureState {
public:
    explicit GpusState(QCustomPlot* plot)
        : FigureState(plot, kGpusState, LegendPlace::Right) {
        plot->yAxis->setLabel(QObject::tr("GPUs held"));
    }

    std::map<std::string, QPointer<QCPBars>> bars;
    QVector<double> values;
};

} // namespace

std::vector<std::string> skuIds(const model::CompiledScenario& compiled) {
    std::vector<std::string> ids;
    ids.reserve(compiled.skus.size());
    for (const model::CompiledSku& sku : compiled.skus)
        ids.push_back(sku.id);
    return ids;
}

std::vector<model::Vendor> skuVendors(const model::CompiledScenario& compiled) {
    std::vector<model::Vendor> vendors;
    vendors.reserve(compiled.skus.size());
    for (const model::CompiledSku& sku : compiled.skus)
        vendors.push_back(sku.vendor);
    return vendors;
}

// ---- Components -----------------------------------------------------------------------------

void plotComponents(QCustomPlot* plot, const model::OptionOutcome& option, const FigureStyle& style,
                    const std::optional<model::YearMonth>& start,
                    const std::vector<std::string>& doors) {
    auto* state = stateOf<ComponentsState>(plot, kComponentsState);
    state->applyStyle(plot, style,
                      QObject::tr("Monthly cost components · %1").arg(optionLabel(option.id)));
    const model::OptionRun& run = option.run;
    const int horizon = run.horizon;
    monthKeys(state->keys, horizon);
    state->setHorizon(plot, horizon, 0.6, start);
    plot->legend->clearItems();

    // Stacked in the order of model::Component. QCPBars stacks positive and negative values
    // apart, so the residual (≤ 0) hangs below zero while the costs pile up above it.
    unstack(state->bars);
    QCPBars* below = nullptr;
    state->values.resize(horizon);
    for (int c = 0; c < model::kComponentCount; ++c) {
        QCPBars* bars = state->bars[std::size_t(c)];
        bool any = false;
        for (int m = 0; m < horizon; ++m) {
            const double v = run.component(m, c);
            state->values[m] = v;
            any = any || v != 0;
        }
        bars->setData(state->keys, state->values, true);
        bars->setBrush(componentColour(c, style));
        bars->setVisible(any);
        if (!any)
            continue; // a component this option never pays stays out of the legend
        if (below)
            bars->moveAbove(below);
        below = bars;
    }

    for (int m = 0; m < horizon; ++m)
        state->values[m] = run.total[std::size_t(m)];
    state->total->setData(state->keys, state->values, true);
    state->total->setVisible(horizon > 0);
    state->total->setPen(QPen(style.foreground, 1.4));
    state->total->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, style.foreground, style.foreground, 3.5));
    // The legend reads like the stack: the net total, then the costs from the top of the
    // stack down, then the residual beneath zero.
    if (horizon > 0)
        state->total->addToLegend();
    for (int c = model::kComponentCount - 1; c >= 0; --c)
        if (c != model::kResidual && state->bars[std::size_t(c)]->visible())
            state->bars[std::size_t(c)]->addToLegend();
    if (state->bars[model::kResidual]->visible())
        state->bars[model::kResidual]->addToLegend();

    state->markers.begin();
    int rows = 0;
    const QColor colour = optionColour(option.id, style);
    for (std::size_t d = 0; d < run.door_taken_month.size(); ++d) {
        const double month = run.door_taken_month[d];
        if (month < 0 || month >= horizon)
            continue;
        state->markers.verticalLine(plot, month, QPen(colour, 1.2, Qt::DotLine));
        const QString name =
            d < doors.size() ? QString::fromStdString(doors[d]) : QObject::tr("door %1").arg(d + 1);
        state->markers.topLabel(
            plot, month, rows++, month > horizon * 0.6,
            QObject::tr("%1 · %2 to AMD").arg(monthMarkerText(start, int(month))).arg(name), colour,
            style);
    }
    fitMonthlyStacks(plot, run, style, state->markers, state->ups, state->downs);
    state->markers.end();
    MarkerPool::reserveLabelRows(plot, rows, style);
    if (rows > 0) {
        state->doorKey->setName(QObject::tr("Door taken"));
        state->doorKey->setPen(QPen(colour, 1.2, Qt::DotLine));
        state->doorKey->addToLegend();
    }
    state->measureLegend(plot, style, 4);
    state->arrange(plot);
}

// ---- GPUs per SKU ---------------------------------------------------------------------------

void plotGpus(QCustomPlot* plot, const model::OptionOutcome& option,
              const std::vector<std::string>& skus, const FigureStyle& style,
              const std::optional<model::YearMonth>& start,
              const std::vector<model::Vendor>& vendors) {
    auto* state = stateOf<GpusState>(plot, kGpusState);
    state->applyStyle(plot, style, QObject::tr("GPUs per SKU · %1").arg(optionLabel(option.id)));
    const model::OptionRun& run = option.run;
    const int horizon = run.horizon;
    monthKeys(state->keys, horizon);
    state->setHorizon(plot, horizon, 0.6, start);
    plot->legend->clearItems();

    for (auto& [id, bars] : state->bars) {
        if (bars) {
            bars->moveAbove(nullptr);
            bars->setVisible(false);
        }
    }
    const int skuCount = std::min(int(skus.size()), run.sku_count);
    // Stacked in the order SKUs first appear, so the installed fleet forms the base and what
    // is bought later grows on top of it; SKUs never held are left out.
    struct Shown {
        int sku;
        int first;
    };
    std::vector<Shown> order;
    for (int s = 0; s < skuCount; ++s)
        for (int m = 0; m < horizon; ++m)
            if (run.gpusAt(m, s) != 0) {
                order.push_back({s, m});
                break;
            }
    std::stable_sort(order.begin(), order.end(),
                     [](const Shown& a, const Shown& b) { return a.first < b.first; });

    QCPBars* below = nullptr;
    state->values.resize(horizon);
    for (const Shown& shown : order) {
        const int s = shown.sku;
        // A SKU's shade is its rank among its vendor's SKUs in the scenario, not among those
        // shown, so it keeps its colour when another SKU appears or drops out.
        QColor colour = skuColour(std::nullopt, std::size_t(s), style);
        if (std::size_t(s) < vendors.size()) {
            const model::Vendor vendor = vendors[std::size_t(s)];
            const auto rank = std::size_t(std::count(vendors.begin(), vendors.begin() + s, vendor));
            colour = skuColour(vendor, rank, style);
        }
        for (int m = 0; m < horizon; ++m)
            state->values[m] = run.gpusAt(m, s);
        const std::string& id = skus[std::size_t(s)];
        QPointer<QCPBars>& bars = state->bars[id];
        if (!bars) {
            bars = new QCPBars(plot->xAxis, plot->yAxis);
            bars->setName(QString::fromStdString(id));
            bars->setWidth(0.8);
            bars->setPen(Qt::NoPen);
            bars->setSelectable(QCP::stNone);
        }
        bars->setData(state->keys, state->values, true);
        bars->setBrush(colour);
        bars->setVisible(true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    // The legend reads like the stack, from the top down.
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        state->bars[skus[std::size_t(it->sku)]]->addToLegend();
    state->measureLegend(plot, style, 6);
    state->arrange(plot);
    fitValueAxis(plot, 0.06);
}

const QCPBars* componentBars(const QCustomPlot* plot, int component) {
    const auto* state = findState<ComponentsState>(plot, kComponentsState);
    if (!state || component < 0 || component >= model::kComponentCount)
        return nullptr;
    const QCPBars* bars = state->bars[std::size_t(component)];
    return bars && bars->visible() ? bars : nullptr;
}

const QCPGraph* componentTotalGraph(const QCustomPlot* plot) {
    const auto* state = findState<ComponentsState>(plot, kComponentsState);
    return state && state->total && state->total->visible() ? state->total.data() : nullptr;
}

const QCPBars* gpuBars(const QCustomPlot* plot, const std::string& sku) {
    const auto* state = findState<GpusState>(plot, kGpusState);
    if (!state)
        return nullptr;
    const auto it = state->bars.find(sku);
    return it != state->bars.end() && it->second && it->second->visible() ? it->second.data()
                                                                          : nullptr;
}

} // namespace crossgrade::reports
