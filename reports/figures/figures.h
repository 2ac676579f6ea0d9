#pragma once

// The cost figures of the Costs view and, through QCustomPlot::toPainter, the PDF report, in one
// include: the cumulative cost (cumulative_figure.h), the components and GPUs of one option
// (monthly_figures.h), their look (figure_style.h), money ticks (money_ticker.h) and the marker
// read-back (figure_markers.h). Each builder takes plain engine results and fills the
// QCustomPlot it is given, touching no other widget; what a builder keeps on its plot between
// calls is in plot_state.h.

#include "cumulative_figure.h"
#include "figure_markers.h"
#include "figure_style.h"
#include "money_ticker.h"
#include "monthly_figures.h"
