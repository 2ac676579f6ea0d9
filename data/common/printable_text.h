#pragma once

// Text from a file, a scan or a user, made safe to print on a terminal (issue 20): a name
// holding ESC [2J would clear the screen, a CR or LF would print fake rows. Control characters
// are shown visibly instead, as escapes: \n, \r, \t, and \xHH for the other C0 bytes and DEL,
// \u0080 to \u009f for the C1 controls. Everything else, UTF-8 included, is kept as it is.
// JSON output needs none of this (the JSON writer escapes control characters itself); CSV
// output keeps its bytes (a quoted field may hold any character).

#include <string>
#include <string_view>

namespace crossgrade::data {

// One field (a name, a file name, a table cell): every control character escaped.
std::string printable(std::string_view text);

// A block of text made of lines (a text report, an error message listing several problems):
// the line breaks stay, every other control character is escaped. Where a field inside it may
// hold a line break of its own, escape the field with printable() when the block is made.
std::string printableLines(std::string_view text);

} // namespace crossgrade::data
