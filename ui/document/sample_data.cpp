#include "sample_data.h"

#include "samples.h"
#include "scenario_json.h"

#include <QCoreApplication>
#include <map>

namespace crossgrade::ui {

namespace {

const std::string kSamplePrefix = "sample:";
const std::string kSampleNote = "sample"; // data/documents/samples.cpp: the seeded version's note

// The shipped scenarios' names, read once: they are compiled in and never change.
const std::map<std::string, QString>& sampleScenarioNames() {
    static const std::map<std::string, QString> names = [] {
        std::map<std::string, QString> byName;
        for (const data::SampleFile& file : data::sampleScenarios())
            if (const data::ScenarioReadResult read = data::readScenario(file.text); read.ok())
                byName.emplace(read.scenario->name, file.name);
        return byName;
    }();
    return names;
}

} // namespace

std::optional<QString> sampleFileOfSource(const std::string& source) {
    if (source.rfind(kSamplePrefix, 0) != 0 || source.size() == kSamplePrefix.size())
        return std::nullopt;
    return QString::fromStdString(source.substr(kSamplePrefix.size()));
}

std::optional<QString> sampleScenarioFile(const std::string& scenarioName) {
    const auto& names = sampleScenarioNames();
    const auto it = names.find(scenarioName);
    if (it == names.end())
        return std::nullopt;
    return it->second;
}

std::optional<QString> sampleFileOfScenario(const data::Store& store, std::int64_t id,
                                            const std::string& name) {
    const std::optional<QString> file = sampleScenarioFile(name);
    if (!file)
        return std::nullopt; // the common case costs no query
    try {
        const auto versions = store.versions(id);
        if (!versions.empty() && versions.front().number == 1 &&
            versions.front().note == kSampleNote)
            return file;
    } catch (const data::StoreError&) {
    }
    return std::nullopt;
}

QString sampleSuffix() {
    return QCoreApplication::translate("crossgrade::ui::SampleData", "sample");
}

QString sampleExplanation(const QString& folder, const QString& file) {
    return QCoreApplication::translate(
               "crossgrade::ui::SampleData",
               "Sample data shipped with Crossgrade (%1/%2), not your organisation's: its "
               "figures are invented or taken from public sources to show how the tool works. "
               "Replace them with your own before you decide anything.")
        .arg(folder, file);
}

} // namespace crossgrade::ui
