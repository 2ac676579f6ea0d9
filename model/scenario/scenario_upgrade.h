#pragma once

// Bringing a scenario written by an older release up to the current one (issue 22, point 6):
// every input it lacks gets the current release's default, the engine version becomes the
// current one, and the caller is told each thing added, so that nothing changes behind the
// author's back. What the file already states is never touched. Shared by
// `crossgrade-cli upgrade-scenario` and the app's *Adopt current defaults*.

#include "scenario.h"

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

} // namespace crossgrade::model
