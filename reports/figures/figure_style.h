#pragma once

// How a figure looks, shared by every builder of reports/ and by the views that draw beside
// them: FigureStyle (the palette on screen, fixed ink for print), the fixed colours and labels
// of options, cost components and SKUs, and the ink of a plot's axes, grid and legend.

#include "chart.h"
#include "engine.h"
#include "price_book.h"
#include "scenario.h"

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QPen>
#include <QString>
#include <cstddef>
#include <optional>

namespace crossgrade::reports {

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
// The ink of both axes in `style` (lines, ticks, labels, fonts), with the grid and zero line
// drawn as given: applyPlotStyle's solid grid, the sensitivity figures' dotted one.
void inkAxes(QCustomPlot* plot, const FigureStyle& style, const QPen& grid, const QPen& zeroLine);
// "Stay on CUDA", "Path 1", …, "Paths 2+3".
QString optionLabel(model::OptionId option);
// A cost component (model::Component): colour and label ("Capex", "Rent", …).
QColor componentColour(int component, const FigureStyle& style);
QString componentLabel(int component);

// A SKU's colour by vendor — NVIDIA in blues, AMD in oranges, the pair that survives every
// common colour-vision deficiency — and its rank among that vendor's SKUs (0, 1, …); without a
// vendor, by `rank` alone. The GPUs figure and the benchmark scatter colour SKUs alike.
QColor skuColour(std::optional<model::Vendor> vendor, std::size_t rank, const FigureStyle& style);

// For the builders: `c` at `alpha`; `c` faded into `background` as if drawn at `opacity` but
// opaque (faint curves with translucent pens wider than a hairline are slow in Qt's raster
// engine, and opaque colours print the same in every PDF viewer); the style's font scaled.
QColor withAlpha(QColor c, int alpha);
QColor faded(const QColor& c, const QColor& background, double opacity);
QFont scaledFont(const FigureStyle& style, double factor, bool bold = false);

} // namespace crossgrade::reports
