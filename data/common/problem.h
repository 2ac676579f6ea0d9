#pragma once

// A problem found in a user's file: where it is and what was expected there.

#include <string>
#include <vector>

namespace crossgrade::data {

struct Problem {
    // A JSON pointer ("/dimensions/libraries/tier", "" for the whole document) or, for a
    // syntax error, "line:column" (both 1-based).
    std::string place;
    std::string message; // what was wrong and what was expected

    bool operator==(const Problem&) const = default;
};

// "FILE:PLACE: message" per problem, one per line, the way compilers print them.
std::string formatProblems(const std::string& file, const std::vector<Problem>& problems);

} // namespace crossgrade::data
