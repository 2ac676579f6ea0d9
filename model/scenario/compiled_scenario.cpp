#include "compiled_scenario.h"

#include "correlation.h"

#include <algorithm>
#include <atomic>

namespace crossgrade::model {

namespace {

std::string str(std::string_view s) {
    return std::string(s);
}

class Compiler {
public:
    explicit Compiler(const Scenario& s)
        : m_s(s) {}

    CompiledScenario run() {
        m_c.name = m_s.name;
        m_c.horizon_months = m_s.horizon_months;
        m_c.sizing = m_s.sizing;
        m_c.disposition = m_s.disposition;
        m_c.engine_version = m_s.engine_version;
        m_c.start_month = m_s.start_month;
        compileSkus();
        compileWorkloads();
        compileDoorGroups();
        compileLots();
        compileProcurement();
        compileScalars();
        for (OptionId o : m_s.options)
            m_c.options.push_back(compileOption(o));
        // Last: a correlation names inputs by pointer, and the table is complete only now.
        const std::vector<CorrelationProblem> problems =
            checkCorrelations(m_s.correlations, m_c.inputs);
        if (!problems.empty())
            throw ScenarioError(problems.front().place, problems.front().message);
        m_c.inputs.setCorrelations(resolveCorrelations(m_s.correlations, m_c.inputs));
        m_c.buy_sku_by_month = buySkusByMonth(m_c);
        m_c.live_skus = liveSkus(m_c);
        return std::move(m_c);
    }

private:
    const Scenario& m_s;
    CompiledScenario m_c;

    InputId add(std::string pointer, const UncertainNumber& n) {
        return m_c.inputs.add(std::move(pointer), n);
    }
    // An input older files lack: kNoInput where absent, and the engine falls back to what the
    // first engine did (docs/model.md, "Selling and bridging").
    InputId addOptional(std::string pointer, const std::optional<UncertainNumber>& n) {
        return n ? add(std::move(pointer), *n) : kNoInput;
    }

    // "; the price book's NVIDIA SKUs are H100, H200": what a dangling SKU could have named.
    std::string knownSkus(std::optional<Vendor> vendor) const {
        std::string list;
        for (const CompiledSku& s : m_c.skus)
            if (!vendor || s.vendor == *vendor)
                list += (list.empty() ? "" : ", ") + s.id;
        const std::string whose =
            vendor ? (*vendor == Vendor::Nvidia ? "NVIDIA SKUs" : "AMD SKUs") : "SKUs";
        return list.empty() ? "; the price book has no " + whose
                            : "; the price book's " + whose + " are " + list;
    }

    std::string knownWorkloads() const {
        std::string list;
        for (const auto& [id, w] : m_s.workloads)
            list += (list.empty() ? "" : ", ") + id;
        return "; the scenario's workloads are " + list;
    }

    // Where the missing ratio goes, for the message that says it is missing.
    static std::string ratioPlace(WorkloadClass cls, const std::string& sku) {
        return "; add it at /pricebook/performance/" + str(toString(cls)) + "/" + pointerToken(sku);
    }

    void compileSkus() {
        for (const auto& [id, sku] : m_s.pricebook.skus) {
            const std::string at = "/pricebook/skus/" + pointerToken(id) + "/";
            CompiledSku c;
            c.id = id;
            c.vendor = sku.vendor;
            c.gpus_per_server = sku.gpus_per_server;
            c.available_month = sku.available_month;
            c.hbm_gb = add(at + "hbm_gb", sku.hbm_gb);
            c.board_power_kw = add(at + "board_power_kw", sku.board_power_kw);
            c.host_power_kw = add(at + "host_power_kw", sku.host_power_kw);
            c.purchase_usd = add(at + "purchase_usd", sku.purchase_usd);
            c.overhead_usd = add(at + "overhead_usd", sku.overhead_usd);
            c.reserved_usd_per_hour = add(at + "reserved_usd_per_hour", sku.reserved_usd_per_hour);
            c.on_demand_usd_per_hour =
                add(at + "on_demand_usd_per_hour", sku.on_demand_usd_per_hour);
            c.price_decline_per_year =
                add(at + "price_decline_per_year", sku.price_decline_per_year);
            c.useful_life_months = add(at + "useful_life_months", sku.useful_life_months);
            c.residual_floor = add(at + "residual_floor", sku.residual_floor);
            c.resale_retention =
                addOptional(at + "resale_retention_per_year", sku.resale_retention_per_year);
            c.market_value_usd = addOptional(at + "market_value_usd", sku.market_value_usd);
            c.lead_time_months = addOptional(at + "lead_time_months", sku.lead_time_months);
            c.software_usd_per_year =
                addOptional(at + "software_usd_per_year", sku.software_usd_per_year);
            c.software_bundled_months =
                addOptional(at + "software_bundled_months", sku.software_bundled_months);
            if (m_s.engine_version >= 3) {
                // The capacity model divides by both.
                for (auto [key, n] : {std::pair{"bandwidth_tb_s", &sku.bandwidth_tb_s},
                                      std::pair{"fp8_tflops", &sku.fp8_tflops}})
                    if (!(n->range.low > 0))
                        throw ScenarioError(at + key, "expected a positive figure: engine "
                                                      "version 3's capacity model reads it");
                c.bandwidth_tb_s = add(at + "bandwidth_tb_s", sku.bandwidth_tb_s);
                c.fp8_tflops = add(at + "fp8_tflops", sku.fp8_tflops);
            }
            m_c.skus.push_back(std::move(c));
        }
        if (m_c.skuIndex("H100") < 0)
            throw ScenarioError("/pricebook/skus",
                                "the price book has no H100: it is the performance reference");
    }

    // The ratio of `cls` for every SKU; a SKU the table does not rate gets kNoInput, and the
    // engine refuses to place a workload of that class on it.
    std::vector<InputId> ratios(WorkloadClass cls) {
        std::vector<InputId> out(m_c.skus.size(), kNoInput);
        const auto row = m_s.pricebook.performance.find(cls);
        if (row == m_s.pricebook.performance.end())
            return out;
        for (std::size_t i = 0; i < m_c.skus.size(); ++i) {
            const std::string pointer =
                "/pricebook/performance/" + str(toString(cls)) + "/" + pointerToken(m_c.skus[i].id);
            if (auto existing = m_c.inputs.find(pointer)) {
                out[i] = *existing;
                continue;
            }
            const auto cell = row->second.find(m_c.skus[i].id);
            if (cell != row->second.end())
                out[i] = add(pointer, cell->second);
        }
        return out;
    }

    void compileWorkloads() {
        for (const auto& [id, w] : m_s.workloads) {
            const std::string at = "/workloads/" + pointerToken(id) + "/";
            CompiledWorkload c;
            c.id = id;
            c.kind = w.kind;
            c.workload_class = w.workload_class;
            c.tensorrt = w.tensorrt;
            c.multi_node = w.multi_node;
            if (w.kind == WorkloadKindOfDemand::Inference) {
                c.peak_tokens_per_s = add(at + "peak_tokens_per_s", w.peak_tokens_per_s);
                // A binding's own serving runs replace the reference throughput, at its place.
                const bool measuredReference =
                    w.benchmark && w.benchmark->reference_tokens_per_s_per_gpu;
                c.reference_tokens_per_s_per_gpu =
                    add(at + "reference_tokens_per_s_per_gpu",
                        measuredReference ? *w.benchmark->reference_tokens_per_s_per_gpu
                                          : w.reference_tokens_per_s_per_gpu);
                c.average_to_peak = add(at + "average_to_peak", w.average_to_peak);
                compileMemory(w, at, c);
            } else {
                c.h100_equivalent_gpus = add(at + "h100_equivalent_gpus", w.h100_equivalent_gpus);
            }
            c.growth_per_month = add(at + "growth_per_month", w.growth_per_month);
            c.storage_pb = addOptional(at + "storage_pb", w.storage_pb);
            c.ratio = ratios(w.workload_class);
            c.efficiency = c.ratio; // before a binding replaces measured cells
            if (w.benchmark)
                bind(*w.benchmark, at + "benchmark/", c);
            c.ratio_ported = w.workload_class == WorkloadClass::CustomKernelTraining
                                 ? ratios(WorkloadClass::PyTorchTraining)
                                 : c.ratio;
            m_c.workloads.push_back(std::move(c));
        }
    }

    // Engine version 3 reads weights, KV cache and the operating point where the file has them;
    // model_memory_gb only where it has not (the documented split, docs/model.md).
    void compileMemory(const Workload& w, const std::string& at, CompiledWorkload& c) {
        if (m_s.engine_version < 3 || !w.weights_gb) {
            c.model_memory_gb = add(at + "model_memory_gb", w.model_memory_gb);
            return;
        }
        if (!w.kv_mb_per_token)
            throw ScenarioError(at + "kv_mb_per_token",
                                "missing: a workload with weights_gb needs its KV cache per token "
                                "too (MB per token of context)");
        c.weights_gb = add(at + "weights_gb", *w.weights_gb);
        c.kv_mb_per_token = add(at + "kv_mb_per_token", *w.kv_mb_per_token);
        c.interactivity =
            addOptional(at + "interactivity_tokens_per_s", w.interactivity_tokens_per_s);
        if (w.input_tokens > 0)
            c.input_tokens = w.input_tokens;
        if (w.output_tokens > 0)
            c.output_tokens = w.output_tokens;
    }

    // A bound workload's measured ratios replace the table's for it, and its measured energy
    // per token is an input of its own.
    void bind(const WorkloadBinding& b, const std::string& at, CompiledWorkload& c) {
        if (c.kind != WorkloadKindOfDemand::Inference)
            throw ScenarioError(at.substr(0, at.size() - 1),
                                "only inference workloads are bound to benchmarks (they measure "
                                "serving)");
        c.measured.assign(m_c.skus.size(), 0);
        c.joules_per_token.assign(m_c.skus.size(), kNoInput);
        for (const auto& [id, bound] : b.skus) {
            const std::string sat = at + "skus/" + pointerToken(id) + "/";
            const int s = m_c.skuIndex(id);
            if (s < 0)
                throw ScenarioError(sat.substr(0, sat.size() - 1), "no SKU \"" + id +
                                                                       "\" in the price book" +
                                                                       knownSkus(std::nullopt));
            if (bound.ratio) {
                if (id == kReferenceSku)
                    throw ScenarioError(sat + "ratio", "H100 is the reference: its ratio is 1");
                c.ratio[std::size_t(s)] = add(sat + "ratio", *bound.ratio);
                c.measured[std::size_t(s)] = 1;
            }
            if (bound.joules_per_token)
                c.joules_per_token[std::size_t(s)] =
                    add(sat + "joules_per_token", *bound.joules_per_token);
        }
    }

    int workloadIndex(const std::string& id) const {
        for (std::size_t i = 0; i < m_c.workloads.size(); ++i)
            if (m_c.workloads[i].id == id)
                return static_cast<int>(i);
        return -1;
    }

    void compileLots() {
        for (const auto& [id, lot] : m_s.fleet) {
            const std::string at = "/fleet/" + pointerToken(id) + "/";
            CompiledLot c;
            c.id = id;
            c.sku = m_c.skuIndex(lot.sku);
            if (c.sku < 0)
                throw ScenarioError(at + "sku", "no SKU \"" + lot.sku + "\" in the price book" +
                                                    knownSkus(Vendor::Nvidia));
            c.workload = workloadIndex(lot.workload);
            if (c.workload < 0)
                throw ScenarioError(at + "workload",
                                    "no workload \"" + lot.workload + "\"" + knownWorkloads());
            if (m_c.skus[std::size_t(c.sku)].vendor != Vendor::Nvidia)
                throw ScenarioError(at + "sku", "the installed fleet is the NVIDIA fleet the "
                                                "options start from; \"" +
                                                    lot.sku + "\" is an AMD SKU" +
                                                    knownSkus(Vendor::Nvidia));
            const CompiledWorkload& served = m_c.workloads[std::size_t(c.workload)];
            if (served.ratio[std::size_t(c.sku)] == kNoInput)
                throw ScenarioError(at + "sku", "the performance table has no ratio for \"" +
                                                    lot.sku + "\" in class " +
                                                    str(toString(served.workload_class)) +
                                                    " (workload " + served.id + ")" +
                                                    ratioPlace(served.workload_class, lot.sku));
            c.count = lot.count;
            c.age_months = lot.age_months;
            c.channel = lot.channel;
            c.market_value_usd = lot.channel == Channel::Owned
                                     ? addOptional(at + "market_value_usd", lot.market_value_usd)
                                     : kNoInput;
            if (c.market_value_usd == kNoInput && lot.channel == Channel::Owned)
                c.market_value_usd = m_c.skus[std::size_t(c.sku)].market_value_usd;
            m_c.lots.push_back(std::move(c));
        }
        // The NVIDIA SKU each workload leaves on a move: that of its largest lot.
        std::vector<int> largest(m_c.workloads.size(), 0);
        for (const CompiledLot& lot : m_c.lots)
            if (lot.count > largest[std::size_t(lot.workload)]) {
                largest[std::size_t(lot.workload)] = lot.count;
                m_c.workloads[std::size_t(lot.workload)].leaves_sku = lot.sku;
            }
    }

    void compileProcurement() {
        const VendorProcurement* byVendor[2] = {&m_s.nvidia, &m_s.amd};
        const char* names[2] = {"nvidia", "amd"};
        for (int v = 0; v < 2; ++v) {
            const std::string at = std::string("/procurement/") + names[v] + "/sku";
            const int sku = m_c.skuIndex(byVendor[v]->sku);
            const Vendor vendor = static_cast<Vendor>(v);
            if (sku < 0)
                throw ScenarioError(at, "no SKU \"" + byVendor[v]->sku + "\" in the price book" +
                                            knownSkus(vendor));
            if (static_cast<int>(m_c.skus[std::size_t(sku)].vendor) != v)
                throw ScenarioError(at, "\"" + byVendor[v]->sku + "\" is not " +
                                            (vendor == Vendor::Nvidia ? "an NVIDIA" : "an AMD") +
                                            " SKU" + knownSkus(vendor));
            for (const CompiledWorkload& w : m_c.workloads)
                if (w.ratio[std::size_t(sku)] == kNoInput)
                    throw ScenarioError(
                        at, "the performance table has no ratio for \"" + byVendor[v]->sku +
                                "\" in class " + str(toString(w.workload_class)) + " (workload " +
                                w.id + ")" + ratioPlace(w.workload_class, byVendor[v]->sku));
            m_c.buy_sku[v] = sku;
            m_c.channel[v] = byVendor[v]->channel;
            m_c.bridge[v] = byVendor[v]->bridge;
            m_c.sale_limit[v] =
                addOptional(std::string("/procurement/") + names[v] + "/max_sold_per_month",
                            byVendor[v]->max_sold_per_month);
        }
    }

    // The transition regression: one figure for every class (engine versions 1–2), or per class
    // from the price book's table, the scenario-wide figure where the table has no row.
    void compileTransition() {
        const Scenario& s = m_s;
        m_c.transition = addOptional("/regression/transition", s.transition_regression);
        m_c.transition_of_class.fill(m_c.transition);
        m_c.tensor_parallel_overhead =
            addOptional("/capacity/tensor_parallel_overhead", s.tensor_parallel_overhead);
        if (s.engine_version < 3) {
            if (m_c.transition == kNoInput)
                throw ScenarioError("/regression/transition",
                                    "missing: engine version " + std::to_string(s.engine_version) +
                                        " needs the transition regression (a fraction)");
            return;
        }
        for (const CompiledWorkload& w : m_c.workloads) {
            const std::size_t i = std::size_t(w.workload_class);
            const auto row = s.pricebook.transition.find(w.workload_class);
            if (row != s.pricebook.transition.end() && m_c.transition_of_class[i] == m_c.transition)
                m_c.transition_of_class[i] =
                    add("/pricebook/transition/" + str(toString(w.workload_class)), row->second);
        }
        for (const CompiledWorkload& w : m_c.workloads) {
            const std::size_t i = std::size_t(w.workload_class);
            if (m_c.transition_of_class[i] == kNoInput)
                throw ScenarioError("/pricebook/transition/" + str(toString(w.workload_class)),
                                    "missing: workload " + w.id + " is of class " +
                                        str(toString(w.workload_class)) +
                                        " and engine version 3 needs its transition regression "
                                        "(or /regression/transition for every class)");
        }
    }

    void compileScalars() {
        const Scenario& s = m_s;
        m_c.discount[static_cast<int>(Vendor::Nvidia)] = add("/nvidia_discount", s.nvidia_discount);
        m_c.discount[static_cast<int>(Vendor::Amd)] = add("/amd_discount", s.amd_discount);
        m_c.target_utilisation = add("/target_utilisation", s.target_utilisation);
        m_c.usable_hbm_fraction = add("/usable_hbm_fraction", s.usable_hbm_fraction);
        compileTransition();
        m_c.transition_months =
            add("/regression/transition_months", s.transition_regression_months);
        m_c.uses_nvidia_ai_enterprise = s.uses_nvidia_ai_enterprise;
        m_c.team_engineers = s.team_engineers;
        m_c.usd_per_engineer_month = add("/team/usd_per_engineer_month", s.usd_per_engineer_month);
        m_c.pilot_gpus = s.pilot_gpus;
        m_c.pilot_months = add("/pilot/months", s.pilot_months);
        m_c.ramp_loss = add("/ramp/productivity_loss", s.ramp_productivity_loss);
        m_c.ramp_headcount = s.ramp_headcount;
        m_c.ramp_usd_per_person_month =
            add("/ramp/usd_per_person_month", s.ramp_usd_per_person_month);
        m_c.ramp_months = add("/ramp/months", s.ramp_months);
        m_c.dual_vendor_usd_per_month =
            add("/dual_vendor_usd_per_month", s.dual_vendor_usd_per_month);
        m_c.usd_per_kwh = add("/energy/usd_per_kwh", s.usd_per_kwh);
        m_c.pue = add("/energy/pue", s.pue);
        m_c.usd_per_kw_month = add("/energy/usd_per_kw_month", s.usd_per_kw_month);
        m_c.maintenance_per_year = add("/energy/maintenance_per_year", s.maintenance_per_year);
        m_c.idle_power_fraction = add("/energy/idle_power_fraction", s.idle_power_fraction);
        m_c.hetccl_month = add("/hetccl/available_month", s.hetccl_available_month);
        m_c.hetccl_efficiency =
            add("/hetccl/cross_vendor_efficiency", s.hetccl_cross_vendor_efficiency);
        m_c.discount_rate = add("/discount_rate", s.discount_rate);
        m_c.sale_cost = addOptional("/resale/sale_cost_fraction", s.sale_cost_fraction);
        m_c.server_retention =
            addOptional("/resale/server_retention_per_year", s.server_retention_per_year);
        compileOwnerCosts();
    }

    // Issue 24's owner costs: each input where the file has it.
    void compileOwnerCosts() {
        const Scenario& s = m_s;
        const InputId infiniband =
            addOptional("/network/infiniband_usd_per_gpu", s.infiniband_usd_per_gpu);
        const InputId roce = addOptional("/network/roce_usd_per_gpu", s.roce_usd_per_gpu);
        for (auto [vendor, p] :
             {std::pair{Vendor::Nvidia, &s.nvidia}, std::pair{Vendor::Amd, &s.amd}}) {
            const Fabric f =
                p->fabric.value_or(vendor == Vendor::Nvidia ? Fabric::InfiniBand : Fabric::RoCE);
            m_c.fabric_usd[static_cast<int>(vendor)] = f == Fabric::InfiniBand ? infiniband : roce;
        }
        m_c.support_share = addOptional("/owner/support_share_per_year", s.support_share_per_year);
        m_c.replacement_rate =
            addOptional("/owner/gpu_replacement_rate_per_year", s.gpu_replacement_rate_per_year);
        m_c.gpus_per_ops_engineer =
            addOptional("/owner/gpus_per_operations_engineer", s.gpus_per_operations_engineer);
        m_c.ops_usd_per_person_month = addOptional("/owner/operations_usd_per_person_month",
                                                   s.operations_usd_per_person_month);
        m_c.storage_usd_per_pb_month =
            addOptional("/owner/storage_usd_per_pb_month", s.storage_usd_per_pb_month);
        m_c.power_cap_mw = addOptional("/power/cap_mw", s.power_cap_mw);
        m_c.over_cap_usd_per_kw_month =
            addOptional("/power/over_cap_usd_per_kw_month", s.over_cap_usd_per_kw_month);
        m_c.financing_rate = addOptional("/financing/rate_per_year", s.financing_rate_per_year);
        m_c.financing = m_c.financing_rate == kNoInput ? FinancingMethod::Cash : s.financing;
        m_c.financing_term_months = s.financing_term_months;
    }

    bool applies(PortTask task) const {
        auto any = [&](auto predicate) {
            return std::any_of(m_c.workloads.begin(), m_c.workloads.end(), predicate);
        };
        const auto inference = [](const CompiledWorkload& w) {
            return w.kind == WorkloadKindOfDemand::Inference;
        };
        const auto training = [](const CompiledWorkload& w) {
            return w.kind == WorkloadKindOfDemand::Training;
        };
        switch (task) {
        case PortTask::InferencePort:
            return any(inference);
        case PortTask::TensorRtReengineering:
            return any([](const CompiledWorkload& w) {
                return w.kind == WorkloadKindOfDemand::Inference && w.tensorrt;
            });
        case PortTask::TrainingPort:
            return any(training);
        case PortTask::RcclPort:
            return any([](const CompiledWorkload& w) {
                return w.kind == WorkloadKindOfDemand::Training && w.multi_node;
            });
        case PortTask::TritonRewrite:
            return true;
        }
        return false;
    }

    // The tasks a group's door waits for: the Triton rewrite where the path has one, and the
    // port of the group's kind with what its workloads need (TensorRT re-engineering for a
    // TensorRT-served one, the RCCL port for multi-node training).
    static unsigned taskMask(const CompiledOption& option, const CompiledDoorGroup& group) {
        unsigned mask = 0;
        for (std::size_t i = 0; i < option.tasks.size(); ++i) {
            bool needed = false;
            switch (option.tasks[i].task) {
            case PortTask::TritonRewrite:
                needed = true;
                break;
            case PortTask::InferencePort:
                needed = group.kind == DoorKind::Inference;
                break;
            case PortTask::TensorRtReengineering:
                needed = group.kind == DoorKind::Inference && group.tensorrt;
                break;
            case PortTask::TrainingPort:
                needed = group.kind == DoorKind::Training;
                break;
            case PortTask::RcclPort:
                needed = group.kind == DoorKind::Training && group.multi_node;
                break;
            }
            if (needed)
                mask |= 1u << i;
        }
        return mask;
    }

    // Version 1: one group per kind (all inference, all training), as the first engine had
    // one door per kind. Version 2: a group per door_group, or per workload without one.
    void compileDoorGroups() {
        std::size_t w = 0;
        for (const auto& [id, workload] : m_s.workloads) {
            const DoorKind kind = workload.kind == WorkloadKindOfDemand::Inference
                                      ? DoorKind::Inference
                                      : DoorKind::Training;
            std::string group = id;
            if (m_c.engine_version < 2)
                group = kind == DoorKind::Inference ? "inference" : "training";
            else if (!workload.door_group.empty())
                group = workload.door_group;
            auto it = std::find_if(m_c.door_groups.begin(), m_c.door_groups.end(),
                                   [&](const CompiledDoorGroup& g) { return g.id == group; });
            const std::string at = "/workloads/" + pointerToken(id) + "/door_group";
            if (it == m_c.door_groups.end()) {
                if (m_c.door_groups.size() == std::size_t(kMaxDoorGroups))
                    throw ScenarioError(at, "more than " + std::to_string(kMaxDoorGroups) +
                                                " door groups; give workloads that move to AMD "
                                                "together the same door_group");
                m_c.door_groups.push_back({group, kind, {}, false, false});
                it = m_c.door_groups.end() - 1;
            } else if (it->kind != kind) {
                throw ScenarioError(at, "door group \"" + group +
                                            "\" mixes inference and training workloads; expected "
                                            "one kind per group (a training and an inference "
                                            "door open after different ports)");
            }
            it->workloads.push_back(int(w));
            it->tensorrt = it->tensorrt || m_c.workloads[w].tensorrt;
            it->multi_node = it->multi_node || m_c.workloads[w].multi_node;
            ++w;
        }
        if (m_c.engine_version < 2) // the first engine's doors: inference, then training
            std::stable_partition(
                m_c.door_groups.begin(), m_c.door_groups.end(),
                [](const CompiledDoorGroup& g) { return g.kind == DoorKind::Inference; });
    }

    CompiledOption compileOption(OptionId id) {
        CompiledOption option;
        option.id = id;
        const auto path = pathOf(id);
        if (!path)
            return option; // stay-cuda: no tasks, no doors
        const EffortLevel effort = effortLevel(m_s.audit.profile().highCount());
        const auto sequence = m_s.pricebook.sequences.find(*path);
        if (sequence == m_s.pricebook.sequences.end())
            throw ScenarioError("/pricebook/sequences/" + str(toString(*path)),
                                "the price book has no task sequence for " + str(toString(*path)) +
                                    "; expected the path's port tasks in order "
                                    "(docs/pricebook.md)");
        for (PortTask task : sequence->second) {
            if (!applies(task))
                continue;
            const std::string at = "/pricebook/port_months/" + str(toString(task)) + "/" +
                                   str(toString(effort)) + "/" + str(toString(*path));
            const auto& byTask = m_s.pricebook.port_months;
            const auto t = byTask.find(task);
            if (t == byTask.end() || !t->second.count(effort) || !t->second.at(effort).count(*path))
                throw ScenarioError(at, "the price book has no months for this task; expected "
                                        "[low, most_likely, high] calendar months here "
                                        "(docs/pricebook.md)");
            InputId months = m_c.inputs.find(at).value_or(kNoInput);
            if (months == kNoInput) // one draw for this task on every path (InputTable::add)
                months = m_c.inputs.add(at, t->second.at(effort).at(*path),
                                        portTaskStream(task, effort));
            option.tasks.push_back({task, months});
            if (task == PortTask::TritonRewrite)
                option.ported_kernels = true;
        }
        option.commits_whole_sequence = m_c.engine_version < 2;
        const bool hetccl = *path == PortabilityPath::Path3 || *path == PortabilityPath::Path2And3;
        const bool growthOnly = *path == PortabilityPath::Path2;
        option.door_of_workload.assign(m_c.workloads.size(), -1);
        for (std::size_t g = 0; g < m_c.door_groups.size(); ++g) {
            const CompiledDoorGroup& group = m_c.door_groups[g];
            const bool training = group.kind == DoorKind::Training;
            CompiledDoor door;
            door.group = int(g);
            door.kind = group.kind;
            door.mode = (growthOnly || (training && hetccl)) ? DoorMode::Growth : DoorMode::Move;
            door.task_mask = taskMask(option, group);
            door.waits_for_hetccl = training && hetccl;
            door.cross_vendor = training && hetccl;
            for (int w : group.workloads)
                option.door_of_workload[std::size_t(w)] = int(option.doors.size());
            option.doors.push_back(door);
        }
        return option;
    }
};

} // namespace

int CompiledScenario::skuIndex(std::string_view id) const {
    for (std::size_t i = 0; i < skus.size(); ++i)
        if (skus[i].id == id)
            return static_cast<int>(i);
    return -1;
}

namespace {
std::atomic<std::size_t> g_compiles{0};
std::atomic<std::size_t> g_recommendations{0};
} // namespace

CompiledScenario compile(const Scenario& scenario, const CompiledScenario* previous) {
    g_compiles.fetch_add(1, std::memory_order_relaxed);
    CompiledScenario out = Compiler(scenario).run();
    out.audit_profile = scenario.audit.profile();
    if (previous && previous->audit_profile == out.audit_profile) {
        out.recommendation = previous->recommendation;
    } else {
        g_recommendations.fetch_add(1, std::memory_order_relaxed);
        out.recommendation = recommend(out.audit_profile);
    }
    return out;
}

CompileCounts compileCounts() {
    return {g_compiles.load(std::memory_order_relaxed),
            g_recommendations.load(std::memory_order_relaxed)};
}

} // namespace crossgrade::model
