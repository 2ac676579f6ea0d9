#include "input_text.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::reports {

const QLocale& displayLocale() {
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

QString shortDecimal(double value, int fewest, int most) {
    int decimals = fewest;
    const double scale = std::max(1.0, std::fabs(value));
    while (decimals < most) {
        const double factor = std::pow(10.0, decimals);
        if (std::fabs(std::round(value * factor) / factor - value) <= 1e-9 * scale)
            break;
        ++decimals;
    }
    return displayLocale().toString(value, 'f', decimals);
}

QString inputValueText(double value, model::InputUnit unit) {
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    const QString symbol = QString::fromUtf8(model::unitSymbol(unit).data());
    if (model::isFraction(unit))
        return shortDecimal(value * 100, 0, std::fabs(value) < 0.01 ? 4 : 2) +
               QStringLiteral(" %") + symbol;
    if (model::isMoney(unit)) {
        const double magnitude = std::fabs(value);
        // Whole dollars where cents do not matter; cents (or finer) for rates and tariffs.
        const QString amount = magnitude >= 1000  ? displayLocale().toString(magnitude, 'f', 0)
                               : magnitude >= 100 ? shortDecimal(magnitude, 0, 2)
                                                  : shortDecimal(magnitude, 2, 4);
        return (value < 0 ? QStringLiteral("−$") : QStringLiteral("$")) + amount + symbol;
    }
    return shortDecimal(value, 0, 4) + symbol;
}

} // namespace crossgrade::reports
