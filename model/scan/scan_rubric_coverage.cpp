// Coverage by build target (docs/scanner.md, "Mitigations cover what they cover"): which
// folders the ROCm builds among the held mitigations compile.

#include "scan_rubric_internal.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model::rubric {

// The folders the ROCm builds among the held mitigations compile: a folder COPYed into a
// Dockerfile built on a ROCm image (the COPY source, read from the repository root or from any
// folder above the Dockerfile, since the build context is not written down), or the folder of
// a CMake project that enables HIP.
namespace {

// "src/ggml-hip/" + "../ggml-cuda/" is "src/ggml-cuda/"; empty when it climbs above the root.
std::optional<std::string> joinFolder(const std::string& folder, std::string_view relative) {
    std::vector<std::string> parts;
    std::string_view rest = folder;
    const auto push = [&](std::string_view part) {
        if (part.empty() || part == ".")
            return true;
        if (part == "..") {
            if (parts.empty())
                return false;
            parts.pop_back();
            return true;
        }
        parts.emplace_back(part);
        return true;
    };
    for (std::string_view text : {rest, relative})
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t slash = std::min(text.find('/', at), text.size());
            if (!push(text.substr(at, slash - at)))
                return std::nullopt;
            at = slash + 1;
        }
    std::string out;
    for (const std::string& p : parts)
        out += p + "/";
    return out;
}

bool isGlob(std::string_view match) {
    return match.find("GLOB") != std::string_view::npos;
}

} // namespace

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
