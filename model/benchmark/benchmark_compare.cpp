#include "benchmark_compare.h"

#include "ascii_text.h"
#include "input_limits.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace crossgrade::model {

namespace {

bool isSweep(const BenchmarkRecord& r) {
    return r.interactivity && *r.interactivity > 0;
}

ThroughputKind kindOf(const BenchmarkRecord& r) {
    return r.total_tokens_per_s_per_gpu && *r.total_tokens_per_s_per_gpu > 0
               ? ThroughputKind::Total
               : ThroughputKind::Output;
}

double perGpu(const BenchmarkRecord& r, ThroughputKind kind) {
    const std::optional<double>& v = kind == ThroughputKind::Total ? r.total_tokens_per_s_per_gpu
                                                                   : r.output_tokens_per_s_per_gpu;
    return v.value_or(0.0);
}

std::string optionalInt(const std::optional<int>& v) {
    return v ? std::to_string(*v) : std::string("-");
}

// Rows compare only within one group: the key compares names in any case.
std::string groupKey(const BenchmarkRecord& r) {
    return asciiLower(r.model) + '\x1f' + asciiLower(r.precision) + '\x1f' +
           asciiLower(r.scenario) + '\x1f' + optionalInt(r.isl) + '\x1f' + optionalInt(r.osl) +
           '\x1f' + std::string(toString(kindOf(r)));
}

std::string number(double v) {
    std::ostringstream out;
    out.precision(3);
    out << v;
    return out.str();
}

// Which rows of one group stand on each side.
struct Sides {
    ComparisonGroup group;
    std::vector<const BenchmarkRecord*> reference;
    std::vector<const BenchmarkRecord*> other;
};

bool keep(const BenchmarkRecord& r, const CompareOptions& o) {
    if (!o.model.empty() && asciiLower(r.model).find(asciiLower(o.model)) == std::string::npos)
        return false;
    if (!o.precision.empty() && asciiLower(r.precision) != asciiLower(o.precision))
        return false;
    if (!o.scenario.empty() && asciiLower(r.scenario) != asciiLower(o.scenario))
        return false;
    if (o.isl && r.isl != o.isl)
        return false;
    if (o.osl && r.osl != o.osl)
        return false;
    return true;
}

std::vector<std::string> provenances(const std::vector<const BenchmarkRecord*>& rows) {
    std::vector<std::string> out;
    for (const BenchmarkRecord* r : rows)
        out.push_back(provenance(*r));
    return out;
}

// The rows behind the pairs made so far.
using Used = std::vector<const BenchmarkRecord*>;

RatioPair makePair(const ComparisonGroup& group, double reference, double other, std::string basis,
                   std::vector<const BenchmarkRecord*> referenceRows,
                   std::vector<const BenchmarkRecord*> otherRows, Used& used) {
    used.insert(used.end(), referenceRows.begin(), referenceRows.end());
    used.insert(used.end(), otherRows.begin(), otherRows.end());
    RatioPair p;
    p.group = group;
    p.basis = std::move(basis);
    p.reference_per_gpu = reference;
    p.other_per_gpu = other;
    p.ratio = other / reference;
    p.reference_rows = provenances(referenceRows);
    p.other_rows = provenances(otherRows);
    return p;
}

std::vector<FrontierPoint> frontierOf(const std::vector<const BenchmarkRecord*>& rows,
                                      ThroughputKind kind) {
    std::vector<FrontierPoint> points;
    for (const BenchmarkRecord* r : rows)
        if (isSweep(*r))
            points.push_back({*r->interactivity, perGpu(*r, kind), r});
    return paretoFrontier(std::move(points));
}

// The frontier points a level is read between (one when it falls on a point).
std::vector<const BenchmarkRecord*> around(const std::vector<FrontierPoint>& frontier,
                                           double level) {
    for (std::size_t i = 0; i < frontier.size(); ++i) {
        if (frontier[i].interactivity == level)
            return {frontier[i].record};
        if (i + 1 < frontier.size() && frontier[i].interactivity > level &&
            frontier[i + 1].interactivity < level)
            return {frontier[i].record, frontier[i + 1].record};
    }
    return {};
}

std::string span(const std::vector<FrontierPoint>& f) {
    return number(f.back().interactivity) + "–" + number(f.front().interactivity);
}

void pairSweeps(const Sides& sides, const CompareOptions& options, SkuComparison& out, Used& used) {
    const ThroughputKind kind = sides.group.kind;
    const auto ref = frontierOf(sides.reference, kind);
    const auto oth = frontierOf(sides.other, kind);
    if (ref.empty() || oth.empty())
        return;
    const double lo = std::max(ref.back().interactivity, oth.back().interactivity);
    const double hi = std::min(ref.front().interactivity, oth.front().interactivity);
    std::vector<double> levels;
    if (options.interactivity) {
        if (*options.interactivity >= lo && *options.interactivity <= hi)
            levels.push_back(*options.interactivity);
    } else if (lo == hi) {
        levels.push_back(lo);
    } else if (lo < hi) {
        const int n = std::max(2, options.levels);
        for (int i = 0; i < n; ++i)
            levels.push_back(lo + (hi - lo) * i / (n - 1));
    }
    for (double level : levels) {
        const double a = throughputAt(ref, level).value_or(0.0);
        const double b = throughputAt(oth, level).value_or(0.0);
        if (a > 0 && b > 0) {
            RatioPair p = makePair(sides.group, a, b, "equal interactivity on the Pareto frontiers",
                                   around(ref, level), around(oth, level), used);
            p.interactivity = level;
            out.pairs.push_back(std::move(p));
        }
    }
    if (!levels.empty())
        return;
    // No common interactivity: rows measured at the same concurrency still compare like with
    // like, and say so.
    bool paired = false;
    for (const BenchmarkRecord* r : sides.reference)
        for (const BenchmarkRecord* o : sides.other)
            if (isSweep(*r) && isSweep(*o) && r->concurrency && r->concurrency == o->concurrency) {
                out.pairs.push_back(makePair(sides.group, perGpu(*r, kind), perGpu(*o, kind),
                                             "equal concurrency (" +
                                                 std::to_string(*r->concurrency) +
                                                 "): the frontiers share no interactivity",
                                             {r}, {o}, used));
                paired = true;
            }
    if (!paired)
        out.unpaired.push_back(
            sides.group.label() + ": no common interactivity" +
            (options.interactivity ? " at " + number(*options.interactivity) + " tok/s/user" : "") +
            " (" + out.reference_sku + " " + span(ref) + ", " + out.other_sku + " " + span(oth) +
            " tok/s/user)");
}

void pairPoints(const Sides& sides, SkuComparison& out, Used& used) {
    const ThroughputKind kind = sides.group.kind;
    for (const BenchmarkRecord* r : sides.reference)
        for (const BenchmarkRecord* o : sides.other)
            if (!isSweep(*r) && !isSweep(*o))
                out.pairs.push_back(makePair(sides.group, perGpu(*r, kind), perGpu(*o, kind),
                                             "single points", {r}, {o}, used));
}

Confidence confidenceOf(const std::string& source) {
    if (source == "mlperf-inference" || source == "serving")
        return Confidence::A; // audited results; the user's own measurement
    if (source == "inferencex")
        return Confidence::B;
    return Confidence::C;
}

void summarise(SkuComparison& out, const std::vector<const BenchmarkRecord*>& used) {
    if (out.pairs.empty())
        return;
    std::vector<double> ratios;
    for (const RatioPair& p : out.pairs)
        ratios.push_back(p.ratio);
    std::sort(ratios.begin(), ratios.end());
    const std::size_t n = ratios.size();
    const double median = n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
    UncertainNumber u = UncertainNumber::between(ratios.front(), median, ratios.back());
    std::set<std::string> files;
    Confidence confidence = Confidence::A;
    std::string date;
    for (const BenchmarkRecord* r : used) {
        files.insert(std::filesystem::path(r->file).filename().string());
        confidence = std::max(confidence, confidenceOf(r->source));
        date = std::max(date, r->date);
    }
    std::string fileList;
    for (const std::string& f : files)
        fileList += (fileList.empty() ? "" : ", ") + f;
    u.source = "benchmarks: " + out.other_sku + " ÷ " + out.reference_sku + " per GPU, " +
               std::to_string(n) + (n == 1 ? " pair" : " pairs") + " (min / median / max) from " +
               fileList;
    u.date = date;
    u.confidence = confidence;
    out.ratio = u;
}

} // namespace

std::string_view toString(ThroughputKind k) {
    return k == ThroughputKind::Total ? "total" : "output";
}

std::string ComparisonGroup::label() const {
    std::string out = model;
    if (!precision.empty())
        out += " " + precision;
    if (!scenario.empty())
        out += " " + scenario;
    if (isl || osl)
        out += " " + optionalInt(isl) + "/" + optionalInt(osl);
    out += " (" + std::string(toString(kind)) + " tokens)";
    return out;
}

std::string provenance(const BenchmarkRecord& r) {
    // The file by name: its folder says nothing about the measurement, and a row reference
    // that already names the file is not repeated.
    const std::string name = std::filesystem::path(r.file).filename().string();
    std::string out = name.empty() ? r.source : name;
    if (!r.source_ref.empty()) {
        if (!name.empty() && r.source_ref.rfind(name, 0) == 0)
            out = r.source_ref;
        else
            out += ", " + r.source_ref;
    }
    if (!r.round.empty())
        out += ", " + r.round;
    if (!r.date.empty())
        out += ", " + r.date;
    return out;
}

std::vector<FrontierPoint> paretoFrontier(std::vector<FrontierPoint> points) {
    // By interactivity descending, throughput descending among equals; a point stays when it
    // beats the throughput of every point at least as interactive.
    std::sort(points.begin(), points.end(), [](const FrontierPoint& a, const FrontierPoint& b) {
        return a.interactivity != b.interactivity ? a.interactivity > b.interactivity
                                                  : a.per_gpu > b.per_gpu;
    });
    std::vector<FrontierPoint> frontier;
    double best = -1;
    for (const FrontierPoint& p : points)
        if (p.per_gpu > best) {
            frontier.push_back(p);
            best = p.per_gpu;
        }
    return frontier;
}

std::optional<double> throughputAt(const std::vector<FrontierPoint>& frontier,
                                   double interactivity) {
    if (frontier.empty() || interactivity > frontier.front().interactivity ||
        interactivity < frontier.back().interactivity)
        return std::nullopt;
    for (std::size_t i = 0; i < frontier.size(); ++i) {
        const FrontierPoint& a = frontier[i];
        if (interactivity == a.interactivity)
            return a.per_gpu;
        const FrontierPoint& b = frontier[i + 1]; // exists: interactivity ≥ the last point's
        if (interactivity > b.interactivity) {
            const double t =
                (a.interactivity - interactivity) / (a.interactivity - b.interactivity);
            return a.per_gpu + t * (b.per_gpu - a.per_gpu);
        }
    }
    return std::nullopt;
}

SkuComparison compareSkus(const std::vector<BenchmarkRecord>& records,
                          std::string_view referenceSku, std::string_view otherSku,
                          const CompareOptions& options) {
    SkuComparison out;
    out.reference_sku = std::string(referenceSku);
    out.other_sku = std::string(otherSku);
    const std::string ref = asciiLower(referenceSku);
    const std::string oth = asciiLower(otherSku);
    std::map<std::string, Sides> groups; // by key: labels sort the output below
    for (const BenchmarkRecord& r : records) {
        const std::string sku = asciiLower(r.sku);
        if ((sku != ref && sku != oth) || !keep(r, options))
            continue;
        if (!options.include_flagged && excludedFromBindingsByDefault(r)) {
            std::string why;
            for (const std::string& f : r.flags)
                why += (why.empty() ? "" : "; ") + f;
            out.excluded.push_back(provenance(r) + " (" + r.sku + "): " + why);
            continue;
        }
        Sides& sides = groups[groupKey(r)];
        if (sides.reference.empty() && sides.other.empty())
            sides.group = {r.model, r.precision, r.scenario, r.isl, r.osl, kindOf(r)};
        (sku == ref ? sides.reference : sides.other).push_back(&r);
    }
    Used used;
    for (const auto& [key, sides] : groups) {
        if (sides.reference.empty() || sides.other.empty()) {
            const bool onlyRef = sides.other.empty();
            out.unpaired.push_back(
                sides.group.label() + ": only " + (onlyRef ? out.reference_sku : out.other_sku) +
                " rows (" + std::to_string(onlyRef ? sides.reference.size() : sides.other.size()) +
                ")");
            continue;
        }
        pairPoints(sides, out, used);
        pairSweeps(sides, options, out, used);
    }
    // A ratio beyond a performance ratio's sense bounds (issue 20: 1e308 ÷ 5e-324 tok/s gave
    // inf with exit 0) is no measurement of two GPUs; binding it would write a scenario that
    // does not read back. Its pair is left out and said so.
    std::erase_if(out.pairs, [&](const RatioPair& p) {
        if (kRatioDomain.admits(p.ratio))
            return false;
        out.excluded.push_back(p.group.label() + ": " + number(p.other_per_gpu) + " ÷ " +
                               number(p.reference_per_gpu) + " tok/s per GPU gives a ratio of " +
                               number(p.ratio) + ", outside " + kRatioDomain.describe() +
                               " (docs/limits.md): not a comparison of two real GPUs");
        return true;
    });
    std::set<std::string> seen;
    for (const RatioPair& p : out.pairs)
        for (const auto* rows : {&p.reference_rows, &p.other_rows})
            for (const std::string& row : *rows)
                if (seen.insert(row).second)
                    out.sources.push_back(row);
    summarise(out, used);
    return out;
}

} // namespace crossgrade::model
