#include "benchmark_binding.h"

#include "ascii_text.h"
#include "benchmark_compare.h"

#include <algorithm>

namespace crossgrade::model {

namespace {

CompareOptions optionsOf(const BenchmarkSelector& s) {
    CompareOptions o;
    o.model = s.model;
    o.precision = s.precision;
    o.scenario = s.scenario;
    o.isl = s.isl;
    o.osl = s.osl;
    o.interactivity = s.interactivity;
    o.include_flagged = s.include_flagged;
    return o;
}

// The rows of one SKU the selector takes (the same filter compareSkus applies).
std::vector<const BenchmarkRecord*> rowsOf(const std::vector<BenchmarkRecord>& records,
                                           std::string_view sku, const BenchmarkSelector& s) {
    std::vector<const BenchmarkRecord*> out;
    for (const BenchmarkRecord& r : records) {
        if (asciiLower(r.sku) != asciiLower(sku))
            continue;
        if (asciiLower(r.model).find(asciiLower(s.model)) == std::string::npos)
            continue;
        if (!s.precision.empty() && asciiLower(r.precision) != asciiLower(s.precision))
            continue;
        if (!s.scenario.empty() && asciiLower(r.scenario) != asciiLower(s.scenario))
            continue;
        if ((s.isl && r.isl != s.isl) || (s.osl && r.osl != s.osl))
            continue;
        if (!s.include_flagged && excludedFromBindingsByDefault(r))
            continue;
        out.push_back(&r);
    }
    return out;
}

// min / median / max of `values` with its source; nullopt when there are none.
std::optional<UncertainNumber> spread(std::vector<double> values, const std::string& what,
                                      const std::vector<const BenchmarkRecord*>& rows) {
    if (values.empty())
        return std::nullopt;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    UncertainNumber u = UncertainNumber::between(values.front(), median, values.back());
    std::string date;
    bool ownRuns = true;
    for (const BenchmarkRecord* r : rows) {
        date = std::max(date, r->date);
        ownRuns = ownRuns && r->source == "serving";
    }
    u.source = "benchmarks: " + what + ", " + std::to_string(n) + (n == 1 ? " row" : " rows") +
               " (min / median / max)";
    u.date = date;
    u.confidence = ownRuns ? Confidence::A : Confidence::B;
    return u;
}

} // namespace

const BoundSku* WorkloadBinding::sku(const std::string& id) const {
    const auto it = skus.find(id);
    return it == skus.end() ? nullptr : &it->second;
}

WorkloadBinding bindWorkload(const BenchmarkSelector& selector,
                             const std::vector<BenchmarkRecord>& records, const PriceBook& book,
                             std::string boundOn) {
    WorkloadBinding b;
    b.selector = selector;
    b.bound_on = std::move(boundOn);
    const CompareOptions options = optionsOf(selector);
    for (const auto& [id, sku] : book.skus) {
        BoundSku bound;
        // Measured energy per total token on this SKU.
        std::vector<double> joules;
        std::vector<const BenchmarkRecord*> energyRows;
        for (const BenchmarkRecord* r : rowsOf(records, id, selector))
            if (r->joules_per_token && *r->joules_per_token > 0) {
                joules.push_back(*r->joules_per_token);
                energyRows.push_back(r);
                bound.rows.push_back(provenance(*r));
            }
        bound.joules_per_token = spread(joules, "measured J/token on " + id, energyRows);
        if (id != kReferenceSku) {
            const SkuComparison c = compareSkus(records, kReferenceSku, id, options);
            if (c.ratio) {
                bound.ratio = c.ratio;
                bound.pairs = int(c.pairs.size());
                for (const std::string& row : c.sources)
                    if (std::find(bound.rows.begin(), bound.rows.end(), row) == bound.rows.end())
                        bound.rows.push_back(row);
            } else {
                const bool any = !rowsOf(records, id, selector).empty();
                b.notes.push_back(
                    id + ": " +
                    (any ? "its rows do not pair like-for-like with H100's" : "no benchmark rows") +
                    "; the performance table's ratio stays");
            }
        }
        if (bound.ratio || bound.joules_per_token)
            b.skus[id] = std::move(bound);
    }
    // The user's own serving runs on H100 set the absolute throughput per GPU.
    std::vector<double> own;
    std::vector<const BenchmarkRecord*> ownRows;
    for (const BenchmarkRecord* r : rowsOf(records, kReferenceSku, selector))
        if (r->source == "serving" && r->total_tokens_per_s_per_gpu) {
            own.push_back(*r->total_tokens_per_s_per_gpu);
            ownRows.push_back(r);
            b.reference_rows.push_back(provenance(*r));
        }
    b.reference_tokens_per_s_per_gpu =
        spread(own, "total tokens/s per H100 in your own serving runs", ownRows);
    if (!b.reference_tokens_per_s_per_gpu)
        b.notes.push_back("no serving run of your own on H100 matches: the workload's reference "
                          "throughput stays");
    return b;
}

} // namespace crossgrade::model
