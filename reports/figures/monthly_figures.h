#pragma once

// The month-by-month figures of one option, for the Costs view and the PDF: its cost
// components as stacked bars and the GPUs it holds per SKU. Calling one again on the same plot
// reuses its bars and items, so a what-if drag redraws inside one frame; the caller replots.

#include "chart.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "figure_style.h"

#include <optional>
#include <string>
#include <vector>

namespace crossgrade::reports {

// The scenario's SKUs in CompiledScenario::skus order, and their vendors, for plotGpus.
std::vector<std::string> skuIds(const model::CompiledScenario& compiled);
std::vector<model::Vendor> skuVendors(const model::CompiledScenario& compiled);

// The monthly cost components of one option as stacked bars — the residual (≤ 0) below zero —
// with the month's net total as a line on top and the option's door months marked. The value
// axis fits the ordinary months; a bar far beyond them is cut with its height written beside.
// Months are labelled from `start` (the scenario's start month) when it is set.
void plotComponents(QCustomPlot* plot, const model::OptionOutcome& option, const FigureStyle& style,
                    const std::optional<model::YearMonth>& start,
                    const std::vector<std::string>& doors = {});

// GPUs held per SKU (owned and rented) as stacked bars per month, in the order the SKUs first
// appear (the installed fleet at the base); SKUs that stay at zero over the whole horizon are
// left out. `vendors` (parallel to `skus`, may be empty) groups colours: NVIDIA in blues, AMD
// in oranges.
void plotGpus(QCustomPlot* plot, const model::OptionOutcome& option,
              const std::vector<std::string>& skus, const FigureStyle& style,
              const std::optional<model::YearMonth>& start,
              const std::vector<model::Vendor>& vendors = {});

// The plotted series, for tests and read-outs; null when the figure does not show it.
const QCPBars* componentBars(const QCustomPlot* plot, int component);
const QCPGraph* componentTotalGraph(const QCustomPlot* plot);
const QCPBars* gpuBars(const QCustomPlot* plot, const std::string& sku);

} // namespace crossgrade::reports
