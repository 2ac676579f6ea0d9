// The scenario editor (ui/scenario_editor.h) and its table of uncertain numbers
// (ui/uncertain_table_model.h): every cell edit is one undo step, a refused value changes
// nothing and says why, C and ? are badged, the fleet and workload tables round-trip.
//
// Set CROSSGRADE_SCREENSHOT_DIR to keep a PNG of every section (docs, visual review).

#include "samples.h"
#include "sampling.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_json.h"
#include "uncertain_table_model.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFont>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTextDocument>
#include <QtTest>
#include <cmath>
#include <limits>
#include <memory>

using namespace crossgrade;
using crossgrade::ui::ScenarioEditor;
using crossgrade::ui::UncertainTableModel;

namespace {

model::Scenario sample(const QString& name) {
    for (const data::SampleFile& file : data::sampleScenarios())
        if (file.name == name) {
            data::ScenarioReadResult r = data::readScenario(file.text);
            if (!r.ok())
                qFatal("sample %s does not read", qPrintable(name));
            return *r.scenario;
        }
    qFatal("no sample %s", qPrintable(name));
}

QModelIndex cell(const UncertainTableModel* model, const char* pointer, int column) {
    const int row = model->rowOf(QString::fromLatin1(pointer));
    return row < 0 ? QModelIndex() : model->index(row, column);
}

} // namespace

class TestScenarioEditor : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void modelsPassTheTester();
    void displayText_data();
    void displayText();
    void parseValue_data();
    void parseValue();
    void editingMostLikelyIsOneUndoStep();
    void refusedEditChangesNothing_data();
    void refusedEditChangesNothing();
    void negativeRegressionIsTaken();
    void certainNumberStaysCertain();
    void textIsReadInDisplayUnits();
    void metadataEdits();
    void badgesMarkCAndUnknown();
    void rangesShowWhatTheyImply();
    void filterFindsInputs();
    void undoRefreshesWithoutEditing();
    void fleetLotAddRemoveRoundTrip();
    void fleetLotEditsAreChecked();
    void removingAServedWorkloadIsRefused();
    void workloadKindSwitchIsOneStep();
    void choicesAreOfferedInACombo();
    void rendersEverySection();
    void everyInputExplainsItsDefault();
    void tooltipNamesThePriceBookAndTheSource();

private:
    std::unique_ptr<ui::ScenarioDocument> m_document;
    std::unique_ptr<ScenarioEditor> m_editor;
};

void TestScenarioEditor::init() {
    m_document = std::make_unique<ui::ScenarioDocument>(sample("mixed-tensorrt.json"));
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
    QCOMPARE(m_document->scenario(), sample("mixed-tensorrt.json"));
}

void TestScenarioEditor::displayText_data() {
    using U = model::InputUnit;
    QTest::addColumn<double>("value");
    QTest::addColumn<U>("unit");
    QTest::addColumn<QString>("text");
    QTest::newRow("purchase price") << 25000.0 << U::Usd << "$25,000";
    QTest::newRow("large money") << 1234567.0 << U::UsdPerMonth << "$1,234,567/mo";
    QTest::newRow("rate") << 2.1 << U::UsdPerGpuHour << "$2.10/GPU-h";
    QTest::newRow("tariff") << 0.09 << U::UsdPerKwh << "$0.09/kWh";
    QTest::newRow("fine tariff") << 0.095 << U::UsdPerKwh << "$0.095/kWh";
    QTest::newRow("facility") << 160.0 << U::UsdPerKwMonth << "$160/kW-mo";
    QTest::newRow("fraction") << 0.25 << U::Fraction << "25 %";
    QTest::newRow("fraction per year") << 0.075 << U::FractionPerYear << "7.5 %/yr";
    QTest::newRow("negative growth") << -0.02 << U::FractionPerMonth << "-2 %/mo";
    QTest::newRow("small growth") << 0.0015 << U::FractionPerMonth << "0.15 %/mo";
    QTest::newRow("months") << 6.0 << U::Months << "6 mo";
    QTest::newRow("ratio") << 1.35 << U::RatioToH100 << "1.35×";
    QTest::newRow("tokens") << 500000.0 << U::TokensPerSecond << "500,000 tok/s";
    QTest::newRow("PUE") << 1.3 << U::Factor << "1.3";
}

void TestScenarioEditor::displayText() {
    QFETCH(double, value);
    QFETCH(model::InputUnit, unit);
    QFETCH(QString, text);
    QCOMPARE(UncertainTableModel::displayText(value, unit), text);
    // What is shown, typed back, is the same number.
    const auto back = UncertainTableModel::parseValue(text, unit);
    QVERIFY(back.has_value());
    QVERIFY(std::fabs(*back - value) <= 1e-12 * std::max(1.0, std::fabs(value)));
}

void TestScenarioEditor::parseValue_data() {
    using U = model::InputUnit;
    QTest::addColumn<QString>("text");
    QTest::addColumn<U>("unit");
    QTest::addColumn<double>("value"); // NaN: refused
    const double refused = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("percent") << "25 %" << U::Fraction << 0.25;
    QTest::newRow("bare percent") << "25" << U::Fraction << 0.25;
    QTest::newRow("dollars") << "$30,000" << U::Usd << 30000.0;
    QTest::newRow("plain") << "30000" << U::Usd << 30000.0;
    QTest::newRow("unit symbol") << "36 mo" << U::MonthFromStart << 36.0;
    QTest::newRow("x for ×") << "1.2x" << U::RatioToH100 << 1.2;
    QTest::newRow("minus sign") << "−2 %" << U::FractionPerMonth << -0.02;
    QTest::newRow("exponent") << "1e6" << U::Gigabytes << 1e6;
    QTest::newRow("word") << "lots" << U::Usd << refused;
    QTest::newRow("trailing junk") << "12 apples" << U::Usd << refused;
    QTest::newRow("percent of money") << "12 %" << U::Usd << refused;
    QTest::newRow("empty") << "" << U::Months << refused;
    // Typed NaN and infinity never become a value (docs/limits.md).
    QTest::newRow("nan") << "nan" << U::Usd << refused;
    QTest::newRow("inf") << "inf" << U::Usd << refused;
    QTest::newRow("-infinity") << "-infinity" << U::Fraction << refused;
    QTest::newRow("overflow") << "1e999" << U::Usd << refused;
}

void TestScenarioEditor::parseValue() {
    QFETCH(QString, text);
    QFETCH(model::InputUnit, unit);
    QFETCH(double, value);
    const auto parsed = UncertainTableModel::parseValue(text, unit);
    if (std::isnan(value)) {
        QVERIFY(!parsed.has_value());
        return;
    }
    QVERIFY(parsed.has_value());
    QCOMPARE(*parsed, value);
}

void TestScenarioEditor::editingMostLikelyIsOneUndoStep() {
    UncertainTableModel* inputs = m_editor->groupModel(model::InputGroup::EnergyFacility);
    const model::Scenario before = m_document->scenario();
    const int steps = m_document->undoStack()->count();
    QSignalSpy refused(inputs, &UncertainTableModel::editRefused);
    const QModelIndex ml =
        cell(inputs, "/energy/usd_per_kwh", UncertainTableModel::MostLikelyColumn);
    QVERIFY(ml.isValid());
    QCOMPARE(ml.data().toString(), QStringLiteral("$0.09/kWh"));

    QVERIFY(inputs->setData(ml, 0.1));
    QCOMPARE(refused.count(), 0);
    QCOMPARE(m_document->undoStack()->count(), steps + 1);
    QCOMPARE(m_document->scenario().usd_per_kwh.range,
             (model::Range{0.06, 0.1, 0.14})); // low and high as they were
    QCOMPARE(ml.data().toString(), QStringLiteral("$0.10/kWh"));
    // Every view of the input shows the new value: the All inputs table too.
    QCOMPARE(
        cell(m_editor->inputsModel(), "/energy/usd_per_kwh", UncertainTableModel::MostLikelyColumn)
            .data()
            .toString(),
        QStringLiteral("$0.10/kWh"));

    m_document->undoStack()->undo();
    QCOMPARE(m_document->scenario(), before);
    QCOMPARE(ml.data().toString(), QStringLiteral("$0.09/kWh"));
    m_document->undoStack()->redo();
    QCOMPARE(m_document->scenario().usd_per_kwh.mostLikely(), 0.1);
}

void TestScenarioEditor::refusedEditChangesNothing_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<int>("column");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("reason");
    const int low = UncertainTableModel::LowColumn;
    const int ml = UncertainTableModel::MostLikelyColumn;
    const int high = UncertainTableModel::HighColumn;
    QTest::newRow("low above most likely")
        << "/energy/usd_per_kwh" << low << QVariant(0.5) << "low 0.5 is above most likely 0.09";
    QTest::newRow("fraction 150 %") << "/amd_discount" << high << QVariant(QStringLiteral("150 %"))
                                    << "high 1.5: a fraction must lie in [0, 1]";
    QTest::newRow("NaN") << "/energy/pue" << ml
                         << QVariant(std::numeric_limits<double>::quiet_NaN())
                         << "most likely is not a number (NaN)";
    QTest::newRow("infinity") << "/energy/pue" << high
                              << QVariant(std::numeric_limits<double>::infinity())
                              << "high is infinite";
    QTest::newRow("negative price") << "/pricebook/skus/MI300X/purchase_usd" << low
                                    << QVariant(-5.0) << "low -5: a price or cost must be ≥ 0";
    QTest::newRow("growth -120 %")
        << "/workloads/finetune/growth_per_month" << low << QVariant(QStringLiteral("-120 %"))
        << "low -1.2: a growth rate must lie in (-1, 1]";
    QTest::newRow("regression 100 %")
        << "/regression/transition" << high << QVariant(QStringLiteral("100 %"))
        << "high 1: a fraction must lie in (-1, 1)";
    QTest::newRow("typed 1e999") << "/energy/pue" << ml << QVariant(QStringLiteral("1e999"))
                                 << "“1e999” is not a number";
    QTest::newRow("not a number") << "/energy/pue" << ml << QVariant(QStringLiteral("high"))
                                  << "“high” is not a number";
    QTest::newRow("not a distribution")
        << "/energy/pue" << int(UncertainTableModel::DistributionColumn)
        << QVariant(QStringLiteral("normal")) << "is not a distribution";
    QTest::newRow("not a tag") << "/energy/pue" << int(UncertainTableModel::TagColumn)
                               << QVariant(QStringLiteral("D")) << "is not a tag";
    QTest::newRow("source too long")
        << "/energy/pue" << int(UncertainTableModel::SourceColumn)
        << QVariant(QString(2001, QLatin1Char('s'))) << "the source is 2001 bytes";
}

void TestScenarioEditor::refusedEditChangesNothing() {
    QFETCH(QString, pointer);
    QFETCH(int, column);
    QFETCH(QVariant, value);
    QFETCH(QString, reason);
    UncertainTableModel* inputs = m_editor->inputsModel();
    const model::Scenario before = m_document->scenario();
    const int steps = m_document->undoStack()->count();
    QSignalSpy refused(inputs, &UncertainTableModel::editRefused);
    QSignalSpy shown(m_editor.get(), &ScenarioEditor::editRefused);
    const QModelIndex index = inputs->index(inputs->rowOf(pointer), column);
    QVERIFY(index.isValid());
    const QString display = index.data().toString();

    QVERIFY(!inputs->setData(index, value));
    QCOMPARE(refused.count(), 1);
    const QString message = refused.front().front().toString();
    QVERIFY2(message.contains(reason), qPrintable(message));
    QCOMPARE(shown.count(), 1);
    QVERIFY(m_editor->message().contains(QStringLiteral("Not applied")));
    QCOMPARE(m_document->scenario(), before);
    QCOMPARE(m_document->undoStack()->count(), steps);
    QCOMPARE(index.data().toString(), display);
}

// DESIGN.md, "Limits": a regression may be negative; the editor takes what the reader takes.
void TestScenarioEditor::negativeRegressionIsTaken() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    QSignalSpy refused(inputs, &UncertainTableModel::editRefused);
    QVERIFY(inputs->setData(cell(inputs, "/regression/transition", UncertainTableModel::LowColumn),
                            QStringLiteral("-10 %")));
    QCOMPARE(refused.count(), 0);
    QCOMPARE(m_document->scenario().transition_regression.range.low, -0.1);
}

void TestScenarioEditor::certainNumberStaysCertain() {
    // A certain number moved at its most likely value moves as a whole.
    QCOMPARE(
        m_document->edit(QStringLiteral("make certain"),
                         [](model::Scenario& s) { s.pue = model::UncertainNumber::certain(1.3); }),
        QString());
    UncertainTableModel* inputs = m_editor->inputsModel();
    QCOMPARE(cell(inputs, "/energy/pue", UncertainTableModel::DistributionColumn).data().toString(),
             QStringLiteral("certain"));
    QVERIFY(inputs->setData(cell(inputs, "/energy/pue", UncertainTableModel::MostLikelyColumn),
                            QStringLiteral("1.5")));
    QCOMPARE(m_document->scenario().pue.range, (model::Range{1.5, 1.5, 1.5}));
    // Widening it is an edit of Low or High.
    QVERIFY(inputs->setData(cell(inputs, "/energy/pue", UncertainTableModel::HighColumn), 1.7));
    QCOMPARE(m_document->scenario().pue.range, (model::Range{1.5, 1.5, 1.7}));
}

void TestScenarioEditor::textIsReadInDisplayUnits() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    QVERIFY(inputs->setData(cell(inputs, "/amd_discount", UncertainTableModel::MostLikelyColumn),
                            QStringLiteral("10 %")));
    QCOMPARE(m_document->scenario().amd_discount.mostLikely(), 0.10);
    QVERIFY(inputs->setData(
        cell(inputs, "/pricebook/skus/MI300X/purchase_usd", UncertainTableModel::HighColumn),
        QStringLiteral("$30,000")));
    QCOMPARE(m_document->scenario().pricebook.skus.at("MI300X").purchase_usd.range.high, 30000.0);
    // Opening an editor and leaving it unchanged records nothing.
    const int steps = m_document->undoStack()->count();
    const QModelIndex discount =
        cell(inputs, "/discount_rate", UncertainTableModel::MostLikelyColumn);
    QVERIFY(inputs->setData(discount, discount.data(Qt::EditRole)));
    QCOMPARE(m_document->undoStack()->count(), steps);
}

void TestScenarioEditor::metadataEdits() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    const char* pointer = "/hetccl/cross_vendor_efficiency";
    QVERIFY(inputs->setData(cell(inputs, pointer, UncertainTableModel::DistributionColumn),
                            QStringLiteral("triangular")));
    QVERIFY(inputs->setData(cell(inputs, pointer, UncertainTableModel::SourceColumn),
                            QStringLiteral("our own HetCCL trial, 2 × 8 GPUs")));
    QVERIFY(inputs->setData(cell(inputs, pointer, UncertainTableModel::DateColumn),
                            QStringLiteral("2026-12")));
    QVERIFY(inputs->setData(cell(inputs, pointer, UncertainTableModel::TagColumn),
                            QStringLiteral("B")));
    const model::UncertainNumber& n = m_document->scenario().hetccl_cross_vendor_efficiency;
    QVERIFY(n.distribution == model::Distribution::Triangular);
    QCOMPARE(n.source, std::string("our own HetCCL trial, 2 × 8 GPUs"));
    QCOMPARE(n.date, std::string("2026-12"));
    QVERIFY(n.confidence == model::Confidence::B);
    QVERIFY(inputs->setData(cell(inputs, pointer, UncertainTableModel::TagColumn),
                            QStringLiteral("(none)")));
    QVERIFY(!m_document->scenario().hetccl_cross_vendor_efficiency.confidence);
    QCOMPARE(m_document->undoStack()->count(), 5);
}

void TestScenarioEditor::badgesMarkCAndUnknown() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    const int tag = UncertainTableModel::TagColumn;
    // C: the article's transition regression (a secondary write-up).
    const QModelIndex c = cell(inputs, "/regression/transition", tag);
    QCOMPARE(c.data().toString(), QStringLiteral("C"));
    QVERIFY(c.data(UncertainTableModel::BadgedRole).toBool());
    QVERIFY(c.data(Qt::BackgroundRole).value<QBrush>().style() != Qt::NoBrush);
    QVERIFY(c.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(c.data(Qt::ToolTipRole).toString().contains(QStringLiteral("secondary write-up")));
    // The whole row is tinted, the tag cell stronger.
    const QModelIndex cLabel = cell(inputs, "/regression/transition", 0);
    QVERIFY(cLabel.data(Qt::BackgroundRole).value<QBrush>().style() != Qt::NoBrush);
    QVERIFY(cLabel.data(Qt::BackgroundRole).value<QBrush>().color() !=
            c.data(Qt::BackgroundRole).value<QBrush>().color());

    // ?: an assumption, badged in another colour.
    const QModelIndex unknown = cell(inputs, "/discount_rate", tag);
    QCOMPARE(unknown.data().toString(), QStringLiteral("?"));
    QVERIFY(unknown.data(UncertainTableModel::BadgedRole).toBool());
    QVERIFY(unknown.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(unknown.data(Qt::BackgroundRole).value<QBrush>().color() !=
            c.data(Qt::BackgroundRole).value<QBrush>().color());
    QVERIFY(unknown.data(Qt::ToolTipRole).toString().contains(QStringLiteral("must be checked")));

    // A: a datasheet figure, no badge.
    const QModelIndex a = cell(inputs, "/pricebook/skus/MI300X/hbm_gb", tag);
    QCOMPARE(a.data().toString(), QStringLiteral("A"));
    QVERIFY(!a.data(UncertainTableModel::BadgedRole).toBool());
    QVERIFY(!a.data(Qt::BackgroundRole).isValid());
    QVERIFY(!a.data(Qt::FontRole).value<QFont>().bold());

    // Tagging a number B after checking it removes its badge.
    QVERIFY(inputs->setData(unknown, QStringLiteral("B")));
    QVERIFY(!cell(inputs, "/discount_rate", tag).data(UncertainTableModel::BadgedRole).toBool());
    // The reference ratio is exact: neither badged nor editable.
    const QModelIndex reference = cell(inputs, "/pricebook/performance/tensorrt-inference/H100",
                                       UncertainTableModel::MostLikelyColumn);
    QVERIFY(!(reference.flags() & Qt::ItemIsEditable));
    QVERIFY(!reference.data(UncertainTableModel::BadgedRole).toBool());
}

// Low and high are bounds, not P10/P90: the tooltip of a range says what the Monte Carlo draws
// (decision-practice.md §2), from the model's quantiles.
void TestScenarioEditor::rangesShowWhatTheyImply() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    const model::UncertainNumber& n = m_document->scenario().transition_regression;
    QVERIFY(!n.isCertain());
    const model::ImpliedSpread spread = model::impliedSpread(n);
    const QString tip =
        cell(inputs, "/regression/transition", UncertainTableModel::DistributionColumn)
            .data(Qt::ToolTipRole)
            .toString();
    for (const double v : {spread.p10, spread.p50, spread.p90, spread.mean})
        QVERIFY2(tip.contains(UncertainTableModel::displayText(v, model::InputUnit::Fraction)),
                 qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("bounds")));
    const QString header =
        inputs->headerData(UncertainTableModel::LowColumn, Qt::Horizontal, Qt::ToolTipRole)
            .toString();
    QVERIFY2(header.contains(QStringLiteral("not its P10")), qPrintable(header));
}

void TestScenarioEditor::filterFindsInputs() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    const int all = inputs->rowCount();
    inputs->setFilterText(QStringLiteral("mi300x PRICE"));
    QVERIFY(inputs->rowCount() > 0 && inputs->rowCount() < all);
    for (int row = 0; row < inputs->rowCount(); ++row) {
        // Every word is found in the label, the pointer or the source.
        const QString text =
            inputs->pointerAt(row) + QLatin1Char(' ') +
            inputs->index(row, UncertainTableModel::InputColumn).data().toString() +
            QLatin1Char(' ') +
            inputs->index(row, UncertainTableModel::SourceColumn).data(Qt::EditRole).toString();
        QVERIFY(text.contains(QStringLiteral("mi300x"), Qt::CaseInsensitive));
        QVERIFY(text.contains(QStringLiteral("price"), Qt::CaseInsensitive));
    }
    QVERIFY(inputs->rowOf(QStringLiteral("/pricebook/skus/MI300X/purchase_usd")) >= 0);
    inputs->setFilterText(QStringLiteral("HetCCL"));
    QCOMPARE(inputs->rowCount(), 2);
    inputs->setFilterText(QStringLiteral("no such input anywhere"));
    QCOMPARE(inputs->rowCount(), 0);
    inputs->setFilterText(QString());
    QCOMPARE(inputs->rowCount(), all);
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
    QCOMPARE(m_document->scenario(), sample("mixed-tensorrt.json"));
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
    QCOMPARE(m_document->scenario(), sample("mixed-tensorrt.json"));
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

QTEST_MAIN(TestScenarioEditor)
#include "tst_scenario_editor.moc"
