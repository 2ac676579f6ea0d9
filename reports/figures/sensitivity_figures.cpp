// The tornado and the break-even map (sensitivity_figures.h).

#include "sensitivity_figures.h"

#include "figure_markers.h"
#include "money_ticker.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::reports {

namespace {

constexpr auto kTornadoP10 = "crossgrade-tornado-p10";
constexpr auto kTornadoP90 = "crossgrade-tornado-p90";
constexpr auto kBreakEvenMap = "crossgrade-break-even-map";

// Paul Tol's diverging "sunset" ends: blue where the option saves, red where it costs more,
// readable with the common colour-vision deficiencies.
const QColor kSaves{0x36, 0x4b, 0x9a};
const QColor kCosts{0xa5, 0x00, 0x26};
const QColor kNeutral{0xf7, 0xf7, 0xf7};
// The tornado's two ends, the input low (P10) and high (P90): Tol's light cyan and wine, apart
// from the map's blue and red so that no colour means two things on one page.
const QColor kLowEnd{0x88, 0xcc, 0xee};
const QColor kHighEnd{0x88, 0x22, 0x55};

// Tick labels in a knob's unit ("20.0 %", "$2.40/h", "1.15×").
class KnobTicker : public QCPAxisTicker {
public:
    explicit KnobTicker(model::WhatIfKnob knob)
        : m_knob(knob) {}
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        return QString::fromStdString(model::formatKnobValue(m_knob, tick));
    }

private:
    model::WhatIfKnob m_knob;
};

void resetPlot(QCustomPlot* plot, const FigureStyle& style, const QString& title) {
    plot->clearPlottables();
    plot->clearItems();
    plot->clearGraphs();
    // A colour scale and a title live in the layout: remove what an earlier call added.
    for (int i = plot->plotLayout()->elementCount() - 1; i >= 0; --i) {
        QCPLayoutElement* e = plot->plotLayout()->elementAt(i);
        if (qobject_cast<QCPColorScale*>(e) || qobject_cast<QCPTextElement*>(e))
            plot->plotLayout()->remove(e);
    }
    plot->plotLayout()->simplify();
    if (style.titles && !title.isEmpty()) {
        plot->plotLayout()->insertRow(0);
        QFont f = style.font;
        f.setBold(true);
        auto* text = new QCPTextElement(plot, title, f);
        text->setTextColor(style.foreground);
        plot->plotLayout()->addElement(0, 0, text);
    }
    plot->setBackground(style.background);
    inkAxes(plot, style, QPen(style.grid, 0, Qt::DotLine), Qt::NoPen);
    plot->legend->setVisible(false);
}

} // namespace

QString tornadoCaption() {
    return QObject::tr("NPV saving vs stay-cuda\nswing: input P10 → P90");
}

void plotTornado(QCustomPlot* plot, const model::Tornado& tornado,
                 const std::vector<QString>& labels, const FigureStyle& style,
                 const QString& emptyText, std::size_t maxBars) {
    resetPlot(
        plot, style,
        tornado.option == model::OptionId::StayCuda
            ? QObject::tr("What moves the saving over staying on CUDA")
            : QObject::tr("What moves the saving of %1 over staying on CUDA\n"
                          "%2 with every input at its median; each bar swings one")
                  .arg(optionLabel(tornado.option), MoneyTicker::label(tornado.base_saving_usd)));
    auto money = QSharedPointer<MoneyTicker>::create();
    money->setTickCount(4);
    plot->xAxis->setTicker(money);
    plot->xAxis->setLabel(tornadoCaption());
    const std::size_t n = std::min(maxBars, tornado.bars.size());
    if (n == 0) {
        plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
        plot->yAxis->setRange(0, 1);
        plot->xAxis->setRange(tornado.base_saving_usd - 1, tornado.base_saving_usd + 1);
        centreText(plot, emptyText, style);
        return;
    }
    // Keys count from the bottom: the widest bar (index 0) sits at the top.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys;
    QVector<double> low;
    QVector<double> high;
    double least = tornado.base_saving_usd;
    double most = tornado.base_saving_usd;
    for (std::size_t i = 0; i < n; ++i) {
        const model::TornadoBar& bar = tornado.bars[i];
        const double key = double(n - i);
        keys << key;
        low << bar.saving_usd.front();
        high << bar.saving_usd.back();
        least = std::min(least, bar.lowest_usd);
        most = std::max(most, bar.highest_usd);
        QString label = i < labels.size() ? labels[i] : QString::fromStdString(bar.pointer);
        if (!bar.monotonic)
            label += QObject::tr(" (not monotonic)");
        ticker->addTick(key, label);
    }
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setRange(0.4, double(n) + 0.6);
    plot->yAxis->grid()->setVisible(false);
    const double pad = std::max(1.0, (most - least) * 0.06);
    plot->xAxis->setRange(least - pad, most + pad);

    const auto addBars = [&](const char* name, const QString& legend, const QVector<double>& values,
                             const QColor& colour) {
        auto* bars = new QCPBars(plot->yAxis, plot->xAxis);
        bars->setObjectName(QString::fromLatin1(name));
        bars->setName(legend);
        bars->setBaseValue(tornado.base_saving_usd);
        bars->setWidth(0.62);
        bars->setPen(Qt::NoPen);
        bars->setBrush(style.dark ? colour.lighter(130) : colour);
        // A bar runs from its base to base + value: each value is its saving's distance from
        // the median case, so the bar ends at the saving itself.
        QVector<double> fromBase;
        for (double v : values)
            fromBase << v - tornado.base_saving_usd;
        bars->setData(keys, fromBase); // keys run downwards: let QCustomPlot sort them
        bars->setSelectable(QCP::stNone);
    };
    addBars(kTornadoP10, QObject::tr("Input at its P10"), low, kLowEnd);
    addBars(kTornadoP90, QObject::tr("Input at its P90"), high, kHighEnd);

    auto* base = new QCPItemStraightLine(plot);
    base->point1->setCoords(tornado.base_saving_usd, 0);
    base->point2->setCoords(tornado.base_saving_usd, 1);
    base->setPen(QPen(style.foreground, 1.2));
    // The legend in a row of its own under the axis, so it never covers a bar.
    plot->legend->setVisible(true);
    plot->legend->setFont(style.font);
    plot->legend->setTextColor(style.foreground);
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(2);
    if (plot->axisRect()->insetLayout()->elementCount() > 0 &&
        plot->axisRect()->insetLayout()->elementAt(0) == plot->legend)
        plot->axisRect()->insetLayout()->take(plot->legend);
    if (!plot->plotLayout()->hasElement(plot->plotLayout()->rowCount() - 1, 0) ||
        plot->plotLayout()->element(plot->plotLayout()->rowCount() - 1, 0) != plot->legend) {
        plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
    }
}

void plotBreakEvenMap(QCustomPlot* plot, const model::BreakEvenMap& map, const FigureStyle& style) {
    resetPlot(plot, style,
              QObject::tr("Where %1 breaks even against stay-cuda").arg(optionLabel(map.option)));
    const std::size_t nx = map.x.values.size();
    const std::size_t ny = map.y.values.size();
    for (auto [axis, knob] :
         {std::pair{plot->xAxis, map.x.knob}, std::pair{plot->yAxis, map.y.knob}}) {
        auto ticker = QSharedPointer<KnobTicker>::create(knob);
        ticker->setTickCount(4);
        axis->setTicker(ticker);
    }
    plot->xAxis->setLabel(QString::fromUtf8(model::knobInfo(map.x.knob).label.data()));
    plot->yAxis->setLabel(QString::fromUtf8(model::knobInfo(map.y.knob).label.data()));
    if (nx == 0 || ny == 0)
        return;

    auto* colours = new QCPColorMap(plot->xAxis, plot->yAxis);
    colours->setObjectName(QString::fromLatin1(kBreakEvenMap));
    colours->data()->setSize(int(nx), int(ny));
    colours->data()->setRange(QCPRange(map.x.values.front(), map.x.values.back()),
                              QCPRange(map.y.values.front(), map.y.values.back()));
    double reach = 1;
    for (std::size_t iy = 0; iy < ny; ++iy)
        for (std::size_t ix = 0; ix < nx; ++ix) {
            colours->data()->setCell(int(ix), int(iy), map.savingAt(ix, iy));
            reach = std::max(reach, std::abs(map.savingAt(ix, iy)));
        }
    auto* scale = new QCPColorScale(plot);
    plot->plotLayout()->addElement(plot->plotLayout()->rowCount() - 1, 1, scale);
    scale->setType(QCPAxis::atRight);
    colours->setColorScale(scale); // the map takes the scale's gradient and range from here on
    QCPColorGradient gradient;
    gradient.setColorStopAt(0, kCosts);
    gradient.setColorStopAt(0.5, kNeutral);
    gradient.setColorStopAt(1, kSaves);
    scale->setGradient(gradient);
    scale->setDataRange(QCPRange(-reach, reach)); // white is exactly break-even
    colours->setInterpolate(false);
    scale->axis()->setTicker(QSharedPointer<MoneyTicker>::create());
    scale->axis()->setLabel(QObject::tr("Saving vs stay-cuda (NPV)"));
    scale->axis()->setLabelColor(style.foreground);
    scale->axis()->setTickLabelColor(style.foreground);
    scale->axis()->setBasePen(QPen(style.foreground));
    scale->axis()->setTickPen(QPen(style.foreground));
    scale->axis()->setSubTickPen(QPen(style.foreground));
    scale->axis()->setLabelFont(style.font);
    scale->axis()->setTickLabelFont(style.font);
    auto* margins = new QCPMarginGroup(plot);
    plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);

    // Half a cell beyond the outer cell centres, so edge cells show whole.
    const double hx =
        nx > 1 ? (map.x.values.back() - map.x.values.front()) / double(nx - 1) / 2 : 0.5;
    const double hy =
        ny > 1 ? (map.y.values.back() - map.y.values.front()) / double(ny - 1) / 2 : 0.5;
    plot->xAxis->setRange(map.x.values.front() - hx, map.x.values.back() + hx);
    plot->yAxis->setRange(map.y.values.front() - hy, map.y.values.back() + hy);

    if (map.x.p10 && map.x.p90 && map.y.p10 && map.y.p90) {
        auto* box = new QCPItemRect(plot);
        box->topLeft->setCoords(*map.x.p10, *map.y.p90);
        box->bottomRight->setCoords(*map.x.p90, *map.y.p10);
        box->setPen(QPen(style.foreground, 1.2, Qt::DashLine));
        box->setBrush(Qt::NoBrush);
    }
    auto* now = new QCPGraph(plot->xAxis, plot->yAxis);
    now->setName(QObject::tr("Today's values"));
    now->setLineStyle(QCPGraph::lsNone);
    now->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCrossCircle, style.foreground, style.background, 12));
    now->setData({map.x.current}, {map.y.current});
    auto* label = new QCPItemText(plot);
    label->position->setCoords(map.x.current, map.y.current);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->setPadding(QMargins(8, 0, 0, 6));
    label->setText(QObject::tr("today"));
    label->setFont(style.font);
    label->setColor(style.foreground);
}

TornadoBarsDrawn tornadoBarsDrawn(const QCustomPlot* plot) {
    TornadoBarsDrawn drawn;
    const auto* low = plot->findChild<QCPBars*>(QString::fromLatin1(kTornadoP10));
    const auto* high = plot->findChild<QCPBars*>(QString::fromLatin1(kTornadoP90));
    if (!low || !high)
        return drawn;
    const auto ticker = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    // Top to bottom: the highest key first.
    for (int i = low->data()->size() - 1; i >= 0; --i) {
        const double key = low->data()->at(i)->key;
        drawn.labels.push_back(ticker ? ticker->ticks().value(key) : QString());
        // Where each bar ends on the axis: its base plus its value.
        drawn.at_p10.push_back(low->baseValue() + low->data()->at(i)->value);
        drawn.at_p90.push_back(high->baseValue() + high->data()->at(i)->value);
    }
    return drawn;
}

const QCPColorMap* breakEvenColourMap(const QCustomPlot* plot) {
    return plot->findChild<QCPColorMap*>(QString::fromLatin1(kBreakEvenMap));
}

} // namespace crossgrade::reports
