// Where a window may go (ui/common/window_geometry.h): a default size that fits the screen's
// available area, and a restored geometry brought back inside it — the regression test of the
// default 1440 × 900 window that was wider than a 1400 × 900 screen and clipped the what-if panel.

#include "window_geometry.h"

#include <QMargins>
#include <QObject>
#include <QRect>
#include <QSize>
#include <QStringLiteral>
#include <QTest>

using crossgrade::ui::defaultGeometry;
using crossgrade::ui::fitToAvailable;

class TestWindowGeometry : public QObject {
    Q_OBJECT

private slots:
    void bug_defaultWindowWiderThanSmallScreen_data();
    void bug_defaultWindowWiderThanSmallScreen();
    void fitToAvailable_data();
    void fitToAvailable();
};

void TestWindowGeometry::bug_defaultWindowWiderThanSmallScreen_data() {
    QTest::addColumn<QRect>("available");
    QTest::newRow("1400x900 screen (the bug)") << QRect(0, 0, 1400, 900);
    QTest::newRow("1400x900 less a 28 px panel") << QRect(0, 28, 1400, 872);
    QTest::newRow("1366x768 laptop") << QRect(0, 0, 1366, 768);
    QTest::newRow("second monitor at x=1920") << QRect(1920, 0, 1280, 1024);
    QTest::newRow("2560x1440, room to spare") << QRect(0, 0, 2560, 1440);
}

void TestWindowGeometry::bug_defaultWindowWiderThanSmallScreen() {
    QFETCH(QRect, available);
    const QMargins frame(4, 32, 4, 4);
    const QRect window = defaultGeometry(QSize(1440, 900), available, frame);
    QVERIFY2(available.contains(window.marginsAdded(frame)),
             qPrintable(QStringLiteral("%1,%2 %3x%4")
                            .arg(window.x())
                            .arg(window.y())
                            .arg(window.width())
                            .arg(window.height())));
    // As large as the screen allows, up to the preferred size.
    QCOMPARE(window.width(), std::min(1440, available.width() - 8));
    QCOMPARE(window.height(), std::min(900, available.height() - 36));
}

void TestWindowGeometry::fitToAvailable_data() {
    QTest::addColumn<QRect>("saved");
    QTest::addColumn<QRect>("available");
    QTest::addColumn<QRect>("expected");
    const QRect screen(0, 0, 1400, 900);
    QTest::newRow("fits: unchanged")
        << QRect(100, 100, 800, 600) << screen << QRect(100, 100, 800, 600);
    QTest::newRow("saved on a monitor to the right that is gone")
        << QRect(2500, 200, 1000, 700) << screen << QRect(396, 196, 1000, 700);
    QTest::newRow("saved above the screen")
        << QRect(50, -400, 600, 400) << screen << QRect(50, 32, 600, 400);
    QTest::newRow("saved on a 2560x1440 monitor, larger than this screen")
        << QRect(0, 32, 2500, 1380) << screen << QRect(4, 32, 1392, 864);
    QTest::newRow("left of the screen")
        << QRect(-900, 100, 800, 600) << screen << QRect(4, 100, 800, 600);
}

void TestWindowGeometry::fitToAvailable() {
    QFETCH(QRect, saved);
    QFETCH(QRect, available);
    QFETCH(QRect, expected);
    const QMargins frame(4, 32, 4, 4);
    const QRect fitted = crossgrade::ui::fitToAvailable(saved, available, frame);
    QCOMPARE(fitted, expected);
    QVERIFY(available.contains(fitted.marginsAdded(frame)));
}

QTEST_MAIN(TestWindowGeometry)
#include "tst_window_geometry.moc"
