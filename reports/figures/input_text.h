#pragma once

// A scenario input's value as people read it, one wording for the editor's table and the
// report's assumption register: "25 %", "$25,000", "$2.10/GPU-h", "36 mo", "1.3×".

#include "scenario_inputs.h"

#include <QLocale>
#include <QString>

namespace crossgrade::reports {

// One fixed locale for display, so "$25,000" reads the same on every machine and in tests.
const QLocale& displayLocale();

// The fewest decimals (from `fewest` up to `most`) that show `value` without visible rounding.
QString shortDecimal(double value, int fewest, int most);

// The value in its unit: fractions as per cent, money with "$" and thousands separators
// (cents where they matter), then the unit's symbol; "−" for negative amounts.
QString inputValueText(double value, model::InputUnit unit);

} // namespace crossgrade::reports
