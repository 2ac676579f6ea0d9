// The cumulative cost figure (cumulative_figure.h): options' curves, bands and markers.

#include "cumulative_figure.h"

#include "figure_markers.h"
#include "money_ticker.h"
#include "month_text.h"
#include "plot_state.h"

#include <QFontMetricsF>
#include <QPointer>
#include <algorithm>

namespace crossgrade::reports {

using model::OptionId;

namespace {

constexpr auto kCumulativeState = "crossgrade-cumulative-figure";

// "Path 1", "Path 1 and Path 3", "Path 1, Path 3 and Paths 2+3", or "all paths".
QString joinOptions(const std::vector<OptionId>& options, int pathCount) {
    if (int(options.size()) == pathCount && pathCount > 1)
        return QObject::tr("all paths");
    QStringList names;
    for (OptionId o : options)
        names << optionLabel(o);
    if (names.size() <= 1)
        return names.join(QString());
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QObject::tr(" and ") + last;
}

QString doorName(const DoorNames& doors, OptionId option, std::size_t door) {
    const auto it = doors.find(option);
    if (it != doors.end() && door < it->second.size())
        return QObject::tr("%1 to AMD").arg(QString::fromStdString(it->second[door]));
    return QObject::tr("the workloads of door %1 to AMD").arg(door + 1);
}

class CumulativeState : public FigureState {
public:
    explicit CumulativeState(QCustomPlot* plot)
        : FigureState(plot, kCumulativeState, LegendPlace::Below) {
        // Creation order is drawing order: the Monte Carlo bands at the bottom, the saved
        // version above them, then the paths, and stay-cuda on top, because a path that takes
        // no door lies exactly on it.
        for (OptionId o : model::kAllOptions) {
            bandLow[o] = plot->addGraph();
            bandHigh[o] = plot->addGraph();
            bandHigh[o]->setChannelFillGraph(bandLow[o]);
            for (QCPGraph* g : {bandLow[o].data(), bandHigh[o].data()}) {
                g->setSelectable(QCP::stNone);
                g->setPen(Qt::NoPen);
                g->setVisible(false);
            }
        }
        for (OptionId o : model::kAllOptions)
            baseline[o] = plot->addGraph();
        for (OptionId o : model::kAllOptions)
            if (o != OptionId::StayCuda)
                current[o] = plot->addGraph();
        current[OptionId::StayCuda] = plot->addGraph();
        savedKey = legendKey(plot);
        bandKey = legendKey(plot);
        breakEvenKey = legendKey(plot);
        doorKey = legendKey(plot);
        for (auto& [o, g] : baseline) {
            g->setSelectable(QCP::stNone);
            g->setName(QObject::tr("%1 (saved)").arg(optionLabel(o)));
        }
        for (auto& [o, g] : current)
            g->setSelectable(QCP::stNone);
        useMoneyAxis(plot->yAxis, QObject::tr("Cumulative cost, discounted"));
    }

    std::map<OptionId, QPointer<QCPGraph>> current, baseline, bandLow, bandHigh;
    QPointer<QCPGraph> savedKey, bandKey, breakEvenKey, doorKey;
    MarkerPool markers;
    QVector<double> values;

    // What arrange() places once the plot's size is known.
    struct Label {
        int month = 0;
        QPointer<QCPItemText> item;
    };
    std::vector<Label> labels; // in month order
    int horizon = 0;
    FigureStyle style;

    // Besides the legend, puts the marker labels in rows above the plot area, in month order,
    // each row reused once the label before on it has ended, so labels never overlap.
    bool arrange(QCustomPlot* plot) override {
        bool changed = FigureState::arrange(plot);
        const QFontMetricsF metrics(MarkerPool::labelFont(style));
        const double monthsPerPixel =
            std::max(1, horizon) / double(std::max(100, plot->axisRect()->width()));
        const double rowHeight = MarkerPool::labelRowHeight(style);
        std::vector<double> rowEnds;
        for (const Label& l : labels) {
            if (!l.item)
                continue;
            const double width = (metrics.horizontalAdvance(l.item->text()) + 10) * monthsPerPixel;
            const bool leftOfLine = l.month + width > horizon - 0.5 && l.month > horizon / 2;
            const double start = leftOfLine ? l.month - width : l.month;
            const double end = leftOfLine ? l.month : l.month + width;
            std::size_t row = 0;
            while (row < rowEnds.size() && rowEnds[row] > start)
                ++row;
            if (row == rowEnds.size())
                rowEnds.push_back(end);
            else
                rowEnds[row] = end;
            l.item->position->setCoords(l.month, -2 - rowHeight * double(row));
            l.item->setPositionAlignment(Qt::AlignBottom |
                                         (leftOfLine ? Qt::AlignRight : Qt::AlignLeft));
        }
        const QMargins band = MarkerPool::labelBand(int(rowEnds.size()), style);
        if (plot->axisRect()->minimumMargins() != band) {
            plot->axisRect()->setMinimumMargins(band);
            changed = true;
        }
        return changed;
    }
};

void applyDoorKey(QCPGraph* key, const FigureStyle& style) {
    key->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, style.background, style.foreground, 8));
    key->setPen(QPen(style.foreground, 1, Qt::DotLine));
    key->setLineStyle(QCPGraph::lsLine);
}

// The P10–P90 band of each option of `current` that the Monte Carlo ran, as two invisible
// curves with the space between them filled in the option's colour, translucent so that
// overlapping bands stay readable. Months beyond the plotted horizon are left out. Returns
// whether any band is drawn.
bool fillBands(CumulativeState& state, const model::ScenarioEvaluation& current,
               const model::MonteCarloResult* uncertainty, const FigureStyle& style) {
    bool any = false;
    std::vector<const model::OptionDistribution*> drawn;
    for (OptionId o : model::kAllOptions) {
        QCPGraph* low = state.bandLow[o];
        QCPGraph* high = state.bandHigh[o];
        const model::OptionDistribution* d = nullptr;
        if (uncertainty && !uncertainty->cancelled && current.find(o))
            for (const model::OptionDistribution& candidate : uncertainty->options)
                if (candidate.id == o)
                    d = &candidate;
        // Paths that take no door (or the same doors) have the very same band: stacked, their
        // translucent fills would turn opaque, so only the first is drawn.
        for (const model::OptionDistribution* earlier : drawn)
            if (d && earlier->cumulative_p10 == d->cumulative_p10 &&
                earlier->cumulative_p90 == d->cumulative_p90)
                d = nullptr;
        const int n = d ? std::min<int>(int(d->cumulative_p10.size()), int(state.keys.size())) : 0;
        if (n == 0 || d->cumulative_p90.size() < std::size_t(n)) {
            for (QCPGraph* g : {low, high}) {
                g->data()->clear();
                g->setVisible(false);
            }
            continue;
        }
        const QVector<double> keys = state.keys.mid(0, n);
        state.values.resize(n);
        std::copy_n(d->cumulative_p10.begin(), n, state.values.begin());
        low->setData(keys, state.values, true);
        std::copy_n(d->cumulative_p90.begin(), n, state.values.begin());
        high->setData(keys, state.values, true);
        high->setBrush(withAlpha(optionColour(o, style), style.dark ? 48 : 30));
        low->setVisible(true);
        high->setVisible(true);
        drawn.push_back(d);
        any = true;
    }
    return any;
}

} // namespace

DoorNames doorNames(const model::CompiledScenario& compiled) {
    DoorNames names;
    for (const model::CompiledOption& option : compiled.options) {
        std::vector<std::string>& list = names[option.id];
        for (const model::CompiledDoor& door : option.doors)
            list.push_back(compiled.door_groups[std::size_t(door.group)].id);
    }
    return names;
}

void plotCumulative(QCustomPlot* plot, const model::ScenarioEvaluation& current,
                    const model::ScenarioEvaluation* baseline, const FigureStyle& style,
                    const DoorNames& doors, const model::MonteCarloResult* uncertainty) {
    auto* state = stateOf<CumulativeState>(plot, kCumulativeState);
    state->applyStyle(plot, style, QObject::tr("Cumulative cost by option"));

    // The saved version may have another horizon (the horizon is a what-if slider): the
    // month axis spans both so neither is cut off.
    int horizon = 0;
    for (const model::OptionOutcome& o : current.options)
        horizon = std::max(horizon, o.run.horizon);
    if (baseline)
        for (const model::OptionOutcome& o : baseline->options)
            horizon = std::max(horizon, o.run.horizon);
    monthKeys(state->keys, horizon);
    state->setHorizon(plot, horizon, 0.5, current.start_month);

    auto fill = [&](QCPGraph* graph, const model::OptionOutcome* outcome) {
        if (!outcome || outcome->run.discounted_cumulative.empty()) {
            graph->data()->clear();
            graph->setVisible(false);
            return;
        }
        const std::vector<double>& cumulative = outcome->run.discounted_cumulative;
        const int n = int(cumulative.size());
        state->values.resize(n);
        std::copy(cumulative.begin(), cumulative.end(), state->values.begin());
        graph->setData(n == state->keys.size() ? state->keys : state->keys.mid(0, n), state->values,
                       true);
        graph->setVisible(true);
    };
    for (OptionId o : model::kAllOptions) {
        const QColor colour = optionColour(o, style);
        QCPGraph* b = state->baseline[o];
        QPen faint(faded(colour, style.background, style.dark ? 0.5 : 0.45), 1.0,
                   Qt::CustomDashLine);
        faint.setDashPattern({5, 3});
        b->setPen(faint);
        fill(b, baseline ? baseline->find(o) : nullptr);
        QCPGraph* c = state->current[o];
        c->setPen(QPen(colour, o == OptionId::StayCuda ? 2.6 : 2.0));
        fill(c, current.find(o));
    }
    const bool banded = fillBands(*state, current, uncertainty, style);

    // The legend: options in the scenario's order, each with its NPV (where its discounted
    // curve ends), then keys for the markers that are actually drawn.
    plot->legend->clearItems();
    for (std::size_t i = 0; i < current.options.size(); ++i) {
        const model::OptionOutcome& o = current.options[i];
        QCPGraph* c = state->current[o.id];
        QString name =
            optionLabel(o.id) + QObject::tr("  NPV %1").arg(MoneyTicker::label(o.run.npv_usd));
        if (o.id != OptionId::StayCuda && o.doors_taken == 0) {
            name += QObject::tr(" · no door taken");
        } else if (o.id != OptionId::StayCuda) {
            // Paths that take the same doors often cost exactly the same; only the last one
            // drawn shows, so the others say whose curve they lie under.
            for (std::size_t j = 0; j < i; ++j)
                if (current.options[j].id != OptionId::StayCuda &&
                    current.options[j].run.discounted_cumulative == o.run.discounted_cumulative) {
                    name +=
                        QObject::tr(" · same curve as %1").arg(optionLabel(current.options[j].id));
                    break;
                }
        }
        c->setName(name);
        c->addToLegend();
    }
    const bool baselineShown = baseline && baseline != &current && !baseline->options.empty();
    if (baselineShown) {
        state->savedKey->setName(QObject::tr("Saved version"));
        QPen faint(faded(style.foreground, style.background, 0.5), 1.2, Qt::CustomDashLine);
        faint.setDashPattern({5, 3});
        state->savedKey->setPen(faint);
        state->savedKey->addToLegend();
    }
    if (banded) {
        state->bandKey->setName(
            QObject::tr("P10\u2013P90 (%L1 samples)").arg(uncertainty->samples));
        state->bandKey->setPen(Qt::NoPen);
        state->bandKey->setBrush(withAlpha(style.foreground, 60));
        state->bandKey->addToLegend();
    }

    // Markers, grouped by month: options that break even (or take a door) together share one
    // line and one label instead of stacking identical ones.
    int pathCount = 0;
    for (const model::OptionOutcome& o : current.options)
        pathCount += o.id != OptionId::StayCuda ? 1 : 0;
    std::map<int, std::vector<OptionId>> breakEvens;
    std::map<std::pair<int, QString>, std::vector<OptionId>> doorsTaken;
    for (const model::OptionOutcome& o : current.options) {
        if (o.break_even_month && *o.break_even_month < o.run.horizon)
            breakEvens[*o.break_even_month].push_back(o.id);
        for (std::size_t d = 0; d < o.run.door_taken_month.size(); ++d) {
            const double month = o.run.door_taken_month[d];
            if (month >= 0 && month < o.run.horizon)
                doorsTaken[{int(month), doorName(doors, o.id, d)}].push_back(o.id);
        }
    }
    auto subject = [&](const std::vector<OptionId>& options, const QString& one,
                       const QString& many) {
        const bool single = options.size() == 1 && pathCount != 1;
        return joinOptions(options, pathCount) + (single ? one : many);
    };

    struct Label {
        int month;
        QString text;
        QColor colour;
    };
    std::vector<Label> labels;
    state->markers.begin();
    const QColor shared = faded(style.foreground, style.background, 0.75);
    for (const auto& [key, options] : doorsTaken) {
        const int month = key.first;
        const QColor colour = options.size() == 1 ? optionColour(options.front(), style) : shared;
        state->markers.verticalLine(plot, month,
                                    QPen(faded(colour, style.background, 0.65), 1, Qt::DotLine));
        for (OptionId o : options)
            state->markers.dot(plot, month,
                               current.find(o)->run.discounted_cumulative[std::size_t(month)],
                               optionColour(o, style), style);
        labels.push_back({month,
                          QObject::tr("%1 · %2 %3")
                              .arg(monthMarkerText(current.start_month, month))
                              .arg(subject(options, QObject::tr(" moves"), QObject::tr(" move")))
                              .arg(key.second),
                          colour});
    }
    for (const auto& [month, options] : breakEvens) {
        const QColor colour = options.size() == 1 ? optionColour(options.front(), style) : shared;
        state->markers.verticalLine(plot, month, QPen(colour, 1, Qt::DashLine));
        labels.push_back({month,
                          QObject::tr("%1 · %2 even with Stay on CUDA")
                              .arg(monthMarkerText(current.start_month, month))
                              .arg(subject(options, QObject::tr(" breaks"), QObject::tr(" break"))),
                          colour});
    }
    std::stable_sort(labels.begin(), labels.end(),
                     [](const Label& a, const Label& b) { return a.month < b.month; });
    state->labels.clear();
    for (const Label& l : labels)
        state->labels.push_back(
            {l.month, state->markers.topLabel(plot, l.month, 0, false, l.text, l.colour, style)});
    state->markers.end();
    state->horizon = horizon;
    state->style = style;

    if (!breakEvens.empty()) {
        state->breakEvenKey->setName(QObject::tr("Break-even"));
        state->breakEvenKey->setPen(QPen(shared, 1.2, Qt::DashLine));
        state->breakEvenKey->addToLegend();
    }
    if (!doorsTaken.empty()) {
        state->doorKey->setName(QObject::tr("Door to AMD taken"));
        applyDoorKey(state->doorKey, style);
        state->doorKey->addToLegend();
    }
    // The options fill the legend's first row when they fit, the marker keys follow.
    state->measureLegend(plot, style, std::max(1, int(current.options.size())));
    state->arrange(plot); // again after each layout, at the size drawn
    fitValueAxis(plot, 0.05);
}

const QCPGraph* cumulativeGraph(const QCustomPlot* plot, OptionId option) {
    const auto* state = findState<CumulativeState>(plot, kCumulativeState);
    if (!state)
        return nullptr;
    const auto it = state->current.find(option);
    return it != state->current.end() && it->second && it->second->visible() ? it->second.data()
                                                                             : nullptr;
}

const QCPGraph* bandGraph(const QCustomPlot* plot, OptionId option, BandEdge edge) {
    const auto* state = findState<CumulativeState>(plot, kCumulativeState);
    if (!state)
        return nullptr;
    const auto& graphs = edge == BandEdge::P10 ? state->bandLow : state->bandHigh;
    const auto it = graphs.find(option);
    return it != graphs.end() && it->second && it->second->visible() ? it->second.data() : nullptr;
}

const QCPGraph* baselineGraph(const QCustomPlot* plot, OptionId option) {
    const auto* state = findState<CumulativeState>(plot, kCumulativeState);
    if (!state)
        return nullptr;
    const auto it = state->baseline.find(option);
    return it != state->baseline.end() && it->second && it->second->visible() ? it->second.data()
                                                                              : nullptr;
}

} // namespace crossgrade::reports
