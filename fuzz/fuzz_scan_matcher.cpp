// libFuzzer target for the scanner's per-file matcher (model/scan/scan_matcher). The first byte
// says how many of the next bytes (at most 63) are the file's path, so every scope and comment
// syntax gets exercised; the rest is the file's text. Beyond "does not crash", it checks the
// matcher's promises: every finding names a rule, sits on a line of the text (path rules on
// line 1, without a column), has a column inside its line, a snippet of bounded length, and a
// match that is a piece of that line.

#include "scan_matcher.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::vector<std::string_view> linesOf(std::string_view text) {
    std::vector<std::string_view> lines;
    for (std::size_t start = 0;;) {
        const auto nl = text.find('\n', start);
        lines.push_back(text.substr(start, nl == std::string_view::npos ? nl : nl - start));
        if (nl == std::string_view::npos)
            return lines;
        start = nl + 1;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace crossgrade::model;
    if (size == 0)
        return 0;
    const std::size_t pathLength = std::min<std::size_t>(data[0] & 0x3F, size - 1);
    const std::string_view path(reinterpret_cast<const char*>(data) + 1, pathLength);
    const std::string_view text(reinterpret_cast<const char*>(data) + 1 + pathLength,
                                size - 1 - pathLength);
    const std::vector<std::string_view> lines = linesOf(text);

    for (const ScanFinding& f : defaultScanMatcher().matchFile(path, text)) {
        if (!f.rule || f.line < 1 || static_cast<std::size_t>(f.line) > lines.size())
            std::abort();
        if (f.snippet.size() > 200 + 2 * std::string_view("…").size())
            std::abort();
        if (has(f.rule->scopes, ScanScope::Path) && !f.col) {
            if (f.line != 1)
                std::abort();
            continue;
        }
        const std::string_view line = lines[static_cast<std::size_t>(f.line - 1)];
        if (!f.col || *f.col < 1 || static_cast<std::size_t>(*f.col) > line.size() + 1)
            std::abort();
        if (line.substr(static_cast<std::size_t>(*f.col - 1), f.match.size()) != f.match)
            std::abort();
    }
    return 0;
}
