#pragma once

// Every figure that differs between two price books (issue 24, point 4): what `crossgrade-cli
// pricebook diff` and the app's comparison list. Figures are compared as the price book file
// writes them, so a changed source, date or tag counts as a change as much as a changed range.

#include "price_book.h"

#include <string>
#include <vector>

namespace crossgrade::data {

struct PriceBookChange {
    std::string pointer;    // into the book: "/skus/H100/purchase_usd"
    std::string before;     // "27500 [20000–36000], B"; empty where the old book lacks it
    std::string after;      // likewise for the new book
    std::string source;     // the new figure's source (else the old one's): why it is what it is
    bool is_figure = false; // an uncertain number (a price, a rate, a ratio), not a name
};

// In the books' own order (SKUs, performance, transition, port months, sequences).
std::vector<PriceBookChange> diffPriceBooks(const model::PriceBook& before,
                                            const model::PriceBook& after);

} // namespace crossgrade::data

namespace crossgrade::data {

// Moving a scenario's price book onto a newer one (issue 24, point 4), keeping the user's
// overrides: a figure of the scenario's book that differs from `from` (the book version it was
// made from) is the user's and is kept; every other figure takes `to`'s value; SKUs, classes
// and cells `from` lacks are the user's own and are kept too.
struct PriceBookMove {
    model::PriceBook book;                // the scenario's new book: `to` with the overrides
    std::vector<std::string> overrides;   // pointers kept from the scenario
    std::vector<PriceBookChange> changes; // what the move changes in the scenario's book
    // Set when the merged book does not read (an override the new book cannot hold): the move
    // is refused, `book` is the current one and this says why.
    std::string problem;
};
// `keepInferenceRows`: keep the current book's inference performance rows whole, where the
// scenario's engine reads them otherwise than `to` states them (an engine 1–2 scenario moving
// onto a book of software efficiencies).
PriceBookMove moveToPriceBook(const model::PriceBook& current, const model::PriceBook& from,
                              const model::PriceBook& to, bool keepInferenceRows = false);

} // namespace crossgrade::data
