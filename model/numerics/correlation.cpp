#include "correlation.h"

#include "random_streams.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <utility>

namespace crossgrade::model {

namespace {

// Salts the score streams so that they are independent of the inputs' Latin-hypercube
// streams, which use the same (seed, pointer) ("RANKSCOR" in ASCII).
constexpr std::uint64_t kScoreStream = 0x52414e4b53434f52ull;

constexpr double kPivotFloor = 1e-12;

std::string placeOf(const std::string& id) {
    return "/correlations/" + pointerToken(id);
}

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

std::string numberText(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

// The target of the given entries as a k × k matrix over `pointers` (sorted), Spearman ρ.
std::vector<double> targetMatrix(const std::vector<std::string>& pointers,
                                 const std::vector<const InputCorrelation*>& entries) {
    const std::size_t k = pointers.size();
    std::vector<double> m(k * k, 0.0);
    for (std::size_t i = 0; i < k; ++i)
        m[i * k + i] = 1.0;
    auto index = [&](const std::string& p) {
        return std::size_t(std::lower_bound(pointers.begin(), pointers.end(), p) -
                           pointers.begin());
    };
    for (const InputCorrelation* c : entries) {
        const std::size_t a = index(c->first);
        const std::size_t b = index(c->second);
        m[a * k + b] = m[b * k + a] = c->rank_correlation;
    }
    return m;
}

std::vector<double> asNormalScores(std::vector<double> m) {
    for (double& v : m)
        v = v == 1.0 ? 1.0 : normalScoreCorrelation(v);
    return m;
}

// Whether the entries together are a valid target: positive definite both as Spearman ρ and
// as the normal-score correlations the method actually imposes.
bool positiveDefinite(const std::vector<const InputCorrelation*>& entries) {
    std::vector<std::string> pointers;
    for (const InputCorrelation* c : entries) {
        pointers.push_back(c->first);
        pointers.push_back(c->second);
    }
    std::sort(pointers.begin(), pointers.end());
    pointers.erase(std::unique(pointers.begin(), pointers.end()), pointers.end());
    const std::vector<double> target = targetMatrix(pointers, entries);
    return cholesky(target, pointers.size()) && cholesky(asNormalScores(target), pointers.size());
}

// Ranks of one column, 0 = smallest; ties by sample index, so the order is fully determined.
std::vector<std::uint32_t> ranksOf(const std::vector<double>& column) {
    const std::size_t n = column.size();
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return column[a] < column[b] || (column[a] == column[b] && a < b);
    });
    std::vector<std::uint32_t> rank(n);
    for (std::size_t r = 0; r < n; ++r)
        rank[order[r]] = static_cast<std::uint32_t>(r);
    return rank;
}

// Pearson correlation of two equally long columns.
double pearson(const double* a, const double* b, std::size_t n) {
    double meanA = 0;
    double meanB = 0;
    for (std::size_t s = 0; s < n; ++s) {
        meanA += a[s];
        meanB += b[s];
    }
    meanA /= double(n);
    meanB /= double(n);
    double ab = 0;
    double aa = 0;
    double bb = 0;
    for (std::size_t s = 0; s < n; ++s) {
        ab += (a[s] - meanA) * (b[s] - meanB);
        aa += (a[s] - meanA) * (a[s] - meanA);
        bb += (b[s] - meanB) * (b[s] - meanB);
    }
    return ab / std::sqrt(aa * bb);
}

// The inverse of a lower-triangular k × k matrix (row-major), by forward substitution.
std::vector<double> lowerInverse(const std::vector<double>& l, std::size_t k) {
    std::vector<double> inv(k * k, 0.0);
    for (std::size_t j = 0; j < k; ++j) {
        inv[j * k + j] = 1.0 / l[j * k + j];
        for (std::size_t i = j + 1; i < k; ++i) {
            double sum = 0;
            for (std::size_t m = j; m < i; ++m)
                sum += l[i * k + m] * inv[m * k + j];
            inv[i * k + j] = -sum / l[i * k + i];
        }
    }
    return inv;
}

} // namespace

std::vector<CorrelationProblem>
checkCorrelations(const std::map<std::string, InputCorrelation>& correlations,
                  const InputTable& table) {
    std::vector<CorrelationProblem> problems;
    const std::string anInput =
        "the JSON pointer of an uncertain input of this scenario (e.g. "
        "\"/amd_discount\"; port months exist only for the tasks an option runs at "
        "the audit's effort level, e.g. \"/pricebook/port_months/inference-port/moderate/path1\")";
    std::map<std::pair<std::string, std::string>, std::string> pairs; // → id that gave it
    // stream → (the input named for it, the correlation id that named it first)
    std::map<std::string, std::pair<std::string, std::string>> drawnBy;
    std::vector<const InputCorrelation*> valid;
    std::vector<std::string> validIds;
    for (const auto& [id, c] : correlations) {
        const std::string at = placeOf(id);
        bool ok = true;
        if (!std::isfinite(c.rank_correlation) || !(std::fabs(c.rank_correlation) < 1.0)) {
            problems.push_back({at + "/rank_correlation",
                                "expected a rank correlation strictly between -1 and 1, got " +
                                    numberText(c.rank_correlation)});
            ok = false;
        }
        const std::string* members[2] = {&c.first, &c.second};
        for (std::size_t i = 0; i < 2; ++i)
            if (!table.find(*members[i])) {
                problems.push_back({at + "/inputs/" + std::to_string(i),
                                    "expected " + anInput + ", got " + quoted(*members[i])});
                ok = false;
            }
        if (c.first == c.second) {
            problems.push_back({at + "/inputs/1", "expected an input other than the first, got " +
                                                      quoted(c.second) + " twice"});
            ok = false;
        }
        if (ok)
            for (std::size_t i = 0; i < 2 && ok; ++i) {
                // One input per shared draw: its other members follow it (CorrelationPlan).
                const std::string& stream = table.stream(*table.find(*members[i]));
                const auto [it, inserted] = drawnBy.try_emplace(stream, *members[i], id);
                if (!inserted && it->second.first != *members[i]) {
                    problems.push_back(
                        {at + "/inputs/" + std::to_string(i),
                         "expected at most one input of a shared draw; " + quoted(*members[i]) +
                             " and " + quoted(std::as_const(it->second.first)) + " (named by " +
                             placeOf(it->second.second) +
                             ") are the same port task on two paths and draw together "
                             "(docs/uncertainty.md, \"Shared draws\"): correlate one of them "
                             "and the other moves with it"});
                    ok = false;
                }
            }
        const auto key = std::minmax(c.first, c.second);
        if (ok) {
            const auto [it, inserted] = pairs.try_emplace({key.first, key.second}, id);
            if (!inserted) {
                problems.push_back(
                    {at + "/inputs", "expected each pair of inputs once; " + quoted(c.first) +
                                         " and " + quoted(c.second) +
                                         " are already correlated by " + placeOf(it->second)});
                ok = false;
            }
        }
        if (ok) {
            valid.push_back(&c);
            validIds.push_back(id);
        }
    }
    if (!problems.empty() || positiveDefinite(valid))
        return problems;
    // Not a correlation matrix. Name the entry whose removal makes it one, in key order;
    // when no single entry does, the set as a whole.
    const std::string why =
        "the rank correlations together are not a positive-definite matrix, so no joint "
        "distribution has them (for example, two inputs both strongly correlated with a third "
        "must be correlated with each other)";
    for (std::size_t drop = 0; drop < valid.size(); ++drop) {
        std::vector<const InputCorrelation*> rest = valid;
        rest.erase(rest.begin() + std::ptrdiff_t(drop));
        if (positiveDefinite(rest)) {
            problems.push_back({placeOf(validIds[drop]) + "/rank_correlation",
                                why + "; without this entry they are"});
            return problems;
        }
    }
    problems.push_back({"/correlations", why});
    return problems;
}

std::vector<RankCorrelation>
resolveCorrelations(const std::map<std::string, InputCorrelation>& correlations,
                    const InputTable& table) {
    std::vector<RankCorrelation> out;
    for (const auto& [id, c] : correlations)
        out.push_back({*table.find(c.first), *table.find(c.second), c.rank_correlation});
    return out;
}

std::optional<std::vector<double>> cholesky(const std::vector<double>& a, std::size_t k) {
    std::vector<double> l(k * k, 0.0);
    for (std::size_t j = 0; j < k; ++j) {
        double pivot = a[j * k + j];
        for (std::size_t m = 0; m < j; ++m)
            pivot -= l[j * k + m] * l[j * k + m];
        if (!(pivot > kPivotFloor)) // NaN fails too
            return std::nullopt;
        const double d = std::sqrt(pivot);
        l[j * k + j] = d;
        for (std::size_t i = j + 1; i < k; ++i) {
            double sum = a[i * k + j];
            for (std::size_t m = 0; m < j; ++m)
                sum -= l[i * k + m] * l[j * k + m];
            l[i * k + j] = sum / d;
        }
    }
    return l;
}

double normalScoreCorrelation(double spearman) {
    // Pearson (1907): a bivariate normal with correlation r has Spearman ρ = (6/π)·asin(r/2).
    return 2.0 * std::sin(std::numbers::pi * spearman / 6.0);
}

CorrelationPlan correlationPlan(const InputTable& table) {
    CorrelationPlan plan;
    const std::vector<RankCorrelation>& given = table.correlations();
    if (given.empty())
        return plan;
    for (const RankCorrelation& c : given) {
        plan.pointers.push_back(table.pointer(c.first));
        plan.pointers.push_back(table.pointer(c.second));
    }
    std::sort(plan.pointers.begin(), plan.pointers.end());
    plan.pointers.erase(std::unique(plan.pointers.begin(), plan.pointers.end()),
                        plan.pointers.end());
    const std::size_t k = plan.pointers.size();
    for (const std::string& p : plan.pointers)
        plan.ids.push_back(*table.find(p));
    plan.target.assign(k * k, 0.0);
    for (std::size_t i = 0; i < k; ++i)
        plan.target[i * k + i] = 1.0;
    auto index = [&](InputId id) {
        return std::size_t(std::find(plan.ids.begin(), plan.ids.end(), id) - plan.ids.begin());
    };
    for (const RankCorrelation& c : given) {
        const std::size_t a = index(c.first);
        const std::size_t b = index(c.second);
        plan.target[a * k + b] = plan.target[b * k + a] = c.rho;
    }
    plan.followers.resize(k);
    for (std::size_t j = 0; j < k; ++j)
        for (InputId id = 0; id < table.size(); ++id)
            if (id != plan.ids[j] && table.stream(id) == table.stream(plan.ids[j]))
                plan.followers[j].push_back(id);
    return plan;
}

std::vector<std::vector<std::uint32_t>> imanConoverRanks(const CorrelationPlan& plan,
                                                         std::uint64_t seed, std::size_t samples) {
    const std::size_t k = plan.pointers.size();
    const std::size_t n = samples;
    if (k == 0 || n == 0)
        return {};
    const std::optional<std::vector<double>> p = cholesky(asNormalScores(plan.target), k);
    if (!p)
        return {};

    // van der Waerden scores Φ⁻¹(r/(n+1)), shared by every column, each in its own order.
    std::vector<double> scores(n);
    const boost::math::normal normal;
    for (std::size_t r = 0; r < n; ++r)
        scores[r] = boost::math::quantile(normal, double(r + 1) / double(n + 1));
    std::vector<double> s(k * n); // column-major, like the draws
    for (std::size_t j = 0; j < k; ++j) {
        const std::vector<std::size_t> order =
            streamPermutation(seed, plan.pointers[j], kScoreStream, n);
        for (std::size_t i = 0; i < n; ++i)
            s[j * n + i] = scores[order[i]];
    }

    // The correlation the shuffled scores happen to have, C = Q·Qᵀ; T = P·Q⁻¹ turns it into
    // the target exactly. Too few samples for C to be positive definite (n ≤ k): skip Q.
    std::vector<double> c(k * k, 0.0);
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j <= i; ++j)
            c[i * k + j] = c[j * k + i] = i == j ? 1.0 : pearson(&s[i * n], &s[j * n], n);
    std::vector<double> t = *p;
    if (const std::optional<std::vector<double>> q = cholesky(c, k)) {
        const std::vector<double> qInverse = lowerInverse(*q, k);
        for (std::size_t i = 0; i < k; ++i)
            for (std::size_t j = 0; j <= i; ++j) {
                double sum = 0;
                for (std::size_t m = j; m <= i; ++m)
                    sum += (*p)[i * k + m] * qInverse[m * k + j];
                t[i * k + j] = sum;
            }
    }

    std::vector<std::vector<std::uint32_t>> ranks(k);
    std::vector<double> column(n);
    for (std::size_t j = 0; j < k; ++j) {
        for (std::size_t i = 0; i < n; ++i) {
            double sum = 0;
            for (std::size_t m = 0; m <= j; ++m)
                sum += t[j * k + m] * s[m * n + i];
            column[i] = sum;
        }
        ranks[j] = ranksOf(column);
    }
    return ranks;
}

void reorderByRanks(double* column, const std::vector<std::uint32_t>& ranks, std::size_t n) {
    std::vector<double> sorted(column, column + n);
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t s = 0; s < n; ++s)
        column[s] = sorted[ranks[s]];
}

void applyRanks(double* draws, const CorrelationPlan& plan,
                const std::vector<std::vector<std::uint32_t>>& ranks, std::size_t samples) {
    for (std::size_t j = 0; j < ranks.size(); ++j) {
        reorderByRanks(draws + std::size_t(plan.ids[j]) * samples, ranks[j], samples);
        for (InputId follower : plan.followers[j])
            reorderByRanks(draws + std::size_t(follower) * samples, ranks[j], samples);
    }
}

void correlateDraws(std::vector<double>& draws, const InputTable& table, std::uint64_t seed,
                    std::size_t samples) {
    const CorrelationPlan plan = correlationPlan(table);
    applyRanks(draws.data(), plan, imanConoverRanks(plan, seed, samples), samples);
}

double spearman(const double* a, const double* b, std::size_t n) {
    auto averageRanks = [n](const double* x) {
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
            return x[i] < x[j] || (x[i] == x[j] && i < j);
        });
        std::vector<double> rank(n);
        for (std::size_t r = 0; r < n;) {
            std::size_t end = r;
            while (end + 1 < n && x[order[end + 1]] == x[order[r]])
                ++end;
            const double average = 0.5 * double(r + end);
            for (std::size_t m = r; m <= end; ++m)
                rank[order[m]] = average;
            r = end + 1;
        }
        return rank;
    };
    const std::vector<double> ra = averageRanks(a);
    const std::vector<double> rb = averageRanks(b);
    return pearson(ra.data(), rb.data(), n);
}

} // namespace crossgrade::model
