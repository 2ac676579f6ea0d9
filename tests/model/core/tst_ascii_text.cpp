// The one ASCII case folding (model/core/ascii_text.h) the readers and the scanner compare names
// with: 'A'–'Z' fold, every other byte (digits, punctuation, UTF-8 sequences) is kept, and the
// C locale the GUI sets changes nothing.

#include "ascii_text.h"

#include <QTest>
#include <clocale>
#include <string>

using crossgrade::model::asciiLower;

class TestAsciiText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void foldsOnlyAsciiLetters_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("folded");
        QTest::newRow("sku") << QByteArray("MI300X") << QByteArray("mi300x");
        QTest::newRow("unit") << QByteArray("Tokens/s") << QByteArray("tokens/s");
        QTest::newRow("file") << QByteArray("Dockerfile.CUDA") << QByteArray("dockerfile.cuda");
        QTest::newRow("edges") << QByteArray("@AZ[`az{") << QByteArray("@az[`az{");
        QTest::newRow("empty") << QByteArray() << QByteArray();
        // "ÄÖ" in UTF-8 and a stray 0xC0: not ASCII letters, left as they are.
        QTest::newRow("utf-8") << QByteArray("\xC3\x84\xC3\x96X\xC0")
                               << QByteArray("\xC3\x84\xC3\x96x\xC0");
        QTest::newRow("nul inside") << QByteArray("A\0B", 3) << QByteArray("a\0b", 3);
    }

    void foldsOnlyAsciiLetters() {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, folded);
        const std::string out = asciiLower(std::string_view(text.constData(), text.size()));
        QCOMPARE(QByteArray(out.data(), qsizetype(out.size())), folded);
    }

    // QCoreApplication sets the environment's locale; a Turkish one folds 'I' to a dotless i
    // in std::tolower's wide world. asciiLower does not look at the locale at all.
    void theLocaleChangesNothing() {
        const std::string before = asciiLower("INFERENCE H100 FP8");
        if (std::setlocale(LC_ALL, "tr_TR.UTF-8") == nullptr)
            std::setlocale(LC_ALL, "C.UTF-8");
        QCOMPARE(asciiLower("INFERENCE H100 FP8"), before);
        QCOMPARE(before, std::string("inference h100 fp8"));
        std::setlocale(LC_ALL, "C");
    }
};

QTEST_GUILESS_MAIN(TestAsciiText)
#include "tst_ascii_text.moc"
