// The simplex solver that shares owned GPUs among demands (model/engine/small_lp.h), checked
// against hand-solved programs and against exhaustive vertex enumeration on random small ones.

#include "engine_pool_assignment.h"
#include "small_lp.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <bit>
#include <cstdint>
#include <random>

using namespace crossgrade::model;

class TestSmallLp : public QObject {
    Q_OBJECT

private slots:
    void textbookProgram();
    void comparativeAdvantageGoesToTheWeakerDemand();
    void degenerateProgramTerminates();
    void randomProgramsMatchVertexEnumeration();
    void reusedSolverForgetsTheLastProgram();
    void singlePoolReplaysTheFullSolve();
};

// max 3x + 5y, x ≤ 4, 2y ≤ 12, 3x + 2y ≤ 18 → x = 2, y = 6 (value 36).
void TestSmallLp::textbookProgram() {
    SmallLp lp;
    lp.reset(3, 2);
    lp.setCoefficient(0, 0, 1);
    lp.setBound(0, 4);
    lp.setCoefficient(1, 1, 2);
    lp.setBound(1, 12);
    lp.setCoefficient(2, 0, 3);
    lp.setCoefficient(2, 1, 2);
    lp.setBound(2, 18);
    lp.setValue(0, 3);
    lp.setValue(1, 5);
    QVERIFY(lp.solve(100));
    QCOMPARE(lp.x(0), 2.0);
    QCOMPARE(lp.x(1), 6.0);
}

// Training needs 8 units, inference 10; 10 owned new GPUs (1 unit each, worth 1 to either)
// and 10 older ones, worth 0.8 to training and 0.5 to inference. The older GPUs belong with
// training and the new with inference (saving 18 new GPUs); a greedy pass by value that hands
// the new GPUs to the first demand, training, saves only 15.
void TestSmallLp::comparativeAdvantageGoesToTheWeakerDemand() {
    SmallLp lp;
    // Columns: training·new, inference·new, training·old, inference·old.
    // Rows: new pool, old pool, training work, inference work (as fractions of 10 units).
    lp.reset(4, 4);
    lp.setBound(0, 10);
    lp.setBound(1, 10);
    lp.setBound(2, 1);
    lp.setBound(3, 1);
    const double work[4] = {1.0, 1.0, 0.8, 0.5};
    const double value[4] = {1.0, 1.0, 0.8, 0.5};
    for (int j = 0; j < 4; ++j) {
        lp.setCoefficient(j < 2 ? 0 : 1, j, 1);
        lp.setCoefficient(j % 2 == 0 ? 2 : 3, j, work[j] / (j % 2 == 0 ? 8.0 : 10.0));
        lp.setValue(j, value[j]);
    }
    QVERIFY(lp.solve(100));
    QCOMPARE(lp.x(0), 0.0);  // no new GPU for training…
    QCOMPARE(lp.x(1), 10.0); // …all of them serve inference,
    QCOMPARE(lp.x(2), 10.0); // and the older ones train.
    QCOMPARE(lp.x(3), 0.0);
    QCOMPARE(lp.x(1) + 0.8 * lp.x(2), 18.0);
}

// Ties everywhere: Bland's rule must still stop, at an optimal vertex.
void TestSmallLp::degenerateProgramTerminates() {
    SmallLp lp;
    lp.reset(3, 3);
    for (int r = 0; r < 3; ++r) {
        lp.setBound(r, 0);
        for (int c = 0; c < 3; ++c)
            lp.setCoefficient(r, c, 1);
    }
    for (int c = 0; c < 3; ++c)
        lp.setValue(c, 1);
    QVERIFY(lp.solve(100));
    for (int c = 0; c < 3; ++c)
        QCOMPARE(lp.x(c), 0.0);
}

namespace {

// The best value over every vertex of { x ≥ 0, A x ≤ b } in two variables, by enumerating the
// intersections of every pair of the constraint lines (the axes included).
double bestVertexValue(const std::vector<std::array<double, 3>>& rows, double v0, double v1) {
    std::vector<std::array<double, 3>> lines = rows; // a0 x + a1 y = b
    lines.push_back({1, 0, 0});
    lines.push_back({0, 1, 0});
    double best = 0;
    for (std::size_t i = 0; i < lines.size(); ++i)
        for (std::size_t j = i + 1; j < lines.size(); ++j) {
            const auto& p = lines[i];
            const auto& q = lines[j];
            const double det = p[0] * q[1] - p[1] * q[0];
            if (std::abs(det) < 1e-12)
                continue;
            const double x = (p[2] * q[1] - p[1] * q[2]) / det;
            const double y = (p[0] * q[2] - p[2] * q[0]) / det;
            if (x < -1e-9 || y < -1e-9)
                continue;
            bool feasible = true;
            for (const auto& r : rows)
                feasible = feasible && r[0] * x + r[1] * y <= r[2] + 1e-9;
            if (feasible)
                best = std::max(best, v0 * x + v1 * y);
        }
    return best;
}

} // namespace

void TestSmallLp::randomProgramsMatchVertexEnumeration() {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<> coef(0.05, 3.0);
    SmallLp lp;
    for (int k = 0; k < 500; ++k) {
        const int rows = 1 + int(rng() % 4);
        std::vector<std::array<double, 3>> a;
        lp.reset(rows, 2);
        for (int r = 0; r < rows; ++r) {
            a.push_back({coef(rng), coef(rng), coef(rng) * 5});
            lp.setCoefficient(r, 0, a.back()[0]);
            lp.setCoefficient(r, 1, a.back()[1]);
            lp.setBound(r, a.back()[2]);
        }
        const double v0 = coef(rng);
        const double v1 = coef(rng);
        lp.setValue(0, v0);
        lp.setValue(1, v1);
        QVERIFY(lp.solve(100));
        const double got = v0 * lp.x(0) + v1 * lp.x(1);
        const double want = bestVertexValue(a, v0, v1);
        QVERIFY2(std::abs(got - want) <= 1e-9 * std::max(1.0, want),
                 qPrintable(QString("program %1: %2 vs %3").arg(k).arg(got).arg(want)));
        for (const auto& r : a)
            QVERIFY(r[0] * lp.x(0) + r[1] * lp.x(1) <= r[2] * (1 + 1e-9));
    }
}

void TestSmallLp::reusedSolverForgetsTheLastProgram() {
    SmallLp lp;
    lp.reset(1, 1);
    lp.setCoefficient(0, 0, 1);
    lp.setBound(0, 5);
    lp.setValue(0, 1);
    QVERIFY(lp.solve(10));
    QCOMPARE(lp.x(0), 5.0);
    lp.reset(1, 2);
    lp.setCoefficient(0, 1, 2);
    lp.setBound(0, 3);
    lp.setValue(1, 1);
    QVERIFY(lp.solve(10));
    QCOMPARE(lp.x(0), 0.0);
    QCOMPARE(lp.x(1), 1.5);
}

// The engine's shortcut for one SKU in the pool (engine_pool_assignment.cpp) gives every pair
// the bits the full simplex gives: on random programs whose pool is ample, short, or exactly
// what the demands need (a tie at the last demand); with pairs worth nothing, pairs worth the
// same, demands met by a fraction of a GPU and coefficients below the pivot tolerance.
void TestSmallLp::singlePoolReplaysTheFullSolve() {
    using engine::assignPool;
    std::mt19937_64 rng(20261207);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int ample = 0, scarce = 0;
    for (int k = 0; k < 4000; ++k) {
        EngineWorkspace ws;
        const std::size_t skus = 3;
        const int sku = int(k % skus);
        const int demands = 1 + int(rng() % 5);
        double need = 0;
        for (int d = 0; d < demands; ++d) {
            EngineWorkspace::Demand demand;
            demand.total = 1 + 5000 * unit(rng);
            demand.left = demand.total * (k % 7 == 0 ? 1.0 : unit(rng));
            ws.demands.push_back(demand);
            EngineWorkspace::PoolPair pair;
            pair.demand = d;
            pair.sku = sku;
            pair.per_gpu = (k % 11 == 0 ? 1e3 : k % 19 == 0 ? 1e-15 : 1.0) * (0.1 + 3 * unit(rng));
            pair.relative = k % 13 == 0 ? 0.0 : k % 17 == 0 ? 1.0 : 0.2 + unit(rng);
            if (pair.relative > 0)
                need += 1.0 / (pair.per_gpu / demand.left);
            ws.pairs.push_back(pair);
        }
        engine::sortByRelative(ws.pairs);
        ws.pool.assign(skus, 0.0);
        // Ample, short, or exactly what the demands need (the tie the shortcut must refuse).
        const int kind = int(k % 3);
        ws.pool[std::size_t(sku)] = kind == 0   ? need * (1.5 + unit(rng))
                                    : kind == 1 ? need * unit(rng)
                                                : need;
        (need < ws.pool[std::size_t(sku)] ? ample : scarce) += 1;
        EngineWorkspace full = ws;
        assignPool(skus, ws, true);
        assignPool(skus, full, false);
        for (std::size_t j = 0; j < ws.pairs.size(); ++j)
            QVERIFY2(std::bit_cast<std::uint64_t>(ws.pairs[j].gpus) ==
                         std::bit_cast<std::uint64_t>(full.pairs[j].gpus),
                     qPrintable(QString("program %1 pair %2: %3 replayed, %4 solved")
                                    .arg(k)
                                    .arg(j)
                                    .arg(ws.pairs[j].gpus, 0, 'g', 17)
                                    .arg(full.pairs[j].gpus, 0, 'g', 17)));
    }
    QVERIFY(ample > 1000 && scarce > 1000);
}

QTEST_GUILESS_MAIN(TestSmallLp)
#include "tst_small_lp.moc"
