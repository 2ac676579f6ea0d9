#pragma once

// The state a figure keeps on its QCustomPlot between builder calls, and the set-up every
// figure shares: PlotState (a child of the plot found again by name, so a second call reuses
// what the first set up), the legend moved out of the axis rect below or beside the plot, and
// FigureState, the month figures' title row, month axis and legend sized to the drawn width.
// The cost figures (cumulative_figure.cpp, monthly_figures.cpp) and the benchmark scatter
// (benchmark_figures.cpp) all hold their plot's state through here.

#include "calendar_month.h"
#include "chart.h"
#include "figure_style.h"

#include <QMargins>
#include <QObject>
#include <QSharedPointer>
#include <QSize>
#include <QString>
#include <QVector>
#include <optional>
#include <utility>

namespace crossgrade::reports {

// What a builder keeps on its plot: owned by the plot (a child QObject), found again by name.
// Setting one up turns off automatic legend entries (each builder adds its own, in its order),
// shows the legend and hides the second pair of axes.
class PlotState : public QObject {
public:
    PlotState(QCustomPlot* plot, const char* name);
};

// The state named `name` on `plot`, made with `args` on the first call.
template <typename State, typename... Args>
State* stateOf(QCustomPlot* plot, const char* name, Args&&... args) {
    auto* state = dynamic_cast<State*>(
        plot->findChild<QObject*>(QString::fromLatin1(name), Qt::FindDirectChildrenOnly));
    if (!state)
        state = new State(plot, std::forward<Args>(args)...);
    return state;
}

// The state named `name` on `plot`, or null when no builder has drawn it (for read-backs).
template <typename State> const State* findState(const QCustomPlot* plot, const char* name) {
    if (!plot)
        return nullptr;
    return dynamic_cast<const State*>(
        plot->findChild<QObject*>(QString::fromLatin1(name), Qt::FindDirectChildrenOnly));
}

// How far apart a legend's entries sit.
struct LegendSpacing {
    int rows = 0;
    int columns = 12;
    QSize icon{22, 10};
};

// The legend out of the axis rect, where it would cover a curve: into row `row` of the layout
// under the plot, filled in rows (a wide legend of many series of equal rank; the caller sets
// how many columns), or beside the axis rect of row `row` in one column, read top to bottom
// like the stack it explains.
void placeLegendBelow(QCustomPlot* plot, int row, const LegendSpacing& spacing);
void placeLegendRight(QCustomPlot* plot, int row, const LegendSpacing& spacing);

// A graph that exists only to put a key in the legend (the saved version's dashes, the
// break-even line, the door dot): no data, so it never draws or widens a range.
QCPGraph* legendKey(QCustomPlot* plot);

// What every month figure shares: a title row, styled axes with months on x, the legend in its
// own row under the plot (or a column beside it) so it never covers a curve.
class FigureState : public PlotState {
public:
    // Below: a wide legend in rows under the plot (many series of equal rank). Right: one
    // column beside the plot, read top to bottom like the stack it explains.
    enum class LegendPlace { Below, Right };

    FigureState(QCustomPlot* plot, const char* name, LegendPlace place);

    // The title (shown when style.titles) and applyPlotStyle.
    void applyStyle(QCustomPlot* plot, const FigureStyle& style, const QString& title);
    // Sizes legend columns to its widest entry (call after the legend is filled); at most
    // `columns` columns, fewer when the plot is too narrow for them.
    void measureLegend(QCustomPlot* plot, const FigureStyle& style, int columns);
    // Fits what depends on the size the plot is drawn at (the widget, a PNG, a PDF page);
    // run after each layout. Returns whether the layout must run again.
    virtual bool arrange(QCustomPlot* plot);
    // Month ticks in planning periods and the month axis over 0 … horizon-1, `padding` wider;
    // ticks read as calendar months ("Jan 2027") when the scenario has a start month.
    void setHorizon(QCustomPlot* plot, int horizon, double padding,
                    const std::optional<model::YearMonth>& start);

    QVector<double> keys;
    double legendEntryWidth = 100;
    double legendEntryHeight = 16; // one entry's line, measured like its width
    int legendColumnsWanted = 1;

private:
    LegendPlace m_place;
    QCPTextElement* m_title = nullptr;
    QSharedPointer<class MonthTicker> m_monthTicker;
};

// Fills `keys` with 0 … horizon-1 once per horizon, so updates reuse the same vector.
void monthKeys(QVector<double>& keys, int horizon);

// The value axis over every visible series (stacked bars count as stacked), always including
// zero, with a little air above and below.
void fitValueAxis(QCustomPlot* plot, double padding);

// Takes every bars of `all` out of its stack, so the visible ones can be stacked again from
// the bottom without dragging along last update's neighbours.
template <typename Container> void unstack(Container& all) {
    for (auto& bars : all)
        if (bars)
            bars->moveAbove(nullptr);
}

} // namespace crossgrade::reports
