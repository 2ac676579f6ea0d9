#include "whatif.h"

#include "scenario_inputs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace crossgrade::model {

namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// The interval a governed number must stay in after a shift: the scenario reader's sense
// (data/documents/scenario_json.cpp, data/documents/pricebook_json.cpp), made closed where the
// reader's is open so that clamping has an edge to land on.
struct Domain {
    double min = -kUnbounded;
    double max = kUnbounded;
};

// A 100 % discount is a free GPU and a 100 % transition penalty a move that serves nothing:
// the reader refuses the latter, and neither is a what-if anyone means.
constexpr Domain kBelowOne{0, 0.99};
// The reader admits a transition regression in (−1, 1): negative is a gain right after a move,
// which a shift must keep rather than clamp to zero.
constexpr Domain kRegression{-0.99, 0.99};
// Prices stop at the model's sense bounds (model/core/input_limits.h), which the reader refuses
// beyond: a shift never writes a scenario that does not read back.
constexpr Domain kRate{0, kMaxUsdPerGpuHour};
constexpr Domain kEngineerCost{0, kMaxUsdPerPersonMonth};
constexpr Domain kEnergyPrice{0, kMaxUsdPerKwh};
// Ratios and utilisation divide demand into GPUs, so they stay above zero: 1 % is the floor.
constexpr Domain kRatio{0.01, kMaxRatioToH100};
constexpr Domain kUtilisation{0.01, 1};
// The reader admits growth in (−1, 1]: a workload may shrink, never vanish in one month.
constexpr Domain kGrowth{-0.99, 1};
constexpr Domain kMonthOffset{0, kMaxMonths}; // the reader's cap on any month in a scenario

constexpr std::array<WorkloadClass, 4> kInferenceClasses{
    WorkloadClass::DenseInference, // first: the representative class when the SKU has it
    WorkloadClass::LargeDenseInference, WorkloadClass::MoeFp4Disaggregated,
    WorkloadClass::TensorRtInference};
constexpr std::array<WorkloadClass, 2> kTrainingClasses{WorkloadClass::PyTorchTraining,
                                                        WorkloadClass::CustomKernelTraining};

// In the order of WhatIfKnob. The spans are the ranges the reference facts and the sample
// scenarios move in (docs/whatif.md); a scenario outside them widens its slider.
const std::array<WhatIfKnobInfo, kAllWhatIfKnobs.size()> kKnobInfo{{
    {"AMD purchase discount", KnobUnit::Fraction, false, 0, 0.60, 0.01, kBelowOne.min,
     kBelowOne.max,
     "The negotiated discount off the price book's purchase price of every AMD GPU bought "
     "(amd_discount). Rented AMD capacity has its own rates."},
    {"NVIDIA purchase discount", KnobUnit::Fraction, false, 0, 0.60, 0.01, kBelowOne.min,
     kBelowOne.max,
     "The negotiated discount off the price book's purchase price of every NVIDIA GPU bought "
     "(nvidia_discount). Rented NVIDIA capacity has its own rates."},
    {"AMD $/GPU-hour (rented)", KnobUnit::UsdPerHour, false, 0, 8, 0.05, 0, 100,
     "The reserved and on-demand rates of every AMD SKU, moved together. Shows the AMD "
     "procurement SKU's rate on its channel (reserved when owned or reserved)."},
    {"NVIDIA $/GPU-hour (rented)", KnobUnit::UsdPerHour, false, 0, 8, 0.05, 0, 100,
     "The reserved and on-demand rates of every NVIDIA SKU, moved together. Shows the NVIDIA "
     "procurement SKU's rate on its channel (reserved when owned or reserved)."},
    {"AMD inference performance vs H100", KnobUnit::Ratio, false, 0.20, 3.0, 0.01, kRatio.min, 20,
     "Every AMD SKU's figure in the four inference classes (large dense, dense, MoE/FP4, "
     "TensorRT-served), moved together: from engine 3 the software efficiency at equal fit, the "
     "capacity model adding memory, bandwidth and compute; before, the throughput ratio. Shows "
     "the AMD procurement SKU's dense-inference figure."},
    {"AMD training performance vs H100", KnobUnit::Ratio, false, 0.20, 2.5, 0.01, kRatio.min, 20,
     "Throughput relative to H100 of every AMD SKU in PyTorch and custom-kernel training, moved "
     "together. Shows the AMD procurement SKU's PyTorch-training ratio."},
    {"Transition penalty", KnobUnit::Fraction, false, 0, 0.60, 0.01, kRegression.min,
     kRegression.max,
     "The share of the replaced NVIDIA GPU's throughput a workload loses right after it moves to "
     "AMD, fading over the transition months: regression.transition and every class of the "
     "price book's transition table (engine 3), moved together."},
    {"Port months", KnobUnit::Months, false, 0, 24, 0.5, kMonthOffset.min, kMonthOffset.max,
     "The calendar months of every port task at the audit's effort level (inference and "
     "training port, RCCL, TensorRT re-engineering, Triton rewrite; every path), moved "
     "together. Shows Path 1's inference port."},
    {"Target utilisation", KnobUnit::Fraction, false, 0.30, 0.95, 0.01, kUtilisation.min,
     kUtilisation.max,
     "The share of fleet throughput that peak demand is served at: lower leaves more headroom "
     "and needs more GPUs."},
    {"Demand growth", KnobUnit::GrowthPerMonth, false, -0.05, 0.10, 0.0025, kGrowth.min,
     kGrowth.max,
     "The monthly growth of every workload, moved together. Shows the mean most-likely growth "
     "of the workloads."},
    {"HetCCL month", KnobUnit::Months, false, 0, 120, 1, kMonthOffset.min, kMonthOffset.max,
     "The month cross-vendor collectives (HetCCL) become usable; Path 3 may put new training "
     "capacity on AMD from then."},
    {"Engineer cost", KnobUnit::Usd, false, 5000, 60000, 500, 0, 1'000'000,
     "The loaded cost of one porting engineer per month (team.usd_per_engineer_month)."},
    {"Energy price", KnobUnit::UsdPerKwh, false, 0.02, 0.40, 0.005, 0, 5,
     "The electricity price of owned GPUs; rented capacity's rates already include power."},
    {"Horizon", KnobUnit::Months, true, kMinHorizonMonths, kMaxHorizonMonths, 1, kMinHorizonMonths,
     kMaxHorizonMonths,
     "The months every option is costed over (1–120). A plain number, not a range."},
}};

std::size_t indexOf(WhatIfKnob knob) {
    return static_cast<std::size_t>(knob);
}

// A range moved by `delta`, each value clamped to `domain`. The representative number lands
// on `exactMostLikely` itself, so reading the knob back gives what was asked without the
// rounding of ml + (value − ml). A bound equal to the most likely value follows it exactly:
// a certain number stays certain.
void shift(UncertainNumber& number, double delta, Domain domain,
           std::optional<double> exactMostLikely = std::nullopt) {
    const Range& r = number.range;
    const auto clamped = [&](double x) {
        return std::clamp(x, domain.min, domain.max);
    };
    const double m = clamped(exactMostLikely ? *exactMostLikely : r.most_likely + delta);
    const double l = r.low == r.most_likely ? m : clamped(r.low + delta);
    const double h = r.high == r.most_likely ? m : clamped(r.high + delta);
    // Clamping is monotonic, but the exact most-likely value may sit an ulp outside l + delta.
    number.range = {std::min(l, m), m, std::max(h, m)};
}

const VendorProcurement& procurementOf(const Scenario& s, Vendor vendor) {
    return vendor == Vendor::Amd ? s.amd : s.nvidia;
}

// The vendor's procurement SKU, or nullptr when the price book lacks it (a scenario the engine
// refuses anyway, but the knob must not guess).
const Sku* procurementSku(const Scenario& s, Vendor vendor) {
    const auto it = s.pricebook.skus.find(procurementOf(s, vendor).sku);
    if (it == s.pricebook.skus.end() || it->second.vendor != vendor)
        return nullptr;
    return &it->second;
}

// The rate new rented capacity of the vendor would pay: owned capacity has no rate of its own,
// and its pilot and the reserved channel both rent at the reserved rate.
const UncertainNumber* representativeRate(const Scenario& s, Vendor vendor) {
    const Sku* sku = procurementSku(s, vendor);
    if (!sku)
        return nullptr;
    return procurementOf(s, vendor).channel == Channel::OnDemand ? &sku->on_demand_usd_per_hour
                                                                 : &sku->reserved_usd_per_hour;
}

template <std::size_t N>
const UncertainNumber* representativeRatio(const Scenario& s,
                                           const std::array<WorkloadClass, N>& classes) {
    if (!procurementSku(s, Vendor::Amd))
        return nullptr;
    for (WorkloadClass c : classes) {
        const auto row = s.pricebook.performance.find(c);
        if (row == s.pricebook.performance.end())
            continue;
        const auto cell = row->second.find(s.amd.sku);
        if (cell != row->second.end())
            return &cell->second;
    }
    return nullptr;
}

EffortLevel effortOf(const Scenario& s) {
    return effortLevel(s.audit.profile().highCount());
}

// The port-month cells of the audit's effort level, task by task and path by path.
template <typename Visit> void forEachPortMonths(Scenario& s, Visit&& visit) {
    const EffortLevel effort = effortOf(s);
    for (auto& [task, levels] : s.pricebook.port_months)
        if (const auto level = levels.find(effort); level != levels.end())
            for (auto& [path, months] : level->second)
                visit(months);
}

// Path 1's inference port at the audit's effort level: the port every move to AMD starts
// with; failing that, the first task of that level the price book has.
const UncertainNumber* representativePortMonths(const Scenario& s) {
    const EffortLevel effort = effortOf(s);
    const UncertainNumber* first = nullptr;
    for (const auto& [task, levels] : s.pricebook.port_months) {
        const auto level = levels.find(effort);
        if (level == levels.end())
            continue;
        for (const auto& [path, months] : level->second) {
            if (task == PortTask::InferencePort && path == PortabilityPath::Path1)
                return &months;
            if (first == nullptr)
                first = &months;
        }
    }
    return first;
}

// The transition the knob shows: the scenario-wide figure where the file has one, else the
// price book's for the first workload's class (engine version 3).
const UncertainNumber* representativeTransition(const Scenario& s) {
    if (s.transition_regression)
        return &*s.transition_regression;
    for (const auto& [id, w] : s.workloads)
        if (const auto row = s.pricebook.transition.find(w.workload_class);
            row != s.pricebook.transition.end())
            return &row->second;
    return nullptr;
}

// Every transition figure moves together: the scenario-wide one and each class's.
void shiftTransitions(Scenario& s, const UncertainNumber* rep, double value, double delta) {
    const auto one = [&](UncertainNumber& n) {
        shift(n, delta, kRegression, &n == rep ? std::optional<double>(value) : std::nullopt);
    };
    if (s.transition_regression)
        one(*s.transition_regression);
    for (auto& [cls, n] : s.pricebook.transition)
        one(n);
}

// The one number a single-input knob is named after; nullptr for the knobs that stand for
// several numbers with no single representative (demand growth) or none (horizon).
const UncertainNumber* representative(const Scenario& s, WhatIfKnob knob) {
    switch (knob) {
    case WhatIfKnob::AmdDiscount:
        return &s.amd_discount;
    case WhatIfKnob::NvidiaDiscount:
        return &s.nvidia_discount;
    case WhatIfKnob::AmdUsdPerGpuHour:
        return representativeRate(s, Vendor::Amd);
    case WhatIfKnob::NvidiaUsdPerGpuHour:
        return representativeRate(s, Vendor::Nvidia);
    case WhatIfKnob::AmdInferencePerformance:
        return representativeRatio(s, kInferenceClasses);
    case WhatIfKnob::AmdTrainingPerformance:
        return representativeRatio(s, kTrainingClasses);
    case WhatIfKnob::TransitionPenalty:
        return representativeTransition(s);
    case WhatIfKnob::PortMonths:
        return representativePortMonths(s);
    case WhatIfKnob::TargetUtilisation:
        return &s.target_utilisation;
    case WhatIfKnob::HetcclMonth:
        return &s.hetccl_available_month;
    case WhatIfKnob::EngineerCost:
        return &s.usd_per_engineer_month;
    case WhatIfKnob::EnergyPrice:
        return &s.usd_per_kwh;
    case WhatIfKnob::DemandGrowth:
    case WhatIfKnob::Horizon:
        return nullptr;
    }
    return nullptr;
}

double meanMostLikelyGrowth(const Scenario& s) {
    if (s.workloads.empty())
        return 0;
    double sum = 0;
    for (const auto& [id, w] : s.workloads)
        sum += w.growth_per_month.mostLikely();
    return sum / static_cast<double>(s.workloads.size());
}

// Shifts the rates of every SKU of `vendor`; `rep` (the representative rate) lands exactly on
// `value`.
void shiftRates(Scenario& s, Vendor vendor, const UncertainNumber* rep, double value,
                double delta) {
    for (auto& [id, sku] : s.pricebook.skus) {
        if (sku.vendor != vendor)
            continue;
        for (UncertainNumber* rate : {&sku.reserved_usd_per_hour, &sku.on_demand_usd_per_hour})
            shift(*rate, delta, kRate, rate == rep ? std::optional<double>(value) : std::nullopt);
    }
}

// Workloads bound to benchmarks read measured ratios in place of the table's: "AMD performs
// this much better or worse" moves those by the same amount (docs/benchmarks.md).
void shiftBoundAmdRatios(Scenario& s, double delta) {
    for (auto& [id, w] : s.workloads) {
        if (!w.benchmark)
            continue;
        for (auto& [skuId, bound] : w.benchmark->skus) {
            const auto sku = s.pricebook.skus.find(skuId);
            if (bound.ratio && sku != s.pricebook.skus.end() && sku->second.vendor == Vendor::Amd)
                shift(*bound.ratio, delta, kRatio, std::nullopt);
        }
    }
}

// Shifts every AMD SKU's ratio in `classes`; cells the table does not have stay absent.
template <std::size_t N>
void shiftAmdRatios(Scenario& s, const std::array<WorkloadClass, N>& classes,
                    const UncertainNumber* rep, double value, double delta) {
    for (WorkloadClass c : classes) {
        const auto row = s.pricebook.performance.find(c);
        if (row == s.pricebook.performance.end())
            continue;
        for (auto& [skuId, ratio] : row->second) {
            const auto sku = s.pricebook.skus.find(skuId);
            if (sku == s.pricebook.skus.end() || sku->second.vendor != Vendor::Amd)
                continue;
            shift(ratio, delta, kRatio,
                  &ratio == rep ? std::optional<double>(value) : std::nullopt);
        }
    }
}

// Steps finer than a unit are counted as so many per unit (0.01 → 100 per unit), so that a
// step's value is a correctly rounded quotient and 7 steps read as 0.07 exactly.
double stepsPerUnit(double step) {
    return std::round(1.0 / step);
}

} // namespace

const WhatIfKnobInfo& knobInfo(WhatIfKnob knob) {
    return kKnobInfo[indexOf(knob)];
}

std::string_view toString(WhatIfKnob knob) {
    switch (knob) {
    case WhatIfKnob::AmdDiscount:
        return "amd-discount";
    case WhatIfKnob::NvidiaDiscount:
        return "nvidia-discount";
    case WhatIfKnob::AmdUsdPerGpuHour:
        return "amd-usd-per-gpu-hour";
    case WhatIfKnob::NvidiaUsdPerGpuHour:
        return "nvidia-usd-per-gpu-hour";
    case WhatIfKnob::AmdInferencePerformance:
        return "amd-inference-performance";
    case WhatIfKnob::AmdTrainingPerformance:
        return "amd-training-performance";
    case WhatIfKnob::TransitionPenalty:
        return "transition-penalty";
    case WhatIfKnob::PortMonths:
        return "port-months";
    case WhatIfKnob::TargetUtilisation:
        return "target-utilisation";
    case WhatIfKnob::DemandGrowth:
        return "demand-growth";
    case WhatIfKnob::HetcclMonth:
        return "hetccl-month";
    case WhatIfKnob::EngineerCost:
        return "engineer-cost";
    case WhatIfKnob::EnergyPrice:
        return "energy-price";
    case WhatIfKnob::Horizon:
        return "horizon";
    }
    return "amd-discount";
}

bool knobApplies(const Scenario& scenario, WhatIfKnob knob) {
    switch (knob) {
    case WhatIfKnob::DemandGrowth:
        return !scenario.workloads.empty();
    case WhatIfKnob::Horizon:
        return true;
    default:
        return representative(scenario, knob) != nullptr;
    }
}

std::optional<UncertainNumber> knobNumber(const Scenario& scenario, WhatIfKnob knob) {
    if (const UncertainNumber* rep = representative(scenario, knob))
        return *rep;
    return std::nullopt;
}

double knobValue(const Scenario& scenario, WhatIfKnob knob) {
    switch (knob) {
    case WhatIfKnob::DemandGrowth:
        return meanMostLikelyGrowth(scenario);
    case WhatIfKnob::Horizon:
        return scenario.horizon_months;
    default: {
        const UncertainNumber* rep = representative(scenario, knob);
        return rep ? rep->mostLikely() : 0.0;
    }
    }
}

Scenario withKnob(Scenario scenario, WhatIfKnob knob, double value) {
    if (!std::isfinite(value) || !knobApplies(scenario, knob))
        return scenario;
    const WhatIfKnobInfo& info = knobInfo(knob);
    // Bounding the asked value bounds every shift, so no governed number can overflow.
    value = std::clamp(value, info.entry_min, info.entry_max);
    if (knob == WhatIfKnob::Horizon) {
        scenario.horizon_months = static_cast<int>(
            std::clamp(std::lround(value), long{kMinHorizonMonths}, long{kMaxHorizonMonths}));
        return scenario;
    }
    if (value == knobValue(scenario, knob))
        return scenario; // a drag back to its start leaves the scenario bit-identical
    const double delta = value - knobValue(scenario, knob);
    Scenario& s = scenario;
    // The representative is found in the copy being changed, so pointer identity marks it.
    const UncertainNumber* rep = representative(s, knob);
    switch (knob) {
    case WhatIfKnob::AmdDiscount:
        shift(s.amd_discount, delta, kBelowOne, value);
        break;
    case WhatIfKnob::NvidiaDiscount:
        shift(s.nvidia_discount, delta, kBelowOne, value);
        break;
    case WhatIfKnob::AmdUsdPerGpuHour:
        shiftRates(s, Vendor::Amd, rep, value, delta);
        break;
    case WhatIfKnob::NvidiaUsdPerGpuHour:
        shiftRates(s, Vendor::Nvidia, rep, value, delta);
        break;
    case WhatIfKnob::AmdInferencePerformance:
        shiftAmdRatios(s, kInferenceClasses, rep, value, delta);
        shiftBoundAmdRatios(s, delta);
        break;
    case WhatIfKnob::AmdTrainingPerformance:
        shiftAmdRatios(s, kTrainingClasses, rep, value, delta);
        break;
    case WhatIfKnob::TransitionPenalty:
        shiftTransitions(s, rep, value, delta);
        break;
    case WhatIfKnob::PortMonths:
        forEachPortMonths(s, [&](UncertainNumber& months) {
            shift(months, delta, kMonthOffset,
                  &months == rep ? std::optional<double>(value) : std::nullopt);
        });
        break;
    case WhatIfKnob::TargetUtilisation:
        shift(s.target_utilisation, delta, kUtilisation, value);
        break;
    case WhatIfKnob::DemandGrowth:
        for (auto& [id, w] : s.workloads)
            shift(w.growth_per_month, delta, kGrowth);
        break;
    case WhatIfKnob::HetcclMonth:
        shift(s.hetccl_available_month, delta, kMonthOffset, value);
        break;
    case WhatIfKnob::EngineerCost:
        shift(s.usd_per_engineer_month, delta, kEngineerCost, value);
        break;
    case WhatIfKnob::EnergyPrice:
        shift(s.usd_per_kwh, delta, kEnergyPrice, value);
        break;
    case WhatIfKnob::Horizon:
        break; // handled above: a plain number
    }
    return scenario;
}

std::string formatKnobValue(WhatIfKnob knob, double value, const std::optional<YearMonth>& start) {
    char buffer[64];
    switch (knobInfo(knob).unit) {
    case KnobUnit::Fraction:
        std::snprintf(buffer, sizeof buffer, "%.1f %%", 100 * value);
        break;
    case KnobUnit::Usd:
        std::snprintf(buffer, sizeof buffer, "$%.0f", value);
        break;
    case KnobUnit::UsdPerHour:
        std::snprintf(buffer, sizeof buffer, "$%.2f/h", value);
        break;
    case KnobUnit::Ratio:
        std::snprintf(buffer, sizeof buffer, "%.2f\u00d7", value);
        break;
    case KnobUnit::Months:
        std::snprintf(buffer, sizeof buffer,
                      knobInfo(knob).whole_number ? "%.0f months" : "%.1f months", value);
        break;
    case KnobUnit::GrowthPerMonth:
        std::snprintf(buffer, sizeof buffer, "%.2f %%/month", 100 * value);
        break;
    case KnobUnit::UsdPerKwh:
        std::snprintf(buffer, sizeof buffer, "$%.3f/kWh", value);
        break;
    }
    if (knob == WhatIfKnob::HetcclMonth && start && std::isfinite(value))
        return std::string(buffer) + " (" + monthLabel(start, int(std::lround(value))) + ")";
    return buffer;
}

double knobStepValue(WhatIfKnob knob, long index) {
    const double step = knobInfo(knob).slider_step;
    const auto i = static_cast<double>(index);
    return step < 1 ? i / stepsPerUnit(step) : i * step;
}

long nearestKnobStep(WhatIfKnob knob, double value) {
    const WhatIfKnobInfo& info = knobInfo(knob);
    if (!std::isfinite(value))
        value = info.entry_min;
    // Within the entry range the step count is small; outside it lround could overflow.
    value = std::clamp(value, info.entry_min, info.entry_max);
    const double step = info.slider_step;
    return std::lround(step < 1 ? value * stepsPerUnit(step) : value / step);
}

} // namespace crossgrade::model
