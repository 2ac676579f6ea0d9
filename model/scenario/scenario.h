#pragma once

// A scenario (DESIGN.md, "Scenario"): everything the cost engine reads, self-contained —
// the audit and the price book are inside it, so a scenario file evaluates to the same
// numbers on any store. Collections are keyed by stable ids.

#include "audit.h"
#include "benchmark_binding.h"
#include "calendar_month.h"
#include "input_table.h"
#include "price_book.h"
#include "uncertain.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::model {

enum class Channel { Owned, Reserved, OnDemand };
std::string_view toString(Channel c); // "owned", "reserved", "on-demand"
std::optional<Channel> parseChannel(std::string_view name);

enum class Disposition { Sell, KeepIdle };
std::string_view toString(Disposition d); // "sell", "idle"
std::optional<Disposition> parseDisposition(std::string_view name);

enum class Sizing { WholeServers, Continuous };
std::string_view toString(Sizing s); // "servers", "continuous"
std::optional<Sizing> parseSizing(std::string_view name);

// The options the engine evaluates: stay on CUDA, or one of the four paths.
enum class OptionId { StayCuda, Path1, Path2, Path3, Path2And3 };
inline constexpr std::array<OptionId, 5> kAllOptions{
    OptionId::StayCuda, OptionId::Path1, OptionId::Path2, OptionId::Path3, OptionId::Path2And3};
std::string_view toString(OptionId o); // "stay-cuda", "path1", …
// The option as a reader names it in a sentence or table: "Stay on CUDA", "Path 1", …,
// "Paths 2+3": the one table of option labels (the figures, the report and the input labels
// all read it); title(PortabilityPath) is the long form.
std::string optionShortTitle(OptionId o);
std::optional<OptionId> parseOptionId(std::string_view name);
std::optional<PortabilityPath> pathOf(OptionId o); // nullopt for stay-cuda

// GPUs the organisation has today, serving one workload.
struct FleetLot {
    std::string sku;
    int count = 0;
    int age_months = 0;
    std::string workload; // id of the workload it serves
    Channel channel = Channel::Owned;
    // Owned lots: what one of its GPUs fetches on the used market today (a broker's quote);
    // unset: the price book's market value of the SKU, else purchase price × resale curve.
    std::optional<UncertainNumber> market_value_usd;

    bool operator==(const FleetLot&) const = default;
};

enum class WorkloadKindOfDemand { Inference, Training };

struct Workload {
    WorkloadKindOfDemand kind = WorkloadKindOfDemand::Inference;
    WorkloadClass workload_class = WorkloadClass::DenseInference;
    std::string name;
    // Inference, at a stated operating point.
    UncertainNumber peak_tokens_per_s;              // input + output tokens/s at peak
    UncertainNumber reference_tokens_per_s_per_gpu; // on H100 at that operating point
    UncertainNumber average_to_peak;                // average load ÷ peak load
    UncertainNumber model_memory_gb;                // weights + KV cache per replica
    std::string operating_point;                    // e.g. "1k/1k, 50 tok/s/user"
    // Engine version 3's capacity model (docs/model.md, "Inference capacity"); unset in older
    // files, filled from model_memory_gb by the documented split (fillCapacityDefaults).
    std::optional<UncertainNumber> weights_gb;                 // model weights as served
    std::optional<UncertainNumber> kv_mb_per_token;            // KV cache per token of context
    std::optional<UncertainNumber> interactivity_tokens_per_s; // target tokens/s per user
    // Both kinds: parallel storage the workload keeps (datasets, checkpoints, model files) in
    // PB; unset: none priced (issue 24).
    std::optional<UncertainNumber> storage_pb;
    int input_tokens = 0;  // per request; 0: unset
    int output_tokens = 0; // per request; 0: unset
    bool tensorrt = false;
    // Training.
    UncertainNumber h100_equivalent_gpus; // GPUs busy, in H100 equivalents
    bool multi_node = false;
    // Both.
    UncertainNumber growth_per_month; // fraction; may be negative
    // Inference: the benchmark evidence it is bound to, if any
    // (model/benchmark/benchmark_binding.h).
    std::optional<WorkloadBinding> benchmark;
    // Workloads sharing a door group move to AMD together (one door per option); empty: the
    // workload is a group of its own. Read from engine version 2 (Scenario::engine_version).
    std::string door_group;

    bool operator==(const Workload&) const = default;
};

// The scale-out fabric a vendor's servers are bought with (issue 24): priced per GPU apart from
// the GPU vendor, since AMD clusters commonly run RoCE.
enum class Fabric { InfiniBand, RoCE };
std::string_view toString(Fabric f); // "infiniband", "roce"
std::optional<Fabric> parseFabric(std::string_view name);

// How owned purchases are paid (issue 24): in cash when bought (the first engine), by a loan
// repaid in equal monthly instalments over the term (the balance when the GPUs are sold and at
// the horizon), or by a lease of the same instalments whose GPUs fetch nothing when returned.
enum class FinancingMethod { Cash, Loan, Lease };
std::string_view toString(FinancingMethod m); // "cash", "loan", "lease"
std::optional<FinancingMethod> parseFinancingMethod(std::string_view name);

struct VendorProcurement {
    std::string sku; // what new capacity of this vendor is bought as
    Channel channel = Channel::Owned;
    // At most this many of the vendor's GPUs sell per month (the rest wait idle); unset: no
    // limit, as the first engine sold.
    std::optional<UncertainNumber> max_sold_per_month;
    // How demand above owned capacity is rented while purchases are on their way (lead time).
    Channel bridge = Channel::OnDemand;
    // The scale-out fabric its servers are bought with; unset: InfiniBand for NVIDIA, RoCE for
    // AMD (facts-2026-12.md §5). Priced only where the scenario has /network prices.
    std::optional<Fabric> fabric;

    bool operator==(const VendorProcurement&) const = default;
};

// The engine version a scenario is evaluated with (docs/model.md, "Engine versions"): files
// written before a version existed read as 1 and keep their numbers until upgraded.
inline constexpr int kFirstEngineVersion = 1;
inline constexpr int kCurrentEngineVersion = 3;

struct Scenario {
    std::string name;
    std::string organisation;
    std::string notes;
    int horizon_months = 60; // 1–120
    // 1: one door per option and workload kind, the whole task sequence committed by the first
    // door; 2: a door per workload or door group, only the tasks of the doors taken committed.
    int engine_version = kCurrentEngineVersion;
    std::optional<YearMonth> start_month; // month 0 in the calendar; unset in older files
    unsigned long long seed = 1;
    UncertainNumber discount_rate; // annual
    std::vector<OptionId> options{kAllOptions.begin(), kAllOptions.end()};
    Sizing sizing = Sizing::WholeServers;

    Audit audit;
    PriceBook pricebook;
    std::map<std::string, FleetLot> fleet;
    std::map<std::string, Workload> workloads;
    VendorProcurement nvidia;
    VendorProcurement amd;

    UncertainNumber amd_discount;    // negotiated, off the price book's purchase prices
    UncertainNumber nvidia_discount; // likewise
    UncertainNumber target_utilisation;
    UncertainNumber usable_hbm_fraction; // default 0.90
    // Step time a replica adds per doubling of its tensor-parallel degree (engine version 3).
    std::optional<UncertainNumber> tensor_parallel_overhead;
    // Fraction lost right after a move, for every class; engine version 3 reads the price
    // book's per-class table instead, and files of that version leave it unset.
    std::optional<UncertainNumber> transition_regression;
    UncertainNumber transition_regression_months; // months until it has decayed to zero

    // The organisation runs NVIDIA AI Enterprise (NIM, enterprise support): every GPU of a SKU
    // with a software licence pays it. Off unless the file says so (issue 24).
    bool uses_nvidia_ai_enterprise = false;

    int team_engineers = 0;
    UncertainNumber usd_per_engineer_month;
    int pilot_gpus = 0;
    UncertainNumber pilot_months;
    UncertainNumber ramp_productivity_loss; // fraction of the wider ML team's output
    int ramp_headcount = 0;
    UncertainNumber ramp_usd_per_person_month;
    UncertainNumber ramp_months;
    UncertainNumber dual_vendor_usd_per_month;

    UncertainNumber usd_per_kwh;
    UncertainNumber pue;
    UncertainNumber usd_per_kw_month;     // facility: provisioned kW, whatever the load
    UncertainNumber maintenance_per_year; // fraction of installed purchase value
    UncertainNumber idle_power_fraction;  // share of full power an idle GPU draws

    UncertainNumber hetccl_available_month;
    UncertainNumber hetccl_cross_vendor_efficiency;

    Disposition disposition = Disposition::Sell;
    // Selling (docs/model.md, "Selling and bridging"); unset in older files: a sale costs
    // nothing and servers and network resell at nothing, as the first engine had it.
    std::optional<UncertainNumber> sale_cost_fraction;        // of the proceeds
    std::optional<UncertainNumber> server_retention_per_year; // server and network resale curve

    // The owner's costs beyond the GPU (issue 24, docs/model.md "Owner costs"); each unset in
    // older files, and then priced at nothing, as before.
    std::optional<UncertainNumber> infiniband_usd_per_gpu; // fabric bought with a server, per GPU
    std::optional<UncertainNumber> roce_usd_per_gpu;
    std::optional<UncertainNumber> support_share_per_year; // of the purchase value of owned servers
    std::optional<UncertainNumber> gpu_replacement_rate_per_year; // GPUs replaced per GPU-year
    std::optional<UncertainNumber> gpus_per_operations_engineer;
    std::optional<UncertainNumber> operations_usd_per_person_month;
    std::optional<UncertainNumber> storage_usd_per_pb_month;
    // The power the site can give the fleet (MW, provisioned kW of owned GPUs and hosts), and
    // what each kW above it costs a month where a plan needs it anyway.
    std::optional<UncertainNumber> power_cap_mw;
    std::optional<UncertainNumber> over_cap_usd_per_kw_month;
    FinancingMethod financing = FinancingMethod::Cash;
    std::optional<UncertainNumber> financing_rate_per_year; // loan or lease
    int financing_term_months = 60;

    // Keyed by a stable id; empty (the default): every input is drawn independently.
    std::map<std::string, InputCorrelation> correlations;

    bool operator==(const Scenario&) const = default;
};

} // namespace crossgrade::model
