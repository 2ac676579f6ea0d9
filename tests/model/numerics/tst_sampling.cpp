// The draws of one input: quantiles against Boost.Math, the PERT table's bound, strata.

#include "tst_sampling.h"

#include "sampling.h"
#include "tst_sampling_helpers.h"

#include <QByteArray>
#include <QString>
#include <QTest>
#include <algorithm>
#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/triangular.hpp>
#include <boost/math/distributions/uniform.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <limits>
#include <numeric>

using namespace crossgrade::model;
using namespace crossgrade::testing;

Q_DECLARE_METATYPE(Distribution)

namespace {

// The PERT table's stated bound (model/numerics/sampling.cpp, docs/uncertainty.md): 1e-9 of the
// width.
constexpr double kPertTableError = 1e-9;
constexpr double kEps = std::numeric_limits<double>::epsilon();

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

} // namespace

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

QTEST_APPLESS_MAIN(TestSampling)
