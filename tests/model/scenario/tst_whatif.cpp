#include "scenario_fixture.h"
#include "whatif.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <cmath>
#include <limits>

using namespace crossgrade::model;
using crossgrade::testing::smallScenario;

Q_DECLARE_METATYPE(WhatIfKnob)

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

UncertainNumber ranged(double low, double mostLikely, double high) {
    UncertainNumber n = UncertainNumber::between(low, mostLikely, high);
    // Provenance that a shift must carry along untouched.
    n.source = "test";
    n.date = "2026-11";
    n.confidence = Confidence::B;
    return n;
}

// smallScenario() with real ranges on everything a knob governs, a second AMD SKU, and one AMD
// cell missing from the performance table — so widths, "every SKU" and absent cells are tested.
Scenario widenedScenario() {
    Scenario s = smallScenario();
    s.amd_discount = ranged(0.05, 0.10, 0.20);
    s.nvidia_discount = ranged(0.0, 0.05, 0.12);
    s.pricebook.skus["MI325X"] = crossgrade::testing::sku(Vendor::Amd, 256, 1.0, 20000, 1.8, 2.5);
    for (auto& [id, sku] : s.pricebook.skus) {
        const double r = sku.reserved_usd_per_hour.mostLikely();
        const double o = sku.on_demand_usd_per_hour.mostLikely();
        sku.reserved_usd_per_hour = ranged(r - 0.25, r, r + 0.5);
        sku.on_demand_usd_per_hour = ranged(o - 0.5, o, o + 1.0);
    }
    for (auto& [cls, row] : s.pricebook.performance) {
        const double r = row.at("MI300X").mostLikely();
        row["MI300X"] = ranged(r - 0.2, r, r + 0.3);
        if (cls != WorkloadClass::TensorRtInference)
            row["MI325X"] = ranged(r - 0.1, r + 0.1, r + 0.4);
        const double h = row.at("H200").mostLikely();
        row["H200"] = ranged(h - 0.2, h, h + 0.2);
    }
    s.transition_regression = ranged(0.10, 0.20, 0.30);
    s.target_utilisation = ranged(0.60, 0.70, 0.80);
    s.workloads.at("chat").growth_per_month = ranged(0.01, 0.03, 0.06);
    s.workloads.at("pretrain").growth_per_month = ranged(0.0, 0.02, 0.03);
    s.hetccl_available_month = ranged(12, 24, 48);
    s.usd_per_engineer_month = ranged(20000, 25000, 32000);
    s.usd_per_kwh = ranged(0.06, 0.10, 0.14);
    for (auto& [task, levels] : s.pricebook.port_months)
        for (auto& [level, paths] : levels)
            for (auto& [path, months] : paths) {
                const double m = months.mostLikely();
                months = ranged(0.5 * m, m, 1.5 * m);
            }
    return s;
}

bool isInferenceClass(WorkloadClass c) {
    return c == WorkloadClass::LargeDenseInference || c == WorkloadClass::DenseInference ||
           c == WorkloadClass::MoeFp4Disaggregated || c == WorkloadClass::TensorRtInference;
}

// What each knob governs, restated from the specification (docs/whatif.md) rather than taken
// from the implementation, so a knob that touches too much or too little fails.
std::vector<Range*> governed(Scenario& s, WhatIfKnob knob) {
    std::vector<Range*> ranges;
    const auto rates = [&](Vendor v) {
        for (auto& [id, sku] : s.pricebook.skus)
            if (sku.vendor == v) {
                ranges.push_back(&sku.reserved_usd_per_hour.range);
                ranges.push_back(&sku.on_demand_usd_per_hour.range);
            }
    };
    const auto ratios = [&](bool inference) {
        for (auto& [cls, row] : s.pricebook.performance)
            if (isInferenceClass(cls) == inference)
                for (auto& [sku, ratio] : row)
                    if (s.pricebook.skus.at(sku).vendor == Vendor::Amd)
                        ranges.push_back(&ratio.range);
    };
    switch (knob) {
    case WhatIfKnob::AmdDiscount:
        ranges.push_back(&s.amd_discount.range);
        break;
    case WhatIfKnob::NvidiaDiscount:
        ranges.push_back(&s.nvidia_discount.range);
        break;
    case WhatIfKnob::AmdUsdPerGpuHour:
        rates(Vendor::Amd);
        break;
    case WhatIfKnob::NvidiaUsdPerGpuHour:
        rates(Vendor::Nvidia);
        break;
    case WhatIfKnob::AmdInferencePerformance:
        ratios(true);
        break;
    case WhatIfKnob::AmdTrainingPerformance:
        ratios(false);
        break;
    case WhatIfKnob::TransitionPenalty:
        ranges.push_back(&s.transition_regression->range);
        break;
    case WhatIfKnob::PortMonths: {
        const EffortLevel effort = effortLevel(s.audit.profile().highCount());
        for (auto& [task, levels] : s.pricebook.port_months)
            for (auto& [path, months] : levels.at(effort))
                ranges.push_back(&months.range);
        break;
    }
    case WhatIfKnob::TargetUtilisation:
        ranges.push_back(&s.target_utilisation.range);
        break;
    case WhatIfKnob::DemandGrowth:
        for (auto& [id, w] : s.workloads)
            ranges.push_back(&w.growth_per_month.range);
        break;
    case WhatIfKnob::HetcclMonth:
        ranges.push_back(&s.hetccl_available_month.range);
        break;
    case WhatIfKnob::EngineerCost:
        ranges.push_back(&s.usd_per_engineer_month.range);
        break;
    case WhatIfKnob::EnergyPrice:
        ranges.push_back(&s.usd_per_kwh.range);
        break;
    case WhatIfKnob::Horizon:
        break; // a plain number, compared on its own
    }
    return ranges;
}

struct Bounds {
    double min;
    double max;
};

// The domain each governed number is kept in (docs/whatif.md, "Clamping").
Bounds domainOf(WhatIfKnob knob) {
    switch (knob) {
    case WhatIfKnob::AmdDiscount:
    case WhatIfKnob::NvidiaDiscount:
        return {0, 0.99};
    case WhatIfKnob::TransitionPenalty: // a regression may be negative (DESIGN.md, "Limits")
        return {-0.99, 0.99};
    case WhatIfKnob::AmdUsdPerGpuHour:
    case WhatIfKnob::NvidiaUsdPerGpuHour:
    case WhatIfKnob::EngineerCost:
    case WhatIfKnob::EnergyPrice:
        return {0, kInf};
    case WhatIfKnob::AmdInferencePerformance:
    case WhatIfKnob::AmdTrainingPerformance:
        return {0.01, kInf};
    case WhatIfKnob::TargetUtilisation:
        return {0.01, 1};
    case WhatIfKnob::DemandGrowth:
        return {-0.99, 1};
    case WhatIfKnob::HetcclMonth:
    case WhatIfKnob::PortMonths:
        return {0, 1200};
    case WhatIfKnob::Horizon:
        return {1, 120};
    }
    return {-kInf, kInf};
}

// Equal up to the rounding of one or two additions.
bool near(double a, double b) {
    return std::abs(a - b) <= 1e-12 * std::max({1.0, std::abs(a), std::abs(b)});
}

// `after` with every governed number put back as it was in `before`: what must then equal
// `before` bit for bit.
Scenario withGovernedRestored(Scenario after, Scenario before, WhatIfKnob knob) {
    const std::vector<Range*> a = governed(after, knob);
    const std::vector<Range*> b = governed(before, knob);
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        *a[i] = *b[i];
    after.horizon_months =
        knob == WhatIfKnob::Horizon ? before.horizon_months : after.horizon_months;
    return after;
}

QString describe(const Range& r) {
    return QStringLiteral("[%1, %2, %3]")
        .arg(r.low, 0, 'g', 17)
        .arg(r.most_likely, 0, 'g', 17)
        .arg(r.high, 0, 'g', 17);
}

} // namespace

class TestWhatIf : public QObject {
    Q_OBJECT

private:
    // Rows of (knob, value asked, whether some governed number reaches its domain's edge, the
    // knob's value afterwards). The widened scenario's numbers are given in widenedScenario().
    // A clamped range cannot widen again on the way back, so the round trip leaves those out.
    static void addKnobRows(bool withClamping) {
        QTest::addColumn<WhatIfKnob>("knob");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("clamps");
        QTest::addColumn<double>("shown");
        const auto row = [withClamping](const char* name, WhatIfKnob k, double value, bool clamps,
                                        double shown) {
            if (withClamping || !clamps)
                QTest::newRow(name) << k << value << clamps << shown;
        };
        using K = WhatIfKnob;
        row("amd discount up", K::AmdDiscount, 0.25, false, 0.25);
        row("amd discount down", K::AmdDiscount, 0.07, false, 0.07);
        row("amd discount to zero narrows", K::AmdDiscount, 0.0, true, 0.0);
        row("amd discount past 99 %", K::AmdDiscount, 1.5, true, 0.99);
        row("nvidia discount up", K::NvidiaDiscount, 0.30, false, 0.30);
        row("nvidia discount to zero narrows", K::NvidiaDiscount, 0.0, true, 0.0);
        row("nvidia discount negative", K::NvidiaDiscount, -0.2, true, 0.0);
        row("amd rate up", K::AmdUsdPerGpuHour, 2.55, false, 2.55);
        row("amd rate down", K::AmdUsdPerGpuHour, 1.40, false, 1.40);
        row("amd rate to zero", K::AmdUsdPerGpuHour, 0.0, true, 0.0);
        row("nvidia rate up", K::NvidiaUsdPerGpuHour, 2.10, false, 2.10);
        row("nvidia rate down to the edge", K::NvidiaUsdPerGpuHour, 0.50, true, 0.50);
        row("amd inference up", K::AmdInferencePerformance, 1.2, false, 1.2);
        row("amd inference down", K::AmdInferencePerformance, 0.7, false, 0.7);
        row("amd inference down to 1 %", K::AmdInferencePerformance, 0.5, true, 0.5);
        row("amd inference zero", K::AmdInferencePerformance, 0.0, true, 0.01);
        row("amd training up", K::AmdTrainingPerformance, 1.0, false, 1.0);
        row("amd training far down", K::AmdTrainingPerformance, 0.1, true, 0.1);
        row("transition up", K::TransitionPenalty, 0.35, false, 0.35);
        // No penalty at the most likely value: the range keeps its width, its low end a gain.
        row("transition none", K::TransitionPenalty, 0.0, false, 0.0);
        row("transition negative stays valid", K::TransitionPenalty, -0.1, false, -0.1);
        row("transition total", K::TransitionPenalty, 1.0, true, 0.99);
        row("utilisation down", K::TargetUtilisation, 0.5, false, 0.5);
        row("utilisation full", K::TargetUtilisation, 1.0, true, 1.0);
        row("utilisation zero", K::TargetUtilisation, 0.0, true, 0.01);
        row("growth up", K::DemandGrowth, 0.05, false, 0.05);
        row("growth negative", K::DemandGrowth, -0.02, false, -0.02);
        // δ = −0.99 − 0.025: chat's most likely −0.985, pretrain's clamped to −0.99.
        row("growth collapse", K::DemandGrowth, -2.0, true, (-0.985 - 0.99) / 2);
        row("hetccl earlier to month 0 low", K::HetcclMonth, 12, false, 12);
        row("hetccl later", K::HetcclMonth, 60, false, 60);
        row("hetccl almost now", K::HetcclMonth, 3, true, 3);
        row("hetccl past the month cap", K::HetcclMonth, 5000, true, 1200);
        row("engineer up", K::EngineerCost, 40000, false, 40000);
        row("engineer free", K::EngineerCost, 0, true, 0);
        row("energy up", K::EnergyPrice, 0.2, false, 0.2);
        row("energy nearly free", K::EnergyPrice, 0.01, true, 0.01);
        row("horizon 36", K::Horizon, 36, false, 36);
        row("horizon rounds", K::Horizon, 36.4, false, 36);
        row("horizon below 1", K::Horizon, 0, true, 1);
        row("horizon above 120", K::Horizon, 500, true, 120);
    }

private slots:
    // HetCCL's month is a month of the plan: named in the calendar where the scenario starts;
    // other month knobs are lengths and stay numbers.
    void hetcclMonthNamesItsCalendarMonth() {
        const YearMonth start{2027, 1};
        QCOMPARE(formatKnobValue(WhatIfKnob::HetcclMonth, 72, start),
                 std::string("72.0 months (Jan 2033)"));
        QCOMPARE(formatKnobValue(WhatIfKnob::HetcclMonth, 72), std::string("72.0 months"));
        QCOMPARE(formatKnobValue(WhatIfKnob::PortMonths, 1.5, start), std::string("1.5 months"));
    }
    void infoIsUsable() {
        for (WhatIfKnob k : kAllWhatIfKnobs) {
            const WhatIfKnobInfo& info = knobInfo(k);
            const QString name =
                QString::fromUtf8(toString(k).data(), qsizetype(toString(k).size()));
            QVERIFY2(!info.label.empty() && !info.governs.empty(), qPrintable(name));
            QVERIFY2(info.slider_step > 0 && info.slider_min < info.slider_max, qPrintable(name));
            QVERIFY2(info.entry_min <= info.slider_min && info.slider_max <= info.entry_max,
                     qPrintable(name));
            QVERIFY2(std::isfinite(info.entry_min) && std::isfinite(info.entry_max),
                     qPrintable(name));
            // The slider's ends lie on its grid.
            QCOMPARE(knobStepValue(k, nearestKnobStep(k, info.slider_min)), info.slider_min);
            QCOMPARE(knobStepValue(k, nearestKnobStep(k, info.slider_max)), info.slider_max);
        }
        QCOMPARE(knobInfo(WhatIfKnob::AmdDiscount).label,
                 std::string_view("AMD purchase discount"));
        QVERIFY(knobInfo(WhatIfKnob::Horizon).whole_number);
    }

    void representativeValues_data() {
        QTest::addColumn<WhatIfKnob>("knob");
        QTest::addColumn<double>("expected");
        using K = WhatIfKnob;
        QTest::newRow("amd discount") << K::AmdDiscount << 0.10;
        QTest::newRow("nvidia discount") << K::NvidiaDiscount << 0.05;
        // Owned channel: the reserved rate of the procurement SKU (MI300X, H200).
        QTest::newRow("amd rate") << K::AmdUsdPerGpuHour << 1.55;
        QTest::newRow("nvidia rate") << K::NvidiaUsdPerGpuHour << 1.60;
        QTest::newRow("amd inference: MI300X dense") << K::AmdInferencePerformance << 0.8;
        QTest::newRow("amd training: MI300X pytorch") << K::AmdTrainingPerformance << 0.8;
        QTest::newRow("transition") << K::TransitionPenalty << 0.20;
        QTest::newRow("utilisation") << K::TargetUtilisation << 0.70;
        QTest::newRow("growth: mean of 3 % and 2 %") << K::DemandGrowth << 0.025;
        QTest::newRow("hetccl") << K::HetcclMonth << 24.0;
        QTest::newRow("engineer") << K::EngineerCost << 25000.0;
        QTest::newRow("energy") << K::EnergyPrice << 0.10;
        QTest::newRow("horizon") << K::Horizon << 48.0;
    }
    void representativeValues() {
        QFETCH(WhatIfKnob, knob);
        QFETCH(double, expected);
        const Scenario s = widenedScenario();
        QVERIFY(knobApplies(s, knob));
        QCOMPARE(knobValue(s, knob), expected);
    }

    void rateFollowsTheChannel() {
        Scenario s = widenedScenario();
        s.amd.channel = Channel::Reserved;
        QCOMPARE(knobValue(s, WhatIfKnob::AmdUsdPerGpuHour), 1.55);
        s.amd.channel = Channel::OnDemand;
        QCOMPARE(knobValue(s, WhatIfKnob::AmdUsdPerGpuHour), 1.99);
        s.nvidia.sku = "H100";
        s.nvidia.channel = Channel::OnDemand;
        QCOMPARE(knobValue(s, WhatIfKnob::NvidiaUsdPerGpuHour), 2.99);
    }

    void ratioFallsBackToAnotherClassOfTheKnob() {
        Scenario s = widenedScenario();
        s.pricebook.performance.at(WorkloadClass::DenseInference).erase("MI300X");
        QCOMPARE(knobValue(s, WhatIfKnob::AmdInferencePerformance), 1.3); // large dense
        s.pricebook.performance.at(WorkloadClass::PyTorchTraining).erase("MI300X");
        QCOMPARE(knobValue(s, WhatIfKnob::AmdTrainingPerformance), 0.6); // custom kernels
        s.pricebook.performance.at(WorkloadClass::CustomKernelTraining).erase("MI300X");
        QVERIFY(!knobApplies(s, WhatIfKnob::AmdTrainingPerformance));
        QCOMPARE(withKnob(s, WhatIfKnob::AmdTrainingPerformance, 1.5), s);
    }

    void knobWithNothingToGovernChangesNothing() {
        Scenario s = widenedScenario();
        s.workloads.clear();
        QVERIFY(!knobApplies(s, WhatIfKnob::DemandGrowth));
        QCOMPARE(knobValue(s, WhatIfKnob::DemandGrowth), 0.0);
        QCOMPARE(withKnob(s, WhatIfKnob::DemandGrowth, 0.05), s);

        Scenario unknownSku = widenedScenario();
        unknownSku.amd.sku = "MI999";
        for (WhatIfKnob k : {WhatIfKnob::AmdUsdPerGpuHour, WhatIfKnob::AmdInferencePerformance,
                             WhatIfKnob::AmdTrainingPerformance}) {
            QVERIFY(!knobApplies(unknownSku, k));
            QCOMPARE(knobValue(unknownSku, k), 0.0);
            QCOMPARE(withKnob(unknownSku, k, 3.0), unknownSku);
        }
        // A procurement SKU of the other vendor is not the vendor's rate.
        Scenario wrongVendor = widenedScenario();
        wrongVendor.nvidia.sku = "MI300X";
        QVERIFY(!knobApplies(wrongVendor, WhatIfKnob::NvidiaUsdPerGpuHour));
    }

    void setKnob_data() { addKnobRows(true); }
    void setKnob() {
        QFETCH(WhatIfKnob, knob);
        QFETCH(double, value);
        QFETCH(bool, clamps);
        QFETCH(double, shown);
        Scenario before = widenedScenario();
        Scenario after = withKnob(before, knob, value);

        QVERIFY2(near(knobValue(after, knob), shown),
                 qPrintable(QString::number(knobValue(after, knob), 'g', 17)));
        if (knob == WhatIfKnob::Horizon) {
            QCOMPARE(after.horizon_months, int(shown));
            QCOMPARE(withGovernedRestored(after, before, knob), before);
            return;
        }
        const WhatIfKnobInfo& info = knobInfo(knob);
        const double delta =
            std::clamp(value, info.entry_min, info.entry_max) - knobValue(before, knob);
        const Bounds domain = domainOf(knob);
        const std::vector<Range*> was = governed(before, knob);
        const std::vector<Range*> now = governed(after, knob);
        QCOMPARE(now.size(), was.size());
        QVERIFY(!now.empty());
        bool anyClamped = false;
        for (std::size_t i = 0; i < now.size(); ++i) {
            const Range& a = *now[i];
            const Range& b = *was[i];
            const QString where = describe(b) + " → " + describe(a);
            for (double x : {a.low, a.most_likely, a.high}) {
                QVERIFY2(std::isfinite(x), qPrintable(where));
                QVERIFY2(x >= domain.min && x <= domain.max, qPrintable(where));
            }
            QVERIFY2(a.low <= a.most_likely && a.most_likely <= a.high, qPrintable(where));
            // Every value moves by δ, or stops at the domain's edge.
            const auto expected = [&](double x) {
                return std::clamp(x + delta, domain.min, domain.max);
            };
            QVERIFY2(near(a.low, expected(b.low)), qPrintable(where));
            QVERIFY2(near(a.most_likely, expected(b.most_likely)), qPrintable(where));
            QVERIFY2(near(a.high, expected(b.high)), qPrintable(where));
            const bool clamped = b.low + delta < domain.min || b.high + delta > domain.max;
            anyClamped = anyClamped || clamped;
            if (!clamped) {
                QVERIFY2(near(a.most_likely - a.low, b.most_likely - b.low), qPrintable(where));
                QVERIFY2(near(a.high - a.most_likely, b.high - b.most_likely), qPrintable(where));
            }
        }
        QCOMPARE(anyClamped, clamps);
        // Nothing the knob does not govern changed, not even a governed number's provenance.
        QCOMPARE(withGovernedRestored(after, before, knob), before);
    }

    void roundTrip_data() { addKnobRows(false); }
    void roundTrip() {
        QFETCH(WhatIfKnob, knob);
        QFETCH(double, value);
        Scenario original = widenedScenario();
        const Scenario moved = withKnob(original, knob, value);
        Scenario back = withKnob(moved, knob, knobValue(original, knob));
        QCOMPARE(knobValue(back, knob), knobValue(original, knob));
        QCOMPARE(withGovernedRestored(back, original, knob), original);
        // Each governed number returns to within the rounding of x + δ − δ; bit-exact return is
        // not promised for ranges (0.3 + 0.15 − 0.15 is not 0.3 in doubles): undo, which keeps
        // the scenario before the edit, is what restores exactly.
        const std::vector<Range*> was = governed(original, knob);
        const std::vector<Range*> now = governed(back, knob);
        for (std::size_t i = 0; i < now.size(); ++i) {
            QVERIFY(near(now[i]->low, was[i]->low));
            QVERIFY(near(now[i]->most_likely, was[i]->most_likely));
            QVERIFY(near(now[i]->high, was[i]->high));
        }
    }

    // A knob governing one certain number (the fixture's as it stands) goes there and back
    // bit for bit: the representative lands on the value asked and certain bounds follow it.
    void roundTripOfOneCertainNumberIsExact_data() {
        QTest::addColumn<WhatIfKnob>("knob");
        QTest::addColumn<double>("value");
        using K = WhatIfKnob;
        QTest::newRow("amd discount") << K::AmdDiscount << 0.33;
        QTest::newRow("nvidia discount") << K::NvidiaDiscount << 0.17;
        QTest::newRow("transition") << K::TransitionPenalty << 0.07;
        QTest::newRow("utilisation") << K::TargetUtilisation << 0.83;
        QTest::newRow("hetccl") << K::HetcclMonth << 7.0;
        QTest::newRow("engineer") << K::EngineerCost << 31500.0;
        QTest::newRow("energy") << K::EnergyPrice << 0.235;
        QTest::newRow("horizon") << K::Horizon << 13.0;
    }
    void roundTripOfOneCertainNumberIsExact() {
        QFETCH(WhatIfKnob, knob);
        QFETCH(double, value);
        const Scenario original = smallScenario();
        const Scenario moved = withKnob(original, knob, value);
        QVERIFY(moved != original);
        QCOMPARE(knobValue(moved, knob), value);
        QCOMPARE(withKnob(moved, knob, knobValue(original, knob)), original);
    }

    void sameValueOrNonFiniteChangesNothing() {
        const Scenario s = widenedScenario();
        for (WhatIfKnob k : kAllWhatIfKnobs) {
            const QByteArray name(toString(k).data(), qsizetype(toString(k).size()));
            QVERIFY2(withKnob(s, k, knobValue(s, k)) == s, name.constData());
            QVERIFY2(withKnob(s, k, std::nan("")) == s, name.constData());
            QVERIFY2(withKnob(s, k, kInf) == s, name.constData());
            QVERIFY2(withKnob(s, k, -kInf) == s, name.constData());
        }
        // Not even a number outside the clamping domain that the file format admits (a 100 %
        // discount at the high end) is touched by a knob that stays where it is.
        Scenario edge = widenedScenario();
        edge.amd_discount = ranged(0.5, 0.9, 1.0);
        QCOMPARE(withKnob(edge, WhatIfKnob::AmdDiscount, 0.9), edge);
        QCOMPARE(withKnob(edge, WhatIfKnob::AmdDiscount, 0.91).amd_discount.range.high, 0.99);
    }

    void absentCellsStayAbsent() {
        const Scenario s = widenedScenario();
        const Scenario after = withKnob(s, WhatIfKnob::AmdInferencePerformance, 1.5);
        QVERIFY(
            !after.pricebook.performance.at(WorkloadClass::TensorRtInference).contains("MI325X"));
        QCOMPARE(after.pricebook.performance.size(), s.pricebook.performance.size());
        // Both AMD SKUs moved, the NVIDIA ratios did not.
        const auto& dense = after.pricebook.performance.at(WorkloadClass::DenseInference);
        QVERIFY(near(dense.at("MI325X").range.most_likely, 0.9 + 0.7));
        QCOMPARE(dense.at("H200"),
                 s.pricebook.performance.at(WorkloadClass::DenseInference).at("H200"));
    }

    void stepGrid() {
        QCOMPARE(knobStepValue(WhatIfKnob::AmdDiscount, 7), 0.07);
        QCOMPARE(knobStepValue(WhatIfKnob::AmdDiscount, 29), 0.29);
        QCOMPARE(nearestKnobStep(WhatIfKnob::AmdDiscount, 0.07), 7L);
        QCOMPARE(nearestKnobStep(WhatIfKnob::AmdDiscount, 0.074), 7L);
        QCOMPARE(knobStepValue(WhatIfKnob::DemandGrowth, -3), -0.0075);
        QCOMPARE(knobStepValue(WhatIfKnob::EngineerCost, 50), 25000.0);
        QCOMPARE(nearestKnobStep(WhatIfKnob::EngineerCost, 25200), 50L);
        QCOMPARE(knobStepValue(WhatIfKnob::Horizon, 36), 36.0);
        QCOMPARE(nearestKnobStep(WhatIfKnob::AmdDiscount, std::nan("")), 0L);
        QCOMPARE(nearestKnobStep(WhatIfKnob::EngineerCost, 1e300), 2000L); // the entry maximum
        for (WhatIfKnob k : kAllWhatIfKnobs)
            for (long i = nearestKnobStep(k, knobInfo(k).slider_min);
                 i <= nearestKnobStep(k, knobInfo(k).slider_max); ++i)
                QCOMPARE(nearestKnobStep(k, knobStepValue(k, i)), i);
    }
};

QTEST_GUILESS_MAIN(TestWhatIf)
#include "tst_whatif.moc"
