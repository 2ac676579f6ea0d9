// The Monte Carlo (model/uncertainty/monte_carlo.h) on the shipped samples: the same bits on any
// thread count, paired differences reported as such, zero spread without ranges, EVPI's definition,
// percentiles by hand, cancellation.

#include "monte_carlo.h"
#include "option_twins.h"
#include "paired_delta.h"
#include "samples.h"
#include "scenario_json.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <QVector>
#include <algorithm>
#include <atomic>
#include <cstring>

using namespace crossgrade;
using namespace crossgrade::model;

namespace {

Scenario sample(const QString& name) {
    for (const data::SampleFile& file : data::sampleScenarios())
        if (file.name == name)
            return *data::readScenario(file.text).scenario;
    qFatal("no sample %s", qPrintable(name));
}

// A sample where AMD doors are taken at the most likely values (a 35 % AMD discount), so the
// options differ sample by sample.
Scenario withDoors() {
    Scenario s = sample("large-model-inference.json");
    s.amd_discount.range = {0.25, 0.35, 0.45};
    return s;
}

struct Run {
    CompiledScenario compiled;
    ScenarioEvaluation deterministic;
    MonteCarloResult mc;
};

Run run(const Scenario& s, std::size_t samples, int threads, std::uint64_t seed = 7) {
    Run r{compile(s), {}, {}};
    r.deterministic = evaluateScenario(s, r.compiled);
    DrawCache cache;
    r.mc = runMonteCarlo(r.compiled, r.deterministic, {samples, seed, threads, 60e6}, cache);
    return r;
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

} // namespace

class TestMonteCarlo : public QObject {
    Q_OBJECT

private slots:
    void percentilesByHand_data();
    void percentilesByHand();
    void sameBitsOnAnyThreadCount();
    void pairedDifferenceIsReportedNotTheDifferenceOfMedians();
    void collapsedRangesGiveZeroSpread();
    void evpiIsTheValueOfChoosingPerSample();
    void bandsBracketTheMedianCurve();
    void cancelStopsTheRun();
    void samplesDoneCountsEverySample();
    void budgetShareFromTheKeptTotals();
    void scenarioDeltaIsPairedPerSample();
    void noDoorPolicyRunIsStayCudasRun();
    void twinOptionsShareTheirRunsBitForBit();
    void cumulativeBandsAreTheSortedPercentiles();
};

void TestMonteCarlo::percentilesByHand_data() {
    QTest::addColumn<QVector<double>>("values");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    // R's type 7: h = (n − 1)p, linear between the order statistics around h.
    QTest::newRow("median of four") << QVector<double>{1, 2, 3, 4} << 0.5 << 2.5;
    QTest::newRow("p10 of eleven")
        << QVector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10} << 0.1 << 1.0;
    QTest::newRow("p90 of five") << QVector<double>{10, 20, 30, 40, 50} << 0.9 << 46.0;
    QTest::newRow("one value") << QVector<double>{7} << 0.9 << 7.0;
    QTest::newRow("p0 is the minimum") << QVector<double>{3, 5} << 0.0 << 3.0;
    QTest::newRow("p1 is the maximum") << QVector<double>{3, 5} << 1.0 << 5.0;
}

void TestMonteCarlo::percentilesByHand() {
    QFETCH(QVector<double>, values);
    QFETCH(double, p);
    QFETCH(double, expected);
    QCOMPARE(percentile(std::vector<double>(values.begin(), values.end()), p), expected);
}

void TestMonteCarlo::sameBitsOnAnyThreadCount() {
    const Scenario s = withDoors();
    const Run one = run(s, 600, 1);
    for (int threads : {2, 8}) {
        const Run many = run(s, 600, threads);
        QVERIFY2(sameBits(one.mc.npv, many.mc.npv), qPrintable(QString::number(threads)));
        QVERIFY(sameBits(one.mc.total, many.mc.total));
        for (std::size_t o = 0; o < one.mc.options.size(); ++o) {
            QVERIFY(sameBits(one.mc.options[o].cumulative_p50, many.mc.options[o].cumulative_p50));
            QCOMPARE(one.mc.options[o].npv_usd.mean, many.mc.options[o].npv_usd.mean);
            QCOMPARE(one.mc.options[o].p_beats_stay_cuda, many.mc.options[o].p_beats_stay_cuda);
        }
        QCOMPARE(one.mc.evpi_usd, many.mc.evpi_usd);
    }
    // And a different seed gives different draws.
    const Run other = run(s, 600, 1, 8);
    QVERIFY(!sameBits(one.mc.npv, other.mc.npv));
}

void TestMonteCarlo::pairedDifferenceIsReportedNotTheDifferenceOfMedians() {
    const Run r = run(withDoors(), 1000, 2);
    const std::size_t n = r.mc.samples;
    bool differs = false;
    for (std::size_t o = 0; o < r.mc.options.size(); ++o) {
        std::vector<double> saving(n);
        for (std::size_t s = 0; s < n; ++s)
            saving[s] = r.mc.npv[s] - r.mc.npv[o * n + s]; // stay-cuda is the first option
        const Summary paired = summarise(saving);
        const OptionDistribution& d = r.mc.options[o];
        QCOMPARE(d.npv_saving_usd.p50, paired.p50);
        QCOMPARE(d.npv_saving_usd.p10, paired.p10);
        // P(beats) counted per sample, and its standard error as a proportion's.
        std::size_t beats = 0;
        for (double v : saving)
            beats += v > 1.0 ? 1 : 0;
        QCOMPARE(d.p_beats_stay_cuda, double(beats) / double(n));
        QCOMPARE(d.p_beats_standard_error,
                 std::sqrt(d.p_beats_stay_cuda * (1 - d.p_beats_stay_cuda) / double(n)));
        const double ofMedians = r.mc.options[0].npv_usd.p50 - d.npv_usd.p50;
        differs = differs || std::abs(ofMedians - d.npv_saving_usd.p50) > 1000.0;
    }
    QVERIFY2(differs, "the constructed case should separate the two quantities");
    QVERIFY(r.deterministic.options.front().id == OptionId::StayCuda);
}

void TestMonteCarlo::collapsedRangesGiveZeroSpread() {
    Scenario s = withDoors();
    // Every number at its most likely value: the Monte Carlo must reproduce the base run.
    CompiledScenario c = compile(s);
    InputTable certain;
    for (InputId i = 0; i < c.inputs.size(); ++i)
        certain.add(c.inputs.pointer(i), UncertainNumber::certain(c.inputs.number(i).mostLikely()));
    c.inputs = certain;
    const ScenarioEvaluation e = evaluateScenario(s, compile(s));
    DrawCache cache;
    const MonteCarloResult mc = runMonteCarlo(c, e, {200, 3, 2, std::nullopt}, cache);
    for (std::size_t o = 0; o < mc.options.size(); ++o) {
        const OptionDistribution& d = mc.options[o];
        QCOMPARE(d.npv_usd.p10, e.options[o].run.npv_usd);
        QCOMPARE(d.npv_usd.p90, e.options[o].run.npv_usd);
        // sd/√n of identical values: zero but for the rounding of their mean.
        QVERIFY(d.npv_mean_standard_error <= 1e-12 * std::abs(e.options[o].run.npv_usd));
        QCOMPARE(d.cumulative_p10, d.cumulative_p90);
    }
    QCOMPARE(mc.evpi_usd, 0.0);
}

void TestMonteCarlo::evpiIsTheValueOfChoosingPerSample() {
    const Run r = run(withDoors(), 800, 2);
    const std::size_t n = r.mc.samples;
    double bestMean = 1e300;
    for (const OptionDistribution& d : r.mc.options)
        bestMean = std::min(bestMean, d.npv_usd.mean);
    double perSample = 0;
    for (std::size_t s = 0; s < n; ++s) {
        double best = 1e300;
        for (std::size_t o = 0; o < r.mc.options.size(); ++o)
            best = std::min(best, r.mc.npv[o * n + s]);
        perSample += best;
    }
    QCOMPARE(r.mc.evpi_usd, std::max(0.0, bestMean - perSample / double(n)));
    QVERIFY(r.mc.evpi_usd >= 0);
    // Budget: P(total ≤ $60M) is a probability and ordered like the totals.
    for (const OptionDistribution& d : r.mc.options) {
        QVERIFY(d.p_total_within_budget.has_value());
        QVERIFY(*d.p_total_within_budget >= 0 && *d.p_total_within_budget <= 1);
    }
}

void TestMonteCarlo::bandsBracketTheMedianCurve() {
    const Run r = run(withDoors(), 500, 2);
    for (const OptionDistribution& d : r.mc.options) {
        QCOMPARE(int(d.cumulative_p50.size()), r.compiled.horizon_months);
        for (std::size_t m = 0; m < d.cumulative_p50.size(); ++m) {
            QVERIFY(d.cumulative_p10[m] <= d.cumulative_p50[m]);
            QVERIFY(d.cumulative_p50[m] <= d.cumulative_p90[m]);
        }
        QVERIFY(d.npv_usd.p10 < d.npv_usd.p90); // real ranges spread the result
        QVERIFY(d.npv_p50_standard_error > 0);
    }
}

void TestMonteCarlo::cancelStopsTheRun() {
    const Scenario s = withDoors();
    const CompiledScenario c = compile(s);
    const ScenarioEvaluation e = evaluateScenario(s, c);
    std::atomic<bool> cancel{true};
    DrawCache cache;
    const MonteCarloResult mc = runMonteCarlo(c, e, {1000, 1, 2, std::nullopt}, cache, &cancel);
    QVERIFY(mc.cancelled);
    QVERIFY(mc.options.empty());
}

void TestMonteCarlo::samplesDoneCountsEverySample() {
    const Scenario s = withDoors();
    const CompiledScenario c = compile(s);
    const ScenarioEvaluation e = evaluateScenario(s, c);
    std::atomic<std::size_t> done{0};
    DrawCache cache;
    const MonteCarloResult counted =
        runMonteCarlo(c, e, {301, 5, 2, std::nullopt}, cache, nullptr, &done);
    QCOMPARE(done.load(), std::size_t(301));
    // Counting changes nothing.
    const MonteCarloResult plain = runMonteCarlo(c, e, {301, 5, 1, std::nullopt}, cache);
    QVERIFY(sameBits(counted.npv, plain.npv));
}

void TestMonteCarlo::budgetShareFromTheKeptTotals() {
    const Run r = run(withDoors(), 800, 2); // with a $60M budget
    for (std::size_t o = 0; o < r.mc.options.size(); ++o)
        QCOMPARE(probabilityTotalWithin(r.mc, o, 60e6), *r.mc.options[o].p_total_within_budget);
    QCOMPARE(probabilityTotalWithin(r.mc, r.mc.options.size(), 60e6), 0.0);
}

// Scenario B against scenario A under one seed: the P10/P50/P90 of B's NPV minus A's, sample
// by sample; not the difference of their P50s; nothing when the runs are not paired.
void TestMonteCarlo::scenarioDeltaIsPairedPerSample() {
    const Scenario a = withDoors();
    Scenario b = a;
    b.amd_discount.range = {0.30, 0.42, 0.50};
    const Run ra = run(a, 1000, 2);
    const Run rb = run(b, 1000, 2);
    const std::vector<PairedDelta> deltas = pairedNpvDelta(ra.mc, rb.mc);
    QCOMPARE(deltas.size(), rb.mc.options.size());
    const std::size_t n = ra.mc.samples;
    bool differs = false;
    for (std::size_t o = 0; o < deltas.size(); ++o) {
        QVERIFY(deltas[o].id == rb.mc.options[o].id);
        std::vector<double> column(n);
        for (std::size_t s = 0; s < n; ++s)
            column[s] = rb.mc.npv[o * n + s] - ra.mc.npv[o * n + s];
        const Summary direct = summarise(column);
        QCOMPARE(deltas[o].npv_delta_usd.p10, direct.p10);
        QCOMPARE(deltas[o].npv_delta_usd.p50, direct.p50);
        QCOMPARE(deltas[o].npv_delta_usd.p90, direct.p90);
        const double ofMedians = rb.mc.options[o].npv_usd.p50 - ra.mc.options[o].npv_usd.p50;
        differs = differs || std::abs(ofMedians - direct.p50) > 1000.0;
    }
    QVERIFY2(differs, "the constructed case should separate the two quantities");
    QVERIFY(pairedNpvDelta(ra.mc, run(b, 1000, 2, 8).mc).empty()); // another seed
    QVERIFY(pairedNpvDelta(ra.mc, run(b, 999, 2).mc).empty());     // another count
}

// The Monte Carlo skips the engine for an option whose held policy takes no door and uses
// stay-cuda's run: valid only while such a run is stay-cuda's to the bit, on every sample.
void TestMonteCarlo::noDoorPolicyRunIsStayCudasRun() {
    for (const data::SampleFile& file : data::sampleScenarios()) {
        const Scenario s = *data::readScenario(file.text).scenario;
        const CompiledScenario compiled = compile(s);
        DrawCache cache;
        const std::size_t n = 150;
        const std::vector<double>& draws = cache.draws(compiled.inputs, s.seed, n);
        EngineWorkspace workspace;
        workspace.reserve(compiled);
        OptionRun stay;
        OptionRun option;
        std::vector<double> v(compiled.inputs.size());
        for (std::size_t k = 0; k < n; ++k) {
            for (std::size_t i = 0; i < v.size(); ++i)
                v[i] = draws[i * n + k];
            evaluateOption(compiled, v.data(), CompiledOption{}, DoorPolicy{}, workspace, stay);
            for (const CompiledOption& o : compiled.options) {
                evaluateOption(compiled, v.data(), o, DoorPolicy{}, workspace, option);
                QVERIFY2(!option.committed, qPrintable(file.name));
                QVERIFY2(std::memcmp(&option.npv_usd, &stay.npv_usd, sizeof(double)) == 0,
                         qPrintable(file.name + " " + QString::fromUtf8(toString(o.id).data())));
                QCOMPARE(option.total_usd, stay.total_usd);
                QVERIFY(sameBits(option.cumulative, stay.cumulative));
                QVERIFY(sameBits(option.components, stay.components));
                QVERIFY(sameBits(option.gpus, stay.gpus));
            }
        }
    }
}

// Path 1 and Path 3 on the inference-only sample are one program whose task months are drawn
// alike (option_twins.h): the Monte Carlo runs Path 1 and copies it to Path 3. Every option's
// NPV must still be its own run's, sample by sample — also where Path 3's months are made to
// differ, so that the two are no longer twins.
void TestMonteCarlo::twinOptionsShareTheirRunsBitForBit() {
    Scenario apart = withDoors();
    auto& months = apart.pricebook.port_months[PortTask::InferencePort];
    for (auto& [effort, byPath] : months)
        byPath[PortabilityPath::Path3].range.high += 1.0;
    const std::vector<Scenario> scenarios{withDoors(), apart};
    for (std::size_t which = 0; which < scenarios.size(); ++which) {
        const Run r = run(scenarios[which], 120, 2);
        DrawCache cache; // the draws live in it
        const std::vector<double>& draws = cache.draws(r.compiled.inputs, 7, 120);
        const CompiledOption* p1 = nullptr;
        const CompiledOption* p3 = nullptr;
        for (const CompiledOption& o : r.compiled.options) {
            p1 = o.id == OptionId::Path1 ? &o : p1;
            p3 = o.id == OptionId::Path3 ? &o : p3;
        }
        QVERIFY(p1 && p3);
        std::vector<std::pair<InputId, InputId>> pairs;
        QVERIFY(sameProgram(*p1, *p3, pairs));
        QVERIFY(!pairs.empty());
        QCOMPARE(equalDraws(pairs, draws, 120, 120), which == 0); // twins, then apart

        EngineWorkspace workspace;
        workspace.reserve(r.compiled);
        OptionRun own;
        std::vector<double> v(r.compiled.inputs.size());
        for (std::size_t k = 0; k < 120; ++k) {
            for (std::size_t i = 0; i < v.size(); ++i)
                v[i] = draws[i * 120 + k];
            for (std::size_t o = 0; o < r.deterministic.options.size(); ++o) {
                const OptionOutcome& outcome = r.deterministic.options[o];
                for (const CompiledOption& c : r.compiled.options)
                    if (c.id == outcome.id) {
                        evaluateOption(r.compiled, v.data(), c, outcome.policy, workspace, own);
                        QVERIFY(std::memcmp(&own.npv_usd, &r.mc.npv[o * 120 + k], sizeof(double)) ==
                                0);
                    }
            }
        }
    }
}

// The bands come from selection rather than a full sort: the same numbers as percentile() of
// the sorted column. Options taking no door share stay-cuda's stored months and bands; the
// others have their own, so both kinds are checked against their own NPVs.
void TestMonteCarlo::cumulativeBandsAreTheSortedPercentiles() {
    const Run r = run(withDoors(), 501, 1);
    const std::size_t n = r.mc.samples;
    const auto taking =
        std::count_if(r.deterministic.options.begin(), r.deterministic.options.end(),
                      [](const OptionOutcome& o) { return o.policy.takesAny(); });
    QVERIFY(taking >= 2);
    QVERIFY(taking < std::ptrdiff_t(r.deterministic.options.size()));
    for (std::size_t o = 0; o < r.mc.options.size(); ++o) {
        // Discounted cumulative cost at the last month is the NPV (issue 22: one basis).
        std::vector<double> totals(r.mc.npv.begin() + std::ptrdiff_t(o * n),
                                   r.mc.npv.begin() + std::ptrdiff_t(o * n + n));
        std::sort(totals.begin(), totals.end());
        const OptionDistribution& d = r.mc.options[o];
        QCOMPARE(d.cumulative_p10.back(), percentile(totals, 0.10));
        QCOMPARE(d.cumulative_p50.back(), percentile(totals, 0.50));
        QCOMPARE(d.cumulative_p90.back(), percentile(totals, 0.90));
    }
}

QTEST_GUILESS_MAIN(TestMonteCarlo)
#include "tst_monte_carlo.moc"
