#pragma once

// Money on an axis: MoneyTicker writes tick labels in one unit per axis, and useMoneyAxis puts
// it on an axis of a figure; the Costs and Compare views label their read-outs with it too.

#include "chart.h"

#include <QString>
#include <QVector>

namespace crossgrade::reports {

// Money tick labels in one unit per axis ("$0", "$20M", "$40M"; "-$40k", "$0", "$250k"), with
// as many decimals as the tick step needs so that neighbouring labels never read the same.
class MoneyTicker : public QCPAxisTicker {
public:
    // One amount on its own, as model::formatUsd writes it: "$1.2M", "$350k", "-$40k".
    static QString label(double usd);

    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

protected:
    QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale,
                                       QChar formatChar, int precision) override;
};

// Money ticks (kept when the axis has them already) and `label` on `axis`.
void useMoneyAxis(QCPAxis* axis, const QString& label);

} // namespace crossgrade::reports
