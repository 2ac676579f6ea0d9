#pragma once

// The benchmark scatter (docs/benchmarks.md, "In the app"): throughput per GPU against
// interactivity (tokens/s per user) for sweep rows, one series per SKU (colour by vendor as
// the GPUs figure has it, and a shape of its own), so a SKU's Pareto frontier can be read by
// eye. A row without an interactivity (an MLPerf single point) has no place on the x axis and
// is listed, never placed at an invented x. The y axis is one unit: total tokens/s per GPU
// when any placed row has it (rows with output only are then listed, not mixed in), else
// output tokens/s per GPU; the axis label says which.

#include "benchmark.h"
#include "benchmark_compare.h"
#include "figure_style.h"
#include "price_book.h"

#include <QPointer>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::reports {

struct BenchmarkScatter {
    model::ThroughputKind unit = model::ThroughputKind::Total;
    struct Series {
        std::string sku;
        QPointer<QCPGraph> graph;
        std::vector<std::size_t> points; // the records' indices, in the graph's data order
    };
    std::vector<Series> series;                // NVIDIA SKUs first, then AMD, then the rest
    std::vector<std::size_t> no_interactivity; // rows that cannot be placed on x
    std::vector<std::size_t> no_unit;          // rows with interactivity but not the y unit
    QPointer<QCPGraph> highlight;              // the ring around the selected point

    // The record behind a graph's data point (as QCustomPlot::plottableClick reports it).
    std::optional<std::size_t> recordAt(const QCPAbstractPlottable* plottable, int dataIndex) const;
    const Series* seriesOf(const std::string& sku) const;
};

// Fills `plot` with `records` (replacing what a previous call drew); `vendors` colours each
// SKU by its vendor (a SKU it lacks gets a neutral hue). The caller replots.
BenchmarkScatter plotBenchmarkScatter(QCustomPlot* plot,
                                      const std::vector<const model::BenchmarkRecord*>& records,
                                      const std::map<std::string, model::Vendor>& vendors,
                                      const FigureStyle& style);

// Rings the point of records[index] when it is placed; nothing for nullopt or an unplaced
// row. The caller replots.
void highlightBenchmarkPoint(QCustomPlot* plot, BenchmarkScatter& scatter,
                             std::optional<std::size_t> index, const FigureStyle& style);

} // namespace crossgrade::reports
