#include "evaluation.h"

#include "finite_results.h"
#include "option_twins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>

namespace crossgrade::model {

namespace {

constexpr double kTieUsd = 1.0; // DESIGN.md: ties within $1

int doorCount(const DoorPolicy& p) {
    return p.doorsTaken();
}

// Quarter starts at or after `open`, inside the horizon; kNever first.
std::vector<int> candidateMonths(double open, int horizon) {
    std::vector<int> months{kNever};
    const int first = int(std::ceil(std::max(0.0, open) / 3.0 - 1e-9)) * 3;
    for (int m = first; m < horizon; m += 3)
        months.push_back(m);
    return months;
}

std::string disagreementSentence(const ScenarioEvaluation& e, OptionId advised, int horizon) {
    const OptionOutcome* rule = e.find(advised);
    const OptionOutcome* cheapest = e.find(e.cheapest);
    const OptionOutcome* stay = e.find(OptionId::StayCuda);
    if (rule == nullptr || cheapest == nullptr || advised == e.cheapest)
        return {};
    const double extraUsd = rule->decisionNpv() - cheapest->decisionNpv();
    const std::string extra = formatUsd(extraUsd);
    // Read by people (the Recommendation view, the report's answer): the options' titles, not
    // their ids.
    const std::string name = "the rule path, " + optionShortTitle(advised);
    const std::string inside = " inside " + std::to_string(horizon) + " months" +
                               (e.decision_samples > 0 ? " on average" : "");
    if (rule->doors_taken == 0 && extraUsd <= kTieUsd)
        return "At these prices " + name + ", takes no door to AMD" + inside +
               ", so it costs what staying on CUDA costs: no move to AMD pays back within the "
               "horizon. The audit's rules weigh lock-in risk, not this scenario's prices.";
    if (rule->doors_taken == 0)
        return "By NPV " + name + ", costs " + extra + " more than " +
               optionShortTitle(e.cheapest) + inside +
               ": at these prices none of its doors to AMD pays back within the horizon. The "
               "audit's rules weigh lock-in risk, not this scenario's prices.";
    if (e.cheapest == OptionId::StayCuda)
        return "By NPV " + name + ", costs " + extra + " more than staying on CUDA" + inside +
               ": the savings once its doors open do not repay the porting work in time.";
    return "By NPV " + optionShortTitle(e.cheapest) + " is " + extra + " cheaper than " + name +
           "," + inside + " (it saves " + formatUsd(stay->run.npv_usd - cheapest->run.npv_usd) +
           " against staying on CUDA); the audit's rules weigh lock-in risk, not this "
           "scenario's prices.";
}

} // namespace

const OptionOutcome* ScenarioEvaluation::find(OptionId id) const {
    for (const OptionOutcome& o : options)
        if (o.id == id)
            return &o;
    return nullptr;
}

namespace {

// Each door's candidate months: never, then every quarter start from its earliest opening.
std::vector<std::vector<int>> candidateMonthsPerDoor(const CompiledScenario& scenario,
                                                     const double* v,
                                                     const CompiledOption& option) {
    const auto open = earliestDoorOpening(scenario, v, option);
    std::vector<std::vector<int>> months;
    for (std::size_t k = 0; k < option.doors.size(); ++k)
        months.push_back(candidateMonths(open[k], scenario.horizon_months));
    return months;
}

// How many policies the doors' candidate months make, saturating at `cap` + 1.
std::size_t policyCount(const std::vector<std::vector<int>>& months, std::size_t cap) {
    std::size_t n = 1;
    for (const std::vector<int>& m : months) {
        n *= m.size();
        if (n > cap)
            return cap + 1;
    }
    return n;
}

// Every combination of the doors in `doors` over their candidate months (the other doors as
// in `base`), in the order the search weighs them: the first door slowest, never before any
// month; `base` itself first.
std::vector<DoorPolicy> combinations(const std::vector<std::vector<int>>& months,
                                     const std::vector<std::size_t>& doors, DoorPolicy base) {
    std::vector<DoorPolicy> out;
    std::vector<std::size_t> digit(doors.size(), 0);
    for (std::size_t d : doors)
        base.month[d] = months[d].front();
    for (;;) {
        DoorPolicy p = base;
        for (std::size_t i = 0; i < doors.size(); ++i)
            p.month[doors[i]] = months[doors[i]][digit[i]];
        out.push_back(p);
        std::size_t i = doors.size();
        while (i > 0 && ++digit[i - 1] == months[doors[i - 1]].size())
            digit[--i] = 0;
        if (i == 0)
            return out;
    }
}

// The best of `policies` by `npv`, weighed in order against the best so far.
DoorPolicy choosePolicy(const std::vector<DoorPolicy>& policies, const std::vector<double>& npv,
                        double* chosenNpv = nullptr) {
    DoorPolicy best = policies.front();
    double bestNpv = npv.front();
    for (std::size_t i = 1; i < policies.size(); ++i) {
        const DoorPolicy& candidate = policies[i];
        const bool clearlyBetter = npv[i] < bestNpv - kTieUsd;
        const bool tieWithFewerDoors =
            std::abs(npv[i] - bestNpv) <= kTieUsd && doorCount(candidate) < doorCount(best);
        if (clearlyBetter || tieWithFewerDoors) {
            best = candidate;
            bestNpv = npv[i];
        }
    }
    if (chosenNpv)
        *chosenNpv = bestNpv;
    return best;
}

using EvaluateAll = PolicyObjective;

// The local search for options with too many policies to weigh all (docs/model.md, "The door
// search"): the best of all-never, each door alone at each month, every door at each month,
// and the exhaustive answer of each kind's doors alone where that is small enough; then one
// door at a time moved to its best month with the others held, until no move gains $1.
DoorPolicy localDoorSearch(const std::vector<std::vector<int>>& months,
                           const CompiledOption& option, std::size_t exhaustiveLimit,
                           std::size_t* searched, const EvaluateAll& evaluateAll, double* chosen) {
    const std::size_t doors = months.size();
    std::vector<DoorPolicy> seeds{DoorPolicy{}};
    for (std::size_t d = 0; d < doors; ++d)
        for (int m : months[d])
            if (m != kNever) {
                DoorPolicy p;
                p.month[d] = m;
                seeds.push_back(p);
            }
    for (int m : months.front())
        if (m != kNever) {
            DoorPolicy p;
            for (std::size_t d = 0; d < doors; ++d)
                p.month[d] = m;
            seeds.push_back(p);
        }
    for (DoorKind kind : {DoorKind::Inference, DoorKind::Training}) {
        std::vector<std::size_t> ofKind;
        std::vector<std::vector<int>> kindMonths;
        for (std::size_t d = 0; d < doors; ++d)
            if (option.doors[d].kind == kind) {
                ofKind.push_back(d);
                kindMonths.push_back(months[d]);
            }
        if (ofKind.size() > 1 && policyCount(kindMonths, exhaustiveLimit) <= exhaustiveLimit)
            for (const DoorPolicy& p : combinations(months, ofKind, DoorPolicy{}))
                seeds.push_back(p);
    }
    auto weigh = [&](const std::vector<DoorPolicy>& policies, double* chosenNpv) {
        std::vector<double> npv(policies.size());
        evaluateAll(policies, npv);
        if (searched)
            *searched += policies.size();
        return choosePolicy(policies, npv, chosenNpv);
    };
    double bestNpv = 0;
    DoorPolicy best = weigh(seeds, &bestNpv);
    for (int pass = 0; pass < 16; ++pass) {
        bool moved = false;
        for (std::size_t d = 0; d < doors; ++d) {
            std::vector<DoorPolicy> moves{best};
            for (int m : months[d])
                if (m != best.month[d]) {
                    DoorPolicy p = best;
                    p.month[d] = m;
                    moves.push_back(p);
                }
            const DoorPolicy next = weigh(moves, &bestNpv);
            if (next != best) {
                best = next;
                moved = true;
            }
        }
        if (!moved)
            break;
    }
    if (chosen)
        *chosen = bestNpv;
    return best;
}

} // namespace

// Every candidate policy's NPV by `evaluateAll(policies, npv)`, then the choice among them: the
// fast search, the exhaustive reference and the expected-value search differ only in how the
// figures are computed.
DoorPolicy searchDoorPolicies(const CompiledScenario& scenario, const double* v,
                              const CompiledOption& option, const PolicyObjective& evaluateAll,
                              std::size_t* searched, std::size_t exhaustiveLimit, double* chosen) {
    if (chosen)
        *chosen = 0;
    if (option.doors.empty())
        return DoorPolicy{};
    const std::vector<std::vector<int>> months = candidateMonthsPerDoor(scenario, v, option);
    if (policyCount(months, exhaustiveLimit) > exhaustiveLimit)
        return localDoorSearch(months, option, exhaustiveLimit, searched, evaluateAll, chosen);
    std::vector<std::size_t> all(months.size());
    std::iota(all.begin(), all.end(), std::size_t(0));
    const std::vector<DoorPolicy> policies = combinations(months, all, DoorPolicy{});
    std::vector<double> npv(policies.size());
    evaluateAll(policies, npv);
    if (searched)
        *searched += policies.size();
    return choosePolicy(policies, npv, chosen);
}

std::size_t doorPolicyCount(const CompiledScenario& scenario, const double* v,
                            const CompiledOption& option) {
    return policyCount(candidateMonthsPerDoor(scenario, v, option),
                       std::numeric_limits<std::size_t>::max() / 64);
}

DoorPolicy optimiseDoorPolicy(const CompiledScenario& scenario, const double* v,
                              const CompiledOption& option, EngineWorkspace& workspace,
                              OptionRun& scratch, std::size_t* searched,
                              std::size_t exhaustiveLimit, double* chosenNpv) {
    return searchDoorPolicies(
        scenario, v, option,
        [&](const std::vector<DoorPolicy>& policies, std::vector<double>& npv) {
            evaluateDoorPolicies(scenario, v, option, policies.data(), policies.size(), npv.data(),
                                 workspace, scratch);
        },
        searched, exhaustiveLimit, chosenNpv);
}

DoorPolicy optimiseDoorPolicyExhaustive(const CompiledScenario& scenario, const double* v,
                                        const CompiledOption& option, EngineWorkspace& workspace,
                                        OptionRun& scratch, std::size_t* searched,
                                        std::size_t exhaustiveLimit) {
    return searchDoorPolicies(
        scenario, v, option,
        [&](const std::vector<DoorPolicy>& policies, std::vector<double>& npv) {
            evaluateOption(scenario, v, option, DoorPolicy{}, workspace, scratch);
            const double stayingPeak = scratch.peak_kw;
            for (std::size_t i = 0; i < policies.size(); ++i) {
                evaluateOption(scenario, v, option, policies[i], workspace, scratch);
                npv[i] = policies[i].takesAny() &&
                                 refusedByPowerCap(scenario, v, scratch.peak_kw, stayingPeak)
                             ? std::numeric_limits<double>::infinity()
                             : scratch.npv_usd;
            }
        },
        searched, exhaustiveLimit);
}

namespace {

std::optional<int> firstMonthStayingBelow(const std::vector<double>& option,
                                          const std::vector<double>& reference) {
    std::optional<int> month;
    for (std::size_t m = std::min(option.size(), reference.size()); m-- > 0;) {
        if (option[m] > reference[m] + kTieUsd)
            break;
        month = int(m);
    }
    return month;
}

} // namespace

std::optional<int> breakEvenMonth(const OptionRun& option, const OptionRun& reference) {
    return firstMonthStayingBelow(option.discounted_cumulative, reference.discounted_cumulative);
}

std::optional<int> cashBreakEvenMonth(const OptionRun& option, const OptionRun& reference) {
    return firstMonthStayingBelow(option.cumulative, reference.cumulative);
}

namespace {

// Cheapest by NPV (the mean where there is one); within $1 stay-cuda wins, then the option with
// fewer doors. Then the sentence where the rule path differs.
void decideCheapest(ScenarioEvaluation& e, int horizon, const TieTolerance& tieUsd = {}) {
    const OptionOutcome* cheapest = e.find(OptionId::StayCuda);
    for (const OptionOutcome& o : e.options) {
        const double diff = o.decisionNpv() - cheapest->decisionNpv();
        const double tie = tieUsd ? std::max(kTieUsd, tieUsd(o.id, cheapest->id)) : kTieUsd;
        if (diff < -tie || (std::abs(diff) <= tie && cheapest->id != OptionId::StayCuda &&
                            o.doors_taken < cheapest->doors_taken))
            cheapest = &o;
    }
    e.cheapest = cheapest->id;
    e.disagreement = disagreementSentence(e, optionOf(e.recommendation.primary_path), horizon);
}

// $/GPU-hour and $/Mtok, for the option and per workload: the option's total with the
// installed fleet's capital, shared among workloads by the market value of the GPU-hours that
// served them (an H200 hour weighs more than an H100 hour, as it fetches more).
void setUnitCosts(const CompiledScenario& compiled, double installedCapital, OptionOutcome& o) {
    const OptionRun& run = o.run;
    o.installed_capital_usd = installedCapital;
    const double cost = run.total_usd + installedCapital;
    o.usd_per_gpu_hour = run.gpu_hours > 0 ? cost / run.gpu_hours : 0.0;
    double served = 0;
    for (double value : run.workload_value_usd)
        served += value;
    double inferenceUsd = 0;
    for (std::size_t i = 0; i < compiled.workloads.size() && i < run.workload_gpu_hours.size();
         ++i) {
        WorkloadUnitCost u;
        u.workload = compiled.workloads[i].id;
        u.inference = compiled.workloads[i].kind == WorkloadKindOfDemand::Inference;
        u.gpu_hours = run.workload_gpu_hours[i];
        u.value_usd = run.workload_value_usd[i];
        u.usd = served > 0 ? cost * run.workload_value_usd[i] / served : 0.0;
        u.usd_per_gpu_hour = u.gpu_hours > 0 ? u.usd / u.gpu_hours : 0.0;
        const double tokens = run.workload_tokens[i];
        u.usd_per_mtok = u.inference && tokens > 0 ? u.usd / (tokens / 1e6) : 0.0;
        if (u.inference)
            inferenceUsd += u.usd;
        o.workloads.push_back(std::move(u));
    }
    o.usd_per_mtok = run.tokens_served > 0 ? inferenceUsd / (run.tokens_served / 1e6) : 0.0;
}

// Evaluates every option of `compiled`, each under the policy `choose` returns for it, and
// derives what the comparison needs: break-even, cheapest option and the disagreement.
// `pure`: the policy `choose` returns is a function of the option's program and the values
// alone (the door search), so an option that is an earlier one's twin at these values
// (option_twins.h) takes that option's outcome — policy, run and unit costs — and counts its
// search again, without searching.
template <typename ChoosePolicy>
ScenarioEvaluation evaluateEach(const Scenario& scenario, const CompiledScenario& compiled,
                                ChoosePolicy choose, bool pure = false) {
    ScenarioEvaluation e;
    e.start_month = compiled.start_month;
    const std::vector<double> v = compiled.inputs.mostLikely();
    EngineWorkspace workspace;
    workspace.reserve(compiled);
    OptionRun scratch;
    std::vector<std::size_t> searchedFor;         // per option evaluated, the policies it weighed
    std::vector<const CompiledOption*> twinnable; // stay-cuda none: it has no door to search
    for (const CompiledOption& option : compiled.options)
        twinnable.push_back(pure && option.id != OptionId::StayCuda ? &option : nullptr);
    for (std::size_t k = 0; k < compiled.options.size(); ++k) {
        const CompiledOption& option = compiled.options[k];
        const int twin =
            earlierTwin(twinnable, k, v, 1, 1, [](std::size_t, const auto&) { return true; });
        if (twin >= 0) {
            OptionOutcome outcome = e.options[std::size_t(twin)];
            outcome.id = option.id;
            e.policies_searched += searchedFor[std::size_t(twin)];
            searchedFor.push_back(searchedFor[std::size_t(twin)]);
            e.options.push_back(std::move(outcome));
            continue;
        }
        OptionOutcome outcome;
        outcome.id = option.id;
        const std::size_t before = e.policies_searched;
        outcome.policy = choose(option, v, workspace, scratch, e.policies_searched);
        searchedFor.push_back(e.policies_searched - before);
        evaluateOption(compiled, v.data(), option, outcome.policy, workspace, outcome.run);
        outcome.doors_taken = doorCount(outcome.policy);
        setUnitCosts(compiled, installedFleetValue(compiled, v.data()), outcome);
        e.options.push_back(std::move(outcome));
    }
    if (e.find(OptionId::StayCuda) == nullptr) {
        // Every comparison is against staying on CUDA, so it is always evaluated.
        OptionOutcome stay;
        stay.id = OptionId::StayCuda;
        CompiledOption none;
        evaluateOption(compiled, v.data(), none, stay.policy, workspace, stay.run);
        setUnitCosts(compiled, installedFleetValue(compiled, v.data()), stay);
        e.options.insert(e.options.begin(), std::move(stay));
    }
    const OptionOutcome& stay = *e.find(OptionId::StayCuda);
    for (OptionOutcome& o : e.options)
        if (o.id != OptionId::StayCuda && o.doors_taken > 0) {
            o.break_even_month = breakEvenMonth(o.run, stay.run);
            o.cash_break_even_month = cashBreakEvenMonth(o.run, stay.run);
        }

    // The rules ran when the scenario was compiled; again only for an audit it was not compiled
    // with.
    const AuditProfile profile = scenario.audit.profile();
    e.recommendation =
        profile == compiled.audit_profile ? compiled.recommendation : recommend(profile);
    decideCheapest(e, compiled.horizon_months);
    requireFinite(e);
    return e;
}

} // namespace

namespace {

const CompiledOption* compiledOption(const CompiledScenario& compiled, OptionId id) {
    for (const CompiledOption& option : compiled.options)
        if (option.id == id)
            return &option;
    return nullptr;
}

} // namespace

std::vector<WorkloadDoor> workloadDoors(const CompiledScenario& compiled,
                                        const OptionOutcome& outcome) {
    std::vector<WorkloadDoor> doors(compiled.workloads.size());
    for (std::size_t w = 0; w < doors.size(); ++w)
        doors[w].workload = compiled.workloads[w].id;
    for (const CompiledDoorGroup& group : compiled.door_groups)
        for (int w : group.workloads)
            doors[std::size_t(w)].group = group.id;
    const CompiledOption* option = compiledOption(compiled, outcome.id);
    for (std::size_t k = 0; option && k < option->doors.size(); ++k) {
        const CompiledDoor& door = option->doors[k];
        for (int w : compiled.door_groups[std::size_t(door.group)].workloads) {
            WorkloadDoor& d = doors[std::size_t(w)];
            d.offered = true;
            d.mode = door.mode;
            d.month = int(outcome.run.door_taken_month[k]);
        }
    }
    return doors;
}

std::vector<TakenDoor> takenDoors(const CompiledScenario& compiled, const OptionOutcome& outcome) {
    std::vector<TakenDoor> taken;
    const CompiledOption* option = compiledOption(compiled, outcome.id);
    for (std::size_t k = 0; option && k < option->doors.size(); ++k)
        if (outcome.run.door_taken_month[k] >= 0)
            taken.push_back({compiled.door_groups[std::size_t(option->doors[k].group)].id,
                             int(outcome.run.door_taken_month[k])});
    return taken;
}

std::vector<TakenDoor> takenDoors(const CompiledScenario& compiled, const CompiledOption& option,
                                  const DoorPolicy& policy) {
    std::vector<TakenDoor> taken;
    for (std::size_t k = 0; k < option.doors.size(); ++k)
        if (policy.takes(k))
            taken.push_back(
                {compiled.door_groups[std::size_t(option.doors[k].group)].id, policy.month[k]});
    return taken;
}

std::optional<DoorPolicy> earliestOneDoorPolicy(const CompiledScenario& scenario, const double* v,
                                                const CompiledOption& option,
                                                EngineWorkspace& workspace, OptionRun& scratch) {
    const std::vector<std::vector<int>> months = candidateMonthsPerDoor(scenario, v, option);
    std::vector<DoorPolicy> policies;
    for (std::size_t d = 0; d < months.size(); ++d)
        if (months[d].size() > 1) { // kNever, then the quarters from its opening
            DoorPolicy p;
            p.month[d] = months[d][1];
            policies.push_back(p);
        }
    if (policies.empty())
        return std::nullopt;
    std::vector<double> npv(policies.size());
    evaluateDoorPolicies(scenario, v, option, policies.data(), policies.size(), npv.data(),
                         workspace, scratch);
    if (std::none_of(npv.begin(), npv.end(), [](double x) { return std::isfinite(x); }))
        return std::nullopt; // every one-door plan is above the power cap
    return choosePolicy(policies, npv);
}

ScenarioEvaluation evaluateScenario(const Scenario& scenario, const CompiledScenario& compiled) {
    return evaluateEach(
        scenario, compiled,
        [&](const CompiledOption& option, const std::vector<double>& v, EngineWorkspace& workspace,
            OptionRun& scratch, std::size_t& searched) {
            return optimiseDoorPolicy(compiled, v.data(), option, workspace, scratch, &searched);
        },
        true);
}

ScenarioEvaluation evaluateWithHeldPolicies(const Scenario& scenario,
                                            const CompiledScenario& compiled,
                                            const ScenarioEvaluation& previous) {
    return evaluateEach(scenario, compiled,
                        [&](const CompiledOption& option, const std::vector<double>&,
                            EngineWorkspace&, OptionRun&, std::size_t&) {
                            const OptionOutcome* before = previous.find(option.id);
                            DoorPolicy policy = before ? before->policy : DoorPolicy{};
                            for (std::size_t d = option.doors.size(); d < policy.month.size(); ++d)
                                policy.month[d] = kNever; // a door group the edit removed
                            return policy;
                        });
}

void decideOnMeans(ScenarioEvaluation& evaluation,
                   const std::vector<std::pair<OptionId, double>>& means, std::size_t samples,
                   int horizonMonths, const TieTolerance& tieUsd) {
    for (OptionOutcome& o : evaluation.options)
        for (const auto& [id, mean] : means)
            if (id == o.id)
                o.expected_npv_usd = mean;
    evaluation.decision_samples = samples;
    decideCheapest(evaluation, horizonMonths, tieUsd);
}

OptionId optionOf(PortabilityPath path) {
    switch (path) {
    case PortabilityPath::Path1:
        return OptionId::Path1;
    case PortabilityPath::Path2:
        return OptionId::Path2;
    case PortabilityPath::Path3:
        return OptionId::Path3;
    case PortabilityPath::Path2And3:
        return OptionId::Path2And3;
    }
    return OptionId::Path1;
}

std::string formatUsd(double usd) {
    const double a = std::abs(usd);
    char buffer[32];
    if (a >= 1e9)
        std::snprintf(buffer, sizeof buffer, "$%.1fB", a / 1e9);
    else if (a >= 1e6)
        std::snprintf(buffer, sizeof buffer, "$%.1fM", a / 1e6);
    else if (a >= 1e3)
        std::snprintf(buffer, sizeof buffer, "$%.0fk", a / 1e3);
    else
        std::snprintf(buffer, sizeof buffer, "$%.0f", a);
    return (usd < 0 ? "-" : "") + std::string(buffer);
}

} // namespace crossgrade::model
