#pragma once

// A shipped sample scenario by file name, for the UI tests; a missing or unreadable one stops
// the run with its name.

#include "samples.h"
#include "scenario_json.h"

#include <QString>

namespace crossgrade::testing {

inline model::Scenario readSample(const data::SampleFile& file) {
    const data::ScenarioReadResult read = data::readScenario(file.text);
    if (!read.ok())
        qFatal("sample %s does not read: %s", qPrintable(file.name),
               read.errors.front().message.c_str());
    return *read.scenario;
}

inline model::Scenario sampleScenario(const QString& name) {
    for (const data::SampleFile& f : data::sampleScenarios())
        if (f.name == name)
            return readSample(f);
    qFatal("sample scenario %s is missing", qPrintable(name));
}

// Large-model inference with the MI300X's price given a long upper tail (triangular up to eight
// times its most likely price): the sample moves to AMD at month 3 at the most likely values,
// but the move does not pay on average, so the expected-value plan takes no door (issue 25:
// tst_plan_choice, tst_monte_carlo_runner, tst_compare_uncertainty).
inline model::Scenario skewedAmdPrice() {
    model::Scenario s = sampleScenario(QStringLiteral("large-model-inference.json"));
    model::UncertainNumber& price = s.pricebook.skus.at("MI300X").purchase_usd;
    price.range.high = price.range.most_likely * 8;
    price.distribution = model::Distribution::Triangular;
    return s;
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
