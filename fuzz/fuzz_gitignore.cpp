// libFuzzer target for .gitignore matching (data/scan/gitignore.h). The input up to the first NUL
// byte is a .gitignore's text; what follows is paths, one a line, each asked about as a folder
// and as a file, and the ancestors of the last one on the way down (as the walker asks them).
// Beyond "does not crash", it checks that matching stays cheap (issue 20: "**" and '*' used to
// backtrack exponentially; libFuzzer's -timeout catches a slow input) and that a file of only
// negations ignores nothing.

#include "gitignore.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace crossgrade::data;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto nul = input.find('\0');
    const std::string_view text = input.substr(0, nul);
    const std::string_view paths =
        nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1);

    IgnoreRules rules;
    rules.add(parseGitignore(text, ""));
    bool onlyNegations = true;
    for (const IgnorePattern& p : parseGitignore(text, ""))
        onlyNegations = onlyNegations && p.negated;

    std::string last;
    for (std::size_t start = 0; start <= paths.size();) {
        const auto nl = paths.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? paths.size() : nl;
        const std::string_view path = paths.substr(start, end - start);
        for (bool folder : {false, true})
            if (rules.ignored(path, folder) && onlyNegations)
                std::abort();
        last = std::string(path);
        if (nl == std::string_view::npos)
            break;
        start = nl + 1;
    }
    for (std::size_t slash = last.find('/'); slash != std::string::npos;
         slash = last.find('/', slash + 1))
        (void)rules.ignored(std::string_view(last).substr(0, slash), true);
    return 0;
}
