#pragma once

// The audit → portability-path decision: the article's rules in DESIGN.md's order (first
// match wins), the warnings that stand beside the path, and the trace that explains both.

#include "audit.h"
#include "effort_band.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

enum class PortabilityPath { Path1, Path2, Path3, Path2And3 };

std::string_view toString(PortabilityPath path); // "path1", "path2", "path3", "path2+3"
std::optional<PortabilityPath> parsePortabilityPath(std::string_view name);
std::string_view title(PortabilityPath path); // "Path 1 — gradual ROCm migration"
// The single paths a recommendation consists of: path2+3 is path2 and path3.
std::vector<PortabilityPath> components(PortabilityPath path);

// What one rule decides when it matches.
struct RuleVerdict {
    PortabilityPath path = PortabilityPath::Path1;
    std::vector<PortabilityPath> revisit;
    std::string revisit_when; // empty when there is nothing to revisit
};

// How one rule reads a profile: whether it matches, why (in words), and its verdict.
struct RuleReading {
    bool matches = false;
    std::string reason;
    RuleVerdict verdict; // meaningful only when matches
};

// A named rule of the article. `source` is the sentence it rests on; where the article is
// silent, `article_silent` is set and `source` states that.
struct PathRule {
    std::string_view id;
    std::string_view summary;
    std::string_view source;
    bool article_silent = false;
    RuleReading (*read)(const AuditProfile&) = nullptr;
};

// The rules in the order they are tried.
const std::vector<PathRule>& pathRules();

struct TraceEntry {
    std::string rule;
    bool fired = false;   // this rule decided the path
    bool matched = false; // its condition held (a later rule can match but not fire)
    std::string reason;
    std::string source;
};

struct AuditWarning {
    std::string id; // networking-layer, tensorrt, hetccl-premature, inconsistent
    std::string text;
    std::string source;
};

struct Recommendation {
    int high_count = 0;
    EffortBand effort;
    PortabilityPath primary_path = PortabilityPath::Path1;
    std::string decided_by; // id of the rule that fired
    bool article_silent = false;
    std::vector<PortabilityPath> revisit;
    std::string revisit_when;
    std::vector<std::string> advice; // what to watch or do next, in sentences
    std::vector<AuditWarning> warnings;
    std::vector<TraceEntry> trace;
};

std::vector<AuditWarning> auditWarnings(const AuditProfile& profile);
Recommendation recommend(const AuditProfile& profile);

} // namespace crossgrade::model
