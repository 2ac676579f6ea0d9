#pragma once

// Audit JSON v1 ("crossgrade.audit/1", docs/formats/audit.md): a pure reader that validates
// everything and reports every problem with its place, and a writer whose output the reader
// takes back unchanged. Neither touches the store.

#include "audit.h"
#include "problem.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

inline constexpr std::string_view kAuditSchemaTag = "crossgrade.audit/1";
// Audit and scenario files above this size are refused before parsing (DESIGN.md, "Limits").
inline constexpr std::uintmax_t kMaxDocumentBytes = 16u * 1024u * 1024u;

struct AuditReadResult {
    std::optional<model::Audit> audit; // set only when errors is empty
    std::vector<Problem> errors;
    std::vector<Problem> warnings; // e.g. unknown fields, which v1 readers ignore

    bool ok() const { return audit.has_value(); }
};

AuditReadResult readAudit(std::string_view text);
// Refuses a file over kMaxDocumentBytes before reading it; reports an unreadable file as an
// error at place "".
AuditReadResult readAuditFile(const std::string& path);

// Pretty-printed JSON with a stable key order, ending in a newline.
std::string writeAudit(const model::Audit& audit);

} // namespace crossgrade::data
