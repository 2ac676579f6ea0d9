#pragma once

// The scan's two other outputs besides the audit JSON (issue 8, point 4): SARIF 2.1.0, so
// code-scanning tools can show every finding at its place, and a plain-text summary for the
// reviewer at a terminal.

#include "audit.h"
#include "scan_walker.h"

#include <ostream>
#include <string>

namespace crossgrade::data {

// SARIF 2.1.0 (OASIS): one run per repository, the rule table as the driver's rules, one result
// per finding in every context (mitigations and scale signals as informational results), files
// not scanned as tool notifications. Paths are relative to the run's %SRCROOT%, which is the
// repository's root.
std::string scanSarif(const ScanRun& run);

// The same log written as a scan goes, for a scan whose findings are too many to hold
// (`scan --format sarif`): feed it from ScanOptions::on_finding and on_repository_done, then
// finish() once the run is complete. Nothing is written before the first call, so a scan that
// fails before reading anything leaves the stream empty. scanSarif(run) is this writer fed
// with a run's kept findings; each run's "results" come before its "invocations".
class SarifWriter {
public:
    explicit SarifWriter(std::ostream& out);
    void finding(const RepositoryScan& repo, const model::ScanFinding& finding);
    void repositoryDone(const RepositoryScan& repo);
    void finish();

private:
    void openRun(const RepositoryScan& repo);

    std::ostream& m_out;
    bool m_logOpen = false;
    bool m_runOpen = false;   // a run object is open, its "results" array too
    bool m_anyRun = false;    // a run was written, so the next needs a comma
    bool m_anyResult = false; // in the open run
};

// Per dimension the tier, what the scan proposed and why, the top `evidencePerDimension`
// evidence items with their ROCm equivalents and the mitigations; then the facts, the
// recommended path, the per-repository breakdown and the files not scanned.
std::string scanText(const model::Audit& audit, std::size_t evidencePerDimension = 5);

} // namespace crossgrade::data
