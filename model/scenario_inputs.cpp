#include "scenario_inputs.h"

#include "input_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <utility>

namespace crossgrade::model {

namespace {

// The sense bounds of scenario_inputs.h, by what they hold.
constexpr InputDomain kFraction = kFractionDomain;
constexpr InputDomain kBelowOne = kBelowOneDomain;
constexpr InputDomain kDividing = kDividingFractionDomain; // divisors and efficiencies
constexpr InputDomain kMonths = kMonthsDomain;
constexpr InputDomain kGrowth = kGrowthDomain;
constexpr InputDomain kModelMemory = kModelMemoryDomain;
constexpr InputDomain kReference{1, 1, false, false}; // H100 relative to itself

constexpr std::string_view kReferenceSkuId = "H100";

// "1.5", "-1.2", "1000000": the shortest text that reads back as the same double.
std::string formatNumber(double v) {
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "infinity" : "-infinity";
    char buffer[64];
    const double magnitude = std::fabs(v);
    const auto format = (magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e15))
                            ? std::chars_format::fixed
                            : std::chars_format::general;
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v, format);
    return std::string(buffer, result.ptr);
}

struct ScalarSpec {
    std::string_view pointer;
    UncertainNumber Scenario::*member;
    std::string_view label;
    InputGroup group;
    InputUnit unit;
    InputDomain domain;
    std::string_view meaning;
};

// In the order an editor shows them within their group.
const std::vector<ScalarSpec>& scalarSpecs() {
    using S = Scenario;
    using G = InputGroup;
    using U = InputUnit;
    static const std::vector<ScalarSpec> specs{
        {"/discount_rate", &S::discount_rate, "Discount rate", G::General, U::FractionPerYear,
         kBelowOne,
         "Annual rate the NPV discounts cash by: cash at the start of month m counts "
         "(1+r)^(-m/12)."},
        {"/target_utilisation", &S::target_utilisation, "Target utilisation", G::General,
         U::Fraction, kDividing,
         "Share of fleet throughput peak demand may use: the headroom for bursts and failures."},
        {"/usable_hbm_fraction", &S::usable_hbm_fraction, "Usable HBM share", G::General,
         U::Fraction, kDividing,
         "Share of a GPU's HBM one replica may fill; with model memory it sets GPUs per replica."},
        {"/nvidia_discount", &S::nvidia_discount, "NVIDIA purchase discount", G::FleetProcurement,
         U::Fraction, kFraction,
         "Negotiated discount off the price book's NVIDIA purchase prices."},
        {"/amd_discount", &S::amd_discount, "AMD purchase discount", G::FleetProcurement,
         U::Fraction, kFraction,
         "Negotiated discount off AMD purchase prices; the article's 15–40 % gap is already in "
         "the price book, never apply it twice."},
        {"/regression/transition", &S::transition_regression, "Transition regression",
         G::TeamTransition, U::Fraction, kRegressionDomain,
         "Throughput a workload loses right after it moves to AMD."},
        {"/regression/transition_months", &S::transition_regression_months,
         "Transition regression fades over", G::TeamTransition, U::Months, kMonths,
         "Months until the transition penalty has faded to zero (linearly)."},
        {"/team/usd_per_engineer_month", &S::usd_per_engineer_month, "Porting engineer cost",
         G::TeamTransition, U::UsdPerMonth, kPersonMonthDomain,
         "Loaded cost (salary, benefits, overhead) of one porting engineer per month."},
        {"/pilot/months", &S::pilot_months, "AMD pilot duration", G::TeamTransition, U::Months,
         kMonths, "How long the AMD pilot capacity runs beside production during a port."},
        {"/ramp/productivity_loss", &S::ramp_productivity_loss, "Ramp productivity loss",
         G::TeamTransition, U::Fraction, kFraction,
         "Share of the wider ML team's output lost while it learns the second stack."},
        {"/ramp/usd_per_person_month", &S::ramp_usd_per_person_month, "Ramp cost per person",
         G::TeamTransition, U::UsdPerMonth, kPersonMonthDomain,
         "Loaded cost per person-month of the people the ramp affects."},
        {"/ramp/months", &S::ramp_months, "Ramp duration", G::TeamTransition, U::Months, kMonths,
         "How long the productivity ramp lasts."},
        {"/dual_vendor_usd_per_month", &S::dual_vendor_usd_per_month, "Dual-vendor overhead",
         G::TeamTransition, U::UsdPerMonth, kUsdPerMonthDomain,
         "Monthly cost of running two stacks (second toolchain, CI on both, validation per "
         "release) once any AMD capacity exists."},
        {"/energy/usd_per_kwh", &S::usd_per_kwh, "Electricity price", G::EnergyFacility,
         U::UsdPerKwh, kUsdPerKwhDomain, "Price of a kWh."},
        {"/energy/pue", &S::pue, "PUE", G::EnergyFacility, U::Factor, kPueDomain,
         "Power usage effectiveness of the facility; multiplies board and host power, never the "
         "price book's all-in kW."},
        {"/energy/usd_per_kw_month", &S::usd_per_kw_month, "Facility cost per kW",
         G::EnergyFacility, U::UsdPerKwMonth, kUsdPerKwMonthDomain,
         "Facility cost of provisioned kW per month, whatever the load."},
        {"/energy/maintenance_per_year", &S::maintenance_per_year, "Maintenance", G::EnergyFacility,
         U::FractionPerYear, kFraction,
         "Share of the installed purchase value spent on support and spares each year."},
        {"/energy/idle_power_fraction", &S::idle_power_fraction, "Idle power share",
         G::EnergyFacility, U::Fraction, kFraction,
         "Share of full power an idle GPU and its host draw."},
        {"/hetccl/available_month", &S::hetccl_available_month, "HetCCL available from", G::HetCcl,
         U::MonthFromStart, kMonths,
         "Month from the start when cross-vendor collectives are production-ready: a what-if, "
         "not a fact."},
        {"/hetccl/cross_vendor_efficiency", &S::hetccl_cross_vendor_efficiency,
         "HetCCL cross-vendor efficiency", G::HetCcl, U::Fraction, kDividing,
         "Training throughput of HetCCL-bridged AMD capacity relative to homogeneous; no "
         "measurement is confirmed."},
    };
    return specs;
}

struct WorkloadSpec {
    std::string_view key;
    UncertainNumber Workload::*member;
    std::string_view label;
    InputUnit unit;
    InputDomain domain;
    std::optional<WorkloadKindOfDemand> kind; // the kind that reads it; nullopt: both
    double placeholder;                       // newWorkload()'s value
    std::string_view meaning;
};

const std::vector<WorkloadSpec>& workloadSpecs() {
    using W = Workload;
    using U = InputUnit;
    constexpr auto inference = WorkloadKindOfDemand::Inference;
    constexpr auto training = WorkloadKindOfDemand::Training;
    static const std::vector<WorkloadSpec> specs{
        {"peak_tokens_per_s", &W::peak_tokens_per_s, "peak demand", U::TokensPerSecond,
         kDemandDomain, inference, 100'000,
         "Peak demand in input + output tokens per second at the operating point."},
        {"reference_tokens_per_s_per_gpu", &W::reference_tokens_per_s_per_gpu,
         "H100 throughput per GPU", U::TokensPerSecond, kPerGpuThroughputDomain, inference, 2'000,
         "Throughput of one H100 at the operating point (a benchmark, or an estimate tagged as "
         "such)."},
        {"average_to_peak", &W::average_to_peak, "average-to-peak load", U::Fraction, kDividing,
         inference, 0.5,
         "Average load divided by peak load: the served share for energy and $/Mtok."},
        {"model_memory_gb", &W::model_memory_gb, "model memory per replica", U::Gigabytes,
         kModelMemory, inference, 80,
         "Weights plus KV cache per replica; with usable HBM it sets GPUs per replica."},
        {"h100_equivalent_gpus", &W::h100_equivalent_gpus, "H100-equivalent GPUs",
         U::H100Equivalents, kTrainingGpusDomain, training, 64,
         "GPUs the training keeps busy, in H100 equivalents."},
        {"growth_per_month", &W::growth_per_month, "growth per month", U::FractionPerMonth, kGrowth,
         std::nullopt, 0, "Monthly demand growth as a fraction; negative shrinks the workload."},
    };
    return specs;
}

struct SkuSpec {
    std::string_view key;
    UncertainNumber Sku::*member;
    std::string_view label;
    InputUnit unit;
    InputDomain domain;
    std::string_view meaning;
};

// The SKU figures the engine reads, prices first (an editor's order, not compile()'s).
const std::vector<SkuSpec>& skuSpecs() {
    using K = Sku;
    using U = InputUnit;
    static const std::vector<SkuSpec> specs{
        {"purchase_usd", &K::purchase_usd, "purchase price", U::Usd, kGpuPriceDomain,
         "List or street price per GPU, before the negotiated discount."},
        {"overhead_usd", &K::overhead_usd, "server & network overhead", U::Usd, kGpuPriceDomain,
         "Server and network cost per GPU on top of its purchase price."},
        {"reserved_usd_per_hour", &K::reserved_usd_per_hour, "reserved rate", U::UsdPerGpuHour,
         kGpuHourRateDomain,
         "Committed rental per GPU-hour, all-in (power and facility included)."},
        {"on_demand_usd_per_hour", &K::on_demand_usd_per_hour, "on-demand rate", U::UsdPerGpuHour,
         kGpuHourRateDomain,
         "On-demand rental per GPU-hour, all-in (power and facility included)."},
        {"price_decline_per_year", &K::price_decline_per_year, "price decline", U::FractionPerYear,
         kFraction, "Yearly decline of the purchase price and the rates."},
        {"useful_life_months", &K::useful_life_months, "useful life", U::Months, kUsefulLifeDomain,
         "Months until the residual value reaches its floor."},
        {"residual_floor", &K::residual_floor, "residual floor", U::Fraction, kFraction,
         "Share of the purchase price left at the end of the useful life."},
        {"hbm_gb", &K::hbm_gb, "HBM", U::Gigabytes, kHbmDomain,
         "Memory per GPU; divides model memory into GPUs per replica."},
        {"board_power_kw", &K::board_power_kw, "board power", U::Kilowatts, kKilowattsDomain,
         "GPU board power (TDP/TBP)."},
        {"host_power_kw", &K::host_power_kw, "host power per GPU", U::Kilowatts, kKilowattsDomain,
         "CPUs, NICs, fans and memory of the server, per GPU."},
    };
    return specs;
}

// Figures of a SKU the engine does not read: reachable by findInput() for completeness.
const std::vector<std::pair<std::string_view, UncertainNumber Sku::*>>& otherSkuFields() {
    static const std::vector<std::pair<std::string_view, UncertainNumber Sku::*>> fields{
        {"bandwidth_tb_s", &Sku::bandwidth_tb_s},
        {"bf16_tflops", &Sku::bf16_tflops},
        {"fp8_tflops", &Sku::fp8_tflops},
        {"all_in_kw", &Sku::all_in_kw},
    };
    return fields;
}

std::string_view taskName(PortTask t) {
    switch (t) {
    case PortTask::InferencePort:
        return "inference port";
    case PortTask::TrainingPort:
        return "training port";
    case PortTask::RcclPort:
        return "RCCL / multi-node port";
    case PortTask::TensorRtReengineering:
        return "TensorRT re-engineering";
    case PortTask::TritonRewrite:
        return "Triton rewrite of custom kernels";
    }
    return "";
}

std::string_view pathName(PortabilityPath p) {
    switch (p) {
    case PortabilityPath::Path1:
        return "Path 1";
    case PortabilityPath::Path2:
        return "Path 2";
    case PortabilityPath::Path3:
        return "Path 3";
    case PortabilityPath::Path2And3:
        return "Path 2+3";
    }
    return "";
}

std::string className(WorkloadClass c) {
    switch (c) {
    case WorkloadClass::LargeDenseInference:
        return "large dense inference";
    case WorkloadClass::DenseInference:
        return "dense inference";
    case WorkloadClass::MoeFp4Disaggregated:
        return "MoE / FP4 disaggregated inference";
    case WorkloadClass::TensorRtInference:
        return "TensorRT inference";
    case WorkloadClass::PyTorchTraining:
        return "PyTorch training";
    case WorkloadClass::CustomKernelTraining:
        return "custom-kernel training";
    }
    return std::string(toString(c));
}

// Whether a port task has anything to port in this scenario: compile()'s rule.
bool applies(const Scenario& s, PortTask task) {
    auto any = [&](auto predicate) {
        return std::any_of(s.workloads.begin(), s.workloads.end(),
                           [&](const auto& entry) { return predicate(entry.second); });
    };
    const auto inference = [](const Workload& w) {
        return w.kind == WorkloadKindOfDemand::Inference;
    };
    switch (task) {
    case PortTask::InferencePort:
        return any(inference);
    case PortTask::TensorRtReengineering:
        return any([&](const Workload& w) { return inference(w) && w.tensorrt; });
    case PortTask::TrainingPort:
        return any([&](const Workload& w) { return !inference(w); });
    case PortTask::RcclPort:
        return any([&](const Workload& w) { return !inference(w) && w.multi_node; });
    case PortTask::TritonRewrite:
        return true;
    }
    return false;
}

void addScalars(const Scenario&, std::vector<ScenarioInput>& out) {
    for (const ScalarSpec& f : scalarSpecs())
        out.push_back({std::string(f.pointer), std::string(f.label), f.group, f.unit, f.domain, "",
                       std::string(f.meaning)});
}

void addWorkloads(const Scenario& s, std::vector<ScenarioInput>& out) {
    for (const auto& [id, w] : s.workloads) {
        const std::string at = "/workloads/" + pointerToken(id) + "/";
        for (const WorkloadSpec& f : workloadSpecs())
            if (!f.kind || *f.kind == w.kind)
                out.push_back({at + std::string(f.key), id + ": " + std::string(f.label),
                               InputGroup::Workloads, f.unit, f.domain, id,
                               std::string(f.meaning)});
    }
}

void addSkus(const Scenario& s, std::vector<ScenarioInput>& out) {
    for (const auto& [id, sku] : s.pricebook.skus) {
        const std::string at = "/pricebook/skus/" + pointerToken(id) + "/";
        for (const SkuSpec& f : skuSpecs())
            out.push_back({at + std::string(f.key), id + " " + std::string(f.label),
                           InputGroup::Prices, f.unit, f.domain, id, std::string(f.meaning)});
    }
}

void addPerformance(const Scenario& s, std::vector<ScenarioInput>& out) {
    std::set<WorkloadClass> used;
    for (const auto& [id, w] : s.workloads) {
        used.insert(w.workload_class);
        // After a Triton rewrite custom-kernel training runs as standard PyTorch training.
        if (w.workload_class == WorkloadClass::CustomKernelTraining)
            used.insert(WorkloadClass::PyTorchTraining);
    }
    for (WorkloadClass cls : kAllWorkloadClasses) {
        if (!used.contains(cls))
            continue;
        const auto row = s.pricebook.performance.find(cls);
        if (row == s.pricebook.performance.end())
            continue;
        for (const auto& [id, sku] : s.pricebook.skus) {
            if (!row->second.contains(id))
                continue;
            const bool reference = id == kReferenceSkuId;
            out.push_back(
                {"/pricebook/performance/" + std::string(toString(cls)) + "/" + pointerToken(id),
                 id + " vs H100, " + className(cls), InputGroup::Performance,
                 InputUnit::RatioToH100, reference ? kReference : kRatioDomain, id,
                 reference ? "H100 is the reference every ratio is relative to: exactly 1."
                           : "Steady-state throughput relative to H100 with today's software, "
                             "for " +
                                 className(cls) + " workloads."});
        }
    }
}

// A workload bound to benchmarks (model/benchmark_binding.h) reads its measured ratios and
// energy per token as inputs of their own; its measured reference throughput stands at the
// workload's own place (findInput).
void addBoundInputs(const Scenario& s, std::vector<ScenarioInput>& out) {
    for (const auto& [id, w] : s.workloads) {
        if (!w.benchmark)
            continue;
        const std::string at = "/workloads/" + pointerToken(id) + "/benchmark/skus/";
        for (const auto& [sku, bound] : w.benchmark->skus) {
            if (bound.ratio)
                out.push_back({at + pointerToken(sku) + "/ratio",
                               id + ": " + sku + " vs H100, measured", InputGroup::Performance,
                               InputUnit::RatioToH100, kRatioDomain, id,
                               "Throughput relative to H100 for this workload from " +
                                   std::to_string(bound.pairs) +
                                   " like-for-like benchmark pairs; it replaces the table's "
                                   "ratio and already holds the software's regression."});
            if (bound.joules_per_token)
                out.push_back({at + pointerToken(sku) + "/joules_per_token",
                               id + ": " + sku + " energy per token, measured",
                               InputGroup::EnergyFacility, InputUnit::JoulesPerToken,
                               kJoulesPerTokenDomain, id,
                               "Measured energy per total token on this SKU; it prices the "
                               "energy of the GPUs serving this workload instead of board "
                               "power."});
        }
    }
}

void addPortMonths(const Scenario& s, std::vector<ScenarioInput>& out) {
    const EffortLevel effort = effortLevel(s.audit.profile().highCount());
    std::set<std::string> seen;
    for (PortabilityPath path : kAllPaths) {
        const bool evaluated = std::any_of(s.options.begin(), s.options.end(),
                                           [&](OptionId o) { return pathOf(o) == path; });
        const auto sequence = s.pricebook.sequences.find(path);
        if (!evaluated || sequence == s.pricebook.sequences.end())
            continue;
        for (PortTask task : sequence->second) {
            if (!applies(s, task))
                continue;
            const auto byTask = s.pricebook.port_months.find(task);
            if (byTask == s.pricebook.port_months.end())
                continue;
            const auto byEffort = byTask->second.find(effort);
            if (byEffort == byTask->second.end() || !byEffort->second.contains(path))
                continue;
            std::string pointer = "/pricebook/port_months/" + std::string(toString(task)) + "/" +
                                  std::string(toString(effort)) + "/" + std::string(toString(path));
            if (!seen.insert(pointer).second)
                continue;
            // The effort level is the same for every row: the label leaves it to the section.
            out.push_back({std::move(pointer),
                           std::string(pathName(path)) + ": " + std::string(taskName(task)),
                           InputGroup::PortTasks, InputUnit::Months, kMonths, "",
                           "Calendar months of this task on " + std::string(pathName(path)) +
                               " at the audit's effort level (" + std::string(toString(effort)) +
                               ")."});
        }
    }
}

std::vector<std::string> splitPointer(std::string_view pointer, bool& ok) {
    std::vector<std::string> tokens;
    ok = !pointer.empty() && pointer.front() == '/';
    if (!ok)
        return tokens;
    std::size_t start = 1;
    while (true) {
        const std::size_t end = pointer.find('/', start);
        const std::string_view raw = pointer.substr(
            start, end == std::string_view::npos ? std::string_view::npos : end - start);
        std::string token;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] != '~') {
                token += raw[i];
                continue;
            }
            if (i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
                token += raw[i + 1] == '0' ? '~' : '/';
                ++i;
                continue;
            }
            ok = false; // RFC 6901 allows no other escape
            return {};
        }
        tokens.push_back(std::move(token));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return tokens;
}

std::string_view partName(int part) {
    static constexpr std::array<std::string_view, 3> names{"low", "most likely", "high"};
    return names[static_cast<std::size_t>(part)];
}

// How the message names what a number is: "a fraction must lie in [0, 1]".
std::string_view noun(InputUnit u) {
    switch (u) {
    case InputUnit::Fraction:
    case InputUnit::FractionPerYear:
        return "a fraction";
    case InputUnit::FractionPerMonth:
        return "a growth rate";
    case InputUnit::Usd:
    case InputUnit::UsdPerMonth:
    case InputUnit::UsdPerGpuHour:
    case InputUnit::UsdPerKwh:
    case InputUnit::UsdPerKwMonth:
        return "a price or cost";
    case InputUnit::Months:
    case InputUnit::MonthFromStart:
        return "a number of months";
    case InputUnit::RatioToH100:
        return "a ratio to H100";
    case InputUnit::Factor:
        return "a PUE";
    case InputUnit::TokensPerSecond:
        return "a throughput";
    case InputUnit::Gigabytes:
        return "a memory size";
    case InputUnit::Kilowatts:
        return "a power";
    case InputUnit::H100Equivalents:
        return "a GPU count";
    case InputUnit::JoulesPerToken:
        return "an energy per token";
    }
    return "this number";
}

} // namespace

std::string_view toString(InputGroup g) {
    switch (g) {
    case InputGroup::General:
        return "General";
    case InputGroup::FleetProcurement:
        return "Fleet & procurement";
    case InputGroup::Workloads:
        return "Workloads";
    case InputGroup::Prices:
        return "Prices (per SKU)";
    case InputGroup::Performance:
        return "Performance";
    case InputGroup::PortTasks:
        return "Port tasks";
    case InputGroup::TeamTransition:
        return "Team & transition";
    case InputGroup::EnergyFacility:
        return "Energy & facility";
    case InputGroup::HetCcl:
        return "HetCCL";
    }
    return "";
}

bool isFraction(InputUnit u) {
    return u == InputUnit::Fraction || u == InputUnit::FractionPerYear ||
           u == InputUnit::FractionPerMonth;
}

bool isMoney(InputUnit u) {
    return u == InputUnit::Usd || u == InputUnit::UsdPerMonth || u == InputUnit::UsdPerGpuHour ||
           u == InputUnit::UsdPerKwh || u == InputUnit::UsdPerKwMonth;
}

std::string_view unitSymbol(InputUnit u) {
    switch (u) {
    case InputUnit::Fraction:
    case InputUnit::Usd:
    case InputUnit::Factor:
        return "";
    case InputUnit::FractionPerYear:
        return "/yr";
    case InputUnit::FractionPerMonth:
    case InputUnit::UsdPerMonth:
        return "/mo";
    case InputUnit::UsdPerGpuHour:
        return "/GPU-h";
    case InputUnit::UsdPerKwh:
        return "/kWh";
    case InputUnit::UsdPerKwMonth:
        return "/kW-mo";
    case InputUnit::Months:
        return " mo";
    case InputUnit::MonthFromStart:
        return " mo";
    case InputUnit::RatioToH100:
        return "×";
    case InputUnit::TokensPerSecond:
        return " tok/s";
    case InputUnit::Gigabytes:
        return " GB";
    case InputUnit::Kilowatts:
        return " kW";
    case InputUnit::H100Equivalents:
        return " GPUs";
    case InputUnit::JoulesPerToken:
        return " J/token";
    }
    return "";
}

bool InputDomain::admits(double value) const {
    if (!std::isfinite(value))
        return false;
    if (min_open ? value <= min : value < min)
        return false;
    return max_open ? value < max : value <= max;
}

std::string InputDomain::describe() const {
    const bool hasMin = std::isfinite(min);
    const bool hasMax = std::isfinite(max);
    if (isFixed())
        return "exactly " + formatNumber(min);
    if (hasMin && hasMax)
        return std::string(min_open ? "(" : "[") + formatNumber(min) + ", " + formatNumber(max) +
               (max_open ? ")" : "]");
    if (hasMin)
        return std::string(min_open ? "> " : "≥ ") + formatNumber(min);
    if (hasMax)
        return std::string(max_open ? "< " : "≤ ") + formatNumber(max);
    return "any finite number";
}

std::vector<ScenarioInput> scenarioInputs(const Scenario& scenario) {
    std::vector<ScenarioInput> out;
    addScalars(scenario, out);
    addWorkloads(scenario, out);
    addSkus(scenario, out);
    addPerformance(scenario, out);
    addBoundInputs(scenario, out);
    addPortMonths(scenario, out);
    std::stable_sort(out.begin(), out.end(), [](const ScenarioInput& a, const ScenarioInput& b) {
        return static_cast<int>(a.group) < static_cast<int>(b.group);
    });
    return out;
}

std::vector<ScenarioInput> scenarioInputs(const Scenario& scenario, InputGroup group) {
    std::vector<ScenarioInput> all = scenarioInputs(scenario);
    std::erase_if(all, [group](const ScenarioInput& i) { return i.group != group; });
    return all;
}

const UncertainNumber* findInput(const Scenario& s, std::string_view pointer) {
    for (const ScalarSpec& f : scalarSpecs())
        if (f.pointer == pointer)
            return &(s.*f.member);
    bool ok = false;
    const std::vector<std::string> t = splitPointer(pointer, ok);
    if (!ok || t.size() < 3)
        return nullptr;
    if (t.size() == 6 && t[0] == "workloads" && t[2] == "benchmark" && t[3] == "skus") {
        const auto w = s.workloads.find(t[1]);
        if (w == s.workloads.end() || !w->second.benchmark)
            return nullptr;
        const auto sku = w->second.benchmark->skus.find(t[4]);
        if (sku == w->second.benchmark->skus.end())
            return nullptr;
        const BoundSku& bound = sku->second;
        if (t[5] == "ratio")
            return bound.ratio ? &*bound.ratio : nullptr;
        if (t[5] == "joules_per_token")
            return bound.joules_per_token ? &*bound.joules_per_token : nullptr;
        return nullptr;
    }
    if (t.size() == 3 && t[0] == "workloads") {
        const auto w = s.workloads.find(t[1]);
        if (w == s.workloads.end())
            return nullptr;
        // Bound to the user's own serving runs, the reference throughput is the measured one.
        if (t[2] == "reference_tokens_per_s_per_gpu" && w->second.benchmark &&
            w->second.benchmark->reference_tokens_per_s_per_gpu)
            return &*w->second.benchmark->reference_tokens_per_s_per_gpu;
        for (const WorkloadSpec& f : workloadSpecs())
            if (f.key == t[2])
                return &(w->second.*f.member);
        return nullptr;
    }
    if (t[0] != "pricebook")
        return nullptr;
    const PriceBook& book = s.pricebook;
    if (t.size() == 4 && t[1] == "skus") {
        const auto sku = book.skus.find(t[2]);
        if (sku == book.skus.end())
            return nullptr;
        for (const SkuSpec& f : skuSpecs())
            if (f.key == t[3])
                return &(sku->second.*f.member);
        for (const auto& [key, member] : otherSkuFields())
            if (key == t[3])
                return &(sku->second.*member);
        return nullptr;
    }
    if (t.size() == 4 && t[1] == "performance") {
        const auto cls = parseWorkloadClass(t[2]);
        if (!cls)
            return nullptr;
        const auto row = book.performance.find(*cls);
        if (row == book.performance.end())
            return nullptr;
        const auto cell = row->second.find(t[3]);
        return cell == row->second.end() ? nullptr : &cell->second;
    }
    if (t.size() == 5 && t[1] == "port_months") {
        const auto task = parsePortTask(t[2]);
        const auto effort = parseEffortLevel(t[3]);
        const auto path = parsePortabilityPath(t[4]);
        if (!task || !effort || !path)
            return nullptr;
        const auto byTask = book.port_months.find(*task);
        if (byTask == book.port_months.end())
            return nullptr;
        const auto byEffort = byTask->second.find(*effort);
        if (byEffort == byTask->second.end())
            return nullptr;
        const auto cell = byEffort->second.find(*path);
        return cell == byEffort->second.end() ? nullptr : &cell->second;
    }
    return nullptr;
}

UncertainNumber* findInput(Scenario& scenario, std::string_view pointer) {
    // One walk for both: the const overload never hands out what it was not given.
    return const_cast<UncertainNumber*>(findInput(std::as_const(scenario), pointer));
}

std::optional<std::string> checkInput(const ScenarioInput& input, const UncertainNumber& number) {
    const std::array<double, 3> values{number.range.low, number.range.most_likely,
                                       number.range.high};
    for (int part = 0; part < 3; ++part) {
        const double v = values[static_cast<std::size_t>(part)];
        if (std::isnan(v))
            return std::string(partName(part)) + " is not a number (NaN)";
        if (std::isinf(v))
            return std::string(partName(part)) + " is infinite: every value must be finite";
    }
    if (values[0] > values[1])
        return "low " + formatNumber(values[0]) + " is above most likely " +
               formatNumber(values[1]);
    if (values[1] > values[2])
        return "most likely " + formatNumber(values[1]) + " is above high " +
               formatNumber(values[2]);
    const InputDomain& d = input.domain;
    for (int part = 0; part < 3; ++part) {
        const double v = values[static_cast<std::size_t>(part)];
        if (d.admits(v))
            continue;
        std::string message = std::string(partName(part)) + " " + formatNumber(v) + ": ";
        if (d.isFixed() && input.unit == InputUnit::RatioToH100)
            return message + "H100 is the reference, so its ratio must be exactly " +
                   formatNumber(d.min);
        if (d.isFixed())
            return message + "this number must be exactly " + formatNumber(d.min);
        if (d.cap && (d.max_open ? v >= d.max : v > d.max))
            return message + std::string(noun(input.unit)) + " must be at most " +
                   formatNumber(d.max) + " (docs/limits.md)";
        // Below a capped interval, the lower bound is what the value missed.
        const InputDomain shown =
            d.cap ? InputDomain{d.min, std::numeric_limits<double>::infinity(), d.min_open} : d;
        const bool bounded = std::isfinite(shown.min) && std::isfinite(shown.max);
        return message + std::string(noun(input.unit)) + (bounded ? " must lie in " : " must be ") +
               shown.describe();
    }
    if (number.source.size() > kMaxSourceBytes)
        return "the source is " + std::to_string(number.source.size()) + " bytes; at most " +
               std::to_string(kMaxSourceBytes) + " fit";
    if (number.date.size() > kMaxDateBytes)
        return "the date is " + std::to_string(number.date.size()) + " bytes; at most " +
               std::to_string(kMaxDateBytes) + " fit";
    return std::nullopt;
}

bool isBlankName(std::string_view name) {
    // ASCII white space and the Unicode spaces a paste brings (no-break, en/em, ideographic,
    // zero-width, line and paragraph separators, byte-order mark), as UTF-8.
    static constexpr std::array<std::string_view, 8> kWideSpaces{
        "\xC2\xA0",     "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80",
        "\xE2\x80\xA8", "\xE2\x80\xA9", "\xEF\xBB\xBF", "\xE1\x9A\x80"};
    std::size_t i = 0;
    while (i < name.size()) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c == ' ' || (c >= '\t' && c <= '\r')) {
            ++i;
            continue;
        }
        // U+2000–U+200B: the typographic spaces and the zero-width space.
        if (c == 0xE2 && i + 2 < name.size() && static_cast<unsigned char>(name[i + 1]) == 0x80 &&
            static_cast<unsigned char>(name[i + 2]) <= 0x8B) {
            i += 3;
            continue;
        }
        const std::string_view rest = name.substr(i);
        const auto wide = std::find_if(kWideSpaces.begin(), kWideSpaces.end(),
                                       [&](std::string_view w) { return rest.starts_with(w); });
        if (wide == kWideSpaces.end())
            return false;
        i += wide->size();
    }
    return true;
}

std::optional<std::string> checkCollectionId(std::string_view id) {
    if (id.empty() || id.size() > kMaxIdBytes || id.find_first_of("/~") != std::string_view::npos)
        return "an id must be 1 to " + std::to_string(kMaxIdBytes) +
               " bytes without \"/\" or \"~\"";
    return std::nullopt;
}

FleetLot newFleetLot(const Scenario& s) {
    FleetLot lot;
    lot.workload = s.workloads.empty() ? std::string() : s.workloads.begin()->first;
    lot.count = 8;
    lot.age_months = 0;
    lot.channel = Channel::Owned;
    // Preference: what new NVIDIA capacity is bought as, then the reference SKU, then any
    // NVIDIA SKU — the first the performance table rates for the workload's class.
    std::vector<std::string> candidates{s.nvidia.sku, std::string(kReferenceSkuId)};
    for (const auto& [id, sku] : s.pricebook.skus)
        candidates.push_back(id);
    const auto workload = s.workloads.find(lot.workload);
    for (const std::string& id : candidates) {
        const auto sku = s.pricebook.skus.find(id);
        if (sku == s.pricebook.skus.end() || sku->second.vendor != Vendor::Nvidia)
            continue;
        if (workload != s.workloads.end()) {
            const auto row = s.pricebook.performance.find(workload->second.workload_class);
            if (row == s.pricebook.performance.end() || !row->second.contains(id))
                continue;
        }
        lot.sku = id;
        lot.count = sku->second.gpus_per_server; // one server
        return lot;
    }
    lot.sku = std::string(kReferenceSkuId);
    return lot;
}

namespace {

UncertainNumber placeholder(double value) {
    UncertainNumber n = UncertainNumber::certain(value);
    n.source = "placeholder set by the editor: replace with your own figure";
    n.confidence = Confidence::Unknown;
    return n;
}

bool admitted(const WorkloadSpec& f, const UncertainNumber& n) {
    const ScenarioInput input{"", std::string(f.label), InputGroup::Workloads, f.unit, f.domain, "",
                              ""};
    return !checkInput(input, n).has_value();
}

} // namespace

Workload newWorkload(WorkloadKindOfDemand kind) {
    Workload w;
    w.kind = kind;
    w.name = kind == WorkloadKindOfDemand::Inference ? "New inference workload"
                                                     : "New training workload";
    w.workload_class = kind == WorkloadKindOfDemand::Inference ? WorkloadClass::DenseInference
                                                               : WorkloadClass::PyTorchTraining;
    for (const WorkloadSpec& f : workloadSpecs())
        if (!f.kind || *f.kind == kind)
            w.*f.member = placeholder(f.placeholder);
    return w;
}

void setWorkloadKind(Workload& w, WorkloadKindOfDemand kind) {
    const bool inference = kind == WorkloadKindOfDemand::Inference;
    w.kind = kind;
    if (isInference(w.workload_class) != inference)
        w.workload_class =
            inference ? WorkloadClass::DenseInference : WorkloadClass::PyTorchTraining;
    // Flags of the other kind change nothing in the engine, but the reader warns about them.
    if (inference) {
        w.multi_node = false;
    } else {
        w.tensorrt = false;
        w.benchmark.reset(); // benchmarks measure serving: a training workload is never bound
    }
    for (const WorkloadSpec& f : workloadSpecs())
        if ((!f.kind || *f.kind == kind) && !admitted(f, w.*f.member))
            w.*f.member = placeholder(f.placeholder);
}

std::string_view toString(WorkloadKindOfDemand k) {
    return k == WorkloadKindOfDemand::Inference ? "inference" : "training";
}

std::optional<WorkloadKindOfDemand> parseWorkloadKindOfDemand(std::string_view name) {
    if (name == "inference")
        return WorkloadKindOfDemand::Inference;
    if (name == "training")
        return WorkloadKindOfDemand::Training;
    return std::nullopt;
}

} // namespace crossgrade::model
