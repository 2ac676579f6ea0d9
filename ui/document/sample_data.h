#pragma once

// Telling the shipped sample data from the user's own in a store, from what the store already
// records (data/documents/samples.cpp): sample audits and the default price book are stored with
// the source "sample:<file>", and each sample scenario is saved as version 1 with the note "sample"
// under its sample's name. Every place the user meets sample data labels it with these.

#include "store.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <string>

namespace crossgrade::ui {

// The sample's file name ("tensorrt-inference.json") when `source` is a seeded sample's, else
// nothing.
std::optional<QString> sampleFileOfSource(const std::string& source);

// The shipped sample scenario file whose scenario has this name ("large-model-inference.json"),
// or nothing.
std::optional<QString> sampleScenarioFile(const std::string& scenarioName);

// The sample file stored scenario `id` was seeded from: its name is a sample's and its first
// version is the seeded one. Nothing for the user's scenarios (also one that merely took a
// sample's name) and when the store cannot be read.
std::optional<QString> sampleFileOfScenario(const data::Store& store, std::int64_t id,
                                            const std::string& name);

// The short label after a sample's name ("sample") and the sentence of its tooltip, naming
// where it was shipped from (`folder`/`file`, e.g. "resources/samples/audits").
QString sampleSuffix();
QString sampleExplanation(const QString& folder, const QString& file);

} // namespace crossgrade::ui
