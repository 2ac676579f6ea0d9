// Sensitivity (model/analysis/sensitivity.h): the tornado's order and ends on a hand-built case,
// switching values that flip the cheapest option when fed back, the break-even map against direct
// evaluation, the distance-to-flip percentile against Boost.Math, and thread independence.

#include "evaluated_scenario.h"
#include "sampling.h"
#include "scenario_fixture.h"
#include "sensitivity.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/triangular.hpp>
#include <boost/math/distributions/uniform.hpp>
#include <cstring>

using namespace crossgrade::model;
using crossgrade::testing::smallScenario;

namespace {

UncertainNumber ranged(double low, double mostLikely, double high) {
    return UncertainNumber::between(low, mostLikely, high);
}

// Engine 3's transition holds AMD to 80 % of the H100 it replaces at the door, fading to its
// steady state (2.4× on the fixture's 505 GB model), and buying for the door months alone keeps
// every door shut: these cases are about the search, not the transition.
Scenario withoutTransition(Scenario s) {
    s.transition_regression_months = UncertainNumber::certain(0);
    return s;
}

// The fixture with Path 1 only, the AMD discount deep enough that Path 1 takes a door, and
// three ranges whose effect on Path 1's saving is known by construction: the discount lowers
// only AMD capex (the saving rises with it), the engineer cost raises only the port labour (the
// saving falls), and the HetCCL month does not touch Path 1 at all.
Scenario handBuilt(Range discount, Range engineerCost) {
    Scenario s = smallScenario();
    s.options = {OptionId::StayCuda, OptionId::Path1};
    s.amd_discount = ranged(discount.low, discount.most_likely, discount.high);
    s.usd_per_engineer_month =
        ranged(engineerCost.low, engineerCost.most_likely, engineerCost.high);
    s.hetccl_available_month = ranged(12, 24, 48);
    return withoutTransition(s);
}

using crossgrade::testing::Evaluated;
using crossgrade::testing::evaluated;

double pertQuantile(const Range& r, double p) {
    const double w = r.high - r.low;
    const double a = 1 + 4 * (r.most_likely - r.low) / w;
    const double b = 1 + 4 * (r.high - r.most_likely) / w;
    return r.low + w * boost::math::quantile(boost::math::beta_distribution<double>(a, b), p);
}

const TornadoBar* barOf(const Tornado& t, const std::string& pointer) {
    for (const TornadoBar& b : t.bars)
        if (b.pointer == pointer)
            return &b;
    return nullptr;
}

OptionId cheapestAt(const Scenario& s) {
    return evaluated(s).evaluation.cheapest;
}

} // namespace

// Ids compare through their names, so a failure says which option or knob it got.
#define QCOMPARE_ID(actual, expected)                                                              \
    QCOMPARE(std::string(toString(actual)), std::string(toString(expected)))

class TestSensitivity : public QObject {
    Q_OBJECT

private slots:
    void tornadoOrderMatchesHandBuiltCase() {
        // A wide discount and a narrow engineer cost: the discount's bar is the wider one.
        const Evaluated wide = evaluated(handBuilt({0.60, 0.70, 0.80}, {24500, 25000, 25500}));
        QVERIFY2(wide.evaluation.find(OptionId::Path1)->doors_taken > 0,
                 "precondition: Path 1 takes its doors at a 70 % discount");
        const Tornado t = computeTornado(wide.compiled, wide.evaluation, OptionId::Path1);
        QCOMPARE_ID(t.option, OptionId::Path1);
        QCOMPARE(t.inputs_swung, std::size_t{3});
        QCOMPARE(t.bars.size(), std::size_t{2}); // the HetCCL month moves nothing
        QCOMPARE(t.bars[0].pointer, std::string("/amd_discount"));
        QCOMPARE(t.bars[1].pointer, std::string("/team/usd_per_engineer_month"));
        QVERIFY(barOf(t, "/hetccl/available_month") == nullptr);
        // Directions by construction: a deeper discount saves more, dearer engineers less.
        const TornadoBar& discount = t.bars[0];
        QVERIFY(discount.saving_usd.back() > discount.saving_usd.front());
        const TornadoBar& engineers = t.bars[1];
        QVERIFY(engineers.saving_usd.back() < engineers.saving_usd.front());
        QVERIFY(discount.monotonic && engineers.monotonic);
        // The swing runs from the input's P10 to its P90 (PERT, by Boost.Math), through P50,
        // where the saving is the base case's.
        QVERIFY(std::abs(discount.value.front() - pertQuantile({0.60, 0.70, 0.80}, 0.10)) < 1e-8);
        QVERIFY(std::abs(discount.value.back() - pertQuantile({0.60, 0.70, 0.80}, 0.90)) < 1e-8);
        QCOMPARE(discount.saving_usd[2], t.base_saving_usd);
        // The engineer cost enters linearly (port labour): equal steps, equal changes.
        const double step1 = engineers.saving_usd[1] - engineers.saving_usd[0];
        const double perDollar = step1 / (engineers.value[1] - engineers.value[0]);
        const double predicted =
            engineers.saving_usd[0] + perDollar * (engineers.value[4] - engineers.value[0]);
        QVERIFY(std::abs(predicted - engineers.saving_usd[4]) < 1.0);

        // Swap the widths: now the engineer cost leads.
        const Evaluated swapped = evaluated(handBuilt({0.699, 0.70, 0.701}, {5000, 25000, 60000}));
        const Tornado u = computeTornado(swapped.compiled, swapped.evaluation, OptionId::Path1);
        QCOMPARE(u.bars.size(), std::size_t{2});
        QCOMPARE(u.bars[0].pointer, std::string("/team/usd_per_engineer_month"));
        QCOMPARE(u.bars[1].pointer, std::string("/amd_discount"));
    }

    void tornadoOfStayCudaHasNoBars() {
        const Evaluated e = evaluated(handBuilt({0.60, 0.70, 0.80}, {20000, 25000, 30000}));
        const Tornado t = computeTornado(e.compiled, e.evaluation, OptionId::StayCuda);
        QVERIFY(t.bars.empty());
        QCOMPARE(t.base_saving_usd, 0.0);
    }

    void tornadoIsTheSameOnAnyThreadCount() {
        const Evaluated e = evaluated(handBuilt({0.60, 0.70, 0.80}, {20000, 25000, 30000}));
        SensitivityControl three;
        three.threads = 3;
        const Tornado a = computeTornado(e.compiled, e.evaluation, OptionId::Path1);
        const Tornado b = computeTornado(e.compiled, e.evaluation, OptionId::Path1, three);
        QCOMPARE(a.bars.size(), b.bars.size());
        for (std::size_t i = 0; i < a.bars.size(); ++i) {
            QCOMPARE(a.bars[i].pointer, b.bars[i].pointer);
            QVERIFY(std::memcmp(a.bars[i].saving_usd.data(), b.bars[i].saving_usd.data(),
                                sizeof(double) * a.bars[i].saving_usd.size()) == 0);
        }
    }

    void cheapestChallengerStandsInForStayCuda() {
        const Scenario s = smallScenario(); // AMD 10 % off: staying is cheapest
        const Evaluated e = evaluated(s);
        QCOMPARE_ID(e.evaluation.cheapest, OptionId::StayCuda);
        const OptionId challenger = cheapestChallenger(e.evaluation);
        QVERIFY(challenger != OptionId::StayCuda);
        for (const OptionOutcome& o : e.evaluation.options)
            if (o.id != OptionId::StayCuda)
                QVERIFY(e.evaluation.find(challenger)->run.npv_usd <= o.run.npv_usd);
    }

    // Done-when: a switching value found by the tool, fed back, flips the cheapest option —
    // and one step short of it does not.
    void switchingValueFedBackFlipsCheapest() {
        const Scenario s = withoutTransition(smallScenario());
        const SwitchingValue v = switchingValue(s, WhatIfKnob::AmdDiscount);
        QVERIFY(v.applies);
        QCOMPARE_ID(v.cheapest, OptionId::StayCuda);
        QCOMPARE(v.current, 0.10);
        const Flip* above = v.nearestAbove();
        QVERIFY2(above != nullptr, "a deep enough AMD discount makes some path cheapest");
        QCOMPARE_ID(above->from, OptionId::StayCuda);
        QVERIFY(above->to != OptionId::StayCuda);
        QCOMPARE_ID(cheapestAt(withKnob(s, WhatIfKnob::AmdDiscount, above->value)), above->to);
        const double before = above->value - knobInfo(WhatIfKnob::AmdDiscount).slider_step;
        QCOMPARE_ID(cheapestAt(withKnob(s, WhatIfKnob::AmdDiscount, before)), OptionId::StayCuda);
        // The fixture's discount is a certain number: the flip lies above its "range".
        QVERIFY(above->percentile.has_value());
        QCOMPARE(*above->percentile, 1.0);
    }

    void switchingValueBelowFlipsBack() {
        Scenario s = withoutTransition(smallScenario());
        s.amd_discount = ranged(0.50, 0.65, 0.80);
        const SwitchingValue v = switchingValue(s, WhatIfKnob::AmdDiscount);
        QVERIFY2(v.cheapest != OptionId::StayCuda, "precondition: AMD is cheaper at 65 % off");
        const Flip* below = v.nearestBelow();
        QVERIFY(below != nullptr);
        QCOMPARE_ID(below->from, v.cheapest);
        QCOMPARE_ID(cheapestAt(withKnob(s, WhatIfKnob::AmdDiscount, below->value)), below->to);
        const double after = below->value + knobInfo(WhatIfKnob::AmdDiscount).slider_step;
        QCOMPARE_ID(cheapestAt(withKnob(s, WhatIfKnob::AmdDiscount, after)), v.cheapest);
        // Distance to flip: where the value lies in the discount's own PERT range.
        QVERIFY(below->percentile.has_value());
        const double w = 0.30;
        const boost::math::beta_distribution<double> pert(1 + 4 * 0.15 / w, 1 + 4 * 0.15 / w);
        const double expected =
            below->value <= 0.50 ? 0.0 : boost::math::cdf(pert, (below->value - 0.50) / w);
        QVERIFY(std::abs(*below->percentile - expected) < 1e-12);
    }

    void switchingValuesAreTheSameOnAnyThreadCount() {
        const Scenario s = smallScenario();
        const std::vector<WhatIfKnob> knobs{WhatIfKnob::AmdDiscount, WhatIfKnob::TransitionPenalty,
                                            WhatIfKnob::PortMonths};
        SensitivityControl two;
        two.threads = 2;
        const auto a = switchingValues(s, knobs, 8);
        const auto b = switchingValues(s, knobs, 8, two);
        QCOMPARE(a.size(), knobs.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE_ID(a[i].knob, knobs[i]);
            QCOMPARE(a[i].flips.size(), b[i].flips.size());
            for (std::size_t f = 0; f < a[i].flips.size(); ++f)
                QCOMPARE(a[i].flips[f].value, b[i].flips[f].value);
            QCOMPARE(a[i].non_monotonic, b[i].non_monotonic);
        }
    }

    void switchingValueOfAKnobThatDoesNotApply() {
        Scenario s = smallScenario();
        s.workloads.clear();
        const SwitchingValue v = switchingValue(s, WhatIfKnob::DemandGrowth);
        QVERIFY(!v.applies);
        QVERIFY(v.flips.empty());
    }

    void cancelledRunsThrow() {
        const Scenario s = smallScenario();
        std::atomic<bool> cancel{true};
        SensitivityControl control;
        control.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 switchingValues(s, defaultSwitchingKnobs(), 4, control));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, breakEvenMap(s, WhatIfKnob::AmdDiscount,
                                                                  WhatIfKnob::TransitionPenalty,
                                                                  OptionId::Path1, 3, control));
    }

    void breakEvenMapMatchesDirectEvaluation() {
        const Scenario s = smallScenario();
        std::atomic<std::size_t> done{0};
        SensitivityControl control;
        control.threads = 2;
        control.done = &done;
        const BreakEvenMap m = breakEvenMap(
            s, WhatIfKnob::AmdDiscount, WhatIfKnob::TransitionPenalty, OptionId::Path1, 4, control);
        QCOMPARE(m.x.values.size(), std::size_t{4});
        QCOMPARE(m.y.values.size(), std::size_t{4});
        QCOMPARE(done.load(), std::size_t{16});
        QVERIFY(std::is_sorted(m.x.values.begin(), m.x.values.end()));
        QCOMPARE(m.x.current, 0.10);
        for (const auto& [ix, iy] : {std::pair{0, 0}, std::pair{3, 1}, std::pair{2, 3}}) {
            const Scenario moved =
                withKnob(withKnob(s, WhatIfKnob::AmdDiscount, m.x.values[std::size_t(ix)]),
                         WhatIfKnob::TransitionPenalty, m.y.values[std::size_t(iy)]);
            const Evaluated e = evaluated(moved);
            const double saving = e.evaluation.find(OptionId::StayCuda)->run.npv_usd -
                                  e.evaluation.find(OptionId::Path1)->run.npv_usd;
            QCOMPARE(m.savingAt(std::size_t(ix), std::size_t(iy)), saving);
            QCOMPARE_ID(m.cheapest[std::size_t(iy) * 4 + std::size_t(ix)], e.evaluation.cheapest);
        }
        // Deeper discounts never lower Path 1's saving at a fixed transition penalty.
        for (std::size_t iy = 0; iy < 4; ++iy)
            for (std::size_t ix = 1; ix < 4; ++ix)
                QVERIFY(m.savingAt(ix, iy) >= m.savingAt(ix - 1, iy) - 1.0);
    }

    void breakEvenMapRefusesOneKnobTwice() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 breakEvenMap(smallScenario(), WhatIfKnob::AmdDiscount,
                                              WhatIfKnob::AmdDiscount, OptionId::Path1));
        Scenario s = smallScenario();
        s.workloads.clear();
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument,
            breakEvenMap(s, WhatIfKnob::DemandGrowth, WhatIfKnob::AmdDiscount, OptionId::Path1));
    }

    void cumulativeProbabilityMatchesBoost() {
        const Range r{2, 3, 7};
        for (const double x : {2.0, 2.5, 3.0, 4.2, 6.9}) {
            UncertainNumber n = ranged(r.low, r.most_likely, r.high);
            n.distribution = Distribution::Pert;
            const boost::math::beta_distribution<double> pert(1 + 4 * 1.0 / 5, 1 + 4 * 4.0 / 5);
            QVERIFY(std::abs(cumulativeProbability(n, x) - boost::math::cdf(pert, (x - 2) / 5)) <
                    1e-14);
            n.distribution = Distribution::Triangular;
            QVERIFY(std::abs(cumulativeProbability(n, x) -
                             boost::math::cdf(boost::math::triangular_distribution<double>(2, 3, 7),
                                              x)) < 1e-14);
            n.distribution = Distribution::Uniform;
            QVERIFY(std::abs(cumulativeProbability(n, x) -
                             boost::math::cdf(boost::math::uniform_distribution<double>(2, 7), x)) <
                    1e-14);
        }
        const UncertainNumber n = ranged(2, 3, 7);
        QCOMPARE(cumulativeProbability(n, 1.0), 0.0);
        QCOMPARE(cumulativeProbability(n, 7.0), 1.0);
        QCOMPARE(cumulativeProbability(UncertainNumber::certain(5), 4.99), 0.0);
        QCOMPARE(cumulativeProbability(UncertainNumber::certain(5), 5.0), 1.0);
    }

    void switchingSummaryPutsTheMostFragileFlipFirst() {
        SwitchingValue discount;
        discount.knob = WhatIfKnob::AmdDiscount;
        discount.current = 0.08;
        discount.flips = {{0.21, OptionId::StayCuda, OptionId::Path2, 1.0}};
        SwitchingValue ratio;
        ratio.knob = WhatIfKnob::AmdInferencePerformance;
        ratio.current = 0.90;
        ratio.flips = {{0.95, OptionId::StayCuda, OptionId::Path2, 0.62}};
        SwitchingValue horizon;
        horizon.knob = WhatIfKnob::Horizon;
        horizon.current = 60;
        horizon.non_monotonic = true;
        horizon.flips = {{90, OptionId::StayCuda, OptionId::Path1, std::nullopt}};
        SwitchingValue none;
        none.knob = WhatIfKnob::TransitionPenalty;
        none.current = 0.2;
        SwitchingValue absent;
        absent.knob = WhatIfKnob::DemandGrowth;
        absent.applies = false;
        const std::string text = switchingSummary({discount, ratio, horizon, none, absent});
        QCOMPARE(QString::fromStdString(text),
                 QString::fromUtf8(
                     "Staying on CUDA stays the cheapest option unless AMD inference performance "
                     "vs H100 rises to 0.95\u00d7 (P62 of its range; then Path 2 is cheapest), "
                     "AMD purchase discount rises to 21.0 % (above its range; then Path 2 is "
                     "cheapest), or horizon rises to 90 months (then Path 1 is cheapest; the "
                     "response is not monotonic)."));
        QCOMPARE(QString::fromStdString(switchingSummary({none})),
                 QString("Staying on CUDA stays the cheapest option across the whole span of "
                         "every knob examined."));
        QVERIFY(switchingSummary({absent}).empty());
        // The one wording of a flip's place, shared by the CLI, the app and the summary.
        QCOMPARE(flipPositionWords(0.0), std::string("below its range"));
        QCOMPARE(flipPositionWords(0.004), std::string("P0 of its range"));
        QCOMPARE(flipPositionWords(0.62), std::string("P62 of its range"));
        QCOMPARE(flipPositionWords(1.0), std::string("above its range"));
        QVERIFY(flipPositionWords(std::nullopt).empty());
    }

    void portMonthsKnobAppliesToTheAuditsEffortLevel() {
        const Scenario s = smallScenario();
        QVERIFY(knobApplies(s, WhatIfKnob::PortMonths));
        const EffortLevel effort = effortLevel(s.audit.profile().highCount());
        const double inferencePort = s.pricebook.port_months.at(PortTask::InferencePort)
                                         .at(effort)
                                         .at(PortabilityPath::Path1)
                                         .mostLikely();
        QCOMPARE(knobValue(s, WhatIfKnob::PortMonths), inferencePort);
        const Scenario longer = withKnob(s, WhatIfKnob::PortMonths, inferencePort + 2);
        for (const auto& [task, levels] : longer.pricebook.port_months)
            for (const auto& [level, paths] : levels)
                for (const auto& [path, months] : paths) {
                    const double was =
                        s.pricebook.port_months.at(task).at(level).at(path).mostLikely();
                    QCOMPARE(months.mostLikely(), level == effort ? was + 2 : was);
                }
    }
};

QTEST_APPLESS_MAIN(TestSensitivity)
#include "tst_sensitivity.moc"
