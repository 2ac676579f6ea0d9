// The model's quantities (model/core/units.h): each is held in the unit its inputs are given
// in, so building and reading one is exact, and the products the engine charges are the ones
// it has always computed, bit for bit.

#include "units.h"

#include <QObject>
#include <QTest>

using namespace crossgrade::model;

class TestUnits : public QObject {
    Q_OBJECT

private slots:
    void quantitiesReadBackExactly() {
        for (const double v : {0.0, 0.7, 1.0 / 3.0, 192.0, 1e-9, 123456.789}) {
            QCOMPARE(inKilowatts(kilowatts(v)), v);
            QCOMPARE(inGigabytes(gigabytes(v)), v);
            QCOMPARE(inHours(hours(v)), v);
            QCOMPARE(inKilowattHours(kilowattHours(v)), v);
            QCOMPARE(Usd(v).value(), v);
        }
    }

    void aMonthIs730Hours() {
        QCOMPARE(inHours(months(1)), 730.0);
        QCOMPARE(inHours(months(12)), 8760.0);
        QCOMPARE(inMonths(hours(8760)), 12.0);
    }

    void kilowattsTimesHoursAreKilowattHours() {
        const Energy e = kilowatts(0.7) * hours(730);
        QCOMPARE(inKilowattHours(e), 0.7 * 730);
        QCOMPARE((e * UsdPerKwh{0.08}).value(), 0.7 * 730 * 0.08);
    }

    // The engine's order of multiplication: power × PUE × hours × price (a different order can
    // differ in the last bit, and the golden reports would move).
    void energyCostKeepsTheEnginesOrder() {
        const double kw = 1234.5678, pue = 1.31, price = 0.0831;
        QCOMPARE(energyCost(kilowatts(kw), pue, months(1), UsdPerKwh{price}).value(),
                 kw * pue * 730.0 * price);
        QCOMPARE(monthOf(kilowatts(kw * 3), UsdPerKwMonth{150}).value(), kw * 3 * 150);
        QCOMPARE(rentFor(17, months(1), UsdPerGpuHour{2.49}).value(), 17 * 730.0 * 2.49);
    }

    void dollarsAddScaleAndDivide() {
        Usd a(100);
        a += Usd(50);
        a -= Usd(25);
        QCOMPARE(a.value(), 125.0);
        QCOMPARE((a * 2).value(), 250.0);
        QCOMPARE((2 * a).value(), 250.0);
        QCOMPARE((a / 5).value(), 25.0);
        QCOMPARE(a / Usd(25), 5.0);
        QCOMPARE((-a).value(), -125.0);
        QVERIFY(Usd(1) < Usd(2) && Usd(2) == Usd(2));
    }
};

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"
