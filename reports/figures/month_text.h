#pragma once

// Scenario months as people read them, one wording for the app's tables, the charts and the
// PDF: "Apr 2027" when the scenario has a start month, "month 3" in files written before
// scenarios had one (docs/model.md, "Start month").

#include "calendar_month.h"

#include <QString>
#include <optional>

namespace crossgrade::reports {

// "Apr 2027", or "month 3" without a start month.
QString monthText(const std::optional<model::YearMonth>& start, int month);

// The same, short enough for a chart marker: "Apr 2027", or "m3".
QString monthMarkerText(const std::optional<model::YearMonth>& start, int month);

// A month axis tick: "Apr\n2027", or "3".
QString monthTickText(const std::optional<model::YearMonth>& start, int month);

// A break-even month for a table cell: on discounted cost (the NPV basis), then the cash month
// in brackets where it differs — "Apr 2027 (cash Mar 2027)"; `none` when there is none.
QString breakEvenCellText(const std::optional<model::YearMonth>& start,
                          std::optional<int> discounted, std::optional<int> cash,
                          const QString& none);

} // namespace crossgrade::reports
