// What the files of tst_scan_rules share: paths by scope, scanning a text, enums compared.
#pragma once

#include "scan_matcher.h"
#include "scan_rubric.h"

#include <QString>
#include <QStringList>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// QCOMPARE prints through model::toString (found by argument-dependent lookup), which
// returns a string_view: compare the domain's enums as numbers.
#define COMPARE_ENUM(a, b) QCOMPARE(static_cast<int>(a), static_cast<int>(b))

namespace crossgrade::testing {

// Paths by scope.
inline constexpr const char* kCu = "csrc/ops.cu";
inline constexpr const char* kCpp = "src/engine.cpp";
inline constexpr const char* kPy = "pkg/model.py";
inline constexpr const char* kSetup = "setup.py";
inline constexpr const char* kCMake = "CMakeLists.txt";
inline constexpr const char* kDocker = "docker/Dockerfile";
inline constexpr const char* kCompose = "docker-compose.yml";
inline constexpr const char* kWorkflow = ".github/workflows/ci.yml";
inline constexpr const char* kScript = "scripts/launch.sh";
inline constexpr const char* kReq = "requirements.txt";
inline constexpr const char* kModules = ".gitmodules";
inline constexpr const char* kYaml = "conf/env.yaml";

inline std::vector<model::ScanFinding> scan(std::string_view path, std::string_view text) {
    return model::defaultScanMatcher().matchFile(path, text);
}

inline const model::ScanFinding* findingOf(const std::vector<model::ScanFinding>& findings,
                                           std::string_view rule) {
    for (const model::ScanFinding& f : findings)
        if (f.rule && f.rule->id == rule)
            return &f;
    return nullptr;
}

// A synthetic mini-repository: every file's findings.
inline std::vector<model::ScanFinding>
scanRepo(const std::vector<std::pair<std::string, std::string>>& files) {
    std::vector<model::ScanFinding> all;
    for (const auto& [path, text] : files) {
        std::vector<model::ScanFinding> f = scan(path, text);
        all.insert(all.end(), f.begin(), f.end());
    }
    return all;
}

inline model::Tier tierOf(const model::ScanProposal& p, model::Dimension d) {
    return p.dimension(d).tier;
}

// `n` files PREFIX0EXT, PREFIX1EXT, ... each holding `text`.
inline std::vector<std::pair<std::string, std::string>>
files(const std::string& prefix, const std::string& ext, int n, const std::string& text) {
    std::vector<std::pair<std::string, std::string>> out;
    for (int i = 0; i < n; ++i)
        out.emplace_back(prefix + std::to_string(i) + ext, text);
    return out;
}

inline QString joined(const std::vector<std::string>& lines) {
    QStringList out;
    for (const std::string& s : lines)
        out << QString::fromStdString(s);
    return out.join(QLatin1String("; "));
}

} // namespace crossgrade::testing
