#include "sampling.h"

#include "correlation.h"
#include "random_streams.h"

#include <algorithm>
#include <array>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <unordered_set>

namespace crossgrade::model {

namespace {

// ---------------------------------------------------------------------------------------------
// PERT inverse CDF. boost::math::ibeta_inv costs 4–16 µs a call here (measured with g++ -O2 on
// the dev machine: 41–159 ms for 10,000 calls at one shape), i.e. seconds for 120 inputs. So
// the inverse is tabulated once per shape and interpolated.
//
// Beta(a, b) has a power-law end at 0: F(y) ≈ y^a / (a·B(a, b)), so y(u) ~ u^(1/a) has an
// infinite slope there. In s = F(y)^(1/a) the inverse y(s) is analytic (s = y·(smooth,
// positive)^(1/a)), so each half of the distribution is interpolated in its own s: the lower
// half as y(u^(1/α)) of Beta(α, β), the upper half as 1 − x through the mirror Beta(β, α) in
// (1 − u)^(1/β). Each half uses cubic Hermite interpolation with exact slopes dy/ds at
// kPertKnots + 1 knots, graded towards the median where the far end's singularity is nearest.
//
// Error bound: |table − exact| ≤ kPertTableError (1e-9) of the range's width for every u and
// every PERT shape. Measured worst case 1.8e-10 (c = (m − l)/(h − l) on a 0.005 grid plus
// 1e-9-close to 0 and 1, u on a 1/4000 grid plus 1e-12…1e-0.3 log-spaced at both ends, against
// ibeta_inv); tests/model/numerics/tst_sampling.cpp checks it. One table costs about 0.7 ms to
// build.
constexpr int kPertKnots = 96;

class BetaHalfInverse {
public:
    // y(u) of Beta(a, b) for u ≤ F(top).
    BetaHalfInverse(double a, double b, double top)
        : m_a(a)
        , m_inverseA(1.0 / a) {
        const double beta = boost::math::beta(a, b);
        for (int j = 0; j <= kPertKnots; ++j) {
            // r = 1 − q/2 − q²/2: knots twice as dense at the median end as uniform ones,
            // which balanced the error between the two ends of each half.
            const double q = 1.0 - double(j) / kPertKnots;
            const double y = j == kPertKnots ? top : top * (1.0 - 0.5 * q - 0.5 * q * q);
            m_y[std::size_t(j)] = y;
            if (j == 0) {
                m_s[0] = 0.0;
                // The limit of dy/ds at y → 0: (a·B)^(1/a).
                m_slope[0] = std::pow(a * beta, m_inverseA);
                continue;
            }
            const double cdf = boost::math::ibeta(a, b, y);
            const double density = std::pow(y, a - 1.0) * std::pow(1.0 - y, b - 1.0) / beta;
            m_s[std::size_t(j)] = std::pow(cdf, m_inverseA);
            // ds/dy = (1/a)·F^(1/a − 1)·f, inverted.
            m_slope[std::size_t(j)] = a * std::pow(cdf, 1.0 - m_inverseA) / density;
        }
    }

    double operator()(double u) const {
        const double s = m_a == 1.0 ? u : std::pow(u, m_inverseA);
        auto it = std::upper_bound(m_s.begin() + 1, m_s.end() - 1, s);
        const auto j = std::size_t(it - m_s.begin()) - 1;
        const double h = m_s[j + 1] - m_s[j];
        const double t = (s - m_s[j]) / h;
        const double t2 = t * t;
        const double t3 = t2 * t;
        return (2 * t3 - 3 * t2 + 1) * m_y[j] + (t3 - 2 * t2 + t) * h * m_slope[j] +
               (-2 * t3 + 3 * t2) * m_y[j + 1] + (t3 - t2) * h * m_slope[j + 1];
    }

private:
    double m_a;
    double m_inverseA;
    std::array<double, kPertKnots + 1> m_s{};
    std::array<double, kPertKnots + 1> m_y{};
    std::array<double, kPertKnots + 1> m_slope{};
};

class PertInverse {
public:
    PertInverse(double alpha, double beta)
        : m_alpha(alpha)
        , m_beta(beta)
        , m_median(boost::math::ibeta_inv(alpha, beta, 0.5))
        , m_lower(alpha, beta, m_median)
        , m_upper(beta, alpha, 1.0 - m_median) {}

    bool is(double alpha, double beta) const { return m_alpha == alpha && m_beta == beta; }

    // Below the median: x itself. Above: 1 − x, so values near `high` keep their precision.
    bool lowerHalf(double u) const { return u <= 0.5; }
    double lower(double u) const { return m_lower(u); }
    double upperComplement(double u) const { return m_upper(1.0 - u); }

private:
    double m_alpha;
    double m_beta;
    double m_median;
    BetaHalfInverse m_lower;
    BetaHalfInverse m_upper;
};

// The table of one shape, memoised per thread: a table is a pure function of (α, β), so the
// cache never changes a bit of the result; quantile() called point by point (tornado, P10/P90
// read-outs) would otherwise rebuild it every call.
const PertInverse& pertInverse(double alpha, double beta) {
    constexpr std::size_t kSlots = 16;
    thread_local std::array<std::unique_ptr<PertInverse>, kSlots> cache;
    thread_local std::size_t next = 0;
    for (const auto& slot : cache)
        if (slot && slot->is(alpha, beta))
            return *slot;
    auto& slot = cache[next];
    next = (next + 1) % kSlots;
    slot = std::make_unique<PertInverse>(alpha, beta);
    return *slot;
}

// ---------------------------------------------------------------------------------------------
// One number's distribution, prepared once for many u.

class Prepared {
public:
    explicit Prepared(const UncertainNumber& number)
        : m_distribution(number.distribution) {
        double low = number.range.low;
        double mode = number.range.most_likely;
        double high = number.range.high;
        if (!std::isfinite(low) || !std::isfinite(high) || !std::isfinite(mode) || !(low <= high)) {
            // Not a valid range: the deterministic value, never an exception mid-run.
            m_constant = true;
            m_low = mode;
            return;
        }
        if (low == high) {
            m_constant = true;
            m_low = low;
            return;
        }
        mode = std::clamp(mode, low, high);
        // A width beyond DBL_MAX (e.g. [−1e308, 1e308]) is handled at half scale; halving and
        // doubling are exact, so the result is still within [low, high].
        if (!std::isfinite(high - low)) {
            m_scale = 2.0;
            low *= 0.5;
            mode *= 0.5;
            high *= 0.5;
        }
        m_low = low;
        m_high = high;
        m_width = high - low;
        m_modeFraction = (mode - low) / m_width;
        if (m_distribution == Distribution::Pert) {
            // DESIGN.md/sampling.h: λ = 4.
            // Divide before multiplying: 4 × (mode − low) overflows for ranges near DBL_MAX.
            const double alpha = 1.0 + 4.0 * ((mode - low) / m_width);
            const double beta = 1.0 + 4.0 * ((high - mode) / m_width);
            m_pert = &pertInverse(alpha, beta);
        }
    }

    bool constant() const { return m_constant; }

    double operator()(double u) const {
        if (m_constant)
            return m_low;
        if (!(u > 0.0)) // NaN reads as 0
            return m_scale * m_low;
        if (u >= 1.0)
            return m_scale * m_high;
        return m_scale * std::clamp(unscaled(u), m_low, m_high);
    }

private:
    double unscaled(double u) const {
        switch (m_distribution) {
        case Distribution::Uniform:
            return m_low + m_width * u;
        case Distribution::Triangular: {
            // Closed-form inverse of the triangular CDF, split at the mode's probability c.
            const double c = m_modeFraction;
            if (u < c)
                return m_low + m_width * std::sqrt(c * u);
            return m_high - m_width * std::sqrt((1.0 - c) * (1.0 - u));
        }
        case Distribution::Pert:
            break;
        }
        if (m_pert->lowerHalf(u))
            return m_low + m_width * m_pert->lower(u);
        return m_high - m_width * m_pert->upperComplement(u);
    }

    Distribution m_distribution;
    bool m_constant = false;
    double m_scale = 1.0;
    double m_low = 0;
    double m_high = 0;
    double m_width = 0;
    double m_modeFraction = 0;
    const PertInverse* m_pert = nullptr;
};

// ---------------------------------------------------------------------------------------------
// The shift rule of DrawCache.

// A shift is accepted when the width and the mode's offset from low agree to within this
// fraction of the width, plus kShiftRoundingUlps of the range's magnitude: moving l, m, h by δ
// in floating point changes h − l and m − l by a few ulps of max(|l|, |h|), and a slider move
// should still be a shift. Within that tolerance the fresh draw differs from the shifted one by
// at most |Δw| + 2·L·tolerance + rounding, where L = max |∂x/∂c| of the standardised quantile
// (≈ 1.0 for PERT, measured over c, u grids against ibeta_inv; ≤ 1/2 for triangular; 0 for
// uniform): about 3e-12 of the width plus 1e-14 of the magnitude, well inside 1e-9 relative.
constexpr double kShiftWidthTolerance = 1e-12;
constexpr double kShiftRoundingUlps = 16.0;

bool validRange(const Range& r) {
    return std::isfinite(r.low) && std::isfinite(r.most_likely) && std::isfinite(r.high) &&
           r.low <= r.most_likely && r.most_likely <= r.high && std::isfinite(r.high - r.low);
}

bool isShift(const Range& before, const Range& after) {
    if (!validRange(before) || !validRange(after))
        return false;
    const double widthBefore = before.high - before.low;
    const double widthAfter = after.high - after.low;
    const double offsetBefore = before.most_likely - before.low;
    const double offsetAfter = after.most_likely - after.low;
    const double magnitude = std::max({std::fabs(before.low), std::fabs(before.high),
                                       std::fabs(after.low), std::fabs(after.high)});
    const double tolerance =
        kShiftWidthTolerance * widthBefore +
        kShiftRoundingUlps * std::numeric_limits<double>::epsilon() * magnitude;
    return std::fabs(widthAfter - widthBefore) <= tolerance &&
           std::fabs(offsetAfter - offsetBefore) <= tolerance;
}

// Brings a cached column up to date with `number`, shifting it where the range only moved and
// `shift` allows, else drawing it afresh (as it does a shifted column when shifts are off).
// Returns whether its values changed.
bool refreshColumn(UncertainNumber& cached, std::vector<double>& values, bool& shifted,
                   const UncertainNumber& number, std::uint64_t seed, std::string_view stream,
                   std::size_t samples, bool shift) {
    const bool sameDistribution = cached.distribution == number.distribution;
    if (sameDistribution && cached.range == number.range && (shift || !shifted)) {
        cached = number; // provenance may have changed; the draws have not
        return false;
    }
    if (shift && sameDistribution && isShift(cached.range, number.range)) {
        // A shift, not a redraw: the same uniforms through the same shape land δ further on.
        const double delta = number.range.low - cached.range.low;
        for (double& v : values)
            v = std::clamp(v + delta, number.range.low, number.range.high);
        shifted = true;
    } else {
        values = drawInput(number, seed, stream, samples);
        shifted = false;
    }
    cached = number;
    return true;
}

} // namespace

ImpliedSpread impliedSpread(const UncertainNumber& number) {
    const auto [l, m, h] = number.range;
    ImpliedSpread out;
    out.p10 = quantile(number, 0.10);
    out.p50 = quantile(number, 0.50);
    out.p90 = quantile(number, 0.90);
    switch (number.distribution) {
    case Distribution::Pert:
        out.mean = (l + 4 * m + h) / 6;
        break;
    case Distribution::Triangular:
        out.mean = (l + m + h) / 3;
        break;
    case Distribution::Uniform:
        out.mean = (l + h) / 2;
        break;
    }
    if (number.isCertain())
        out.mean = l;
    return out;
}

double quantile(const UncertainNumber& number, double u) {
    return Prepared(number)(u);
}

double cumulativeProbability(const UncertainNumber& number, double x) {
    const auto [l, m, h] = number.range;
    if (x < l)
        return 0;
    if (x >= h)
        return 1;
    const double width = h - l;
    const double z = (x - l) / width; // in [0, 1)
    const double c = (m - l) / width;
    switch (number.distribution) {
    case Distribution::Uniform:
        return z;
    case Distribution::Triangular:
        return z <= c ? (c > 0 ? z * z / c : 0.0) : 1.0 - (1.0 - z) * (1.0 - z) / (1.0 - c);
    case Distribution::Pert:
        return boost::math::ibeta(1.0 + 4.0 * c, 1.0 + 4.0 * (1.0 - c), z);
    }
    return z;
}

std::vector<double> drawInput(const UncertainNumber& number, std::uint64_t seed,
                              std::string_view stream, std::size_t n) {
    const Prepared distribution(number);
    if (distribution.constant())
        return std::vector<double>(n, distribution(0.5));
    std::vector<double> values = latinHypercubeColumn(seed, stream, n);
    for (double& v : values)
        v = distribution(v);
    return values;
}

const std::vector<double>& DrawCache::draws(const InputTable& table, std::uint64_t seed,
                                            std::size_t samples, std::size_t* recomputed) {
    if (seed != m_seed || samples != m_samples) {
        m_columns.clear();
        m_ranks.clear();
        m_correlatedPointers.clear();
        m_seed = seed;
        m_samples = samples;
    }
    // Forget inputs that left the table, so memory follows the scenario in use.
    std::unordered_set<std::string_view> present;
    for (InputId id = 0; id < table.size(); ++id)
        present.insert(table.pointer(id));
    std::erase_if(m_columns, [&](const auto& entry) { return !present.contains(entry.first); });

    std::size_t changed = 0;
    m_matrix.resize(table.size() * samples);
    for (InputId id = 0; id < table.size(); ++id) {
        const std::string& pointer = table.pointer(id);
        const std::string& stream = table.stream(id); // fixed by the pointer (InputTable::add)
        const UncertainNumber& number = table.number(id);
        auto [it, inserted] = m_columns.try_emplace(pointer);
        Column& column = it->second;
        if (inserted) {
            column.number = number;
            column.values = drawInput(number, seed, stream, samples);
            ++changed;
        } else if (refreshColumn(column.number, column.values, column.shifted, number, seed, stream,
                                 samples, m_shift)) {
            ++changed;
        }
        std::copy(column.values.begin(), column.values.end(),
                  m_matrix.begin() + std::ptrdiff_t(std::size_t(id) * samples));
    }
    const CorrelationPlan plan = correlationPlan(table);
    if (plan.pointers != m_correlatedPointers || plan.target != m_correlationTarget) {
        m_ranks = imanConoverRanks(plan, seed, samples);
        m_correlatedPointers = plan.pointers;
        m_correlationTarget = plan.target;
    }
    applyRanks(m_matrix.data(), plan, m_ranks, samples);
    if (recomputed)
        *recomputed = changed;
    return m_matrix;
}

} // namespace crossgrade::model
