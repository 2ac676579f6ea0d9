#pragma once

#include <string_view>

namespace crossgrade::model {

// The article's scoring of an audit: how many High dimensions, how long the work.
struct EffortBand {
    std::string_view label; // the article's words, e.g. "3–6 month engineering project"
    double min_months = 0;
    double max_months = 0;
    std::string_view source; // the article sentence the band rests on
};

// 0–1 High: weeks to months (taken as 0.5–3 months); 2: 3–6 months; 3+: 6–12 months.
EffortBand effortBand(int highCount);

} // namespace crossgrade::model
