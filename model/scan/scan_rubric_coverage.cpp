// Coverage by build target (docs/scanner.md, "Mitigations cover what they cover"): which
// folders the ROCm builds among the held mitigations compile.

#include "scan_rubric_internal.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model::rubric {

namespace {

// "src/ggml-hip/" joined with "../ggml-cuda/" is "src/ggml-cuda/"; none when the result would
// leave the repository.
std::optional<std::string> joinFolder(const std::string& folder, std::string_view relative) {
    const std::filesystem::path joined =
        (std::filesystem::path(folder) / std::filesystem::path(relative)).lexically_normal();
    const std::string out = joined.generic_string();
    if (joined.is_absolute() || out == ".." || out.starts_with("../"))
        return std::nullopt;
    return out == "." ? std::string() : out;
}

bool isGlob(std::string_view match) {
    return match.find("GLOB") != std::string_view::npos;
}

} // namespace

// The folders the ROCm builds among the held mitigations compile: a folder COPYed into a
// Dockerfile built on a ROCm image (the COPY source, read from the repository root or from any
// folder above the Dockerfile, since the build context is not written down), the folder of a
// CMake project that enables HIP, and a folder beside it whose sources that project globs.
std::vector<CoveredFolder> rocmBuildFolders(const std::vector<const ScanFinding*>& held) {
    std::set<std::string, std::less<>> rocmDockerfiles;
    std::set<std::string, std::less<>> hipProjects; // CMake files enabling the HIP language
    for (const ScanFinding* f : held) {
        if (production(*f) && isRule(*f, "D5.rocm-image"))
            rocmDockerfiles.insert(f->path);
        if (production(*f) && isRule(*f, "D1.rocm-build-sources") &&
            f->match.find("HIP") != std::string::npos && !isGlob(f->match))
            hipProjects.insert(f->path);
    }
    std::vector<CoveredFolder> out;
    for (const ScanFinding* f : held) {
        if (!production(*f) || !isRule(*f, "D1.rocm-build-sources"))
            continue;
        const std::string rule(f->rule->id);
        const std::size_t slash = f->path.rfind('/');
        const std::string folderOfFile =
            slash == std::string::npos ? std::string() : f->path.substr(0, slash + 1);
        const std::string_view match = f->match;
        if (isGlob(match)) {
            // Sources of a folder beside the project, globbed by a CMake file that enables HIP.
            if (!hipProjects.contains(f->path))
                continue;
            const std::size_t dots = match.find("../");
            if (const auto folder = joinFolder(folderOfFile, match.substr(dots)))
                out.push_back({*folder, rule, f->path, f->line});
            continue;
        }
        const std::size_t copy = match.find("COPY");
        if (copy == std::string_view::npos || match.find_first_not_of(" \t") != copy) {
            out.push_back({folderOfFile, rule, f->path, f->line}); // a HIP CMake project
            continue;
        }
        if (!rocmDockerfiles.contains(f->path))
            continue;
        std::string_view rest = match.substr(copy + 4);
        rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
        std::string source(rest.substr(0, rest.find_first_of(" \t")));
        while (source.starts_with("./"))
            source.erase(0, 2);
        if (source.empty() || source.starts_with('/') || source.starts_with(".."))
            continue;
        // Every folder above the Dockerfile, from the root down, may be the build context.
        for (std::size_t at = 0;; ++at) {
            const std::size_t next = folderOfFile.find('/', at);
            const std::string context = at == 0 ? std::string() : folderOfFile.substr(0, at);
            out.push_back({context + source, rule, f->path, f->line});
            if (next == std::string::npos)
                break;
            at = next;
        }
    }
    return out;
}

} // namespace crossgrade::model::rubric
