#pragma once

// A shipped sample scenario by file name, for the UI tests; a missing or unreadable one stops
// the run with its name.

#include "samples.h"
#include "scenario_json.h"

#include <QString>

namespace crossgrade::testing {

inline model::Scenario sampleScenario(const QString& name) {
    for (const data::SampleFile& f : data::sampleScenarios())
        if (f.name == name) {
            const data::ScenarioReadResult read = data::readScenario(f.text);
            if (read.ok())
                return *read.scenario;
        }
    qFatal("sample scenario %s is missing or unreadable", qPrintable(name));
}

// A sample as an older engine reads it (engine versions 1–2 need model memory and one
// scenario-wide transition, which version-3 samples leave out): model memory is the weights
// over the documented split's 80 % (docs/model.md, "Inference capacity"), the transition the
// price book's dense-inference figure.
inline model::Scenario underEngine(model::Scenario s, int version) {
    s.engine_version = version;
    if (version >= 3)
        return s;
    if (!s.transition_regression) {
        const auto row = s.pricebook.transition.find(model::WorkloadClass::DenseInference);
        s.transition_regression = row != s.pricebook.transition.end()
                                      ? row->second
                                      : model::UncertainNumber::between(0.1, 0.2, 0.3);
    }
    for (auto& [id, w] : s.workloads)
        if (w.weights_gb && w.model_memory_gb == model::UncertainNumber{}) {
            const model::Range& r = w.weights_gb->range;
            w.model_memory_gb =
                model::UncertainNumber::between(r.low / 0.8, r.most_likely / 0.8, r.high / 0.8);
        }
    return s;
}

// A scenario file of the test fixtures (CROSSGRADE_SOURCE_DIR "/tests/fixtures/…"); an
// unreadable one stops the run with its path.
inline model::Scenario scenarioFile(const char* path) {
    const data::ScenarioReadResult read = data::readScenarioFile(path);
    if (!read.ok())
        qFatal("scenario fixture %s is unreadable", path);
    return *read.scenario;
}

} // namespace crossgrade::testing
