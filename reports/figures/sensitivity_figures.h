#pragma once

// Figure builders for the Sensitivity view and, through QCustomPlot::toPainter, the PDF report:
// the tornado of the paired NPV saving and the 2-D break-even map (docs/sensitivity.md). Each
// takes plain model results and fills the QCustomPlot it is given; results change only when a
// computation finishes, so a call rebuilds the plot's contents rather than reusing them.

#include "figure_style.h"
#include "sensitivity.h"

#include <QString>
#include <vector>

namespace crossgrade::reports {

// The axis caption of the tornado: the metric and the swing, as readers of tornados need
// (decision-practice.md §6).
QString tornadoCaption();

// Horizontal bars, widest on top, at most `maxBars`: for each input, a bar from the base saving
// to the saving at the input's P10 and one to the saving at its P90, coloured by end; a line at
// the base saving. `labels` names each bar's input (same order as tornado.bars); a bar whose
// response is not monotonic is marked "(not monotonic)". An empty tornado leaves an empty plot
// with `emptyText` in its middle.
void plotTornado(QCustomPlot* plot, const model::Tornado& tornado,
                 const std::vector<QString>& labels, const FigureStyle& style,
                 const QString& emptyText, std::size_t maxBars = 12);

// The map's cells as a colour map of the option's paired saving (blue: the option saves, red:
// it costs more, white at break-even), the current values as a cross, and the two knobs' own
// P10–P90 ranges as a dashed box where both have one.
void plotBreakEvenMap(QCustomPlot* plot, const model::BreakEvenMap& map, const FigureStyle& style);

// For tests: the bars drawn (P10 ends, P90 ends) and the cell values of the colour map.
struct TornadoBarsDrawn {
    std::vector<QString> labels; // top to bottom
    std::vector<double> at_p10;
    std::vector<double> at_p90;
};
TornadoBarsDrawn tornadoBarsDrawn(const QCustomPlot* plot);
const QCPColorMap* breakEvenColourMap(const QCustomPlot* plot);

} // namespace crossgrade::reports
