// The draw cache: the same bits for the same stream, what a change redraws, pinned bits.

#include "sampling.h"
#include "tst_sampling.h"
#include "tst_sampling_helpers.h"

#include <QElapsedTimer>
#include <QString>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>

using namespace crossgrade::model;
using namespace crossgrade::testing;

namespace {

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

// The app's full run after a slider drag (issue 25): with shifts off, a moved input is drawn
// afresh, and so is a column an earlier slider step shifted even once its range is back — the
// matrix is then a cold cache's to the bit.
void TestSampling::shiftsOffDrawAsAColdCache() {
    const InputTable before = mixedTable(12);
    const InputId id = 4;
    const Range& r = before.number(id).range;
    UncertainNumber moved = before.number(id);
    moved.range = {r.low + 0.255, r.most_likely + 0.255, r.high + 0.255};
    const InputTable after = withInput(before, id, moved);

    DrawCache cache;
    cache.draws(before, 3, kSamples);
    std::size_t recomputed = 0;
    cache.draws(after, 3, kSamples, &recomputed); // the slider's step: shifted
    QCOMPARE(recomputed, std::size_t(1));

    cache.setShiftMovedInputs(false);
    std::vector<double> exact = cache.draws(after, 3, kSamples, &recomputed);
    QCOMPARE(recomputed, std::size_t(1)); // the shifted column, its range unchanged since
    DrawCache cold;
    QVERIFY(sameBits(exact.data(), cold.draws(after, 3, kSamples).data(), exact.size()));
    cache.draws(after, 3, kSamples, &recomputed);
    QCOMPARE(recomputed, std::size_t(0)); // exact now: kept

    // A move with shifts off draws afresh at once.
    exact = cache.draws(before, 3, kSamples, &recomputed);
    QCOMPARE(recomputed, std::size_t(1));
    DrawCache coldBefore;
    QVERIFY(sameBits(exact.data(), coldBefore.draws(before, 3, kSamples).data(), exact.size()));
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
