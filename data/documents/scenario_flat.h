#pragma once

// A scenario as a flat list of (JSON pointer, value) pairs in the file's order, for showing
// two to four scenarios side by side: an uncertain number is one row ("low / most likely /
// high", or its value), its source, date and tag are rows of their own.

#include "scenario.h"

#include <string>
#include <vector>

namespace crossgrade::data {

struct FlatInput {
    std::string pointer; // "/pricebook/skus/MI300X/purchase_usd"
    std::string value;   // "12500 / 15000 / 20000", "owned", "true"

    bool operator==(const FlatInput&) const = default;
};

std::vector<FlatInput> flattenScenario(const model::Scenario& scenario);

} // namespace crossgrade::data
