#pragma once

// The repository scanner's walker (issue 8, point 2): lists a repository's files the way git
// would see them (.gitignore honoured, .git skipped, symlinks followed only inside the tree),
// reads each text file once, prepares it for the matcher (Dockerfile ARG defaults resolved into
// FROM lines, notebook code cells extracted with their lines kept) and runs the per-file
// matcher (model/scan/scan_matcher.h) on worker threads. Files it cannot or should not read go to
// `not_scanned` with the reason; a scan never aborts on a file.

#include "audit.h"
#include "json_checks.h"
#include "scan_matcher.h"
#include "scan_rubric.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace crossgrade::data {

// Where the walker reads file contents. Tests replace it to make a read fail for real (tests run
// as root, so permissions alone cannot).
class ScanFileSystem {
public:
    virtual ~ScanFileSystem() = default;
    // Reads the whole file into `out`. On failure returns false and sets `error` to a short
    // reason ("permission denied", "input/output error").
    virtual bool readFile(const std::filesystem::path& path, std::string& out,
                          std::string& error) const = 0;
};
// Plain POSIX reads.
const ScanFileSystem& realScanFileSystem();

struct RepositoryScan;

struct ScanOptions {
    std::uintmax_t max_file_bytes = 4u * 1024u * 1024u; // larger files go to not_scanned
    unsigned threads = 0;                               // 0: the machine's cores
    bool honour_gitignore = true;
    const ScanFileSystem* file_system = nullptr; // null: realScanFileSystem()
    // Every finding in RepositoryScan::findings too (SARIF shows each one). Off, a scan holds
    // only what its audit can show (RepositoryScan::tally), however many lines match.
    bool keep_every_finding = false;
    // Evidence items the tally keeps per dimension: an audit keeps at most this many.
    std::size_t evidence_per_dimension = kMaxItemsPerList;
    // For output too large to hold (SARIF of every finding, data::SarifWriter): each finding in
    // the order RepositoryScan::findings would hold it, as its file joins the repository; then
    // each repository, in the order the roots were given, once all of its files have joined
    // (its counts final, not_scanned sorted). One call at a time, from whichever worker thread
    // merged the file; a run that is cancelled stops calling. Held meanwhile: the findings of
    // the files still being read or waiting for an earlier file, not the run's.
    std::function<void(const RepositoryScan&, const model::ScanFinding&)> on_finding;
    std::function<void(const RepositoryScan&)> on_repository_done;
};

struct ScanProgress {
    std::string repository;     // the repository being read
    std::size_t files_done = 0; // over every repository of the run
    std::size_t files_total = 0;
    std::uint64_t bytes_done = 0;
};
// Called from worker threads, one call at a time, at most every ~50 ms plus once at the end.
using ScanProgressFn = std::function<void(const ScanProgress&)>;

struct Submodule {
    std::string path; // relative to the repository root
    std::string url;
    bool checked_out = false; // the folder exists and holds files
};

struct RepositoryScan {
    std::string name; // the folder's name; made unique within a run ("repo", "repo-2")
    std::string root; // as given
    // Paths relative to the root, '/'-separated; in file order, then line order. Findings in a
    // submodule's files have context Vendored. Held only with ScanOptions::keep_every_finding.
    std::vector<model::ScanFinding> findings;
    // Every finding counted, and the ones a proposal and an audit read kept, in bounded memory.
    model::FindingTally tally{model::kMaxScanListItems};
    bool shows_tensorrt = false;   // a finding showsTensorRt() (scan_audit.h)
    bool shows_multi_node = false; // a finding showsMultiNode()
    // Adds one finding (in scan order) to the tally and the facts, and to `findings` with
    // `keepEvery`.
    void add(const model::ScanFinding& finding, bool keepEvery = true);
    std::vector<model::SkippedFile> not_scanned; // binary, too large, unreadable, LFS pointer,
                                                 // symlink out of the tree or in a loop,
                                                 // submodule not checked out
    std::vector<Submodule> submodules;           // from .gitmodules
    std::size_t files_scanned = 0;
    std::uint64_t bytes_scanned = 0;
};

struct ScanRun {
    std::vector<RepositoryScan> repositories; // in the order the roots were given
    bool cancelled = false;                   // then `repositories` is incomplete: discard it
    std::vector<std::string> errors;          // a root that does not exist or is not a folder:
                                              // "PATH: not a folder"; nothing was scanned
                                              // ("PATH: does not exist" for a missing root)
};

// Scans every root with the shipped rules. Cancel by setting *cancel; the call then returns
// soon (within one file per thread) with cancelled = true.
ScanRun scanRepositories(const std::vector<std::filesystem::path>& roots,
                         const ScanOptions& options = {}, const ScanProgressFn& progress = {},
                         const std::atomic<bool>* cancel = nullptr);

} // namespace crossgrade::data
