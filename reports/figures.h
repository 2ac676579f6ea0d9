#pragma once

// Figure builders for the Costs view and, through QCustomPlot::toPainter, the PDF report: each
// takes plain engine results and fills the QCustomPlot it is given, touching no other widget.
// Calling a builder again on the same plot reuses its graphs, bars and items (setData with
// prepared vectors), so a what-if drag redraws inside one frame; the caller replots once.

#include "chart.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "monte_carlo.h"

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::ui {

// Colours and fonts of a figure: from the application's palette on screen, fixed for print.
struct FigureStyle {
    QColor background = Qt::white;
    QColor foreground{0x22, 0x22, 0x22}; // axes, tick labels, text
    QColor grid{0xdd, 0xdd, 0xdd};
    QFont font;
    bool dark = false;  // a dark background: option colours are lightened to stay readable
    bool titles = true; // a title row above each figure (the view's PDF twin needs it)

    static FigureStyle fromPalette(const QPalette& palette, const QFont& font);
    static FigureStyle print(); // white paper, black ink
};

// Fixed per option, so an option keeps its colour in every view and in the PDF: Okabe–Ito hues,
// distinguishable with the common colour-vision deficiencies; stay-cuda a neutral slate.
QColor optionColour(model::OptionId option, const FigureStyle& style);
// Background, axes, grid, zero line and legend of `plot` in `style`: what every figure shares.
void applyPlotStyle(QCustomPlot* plot, const FigureStyle& style);
// "Stay on CUDA", "Path 1", …, "Paths 2+3".
QString optionLabel(model::OptionId option);
// A cost component (model::Component): colour and label ("Capex", "Rent", …).
QColor componentColour(int component, const FigureStyle& style);
QString componentLabel(int component);

// A SKU's colour by vendor — NVIDIA in blues, AMD in oranges, the pair that survives every
// common colour-vision deficiency — and its rank among that vendor's SKUs (0, 1, …); without a
// vendor, by `rank` alone. The GPUs figure and the benchmark scatter colour SKUs alike.
QColor skuColour(std::optional<model::Vendor> vendor, std::size_t rank, const FigureStyle& style);

// What the figures cannot read from an evaluation but the compiled scenario names: each
// option's doors ("inference", "training"), in CompiledOption::doors order.
using DoorNames = std::map<model::OptionId, std::vector<std::string>>;
DoorNames doorNames(const model::CompiledScenario& compiled);
std::vector<std::string> skuIds(const model::CompiledScenario& compiled);
std::vector<model::Vendor> skuVendors(const model::CompiledScenario& compiled);

// Money tick labels in one unit per axis ("$0", "$20M", "$40M"; "-$40k", "$0", "$250k"), with
// as many decimals as the tick step needs so that neighbouring labels never read the same.
class MoneyTicker : public QCPAxisTicker {
public:
    // One amount on its own, as model::formatUsd writes it: "$1.2M", "$350k", "-$40k".
    static QString label(double usd);

    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale,
                                       QChar formatChar, int precision) override;
};

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

// The monthly cost components of one option as stacked bars — the residual (≤ 0) below zero —
// with the month's net total as a line on top and the option's door months marked. The value
// axis fits the ordinary months; a bar far beyond them is cut with its height written beside.
void plotComponents(QCustomPlot* plot, const model::OptionOutcome& option, const FigureStyle& style,
                    const std::vector<std::string>& doors = {});

// GPUs held per SKU (owned and rented) as stacked bars per month, in the order the SKUs first
// appear (the installed fleet at the base); SKUs that stay at zero over the whole horizon are
// left out. `vendors` (parallel to `skus`, may be empty) groups colours: NVIDIA in blues, AMD
// in oranges.
void plotGpus(QCustomPlot* plot, const model::OptionOutcome& option,
              const std::vector<std::string>& skus, const FigureStyle& style,
              const std::vector<model::Vendor>& vendors = {});

// The plotted series, for tests and read-outs; null when the figure does not show it.
const QCPGraph* cumulativeGraph(const QCustomPlot* plot, model::OptionId option);
const QCPGraph* baselineGraph(const QCustomPlot* plot, model::OptionId option);
// The lower (P10) or upper (P90) edge of an option's Monte Carlo band; null when not drawn.
enum class BandEdge { P10, P90 };
const QCPGraph* bandGraph(const QCustomPlot* plot, model::OptionId option, BandEdge edge);
const QCPBars* componentBars(const QCustomPlot* plot, int component);
const QCPGraph* componentTotalGraph(const QCustomPlot* plot);
const QCPBars* gpuBars(const QCustomPlot* plot, const std::string& sku);
// The text of every marker label on a figure (break-even and door labels), for tests.
QStringList markerLabels(const QCustomPlot* plot);

} // namespace crossgrade::ui
