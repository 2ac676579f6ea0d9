#pragma once

// Price books in the store's tables (internal to the store). A book is kept as its
// crossgrade.pricebook/1 text; the caller holds the transaction.

#include "store_connection.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::data::store_detail {

std::int64_t insertPriceBook(const Connection& connection, const model::PriceBook& book,
                             const std::string& source, bool makeDefault);
std::vector<PriceBookSummary> readPriceBookSummaries(const Connection& connection);
// The book with that id, or (without an id) the default book; nothing when there is none.
std::optional<model::PriceBook> readStoredPriceBook(const Connection& connection,
                                                    std::optional<std::int64_t> id);

} // namespace crossgrade::data::store_detail
