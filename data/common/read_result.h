#pragma once

// What a document reader returns (audit_json.h, pricebook_json.h, scenario_json.h): the
// document, set only when no error was found, and every problem found on the way. One type for
// the three readers, whose shared steps are document_reader.h.
//
// The document's member keeps its domain name (result.audit, result.price_book,
// result.scenario): DocumentSlot<Document> declares it, specialised beside each reader as
//
//     template <> struct DocumentSlot<model::Audit> {
//         std::optional<model::Audit> audit;
//         static constexpr auto kDocument = &DocumentSlot::audit;
//     };
//
// and document() reaches it without knowing its name.

#include "problem.h"

#include <optional>
#include <vector>

namespace crossgrade::data {

template <typename Document> struct DocumentSlot;

template <typename Document> struct ReadResult : DocumentSlot<Document> {
    std::vector<Problem> errors;
    std::vector<Problem> warnings; // e.g. unknown fields, which v1 readers ignore

    std::optional<Document>& document() { return this->*DocumentSlot<Document>::kDocument; }
    const std::optional<Document>& document() const {
        return this->*DocumentSlot<Document>::kDocument;
    }
    bool ok() const { return document().has_value(); }
};

} // namespace crossgrade::data
