// The door-policy search (model/engine/evaluation.h optimiseDoorPolicy) shares the months policies
// have in common instead of running each policy afresh (model/engine/engine.h
// evaluateDoorPolicies). It must not change a single bit: on every shipped sample, on variants of
// them where AMD doors open, on random perturbations, and on Monte Carlo draws of all of these,
// every candidate's NPV equals a full engine run's, and the chosen policy equals the one the plain
// exhaustive search (written out here as it stood before the shared search) chooses.

#include "engine_invariants.h"
#include "same_bits.h"
#include "sample_scenario.h"
#include "samples.h"
#include "sampling.h"
#include "scenario_json.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <cmath>
#include <limits>

using namespace crossgrade;
using namespace crossgrade::model;
using crossgrade::testing::readSample;
using crossgrade::testing::sameBits;

namespace {

// Draws per scenario; the sanitizer build could run fewer.
#ifndef CROSSGRADE_DOOR_SEARCH_DRAWS
#define CROSSGRADE_DOOR_SEARCH_DRAWS 12
#endif
constexpr std::size_t kDraws = CROSSGRADE_DOOR_SEARCH_DRAWS;
constexpr int kPerturbationsPerSample = 12;

void scale(UncertainNumber& n, double factor) {
    n.range = {n.range.low * factor, n.range.most_likely * factor, n.range.high * factor};
}

// The sample with AMD made attractive — a deeper discount, faster AMD SKUs, HetCCL early — so
// that doors are worth taking and the search has to get their months right.
Scenario withDoorsOpen(Scenario s) {
    s.amd_discount.range = {0.35, 0.45, 0.55};
    for (auto& [cls, row] : s.pricebook.performance)
        for (auto& [skuId, ratio] : row)
            if (s.pricebook.skus.count(skuId) && s.pricebook.skus.at(skuId).vendor == Vendor::Amd)
                scale(ratio, 1.35);
    s.hetccl_available_month.range = {3, 9, 18};
    return s;
}

int doorCount(const DoorPolicy& p) {
    return p.doorsTaken();
}

// The search as it stood before it shared months, line for line: every candidate a full
// engine run, weighed in order against the best so far.
struct Reference {
    DoorPolicy best;
    std::vector<DoorPolicy> candidates; // in the order weighed, all-never first
    std::vector<double> npv;
};

std::vector<int> candidateMonths(double open, int horizon) {
    std::vector<int> months{kNever};
    const int first = int(std::ceil(std::max(0.0, open) / 3.0 - 1e-9)) * 3;
    for (int m = first; m < horizon; m += 3)
        months.push_back(m);
    return months;
}

Reference referenceSearch(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option, EngineWorkspace& workspace,
                          OptionRun& scratch) {
    constexpr double kTieUsd = 1.0;
    Reference r;
    DoorPolicy best;
    const auto open = earliestDoorOpening(scenario, v, option);
    std::vector<std::vector<int>> months;
    for (std::size_t k = 0; k < option.doors.size(); ++k)
        months.push_back(candidateMonths(open[k], scenario.horizon_months));
    evaluateOption(scenario, v, option, best, workspace, scratch);
    double bestNpv = scratch.npv_usd;
    const double stayingPeakKw = scratch.peak_kw; // a power cap refuses doors that need more
    r.candidates.push_back(best);
    r.npv.push_back(bestNpv);
    // Every combination, the first door slowest, never before any month.
    std::vector<std::size_t> digit(months.size(), 0);
    for (bool more = true; more;) {
        DoorPolicy candidate;
        for (std::size_t k = 0; k < months.size(); ++k)
            candidate.month[k] = months[k][digit[k]];
        std::size_t k = months.size();
        while (k > 0 && ++digit[k - 1] == months[k - 1].size())
            digit[--k] = 0;
        more = k > 0;
        if (candidate == DoorPolicy{})
            continue;
        evaluateOption(scenario, v, option, candidate, workspace, scratch);
        const double npv = refusedByPowerCap(scenario, v, scratch.peak_kw, stayingPeakKw)
                               ? std::numeric_limits<double>::infinity()
                               : scratch.npv_usd;
        r.candidates.push_back(candidate);
        r.npv.push_back(npv);
        const bool clearlyBetter = npv < bestNpv - kTieUsd;
        const bool tieWithFewerDoors =
            std::abs(npv - bestNpv) <= kTieUsd && doorCount(candidate) < doorCount(best);
        if (clearlyBetter || tieWithFewerDoors) {
            best = candidate;
            bestNpv = npv;
        }
    }
    r.best = best;
    return r;
}

struct Tally {
    int searches = 0;       // (values, option) pairs searched
    long candidates = 0;    // NPVs compared bit for bit
    int doorsTaken = 0;     // searches whose chosen policy takes a door
    int bothDoorsTaken = 0; // … takes both
    int scenarios = 0;      // whole evaluations compared
};

QString policyText(const DoorPolicy& p) {
    QStringList months;
    for (int m : p.month)
        months << QString::number(m);
    return "{" + months.join(", ") + "}";
}

// Every option with doors at values `v`: the shared search against the reference.
void compareAt(const CompiledScenario& c, const double* v, const QString& what, Tally& tally) {
    EngineWorkspace ws;
    OptionRun scratch;
    for (const CompiledOption& option : c.options) {
        if (option.doors.empty())
            continue;
        const QString where = what + " " + toString(option.id).data();
        const Reference ref = referenceSearch(c, v, option, ws, scratch);

        std::vector<double> npv(ref.candidates.size(), std::nan(""));
        evaluateDoorPolicies(c, v, option, ref.candidates.data(), ref.candidates.size(), npv.data(),
                             ws, scratch);
        for (std::size_t i = 0; i < npv.size(); ++i)
            QVERIFY2(sameBits(npv[i], ref.npv[i]),
                     qPrintable(where + " policy " + policyText(ref.candidates[i]) +
                                QString(": %1 against %2")
                                    .arg(npv[i], 0, 'g', 17)
                                    .arg(ref.npv[i], 0, 'g', 17)));
        tally.candidates += long(npv.size());

        std::size_t searched = 0;
        const DoorPolicy fast = optimiseDoorPolicy(c, v, option, ws, scratch, &searched);
        QVERIFY2(fast == ref.best, qPrintable(where + " chose " + policyText(fast) +
                                              ", the reference " + policyText(ref.best)));
        QCOMPARE(searched, ref.candidates.size());
        std::size_t searchedPlainly = 0;
        QVERIFY(optimiseDoorPolicyExhaustive(c, v, option, ws, scratch, &searchedPlainly) ==
                ref.best);
        QCOMPARE(searchedPlainly, ref.candidates.size());

        ++tally.searches;
        if (ref.best.takesAny())
            ++tally.doorsTaken;
        if (doorCount(ref.best) == 2)
            ++tally.bothDoorsTaken;
    }
}

// The whole deterministic evaluation: each option's policy is the reference's, and its run —
// NPV, every monthly component, total, cumulative and GPU count — the engine's for that policy.
void compareEvaluation(const Scenario& s, const QString& what, Tally& tally) {
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    compareAt(c, v.data(), what, tally);
    if (QTest::currentTestFailed())
        return;
    const ScenarioEvaluation e = evaluateScenario(s, c);
    EngineWorkspace ws;
    OptionRun scratch;
    OptionRun run;
    std::size_t searched = 0;
    for (const CompiledOption& option : c.options) {
        const QString where = what + " " + toString(option.id).data();
        const OptionOutcome* outcome = e.find(option.id);
        QVERIFY2(outcome != nullptr, qPrintable(where));
        const Reference ref = referenceSearch(c, v.data(), option, ws, scratch);
        if (!option.doors.empty())
            searched += ref.candidates.size();
        QVERIFY2(outcome->policy == ref.best, qPrintable(where));
        evaluateOption(c, v.data(), option, ref.best, ws, run);
        QVERIFY2(sameBits(outcome->run.npv_usd, run.npv_usd), qPrintable(where));
        QVERIFY2(sameBits(outcome->run.total_usd, run.total_usd), qPrintable(where));
        QVERIFY2(sameBits(outcome->run.components, run.components), qPrintable(where));
        QVERIFY2(sameBits(outcome->run.total, run.total), qPrintable(where));
        QVERIFY2(sameBits(outcome->run.cumulative, run.cumulative), qPrintable(where));
        QVERIFY2(sameBits(outcome->run.gpus, run.gpus), qPrintable(where));
    }
    QCOMPARE(e.policies_searched, searched);
    ++tally.scenarios;
}

// Monte Carlo draws of the scenario's inputs (the DrawCache the Monte Carlo uses), each
// searched as if it were the deterministic values.
void compareDraws(const Scenario& s, const QString& what, Tally& tally) {
    const CompiledScenario c = compile(s);
    DrawCache cache;
    const std::vector<double>& draws = cache.draws(c.inputs, s.seed, kDraws);
    std::vector<double> v(c.inputs.size());
    for (std::size_t k = 0; k < kDraws; ++k) {
        for (std::size_t i = 0; i < v.size(); ++i)
            v[i] = draws[i * kDraws + k];
        compareAt(c, v.data(), what + QString(" draw %1").arg(k), tally);
        if (QTest::currentTestFailed())
            return;
    }
}

} // namespace

class TestDoorSearch : public QObject {
    Q_OBJECT

private slots:
    void samplesAsShipped();
    void samplesWithDoorsOpen();
    void perturbedSamples();
};

void TestDoorSearch::samplesAsShipped() {
    Tally tally;
    for (const data::SampleFile& file : data::sampleScenarios())
        for (Sizing sizing : {Sizing::WholeServers, Sizing::Continuous}) {
            Scenario s = readSample(file);
            s.sizing = sizing;
            const QString what = file.name + " (" + toString(sizing).data() + ")";
            compareEvaluation(s, what, tally);
            if (QTest::currentTestFailed())
                return;
            compareDraws(s, what, tally);
            if (QTest::currentTestFailed())
                return;
        }
    qInfo("samples as shipped: %d searches, %ld NPVs identical, doors taken in %d (both in %d)",
          tally.searches, tally.candidates, tally.doorsTaken, tally.bothDoorsTaken);
    QCOMPARE(tally.scenarios, 6);
}

void TestDoorSearch::samplesWithDoorsOpen() {
    Tally tally;
    for (const data::SampleFile& file : data::sampleScenarios())
        for (Sizing sizing : {Sizing::WholeServers, Sizing::Continuous}) {
            Scenario s = withDoorsOpen(readSample(file));
            s.sizing = sizing;
            const QString what = file.name + " doors open (" + toString(sizing).data() + ")";
            compareEvaluation(s, what, tally);
            if (QTest::currentTestFailed())
                return;
            compareDraws(s, what, tally);
            if (QTest::currentTestFailed())
                return;
        }
    qInfo("samples with doors open: %d searches, %ld NPVs identical, doors taken in %d (both "
          "in %d)",
          tally.searches, tally.candidates, tally.doorsTaken, tally.bothDoorsTaken);
    // The search must have had doors to get right, and pairs of them.
    QVERIFY(tally.doorsTaken > tally.searches / 2);
    QVERIFY(tally.bothDoorsTaken > tally.searches / 10);
}

// Other horizons, channels, dispositions, sizings and tiers (tests/common/engine_invariants.h),
// with and without AMD made attractive, and a few draws of each.
void TestDoorSearch::perturbedSamples() {
    Tally tally;
    std::uint64_t seed = 4242;
    for (const data::SampleFile& file : data::sampleScenarios()) {
        const Scenario sample = readSample(file);
        for (int k = 0; k < kPerturbationsPerSample; ++k) {
            ++seed;
            Scenario s = testing::perturbScenario(sample, seed);
            if (k % 2 == 1)
                s = withDoorsOpen(s);
            const QString what = file.name + QString(" perturbation (seed %1)").arg(seed);
            compareEvaluation(s, what, tally);
            if (QTest::currentTestFailed())
                return;
            if (k % 4 == 0) {
                compareDraws(s, what, tally);
                if (QTest::currentTestFailed())
                    return;
            }
        }
    }
    qInfo("perturbed samples: %d searches, %ld NPVs identical, doors taken in %d (both in %d)",
          tally.searches, tally.candidates, tally.doorsTaken, tally.bothDoorsTaken);
    QVERIFY(tally.doorsTaken > tally.searches / 8);
    QVERIFY(tally.bothDoorsTaken > 5);
}

QTEST_GUILESS_MAIN(TestDoorSearch)
#include "tst_door_search.moc"
