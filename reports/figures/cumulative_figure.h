#pragma once

// The cumulative cost figure of the Costs view and the PDF: each option's cumulative cash over
// the horizon, the saved version faint beneath, Monte Carlo bands, break-even and door markers.
// Calling it again on the same plot reuses its graphs and items (setData with prepared
// vectors), so a what-if drag redraws inside one frame; the caller replots once.

#include "chart.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "figure_style.h"
#include "monte_carlo.h"

#include <map>
#include <string>
#include <vector>

namespace crossgrade::reports {

// What the figures cannot read from an evaluation but the compiled scenario names: each
// option's doors ("inference", "training"), in CompiledOption::doors order.
using DoorNames = std::map<model::OptionId, std::vector<std::string>>;
DoorNames doorNames(const model::CompiledScenario& compiled);

// Cumulative cash per option, month 0 … horizon-1: one line per option of `current`; the
// options of `baseline` (the saved version) as faint dashed lines beneath; a dashed vertical
// line at each break-even month and a dot on the curve at each door taken, both labelled; a
// legend under the plot. `baseline` may be null. `doors` names each option's doors in labels.
// With `uncertainty` (a Monte Carlo of `current`'s scenario), each option's P10–P90 band of
// cumulative cost is shaded beneath its line, in its colour; a band identical to an earlier
// option's (a path that takes no door) is drawn once.
void plotCumulative(QCustomPlot* plot, const model::ScenarioEvaluation& current,
                    const model::ScenarioEvaluation* baseline, const FigureStyle& style,
                    const DoorNames& doors = {},
                    const model::MonteCarloResult* uncertainty = nullptr);

// The plotted series, for tests and read-outs; null when the figure does not show it.
const QCPGraph* cumulativeGraph(const QCustomPlot* plot, model::OptionId option);
const QCPGraph* baselineGraph(const QCustomPlot* plot, model::OptionId option);
// The lower (P10) or upper (P90) edge of an option's Monte Carlo band; null when not drawn.
enum class BandEdge { P10, P90 };
const QCPGraph* bandGraph(const QCustomPlot* plot, model::OptionId option, BandEdge edge);

} // namespace crossgrade::reports
