#pragma once

// Every uncertain number of a scenario as an editor sees it: its stable id (the JSON pointer
// compile() gives it), a human label, the group it is edited in, its unit and the interval
// it must lie in (the reader's sense checks, data/documents/scenario_json.cpp and
// pricebook_json.cpp). An editor lists scenarioInputs(), reaches the number through findInput() and
// refuses a value checkInput() objects to, so an edited scenario always writes a file the reader
// takes.
//
// The list is exactly what the engine reads (compile()'s input table): a price-book figure
// the engine never uses (bandwidth, TFLOPS, the all-in kW cross-check, a class no workload
// has, a port task no option runs) is the price book's business, not the scenario's.

#include "input_limits.h"
#include "scenario.h"
#include "uncertain.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

// The sections a scenario editor shows its numbers in.
enum class InputGroup {
    General,          // discount rate, utilisation, usable HBM
    FleetProcurement, // negotiated discounts
    Workloads,        // demand per workload
    Prices,           // per SKU: prices, rates, power, life
    Performance,      // throughput relative to H100
    PortTasks,        // months per port task
    TeamTransition,   // regression, team, pilot, ramp, dual-vendor overhead
    EnergyFacility,
    OwnerCosts, // network, support, spares, operations, storage, power cap, financing
    HetCcl
};
inline constexpr std::array<InputGroup, 10> kAllInputGroups{
    InputGroup::General,        InputGroup::FleetProcurement, InputGroup::Workloads,
    InputGroup::Prices,         InputGroup::Performance,      InputGroup::PortTasks,
    InputGroup::TeamTransition, InputGroup::EnergyFacility,   InputGroup::OwnerCosts,
    InputGroup::HetCcl};
std::string_view toString(InputGroup g); // "General", "Fleet & procurement", …

// What a number measures, so that an editor can show it in the user's terms (25 %, $25,000)
// and say what is wrong with it. Fractions are stored as fractions: 0.25 is 25 %.
enum class InputUnit {
    Fraction,
    FractionPerYear,
    FractionPerMonth, // growth: may be negative
    Usd,              // per GPU
    UsdPerMonth,
    UsdPerGpuHour,
    UsdPerKwh,
    UsdPerKwMonth,
    Months,          // a duration
    MonthFromStart,  // a point in time, months after the scenario starts
    RatioToH100,     // throughput relative to H100
    TokensPerSecond, // input + output tokens
    Gigabytes,
    Kilowatts,
    H100Equivalents,    // GPUs
    Factor,             // PUE
    JoulesPerToken,     // measured energy per total token
    GpusPerMonth,       // a sale limit
    TerabytesPerSecond, // memory bandwidth
    Teraflops,          // dense compute
    MegabytesPerToken,  // KV cache per token of context
    Petabytes,          // storage
    UsdPerPbMonth,      // storage price
    Megawatts,          // a power cap
    GpusPerPerson       // operations staffing
};
bool isFraction(InputUnit u);
bool isMoney(InputUnit u);
// What follows a formatted value: "/yr", "/mo", "/GPU-h", " mo", "×", " tok/s", " GB", … (a
// fraction's " %" comes before it).
std::string_view unitSymbol(InputUnit u);

struct ScenarioInput {
    std::string pointer; // the stable id, e.g. "/pricebook/skus/MI300X/purchase_usd"
    std::string label;   // "MI300X purchase price"
    InputGroup group = InputGroup::General;
    InputUnit unit = InputUnit::Fraction;
    InputDomain domain;
    std::string owner;   // the SKU or workload id it belongs to; "" when scenario-wide
    std::string meaning; // one sentence: what the number is (tooltips, reports)

    bool operator==(const ScenarioInput&) const = default;
};

// Every uncertain number compile() registers, each once, in a stable order: by group (in
// kAllInputGroups order), then workloads and SKUs by id, then field order. Never throws,
// even for a scenario compile() would refuse.
std::vector<ScenarioInput> scenarioInputs(const Scenario& scenario);
std::vector<ScenarioInput> scenarioInputs(const Scenario& scenario, InputGroup group);

// The uncertain number at `pointer` (any uncertain number of the scenario, also one the
// engine does not read), or nullptr when there is none.
UncertainNumber* findInput(Scenario& scenario, std::string_view pointer);
const UncertainNumber* findInput(const Scenario& scenario, std::string_view pointer);

// What is wrong with `number` as a value of `input`, in a sentence an editor shows when it
// refuses the value ("low 5 is above most likely 3", "high 1.5: a fraction must lie in
// [0, 1]"); nullopt when the reader would take it.
std::optional<std::string> checkInput(const ScenarioInput& input, const UncertainNumber& number);

// The limits on the plain numbers and texts and the sense bounds: model/core/input_limits.h.

// Names (scenario, workload, SKU, audit, organisation, price book): text that is not only
// spaces, tabs or line breaks. Whether `name` is one.
bool isBlankName(std::string_view name);

// Ids of workloads and lots become JSON-pointer tokens unescaped: 1–64 bytes, no "/" or "~".
std::optional<std::string> checkCollectionId(std::string_view id);

// "<stem>-1", "<stem>-2", …: the first id not yet in `items`.
template <typename T>
std::string freshId(const std::map<std::string, T>& items, std::string_view stem) {
    for (int n = 1;; ++n) {
        std::string id = std::string(stem) + "-" + std::to_string(n);
        if (!items.contains(id))
            return id;
    }
}

// A lot a user adds: one server of the NVIDIA SKU new capacity is bought as (or H100) serving
// the first workload, new and owned — a lot compile() takes when the scenario has a workload.
FleetLot newFleetLot(const Scenario& scenario);

// A workload a user adds: its kind's first class and placeholder demand tagged "?" (no
// source), so that it is evaluable at once and the editor badges every number to replace.
Workload newWorkload(WorkloadKindOfDemand kind);

// Switches `workload` to `kind`: a class of that kind when its class does not fit, and the
// placeholders of newWorkload() for the kind's inputs whose values the reader would refuse.
// The other kind's inputs stay as they are (the writer keeps them; the engine ignores them),
// except a benchmark binding, which only an inference workload may have.
void setWorkloadKind(Workload& workload, WorkloadKindOfDemand kind);

std::string_view toString(WorkloadKindOfDemand k); // "inference", "training"
std::optional<WorkloadKindOfDemand> parseWorkloadKindOfDemand(std::string_view name);

} // namespace crossgrade::model
