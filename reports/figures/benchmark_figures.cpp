// The benchmark scatter (benchmark_figures.h): throughput per GPU against interactivity.

#include "benchmark_figures.h"

#include "figure_markers.h"
#include "plot_state.h"

#include <QObject>
#include <algorithm>
#include <array>

namespace crossgrade::reports {

namespace {

constexpr auto kScatterState = "crossgrade-benchmark-scatter";

// Shapes tell a vendor's SKUs apart where colour alone might not (print, colour vision).
constexpr std::array<QCPScatterStyle::ScatterShape, 3> kNvidiaShapes{
    QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle};
constexpr std::array<QCPScatterStyle::ScatterShape, 3> kAmdShapes{
    QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssStar};

int vendorOrder(std::optional<model::Vendor> v) {
    return !v ? 2 : *v == model::Vendor::Nvidia ? 0 : 1;
}

std::optional<model::Vendor> vendorOf(const std::map<std::string, model::Vendor>& vendors,
                                      const std::string& sku) {
    const auto it = vendors.find(sku);
    return it == vendors.end() ? std::nullopt : std::optional(it->second);
}

// A SKU's rank among its vendor's SKUs of the price book: fixed by the book, not by the rows
// shown, so a SKU keeps its colour whatever the filters leave.
std::size_t rankOf(const std::map<std::string, model::Vendor>& vendors, const std::string& sku,
                   std::optional<model::Vendor> vendor, std::size_t fallback) {
    if (!vendor)
        return fallback;
    std::size_t rank = 0;
    for (const auto& [id, v] : vendors) {
        if (id == sku)
            return rank;
        rank += v == *vendor ? 1 : 0;
    }
    return fallback;
}

// The scatter's set-up, once per plot: the legend in rows under the plot, so it never covers a
// point and the plot keeps the width (the view is narrower than it is tall).
class ScatterState : public PlotState {
public:
    explicit ScatterState(QCustomPlot* plot)
        : PlotState(plot, kScatterState) {
        placeLegendBelow(plot, 1, LegendSpacing{2, 14, QSize(16, 12)});
        plot->legend->setWrap(3);
    }
};

std::optional<double> perGpu(const model::BenchmarkRecord& r, model::ThroughputKind unit) {
    return unit == model::ThroughputKind::Total ? r.total_tokens_per_s_per_gpu
                                                : r.output_tokens_per_s_per_gpu;
}

} // namespace

std::optional<std::size_t> BenchmarkScatter::recordAt(const QCPAbstractPlottable* plottable,
                                                      int dataIndex) const {
    for (const Series& s : series)
        if (s.graph && s.graph == plottable && dataIndex >= 0 &&
            std::size_t(dataIndex) < s.points.size())
            return s.points[std::size_t(dataIndex)];
    return std::nullopt;
}

const BenchmarkScatter::Series* BenchmarkScatter::seriesOf(const std::string& sku) const {
    for (const Series& s : series)
        if (s.sku == sku)
            return &s;
    return nullptr;
}

BenchmarkScatter plotBenchmarkScatter(QCustomPlot* plot,
                                      const std::vector<const model::BenchmarkRecord*>& records,
                                      const std::map<std::string, model::Vendor>& vendors,
                                      const FigureStyle& style) {
    stateOf<ScatterState>(plot, kScatterState);
    applyPlotStyle(plot, style);
    plot->clearGraphs();
    plot->clearItems();

    BenchmarkScatter out;
    const bool anyTotal = std::any_of(records.begin(), records.end(), [](const auto* r) {
        return r->interactivity && r->total_tokens_per_s_per_gpu;
    });
    out.unit = anyTotal ? model::ThroughputKind::Total : model::ThroughputKind::Output;

    // The placed rows per SKU, each SKU's by interactivity (QCPGraph keeps its data sorted).
    std::map<std::string, std::vector<std::size_t>> bySku;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const model::BenchmarkRecord& r = *records[i];
        if (!r.interactivity)
            out.no_interactivity.push_back(i);
        else if (!perGpu(r, out.unit))
            out.no_unit.push_back(i);
        else
            bySku[r.sku].push_back(i);
    }
    std::vector<std::string> skus;
    for (const auto& [sku, rows] : bySku)
        skus.push_back(sku);
    std::stable_sort(skus.begin(), skus.end(), [&](const std::string& a, const std::string& b) {
        return vendorOrder(vendorOf(vendors, a)) < vendorOrder(vendorOf(vendors, b));
    });

    double xMax = 0;
    double yMax = 0;
    std::size_t fallbackRank = 0;
    for (const std::string& sku : skus) {
        std::vector<std::size_t>& rows = bySku[sku];
        std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
            return *records[a]->interactivity < *records[b]->interactivity;
        });
        QVector<double> keys;
        QVector<double> values;
        for (std::size_t i : rows) {
            keys << *records[i]->interactivity;
            values << *perGpu(*records[i], out.unit);
            xMax = std::max(xMax, keys.back());
            yMax = std::max(yMax, values.back());
        }
        const std::optional<model::Vendor> vendor = vendorOf(vendors, sku);
        const std::size_t rank = rankOf(vendors, sku, vendor, fallbackRank++);
        const QColor colour = skuColour(vendor, rank, style);
        const QCPScatterStyle::ScatterShape shape =
            vendor == model::Vendor::Amd ? kAmdShapes[rank % kAmdShapes.size()]
                                         : kNvidiaShapes[rank % kNvidiaShapes.size()];
        QColor fill = colour;
        fill.setAlpha(190);
        auto* graph = plot->addGraph();
        graph->setName(QStringLiteral("%1 (%2)").arg(QString::fromStdString(sku)).arg(rows.size()));
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(shape, QPen(colour.darker(130), 1.2), fill, 9));
        graph->setSelectable(QCP::stSingleData); // so a click on a point reports it
        graph->setData(keys, values, true);
        graph->addToLegend();
        out.series.push_back({sku, graph, rows});
    }

    out.highlight = plot->addGraph();
    out.highlight->setLineStyle(QCPGraph::lsNone);
    out.highlight->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(style.foreground, 2.2), Qt::NoBrush, 18));
    out.highlight->setSelectable(QCP::stNone);

    plot->xAxis->setLabel(QObject::tr("Interactivity, tokens/s per user"));
    plot->yAxis->setLabel(out.unit == model::ThroughputKind::Total
                              ? QObject::tr("Total tokens/s per GPU")
                              : QObject::tr("Output tokens/s per GPU"));
    plot->xAxis->setRange(0, xMax > 0 ? xMax * 1.08 : 1);
    plot->yAxis->setRange(0, yMax > 0 ? yMax * 1.1 : 1);
    if (out.series.empty())
        centreText(plot, QObject::tr("No row with an interactivity to place"), style);
    return out;
}

void highlightBenchmarkPoint(QCustomPlot* /*plot*/, BenchmarkScatter& scatter,
                             std::optional<std::size_t> index, const FigureStyle& style) {
    if (!scatter.highlight)
        return;
    scatter.highlight->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(style.foreground, 2.2), Qt::NoBrush, 18));
    scatter.highlight->data()->clear();
    if (!index)
        return;
    for (const BenchmarkScatter::Series& s : scatter.series) {
        const auto it = std::find(s.points.begin(), s.points.end(), *index);
        if (it == s.points.end() || !s.graph)
            continue;
        const auto at = s.graph->data()->at(int(it - s.points.begin()));
        scatter.highlight->addData(at->key, at->value); // drawn last: above every series
        return;
    }
}

} // namespace crossgrade::reports
