// The engine's per-evaluation tables (price decline, demand growth, discount factors: EngineTerms::
// tabulate) keep a column whose input has not changed since it was filled. That must not change a
// single bit: a workspace carried across Monte Carlo draws, options, policies and other scenarios
// of the same shape gives exactly what a fresh workspace gives for each evaluation.

#include "engine_invariants.h"
#include "same_bits.h"
#include "sample_scenario.h"
#include "samples.h"
#include "sampling.h"
#include "scenario_json.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <cstdint>
#include <vector>

using namespace crossgrade;
using namespace crossgrade::model;
using crossgrade::testing::readSample;
using crossgrade::testing::sameBits;

namespace {

constexpr std::size_t kDraws = 8;

// Every door of the option taken at month 0: the run that differs most from staying.
DoorPolicy everyDoor(const CompiledOption& option) {
    DoorPolicy p;
    for (std::size_t k = 0; k < option.doors.size(); ++k)
        p.month[k] = 0;
    return p;
}

// One evaluation on the carried workspace against one on a fresh workspace.
void compareRun(const CompiledScenario& c, const double* v, const CompiledOption& option,
                const DoorPolicy& policy, EngineWorkspace& carried, const QString& what) {
    OptionRun reused;
    evaluateOption(c, v, option, policy, carried, reused);
    EngineWorkspace freshWorkspace;
    OptionRun fresh;
    evaluateOption(c, v, option, policy, freshWorkspace, fresh);
    QVERIFY2(sameBits(reused.npv_usd, fresh.npv_usd),
             qPrintable(what + QString(": NPV %1 against %2 fresh")
                                   .arg(reused.npv_usd, 0, 'g', 17)
                                   .arg(fresh.npv_usd, 0, 'g', 17)));
    QVERIFY2(sameBits(reused.components, fresh.components), qPrintable(what + ": components"));
    QVERIFY2(sameBits(reused.discounted_cumulative, fresh.discounted_cumulative),
             qPrintable(what + ": discounted cumulative"));
    QVERIFY2(sameBits(reused.gpus, fresh.gpus), qPrintable(what + ": GPUs"));
}

// Draws of `s` (the Monte Carlo's DrawCache), every option at its shut and every-door policy,
// on one workspace carried from whatever it evaluated before.
void compareScenario(const Scenario& s, EngineWorkspace& carried, const QString& what) {
    const CompiledScenario c = compile(s);
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(c.inputs, s.seed, kDraws);
    std::vector<double> v(c.inputs.size());
    for (std::size_t k = 0; k < kDraws; ++k) {
        for (std::size_t i = 0; i < v.size(); ++i)
            v[i] = draws[i * kDraws + k];
        for (const CompiledOption& option : c.options)
            for (const DoorPolicy& policy : {DoorPolicy{}, everyDoor(option)}) {
                compareRun(c, v.data(), option, policy, carried,
                           what + QString(" draw %1 ").arg(k) + toString(option.id).data());
                if (QTest::currentTestFailed())
                    return;
            }
    }
}

} // namespace

class TestEngineTables : public QObject {
    Q_OBJECT

private slots:
    void carriedWorkspaceMatchesAFreshOne();
    void certainInputsKeepTheirColumns();
    void liveSkusGiveEverySkusBits();
};

void TestEngineTables::carriedWorkspaceMatchesAFreshOne() {
    // One workspace for all: the samples (different shapes) and perturbations of each (some of
    // the same shape, with other values, horizons and sizings).
    EngineWorkspace carried;
    std::uint64_t seed = 9090;
    for (const data::SampleFile& file : data::sampleScenarios()) {
        const Scenario sample = readSample(file);
        compareScenario(sample, carried, file.name);
        if (QTest::currentTestFailed())
            return;
        for (int k = 0; k < 4; ++k) {
            const Scenario s = testing::perturbScenario(sample, ++seed);
            compareScenario(s, carried, file.name + QString(" perturbation %1").arg(seed));
            if (QTest::currentTestFailed())
                return;
        }
    }
}

// With every input at its most likely value, a second evaluation on the same workspace finds
// each column's input unchanged and keeps it; changing one SKU's decline refills that column
// only, and the run then equals a fresh one.
void TestEngineTables::certainInputsKeepTheirColumns() {
    const Scenario s = readSample(data::sampleScenarios().front());
    const CompiledScenario c = compile(s);
    std::vector<double> v = c.inputs.mostLikely();
    EngineWorkspace carried;
    OptionRun run;
    evaluateOption(c, v.data(), CompiledOption{}, DoorPolicy{}, carried, run);
    const std::vector<double> declineBefore = carried.decline_factor;
    QCOMPARE(carried.table_months, c.horizon_months);
    QCOMPARE(carried.decline_key.size(), c.skus.size());

    // A SKU the run can hold: no other SKU's column is ever filled (liveSkusGiveEverySkusBits).
    const InputId decline = c.skus[std::size_t(c.live_skus.front())].price_decline_per_year;
    v[decline] += 0.05;
    compareRun(c, v.data(), CompiledOption{}, DoorPolicy{}, carried, "decline moved");
    // The moved SKU's column changed; every other column kept its bits.
    const std::size_t skus = c.skus.size();
    bool movedChanged = false;
    for (std::size_t m = 1; m < std::size_t(c.horizon_months); ++m)
        for (std::size_t i = 0; i < skus; ++i) {
            const double before = declineBefore[m * skus + i];
            const double after = carried.decline_factor[m * skus + i];
            if (c.skus[i].price_decline_per_year == decline)
                movedChanged = movedChanged || !sameBits(before, after);
            else
                QVERIFY(sameBits(before, after));
        }
    QVERIFY(movedChanged);
}

// The engine sums, tabulates and places over the scenario's live SKUs only (those of its lots
// and those new capacity is bought as). Every run over them has the bits of the same run over
// every SKU of the book: the others hold, rent and draw nothing. On the samples and
// perturbations of them, every option shut and with every door at month 0, on several draws.
void TestEngineTables::liveSkusGiveEverySkusBits() {
    std::uint64_t seed = 4242;
    for (const data::SampleFile& file : data::sampleScenarios()) {
        const Scenario sample = readSample(file);
        for (int k = 0; k < 3; ++k) {
            const Scenario s = k == 0 ? sample : testing::perturbScenario(sample, ++seed);
            const CompiledScenario live = compile(s);
            QVERIFY2(live.live_skus.size() < live.skus.size(),
                     qPrintable(file.name + ": every SKU of the book is live; nothing is tested"));
            CompiledScenario every = live;
            every.live_skus.clear();
            for (std::size_t i = 0; i < every.skus.size(); ++i)
                every.live_skus.push_back(int(i));
            DrawCache cache;
            const std::vector<double>& draws = cache.draws(live.inputs, s.seed, kDraws);
            std::vector<double> v(live.inputs.size());
            for (std::size_t d = 0; d < kDraws; d += 3) {
                for (std::size_t i = 0; i < v.size(); ++i)
                    v[i] = draws[i * kDraws + d];
                for (std::size_t o = 0; o < live.options.size(); ++o)
                    for (const DoorPolicy& policy : {DoorPolicy{}, everyDoor(live.options[o])}) {
                        EngineWorkspace a, b;
                        OptionRun x, y;
                        evaluateOption(live, v.data(), live.options[o], policy, a, x);
                        evaluateOption(every, v.data(), every.options[o], policy, b, y);
                        const QString what = file.name +
                                             QString(" variant %1 draw %2 ").arg(k).arg(d) +
                                             toString(live.options[o].id).data();
                        QVERIFY2(sameBits(x.npv_usd, y.npv_usd), qPrintable(what + ": NPV"));
                        QVERIFY2(sameBits(x.components, y.components),
                                 qPrintable(what + ": components"));
                        QVERIFY2(sameBits(x.gpus, y.gpus), qPrintable(what + ": GPUs"));
                        QVERIFY2(sameBits(x.peak_kw, y.peak_kw), qPrintable(what + ": peak kW"));
                    }
            }
        }
    }
}

QTEST_GUILESS_MAIN(TestEngineTables)
#include "tst_engine_tables.moc"
