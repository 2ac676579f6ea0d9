#pragma once

// Labels and marks drawn on a figure besides its series: MarkerPool (the vertical lines, labels
// and dots of the month figures, pooled per figure), a text in the middle of an empty plot, and
// the read-back of every label for tests.

#include "chart.h"
#include "figure_style.h"

#include <QColor>
#include <QFont>
#include <QMargins>
#include <QPen>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <vector>

namespace crossgrade::reports {

// Markers (vertical lines and their labels) are few; they are pooled per figure and hidden
// when not needed, instead of deleted and created again on every update.
struct MarkerPool {
    std::vector<QPointer<QCPItemStraightLine>> lines;
    std::vector<QPointer<QCPItemText>> texts;
    std::vector<QPointer<QCPItemTracer>> dots;
    QPointer<QCPItemTracer> top; // an invisible anchor at the top-left of the plot area
    std::size_t usedLines = 0, usedTexts = 0, usedDots = 0;

    // Between begin() and end() an update takes what it draws; end() hides the rest.
    void begin() { usedLines = usedTexts = usedDots = 0; }
    void end();

    // A vertical line through month `month` over the whole height of the axis rect.
    QCPItemStraightLine* verticalLine(QCustomPlot* plot, double month, const QPen& pen);
    // A label in the band above the axis rect (reserved by reserveLabelRows), so labels never
    // cover a curve: x at `month`, `row` rows up from the top edge of the plot area.
    QCPItemText* topLabel(QCustomPlot* plot, double month, int row, bool leftOfLine,
                          const QString& text, const QColor& colour, const FigureStyle& style);
    // A label inside the plot area: x in months, y as a fraction of the plot area's height.
    QCPItemText* plotLabel(QCustomPlot* plot, double month, double heightRatio,
                           Qt::Alignment alignment, const QString& text, const QColor& colour,
                           const FigureStyle& style);
    // A dot on a curve at (month, value).
    QCPItemTracer* dot(QCustomPlot* plot, double month, double value, const QColor& colour,
                       const FigureStyle& style);

    static QFont labelFont(const FigureStyle& style);
    static double labelRowHeight(const FigureStyle& style);
    // Room above the plot area for `rows` rows of labels.
    static QMargins labelBand(int rows, const FigureStyle& style);
    static void reserveLabelRows(QCustomPlot* plot, int rows, const FigureStyle& style);
};

// `text` in the middle of the plot area (an empty figure says why it is empty).
QCPItemText* centreText(QCustomPlot* plot, const QString& text, const FigureStyle& style);

// The text of every marker label on a figure (break-even and door labels), for tests.
QStringList markerLabels(const QCustomPlot* plot);

} // namespace crossgrade::reports
