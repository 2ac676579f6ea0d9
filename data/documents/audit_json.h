#pragma once

// Audit JSON v1 ("crossgrade.audit/1", docs/formats/audit.md): a pure reader that validates
// everything and reports every problem with its place, and a writer whose output the reader
// takes back unchanged. Neither touches the store.

#include "audit.h"
#include "document_limits.h"
#include "problem.h"
#include "read_result.h"

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

class JsonChecker;

inline constexpr std::string_view kAuditSchemaTag = "crossgrade.audit/1";
// A path that is not UTF-8 is percent-escaped (path_bytes.h), up to three characters a byte,
// with "<key>_encoding": this beside it.
inline constexpr std::string_view kPercentEncoding = "percent";

template <> struct DocumentSlot<model::Audit> {
    std::optional<model::Audit> audit; // set only when errors is empty
    static constexpr auto kDocument = &DocumentSlot::audit;
};
using AuditReadResult = ReadResult<model::Audit>;

AuditReadResult readAudit(std::string_view text);
// Refuses a file over kMaxDocumentBytes before reading it; reports an unreadable file as an
// error at place "".
AuditReadResult readAuditFile(const std::string& path);

// Reads the audit object `value` found at `pointer` ("/audit" inside a scenario), reporting
// into `checker` with the same messages as readAudit. "schema" may be absent here (the
// container's own tag covers it) but must be right when present. The result is meaningful
// only when the checker gained no errors.
model::Audit readAuditObject(const nlohmann::json& value, const std::string& pointer,
                             JsonChecker& checker);

// The audit file's object, "schema" first, in a stable key order.
nlohmann::ordered_json auditJson(const model::Audit& audit);

// The scan's reasons per dimension and its per-repository breakdown as one compact JSON text,
// which the store keeps beside an audit's tables; empty when the audit carries neither.
std::string scanDetailsJson(const model::Audit& audit);
// Reads that text back into `audit` (its reasons and repositories); the problems, with their
// JSON pointers, when it is not what scanDetailsJson wrote (then `audit` is left as it was).
std::vector<Problem> readScanDetailsJson(std::string_view text, model::Audit& audit);

// Pretty-printed JSON with a stable key order, ending in a newline.
std::string writeAudit(const model::Audit& audit);

} // namespace crossgrade::data
