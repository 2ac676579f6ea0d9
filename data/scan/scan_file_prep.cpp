#include "scan_file_prep.h"

#include "ascii_text.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>

namespace crossgrade::data {

namespace {

std::string_view fileName(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// The instruction word of a Dockerfile line ("from", "arg"), lower-cased, and where its
// arguments start; empty for blank and comment lines.
std::string_view instruction(std::string_view line, std::size_t& args) {
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
        ++i;
    const std::size_t start = i;
    while (i < line.size() && std::isalpha(static_cast<unsigned char>(line[i])) != 0)
        ++i;
    if (i == start || (i < line.size() && line[i] != ' ' && line[i] != '\t'))
        return {};
    args = i;
    return line.substr(start, i - start);
}

// `text` with $NAME, ${NAME} and ${NAME:-word} replaced where NAME has a value.
std::string substitute(std::string_view text, const std::map<std::string, std::string>& values) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] != '$' || i + 1 >= text.size()) {
            out += text[i++];
            continue;
        }
        if (text[i + 1] == '{') {
            const auto close = text.find('}', i + 2);
            if (close == std::string_view::npos) {
                out += text.substr(i);
                break;
            }
            const std::string_view inner = text.substr(i + 2, close - i - 2);
            const auto colon = inner.find(":-");
            const std::string name(inner.substr(0, colon));
            const auto it = values.find(name);
            if (it != values.end() && !it->second.empty())
                out += it->second;
            else if (colon != std::string_view::npos)
                out += inner.substr(colon + 2); // ${NAME:-word}: unset or empty gives word
            else
                out += text.substr(i, close + 1 - i);
            i = close + 1;
            continue;
        }
        std::size_t j = i + 1;
        while (j < text.size() && isNameChar(text[j]))
            ++j;
        const auto it = values.find(std::string(text.substr(i + 1, j - i - 1)));
        if (j > i + 1 && it != values.end())
            out += it->second;
        else
            out += text.substr(i, j - i);
        i = j;
    }
    return out;
}

std::string unquoted(std::string_view v) {
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        return std::string(v.substr(1, v.size() - 2));
    return std::string(v);
}

// Where each string value at cells[i].source (or cells[i].source[j]) opens, in document order:
// for each cell index, the 1-based lines of its source strings. nlohmann/json gives no
// positions, so this reads the (already validated) text once more.
std::map<std::size_t, std::vector<int>> sourceStringLines(std::string_view json) {
    struct Frame {
        bool array = false;
        std::size_t index = 0;
        std::string key;
        bool expect_key = true;
    };
    std::map<std::size_t, std::vector<int>> out;
    std::vector<Frame> stack;
    int line = 1;
    auto atSource = [&](bool inSourceArray) {
        const std::size_t depth = inSourceArray ? 4 : 3;
        if (stack.size() != depth)
            return false;
        return !stack[0].array && stack[0].key == "cells" && stack[1].array && !stack[2].array &&
               stack[2].key == "source" && (!inSourceArray || stack[3].array);
    };
    for (std::size_t i = 0; i < json.size();) {
        const char c = json[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (c == '{' || c == '[') {
            stack.push_back(Frame{c == '[', 0, {}, c == '{'});
            ++i;
        } else if (c == '}' || c == ']') {
            if (!stack.empty())
                stack.pop_back();
            ++i;
        } else if (c == ',') {
            if (!stack.empty()) {
                if (stack.back().array)
                    ++stack.back().index;
                else
                    stack.back().expect_key = true;
            }
            ++i;
        } else if (c == '"') {
            const int opened = line;
            std::size_t j = i + 1;
            while (j < json.size() && json[j] != '"') {
                if (json[j] == '\n')
                    ++line; // not valid JSON, but keep counting
                j += json[j] == '\\' ? 2 : 1;
            }
            const std::string_view content = json.substr(i + 1, std::min(j, json.size()) - i - 1);
            if (!stack.empty() && !stack.back().array && stack.back().expect_key) {
                stack.back().key = std::string(content);
                stack.back().expect_key = false;
            } else if (atSource(false)) {
                out[stack[1].index].push_back(opened);
            } else if (atSource(true)) {
                out[stack[1].index].push_back(opened);
            }
            i = j + 1;
        } else {
            ++i;
        }
    }
    return out;
}

} // namespace

bool isDockerfile(std::string_view path) {
    const std::string name = model::asciiLower(fileName(path));
    return name.starts_with("dockerfile") || name.ends_with(".dockerfile") ||
           name == "containerfile";
}

bool isNotebook(std::string_view path) {
    return model::asciiLower(fileName(path)).ends_with(".ipynb");
}

std::string resolveDockerfileArgs(std::string_view text) {
    std::map<std::string, std::string> globals; // ARGs before the first FROM
    bool seenFrom = false;
    std::string out;
    out.reserve(text.size() + 64);
    for (std::size_t start = 0; start <= text.size();) {
        const auto nl = text.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        const std::string_view line = text.substr(start, end - start);
        std::size_t args = 0;
        const std::string word = model::asciiLower(instruction(line, args));
        if (word == "from") {
            seenFrom = true;
            out += line.substr(0, args);
            out += substitute(line.substr(args), globals);
        } else {
            out += line;
            if (word == "arg" && !seenFrom) {
                // ARG NAME[=default] [NAME2[=default2] ...]
                std::size_t i = args;
                while (i < line.size()) {
                    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                        ++i;
                    std::size_t j = i;
                    char quote = 0;
                    while (j < line.size() && (quote || (line[j] != ' ' && line[j] != '\t'))) {
                        if (line[j] == '"' || line[j] == '\'')
                            quote = quote == line[j] ? 0 : (quote ? quote : line[j]);
                        ++j;
                    }
                    const std::string_view token = line.substr(i, j - i);
                    const auto eq = token.find('=');
                    if (!token.empty() && eq != std::string_view::npos && eq > 0)
                        globals[std::string(token.substr(0, eq))] =
                            substitute(unquoted(token.substr(eq + 1)), globals);
                    i = j;
                }
            }
        }
        if (nl == std::string_view::npos)
            break;
        out += '\n';
        start = nl + 1;
    }
    return out;
}

bool extractNotebookCode(std::string_view json, NotebookCode& out, std::string& error) {
    out = {};
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(json.begin(), json.end());
    } catch (const nlohmann::json::exception& e) {
        // nlohmann's text starts "[json.exception.parse_error.101] parse error at line 2, …":
        // the tag means nothing to a reader, the place and the reason do.
        std::string what = e.what();
        if (const auto tag = what.find("] "); what.rfind("[json.", 0) == 0 && tag != what.npos)
            what.erase(0, tag + 2);
        if (what.rfind("parse error", 0) == 0)
            what.replace(0, std::string_view("parse error").size(), "invalid JSON");
        error = what;
        return false;
    }
    if (!doc.is_object() || !doc.contains("cells") || !doc["cells"].is_array()) {
        error = "no \"cells\" array (nbformat 4 expected)";
        return false;
    }
    const std::map<std::size_t, std::vector<int>> lines = sourceStringLines(json);
    const nlohmann::json& cells = doc["cells"];
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const nlohmann::json& cell = cells[i];
        if (!cell.is_object() || cell.value("cell_type", std::string()) != "code")
            continue;
        if (!cell.contains("source"))
            continue;
        std::vector<std::string> pieces;
        const nlohmann::json& source = cell["source"];
        if (source.is_string()) {
            pieces.push_back(source.get<std::string>());
        } else if (source.is_array()) {
            for (const nlohmann::json& s : source) {
                if (!s.is_string()) {
                    error = "cell " + std::to_string(i + 1) + ": source is not text";
                    return false;
                }
                pieces.push_back(s.get<std::string>());
            }
        } else {
            error = "cell " + std::to_string(i + 1) + ": source is not text";
            return false;
        }
        const auto found = lines.find(i);
        if (pieces.empty())
            continue;
        if (found == lines.end() || found->second.size() != pieces.size()) {
            error = "cell " + std::to_string(i + 1) + ": could not place its source lines";
            return false;
        }
        // Each extracted line takes the .ipynb line of the string its first byte came from.
        bool atLineStart = out.text.empty() || out.text.back() == '\n';
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            for (char c : pieces[k]) {
                if (atLineStart)
                    out.json_line.push_back(found->second[k]);
                out.text += c;
                atLineStart = c == '\n';
            }
        }
        if (!out.text.empty() && out.text.back() != '\n') {
            out.text += '\n'; // a cell ends its last line
        }
    }
    return true;
}

} // namespace crossgrade::data
