// MoneyTicker (money_ticker.h): money tick labels in one unit per axis.

#include "money_ticker.h"

#include "evaluation.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::reports {

QString MoneyTicker::label(double usd) {
    return QString::fromStdString(model::formatUsd(usd));
}

QString MoneyTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return label(tick);
}

QVector<QString> MoneyTicker::createLabelVector(const QVector<double>& ticks, const QLocale&, QChar,
                                                int) {
    QVector<QString> labels;
    labels.reserve(ticks.size());
    double largest = 0;
    double step = 0;
    for (int i = 0; i < ticks.size(); ++i) {
        largest = std::max(largest, std::abs(ticks[i]));
        if (i > 0) {
            const double gap = std::abs(ticks[i] - ticks[i - 1]);
            step = step == 0 ? gap : std::min(step, gap);
        }
    }
    // One unit for the whole axis, picked by its largest tick, so "$500k" never stands next
    // to "$1.0M".
    double unit = 1;
    const char* suffix = "";
    if (largest >= 1e9) {
        unit = 1e9;
        suffix = "B";
    } else if (largest >= 1e6) {
        unit = 1e6;
        suffix = "M";
    } else if (largest >= 1e3) {
        unit = 1e3;
        suffix = "k";
    }
    // The fewest decimals that write every tick exactly (ticks are multiples of a clean step).
    int decimals = 0;
    for (; decimals < 3; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        const bool exact = std::all_of(ticks.begin(), ticks.end(), [&](double t) {
            const double v = t / unit * scale;
            return std::abs(v - std::round(v)) < 1e-6 * std::max(1.0, std::abs(v));
        });
        if (exact)
            break;
    }
    const double zero = step > 0 ? step * 1e-9 : 1e-9;
    for (double t : ticks) {
        if (std::abs(t) < zero) {
            labels << QStringLiteral("$0");
            continue;
        }
        const QString number = QString::number(std::abs(t) / unit, 'f', decimals);
        labels << (t < 0 ? QStringLiteral("-$") : QStringLiteral("$")) + number +
                      QLatin1String(suffix);
    }
    return labels;
}

void useMoneyAxis(QCPAxis* axis, const QString& label) {
    if (!axis->ticker().dynamicCast<MoneyTicker>())
        axis->setTicker(QSharedPointer<MoneyTicker>::create());
    axis->setLabel(label);
}

} // namespace crossgrade::reports
