// Calendar months (model/core/calendar_month.h): a scenario's start_month and month labels.

#include "calendar_month.h"

#include <QObject>
#include <QTest>

using namespace crossgrade::model;

class TestCalendarMonth : public QObject {
    Q_OBJECT

private slots:
    void parsesOnlyYyyyMm() {
        QVERIFY((parseYearMonth("2027-01") == YearMonth{2027, 1}));
        QVERIFY((parseYearMonth("2099-12") == YearMonth{2099, 12}));
        for (const char* bad : {"2027-1", "2027-13", "2027-00", "1999-12", "2100-01", "Jan 2027",
                                "2027/01", "2027-01-01", "", "２０２７-01"})
            QVERIFY2(!parseYearMonth(bad), bad);
        QCOMPARE(formatYearMonth({2027, 3}), std::string("2027-03"));
    }
    void addsMonthsAcrossYears() {
        QVERIFY((addMonths({2027, 1}, 0) == YearMonth{2027, 1}));
        QVERIFY((addMonths({2027, 1}, 11) == YearMonth{2027, 12}));
        QVERIFY((addMonths({2027, 1}, 12) == YearMonth{2028, 1}));
        QVERIFY((addMonths({2027, 11}, 59) == YearMonth{2032, 10}));
        QVERIFY((addMonths({2027, 1}, -1) == YearMonth{2026, 12}));
        QVERIFY((addMonths({2027, 1}, -13) == YearMonth{2025, 12}));
    }
    void labelsWithOrWithoutAStart() {
        QCOMPARE(monthLabel(YearMonth{2027, 1}, 18), std::string("Jul 2028"));
        QCOMPARE(monthLabel(std::nullopt, 18), std::string("month 18"));
    }
};

QTEST_GUILESS_MAIN(TestCalendarMonth)
#include "tst_calendar_month.moc"
