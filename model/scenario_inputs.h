#pragma once

// Every uncertain number of a scenario as an editor sees it: its stable id (the JSON pointer
// compile() gives it), a human label, the group it is edited in, its unit and the interval
// it must lie in (the reader's sense checks, data/scenario_json.cpp and pricebook_json.cpp).
// An editor lists scenarioInputs(), reaches the number through findInput() and refuses a
// value checkInput() objects to, so an edited scenario always writes a file the reader takes.
//
// The list is exactly what the engine reads (compile()'s input table): a price-book figure
// the engine never uses (bandwidth, TFLOPS, the all-in kW cross-check, a class no workload
// has, a port task no option runs) is the price book's business, not the scenario's.

#include "scenario.h"
#include "uncertain.h"

#include <array>
#include <limits>
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
    HetCcl
};
inline constexpr std::array<InputGroup, 9> kAllInputGroups{
    InputGroup::General,        InputGroup::FleetProcurement, InputGroup::Workloads,
    InputGroup::Prices,         InputGroup::Performance,      InputGroup::PortTasks,
    InputGroup::TeamTransition, InputGroup::EnergyFacility,   InputGroup::HetCcl};
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
    H100Equivalents, // GPUs
    Factor,          // PUE
    JoulesPerToken   // measured energy per total token
};
bool isFraction(InputUnit u);
bool isMoney(InputUnit u);
// What follows a formatted value: "/yr", "/mo", "/GPU-h", " mo", "×", " tok/s", " GB", … (a
// fraction's " %" comes before it).
std::string_view unitSymbol(InputUnit u);

// The interval every value of a number (low, most likely and high) must lie in.
struct InputDomain {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool min_open = false; // min itself is excluded (a divisor: "> 0")
    bool max_open = false; // max itself is excluded (a discount rate of 100 % is no rate)
    // max is a sense bound far beyond any real value (a $10M GPU), not the end of a natural
    // scale (a fraction's 1): refusals above it say "at most" rather than the interval.
    bool cap = false;

    bool admits(double value) const; // false for NaN and infinities
    bool isFixed() const { return min == max; }
    std::string describe() const; // "[0, 1]", "(0, 1]", "≥ 0", "> 0", "(-1, 1]"

    bool operator==(const InputDomain&) const = default;
};

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

// ---- Editing the rest of a scenario ---------------------------------------------------------
// The reader's limits on the plain numbers and texts (docs/formats/scenario.md, "Limits").

inline constexpr int kMinHorizonMonths = 1;
inline constexpr int kMaxHorizonMonths = 120; // DESIGN.md: horizon 1–120 months
// A hundred years: later than any horizon (HetCCL "never" is a month past it), yet small
// enough that the engine's month arithmetic stays in int. Every month of a scenario.
inline constexpr int kMaxMonths = 1200;
inline constexpr int kMaxLotAgeMonths = kMaxMonths;
inline constexpr int kMaxGpuCount = 10'000'000; // per lot, pilot GPUs
inline constexpr int kMaxPeople = 1'000'000;    // engineers, headcount
inline constexpr std::size_t kMaxIdBytes = 64;
inline constexpr std::size_t kMaxNameBytes = 200; // names, organisation, operating point
inline constexpr std::size_t kMaxNotesBytes = 100'000;
inline constexpr std::size_t kMaxSourceBytes = 2'000;
inline constexpr std::size_t kMaxDateBytes = 100;
// What a deterministic evaluation does in seconds (issue 20; docs/limits.md, "Size and count",
// gives the figures and scripts/gen-scenario reproduces them): the door-policy search runs
// the month loop some 23,000 times over 60 months (190,000 over 120), and each month shares
// the owned GPUs by a simplex whose pivots and rows both grow with the workloads, so the time
// grows with their square. At 25 workloads a 120-month evaluation takes about 6 s; the former
// 1,000 took minutes at 60 months and the sensitivity a day.
inline constexpr std::size_t kMaxWorkloads = 25;
inline constexpr std::size_t kMaxFleetLots = 10'000;
// A petabyte of weights and KV cache per replica: beyond it the replica count overflows.
inline constexpr double kMaxModelMemoryGb = 1e6;
// A transition regression lies in (−1, 1): below 1, or the move serves nothing; above −1, a
// gain right after the move (a faster serving stack on the new hardware) of less than double.
// DESIGN.md, "Limits": a regression may be negative.
inline constexpr InputDomain kRegressionDomain{-1, 1, true, true};

// ---- Sense bounds ------------------------------------------------------------------------
// Every number of a scenario and a price book lies in one of these (issue 20: a purchase price
// of 1e307 made every option NaN). The readers (data/scenario_json.cpp, pricebook_json.cpp,
// binding_json.cpp), the editors (checkInput), the what-if clamps (model/whatif.cpp) and the
// JSON Schemas (resources/schemas/, checked by tests/schema/check_schemas.py) all take them
// from here; docs/limits.md gives the reason for each. An upper bound is far above what any
// buyer could meet, yet low enough that a horizon of them stays finite: 10 million GPUs per
// lot × $10M × 120 months of growth doubling each month is still below 1e60.

inline constexpr double kMaxGpuPriceUsd = 1e7;       // per GPU: purchase price, overhead
inline constexpr double kMaxUsdPerGpuHour = 1'000;   // reserved and on-demand rates
inline constexpr double kMaxUsdPerPersonMonth = 1e6; // engineer, ramp person
inline constexpr double kMaxUsdPerMonth = 1e9;       // the dual-vendor overhead
inline constexpr double kMaxUsdPerKwh = 10;
inline constexpr double kMaxUsdPerKwMonth = 10'000;
inline constexpr double kMaxPue = 10;
inline constexpr double kMaxTokensPerSecond = 1e12; // a workload's peak demand
// Per GPU: a divisor of demand, so also a floor that keeps GPUs finite (5e-324 gave inf).
inline constexpr double kMinTokensPerSecondPerGpu = 1e-3;
inline constexpr double kMaxTokensPerSecondPerGpu = 1e9;
// Shares that divide (utilisation, usable HBM, average-to-peak, HetCCL efficiency): 0.1 %.
inline constexpr double kMinDividingFraction = 0.001;
inline constexpr double kMinRatioToH100 = 0.001; // performance ratios divide demand too
inline constexpr double kMaxRatioToH100 = 1'000;
inline constexpr double kMaxTrainingGpus = kMaxGpuCount; // H100 equivalents
inline constexpr double kMinHbmGb = 1; // divides model memory into GPUs per replica
inline constexpr double kMaxHbmGb = 100'000;
inline constexpr double kMaxBandwidthTbPerS = 1'000;
inline constexpr double kMaxTflops = 1e6;
inline constexpr double kMaxKilowattsPerGpu = 100; // board, host, all-in
inline constexpr double kMinUsefulLifeMonths = 1;  // divides the residual's decline
inline constexpr double kMaxJoulesPerToken = 1e6;

inline constexpr InputDomain kGpuPriceDomain{0, kMaxGpuPriceUsd, false, false, true};
inline constexpr InputDomain kGpuHourRateDomain{0, kMaxUsdPerGpuHour, false, false, true};
inline constexpr InputDomain kPersonMonthDomain{0, kMaxUsdPerPersonMonth, false, false, true};
inline constexpr InputDomain kUsdPerMonthDomain{0, kMaxUsdPerMonth, false, false, true};
inline constexpr InputDomain kUsdPerKwhDomain{0, kMaxUsdPerKwh, false, false, true};
inline constexpr InputDomain kUsdPerKwMonthDomain{0, kMaxUsdPerKwMonth, false, false, true};
inline constexpr InputDomain kPueDomain{1, kMaxPue, false, false, true};
inline constexpr InputDomain kDemandDomain{0, kMaxTokensPerSecond, false, false, true};
inline constexpr InputDomain kPerGpuThroughputDomain{kMinTokensPerSecondPerGpu,
                                                     kMaxTokensPerSecondPerGpu, false, false, true};
inline constexpr InputDomain kDividingFractionDomain{kMinDividingFraction, 1};
inline constexpr InputDomain kRatioDomain{kMinRatioToH100, kMaxRatioToH100, false, false, true};
inline constexpr InputDomain kTrainingGpusDomain{0, kMaxTrainingGpus, false, false, true};
inline constexpr InputDomain kHbmDomain{kMinHbmGb, kMaxHbmGb, false, false, true};
inline constexpr InputDomain kBandwidthDomain{0, kMaxBandwidthTbPerS, false, false, true};
inline constexpr InputDomain kTflopsDomain{0, kMaxTflops, false, false, true};
inline constexpr InputDomain kKilowattsDomain{0, kMaxKilowattsPerGpu, false, false, true};
inline constexpr InputDomain kUsefulLifeDomain{kMinUsefulLifeMonths, kMaxMonths};
inline constexpr InputDomain kJoulesPerTokenDomain{0, kMaxJoulesPerToken, true, false, true};
inline constexpr InputDomain kMonthsDomain{0, kMaxMonths};
inline constexpr InputDomain kFractionDomain{0, 1};
inline constexpr InputDomain kBelowOneDomain{0, 1, false, true}; // a rate of 100 % is no rate
// A shrinking workload may lose up to (not all) of its demand per month; more than doubling
// every month is a typo, not a forecast.
inline constexpr InputDomain kGrowthDomain{-1, 1, true, false};
inline constexpr InputDomain kModelMemoryDomain{0, kMaxModelMemoryGb, true, false, true};

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
