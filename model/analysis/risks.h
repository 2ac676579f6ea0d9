#pragma once

// The risks a leadership report lists (decision-practice.md §8, item 8; docs/risks.md), generated
// from the analysis and never written by hand: each audit warning that fired, each switching
// value inside its knob's own P10–P90, each weakly sourced input among the top five drivers,
// each High audit dimension with its top evidence, and engineering still owed past the horizon.
// Nothing is listed that did not fire: an empty list is a valid answer.

#include "evaluation.h"
#include "scenario.h"
#include "sensitivity.h"

#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

enum class RiskKind { Warning, SwitchingInsideRange, WeakDriver, HighDimension, OwedPastHorizon };
// "warning", "switching-value", "weak-driver", "high-dimension", "owed-past-horizon"
std::string_view toString(RiskKind k);

struct Risk {
    RiskKind kind = RiskKind::Warning;
    // What it is about: the warning id, the knob id, the input pointer, the dimension id
    // ("custom_kernels") or the option id ("path1").
    std::string subject;
    std::string title; // short: "TensorRT in the pipeline", "Port months can flip the choice"
    std::string text;  // one to three plain sentences with the numbers, each ending in a full stop
};

struct RiskAnalysis {
    const Scenario& scenario;
    const ScenarioEvaluation& evaluation; // deterministic; its recommendation holds the warnings
    // The rule path's and the cheapest challenger's tornados, in that order (they may be the
    // same option, have no bars, or be nullptr); an input in both is listed once, for the first.
    std::vector<const Tornado*> tornados;
    const std::vector<SwitchingValue>& switching; // the default knobs, in the order shown
};

// How many of a tornado's widest bars count as its top drivers.
inline constexpr std::size_t kTopDrivers = 5;

// The risks in kind order (warnings, switching values, weak drivers, High dimensions, owed
// engineering); within a kind: warnings as the recommendation has them, switching values the
// most fragile first (the flip's whole percentile nearest P50; ties in the order of
// `switching`, then by flip value), weak drivers by tornado then width, dimensions and options
// in their own order. Deterministic: the same analysis gives the same list, word for word.
std::vector<Risk> generateRisks(const RiskAnalysis& analysis);

} // namespace crossgrade::model
