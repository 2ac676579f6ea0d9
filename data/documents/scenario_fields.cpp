// The tables of scenario_fields.h: which number of a scenario file sits where, with its bounds.

#include "scenario_fields.h"

namespace crossgrade::data::scenario_detail {

using namespace crossgrade::model;

namespace {

ScalarField uncertainField(std::string_view section, std::string_view key,
                           UncertainNumber Scenario::*member, Bound bound,
                           std::optional<double> fallback = std::nullopt) {
    return {section, key, member, nullptr, bound, 0, 0, fallback};
}

ScalarField countField(std::string_view section, std::string_view key, int Scenario::*member,
                       int max) {
    return {section, key, nullptr, member, Bound::any(), 0, max, std::nullopt};
}

} // namespace

// In file order; the reader and the writer walk the same list. The pointers are the ids the
// engine's input table uses (model/scenario/compiled_scenario.cpp).
const std::vector<ScalarField>& scalarFields() {
    using S = Scenario;
    static const std::vector<ScalarField> fields{
        uncertainField("", "discount_rate", &S::discount_rate, Bound::of(kBelowOneDomain)),
        uncertainField("", "nvidia_discount", &S::nvidia_discount, Bound::of(kFractionDomain)),
        uncertainField("", "amd_discount", &S::amd_discount, Bound::of(kFractionDomain)),
        // Both divide: demand by utilisation, model memory by usable HBM.
        uncertainField("", "target_utilisation", &S::target_utilisation,
                       Bound::of(kDividingFractionDomain)),
        // DESIGN.md step 6: "default 0.90 of the HBM".
        uncertainField("", "usable_hbm_fraction", &S::usable_hbm_fraction,
                       Bound::of(kDividingFractionDomain), 0.90),
        uncertainField("regression", "transition_months", &S::transition_regression_months,
                       Bound::of(kMonthsDomain)),
        countField("team", "engineers", &S::team_engineers, kMaxPeople),
        uncertainField("team", "usd_per_engineer_month", &S::usd_per_engineer_month,
                       Bound::of(kPersonMonthDomain)),
        countField("pilot", "gpus", &S::pilot_gpus, kMaxGpuCount),
        uncertainField("pilot", "months", &S::pilot_months, Bound::of(kMonthsDomain)),
        uncertainField("ramp", "productivity_loss", &S::ramp_productivity_loss,
                       Bound::of(kFractionDomain)),
        countField("ramp", "headcount", &S::ramp_headcount, kMaxPeople),
        uncertainField("ramp", "usd_per_person_month", &S::ramp_usd_per_person_month,
                       Bound::of(kPersonMonthDomain)),
        uncertainField("ramp", "months", &S::ramp_months, Bound::of(kMonthsDomain)),
        uncertainField("", "dual_vendor_usd_per_month", &S::dual_vendor_usd_per_month,
                       Bound::of(kUsdPerMonthDomain)),
        uncertainField("energy", "usd_per_kwh", &S::usd_per_kwh, Bound::of(kUsdPerKwhDomain)),
        uncertainField("energy", "pue", &S::pue, Bound::of(kPueDomain)),
        uncertainField("energy", "usd_per_kw_month", &S::usd_per_kw_month,
                       Bound::of(kUsdPerKwMonthDomain)),
        uncertainField("energy", "maintenance_per_year", &S::maintenance_per_year,
                       Bound::of(kFractionDomain)),
        uncertainField("energy", "idle_power_fraction", &S::idle_power_fraction,
                       Bound::of(kFractionDomain)),
        uncertainField("hetccl", "available_month", &S::hetccl_available_month,
                       Bound::of(kMonthsDomain)),
        uncertainField("hetccl", "cross_vendor_efficiency", &S::hetccl_cross_vendor_efficiency,
                       Bound::of(kDividingFractionDomain)),
    };
    return fields;
}

// The sections of scalarFields() in file order, with what each holds.
const std::vector<std::pair<std::string_view, std::string_view>>& scalarSections() {
    static const std::vector<std::pair<std::string_view, std::string_view>> sections{
        {"regression", "the transition regression {transition_months, and transition where "
                       "the price book has no per-class table}"},
        {"team", "the porting team {engineers, usd_per_engineer_month}"},
        {"pilot", "the AMD pilot {gpus, months}"},
        {"ramp", "the productivity ramp {productivity_loss, headcount, usd_per_person_month, "
                 "months}"},
        {"energy", "energy and facility {usd_per_kwh, pue, usd_per_kw_month, "
                   "maintenance_per_year, idle_power_fraction}"},
        {"hetccl", "the HetCCL timing {available_month, cross_vendor_efficiency}"},
    };
    return sections;
}

const std::vector<OptionalScalarField>& optionalScalarFields() {
    using S = Scenario;
    static const std::vector<OptionalScalarField> fields{
        // Engine versions 1–2: one transition for every class; version 3 reads the price
        // book's per-class table, and this figure only for classes the table lacks.
        {"regression", "transition", &S::transition_regression, Bound::of(kRegressionDomain)},
        {kCapacitySection, "tensor_parallel_overhead", &S::tensor_parallel_overhead,
         Bound::of(kFractionDomain)},
        {kResaleSection, "sale_cost_fraction", &S::sale_cost_fraction, Bound::of(kFractionDomain)},
        {kResaleSection, "server_retention_per_year", &S::server_retention_per_year,
         Bound::of(kRetentionDomain)},
        {kNetworkSection, "infiniband_usd_per_gpu", &S::infiniband_usd_per_gpu,
         Bound::of(kGpuPriceDomain)},
        {kNetworkSection, "roce_usd_per_gpu", &S::roce_usd_per_gpu, Bound::of(kGpuPriceDomain)},
        {kOwnerSection, "support_share_per_year", &S::support_share_per_year,
         Bound::of(kFractionDomain)},
        {kOwnerSection, "gpu_replacement_rate_per_year", &S::gpu_replacement_rate_per_year,
         Bound::of(kFractionDomain)},
        {kOwnerSection, "gpus_per_operations_engineer", &S::gpus_per_operations_engineer,
         Bound::of(kGpusPerPersonDomain)},
        {kOwnerSection, "operations_usd_per_person_month", &S::operations_usd_per_person_month,
         Bound::of(kPersonMonthDomain)},
        {kOwnerSection, "storage_usd_per_pb_month", &S::storage_usd_per_pb_month,
         Bound::of(kUsdPerPbMonthDomain)},
        {kPowerSection, "cap_mw", &S::power_cap_mw, Bound::of(kMegawattsDomain)},
        {kPowerSection, "over_cap_usd_per_kw_month", &S::over_cap_usd_per_kw_month,
         Bound::of(kUsdPerKwMonthDomain)},
        {kFinancingSection, "rate_per_year", &S::financing_rate_per_year,
         Bound::of(kBelowOneDomain)},
    };
    return fields;
}

const std::vector<OptionalSection>& optionalScalarSections() {
    static const std::vector<OptionalSection> sections{
        {kResaleSection, "selling {sale_cost_fraction, server_retention_per_year}", {}},
        {kCapacitySection, "the capacity model {tensor_parallel_overhead}", {}},
        {kNetworkSection,
         "the scale-out fabric's price {infiniband_usd_per_gpu, roce_usd_per_gpu}",
         {}},
        {kOwnerSection,
         "the owner's costs {support_share_per_year, gpu_replacement_rate_per_year, "
         "gpus_per_operations_engineer, operations_usd_per_person_month, "
         "storage_usd_per_pb_month}",
         {}},
        {kPowerSection, "the site's power {cap_mw, over_cap_usd_per_kw_month}", {}},
        {kFinancingSection,
         "how owned purchases are paid {method, rate_per_year, term_months}",
         {"method", "term_months"}},
    };
    return sections;
}

const std::vector<WorkloadField>& workloadFields() {
    using W = Workload;
    constexpr auto inference = WorkloadKindOfDemand::Inference;
    static const std::vector<WorkloadField> fields{
        {"peak_tokens_per_s", &W::peak_tokens_per_s, Sense::of(kDemandDomain), inference},
        // Divides demand into GPUs.
        {"reference_tokens_per_s_per_gpu", &W::reference_tokens_per_s_per_gpu,
         Sense::of(kPerGpuThroughputDomain), inference},
        {"average_to_peak", &W::average_to_peak, Sense::of(kDividingFractionDomain), inference},
        {"model_memory_gb", &W::model_memory_gb, Sense::of(kModelMemoryDomain), inference},
        {"h100_equivalent_gpus", &W::h100_equivalent_gpus, Sense::of(kTrainingGpusDomain),
         WorkloadKindOfDemand::Training},
        {"growth_per_month", &W::growth_per_month, Sense{{-1, 1, true}}, std::nullopt},
    };
    return fields;
}

const std::vector<OptionalWorkloadField>& optionalWorkloadFields() {
    using W = Workload;
    static const std::vector<OptionalWorkloadField> fields{
        {"weights_gb", &W::weights_gb, Sense::of(kModelMemoryDomain)},
        {"kv_mb_per_token", &W::kv_mb_per_token, Sense::of(kKvMbPerTokenDomain)},
        {"interactivity_tokens_per_s", &W::interactivity_tokens_per_s,
         Sense::of(kInteractivityDomain)},
    };
    return fields;
}

const std::vector<std::pair<std::string_view, int Workload::*>>& requestTokenFields() {
    static const std::vector<std::pair<std::string_view, int Workload::*>> fields{
        {"input_tokens", &Workload::input_tokens},
        {"output_tokens", &Workload::output_tokens},
    };
    return fields;
}

std::string_view kindName(WorkloadKindOfDemand k) {
    return k == WorkloadKindOfDemand::Inference ? "inference" : "training";
}

std::optional<WorkloadKindOfDemand> parseKindOfDemand(std::string_view name) {
    if (name == "inference")
        return WorkloadKindOfDemand::Inference;
    if (name == "training")
        return WorkloadKindOfDemand::Training;
    return std::nullopt;
}

} // namespace crossgrade::data::scenario_detail
