#pragma once

// Price book JSON v1 ("crossgrade.pricebook/1", docs/pricebook.md): a pure reader that
// validates everything and reports every problem with its JSON pointer, and a writer whose
// output the reader takes back unchanged. A scenario embeds the same object at /pricebook,
// which is why the object reader and writer are public too.

#include "document_limits.h"
#include "price_book.h"
#include "problem.h"
#include "read_result.h"

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

class JsonChecker;

inline constexpr std::string_view kPriceBookSchemaTag = "crossgrade.pricebook/1";
// Every performance ratio is relative to this SKU, which must be in every price book.
inline constexpr std::string_view kReferenceSku = "H100";

template <> struct DocumentSlot<model::PriceBook> {
    std::optional<model::PriceBook> price_book; // set only when errors is empty
    static constexpr auto kDocument = &DocumentSlot::price_book;
};
using PriceBookReadResult = ReadResult<model::PriceBook>;

PriceBookReadResult readPriceBook(std::string_view text);
// Refuses a file over kMaxDocumentBytes before reading it; reports an unreadable file as an
// error at place "".
PriceBookReadResult readPriceBookFile(const std::string& path);

// Reads the price book object `value` found at `pointer` ("" for a price book file,
// "/pricebook" inside a scenario), reporting into `checker`. "schema" may be absent here (a
// scenario's own tag covers it) but must be right when present. The result is meaningful
// only when the checker gained no errors.
model::PriceBook readPriceBookObject(const nlohmann::json& value, const std::string& pointer,
                                     JsonChecker& checker);

// The price book object without a "schema" member, in a stable key order.
nlohmann::ordered_json priceBookJson(const model::PriceBook& book);

// A price book file: pretty-printed, "schema" first, ending in a newline.
std::string writePriceBook(const model::PriceBook& book);

} // namespace crossgrade::data
