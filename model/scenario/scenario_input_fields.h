#pragma once

// The field tables behind scenario_inputs.h: every uncertain number of a scenario's top level,
// of a workload and of a SKU, with its label, group, unit, sense bounds and meaning. Read by
// the input list and findInput (scenario_inputs.cpp) and by the editing helpers that give a
// new workload its placeholders (scenario_editing.cpp). Internal to model/.

#include "scenario_inputs.h"

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace crossgrade::model::input_fields {

// The sense bounds of input_limits.h, by what they hold.
inline constexpr InputDomain kFraction = kFractionDomain;
inline constexpr InputDomain kBelowOne = kBelowOneDomain;
inline constexpr InputDomain kDividing = kDividingFractionDomain; // divisors and efficiencies
inline constexpr InputDomain kMonths = kMonthsDomain;
inline constexpr InputDomain kGrowth = kGrowthDomain;
inline constexpr InputDomain kModelMemory = kModelMemoryDomain;
inline constexpr InputDomain kReference{1, 1, false, false}; // H100 relative to itself

inline constexpr std::string_view kReferenceSkuId = "H100";

struct ScalarSpec {
    std::string_view pointer;
    UncertainNumber Scenario::*member;
    std::string_view label;
    InputGroup group;
    InputUnit unit;
    InputDomain domain;
    std::string_view meaning;
};

struct WorkloadSpec {
    std::string_view key;
    UncertainNumber Workload::*member;
    std::string_view label;
    InputUnit unit;
    InputDomain domain;
    std::optional<WorkloadKindOfDemand> kind; // the kind that reads it; nullopt: both
    double placeholder;                       // newWorkload()'s value
    std::string_view meaning;
};

struct SkuSpec {
    std::string_view key;
    UncertainNumber Sku::*member;
    std::string_view label;
    InputUnit unit;
    InputDomain domain;
    std::string_view meaning;
};

// Scenario-level inputs older files lack (engine v2's selling): listed only when present.
struct OptionalScalarSpec {
    std::string_view pointer;
    std::optional<UncertainNumber> Scenario::*member;
    std::string_view label;
    InputGroup group;
    InputUnit unit;
    InputDomain domain;
    std::string_view meaning;
};

// A SKU's figures older price books lack (resale curve, market value, lead time).
struct OptionalSkuSpec {
    std::string_view key;
    std::optional<UncertainNumber> Sku::*member;
    std::string_view label;
    InputUnit unit;
    InputDomain domain;
    std::string_view meaning;
};

// Engine version 3's capacity inputs of an inference workload, listed when present.
struct OptionalWorkloadSpec {
    std::string_view key;
    std::optional<UncertainNumber> Workload::*member;
    std::string_view label;
    InputUnit unit;
    InputDomain domain;
    double placeholder; // newWorkload()'s value
    std::string_view meaning;
};

// In the order an editor shows them within their group.
const std::vector<ScalarSpec>& scalarSpecs();
const std::vector<OptionalScalarSpec>& optionalScalarSpecs();
const std::vector<OptionalSkuSpec>& optionalSkuSpecs();
// The per-vendor sale limit and an owned lot's market value (engine v2), by their meaning.
inline constexpr std::string_view kSaleLimitMeaning =
    "GPUs of this vendor that can be sold in one month; the rest of a surplus waits idle, "
    "paying its power and space.";
inline constexpr std::string_view kLotMarketValueMeaning =
    "What one GPU of this lot fetches on the used market today (a broker's quote): the "
    "capital a move frees and unit costs charge.";
const std::vector<WorkloadSpec>& workloadSpecs();
// The SKU figures the engine reads, prices first (an editor's order, not compile()'s).
const std::vector<OptionalWorkloadSpec>& optionalWorkloadSpecs();
// A SKU's specifications the capacity model reads (engine version 3), listed from that version.
const std::vector<SkuSpec>& capacitySkuSpecs();
const std::vector<SkuSpec>& skuSpecs();
// Figures of a SKU the engine does not read: reachable by findInput() for completeness.
const std::vector<std::pair<std::string_view, UncertainNumber Sku::*>>& otherSkuFields();

} // namespace crossgrade::model::input_fields
