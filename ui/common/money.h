#pragma once

// Money as the tables show it, in the display the user chose in Preferences.

#include "settings.h"

#include <QString>

namespace crossgrade::ui {

// Compact: "$1.2M", "-$40k" (model::formatUsd); Full: "$1,234,567".
QString formatMoney(double usd, MoneyDisplay display);
// A signed difference: "+$1.2M", "−$40k" (Full: "+$1,234,567").
QString formatMoneyDelta(double usd, MoneyDisplay display);

} // namespace crossgrade::ui
