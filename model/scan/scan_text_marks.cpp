// Code, comment or docstring per byte of a scanned file (scan_text_marks.h).

#include "scan_text_marks.h"

#include "ascii_text.h"

#include <cctype>

namespace crossgrade::model::scan_text {

std::string_view extensionOf(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos ? std::string_view{} : name.substr(dot);
}

CommentSyntax syntaxOf(std::string_view path, ScanScopes scopes) {
    if (has(scopes, ScanScope::Cxx))
        return CommentSyntax::CStyle;
    if (has(scopes, ScanScope::Py))
        return CommentSyntax::Python;
    if (has(scopes, ScanScope::Build) || has(scopes, ScanScope::Docker) ||
        has(scopes, ScanScope::Ci) || has(scopes, ScanScope::Manifest) ||
        has(scopes, ScanScope::Gitmodules))
        return CommentSyntax::Hash;
    const std::string ext = asciiLower(extensionOf(path));
    for (std::string_view e :
         {".yml", ".yaml", ".toml", ".cfg", ".ini", ".conf", ".pbtxt", ".env", ".bash", ".zsh"})
        if (ext == e)
            return CommentSyntax::Hash;
    for (std::string_view e : {".md", ".markdown", ".rst", ".txt", ".adoc"})
        if (ext == e)
            return CommentSyntax::Prose;
    return CommentSyntax::None;
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
bool isIdentChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

Marks classify(std::string_view text, CommentSyntax syntax) {
    Marks mark(text.size()); // all Code
    const std::size_t n = text.size();
    auto fill = [&](std::size_t from, std::size_t to, Mark m) {
        mark.fill(from, to, m);
    };
    auto lineEnd = [&](std::size_t from) {
        const auto nl = text.find('\n', from);
        return nl == std::string_view::npos ? n : nl;
    };
    // Skips a one-line quoted string opened at `i`; returns the index after it.
    auto skipString = [&](std::size_t i) {
        const char q = text[i];
        std::size_t j = i + 1;
        while (j < n && text[j] != q && text[j] != '\n')
            j += (text[j] == '\\' && j + 1 < n) ? 2 : 1;
        return std::min(j + 1, n);
    };

    // The '"' at `i` is on a line that starts with #include (or #import).
    auto includeLine = [&](std::size_t i) {
        std::size_t k = text.rfind('\n', i == 0 ? 0 : i - 1);
        k = k == std::string_view::npos || i == 0 ? 0 : k + 1;
        while (k < i && isSpace(text[k]))
            ++k;
        if (k >= i || text[k] != '#')
            return false;
        ++k;
        while (k < i && isSpace(text[k]))
            ++k;
        return text.substr(k, 7) == "include" || text.substr(k, 6) == "import";
    };
    // A C++ raw string R"delim( ... )delim" (also u8R, uR, UR, LR) whose '"' is at `i`.
    auto rawStringAt = [&](std::size_t i) {
        if (i == 0 || text[i - 1] != 'R')
            return false;
        if (i >= 2 && isIdentChar(text[i - 2])) {
            const std::string_view prefix = text.substr(0, i - 1);
            const bool known = prefix.ends_with("u8") || prefix.ends_with("u") ||
                               prefix.ends_with("U") || prefix.ends_with("L");
            const std::size_t start = prefix.ends_with("u8") ? i - 3 : i - 2;
            if (!known || (start > 0 && isIdentChar(text[start - 1])))
                return false;
        }
        const auto open = text.find('(', i + 1);
        return open != std::string_view::npos && open - i - 1 <= 16 &&
               text.substr(i + 1, open - i - 1).find_first_of(" \\\n\t)") == std::string_view::npos;
    };
    auto rawStringEnd = [&](std::size_t i) {
        const auto open = text.find('(', i + 1);
        const std::string close = ")" + std::string(text.substr(i + 1, open - i - 1)) + "\"";
        const auto at = text.find(close, open + 1);
        return at == std::string_view::npos ? n : at + close.size();
    };

    switch (syntax) {
    case CommentSyntax::None:
        break;
    case CommentSyntax::Prose:
        fill(0, n, Mark::Comment);
        break;
    case CommentSyntax::CStyle:
        for (std::size_t i = 0; i < n;) {
            const char c = text[i];
            if (c == '/' && i + 1 < n && text[i + 1] == '/') {
                const std::size_t e = lineEnd(i);
                fill(i, e, Mark::Comment);
                i = e;
            } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
                const auto close = text.find("*/", i + 2);
                const std::size_t e = close == std::string_view::npos ? n : close + 2;
                fill(i, e, Mark::Comment);
                i = e;
            } else if (c == '"' && includeLine(i)) {
                i = skipString(i); // #include "cuda_runtime.h": a header name, not a string
            } else if (c == '"' && rawStringAt(i)) {
                const std::size_t e = rawStringEnd(i);
                fill(i - 1, e, Mark::String);
                i = e;
            } else if (c == '"' || (c == '\'' && (i == 0 || !isIdentChar(text[i - 1])))) {
                const std::size_t e = skipString(i); // 1'000's separator is no literal
                fill(i, e, Mark::String);
                i = e;
            } else {
                ++i;
            }
        }
        break;
    case CommentSyntax::Python: {
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < n;) {
            const char c = text[i];
            if (c == '\n') {
                lineStart = ++i;
            } else if (c == '#') {
                const std::size_t e = lineEnd(i);
                fill(i, e, Mark::Comment);
                i = e;
            } else if ((c == '"' || c == '\'') && text.substr(i, 3) == std::string(3, c)) {
                // A triple-quoted string standing alone as a statement is a docstring; one that
                // is assigned or passed (e.g. CUDA source for load_inline) is code.
                bool alone = true;
                for (std::size_t k = lineStart; k < i; ++k) {
                    const char p =
                        static_cast<char>(std::tolower(static_cast<unsigned char>(text[k])));
                    if (!isSpace(p) && p != 'r' && p != 'u' && p != 'b' && p != 'f')
                        alone = false;
                }
                const auto close = text.find(text.substr(i, 3), i + 3);
                const std::size_t e = close == std::string_view::npos ? n : close + 3;
                if (alone)
                    fill(i, e, Mark::Docstring);
                for (std::size_t k = i; k < e; ++k)
                    if (text[k] == '\n')
                        lineStart = k + 1;
                i = e;
            } else if (c == '"' || c == '\'') {
                i = skipString(i);
            } else {
                ++i;
            }
        }
        break;
    }
    case CommentSyntax::Hash:
        for (std::size_t i = 0; i < n;) {
            const char c = text[i];
            // Batch-scheduler directives and the shebang look like comments but are read.
            const bool directive = (i == 0 || text[i - 1] == '\n') &&
                                   (text.substr(i, 7) == "#SBATCH" || text.substr(i, 4) == "#PBS" ||
                                    text.substr(i, 2) == "#!");
            if (c == '#' && !directive && (i == 0 || isSpace(text[i - 1]) || text[i - 1] == '\n')) {
                const std::size_t e = lineEnd(i);
                fill(i, e, Mark::Comment);
                i = e;
            } else if (c == '"' || c == '\'') {
                i = skipString(i);
            } else {
                ++i;
            }
        }
        break;
    }
    return mark;
}

void markConfigComments(std::string_view path, std::string_view text, Marks& mark) {
    const auto slash = path.find_last_of("/\\");
    const std::string name =
        asciiLower(slash == std::string_view::npos ? path : path.substr(slash + 1));
    const std::size_t n = text.size();
    if (name == ".gitmodules") {
        bool quoted = false;
        for (std::size_t i = 0; i < n; ++i) {
            const char c = text[i];
            if (c == '\n') {
                quoted = false;
            } else if (mark[i] != Mark::Code) {
                continue;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ';' && !quoted &&
                       (i == 0 || isSpace(text[i - 1]) || text[i - 1] == '\n')) {
                const auto nl = text.find('\n', i);
                const std::size_t e = nl == std::string_view::npos ? n : nl;
                mark.fill(i, e, Mark::Comment);
                i = e - 1;
            }
        }
        return;
    }
    if (name != "cmakelists.txt" && extensionOf(name) != ".cmake")
        return;
    for (std::size_t at = text.find("#["); at != std::string_view::npos;
         at = text.find("#[", at + 1)) {
        // Only a '#' that opens a comment (not one inside a string or a line comment).
        if (mark[at] != Mark::Comment || (at > 0 && mark[at - 1] == Mark::Comment))
            continue;
        std::size_t j = at + 2;
        while (j < n && text[j] == '=')
            ++j;
        if (j >= n || text[j] != '[')
            continue;
        const std::string close = "]" + std::string(j - at - 2, '=') + "]";
        const auto found = text.find(close, j + 1);
        const std::size_t end = found == std::string_view::npos ? n : found + close.size();
        mark.fill(at, end, Mark::Comment);
        // Code may follow the close on its line (classify() took all of the first line).
        for (std::size_t k = end;
             k < n && text[k] != '\n' && !(text[k] == '#' && isSpace(text[k - 1])); ++k)
            mark.set(k, Mark::Code);
        at = end - 1;
    }
}

} // namespace crossgrade::model::scan_text
