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
        fillOwnerCosts();
        fillCorrelations();
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

    // Issue 24's owner costs. Stating support apart narrows maintenance to repairs and parts on
    // the whole server, so an older all-in maintenance figure is replaced with it.
    void fillOwnerCosts() {
        const OwnerDefaults& d = ownerDefaults();
        if (!m_s.support_share_per_year) {
            m_changes.push_back({"/energy/maintenance_per_year",
                                 describe(m_s.maintenance_per_year) + " → repairs and parts " +
                                     describe(d.maintenance_per_year) +
                                     " (support contracts and GPU replacements now apart)"});
            m_s.maintenance_per_year = d.maintenance_per_year;
        }
        if (!m_s.infiniband_usd_per_gpu && !m_s.roce_usd_per_gpu)
            toServerOverhead();
        fill("/network/infiniband_usd_per_gpu", m_s.infiniband_usd_per_gpu,
             d.infiniband_usd_per_gpu);
        fill("/network/roce_usd_per_gpu", m_s.roce_usd_per_gpu, d.roce_usd_per_gpu);
        fill("/owner/support_share_per_year", m_s.support_share_per_year, d.support_share_per_year);
        fill("/owner/gpu_replacement_rate_per_year", m_s.gpu_replacement_rate_per_year,
             d.gpu_replacement_rate_per_year);
        fill("/owner/gpus_per_operations_engineer", m_s.gpus_per_operations_engineer,
             d.gpus_per_operations_engineer);
        fill("/owner/operations_usd_per_person_month", m_s.operations_usd_per_person_month,
             d.operations_usd_per_person_month);
        fill("/owner/storage_usd_per_pb_month", m_s.storage_usd_per_pb_month,
             d.storage_usd_per_pb_month);
    }

    // The shared assumptions move together unless the scenario correlates any of them itself.
    void fillCorrelations() {
        const std::map<std::string, InputCorrelation> shared = sharedAssumptionCorrelations(m_s);
        for (const auto& [id, c] : m_s.correlations)
            for (const auto& [sid, sc] : shared)
                if (c.first == sc.first || c.first == sc.second || c.second == sc.first ||
                    c.second == sc.second)
                    return; // the author's own correlations of these: left alone
        // The reader takes at most 100 correlations (data/documents/scenario_json.cpp).
        if (shared.empty() || m_s.correlations.size() + shared.size() > 100)
            return;
        for (const auto& [id, c] : shared)
            m_s.correlations[id] = c;
        m_changes.push_back({"/correlations", std::to_string(shared.size()) +
                                                  " rank correlations of 0.8 between the SKUs' "
                                                  "shared assumptions (price decline, useful life, "
                                                  "residual floor, host power, server overhead)"});
    }

    // An older book's overhead held the scale-out network; priced apart now, it would count
    // twice, so each SKU's overhead becomes the current book's server-only figure.
    void toServerOverhead() {
        for (auto& [id, sku] : m_s.pricebook.skus) {
            const std::string at = "/pricebook/skus/" + pointerToken(id) + "/overhead_usd";
            const auto current = m_defaults.skus.find(id);
            if (current == m_defaults.skus.end()) {
                m_changes.push_back({at, "kept " + describe(sku.overhead_usd) +
                                             ": no default for this SKU; the fabric is now "
                                             "priced apart (/network), so check it holds the "
                                             "server only"});
                continue;
            }
            if (sku.overhead_usd == current->second.overhead_usd)
                continue;
            m_changes.push_back(
                {at, "server & network " + number(sku.overhead_usd.range.most_likely) +
                         " → server only " + describe(current->second.overhead_usd)});
            sku.overhead_usd = current->second.overhead_usd;
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

const OwnerDefaults& ownerDefaults() {
    static const OwnerDefaults defaults{
        sourced(3500, 4200, 6600,
                "InfiniBand switches and cables ≈ $4.2k per GPU at 1k GPUs, $6.6k at 32k GPUs "
                "(public BOM sheet, 2024, C; facts-2026-12.md §5); the NICs stay in the server's "
                "overhead",
                Confidence::C),
        sourced(2000, 3000, 4500,
                "assumption, no public RoCE BOM found: Ethernet switching below InfiniBand's "
                "$4.2k per GPU; AMD clusters commonly run RoCE (InferenceX #998, C)",
                Confidence::Unknown),
        sourced(0.10, 0.12, 0.15,
                "support contracts 10–15 % of capex a year (facts-2026-12.md §5, C)",
                Confidence::C),
        sourced(0.01, 0.02, 0.04,
                "assumption: repairs and parts (DIMMs, fans, PSUs, NICs, labour) beyond the "
                "support contract, on the whole server's purchase value",
                Confidence::Unknown),
        sourced(0.01, 0.03, 0.11,
                "assumption bounded above by ≈ 11 GPU-attributed interruptions per 100 GPU-years "
                "(Meta's Llama 3 report, B; facts-2026-12.md §5): most interruptions end in a "
                "reset, not a replacement",
                Confidence::Unknown),
        sourced(100, 250, 500,
                "assumption, no public staffing ratio found: one operations engineer (SRE, "
                "data-centre technician) per 100–500 owned GPUs",
                Confidence::Unknown),
        sourced(14000, 18000, 25000,
                "assumption: loaded cost of an SRE or data-centre engineer in the US, about "
                "$170k–$300k a year",
                Confidence::Unknown),
        sourced(3000, 4200, 5800,
                "derived: ≈ $250k per PB of parallel file system (facts-2026-12.md §5, C; "
                "$180k–$350k assumed around it) spread over 60 months",
                Confidence::C),
        sourced(0.065, 0.08, 0.12,
                "2026 GPU loans at SOFR + 2.25 % (investment-grade offtaker) to SOFR + 4.50 % "
                "(C); CoreWeave's effective rate 7–15 % (10-Q, A) bounds the high end "
                "(facts-2026-12.md §5)",
                Confidence::C),
        sourced(0.12, 0.14, 0.18, "GPU sale-leaseback at 12–18 % (C; facts-2026-12.md §5)",
                Confidence::C),
        sourced(163, 184, 250,
                "colocation asking rent $184 per kW-month in H1 2025, $163 in 2023, vacancy "
                "1.4 % at the end of 2025 (CBRE via trade press, C; facts-2026-12.md §5): power "
                "above the cap is rented elsewhere, at a premium when space is scarce",
                Confidence::C),
    };
    return defaults;
}

UncertainNumber installedFleetPowerCap(const Scenario& s) {
    double kw = 0;
    for (const auto& [id, lot] : s.fleet) {
        const auto sku = s.pricebook.skus.find(lot.sku);
        if (lot.channel == Channel::Owned && sku != s.pricebook.skus.end())
            kw += lot.count * (sku->second.board_power_kw.mostLikely() +
                               sku->second.host_power_kw.mostLikely());
    }
    UncertainNumber cap = UncertainNumber::certain(std::max(0.1, std::ceil(kw / 100.0) / 10.0));
    cap.source = "the owned installed fleet's provisioned power today (board + host): replace "
                 "it with the site's contracted figure";
    cap.date = "2026-12";
    cap.confidence = Confidence::Unknown;
    return cap;
}

std::map<std::string, InputCorrelation> sharedAssumptionCorrelations(const Scenario& s) {
    static const std::vector<std::pair<std::string, std::string>> figures{
        {"price_decline_per_year", "one market's prices fall together"},
        {"useful_life_months", "one technology cycle retires them together"},
        {"residual_floor", "one used market sets their floors"},
        {"host_power_kw", "the same server class powers them"},
        {"overhead_usd", "the same server and memory market prices them"},
    };
    std::map<std::string, InputCorrelation> out;
    for (const auto& [figure, why] : figures)
        for (auto a = s.pricebook.skus.begin(); a != s.pricebook.skus.end(); ++a)
            for (auto b = std::next(a); b != s.pricebook.skus.end(); ++b) {
                InputCorrelation c;
                c.first = "/pricebook/skus/" + pointerToken(a->first) + "/" + figure;
                c.second = "/pricebook/skus/" + pointerToken(b->first) + "/" + figure;
                c.rank_correlation = 0.8;
                c.note =
                    "assumption (2026-12 defaults): " + why + "; no measured correlation found";
                out["shared-" + figure + "-" + a->first + "-" + b->first] = std::move(c);
            }
    return out;
}

std::vector<UpgradeChange> upgradeScenario(Scenario& scenario, const PriceBook& defaults) {
    return Upgrade(scenario, defaults).run();
}

} // namespace crossgrade::model
