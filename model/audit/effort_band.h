#pragma once

#include "units.h"

#include <string_view>

namespace crossgrade::model {

// The article's scoring of an audit: how many High dimensions, how long the work.
struct EffortBand {
    std::string_view label; // the article's words, e.g. "3–6 month engineering project"
    Duration shortest;      // the band's ends (the article's "weeks" taken as half a month)
    Duration longest;
    std::string_view source; // the article sentence the band rests on
};

// 0–1 High: weeks to months (taken as 0.5–3 months); 2: 3–6 months; 3+: 6–12 months.
EffortBand effortBand(int highCount);

} // namespace crossgrade::model
