#pragma once

// A scenario turned into what the engine reads fast: SKUs, workloads and lots as indices,
// every uncertain number as an InputId into one InputTable, and per option the task
// sequence and the doors it opens (DESIGN.md, "Cost engine", steps 4–5).

#include "input_table.h"
#include "recommendation.h"
#include "scenario.h"

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

namespace crossgrade::model {

inline constexpr InputId kNoInput = static_cast<InputId>(-1);
// Door groups per scenario (Workload::door_group), so at most this many doors per option.
inline constexpr int kMaxDoorGroups = 16;

// A scenario that refers to something it does not define (a SKU, a workload, a ratio).
class ScenarioError : public std::runtime_error {
public:
    ScenarioError(std::string pointer, const std::string& message)
        : std::runtime_error(message)
        , m_pointer(std::move(pointer)) {}
    const std::string& pointer() const { return m_pointer; }

private:
    std::string m_pointer;
};

struct CompiledSku {
    std::string id;
    Vendor vendor = Vendor::Nvidia;
    int gpus_per_server = 8;
    int available_month = 0;
    InputId hbm_gb = kNoInput, board_power_kw = kNoInput, host_power_kw = kNoInput;
    InputId bandwidth_tb_s = kNoInput, fp8_tflops = kNoInput; // engine version 3's capacity
    InputId purchase_usd = kNoInput, overhead_usd = kNoInput;
    InputId reserved_usd_per_hour = kNoInput, on_demand_usd_per_hour = kNoInput;
    InputId price_decline_per_year = kNoInput, useful_life_months = kNoInput;
    InputId residual_floor = kNoInput;
    // kNoInput where the file has none: the first engine's behaviour (engine.h, residualShare).
    InputId resale_retention = kNoInput, market_value_usd = kNoInput;
    InputId lead_time_months = kNoInput;
    InputId software_usd_per_year = kNoInput;   // paid only where uses_nvidia_ai_enterprise
    InputId software_bundled_months = kNoInput; // none: every GPU held pays the licence
};

struct CompiledWorkload {
    std::string id;
    WorkloadKindOfDemand kind = WorkloadKindOfDemand::Inference;
    WorkloadClass workload_class = WorkloadClass::DenseInference;
    bool tensorrt = false;
    bool multi_node = false;
    InputId peak_tokens_per_s = kNoInput, reference_tokens_per_s_per_gpu = kNoInput;
    InputId average_to_peak = kNoInput, model_memory_gb = kNoInput;
    InputId h100_equivalent_gpus = kNoInput, growth_per_month = kNoInput;
    // Engine version 3's capacity model (model/engine/inference_capacity.h). weights_gb is
    // kNoInput where the file has only model_memory_gb: the documented split derives weights and
    // KV cache from it (docs/model.md, "Inference capacity"); likewise the interactivity.
    InputId weights_gb = kNoInput, kv_mb_per_token = kNoInput, interactivity = kNoInput;
    double input_tokens = 1024, output_tokens = 1024;
    InputId storage_pb = kNoInput; // parallel storage it keeps; none: not priced
    // The NVIDIA SKU a move takes the workload off: its largest installed lot's, or −1 (the
    // NVIDIA procurement SKU). The transition is measured against it (engine version 3).
    int leaves_sku = -1;
    // Per SKU index: throughput relative to H100 (engine version 3, inference: the software
    // efficiency at equal fit, the capacity model supplying the rest).
    std::vector<InputId> ratio;
    // The price book's cells as they are before a benchmark binding replaces some: what the
    // capacity model sizes a replica with (a measured ratio replaces throughput, not the
    // software efficiency at equal fit).
    std::vector<InputId> efficiency;
    std::vector<InputId> ratio_ported; // per SKU index after a Triton rewrite (custom-kernel
                                       // training runs as standard PyTorch training)
    // Bound to benchmarks (model/benchmark/benchmark_binding.h); empty when not bound. Per SKU
    // index: whether the ratio is measured (so already holds the software's regression: no
    // transition penalty on top), and the measured energy per total token (kNoInput: board power).
    std::vector<char> measured;
    std::vector<InputId> joules_per_token;
};

struct CompiledLot {
    std::string id;
    int sku = 0;
    int count = 0;
    int age_months = 0;
    int workload = 0;
    Channel channel = Channel::Owned;
    InputId market_value_usd = kNoInput; // the lot's own quote, else the SKU's
};

enum class DoorKind { Inference, Training };
// Move: the workload leaves NVIDIA for AMD at the door. Growth: NVIDIA keeps what it serves
// at the door, and only capacity beyond it goes to AMD.
enum class DoorMode { Move, Growth };

struct CompiledTask {
    PortTask task = PortTask::InferencePort;
    InputId months = kNoInput;
};

// Workloads that move to AMD together: a workload of its own, or those naming the same
// door_group (engine version 2); engine version 1 groups by kind (one inference, one training).
struct CompiledDoorGroup {
    std::string id; // the door_group, or the workload's id
    DoorKind kind = DoorKind::Inference;
    std::vector<int> workloads; // indices into CompiledScenario::workloads, in their order
    bool tensorrt = false;      // some workload of it is served by TensorRT
    bool multi_node = false;    // some training workload of it is multi-node
};

struct CompiledDoor {
    int group = 0; // index into CompiledScenario::door_groups
    DoorKind kind = DoorKind::Inference;
    DoorMode mode = DoorMode::Move;
    // The tasks (bits over CompiledOption::tasks) that must be done before the door opens; it
    // opens when the last of them is done in the committed sequence.
    unsigned task_mask = 0;
    bool waits_for_hetccl = false; // opens no earlier than hetccl.available_month
    bool cross_vendor = false;     // AMD capacity runs at the cross-vendor efficiency

    bool operator==(const CompiledDoor&) const = default;
};

// What the engine reads of an option. A field added here that a run reads must be compared in
// sameProgram() (model/engine/option_twins.cpp), which lets two options share their runs.
struct CompiledOption {
    OptionId id = OptionId::StayCuda;
    std::vector<CompiledTask> tasks;   // the sequence, in order, only tasks that apply
    std::vector<CompiledDoor> doors;   // one per door group, in group order (none: stay-cuda)
    std::vector<int> door_of_workload; // per workload: its door, or -1 (stay-cuda)
    bool ported_kernels = false;       // a Triton rewrite is part of the sequence
    // Version 1 commits the whole sequence with the first door; version 2 only the tasks of
    // the doors taken (CompiledScenario::engine_version).
    bool commits_whole_sequence = false;

    unsigned allTasks() const { return tasks.empty() ? 0u : (1u << tasks.size()) - 1u; }
};

struct CompiledScenario {
    InputTable inputs; // with the scenario's rank correlations as InputId pairs
    std::string name;
    int horizon_months = 60;
    Sizing sizing = Sizing::WholeServers;
    Disposition disposition = Disposition::Sell;
    std::vector<CompiledSku> skus;
    std::vector<CompiledWorkload> workloads;
    std::vector<CompiledLot> lots;
    std::vector<CompiledDoorGroup> door_groups;
    int engine_version = kCurrentEngineVersion;
    std::optional<YearMonth> start_month; // month 0 in the calendar, when the scenario says
    int buy_sku[2] = {0, 0};              // per Vendor: what new capacity is bought as
    Channel channel[2] = {Channel::Owned, Channel::Owned};
    InputId discount[2] = {kNoInput, kNoInput};   // per Vendor, off purchase prices
    InputId sale_limit[2] = {kNoInput, kNoInput}; // per Vendor, GPUs a month; none: no limit
    Channel bridge[2] = {Channel::OnDemand, Channel::OnDemand};
    InputId sale_cost = kNoInput, server_retention = kNoInput; // none: 0 and no resale
    InputId target_utilisation = kNoInput, usable_hbm_fraction = kNoInput;
    InputId transition = kNoInput, transition_months = kNoInput;
    // Engine version 3: the transition per workload class (the price book's table, else the
    // scenario-wide figure), and the step time added per tensor-parallel doubling (kNoInput:
    // the documented default).
    std::array<InputId, kAllWorkloadClasses.size()> transition_of_class{};
    InputId tensor_parallel_overhead = kNoInput;
    bool uses_nvidia_ai_enterprise = false; // licences per GPU (Scenario)
    int team_engineers = 0;
    InputId usd_per_engineer_month = kNoInput;
    int pilot_gpus = 0;
    InputId pilot_months = kNoInput;
    InputId ramp_loss = kNoInput, ramp_usd_per_person_month = kNoInput, ramp_months = kNoInput;
    int ramp_headcount = 0;
    InputId dual_vendor_usd_per_month = kNoInput;
    InputId usd_per_kwh = kNoInput, pue = kNoInput, usd_per_kw_month = kNoInput;
    InputId maintenance_per_year = kNoInput, idle_power_fraction = kNoInput;
    InputId hetccl_month = kNoInput, hetccl_efficiency = kNoInput;
    InputId discount_rate = kNoInput;
    // The owner's costs (issue 24); kNoInput where the file has none: nothing charged.
    InputId fabric_usd[2] = {kNoInput, kNoInput}; // per Vendor: its fabric's price per GPU
    InputId support_share = kNoInput, replacement_rate = kNoInput;
    InputId gpus_per_ops_engineer = kNoInput, ops_usd_per_person_month = kNoInput;
    InputId storage_usd_per_pb_month = kNoInput;
    InputId power_cap_mw = kNoInput, over_cap_usd_per_kw_month = kNoInput;
    FinancingMethod financing = FinancingMethod::Cash;
    InputId financing_rate = kNoInput;
    int financing_term_months = 60;
    std::vector<CompiledOption> options;
    // The audit's portability path: the rules run on the audit's profile when the scenario is
    // compiled, or not at all when the previous compile's profile was the same (an input edit).
    AuditProfile audit_profile;
    Recommendation recommendation;

    int skuIndex(std::string_view id) const;
    // The SKUs a run can ever hold, rent, buy or place demand on: those of the fleet's lots and
    // every SKU new capacity is bought as in some month of the horizon (buySkuAt), ascending.
    // Every other SKU's GPUs, power and costs are 0 in every month of every run, so the engine
    // sums and tabulates over these alone. Filled by compile(), which the engine requires.
    std::vector<int> live_skus;
    // buySkuAt() per vendor and month of the horizon, [vendor * horizon + month] (compile()).
    std::vector<int> buy_sku_by_month;
};

// What new capacity of `vendor` is bought as at `month`: the scenario's SKU once it is
// available, before that the vendor's newest SKU that is (the preferred one if none is).
int buySkuAt(const CompiledScenario& s, Vendor vendor, int month);
// buySkuAt() for each vendor and month of the horizon, as CompiledScenario::buy_sku_by_month.
std::vector<int> buySkusByMonth(const CompiledScenario& c);
// CompiledScenario::live_skus, from the lots and c.buy_sku_by_month (filled first).
std::vector<int> liveSkus(const CompiledScenario& c);

// The Latin-hypercube stream the months of `task` at `effort` draw from on every path
// (InputTable::add): "/pricebook/port_months/TASK/EFFORT", the pointer of the path's row
// without its path. The same task on the same code is the same work whichever path schedules
// it, so one sample's draw is the same quantile of each path's range.
inline std::string portTaskStream(PortTask task, EffortLevel effort) {
    return "/pricebook/port_months/" + std::string(toString(task)) + "/" +
           std::string(toString(effort));
}

// Throws ScenarioError naming the JSON pointer of the first dangling reference (including a
// correlation naming an input the table does not have, or correlations that are no valid
// correlation matrix: model/numerics/correlation.h).
//
// `previous`, when given, is the compile of the scenario before an edit: its recommendation is
// reused when the audit's profile is unchanged, so the audit rules run only when the audit
// changes. The result is the same with or without it.
CompiledScenario compile(const Scenario& scenario, const CompiledScenario* previous = nullptr);

// How often compile() and the audit rules ran in this process (any thread): what the app's
// one-compile-per-edit rule is tested and measured by (tst_scenario_document, scripts/bench).
struct CompileCounts {
    std::size_t compiles = 0;
    std::size_t recommendations = 0;
};
CompileCounts compileCounts();

} // namespace crossgrade::model
