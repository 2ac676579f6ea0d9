// Rank correlation by Iman–Conover (model/numerics/correlation.h) on the draw cache: the achieved
// Spearman ρ against its target for pairs and a three-input matrix, each correlated column the
// same multiset of values as its independent draw, every other column bit-identical, nothing
// changed without correlations, the same bits from a fresh cache, and every rejected
// specification at its place.

#include "correlation.h"
#include "sampling.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>

using namespace crossgrade::model;

namespace {

constexpr std::size_t kSamples = 10000;
constexpr std::uint64_t kSeed = 20260131;
// The stated accuracy at 10,000 samples (docs/uncertainty.md, "Correlation").
constexpr double kSpearmanTolerance = 0.03;

UncertainNumber numberOf(Distribution d, double low, double mode, double high) {
    UncertainNumber n = UncertainNumber::between(low, mode, high);
    n.distribution = d;
    return n;
}

// Five inputs of different shapes, scales and distributions, as a scenario's table has them.
InputTable fiveInputs() {
    InputTable t;
    t.add("/regression/transition", numberOf(Distribution::Pert, 0.1, 0.2, 0.3));
    t.add("/pricebook/port_months/inference-port/moderate/path1",
          numberOf(Distribution::Triangular, 2, 3, 8));
    t.add("/amd_discount", numberOf(Distribution::Uniform, 0.1, 0.2, 0.4));
    t.add("/energy/usd_per_kwh", numberOf(Distribution::Pert, 0.05, 0.06, 0.12));
    t.add("/ramp/months", numberOf(Distribution::Pert, 3, 4, 12));
    return t;
}

// fiveInputs() and the same port task on two more paths (ids 5 and 6), which share input 1's
// draw as compile() makes them (InputTable::add): path3 the same range as path1, path2 its own.
constexpr InputId kPath1 = 1;
constexpr InputId kPath3 = 5;
constexpr InputId kPath2 = 6;
InputTable withSharedDraw() {
    InputTable t = fiveInputs();
    const std::string stream = "/pricebook/port_months/inference-port/moderate";
    InputTable shared;
    for (InputId id = 0; id < t.size(); ++id)
        shared.add(t.pointer(id), t.number(id), id == kPath1 ? stream : std::string());
    shared.add("/pricebook/port_months/inference-port/moderate/path3",
               numberOf(Distribution::Triangular, 2, 3, 8), stream);
    shared.add("/pricebook/port_months/inference-port/moderate/path2",
               numberOf(Distribution::Pert, 1, 1.5, 3), stream);
    return shared;
}

const double* column(const std::vector<double>& draws, InputId id) {
    return draws.data() + std::size_t(id) * kSamples;
}

bool sameBits(const double* a, const double* b, std::size_t n) {
    return std::memcmp(a, b, n * sizeof(double)) == 0;
}

std::vector<double> sorted(const double* c) {
    std::vector<double> v(c, c + kSamples);
    std::sort(v.begin(), v.end());
    return v;
}

std::map<std::string, InputCorrelation>
entries(std::initializer_list<std::tuple<const char*, const char*, const char*, double>> rows) {
    std::map<std::string, InputCorrelation> out;
    for (const auto& [id, a, b, rho] : rows)
        out[id] = {a, b, rho, {}};
    return out;
}

QString problemsText(const std::vector<CorrelationProblem>& problems) {
    QString out;
    for (const CorrelationProblem& p : problems)
        out += QString::fromStdString(p.place + ": " + p.message + "\n");
    return out;
}

} // namespace

class TestCorrelation : public QObject {
    Q_OBJECT

private slots:
    void choleskyByHand();
    void normalScoreCorrelationInvertsPearsonsFormula();
    void achievedSpearmanMatchesTarget_data();
    void achievedSpearmanMatchesTarget();
    void threeInputMatrix();
    void marginalsAndOtherColumnsAreKept();
    void offByDefaultChangesNothing();
    void sameBitsFromAFreshCacheAndFromTheFreeFunction();
    void dependsOnPointersNotOnTableOrder();
    void aShiftedInputStaysCorrelated();
    void fewSamplesDoNotBreak();
    void aSharedDrawIsOneDrawOnEveryPath();
    void aSharedDrawFollowsItsCorrelatedMember();
    void problems_data();
    void problems();
    void timing();
};

void TestCorrelation::choleskyByHand() {
    // [[4, 2], [2, 5]] = L·Lᵀ with L = [[2, 0], [1, 2]].
    const auto l = cholesky({4, 2, 2, 5}, 2);
    QVERIFY(l);
    QCOMPARE((*l)[0], 2.0);
    QCOMPARE((*l)[1], 0.0);
    QCOMPARE((*l)[2], 1.0);
    QCOMPARE((*l)[3], 2.0);
    QVERIFY(!cholesky({1, 1, 1, 1}, 2));                        // singular
    QVERIFY(!cholesky({1, 0.9, 0, 0.9, 1, 0.9, 0, 0.9, 1}, 3)); // indefinite
    QVERIFY(!cholesky({1, std::nan(""), std::nan(""), 1}, 2));
}

void TestCorrelation::normalScoreCorrelationInvertsPearsonsFormula() {
    for (double rho : {-0.99, -0.7, 0.0, 0.5, 0.9}) {
        const double r = normalScoreCorrelation(rho);
        QVERIFY(std::fabs(6.0 / M_PI * std::asin(r / 2.0) - rho) < 1e-12);
        QVERIFY(std::fabs(r) >= std::fabs(rho)); // normal scores need a little more
    }
}

void TestCorrelation::achievedSpearmanMatchesTarget_data() {
    QTest::addColumn<double>("target");
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("second");
    QTest::newRow("0.5, PERT with triangular") << 0.5 << 0 << 1;
    QTest::newRow("-0.7, uniform with PERT") << -0.7 << 2 << 3;
    QTest::newRow("0.9, triangular with PERT") << 0.9 << 1 << 4;
    QTest::newRow("0.0") << 0.0 << 0 << 3;
    QTest::newRow("-0.95") << -0.95 << 3 << 4;
}

void TestCorrelation::achievedSpearmanMatchesTarget() {
    QFETCH(double, target);
    QFETCH(int, first);
    QFETCH(int, second);
    InputTable t = fiveInputs();
    t.setCorrelations({{InputId(first), InputId(second), target}});
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(t, kSeed, kSamples);
    const double achieved =
        spearman(column(draws, InputId(first)), column(draws, InputId(second)), kSamples);
    qInfo("target %+.2f achieved %+.4f", target, achieved);
    QVERIFY2(std::fabs(achieved - target) <= kSpearmanTolerance,
             qPrintable(QString::number(achieved)));
}

void TestCorrelation::threeInputMatrix() {
    InputTable t = fiveInputs();
    const std::vector<RankCorrelation> given{{0, 1, 0.6}, {0, 3, -0.4}, {1, 3, -0.3}};
    t.setCorrelations(given);
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(t, kSeed, kSamples);
    for (const RankCorrelation& c : given) {
        const double achieved = spearman(column(draws, c.first), column(draws, c.second), kSamples);
        qInfo("%u~%u target %+.2f achieved %+.4f", c.first, c.second, c.rho, achieved);
        QVERIFY2(std::fabs(achieved - c.rho) <= kSpearmanTolerance,
                 qPrintable(QString::number(achieved)));
    }
    // A pair not given stays about independent.
    QVERIFY(std::fabs(spearman(column(draws, 2), column(draws, 4), kSamples)) < 0.03);
}

void TestCorrelation::marginalsAndOtherColumnsAreKept() {
    const InputTable independent = fiveInputs();
    InputTable correlated = fiveInputs();
    correlated.setCorrelations({{0, 1, 0.5}, {1, 4, 0.7}});
    DrawCache a;
    DrawCache b;
    const std::vector<double> plain = a.draws(independent, kSeed, kSamples);
    const std::vector<double>& withRho = b.draws(correlated, kSeed, kSamples);
    for (InputId id : {0u, 1u, 4u}) {
        QVERIFY(!sameBits(column(plain, id), column(withRho, id), kSamples)); // reordered
        QVERIFY(sorted(column(plain, id)) == sorted(column(withRho, id)));    // same values
    }
    for (InputId id : {2u, 3u})
        QVERIFY(sameBits(column(plain, id), column(withRho, id), kSamples));
}

void TestCorrelation::offByDefaultChangesNothing() {
    const InputTable t = fiveInputs();
    QVERIFY(t.correlations().empty());
    QVERIFY(correlationPlan(t).empty());
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(t, kSeed, kSamples);
    for (InputId id = 0; id < t.size(); ++id) {
        const std::vector<double> alone = drawInput(t.number(id), kSeed, t.pointer(id), kSamples);
        QVERIFY(sameBits(column(draws, id), alone.data(), kSamples));
    }
}

void TestCorrelation::sameBitsFromAFreshCacheAndFromTheFreeFunction() {
    InputTable t = fiveInputs();
    t.setCorrelations({{0, 1, 0.5}, {2, 3, -0.7}});
    DrawCache one;
    DrawCache two;
    const std::vector<double> first = one.draws(t, kSeed, kSamples);
    QVERIFY(sameBits(first.data(), two.draws(t, kSeed, kSamples).data(), first.size()));
    QVERIFY(sameBits(first.data(), one.draws(t, kSeed, kSamples).data(), first.size()));
    // The cache's kept ranks give what the step computed from scratch gives.
    std::vector<double> raw(t.size() * kSamples);
    for (InputId id = 0; id < t.size(); ++id) {
        const std::vector<double> c = drawInput(t.number(id), kSeed, t.pointer(id), kSamples);
        std::copy(c.begin(), c.end(), raw.begin() + std::ptrdiff_t(id * kSamples));
    }
    correlateDraws(raw, t, kSeed, kSamples);
    QVERIFY(sameBits(first.data(), raw.data(), raw.size()));
    // Another seed, another order.
    DrawCache three;
    QVERIFY(!sameBits(first.data(), three.draws(t, kSeed + 1, kSamples).data(), kSamples));
}

void TestCorrelation::dependsOnPointersNotOnTableOrder() {
    InputTable forward = fiveInputs();
    forward.setCorrelations({{0, 1, 0.5}});
    InputTable reversed;
    for (auto id = InputId(forward.size()); id-- > 0;)
        reversed.add(forward.pointer(id), forward.number(id));
    reversed.setCorrelations({{4, 3, 0.5}}); // the same two inputs
    DrawCache a;
    DrawCache b;
    const std::vector<double>& x = a.draws(forward, kSeed, kSamples);
    const std::vector<double>& y = b.draws(reversed, kSeed, kSamples);
    QVERIFY(sameBits(column(x, 0), column(y, 4), kSamples));
    QVERIFY(sameBits(column(x, 1), column(y, 3), kSamples));
}

void TestCorrelation::aShiftedInputStaysCorrelated() {
    // A what-if slider moves a correlated input by δ: its draws move by δ, in the same order.
    InputTable t = fiveInputs();
    t.setCorrelations({{0, 1, 0.8}});
    DrawCache cache;
    const std::vector<double> before = cache.draws(t, kSeed, kSamples);
    InputTable moved;
    for (InputId id = 0; id < t.size(); ++id) {
        UncertainNumber n = t.number(id);
        if (id == 1)
            n.range = {n.range.low + 1, n.range.most_likely + 1, n.range.high + 1};
        moved.add(t.pointer(id), n);
    }
    moved.setCorrelations(t.correlations());
    std::size_t recomputed = 0;
    const std::vector<double>& after = cache.draws(moved, kSeed, kSamples, &recomputed);
    QCOMPARE(recomputed, std::size_t(1));
    for (std::size_t s = 0; s < kSamples; ++s)
        QVERIFY(std::fabs(after[kSamples + s] - (before[kSamples + s] + 1)) < 1e-12);
    QVERIFY(sameBits(column(before, 0), column(after, 0), kSamples));
}

void TestCorrelation::fewSamplesDoNotBreak() {
    InputTable t = fiveInputs();
    t.setCorrelations({{0, 1, 0.5}, {1, 2, 0.5}, {0, 2, 0.5}});
    for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(5)}) {
        DrawCache cache;
        const std::vector<double>& draws = cache.draws(t, kSeed, n);
        QCOMPARE(draws.size(), t.size() * n);
        for (double v : draws)
            QVERIFY(std::isfinite(v));
    }
}

void TestCorrelation::aSharedDrawIsOneDrawOnEveryPath() {
    const InputTable t = withSharedDraw();
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(t, kSeed, kSamples);
    // The same range: the same values, sample by sample.
    QVERIFY(sameBits(column(draws, kPath1), column(draws, kPath3), kSamples));
    // Another range: the same quantile in every sample (ranks equal, so ρ is exactly 1) ...
    QCOMPARE(spearman(column(draws, kPath1), column(draws, kPath2), kSamples), 1.0);
    // ... each through its own distribution: the column drawn alone from the shared stream.
    const std::string stream = t.stream(kPath2);
    QVERIFY(stream == t.stream(kPath1) && stream != t.pointer(kPath2));
    const std::vector<double> alone = drawInput(t.number(kPath2), kSeed, stream, kSamples);
    QVERIFY(sameBits(alone.data(), column(draws, kPath2), kSamples));
    // Every other input keeps its own stream.
    for (InputId id : {0u, 2u, 3u, 4u})
        QCOMPARE(t.stream(id), t.pointer(id));
    QVERIFY(std::fabs(spearman(column(draws, kPath1), column(draws, 0), kSamples)) < 0.03);
}

void TestCorrelation::aSharedDrawFollowsItsCorrelatedMember() {
    InputTable t = withSharedDraw();
    const double target = 0.6;
    t.setCorrelations({{kPath1, 2, target}}); // path1's months with /amd_discount
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(t, kSeed, kSamples);
    QVERIFY(sameBits(column(draws, kPath1), column(draws, kPath3), kSamples));
    QCOMPARE(spearman(column(draws, kPath1), column(draws, kPath2), kSamples), 1.0);
    for (InputId id : {kPath1, kPath2, kPath3})
        QVERIFY(std::fabs(spearman(column(draws, id), column(draws, 2), kSamples) - target) <=
                kSpearmanTolerance);
    // The free function reorders the followers as the cache does.
    std::vector<double> raw(t.size() * kSamples);
    for (InputId id = 0; id < t.size(); ++id) {
        const std::vector<double> c = drawInput(t.number(id), kSeed, t.stream(id), kSamples);
        std::copy(c.begin(), c.end(), raw.begin() + std::ptrdiff_t(id * kSamples));
    }
    correlateDraws(raw, t, kSeed, kSamples);
    QVERIFY(sameBits(raw.data(), draws.data(), raw.size()));
}

void TestCorrelation::problems_data() {
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("expected");
    QTest::newRow("rho 1") << 0 << "/correlations/a/rank_correlation"
                           << "strictly between -1 and 1, got 1";
    QTest::newRow("rho -1.5") << 1 << "/correlations/a/rank_correlation"
                              << "strictly between -1 and 1, got -1.5";
    QTest::newRow("unknown pointer")
        << 2 << "/correlations/a/inputs/1"
        << "expected the JSON pointer of an uncertain input of this scenario";
    QTest::newRow("same pointer twice") << 3 << "/correlations/a/inputs/1"
                                        << "expected an input other than the first";
    QTest::newRow("a pair given twice") << 4 << "/correlations/b/inputs"
                                        << "already correlated by /correlations/a";
    QTest::newRow("not positive definite, one entry to blame")
        << 5 << "/correlations/a/rank_correlation"
        << "not a positive-definite matrix";
    QTest::newRow("not positive definite as a whole") << 6 << "/correlations"
                                                      << "not a positive-definite matrix";
    QTest::newRow("two inputs of one shared draw")
        << 7 << "/correlations/b/inputs/0"
        << "expected at most one input of a shared draw; "
           "\"/pricebook/port_months/inference-port/moderate/path3\" and "
           "\"/pricebook/port_months/inference-port/moderate/path1\" (named by /correlations/a)";
    QTest::newRow("an input with its own shared draw")
        << 8 << "/correlations/a/inputs/1"
        << "expected at most one input of a shared draw";
}

void TestCorrelation::problems() {
    QFETCH(int, row);
    QFETCH(QString, place);
    QFETCH(QString, expected);
    const char* a = "/regression/transition";
    const char* b = "/amd_discount";
    const char* c = "/ramp/months";
    const char* d = "/energy/usd_per_kwh";
    const std::vector<std::map<std::string, InputCorrelation>> rows{
        entries({{"a", a, b, 1.0}}),
        entries({{"a", a, b, -1.5}}),
        entries({{"a", a, "/no/such/input", 0.5}}),
        entries({{"a", a, a, 0.5}}),
        entries({{"a", a, b, 0.5}, {"b", b, a, 0.4}}),
        // b and c both follow a closely, yet barely each other: without a~b it is a matrix.
        entries({{"a", a, b, 0.9}, {"b", a, c, 0.9}, {"c", b, c, 0.2}}),
        // Four inputs, every pair at −0.6: no single entry's removal helps.
        entries({{"ab", a, b, -0.6},
                 {"ac", a, c, -0.6},
                 {"ad", a, d, -0.6},
                 {"bc", b, c, -0.6},
                 {"bd", b, d, -0.6},
                 {"cd", c, d, -0.6}}),
        entries({{"a", "/pricebook/port_months/inference-port/moderate/path1", b, 0.5},
                 {"b", "/pricebook/port_months/inference-port/moderate/path3", c, 0.5}}),
        entries({{"a", "/pricebook/port_months/inference-port/moderate/path1",
                  "/pricebook/port_months/inference-port/moderate/path2", 0.5}}),
    };
    const InputTable t = withSharedDraw();
    const std::vector<CorrelationProblem> problems = checkCorrelations(rows[std::size_t(row)], t);
    bool found = false;
    for (const CorrelationProblem& p : problems)
        found = found || (QString::fromStdString(p.place) == place &&
                          QString::fromStdString(p.message).contains(expected));
    QVERIFY2(found, qPrintable("expected at " + place + ": " + expected + "\ngot:\n" +
                               problemsText(problems)));
    // And a valid set has none.
    QVERIFY(checkCorrelations(entries({{"a", a, b, 0.9}, {"b", a, c, 0.9}, {"c", b, c, 0.7}}), t)
                .empty());
}

void TestCorrelation::timing() {
    // Measured, not asserted: the cost of the step on top of the draws.
    InputTable t = fiveInputs();
    t.setCorrelations({{0, 1, 0.5}, {1, 4, 0.7}, {0, 4, 0.5}});
    QElapsedTimer timer;
    timer.start();
    const CorrelationPlan plan = correlationPlan(t);
    const auto ranks = imanConoverRanks(plan, kSeed, kSamples);
    const double rankMs = double(timer.nsecsElapsed()) / 1e6;
    QCOMPARE(ranks.size(), std::size_t(3));
    DrawCache cache;
    cache.draws(t, kSeed, kSamples);
    timer.restart();
    cache.draws(t, kSeed, kSamples);
    qInfo("Iman-Conover ranks for 3 inputs x %zu samples: %.2f ms; a cached draw with the "
          "reordering: %.2f ms",
          kSamples, rankMs, double(timer.nsecsElapsed()) / 1e6);
}

QTEST_APPLESS_MAIN(TestCorrelation)
#include "tst_correlation.moc"
