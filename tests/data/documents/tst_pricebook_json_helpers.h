// What both files of tst_pricebook_json share: the shipped default, problems as text, a ratio.
#pragma once

#include "pricebook_json.h"
#include "samples.h"

#include <QString>
#include <string>
#include <vector>

namespace crossgrade::testing {

inline model::PriceBook defaultBook() {
    auto r = data::readPriceBook(data::defaultPriceBookText());
    return r.ok() ? *r.price_book : model::PriceBook{};
}

inline QString messages(const std::vector<data::Problem>& problems) {
    QString out;
    for (const data::Problem& p : problems)
        out += QString::fromStdString(p.place + ": " + p.message + "\n");
    return out;
}

inline const model::UncertainNumber& ratio(const model::PriceBook& b, model::WorkloadClass c,
                                           const std::string& sku) {
    return b.performance.at(c).at(sku);
}

} // namespace crossgrade::testing
