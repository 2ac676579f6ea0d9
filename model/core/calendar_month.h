#pragma once

// Calendar months: a scenario's start month (month 0) and the labels of the months after it,
// so that every table, chart and export names "Mar 2028" rather than "month 15".

#include <optional>
#include <string>
#include <string_view>

namespace crossgrade::model {

struct YearMonth {
    int year = 2026;
    int month = 1; // 1–12
    bool operator==(const YearMonth&) const = default;
};

// "2026-12" → {2026, 12}; nullopt unless exactly YYYY-MM with a year 2000–2099 and a month 1–12.
std::optional<YearMonth> parseYearMonth(std::string_view text);
std::string formatYearMonth(const YearMonth& m); // "2026-12"

// The calendar month `offset` months after `start` (offset may be negative).
YearMonth addMonths(const YearMonth& start, int offset);

// "Dec 2026": the label of scenario month `offset`; without a start month, "month 14".
std::string monthLabel(const std::optional<YearMonth>& start, int offset);

} // namespace crossgrade::model
