#include "effort_band.h"

#include "article.h"

namespace crossgrade::model {

EffortBand effortBand(int highCount) {
    // "Weeks to months" has no numbers in the article; 0.5–3 months is DESIGN.md's reading.
    if (highCount <= 1)
        return {"weeks to months", months(0.5), months(3.0), article::kScoring};
    if (highCount == 2)
        return {"3–6 month engineering project", months(3.0), months(6.0), article::kScoring};
    return {"6–12 months of dedicated effort", months(6.0), months(12.0), article::kScoring};
}

} // namespace crossgrade::model
