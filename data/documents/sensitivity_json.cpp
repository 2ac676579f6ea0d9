#include "sensitivity_json.h"

#include <nlohmann/json.hpp>

namespace crossgrade::data {

namespace {

using nlohmann::ordered_json;
using namespace crossgrade::model;

std::string name(OptionId id) {
    return std::string(toString(id));
}

ordered_json optional(const std::optional<double>& value) {
    return value ? ordered_json(*value) : ordered_json();
}

ordered_json tornadoJson(const Tornado& t, const std::string& role) {
    ordered_json j;
    j["role"] = role;
    j["option"] = name(t.option);
    j["metric"] = "paired NPV saving against stay-cuda (stay-cuda NPV minus the option's), USD";
    j["swing"] = "each input from its P10 to its P90 (P10, P30, P50, P70, P90), every other "
                 "input at its median; door policies held";
    j["doors_taken"] = t.doors_taken;
    // The option takes no door: the bars swing its cheapest one-door plan instead.
    j["one_door_stand_in"] = t.one_door_stand_in;
    ordered_json plan = ordered_json::array();
    for (const TakenDoor& d : t.plan)
        plan.push_back({{"door_group", d.group}, {"month", d.month}});
    j["plan"] = std::move(plan);
    j["base_saving_usd"] = t.base_saving_usd;
    j["inputs_swung"] = t.inputs_swung;
    ordered_json bars = ordered_json::array();
    for (const TornadoBar& b : t.bars) {
        ordered_json bar;
        bar["input"] = b.pointer;
        bar["values"] = b.value;
        bar["saving_usd"] = b.saving_usd;
        bar["low_usd"] = b.lowest_usd;
        bar["high_usd"] = b.highest_usd;
        bar["monotonic"] = b.monotonic;
        bars.push_back(std::move(bar));
    }
    j["bars"] = std::move(bars);
    return j;
}

ordered_json flipJson(const Flip& f) {
    return {{"value", f.value},
            {"from", name(f.from)},
            {"to", name(f.to)},
            {"percentile", optional(f.percentile)}};
}

ordered_json switchingJson(const SwitchingValue& v) {
    ordered_json j;
    j["knob"] = std::string(toString(v.knob));
    j["label"] = std::string(knobInfo(v.knob).label);
    j["applies"] = v.applies;
    j["current"] = v.current;
    if (!v.applies)
        return j;
    j["cheapest"] = name(v.cheapest);
    j["scanned"] = {v.scanned_low, v.scanned_high};
    const Flip* below = v.nearestBelow();
    const Flip* above = v.nearestAbove();
    j["nearest_below"] = below ? flipJson(*below) : ordered_json();
    j["nearest_above"] = above ? flipJson(*above) : ordered_json();
    ordered_json flips = ordered_json::array();
    for (const Flip& f : v.flips)
        flips.push_back(flipJson(f));
    j["flips"] = std::move(flips);
    j["non_monotonic"] = v.non_monotonic;
    return j;
}

ordered_json axisJson(const KnobAxis& a) {
    return {{"knob", std::string(toString(a.knob))},
            {"label", std::string(knobInfo(a.knob).label)},
            {"values", a.values},
            {"current", a.current},
            {"p10", optional(a.p10)},
            {"p90", optional(a.p90)}};
}

ordered_json mapJson(const BreakEvenMap& m) {
    ordered_json j;
    j["option"] = name(m.option);
    j["x"] = axisJson(m.x);
    j["y"] = axisJson(m.y);
    ordered_json saving = ordered_json::array();
    ordered_json cheapest = ordered_json::array();
    for (std::size_t iy = 0; iy < m.y.values.size(); ++iy) {
        ordered_json savingRow = ordered_json::array();
        ordered_json cheapestRow = ordered_json::array();
        for (std::size_t ix = 0; ix < m.x.values.size(); ++ix) {
            savingRow.push_back(m.savingAt(ix, iy));
            cheapestRow.push_back(name(m.cheapest[iy * m.x.values.size() + ix]));
        }
        saving.push_back(std::move(savingRow));
        cheapest.push_back(std::move(cheapestRow));
    }
    j["saving_usd"] = std::move(saving);
    j["cheapest"] = std::move(cheapest);
    return j;
}

} // namespace

std::string writeSensitivityJson(const CompiledScenario& compiled,
                                 const ScenarioEvaluation& evaluation,
                                 const SensitivityReport& report) {
    ordered_json j;
    j["schema"] = std::string(kSensitivitySchemaTag);
    j["scenario"] = compiled.name;
    j["horizon_months"] = compiled.horizon_months;
    j["cheapest"] = name(evaluation.cheapest);
    j["rule_path"] = std::string(toString(evaluation.recommendation.primary_path));
    j["tornados"] = {tornadoJson(report.rule_path, "rule-path"),
                     tornadoJson(report.cheapest, "cheapest")};
    ordered_json switching = ordered_json::array();
    for (const SwitchingValue& v : report.switching)
        switching.push_back(switchingJson(v));
    j["switching_values"] = std::move(switching);
    j["break_even_map"] = report.map ? mapJson(*report.map) : ordered_json();
    return j.dump(2) + "\n";
}

} // namespace crossgrade::data
