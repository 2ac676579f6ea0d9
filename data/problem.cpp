#include "problem.h"

namespace crossgrade::data {

std::string formatProblems(const std::string& file, const std::vector<Problem>& problems) {
    std::string out;
    for (const Problem& p : problems) {
        out += file;
        out += ':';
        // A pointer starts with '/', the whole document is "" and reads better as "/".
        out += p.place.empty() ? std::string("/") : p.place;
        out += ": ";
        out += p.message;
        out += '\n';
    }
    return out;
}

} // namespace crossgrade::data
