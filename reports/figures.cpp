#include "figures.h"

#include <QFontMetricsF>
#include <QPointer>
#include <algorithm>
#include <array>
#include <cmath>

namespace crossgrade::ui {

using model::OptionId;

namespace {

constexpr auto kCumulativeState = "crossgrade-cumulative-figure";
constexpr auto kComponentsState = "crossgrade-components-figure";
constexpr auto kGpusState = "crossgrade-gpus-figure";

// Okabe & Ito (2008), "Color Universal Design": orange, bluish green, vermillion, reddish
// purple stay apart under protanopia, deuteranopia and tritanopia. Stay-cuda is the reference
// every path is read against, so it gets a neutral slate instead of a hue.
QColor baseOptionColour(OptionId option) {
    switch (option) {
    case OptionId::StayCuda:
        return {0x4a, 0x5d, 0x70};
    case OptionId::Path1:
        return {0xe6, 0x9f, 0x00};
    case OptionId::Path2:
        return {0x00, 0x9e, 0x73};
    case OptionId::Path3:
        return {0xd5, 0x5e, 0x00};
    case OptionId::Path2And3:
        return {0xcc, 0x79, 0xa7};
    }
    return Qt::gray;
}

// Paul Tol's "muted" scheme (colour-blind safe, ten hues incl. pale grey); the residual, the
// one negative component, is grey so it reads as "money coming back", not as another cost.
constexpr std::array<QRgb, model::kComponentCount> kComponentColours{
    0x332288, // capex: indigo
    0x88ccee, // rent: cyan
    0xddcc77, // energy: sand
    0x999933, // facility: olive
    0x44aa99, // maintenance: teal
    0xcc6677, // migration: rose
    0x882255, // parallel run: wine
    0xaa4499, // dual vendor: purple
    0x117733, // productivity: green
    0x9a9a9a, // residual: grey
};

// Vendors told apart by blue (NVIDIA) against orange (AMD), the pair that survives every
// common colour-vision deficiency; shades within a vendor tell its SKUs apart.
constexpr std::array<QRgb, 3> kNvidiaShades{0x0072b2, 0x56b4e9, 0x1c3f6e};
constexpr std::array<QRgb, 3> kAmdShades{0xd55e00, 0xe69f00, 0x8c3b00};
constexpr std::array<QRgb, 6> kSkuFallback{0x0072b2, 0xd55e00, 0x56b4e9,
                                           0xe69f00, 0x1c3f6e, 0x8c3b00};

// On a dark background the darkest hues (indigo, navy, wine) would sink into it: they are
// lifted most, the rest a little.
QColor lightenedForDark(QColor c, const FigureStyle& style) {
    if (!style.dark)
        return c;
    return c.lightnessF() < 0.35 ? c.lighter(200) : c.lighter(120);
}

QColor withAlpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}

// `c` faded into `background` as if drawn at `opacity`, but opaque. Faint curves drawn with
// translucent pens wider than a hairline are slow in Qt's raster engine (measured: five faint
// dashed 1.6 px curves took the cumulative chart's replot from about 1 ms to 5 ms), and opaque
// colours also print the same in every PDF viewer.
QColor faded(const QColor& c, const QColor& background, double opacity) {
    const auto mix = [&](double a, double b) {
        return float(opacity * a + (1 - opacity) * b);
    };
    return QColor::fromRgbF(mix(c.redF(), background.redF()), mix(c.greenF(), background.greenF()),
                            mix(c.blueF(), background.blueF()));
}

QFont scaledFont(const FigureStyle& style, double factor, bool bold = false) {
    QFont f = style.font;
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * factor);
    f.setBold(bold);
    return f;
}

// Fills `keys` with 0 … horizon-1 once per horizon, so updates reuse the same vector.
void monthKeys(QVector<double>& keys, int horizon) {
    if (keys.size() == horizon)
        return;
    keys.resize(horizon);
    for (int m = 0; m < horizon; ++m)
        keys[m] = m;
}

// Tick every quarter, half-year or year depending on the horizon, so the month axis reads in
// planning periods instead of QCustomPlot's arbitrary 2.5-month steps.
double monthTickStep(int horizon) {
    if (horizon <= 24)
        return 3;
    if (horizon <= 72)
        return 6;
    return 12;
}

// What every figure shares: a title row, styled axes, the legend in its own row under the plot
// so it never covers a curve. Owned by the plot (a child QObject), found again by name.
class FigureState : public QObject {
public:
    // Below: a wide legend in rows under the plot (many series of equal rank). Right: one
    // column beside the plot, read top to bottom like the stack it explains.
    enum class LegendPlace { Below, Right };

    FigureState(QCustomPlot* plot, const char* name, LegendPlace place)
        : QObject(plot)
        , m_place(place) {
        setObjectName(QString::fromLatin1(name));
        plot->setAutoAddPlottableToLegend(false);
        plot->plotLayout()->insertRow(0);
        m_title = new QCPTextElement(plot, QString());
        plot->plotLayout()->addElement(0, 0, m_title);
        plot->plotLayout()->setRowSpacing(0);

        plot->legend->setVisible(true);
        plot->axisRect()->insetLayout()->take(plot->legend);
        plot->legend->setRowSpacing(0);
        plot->legend->setColumnSpacing(12);
        plot->legend->setIconSize(22, 10);
        if (place == LegendPlace::Below) {
            plot->plotLayout()->addElement(2, 0, plot->legend);
            plot->plotLayout()->setRowStretchFactor(2, 0.001);
            plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
            plot->legend->setMargins(QMargins(10, 0, 10, 4));
        } else {
            // A grid cell stretches its element to the full height, which would spread the
            // entries out; a filler row under the legend takes the extra height instead.
            auto* side = new QCPLayoutGrid;
            plot->plotLayout()->addElement(1, 1, side);
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

        plot->xAxis2->setVisible(false);
        plot->yAxis2->setVisible(false);
        m_monthTicker = QSharedPointer<QCPAxisTickerFixed>::create();
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

    void applyStyle(QCustomPlot* plot, const FigureStyle& style, const QString& title) {
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

    // Sizes legend columns to its widest entry (call after the legend is filled); at most
    // `columns` columns, fewer when the plot is too narrow for them.
    void measureLegend(QCustomPlot* plot, const FigureStyle& style, int columns) {
        const QFontMetricsF metrics(style.font);
        double widest = 0;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
                widest = std::max(widest, metrics.horizontalAdvance(item->plottable()->name()));
        legendEntryWidth = widest + 22 + 12 + 16; // icon, padding, column spacing
        legendColumnsWanted = columns;
    }

    // Fits what depends on the size the plot is drawn at (the widget, a PNG, a PDF page);
    // run after each layout. Returns whether the layout must run again.
    virtual bool arrange(QCustomPlot* plot) {
        if (m_place == LegendPlace::Right)
            return false;
        const int columns = std::clamp(
            int(std::max(200, plot->viewport().width()) / std::max(1.0, legendEntryWidth)), 1,
            std::max(1, legendColumnsWanted));
        if (plot->legend->wrap() == columns)
            return false;
        plot->legend->setWrap(columns);
        plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-flows the entries
        return true;
    }

    void setHorizon(QCustomPlot* plot, int horizon, double padding) {
        m_monthTicker->setTickStep(monthTickStep(horizon));
        plot->xAxis->setRange(-padding, std::max(1, horizon - 1) + padding);
    }

    QVector<double> keys;
    double legendEntryWidth = 100;
    int legendColumnsWanted = 1;

private:
    LegendPlace m_place;
    QCPTextElement* m_title = nullptr;
    QSharedPointer<QCPAxisTickerFixed> m_monthTicker;
};

template <typename State, typename... Args>
State* stateOf(QCustomPlot* plot, const char* name, Args&&... args) {
    auto* state = dynamic_cast<State*>(
        plot->findChild<QObject*>(QString::fromLatin1(name), Qt::FindDirectChildrenOnly));
    if (!state)
        state = new State(plot, std::forward<Args>(args)...);
    return state;
}

template <typename State> const State* findState(const QCustomPlot* plot, const char* name) {
    if (!plot)
        return nullptr;
    return dynamic_cast<const State*>(
        plot->findChild<QObject*>(QString::fromLatin1(name), Qt::FindDirectChildrenOnly));
}

void useMoneyAxis(QCPAxis* axis, const QString& label) {
    if (!axis->ticker().dynamicCast<MoneyTicker>())
        axis->setTicker(QSharedPointer<MoneyTicker>::create());
    axis->setLabel(label);
}

// A graph that exists only to put a key in the legend (the saved version's dashes, the
// break-even line, the door dot): no data, so it never draws or widens a range.
QCPGraph* legendKey(QCustomPlot* plot) {
    QCPGraph* g = plot->addGraph();
    g->setSelectable(QCP::stNone);
    return g;
}

// Markers (vertical lines and their labels) are few; they are pooled per figure and hidden
// when not needed, instead of deleted and created again on every update.
struct MarkerPool {
    std::vector<QPointer<QCPItemStraightLine>> lines;
    std::vector<QPointer<QCPItemText>> texts;
    std::vector<QPointer<QCPItemTracer>> dots;
    QPointer<QCPItemTracer> top; // an invisible anchor at the top-left of the plot area
    std::size_t usedLines = 0, usedTexts = 0, usedDots = 0;

    void begin() { usedLines = usedTexts = usedDots = 0; }
    void end() {
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

    template <typename Item>
    static Item* take(QCustomPlot* plot, std::vector<QPointer<Item>>& pool, std::size_t& used) {
        while (used < pool.size() && !pool[used])
            pool.erase(pool.begin() + std::ptrdiff_t(used)); // removed by someone else
        if (used == pool.size())
            pool.emplace_back(new Item(plot));
        Item* item = pool[used++];
        item->setVisible(true);
        item->setSelectable(false);
        return item;
    }

    // A vertical line through month `month` over the whole height of the axis rect.
    QCPItemStraightLine* verticalLine(QCustomPlot* plot, double month, const QPen& pen) {
        auto* line = take(plot, lines, usedLines);
        line->point1->setCoords(month, 0);
        line->point2->setCoords(month, 1);
        line->setPen(pen);
        return line;
    }

    // A label in the band above the axis rect (reserved by reserveLabelRows), so labels never
    // cover a curve: x at `month`, `row` rows up from the top edge of the plot area.
    QCPItemText* topLabel(QCustomPlot* plot, double month, int row, bool leftOfLine,
                          const QString& text, const QColor& colour, const FigureStyle& style) {
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
        label->setPositionAlignment(Qt::AlignBottom |
                                    (leftOfLine ? Qt::AlignRight : Qt::AlignLeft));
        label->setText(text);
        label->setFont(labelFont(style));
        label->setColor(colour);
        label->setBrush(Qt::NoBrush);
        label->setPen(Qt::NoPen);
        label->setPadding(QMargins(3, 0, 3, 0));
        return label;
    }

    // A label inside the plot area: x in months, y as a fraction of the plot area's height.
    QCPItemText* plotLabel(QCustomPlot* plot, double month, double heightRatio,
                           Qt::Alignment alignment, const QString& text, const QColor& colour,
                           const FigureStyle& style) {
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

    static QFont labelFont(const FigureStyle& style) { return scaledFont(style, 0.92); }
    static double labelRowHeight(const FigureStyle& style) {
        return std::ceil(QFontMetricsF(labelFont(style)).height()) + 2;
    }
    // Room above the plot area for `rows` rows of labels.
    static QMargins labelBand(int rows, const FigureStyle& style) {
        return QMargins(0, rows > 0 ? int(labelRowHeight(style) * rows) + 6 : 0, 0, 0);
    }
    static void reserveLabelRows(QCustomPlot* plot, int rows, const FigureStyle& style) {
        plot->axisRect()->setMinimumMargins(labelBand(rows, style));
    }

    QCPItemTracer* dot(QCustomPlot* plot, double month, double value, const QColor& colour,
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
};

// "Path 1", "Path 1 and Path 3", "Path 1, Path 3 and Paths 2+3", or "all paths".
QString joinOptions(const std::vector<OptionId>& options, int pathCount) {
    if (int(options.size()) == pathCount && pathCount > 1)
        return QObject::tr("all paths");
    QStringList names;
    for (OptionId o : options)
        names << optionLabel(o);
    if (names.size() <= 1)
        return names.join(QString());
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QObject::tr(" and ") + last;
}

QString doorName(const DoorNames& doors, OptionId option, std::size_t door) {
    const auto it = doors.find(option);
    if (it != doors.end() && door < it->second.size())
        return QObject::tr("AMD %1 door").arg(QString::fromStdString(it->second[door]));
    return QObject::tr("door %1 to AMD").arg(door + 1);
}

// The value axis over every visible series (stacked bars count as stacked), always including
// zero, with a little air above and below.
void fitValueAxis(QCustomPlot* plot, double padding) {
    plot->yAxis->rescale(true);
    QCPRange range = plot->yAxis->range();
    range.expand(0);
    const double span = std::max(range.size(), 1.0);
    plot->yAxis->setRange(range.lower < 0 ? range.lower - padding * span : 0,
                          range.upper + padding * span);
}

// Takes every bars of `all` out of its stack, so the visible ones can be stacked again from
// the bottom without dragging along last update's neighbours.
template <typename Container> void unstack(Container& all) {
    for (auto& bars : all)
        if (bars)
            bars->moveAbove(nullptr);
}

// The value range of a month-by-month stacked chart. A door month's fleet purchase and sale,
// or the residual at the horizon, can be twenty times an ordinary month; fitted to those the
// ordinary months are a flat line. So the range is fitted to the ordinary months and each
// stack that runs off it is cut at the edge with its full height written beside it.
void fitMonthlyStacks(QCustomPlot* plot, const model::OptionRun& run, const FigureStyle& style,
                      MarkerPool& markers, std::vector<double>& ups, std::vector<double>& downs) {
    const int horizon = run.horizon;
    if (horizon <= 0) {
        plot->yAxis->setRange(0, 1);
        return;
    }
    // Stack extents: presentation sums of what is drawn, not new domain numbers.
    ups.assign(std::size_t(horizon), 0.0);
    downs.assign(std::size_t(horizon), 0.0);
    for (int m = 0; m < horizon; ++m)
        for (int c = 0; c < model::kComponentCount; ++c) {
            const double v = run.component(m, c);
            (v > 0 ? ups : downs)[std::size_t(m)] += v;
        }
    const double highest = *std::max_element(ups.begin(), ups.end());
    const double lowest = *std::min_element(downs.begin(), downs.end());
    std::vector<double> sorted = ups;
    const std::size_t at = std::size_t(0.85 * double(horizon - 1));
    std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(at), sorted.end());
    const double typical = sorted[at];
    double upper = highest;
    if (typical > 0 && highest > 3 * typical)
        upper = 1.8 * typical;
    // Money coming back (the residual, sales) is cut in proportion to the ordinary months.
    const double lower = lowest < -0.5 * upper ? -0.4 * upper : lowest;
    const double span = std::max(upper - lower, 1.0);
    const double top = upper + 0.06 * span;
    const double bottom = lower < 0 ? lower - 0.06 * span : 0;
    plot->yAxis->setRange(bottom, top);

    const QColor ink = style.foreground;
    int lastUp = -100, lastDown = -100, upRow = 0, downRow = 0;
    for (int m = 0; m < horizon; ++m) {
        const bool right = m < horizon * 0.7;
        const Qt::Alignment side = right ? Qt::AlignLeft : Qt::AlignRight;
        const double x = right ? m + 0.5 : m - 0.5;
        if (ups[std::size_t(m)] > top) {
            upRow = m - lastUp < 8 ? upRow + 1 : 0;
            lastUp = m;
            markers.plotLabel(plot, x, 0.02 + 0.09 * upRow, Qt::AlignTop | side,
                              QStringLiteral("\u25b2 ") + MoneyTicker::label(ups[std::size_t(m)]),
                              ink, style);
        }
        if (downs[std::size_t(m)] < bottom) {
            downRow = m - lastDown < 8 ? downRow + 1 : 0;
            lastDown = m;
            markers.plotLabel(plot, x, 0.98 - 0.09 * downRow, Qt::AlignBottom | side,
                              QStringLiteral("\u25bc ") + MoneyTicker::label(downs[std::size_t(m)]),
                              ink, style);
        }
    }
}

class CumulativeState : public FigureState {
public:
    explicit CumulativeState(QCustomPlot* plot)
        : FigureState(plot, kCumulativeState, LegendPlace::Below) {
        // Creation order is drawing order: the Monte Carlo bands at the bottom, the saved
        // version above them, then the paths, and stay-cuda on top, because a path that takes
        // no door lies exactly on it.
        for (OptionId o : model::kAllOptions) {
            bandLow[o] = plot->addGraph();
            bandHigh[o] = plot->addGraph();
            bandHigh[o]->setChannelFillGraph(bandLow[o]);
            for (QCPGraph* g : {bandLow[o].data(), bandHigh[o].data()}) {
                g->setSelectable(QCP::stNone);
                g->setPen(Qt::NoPen);
                g->setVisible(false);
            }
        }
        for (OptionId o : model::kAllOptions)
            baseline[o] = plot->addGraph();
        for (OptionId o : model::kAllOptions)
            if (o != OptionId::StayCuda)
                current[o] = plot->addGraph();
        current[OptionId::StayCuda] = plot->addGraph();
        savedKey = legendKey(plot);
        bandKey = legendKey(plot);
        breakEvenKey = legendKey(plot);
        doorKey = legendKey(plot);
        for (auto& [o, g] : baseline) {
            g->setSelectable(QCP::stNone);
            g->setName(QObject::tr("%1 (saved)").arg(optionLabel(o)));
        }
        for (auto& [o, g] : current)
            g->setSelectable(QCP::stNone);
        useMoneyAxis(plot->yAxis, QObject::tr("Cumulative cost"));
    }

    std::map<OptionId, QPointer<QCPGraph>> current, baseline, bandLow, bandHigh;
    QPointer<QCPGraph> savedKey, bandKey, breakEvenKey, doorKey;
    MarkerPool markers;
    QVector<double> values;

    // What arrange() places once the plot's size is known.
    struct Label {
        int month = 0;
        QPointer<QCPItemText> item;
    };
    std::vector<Label> labels; // in month order
    int horizon = 0;
    FigureStyle style;

    // Besides the legend, puts the marker labels in rows above the plot area, in month order,
    // each row reused once the label before on it has ended, so labels never overlap.
    bool arrange(QCustomPlot* plot) override {
        bool changed = FigureState::arrange(plot);
        const QFontMetricsF metrics(MarkerPool::labelFont(style));
        const double monthsPerPixel =
            std::max(1, horizon) / double(std::max(100, plot->axisRect()->width()));
        const double rowHeight = MarkerPool::labelRowHeight(style);
        std::vector<double> rowEnds;
        for (const Label& l : labels) {
            if (!l.item)
                continue;
            const double width = (metrics.horizontalAdvance(l.item->text()) + 10) * monthsPerPixel;
            const bool leftOfLine = l.month + width > horizon - 0.5 && l.month > horizon / 2;
            const double start = leftOfLine ? l.month - width : l.month;
            const double end = leftOfLine ? l.month : l.month + width;
            std::size_t row = 0;
            while (row < rowEnds.size() && rowEnds[row] > start)
                ++row;
            if (row == rowEnds.size())
                rowEnds.push_back(end);
            else
                rowEnds[row] = end;
            l.item->position->setCoords(l.month, -2 - rowHeight * double(row));
            l.item->setPositionAlignment(Qt::AlignBottom |
                                         (leftOfLine ? Qt::AlignRight : Qt::AlignLeft));
        }
        const QMargins band = MarkerPool::labelBand(int(rowEnds.size()), style);
        if (plot->axisRect()->minimumMargins() != band) {
            plot->axisRect()->setMinimumMargins(band);
            changed = true;
        }
        return changed;
    }
};

class ComponentsState : public FigureState {
public:
    explicit ComponentsState(QCustomPlot* plot)
        : FigureState(plot, kComponentsState, LegendPlace::Right) {
        for (int c = 0; c < model::kComponentCount; ++c) {
            auto* b = new QCPBars(plot->xAxis, plot->yAxis);
            b->setName(componentLabel(c));
            b->setWidth(0.8);
            b->setPen(Qt::NoPen);
            b->setSelectable(QCP::stNone);
            bars[std::size_t(c)] = b;
        }
        total = plot->addGraph();
        total->setName(QObject::tr("Net total"));
        total->setSelectable(QCP::stNone);
        doorKey = legendKey(plot);
        useMoneyAxis(plot->yAxis, QObject::tr("Cost per month"));
    }

    std::array<QPointer<QCPBars>, model::kComponentCount> bars;
    QPointer<QCPGraph> total, doorKey;
    MarkerPool markers;
    QVector<double> values;
    std::vector<double> ups, downs; // stack extents per month, reused
};

class GpusState : public FigureState {
public:
    explicit GpusState(QCustomPlot* plot)
        : FigureState(plot, kGpusState, LegendPlace::Right) {
        plot->yAxis->setLabel(QObject::tr("GPUs held"));
    }

    std::map<std::string, QPointer<QCPBars>> bars;
    QVector<double> values;
};

void applyDoorKey(QCPGraph* key, const FigureStyle& style) {
    key->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, style.background, style.foreground, 8));
    key->setPen(QPen(style.foreground, 1, Qt::DotLine));
    key->setLineStyle(QCPGraph::lsLine);
}

} // namespace

FigureStyle FigureStyle::fromPalette(const QPalette& palette, const QFont& font) {
    FigureStyle s;
    s.background = palette.color(QPalette::Base);
    s.foreground = palette.color(QPalette::Text);
    s.dark = s.background.lightnessF() < 0.5;
    s.grid = s.dark ? s.background.lighter(160) : s.background.darker(112);
    s.font = font;
    return s;
}

FigureStyle FigureStyle::print() {
    FigureStyle s;
    s.font = QFont(QStringLiteral("DejaVu Sans"), 8);
    return s;
}

QColor optionColour(OptionId option, const FigureStyle& style) {
    if (option == OptionId::StayCuda && style.dark)
        return QColor(0x9f, 0xb3, 0xc6); // the slate itself vanishes on a dark background
    return lightenedForDark(baseOptionColour(option), style);
}

QString optionLabel(OptionId option) {
    switch (option) {
    case OptionId::StayCuda:
        return QObject::tr("Stay on CUDA");
    case OptionId::Path1:
        return QObject::tr("Path 1");
    case OptionId::Path2:
        return QObject::tr("Path 2");
    case OptionId::Path3:
        return QObject::tr("Path 3");
    case OptionId::Path2And3:
        return QObject::tr("Paths 2+3");
    }
    return {};
}

QColor componentColour(int component, const FigureStyle& style) {
    if (component < 0 || component >= model::kComponentCount)
        return style.foreground;
    return lightenedForDark(QColor(kComponentColours[std::size_t(component)]), style);
}

QString componentLabel(int component) {
    switch (component) {
    case model::kCapex:
        return QObject::tr("Capex");
    case model::kRent:
        return QObject::tr("Rent");
    case model::kEnergy:
        return QObject::tr("Energy");
    case model::kFacility:
        return QObject::tr("Facility");
    case model::kMaintenance:
        return QObject::tr("Maintenance");
    case model::kMigration:
        return QObject::tr("Migration");
    case model::kParallelRun:
        return QObject::tr("Parallel run");
    case model::kDualVendor:
        return QObject::tr("Dual vendor");
    case model::kProductivity:
        return QObject::tr("Productivity");
    case model::kResidual:
        return QObject::tr("Residual");
    default:
        return QString::fromLatin1(model::componentName(component));
    }
}

QColor skuColour(std::optional<model::Vendor> vendor, std::size_t rank, const FigureStyle& style) {
    QColor colour(kSkuFallback[rank % kSkuFallback.size()]);
    if (vendor == model::Vendor::Nvidia)
        colour = QColor(kNvidiaShades[rank % kNvidiaShades.size()]);
    else if (vendor == model::Vendor::Amd)
        colour = QColor(kAmdShades[rank % kAmdShades.size()]);
    return lightenedForDark(colour, style);
}

DoorNames doorNames(const model::CompiledScenario& compiled) {
    DoorNames names;
    for (const model::CompiledOption& option : compiled.options) {
        std::vector<std::string>& list = names[option.id];
        for (const model::CompiledDoor& door : option.doors)
            list.push_back(door.kind == model::DoorKind::Inference ? "inference" : "training");
    }
    return names;
}

std::vector<std::string> skuIds(const model::CompiledScenario& compiled) {
    std::vector<std::string> ids;
    ids.reserve(compiled.skus.size());
    for (const model::CompiledSku& sku : compiled.skus)
        ids.push_back(sku.id);
    return ids;
}

std::vector<model::Vendor> skuVendors(const model::CompiledScenario& compiled) {
    std::vector<model::Vendor> vendors;
    vendors.reserve(compiled.skus.size());
    for (const model::CompiledSku& sku : compiled.skus)
        vendors.push_back(sku.vendor);
    return vendors;
}

// ---- MoneyTicker ----------------------------------------------------------------------------

QString MoneyTicker::label(double usd) {
    return QString::fromStdString(model::formatUsd(usd));
}

QString MoneyTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return label(tick);
}

QVector<QString> MoneyTicker::createLabelVector(const QVector<double>& ticks, const QLocale&, QChar,
                                                int) {
    QVector<QString> labels;
    labels.reserve(ticks.size());
    double largest = 0;
    double step = 0;
    for (int i = 0; i < ticks.size(); ++i) {
        largest = std::max(largest, std::abs(ticks[i]));
        if (i > 0) {
            const double gap = std::abs(ticks[i] - ticks[i - 1]);
            step = step == 0 ? gap : std::min(step, gap);
        }
    }
    // One unit for the whole axis, picked by its largest tick, so "$500k" never stands next
    // to "$1.0M".
    double unit = 1;
    const char* suffix = "";
    if (largest >= 1e9) {
        unit = 1e9;
        suffix = "B";
    } else if (largest >= 1e6) {
        unit = 1e6;
        suffix = "M";
    } else if (largest >= 1e3) {
        unit = 1e3;
        suffix = "k";
    }
    // The fewest decimals that write every tick exactly (ticks are multiples of a clean step).
    int decimals = 0;
    for (; decimals < 3; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        const bool exact = std::all_of(ticks.begin(), ticks.end(), [&](double t) {
            const double v = t / unit * scale;
            return std::abs(v - std::round(v)) < 1e-6 * std::max(1.0, std::abs(v));
        });
        if (exact)
            break;
    }
    const double zero = step > 0 ? step * 1e-9 : 1e-9;
    for (double t : ticks) {
        if (std::abs(t) < zero) {
            labels << QStringLiteral("$0");
            continue;
        }
        const QString number = QString::number(std::abs(t) / unit, 'f', decimals);
        labels << (t < 0 ? QStringLiteral("-$") : QStringLiteral("$")) + number +
                      QLatin1String(suffix);
    }
    return labels;
}

// ---- Cumulative -----------------------------------------------------------------------------

namespace {

// The P10–P90 band of each option of `current` that the Monte Carlo ran, as two invisible
// curves with the space between them filled in the option's colour, translucent so that
// overlapping bands stay readable. Months beyond the plotted horizon are left out. Returns
// whether any band is drawn.
bool fillBands(CumulativeState& state, const model::ScenarioEvaluation& current,
               const model::MonteCarloResult* uncertainty, const FigureStyle& style) {
    bool any = false;
    std::vector<const model::OptionDistribution*> drawn;
    for (OptionId o : model::kAllOptions) {
        QCPGraph* low = state.bandLow[o];
        QCPGraph* high = state.bandHigh[o];
        const model::OptionDistribution* d = nullptr;
        if (uncertainty && !uncertainty->cancelled && current.find(o))
            for (const model::OptionDistribution& candidate : uncertainty->options)
                if (candidate.id == o)
                    d = &candidate;
        // Paths that take no door (or the same doors) have the very same band: stacked, their
        // translucent fills would turn opaque, so only the first is drawn.
        for (const model::OptionDistribution* earlier : drawn)
            if (d && earlier->cumulative_p10 == d->cumulative_p10 &&
                earlier->cumulative_p90 == d->cumulative_p90)
                d = nullptr;
        const int n = d ? std::min<int>(int(d->cumulative_p10.size()), int(state.keys.size())) : 0;
        if (n == 0 || d->cumulative_p90.size() < std::size_t(n)) {
            for (QCPGraph* g : {low, high}) {
                g->data()->clear();
                g->setVisible(false);
            }
            continue;
        }
        const QVector<double> keys = state.keys.mid(0, n);
        state.values.resize(n);
        std::copy_n(d->cumulative_p10.begin(), n, state.values.begin());
        low->setData(keys, state.values, true);
        std::copy_n(d->cumulative_p90.begin(), n, state.values.begin());
        high->setData(keys, state.values, true);
        high->setBrush(withAlpha(optionColour(o, style), style.dark ? 48 : 30));
        low->setVisible(true);
        high->setVisible(true);
        drawn.push_back(d);
        any = true;
    }
    return any;
}

} // namespace

void plotCumulative(QCustomPlot* plot, const model::ScenarioEvaluation& current,
                    const model::ScenarioEvaluation* baseline, const FigureStyle& style,
                    const DoorNames& doors, const model::MonteCarloResult* uncertainty) {
    auto* state = stateOf<CumulativeState>(plot, kCumulativeState);
    state->applyStyle(plot, style, QObject::tr("Cumulative cost by option"));

    // The saved version may have another horizon (the horizon is a what-if slider): the
    // month axis spans both so neither is cut off.
    int horizon = 0;
    for (const model::OptionOutcome& o : current.options)
        horizon = std::max(horizon, o.run.horizon);
    if (baseline)
        for (const model::OptionOutcome& o : baseline->options)
            horizon = std::max(horizon, o.run.horizon);
    monthKeys(state->keys, horizon);
    state->setHorizon(plot, horizon, 0.5);

    auto fill = [&](QCPGraph* graph, const model::OptionOutcome* outcome) {
        if (!outcome || outcome->run.cumulative.empty()) {
            graph->data()->clear();
            graph->setVisible(false);
            return;
        }
        const std::vector<double>& cumulative = outcome->run.cumulative;
        const int n = int(cumulative.size());
        state->values.resize(n);
        std::copy(cumulative.begin(), cumulative.end(), state->values.begin());
        graph->setData(n == state->keys.size() ? state->keys : state->keys.mid(0, n), state->values,
                       true);
        graph->setVisible(true);
    };
    for (OptionId o : model::kAllOptions) {
        const QColor colour = optionColour(o, style);
        QCPGraph* b = state->baseline[o];
        QPen faint(faded(colour, style.background, style.dark ? 0.5 : 0.45), 1.0,
                   Qt::CustomDashLine);
        faint.setDashPattern({5, 3});
        b->setPen(faint);
        fill(b, baseline ? baseline->find(o) : nullptr);
        QCPGraph* c = state->current[o];
        c->setPen(QPen(colour, o == OptionId::StayCuda ? 2.6 : 2.0));
        fill(c, current.find(o));
    }
    const bool banded = fillBands(*state, current, uncertainty, style);

    // The legend: options in the scenario's order, each with its total at the horizon, then
    // keys for the markers that are actually drawn.
    plot->legend->clearItems();
    for (std::size_t i = 0; i < current.options.size(); ++i) {
        const model::OptionOutcome& o = current.options[i];
        QCPGraph* c = state->current[o.id];
        QString name =
            optionLabel(o.id) + QStringLiteral("  ") + MoneyTicker::label(o.run.total_usd);
        if (o.id != OptionId::StayCuda && o.doors_taken == 0) {
            name += QObject::tr(" · no door taken");
        } else if (o.id != OptionId::StayCuda) {
            // Paths that take the same doors often cost exactly the same; only the last one
            // drawn shows, so the others say whose curve they lie under.
            for (std::size_t j = 0; j < i; ++j)
                if (current.options[j].id != OptionId::StayCuda &&
                    current.options[j].run.cumulative == o.run.cumulative) {
                    name +=
                        QObject::tr(" · same curve as %1").arg(optionLabel(current.options[j].id));
                    break;
                }
        }
        c->setName(name);
        c->addToLegend();
    }
    const bool baselineShown = baseline && baseline != &current && !baseline->options.empty();
    if (baselineShown) {
        state->savedKey->setName(QObject::tr("Saved version"));
        QPen faint(faded(style.foreground, style.background, 0.5), 1.2, Qt::CustomDashLine);
        faint.setDashPattern({5, 3});
        state->savedKey->setPen(faint);
        state->savedKey->addToLegend();
    }
    if (banded) {
        state->bandKey->setName(
            QObject::tr("P10\u2013P90 (%L1 samples)").arg(uncertainty->samples));
        state->bandKey->setPen(Qt::NoPen);
        state->bandKey->setBrush(withAlpha(style.foreground, 60));
        state->bandKey->addToLegend();
    }

    // Markers, grouped by month: options that break even (or take a door) together share one
    // line and one label instead of stacking identical ones.
    int pathCount = 0;
    for (const model::OptionOutcome& o : current.options)
        pathCount += o.id != OptionId::StayCuda ? 1 : 0;
    std::map<int, std::vector<OptionId>> breakEvens;
    std::map<std::pair<int, QString>, std::vector<OptionId>> doorsTaken;
    for (const model::OptionOutcome& o : current.options) {
        if (o.break_even_month && *o.break_even_month < o.run.horizon)
            breakEvens[*o.break_even_month].push_back(o.id);
        for (std::size_t d = 0; d < o.run.door_taken_month.size(); ++d) {
            const double month = o.run.door_taken_month[d];
            if (month >= 0 && month < o.run.horizon)
                doorsTaken[{int(month), doorName(doors, o.id, d)}].push_back(o.id);
        }
    }
    auto subject = [&](const std::vector<OptionId>& options, const QString& one,
                       const QString& many) {
        const bool single = options.size() == 1 && pathCount != 1;
        return joinOptions(options, pathCount) + (single ? one : many);
    };

    struct Label {
        int month;
        QString text;
        QColor colour;
    };
    std::vector<Label> labels;
    state->markers.begin();
    const QColor shared = faded(style.foreground, style.background, 0.75);
    for (const auto& [key, options] : doorsTaken) {
        const int month = key.first;
        const QColor colour = options.size() == 1 ? optionColour(options.front(), style) : shared;
        state->markers.verticalLine(plot, month,
                                    QPen(faded(colour, style.background, 0.65), 1, Qt::DotLine));
        for (OptionId o : options)
            state->markers.dot(plot, month, current.find(o)->run.cumulative[std::size_t(month)],
                               optionColour(o, style), style);
        labels.push_back({month,
                          QObject::tr("m%1 · %2 the %3")
                              .arg(month)
                              .arg(subject(options, QObject::tr(" takes"), QObject::tr(" take")))
                              .arg(key.second),
                          colour});
    }
    for (const auto& [month, options] : breakEvens) {
        const QColor colour = options.size() == 1 ? optionColour(options.front(), style) : shared;
        state->markers.verticalLine(plot, month, QPen(colour, 1, Qt::DashLine));
        labels.push_back({month,
                          QObject::tr("m%1 · %2 even with Stay on CUDA")
                              .arg(month)
                              .arg(subject(options, QObject::tr(" breaks"), QObject::tr(" break"))),
                          colour});
    }
    std::stable_sort(labels.begin(), labels.end(),
                     [](const Label& a, const Label& b) { return a.month < b.month; });
    state->labels.clear();
    for (const Label& l : labels)
        state->labels.push_back(
            {l.month, state->markers.topLabel(plot, l.month, 0, false, l.text, l.colour, style)});
    state->markers.end();
    state->horizon = horizon;
    state->style = style;

    if (!breakEvens.empty()) {
        state->breakEvenKey->setName(QObject::tr("Break-even"));
        state->breakEvenKey->setPen(QPen(shared, 1.2, Qt::DashLine));
        state->breakEvenKey->addToLegend();
    }
    if (!doorsTaken.empty()) {
        state->doorKey->setName(QObject::tr("Door to AMD taken"));
        applyDoorKey(state->doorKey, style);
        state->doorKey->addToLegend();
    }
    // The options fill the legend's first row when they fit, the marker keys follow.
    state->measureLegend(plot, style, std::max(1, int(current.options.size())));
    state->arrange(plot); // again after each layout, at the size drawn
    fitValueAxis(plot, 0.05);
}

// ---- Components -----------------------------------------------------------------------------

void plotComponents(QCustomPlot* plot, const model::OptionOutcome& option, const FigureStyle& style,
                    const std::vector<std::string>& doors) {
    auto* state = stateOf<ComponentsState>(plot, kComponentsState);
    state->applyStyle(plot, style,
                      QObject::tr("Monthly cost components · %1").arg(optionLabel(option.id)));
    const model::OptionRun& run = option.run;
    const int horizon = run.horizon;
    monthKeys(state->keys, horizon);
    state->setHorizon(plot, horizon, 0.6);
    plot->legend->clearItems();

    // Stacked in the order of model::Component. QCPBars stacks positive and negative values
    // apart, so the residual (≤ 0) hangs below zero while the costs pile up above it.
    unstack(state->bars);
    QCPBars* below = nullptr;
    state->values.resize(horizon);
    for (int c = 0; c < model::kComponentCount; ++c) {
        QCPBars* bars = state->bars[std::size_t(c)];
        bool any = false;
        for (int m = 0; m < horizon; ++m) {
            const double v = run.component(m, c);
            state->values[m] = v;
            any = any || v != 0;
        }
        bars->setData(state->keys, state->values, true);
        bars->setBrush(componentColour(c, style));
        bars->setVisible(any);
        if (!any)
            continue; // a component this option never pays stays out of the legend
        if (below)
            bars->moveAbove(below);
        below = bars;
    }

    for (int m = 0; m < horizon; ++m)
        state->values[m] = run.total[std::size_t(m)];
    state->total->setData(state->keys, state->values, true);
    state->total->setVisible(horizon > 0);
    state->total->setPen(QPen(style.foreground, 1.4));
    state->total->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, style.foreground, style.foreground, 3.5));
    // The legend reads like the stack: the net total, then the costs from the top of the
    // stack down, then the residual beneath zero.
    if (horizon > 0)
        state->total->addToLegend();
    for (int c = model::kComponentCount - 1; c >= 0; --c)
        if (c != model::kResidual && state->bars[std::size_t(c)]->visible())
            state->bars[std::size_t(c)]->addToLegend();
    if (state->bars[model::kResidual]->visible())
        state->bars[model::kResidual]->addToLegend();

    state->markers.begin();
    int rows = 0;
    const QColor colour = optionColour(option.id, style);
    for (std::size_t d = 0; d < run.door_taken_month.size(); ++d) {
        const double month = run.door_taken_month[d];
        if (month < 0 || month >= horizon)
            continue;
        state->markers.verticalLine(plot, month, QPen(colour, 1.2, Qt::DotLine));
        const QString name =
            d < doors.size() ? QString::fromStdString(doors[d]) : QObject::tr("door %1").arg(d + 1);
        state->markers.topLabel(plot, month, rows++, month > horizon * 0.6,
                                QObject::tr("m%1 · AMD %2 door").arg(int(month)).arg(name), colour,
                                style);
    }
    fitMonthlyStacks(plot, run, style, state->markers, state->ups, state->downs);
    state->markers.end();
    MarkerPool::reserveLabelRows(plot, rows, style);
    if (rows > 0) {
        state->doorKey->setName(QObject::tr("Door taken"));
        state->doorKey->setPen(QPen(colour, 1.2, Qt::DotLine));
        state->doorKey->addToLegend();
    }
    state->measureLegend(plot, style, 4);
    state->arrange(plot);
}

// ---- GPUs per SKU ---------------------------------------------------------------------------

void plotGpus(QCustomPlot* plot, const model::OptionOutcome& option,
              const std::vector<std::string>& skus, const FigureStyle& style,
              const std::vector<model::Vendor>& vendors) {
    auto* state = stateOf<GpusState>(plot, kGpusState);
    state->applyStyle(plot, style, QObject::tr("GPUs per SKU · %1").arg(optionLabel(option.id)));
    const model::OptionRun& run = option.run;
    const int horizon = run.horizon;
    monthKeys(state->keys, horizon);
    state->setHorizon(plot, horizon, 0.6);
    plot->legend->clearItems();

    for (auto& [id, bars] : state->bars) {
        if (bars) {
            bars->moveAbove(nullptr);
            bars->setVisible(false);
        }
    }
    const int skuCount = std::min(int(skus.size()), run.sku_count);
    // Stacked in the order SKUs first appear, so the installed fleet forms the base and what
    // is bought later grows on top of it; SKUs never held are left out.
    struct Shown {
        int sku;
        int first;
    };
    std::vector<Shown> order;
    for (int s = 0; s < skuCount; ++s)
        for (int m = 0; m < horizon; ++m)
            if (run.gpusAt(m, s) != 0) {
                order.push_back({s, m});
                break;
            }
    std::stable_sort(order.begin(), order.end(),
                     [](const Shown& a, const Shown& b) { return a.first < b.first; });

    QCPBars* below = nullptr;
    state->values.resize(horizon);
    for (const Shown& shown : order) {
        const int s = shown.sku;
        // A SKU's shade is its rank among its vendor's SKUs in the scenario, not among those
        // shown, so it keeps its colour when another SKU appears or drops out.
        QColor colour = skuColour(std::nullopt, std::size_t(s), style);
        if (std::size_t(s) < vendors.size()) {
            const model::Vendor vendor = vendors[std::size_t(s)];
            const auto rank = std::size_t(std::count(vendors.begin(), vendors.begin() + s, vendor));
            colour = skuColour(vendor, rank, style);
        }
        for (int m = 0; m < horizon; ++m)
            state->values[m] = run.gpusAt(m, s);
        const std::string& id = skus[std::size_t(s)];
        QPointer<QCPBars>& bars = state->bars[id];
        if (!bars) {
            bars = new QCPBars(plot->xAxis, plot->yAxis);
            bars->setName(QString::fromStdString(id));
            bars->setWidth(0.8);
            bars->setPen(Qt::NoPen);
            bars->setSelectable(QCP::stNone);
        }
        bars->setData(state->keys, state->values, true);
        bars->setBrush(colour);
        bars->setVisible(true);
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    // The legend reads like the stack, from the top down.
    for (auto it = order.rbegin(); it != order.rend(); ++it)
        state->bars[skus[std::size_t(it->sku)]]->addToLegend();
    state->measureLegend(plot, style, 6);
    state->arrange(plot);
    fitValueAxis(plot, 0.06);
}

// ---- Read-back ------------------------------------------------------------------------------

const QCPGraph* cumulativeGraph(const QCustomPlot* plot, OptionId option) {
    const auto* state = findState<CumulativeState>(plot, kCumulativeState);
    if (!state)
        return nullptr;
    const auto it = state->current.find(option);
    return it != state->current.end() && it->second && it->second->visible() ? it->second.data()
                                                                             : nullptr;
}

const QCPGraph* bandGraph(const QCustomPlot* plot, OptionId option, BandEdge edge) {
    const auto* state = findState<CumulativeState>(plot, kCumulativeState);
    if (!state)
        return nullptr;
    const auto& graphs = edge == BandEdge::P10 ? state->bandLow : state->bandHigh;
    const auto it = graphs.find(option);
    return it != graphs.end() && it->second && it->second->visible() ? it->second.data() : nullptr;
}

const QCPGraph* baselineGraph(const QCustomPlot* plot, OptionId option) {
    const auto* state = findState<CumulativeState>(plot, kCumulativeState);
    if (!state)
        return nullptr;
    const auto it = state->baseline.find(option);
    return it != state->baseline.end() && it->second && it->second->visible() ? it->second.data()
                                                                              : nullptr;
}

const QCPBars* componentBars(const QCustomPlot* plot, int component) {
    const auto* state = findState<ComponentsState>(plot, kComponentsState);
    if (!state || component < 0 || component >= model::kComponentCount)
        return nullptr;
    const QCPBars* bars = state->bars[std::size_t(component)];
    return bars && bars->visible() ? bars : nullptr;
}

const QCPGraph* componentTotalGraph(const QCustomPlot* plot) {
    const auto* state = findState<ComponentsState>(plot, kComponentsState);
    return state && state->total && state->total->visible() ? state->total.data() : nullptr;
}

const QCPBars* gpuBars(const QCustomPlot* plot, const std::string& sku) {
    const auto* state = findState<GpusState>(plot, kGpusState);
    if (!state)
        return nullptr;
    const auto it = state->bars.find(sku);
    return it != state->bars.end() && it->second && it->second->visible() ? it->second.data()
                                                                          : nullptr;
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

void applyPlotStyle(QCustomPlot* plot, const FigureStyle& style) {
    plot->setBackground(style.background);
    plot->axisRect()->setBackground(style.background);
    const QPen axisPen(style.foreground, 1);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->setTickLabelColor(style.foreground);
        axis->setLabelColor(style.foreground);
        axis->setTickLabelFont(style.font);
        axis->setLabelFont(style.font);
        axis->grid()->setPen(QPen(style.grid, 1, Qt::SolidLine));
        axis->grid()->setZeroLinePen(QPen(faded(style.foreground, style.background, 0.55), 1));
    }
    plot->legend->setFont(style.font);
    plot->legend->setTextColor(style.foreground);
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setBorderPen(Qt::NoPen);
}

} // namespace crossgrade::ui
