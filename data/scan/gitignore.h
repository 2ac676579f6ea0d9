#pragma once

// .gitignore rules as git reads them (gitignore(5)), for the repository scanner's walker: one
// file's patterns, and the stack of files that applies to a folder (.git/info/exclude, then the
// root's .gitignore, then each nested folder's, deeper files winning). Matching is on paths
// relative to the repository root, '/'-separated.

#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

struct IgnorePattern {
    std::string base; // folder of the .gitignore, relative to the root ("" or "a/b")
    std::vector<std::string> segments; // the glob split at '/'; "**" is a segment of its own
    bool negated = false;              // "!pattern": re-includes
    bool directory_only = false;       // "pattern/": folders only
    std::string text;                  // the line as written (for messages and tests)
};

// Parses the text of one .gitignore (or .git/info/exclude) whose folder is `base` (relative to
// the root, "" for the root). Blank lines and '#' comments are dropped; "\#" and "\!" stand for
// the characters; unescaped trailing spaces are dropped.
std::vector<IgnorePattern> parseGitignore(std::string_view text, std::string_view base);

// Whether one pattern matches `path` (relative to the root, no leading '/'), a folder when
// `is_directory`. Negation is not applied here.
bool matchesIgnorePattern(const IgnorePattern& pattern, std::string_view path, bool is_directory);

// The patterns in force for one folder: its parent's plus its own .gitignore's. The last pattern
// that matches decides (a negated one re-includes), as in git.
class IgnoreRules {
public:
    void add(std::vector<IgnorePattern> patterns);
    bool empty() const { return m_patterns.empty(); }
    // True when `path` is ignored. A file inside an ignored folder is not re-included by a
    // negation: the walker never descends into an ignored folder.
    bool ignored(std::string_view path, bool is_directory) const;

private:
    std::vector<IgnorePattern> m_patterns;
};

} // namespace crossgrade::data
