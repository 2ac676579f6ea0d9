// The scenario editor (ui/scenario/scenario_editor.h): its models pass the tester, undo refreshes
// it without edits, the fleet and workload tables round-trip and check their edits, choices come in
// a combo, every section renders and every input explains its default. Its tables of uncertain
// numbers, cell by cell, are in tst_scenario_editor_inputs.cpp.
//
// Set CROSSGRADE_SCREENSHOT_DIR to keep a PNG of every section (docs, visual review).

#include "sampling.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_editor_fixture.h"
#include "uncertain_table_model.h"
#include "workload_table_model.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QBrush>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateEdit>
#include <QDir>
#include <QFont>
#include <QLineEdit>
#include <QList>
#include <QModelIndex>
#include <QObject>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QString>
#include <QStringLiteral>
#include <QTableView>
#include <QTest>
#include <QTextDocument>
#include <cmath>
#include <limits>
#include <memory>

using namespace crossgrade;
using crossgrade::testing::cell;
using crossgrade::ui::ScenarioEditor;
using crossgrade::ui::UncertainTableModel;

class TestScenarioEditor : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void modelsPassTheTester();
    void undoRefreshesWithoutEditing();
    void fleetLotAddRemoveRoundTrip();
    void fleetLotEditsAreChecked();
    void removingAServedWorkloadIsRefused();
    void workloadKindSwitchIsOneStep();
    void choicesAreOfferedInACombo();
    void ownerCostsPageEditsFinancingAndFabric();
    void rendersEverySection();
    void everyInputExplainsItsDefault();
    void tooltipNamesThePriceBookAndTheSource();
    void bug_optionBoxesShowedTheOptionsIds();
    void startMonthIsOneUndoableEdit();
    void doorGroupIsOneUndoableEdit();
    void requestTokensAreOneUndoableEdit();
    void nvidiaAiEnterpriseIsOneUndoableEdit();

private:
    std::unique_ptr<ui::ScenarioDocument> m_document;
    std::unique_ptr<ScenarioEditor> m_editor;
};

void TestScenarioEditor::init() {
    m_document = std::make_unique<ui::ScenarioDocument>(testing::editorSample());
    m_editor = std::make_unique<ScenarioEditor>();
    m_editor->setDocument(m_document.get());
}

void TestScenarioEditor::cleanup() {
    m_editor.reset();
    m_document.reset();
}

void TestScenarioEditor::modelsPassTheTester() {
    using Tester = QAbstractItemModelTester;
    const auto mode = Tester::FailureReportingMode::QtTest;
    Tester all(m_editor->inputsModel(), mode);
    Tester prices(m_editor->groupModel(model::InputGroup::Prices), mode);
    Tester workloadInputs(m_editor->groupModel(model::InputGroup::Workloads), mode);
    Tester fleet(m_editor->fleetModel(), mode);
    Tester workloads(m_editor->workloadsModel(), mode);
    QVERIFY(m_editor->inputsModel()->rowCount() > 50);
    QCOMPARE(m_editor->fleetModel()->rowCount(), 3);
    QCOMPARE(m_editor->workloadsModel()->rowCount(), 2);
    for (model::InputGroup g : model::kAllInputGroups)
        QVERIFY2(m_editor->groupModel(g) && m_editor->groupModel(g)->rowCount() > 0,
                 model::toString(g).data());

    // Structural changes under the testers: filtering, adding and undoing.
    m_editor->inputsModel()->setFilterText(QStringLiteral("MI300X"));
    m_editor->inputsModel()->setFilterText(QString());
    QCOMPARE(m_editor->addWorkload(model::WorkloadKindOfDemand::Inference), QString());
    QCOMPARE(m_editor->addFleetLot(), QString());
    QVERIFY(m_editor->inputsModel()->setData(
        cell(m_editor->inputsModel(), "/energy/usd_per_kwh", UncertainTableModel::HighColumn),
        0.2));
    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QCOMPARE(m_document->scenario(), testing::editorSample());
}

void TestScenarioEditor::undoRefreshesWithoutEditing() {
    auto* horizon = m_editor->findChild<QSpinBox*>(QStringLiteral("horizon"));
    QVERIFY(horizon);
    QCOMPARE(horizon->value(), 60);
    QSignalSpy refused(m_editor.get(), &ScenarioEditor::editRefused);
    horizon->setValue(48);
    QCOMPARE(m_document->scenario().horizon_months, 48);
    QCOMPARE(m_document->undoStack()->count(), 1);

    auto* engineers = m_editor->findChild<QSpinBox*>(QStringLiteral("engineers"));
    QVERIFY(engineers);
    engineers->setValue(9);
    QCOMPARE(m_document->scenario().team_engineers, 9);
    QCOMPARE(m_document->undoStack()->count(), 2);

    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QCOMPARE(horizon->value(), 60);
    QCOMPARE(engineers->value(), 6);
    // The refresh pushed nothing: both steps are still there to redo.
    QCOMPARE(m_document->undoStack()->count(), 2);
    QCOMPARE(m_document->undoStack()->index(), 0);
    QCOMPARE(m_document->scenario(), testing::editorSample());
    QCOMPARE(refused.count(), 0);
    m_document->undoStack()->redo();
    QCOMPARE(horizon->value(), 48);
}

void TestScenarioEditor::fleetLotAddRemoveRoundTrip() {
    const model::Scenario before = m_document->scenario();
    QAbstractItemModel* fleet = m_editor->fleetModel();
    QCOMPARE(m_editor->addFleetLot(), QString());
    QCOMPARE(fleet->rowCount(), 4);
    const model::FleetLot& lot = m_document->scenario().fleet.at("lot-1");
    QCOMPARE(lot.sku, std::string("H200")); // what new NVIDIA capacity is bought as
    QCOMPARE(lot.workload, std::string("finetune"));
    QCOMPARE(m_document->undoStack()->count(), 1);

    m_document->undoStack()->undo();
    QCOMPARE(m_document->scenario(), before);
    QCOMPARE(fleet->rowCount(), 3);
    m_document->undoStack()->redo();
    QCOMPARE(fleet->rowCount(), 4);

    QCOMPARE(m_editor->removeFleetLot(QStringLiteral("lot-1")), QString());
    QCOMPARE(m_document->scenario(), before);
    QCOMPARE(fleet->rowCount(), 3);
    QVERIFY(!m_editor->removeFleetLot(QStringLiteral("lot-1")).isEmpty());
}

void TestScenarioEditor::fleetLotEditsAreChecked() {
    QAbstractItemModel* fleet = m_editor->fleetModel();
    const model::Scenario before = m_document->scenario();
    QSignalSpy refused(m_editor.get(), &ScenarioEditor::editRefused);
    const int row = 0; // serving-2025
    QCOMPARE(fleet->index(row, 0).data().toString(), QStringLiteral("serving-2025"));

    QVERIFY(!fleet->setData(fleet->index(row, 2), QStringLiteral("many")));
    QVERIFY(!fleet->setData(fleet->index(row, 3), 1201));
    // An AMD SKU in the installed fleet: the engine refuses, at the lot's pointer.
    QVERIFY(!fleet->setData(fleet->index(row, 1), QStringLiteral("MI300X")));
    QVERIFY(refused.back().front().toString().contains(QStringLiteral("/fleet/serving-2025/sku")));
    QVERIFY(!fleet->setData(fleet->index(row, 4), QStringLiteral("nope")));
    QVERIFY(!fleet->setData(fleet->index(row, 0), QStringLiteral("a/b")));
    QVERIFY(!fleet->setData(fleet->index(row, 0), QStringLiteral("training")));
    QCOMPARE(refused.count(), 6);
    QCOMPARE(m_document->scenario(), before);

    QVERIFY(fleet->setData(fleet->index(row, 2), 400));
    QVERIFY(fleet->setData(fleet->index(row, 5), QStringLiteral("reserved")));
    QVERIFY(fleet->setData(fleet->index(row, 0), QStringLiteral("serving-a")));
    const model::FleetLot& lot = m_document->scenario().fleet.at("serving-a");
    QCOMPARE(lot.count, 400);
    QVERIFY(lot.channel == model::Channel::Reserved);
    QCOMPARE(m_document->undoStack()->count(), 3);
}

void TestScenarioEditor::removingAServedWorkloadIsRefused() {
    const model::Scenario before = m_document->scenario();
    QSignalSpy refused(m_editor.get(), &ScenarioEditor::editRefused);
    const QString reason = m_editor->removeWorkload(QStringLiteral("ranking-llm"));
    QVERIFY(reason.contains(QStringLiteral("cannot be removed")));
    QVERIFY2(reason.contains(QStringLiteral("serving-2025")), qPrintable(reason));
    QCOMPARE(refused.count(), 1);
    QVERIFY(m_editor->message().contains(QStringLiteral("serving-2025")));
    QCOMPARE(m_document->scenario(), before);
    QCOMPARE(m_document->undoStack()->count(), 0);

    // A workload no lot serves goes, as one step.
    QCOMPARE(m_editor->addWorkload(model::WorkloadKindOfDemand::Training), QString());
    QVERIFY(m_document->scenario().workloads.contains("training-1"));
    QCOMPARE(m_editor->removeWorkload(QStringLiteral("training-1")), QString());
    QCOMPARE(m_document->scenario(), before);
}

void TestScenarioEditor::workloadKindSwitchIsOneStep() {
    QAbstractItemModel* workloads = m_editor->workloadsModel();
    UncertainTableModel* inputs = m_editor->groupModel(model::InputGroup::Workloads);
    QCOMPARE(workloads->index(0, 0).data().toString(), QStringLiteral("finetune"));
    QVERIFY(inputs->rowOf(QStringLiteral("/workloads/finetune/peak_tokens_per_s")) < 0);

    QVERIFY(workloads->setData(workloads->index(0, 2), QStringLiteral("inference")));
    QCOMPARE(m_document->undoStack()->count(), 1);
    const model::Workload& w = m_document->scenario().workloads.at("finetune");
    QVERIFY(w.kind == model::WorkloadKindOfDemand::Inference);
    QVERIFY(model::isInference(w.workload_class));
    // Its new inputs are placeholders, badged until replaced.
    const QModelIndex peak =
        cell(inputs, "/workloads/finetune/peak_tokens_per_s", UncertainTableModel::TagColumn);
    QVERIFY(peak.isValid());
    QVERIFY(peak.data(UncertainTableModel::BadgedRole).toBool());

    // A class of the other kind is refused; TensorRT is a checkbox of inference workloads.
    QVERIFY(!workloads->setData(workloads->index(0, 3), QStringLiteral("pytorch-training")));
    QVERIFY(workloads->setData(workloads->index(0, 4), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(m_document->scenario().workloads.at("finetune").tensorrt);
    QCOMPARE(m_document->undoStack()->count(), 2);
    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QCOMPARE(m_document->scenario(), testing::editorSample());
}

void TestScenarioEditor::choicesAreOfferedInACombo() {
    m_editor->resize(1100, 800);
    m_editor->show();
    m_editor->showSection(ScenarioEditor::Section::AllInputs);
    QTableView* view = nullptr;
    for (QTableView* candidate : m_editor->findChildren<QTableView*>(QStringLiteral("inputs")))
        if (candidate->model() == m_editor->inputsModel())
            view = candidate;
    QVERIFY(view);
    const QModelIndex distribution =
        cell(m_editor->inputsModel(), "/energy/pue", UncertainTableModel::DistributionColumn);
    view->setCurrentIndex(distribution);
    view->edit(distribution);
    auto* combo = view->findChild<QComboBox*>();
    QVERIFY(combo);
    QCOMPARE(combo->currentText(), QStringLiteral("PERT"));
    QCOMPARE(combo->count(), 3);
    combo->setCurrentIndex(combo->findText(QStringLiteral("uniform")));
    emit combo->activated(combo->currentIndex()); // a pick commits at once
    QVERIFY(m_document->scenario().pue.distribution == model::Distribution::Uniform);
    QCOMPARE(m_document->undoStack()->count(), 1);
}

// Issue 24: the Owner costs page chooses how purchases are paid and each vendor's fabric, each
// one undoable edit; a loan takes the release's sourced rate.
void TestScenarioEditor::ownerCostsPageEditsFinancingAndFabric() {
    m_editor->showSection(ScenarioEditor::Section::OwnerCosts);
    auto* financing = m_editor->findChild<QComboBox*>(QStringLiteral("financing"));
    auto* term = m_editor->findChild<QSpinBox*>(QStringLiteral("financingTerm"));
    auto* amdFabric = m_editor->findChild<QComboBox*>(QStringLiteral("amdFabric"));
    QVERIFY(financing && term && amdFabric);
    QCOMPARE(financing->currentData().toString(), QStringLiteral("cash"));
    QVERIFY(!term->isEnabled());
    QCOMPARE(amdFabric->currentData().toString(), QStringLiteral("roce"));
    financing->setCurrentIndex(financing->findData(QStringLiteral("loan")));
    const model::Scenario& s = m_document->scenario();
    QVERIFY(s.financing == model::FinancingMethod::Loan);
    QVERIFY(s.financing_rate_per_year.has_value());
    QCOMPARE(s.financing_rate_per_year->mostLikely(), 0.08);
    QVERIFY(term->isEnabled());
    term->setValue(36);
    QCOMPARE(m_document->scenario().financing_term_months, 36);
    amdFabric->setCurrentIndex(amdFabric->findData(QStringLiteral("infiniband")));
    QVERIFY(m_document->scenario().amd.fabric == model::Fabric::InfiniBand);
    QCOMPARE(m_document->undoStack()->count(), 3);
    // The financing rate is an uncertain input of the page's table.
    QVERIFY(m_editor->groupModel(model::InputGroup::OwnerCosts)->rowCount() > 0);
    // A power cap is added at what the installed fleet draws, with colocation's rent above it.
    auto* cap = m_editor->findChild<QPushButton*>(QStringLiteral("powerCap"));
    QVERIFY(cap);
    QCOMPARE(cap->text(), QStringLiteral("Add a power cap"));
    const int rows = m_editor->groupModel(model::InputGroup::OwnerCosts)->rowCount();
    cap->click();
    QVERIFY(m_document->scenario().power_cap_mw.has_value());
    QVERIFY(m_document->scenario().power_cap_mw->mostLikely() > 0);
    QCOMPARE(m_document->scenario().over_cap_usd_per_kw_month->mostLikely(), 184.0);
    QCOMPARE(m_editor->groupModel(model::InputGroup::OwnerCosts)->rowCount(), rows + 2);
    QCOMPARE(cap->text(), QStringLiteral("Remove the power cap"));
    m_document->undoStack()->undo();
    QVERIFY(!m_document->scenario().power_cap_mw.has_value());
    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QVERIFY(m_document->scenario().financing == model::FinancingMethod::Cash);
    QCOMPARE(financing->currentData().toString(), QStringLiteral("cash"));
}

void TestScenarioEditor::rendersEverySection() {
    m_editor->resize(1100, 800);
    m_editor->show();
    const QString dir = qEnvironmentVariable("CROSSGRADE_SCREENSHOT_DIR");
    const QList<std::pair<ScenarioEditor::Section, QString>> sections{
        {ScenarioEditor::Section::General, QStringLiteral("general")},
        {ScenarioEditor::Section::Fleet, QStringLiteral("fleet")},
        {ScenarioEditor::Section::Workloads, QStringLiteral("workloads")},
        {ScenarioEditor::Section::Procurement, QStringLiteral("procurement")},
        {ScenarioEditor::Section::Prices, QStringLiteral("prices")},
        {ScenarioEditor::Section::Performance, QStringLiteral("performance")},
        {ScenarioEditor::Section::PortTasks, QStringLiteral("port-tasks")},
        {ScenarioEditor::Section::Team, QStringLiteral("team")},
        {ScenarioEditor::Section::Energy, QStringLiteral("energy")},
        {ScenarioEditor::Section::OwnerCosts, QStringLiteral("owner-costs")},
        {ScenarioEditor::Section::HetCcl, QStringLiteral("hetccl")},
        {ScenarioEditor::Section::AllInputs, QStringLiteral("all-inputs")},
    };
    for (const auto& [section, name] : sections) {
        m_editor->showSection(section);
        QVERIFY(m_editor->currentSection() == section);
        QCoreApplication::sendPostedEvents(); // lay out what the section shows
        const QPixmap shot = m_editor->grab();
        QVERIFY(!shot.isNull());
        if (!dir.isEmpty())
            QVERIFY(shot.save(QDir(dir).filePath(QStringLiteral("editor-%1.png").arg(name))));
    }
    if (!dir.isEmpty()) {
        // The message line with a refusal, as a user sees it.
        m_editor->showSection(ScenarioEditor::Section::Fleet);
        m_editor->removeWorkload(QStringLiteral("ranking-llm"));
        QCoreApplication::sendPostedEvents();
        QVERIFY(m_editor->grab().save(QDir(dir).filePath(QStringLiteral("editor-refused.png"))));
    }
}

namespace {

// The tooltip as the user reads it.
QString plainTip(const QString& tip) {
    QTextDocument document;
    document.setHtml(tip);
    return document.toPlainText();
}

// True when the tooltip says what the input means (some text before) and names where its default
// comes from: "Default from: <something>" or "Source: <something>".
bool namesASource(const QString& tip) {
    const QString plain = plainTip(tip);
    for (const QString& key : {QStringLiteral("Default from:"), QStringLiteral("Source:")}) {
        const qsizetype at = plain.indexOf(key);
        if (at > 0 && !plain.mid(at + key.size()).trimmed().isEmpty())
            return true;
    }
    return false;
}

} // namespace

// Issue 10 point 3: every input of the editor — each plain field and every editable cell of its
// tables — has a tooltip that explains it and names where its default comes from.
void TestScenarioEditor::everyInputExplainsItsDefault() {
    int checked = 0;
    const auto inputWidgets = m_editor->findChildren<QWidget*>();
    for (QWidget* w : inputWidgets) {
        const bool isInput = qobject_cast<QLineEdit*>(w) || qobject_cast<QAbstractSpinBox*>(w) ||
                             qobject_cast<QComboBox*>(w) || qobject_cast<QCheckBox*>(w) ||
                             qobject_cast<QPlainTextEdit*>(w);
        // Filter boxes find inputs, they are none; a combo's own line edit shares its tooltip.
        if (!isInput || w->objectName() == QStringLiteral("filter") ||
            qobject_cast<QComboBox*>(w->parentWidget()) ||
            qobject_cast<QAbstractSpinBox*>(w->parentWidget()))
            continue;
        QVERIFY2(namesASource(w->toolTip()),
                 qPrintable(w->objectName() + QStringLiteral(": ") + w->toolTip()));
        ++checked;
    }
    QVERIFY2(checked >= 20, qPrintable(QString::number(checked))); // the pages were all built

    int cells = 0;
    const auto tables = m_editor->findChildren<QTableView*>();
    for (QTableView* view : tables) {
        const QAbstractItemModel* model = view->model();
        for (int row = 0; row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column) {
                const QModelIndex index = model->index(row, column);
                if (!(model->flags(index) & (Qt::ItemIsEditable | Qt::ItemIsUserCheckable)))
                    continue;
                const QString tip = index.data(Qt::ToolTipRole).toString();
                QVERIFY2(namesASource(tip), qPrintable(QStringLiteral("%1 row %2 column %3: %4")
                                                           .arg(view->objectName())
                                                           .arg(row)
                                                           .arg(column)
                                                           .arg(tip)));
                ++cells;
            }
    }
    QVERIFY2(cells > 300, qPrintable(QString::number(cells)));
}

// A price-book figure names the book it was copied from and its cited source; a scenario-level
// number its own source, with its unit.
void TestScenarioEditor::tooltipNamesThePriceBookAndTheSource() {
    const model::Scenario& s = m_document->scenario();
    const model::UncertainNumber* price =
        model::findInput(s, "/pricebook/skus/MI300X/purchase_usd");
    QVERIFY(price && !price->source.empty());
    const QString priceTip =
        plainTip(cell(m_editor->inputsModel(), "/pricebook/skus/MI300X/purchase_usd",
                      UncertainTableModel::MostLikelyColumn)
                     .data(Qt::ToolTipRole)
                     .toString());
    QVERIFY2(priceTip.contains(QString::fromStdString(s.pricebook.name)), qPrintable(priceTip));
    QVERIFY2(priceTip.contains(QString::fromStdString(price->source).simplified().left(40)),
             qPrintable(priceTip));

    const model::UncertainNumber* kwh = model::findInput(s, "/energy/usd_per_kwh");
    QVERIFY(kwh);
    const QString kwhTip = plainTip(
        cell(m_editor->inputsModel(), "/energy/usd_per_kwh", UncertainTableModel::InputColumn)
            .data(Qt::ToolTipRole)
            .toString());
    QVERIFY2(kwhTip.contains(QStringLiteral("US dollars per kilowatt-hour")), qPrintable(kwhTip));
    QVERIFY2(kwhTip.contains(QStringLiteral("this scenario's own value")), qPrintable(kwhTip));
    QVERIFY2(kwhTip.contains(QString::fromStdString(kwh->source).simplified().left(40)),
             qPrintable(kwhTip));

    // A number without a source says so instead of staying silent.
    QVERIFY(m_editor->inputsModel()->setData(
        cell(m_editor->inputsModel(), "/energy/usd_per_kwh", UncertainTableModel::SourceColumn),
        QString()));
    const QString none = plainTip(
        cell(m_editor->inputsModel(), "/energy/usd_per_kwh", UncertainTableModel::HighColumn)
            .data(Qt::ToolTipRole)
            .toString());
    QVERIFY2(none.contains(QStringLiteral("Source: none given")), qPrintable(none));
}

// Bug: the General page's option boxes read "stay-cuda", "path2+3" — the file's ids — where
// every other view and the report say "Stay on CUDA", "Paths 2+3".
void TestScenarioEditor::bug_optionBoxesShowedTheOptionsIds() {
    for (model::OptionId o : model::kAllOptions) {
        const QString id = QString::fromUtf8(model::toString(o).data());
        auto* box = m_editor->findChild<QCheckBox*>(QStringLiteral("option-") + id);
        QVERIFY2(box != nullptr, qPrintable(id));
        QCOMPARE(box->text(), QString::fromStdString(model::optionShortTitle(o)));
    }
    QCOMPARE(m_editor->findChild<QCheckBox*>(QStringLiteral("option-path2+3"))->text(),
             QStringLiteral("Paths 2+3"));
}

// The General page's start month: one undoable edit per change; the lowest value clears it
// (months counted from 0, as in files written before scenarios had one).
void TestScenarioEditor::startMonthIsOneUndoableEdit() {
    auto* start = m_editor->findChild<QDateEdit*>(QStringLiteral("startMonth"));
    QVERIFY(start);
    QCOMPARE(start->date(), QDate(2027, 1, 1));
    QCOMPARE(start->text(), QStringLiteral("Jan 2027"));
    start->setDate(QDate(2028, 3, 1));
    QCOMPARE(m_document->scenario().start_month, (model::YearMonth{2028, 3}));
    QCOMPARE(m_document->undoStack()->count(), 1);
    QCOMPARE(m_document->undoStack()->undoText(), QStringLiteral("Set start month to Mar 2028"));

    start->setDate(start->minimumDate());
    QVERIFY(!m_document->scenario().start_month.has_value());
    QCOMPARE(start->text(), QStringLiteral("not set"));
    QCOMPARE(m_document->undoStack()->count(), 2);

    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QCOMPARE(start->date(), QDate(2027, 1, 1));
    QCOMPARE(m_document->scenario(), testing::editorSample());

    // Bug: the Down arrow on January stayed on January of the same year (QDateEdit's month
    // section does not carry); it steps into the previous December.
    start->setCurrentSection(QDateTimeEdit::MonthSection);
    start->stepBy(-1);
    QCOMPARE(m_document->scenario().start_month, (model::YearMonth{2026, 12}));
    start->stepBy(2);
    QCOMPARE(m_document->scenario().start_month, (model::YearMonth{2027, 2}));
}

// The last inference and the last training row of the Workloads table (−1 where none).
static std::pair<int, int> rowsOfEachKind(const QAbstractItemModel* workloads) {
    int inference = -1, training = -1;
    for (int row = 0; row < workloads->rowCount(); ++row)
        (workloads->index(row, ui::WorkloadTableModel::KindColumn).data().toString() ==
                 QStringLiteral("inference")
             ? inference
             : training) = row;
    return {inference, training};
}

// The Workloads table's door group: an id or empty, one undoable edit; a malformed id and a
// group mixing inference and training are refused with the reason, and nothing changes.
void TestScenarioEditor::doorGroupIsOneUndoableEdit() {
    QAbstractItemModel* workloads = m_editor->workloadsModel();
    const int column = ui::WorkloadTableModel::DoorGroupColumn;
    QCOMPARE(workloads->headerData(column, Qt::Horizontal).toString(),
             QStringLiteral("Door group"));
    QSignalSpy refused(m_editor.get(), &ScenarioEditor::editRefused);
    const auto [inference, training] = rowsOfEachKind(workloads);
    QVERIFY(inference >= 0 && training >= 0);
    const std::string id = workloads->index(inference, ui::WorkloadTableModel::IdColumn)
                               .data()
                               .toString()
                               .toStdString();

    QVERIFY(workloads->setData(workloads->index(inference, column), QStringLiteral("serving")));
    QCOMPARE(m_document->scenario().workloads.at(id).door_group, std::string("serving"));
    QCOMPARE(workloads->index(inference, column).data().toString(), QStringLiteral("serving"));
    QCOMPARE(m_document->undoStack()->count(), 1);

    QVERIFY(!workloads->setData(workloads->index(inference, column), QStringLiteral("a/b")));
    QCOMPARE(refused.count(), 1);
    QVERIFY(!workloads->setData(workloads->index(training, column), QStringLiteral("serving")));
    QCOMPARE(refused.count(), 2);
    QVERIFY2(refused.last().first().toString().contains(QStringLiteral("mixes inference and "
                                                                       "training")),
             qPrintable(refused.last().first().toString()));
    QCOMPARE(m_document->undoStack()->count(), 1);

    QVERIFY(workloads->setData(workloads->index(inference, column), QString()));
    QVERIFY(m_document->scenario().workloads.at(id).door_group.empty());
    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QCOMPARE(m_document->scenario(), testing::editorSample());
}

// Engine 3's request lengths (issue 23): whole numbers in the Workloads table, one undoable
// edit each; text, zero and a training workload's cell are refused, and nothing changes.
void TestScenarioEditor::requestTokensAreOneUndoableEdit() {
    QAbstractItemModel* workloads = m_editor->workloadsModel();
    const int input = ui::WorkloadTableModel::InputTokensColumn;
    const int output = ui::WorkloadTableModel::OutputTokensColumn;
    QCOMPARE(workloads->headerData(input, Qt::Horizontal).toString(),
             QStringLiteral("Input tokens"));
    QSignalSpy refused(m_editor.get(), &ScenarioEditor::editRefused);
    const auto [inference, training] = rowsOfEachKind(workloads);
    QVERIFY(inference >= 0 && training >= 0);
    const std::string id = workloads->index(inference, ui::WorkloadTableModel::IdColumn)
                               .data()
                               .toString()
                               .toStdString();
    const int before = m_document->scenario().workloads.at(id).input_tokens;
    QCOMPARE(workloads->index(inference, input).data().toInt(), before);

    QVERIFY(workloads->setData(workloads->index(inference, input), QStringLiteral("4096")));
    QCOMPARE(m_document->scenario().workloads.at(id).input_tokens, 4096);
    QVERIFY(workloads->setData(workloads->index(inference, output), QStringLiteral("256")));
    QCOMPARE(m_document->scenario().workloads.at(id).output_tokens, 256);
    QCOMPARE(m_document->undoStack()->count(), 2);

    QVERIFY(!workloads->setData(workloads->index(inference, input), QStringLiteral("many")));
    QVERIFY(!workloads->setData(workloads->index(inference, input), QStringLiteral("0")));
    QCOMPARE(refused.count(), 2);
    QVERIFY(refused.last().first().toString().contains(QStringLiteral("whole number")));
    QVERIFY(!(workloads->flags(workloads->index(training, input)) & Qt::ItemIsEditable));
    QCOMPARE(m_document->undoStack()->count(), 2);

    m_document->undoStack()->undo();
    m_document->undoStack()->undo();
    QCOMPARE(m_document->scenario(), testing::editorSample());
}

// Issue 24's licence switch on the General page: one undoable edit each way, and the box
// follows an undo.
void TestScenarioEditor::nvidiaAiEnterpriseIsOneUndoableEdit() {
    auto* box = m_editor->findChild<QCheckBox*>(QStringLiteral("nvidiaAiEnterprise"));
    QVERIFY(box != nullptr);
    QVERIFY(!box->isChecked());
    QVERIFY(!m_document->scenario().uses_nvidia_ai_enterprise);
    box->click();
    QVERIFY(m_document->scenario().uses_nvidia_ai_enterprise);
    QCOMPARE(m_document->undoStack()->count(), 1);
    QCOMPARE(m_document->undoStack()->undoText(), QStringLiteral("Use NVIDIA AI Enterprise"));
    m_document->undoStack()->undo();
    QVERIFY(!box->isChecked());
    QCOMPARE(m_document->scenario(), testing::editorSample());
}

QTEST_MAIN(TestScenarioEditor)
#include "tst_scenario_editor.moc"
