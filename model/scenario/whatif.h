#pragma once

// The what-if knobs (DESIGN.md, "UI"; docs/whatif.md): each knob is one number a person can
// drag — a discount, a rental rate, a performance ratio, … — standing for every uncertain input
// it governs. Moving a knob from its representative value to another shifts every governed
// [low, most_likely, high] by the same amount, keeping the width, so the Monte Carlo keeps the
// uncertainty the analyst entered while the slider moves its centre. The arithmetic lives here,
// not in ui/, so the GUI, the CLI and the tests share it.

#include "scenario.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace crossgrade::model {

enum class WhatIfKnob {
    AmdDiscount,
    NvidiaDiscount,
    AmdUsdPerGpuHour,
    NvidiaUsdPerGpuHour,
    AmdInferencePerformance,
    AmdTrainingPerformance,
    TransitionPenalty,
    PortMonths,
    TargetUtilisation,
    DemandGrowth,
    HetcclMonth,
    EngineerCost,
    EnergyPrice,
    Horizon
};
inline constexpr std::array<WhatIfKnob, 14> kAllWhatIfKnobs{WhatIfKnob::AmdDiscount,
                                                            WhatIfKnob::NvidiaDiscount,
                                                            WhatIfKnob::AmdUsdPerGpuHour,
                                                            WhatIfKnob::NvidiaUsdPerGpuHour,
                                                            WhatIfKnob::AmdInferencePerformance,
                                                            WhatIfKnob::AmdTrainingPerformance,
                                                            WhatIfKnob::TransitionPenalty,
                                                            WhatIfKnob::PortMonths,
                                                            WhatIfKnob::TargetUtilisation,
                                                            WhatIfKnob::DemandGrowth,
                                                            WhatIfKnob::HetcclMonth,
                                                            WhatIfKnob::EngineerCost,
                                                            WhatIfKnob::EnergyPrice,
                                                            WhatIfKnob::Horizon};

// How a knob's value reads; the GUI picks its display (per cent, "$", suffix) from this.
enum class KnobUnit {
    Fraction,       // 0.25 is 25 %
    Usd,            // dollars (the engineer cost: per engineer-month)
    UsdPerHour,     // dollars per GPU-hour
    Ratio,          // throughput relative to H100, "×"
    Months,         // months after the scenario start, or a length in months
    GrowthPerMonth, // a fraction per month, may be negative
    UsdPerKwh       // dollars per kilowatt-hour
};

struct WhatIfKnobInfo {
    std::string_view label; // "AMD purchase discount"
    KnobUnit unit = KnobUnit::Fraction;
    bool whole_number = false; // the horizon: a plain count of months, never a range
    // The slider's default span and step; a scenario outside it widens the slider, not the
    // other way round.
    double slider_min = 0;
    double slider_max = 1;
    double slider_step = 0.01;
    // What a typed value may be: the domain of the representative number (an unbounded one is
    // capped at a value no scenario reasonably reaches, so a numeric box has a maximum).
    double entry_min = 0;
    double entry_max = 1;
    std::string_view governs; // one or two sentences for the tooltip
};

const WhatIfKnobInfo& knobInfo(WhatIfKnob knob);
std::string_view toString(WhatIfKnob knob); // a stable id: "amd-discount", …

// The value the slider shows (docs/whatif.md lists the choice per knob): mostly the most likely
// value of the one input the knob is named after; for port months the inference port of Path 1
// at the audit's effort level (or the first task the price book has at that level); for the
// $/GPU-hour knobs the vendor's
// procurement SKU's rate on the vendor's channel, for AMD performance the procurement SKU's
// ratio in dense inference or PyTorch training, for demand growth the mean most-likely growth
// of the workloads. 0 where the knob does not apply (see knobApplies).
double knobValue(const Scenario& scenario, WhatIfKnob knob);

// The one uncertain number the knob's value is the most likely value of (its "own range", used
// for the distance to flip); absent for the knobs that stand for several numbers or a plain
// one (demand growth, horizon) and where the knob does not apply.
std::optional<UncertainNumber> knobNumber(const Scenario& scenario, WhatIfKnob knob);

// False where the scenario has nothing for the knob to stand for: no workloads (demand growth),
// a procurement SKU missing from the price book ($/GPU-hour, AMD performance), or no ratio of
// the AMD procurement SKU in the knob's classes. Such a knob changes nothing.
bool knobApplies(const Scenario& scenario, WhatIfKnob knob);

// `scenario` with the knob moved to `value`: every number it governs shifted by
// value − knobValue(scenario), keeping each range's width. A value that would leave its
// domain (docs/whatif.md) is clamped to the domain's edge, which can narrow a range; low ≤
// most likely ≤ high always holds. The representative number becomes exactly `value` (after
// clamping), and moving a knob to the value it already has changes nothing at all, so a drag
// computed from its starting scenario that ends where it began leaves that scenario untouched.
// A non-finite value, or a knob that does not apply, changes nothing. The horizon is rounded to
// whole months within 1–120.
Scenario withKnob(Scenario scenario, WhatIfKnob knob, double value);

// The value as text in the knob's unit: "25 %", "$2.40/h", "1.15×", "6.5 months", "$32,000",
// "2.0 %/month", "$0.120/kWh" (plain ASCII apart from ×). HetCCL's month, a month of the plan,
// also names its calendar month when the scenario has a start: "72 months (Jan 2033)".
std::string formatKnobValue(WhatIfKnob knob, double value,
                            const std::optional<YearMonth>& start = std::nullopt);

// The knob's value grid: step `index` counted from zero, so 7 steps of 0.01 is exactly 0.07 (the
// double nearest 7/100, not 7 × 0.01) and a dragged value reads and saves as it looks.
double knobStepValue(WhatIfKnob knob, long index);
// The index of the grid step nearest to `value`.
long nearestKnobStep(WhatIfKnob knob, double value);

} // namespace crossgrade::model
