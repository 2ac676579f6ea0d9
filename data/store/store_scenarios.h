#pragma once

// Scenarios and their saved versions in the store's tables (internal to the store). A version
// keeps the crossgrade.scenario/1 text it was saved as and the headline of its evaluation;
// the caller holds the transaction.

#include "store_connection.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::data::store_detail {

ScenarioVersionId insertScenarioVersion(const Connection& connection,
                                        const model::Scenario& scenario, const std::string& note,
                                        const std::string& engineVersion,
                                        const ScenarioHeadline& headline);
std::vector<ScenarioSummary> readScenarioSummaries(const Connection& connection);
std::vector<ScenarioVersionSummary> readScenarioVersions(const Connection& connection,
                                                         std::int64_t scenarioId);
std::optional<model::Scenario> readScenarioVersion(const Connection& connection,
                                                   std::int64_t scenarioId,
                                                   std::optional<int> number);
std::optional<StoredScenarioText> readScenarioVersionText(const Connection& connection,
                                                          std::int64_t scenarioId, int number);
bool deleteScenarioVersion(const Connection& connection, std::int64_t scenarioId, int number);

} // namespace crossgrade::data::store_detail
