#include "gitignore.h"

#include <cctype>
#include <optional>

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

// One bracket expression of a glob, "[...]" starting at `at`: whether `c` is in it, and where
// the glob continues after it. nullopt when the bracket is not closed (then '[' is literal, as
// for fnmatch(3)).
struct BracketResult {
    bool matched;
    std::size_t next;
};

bool inClass(std::string_view name, unsigned char c) {
    if (name == "alnum")
        return std::isalnum(c) != 0;
    if (name == "alpha")
        return std::isalpha(c) != 0;
    if (name == "blank")
        return c == ' ' || c == '\t';
    if (name == "cntrl")
        return std::iscntrl(c) != 0;
    if (name == "digit")
        return std::isdigit(c) != 0;
    if (name == "graph")
        return std::isgraph(c) != 0;
    if (name == "lower")
        return std::islower(c) != 0;
    if (name == "print")
        return std::isprint(c) != 0;
    if (name == "punct")
        return std::ispunct(c) != 0;
    if (name == "space")
        return std::isspace(c) != 0;
    if (name == "upper")
        return std::isupper(c) != 0;
    if (name == "xdigit")
        return std::isxdigit(c) != 0;
    return false;
}

std::optional<BracketResult> matchBracket(std::string_view glob, std::size_t at, unsigned char c) {
    std::size_t i = at + 1;
    bool negate = false;
    if (i < glob.size() && (glob[i] == '!' || glob[i] == '^')) {
        negate = true;
        ++i;
    }
    bool matched = false;
    bool first = true;
    while (i < glob.size() && (first || glob[i] != ']')) {
        first = false;
        if (glob[i] == '[' && i + 1 < glob.size() && glob[i + 1] == ':') {
            const auto close = glob.find(":]", i + 2);
            if (close != std::string_view::npos) {
                matched = matched || inClass(glob.substr(i + 2, close - i - 2), c);
                i = close + 2;
                continue;
            }
        }
        unsigned char low = static_cast<unsigned char>(glob[i]);
        if (low == '\\' && i + 1 < glob.size())
            low = static_cast<unsigned char>(glob[++i]);
        ++i;
        unsigned char high = low;
        if (i + 1 < glob.size() && glob[i] == '-' && glob[i + 1] != ']') {
            high = static_cast<unsigned char>(glob[i + 1]);
            i += 2;
            if (high == '\\' && i < glob.size())
                high = static_cast<unsigned char>(glob[i++]);
        }
        matched = matched || (low <= c && c <= high);
    }
    if (i >= glob.size())
        return std::nullopt;
    return BracketResult{matched != negate, i + 1};
}

// One glob segment against one name, as fnmatch(3) with no flags but byte by byte (as git's
// own wildmatch): '*' any run, '?' one byte, "[...]" a set, '\\' escapes. Every token but '*'
// takes exactly one byte, so remembering only the last '*' is enough: a mismatch retries from
// there one byte further, never from an earlier '*'. That bounds the work by
// glob length x name length where backtracking over every '*' (as fnmatch does) is exponential
// in the number of stars ("*a*a*a*a*a*a*b" against a long run of a's).
bool segmentMatches(std::string_view glob, std::string_view name) {
    std::size_t g = 0;
    std::size_t n = 0;
    std::size_t starGlob = std::string_view::npos; // where the glob resumes after the last '*'
    std::size_t starName = 0;                      // the name byte that '*' takes next
    while (n < name.size()) {
        if (g < glob.size()) {
            const char c = glob[g];
            if (c == '*') {
                while (g < glob.size() && glob[g] == '*')
                    ++g;
                starGlob = g;
                starName = n;
                continue;
            }
            const auto u = static_cast<unsigned char>(name[n]);
            if (c == '?') {
                ++g;
                ++n;
                continue;
            }
            if (c == '[') {
                if (const auto b = matchBracket(glob, g, u)) {
                    if (b->matched) {
                        g = b->next;
                        ++n;
                        continue;
                    }
                } else if (u == '[') {
                    ++g;
                    ++n;
                    continue;
                }
            } else {
                // A lone '\\' at the end matches nothing, as for fnmatch(3).
                const std::size_t lit = c == '\\' ? g + 1 : g;
                if (lit < glob.size() && glob[lit] == name[n]) {
                    g = lit + 1;
                    ++n;
                    continue;
                }
            }
        }
        if (starGlob == std::string_view::npos)
            return false;
        g = starGlob;
        n = ++starName;
    }
    while (g < glob.size() && glob[g] == '*')
        ++g;
    return g == glob.size();
}

// Pattern segments against path segments; "**" spans any number of folders (at least one when
// it ends the pattern: "a/**" matches what is inside a, not a itself). Each (pattern segment,
// path segment) pair is tried at most once: `failed` remembers the pairs that did not match,
// so a line of many "**" over a deep path costs their product, not every way of spreading the
// path's folders over them (40 folders under 16 "**" were ~10^11 tries).
class SegmentMatcher {
public:
    SegmentMatcher(const std::vector<std::string>& pattern,
                   const std::vector<std::string_view>& path)
        : m_pattern(pattern)
        , m_path(path)
        , m_failed((pattern.size() + 1) * (path.size() + 1), false) {}

    bool matches(std::size_t p, std::size_t s) {
        std::vector<bool>::reference failed = m_failed[p * (m_path.size() + 1) + s];
        if (failed)
            return false;
        const bool ok = match(p, s);
        if (!ok)
            failed = true;
        return ok;
    }

private:
    bool match(std::size_t p, std::size_t s) {
        while (p < m_pattern.size()) {
            if (m_pattern[p] == "**") {
                while (p + 1 < m_pattern.size() && m_pattern[p + 1] == "**")
                    ++p;
                if (p + 1 == m_pattern.size())
                    return s < m_path.size();
                for (std::size_t k = s; k < m_path.size(); ++k)
                    if (matches(p + 1, k))
                        return true;
                return false;
            }
            if (s >= m_path.size() || !segmentMatches(m_pattern[p], m_path[s]))
                return false;
            ++p;
            ++s;
        }
        return s == m_path.size();
    }

    const std::vector<std::string>& m_pattern;
    const std::vector<std::string_view>& m_path;
    std::vector<bool> m_failed;
};

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
    const std::vector<std::string_view> parts = splitPath(rel);
    return SegmentMatcher(pattern.segments, parts).matches(0, 0);
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
