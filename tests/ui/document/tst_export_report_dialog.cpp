// File → Export report… (ui/document/export_report_dialog.h) driven as a user would, offscreen: the
// open scenario with its edits comes first and stored ones can be added; the export runs in the
// background and writes the PDF (its text read back with pdftotext) and the files beside it;
// Cancel stops a run and writes nothing; a folder that does not exist is refused by name.

#include "export_report_dialog.h"
#include "pdf_tools.h"
#include "sample_scenario.h"
#include "samples.h"
#include "scenario_document.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace crossgrade;
using ui::ExportReportDialog;

class TestExportReportDialog : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    data::Store seededStore(const QString& name) {
        return data::openStoreSeededIfNew(m_dir.filePath(name));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void openScenarioFirstThenStoredOnes() {
        data::Store store = seededStore(QStringLiteral("list.sqlite"));
        ui::ScenarioDocument document(
            testing::sampleScenario(QStringLiteral("large-model-inference.json")));
        ExportReportDialog dialog(store, &document, 1000);
        QCOMPARE(dialog.scenarioRows(), 1 + int(store.scenarios().size()));
        QCOMPARE(dialog.chosenScenarios().size(), std::size_t(1));
        QCOMPARE(dialog.chosenScenarios().front(), document.scenario());
        dialog.setChosen(2, true);
        const std::vector<model::Scenario> chosen = dialog.chosenScenarios();
        QCOMPARE(chosen.size(), std::size_t(2));
        QCOMPARE(chosen[1], *store.scenarioVersion(store.scenarios()[1].id));
        QCOMPARE(dialog.samples(), 1000);
    }

    void exportWritesThePdfAndTheFilesBeside() {
        data::Store store = seededStore(QStringLiteral("export.sqlite"));
        model::Scenario edited =
            testing::sampleScenario(QStringLiteral("large-model-inference.json"));
        edited.name = "Edited in the app, not saved";
        ui::ScenarioDocument document(edited);
        ExportReportDialog dialog(store, &document, 1000);
        dialog.setSamples(300);
        dialog.setPaper(reports::Paper::Letter);
        const QString pdf = m_dir.filePath(QStringLiteral("from-app.pdf"));
        dialog.setOutputPath(pdf);
        QSignalSpy finished(&dialog, &ExportReportDialog::exportFinished);
        QVERIFY(dialog.startExport());
        QVERIFY(dialog.isRunning());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.front().front().toBool(), true);
        QVERIFY2(dialog.error().isEmpty(), qPrintable(dialog.error()));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.exported());
        QCOMPARE(dialog.exported()->pdf, pdf);
        QCOMPARE(dialog.exported()->files.size(), qsizetype(2));
        const QString text = testing::words(testing::pdfText(pdf));
        QVERIFY(text.contains(QStringLiteral("Decision: Edited in the app, not saved")));
        QVERIFY(text.contains(QStringLiteral("300 samples")));
        QCOMPARE(testing::pdfPageSize(pdf), QStringLiteral("612 x 792 pts"));
        QCOMPARE(testing::pdfImageCount(pdf), 0);
    }

    void cancelWritesNothing() {
        data::Store store = seededStore(QStringLiteral("cancel.sqlite"));
        ui::ScenarioDocument document(
            testing::sampleScenario(QStringLiteral("training-shop.json")));
        ExportReportDialog dialog(store, &document, 1000);
        dialog.setSamples(200000);
        const QString pdf = m_dir.filePath(QStringLiteral("cancelled.pdf"));
        dialog.setOutputPath(pdf);
        QSignalSpy finished(&dialog, &ExportReportDialog::exportFinished);
        QVERIFY(dialog.startExport());
        dialog.reject(); // the first Cancel stops the run and keeps the dialog
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.front().front().toBool(), false);
        QVERIFY(dialog.error().contains(QStringLiteral("cancelled")));
        QVERIFY(!QFile::exists(pdf));
        QVERIFY(!dialog.exported());
    }

    void missingFolderIsRefusedByName() {
        data::Store store = seededStore(QStringLiteral("refuse.sqlite"));
        ExportReportDialog dialog(store, nullptr, 1000);
        QCOMPARE(dialog.chosenScenarios().size(), std::size_t(1)); // the first stored one
        dialog.setOutputPath(m_dir.filePath(QStringLiteral("no-such-folder/r.pdf")));
        QVERIFY(!dialog.startExport());
        QVERIFY(dialog.error().contains(QStringLiteral("no-such-folder")));
        QVERIFY(!dialog.isRunning());
    }

    void nothingTickedIsRefused() {
        data::Store store = seededStore(QStringLiteral("none.sqlite"));
        ui::ScenarioDocument document(
            testing::sampleScenario(QStringLiteral("training-shop.json")));
        ExportReportDialog dialog(store, &document, 1000);
        dialog.setChosen(0, false);
        QVERIFY(!dialog.startExport());
        QVERIFY(dialog.error().contains(QStringLiteral("Tick at least one scenario")));
    }
};

QTEST_MAIN(TestExportReportDialog)
#include "tst_export_report_dialog.moc"
