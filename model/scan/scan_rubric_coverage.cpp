// Coverage by build target (docs/scanner.md, "Mitigations cover what they cover"): which
// folders the ROCm builds among the held mitigations compile.

#include "scan_rubric_internal.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>

namespace crossgrade::model::rubric {

// The folders the ROCm builds among the held mitigations compile: a folder COPYed into a
// Dockerfile built on a ROCm image (the COPY source, read from the repository root or from any
// folder above the Dockerfile, since the build context is not written down), or the folder of
// a CMake project that enables HIP.
std::vector<CoveredFolder> rocmBuildFolders(const std::vector<const ScanFinding*>& held) {
    std::set<std::string, std::less<>> rocmDockerfiles;
    for (const ScanFinding* f : held)
        if (production(*f) && isRule(*f, "D5.rocm-image"))
            rocmDockerfiles.insert(f->path);
    std::vector<CoveredFolder> out;
    for (const ScanFinding* f : held) {
        if (!production(*f) || !isRule(*f, "D1.rocm-build-sources"))
            continue;
        const std::string rule(f->rule->id);
        const std::size_t slash = f->path.rfind('/');
        const std::string folderOfFile =
            slash == std::string::npos ? std::string() : f->path.substr(0, slash + 1);
        const std::string_view match = f->match;
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
