#pragma once

// A scenario compiled and evaluated at its most likely values, the compiled form kept beside
// the evaluation for the tests that read both (door groups, tornadoes).

#include "evaluation.h"

namespace crossgrade::testing {

struct Evaluated {
    model::CompiledScenario compiled;
    model::ScenarioEvaluation evaluation;
};

inline Evaluated evaluated(const model::Scenario& s) {
    Evaluated e{model::compile(s), {}};
    e.evaluation = model::evaluateScenario(s, e.compiled);
    return e;
}

} // namespace crossgrade::testing
