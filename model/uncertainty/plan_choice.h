#pragma once

// Plans chosen under uncertainty (issue 25; docs/uncertainty.md, "The committed plan"). The door
// policy an option commits to is the one with the lowest mean NPV over a plan-choice sample set,
// drawn with its own seed so the choice is never scored on the samples it was fitted to. The
// search is the door search of engine v2 (evaluation.h, searchDoorPolicies) with the mean over
// the first 50 of those samples as its objective (screening); the eight best policies it weighed,
// the mode plan and taking no door are then compared on all of them. The policy best at the
// most-likely values (the mode plan) is always a candidate and
// stays committed unless the expected-value plan beats it by more than two paired standard
// errors, so plans do not flip with the seed. A plan that moves is committed only when it is
// cheaper than taking no door by more than two paired standard errors (a statistical tie goes to
// fewer doors), so a committed plan never costs more on average than taking no door (DESIGN.md's
// invariant 4, in the mean).

#include "evaluation.h"
#include "sampling.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace crossgrade::model {

// Samples of the plan choice by default: enough for a paired standard error of a few percent
// of a typical gap between plans, few enough that a choice runs in seconds (the bench prints it).
inline constexpr std::size_t kDefaultPlanChoiceSamples = 200;

// The plan-choice draws' seed, derived from the evaluation seed by a fixed rule (documented),
// so one scenario seed fixes both sample sets and the two never coincide.
std::uint64_t planChoiceSeed(std::uint64_t evaluationSeed);

struct PlanChoiceOptions {
    std::size_t samples = kDefaultPlanChoiceSamples;
    std::uint64_t seed = planChoiceSeed(1);
    int threads = 1; // the result does not depend on it
};

struct OptionPlanChoice {
    OptionId id = OptionId::StayCuda;
    DoorPolicy mode_policy;     // the best at the most-likely values
    DoorPolicy expected_policy; // the lowest mean NPV over the plan-choice samples
    DoorPolicy committed;       // what every figure is computed under
    std::size_t candidates = 0; // policies weighed
    // Over the plan-choice samples: mean NPV of each plan and of taking no door, and the
    // paired gain of the expected-value plan over the mode plan (mode − expected) with its
    // standard error (sd of the paired differences / √n).
    double mode_mean_usd = 0;
    double expected_mean_usd = 0;
    double never_mean_usd = 0;
    double gain_usd = 0;
    double gain_standard_error = 0;
    // For a plan that moves: never's mean minus the plan's, paired, and its standard error; the
    // plan is committed only when this exceeds two standard errors (else no door).
    double saving_vs_never_usd = 0;
    double saving_vs_never_standard_error = 0;
    DoorPolicy never_instead_of; // Basis::Never: the plan that was not clearly cheaper
    enum class Basis {
        Mode, // the mode plan, the expected-value plan being the same or not clearly better
        ExpectedValue, // the expected-value plan, better than the mode plan by > 2 SE
        Never,         // the plan that would move is not clearly cheaper than no door
    };
    Basis basis = Basis::Mode;
    // One sentence a reader can check: which plan is committed and why.
    std::string reason;
};

struct PlanChoice {
    std::size_t samples = 0;
    std::uint64_t seed = 0;
    std::vector<OptionPlanChoice> options; // in the evaluation's order
    bool cancelled = false;

    const OptionPlanChoice* find(OptionId id) const;
    // Options whose committed plan differs from their mode plan.
    std::size_t changed() const;
};

// Chooses each option's committed plan of `mode` (the deterministic evaluation, its policies
// the mode plans). `cancel` stops the run early (the result is then marked cancelled);
// `samplesDone` counts sample evaluations for a progress bar.
PlanChoice choosePlans(const CompiledScenario& compiled, const ScenarioEvaluation& mode,
                       const PlanChoiceOptions& options, const std::atomic<bool>* cancel = nullptr,
                       std::atomic<std::size_t>* samplesDone = nullptr);

// `mode`'s scenario evaluated at its most-likely values with every option under its committed
// plan: break-even, cheapest option and the disagreement sentence follow the committed plans.
ScenarioEvaluation evaluateCommitted(const Scenario& scenario, const CompiledScenario& compiled,
                                     const ScenarioEvaluation& mode, const PlanChoice& choice);

} // namespace crossgrade::model
