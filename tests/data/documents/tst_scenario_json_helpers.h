// What both files of tst_scenario_json share: the samples as text or JSON, problems as text.
#pragma once

#include "samples.h"
#include "scenario_json.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace crossgrade::testing {

inline QString messages(const std::vector<data::Problem>& problems) {
    QString out;
    for (const data::Problem& p : problems)
        out += QString::fromStdString(p.place + ": " + p.message + "\n");
    return out;
}

inline std::string sampleText(const QString& name) {
    for (const data::SampleFile& s : data::sampleScenarios())
        if (s.name == name)
            return s.text;
    return {};
}

inline nlohmann::json sampleJson(const char* name = "large-model-inference.json") {
    return nlohmann::json::parse(sampleText(QString::fromUtf8(name)));
}

} // namespace crossgrade::testing
