// The engine's read-only arithmetic that does not fit inline in engine_terms.h: the tables a
// door-policy search shares between its runs, and the choice of SKU new capacity is bought as.

#include "engine_terms.h"

#include "capacity_defaults.h"
#include "inference_capacity.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace crossgrade::model::engine {

namespace {

bool sameBits(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

} // namespace

void EngineTerms::tabulate() {
    m_tabled = false; // the expressions below, not the tables being filled
    const std::size_t skus = m_s.skus.size();
    const std::size_t months = std::size_t(m_s.horizon_months);
    const std::size_t workloads = m_s.workloads.size();
    // A column is a function of its input's value and the month only (not of the scenario it
    // came from), so the keys stay valid across scenarios of the same shape.
    const bool fresh = m_ws.table_months != m_s.horizon_months || m_ws.decline_key.size() != skus ||
                       m_ws.growth_key.size() != workloads || m_ws.discount_factor.size() != months;
    if (fresh) {
        m_ws.decline_factor.assign(months * skus, 0.0);
        m_ws.growth_factor.assign(workloads * months, 0.0);
        m_ws.discount_factor.assign(months, 0.0);
        m_ws.decline_key.assign(skus, 0.0);
        m_ws.growth_key.assign(workloads, 0.0);
        m_ws.table_months = m_s.horizon_months;
    }
    for (const int live : m_s.live_skus) { // no other SKU's price is ever read
        const std::size_t i = std::size_t(live);
        const double rate = in(sku(live).price_decline_per_year);
        if (!fresh && sameBits(m_ws.decline_key[i], rate))
            continue;
        for (std::size_t m = 0; m < months; ++m)
            m_ws.decline_factor[m * skus + i] = declineFactor(int(i), int(m));
        m_ws.decline_key[i] = rate;
    }
    for (const CompiledWorkload& w : m_s.workloads) {
        const std::size_t at = workloadIndex(w);
        const double growth = in(w.growth_per_month);
        if (!fresh && sameBits(m_ws.growth_key[at], growth))
            continue;
        for (std::size_t m = 0; m < months; ++m)
            m_ws.growth_factor[at * months + m] = growthFactor(w, int(m));
        m_ws.growth_key[at] = growth;
    }
    const double r = in(m_s.discount_rate);
    if (fresh || !sameBits(m_ws.discount_key, r)) {
        for (std::size_t m = 0; m < months; ++m)
            m_ws.discount_factor[m] = std::pow(1.0 + r, -int(m) / 12.0);
        m_ws.discount_key = r;
    }
    int oldestLot = 0;
    for (const CompiledLot& lot : m_s.lots)
        oldestLot = std::max(oldestLot, lot.age_months);
    m_ws.residual_ages = months + std::size_t(oldestLot) + 1;
    m_ws.residual_share.assign(skus * m_ws.residual_ages, std::nan(""));
    m_ws.server_share.assign(m_ws.residual_ages, std::nan(""));
    m_ws.replica_gpus.assign(workloads * skus, 1);
    if (!capacityModel())
        for (const CompiledWorkload& w : m_s.workloads)
            if (w.kind == WorkloadKindOfDemand::Inference)
                for (std::size_t i = 0; i < skus; ++i)
                    m_ws.replica_gpus[workloadIndex(w) * skus + i] =
                        inferenceReplicaGpus(w, int(i));
    if (capacityModel())
        tabulateCapacity();
    m_tabled = true;
}

void EngineTerms::tabulateCapacity() {
    const std::size_t skus = m_s.skus.size();
    m_ws.replica_gpus.assign(m_s.workloads.size() * skus, 1);
    m_ws.capacity_ratio.assign(m_s.workloads.size() * skus, 0.0);
    const int anchor = m_s.skuIndex("H100");
    for (const CompiledWorkload& w : m_s.workloads) {
        if (w.kind != WorkloadKindOfDemand::Inference)
            continue;
        InferenceNeed need;
        need.input_tokens = w.input_tokens;
        need.output_tokens = w.output_tokens;
        if (w.weights_gb != kNoInput) {
            need.weights_gb = in(w.weights_gb);
            need.kv_mb_per_token = in(w.kv_mb_per_token);
        } else {
            const double memory = in(w.model_memory_gb);
            need.weights_gb = weightsFromModelMemory(memory);
            need.kv_mb_per_token =
                kvMbPerTokenFromModelMemory(memory, w.input_tokens + w.output_tokens);
        }
        need.interactivity =
            w.interactivity != kNoInput ? in(w.interactivity) : kDefaultInteractivity;
        need.usable_hbm = in(m_s.usable_hbm_fraction);
        need.tp_overhead = m_s.tensor_parallel_overhead != kNoInput
                               ? in(m_s.tensor_parallel_overhead)
                               : kDefaultTensorParallelOverhead;
        const auto capability = [&](int s, double efficiency) {
            const CompiledSku& k = sku(s);
            return GpuCapability{in(k.hbm_gb), in(k.bandwidth_tb_s), in(k.fp8_tflops),
                                 k.gpus_per_server, efficiency};
        };
        // The anchor: H100 with its own software, efficiency 1 by definition.
        const double reference =
            bestInferenceFit(need, capability(anchor, 1.0)).tokens_per_s_per_gpu;
        for (const int live : m_s.live_skus) { // no other SKU is ever placed on
            const std::size_t i = std::size_t(live);
            // The table's efficiency; a SKU only a benchmark rates is sized by its measurement.
            const InputId id = w.efficiency[i] != kNoInput ? w.efficiency[i] : w.ratio[i];
            const std::size_t at = workloadIndex(w) * skus + i;
            if (id == kNoInput || reference <= 0)
                continue; // unrated: the engine does not place the workload there
            const InferenceFit fit = bestInferenceFit(need, capability(int(i), in(id)));
            m_ws.replica_gpus[at] = fit.gpus;
            m_ws.capacity_ratio[at] = fit.tokens_per_s_per_gpu / reference;
        }
    }
    m_capacityTabled = true;
}

} // namespace crossgrade::model::engine
