#pragma once

// A calendar-month field ("Jan 2027") whose arrows and Up/Down keys step by month across years:
// Dec 2026 steps up to Jan 2027, where QDateEdit's month section would stop at December. The
// scenario editor's start month and the New scenario dialog use it.

#include <QDateEdit>

namespace crossgrade::ui {

class MonthEdit : public QDateEdit {
    Q_OBJECT

public:
    explicit MonthEdit(QWidget* parent = nullptr);

    void stepBy(int steps) override;

protected:
    StepEnabled stepEnabled() const override;
};

} // namespace crossgrade::ui
