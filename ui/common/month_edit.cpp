#include "month_edit.h"

#include <algorithm>

namespace crossgrade::ui {

MonthEdit::MonthEdit(QWidget* parent)
    : QDateEdit(parent) {
    setDisplayFormat(QStringLiteral("MMM yyyy"));
    setCurrentSection(QDateTimeEdit::MonthSection);
}

// The month section carries into the year; the year section steps whole years.
void MonthEdit::stepBy(int steps) {
    const int months = currentSection() == QDateTimeEdit::YearSection ? 12 * steps : steps;
    const QDate next = date().addMonths(months);
    setDate(std::clamp(next, minimumDate(), maximumDate()));
}

QAbstractSpinBox::StepEnabled MonthEdit::stepEnabled() const {
    StepEnabled enabled = StepNone;
    if (date() > minimumDate())
        enabled |= StepDownEnabled;
    if (date() < maximumDate())
        enabled |= StepUpEnabled;
    return enabled;
}

} // namespace crossgrade::ui
