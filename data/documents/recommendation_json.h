#pragma once

// "crossgrade.recommendation/1", the CLI's machine-readable recommendation
// (docs/formats/recommendation.md). Depends only on the audit.

#include "recommendation.h"

#include <string>
#include <string_view>

namespace crossgrade::data {

inline constexpr std::string_view kRecommendationSchemaTag = "crossgrade.recommendation/1";

// `auditName` and `auditId` (0 when read from a file) say what was recommended on.
std::string writeRecommendation(const model::Recommendation& recommendation,
                                const std::string& auditName, long long auditId);

} // namespace crossgrade::data
