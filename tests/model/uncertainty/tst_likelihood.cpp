// Calibrated probability words (model/uncertainty/likelihood.h, decision-practice.md §9): the band
// edges, the printed number's ends ("< 1 %", "> 99 %"), and the word always agreeing with the
// number.

#include "likelihood.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <cmath>

using namespace crossgrade::model;

class TestLikelihood : public QObject {
    Q_OBJECT

private slots:
    void phraseAtTheEdges_data();
    void phraseAtTheEdges();
    void wordFollowsThePrintedNumber();
};

void TestLikelihood::phraseAtTheEdges_data() {
    QTest::addColumn<double>("p");
    QTest::addColumn<QString>("phrase");
    QTest::newRow("0.0: never 0 %") << 0.0 << "very unlikely (< 1 %)";
    QTest::newRow("0.005 rounds to 1 % but is below it") << 0.005 << "very unlikely (< 1 %)";
    QTest::newRow("0.01: the first whole percentage") << 0.01 << "very unlikely (1 %)";
    QTest::newRow("0.10: very unlikely's upper edge") << 0.10 << "very unlikely (10 %)";
    QTest::newRow("0.11: unlikely") << 0.11 << "unlikely (11 %)";
    QTest::newRow("0.32: unlikely") << 0.32 << "unlikely (32 %)";
    QTest::newRow("0.33: the tie goes to the middle band")
        << 0.33 << "about as likely as not (33 %)";
    QTest::newRow("0.5") << 0.5 << "about as likely as not (50 %)";
    QTest::newRow("0.66: narrower than likely") << 0.66 << "about as likely as not (66 %)";
    QTest::newRow("0.67: likely") << 0.67 << "likely (67 %)";
    QTest::newRow("0.78: the reference's example") << 0.78 << "likely (78 %)";
    QTest::newRow("0.89: likely") << 0.89 << "likely (89 %)";
    QTest::newRow("0.90: very likely's lower edge") << 0.90 << "very likely (90 %)";
    QTest::newRow("0.99: not above 99 %") << 0.99 << "very likely (99 %)";
    QTest::newRow("0.995 rounds to 100 % but prints > 99 %")
        << 0.995 << "virtually certain (> 99 %)";
    QTest::newRow("1.0: never 100 %") << 1.0 << "virtually certain (> 99 %)";
}

void TestLikelihood::phraseAtTheEdges() {
    QFETCH(double, p);
    QFETCH(QString, phrase);
    QCOMPARE(QString::fromStdString(likelihoodPhrase(p)), phrase);
}

// Every printed percentage from 1 to 99 maps to the narrowest band containing that
// percentage, whichever probability printed it.
void TestLikelihood::wordFollowsThePrintedNumber() {
    for (int i = 0; i <= 10000; ++i) {
        const double p = i / 10000.0;
        const std::string number = likelihoodPercent(p);
        const std::string word = likelihoodWord(p);
        if (p < 0.01) {
            QCOMPARE(number, std::string("< 1 %"));
            continue;
        }
        if (p > 0.99) {
            QCOMPARE(number, std::string("> 99 %"));
            QCOMPARE(word, std::string("virtually certain"));
            continue;
        }
        const int k = std::stoi(number);
        QVERIFY(k >= 1 && k <= 99);
        QCOMPARE(k, int(std::lround(p * 100)));
        const char* expected = k <= 10   ? "very unlikely"
                               : k < 33  ? "unlikely"
                               : k <= 66 ? "about as likely as not"
                               : k < 90  ? "likely"
                                         : "very likely";
        QCOMPARE(word, std::string(expected));
    }
    QCOMPARE(likelihoodPhrase(std::nan("")), std::string("unknown (n/a)"));
}

QTEST_GUILESS_MAIN(TestLikelihood)
#include "tst_likelihood.moc"
