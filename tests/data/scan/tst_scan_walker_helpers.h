// What both files of tst_scan_walker share: a mini-repository, one scan of it, what it found.
#pragma once

#include "scan_walker.h"

#include <QTemporaryDir>
#include <QtGlobal>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::testing {

class MiniRepo {
public:
    MiniRepo()
        : m_dir(QStringLiteral("/tmp/tst_scan_walker-XXXXXX")) {
        root_ = std::filesystem::path(m_dir.path().toStdString()) / "repo";
        std::filesystem::create_directories(root_);
    }
    bool valid() const { return m_dir.isValid(); }
    const std::filesystem::path& root() const { return root_; }
    std::filesystem::path base() const { return std::filesystem::path(m_dir.path().toStdString()); }

    void write(const std::string& rel, const std::string& text) const {
        const std::filesystem::path p = root_ / rel;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }
    void link(const std::string& rel, const std::filesystem::path& target) const {
        const std::filesystem::path p = root_ / rel;
        std::filesystem::create_directories(p.parent_path());
        std::filesystem::create_symlink(target, p);
    }
    void folder(const std::string& rel) const { std::filesystem::create_directories(root_ / rel); }

private:
    QTemporaryDir m_dir;
    std::filesystem::path root_;
};

inline data::ScanOptions withThreads(unsigned threads) {
    data::ScanOptions o;
    o.threads = threads;
    o.keep_every_finding = true; // these tests read each finding
    return o;
}

inline data::RepositoryScan scanOne(const std::filesystem::path& root,
                                    const data::ScanOptions& options = withThreads(2)) {
    data::ScanRun run = data::scanRepositories({root}, options);
    if (run.repositories.size() != 1)
        qFatal("scan of %s gave %d repositories", root.c_str(), int(run.repositories.size()));
    return run.repositories.front();
}

inline std::vector<const model::ScanFinding*> findingsOf(const data::RepositoryScan& scan,
                                                         std::string_view rule) {
    std::vector<const model::ScanFinding*> out;
    for (const model::ScanFinding& f : scan.findings)
        if (f.rule && f.rule->id == rule)
            out.push_back(&f);
    return out;
}

inline std::string reasonFor(const data::RepositoryScan& scan, const std::string& path) {
    for (const model::SkippedFile& s : scan.not_scanned)
        if (s.path == path)
            return s.reason;
    return {};
}

} // namespace crossgrade::testing
