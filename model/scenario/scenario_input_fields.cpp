// The field tables of scenario_input_fields.h.

#include "scenario_input_fields.h"

namespace crossgrade::model::input_fields {

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

const std::vector<OptionalScalarSpec>& optionalScalarSpecs() {
    using S = Scenario;
    using G = InputGroup;
    using U = InputUnit;
    static const std::vector<OptionalScalarSpec> specs{
        {"/regression/transition", &S::transition_regression, "Transition regression",
         G::TeamTransition, U::Fraction, kRegressionDomain,
         "Throughput a workload loses right after it moves to AMD (every class; engine "
         "version 3 reads the price book's per-class table first)."},
        {"/capacity/tensor_parallel_overhead", &S::tensor_parallel_overhead,
         "Tensor-parallel overhead", G::General, U::Fraction, kFraction,
         "Decode step time a replica adds per doubling of its tensor-parallel degree (all-reduce "
         "between GPUs); it decides how many GPUs a replica spans."},
        {"/resale/sale_cost_fraction", &S::sale_cost_fraction, "Sale transaction cost",
         G::FleetProcurement, U::Fraction, kFraction,
         "Share of a sale's proceeds lost to broker fees, de-installation, data wiping and "
         "shipping."},
        {"/resale/server_retention_per_year", &S::server_retention_per_year,
         "Server & network resale retention", G::FleetProcurement, U::FractionPerYear,
         kRetentionDomain,
         "Share of their value a GPU's server and network keep per year on the used market."},
        {"/network/infiniband_usd_per_gpu", &S::infiniband_usd_per_gpu, "InfiniBand fabric per GPU",
         G::OwnerCosts, U::Usd, kGpuPriceDomain,
         "Scale-out InfiniBand fabric (switches, cables, optics, NICs) bought with a server, per "
         "GPU; depreciated and resold like the server."},
        {"/network/roce_usd_per_gpu", &S::roce_usd_per_gpu, "RoCE fabric per GPU", G::OwnerCosts,
         U::Usd, kGpuPriceDomain,
         "Scale-out RoCE Ethernet fabric bought with a server, per GPU; depreciated and resold "
         "like the server."},
        {"/owner/support_share_per_year", &S::support_share_per_year, "Support contracts",
         G::OwnerCosts, U::FractionPerYear, kFraction,
         "Vendor support contracts a year as a share of the owned servers' purchase value (GPU, "
         "server and fabric): the contract, not the parts or GPUs it replaces."},
        {"/owner/gpu_replacement_rate_per_year", &S::gpu_replacement_rate_per_year,
         "GPU replacement rate", G::OwnerCosts, U::FractionPerYear, kFraction,
         "GPUs replaced after a hardware failure per GPU-year, each at the price of a new one — "
         "not the job interruption rate, which is higher."},
        {"/owner/gpus_per_operations_engineer", &S::gpus_per_operations_engineer,
         "GPUs per operations engineer", G::OwnerCosts, U::GpusPerPerson, kGpusPerPersonDomain,
         "Owned GPUs one operations engineer (SRE, data-centre technician) keeps running."},
        {"/owner/operations_usd_per_person_month", &S::operations_usd_per_person_month,
         "Operations engineer cost", G::OwnerCosts, U::UsdPerMonth, kPersonMonthDomain,
         "Loaded cost of one operations engineer per month."},
        {"/owner/storage_usd_per_pb_month", &S::storage_usd_per_pb_month, "Parallel storage per PB",
         G::OwnerCosts, U::UsdPerPbMonth, kUsdPerPbMonthDomain,
         "Parallel file system per PB a month, its purchase spread over its life; the workloads "
         "say how many PB they keep."},
        {"/power/cap_mw", &S::power_cap_mw, "Power cap", G::OwnerCosts, U::Megawatts,
         kMegawattsDomain,
         "Provisioned power the site gives the owned fleet (GPUs and hosts): an AMD door whose "
         "plan needs more, beyond what staying needs, is not taken."},
        {"/power/over_cap_usd_per_kw_month", &S::over_cap_usd_per_kw_month, "Power above the cap",
         G::OwnerCosts, U::UsdPerKwMonth, kUsdPerKwMonthDomain,
         "What each kW a plan needs above the cap costs a month (colocation elsewhere, a "
         "temporary lease), on top of the facility cost."},
        {"/financing/rate_per_year", &S::financing_rate_per_year, "Financing rate", G::OwnerCosts,
         U::FractionPerYear, kBelowOne,
         "Annual rate of the loan or lease that pays for owned purchases (financing method in "
         "Owner costs)."},
    };
    return specs;
}

const std::vector<OptionalSkuSpec>& optionalSkuSpecs() {
    using K = Sku;
    using U = InputUnit;
    static const std::vector<OptionalSkuSpec> specs{
        {"market_value_usd", &K::market_value_usd, "used-market value", U::Usd, kGpuPriceDomain,
         "What an installed GPU of this SKU fetches on the used market today; an owned lot may "
         "carry its own quote."},
        {"resale_retention_per_year", &K::resale_retention_per_year, "resale retention",
         U::FractionPerYear, kRetentionDomain,
         "Share of its value a GPU keeps per year on the used market (front-loaded: "
         "retention^(age/12)), never below the residual floor."},
        {"lead_time_months", &K::lead_time_months, "purchase lead time", U::Months, kMonths,
         "Months from ordering an owned GPU to its delivery; rented bridge capacity serves "
         "meanwhile."},
        {"software_usd_per_year", &K::software_usd_per_year, "software licence per GPU-year",
         U::Usd, kGpuPriceDomain,
         "Per-GPU software licence a year (NVIDIA AI Enterprise), paid for every GPU of this SKU "
         "held while the scenario uses it (General \u2192 Uses NVIDIA AI Enterprise)."},
        {"software_bundled_months", &K::software_bundled_months, "licence bundled with purchase",
         U::Months, kMonths,
         "Months of the software licence included in an owned GPU's purchase (NVL and PCIe "
         "parts: 60; HGX SXM and DGX: none); a GPU younger than this pays no licence."},
    };
    return specs;
}

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

const std::vector<OptionalWorkloadSpec>& optionalWorkloadSpecs() {
    using W = Workload;
    using U = InputUnit;
    static const std::vector<OptionalWorkloadSpec> specs{
        {"weights_gb", &W::weights_gb, "weights", U::Gigabytes, kModelMemory, 70,
         "Model weights as served (FP8: about 1 GB per billion parameters); with the KV cache "
         "they decide how many GPUs a replica spans and how many sequences it holds."},
        {"kv_mb_per_token", &W::kv_mb_per_token, "KV cache per token", U::MegabytesPerToken,
         kKvMbPerTokenDomain, 0.33,
         "KV cache one token of context holds (layers × KV heads × head size × 2 × bytes)."},
        {"interactivity_tokens_per_s", &W::interactivity_tokens_per_s, "interactivity target",
         U::TokensPerSecond, kInteractivityDomain, 20,
         "Output tokens per second each user must see: it caps the decode step and so the "
         "batch a replica serves."},
    };
    return specs;
}

const std::vector<SkuSpec>& capacitySkuSpecs() {
    using K = Sku;
    using U = InputUnit;
    static const std::vector<SkuSpec> specs{
        {"bandwidth_tb_s", &K::bandwidth_tb_s, "memory bandwidth", U::TerabytesPerSecond,
         kBandwidthDomain,
         "HBM bandwidth per GPU; each decode step reads weights and KV cache "
         "through it."},
        {"fp8_tflops", &K::fp8_tflops, "FP8 compute", U::Teraflops, kTflopsDomain,
         "Dense FP8 TFLOPS per GPU; bounds prefill and large-batch decode."},
    };
    return specs;
}

const std::vector<SkuSpec>& skuSpecs() {
    using K = Sku;
    using U = InputUnit;
    static const std::vector<SkuSpec> specs{
        {"purchase_usd", &K::purchase_usd, "purchase price", U::Usd, kGpuPriceDomain,
         "List or street price per GPU, before the negotiated discount."},
        {"overhead_usd", &K::overhead_usd, "server overhead", U::Usd, kGpuPriceDomain,
         "Server cost per GPU (CPUs, memory, chassis, NICs) on top of its purchase price; the "
         "scale-out fabric is priced apart (Owner costs), except in books before 2026-12, "
         "whose overhead holds the network too."},
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

const std::vector<std::pair<std::string_view, UncertainNumber Sku::*>>& otherSkuFields() {
    static const std::vector<std::pair<std::string_view, UncertainNumber Sku::*>> fields{
        {"bandwidth_tb_s", &Sku::bandwidth_tb_s},
        {"bf16_tflops", &Sku::bf16_tflops},
        {"fp8_tflops", &Sku::fp8_tflops},
        {"all_in_kw", &Sku::all_in_kw},
    };
    return fields;
}

} // namespace crossgrade::model::input_fields
