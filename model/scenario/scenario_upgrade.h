#pragma once

// Bringing a scenario written by an older release up to the current one (issue 22, point 6):
// every input it lacks gets the current release's default, the engine version becomes the
// current one, and the caller is told each thing added, so that nothing changes behind the
// author's back. What the file already states is never touched. Shared by
// `crossgrade-cli upgrade-scenario` and the app's *Adopt current defaults*.

#include "scenario.h"

#include <map>
#include <string>
#include <vector>

namespace crossgrade::model {

// One thing the upgrade added: where (a JSON pointer into the scenario) and what, in words
// ("0.08 [0.03–0.15], ?: assumption, …").
struct UpgradeChange {
    std::string pointer;
    std::string description;
};

// Fills what `scenario` lacks from `defaults` (the current default price book, for SKU figures
// by SKU id) and the release's scenario-level defaults (sellingDefaults()), and sets the
// current engine version. Returns the changes in pointer order; empty when it was current.
std::vector<UpgradeChange> upgradeScenario(Scenario& scenario, const PriceBook& defaults);

// The current release's defaults for the selling inputs a scenario holds itself (sale cost,
// server resale curve, sale limit per vendor), each with its source.
struct SellingDefaults {
    UncertainNumber sale_cost_fraction;
    UncertainNumber server_retention_per_year;
    UncertainNumber nvidia_max_sold_per_month;
    UncertainNumber amd_max_sold_per_month;
};
const SellingDefaults& sellingDefaults();

// The current release's defaults for the owner's costs a scenario holds itself (issue 24, docs/
// model.md "Owner costs"), each with its source. The power cap and the financing are the
// organisation's own and have none: a scenario without them has no cap and pays cash.
struct OwnerDefaults {
    UncertainNumber infiniband_usd_per_gpu;
    UncertainNumber roce_usd_per_gpu;
    UncertainNumber support_share_per_year;
    UncertainNumber maintenance_per_year; // repairs and parts, once support is apart
    UncertainNumber gpu_replacement_rate_per_year;
    UncertainNumber gpus_per_operations_engineer;
    UncertainNumber operations_usd_per_person_month;
    UncertainNumber storage_usd_per_pb_month;
    // What a loan or a lease costs a year, for a scenario that chooses one.
    UncertainNumber loan_rate_per_year;
    UncertainNumber lease_rate_per_year;
    // What power above a site's cap costs a month, for a scenario that states a cap.
    UncertainNumber over_cap_usd_per_kw_month;
};

// A power cap at what the owned installed fleet draws today (board + host kW of its most likely
// figures, in MW, rounded up to 0.1 MW): "the site as it is", for the user to edit.
UncertainNumber installedFleetPowerCap(const Scenario& scenario);
const OwnerDefaults& ownerDefaults();

// The release's default correlations (issue 24): the physical and market assumptions every SKU
// shares — price decline, useful life, residual floor, host power, server overhead — move
// together across the SKUs of `scenario`'s price book (rank 0.8 for each pair), keyed
// "shared-<figure>-<sku>-<sku>". Compound symmetry per figure, so always a valid matrix.
std::map<std::string, InputCorrelation> sharedAssumptionCorrelations(const Scenario& scenario);

} // namespace crossgrade::model
