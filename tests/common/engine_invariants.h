#pragma once

// DESIGN.md's invariants of the cost engine as reusable Qt Test checks, and a seeded random
// perturbation that works on any scenario (the fixture or a shipped sample). The checks use
// QVERIFY2, so a caller returns when QTest::currentTestFailed().

#include "evaluation.h"

#include <QString>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>

namespace crossgrade::testing {

using namespace crossgrade::model;

inline double relTol(double a) {
    return 1e-9 * std::max(1.0, std::abs(a));
}

inline ScenarioEvaluation evaluate(const Scenario& s) {
    return evaluateScenario(s, compile(s));
}

inline double npvOf(const ScenarioEvaluation& e, OptionId id) {
    return e.find(id)->run.npv_usd;
}

// Scales every price, rate, performance ratio of the AMD SKUs, port month and demand of `s`
// by seeded random factors and redraws the plain choices (sizing, channels, disposition,
// tiers, horizon, team), keeping HetCCL's month within a year past the horizon.
inline Scenario perturbScenario(Scenario s, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto uni = [&](double lo, double hi) {
        return std::uniform_real_distribution<>(lo, hi)(rng);
    };
    auto scale = [&](UncertainNumber& n, double lo, double hi) {
        n = UncertainNumber::certain(n.mostLikely() * uni(lo, hi));
    };
    s.horizon_months = std::uniform_int_distribution<>(12, 72)(rng);
    s.sizing = uni(0, 1) < 0.5 ? Sizing::Continuous : Sizing::WholeServers;
    s.disposition = uni(0, 1) < 0.7 ? Disposition::Sell : Disposition::KeepIdle;
    const Channel channels[] = {Channel::Owned, Channel::Reserved, Channel::OnDemand};
    s.amd.channel = channels[std::uniform_int_distribution<>(0, 2)(rng)];
    s.nvidia.channel = uni(0, 1) < 0.8 ? Channel::Owned : Channel::Reserved;
    for (auto& [id, sku] : s.pricebook.skus) {
        scale(sku.purchase_usd, 0.6, 1.5);
        scale(sku.overhead_usd, 0.5, 1.5);
        scale(sku.reserved_usd_per_hour, 0.6, 1.6);
        scale(sku.on_demand_usd_per_hour, 0.6, 2.0);
        sku.price_decline_per_year = UncertainNumber::certain(uni(0.0, 0.25));
    }
    for (auto& [cls, row] : s.pricebook.performance)
        for (auto& [skuId, ratio] : row)
            if (s.pricebook.skus.count(skuId) && s.pricebook.skus.at(skuId).vendor == Vendor::Amd)
                scale(ratio, 0.6, 1.6);
    for (auto& [task, byEffort] : s.pricebook.port_months)
        for (auto& [effort, byPath] : byEffort)
            for (auto& [path, months] : byPath)
                scale(months, 0.5, 2.0);
    for (Dimension d : kAllDimensions)
        s.audit.dimension(d).tier = static_cast<Tier>(std::uniform_int_distribution<>(0, 2)(rng));
    for (auto& [id, w] : s.workloads) {
        if (w.kind == WorkloadKindOfDemand::Inference) {
            w.growth_per_month = UncertainNumber::certain(uni(-0.02, 0.06));
            scale(w.peak_tokens_per_s, 0.2, 3.0);
            w.model_memory_gb = UncertainNumber::certain(uni(20, 700));
            // Engine 3's capacity inputs, where the workload has them.
            if (w.weights_gb)
                w.weights_gb = UncertainNumber::certain(uni(8, 600));
            if (w.kv_mb_per_token)
                scale(*w.kv_mb_per_token, 0.3, 3.0);
            if (w.interactivity_tokens_per_s)
                w.interactivity_tokens_per_s = UncertainNumber::certain(uni(5, 80));
        } else {
            w.growth_per_month = UncertainNumber::certain(uni(-0.02, 0.05));
            scale(w.h100_equivalent_gpus, 0.2, 3.0);
        }
    }
    s.amd_discount = UncertainNumber::certain(uni(0.0, 0.4));
    s.nvidia_discount = UncertainNumber::certain(uni(0.0, 0.2));
    s.target_utilisation = UncertainNumber::certain(uni(0.4, 0.9));
    s.transition_regression = UncertainNumber::certain(uni(0.0, 0.4));
    for (auto& [cls, transition] : s.pricebook.transition)
        transition = UncertainNumber::certain(uni(0.0, 0.4));
    s.transition_regression_months = UncertainNumber::certain(uni(0.0, 12.0));
    s.team_engineers = std::uniform_int_distribution<>(0, 12)(rng);
    s.dual_vendor_usd_per_month = UncertainNumber::certain(uni(0, 150000));
    s.ramp_productivity_loss = UncertainNumber::certain(uni(0.0, 0.1));
    s.hetccl_available_month = UncertainNumber::certain(uni(0.0, s.horizon_months + 12.0));
    s.hetccl_cross_vendor_efficiency = UncertainNumber::certain(uni(0.6, 1.0));
    // Engine v2's selling inputs, present in about half the draws and absent in the rest (the
    // first engine's behaviour), so both are exercised.
    if (uni(0, 1) < 0.5) {
        s.sale_cost_fraction = UncertainNumber::certain(uni(0.0, 0.2));
        s.server_retention_per_year = UncertainNumber::certain(uni(0.2, 0.8));
        s.nvidia.max_sold_per_month = UncertainNumber::certain(uni(8, 600));
        s.amd.max_sold_per_month = UncertainNumber::certain(uni(8, 200));
        s.amd.bridge = uni(0, 1) < 0.7 ? Channel::OnDemand : Channel::Reserved;
        for (auto& [id, sku] : s.pricebook.skus) {
            sku.resale_retention_per_year = UncertainNumber::certain(uni(0.4, 0.8));
            sku.lead_time_months = UncertainNumber::certain(uni(0.0, 6.0));
            if (sku.vendor == Vendor::Nvidia)
                sku.market_value_usd =
                    UncertainNumber::certain(sku.purchase_usd.mostLikely() * uni(0.3, 0.9));
        }
    }
    // Issue 24's owner costs, likewise in about half the draws.
    if (uni(0, 1) < 0.5) {
        s.infiniband_usd_per_gpu = UncertainNumber::certain(uni(2000, 7000));
        s.roce_usd_per_gpu = UncertainNumber::certain(uni(1500, 5000));
        s.support_share_per_year = UncertainNumber::certain(uni(0.0, 0.15));
        s.gpu_replacement_rate_per_year = UncertainNumber::certain(uni(0.0, 0.1));
        s.gpus_per_operations_engineer = UncertainNumber::certain(uni(50, 1000));
        s.operations_usd_per_person_month = UncertainNumber::certain(uni(10000, 30000));
        s.storage_usd_per_pb_month = UncertainNumber::certain(uni(2000, 6000));
        for (auto& [id, w] : s.workloads)
            w.storage_pb = UncertainNumber::certain(uni(0, 5));
        if (uni(0, 1) < 0.5) {
            s.financing = uni(0, 1) < 0.5 ? FinancingMethod::Loan : FinancingMethod::Lease;
            s.financing_rate_per_year = UncertainNumber::certain(uni(0.05, 0.18));
            s.financing_term_months = std::uniform_int_distribution<>(12, 72)(rng);
        }
        if (uni(0, 1) < 0.5) {
            s.power_cap_mw = UncertainNumber::certain(uni(0.2, 3.0));
            s.over_cap_usd_per_kw_month = UncertainNumber::certain(uni(50, 400));
        }
    }
    return s;
}

// What a sweep of perturbations exercised, so that no invariant passes by never being tried.
struct InvariantTally {
    int scenarios = 0;
    int doorsTaken = 0;
    int hetcclInside = 0;
    int hetcclDoorTaken = 0;
    std::map<std::string, int> doorsPerWorkload; // options that moved the workload to AMD
    int sellingInputs = 0;                       // scenarios with engine v2's selling inputs
    int ownerCosts = 0;                          // scenarios with issue 24's owner costs
    int financed = 0;                            // … paying by loan or lease
    int capped = 0;                              // … under a power cap
    int locallySearched = 0; // option comparisons of invariants 2–3 in their local-search form

    // "chat 120, pretrain 48": what the sweep moved, for its closing line.
    std::string doorsText() const {
        std::string out;
        for (const auto& [id, n] : doorsPerWorkload)
            out += (out.empty() ? "" : ", ") + id + " " + std::to_string(n);
        return out.empty() ? "none" : out;
    }
};

// Invariant 1: components sum to each month's total, the months to the cumulative and the
// total; the residual is never a cost.
inline void checkComponentsSum(const ScenarioEvaluation& e, const QString& what) {
    for (const OptionOutcome& o : e.options) {
        double running = 0;
        for (int m = 0; m < o.run.horizon; ++m) {
            double sum = 0;
            for (int c = 0; c < kComponentCount; ++c)
                sum += o.run.component(m, c);
            QVERIFY2(std::abs(sum - o.run.total[std::size_t(m)]) <= relTol(sum), qPrintable(what));
            running += o.run.total[std::size_t(m)];
            QVERIFY2(std::abs(running - o.run.cumulative[std::size_t(m)]) <= relTol(running),
                     qPrintable(what));
            QVERIFY2(o.run.component(m, kResidual) <= 0, qPrintable(what));
        }
        QVERIFY2(std::abs(running - o.run.total_usd) <= relTol(running), qPrintable(what));
    }
}

// Invariant 4: the all-never door policy costs exactly stay-cuda; the chosen policy never more.
inline void checkAllNeverIsStayCuda(const Scenario& s, const ScenarioEvaluation& e,
                                    const QString& what) {
    const CompiledScenario c = compile(s);
    const std::vector<double> v = c.inputs.mostLikely();
    EngineWorkspace ws;
    OptionRun never;
    const double stay = npvOf(e, OptionId::StayCuda);
    for (const CompiledOption& option : c.options) {
        evaluateOption(c, v.data(), option, DoorPolicy{}, ws, never);
        QVERIFY2(never.npv_usd == stay, qPrintable(what + " " + toString(option.id).data()));
        QVERIFY2(npvOf(e, option.id) <= never.npv_usd + 1.0, qPrintable(what));
    }
}

// Invariants 2 and 3 for option `id` between `base` and `better` (a larger AMD discount, an
// earlier HetCCL month): `better` never costs more. That is exact where both runs weighed every
// door policy (the minimum of functions that each fall is no higher); where either searched
// locally (issue 22 point 2), the policy found in `better` is no worse than `base`'s policy
// evaluated in `better`, and `locallySearched` counts it.
inline void checkNeverCostsMore(const Scenario& baseScenario, const ScenarioEvaluation& base,
                                const Scenario& betterScenario, const ScenarioEvaluation& better,
                                OptionId id, const QString& what, int& locallySearched) {
    const double found = npvOf(better, id);
    const auto exhaustive = [id](const CompiledScenario& c) {
        const std::vector<double> v = c.inputs.mostLikely();
        for (const CompiledOption& o : c.options)
            if (o.id == id)
                return doorPolicyCount(c, v.data(), o) <= kExhaustivePolicyLimit;
        return true;
    };
    const CompiledScenario betterCompiled = compile(betterScenario);
    if (exhaustive(compile(baseScenario)) && exhaustive(betterCompiled)) {
        QVERIFY2(found <= npvOf(base, id) + relTol(npvOf(base, id)), qPrintable(what));
        return;
    }
    ++locallySearched;
    const std::vector<double> v = betterCompiled.inputs.mostLikely();
    EngineWorkspace ws;
    OptionRun held;
    for (const CompiledOption& o : betterCompiled.options)
        if (o.id == id)
            evaluateOption(betterCompiled, v.data(), o, base.find(id)->policy, ws, held);
    QVERIFY2(found <= held.npv_usd + 1.0,
             qPrintable(what + QString(" (local search: %1 found, %2 with the other run's policy)")
                                   .arg(found, 0, 'f', 2)
                                   .arg(held.npv_usd, 0, 'f', 2)));
}

// Invariants 1, 2, 3, 4 and 6 on one scenario, counting what was exercised into `tally`.
inline void checkEveryInvariant(const Scenario& s, const QString& what, InvariantTally& tally) {
    ++tally.scenarios;
    if (s.sale_cost_fraction)
        ++tally.sellingInputs;
    if (s.support_share_per_year)
        ++tally.ownerCosts;
    if (s.financing != FinancingMethod::Cash)
        ++tally.financed;
    if (s.power_cap_mw)
        ++tally.capped;
    const CompiledScenario compiled = compile(s);
    const ScenarioEvaluation e = evaluateScenario(s, compiled);
    for (const OptionOutcome& o : e.options) {
        const auto option = std::find_if(compiled.options.begin(), compiled.options.end(),
                                         [&](const CompiledOption& c) { return c.id == o.id; });
        for (std::size_t k = 0; k < option->doors.size(); ++k)
            if (o.run.door_taken_month[k] >= 0)
                for (int w : compiled.door_groups[std::size_t(option->doors[k].group)].workloads)
                    ++tally.doorsPerWorkload[compiled.workloads[std::size_t(w)].id];
    }
    checkComponentsSum(e, what);
    if (QTest::currentTestFailed())
        return;
    checkAllNeverIsStayCuda(s, e, what);
    if (QTest::currentTestFailed())
        return;
    // 6. with no door taken, an option costs what stay-cuda costs.
    for (const OptionOutcome& o : e.options) {
        if (o.doors_taken == 0)
            QVERIFY2(o.run.npv_usd == npvOf(e, OptionId::StayCuda), qPrintable(what));
        else
            ++tally.doorsTaken;
    }
    // 2. a larger amd_discount never raises any option's NPV.
    Scenario cheaper = s;
    cheaper.amd_discount =
        UncertainNumber::certain(std::min(0.95, s.amd_discount.mostLikely() + 0.15));
    const ScenarioEvaluation ec = evaluate(cheaper);
    for (const OptionOutcome& o : e.options)
        checkNeverCostsMore(s, e, cheaper, ec, o.id, what + " discount " + toString(o.id).data(),
                            tally.locallySearched);
    // 3. an earlier HetCCL month never raises path3's or path2+3's NPV.
    if (s.hetccl_available_month.mostLikely() < s.horizon_months)
        ++tally.hetcclInside;
    Scenario earlier = s;
    earlier.hetccl_available_month =
        UncertainNumber::certain(std::max(0.0, s.hetccl_available_month.mostLikely() - 9.0));
    const ScenarioEvaluation eh = evaluate(earlier);
    for (OptionId id : {OptionId::Path3, OptionId::Path2And3}) {
        checkNeverCostsMore(s, e, earlier, eh, id, what + " hetccl " + toString(id).data(),
                            tally.locallySearched);
        if (e.find(id)->run.door_taken_month[1] >= 0)
            ++tally.hetcclDoorTaken;
    }
}

// Every AMD input linked to its NVIDIA twin (DESIGN.md invariant 4, second half).
inline Scenario linkedToTwin(Scenario s) {
    const Sku& twin = s.pricebook.skus.at(s.nvidia.sku);
    Sku& amd = s.pricebook.skus.at(s.amd.sku);
    const Vendor vendor = amd.vendor;
    amd = twin;
    amd.vendor = vendor;
    for (auto& [id, sku] : s.pricebook.skus)
        sku.price_decline_per_year = UncertainNumber::certain(0);
    for (auto& [cls, row] : s.pricebook.performance)
        row[s.amd.sku] = row.at(s.nvidia.sku);
    // No gain from a port either: rewritten kernels run as the originals did (the twin of
    // DESIGN.md's "no TensorRT gain").
    if (s.pricebook.performance.count(WorkloadClass::CustomKernelTraining) &&
        s.pricebook.performance.count(WorkloadClass::PyTorchTraining))
        s.pricebook.performance[WorkloadClass::PyTorchTraining] =
            s.pricebook.performance.at(WorkloadClass::CustomKernelTraining);
    s.amd.channel = s.nvidia.channel;
    // Engine v2's vendor-specific selling inputs (the Sku copy above links the resale curve,
    // floor, market value and lead time).
    s.amd.max_sold_per_month = s.nvidia.max_sold_per_month;
    s.amd.bridge = s.nvidia.bridge;
    s.amd.fabric = s.nvidia.fabric = Fabric::InfiniBand; // one fabric, one price (issue 24)
    s.amd_discount = s.nvidia_discount;
    s.transition_regression = UncertainNumber::certain(0);
    for (auto& [cls, transition] : s.pricebook.transition) // engine 3's per-class table
        transition = UncertainNumber::certain(0);
    s.hetccl_cross_vendor_efficiency = UncertainNumber::certain(1);
    s.disposition = Disposition::KeepIdle;
    s.team_engineers = 0;
    s.pilot_gpus = 0;
    s.ramp_productivity_loss = UncertainNumber::certain(0);
    s.dual_vendor_usd_per_month = UncertainNumber::certain(0);
    return s;
}

// Invariant 4, second half: with every AMD input linked to its NVIDIA twin, continuous sizing
// costs exactly stay-cuda; whole servers stay within one server per SKU per month (the split
// of one demand across two vendors rounds twice). Counts whole-server options into `servers`.
inline void checkTwinLinkedCostsStayCuda(const Scenario& s, const QString& what, int& servers) {
    const ScenarioEvaluation e = evaluate(s);
    const OptionOutcome& stay = *e.find(OptionId::StayCuda);
    const QString where = what + " (" + toString(s.sizing).data() + ")";
    for (const OptionOutcome& o : e.options) {
        if (s.sizing == Sizing::Continuous) {
            QVERIFY2(std::abs(o.run.npv_usd - stay.run.npv_usd) <= 1.0,
                     qPrintable(where + " " + toString(o.id).data()));
            continue;
        }
        ++servers;
        const int skus = o.run.sku_count;
        for (int m = 0; m < o.run.horizon; ++m) {
            double option = 0;
            double reference = 0;
            for (int sku = 0; sku < skus; ++sku) {
                option += o.run.gpusAt(m, sku);
                reference += stay.run.gpusAt(m, sku);
            }
            QVERIFY2(std::abs(option - reference) <= 8.0 * skus,
                     qPrintable(where + " " + toString(o.id).data()));
        }
    }
}

} // namespace crossgrade::testing
