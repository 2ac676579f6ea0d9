#pragma once

// The scan's two other outputs besides the audit JSON (issue 8, point 4): SARIF 2.1.0, so
// code-scanning tools can show every finding at its place, and a plain-text summary for the
// reviewer at a terminal.

#include "audit.h"
#include "scan_walker.h"

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace crossgrade::data {

// SARIF 2.1.0 (OASIS): one run per repository, the rule table as the driver's rules, files not
// scanned as tool notifications. Findings are aggregated so a large repository stays within
// GitHub's upload limits: one result per rule, file and context (mitigations and scale signals
// as informational results), at the rule's first hit in the file, with the further hits as
// related locations (the first kMaxRelatedLocations; "hits" counts them all), and at most
// kMaxSarifResults results per run (a notification counts what was left off; the audit JSON
// counts every finding). Paths are relative to the run's %SRCROOT%, the repository's root.
inline constexpr std::size_t kMaxSarifResults = 25'000;  // GitHub: results per run
inline constexpr std::size_t kMaxRelatedLocations = 100; // GitHub shows 100 locations per result
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
    void writeFile(); // the held file's findings, as aggregated results

    std::ostream& m_out;
    bool m_logOpen = false;
    bool m_runOpen = false;   // a run object is open, its "results" array too
    bool m_anyRun = false;    // a run was written, so the next needs a comma
    bool m_anyResult = false; // in the open run
    // The findings of the file being read (findings come in file order): aggregated per rule
    // and context once the next file starts or the repository is done.
    std::vector<model::ScanFinding> m_file;
    std::size_t m_results = 0;         // written in the open run
    std::size_t m_leftOffResults = 0;  // past kMaxSarifResults in the open run
    std::size_t m_leftOffFindings = 0; // the findings those held
};

// Per dimension the tier, what the scan proposed and why, the top `evidencePerDimension`
// evidence items with their ROCm equivalents and the mitigations; then the facts, the
// recommended path, the per-repository breakdown and the files not scanned.
std::string scanText(const model::Audit& audit, std::size_t evidencePerDimension = 5);

} // namespace crossgrade::data
