#pragma once

// The scan's two other outputs besides the audit JSON (issue 8, point 4): SARIF 2.1.0, so
// code-scanning tools can show every finding at its place, and a plain-text summary for the
// reviewer at a terminal.

#include "audit.h"
#include "scan_walker.h"

#include <string>

namespace crossgrade::data {

// SARIF 2.1.0 (OASIS): one run per repository, the rule table as the driver's rules, one result
// per finding in every context (mitigations and scale signals as informational results), files
// not scanned as tool notifications. Paths are relative to the run's %SRCROOT%, which is the
// repository's root.
std::string scanSarif(const ScanRun& run);

// Per dimension the tier, what the scan proposed and why, the top `evidencePerDimension`
// evidence items with their ROCm equivalents and the mitigations; then the facts, the
// recommended path, the per-repository breakdown and the files not scanned.
std::string scanText(const model::Audit& audit, std::size_t evidencePerDimension = 5);

} // namespace crossgrade::data
