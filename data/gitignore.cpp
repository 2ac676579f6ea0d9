#include "gitignore.h"

#include <fnmatch.h>

namespace crossgrade::data {

namespace {

std::vector<std::string_view> splitPath(std::string_view path) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        const auto slash = path.find('/', start);
        const std::size_t end = slash == std::string_view::npos ? path.size() : slash;
        if (end > start)
            parts.push_back(path.substr(start, end - start));
        if (slash == std::string_view::npos)
            break;
        start = slash + 1;
    }
    return parts;
}

bool segmentMatches(const std::string& glob, std::string_view name) {
    // fnmatch needs NUL-terminated strings; names are short.
    const std::string n(name);
    return ::fnmatch(glob.c_str(), n.c_str(), 0) == 0;
}

// Pattern segments [p, end) against path segments [s, end); "**" spans any number of folders
// (at least one when it ends the pattern: "a/**" matches what is inside a, not a itself).
bool matchSegments(const std::vector<std::string>& pattern, std::size_t p,
                   const std::vector<std::string_view>& path, std::size_t s) {
    while (p < pattern.size()) {
        if (pattern[p] == "**") {
            while (p + 1 < pattern.size() && pattern[p + 1] == "**")
                ++p;
            if (p + 1 == pattern.size())
                return s < path.size();
            for (std::size_t k = s; k < path.size(); ++k)
                if (matchSegments(pattern, p + 1, path, k))
                    return true;
            return false;
        }
        if (s >= path.size() || !segmentMatches(pattern[p], path[s]))
            return false;
        ++p;
        ++s;
    }
    return s == path.size();
}

} // namespace

std::vector<IgnorePattern> parseGitignore(std::string_view text, std::string_view base) {
    std::vector<IgnorePattern> out;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto nl = text.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty() || line.front() == '#')
            continue;
        // Trailing spaces go unless the last one is escaped ("foo\ ").
        while (!line.empty() && line.back() == ' ' &&
               !(line.size() >= 2 && line[line.size() - 2] == '\\'))
            line.remove_suffix(1);
        if (line.empty())
            continue;

        IgnorePattern p;
        p.text = std::string(line);
        p.base = std::string(base);
        if (line.front() == '!') {
            p.negated = true;
            line.remove_prefix(1);
        } else if (line.size() >= 2 && line[0] == '\\' && (line[1] == '!' || line[1] == '#')) {
            line.remove_prefix(1); // the escaped character stays, literally
        }
        if (!line.empty() && line.back() == '/') {
            p.directory_only = true;
            while (!line.empty() && line.back() == '/')
                line.remove_suffix(1);
        }
        // A slash at the start or in the middle anchors the pattern to its .gitignore's folder;
        // without one it matches a name at any depth below it.
        const bool anchored = line.find('/') != std::string_view::npos;
        while (!line.empty() && line.front() == '/')
            line.remove_prefix(1);
        if (line.empty())
            continue;
        if (!anchored)
            p.segments.emplace_back("**");
        for (std::string_view seg : splitPath(line))
            p.segments.emplace_back(seg);
        out.push_back(std::move(p));
    }
    return out;
}

bool matchesIgnorePattern(const IgnorePattern& pattern, std::string_view path, bool is_directory) {
    if (pattern.directory_only && !is_directory)
        return false;
    std::string_view rel = path;
    if (!pattern.base.empty()) {
        if (rel.size() <= pattern.base.size() ||
            rel.substr(0, pattern.base.size()) != pattern.base || rel[pattern.base.size()] != '/')
            return false;
        rel.remove_prefix(pattern.base.size() + 1);
    }
    return matchSegments(pattern.segments, 0, splitPath(rel), 0);
}

void IgnoreRules::add(std::vector<IgnorePattern> patterns) {
    for (IgnorePattern& p : patterns)
        m_patterns.push_back(std::move(p));
}

bool IgnoreRules::ignored(std::string_view path, bool is_directory) const {
    for (auto it = m_patterns.rbegin(); it != m_patterns.rend(); ++it)
        if (matchesIgnorePattern(*it, path, is_directory))
            return !it->negated;
    return false;
}

} // namespace crossgrade::data
