#pragma once

// A Crossgrade JSON file of any kind — audit, scenario or price book — told apart by its
// "schema" tag, for the places that take whatever the user gives them (the desktop
// application's Open/Import and drag-and-drop). Pure: reads, validates, stores nothing.

#include "audit.h"
#include "price_book.h"
#include "problem.h"
#include "scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace crossgrade::data {

enum class DocumentType { Audit, Scenario, PriceBook };

struct AnyDocument {
    std::optional<DocumentType> type; // known once the schema tag was read
    std::optional<model::Audit> audit;
    std::optional<model::Scenario> scenario;
    std::optional<model::PriceBook> pricebook;
    std::vector<Problem> errors; // empty when the document read in full
    std::vector<Problem> warnings;

    bool ok() const { return errors.empty() && type.has_value(); }
};

// Reads `path` (refusing files over kMaxDocumentBytes), finds its "schema" tag and runs that
// kind's reader; a file with no known tag is one error at "/schema" naming the three tags.
AnyDocument readAnyDocumentFile(const std::string& path);
AnyDocument readAnyDocument(std::string_view text);

} // namespace crossgrade::data
