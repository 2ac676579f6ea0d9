#pragma once

// The price book (DESIGN.md, "Price book"): SKUs with their specs, prices and rates, the
// performance table relative to H100, and the port-task table. Every figure is an uncertain
// number carrying its source, date and confidence tag.

#include "recommendation.h"
#include "uncertain.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

enum class Vendor { Nvidia, Amd };
std::string_view toString(Vendor v); // "nvidia", "amd"
std::optional<Vendor> parseVendor(std::string_view name);

struct Sku {
    Vendor vendor = Vendor::Nvidia;
    std::string name; // marketing name, e.g. "NVIDIA H100 SXM 80GB"
    // Specs (dense TFLOPS, no sparsity).
    UncertainNumber hbm_gb;
    UncertainNumber bandwidth_tb_s;
    UncertainNumber bf16_tflops;
    UncertainNumber fp8_tflops;
    UncertainNumber board_power_kw; // GPU board power (TDP/TBP)
    UncertainNumber host_power_kw;  // CPU, NIC, fans, … per GPU
    UncertainNumber all_in_kw;      // provisioned kW per GPU incl. facility: a cross-check only
    int gpus_per_server = 8;
    int available_month = 0; // months after the scenario start; ≤ 0 means available now
    // Money.
    UncertainNumber purchase_usd;           // per GPU, list/street, before negotiated discount
    UncertainNumber overhead_usd;           // server and network per GPU
    UncertainNumber reserved_usd_per_hour;  // reserved (committed) rental, all-in
    UncertainNumber on_demand_usd_per_hour; // on-demand rental, all-in
    int reserved_term_months = 36;          // the commitment the reserved rate assumes
    UncertainNumber price_decline_per_year; // fraction, applies to purchase and rates
    UncertainNumber useful_life_months;     // residual value reaches its floor here
    UncertainNumber residual_floor;         // fraction of purchase price left at end of life
    // Engine v2 (docs/model.md, "Selling and bridging"); a file without them evaluates as the
    // first engine did (no lead time, the linear curve, installed GPUs at their purchase price).
    // Resale follows retention^(age/12), front-loaded, never below residual_floor.
    std::optional<UncertainNumber> resale_retention_per_year;
    // What an installed GPU of this SKU fetches on the used market today (GPU only).
    std::optional<UncertainNumber> market_value_usd;
    // Months from order to delivery of an owned purchase; a rented bridge serves meanwhile.
    std::optional<UncertainNumber> lead_time_months;
    // Per-GPU software licence a year (NVIDIA AI Enterprise: $4,500 list), paid for every GPU of
    // the SKU held while the scenario uses it (Scenario::uses_nvidia_ai_enterprise).
    std::optional<UncertainNumber> software_usd_per_year;
    // Months of that licence included in the purchase of an owned GPU (NVL and PCIe parts bundle
    // five years; HGX SXM and DGX B200 none): a cohort younger than this pays no licence.
    std::optional<UncertainNumber> software_bundled_months;

    bool operator==(const Sku&) const = default;
};

// Workload classes of the performance table (issue 3, DESIGN.md step 3).
enum class WorkloadClass {
    LargeDenseInference, // memory-bound serving of very large dense models: AMD may lead
    DenseInference,      // standard dense-model serving
    MoeFp4Disaggregated, // MoE / FP4 / disaggregated or wide-EP serving
    TensorRtInference,   // TensorRT(-LLM)-served inference
    PyTorchTraining,     // standard PyTorch training
    CustomKernelTraining // training that depends on custom CUDA kernels
};
inline constexpr std::array<WorkloadClass, 6> kAllWorkloadClasses{
    WorkloadClass::LargeDenseInference, WorkloadClass::DenseInference,
    WorkloadClass::MoeFp4Disaggregated, WorkloadClass::TensorRtInference,
    WorkloadClass::PyTorchTraining,     WorkloadClass::CustomKernelTraining};
std::string_view toString(WorkloadClass c); // "large-dense-inference", …
std::optional<WorkloadClass> parseWorkloadClass(std::string_view name);
bool isInference(WorkloadClass c);

enum class PortTask { InferencePort, TrainingPort, RcclPort, TensorRtReengineering, TritonRewrite };
inline constexpr std::array<PortTask, 5> kAllPortTasks{
    PortTask::InferencePort, PortTask::TrainingPort, PortTask::RcclPort,
    PortTask::TensorRtReengineering, PortTask::TritonRewrite};
std::string_view toString(PortTask t); // "inference-port", …
std::optional<PortTask> parsePortTask(std::string_view name);

// The effort band of the audit selects a row of the port-task table.
enum class EffortLevel { Light, Moderate, Heavy }; // 0–1 High, 2 High, 3+ High
inline constexpr std::array<EffortLevel, 3> kAllEffortLevels{
    EffortLevel::Light, EffortLevel::Moderate, EffortLevel::Heavy};
std::string_view toString(EffortLevel e); // "light", "moderate", "heavy"
std::optional<EffortLevel> parseEffortLevel(std::string_view name);
EffortLevel effortLevel(int highCount);

inline constexpr std::array<PortabilityPath, 4> kAllPaths{
    PortabilityPath::Path1, PortabilityPath::Path2, PortabilityPath::Path3,
    PortabilityPath::Path2And3};

struct PriceBook {
    std::string name;
    std::string version; // e.g. "2026-11"
    std::map<std::string, Sku> skus;
    // performance[class][sku]: steady-state throughput relative to H100 with today's software
    // (engine versions 1–2, and training classes in every version); from engine version 3 the
    // inference classes hold each SKU's software efficiency at equal fit, the capacity model
    // adding memory, bandwidth and compute (docs/model.md, "Inference capacity").
    std::map<WorkloadClass, std::map<std::string, UncertainNumber>> performance;
    // transition[class]: the share of the NVIDIA GPU's throughput AMD loses right after a move
    // (engine version 3; the article's 10–30 %). Optional in the file.
    std::map<WorkloadClass, UncertainNumber> transition;
    // port_months[task][effort][path]: calendar months, each citing the article.
    std::map<PortTask, std::map<EffortLevel, std::map<PortabilityPath, UncertainNumber>>>
        port_months;
    // The order in which a path's tasks run once its first door is taken.
    std::map<PortabilityPath, std::vector<PortTask>> sequences;

    bool operator==(const PriceBook&) const = default;
};

} // namespace crossgrade::model
