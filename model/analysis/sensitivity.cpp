#include "sensitivity.h"

#include "finite_results.h"
#include "parallel.h"
#include "sampling.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <stdexcept>

namespace crossgrade::model {

namespace {

constexpr double kTieUsd = 1.0; // DESIGN.md: NPVs within $1 are a tie

void count(const SensitivityControl& control) {
    if (control.done)
        control.done->fetch_add(1, std::memory_order_relaxed);
}

bool cancelled(const SensitivityControl& control) {
    return control.cancel && control.cancel->load(std::memory_order_relaxed);
}

[[noreturn]] void throwCancelled() {
    throw std::runtime_error("cancelled");
}

// Runs task(i) for i in [0, n) on up to control.threads threads, each claiming the next task
// as it finishes one (tasks differ in cost); each task writes only its own slot, so the
// results do not depend on the split. The first exception is rethrown here.
template <typename Task>
void runTasks(std::size_t n, const SensitivityControl& control, Task&& task) {
    parallelFor(n, {std::size_t(std::max(1, control.threads)), Claiming::OneByOne, nullptr},
                [&](std::size_t i, std::size_t) {
                    if (cancelled(control))
                        throwCancelled();
                    task(i);
                });
}

// ----- the deterministic re-evaluation behind switching values and the map -----------------

struct Outcome {
    OptionId cheapest = OptionId::StayCuda;
    std::vector<std::pair<OptionId, double>> npv; // per option
    double npvOf(OptionId id) const {
        for (const auto& [o, v] : npv)
            if (o == id)
                return v;
        return 0;
    }
    // The lead of `leader` over the best other option (positive: `leader` is cheaper).
    double leadOf(OptionId leader) const {
        double best = std::numeric_limits<double>::infinity();
        for (const auto& [o, v] : npv)
            if (o != leader)
                best = std::min(best, v);
        return std::isfinite(best) ? best - npvOf(leader) : 0.0;
    }
};

Outcome outcomeOf(const ScenarioEvaluation& e) {
    Outcome out;
    out.cheapest = e.cheapest;
    for (const OptionOutcome& o : e.options)
        out.npv.emplace_back(o.id, o.run.npv_usd);
    return out;
}

Outcome evaluateAt(const Scenario& scenario) {
    const CompiledScenario compiled = compile(scenario);
    return outcomeOf(evaluateScenario(scenario, compiled));
}

// The span a knob is searched over: its slider span, widened to its own range and its current
// value, kept inside what it may be set to; as indices of its step grid.
struct Span {
    long first = 0;
    long last = 0;
};

Span spanOf(const Scenario& scenario, WhatIfKnob knob) {
    const WhatIfKnobInfo& info = knobInfo(knob);
    const double current = knobValue(scenario, knob);
    double lo = std::min(info.slider_min, current);
    double hi = std::max(info.slider_max, current);
    if (const auto own = knobNumber(scenario, knob)) {
        lo = std::min(lo, own->range.low);
        hi = std::max(hi, own->range.high);
    }
    lo = std::clamp(lo, info.entry_min, info.entry_max);
    hi = std::clamp(hi, info.entry_min, info.entry_max);
    Span span{nearestKnobStep(knob, lo), nearestKnobStep(knob, hi)};
    if (knobStepValue(knob, span.first) < info.entry_min)
        ++span.first;
    if (knobStepValue(knob, span.last) > info.entry_max)
        --span.last;
    return span;
}

// `points` + 1 step indices spread evenly over the span, without repeats.
std::vector<long> gridOf(Span span, int points) {
    std::vector<long> grid;
    const long steps = span.last - span.first;
    const int n = std::max(1, points);
    for (int j = 0; j <= n; ++j) {
        const long index = span.first + std::lround(double(steps) * double(j) / double(n));
        if (grid.empty() || grid.back() != index)
            grid.push_back(index);
    }
    return grid;
}

// The smallest step index whose value is above `x`, and the largest below.
long stepAbove(WhatIfKnob knob, double x) {
    long i = nearestKnobStep(knob, x);
    while (knobStepValue(knob, i) <= x)
        ++i;
    while (knobStepValue(knob, i - 1) > x)
        --i;
    return i;
}

long stepBelow(WhatIfKnob knob, double x) {
    long i = nearestKnobStep(knob, x);
    while (knobStepValue(knob, i) >= x)
        --i;
    while (knobStepValue(knob, i + 1) < x)
        ++i;
    return i;
}

// One knob's scan: outcomes cached per step index, the current value apart (it need not lie
// on the grid).
class KnobScan {
public:
    KnobScan(const Scenario& scenario, WhatIfKnob knob, const SensitivityControl& control)
        : m_scenario(scenario)
        , m_knob(knob)
        , m_control(control) {}

    const Outcome& at(long index) {
        auto it = m_cache.find(index);
        if (it == m_cache.end()) {
            if (cancelled(m_control))
                throwCancelled();
            it =
                m_cache
                    .emplace(index,
                             evaluateAt(withKnob(m_scenario, m_knob, knobStepValue(m_knob, index))))
                    .first;
            count(m_control);
        }
        return it->second;
    }
    double value(long index) const { return knobStepValue(m_knob, index); }
    long stepAbove(double x) const { return model::stepAbove(m_knob, x); }
    long stepBelow(double x) const { return model::stepBelow(m_knob, x); }
    const std::map<long, Outcome>& evaluated() const { return m_cache; }

private:
    const Scenario& m_scenario;
    WhatIfKnob m_knob;
    const SensitivityControl& m_control;
    std::map<long, Outcome> m_cache;
};

// Walks the grid from the current value in one direction, recording a flip wherever the
// cheapest option changes: the bracket is bisected to the step nearest the current value at
// which a different option is cheapest. A bracket holding two changes shows its first.
void walk(KnobScan& scan, const std::vector<long>& grid, double current, OptionId start,
          bool upward, const std::optional<UncertainNumber>& own, std::vector<Flip>& flips) {
    std::vector<long> nodes;
    for (long g : grid)
        if (upward ? scan.value(g) > current : scan.value(g) < current)
            nodes.push_back(g);
    if (!upward)
        std::reverse(nodes.begin(), nodes.end());
    OptionId cheapest = start;
    double from = current; // the last value walked
    for (long node : nodes) {
        const OptionId here = scan.at(node).cheapest;
        if (here != cheapest) {
            // Invariant: the cheapest is still `cheapest` just before `lo`'s side, and differs
            // at `node`; the steps strictly between `from` and `node` are searched.
            long lo = upward ? scan.stepAbove(from) : node;
            long hi = upward ? node : scan.stepBelow(from);
            while (lo < hi) {
                if (upward) {
                    const long mid = lo + (hi - lo) / 2;
                    if (scan.at(mid).cheapest == cheapest)
                        lo = mid + 1;
                    else
                        hi = mid;
                } else {
                    const long mid = lo + (hi - lo + 1) / 2;
                    if (scan.at(mid).cheapest == cheapest)
                        hi = mid - 1;
                    else
                        lo = mid;
                }
            }
            const long at = upward ? hi : lo;
            Flip f;
            f.value = scan.value(at);
            f.from = cheapest;
            f.to = scan.at(at).cheapest;
            if (own)
                f.percentile = cumulativeProbability(*own, f.value);
            flips.push_back(f);
            cheapest = here;
        }
        from = scan.value(node);
    }
}

// True when `values` (in order along the knob) rise and also fall by more than the tolerance.
bool turns(const std::vector<double>& values) {
    bool rises = false;
    bool falls = false;
    for (std::size_t i = 1; i < values.size(); ++i) {
        const double d = values[i] - values[i - 1];
        const double tolerance = std::max(kTieUsd, 1e-9 * std::abs(values[i]));
        rises = rises || d > tolerance;
        falls = falls || d < -tolerance;
    }
    return rises && falls;
}

KnobAxis axisOf(const Scenario& scenario, WhatIfKnob knob, int points) {
    KnobAxis axis;
    axis.knob = knob;
    axis.current = knobValue(scenario, knob);
    for (long index : gridOf(spanOf(scenario, knob), points))
        axis.values.push_back(knobStepValue(knob, index));
    if (const auto own = knobNumber(scenario, knob)) {
        axis.p10 = quantile(*own, 0.10);
        axis.p90 = quantile(*own, 0.90);
    }
    return axis;
}

} // namespace

// ----- tornado -------------------------------------------------------------------------------

OptionId cheapestChallenger(const ScenarioEvaluation& deterministic) {
    if (deterministic.cheapest != OptionId::StayCuda)
        return deterministic.cheapest;
    const OptionOutcome* best = nullptr;
    for (const OptionOutcome& o : deterministic.options)
        if (o.id != OptionId::StayCuda && (best == nullptr || o.run.npv_usd < best->run.npv_usd))
            best = &o;
    return best ? best->id : OptionId::StayCuda;
}

Tornado computeTornado(const CompiledScenario& compiled, const ScenarioEvaluation& deterministic,
                       OptionId option, const SensitivityControl& control) {
    Tornado tornado;
    tornado.option = option;
    const CompiledOption* chosen = nullptr;
    for (const CompiledOption& c : compiled.options)
        if (c.id == option)
            chosen = &c;
    const OptionOutcome* outcome = deterministic.find(option);
    if (option == OptionId::StayCuda || outcome == nullptr || chosen == nullptr)
        return tornado;
    tornado.doors_taken = outcome->doors_taken;
    tornado.policy = outcome->policy;
    if (outcome->doors_taken == 0) {
        // Its own plan swings nothing: its cheapest plan that moves something stands in.
        const std::vector<double> mostLikely = compiled.inputs.mostLikely();
        EngineWorkspace workspace;
        workspace.reserve(compiled);
        OptionRun scratch;
        const std::optional<DoorPolicy> moving =
            earliestOneDoorPolicy(compiled, mostLikely.data(), *chosen, workspace, scratch);
        if (!moving)
            return tornado;
        tornado.policy = *moving;
        tornado.doors_taken = moving->doorsTaken();
        tornado.one_door_stand_in = true;
    }
    tornado.plan = takenDoors(compiled, *chosen, tornado.policy);

    const std::size_t n = compiled.inputs.size();
    std::vector<double> medians(n);
    for (InputId i = 0; i < n; ++i)
        medians[i] = quantile(compiled.inputs.number(i), 0.5);
    // The option's paired saving at values `v`, under the door policy the deterministic run
    // chose (as in the Monte Carlo).
    const auto saving = [&](const std::vector<double>& v) {
        EngineWorkspace workspace;
        workspace.reserve(compiled);
        OptionRun stay;
        OptionRun run;
        evaluateOption(compiled, v.data(), CompiledOption{}, DoorPolicy{}, workspace, stay);
        evaluateOption(compiled, v.data(), *chosen, tornado.policy, workspace, run);
        count(control);
        return stay.npv_usd - run.npv_usd;
    };
    tornado.base_saving_usd = saving(medians);

    std::vector<InputId> swung;
    for (InputId i = 0; i < n; ++i)
        if (!compiled.inputs.number(i).isCertain())
            swung.push_back(i);
    tornado.inputs_swung = swung.size();
    std::vector<TornadoBar> bars(swung.size());
    runTasks(swung.size(), control, [&](std::size_t k) {
        const InputId i = swung[k];
        const UncertainNumber& number = compiled.inputs.number(i);
        TornadoBar& bar = bars[k];
        bar.input = i;
        bar.pointer = compiled.inputs.pointer(i);
        std::vector<double> v = medians;
        for (std::size_t p = 0; p < kTornadoPoints.size(); ++p) {
            v[i] = quantile(number, kTornadoPoints[p]);
            bar.value[p] = v[i];
            // The median point is the base case itself.
            bar.saving_usd[p] = kTornadoPoints[p] == 0.5 ? tornado.base_saving_usd : saving(v);
        }
        bar.lowest_usd = *std::min_element(bar.saving_usd.begin(), bar.saving_usd.end());
        bar.highest_usd = *std::max_element(bar.saving_usd.begin(), bar.saving_usd.end());
        bar.monotonic = !turns({bar.saving_usd.begin(), bar.saving_usd.end()});
    });
    for (TornadoBar& bar : bars)
        if (bar.spread() > kTieUsd)
            tornado.bars.push_back(std::move(bar));
    std::sort(tornado.bars.begin(), tornado.bars.end(),
              [](const TornadoBar& a, const TornadoBar& b) {
                  if (a.spread() != b.spread())
                      return a.spread() > b.spread();
                  return a.pointer < b.pointer;
              });
    requireFinite(tornado);
    return tornado;
}

// ----- switching values ----------------------------------------------------------------------

std::vector<WhatIfKnob> defaultSwitchingKnobs() {
    return {WhatIfKnob::AmdUsdPerGpuHour,        WhatIfKnob::AmdDiscount,
            WhatIfKnob::AmdInferencePerformance, WhatIfKnob::AmdTrainingPerformance,
            WhatIfKnob::TransitionPenalty,       WhatIfKnob::PortMonths,
            WhatIfKnob::TargetUtilisation,       WhatIfKnob::Horizon};
}

const Flip* SwitchingValue::nearestBelow() const {
    const Flip* nearest = nullptr;
    for (const Flip& f : flips)
        if (f.value < current)
            nearest = &f; // flips are by value: the last one below is the nearest
    return nearest;
}

const Flip* SwitchingValue::nearestAbove() const {
    for (const Flip& f : flips)
        if (f.value > current)
            return &f;
    return nullptr;
}

SwitchingValue switchingValue(const Scenario& scenario, WhatIfKnob knob, int scanPoints,
                              const SensitivityControl& control, const ScenarioEvaluation* given) {
    SwitchingValue result;
    result.knob = knob;
    result.applies = knobApplies(scenario, knob);
    result.current = knobValue(scenario, knob);
    if (!result.applies)
        return result;
    const Outcome base = given ? outcomeOf(*given) : evaluateAt(scenario);
    count(control);
    result.cheapest = base.cheapest;
    const Span span = spanOf(scenario, knob);
    result.scanned_low = std::min(knobStepValue(knob, span.first), result.current);
    result.scanned_high = std::max(knobStepValue(knob, span.last), result.current);
    const std::vector<long> grid = gridOf(span, scanPoints);
    const std::optional<UncertainNumber> own = knobNumber(scenario, knob);

    KnobScan scan(scenario, knob, control);
    std::vector<Flip> below;
    std::vector<Flip> above;
    walk(scan, grid, result.current, base.cheapest, false, own, below);
    walk(scan, grid, result.current, base.cheapest, true, own, above);
    result.flips.assign(below.rbegin(), below.rend());
    result.flips.insert(result.flips.end(), above.begin(), above.end());

    // The response along the knob: the current cheapest option's lead at every point seen.
    std::vector<std::pair<double, const Outcome*>> points{{result.current, &base}};
    for (const auto& [index, outcome] : scan.evaluated())
        points.emplace_back(scan.value(index), &outcome);
    std::sort(points.begin(), points.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<double> lead;
    std::vector<OptionId> order; // the cheapest options met along the knob, runs collapsed
    for (const auto& [value, outcome] : points) {
        lead.push_back(outcome->leadOf(base.cheapest));
        if (order.empty() || order.back() != outcome->cheapest)
            order.push_back(outcome->cheapest);
    }
    bool returns = false;
    for (std::size_t i = 0; i < order.size(); ++i)
        for (std::size_t j = i + 2; j < order.size(); ++j)
            returns = returns || order[i] == order[j];
    result.non_monotonic = returns || turns(lead);
    return result;
}

namespace {

std::string optionWords(OptionId id) {
    return id == OptionId::StayCuda ? "staying on CUDA" : optionShortTitle(id);
}

} // namespace

std::string flipPositionWords(const std::optional<double>& percentile) {
    if (!percentile)
        return "";
    if (*percentile <= 0)
        return "below its range";
    if (*percentile >= 1)
        return "above its range";
    return "P" + std::to_string(std::lround(100 * *percentile)) + " of its range";
}

std::string switchingSummary(const std::vector<SwitchingValue>& values) {
    struct Item {
        const SwitchingValue* value;
        const Flip* flip;
        double fragility; // distance of the flip from the middle of the knob's range (0–0.5)
    };
    std::vector<Item> items;
    const std::vector<SwitchingValue>* all = &values;
    OptionId cheapest = OptionId::StayCuda;
    bool any = false;
    for (const SwitchingValue& v : *all) {
        if (!v.applies)
            continue;
        cheapest = v.cheapest;
        any = true;
        for (const Flip* f : {v.nearestBelow(), v.nearestAbove()})
            if (f)
                items.push_back({&v, f, f->percentile ? std::abs(*f->percentile - 0.5) : 1.0});
    }
    if (!any)
        return {};
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& a, const Item& b) { return a.fragility < b.fragility; });
    std::string subject = optionWords(cheapest);
    subject[0] = char(std::toupper(static_cast<unsigned char>(subject[0])));
    if (items.empty())
        return subject + " stays the cheapest option across the whole span of every knob "
                         "examined.";
    std::string text = subject + " stays the cheapest option unless ";
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Item& it = items[i];
        // Mid-sentence a label starts in lower case unless it starts with a name ("AMD …").
        std::string label(knobInfo(it.value->knob).label);
        if (label.size() > 1 && std::islower(static_cast<unsigned char>(label[1])))
            label[0] = char(std::tolower(static_cast<unsigned char>(label[0])));
        text += i == 0 ? "" : (i + 1 == items.size() ? ", or " : ", ");
        text += label + (it.flip->value > it.value->current ? " rises to " : " falls to ") +
                formatKnobValue(it.value->knob, it.flip->value) + " (" +
                (it.flip->percentile ? flipPositionWords(it.flip->percentile) + "; " : "") +
                "then " + optionWords(it.flip->to) + " is cheapest" +
                (it.value->non_monotonic ? "; the response is not monotonic" : "") + ")";
    }
    return text + ".";
}

std::vector<SwitchingValue> switchingValues(const Scenario& scenario,
                                            const std::vector<WhatIfKnob>& knobs, int scanPoints,
                                            const SensitivityControl& control) {
    std::vector<SwitchingValue> results(knobs.size());
    SensitivityControl one = control;
    one.threads = 1;
    std::optional<ScenarioEvaluation> base; // every knob's starting point, evaluated once
    for (WhatIfKnob knob : knobs)
        if (!base && knobApplies(scenario, knob))
            base = evaluateScenario(scenario, compile(scenario));
    runTasks(knobs.size(), control, [&](std::size_t i) {
        results[i] = switchingValue(scenario, knobs[i], scanPoints, one, base ? &*base : nullptr);
    });
    return results;
}

// ----- 2-D break-even map --------------------------------------------------------------------

BreakEvenMap breakEvenMap(const Scenario& scenario, WhatIfKnob x, WhatIfKnob y, OptionId option,
                          int points, const SensitivityControl& control) {
    if (x == y)
        throw std::invalid_argument("the map needs two different knobs, not " +
                                    std::string(toString(x)) + " twice");
    for (WhatIfKnob k : {x, y})
        if (!knobApplies(scenario, k))
            throw std::invalid_argument("the knob " + std::string(toString(k)) +
                                        " has nothing to move in this scenario");
    BreakEvenMap map;
    map.option = option;
    map.x = axisOf(scenario, x, points - 1);
    map.y = axisOf(scenario, y, points - 1);
    const std::size_t nx = map.x.values.size();
    const std::size_t cells = nx * map.y.values.size();
    map.saving_usd.assign(cells, 0.0);
    map.cheapest.assign(cells, OptionId::StayCuda);
    runTasks(cells, control, [&](std::size_t cell) {
        const Scenario moved =
            withKnob(withKnob(scenario, x, map.x.values[cell % nx]), y, map.y.values[cell / nx]);
        const Outcome outcome = evaluateAt(moved);
        map.saving_usd[cell] = outcome.npvOf(OptionId::StayCuda) - outcome.npvOf(option);
        map.cheapest[cell] = outcome.cheapest;
        count(control);
    });
    requireFinite(map);
    return map;
}

void requireFinite(const Tornado& tornado) {
    requireFiniteValue(tornado.base_saving_usd, tornado.option, std::nullopt,
                       "tornado base saving");
    for (const TornadoBar& bar : tornado.bars)
        for (double v : bar.saving_usd)
            requireFiniteValue(v, tornado.option, std::nullopt, "tornado saving");
}

void requireFinite(const BreakEvenMap& map) {
    for (double v : map.saving_usd)
        requireFiniteValue(v, map.option, std::nullopt, "break-even map saving");
}

} // namespace crossgrade::model
