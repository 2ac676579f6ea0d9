// The rule table's cases for tst_scan_rules: a line each rule must match, and a near miss.
#pragma once

#include <vector>

namespace crossgrade::testing {

// One line a rule must match (or must not), in a file whose path gives the scope.
struct RuleCase {
    const char* rule;
    const char* path;
    const char* text;
    bool matches;
};

const std::vector<RuleCase>& ruleTable();

} // namespace crossgrade::testing
