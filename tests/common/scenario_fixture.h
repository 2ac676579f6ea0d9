#pragma once

// A small, fully specified scenario for engine tests: two NVIDIA SKUs and one AMD SKU, an
// inference and a training workload, an installed H100 fleet. Numbers are round so the
// hand-checked case can be written out; they are test data, not defaults.

#include "scenario.h"

namespace crossgrade::testing {

inline model::UncertainNumber u(double v) {
    return model::UncertainNumber::certain(v);
}

inline model::Sku sku(model::Vendor vendor, double hbm, double board, double purchase,
                      double reserved, double onDemand) {
    model::Sku s;
    s.vendor = vendor;
    s.hbm_gb = u(hbm);
    s.bandwidth_tb_s = u(3.35);
    s.bf16_tflops = u(989);
    s.fp8_tflops = u(1979);
    s.board_power_kw = u(board);
    s.host_power_kw = u(0.3);
    s.all_in_kw = u(1.73);
    s.gpus_per_server = 8;
    s.available_month = 0;
    s.purchase_usd = u(purchase);
    s.overhead_usd = u(10000);
    s.reserved_usd_per_hour = u(reserved);
    s.on_demand_usd_per_hour = u(onDemand);
    s.reserved_term_months = 36;
    s.price_decline_per_year = u(0.10);
    s.useful_life_months = u(60);
    s.residual_floor = u(0.10);
    return s;
}

inline model::PriceBook priceBook() {
    using namespace model;
    PriceBook book;
    book.name = "test book";
    book.version = "test";
    book.skus["H100"] = sku(Vendor::Nvidia, 80, 0.7, 25000, 1.30, 2.99);
    book.skus["H200"] = sku(Vendor::Nvidia, 141, 0.7, 32000, 1.60, 3.50);
    book.skus["MI300X"] = sku(Vendor::Amd, 192, 0.75, 15000, 1.55, 1.99);
    const std::map<WorkloadClass, std::array<double, 3>> ratios{
        // H100, H200, MI300X
        {WorkloadClass::LargeDenseInference, {1.0, 1.5, 1.3}},
        {WorkloadClass::DenseInference, {1.0, 1.4, 0.8}},
        {WorkloadClass::MoeFp4Disaggregated, {1.0, 1.4, 0.5}},
        {WorkloadClass::TensorRtInference, {1.0, 1.4, 0.6}},
        {WorkloadClass::PyTorchTraining, {1.0, 1.2, 0.8}},
        {WorkloadClass::CustomKernelTraining, {1.0, 1.2, 0.6}}};
    for (const auto& [cls, r] : ratios) {
        book.performance[cls]["H100"] = u(r[0]);
        book.performance[cls]["H200"] = u(r[1]);
        book.performance[cls]["MI300X"] = u(r[2]);
    }
    const std::map<PortTask, std::array<double, 3>> months{
        {PortTask::InferencePort, {2, 4, 6}},
        {PortTask::TrainingPort, {4, 6, 9}},
        {PortTask::RcclPort, {2, 3, 4}},
        {PortTask::TensorRtReengineering, {3, 4, 6}},
        {PortTask::TritonRewrite, {2, 4, 8}}};
    for (const auto& [task, byEffort] : months)
        for (std::size_t e = 0; e < 3; ++e)
            for (PortabilityPath path : kAllPaths) {
                const bool abstracted =
                    path == PortabilityPath::Path2 || path == PortabilityPath::Path2And3;
                const double factor = abstracted && task != PortTask::TritonRewrite ? 0.5 : 1.0;
                book.port_months[task][kAllEffortLevels[e]][path] = u(byEffort[e] * factor);
            }
    using P = PortabilityPath;
    using T = PortTask;
    book.sequences[P::Path1] = {T::InferencePort, T::TensorRtReengineering, T::TrainingPort,
                                T::RcclPort};
    book.sequences[P::Path2] = {T::TritonRewrite, T::InferencePort, T::TensorRtReengineering,
                                T::TrainingPort, T::RcclPort};
    book.sequences[P::Path3] = {T::InferencePort, T::TensorRtReengineering, T::TrainingPort};
    book.sequences[P::Path2And3] = {T::TritonRewrite, T::InferencePort, T::TensorRtReengineering,
                                    T::TrainingPort};
    return book;
}

inline model::Scenario smallScenario() {
    using namespace model;
    Scenario s;
    s.name = "engine test";
    s.horizon_months = 48;
    s.discount_rate = u(0.08);
    s.sizing = Sizing::Continuous;
    s.audit.name = "test audit";
    s.audit.workload = WorkloadKind::Mixed;
    s.audit.dimension(Dimension::CustomKernels).tier = Tier::High;
    s.pricebook = priceBook();

    Workload chat;
    chat.kind = WorkloadKindOfDemand::Inference;
    chat.workload_class = WorkloadClass::LargeDenseInference;
    chat.peak_tokens_per_s = u(400000);
    chat.reference_tokens_per_s_per_gpu = u(2500);
    chat.average_to_peak = u(0.6);
    chat.model_memory_gb = u(505); // 405B FP8 weights + ~100 GB KV
    chat.growth_per_month = u(0.03);
    s.workloads["chat"] = chat;
    Workload pretrain;
    pretrain.kind = WorkloadKindOfDemand::Training;
    pretrain.workload_class = WorkloadClass::CustomKernelTraining;
    pretrain.h100_equivalent_gpus = u(512);
    pretrain.multi_node = true;
    pretrain.growth_per_month = u(0.02);
    s.workloads["pretrain"] = pretrain;

    s.fleet["serving"] = {"H100", 256, 12, "chat", Channel::Owned, {}};
    s.fleet["training"] = {"H100", 512, 18, "pretrain", Channel::Owned, {}};
    s.nvidia = {"H200", Channel::Owned, {}, Channel::OnDemand, {}};
    s.amd = {"MI300X", Channel::Owned, {}, Channel::OnDemand, {}};

    s.amd_discount = u(0.10);
    s.nvidia_discount = u(0.05);
    s.target_utilisation = u(0.70);
    s.usable_hbm_fraction = u(0.90);
    s.transition_regression = u(0.20);
    s.transition_regression_months = u(6);
    s.team_engineers = 6;
    s.usd_per_engineer_month = u(25000);
    s.pilot_gpus = 8;
    s.pilot_months = u(3);
    s.ramp_productivity_loss = u(0.05);
    s.ramp_headcount = 40;
    s.ramp_usd_per_person_month = u(20000);
    s.ramp_months = u(4);
    s.dual_vendor_usd_per_month = u(50000);
    s.usd_per_kwh = u(0.10);
    s.pue = u(1.3);
    s.usd_per_kw_month = u(150);
    s.maintenance_per_year = u(0.03);
    s.idle_power_fraction = u(0.30);
    s.hetccl_available_month = u(24);
    s.hetccl_cross_vendor_efficiency = u(0.85);
    s.disposition = Disposition::Sell;
    return s;
}

// Eight owned H100s training for two months, continuous sizing, round numbers (the worked
// example of docs/model.md; tst_engine_arithmetic checks it by hand).
inline model::Scenario tinyTrainingScenario() {
    using namespace model;
    Scenario s = smallScenario();
    s.horizon_months = 2;
    s.sizing = Sizing::Continuous;
    s.discount_rate = u(0.0);
    s.audit = Audit{};
    s.pricebook.skus.erase("H200");
    for (auto& [cls, row] : s.pricebook.performance)
        row.erase("H200");
    Sku& h100 = s.pricebook.skus.at("H100");
    h100.price_decline_per_year = u(0);
    s.pricebook.skus.at("MI300X").price_decline_per_year = u(0);
    s.pricebook.performance[WorkloadClass::PyTorchTraining]["MI300X"] = u(0.8);
    s.pricebook.port_months[PortTask::TrainingPort][EffortLevel::Light][PortabilityPath::Path1] =
        u(1);
    s.workloads.clear();
    Workload train;
    train.kind = WorkloadKindOfDemand::Training;
    train.workload_class = WorkloadClass::PyTorchTraining;
    train.h100_equivalent_gpus = u(8);
    train.growth_per_month = u(0);
    s.workloads["train"] = train;
    s.fleet.clear();
    s.fleet["h100"] = {"H100", 8, 0, "train", Channel::Owned, {}};
    s.nvidia.sku = "H100";
    s.amd_discount = u(0.20);
    s.transition_regression = u(0);
    s.team_engineers = 2;
    s.usd_per_engineer_month = u(20000);
    s.pilot_gpus = 0;
    s.ramp_productivity_loss = u(0.10);
    s.ramp_headcount = 10;
    s.ramp_usd_per_person_month = u(10000);
    s.ramp_months = u(2);
    s.dual_vendor_usd_per_month = u(5000);
    s.usd_per_kwh = u(0.10);
    s.pue = u(1.5);
    s.usd_per_kw_month = u(100);
    s.maintenance_per_year = u(0.12);
    s.idle_power_fraction = u(0.30);
    s.disposition = Disposition::Sell;
    return s;
}

} // namespace crossgrade::testing
