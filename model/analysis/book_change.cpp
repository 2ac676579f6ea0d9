// Evaluating a scenario on two price books' figures (book_change.h).

#include "book_change.h"

#include "scenario_inputs.h"

namespace crossgrade::model {

namespace {

// The scenario with each of `pointers` set to `book`'s value where both have the figure; the
// others into `missing` when given.
Scenario withFigures(const Scenario& scenario, const PriceBook& book,
                     const std::vector<std::string>& pointers,
                     std::vector<std::string>* missing = nullptr) {
    Scenario out = scenario;
    Scenario source = scenario;
    source.pricebook = book;
    for (const std::string& p : pointers) {
        const std::string at = "/pricebook" + p;
        UncertainNumber* slot = findInput(out, at);
        const UncertainNumber* value = findInput(source, at);
        if (slot == nullptr || value == nullptr) {
            if (missing)
                missing->push_back(p);
            continue;
        }
        *slot = *value;
    }
    return out;
}

BookDecision decide(const Scenario& s) {
    const ScenarioEvaluation e = evaluateScenario(s, compile(s));
    BookDecision d;
    d.cheapest = e.cheapest;
    d.cheapest_npv_usd = e.find(e.cheapest)->run.npv_usd;
    d.stay_npv_usd = e.find(OptionId::StayCuda)->run.npv_usd;
    d.rule_option = optionOf(e.recommendation.primary_path);
    if (const OptionOutcome* rule = e.find(d.rule_option))
        d.rule_saving_usd = d.stay_npv_usd - rule->run.npv_usd;
    return d;
}

std::string name(OptionId o) {
    return optionShortTitle(o);
}

} // namespace

bool inferenceRowsReadAlike(const Scenario& scenario, const PriceBook& book) {
    return (scenario.engine_version >= 3) == !book.transition.empty();
}

bool BookComparison::ruleSavingFlips() const {
    if (!before.rule_saving_usd || !after.rule_saving_usd)
        return false;
    // A saving under a dollar is no saving: the rule path then costs what staying costs.
    return (*before.rule_saving_usd > 1.0) != (*after.rule_saving_usd > 1.0);
}

std::string BookComparison::verdict() const {
    std::string out;
    if (cheapestChanges())
        out = "Yes: the cheapest option changes from " + name(before.cheapest) + " (" +
              formatUsd(before.cheapest_npv_usd) + ") to " + name(after.cheapest) + " (" +
              formatUsd(after.cheapest_npv_usd) + ").";
    else
        out = std::string(ruleSavingFlips() ? "Yes: " : "No: ") + name(after.cheapest) +
              " stays the cheapest option (" + formatUsd(before.cheapest_npv_usd) + " → " +
              formatUsd(after.cheapest_npv_usd) + ").";
    if (before.rule_saving_usd && after.rule_saving_usd)
        out += " The rule path, " + name(after.rule_option) + ", saves " +
               formatUsd(*before.rule_saving_usd) + " → " + formatUsd(*after.rule_saving_usd) +
               " against staying on CUDA" +
               (ruleSavingFlips() ? ": it pays on one book and not on the other." : ".");
    if (!not_comparable.empty())
        out += " " + std::to_string(not_comparable.size()) +
               " inference performance cells differ in meaning between the books (ratios that "
               "hold the memory advantage before engine 3, software efficiency from it): they "
               "were left at the scenario's values on both sides.";
    return out;
}

bool isInferenceCell(const std::string& pointer) {
    const std::string prefix = "/performance/";
    if (pointer.rfind(prefix, 0) != 0)
        return false;
    const std::size_t end = pointer.find('/', prefix.size());
    const auto cls = parseWorkloadClass(pointer.substr(prefix.size(), end - prefix.size()));
    return cls && isInference(*cls);
}

BookComparison compareOnBooks(const Scenario& scenario, const PriceBook& before,
                              const PriceBook& after, const std::vector<std::string>& all) {
    BookComparison c;
    const bool mixedReadings =
        !inferenceRowsReadAlike(scenario, before) || !inferenceRowsReadAlike(scenario, after);
    std::vector<std::string> pointers;
    for (const std::string& p : all)
        (mixedReadings && isInferenceCell(p) ? c.not_comparable : pointers).push_back(p);
    c.before = decide(withFigures(scenario, before, pointers));
    c.after = decide(withFigures(scenario, after, pointers, &c.not_in_scenario));
    return c;
}

} // namespace crossgrade::model
