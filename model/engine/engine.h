#pragma once

// The cost engine (DESIGN.md, "Cost engine (reference model)"): one option, one door policy,
// one set of input values → monthly cost components, GPUs per SKU, total, NPV. Evaluating
// allocates nothing once an EngineWorkspace and an OptionRun have been sized, so the Monte
// Carlo can call it per sample.

#include "compiled_scenario.h"
#include "small_lp.h"

#include <array>
#include <initializer_list>
#include <vector>

namespace crossgrade::model {

inline constexpr int kNever = -1;

// For each door of an option (CompiledOption::doors, in order): the month it is taken, or
// kNever. A door is taken at the later of this month and the month it opens.
struct DoorPolicy {
    std::array<int, kMaxDoorGroups> month;

    DoorPolicy() { month.fill(kNever); }
    // The first doors' months, the rest never: DoorPolicy{{0, kNever, 12}}.
    DoorPolicy(std::initializer_list<int> first) {
        month.fill(kNever);
        std::size_t i = 0;
        for (int m : first)
            if (i < month.size())
                month[i++] = m;
    }
    bool takes(std::size_t door) const { return month[door] != kNever; }
    bool takesAny() const {
        for (int m : month)
            if (m != kNever)
                return true;
        return false;
    }
    int doorsTaken() const {
        int n = 0;
        for (int m : month)
            n += m != kNever ? 1 : 0;
        return n;
    }
    bool operator==(const DoorPolicy&) const = default;
};

// The tasks (bits over CompiledOption::tasks) `policy` commits: those of the doors it takes
// (engine version 2), or the whole sequence once it takes any (version 1).
unsigned committedTasks(const CompiledOption& option, const DoorPolicy& policy);

enum Component : int {
    kCapex,
    kRent,
    kBridge, // rented while owned purchases are on their way (lead time)
    kEnergy,
    kFacility,
    kMaintenance,
    kMigration,
    kParallelRun,
    kDualVendor,
    kProductivity,
    kSoftware, // per-GPU licences (NVIDIA AI Enterprise) where the scenario uses them
    // The owner's costs (issue 24, docs/model.md "Owner costs"), each 0 where the scenario
    // has no input for it.
    kNetwork,    // scale-out fabric bought with owned servers
    kStorage,    // parallel storage the workloads keep
    kOperations, // operations staff for owned GPUs
    kSupport,    // vendor support contracts on the owned servers' purchase value
    kSpares,     // GPUs replaced after failures
    kFinancing,  // a loan's or lease's cash: less the price at purchase, instalments, payoff
    kResidual,
    kComponentCount
};
// Output names: "capex_usd", "rent_usd", …
const char* componentName(int component);

struct OptionRun {
    int horizon = 0;
    int sku_count = 0;
    std::vector<double> components; // [month * kComponentCount + component]
    std::vector<double> total;      // per month
    std::vector<double> cumulative; // per month, cash
    // Per month, the running sum of totals discounted as NPV discounts them: the basis of
    // break-even and of the cumulative figures (its last month is the NPV).
    std::vector<double> discounted_cumulative;
    std::vector<double> gpus; // [month * sku_count + sku]: owned (serving or idle) + rented
    double total_usd = 0;
    double npv_usd = 0;
    double owed_after_horizon_usd = 0;
    // Per door (CompiledOption::doors): the month it was taken, -1 when not in the horizon;
    // the month it opened with these values and the policy's committed tasks.
    std::array<double, kMaxDoorGroups> door_taken_month;
    std::array<double, kMaxDoorGroups> door_open_month;
    bool committed = false;            // some of the option's tasks were started
    int first_amd_month = -1;          // time to production on AMD
    bool multi_node_inference = false; // some replica was larger than one server
    // The most provisioned kW the owned fleet (GPUs and hosts) needed in any month: what a power
    // cap is held against (issue 24).
    double peak_kw = 0;
    double gpu_hours = 0;     // GPUs held (owned, serving or idle, and rented) × hours
    double tokens_served = 0; // by every inference workload
    // Per workload (CompiledScenario::workloads): the GPU-hours that served it (owned or
    // rented, idle GPUs excluded), their market value (each GPU-hour at its SKU's reserved
    // rental rate that month: what the hour would fetch, the unit costs' allocation key) and
    // the tokens it served (0 for training).
    std::vector<double> workload_gpu_hours;
    std::vector<double> workload_value_usd;
    std::vector<double> workload_tokens;

    void resize(int horizonMonths, int skuCount, int workloadCount = 0);
    double component(int month, int c) const {
        return components[std::size_t(month) * kComponentCount + std::size_t(c)];
    }
    double gpusAt(int month, int sku) const {
        return gpus[std::size_t(month) * std::size_t(sku_count) + std::size_t(sku)];
    }
};

// Scratch state reused across evaluations; its contents mean nothing between calls.
struct EngineWorkspace {
    void reserve(const CompiledScenario& scenario);

    // Owned GPUs bought together: installed before month 0, bought in a month, or on order.
    struct Cohort {
        int sku = 0;
        double count = 0;
        double basis_usd = 0;          // purchase value per GPU: capex and maintenance
        int born_month = 0;            // delivered; negative for GPUs installed before month 0
        double resale_basis_usd = 0;   // what the resale curve multiplies (docs/model.md)
        double overhead_basis_usd = 0; // server (and, in older books, network) per GPU, as paid
        double fabric_basis_usd = 0;   // the scale-out fabric per GPU, as paid (issue 24)
        double financed_usd = 0;       // per GPU: the loan's or lease's principal (0: cash)
        bool on_order = false;         // paid for at born_month, serving from delivery_month
        int delivery_month = 0;
    };
    std::vector<Cohort> cohorts;
    std::vector<double> pool;      // owned GPUs not yet serving this month, per SKU
    std::vector<double> new_need;  // GPUs to buy or rent this month, per SKU
    std::vector<double> busy_gpus; // Σ owned GPUs × busy share this month, per SKU
    // The part of busy_gpus whose energy is measured (a workload bound to benchmarks with
    // J/token on that SKU), and the board kW those busy GPUs draw by the measurement.
    std::vector<double> measured_busy;
    std::vector<double> measured_kw;
    std::vector<double> rented;        // rented GPUs this month, per SKU
    std::vector<double> rent_usd;      // their cost this month, per SKU
    std::vector<double> bridged;       // GPUs rented while owned ones are on order, per SKU
    std::vector<double> bridge_usd;    // their cost this month, per SKU
    std::vector<double> owned;         // owned GPUs after this month's sales and purchases
    std::vector<double> lot_left;      // per installed lot: rented GPUs still held
    std::vector<double> serving;       // GPUs serving each workload this month
    std::vector<double> serving_value; // their reserved rental value per hour, per workload
    // The rented lots of each workload, in lot order: workload w's are rented_lots[
    // rented_lot_start[w] … rented_lot_start[w + 1] − 1], so a demand looks at its own lots
    // instead of every lot of the fleet (issue 20: workloads × lots per month).
    std::vector<int> rented_lot_start;
    std::vector<int> rented_lots;
    std::vector<int> rented_lot_next; // scratch for filling rented_lots
    // This month, after sales and purchases: the owned servers' purchase value (GPU, server
    // and fabric), and what sales repaid of loans and leases.
    double server_value = 0;
    double repaid_usd = 0;

    // How one workload's GPUs on one vendor perform this month.
    struct Placement {
        const CompiledWorkload* w = nullptr;
        Vendor vendor = Vendor::Nvidia;
        double penalty = 1; // transition regression, decaying to 1 (engine versions 1–2)
        // Engine version 3: right after a move AMD delivers at most `floor` (1 − transition ×
        // the NVIDIA GPU it replaces), fading to its steady state: r − fade × max(0, r − floor).
        double floor = -1; // none
        double fade = 0;
        double efficiency = 1; // cross-vendor efficiency (HetCCL), training only
        bool ported = false;   // after a Triton rewrite
        double busy_share = 1; // share of full power a serving GPU draws above idle
    };
    struct Demand {
        Placement placement;
        double total = 0; // tokens/s at peak, or H100-equivalent GPUs
        double left = 0;  // not yet served this month
    };
    struct PoolPair {
        int demand = 0;
        int sku = 0;
        double relative = 0; // throughput per GPU relative to the GPU the demand would buy
        double gpus = 0;     // how many GPUs of the pool the assignment gives the demand
        double per_gpu = 0;  // demand one GPU of the pool covers (Simulation::perGpu)
    };
    std::vector<Demand> demands;
    std::vector<PoolPair> pairs;
    std::vector<int> pool_row; // per SKU: its capacity row in `assignment`, or -1
    SmallLp assignment;

    // Filled per evaluation (EngineTerms::tabulate), read many times per month. Each column is
    // a function of one input value and the month alone, so a column whose input has the same
    // bits as when it was filled is kept as it is: the next option of the same sample, or every
    // sample where the input is certain, costs no pow at all.
    std::vector<double> decline_factor;  // [month * skus + sku]: price decline since month 0
    std::vector<double> growth_factor;   // [workload * horizon + month]: demand growth
    std::vector<double> discount_factor; // per month: (1 + discount rate)^(−month / 12)
    std::vector<double> decline_key;     // per SKU: the decline rate its column was filled for
    std::vector<double> growth_key;      // per workload: the growth its row was filled for
    double discount_key = 0;             // the discount rate discount_factor was filled for
    int table_months = -1;               // the horizon the tables were filled for (-1: none)
    std::vector<int> replica_gpus;       // [workload * skus + sku]: GPUs per inference replica
    // Memos of one evaluation (a run, or a whole door search): the resale shares by whole age in
    // months, each computed on first use by the very expression a sale evaluates (NaN: not yet),
    // so the cohorts sold at the horizon of every policy of a search cost one pow per age.
    std::vector<double> residual_share; // [sku * residual_ages + age]: residualShare()
    std::vector<double> server_share;   // [age]: serverResidualShare()
    std::size_t residual_ages = 0;      // the horizon plus the oldest lot's age, plus one
    // Engine version 3, filled per evaluation: [workload * skus + sku] the inference capacity
    // model's steady throughput per GPU relative to H100 (inference_capacity.h).
    std::vector<double> capacity_ratio;
};

// The share of its basis a GPU of SKU `sku` keeps at `ageMonths`: retention^(age/12), never
// below the SKU's residual floor, where the price book gives a resale retention; otherwise
// (the first engine) linear from 1 at age 0 to the floor at the end of its useful life, flat
// after.
double residualShare(const CompiledScenario& scenario, const double* v, int sku, double ageMonths);
// The share of its price a GPU's server and network keep at `ageMonths`: the scenario's server
// retention^(age/12), or 0 where it has none (the first engine sold them for nothing).
double serverResidualShare(const CompiledScenario& scenario, const double* v, double ageMonths);
// What one GPU of an owned installed lot is worth today: its market value where the lot or
// the price book gives one, else its purchase price at the resale curve for its age.
double installedGpuValue(const CompiledScenario& scenario, const double* v, const CompiledLot& lot);

// The installed owned fleet's value at month 0 with values `v`: each lot's GPUs and servers
// (purchase price and overhead) at the residual curve's value for their age. The capital a
// brownfield $/GPU-hour and $/Mtok carry (docs/model.md, "Unit costs").
double installedFleetValue(const CompiledScenario& scenario, const double* v);

// Evaluates `option` under `policy` with input values `v` (indexed by InputId).
void evaluateOption(const CompiledScenario& scenario, const double* v, const CompiledOption& option,
                    const DoorPolicy& policy, EngineWorkspace& workspace, OptionRun& out);

// The NPV of `option` under each of `count` policies, into npv[0 … count − 1]: bit for bit
// what evaluateOption gives for each, but sharing the months the policies have in common (a
// run is the same month for month until a door is taken), so a door-policy search costs a
// fraction of evaluating every policy afresh. `scratch` holds nothing meaningful afterwards.
// With `refuseOverCap`, a policy refusedByPowerCap gets an infinite NPV; without, its NPV
// (the expected-value search decides refusal once, at the most-likely values).
void evaluateDoorPolicies(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option, const DoorPolicy* policies,
                          std::size_t count, double* npv, EngineWorkspace& workspace,
                          OptionRun& scratch, bool refuseOverCap = true);

// A power cap (issue 24): a policy taking doors is not taken when its owned fleet needs more
// provisioned kW than the cap and more than the option's shut-door plan (staying) needs; staying
// is never refused and pays for the kW above the cap instead. evaluateDoorPolicies gives such a
// policy an infinite NPV, so no search chooses it.
bool refusedByPowerCap(const CompiledScenario& scenario, const double* v, double peakKw,
                       double stayingPeakKw);

// When each door of `option` opens with values `v` (months, fractional) when the tasks
// `committed` (bits over option.tasks) run in the option's order from month 0, and the months
// they take in all. A door whose tasks are not all committed gets the month its committed ones
// end: no door of a policy is ever in that case.
struct DoorSchedule {
    std::array<double, kMaxDoorGroups> open{};
    double tasks_months = 0;
};
DoorSchedule doorSchedule(const CompiledScenario& scenario, const double* v,
                          const CompiledOption& option, unsigned committed);
// The earliest month each door can open: with only its own tasks committed (version 2), or
// the whole sequence (version 1).
std::array<double, kMaxDoorGroups> earliestDoorOpening(const CompiledScenario& scenario,
                                                       const double* v,
                                                       const CompiledOption& option);

} // namespace crossgrade::model
