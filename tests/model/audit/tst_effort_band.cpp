#include "effort_band.h"

#include <QObject>
#include <QString>
#include <QTest>

using namespace crossgrade::model;

class TestEffortBand : public QObject {
    Q_OBJECT

private slots:
    void bands_data() {
        QTest::addColumn<int>("highCount");
        QTest::addColumn<double>("minMonths");
        QTest::addColumn<double>("maxMonths");
        QTest::addColumn<QString>("label");
        // "0–1 High-risk dimensions — migration feasible in weeks to months."
        QTest::newRow("0 High") << 0 << 0.5 << 3.0 << "weeks to months";
        QTest::newRow("1 High") << 1 << 0.5 << 3.0 << "weeks to months";
        // "Two High-risk dimensions — 3–6 month engineering project."
        QTest::newRow("2 High") << 2 << 3.0 << 6.0 << "3–6 month engineering project";
        // "Three or more — full 6–12 month dedicated effort"
        QTest::newRow("3 High") << 3 << 6.0 << 12.0 << "6–12 months of dedicated effort";
        QTest::newRow("6 High") << 6 << 6.0 << 12.0 << "6–12 months of dedicated effort";
    }
    void bands() {
        QFETCH(int, highCount);
        QFETCH(double, minMonths);
        QFETCH(double, maxMonths);
        QFETCH(QString, label);
        const EffortBand band = effortBand(highCount);
        QCOMPARE(inMonths(band.shortest), minMonths);
        QCOMPARE(inMonths(band.longest), maxMonths);
        QCOMPARE(QString::fromUtf8(band.label.data(), qsizetype(band.label.size())), label);
        QVERIFY(band.source.find("Scoring:") == 0);
    }
    void bandsNeverShrinkAsHighCountGrows() {
        for (int n = 1; n <= 6; ++n) {
            QVERIFY(effortBand(n).shortest >= effortBand(n - 1).shortest);
            QVERIFY(effortBand(n).longest >= effortBand(n - 1).longest);
        }
    }
};

QTEST_GUILESS_MAIN(TestEffortBand)
#include "tst_effort_band.moc"
