#include "samples.h"
#include "scenario_document.h"
#include "scenario_json.h"
#include "whatif.h"
#include "whatif_panel.h"

#include <QAbstractButton>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QObject>
#include <QPoint>
#include <QSlider>
#include <QSpinBox>
#include <QString>
#include <QStringLiteral>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>
#include <QTextDocument>
#include <memory>

using namespace crossgrade;
using model::WhatIfKnob;
using ui::ScenarioDocument;
using ui::WhatIfPanel;

Q_DECLARE_METATYPE(WhatIfKnob)

namespace {

model::Scenario sampleScenario(const QString& name) {
    for (const data::SampleFile& file : data::sampleScenarios())
        if (file.name == name) {
            data::ScenarioReadResult read = data::readScenario(file.text);
            if (read.scenario)
                return *read.scenario;
        }
    qFatal("sample scenario %s is missing or unreadable", qPrintable(name));
}

// A drag as the slider reports it: pressed, moved through `steps`, released.
void drag(QSlider* slider, std::initializer_list<int> steps) {
    slider->setSliderDown(true);
    for (int step : steps)
        slider->setValue(step);
    slider->setSliderDown(false);
}

QPoint handleCentre(QSlider* slider) {
    // QSlider::initStyleOption is protected; these are the fields the style's geometry reads.
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    option.singleStep = slider->singleStep();
    option.pageStep = slider->pageStep();
    option.upsideDown = slider->invertedAppearance();
    option.subControls = QStyle::SC_All;
    return slider->style()
        ->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider)
        .center();
}

double shownScale(WhatIfKnob knob) {
    const model::KnobUnit unit = model::knobInfo(knob).unit;
    return unit == model::KnobUnit::Fraction || unit == model::KnobUnit::GrowthPerMonth ? 100 : 1;
}

} // namespace

class TestWhatIfPanel : public QObject {
    Q_OBJECT

    model::Scenario m_sample;
    std::unique_ptr<ScenarioDocument> m_document;
    std::unique_ptr<WhatIfPanel> m_panel;

    QUndoStack* undo() { return m_document->undoStack(); }

private slots:
    void initTestCase() { m_sample = sampleScenario(QStringLiteral("large-model-inference.json")); }

    void init() {
        m_document = std::make_unique<ScenarioDocument>(m_sample);
        m_panel = std::make_unique<WhatIfPanel>();
        m_panel->setDocument(m_document.get());
    }

    void cleanup() {
        m_panel.reset();
        if (m_document)
            m_document->waitForEvaluation();
        m_document.reset();
    }

    // Issue 10 point 3: every knob's slider and box explain the knob, its unit and where the value
    // it starts from comes from — the cited source of the number it stands for.
    void everyKnobNamesItsSource() {
        for (WhatIfKnob knob : model::kAllWhatIfKnobs) {
            for (QWidget* w : {static_cast<QWidget*>(m_panel->slider(knob)),
                               static_cast<QWidget*>(m_panel->box(knob))}) {
                QTextDocument document;
                document.setHtml(w->toolTip());
                const QString tip = document.toPlainText();
                const QString name = QString::fromUtf8(model::toString(knob).data());
                QVERIFY2(tip.contains(QStringLiteral("Unit:")), qPrintable(name + ": " + tip));
                QVERIFY2(tip.contains(QStringLiteral("Default from:")),
                         qPrintable(name + ": " + tip));
                QVERIFY2(tip.contains(QStringLiteral("Source:")), qPrintable(name + ": " + tip));
                if (const auto number = model::knobNumber(m_sample, knob))
                    QVERIFY2(
                        tip.contains(QString::fromStdString(number->source).simplified().left(30)),
                        qPrintable(name + ": " + tip));
            }
        }
        // The source follows the scenario: an edited source shows at once.
        QVERIFY(m_document
                    ->edit(QStringLiteral("source"),
                           [](model::Scenario& s) { s.amd_discount.source = "quote from AMD, Q3"; })
                    .isEmpty());
        QVERIFY(m_panel->slider(WhatIfKnob::AmdDiscount)
                    ->toolTip()
                    .contains(QStringLiteral("quote from AMD, Q3")));
    }

    void showsTheScenarioWithoutEditing() {
        QVERIFY(m_panel->isEnabled());
        QCOMPARE(undo()->count(), 0);
        for (WhatIfKnob knob : model::kAllWhatIfKnobs) {
            const double value = model::knobValue(m_sample, knob);
            QCOMPARE(m_panel->slider(knob)->value(), int(model::nearestKnobStep(knob, value)));
            if (auto* number = qobject_cast<QDoubleSpinBox*>(m_panel->box(knob)))
                QVERIFY2(std::abs(number->value() - value * shownScale(knob)) <=
                             0.5 * std::pow(10.0, -number->decimals()),
                         qPrintable(number->text()));
            else
                QCOMPARE(qobject_cast<QSpinBox*>(m_panel->box(knob))->value(), 60);
            QVERIFY(!m_panel->resetButton(knob)->isEnabled());
        }
        QVERIFY(!m_panel->resetAllButton()->isEnabled());
    }

    // HetCCL's month is a month of the plan, not a length: its name carries the calendar month,
    // which follows the knob.
    void hetcclMonthIsNamedInTheCalendar() {
        QLabel* label = nullptr;
        for (QLabel* l : m_panel->findChildren<QLabel*>())
            if (l->buddy() == m_panel->box(WhatIfKnob::HetcclMonth))
                label = l;
        QVERIFY(label);
        const auto named = [&](double month) {
            return QStringLiteral("(%1)").arg(QString::fromStdString(
                model::monthLabel(m_sample.start_month, int(std::lround(month)))));
        };
        const double month = model::knobValue(m_sample, WhatIfKnob::HetcclMonth);
        QVERIFY2(label->text().endsWith(named(month)), qPrintable(label->text()));
        if (auto* whole = qobject_cast<QSpinBox*>(m_panel->box(WhatIfKnob::HetcclMonth)))
            whole->setValue(int(month) - 6);
        else
            qobject_cast<QDoubleSpinBox*>(m_panel->box(WhatIfKnob::HetcclMonth))
                ->setValue(month - 6);
        QVERIFY2(label->text().endsWith(named(month - 6)), qPrintable(label->text()));
    }

    // The demo's port months are 1.5: the box and the saved label said "2 mo".
    void bug_halfPortMonthShownRounded() {
        QCOMPARE(model::knobValue(m_sample, WhatIfKnob::PortMonths), 1.5);
        auto* box = qobject_cast<QDoubleSpinBox*>(m_panel->box(WhatIfKnob::PortMonths));
        QVERIFY(box);
        QCOMPARE(box->value(), 1.5);
        QVERIFY2(box->text().startsWith(QLocale().toString(1.5, 'f', 1)), qPrintable(box->text()));
        bool savedShown = false;
        for (QLabel* label : m_panel->findChildren<QLabel*>())
            savedShown = savedShown || label->text().contains(QLatin1String("saved: ") +
                                                              QLocale().toString(1.5, 'f', 1));
        QVERIFY(savedShown);
    }

    // Every knob through its slider: what withKnob says, one undo step, undone exactly.
    void dragEveryKnob_data() {
        QTest::addColumn<WhatIfKnob>("knob");
        for (WhatIfKnob knob : model::kAllWhatIfKnobs)
            QTest::newRow(model::toString(knob).data()) << knob;
    }
    void dragEveryKnob() {
        QFETCH(WhatIfKnob, knob);
        QSlider* slider = m_panel->slider(knob);
        QVERIFY(slider->isEnabled());
        const int start = slider->value();
        const int end = start + 3 <= slider->maximum() ? start + 3 : start - 3;

        slider->setSliderDown(true);
        QVERIFY(m_document->isInteractive());
        slider->setValue((start + end) / 2);
        QVERIFY(m_document->evaluationHeldPolicies()); // redrawn live with the policies held
        slider->setValue(end);
        QVERIFY(m_document->isInteractive());
        slider->setSliderDown(false);
        QVERIFY(!m_document->isInteractive());

        const model::Scenario expected =
            model::withKnob(m_sample, knob, model::knobStepValue(knob, end));
        QVERIFY(expected != m_sample);
        QVERIFY(m_document->scenario() == expected);
        QCOMPARE(undo()->count(), 1);
        QCOMPARE(slider->value(), end);
        QVERIFY(m_panel->resetButton(knob)->isEnabled());
        undo()->undo();
        QVERIFY(m_document->scenario() == m_sample);
        QCOMPARE(slider->value(), start);
        QVERIFY(!m_document->isModified());
    }

    void twoDragsAreTwoUndoSteps() {
        QSlider* slider = m_panel->slider(WhatIfKnob::AmdDiscount);
        const int start = slider->value();
        drag(slider, {start + 1, start + 2});
        drag(slider, {start + 3, start + 5});
        QCOMPARE(undo()->count(), 2);
        QCOMPARE(model::knobValue(m_document->scenario(), WhatIfKnob::AmdDiscount),
                 model::knobStepValue(WhatIfKnob::AmdDiscount, start + 5));
        undo()->undo();
        QCOMPARE(model::knobValue(m_document->scenario(), WhatIfKnob::AmdDiscount),
                 model::knobStepValue(WhatIfKnob::AmdDiscount, start + 2));
        undo()->undo();
        QVERIFY(m_document->scenario() == m_sample);
    }

    void dragsOfTwoKnobsAreTwoSteps() {
        drag(m_panel->slider(WhatIfKnob::AmdDiscount),
             {m_panel->slider(WhatIfKnob::AmdDiscount)->value() + 4});
        drag(m_panel->slider(WhatIfKnob::EnergyPrice),
             {m_panel->slider(WhatIfKnob::EnergyPrice)->value() + 4});
        QCOMPARE(undo()->count(), 2);
    }

    void dragBackToItsStartLeavesNoStep() {
        QSlider* slider = m_panel->slider(WhatIfKnob::AmdInferencePerformance);
        const int start = slider->value();
        drag(slider, {start + 10, start + 20, start});
        QVERIFY(m_document->scenario() == m_sample);
        QCOMPARE(undo()->count(), 0);
        QVERIFY(!m_document->isModified());
    }

    void mouseDragIsOneStep() {
        m_panel->resize(320, 600);
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
        QSlider* slider = m_panel->slider(WhatIfKnob::AmdDiscount);
        const int start = slider->value();
        const QPoint from = handleCentre(slider);
        QTest::mousePress(slider, Qt::LeftButton, {}, from);
        QVERIFY(slider->isSliderDown());
        QVERIFY(m_document->isInteractive());
        QTest::mouseMove(slider, from + QPoint(20, 0));
        QTest::mouseMove(slider, from + QPoint(40, 0));
        QTest::mouseRelease(slider, Qt::LeftButton, {}, from + QPoint(40, 0));
        QVERIFY(!m_document->isInteractive());
        QVERIFY2(slider->value() > start, qPrintable(QString::number(slider->value())));
        QCOMPARE(undo()->count(), 1);
        QVERIFY(m_document->scenario() ==
                model::withKnob(m_sample, WhatIfKnob::AmdDiscount,
                                model::knobStepValue(WhatIfKnob::AmdDiscount, slider->value())));
    }

    void keyboardStepsAreStepsOfTheirOwn() {
        QSlider* slider = m_panel->slider(WhatIfKnob::TargetUtilisation);
        const int start = slider->value();
        QTest::keyClick(slider, Qt::Key_Right);
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(slider->value(), start + 2);
        QCOMPARE(undo()->count(), 2);
        QVERIFY(!m_document->isInteractive());
        QCOMPARE(model::knobValue(m_document->scenario(), WhatIfKnob::TargetUtilisation),
                 model::knobStepValue(WhatIfKnob::TargetUtilisation, start + 2));
    }

    void boxEditApplies() {
        auto* box = qobject_cast<QDoubleSpinBox*>(m_panel->box(WhatIfKnob::AmdDiscount));
        QVERIFY(box);
        box->setValue(15.0); // per cent
        QCOMPARE(m_document->scenario().amd_discount.mostLikely(), 0.15);
        QVERIFY(m_document->scenario() == model::withKnob(m_sample, WhatIfKnob::AmdDiscount, 0.15));
        QCOMPARE(m_panel->slider(WhatIfKnob::AmdDiscount)->value(), 15);
        box->setValue(20.0);
        QCOMPARE(undo()->count(), 2); // box edits never merge
        QVERIFY(!m_document->isInteractive());

        // Typing commits on Enter only.
        box->selectAll();
        QTest::keyClicks(box, QStringLiteral("12"));
        QCOMPARE(undo()->count(), 2);
        QTest::keyClick(box, Qt::Key_Return);
        QCOMPARE(undo()->count(), 3);
        QCOMPARE(m_document->scenario().amd_discount.mostLikely(), 0.12);

        auto* horizon = qobject_cast<QSpinBox*>(m_panel->box(WhatIfKnob::Horizon));
        QVERIFY(horizon);
        horizon->setValue(36);
        QCOMPARE(m_document->scenario().horizon_months, 36);
        QCOMPARE(undo()->count(), 4);
        while (undo()->canUndo())
            undo()->undo();
        QVERIFY(m_document->scenario() == m_sample);
    }

    void anotherEditorsChangeUpdatesWithoutEditing() {
        const QString error = m_document->edit(QStringLiteral("energy elsewhere"), [](auto& s) {
            s.usd_per_kwh = model::UncertainNumber::between(0.15, 0.2, 0.25);
        });
        QVERIFY(error.isEmpty());
        QCOMPARE(undo()->count(), 1);
        QCOMPARE(qobject_cast<QDoubleSpinBox*>(m_panel->box(WhatIfKnob::EnergyPrice))->value(),
                 0.2);
        QCOMPARE(m_panel->slider(WhatIfKnob::EnergyPrice)->value(), 40); // 0.2 ÷ 0.005
        QVERIFY(m_panel->resetButton(WhatIfKnob::EnergyPrice)->isEnabled());
        undo()->undo();
        QCOMPARE(undo()->count(), 1); // no edit came back from the panel
        QCOMPARE(undo()->index(), 0);
        QCOMPARE(qobject_cast<QDoubleSpinBox*>(m_panel->box(WhatIfKnob::EnergyPrice))->value(),
                 0.09);
        QVERIFY(m_document->scenario() == m_sample);
    }

    void sliderWidensToAValueOutsideItsSpan() {
        QSlider* slider = m_panel->slider(WhatIfKnob::AmdDiscount);
        QCOMPARE(slider->maximum(), 60);
        QVERIFY(m_document
                    ->edit(QStringLiteral("deep discount"),
                           [](auto& s) {
                               s.amd_discount = model::UncertainNumber::between(0.7, 0.8, 0.9);
                           })
                    .isEmpty());
        QCOMPARE(slider->value(), 80);
        QVERIFY(slider->maximum() >= 80);
        QCOMPARE(slider->minimum(), 0);
        undo()->undo();
        QCOMPARE(slider->maximum(), 60);
        QCOMPARE(slider->value(), 8);

        // Below the span: negative growth of every workload widens the lower end.
        QSlider* growth = m_panel->slider(WhatIfKnob::DemandGrowth);
        qobject_cast<QDoubleSpinBox*>(m_panel->box(WhatIfKnob::DemandGrowth))->setValue(-10.0);
        QCOMPARE(growth->value(), -40); // −0.10 ÷ 0.0025
        QVERIFY(growth->minimum() <= -40);
        // The saved value stays on the slider too.
        QVERIFY(growth->maximum() >=
                model::nearestKnobStep(WhatIfKnob::DemandGrowth,
                                       model::knobValue(m_sample, WhatIfKnob::DemandGrowth)));
    }

    void resetToSaved() {
        QSlider* slider = m_panel->slider(WhatIfKnob::EngineerCost);
        drag(slider, {slider->value() + 10});
        QAbstractButton* reset = m_panel->resetButton(WhatIfKnob::EngineerCost);
        QVERIFY(reset->isEnabled());
        QVERIFY(m_panel->resetAllButton()->isEnabled());
        reset->click();
        QCOMPARE(undo()->count(), 2);
        QCOMPARE(model::knobValue(m_document->scenario(), WhatIfKnob::EngineerCost),
                 model::knobValue(m_sample, WhatIfKnob::EngineerCost));
        QVERIFY(!reset->isEnabled());

        // Reset all: one step for every knob that moved.
        drag(m_panel->slider(WhatIfKnob::AmdDiscount),
             {m_panel->slider(WhatIfKnob::AmdDiscount)->value() + 5});
        qobject_cast<QSpinBox*>(m_panel->box(WhatIfKnob::Horizon))->setValue(24);
        QCOMPARE(undo()->count(), 4);
        m_panel->resetAllButton()->click();
        QCOMPARE(undo()->count(), 5);
        for (WhatIfKnob knob : model::kAllWhatIfKnobs)
            QCOMPARE(model::knobValue(m_document->scenario(), knob),
                     model::knobValue(m_sample, knob));
        QVERIFY(!m_panel->resetAllButton()->isEnabled());
    }

    void savingMovesTheBaseline() {
        qobject_cast<QSpinBox*>(m_panel->box(WhatIfKnob::Horizon))->setValue(24);
        QVERIFY(m_panel->resetButton(WhatIfKnob::Horizon)->isEnabled());
        m_document->waitForEvaluation();
        m_document->markSaved();
        QVERIFY(!m_panel->resetButton(WhatIfKnob::Horizon)->isEnabled());
    }

    void withoutADocumentThePanelIsDisabled() {
        m_panel->setDocument(nullptr);
        QVERIFY(!m_panel->isEnabled());
        m_panel->slider(WhatIfKnob::AmdDiscount)->setValue(30);
        QCOMPARE(undo()->count(), 0);

        // A document that goes away leaves a disabled panel, not a dangling pointer.
        m_panel->setDocument(m_document.get());
        QVERIFY(m_panel->isEnabled());
        m_document.reset();
        QVERIFY(!m_panel->isEnabled());
        QVERIFY(!m_panel->document());
        m_panel->slider(WhatIfKnob::AmdDiscount)->setValue(20);
    }

    // CROSSGRADE_WHATIF_PNG=path saves the panel as drawn, for a look and for the docs.
    void rendersInADock() {
        // With one knob moved, so the saved read-out and the reset buttons show their other state.
        drag(m_panel->slider(WhatIfKnob::AmdDiscount),
             {m_panel->slider(WhatIfKnob::AmdDiscount)->value() + 12});
        m_panel->resize(320, 900);
        const QString path = qEnvironmentVariable("CROSSGRADE_WHATIF_PNG");
        const QPixmap pixmap = m_panel->grab();
        QVERIFY(!pixmap.isNull());
        if (!path.isEmpty())
            QVERIFY(pixmap.save(path));
    }
};

QTEST_MAIN(TestWhatIfPanel)
#include "tst_whatif_panel.moc"
