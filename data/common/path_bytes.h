#pragma once

// File names are the operating system's bytes, which on Linux need not be UTF-8 (a name made
// on a Latin-1 system, or by a tool that writes any bytes). The scanner keeps them as bytes
// (std::string) and turns them into text only where text is required, losslessly (issue 20,
// class 6; docs/formats/audit.md, "Paths that are not UTF-8"):
// - JSON and text: a path that is well-formed UTF-8 is written as it is; any other is written
//   percent-escaped: each byte that is not part of a well-formed UTF-8 sequence as %XX
//   (upper-case hex) and '%' itself as %25, every other character as it is. The JSON says so
//   with a sibling field ("path_encoding": "percent") so a reader can turn it back into bytes.
// - Text for a terminal (printablePath) escapes control characters the same way, so a name
//   cannot move the cursor or fake a line.
// - Command-line arguments: Qt decodes argv as UTF-8 and replaces what is not with U+FFFD,
//   which loses the name. pathFromBytes() keeps each such byte as a lone surrogate
//   U+DC80..U+DCFF instead (as Python's "surrogateescape", PEP 383), and pathBytes() gives the
//   original bytes back. A lone surrogate cannot come from well-formed UTF-8, so the two are
//   exact inverses.

#include <QString>
#include <optional>
#include <string>
#include <string_view>

namespace crossgrade::data {

// Well-formed UTF-8: no overlong forms, surrogates or code points past U+10FFFF.
bool isWellFormedUtf8(std::string_view bytes);

// The percent-escaped form described above (always valid UTF-8); only meaningful when
// `bytes` is not well-formed UTF-8, which is when the JSON writers use it.
std::string percentEscapedPath(std::string_view bytes);
// The bytes a percent-escaped path stands for; nullopt when a '%' is not followed by two hex
// digits.
std::optional<std::string> percentUnescapedPath(std::string_view text);

// For text output: `bytes` as it is when it is well-formed UTF-8 without control characters,
// else the percent-escaped form, with control characters escaped too.
std::string printablePath(std::string_view bytes);

// An argument's bytes as a QString that pathBytes() turns back into the same bytes.
QString pathFromBytes(std::string_view bytes);
// The bytes of a path made by pathFromBytes() (or any QString: UTF-8 for the rest).
std::string pathBytes(const QString& path);
// True when `path` carries bytes that are not UTF-8 (so Qt's own file classes, which encode
// names as UTF-8, would open another file).
bool hasRawBytes(const QString& path);

} // namespace crossgrade::data
