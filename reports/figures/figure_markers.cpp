// MarkerPool, centreText and markerLabels (figure_markers.h): what a figure writes on itself.

#include "figure_markers.h"

#include <QFontMetricsF>
#include <cmath>

namespace crossgrade::reports {

namespace {

// The next pooled item of `pool` (made when the pool has run out), shown and not selectable.
template <typename Item>
Item* take(QCustomPlot* plot, std::vector<QPointer<Item>>& pool, std::size_t& used) {
    while (used < pool.size() && !pool[used])
        pool.erase(pool.begin() + std::ptrdiff_t(used)); // removed by someone else
    if (used == pool.size())
        pool.emplace_back(new Item(plot));
    Item* item = pool[used++];
    item->setVisible(true);
    item->setSelectable(false);
    return item;
}

} // namespace

void MarkerPool::end() {
    for (std::size_t i = usedLines; i < lines.size(); ++i)
        if (lines[i])
            lines[i]->setVisible(false);
    for (std::size_t i = usedTexts; i < texts.size(); ++i)
        if (texts[i])
            texts[i]->setVisible(false);
    for (std::size_t i = usedDots; i < dots.size(); ++i)
        if (dots[i])
            dots[i]->setVisible(false);
}

QCPItemStraightLine* MarkerPool::verticalLine(QCustomPlot* plot, double month, const QPen& pen) {
    auto* line = take(plot, lines, usedLines);
    line->point1->setCoords(month, 0);
    line->point2->setCoords(month, 1);
    line->setPen(pen);
    return line;
}

QCPItemText* MarkerPool::topLabel(QCustomPlot* plot, double month, int row, bool leftOfLine,
                                  const QString& text, const QColor& colour,
                                  const FigureStyle& style) {
    if (!top) {
        top = new QCPItemTracer(plot);
        top->setStyle(QCPItemTracer::tsNone);
        top->setSelectable(false);
        top->position->setType(QCPItemPosition::ptAxisRectRatio);
        top->position->setCoords(0, 0);
    }
    auto* label = take(plot, texts, usedTexts);
    label->setClipToAxisRect(false);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAbsolute);
    label->position->setParentAnchorY(top->position);
    label->position->setCoords(month, -2 - labelRowHeight(style) * row);
    label->setPositionAlignment(Qt::AlignBottom | (leftOfLine ? Qt::AlignRight : Qt::AlignLeft));
    label->setText(text);
    label->setFont(labelFont(style));
    label->setColor(colour);
    label->setBrush(Qt::NoBrush);
    label->setPen(Qt::NoPen);
    label->setPadding(QMargins(3, 0, 3, 0));
    return label;
}

QCPItemText* MarkerPool::plotLabel(QCustomPlot* plot, double month, double heightRatio,
                                   Qt::Alignment alignment, const QString& text,
                                   const QColor& colour, const FigureStyle& style) {
    auto* label = take(plot, texts, usedTexts);
    label->setClipToAxisRect(true);
    label->position->setParentAnchorY(nullptr);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(month, heightRatio);
    label->setPositionAlignment(alignment);
    label->setText(text);
    label->setFont(labelFont(style));
    label->setColor(colour);
    label->setBrush(withAlpha(style.background, 215));
    label->setPen(Qt::NoPen);
    label->setPadding(QMargins(3, 1, 3, 1));
    return label;
}

QCPItemTracer* MarkerPool::dot(QCustomPlot* plot, double month, double value, const QColor& colour,
                               const FigureStyle& style) {
    auto* tracer = take(plot, dots, usedDots);
    tracer->setGraph(nullptr);
    tracer->position->setType(QCPItemPosition::ptPlotCoords);
    tracer->position->setCoords(month, value);
    tracer->setStyle(QCPItemTracer::tsCircle);
    tracer->setSize(9);
    tracer->setPen(QPen(style.background, 1.5));
    tracer->setBrush(colour);
    return tracer;
}

QFont MarkerPool::labelFont(const FigureStyle& style) {
    return scaledFont(style, 0.92);
}

double MarkerPool::labelRowHeight(const FigureStyle& style) {
    return std::ceil(QFontMetricsF(labelFont(style)).height()) + 2;
}

QMargins MarkerPool::labelBand(int rows, const FigureStyle& style) {
    return QMargins(0, rows > 0 ? int(labelRowHeight(style) * rows) + 6 : 0, 0, 0);
}

void MarkerPool::reserveLabelRows(QCustomPlot* plot, int rows, const FigureStyle& style) {
    plot->axisRect()->setMinimumMargins(labelBand(rows, style));
}

QCPItemText* centreText(QCustomPlot* plot, const QString& text, const FigureStyle& style) {
    auto* label = new QCPItemText(plot);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.5, 0.5);
    label->setText(text);
    label->setFont(style.font);
    label->setColor(style.foreground);
    return label;
}

QStringList markerLabels(const QCustomPlot* plot) {
    QStringList texts;
    if (!plot)
        return texts;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (const auto* text = qobject_cast<const QCPItemText*>(plot->item(i)))
            if (text->visible())
                texts << text->text();
    return texts;
}

} // namespace crossgrade::reports
