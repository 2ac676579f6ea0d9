// The Monte Carlo's draws (model/numerics/sampling.h): quantiles against Boost.Math,
// Latin-hypercube strata, common random numbers in the draw cache and its shift rule, and pinned
// bits so a change of generator or hashing cannot pass unnoticed.

#include "sampling.h"

#include <QElapsedTimer>
#include <QtTest>
#include <algorithm>
#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/triangular.hpp>
#include <boost/math/distributions/uniform.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

using namespace crossgrade::model;

Q_DECLARE_METATYPE(Distribution)

namespace {

// The PERT table's stated bound (model/numerics/sampling.cpp, docs/uncertainty.md): 1e-9 of the
// width.
constexpr double kPertTableError = 1e-9;
constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr std::size_t kSamples = 10000;

UncertainNumber numberOf(Distribution d, double low, double mode, double high) {
    UncertainNumber n = UncertainNumber::between(low, mode, high);
    n.distribution = d;
    return n;
}

// The analytic quantile from Boost.Math's distribution equivalent to `n`.
double analyticQuantile(const UncertainNumber& n, double u) {
    const Range& r = n.range;
    const double width = r.high - r.low;
    switch (n.distribution) {
    case Distribution::Uniform:
        return boost::math::quantile(boost::math::uniform_distribution<>(r.low, r.high), u);
    case Distribution::Triangular:
        return boost::math::quantile(
            boost::math::triangular_distribution<>(r.low, r.most_likely, r.high), u);
    case Distribution::Pert:
        break;
    }
    const double alpha = 1.0 + 4.0 * (r.most_likely - r.low) / width;
    const double beta = 1.0 + 4.0 * (r.high - r.most_likely) / width;
    return r.low + width * boost::math::quantile(boost::math::beta_distribution<>(alpha, beta), u);
}

double analyticMean(const UncertainNumber& n) {
    const Range& r = n.range;
    switch (n.distribution) {
    case Distribution::Uniform:
        return boost::math::mean(boost::math::uniform_distribution<>(r.low, r.high));
    case Distribution::Triangular:
        return boost::math::mean(
            boost::math::triangular_distribution<>(r.low, r.most_likely, r.high));
    case Distribution::Pert:
        break;
    }
    const double width = r.high - r.low;
    const double alpha = 1.0 + 4.0 * (r.most_likely - r.low) / width;
    const double beta = 1.0 + 4.0 * (r.high - r.most_likely) / width;
    return r.low + width * boost::math::mean(boost::math::beta_distribution<>(alpha, beta));
}

// How far the implementation may sit from the analytic quantile: the PERT table's bound, or
// rounding only for the closed forms (a handful of operations on numbers ≤ the magnitude).
double quantileTolerance(const UncertainNumber& n) {
    const Range& r = n.range;
    const double magnitude = std::max(std::fabs(r.low), std::fabs(r.high));
    const double rounding = 16 * kEps * magnitude;
    if (n.distribution == Distribution::Pert)
        return kPertTableError * (r.high - r.low) + rounding;
    return rounding;
}

std::vector<double> probabilityGrid() {
    std::vector<double> us{0.0, 1.0, 0.5};
    for (int i = 1; i < 1000; ++i)
        us.push_back(i / 1000.0);
    for (int e = 1; e <= 12; ++e) {
        us.push_back(std::pow(10.0, -e));
        us.push_back(1.0 - std::pow(10.0, -e));
    }
    return us;
}

const double* columnOf(const std::vector<double>& matrix, std::size_t input, std::size_t n) {
    return matrix.data() + input * n;
}

bool sameBits(const double* a, const double* b, std::size_t n) {
    return std::memcmp(a, b, n * sizeof(double)) == 0;
}

// A scenario-like table: a mix of distributions, widths, signs and one certain number.
InputTable mixedTable(std::size_t count) {
    InputTable table;
    for (std::size_t i = 0; i < count; ++i) {
        const double base = 10.0 * double(i + 1);
        const auto d = static_cast<Distribution>(i % 3);
        const std::string pointer = "/inputs/" + std::to_string(i) + "/value";
        if (i % 17 == 5)
            table.add(pointer, UncertainNumber::certain(base));
        else
            table.add(pointer, numberOf(d, base, base * (1.1 + 0.01 * double(i % 7)), base * 1.6));
    }
    return table;
}

// `table` with input `changed` replaced by `number`.
InputTable withInput(const InputTable& table, InputId changed, const UncertainNumber& number) {
    InputTable out;
    for (InputId id = 0; id < table.size(); ++id)
        out.add(table.pointer(id), id == changed ? number : table.number(id));
    return out;
}

} // namespace

class TestSampling : public QObject {
    Q_OBJECT

private slots:
    void quantileMatchesBoost_data();
    void quantileMatchesBoost();
    void pertTableWithinItsBoundForEveryShape();
    void quantileEdgeCases();
    void impliedSpreadOfEachShape();
    void sampleStatisticsMatchAnalytic_data();
    void sampleStatisticsMatchAnalytic();
    void collapsedRangeHasNoSpread_data();
    void collapsedRangeHasNoSpread();
    void oneValuePerStratum_data();
    void oneValuePerStratum();
    void sameStreamSameBits();
    void otherPointerOrSeedOtherColumn();
    void changingOneInputKeepsTheOthers_data();
    void changingOneInputKeepsTheOthers();
    void provenanceChangeKeepsDraws();
    void shiftMovesDrawsByDelta_data();
    void shiftMovesDrawsByDelta();
    void newSeedOrSampleCountRecomputesAll();
    void removedInputIsForgotten();
    void pinnedDraws();
    void timing();
};

void TestSampling::quantileMatchesBoost_data() {
    QTest::addColumn<Distribution>("distribution");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("mode");
    QTest::addColumn<double>("high");
    const Distribution all[] = {Distribution::Pert, Distribution::Triangular,
                                Distribution::Uniform};
    for (Distribution d : all) {
        const QByteArray name(toString(d).data(), qsizetype(toString(d).size()));
        QTest::newRow(name + " symmetric") << d << 0.0 << 5.0 << 10.0;
        QTest::newRow(name + " right-skewed price") << d << 25000.0 << 28000.0 << 40000.0;
        QTest::newRow(name + " mode at low") << d << 0.0 << 0.0 << 1.0;
        QTest::newRow(name + " mode at high") << d << 2.0 << 9.0 << 9.0;
        QTest::newRow(name + " negative") << d << -50.0 << -10.0 << 0.0;
        QTest::newRow(name + " narrow, large") << d << 1e6 << 1e6 + 1 << 1e6 + 3;
        QTest::newRow(name + " fraction") << d << 0.05 << 0.12 << 0.4;
    }
}

void TestSampling::quantileMatchesBoost() {
    QFETCH(Distribution, distribution);
    QFETCH(double, low);
    QFETCH(double, mode);
    QFETCH(double, high);
    const UncertainNumber n = numberOf(distribution, low, mode, high);
    const double tolerance = quantileTolerance(n);
    for (double u : probabilityGrid()) {
        const double got = quantile(n, u);
        const double want = analyticQuantile(n, u);
        if (std::fabs(got - want) > tolerance)
            QFAIL(qPrintable(QString("u = %1: got %2, Boost %3, tolerance %4")
                                 .arg(u, 0, 'g', 17)
                                 .arg(got, 0, 'g', 17)
                                 .arg(want, 0, 'g', 17)
                                 .arg(tolerance)));
    }
    QCOMPARE(quantile(n, 0.0), low);
    QCOMPARE(quantile(n, 1.0), high);
}

// The table's bound is claimed for every PERT shape: sweep the mode across [0, 1] (including
// 1e-9 from either end) and u densely, up to 1e-12 from 0 and 1, against ibeta_inv.
void TestSampling::pertTableWithinItsBoundForEveryShape() {
    std::vector<double> modes{1e-9, 1.0 - 1e-9, 0.1234567};
    for (int k = 0; k <= 40; ++k)
        modes.push_back(k / 40.0);
    std::vector<double> us;
    for (int i = 1; i < 400; ++i)
        us.push_back(i / 400.0);
    for (int i = 0; i < 50; ++i) {
        const double tail = std::pow(10.0, -12.0 + 11.0 * i / 50.0);
        us.push_back(tail);
        us.push_back(1.0 - tail);
    }
    double worst = 0;
    for (double c : modes) {
        const UncertainNumber n = UncertainNumber::between(0.0, c, 1.0);
        const double alpha = 1.0 + 4.0 * c;
        const double beta = 1.0 + 4.0 * (1.0 - c);
        for (double u : us)
            worst =
                std::max(worst, std::fabs(quantile(n, u) - boost::math::ibeta_inv(alpha, beta, u)));
    }
    qInfo("PERT table: worst |error| %.3g of the width (bound %.0e)", worst, kPertTableError);
    QVERIFY(worst <= kPertTableError);
}

// The read-out beside every input: the analytic means and the quantiles themselves.
void TestSampling::impliedSpreadOfEachShape() {
    const ImpliedSpread pert = impliedSpread(numberOf(Distribution::Pert, 2, 3, 7));
    QCOMPARE(pert.mean, (2 + 4 * 3 + 7) / 6.0);
    QVERIFY(std::abs(pert.p50 - analyticQuantile(numberOf(Distribution::Pert, 2, 3, 7), 0.5)) <
            5 * kPertTableError);
    QVERIFY(pert.p10 > 2 && pert.p10 < pert.p50 && pert.p50 < pert.p90 && pert.p90 < 7);
    QCOMPARE(impliedSpread(numberOf(Distribution::Triangular, 2, 3, 7)).mean, 4.0);
    const ImpliedSpread uniform = impliedSpread(numberOf(Distribution::Uniform, 2, 3, 7));
    QCOMPARE(uniform.mean, 4.5);
    QVERIFY(std::abs(uniform.p10 - 2.5) < 1e-12 && std::abs(uniform.p90 - 6.5) < 1e-12);
    const ImpliedSpread fixed = impliedSpread(UncertainNumber::certain(5));
    QCOMPARE(fixed.p10, 5.0);
    QCOMPARE(fixed.mean, 5.0);
}

void TestSampling::quantileEdgeCases() {
    const Distribution all[] = {Distribution::Pert, Distribution::Triangular,
                                Distribution::Uniform};
    const double big = std::numeric_limits<double>::max();
    const double one = 1.0;
    const double next = std::nextafter(one, 2.0);
    for (Distribution d : all) {
        const std::vector<UncertainNumber> numbers{
            numberOf(d, -big, 0.0, big),                       // width overflows a double
            numberOf(d, -big, big / 2, big),                   //
            numberOf(d, one, next, std::nextafter(next, 2.0)), // two ulps wide
            numberOf(d, 1e-300, 2e-300, 5e-300),               // tiny magnitude
            numberOf(d, 3.0, 3.0, 3.0 + 1e-12),                // mode at low, narrow
        };
        for (const UncertainNumber& n : numbers) {
            double previous = -std::numeric_limits<double>::infinity();
            for (int i = 0; i <= 2000; ++i) {
                const double v = quantile(n, i / 2000.0);
                QVERIFY2(std::isfinite(v), qPrintable(QString("u = %1").arg(i / 2000.0)));
                QVERIFY(v >= n.range.low && v <= n.range.high);
                QVERIFY2(v >= previous, "quantile must not decrease with u");
                previous = v;
            }
            QCOMPARE(quantile(n, -1.0), n.range.low); // u is clamped to [0, 1]
            QCOMPARE(quantile(n, 2.0), n.range.high);
            QCOMPARE(quantile(n, std::numeric_limits<double>::quiet_NaN()), n.range.low);
        }
    }
}

void TestSampling::sampleStatisticsMatchAnalytic_data() {
    QTest::addColumn<Distribution>("distribution");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("mode");
    QTest::addColumn<double>("high");
    QTest::newRow("pert symmetric") << Distribution::Pert << 0.0 << 5.0 << 10.0;
    QTest::newRow("pert skewed") << Distribution::Pert << 25000.0 << 28000.0 << 40000.0;
    QTest::newRow("pert mode at low") << Distribution::Pert << 0.0 << 0.0 << 1.0;
    QTest::newRow("triangular skewed") << Distribution::Triangular << 12.0 << 18.0 << 36.0;
    QTest::newRow("triangular mode at high") << Distribution::Triangular << 0.1 << 0.4 << 0.4;
    QTest::newRow("uniform") << Distribution::Uniform << -3.0 << 0.0 << 7.0;
}

// Tolerances are deterministic, not statistical: LHS puts exactly one draw in each stratum
// [k/n, (k+1)/n), so the k-th smallest of n draws is Q(u) for some u in that stratum. Hence
// the sample P_p (the draw of rank p·n) lies in [Q(p), Q(p + 1/n)], and the sample mean is
// within (high − low)/n of the true mean (each draw sits within its stratum's spread of Q, and
// those spreads add up to the width). Plus the PERT table's bound. Independent draws would
// miss the mean bound (1e-4 of the width at n = 10,000) about nine times in ten.
void TestSampling::sampleStatisticsMatchAnalytic() {
    QFETCH(Distribution, distribution);
    QFETCH(double, low);
    QFETCH(double, mode);
    QFETCH(double, high);
    const UncertainNumber n = numberOf(distribution, low, mode, high);
    std::vector<double> draws = drawInput(n, 20240601, "/test/statistics", kSamples);
    QCOMPARE(draws.size(), kSamples);
    const double slack = quantileTolerance(n);
    const double width = high - low;

    double sum = 0;
    for (double v : draws)
        sum += v;
    const double mean = sum / double(kSamples);
    const double wantMean = analyticMean(n);
    if (distribution == Distribution::Pert)
        QVERIFY(std::fabs(wantMean - (low + 4 * mode + high) / 6) <= 1e-12 * std::fabs(high));
    QVERIFY2(std::fabs(mean - wantMean) <= width / double(kSamples) + slack,
             qPrintable(QString("mean %1 vs %2").arg(mean, 0, 'g', 12).arg(wantMean, 0, 'g', 12)));

    std::sort(draws.begin(), draws.end());
    for (double p : {0.1, 0.5, 0.9}) {
        const auto rank = std::size_t(std::lround(p * double(kSamples)));
        const double got = draws[rank];
        const double from = analyticQuantile(n, double(rank) / double(kSamples)) - slack;
        const double to = analyticQuantile(n, double(rank + 1) / double(kSamples)) + slack;
        QVERIFY2(got >= from && got <= to, qPrintable(QString("P%1 = %2, expected in [%3, %4]")
                                                          .arg(p * 100)
                                                          .arg(got, 0, 'g', 12)
                                                          .arg(from, 0, 'g', 12)
                                                          .arg(to, 0, 'g', 12)));
    }
}

void TestSampling::collapsedRangeHasNoSpread_data() {
    QTest::addColumn<Distribution>("distribution");
    QTest::addColumn<double>("value");
    QTest::newRow("pert") << Distribution::Pert << 42.5;
    QTest::newRow("triangular") << Distribution::Triangular << -7.0;
    QTest::newRow("uniform") << Distribution::Uniform << 0.0;
}

void TestSampling::collapsedRangeHasNoSpread() {
    QFETCH(Distribution, distribution);
    QFETCH(double, value);
    const UncertainNumber n = numberOf(distribution, value, value, value);
    for (double u : {0.0, 0.3, 0.5, 1.0})
        QCOMPARE(quantile(n, u), value);
    const std::vector<double> draws = drawInput(n, 1, "/fixed", 1000);
    QCOMPARE(draws.size(), std::size_t(1000));
    const auto [lo, hi] = std::minmax_element(draws.begin(), draws.end());
    QCOMPARE(*lo, value);
    QCOMPARE(*hi, value);
}

void TestSampling::oneValuePerStratum_data() {
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<int>("n");
    QTest::newRow("one") << quint64(1) << "/a" << 1;
    QTest::newRow("two") << quint64(2) << "/a" << 2;
    QTest::newRow("seven") << quint64(3) << "/pricebook/skus/H100/purchase_usd" << 7;
    QTest::newRow("thousand") << quint64(0) << "/team/usd_per_engineer_month" << 1000;
    QTest::newRow("ten thousand") << quint64(99) << "/hetccl/available_month" << 10000;
    QTest::newRow("not a power of ten") << quint64(12345) << "" << 4099;
}

void TestSampling::oneValuePerStratum() {
    QFETCH(quint64, seed);
    QFETCH(QString, pointer);
    QFETCH(int, n);
    const auto count = std::size_t(n);
    std::vector<double> column = latinHypercubeColumn(seed, pointer.toStdString(), count);
    QCOMPARE(column.size(), count);
    std::sort(column.begin(), column.end());
    for (std::size_t k = 0; k < count; ++k) {
        const double lowerEdge = double(k) / double(count);
        const double upperEdge = double(k + 1) / double(count);
        QVERIFY2(column[k] >= lowerEdge && column[k] < upperEdge,
                 qPrintable(QString("stratum %1 holds %2").arg(k).arg(column[k], 0, 'g', 17)));
        QVERIFY(column[k] > 0.0 && column[k] < 1.0);
    }
}

void TestSampling::sameStreamSameBits() {
    const std::string pointer = "/pricebook/skus/MI300X/purchase_usd";
    const std::vector<double> a = latinHypercubeColumn(7, pointer, kSamples);
    const std::vector<double> b = latinHypercubeColumn(7, pointer, kSamples);
    QVERIFY(sameBits(a.data(), b.data(), kSamples));
    const UncertainNumber n = UncertainNumber::between(20000, 24000, 31000);
    const std::vector<double> da = drawInput(n, 7, pointer, kSamples);
    const std::vector<double> db = drawInput(n, 7, pointer, kSamples);
    QVERIFY(sameBits(da.data(), db.data(), kSamples));
    // drawInput is quantile() over the column, to the bit.
    for (std::size_t s = 0; s < kSamples; ++s)
        QCOMPARE(da[s], quantile(n, a[s]));
}

void TestSampling::otherPointerOrSeedOtherColumn() {
    const std::string pointer = "/workloads/chat/growth_per_month";
    const std::vector<double> base = latinHypercubeColumn(7, pointer, kSamples);
    const std::vector<std::vector<double>> others{
        latinHypercubeColumn(8, pointer, kSamples),
        latinHypercubeColumn(7, "/workloads/chat/growth_per_montH", kSamples),
        latinHypercubeColumn(7, "/workloads/chaT/growth_per_month", kSamples),
        latinHypercubeColumn(0, pointer, kSamples),
    };
    for (const std::vector<double>& other : others) {
        QVERIFY(!sameBits(base.data(), other.data(), kSamples));
        // Unrelated, not merely different: almost no sample keeps its stratum.
        std::size_t sameStratum = 0;
        for (std::size_t s = 0; s < kSamples; ++s)
            sameStratum +=
                std::floor(base[s] * double(kSamples)) == std::floor(other[s] * double(kSamples));
        QVERIFY2(sameStratum < 10, qPrintable(QString::number(sameStratum)));
    }
}

void TestSampling::changingOneInputKeepsTheOthers_data() {
    QTest::addColumn<UncertainNumber>("replacement");
    // Input 12 of mixedTable is PERT [130, 149.5, 208] (see mixedTable).
    QTest::newRow("widened") << UncertainNumber::between(120, 149.5, 208);
    QTest::newRow("mode moved") << UncertainNumber::between(130, 170, 208);
    QTest::newRow("to triangular") << numberOf(Distribution::Triangular, 130, 149.5, 208);
    QTest::newRow("to uniform") << numberOf(Distribution::Uniform, 130, 149.5, 208);
    QTest::newRow("collapsed") << UncertainNumber::certain(150);
}

void TestSampling::changingOneInputKeepsTheOthers() {
    QFETCH(UncertainNumber, replacement);
    const InputTable before = mixedTable(30);
    constexpr InputId changed = 12;
    QVERIFY(before.number(changed).distribution == Distribution::Pert);
    QCOMPARE(before.number(changed).range.low, 130.0);
    const InputTable after = withInput(before, changed, replacement);

    DrawCache cache;
    std::size_t recomputed = 0;
    const std::vector<double> first = cache.draws(before, 5, kSamples, &recomputed);
    QCOMPARE(recomputed, before.size());
    const std::vector<double>& second = cache.draws(after, 5, kSamples, &recomputed);
    QCOMPARE(recomputed, std::size_t(1));
    QCOMPARE(second.size(), first.size());
    for (InputId id = 0; id < before.size(); ++id) {
        if (id == changed)
            continue;
        QVERIFY2(sameBits(columnOf(first, id, kSamples), columnOf(second, id, kSamples), kSamples),
                 qPrintable(QString("input %1 moved").arg(id)));
    }
    QVERIFY(!sameBits(columnOf(first, changed, kSamples), columnOf(second, changed, kSamples),
                      kSamples));
    // A redraw is exactly a fresh draw of the new number.
    const std::vector<double> fresh = drawInput(replacement, 5, before.pointer(changed), kSamples);
    QVERIFY(sameBits(columnOf(second, changed, kSamples), fresh.data(), kSamples));
}

void TestSampling::provenanceChangeKeepsDraws() {
    const InputTable before = mixedTable(10);
    UncertainNumber cited = before.number(3);
    cited.source = "vendor quote, 2025-01";
    cited.confidence = Confidence::B;
    const InputTable after = withInput(before, 3, cited);
    DrawCache cache;
    const std::vector<double> first = cache.draws(before, 5, 500);
    std::size_t recomputed = 99;
    const std::vector<double>& second = cache.draws(after, 5, 500, &recomputed);
    QCOMPARE(recomputed, std::size_t(0));
    QVERIFY(sameBits(first.data(), second.data(), first.size()));
}

void TestSampling::shiftMovesDrawsByDelta_data() {
    QTest::addColumn<UncertainNumber>("original");
    QTest::addColumn<double>("delta");
    QTest::addColumn<bool>("inexactWidth");
    QTest::newRow("pert, exact width") << UncertainNumber::between(10, 20, 40) << 8.0 << false;
    // (h + δ) − (l + δ) and (m + δ) − (l + δ) each differ from the originals by an ulp: a
    // slider move in floating point, which must still count as a shift.
    QTest::newRow("pert, width off by an ulp")
        << UncertainNumber::between(0.13, 0.98, 1.74) << 0.255 << true;
    QTest::newRow("triangular, width off by an ulp")
        << numberOf(Distribution::Triangular, 0.13, 0.98, 1.74) << 0.255 << true;
    QTest::newRow("uniform, down")
        << numberOf(Distribution::Uniform, 25000.5, 28000, 40000.25) << -1234.5678 << false;
    QTest::newRow("pert, price") << UncertainNumber::between(25000, 28000, 40000) << 123.456
                                 << false;
    QTest::newRow("pert, across zero") << UncertainNumber::between(-1, 0.5, 1) << 0.3 << false;
}

void TestSampling::shiftMovesDrawsByDelta() {
    QFETCH(UncertainNumber, original);
    QFETCH(double, delta);
    QFETCH(bool, inexactWidth);
    const Range& r = original.range;
    UncertainNumber moved = original;
    moved.range = {r.low + delta, r.most_likely + delta, r.high + delta};
    const Range& m = moved.range;
    if (inexactWidth)
        QVERIFY(m.high - m.low != r.high - r.low && m.most_likely - m.low != r.most_likely - r.low);

    InputTable before = mixedTable(12);
    const InputId id = before.add("/energy/usd_per_kwh", original);
    const InputTable after = withInput(before, id, moved);

    DrawCache cache;
    const std::vector<double> first = cache.draws(before, 11, kSamples);
    std::size_t recomputed = 0;
    const std::vector<double>& second = cache.draws(after, 11, kSamples, &recomputed);
    QCOMPARE(recomputed, std::size_t(1));
    for (InputId other = 0; other < id; ++other)
        QVERIFY(sameBits(columnOf(first, other, kSamples), columnOf(second, other, kSamples),
                         kSamples));

    const std::vector<double> fresh = drawInput(moved, 11, after.pointer(id), kSamples);
    const double magnitude = std::max(std::fabs(m.low), std::fabs(m.high));
    const double* shifted = columnOf(second, id, kSamples);
    const double* old = columnOf(first, id, kSamples);
    const double deltaApplied = m.low - r.low;
    double worst = 0;
    std::size_t notBitIdenticalToFresh = 0;
    for (std::size_t s = 0; s < kSamples; ++s) {
        // A shift, not a redraw: exactly the old value plus δ, clamped into the new range…
        QCOMPARE(shifted[s], std::clamp(old[s] + deltaApplied, m.low, m.high));
        // …and what a fresh draw gives, within 1e-9 of the range's magnitude.
        worst = std::max(worst, std::fabs(shifted[s] - fresh[s]) / magnitude);
        notBitIdenticalToFresh += shifted[s] != fresh[s];
    }
    QVERIFY2(worst <= 1e-9, qPrintable(QString("worst relative gap %1").arg(worst)));
    qInfo("shift vs fresh draw: worst gap %.2g of the magnitude, %zu of %zu samples differ in "
          "their last bits",
          worst, notBitIdenticalToFresh, kSamples);
}

void TestSampling::newSeedOrSampleCountRecomputesAll() {
    const InputTable table = mixedTable(20);
    DrawCache cache;
    std::size_t recomputed = 0;
    cache.draws(table, 1, 300, &recomputed);
    QCOMPARE(recomputed, table.size());
    cache.draws(table, 1, 300, &recomputed);
    QCOMPARE(recomputed, std::size_t(0));
    cache.draws(table, 2, 300, &recomputed);
    QCOMPARE(recomputed, table.size());
    const std::vector<double>& matrix = cache.draws(table, 2, 150, &recomputed);
    QCOMPARE(recomputed, table.size());
    // Column-major in InputId order, each column a fresh drawInput.
    QCOMPARE(matrix.size(), table.size() * 150);
    for (InputId id = 0; id < table.size(); ++id) {
        const std::vector<double> fresh = drawInput(table.number(id), 2, table.pointer(id), 150);
        QVERIFY(sameBits(columnOf(matrix, id, 150), fresh.data(), 150));
    }
}

void TestSampling::removedInputIsForgotten() {
    const InputTable full = mixedTable(8);
    InputTable partial;
    for (InputId id = 0; id < full.size(); ++id)
        if (id != 2)
            partial.add(full.pointer(id), full.number(id));
    DrawCache cache;
    const std::vector<double> all = cache.draws(full, 3, 200);
    std::size_t recomputed = 99;
    const std::vector<double> some = cache.draws(partial, 3, 200, &recomputed);
    QCOMPARE(recomputed, std::size_t(0));
    QCOMPARE(some.size(), partial.size() * 200);
    // Same pointer, same draws, whatever its position in the table.
    QVERIFY(sameBits(columnOf(some, 2, 200), columnOf(all, 3, 200), 200));
    cache.draws(full, 3, 200, &recomputed);
    QCOMPARE(recomputed, std::size_t(1));
}

// Literal bits: a change of generator, hashing, shuffle or 53-bit conversion fails here. The
// uniform column is integer arithmetic and exact double operations, so it is pinned exactly.
// The drawn values also pass through libm and Boost.Math (pow, ibeta, sqrt) whose last bit
// may differ on another libm or with fused multiply-add, so they are pinned to 1e-13.
void TestSampling::pinnedDraws() {
    const std::string pointer = "/pricebook/skus/MI300X/purchase_usd";
    const std::vector<double> column = latinHypercubeColumn(20240601, pointer, 5);
    const std::vector<double> wantColumn{0x1.1aebb7e1760e5p-1, 0x1.b2eb1e7175ap-1,
                                         0x1.4558974fc36c5p-1, 0x1.2d22442238ddap-3,
                                         0x1.3827c7a6dce53p-2};
    QCOMPARE(column.size(), wantColumn.size());
    for (std::size_t k = 0; k < column.size(); ++k)
        QCOMPARE(column[k], wantColumn[k]);

    struct Pin {
        UncertainNumber number;
        std::vector<double> values;
    };
    const Pin pins[] = {
        {UncertainNumber::between(25000, 28000, 40000),
         {0x1.cd712578acap+14, 0x1.f9ef2e508e686p+14, 0x1.d78689e4dfc5cp+14, 0x1.a18367d8e6eep+14,
          0x1.b2b4a187fbe7fp+14}},
        {numberOf(Distribution::Triangular, 12, 18, 36),
         {0x1.618e767d11e8cp+4, 0x1.bef77312b243cp+4, 0x1.77355c349b4ebp+4, 0x1.099f990fa32c3p+4,
          0x1.2aba9e8346f42p+4}},
        {numberOf(Distribution::Uniform, -3, 0, 7),
         {0x1.434d4bb3a723cp+1, 0x1.5fa5e60dd308p+2, 0x1.ad5d7a47688ecp+1, -0x1.87952ad538ebp+0,
          0x1.8c6e642507ap-5}},
    };
    for (const Pin& pin : pins) {
        const std::vector<double> got = drawInput(pin.number, 20240601, pointer, 5);
        QCOMPARE(got.size(), pin.values.size());
        for (std::size_t k = 0; k < got.size(); ++k)
            QVERIFY2(std::fabs(got[k] - pin.values[k]) <= 1e-13 * std::fabs(pin.values[k]),
                     qPrintable(QString("%1: got %2").arg(k).arg(got[k], 0, 'a')));
    }
}

// Not asserted (shared machines): how long the draws take for a scenario-sized table.
void TestSampling::timing() {
    const InputTable table = mixedTable(120);
    DrawCache cache;
    std::size_t recomputed = 0;
    QElapsedTimer timer;
    timer.start();
    cache.draws(table, 42, kSamples, &recomputed);
    const qint64 cold = timer.nsecsElapsed();
    QCOMPARE(recomputed, table.size());

    timer.restart();
    cache.draws(table, 42, kSamples, &recomputed);
    const qint64 unchanged = timer.nsecsElapsed();
    QCOMPARE(recomputed, std::size_t(0));

    // A new shape: a new PERT table and 10,000 quantiles.
    const InputTable reshaped = withInput(table, 60, UncertainNumber::between(600, 777, 960));
    timer.restart();
    cache.draws(reshaped, 42, kSamples, &recomputed);
    const qint64 redraw = timer.nsecsElapsed();
    QCOMPARE(recomputed, std::size_t(1));

    const InputTable moved = withInput(reshaped, 60, UncertainNumber::between(650, 827, 1010));
    timer.restart();
    cache.draws(moved, 42, kSamples, &recomputed);
    const qint64 shift = timer.nsecsElapsed();
    QCOMPARE(recomputed, std::size_t(1));

    timer.restart();
    const std::vector<double> single =
        drawInput(UncertainNumber::between(600, 640, 960), 42, "/timing", kSamples);
    const qint64 one = timer.nsecsElapsed();
    QCOMPARE(single.size(), kSamples);

    qInfo("draws for %zu inputs x %zu samples: cold %.1f ms; unchanged %.1f ms; one input "
          "redrawn %.1f ms; one input shifted %.1f ms; drawInput alone (new PERT shape) %.2f ms",
          table.size(), kSamples, double(cold) / 1e6, double(unchanged) / 1e6, double(redraw) / 1e6,
          double(shift) / 1e6, double(one) / 1e6);
}

QTEST_APPLESS_MAIN(TestSampling)
#include "tst_sampling.moc"
