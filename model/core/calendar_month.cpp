#include "calendar_month.h"

#include <array>
#include <cstdio>

namespace crossgrade::model {

namespace {

bool digits(std::string_view s) {
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

int number(std::string_view s) {
    int n = 0;
    for (char c : s)
        n = n * 10 + (c - '0');
    return n;
}

} // namespace

std::optional<YearMonth> parseYearMonth(std::string_view text) {
    if (text.size() != 7 || text[4] != '-' || !digits(text.substr(0, 4)) ||
        !digits(text.substr(5, 2)))
        return std::nullopt;
    const YearMonth m{number(text.substr(0, 4)), number(text.substr(5, 2))};
    if (m.year < 2000 || m.year > 2099 || m.month < 1 || m.month > 12)
        return std::nullopt;
    return m;
}

std::string formatYearMonth(const YearMonth& m) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d", m.year, m.month);
    return buffer;
}

YearMonth addMonths(const YearMonth& start, int offset) {
    const int index = start.year * 12 + (start.month - 1) + offset;
    const int year = index >= 0 ? index / 12 : (index - 11) / 12;
    return {year, index - year * 12 + 1};
}

std::string monthLabel(const std::optional<YearMonth>& start, int offset) {
    if (!start)
        return "month " + std::to_string(offset);
    static constexpr std::array<const char*, 12> names{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    const YearMonth m = addMonths(*start, offset);
    return std::string(names[std::size_t(m.month - 1)]) + " " + std::to_string(m.year);
}

} // namespace crossgrade::model
