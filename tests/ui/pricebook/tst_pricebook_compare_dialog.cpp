// Edit → Price book versions… (issue 24, point 4) on a real store: the open scenario's book
// beside a stored version, every differing figure listed, the verdict on its decision, and the
// move onto it as one undoable edit that keeps the scenario's own overrides.

#include "pricebook_compare_dialog.h"
#include "sample_scenario.h"
#include "samples.h"
#include "scenario_document.h"

#include <QComboBox>
#include <QObject>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace crossgrade;
using namespace crossgrade::model;

class TestPriceBookCompareDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // The seeded store's row of `version` in the dialog's choice.
    static int rowOf(ui::PriceBookCompareDialog& d, const QString& version) {
        auto* choice = d.findChild<QComboBox*>(QStringLiteral("book"));
        for (int i = 0; i < choice->count(); ++i)
            if (choice->itemText(i).contains(version))
                return i;
        return -1;
    }

private slots:
    // The training shop on the 2026-11 figures stays on CUDA: the verdict says the newer book
    // flips it. Moving back onto 2026-11 is refused by the engine (engine 3 needs the per-class
    // transition that book lacks), and nothing changes.
    void anOlderBookIsComparedButNotMovedOnto() {
        data::Store store = data::openStoreSeededIfNew(m_dir.filePath("store.sqlite"));
        ui::ScenarioDocument doc(testing::sampleScenario(QStringLiteral("training-shop.json")));
        ui::PriceBookCompareDialog dialog(store, doc);
        const int old = rowOf(dialog, QStringLiteral("2026-11"));
        QVERIFY(old >= 0);
        dialog.chooseBook(old);
        QVERIFY(dialog.changesTable()->rowCount() > 30);
        QVERIFY2(dialog.verdictText().contains("Yes: the cheapest option changes from Path 2"),
                 qPrintable(dialog.verdictText()));
        QVERIFY(dialog.moveScenario().contains("transition"));
        QCOMPARE(doc.scenario().pricebook.version, std::string("2026-12"));
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    // A scenario made from the 2026-11 book moves onto 2026-12 in one undoable edit: the figure
    // its author changed stays theirs, the rest take the new book's; its engine 2 reads
    // inference rows as ratios, so those stay as they were.
    void movingOntoTheNewBookKeepsOverridesAndUndoes() {
        data::Store store = data::openStoreSeededIfNew(m_dir.filePath("move.sqlite"));
        Scenario s = testing::scenarioFile(
            CROSSGRADE_SOURCE_DIR
            "/tests/fixtures/older-scenarios/large-model-before-selling.json");
        QCOMPARE(s.pricebook.version, std::string("2026-11"));
        s.pricebook.skus.at("H100").purchase_usd = UncertainNumber::certain(26000); // the author's
        const auto ratio =
            s.pricebook.performance.at(WorkloadClass::LargeDenseInference).at("MI300X");
        ui::ScenarioDocument doc(s);
        ui::PriceBookCompareDialog dialog(store, doc);
        dialog.chooseBook(rowOf(dialog, QStringLiteral("2026-12")));
        QVERIFY(dialog.changesTable()->rowCount() > 30);
        // docs/screenshots/pricebook-versions.png, where the screenshot script asks for it.
        if (const QByteArray dir = qgetenv("CROSSGRADE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            dialog.resize(1100, 620);
            dialog.show();
            QTest::qWait(50);
            dialog.grab().save(QString::fromLocal8Bit(dir) + "/pricebook-versions.png");
        }
        QVERIFY(dialog.movedSummary().isEmpty());
        QCOMPARE(dialog.moveScenario(), QString());
        // What the main window's message bar says: the move, and the user's figures it kept.
        QVERIFY2(dialog.movedSummary().startsWith("Moved onto Crossgrade default price book "
                                                  "2026-12:"),
                 qPrintable(dialog.movedSummary()));
        QVERIFY(dialog.keptOverrides().split('\n').contains("/skus/H100/purchase_usd"));
        QVERIFY(dialog.keptOverrides().contains("/performance/large-dense-inference"));
        const Scenario& moved = doc.scenario();
        QCOMPARE(moved.pricebook.version, std::string("2026-12"));
        QCOMPARE(moved.pricebook.skus.at("H100").purchase_usd.mostLikely(), 26000.0);
        QCOMPARE(moved.pricebook.skus.at("H100").reserved_usd_per_hour.mostLikely(), 2.0);
        QVERIFY(moved.pricebook.skus.at("H100").software_usd_per_year.has_value());
        QCOMPARE(moved.pricebook.performance.at(WorkloadClass::LargeDenseInference).at("MI300X"),
                 ratio);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().pricebook.version, std::string("2026-11"));
        QCOMPARE(doc.scenario().pricebook.skus.at("H100").reserved_usd_per_hour.mostLikely(), 1.3);
    }

    void theSameBookDiffersInNothingAndCannotBeMovedOnto() {
        data::Store store = data::openStoreSeededIfNew(m_dir.filePath("same.sqlite"));
        ui::ScenarioDocument doc(testing::sampleScenario(QStringLiteral("mixed-tensorrt.json")));
        ui::PriceBookCompareDialog dialog(store, doc);
        dialog.chooseBook(rowOf(dialog, QStringLiteral("2026-12")));
        QCOMPARE(dialog.changesTable()->rowCount(), 0);
        QVERIFY(dialog.verdictText().contains("No: Stay on CUDA stays the cheapest option"));
    }
};

QTEST_MAIN(TestPriceBookCompareDialog)
#include "tst_pricebook_compare_dialog.moc"
