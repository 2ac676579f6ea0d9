#pragma once

// The repository scanner's rules (issue 8, point 1): one reviewable table of patterns for audit
// dimensions 1-5 and the "ROCm path exists" signals, after reference/scanner-patterns.md
// sections 1-8. Patterns are RE2 syntax and are matched one line at a time (path rules against
// the file's path); scan_matcher.h compiles and runs them. This header names no regex library.

#include "audit.h"

#include <optional>
#include <string_view>
#include <vector>

namespace crossgrade::model {

// Which files a rule reads (scanner-patterns.md §1). A file has a set of scopes, a rule a set;
// the rule runs on the file when the two sets meet.
enum class ScanScope : unsigned {
    Path = 1u << 0,       // the rule matches the file's path, not its text
    Cxx = 1u << 1,        // .cu .cuh .c .cc .cpp .cxx .h .hpp .hh .inl
    Py = 1u << 2,         // .py .pyx .ipynb (the walker hands over notebook code cells only)
    Build = 1u << 3,      // CMakeLists.txt, *.cmake, Makefile, setup.py, pyproject.toml, Bazel
    Docker = 1u << 4,     // Dockerfile*, *.dockerfile, Containerfile, compose files
    Ci = 1u << 5,         // CI configs and *.sh, *.slurm, *.sbatch
    Manifest = 1u << 6,   // requirements*.txt, pyproject.toml, setup.py, environment.yml
    Gitmodules = 1u << 7, // .gitmodules
    Any = 1u << 8,        // every file with text
};
using ScanScopes = unsigned; // a set of ScanScope bits

constexpr ScanScopes operator|(ScanScope a, ScanScope b) {
    return static_cast<unsigned>(a) | static_cast<unsigned>(b);
}
constexpr ScanScopes operator|(ScanScopes a, ScanScope b) {
    return a | static_cast<unsigned>(b);
}
constexpr bool has(ScanScopes set, ScanScope scope) {
    return (set & static_cast<unsigned>(scope)) != 0;
}

// What a hit means: a dependency (rated L/M/H), a mitigation (a ROCm path exists; lowers the
// covered dimensions) or scale (context that raises distributed findings, not lock-in itself).
enum class RuleKind { Finding, Mitigation, Scale };

struct ScanRule {
    std::string_view id; // D<dimension>.<name>; never changes once released
    Dimension dimension = Dimension::CustomKernels;
    ScanScopes scopes = 0;
    std::string_view pattern; // RE2; matched per line (or against the path for ScanScope::Path)
    // RE2 searched in the line up to the end of a hit; a hit it finds is dropped. Stands in for
    // PCRE look-around: "cublasLt\w*$" drops cublasLtMatmul from D2.cublas.
    std::string_view exclude;
    // RE2 anchored at the end of a hit, searched in the rest of the line; a hit it finds is
    // dropped. Stands in for a look-ahead: "xformers._C" is a module of the project, not the
    // package it names.
    std::string_view exclude_after;
    RuleKind kind = RuleKind::Finding;
    Level severity = Level::Medium; // the default per finding (Finding rules only)
    // A hit whose matched text also matches `raise_pattern` takes `raised_severity`
    // (e.g. NCCL_IB_* tuning is Medium where plain NCCL_* variables are Low).
    std::string_view raise_pattern;
    Level raised_severity = Level::High;
    // Severity in shell/Slurm scripts outside CI configs (D5.profilers: H in CI, M in scripts).
    std::optional<Level> script_severity;
    // Mitigation rules: the dimensions whose tier the signal steps down (bit per Dimension).
    unsigned covers = 0;
    // Mitigation rules for one library: the Finding rule whose production findings the signal
    // covers wherever they are (coverage by library: hipBLASLt called anywhere covers cuBLASLt
    // everywhere), instead of its dimensions in the signal's own file.
    std::string_view covers_rule;
    std::string_view rocm_equivalent;
    std::string_view note;
};

constexpr unsigned coverBit(Dimension d) {
    return 1u << static_cast<unsigned>(d);
}

// The table, in the reference's order: dimensions 1-5, then the mitigation signals of §8.
const std::vector<ScanRule>& scanRules();
// nullptr for an unknown id.
const ScanRule* findScanRule(std::string_view id);

// The scopes of a file by its path ('/' or '\' separated, relative to the repository root).
// Every file has Path and Any; a file type the reference does not name has only those.
ScanScopes scopeOf(std::string_view path);

// Where a file sits: vendored (third_party/, 3rdparty/, vendor/, external/, dependencies/ ...),
// test (tests?/, test_*.py, *_test.*, conftest.py), benchmark (benchmarks?/, bench/, baselines/,
// *_bench.*), example
// (examples?/, samples?/, demos?/, tutorials?/) or Code. Vendored wins over the others (a
// vendored library's tests are vendored), then test, benchmark, example.
EvidenceContext contextOfPath(std::string_view path);

// A shell or Slurm script that is not itself a CI config (see ScanRule::script_severity).
bool isScriptOutsideCi(std::string_view path);

} // namespace crossgrade::model
