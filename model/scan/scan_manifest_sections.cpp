// Optional-dependency sections of Python manifests (scan_manifest_sections.h).

#include "scan_manifest_sections.h"

#include "ascii_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace crossgrade::model {

namespace {

std::string_view trimmedLine(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> manifestLines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

bool startsWithAny(std::string_view s, std::initializer_list<std::string_view> prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(),
                       [&](std::string_view p) { return s.starts_with(p); });
}

// A TOML table header's name ("[tool.poetry.group.dev.dependencies]" → that, without the
// brackets), or empty when the line is not a header.
std::string_view tableName(std::string_view line) {
    line = trimmedLine(line);
    if (line.size() < 3 || line.front() != '[')
        return {};
    const bool array = line.starts_with("[[");
    const std::size_t close = line.find(array ? "]]" : "]");
    if (close == std::string_view::npos)
        return {};
    return trimmedLine(line.substr(array ? 2 : 1, close - (array ? 2 : 1)));
}

bool optionalTable(std::string_view name) {
    return name == "project.optional-dependencies" ||
           startsWithAny(name, {"project.optional-dependencies.", "dependency-groups",
                                "tool.poetry.group.", "tool.poetry.extras",
                                "tool.poetry.dev-dependencies", "tool.pdm.dev-dependencies",
                                "tool.hatch.envs."});
}

// Net bracket depth change of a line, outside strings and after a '#' comment.
int bracketDelta(std::string_view line) {
    int depth = 0;
    char quote = 0;
    for (char c : line) {
        if (quote) {
            if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '"' || c == '\'')
            quote = c;
        else if (c == '#')
            break;
        else if (c == '[' || c == '{' || c == '(')
            ++depth;
        else if (c == ']' || c == '}' || c == ')')
            --depth;
    }
    return depth;
}

std::vector<bool> pyprojectOptional(const std::vector<std::string_view>& lines) {
    std::vector<bool> out(lines.size(), false);
    bool inOptionalTable = false;
    std::string table;
    int valueDepth = 0; // > 0 inside an optional key's value in a core table
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view name = tableName(lines[i]);
        if (!name.empty() && valueDepth == 0) {
            table = std::string(name);
            inOptionalTable = optionalTable(name);
            continue;
        }
        if (inOptionalTable) {
            out[i] = true;
            continue;
        }
        const std::string_view t = trimmedLine(lines[i]);
        if (valueDepth == 0) {
            // [project] optional-dependencies.x = [...] or optional-dependencies = {...};
            // [tool.uv] dev-dependencies = [...].
            const bool optionalKey =
                (table == "project" && t.starts_with("optional-dependencies")) ||
                (table == "tool.uv" && t.starts_with("dev-dependencies"));
            if (!optionalKey)
                continue;
            out[i] = true;
            valueDepth = std::max(0, bracketDelta(t));
            continue;
        }
        out[i] = true;
        valueDepth = std::max(0, valueDepth + bracketDelta(t));
    }
    return out;
}

// A setup.py line that opens an optional-dependency value: `extras_require=` (an argument or
// a name), or an assignment to a name holding "extras" (`extras["dev"] = [`, `EXTRAS = {`).
bool opensExtras(std::string_view line) {
    const std::string l = asciiLower(trimmedLine(line));
    const std::size_t at = l.find("extras");
    if (at == std::string::npos || l.starts_with("#"))
        return false;
    const std::size_t eq = l.find('=', at);
    if (eq == std::string::npos || (eq + 1 < l.size() && l[eq + 1] == '='))
        return false;
    // Only a name, subscript or keyword before the '=': not a comparison or a call using it.
    for (std::size_t k = at; k < eq; ++k) {
        const char c = l[k];
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '[' || c == ']' ||
              c == '"' || c == '\'' || c == ' ' || c == '-' || c == '.'))
            return false;
    }
    return true;
}

std::vector<bool> setupPyOptional(const std::vector<std::string_view>& lines) {
    std::vector<bool> out(lines.size(), false);
    int depth = 0; // > 0 inside an extras value
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (depth > 0) {
            out[i] = true;
            depth = std::max(0, depth + bracketDelta(lines[i]));
            continue;
        }
        if (!opensExtras(lines[i]))
            continue;
        out[i] = true;
        const std::string_view t = lines[i];
        depth = std::max(0, bracketDelta(t.substr(t.find('=') + 1)));
    }
    return out;
}

bool optionalRequirementsFile(std::string_view fileName) {
    // A word of the name (between '-', '_' and '.'): requirements-dev.txt, requirements_tests.txt,
    // dev-requirements.txt, requirements/docs.txt.
    static const std::array<std::string_view, 22> words = {
        "dev",      "develop",  "development", "test",      "tests",      "testing",
        "doc",      "docs",     "lint",        "linting",   "extra",      "extras",
        "ci",       "optional", "bench",       "benchmark", "benchmarks", "example",
        "examples", "quality",  "style",       "typing"};
    const std::string n = asciiLower(fileName);
    std::string_view stem(n);
    stem = stem.substr(0, stem.rfind('.'));
    std::size_t from = 0;
    while (from <= stem.size()) {
        std::size_t to = stem.find_first_of("-_.", from);
        if (to == std::string_view::npos)
            to = stem.size();
        const std::string_view word = stem.substr(from, to - from);
        if (std::find(words.begin(), words.end(), word) != words.end())
            return true;
        from = to + 1;
    }
    return false;
}

} // namespace

std::vector<bool> optionalDependencyLines(std::string_view fileName, std::string_view text) {
    const std::vector<std::string_view> lines = manifestLines(text);
    const std::string name = asciiLower(fileName);
    if (name == "pyproject.toml")
        return pyprojectOptional(lines);
    if (name == "setup.py")
        return setupPyOptional(lines);
    if (name.ends_with(".txt") && optionalRequirementsFile(name))
        return std::vector<bool>(lines.size(), true);
    return std::vector<bool>(lines.size(), false);
}

} // namespace crossgrade::model
