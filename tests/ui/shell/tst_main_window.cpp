// The main window's documents and store (tst_main_window.h): the demo, a slider and undo,
// imports, drops, saving versions, closing with unsaved changes, compare, the store browser,
// the benchmark files and recovery.

#include "tst_main_window.h"

void TestMainWindow::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<Settings>(m_dir->filePath("settings.ini"));
    m_window = std::make_unique<MainWindow>(
        data::openStoreSeededIfNew(m_dir->filePath("store.sqlite")), m_settings.get());
    m_window->setUnsavedChangesPrompt(
        [](const QString&) { return MainWindow::UnsavedChoice::Discard; });
    m_window->show();
}

void TestMainWindow::cleanup() {
    // The theme is the application's: leave the next test the desktop's.
    ui::applyTheme(ui::Theme::System);
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

void TestMainWindow::startsOnTheStartView() {
    QVERIFY(m_window->isStartViewShown());
    QVERIFY(m_window->document() == nullptr);
    QVERIFY(m_window->windowTitle().contains("Crossgrade"));
}

void TestMainWindow::openDemoShowsCurves() {
    QVERIFY(m_window->openDemo());
    QVERIFY(m_window->document());
    QVERIFY(!m_window->isStartViewShown());
    const QCustomPlot* chart = m_window->costsView()->cumulativeChart();
    QVERIFY(chart->graphCount() >= 5);
    QVERIFY(!plotted(chart).isEmpty());
    QVERIFY(m_window->windowTitle().contains(
        QString::fromStdString(m_window->document()->scenario().name)));
    // The stored demo says what it said when saved beside this build's evaluation: the same.
    const QString line = m_window->costsView()->savedVersionLine();
    QVERIFY2(line.startsWith(QStringLiteral("Version 1. Saved ")), qPrintable(line));
    QVERIFY2(line.endsWith(QStringLiteral("(engine 3): the same.")), qPrintable(line));
}

void TestMainWindow::sliderChangesThePlotAndUndoRestoresIt() {
    QVERIFY(m_window->openDemo());
    ScenarioDocument* doc = m_window->document();
    const model::Scenario before = doc->scenario();
    const QVector<double> original = plotted(m_window->costsView()->cumulativeChart());

    QSlider* slider = m_window->whatIfPanel()->slider(model::WhatIfKnob::EnergyPrice);
    QVERIFY(slider);
    slider->setSliderDown(true);
    QVERIFY(doc->isInteractive());
    slider->setValue(slider->value() + (slider->maximum() - slider->value()) / 2);
    slider->setValue(slider->maximum());
    slider->setSliderDown(false);
    doc->waitForEvaluation();
    QVERIFY(!(doc->scenario() == before));
    const QVector<double> moved = plotted(m_window->costsView()->cumulativeChart());
    QVERIFY(moved != original);
    QCOMPARE(doc->undoStack()->count(), 1); // the drag is one undo step
    QVERIFY(m_window->isWindowModified());

    doc->undoStack()->undo();
    doc->waitForEvaluation();
    QVERIFY(doc->scenario() == before);
    QCOMPARE(plotted(m_window->costsView()->cumulativeChart()), original);
    QVERIFY(!m_window->isWindowModified());
}

void TestMainWindow::brokenImportShowsErrorAndChangesNothing() {
    QVERIFY(m_window->openDemo());
    const model::Scenario before = m_window->document()->scenario();
    const auto audits = m_window->store().audits().size();
    const auto scenarios = m_window->store().scenarios().size();
    const QString broken = m_dir->filePath("broken-audit.json");
    writeFile(broken, R"({"schema": "crossgrade.audit/1", "name": "x", "workload": "sideways"})");
    const QString good = m_dir->filePath("good.json");
    writeFile(good, QByteArray::fromStdString(data::sampleAudits().front().text));
    m_window->importFiles({good, broken});
    m_window->waitForImport();
    QVERIFY(m_window->messageBar()->isVisible());
    QCOMPARE(m_window->messageBar()->kind(), MessageBar::Kind::Error);
    const QString message = m_window->messageBar()->text();
    QVERIFY2(message.contains("broken-audit.json"), qPrintable(message));
    QVERIFY2(message.contains("/workload"), qPrintable(message)); // the place
    QVERIFY2(message.contains("Nothing was imported"), qPrintable(message));
    QCOMPARE(m_window->store().audits().size(), audits); // the good file was not stored either
    QCOMPARE(m_window->store().scenarios().size(), scenarios);
    QVERIFY(m_window->document()->scenario() == before);

    const QString notJson = m_dir->filePath("notes.json");
    writeFile(notJson, "{ not json");
    m_window->importFiles({notJson});
    m_window->waitForImport();
    QVERIFY(m_window->messageBar()->text().contains("notes.json:1:"));
}

void TestMainWindow::importedAuditIsStored() {
    const auto audits = m_window->store().audits().size();
    const QString good = m_dir->filePath("good.json");
    writeFile(good, QByteArray::fromStdString(data::sampleAudits().front().text));
    m_window->importFiles({good});
    m_window->waitForImport();
    QCOMPARE(m_window->store().audits().size(), audits + 1);
    QCOMPARE(m_window->messageBar()->kind(), MessageBar::Kind::Notice);
    QVERIFY(m_settings->recentFiles().contains(QFileInfo(good).absoluteFilePath()));
}

void TestMainWindow::droppedScenarioFileOpens() {
    const QString path = m_dir->filePath("dropped.json");
    writeFile(path, QByteArray::fromStdString(data::sampleScenarios().back().text));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &drop);
    m_window->waitForImport();
    QVERIFY(m_window->document());
    QCOMPARE(m_window->document()->fileName(), path);
    QVERIFY(!m_window->document()->storedScenarioId());
}

// Issue 22 point 6: a scenario written before selling and bridging keeps its numbers until its
// author adopts the current defaults from the Edit menu; Undo takes them back.
void TestMainWindow::adoptCurrentDefaultsIsOneUndoableEdit() {
    const QString path = QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/older-scenarios/"
                                                              "large-model-before-selling.json");
    m_window->importFiles({path});
    m_window->waitForImport();
    ScenarioDocument* doc = m_window->document();
    QVERIFY(doc);
    const model::Scenario before = doc->scenario();
    QVERIFY(!before.sale_cost_fraction);
    const double npvBefore = doc->evaluation().find(model::OptionId::StayCuda)->run.npv_usd;
    QAction* adopt = nullptr;
    for (QAction* a : m_window->findChildren<QAction*>())
        if (a->text() == QLatin1String("Adopt current &defaults"))
            adopt = a;
    QVERIFY(adopt && adopt->isEnabled());
    const int steps = doc->undoStack()->count();
    adopt->trigger();
    doc->waitForEvaluation();
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QVERIFY(doc->scenario().sale_cost_fraction.has_value());
    QVERIFY(doc->scenario().pricebook.skus.at("MI300X").lead_time_months.has_value());
    QCOMPARE(m_window->messageBar()->kind(), MessageBar::Kind::Notice);
    QVERIFY(doc->evaluation().find(model::OptionId::StayCuda)->run.npv_usd != npvBefore);
    adopt->trigger(); // nothing left to add: no second step
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    doc->undoStack()->undo();
    doc->waitForEvaluation();
    QVERIFY(doc->scenario() == before);
    QCOMPARE(doc->evaluation().find(model::OptionId::StayCuda)->run.npv_usd, npvBefore);
}

void TestMainWindow::saveVersionAddsAVersion() {
    QVERIFY(m_window->openDemo());
    ScenarioDocument* doc = m_window->document();
    const std::int64_t id = *doc->storedScenarioId();
    const auto versions = m_window->store().versions(id).size();
    QVERIFY(
        doc->edit("cheaper power",
                  [](model::Scenario& s) { s.usd_per_kwh = model::UncertainNumber::certain(0.05); })
            .isEmpty());
    QVERIFY(doc->isModified());
    QVERIFY(m_window->saveVersion("cheaper power"));
    QCOMPARE(m_window->store().versions(id).size(), versions + 1);
    QCOMPARE(m_window->store().versions(id).back().note, std::string("cheaper power"));
    QVERIFY(!doc->isModified());
    QCOMPARE(*doc->storedVersion(), m_window->store().versions(id).back().number);
    const auto saved = m_window->store().scenarioVersion(id);
    QVERIFY(saved && saved->usd_per_kwh.mostLikely() == 0.05);
    // The saved-version line follows the new version.
    QVERIFY2(m_window->costsView()->savedVersionLine().startsWith(
                 QStringLiteral("Version %1. Saved ").arg(*doc->storedVersion())),
             qPrintable(m_window->costsView()->savedVersionLine()));
}

void TestMainWindow::saveAsNewScenarioRefusesATakenName() {
    QVERIFY(m_window->openDemo());
    const auto scenarios = m_window->store().scenarios();
    QVERIFY(!m_window->saveAsNewScenario(QString::fromStdString(scenarios.back().name)));
    QCOMPARE(m_window->messageBar()->kind(), MessageBar::Kind::Error);
    QVERIFY(m_window->saveAsNewScenario("A brand-new name"));
    QCOMPARE(m_window->store().scenarios().size(), scenarios.size() + 1);
}

void TestMainWindow::closingWithUnsavedChangesAsks() {
    QVERIFY(m_window->openDemo());
    QVERIFY(m_window->document()
                ->edit("x", [](model::Scenario& s) { s.team_engineers += 1; })
                .isEmpty());
    int asked = 0;
    m_window->setUnsavedChangesPrompt([&](const QString&) {
        ++asked;
        return MainWindow::UnsavedChoice::Cancel;
    });
    QVERIFY(!m_window->closeDocument());
    QCOMPARE(asked, 1);
    QVERIFY(m_window->document());
    m_window->setUnsavedChangesPrompt([&](const QString&) {
        ++asked;
        return MainWindow::UnsavedChoice::Discard;
    });
    QVERIFY(m_window->closeDocument());
    QCOMPARE(asked, 2);
    QVERIFY(m_window->isStartViewShown());
}

void TestMainWindow::compareShowsDifferences() {
    QVERIFY(m_window->openDemo());
    ScenarioDocument* doc = m_window->document();
    const std::int64_t id = *doc->storedScenarioId();
    QVERIFY(doc->edit("power",
                      [](model::Scenario& s) {
                          s.usd_per_kwh.range = {0.30, 0.30, 0.30};
                      })
                .isEmpty());
    doc->waitForEvaluation();
    m_window->addToComparison(id, std::nullopt);
    CompareView* compare = m_window->compareView();
    QCOMPARE(compare->entryCount(), 2);
    QCOMPARE(compare->inputsModel()->changedCount(), 1);
    QVERIFY(compare->hideUnchangedToggle()->isChecked());
    QCOMPARE(compare->inputsModel()->rowCount(), 1);
    QCOMPARE(compare->inputsModel()->index(0, 0).data().toString(), QString("/energy/usd_per_kwh"));
    compare->hideUnchangedToggle()->setChecked(false);
    QVERIFY(compare->inputsModel()->rowCount() > 100);
    QCOMPARE(compare->chart()->graphCount(), 2);
    bool differs = false;
    for (int r = 0; r < compare->outputsModel()->rowCount(); ++r)
        differs = differs || compare->outputsModel()->index(r, 2).data().toString().contains('%');
    QVERIFY(differs);
}

void TestMainWindow::everyItemModelPassesTheTester() {
    QVERIFY(m_window->openDemo());
    QAbstractItemModelTester store(m_window->storeModel(),
                                   QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filter(m_window->storeFilter(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Expanding a scenario fetches its versions through the tester's eyes.
    const QModelIndex scenarios = m_window->storeModel()->index(0, 0);
    const QModelIndex first = m_window->storeModel()->index(0, 0, scenarios);
    if (m_window->storeModel()->canFetchMore(first))
        m_window->storeModel()->fetchMore(first);
    QVERIFY(m_window->storeModel()->rowCount(first) >= 1);
    m_window->addToComparison(*m_window->document()->storedScenarioId(), 1);
    QAbstractItemModelTester inputs(m_window->compareView()->inputsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester outputs(m_window->compareView()->outputsModel(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_window->compareView()->hideUnchangedToggle()->toggle();

    // A price book opened from the browser shows every SKU.
    QSortFilterProxyModel* browser = m_window->storeFilter();
    m_window->openBrowserItem(browser->index(0, 0, browser->index(2, 0)));
    QAbstractItemModelTester books(m_window->priceBookView()->model(),
                                   QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m_window->priceBookView()->model()->rowCount(),
             int(m_window->store().defaultPriceBook()->skus.size()));
}

void TestMainWindow::browserFilterFindsAScenario() {
    QSortFilterProxyModel* filter = m_window->storeFilter();
    filter->setFilterFixedString("training shop");
    const QModelIndex scenarios = filter->index(0, 0);
    QCOMPARE(filter->rowCount(scenarios), 1);
    QVERIFY(filter->index(0, 0, scenarios).data().toString().contains("training shop"));
}

// Open/Import (and a drop) tells benchmark files from the rest: they are stored through the
// Benchmarks view, the store browser counts them, and its SKU row lists that SKU's records.
void TestMainWindow::benchmarkFilesGoToTheBenchmarksView() {
    const QString csv =
        QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/canonical.csv");
    const auto audits = m_window->store().audits().size();
    m_window->importFiles({csv});
    m_window->waitForImport();
    const auto stored = m_window->store().benchmarks();
    QVERIFY(!stored.empty());
    QCOMPARE(m_window->store().audits().size(), audits);
    QCOMPARE(m_window->messageBar()->kind(), MessageBar::Kind::Notice);
    const QString message = m_window->messageBar()->text();
    QVERIFY2(message.contains(QStringLiteral("Stored %1 new benchmark").arg(stored.size())),
             qPrintable(message));
    QVERIFY2(message.contains("canonical.csv:"), qPrintable(message)); // skipped rows, placed
    QVERIFY(m_window->benchmarksView()->isVisible());

    const QModelIndex benchmarks = m_window->storeModel()->index(3, 0);
    QCOMPARE(benchmarks.data().toString(), QStringLiteral("Benchmarks (%1)").arg(stored.size()));
    QModelIndex mi300x;
    for (int row = 0; row < m_window->storeModel()->rowCount(benchmarks); ++row) {
        const QModelIndex index = m_window->storeModel()->index(row, 0, benchmarks);
        if (index.data(StoreTreeModel::NameRole).toString() == QStringLiteral("MI300X"))
            mi300x = index;
    }
    QVERIFY(mi300x.isValid());
    m_window->openBrowserItem(m_window->storeFilter()->mapFromSource(mi300x));
    QCOMPARE(m_window->benchmarksView()->filterModel()->rowCount(),
             int(m_window->store().benchmarks({"MI300X", ""}).size()));
}

// After the Benchmarks view (or a stored price book) took the centre, View → a tab shows the
// open scenario again, on that tab.
void TestMainWindow::viewMenuBringsTheScenarioBack() {
    QVERIFY(m_window->openDemo());
    m_window->showBenchmarks();
    QVERIFY(m_window->benchmarksView()->isVisible());
    QVERIFY(!m_window->workspace()->isVisible());
    QAction* costs = nullptr;
    for (QAction* a : m_window->findChildren<QAction*>())
        if (a->text() == QStringLiteral("Costs"))
            costs = a;
    QVERIFY(costs);
    costs->trigger();
    QVERIFY(m_window->workspace()->isVisible());
    QCOMPARE(m_window->workspace()->currentWidget(), static_cast<QWidget*>(m_window->costsView()));
}

// Only a window that enables recovery writes recovery files (the application does, in its
// main()): tests of other views leave nothing behind. Enabled while a document already has
// unsaved changes, it keeps them from then on.
void TestMainWindow::recoveryKeepsOnlyWhenEnabled() {
    QVERIFY(!m_window->recovery());
    QVERIFY(!m_window->offerRecovery());
    QVERIFY(m_window->openDemo());
    QVERIFY(m_window->document()
                ->edit("x", [](model::Scenario& s) { s.team_engineers += 1; })
                .isEmpty());
    RecoveryOptions options;
    options.root = m_dir->filePath("recovery");
    options.debounce = std::chrono::milliseconds(10);
    m_window->enableRecovery(options);
    QSignalSpy written(m_window->recovery(), &DocumentRecovery::written);
    QVERIFY(written.wait(5000));
    const QString path = m_window->recovery()->filePath();
    QVERIFY(path.startsWith(m_dir->filePath("recovery")));
    QVERIFY(QFile::exists(path));
    m_window.reset();
    QVERIFY(!QFile::exists(path));
}

QTEST_MAIN(TestMainWindow)
