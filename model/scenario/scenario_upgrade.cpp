// Filling what an older scenario lacks (scenario_upgrade.h).

#include "scenario_upgrade.h"

#include "capacity_defaults.h"
#include "scenario_input_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace crossgrade::model {

namespace {

UncertainNumber sourced(double low, double mode, double high, std::string source,
                        Confidence confidence) {
    UncertainNumber n = UncertainNumber::between(low, mode, high);
    n.source = std::move(source);
    n.date = "2026-12";
    n.confidence = confidence;
    return n;
}

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

// "0.08 [0.03–0.15], ?: assumption, …"
std::string describe(const UncertainNumber& n) {
    std::string out = number(n.range.most_likely);
    if (!n.isCertain())
        out += " [" + number(n.range.low) + "–" + number(n.range.high) + "]";
    if (n.confidence)
        out += ", " + std::string(toString(*n.confidence));
    if (!n.source.empty())
        out += ": " + n.source;
    return out;
}

class Upgrade {
public:
    Upgrade(Scenario& s, const PriceBook& defaults)
        : m_s(s)
        , m_defaults(defaults) {}

    std::vector<UpgradeChange> run() {
        if (m_s.engine_version < kCurrentEngineVersion) {
            const int from = m_s.engine_version;
            std::string what;
            if (from < 2)
                what = "a door per workload or door group, each committing only its own tasks; "
                       "break-even on discounted cost; ";
            what += "inference capacity from weights, KV cache, HBM, bandwidth and compute, and "
                    "the transition as the article states it (docs/model.md, \"Engine "
                    "versions\")";
            m_changes.push_back({"/engine_version", std::to_string(from) + " → " +
                                                        std::to_string(kCurrentEngineVersion) +
                                                        ": " + what});
            m_s.engine_version = kCurrentEngineVersion;
            toCapacityModel();
        }
        const SellingDefaults& d = sellingDefaults();
        fill("/resale/sale_cost_fraction", m_s.sale_cost_fraction, d.sale_cost_fraction);
        fill("/resale/server_retention_per_year", m_s.server_retention_per_year,
             d.server_retention_per_year);
        fill("/procurement/nvidia/max_sold_per_month", m_s.nvidia.max_sold_per_month,
             d.nvidia_max_sold_per_month);
        fill("/procurement/amd/max_sold_per_month", m_s.amd.max_sold_per_month,
             d.amd_max_sold_per_month);
        for (auto& [id, sku] : m_s.pricebook.skus) {
            const auto current = m_defaults.skus.find(id);
            if (current == m_defaults.skus.end())
                continue; // a SKU of the user's own: no default to offer
            const std::string at = "/pricebook/skus/" + pointerToken(id) + "/";
            // The SKU inputs older price books lack: the editor's table, one list for both.
            for (const input_fields::OptionalSkuSpec& f : input_fields::optionalSkuSpecs())
                if (current->second.*f.member)
                    fill(at + std::string(f.key), sku.*f.member, *(current->second.*f.member));
        }
        std::sort(
            m_changes.begin(), m_changes.end(),
            [](const UpgradeChange& a, const UpgradeChange& b) { return a.pointer < b.pointer; });
        return std::move(m_changes);
    }

private:
    Scenario& m_s;
    const PriceBook& m_defaults;
    std::vector<UpgradeChange> m_changes;

    // Engine version 3 reads the inference rows of the performance table as software efficiency
    // at equal fit, a workload's weights and KV cache, each SKU's bandwidth and compute, and the
    // transition per class (docs/model.md, "Inference capacity").
    void toCapacityModel() {
        for (auto& [id, w] : m_s.workloads) {
            const Workload before = w;
            if (!fillCapacityFromModelMemory(w))
                continue;
            const std::string at = "/workloads/" + pointerToken(id) + "/";
            if (!before.weights_gb)
                m_changes.push_back({at + "weights_gb", describe(*w.weights_gb)});
            if (!before.kv_mb_per_token)
                m_changes.push_back({at + "kv_mb_per_token", describe(*w.kv_mb_per_token)});
            if (!before.interactivity_tokens_per_s)
                m_changes.push_back(
                    {at + "interactivity_tokens_per_s", describe(*w.interactivity_tokens_per_s)});
            if (before.input_tokens <= 0 || before.output_tokens <= 0)
                m_changes.push_back({at + "input_tokens", std::to_string(w.input_tokens) + " in, " +
                                                              std::to_string(w.output_tokens) +
                                                              " out per request (default)"});
        }
        if (!m_s.tensor_parallel_overhead)
            fill("/capacity/tensor_parallel_overhead", m_s.tensor_parallel_overhead,
                 defaultTensorParallelOverhead());
        for (auto& [id, sku] : m_s.pricebook.skus) {
            const auto current = m_defaults.skus.find(id);
            const std::string at = "/pricebook/skus/" + pointerToken(id) + "/";
            for (auto member : {&Sku::bandwidth_tb_s, &Sku::fp8_tflops})
                if (!(sku.*member).range.low && current != m_defaults.skus.end()) {
                    sku.*member = current->second.*member;
                    m_changes.push_back(
                        {at + (member == &Sku::bandwidth_tb_s ? "bandwidth_tb_s" : "fp8_tflops"),
                         describe(sku.*member)});
                }
        }
        toEfficiencies();
        // A file with its own scenario-wide transition keeps it for every class; one without
        // takes the per-class defaults.
        if (!m_s.transition_regression)
            for (const auto& [cls, n] : m_defaults.transition)
                if (!m_s.pricebook.transition.contains(cls)) {
                    m_s.pricebook.transition[cls] = n;
                    m_changes.push_back(
                        {"/pricebook/transition/" + std::string(toString(cls)), describe(n)});
                }
    }

    // An inference cell was a ratio that held the memory advantage; from version 3 it is the
    // efficiency at equal fit, so the default book's efficiency replaces it (the capacity model
    // adds the memory advantage: kept, it would count twice).
    void toEfficiencies() {
        for (auto& [cls, row] : m_s.pricebook.performance) {
            if (!isInference(cls))
                continue;
            const auto defaults = m_defaults.performance.find(cls);
            for (auto& [sku, cell] : row) {
                if (sku == "H100")
                    continue;
                const std::string at = "/pricebook/performance/" + std::string(toString(cls)) +
                                       "/" + pointerToken(sku);
                const auto fresh = defaults == m_defaults.performance.end()
                                       ? std::map<std::string, UncertainNumber>::const_iterator{}
                                       : defaults->second.find(sku);
                if (defaults == m_defaults.performance.end() || fresh == defaults->second.end()) {
                    m_changes.push_back({at, "kept " + describe(cell) +
                                                 ": no default for this SKU; engine version 3 "
                                                 "reads it as software efficiency at equal fit, "
                                                 "so check it holds no memory advantage"});
                    continue;
                }
                if (cell == fresh->second)
                    continue;
                m_changes.push_back({at, "ratio " + number(cell.range.most_likely) +
                                             " → software efficiency " + describe(fresh->second)});
                cell = fresh->second;
            }
        }
    }

    void fill(std::string pointer, std::optional<UncertainNumber>& slot,
              const UncertainNumber& value) {
        if (slot)
            return;
        slot = value;
        m_changes.push_back({std::move(pointer), describe(value)});
    }
};

} // namespace

const SellingDefaults& sellingDefaults() {
    static const SellingDefaults defaults{
        sourced(0.03, 0.08, 0.15,
                "assumption, no source in facts-2026-12.md: broker commission, de-installation, "
                "data wiping and shipping of used GPU servers, as a share of the proceeds",
                Confidence::Unknown),
        sourced(0.35, 0.5, 0.65,
                "assumption, no source in facts-2026-12.md: CPUs, memory, chassis and fabric "
                "resell for about a quarter of their price after two years (0.5² = 25 %), "
                "faster than the GPUs (GLRI's 40–45 % at year 2, facts-2026-12.md §2)",
                Confidence::Unknown),
        sourced(128, 256, 512,
                "assumption, no source found: GPUs a broker places for one seller in a month "
                "(32 eight-GPU servers most likely)",
                Confidence::Unknown),
        sourced(32, 64, 128,
                "assumption: a quarter of NVIDIA's, AMD's resale market being thinner "
                "(SemiAnalysis, May 2025, B; facts-2026-12.md §2)",
                Confidence::Unknown),
    };
    return defaults;
}

std::vector<UpgradeChange> upgradeScenario(Scenario& scenario, const PriceBook& defaults) {
    return Upgrade(scenario, defaults).run();
}

} // namespace crossgrade::model
