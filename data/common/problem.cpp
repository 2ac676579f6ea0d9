#include "problem.h"

#include "printable_text.h"

namespace crossgrade::data {

std::string formatProblems(const std::string& file, const std::vector<Problem>& problems) {
    std::string out;
    for (const Problem& p : problems) {
        // One problem per line: a line break or ESC in a file name or a quoted value is shown,
        // not obeyed (printable_text.h).
        out += printable(file);
        out += ':';
        // A pointer starts with '/', the whole document is "" and reads better as "/".
        out += printable(p.place.empty() ? std::string("/") : p.place);
        out += ": ";
        out += printable(p.message);
        out += '\n';
    }
    return out;
}

} // namespace crossgrade::data
