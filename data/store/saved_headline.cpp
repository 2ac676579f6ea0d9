#include "saved_headline.h"

#include "evaluation.h"

#include <cmath>

namespace crossgrade::data {

namespace {

constexpr double kSameUsd = 1.0; // the engine's tie tolerance

const OptionHeadline* find(const ScenarioHeadline& h, const std::string& option) {
    for (const OptionHeadline& o : h.options)
        if (o.option == option)
            return &o;
    return nullptr;
}

std::string by(const Evaluator& e) {
    return "Crossgrade " + e.program + " (engine " + std::to_string(e.engine) + ")";
}

std::string cheapestText(const ScenarioHeadline& h) {
    const OptionHeadline* cheapest = find(h, h.cheapest_option);
    return "cheapest " + h.cheapest_option +
           (cheapest ? " at " + model::formatUsd(cheapest->npv_usd) : std::string());
}

} // namespace

HeadlineComparison compareHeadlines(const ScenarioVersionSummary& saved, const Evaluator& savedBy,
                                    const ScenarioHeadline& now, const Evaluator& nowBy) {
    HeadlineComparison c;
    c.saved = "Saved " + saved.saved_at.substr(0, 10) + " by " + by(savedBy) + ": " +
              cheapestText(saved.headline) + ".";
    for (const OptionHeadline& o : now.options) {
        const OptionHeadline* before = find(saved.headline, o.option);
        if (!before) {
            c.changes.push_back(o.option + ": not in the saved version, now " +
                                model::formatUsd(o.npv_usd));
            continue;
        }
        const bool npvMoved = std::abs(o.npv_usd - before->npv_usd) > kSameUsd;
        if (!npvMoved && o.doors_taken == before->doors_taken)
            continue;
        std::string line = o.option + ": " + model::formatUsd(before->npv_usd) + " → " +
                           model::formatUsd(o.npv_usd);
        if (o.doors_taken != before->doors_taken)
            line += ", doors " + std::to_string(before->doors_taken) + " → " +
                    std::to_string(o.doors_taken);
        c.changes.push_back(line);
    }
    for (const OptionHeadline& o : saved.headline.options)
        if (!find(now, o.option))
            c.changes.push_back(o.option + ": " + model::formatUsd(o.npv_usd) +
                                " when saved, not evaluated now");
    c.differs = !c.changes.empty() || now.cheapest_option != saved.headline.cheapest_option;
    c.now = "Re-evaluated by " + by(nowBy) + ": " +
            (c.differs ? cheapestText(now) : std::string("the same")) + ".";
    return c;
}

} // namespace crossgrade::data
