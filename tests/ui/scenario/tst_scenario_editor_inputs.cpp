// The scenario editor's tables of uncertain numbers (ui/scenario/uncertain_table_model.h) as the
// editor shows them: display text and parsing in each unit, every cell edit one undo step, a
// refused value changes nothing and says why, C and ? are badged, the filter finds inputs. The
// editor's pages, collections and tooltips are in tst_scenario_editor.cpp.

#include "sampling.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_editor_fixture.h"
#include "uncertain_table_model.h"

#include <QBrush>
#include <QComboBox>
#include <QFont>
#include <QModelIndex>
#include <QObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QString>
#include <QStringLiteral>
#include <QTableView>
#include <QTest>
#include <QVariant>
#include <cmath>
#include <limits>
#include <memory>

using namespace crossgrade;
using crossgrade::testing::cell;
using crossgrade::ui::ScenarioEditor;
using crossgrade::ui::UncertainTableModel;

class TestScenarioEditorInputs : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

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
    void monthOfThePlanReadsAsACalendarMonth();

    void correlationsAreVisibleAndEditable();

private:
    std::unique_ptr<ui::ScenarioDocument> m_document;
    std::unique_ptr<ScenarioEditor> m_editor;
};

void TestScenarioEditorInputs::init() {
    m_document = std::make_unique<ui::ScenarioDocument>(testing::editorSample());
    m_editor = std::make_unique<ScenarioEditor>();
    m_editor->setDocument(m_document.get());
}

void TestScenarioEditorInputs::cleanup() {
    m_editor.reset();
    m_document.reset();
}

void TestScenarioEditorInputs::displayText_data() {
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

void TestScenarioEditorInputs::displayText() {
    QFETCH(double, value);
    QFETCH(model::InputUnit, unit);
    QFETCH(QString, text);
    QCOMPARE(UncertainTableModel::displayText(value, unit), text);
    // What is shown, typed back, is the same number.
    const auto back = UncertainTableModel::parseValue(text, unit);
    QVERIFY(back.has_value());
    QVERIFY(std::fabs(*back - value) <= 1e-12 * std::max(1.0, std::fabs(value)));
}

void TestScenarioEditorInputs::parseValue_data() {
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

void TestScenarioEditorInputs::parseValue() {
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

void TestScenarioEditorInputs::editingMostLikelyIsOneUndoStep() {
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

void TestScenarioEditorInputs::refusedEditChangesNothing_data() {
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
        << "/pricebook/transition/tensorrt-inference" << high << QVariant(QStringLiteral("100 %"))
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

void TestScenarioEditorInputs::refusedEditChangesNothing() {
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
void TestScenarioEditorInputs::negativeRegressionIsTaken() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    QSignalSpy refused(inputs, &UncertainTableModel::editRefused);
    QVERIFY(inputs->setData(
        cell(inputs, "/pricebook/transition/tensorrt-inference", UncertainTableModel::LowColumn),
        QStringLiteral("-10 %")));
    QCOMPARE(refused.count(), 0);
    QCOMPARE(m_document->scenario()
                 .pricebook.transition.at(model::WorkloadClass::TensorRtInference)
                 .range.low,
             -0.1);
}

void TestScenarioEditorInputs::certainNumberStaysCertain() {
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

void TestScenarioEditorInputs::textIsReadInDisplayUnits() {
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

void TestScenarioEditorInputs::metadataEdits() {
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

void TestScenarioEditorInputs::badgesMarkCAndUnknown() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    const int tag = UncertainTableModel::TagColumn;
    // C: the article's transition regression (a secondary write-up).
    const QModelIndex c = cell(inputs, "/pricebook/transition/tensorrt-inference", tag);
    QCOMPARE(c.data().toString(), QStringLiteral("C"));
    QVERIFY(c.data(UncertainTableModel::BadgedRole).toBool());
    QVERIFY(c.data(Qt::BackgroundRole).value<QBrush>().style() != Qt::NoBrush);
    QVERIFY(c.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(c.data(Qt::ToolTipRole).toString().contains(QStringLiteral("secondary write-up")));
    // The whole row is tinted, the tag cell stronger.
    const QModelIndex cLabel = cell(inputs, "/pricebook/transition/tensorrt-inference", 0);
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
void TestScenarioEditorInputs::rangesShowWhatTheyImply() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    const model::UncertainNumber& n =
        m_document->scenario().pricebook.transition.at(model::WorkloadClass::TensorRtInference);
    QVERIFY(!n.isCertain());
    const model::ImpliedSpread spread = model::impliedSpread(n);
    const QString tip = cell(inputs, "/pricebook/transition/tensorrt-inference",
                             UncertainTableModel::DistributionColumn)
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

void TestScenarioEditorInputs::filterFindsInputs() {
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

// HetCCL's month is a point in the plan, not a length: its cells show the calendar month from
// the scenario's start (January 2027); without a start month they keep "72 mo".
void TestScenarioEditorInputs::monthOfThePlanReadsAsACalendarMonth() {
    UncertainTableModel* inputs = m_editor->inputsModel();
    const model::UncertainNumber& n = m_document->scenario().hetccl_available_month;
    const QModelIndex ml =
        cell(inputs, "/hetccl/available_month", UncertainTableModel::MostLikelyColumn);
    QVERIFY(ml.isValid());
    const int month = int(std::lround(n.mostLikely()));
    QCOMPARE(ml.data().toString(),
             QString::fromStdString(model::monthLabel(m_document->scenario().start_month, month)));
    // Typed in months after the start, as the file holds it.
    QCOMPARE(ml.data(Qt::EditRole).toString(), QString::number(month));
    QVERIFY(inputs->setData(ml, QStringLiteral("48")));
    QCOMPARE(ml.data().toString(), QStringLiteral("Jan 2031"));
    QVERIFY(
        m_document
            ->edit(QStringLiteral("no start"), [](model::Scenario& s) { s.start_month.reset(); })
            .isEmpty());
    QCOMPARE(ml.data().toString(), QStringLiteral("48 mo"));
}

// Issue 25, point 4: the correlations the draws carry are listed by input name in the Inputs
// view; ρ and the note are one undoable edit each, a ρ outside (−1, 1) or not a number is refused
// with nothing changed, and a pair is added from the two lists or removed.
void TestScenarioEditorInputs::correlationsAreVisibleAndEditable() {
    auto* view = m_editor->findChild<QTableView*>(QStringLiteral("correlations"));
    QVERIFY(view);
    QAbstractItemModel* model = view->model();
    const model::Scenario before = m_document->scenario();
    QCOMPARE(model->rowCount(), int(before.correlations.size()));
    QVERIFY(model->rowCount() > 10); // the price book's shared assumptions
    const std::string key = before.correlations.begin()->first;
    // The first row is the first key; its inputs by name, not by pointer.
    QVERIFY(!model->index(0, 0).data().toString().startsWith(QLatin1Char('/')));
    QCOMPARE(model->index(0, 0).data(Qt::ToolTipRole).toString(),
             QString::fromStdString(before.correlations.begin()->second.first));
    QCOMPARE(model->index(0, 2).data().toString(), QStringLiteral("0.80"));

    QSignalSpy refused(m_editor.get(), &ScenarioEditor::editRefused);
    QVERIFY(!model->setData(model->index(0, 2), QStringLiteral("1.2")));
    QVERIFY(!model->setData(model->index(0, 2), QStringLiteral("strong")));
    QCOMPARE(refused.count(), 2);
    QVERIFY(refused.back().front().toString().contains(QStringLiteral("not a number")));
    QVERIFY(refused.front().front().toString().contains(QStringLiteral("outside")));
    QCOMPARE(m_document->scenario(), before);

    // A ρ the other pairs cannot coexist with is refused with the reason, nothing changed.
    QVERIFY(!model->setData(model->index(0, 2), QStringLiteral("0.3")));
    QVERIFY(refused.back().front().toString().contains(QStringLiteral("positive-definite")));
    QCOMPARE(m_document->scenario(), before);
    QVERIFY(model->setData(model->index(0, 2), QStringLiteral("0.75")));
    QCOMPARE(m_document->scenario().correlations.at(key).rank_correlation, 0.75);
    QVERIFY(!model->setData(model->index(0, 3), QString(201, QLatin1Char('x'))));
    QVERIFY(refused.back().front().toString().contains(QStringLiteral("at most 200")));
    QVERIFY(model->setData(model->index(0, 3), QStringLiteral("same supplier")));
    QCOMPARE(m_document->scenario().correlations.at(key).note, std::string("same supplier"));
    QCOMPARE(m_document->undoStack()->count(), 2);

    // Adding a pair from the lists, then the same pair again (refused), then removing it.
    auto* first = m_editor->findChild<QComboBox*>(QStringLiteral("correlateFirst"));
    auto* second = m_editor->findChild<QComboBox*>(QStringLiteral("correlateSecond"));
    auto* add = m_editor->findChild<QPushButton*>(QStringLiteral("addCorrelation"));
    QVERIFY(first && second && add);
    first->setCurrentIndex(first->findData(QStringLiteral("/team/usd_per_engineer_month")));
    second->setCurrentIndex(second->findData(QStringLiteral("/ramp/usd_per_person_month")));
    QVERIFY(first->currentIndex() >= 0 && second->currentIndex() >= 0);
    add->click();
    QCOMPARE(model->rowCount(), int(before.correlations.size()) + 1);
    const int rows = model->rowCount();
    add->click(); // the same two inputs again
    QCOMPARE(model->rowCount(), rows);
    QVERIFY(refused.back().front().toString().contains(QStringLiteral("already correlated")));
    int added = -1;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(Qt::ToolTipRole).toString() ==
            QStringLiteral("/team/usd_per_engineer_month"))
            added = r;
    QVERIFY(added >= 0);
    view->setCurrentIndex(model->index(added, 0));
    m_editor->findChild<QPushButton*>(QStringLiteral("removeCorrelation"))->click();
    QCOMPARE(model->rowCount(), int(before.correlations.size()));
    m_document->undoStack()->undo(); // the removal
    m_document->undoStack()->undo(); // the addition
    m_document->undoStack()->undo(); // the note
    m_document->undoStack()->undo(); // ρ
    QCOMPARE(m_document->scenario(), before);
}

QTEST_MAIN(TestScenarioEditorInputs)
#include "tst_scenario_editor_inputs.moc"
