#pragma once

// What each byte of a file the scanner reads is: code, comment or docstring, by the comment
// syntax its path and scopes imply (C-style, Python, '#', prose), with the CMake bracket and
// .gitmodules ';' comments the '#' rule misses. The matcher (scan_matcher.cpp) weighs each hit
// by its byte's mark. Internal to model/ (the scanner).

#include "scan_rules.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model::scan_text {

// String: a C/C++ string or character literal (not an #include's header name). Python strings
// stay Code: there a string is often the use itself (device="cuda", backend="nccl", a build
// flag), and CUDA source for load_inline is a string too.
enum class Mark : unsigned char { Code, Comment, Docstring, String };

// A mark per byte of a file, 2 bits each: a quarter of the file's size, not another copy of it.
class Marks {
public:
    explicit Marks(std::size_t n)
        : m_size(n)
        , m_bits((n + 3) / 4, 0) {}
    std::size_t size() const { return m_size; }
    Mark operator[](std::size_t i) const {
        return static_cast<Mark>((m_bits[i / 4] >> (2 * (i % 4))) & 3u);
    }
    void set(std::size_t i, Mark m) {
        unsigned char& b = m_bits[i / 4];
        const unsigned shift = 2 * (i % 4);
        b = static_cast<unsigned char>((b & ~(3u << shift)) | (static_cast<unsigned>(m) << shift));
    }
    void fill(std::size_t from, std::size_t to, Mark m) {
        to = std::min(to, m_size);
        for (; from < to && from % 4 != 0; ++from)
            set(from, m);
        const auto whole = static_cast<unsigned char>(static_cast<unsigned>(m) * 0x55u);
        for (; from + 4 <= to; from += 4)
            m_bits[from / 4] = whole;
        for (; from < to; ++from)
            set(from, m);
    }

private:
    std::size_t m_size;
    std::vector<unsigned char> m_bits;
};
enum class CommentSyntax { None, CStyle, Python, Hash, Prose };

// The extension of a path's file name with its dot (".cpp"), or empty.
std::string_view extensionOf(std::string_view path);
// The comment syntax of a file by its scopes, else by its extension.
CommentSyntax syntaxOf(std::string_view path, ScanScopes scopes);
// Blank within a line (not '\n').
bool isSpace(char c);
bool isIdentChar(char c);

// Marks every byte of `text` as code, comment or docstring.
Marks classify(std::string_view text, CommentSyntax syntax);
// Comments the '#' rule of classify() misses, marked on top of its result: a CMake bracket
// comment (#[[ ... ]] or #[==[ ... ]==], which may span lines; CMakeLists.txt, *.cmake) and a
// git config ';' comment in .gitmodules (at a line start or after a blank, outside quotes).
void markConfigComments(std::string_view path, std::string_view text, Marks& mark);

} // namespace crossgrade::model::scan_text
