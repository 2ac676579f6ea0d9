#include "money.h"

#include "evaluation.h"

#include <QLocale>
#include <cmath>

namespace crossgrade::ui {

QString formatMoney(double usd, MoneyDisplay display) {
    if (display == MoneyDisplay::Compact)
        return QString::fromStdString(model::formatUsd(usd));
    const QString digits = QLocale(QLocale::English).toString(std::llround(std::abs(usd)));
    return (usd < 0 ? QStringLiteral("-$") : QStringLiteral("$")) + digits;
}

QString formatMoneyDelta(double usd, MoneyDisplay display) {
    const QString magnitude = formatMoney(std::abs(usd), display);
    return (usd < 0 ? QStringLiteral("−") : QStringLiteral("+")) + magnitude;
}

} // namespace crossgrade::ui
