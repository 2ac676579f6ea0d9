// The Costs view's charts as files: PNG, PDF and SVG, the refusals, the screenshots.

#include "costs_view.h"
#include "figures.h"
#include "sample_scenario.h"
#include "scenario_document.h"
#include "tst_costs_view.h"
#include "tst_costs_view_helpers.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QPainter>
#include <QString>
#include <QStringLiteral>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace crossgrade::reports;
using namespace crossgrade::testing;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

void TestCostsView::exportFormats_data() {
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("png") << "png" << QByteArray("\x89PNG");
    QTest::newRow("pdf") << "pdf" << QByteArray("%PDF");
    QTest::newRow("svg") << "svg" << QByteArray("<svg");
}

void TestCostsView::exportFormats() {
    QFETCH(QString, suffix);
    QFETCH(QByteArray, magic);
    ScenarioDocument document(sampleScenario(QStringLiteral("large-model-inference.json")));
    ShownView shown(&document);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (QCustomPlot* chart :
         {shown.view.cumulativeChart(), shown.view.componentsChart(), shown.view.gpusChart()}) {
        const QString path = dir.filePath(chart->objectName() + QLatin1Char('.') + suffix);
        QString error;
        QVERIFY2(exportChart(chart, path, &error), qPrintable(error));
        const QByteArray bytes = readAll(path);
        QVERIFY(bytes.size() > 1000);
        if (suffix == QLatin1String("svg"))
            QVERIFY(bytes.contains(magic));
        else
            QVERIFY(bytes.startsWith(magic));
    }
    // Vector formats keep text as text: the legend's option names are in the SVG.
    if (suffix == QLatin1String("svg"))
        QVERIFY(readAll(dir.filePath(QStringLiteral("cumulativeChart.svg")))
                    .contains(optionLabel(model::OptionId::StayCuda).toUtf8()));
}

void TestCostsView::exportRefusesUnwritablePath() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    ShownView shown(&document);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no-such-folder/chart.png"));
    QString error;
    QVERIFY(!exportChart(shown.view.cumulativeChart(), path, &error));
    // What happened, where, and what to do: the missing folder is named, with the remedy.
    QVERIFY2(error.contains(QDir::toNativeSeparators(path)), qPrintable(error));
    QVERIFY2(
        error.contains(QDir::toNativeSeparators(dir.filePath(QStringLiteral("no-such-folder")))) &&
            error.contains(QLatin1String("does not exist")) &&
            error.contains(QLatin1String("create it first")),
        qPrintable(error));
    QVERIFY(!QFile::exists(path));
}

void TestCostsView::exportRefusesUnknownFormat() {
    ScenarioDocument document(sampleScenario(QStringLiteral("training-shop.json")));
    ShownView shown(&document);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chart.bmp"));
    QString error;
    QVERIFY(!exportChart(shown.view.cumulativeChart(), path, &error));
    QVERIFY2(error.contains(path) && error.contains(QLatin1String(".bmp")), qPrintable(error));
    QVERIFY(!QFile::exists(path));
}

// Renders the view for review and for docs/ (not a check): set CROSSGRADE_SCREENSHOTS to a
// folder to get costs-*.png there.
void TestCostsView::screenshots() {
    const QString folder = qEnvironmentVariable("CROSSGRADE_SCREENSHOTS");
    if (folder.isEmpty())
        QSKIP("set CROSSGRADE_SCREENSHOTS=<folder> to render the view");
    QDir().mkpath(folder);
    {
        ScenarioDocument document(sampleScenario(QStringLiteral("large-model-inference.json")));
        editAndSettle(document, [&] {
            document.edit(QStringLiteral("AMD discount"), [](model::Scenario& s) {
                s.amd_discount.range = {0.5, 0.5, 0.5};
            });
        });
        ShownView shown(&document);
        shown.view.chooseOption(model::OptionId::Path1);
        shown.view.showMonth(20);
        QCoreApplication::processEvents();
        QVERIFY(shown.view.grab().save(folder + QStringLiteral("/costs-edited.png")));
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
        dark.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
        shown.view.setPalette(dark);
        QCoreApplication::processEvents();
        QVERIFY(shown.view.grab().save(folder + QStringLiteral("/costs-dark.png")));
    }
    {
        // The saved version differs from the shown one: its faint curves stand apart.
        ScenarioDocument document(sampleScenario(QStringLiteral("large-model-inference.json")));
        editAndSettle(document, [&] {
            document.edit(QStringLiteral("AMD discount"), [](model::Scenario& s) {
                s.amd_discount.range = {0.5, 0.5, 0.5};
            });
        });
        document.markSaved();
        editAndSettle(document, [&] {
            document.edit(QStringLiteral("AMD discount"), [](model::Scenario& s) {
                s.amd_discount.range = {0.3, 0.3, 0.3};
            });
        });
        ShownView shown(&document);
        shown.view.chooseOption(model::OptionId::Path2);
        QCoreApplication::processEvents();
        QVERIFY(shown.view.grab().save(folder + QStringLiteral("/costs-baseline.png")));
        QVERIFY(exportChart(shown.view.cumulativeChart(),
                            folder + QStringLiteral("/costs-cumulative.svg")));
        QVERIFY(exportChart(shown.view.cumulativeChart(),
                            folder + QStringLiteral("/costs-cumulative.pdf")));
        QVERIFY(exportChart(shown.view.componentsChart(),
                            folder + QStringLiteral("/costs-components.png")));
        // The SVG drawn back, to look at what a vector consumer sees.
        QSvgRenderer svg(folder + QStringLiteral("/costs-cumulative.svg"));
        QImage image(svg.defaultSize(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        svg.render(&painter);
        painter.end();
        QVERIFY(image.save(folder + QStringLiteral("/costs-cumulative-svg.png")));
    }
    for (const QString& name : sampleNames()) {
        ScenarioDocument document(sampleScenario(name));
        ShownView shown(&document);
        QCoreApplication::processEvents();
        QVERIFY(shown.view.grab().save(folder + QStringLiteral("/costs-") +
                                       QFileInfo(name).completeBaseName() +
                                       QStringLiteral(".png")));
    }
}
