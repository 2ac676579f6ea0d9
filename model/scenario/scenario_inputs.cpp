// The input list of a scenario (scenarioInputs) and the walk from a pointer to its number
// (findInput). The field tables are in scenario_input_fields.cpp, the units and checks of a
// value in scenario_input_checks.cpp, the editing helpers in scenario_editing.cpp.

#include "scenario_inputs.h"

#include "input_table.h"
#include "scenario_input_fields.h"

#include <algorithm>
#include <set>
#include <utility>

namespace crossgrade::model {

using input_fields::capacitySkuSpecs;
using input_fields::kLotMarketValueMeaning;
using input_fields::kMonths;
using input_fields::kReference;
using input_fields::kReferenceSkuId;
using input_fields::kSaleLimitMeaning;
using input_fields::OptionalScalarSpec;
using input_fields::optionalScalarSpecs;
using input_fields::OptionalSkuSpec;
using input_fields::optionalSkuSpecs;
using input_fields::OptionalWorkloadSpec;
using input_fields::optionalWorkloadSpecs;
using input_fields::otherSkuFields;
using input_fields::ScalarSpec;
using input_fields::scalarSpecs;
using input_fields::SkuSpec;
using input_fields::skuSpecs;
using input_fields::WorkloadSpec;
using input_fields::workloadSpecs;

namespace {

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

// The option's short title (optionShortTitle, model/scenario/scenario.cpp: the one table of
// option labels), named by its path.
std::string pathName(PortabilityPath p) {
    for (OptionId o : kAllOptions)
        if (pathOf(o) == p)
            return optionShortTitle(o);
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

void addScalars(const Scenario& s, std::vector<ScenarioInput>& out) {
    for (const ScalarSpec& f : scalarSpecs())
        out.push_back({std::string(f.pointer), std::string(f.label), f.group, f.unit, f.domain, "",
                       std::string(f.meaning)});
    for (const OptionalScalarSpec& f : optionalScalarSpecs())
        if (s.*f.member)
            out.push_back({std::string(f.pointer), std::string(f.label), f.group, f.unit, f.domain,
                           "", std::string(f.meaning)});
}

// Engine v2's selling inputs of procurement and the fleet, where the scenario has them.
void addSelling(const Scenario& s, std::vector<ScenarioInput>& out) {
    for (auto [name, p] : {std::pair{"nvidia", &s.nvidia}, std::pair{"amd", &s.amd}})
        if (p->max_sold_per_month)
            out.push_back({std::string("/procurement/") + name + "/max_sold_per_month",
                           std::string(name == std::string_view("nvidia") ? "NVIDIA" : "AMD") +
                               " GPUs sold per month at most",
                           InputGroup::FleetProcurement, InputUnit::GpusPerMonth,
                           kGpusPerMonthDomain, "", std::string(kSaleLimitMeaning)});
    for (const auto& [id, lot] : s.fleet)
        if (lot.market_value_usd && lot.channel == Channel::Owned)
            out.push_back({"/fleet/" + pointerToken(id) + "/market_value_usd",
                           id + ": market value per GPU", InputGroup::FleetProcurement,
                           InputUnit::Usd, kGpuPriceDomain, id,
                           std::string(kLotMarketValueMeaning)});
}

void addWorkloads(const Scenario& s, std::vector<ScenarioInput>& out) {
    for (const auto& [id, w] : s.workloads) {
        const std::string at = "/workloads/" + pointerToken(id) + "/";
        // Engine version 3 reads weights and KV cache where the workload has them, and model
        // memory only where it has not.
        const bool capacity = s.engine_version >= 3 && w.weights_gb;
        for (const WorkloadSpec& f : workloadSpecs())
            if ((!f.kind || *f.kind == w.kind) && !(capacity && f.key == "model_memory_gb"))
                out.push_back({at + std::string(f.key), id + ": " + std::string(f.label),
                               InputGroup::Workloads, f.unit, f.domain, id,
                               std::string(f.meaning)});
        if (w.storage_pb)
            out.push_back({at + "storage_pb", id + ": parallel storage", InputGroup::Workloads,
                           InputUnit::Petabytes, kStoragePbDomain, id,
                           "Parallel storage the workload keeps (datasets, checkpoints, model "
                           "files), priced per PB a month in Owner costs."});
        if (!capacity || w.kind != WorkloadKindOfDemand::Inference)
            continue;
        for (const OptionalWorkloadSpec& f : optionalWorkloadSpecs())
            if (w.*f.member)
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
        for (const OptionalSkuSpec& f : optionalSkuSpecs())
            if (sku.*f.member)
                out.push_back({at + std::string(f.key), id + " " + std::string(f.label),
                               InputGroup::Prices, f.unit, f.domain, id, std::string(f.meaning)});
        if (s.engine_version >= 3)
            for (const SkuSpec& f : capacitySkuSpecs())
                out.push_back({at + std::string(f.key), id + " " + std::string(f.label),
                               InputGroup::Prices, f.unit, f.domain, id, std::string(f.meaning)});
    }
}

void addPerformance(const Scenario& s, std::vector<ScenarioInput>& out) {
    std::set<WorkloadClass> used;
    std::set<WorkloadClass> own; // the workloads' own classes: the transition is theirs
    for (const auto& [id, w] : s.workloads) {
        used.insert(w.workload_class);
        own.insert(w.workload_class);
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
            // From engine version 3 an inference class's cell is the software efficiency at
            // equal fit; the capacity model adds memory, bandwidth and compute.
            const bool efficiency = s.engine_version >= 3 && isInference(cls);
            out.push_back(
                {"/pricebook/performance/" + std::string(toString(cls)) + "/" + pointerToken(id),
                 id + (efficiency ? " software efficiency, " : " vs H100, ") + className(cls),
                 InputGroup::Performance, InputUnit::RatioToH100,
                 reference ? kReference : kRatioDomain, id,
                 reference ? "H100 is the reference every ratio is relative to: exactly 1."
                 : efficiency
                     ? "Throughput relative to H100 at equal fit (the same GPUs per replica and "
                       "batch) with today's software, for " +
                           className(cls) +
                           " workloads; memory, bandwidth and compute come from the capacity "
                           "model."
                     : "Steady-state throughput relative to H100 with today's software, for " +
                           className(cls) + " workloads."});
        }
    }
    if (s.engine_version < 3)
        return;
    for (WorkloadClass cls : kAllWorkloadClasses)
        if (own.contains(cls) && s.pricebook.transition.contains(cls))
            out.push_back({"/pricebook/transition/" + std::string(toString(cls)),
                           "Transition regression, " + className(cls), InputGroup::TeamTransition,
                           InputUnit::Fraction, kRegressionDomain, "",
                           "Share of the replaced NVIDIA GPU's throughput AMD loses right after "
                           "a move of a " +
                               className(cls) +
                               " workload, fading to the steady state over the transition "
                               "months."});
}

// A workload bound to benchmarks (model/benchmark/benchmark_binding.h) reads its measured ratios
// and energy per token as inputs of their own; its measured reference throughput stands at the
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

} // namespace

std::vector<ScenarioInput> scenarioInputs(const Scenario& scenario) {
    std::vector<ScenarioInput> out;
    addScalars(scenario, out);
    addSelling(scenario, out);
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
    for (const OptionalScalarSpec& f : optionalScalarSpecs())
        if (f.pointer == pointer)
            return s.*f.member ? &*(s.*f.member) : nullptr;
    bool ok = false;
    const std::vector<std::string> t = splitPointer(pointer, ok);
    if (!ok || t.size() < 3)
        return nullptr;
    if (t.size() == 3 && t[0] == "procurement" && t[2] == "max_sold_per_month") {
        const VendorProcurement* p =
            t[1] == "nvidia" ? &s.nvidia : (t[1] == "amd" ? &s.amd : nullptr);
        return p && p->max_sold_per_month ? &*p->max_sold_per_month : nullptr;
    }
    if (t.size() == 3 && t[0] == "fleet" && t[2] == "market_value_usd") {
        const auto lot = s.fleet.find(t[1]);
        return lot != s.fleet.end() && lot->second.market_value_usd ? &*lot->second.market_value_usd
                                                                    : nullptr;
    }
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
        if (t[2] == "storage_pb")
            return w->second.storage_pb ? &*w->second.storage_pb : nullptr;
        for (const OptionalWorkloadSpec& f : optionalWorkloadSpecs())
            if (f.key == t[2])
                return w->second.*f.member ? &*(w->second.*f.member) : nullptr;
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
        for (const OptionalSkuSpec& f : optionalSkuSpecs())
            if (f.key == t[3])
                return sku->second.*f.member ? &*(sku->second.*f.member) : nullptr;
        for (const auto& [key, member] : otherSkuFields())
            if (key == t[3])
                return &(sku->second.*member);
        return nullptr;
    }
    if (t.size() == 3 && t[1] == "transition") {
        const auto cls = parseWorkloadClass(t[2]);
        const auto row = cls ? book.transition.find(*cls) : book.transition.end();
        return row == book.transition.end() ? nullptr : &row->second;
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

} // namespace crossgrade::model
