#pragma once

// Does a new price book flip the decision? (issue 24, point 4). A scenario evaluated twice,
// once with the figures a change between two price books touches set to the old book's values
// and once to the new book's, everything else as the scenario has it; compared by its cheapest
// option and by the rule path's saving against staying on CUDA. Shared by `crossgrade-cli
// pricebook diff --scenario` and the app's price-book comparison.

#include "evaluation.h"
#include "scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace crossgrade::model {

// What a scenario decides on one set of figures.
struct BookDecision {
    OptionId cheapest = OptionId::StayCuda;
    double cheapest_npv_usd = 0;
    double stay_npv_usd = 0;
    OptionId rule_option = OptionId::StayCuda; // the audit's rule path as an option
    std::optional<double> rule_saving_usd;     // stay-cuda's NPV − the rule path's; none when
                                               // the scenario does not evaluate the rule path
};

struct BookComparison {
    BookDecision before, after;
    // The changed figures the scenario does not have (an optional SKU figure it lacks, a SKU or
    // class it does not use): left as they are.
    std::vector<std::string> not_in_scenario;
    // Inference performance cells a book states otherwise than the scenario's engine reads
    // them — ratios that hold the memory advantage (books before engine 3's, which have no
    // per-class transition table) or software efficiency at equal fit: not comparable, so left
    // as they are.
    std::vector<std::string> not_comparable;

    bool cheapestChanges() const { return before.cheapest != after.cheapest; }
    // The rule path's saving changes sign: it pays on one book and not on the other.
    bool ruleSavingFlips() const;
    bool flips() const { return cheapestChanges() || ruleSavingFlips(); }
    // "No: stay-cuda stays the cheapest …" / "Yes: …" — one sentence, for the CLI and the app.
    std::string verdict() const;
};

// Whether `book` states its inference performance rows as `scenario`'s engine reads them:
// engine 3 as software efficiency at equal fit, engines 1–2 as ratios that hold the memory
// advantage. A book written for engine 3 has the per-class transition table that arrived with
// that reading; one without it predates it.
bool inferenceRowsReadAlike(const Scenario& scenario, const PriceBook& book);

// `pointers` are JSON pointers into a price book ("/skus/H100/purchase_usd"). Throws
// ScenarioError when the scenario does not compile on one of the sides.
BookComparison compareOnBooks(const Scenario& scenario, const PriceBook& before,
                              const PriceBook& after, const std::vector<std::string>& pointers);

} // namespace crossgrade::model
