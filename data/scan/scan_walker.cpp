#include "scan_walker.h"

#include "gitignore.h"
#include "parallel.h"
#include "path_bytes.h"
#include "scan_audit.h"
#include "scan_file_prep.h"
#include "scan_packages.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <set>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace crossgrade::data {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBinarySniffBytes = 8 * 1024; // git's own heuristic
constexpr std::string_view kLfsPointer = "version https://git-lfs.github.com/spec/v1";
constexpr auto kProgressInterval = std::chrono::milliseconds(50);

std::string reasonOf(int err) {
    std::string s = std::strerror(err);
    if (!s.empty())
        s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    return s;
}
std::string reasonOf(const std::error_code& ec) {
    return reasonOf(ec.value());
}

class PosixScanFileSystem final : public ScanFileSystem {
public:
    bool readFile(const fs::path& path, std::string& out, std::string& error) const override {
        out.clear();
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            error = reasonOf(errno);
            return false;
        }
        struct stat st {};
        if (::fstat(fd, &st) == 0 && st.st_size > 0)
            out.reserve(static_cast<std::size_t>(st.st_size));
        char buffer[64 * 1024];
        for (;;) {
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n == 0)
                break;
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                error = reasonOf(errno);
                ::close(fd);
                return false;
            }
            out.append(buffer, static_cast<std::size_t>(n));
        }
        ::close(fd);
        return true;
    }
};

// A path relative to the root, '/'-separated.
std::string joinRel(const std::string& dir, const std::string& name) {
    return dir.empty() ? name : dir + "/" + name;
}

bool isInside(const std::string& canonical, const std::string& folder) {
    return canonical == folder ||
           (canonical.size() > folder.size() && canonical.compare(0, folder.size(), folder) == 0 &&
            (folder.back() == '/' || canonical[folder.size()] == '/'));
}

std::string trimSpace(std::string_view s) {
    std::size_t b = 0;
    std::size_t e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])) != 0)
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])) != 0)
        --e;
    return std::string(s.substr(b, e - b));
}

// [submodule "name"] sections with path = and url = (git-config syntax, simplified: one value
// per line, no includes).
std::vector<Submodule> parseGitmodules(std::string_view text) {
    std::vector<Submodule> out;
    bool inSection = false;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto nl = text.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        const std::string line = trimSpace(text.substr(start, end - start));
        start = end + 1;
        if (line.empty() || line[0] == '#' || line[0] == ';')
            continue;
        if (line[0] == '[') {
            inSection = line.rfind("[submodule", 0) == 0;
            if (inSection)
                out.emplace_back();
            continue;
        }
        if (!inSection)
            continue;
        const auto eq = line.find('=');
        if (eq == std::string::npos)
            continue;
        const std::string key = trimSpace(std::string_view(line).substr(0, eq));
        std::string value = trimSpace(std::string_view(line).substr(eq + 1));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
            value = value.substr(1, value.size() - 2);
        if (key == "path") {
            while (!value.empty() && value.back() == '/')
                value.pop_back();
            out.back().path = value;
        } else if (key == "url") {
            out.back().url = value;
        }
    }
    out.erase(
        std::remove_if(out.begin(), out.end(), [](const Submodule& s) { return s.path.empty(); }),
        out.end());
    return out;
}

struct FileEntry {
    fs::path path;   // where to read it
    std::string rel; // what to call it
    std::uintmax_t size = 0;
    bool vendored = false; // inside a checked-out submodule
    std::size_t repository = 0;
};

// One file's findings as a repository's are gathered (RepositoryScan), merged in file order.
struct FileResult {
    RepositoryScan scan;
    std::optional<model::SkippedFile> skipped;
    std::uint64_t bytes = 0;
};

// Lists one repository: regular files in sorted order, folder by folder; symlinks after the
// plain tree, each followed at most once and only inside the root.
class Lister {
public:
    Lister(std::size_t index, const fs::path& root, const ScanOptions& options,
           const ScanFileSystem& files, const std::atomic<bool>* cancel, RepositoryScan& repo,
           std::vector<FileEntry>& out)
        : m_index(index)
        , m_options(options)
        , m_files(files)
        , m_cancel(cancel)
        , m_repo(repo)
        , m_out(out) {
        std::error_code ec;
        m_root = fs::canonical(root, ec);
        if (ec)
            m_root = fs::absolute(root);
        m_rootText = m_root.string();
    }

    void run() {
        readSubmodules();
        IgnoreRules rules;
        if (m_options.honour_gitignore) {
            rules.add(readIgnoreFile(m_root / ".git" / "info" / "exclude", ""));
        }
        walk(m_root, "", m_rootText, rules, false);
        // Links, in the order they were met (walking a linked folder may add more).
        for (std::size_t i = 0; i < m_links.size() && !cancelled(); ++i)
            follow(m_links[i]);
    }

private:
    struct Link {
        fs::path path;
        std::string rel;
        std::string parent_canonical; // the real folder the link sits in
        IgnoreRules rules;
        bool vendored = false;
    };

    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    void skip(const std::string& rel, std::string reason) {
        m_repo.not_scanned.push_back(model::SkippedFile{rel, std::move(reason)});
    }

    std::vector<IgnorePattern> readIgnoreFile(const fs::path& file, const std::string& base) {
        std::error_code ec;
        if (!fs::is_regular_file(file, ec))
            return {};
        std::string text;
        std::string error;
        if (!m_files.readFile(file, text, error)) {
            const std::string rel = file.lexically_relative(m_root).generic_string();
            skip(rel, "unreadable: " + error + " (its ignore rules are not applied)");
            return {};
        }
        return parseGitignore(text, base);
    }

    void readSubmodules() {
        const fs::path file = m_root / ".gitmodules";
        std::error_code ec;
        if (!fs::is_regular_file(file, ec))
            return;
        std::string text;
        std::string error;
        if (!m_files.readFile(file, text, error))
            return; // the file itself goes to not_scanned when it is read for matching
        m_repo.submodules = parseGitmodules(text);
        for (Submodule& s : m_repo.submodules) {
            const fs::path folder = m_root / s.path;
            s.checked_out = false;
            if (fs::is_directory(folder, ec)) {
                for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
                    if (it->path().filename() != ".git") {
                        s.checked_out = true;
                        break;
                    }
            }
            if (s.checked_out)
                m_submodulePaths.insert(s.path);
            else
                skip(s.path, "submodule not checked out (" + s.url + ")");
            m_submoduleAll.insert(s.path);
        }
    }

    void walk(const fs::path& dir, const std::string& rel, const std::string& canonical,
              IgnoreRules rules, bool vendored) {
        if (cancelled() || !m_walked.insert(canonical).second)
            return;
        std::vector<std::string> names;
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            names.push_back(it->path().filename().string());
        if (ec) {
            skip(rel.empty() ? std::string(".") : rel, "unreadable: " + reasonOf(ec));
            return;
        }
        std::sort(names.begin(), names.end());
        if (m_options.honour_gitignore &&
            std::find(names.begin(), names.end(), ".gitignore") != names.end())
            rules.add(readIgnoreFile(dir / ".gitignore", rel));

        for (const std::string& name : names) {
            if (name == ".git")
                continue; // git's own store (a folder, or a file in a submodule or worktree)
            const std::string childRel = joinRel(rel, name);
            const fs::path child = dir / name;
            const std::string childCanonical = canonical + "/" + name;
            const fs::file_status st = fs::symlink_status(child, ec);
            if (ec) {
                skip(childRel, "unreadable: " + reasonOf(ec));
                continue;
            }
            if (fs::is_symlink(st)) {
                if (!rules.ignored(childRel, false))
                    m_links.push_back(Link{child, childRel, canonical, rules, vendored});
                continue;
            }
            if (fs::is_directory(st)) {
                if (rules.ignored(childRel, true))
                    continue;
                if (m_submoduleAll.count(childRel) != 0) {
                    if (m_submodulePaths.count(childRel) == 0)
                        continue; // reported as not checked out
                    // A submodule is its own repository: the parent's ignore rules stop here.
                    walk(child, childRel, childCanonical, IgnoreRules{}, true);
                    continue;
                }
                walk(child, childRel, childCanonical, rules, vendored);
            } else if (fs::is_regular_file(st)) {
                if (rules.ignored(childRel, false))
                    continue;
                addFile(child, childRel, childCanonical, vendored);
            } else {
                skip(childRel, "not a regular file");
            }
        }
    }

    void addFile(const fs::path& path, const std::string& rel, const std::string& canonical,
                 bool vendored) {
        if (!m_listed.insert(canonical).second)
            return; // reached before, through another name
        std::error_code ec;
        const std::uintmax_t size = fs::file_size(path, ec);
        m_out.push_back(FileEntry{path, rel, ec ? 0 : size, vendored, m_index});
    }

    void follow(const Link& link) {
        std::error_code ec;
        const fs::path target = fs::canonical(link.path, ec);
        if (ec) {
            if (ec == std::errc::too_many_symbolic_link_levels)
                skip(link.rel, "symlink loop");
            else
                skip(link.rel, "symlink to a missing target");
            return;
        }
        const std::string targetText = target.string();
        if (!isInside(targetText, m_rootText)) {
            skip(link.rel, "symlink out of the tree");
            return;
        }
        const std::string targetRel =
            targetText.size() > m_rootText.size() ? targetText.substr(m_rootText.size() + 1) : "";
        if (targetRel == ".git" || targetRel.rfind(".git/", 0) == 0)
            return; // never into git's own store
        if (fs::is_directory(target, ec)) {
            if (isInside(link.parent_canonical, targetText)) {
                skip(link.rel, "symlink loop");
                return;
            }
            if (m_walked.count(targetText) != 0)
                return; // its files are scanned under their own paths
            if (link.rules.ignored(link.rel, true))
                return;
            walk(target, link.rel, targetText, link.rules, link.vendored);
        } else if (fs::is_regular_file(target, ec)) {
            addFile(target, link.rel, targetText, link.vendored);
        } else {
            skip(link.rel, "not a regular file");
        }
    }

    std::size_t m_index;
    const ScanOptions& m_options;
    const ScanFileSystem& m_files;
    const std::atomic<bool>* m_cancel;
    RepositoryScan& m_repo;
    std::vector<FileEntry>& m_out;
    fs::path m_root;
    std::string m_rootText;
    std::set<std::string> m_walked; // canonical folders already walked
    std::set<std::string> m_listed; // canonical files already listed
    std::set<std::string> m_submodulePaths;
    std::set<std::string> m_submoduleAll;
    std::vector<Link> m_links;
};

// The 1-based column of `match` in the notebook's own line, when it is there as written.
std::optional<int> columnInJson(std::string_view json, int jsonLine, const std::string& match) {
    std::size_t start = 0;
    for (int l = 1; l < jsonLine; ++l) {
        const auto nl = json.find('\n', start);
        if (nl == std::string_view::npos)
            return std::nullopt;
        start = nl + 1;
    }
    const auto nl = json.find('\n', start);
    const std::string_view line =
        json.substr(start, (nl == std::string_view::npos ? json.size() : nl) - start);
    const auto at = match.empty() ? std::string_view::npos : line.find(match);
    if (at == std::string_view::npos)
        return std::nullopt;
    return static_cast<int>(at) + 1;
}

bool isPathRule(const model::ScanFinding& f) {
    return f.rule && model::has(f.rule->scopes, model::ScanScope::Path);
}

FileResult scanFile(const FileEntry& entry, const ScanOptions& options, const ScanFileSystem& files,
                    const model::ScanMatcher& matcher, const std::set<std::string>& ownPackages) {
    FileResult result;
    auto skipped = [&](std::string reason) {
        result.skipped = model::SkippedFile{entry.rel, std::move(reason)};
        return result;
    };
    auto tooLarge = [&](std::uintmax_t size) {
        return skipped("too large (" + std::to_string(size) + " bytes, limit " +
                       std::to_string(options.max_file_bytes) + ")");
    };
    if (entry.size > options.max_file_bytes)
        return tooLarge(entry.size);
    std::string text;
    std::string error;
    if (!files.readFile(entry.path, text, error))
        return skipped("unreadable: " + error);
    if (text.size() > options.max_file_bytes)
        return tooLarge(text.size()); // it grew since it was listed
    if (std::memchr(text.data(), 0, std::min(text.size(), kBinarySniffBytes)) != nullptr)
        return skipped("binary");
    if (std::string_view(text).substr(0, kLfsPointer.size()) == kLfsPointer)
        return skipped("Git LFS pointer (the content is not in the checkout)");

    result.scan.tally = model::FindingTally(options.evidence_per_dimension);
    auto take = [&](model::ScanFinding&& f) {
        if (f.rule && model::namesOwnPackage(f.rule->id, f.match, ownPackages))
            return; // the project naming itself
        if (entry.vendored && f.context != model::EvidenceContext::Comment &&
            f.context != model::EvidenceContext::Docstring &&
            f.context != model::EvidenceContext::String)
            f.context = model::EvidenceContext::Vendored;
        result.scan.add(f, options.keep_every_finding || bool(options.on_finding));
    };
    if (isNotebook(entry.rel)) {
        NotebookCode code;
        if (!extractNotebookCode(text, code, error))
            return skipped("notebook not readable: " + error);
        matcher.matchFile(entry.rel, code.text, [&](model::ScanFinding&& f) {
            if (!isPathRule(f) && !code.json_line.empty()) {
                const std::size_t at = std::min(static_cast<std::size_t>(std::max(f.line, 1) - 1),
                                                code.json_line.size() - 1);
                f.line = code.json_line[at];
                f.col = columnInJson(text, f.line, f.match);
            }
            take(std::move(f));
        });
    } else if (isDockerfile(entry.rel)) {
        matcher.matchFile(entry.rel, resolveDockerfileArgs(text), take);
    } else {
        matcher.matchFile(entry.rel, text, take);
    }
    result.bytes = text.size();
    return result;
}

std::string folderName(const fs::path& root) {
    fs::path p = root;
    if (p.filename().empty())
        p = p.parent_path();
    std::string name = p.filename().string();
    if (name.empty() || name == "." || name == "..") {
        std::error_code ec;
        name = fs::canonical(root, ec).filename().string();
    }
    return name.empty() ? std::string("repository") : name;
}

} // namespace

void RepositoryScan::add(const model::ScanFinding& finding, bool keepEvery) {
    tally.add(finding);
    shows_tensorrt = shows_tensorrt || showsTensorRt(finding);
    shows_multi_node = shows_multi_node || showsMultiNode(finding);
    if (keepEvery)
        findings.push_back(finding);
}

const ScanFileSystem& realScanFileSystem() {
    static const PosixScanFileSystem files;
    return files;
}

ScanRun scanRepositories(const std::vector<fs::path>& roots, const ScanOptions& options,
                         const ScanProgressFn& progress, const std::atomic<bool>* cancel) {
    ScanRun run;
    for (const fs::path& root : roots) {
        std::error_code ec;
        const fs::file_status st = fs::status(root, ec);
        if (!fs::exists(st))
            run.errors.push_back(printablePath(root.string()) + ": does not exist");
        else if (!fs::is_directory(st))
            run.errors.push_back(printablePath(root.string()) + ": not a folder");
    }
    if (!run.errors.empty())
        return run;

    const ScanFileSystem& files = options.file_system ? *options.file_system : realScanFileSystem();
    auto isCancelled = [&] {
        return cancel && cancel->load(std::memory_order_relaxed);
    };

    std::vector<FileEntry> entries;
    std::map<std::string, int> nameCount;
    for (std::size_t i = 0; i < roots.size(); ++i) {
        RepositoryScan repo;
        repo.root = roots[i].string();
        const std::string base = folderName(roots[i]);
        const int n = ++nameCount[base];
        repo.name = n == 1 ? base : base + "-" + std::to_string(n);
        run.repositories.push_back(std::move(repo));
    }
    for (std::size_t i = 0; i < roots.size() && !isCancelled(); ++i)
        Lister(i, roots[i], options, files, cancel, run.repositories[i], entries).run();
    if (isCancelled()) {
        run.cancelled = true;
        return run;
    }

    // Each repository's own packages, from the files listed: its manifests name them too.
    std::vector<std::set<std::string>> ownPackages(roots.size());
    {
        std::vector<std::vector<std::string>> paths(roots.size());
        for (const FileEntry& e : entries)
            paths[e.repository].push_back(e.rel);
        for (std::size_t i = 0; i < roots.size(); ++i)
            ownPackages[i] = model::ownPackages(paths[i]);
    }
    const model::ScanMatcher& matcher = model::defaultScanMatcher();
    std::atomic<std::size_t> done{0};
    std::atomic<std::uint64_t> bytesDone{0};
    std::mutex progressMutex;
    // The first file reports at once, then at most every kProgressInterval.
    auto lastReport = std::chrono::steady_clock::now() - kProgressInterval;
    for (RepositoryScan& repo : run.repositories)
        repo.tally = model::FindingTally(options.evidence_per_dimension);

    // Each file's result joins its repository in file order as soon as the files before it have
    // joined: only the files still out of order are held, not every file's result.
    std::mutex mergeMutex;
    std::map<std::size_t, FileResult> waiting;
    std::size_t nextToMerge = 0;
    // Entries are listed repository by repository, so a repository is complete once a file of
    // a later one joins (or every file has).
    std::size_t repositoriesDone = 0;
    auto finishRepositoriesBefore = [&](std::size_t end) {
        for (; repositoriesDone < end; ++repositoriesDone) {
            RepositoryScan& repo = run.repositories[repositoriesDone];
            std::stable_sort(repo.not_scanned.begin(), repo.not_scanned.end(),
                             [](const model::SkippedFile& a, const model::SkippedFile& b) {
                                 return a.path < b.path;
                             });
            if (options.on_repository_done)
                options.on_repository_done(repo);
        }
    };
    auto merge = [&](std::size_t i, FileResult&& result) {
        const std::lock_guard<std::mutex> lock(mergeMutex);
        waiting.emplace(i, std::move(result));
        for (auto it = waiting.begin(); it != waiting.end() && it->first == nextToMerge;
             it = waiting.erase(it), ++nextToMerge) {
            if (isCancelled())
                return; // the run is discarded: no more calls out
            finishRepositoriesBefore(entries[it->first].repository);
            RepositoryScan& repo = run.repositories[entries[it->first].repository];
            FileResult& r = it->second;
            if (r.skipped) {
                repo.not_scanned.push_back(std::move(*r.skipped));
                continue;
            }
            ++repo.files_scanned;
            repo.bytes_scanned += r.bytes;
            repo.tally.merge(r.scan.tally);
            repo.shows_tensorrt = repo.shows_tensorrt || r.scan.shows_tensorrt;
            repo.shows_multi_node = repo.shows_multi_node || r.scan.shows_multi_node;
            for (model::ScanFinding& f : r.scan.findings) {
                if (options.on_finding)
                    options.on_finding(repo, f);
                if (options.keep_every_finding)
                    repo.findings.push_back(std::move(f));
            }
        }
    };

    auto scanOne = [&](std::size_t i, std::size_t) {
        FileResult result =
            scanFile(entries[i], options, files, matcher, ownPackages[entries[i].repository]);
        const std::uint64_t fileBytes = result.bytes;
        merge(i, std::move(result));
        const std::size_t filesDone = done.fetch_add(1) + 1;
        const std::uint64_t bytes = bytesDone.fetch_add(fileBytes) + fileBytes;
        if (!progress)
            return;
        std::unique_lock<std::mutex> lock(progressMutex, std::try_to_lock);
        if (!lock.owns_lock())
            return;
        const auto now = std::chrono::steady_clock::now();
        if (now - lastReport < kProgressInterval)
            return;
        lastReport = now;
        progress(ScanProgress{run.repositories[entries[i].repository].name, filesDone,
                              entries.size(), bytes});
    };

    // Files differ in size, so each worker claims the next file as it finishes one; a cancel
    // stops every worker before its next file. An exception from a file's scan or a callback
    // reaches the caller (it ended the process from a worker thread before).
    const unsigned threads =
        options.threads ? options.threads : std::thread::hardware_concurrency();
    model::parallelFor(entries.size(), {threads, model::Claiming::OneByOne, cancel}, scanOne);
    if (isCancelled()) {
        run.cancelled = true;
        return run;
    }

    finishRepositoriesBefore(run.repositories.size());
    if (progress)
        progress(
            ScanProgress{run.repositories.empty() ? std::string() : run.repositories.back().name,
                         done.load(), entries.size(), bytesDone.load()});
    return run;
}

} // namespace crossgrade::data
