#pragma once

// A scenario evaluated: every option under its best door policy, the cheapest option by
// NPV beside the rule path, and one sentence where they disagree (DESIGN.md,
// "Recommendation, in one meaning").

#include "engine.h"
#include "recommendation.h"
#include "scenario.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace crossgrade::model {

// What one workload's service cost under an option (docs/model.md, "Unit costs"): the
// option's whole cost with the installed fleet's capital, shared by the market value of the
// GPU-hours that served each workload (each hour at its SKU's reserved rental rate); not
// levelised (undiscounted sums over the horizon).
struct WorkloadUnitCost {
    std::string workload;
    bool inference = true;
    double gpu_hours = 0; // GPU-hours that served it
    double value_usd = 0; // their market value: the allocation key
    double usd = 0;       // its share of the option's cost with the installed capital
    double usd_per_gpu_hour = 0;
    double usd_per_mtok = 0; // inference only
};

struct OptionOutcome {
    OptionId id = OptionId::StayCuda;
    DoorPolicy policy;
    OptionRun run;
    // Against stay-cuda, on discounted cumulative cost (the NPV basis), and on cash; none for
    // an option that takes no door.
    std::optional<int> break_even_month;
    std::optional<int> cash_break_even_month;
    int doors_taken = 0;
    // The installed fleet's capital at month 0 (installedFleetValue) is charged on top of the
    // total for the unit costs, its residual being credited in the total already.
    double installed_capital_usd = 0;
    double usd_per_gpu_hour = 0; // (total + installed capital) ÷ GPU-hours held
    // The inference workloads' share of (total + installed capital) ÷ their millions of
    // tokens served (0 without inference).
    double usd_per_mtok = 0;
    std::vector<WorkloadUnitCost> workloads; // per workload, in the scenario's order
    // With samples (decideOnMeans): the option's mean NPV over them under its plan; the
    // cheapest option and the disagreement sentence then compare these instead of run.npv_usd.
    std::optional<double> expected_npv_usd;
    // The NPV decisions compare: the mean where there is one, else the most-likely values'.
    double decisionNpv() const { return expected_npv_usd.value_or(run.npv_usd); }
};

struct ScenarioEvaluation {
    std::vector<OptionOutcome> options; // in the scenario's order; stay-cuda always present
    OptionId cheapest = OptionId::StayCuda;
    Recommendation recommendation; // the rule path from the audit
    std::string disagreement;      // empty when the rule path is the cheapest option
    std::size_t policies_searched = 0;
    std::optional<YearMonth> start_month; // the scenario's month 0, for labels; unset in old files
    // How the door policies were chosen: at the most-likely values (0), or by expected value
    // over this many plan-choice samples (model/uncertainty/plan_choice.h).
    std::size_t plan_choice_samples = 0;
    // The samples the options' expected_npv_usd are means over (0: decisions on most-likely
    // values).
    std::size_t decision_samples = 0;

    const OptionOutcome* find(OptionId id) const;
};

// Up to this many door policies an option's search weighs every one; beyond, it searches
// locally (docs/model.md, "The door search").
inline constexpr std::size_t kExhaustivePolicyLimit = 5000;

// The door policy minimising the option's NPV at values `v`: for each door a quarter start
// at or after it can open, or never. Every combination while there are at most
// `exhaustiveLimit`, else a local search. Ties within $1 go to fewer doors, then to the
// policy weighed first (never before any month, earlier months first, the first door slowest).
// `searched` counts the policies evaluated.
// `chosenNpv`, when given, receives the chosen policy's NPV.
DoorPolicy optimiseDoorPolicy(const CompiledScenario& scenario, const double* v,
                              const CompiledOption& option, EngineWorkspace& workspace,
                              OptionRun& scratch, std::size_t* searched = nullptr,
                              std::size_t exhaustiveLimit = kExhaustivePolicyLimit,
                              double* chosenNpv = nullptr);

// The figure a door search minimises for each of a list of policies: `figures[i]` for
// `policies[i]` (an NPV at one set of values, or a mean over samples).
using PolicyObjective =
    std::function<void(const std::vector<DoorPolicy>& policies, std::vector<double>& figures)>;
// The door search with its objective given: the candidates are those optimiseDoorPolicy weighs
// at values `v` (each door's quarter starts from its earliest opening, or never), searched
// every one or locally as it searches, ties within $1 to fewer doors. `chosen` receives the
// chosen policy's figure.
DoorPolicy searchDoorPolicies(const CompiledScenario& scenario, const double* v,
                              const CompiledOption& option, const PolicyObjective& objective,
                              std::size_t* searched = nullptr,
                              std::size_t exhaustiveLimit = kExhaustivePolicyLimit,
                              double* chosen = nullptr);

// The cheapest policy of `option` at values `v` that takes one door at the first quarter it can
// open (a move as soon as its tasks allow), each door weighed alone; nullopt when no door can
// open inside the horizon. What an option that takes no door would cost if it moved: the
// sensitivity swings it (sensitivity.h). Later months only shrink a losing move's loss toward
// nothing, so the earliest is the move a team would actually weigh.
std::optional<DoorPolicy> earliestOneDoorPolicy(const CompiledScenario& scenario, const double* v,
                                                const CompiledOption& option,
                                                EngineWorkspace& workspace, OptionRun& scratch);

// The same search done the plain way, one full engine run per policy: the reference the fast
// search is tested against (tests/model/engine/tst_door_search.cpp). Same answer, several times
// slower.
DoorPolicy optimiseDoorPolicyExhaustive(const CompiledScenario& scenario, const double* v,
                                        const CompiledOption& option, EngineWorkspace& workspace,
                                        OptionRun& scratch, std::size_t* searched = nullptr,
                                        std::size_t exhaustiveLimit = kExhaustivePolicyLimit);

// How many door policies `option` has at values `v` (every combination of candidate months).
std::size_t doorPolicyCount(const CompiledScenario& scenario, const double* v,
                            const CompiledOption& option);

// The first month from which `option` stays at or below `reference` (within $1) on
// discounted cumulative cost, the basis of NPV: an option cheaper by NPV always has one.
std::optional<int> breakEvenMonth(const OptionRun& option, const OptionRun& reference);
// The same on undiscounted cumulative cash, shown beside it where the two differ.
std::optional<int> cashBreakEvenMonth(const OptionRun& option, const OptionRun& reference);

// Deterministic evaluation at most-likely values.
ScenarioEvaluation evaluateScenario(const Scenario& scenario, const CompiledScenario& compiled);

// The same, but each option keeps the door policy it had in `previous` instead of searching
// (never for an option `previous` lacks): cheap enough to run on every step of a what-if
// slider drag, after which evaluateScenario re-optimises the policies.
ScenarioEvaluation evaluateWithHeldPolicies(const Scenario& scenario,
                                            const CompiledScenario& compiled,
                                            const ScenarioEvaluation& previous);

// Decides on expected values: sets each option's expected_npv_usd from `means` (option, mean
// NPV over `samples`), then the cheapest option and the disagreement sentence on them. Two
// means within `tieUsd(a, b)` of each other are a tie (the sampling noise of their difference:
// the caller passes two paired standard errors), going to stay-cuda, then to fewer doors, then
// to the earlier option.
using TieTolerance = std::function<double(OptionId a, OptionId b)>;
void decideOnMeans(ScenarioEvaluation& evaluation,
                   const std::vector<std::pair<OptionId, double>>& means, std::size_t samples,
                   int horizonMonths, const TieTolerance& tieUsd);

// Where one workload stands under an option: the door of its group, and the month the option's
// policy takes it (docs/model.md, "Doors per workload").
struct WorkloadDoor {
    std::string workload;
    std::string group;    // its door group (the workload's own id when it has none)
    bool offered = false; // the option has a door for this group
    DoorMode mode = DoorMode::Move;
    int month = -1; // the month the door is taken; -1: never (stays on CUDA)
};
// One per workload, in CompiledScenario::workloads order.
std::vector<WorkloadDoor> workloadDoors(const CompiledScenario& compiled,
                                        const OptionOutcome& outcome);

// The doors an option's policy takes, in the option's door order: the door group and the
// month it is taken.
struct TakenDoor {
    std::string group;
    int month = 0;
};
std::vector<TakenDoor> takenDoors(const CompiledScenario& compiled, const OptionOutcome& outcome);
// The doors `policy` takes in `option`, in door order.
std::vector<TakenDoor> takenDoors(const CompiledScenario& compiled, const CompiledOption& option,
                                  const DoorPolicy& policy);

// The option a portability path stands for: path1 → OptionId::Path1, …
OptionId optionOf(PortabilityPath path);

// "$1.2M", "$350k", "-$40k": money for sentences and tables.
std::string formatUsd(double usd);

} // namespace crossgrade::model
