// PlotState, legend placement and FigureState (plot_state.h): a figure's set-up on its plot.

#include "plot_state.h"

#include "month_text.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace crossgrade::reports {

// Fixed month ticks labelled by scenario month, or by calendar month from a start month.
class MonthTicker : public QCPAxisTickerFixed {
public:
    std::optional<model::YearMonth> start;

protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return monthTickText(start, int(std::lround(tick)));
    }
};

namespace {

// Tick every quarter, half-year or year depending on the horizon, so the month axis reads in
// planning periods instead of QCustomPlot's arbitrary 2.5-month steps.
double monthTickStep(int horizon) {
    if (horizon <= 24)
        return 3;
    if (horizon <= 72)
        return 6;
    return 12;
}

void spaceLegend(QCPLegend* legend, const LegendSpacing& spacing) {
    legend->setRowSpacing(spacing.rows);
    legend->setColumnSpacing(spacing.columns);
    legend->setIconSize(spacing.icon);
}

} // namespace

PlotState::PlotState(QCustomPlot* plot, const char* name)
    : QObject(plot) {
    setObjectName(QString::fromLatin1(name));
    plot->setAutoAddPlottableToLegend(false);
    plot->legend->setVisible(true);
    plot->xAxis2->setVisible(false);
    plot->yAxis2->setVisible(false);
}

void placeLegendBelow(QCustomPlot* plot, int row, const LegendSpacing& spacing) {
    plot->axisRect()->insetLayout()->take(plot->legend);
    spaceLegend(plot->legend, spacing);
    plot->plotLayout()->addElement(row, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(row, 0.001);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setMargins(QMargins(10, 0, 10, 4));
}

void placeLegendRight(QCustomPlot* plot, int row, const LegendSpacing& spacing) {
    plot->axisRect()->insetLayout()->take(plot->legend);
    spaceLegend(plot->legend, spacing);
    // A grid cell stretches its element to the full height, which would spread the entries
    // out; a filler row under the legend takes the extra height instead.
    auto* side = new QCPLayoutGrid;
    plot->plotLayout()->addElement(row, 1, side);
    plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(plot));
    side->setRowStretchFactor(0, 0.001);
    side->setRowStretchFactor(1, 1);
    side->setMargins(QMargins(0, 10, 6, 0));
    plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    plot->legend->setWrap(0);
    plot->legend->setMargins(QMargins(2, 0, 2, 0));
}

QCPGraph* legendKey(QCustomPlot* plot) {
    QCPGraph* g = plot->addGraph();
    g->setSelectable(QCP::stNone);
    return g;
}

// ---- FigureState ----------------------------------------------------------------------------

FigureState::FigureState(QCustomPlot* plot, const char* name, LegendPlace place)
    : PlotState(plot, name)
    , m_place(place) {
    plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(plot, QString());
    plot->plotLayout()->addElement(0, 0, m_title);
    plot->plotLayout()->setRowSpacing(0);

    if (place == LegendPlace::Below)
        placeLegendBelow(plot, 2, LegendSpacing{});
    else
        placeLegendRight(plot, 1, LegendSpacing{});

    m_monthTicker = QSharedPointer<MonthTicker>::create();
    m_monthTicker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot->xAxis->setTicker(m_monthTicker);
    plot->xAxis->setLabel(QObject::tr("Month"));
    plot->xAxis->grid()->setVisible(false);
    QObject::connect(plot, &QCustomPlot::afterLayout, this, [this, plot] {
        if (!arrange(plot))
            return;
        for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins,
                           QCPLayoutElement::upLayout})
            plot->plotLayout()->update(phase);
    });
}

void FigureState::applyStyle(QCustomPlot* plot, const FigureStyle& style, const QString& title) {
    // A hidden element keeps its row in a QCPLayoutGrid, so the title leaves the layout.
    QCPLayoutGrid* layout = plot->plotLayout();
    const bool inLayout = layout->hasElement(0, 0) && layout->element(0, 0) == m_title;
    if (style.titles && !inLayout) {
        layout->insertRow(0);
        layout->addElement(0, 0, m_title);
    } else if (!style.titles && inLayout) {
        layout->take(m_title);
        layout->simplify();
    }
    m_title->setText(title);
    m_title->setFont(scaledFont(style, 1.1, true));
    m_title->setTextColor(style.foreground);

    applyPlotStyle(plot, style);
}

void FigureState::measureLegend(QCustomPlot* plot, const FigureStyle& style, int columns) {
    const QFontMetricsF metrics(style.font);
    double widest = 0;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
            widest = std::max(widest, metrics.horizontalAdvance(item->plottable()->name()));
    legendEntryWidth = widest + 22 + 12 + 16; // icon, padding, column spacing
    legendEntryHeight = metrics.height() + plot->legend->rowSpacing();
    legendColumnsWanted = columns;
}

bool FigureState::arrange(QCustomPlot* plot) {
    if (m_place == LegendPlace::Right) {
        // One column while the entries fit beside the plot; more entries (a plan paying every
        // owner cost has 17) than its height holds wrap into a second column, never overlap.
        const int count = plot->legend->itemCount();
        const int rows =
            std::max(4, int((plot->viewport().height() - 24) / std::max(1.0, legendEntryHeight)));
        const int wrap = count > rows ? (count + 1) / 2 : 0;
        if (plot->legend->wrap() == wrap)
            return false;
        plot->legend->setWrap(wrap);
        plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
        return true;
    }
    const int columns =
        std::clamp(int(std::max(200, plot->viewport().width()) / std::max(1.0, legendEntryWidth)),
                   1, std::max(1, legendColumnsWanted));
    if (plot->legend->wrap() == columns)
        return false;
    plot->legend->setWrap(columns);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flows the entries
    return true;
}

void FigureState::setHorizon(QCustomPlot* plot, int horizon, double padding,
                             const std::optional<model::YearMonth>& start) {
    m_monthTicker->setTickStep(monthTickStep(horizon));
    m_monthTicker->start = start;
    plot->xAxis->setLabel(start ? QString() : QObject::tr("Month"));
    plot->xAxis->setRange(-padding, std::max(1, horizon - 1) + padding);
}

// ---- Month axes -----------------------------------------------------------------------------

void monthKeys(QVector<double>& keys, int horizon) {
    if (keys.size() == horizon)
        return;
    keys.resize(horizon);
    for (int m = 0; m < horizon; ++m)
        keys[m] = m;
}

void fitValueAxis(QCustomPlot* plot, double padding) {
    plot->yAxis->rescale(true);
    QCPRange range = plot->yAxis->range();
    range.expand(0);
    const double span = std::max(range.size(), 1.0);
    plot->yAxis->setRange(range.lower < 0 ? range.lower - padding * span : 0,
                          range.upper + padding * span);
}

} // namespace crossgrade::reports
