#pragma once

// Sensitivity (DESIGN.md, "Uncertainty"; docs/sensitivity.md; decision-practice.md §5–6):
//
// - the tornado: each uncertain input swung from its P10 to its P90 through five test points
//   with every other input at its median, the bars in dollars of the paired NPV saving against
//   stay-cuda, door policies held as the deterministic run chose them — the saving the Monte
//   Carlo samples, so the tornado names the drivers of its spread;
// - switching values: for a what-if knob, the value at which the cheapest option changes, found
//   by deterministic re-evaluation with the door policies re-optimised at every point, and
//   where that value lies in the knob's own range ("distance to flip");
// - the 2-D break-even map: the paired saving of one option over a grid of two knobs, the
//   cheapest option per cell.
//
// Every function here is deterministic: the thread count changes how fast, never a bit of the
// result.

#include "evaluation.h"
#include "whatif.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::model {

// Cancel and progress for the long runs; both optional, both read or written from any thread.
struct SensitivityControl {
    int threads = 1;
    const std::atomic<bool>* cancel = nullptr;
    std::atomic<std::size_t>* done = nullptr; // evaluations finished so far
};

// ---------------------------------------------------------------------------------------------
// Tornado

// The five test points of the swing, as cumulative probabilities of the input's own range.
inline constexpr std::array<double, 5> kTornadoPoints{0.10, 0.30, 0.50, 0.70, 0.90};

struct TornadoBar {
    InputId input = 0;
    std::string pointer;
    std::array<double, 5> value{};      // the input at each test point (P10 … P90)
    std::array<double, 5> saving_usd{}; // paired saving (stay-cuda NPV − option NPV) there
    double lowest_usd = 0;              // min and max of saving_usd: the bar's two ends
    double highest_usd = 0;
    bool monotonic = true; // saving_usd never turns (beyond $1) between P10 and P90
    double spread() const { return highest_usd - lowest_usd; }
};

struct Tornado {
    OptionId option = OptionId::StayCuda;
    int doors_taken = 0; // by the held door policy
    // The option takes no door at these values, so its own plan would swing nothing: the bars
    // swing instead its cheapest plan that takes one door as soon as it can open (`policy`,
    // earliestOneDoorPolicy) — what a move would cost against staying, and what would have to
    // change for it to pay.
    bool one_door_stand_in = false;
    DoorPolicy policy;
    std::vector<TakenDoor> plan; // the doors `policy` takes: door group and month
    double base_saving_usd = 0;  // every input at its median
    std::size_t inputs_swung = 0;
    // Inputs whose swing moves the saving by more than $1, widest first (ties: by pointer).
    std::vector<TornadoBar> bars;
};

// The tornado of `option`'s paired NPV saving against stay-cuda, door policies held from
// `deterministic`. For stay-cuda itself every saving is zero and no bar is kept. An option whose
// policy takes no door costs what staying costs at every point: its cheapest one-door plan
// (each door at the first quarter it can open) stands in (Tornado::one_door_stand_in), or no bar
// where no door can open. Inputs are spread over control.threads; throws std::runtime_error
// "cancelled" when control.cancel is set.
Tornado computeTornado(const CompiledScenario& compiled, const ScenarioEvaluation& deterministic,
                       OptionId option, const SensitivityControl& control = {});

// The option "the cheapest" stands for in the sensitivity: the cheapest option, or when that is
// stay-cuda, the cheapest of the others (the closest challenger), so its saving can be swung.
OptionId cheapestChallenger(const ScenarioEvaluation& deterministic);

// ---------------------------------------------------------------------------------------------
// Switching values

// The knobs whose switching values are shown by default (issue 5): AMD $/GPU-hour, AMD
// purchase discount, AMD relative performance (inference, training), transition penalty, port
// months, target utilisation, horizon.
std::vector<WhatIfKnob> defaultSwitchingKnobs();

struct Flip {
    double value = 0; // the knob's value, on its step grid, at which `to` is the cheapest
    OptionId from = OptionId::StayCuda; // the cheapest just on the current value's side
    OptionId to = OptionId::StayCuda;
    // Where `value` lies in the knob's own range (cumulative probability of its representative
    // number); absent for knobs without one (horizon, demand growth).
    std::optional<double> percentile;
};

struct SwitchingValue {
    WhatIfKnob knob = WhatIfKnob::AmdDiscount;
    bool applies = true; // false: the scenario has nothing for the knob to move
    double current = 0;
    OptionId cheapest = OptionId::StayCuda; // at the current value
    double scanned_low = 0;                 // the span searched
    double scanned_high = 0;
    std::vector<Flip> flips; // every change of the cheapest option found, by value
    // The cheapest option's lead over the best other option turns somewhere in the span (or an
    // option becomes cheapest twice): the switching value alone does not describe the response.
    bool non_monotonic = false;
    // The flips nearest to the current value on either side (nullptr when none).
    const Flip* nearestBelow() const;
    const Flip* nearestAbove() const;
};

// Where a flip value lies in its knob's own range, in words: "P62 of its range", "above its
// range", "below its range"; empty for a knob without a range. One wording for the CLI, the app
// and the report.
std::string flipPositionWords(const std::optional<double>& percentile);

// The switching values in one sentence for a reader (decision-practice.md §8.6): the nearest
// flip of each knob, the most fragile first (the flip value nearest the middle of the knob's own
// range), e.g. "Staying on CUDA stays the cheapest option unless AMD inference performance vs
// H100 rises to 0.95× (P62 of its range; then Path 2 is cheapest), or …". Knobs whose
// response is not monotonic are named as such.
std::string switchingSummary(const std::vector<SwitchingValue>& values);

// One knob's switching values. The span is the knob's slider span widened to its own range and
// current value; it is scanned at `scanPoints` + 1 steps, and every bracket where the cheapest
// option changes is bisected down to one step of the knob's grid.
inline constexpr int kDefaultScanPoints = 16;
// `base`, when given, is evaluateScenario(scenario, compile(scenario)) already at hand (the
// report's and switchingValues' one evaluation for every knob); the result is the same.
SwitchingValue switchingValue(const Scenario& scenario, WhatIfKnob knob,
                              int scanPoints = kDefaultScanPoints,
                              const SensitivityControl& control = {},
                              const ScenarioEvaluation* base = nullptr);

// Several knobs, spread over control.threads; in the order given. Throws std::runtime_error
// "cancelled" when control.cancel is set.
std::vector<SwitchingValue> switchingValues(const Scenario& scenario,
                                            const std::vector<WhatIfKnob>& knobs,
                                            int scanPoints = kDefaultScanPoints,
                                            const SensitivityControl& control = {});

// ---------------------------------------------------------------------------------------------
// 2-D break-even map

struct KnobAxis {
    WhatIfKnob knob = WhatIfKnob::AmdDiscount;
    std::vector<double> values; // ascending, on the knob's step grid
    double current = 0;
    std::optional<double> p10; // of the knob's own range, when it has one
    std::optional<double> p90;
};

struct BreakEvenMap {
    KnobAxis x;
    KnobAxis y;
    OptionId option = OptionId::Path1; // whose saving the cells hold
    std::vector<double> saving_usd;    // [iy * x.values.size() + ix], door policies re-optimised
    std::vector<OptionId> cheapest;    // per cell
    double savingAt(std::size_t ix, std::size_t iy) const {
        return saving_usd[iy * x.values.size() + ix];
    }
};

inline constexpr int kDefaultMapPoints = 11;
// The map of `option`'s paired NPV saving over `points` × `points` values of two different
// knobs, each spanning its slider span widened to its own range. Throws std::invalid_argument
// when the two knobs are the same or either does not apply, std::runtime_error "cancelled".
BreakEvenMap breakEvenMap(const Scenario& scenario, WhatIfKnob x, WhatIfKnob y, OptionId option,
                          int points = kDefaultMapPoints, const SensitivityControl& control = {});

// Throw NonFiniteResult (model/engine/finite_results.h) for the first number that is NaN or
// infinite; the analyses call them before returning.
void requireFinite(const Tornado& tornado);
void requireFinite(const BreakEvenMap& map);

} // namespace crossgrade::model
