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

// A scenario file of the test fixtures (CROSSGRADE_SOURCE_DIR "/tests/fixtures/…"); an
// unreadable one stops the run with its path.
inline model::Scenario scenarioFile(const char* path) {
    const data::ScenarioReadResult read = data::readScenarioFile(path);
    if (!read.ok())
        qFatal("scenario fixture %s is unreadable", path);
    return *read.scenario;
}

} // namespace crossgrade::testing
