#pragma once

// The fields of a scenario file that the reader (scenario_json.cpp) and the writer
// (scenario_json_writer.cpp) walk in the same order (internal to them): the scenario-level
// numbers with their sections and bounds, a workload's uncertain inputs, and the names of a
// workload's kind of demand.

#include "json_checks.h"
#include "scenario.h"
#include "scenario_inputs.h"

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace crossgrade::data::scenario_detail {

// The sense of a scenario-level number: the model's interval (model/core/input_limits.h). An
// exclusive maximum (a discount rate of 100 %, a regression that removes all throughput) is
// checked on the whole range, so that the message quotes it.
struct Bound {
    Sense sense;
    bool below_max = false; // every value < sense.max

    static Bound of(const model::InputDomain& d) {
        return {{d.min, d.max, d.min_open, false, d.cap}, d.max_open};
    }
    static Bound any() { return {Sense::any(), false}; }
};

// A number of the scenario outside workloads, fleet and procurement: an uncertain input
// (DESIGN.md, "Uncertain number") or one of the plain whole numbers (counts).
struct ScalarField {
    std::string_view section; // "" at the top level, else the object holding it
    std::string_view key;
    model::UncertainNumber model::Scenario::*uncertain = nullptr;
    int model::Scenario::*integer = nullptr;
    Bound bound = Bound::any();
    int min = 0;
    int max = 0;
    std::optional<double> fallback; // the value when absent; required when unset
};

// In file order. The pointers are the ids the engine's input table uses
// (model/scenario/compiled_scenario.cpp).
const std::vector<ScalarField>& scalarFields();
// The sections of scalarFields() in file order, with what each holds.
const std::vector<std::pair<std::string_view, std::string_view>>& scalarSections();

// The scenario-level inputs older files lack (engine v2's selling: docs/model.md), each
// optional in the file: absent, the engine does what the first one did.
struct OptionalScalarField {
    std::string_view section;
    std::string_view key;
    std::optional<model::UncertainNumber> model::Scenario::*member;
    Bound bound;
};
inline constexpr std::string_view kResaleSection = "resale";
inline constexpr std::string_view kCapacitySection = "capacity"; // engine version 3
// The owner's costs (issue 24).
inline constexpr std::string_view kNetworkSection = "network";
inline constexpr std::string_view kOwnerSection = "owner";
inline constexpr std::string_view kPowerSection = "power";
inline constexpr std::string_view kFinancingSection = "financing";

const std::vector<OptionalScalarField>& optionalScalarFields();

// The optional sections in file order: what each holds (for the message when it is no
// object), and the keys it holds beyond its optional scalars.
struct OptionalSection {
    std::string_view name;
    std::string_view what;
    std::vector<std::string_view> other_keys;
};
const std::vector<OptionalSection>& optionalScalarSections();

// A workload's uncertain inputs in file order; `kind` is the kind that needs it, or none
// when both do.
struct WorkloadField {
    std::string_view key;
    model::UncertainNumber model::Workload::*member;
    Sense sense;
    std::optional<model::WorkloadKindOfDemand> kind;
};

// In file order.
const std::vector<WorkloadField>& workloadFields();

// Inference inputs of engine version 3's capacity model, optional in the file.
struct OptionalWorkloadField {
    std::string_view key;
    std::optional<model::UncertainNumber> model::Workload::*member;
    Sense sense;
};
const std::vector<OptionalWorkloadField>& optionalWorkloadFields();
// The request's tokens, optional whole numbers (0 in the workload: unset).
const std::vector<std::pair<std::string_view, int model::Workload::*>>& requestTokenFields();

// "inference", "training".
std::string_view kindName(model::WorkloadKindOfDemand k);
std::optional<model::WorkloadKindOfDemand> parseKindOfDemand(std::string_view name);

} // namespace crossgrade::data::scenario_detail
