#pragma once

// The per-file matcher of the repository scanner: runs the rule table (scan_rules.h) over one
// file's text and says where each rule hit and in what context. The walker (data/) reads files,
// resolves Dockerfile ARGs and extracts notebook code cells; this class only sees a path and
// text. RE2 stays behind the implementation.

#include "audit.h"
#include "scan_rules.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

// How much a hit in a context counts toward a dimension (scanner-patterns.md §9.8):
//   code 1.0; comment and docstring 0 (they describe, they do not depend);
//   test, example, benchmark 0.25 (real code that shows the API is in use, but it does not ship
//   and moving it is cheap: a quarter counts it without letting it decide);
//   vendored 0 (someone else's code: it is rated as the dependency it is, by D2 or gitmodules).
// Only weight 1.0 (code) sets a proposed tier; the weights order evidence for the reviewer.
double contextWeight(EvidenceContext context);

struct ScanFinding {
    const ScanRule* rule = nullptr; // into scanRules() (or the matcher's own table)
    std::string path;
    int line = 1;           // 1-based; path rules report line 1
    std::optional<int> col; // 1-based byte column; none for path rules
    std::string snippet;    // the line, trimmed, at most ~200 bytes around the hit
    std::string match;      // the matched text
    EvidenceContext context = EvidenceContext::Code;
    Level severity = Level::Medium; // the rule's, after raise_pattern and script_severity
    // The package table's ROCm path where it rates the hit (scan_packages.h); empty: the rule's.
    std::string rocm_equivalent;
    // A package only an optional extra of its manifest names (scan_manifest_sections.h): not in
    // the default install, so one notch below the table's rating.
    bool optional_extra = false;
};

// The evidence record of §11 for a finding (confidence from the context: high in code,
// medium in tests/examples/benchmarks, low in comments, docstrings and vendored code).
EvidenceItem toEvidence(const ScanFinding& finding);

class ScanMatcher {
public:
    ScanMatcher(); // the shipped table, scanRules()
    // Another table (tests). The rules must outlive the matcher.
    explicit ScanMatcher(const std::vector<ScanRule>& rules);
    ~ScanMatcher();
    ScanMatcher(const ScanMatcher&) = delete;
    ScanMatcher& operator=(const ScanMatcher&) = delete;

    // Patterns that do not compile, as "rule id: which pattern: RE2's error". A rule with a bad
    // pattern never matches; the shipped table must give none.
    const std::vector<std::string>& badPatterns() const;

    // Every rule hit in one file: at most one finding per rule and line (the first hit in code,
    // else the first hit), path rules once. Comments and strings are classified for C/C++/CUDA
    // (// and /* */, also across lines) and Python (# and triple-quoted docstrings); shell, CMake,
    // Docker, YAML and TOML files get # comments; Markdown/reST/plain text counts as comment.
    // A hit in code takes the path's context (test, vendored, ...) where that is not code.
    std::vector<ScanFinding> matchFile(std::string_view path, std::string_view text) const;
    // The same findings in the same order, each handed to `sink` as soon as its stretch of lines
    // is matched: a huge file's findings are never all held at once.
    using FindingSink = std::function<void(ScanFinding&&)>;
    void matchFile(std::string_view path, std::string_view text, const FindingSink& sink) const;

private:
    struct Compiled;
    std::unique_ptr<Compiled> m_compiled;
};

// One matcher over the shipped table, compiled on first use (thread-safe).
const ScanMatcher& defaultScanMatcher();

} // namespace crossgrade::model
