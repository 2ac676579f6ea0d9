#pragma once

// One option of a scenario evaluated under one door policy at most-likely values, with the
// compiled scenario it was evaluated on (SKU indices, inputs): the hand-checked engine tests
// (tst_engine_arithmetic, tst_selling_bridging) read its months component by component.

#include "engine.h"

namespace crossgrade::testing {

struct OptionEvaluation {
    model::CompiledScenario compiled;
    model::OptionRun run;
};

inline OptionEvaluation evaluateWith(const model::Scenario& s, model::OptionId id,
                                     model::DoorPolicy policy) {
    OptionEvaluation r{model::compile(s), {}};
    const std::vector<double> v = r.compiled.inputs.mostLikely();
    model::EngineWorkspace ws;
    for (const model::CompiledOption& o : r.compiled.options)
        if (o.id == id)
            model::evaluateOption(r.compiled, v.data(), o, policy, ws, r.run);
    return r;
}

} // namespace crossgrade::testing
