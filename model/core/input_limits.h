#pragma once

// The intervals every number a user can give must lie in, and the limits on counts, sizes and
// texts (docs/limits.md gives the reason for each). The readers of data/, the scenario editor
// (model/scenario/scenario_inputs.h, checkInput), the what-if clamps, the benchmark binding
// and the JSON Schemas (resources/schemas/, checked by tests/schema/check_schemas.py) all take
// them from here, so a value one of them takes is a value every other takes.

#include <cstddef>
#include <limits>
#include <string>

namespace crossgrade::model {

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

// "1.5", "-1.2", "1000000": the shortest text that reads back as the same double ("NaN",
// "infinity", "-infinity" for the others).
std::string shortestNumberText(double v);

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
// of 1e307 made every option NaN). The readers (data/documents/scenario_json.cpp,
// pricebook_json.cpp, binding_json.cpp), the editors (checkInput), the what-if clamps
// (model/scenario/whatif.cpp) and the JSON Schemas (resources/schemas/, checked by
// tests/schema/check_schemas.py) all take them from here; docs/limits.md gives the reason for each.
// An upper bound is far above what any buyer could meet, yet low enough that a horizon of them
// stays finite: 10 million GPUs per lot × $10M × 120 months of growth doubling each month is still
// below 1e60.

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
inline constexpr InputDomain kGpusPerMonthDomain{0, kMaxGpuCount, false, false, true}; // sales
// A resale curve's share kept per year: above 0 (a market value is carried back along it).
inline constexpr InputDomain kRetentionDomain = kDividingFractionDomain;
inline constexpr InputDomain kHbmDomain{kMinHbmGb, kMaxHbmGb, false, false, true};
inline constexpr InputDomain kBandwidthDomain{0, kMaxBandwidthTbPerS, true, false, true};
inline constexpr InputDomain kTflopsDomain{0, kMaxTflops, true, false, true};
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
// Engine version 3's capacity model: KV cache per token of context (MB), the interactivity
// target (tokens/s per user) and the tokens of a request; each divides or is divided by.
inline constexpr double kMaxKvMbPerToken = 1'000;
inline constexpr double kMaxInteractivity = 100'000;
inline constexpr int kMaxRequestTokens = 10'000'000;
inline constexpr InputDomain kKvMbPerTokenDomain{0, kMaxKvMbPerToken, true, false, true};
inline constexpr InputDomain kInteractivityDomain{0, kMaxInteractivity, true, false, true};
// The owner's costs (issue 24): storage per workload and its price, a site's power cap, the GPUs
// one operations engineer runs (it divides), a financing term.
inline constexpr double kMaxStoragePb = 1e6;
inline constexpr double kMaxUsdPerPbMonth = 1e7;
inline constexpr double kMaxMegawatts = 1e5;
inline constexpr double kMaxGpusPerPerson = 1e6;
inline constexpr int kMaxFinancingTermMonths = 360;
inline constexpr InputDomain kStoragePbDomain{0, kMaxStoragePb, false, false, true};
inline constexpr InputDomain kUsdPerPbMonthDomain{0, kMaxUsdPerPbMonth, false, false, true};
inline constexpr InputDomain kMegawattsDomain{0, kMaxMegawatts, true, false, true};
inline constexpr InputDomain kGpusPerPersonDomain{0, kMaxGpusPerPerson, true, false, true};

} // namespace crossgrade::model
