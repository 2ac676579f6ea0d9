// What both files of tst_benchmark_inferencex share: a record's expected flags.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::testing {

inline std::vector<std::string> flags(std::initializer_list<std::string_view> names) {
    return {names.begin(), names.end()};
}

} // namespace crossgrade::testing
