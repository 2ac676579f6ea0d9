#pragma once

// Preparing a file's text for the scanner's matcher (model/scan/scan_matcher.h), which reads lines:
// Dockerfiles get their ARG defaults written into FROM lines, notebooks give their code cells.
// Line numbers always point into the file as it is on disk.

#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

// Whether the walker resolves ARGs in this file: Dockerfile*, *.dockerfile, Containerfile
// (not compose files, which have no FROM).
bool isDockerfile(std::string_view path);
bool isNotebook(std::string_view path);

// The Dockerfile with each FROM line's `$NAME`, `${NAME}` and `${NAME:-word}` replaced by the
// default of an `ARG NAME=default` declared before the first FROM (the only ARGs a FROM can
// read). Replacing happens inside the line, so every line keeps its number; a name without a
// default stays as written.
std::string resolveDockerfileArgs(std::string_view text);

// A notebook's code cells as one text, and for each of its lines (0-based index) the 1-based
// line of the .ipynb where that source string sits.
struct NotebookCode {
    std::string text;
    std::vector<int> json_line;
};

// Code cells only (markdown and raw cells are prose). On a notebook that is not valid JSON or
// not shaped like one, returns false with `error` saying what ("invalid JSON at line L, column C:
// ...", "no cells").
bool extractNotebookCode(std::string_view json, NotebookCode& out, std::string& error);

} // namespace crossgrade::data
