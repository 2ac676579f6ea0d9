#include "month_text.h"

#include <QObject>

namespace crossgrade::reports {

QString monthText(const std::optional<model::YearMonth>& start, int month) {
    if (!start)
        return QObject::tr("month %1").arg(month);
    return QString::fromStdString(model::monthLabel(start, month));
}

QString monthMarkerText(const std::optional<model::YearMonth>& start, int month) {
    if (!start)
        return QObject::tr("m%1").arg(month);
    return monthText(start, month);
}

QString monthTickText(const std::optional<model::YearMonth>& start, int month) {
    if (!start)
        return QString::number(month);
    return monthText(start, month).replace(QLatin1Char(' '), QLatin1Char('\n'));
}

QString breakEvenCellText(const std::optional<model::YearMonth>& start,
                          std::optional<int> discounted, std::optional<int> cash,
                          const QString& none) {
    if (!discounted)
        return none;
    QString text = monthText(start, *discounted);
    if (cash != discounted)
        text += QObject::tr(" (cash %1)").arg(cash ? monthText(start, *cash) : none);
    return text;
}

} // namespace crossgrade::reports
