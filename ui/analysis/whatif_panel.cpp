#include "whatif_panel.h"

#include "month_text.h"
#include "qt_text.h"
#include "scenario_document.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

namespace crossgrade::ui {

using model::KnobUnit;
using model::WhatIfKnob;

namespace {

// How a knob's unit is shown: fractions as per cent, money with "$". Presentation only — the
// value the model sees is always the knob's own (0.25, not 25).
struct Display {
    double scale = 1;
    int decimals = 2;
    QString prefix;
    QString suffix;
};

Display displayOf(KnobUnit unit) {
    switch (unit) {
    case KnobUnit::Fraction:
        return {100, 1, {}, QStringLiteral(" %")};
    case KnobUnit::Usd:
        return {1, 0, QStringLiteral("$"), QStringLiteral("/mo")};
    case KnobUnit::UsdPerHour:
        return {1, 2, QStringLiteral("$"), QStringLiteral("/h")};
    case KnobUnit::Ratio:
        return {1, 2, {}, QStringLiteral("×")};
    case KnobUnit::Months:
        return {1, 0, {}, QStringLiteral(" mo")};
    case KnobUnit::GrowthPerMonth:
        return {100, 2, {}, QStringLiteral(" %/mo")};
    case KnobUnit::UsdPerKwh:
        return {1, 3, QStringLiteral("$"), QStringLiteral("/kWh")};
    }
    return {};
}

// The unit's display, with enough decimals to show one slider step: port months move by half a
// month, so 1.5 months must not read "2 mo".
Display displayOf(WhatIfKnob knob) {
    const model::WhatIfKnobInfo& info = model::knobInfo(knob);
    Display d = displayOf(info.unit);
    const auto showsStep = [&] {
        const double shown = info.slider_step * d.scale * std::pow(10.0, d.decimals);
        return std::abs(shown - std::round(shown)) < 1e-9;
    };
    while (d.decimals < 3 && !showsStep())
        ++d.decimals;
    return d;
}

QString formatValue(WhatIfKnob knob, double value) {
    const Display d = displayOf(knob);
    const QString sign = model::knobInfo(knob).unit == KnobUnit::GrowthPerMonth && value > 0
                             ? QStringLiteral("+")
                             : QString();
    return d.prefix + sign + QLocale().toString(value * d.scale, 'f', d.decimals) + d.suffix;
}

// Merge ids of the panel's drags: one block of 1000 per knob, cycling through the gestures, so
// consecutive drags of one knob never share an id (QUndoStack merges only equal ids in a row).
constexpr int kMergeIdBase = 1000;
constexpr int kGesturesPerKnob = 1000;

int mergeIdOf(WhatIfKnob knob, int gesture) {
    return kMergeIdBase + static_cast<int>(knob) * kGesturesPerKnob + gesture % kGesturesPerKnob;
}

int clampToInt(long step) {
    return static_cast<int>(std::clamp<long>(step, std::numeric_limits<int>::min() / 2,
                                             std::numeric_limits<int>::max() / 2));
}

constexpr int kBoxWidth = 100; // fits "$1,000,000/mo"'s usual cousins in a 320 px dock

} // namespace

WhatIfPanel::WhatIfPanel(QWidget* parent)
    : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(4);

    auto* header = new QHBoxLayout;
    header->setContentsMargins(6, 6, 6, 0);
    auto* hint = new QLabel(tr("Each knob moves every range it governs, keeping its width."));
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    m_resetAll = new QPushButton(tr("Reset all"));
    m_resetAll->setToolTip(tr("Move every knob back to the saved version's value (one undo "
                              "step)."));
    connect(m_resetAll, &QPushButton::clicked, this, &WhatIfPanel::resetAllToSaved);
    header->addWidget(hint, 1);
    header->addWidget(m_resetAll, 0, Qt::AlignTop);
    outer->addLayout(header);

    m_content = new QWidget;
    auto* rows = new QVBoxLayout(m_content);
    rows->setContentsMargins(6, 2, 6, 6);
    rows->setSpacing(8);
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        m_rows[i].knob = model::kAllWhatIfKnobs[i];
        rows->addWidget(buildRow(m_rows[i]));
    }
    m_error = new QLabel;
    m_error->setTextFormat(Qt::PlainText); // a refusal quotes the value
    m_error->setWordWrap(true);
    m_error->hide();
    rows->addWidget(m_error);
    rows->addStretch(1);

    auto* scroll = new QScrollArea;
    scroll->setWidget(m_content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    outer->addWidget(scroll, 1);

    setDocument(nullptr);
}

WhatIfPanel::~WhatIfPanel() {
    // Destroying a held slider sends no release: leave the document as a release would.
    if (m_document && std::any_of(m_rows.begin(), m_rows.end(),
                                  [](const KnobRow& r) { return r.slider->isSliderDown(); }))
        m_document->setInteractive(false);
}

QWidget* WhatIfPanel::buildRow(KnobRow& row) {
    const model::WhatIfKnobInfo& info = model::knobInfo(row.knob);
    const Display display = displayOf(row.knob);
    const QString tip =
        QStringLiteral("<p><b>%1</b></p><p>%2</p>")
            .arg(qs(info.label).toHtmlEscaped(), qs(info.governs).toHtmlEscaped()) +
        (info.whole_number ? QString()
                           : tr("<p>A range moves by the same amount at its low, most likely "
                                "and high values, keeping its width; a value that would leave "
                                "its domain stops at the edge.</p>"));

    row.widget = new QWidget;
    auto* grid = new QGridLayout(row.widget);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(1);

    row.label = new QLabel(qs(info.label));
    row.label->setToolTip(tip);
    row.saved = new QLabel;
    row.saved->setForegroundRole(QPalette::PlaceholderText);
    QFont small = row.saved->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    row.saved->setFont(small);
    row.saved->setToolTip(tr("The value in the saved version: the faint baseline."));
    row.reset = new QToolButton;
    row.reset->setAutoRaise(true);
    row.reset->setIcon(style()->standardIcon(QStyle::SP_DialogResetButton));
    if (row.reset->icon().isNull())
        row.reset->setText(tr("Reset"));
    row.reset->setToolTip(tr("Reset %1 to the saved value").arg(qs(info.label)));
    row.reset->setAccessibleName(row.reset->toolTip());
    connect(row.reset, &QToolButton::clicked, this, [this, &row] { resetToSaved(row); });

    row.slider = new QSlider(Qt::Horizontal);
    row.slider->setToolTip(tip);
    row.slider->setAccessibleName(qs(info.label));
    row.slider->setFocusPolicy(Qt::StrongFocus);
    row.slider->installEventFilter(this);
    connect(row.slider, &QSlider::sliderPressed, this, [this, &row] { sliderPressed(row); });
    connect(row.slider, &QSlider::valueChanged, this, [this, &row](int v) { sliderMoved(row, v); });
    connect(row.slider, &QSlider::sliderReleased, this, [this, &row] { sliderReleased(row); });

    QAbstractSpinBox* box = nullptr;
    if (info.whole_number) {
        row.months = new QSpinBox;
        row.months->setRange(int(info.entry_min), int(info.entry_max));
        row.months->setSuffix(display.suffix);
        connect(row.months, &QSpinBox::valueChanged, this,
                [this, &row](int v) { boxEdited(row, v); });
        box = row.months;
    } else {
        row.number = new QDoubleSpinBox;
        row.number->setDecimals(display.decimals);
        row.number->setRange(info.entry_min * display.scale, info.entry_max * display.scale);
        row.number->setSingleStep(info.slider_step * display.scale);
        row.number->setPrefix(display.prefix);
        row.number->setSuffix(display.suffix);
        // Back from display units: a division by 100 gives the double nearest 0.07 for "7 %".
        connect(row.number, &QDoubleSpinBox::valueChanged, this,
                [this, &row, scale = display.scale](double v) {
                    boxEdited(row, scale == 1 ? v : v / scale);
                });
        box = row.number;
    }
    // A value commits on Enter, focus loss or an arrow step, not on every keystroke.
    box->setKeyboardTracking(false);
    box->setFixedWidth(kBoxWidth);
    box->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    box->setToolTip(tip);
    box->setAccessibleName(qs(info.label));
    box->installEventFilter(this);
    row.label->setBuddy(box);

    // Two lines in a 320 px dock: the name (wrapping when long) and the saved value above, the
    // slider, the box and the reset button below, so nothing needs a horizontal scroll bar.
    row.label->setWordWrap(true);
    grid->addWidget(row.label, 0, 0);
    grid->addWidget(row.saved, 0, 1, 1, 2, Qt::AlignRight | Qt::AlignBottom);
    grid->addWidget(row.slider, 1, 0);
    grid->addWidget(box, 1, 1);
    grid->addWidget(row.reset, 1, 2);
    grid->setColumnStretch(0, 1);
    return row.widget;
}

void WhatIfPanel::setDocument(ScenarioDocument* document) {
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    for (KnobRow& row : m_rows)
        row.dragOrigin.reset();
    m_error->hide();
    setEnabled(document != nullptr);
    if (!document)
        return;
    connect(document, &ScenarioDocument::scenarioChanged, this, &WhatIfPanel::refresh);
    // Saving moves the baseline without changing the scenario; it re-emits the evaluation.
    connect(document, &ScenarioDocument::evaluationChanged, this, &WhatIfPanel::refresh);
    connect(document, &QObject::destroyed, this, [this] { setEnabled(false); });
    refresh();
}

QSlider* WhatIfPanel::slider(WhatIfKnob knob) const {
    return rowOf(knob).slider;
}

QAbstractSpinBox* WhatIfPanel::box(WhatIfKnob knob) const {
    const KnobRow& row = rowOf(knob);
    return row.number ? static_cast<QAbstractSpinBox*>(row.number) : row.months;
}

QAbstractButton* WhatIfPanel::resetButton(WhatIfKnob knob) const {
    return rowOf(knob).reset;
}

QAbstractButton* WhatIfPanel::resetAllButton() const {
    return m_resetAll;
}

bool WhatIfPanel::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Wheel) {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (widget && !widget->hasFocus()) {
            event->ignore(); // propagates to the scroll area
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void WhatIfPanel::refresh() {
    if (!m_document)
        return;
    bool anyDiffers = false;
    for (KnobRow& row : m_rows) {
        refreshRow(row);
        anyDiffers = anyDiffers || row.reset->isEnabled();
    }
    m_resetAll->setEnabled(anyDiffers);
}

void WhatIfPanel::refreshRow(KnobRow& row) {
    const model::Scenario& scenario = m_document->scenario();
    const model::Scenario& baseline = m_document->baseline();
    const model::WhatIfKnobInfo& info = model::knobInfo(row.knob);
    const bool applies = model::knobApplies(scenario, row.knob);
    const bool savedApplies = model::knobApplies(baseline, row.knob);
    const double value = model::knobValue(scenario, row.knob);
    const double saved = model::knobValue(baseline, row.knob);

    row.widget->setEnabled(applies);
    // A month of the plan (not a length) is named in the calendar too: "HetCCL … (Jul 2028)".
    QString label = qs(info.label);
    if (row.knob == WhatIfKnob::HetcclMonth && scenario.start_month && applies)
        label += QStringLiteral(" (%1)").arg(
            reports::monthText(scenario.start_month, int(std::lround(value))));
    row.label->setText(label);
    const QString tip = tooltipOf(row.knob, scenario, applies);
    row.label->setToolTip(tip);
    row.slider->setToolTip(tip);
    (row.number ? static_cast<QWidget*>(row.number) : row.months)->setToolTip(tip);
    row.saved->setText(savedApplies ? tr("saved: %1").arg(formatValue(row.knob, saved))
                                    : tr("saved: —"));
    // Equal as shown means nothing to reset, whatever lies below the displayed digits.
    row.reset->setEnabled(applies && savedApplies &&
                          formatValue(row.knob, value) != formatValue(row.knob, saved));

    // The slider under the user's mouse keeps its range and position until released.
    if (!row.slider->isSliderDown()) {
        const QSignalBlocker block(row.slider);
        // The default span, widened to show the current and the saved value.
        double low = std::min(info.slider_min, value);
        double high = std::max(info.slider_max, value);
        if (savedApplies) {
            low = std::min(low, saved);
            high = std::max(high, saved);
        }
        row.slider->setRange(clampToInt(model::nearestKnobStep(row.knob, low)),
                             clampToInt(model::nearestKnobStep(row.knob, high)));
        row.slider->setValue(clampToInt(model::nearestKnobStep(row.knob, value)));
        row.slider->setPageStep(std::max(1, (row.slider->maximum() - row.slider->minimum()) / 10));
    }
    setBoxValue(row, value);
}

void WhatIfPanel::setBoxValue(KnobRow& row, double value) {
    if (row.months) {
        const QSignalBlocker block(row.months);
        row.months->setValue(int(std::lround(value)));
    } else {
        const QSignalBlocker block(row.number);
        row.number->setValue(value * displayOf(row.knob).scale);
    }
}

// What the knob means, its unit, what it governs and where the value it starts from comes from:
// the cited source of the number it stands for, or the inputs it averages.
QString WhatIfPanel::tooltipOf(WhatIfKnob knob, const model::Scenario& scenario, bool applies) {
    const model::WhatIfKnobInfo& info = model::knobInfo(knob);
    QString unit;
    switch (info.unit) {
    case KnobUnit::Fraction:
        unit = tr("per cent (a fraction: 25 % is 0.25)");
        break;
    case KnobUnit::Usd:
        unit = tr("US dollars per engineer-month");
        break;
    case KnobUnit::UsdPerHour:
        unit = tr("US dollars per GPU-hour, all-in (power and facility included)");
        break;
    case KnobUnit::Ratio:
        unit = tr("throughput relative to H100 (1.2× is 20 % faster)");
        break;
    case KnobUnit::Months:
        unit = tr("months");
        break;
    case KnobUnit::GrowthPerMonth:
        unit = tr("per cent per month; negative for shrinking demand");
        break;
    case KnobUnit::UsdPerKwh:
        unit = tr("US dollars per kilowatt-hour");
        break;
    }
    QString origin;
    if (!applies) {
        origin = tr("nothing: this scenario has nothing for the knob to move (no workload, or "
                    "no AMD SKU in that class of its price book).");
    } else if (const auto number = model::knobNumber(scenario, knob)) {
        const bool fromBook =
            knob == WhatIfKnob::AmdUsdPerGpuHour || knob == WhatIfKnob::NvidiaUsdPerGpuHour ||
            knob == WhatIfKnob::AmdInferencePerformance ||
            knob == WhatIfKnob::AmdTrainingPerformance || knob == WhatIfKnob::PortMonths;
        origin =
            (fromBook ? tr("the most likely value of the price book “%1” %2 entry, copied "
                           "into this scenario.")
                            .arg(QString::fromStdString(scenario.pricebook.name).toHtmlEscaped(),
                                 QString::fromStdString(scenario.pricebook.version).toHtmlEscaped())
                      : tr("the most likely value of the scenario's own input.")) +
            QStringLiteral("<br><b>%1</b> ").arg(tr("Source:")) +
            (number->source.empty()
                 ? tr("none given — an assumption to check")
                 : QString::fromStdString(number->source).toHtmlEscaped() +
                       (number->date.empty()
                            ? QString()
                            : QStringLiteral(" (%1)").arg(
                                  QString::fromStdString(number->date).toHtmlEscaped())));
    } else if (knob == WhatIfKnob::Horizon) {
        origin = tr("the scenario's horizon, as its template or file set it.<br><b>Source:</b> "
                    "DESIGN.md, Cost engine: a horizon of 1–120 months.");
    } else {
        QStringList sources;
        for (const auto& [id, workload] : scenario.workloads)
            if (!workload.growth_per_month.source.empty())
                sources << QStringLiteral("%1: %2").arg(
                    QString::fromStdString(id).toHtmlEscaped(),
                    QString::fromStdString(workload.growth_per_month.source).toHtmlEscaped());
        origin = tr("the mean of the workloads' most likely monthly growth (Inputs → "
                    "Workloads).<br><b>Source:</b> %1")
                     .arg(sources.isEmpty() ? tr("none given — an assumption to check")
                                            : sources.join(QStringLiteral("; ")));
    }
    return QStringLiteral("<p><b>%1</b></p><p>%2</p><p><b>%3</b> %4<br><b>%5</b> %6</p>")
               .arg(qs(info.label).toHtmlEscaped(), qs(info.governs).toHtmlEscaped(), tr("Unit:"),
                    unit.toHtmlEscaped(), tr("Default from:"), origin) +
           (info.whole_number ? QString()
                              : tr("<p>A range moves by the same amount at its low, most likely "
                                   "and high values, keeping its width; a value that would "
                                   "leave its domain stops at the edge.</p>"));
}

QString WhatIfPanel::editText(const KnobRow& row) const {
    return tr("What-if: %1").arg(qs(model::knobInfo(row.knob).label));
}

void WhatIfPanel::apply(const QString& text, const std::function<void(model::Scenario&)>& change,
                        int mergeId) {
    if (!m_document)
        return;
    const QString error = m_document->edit(text, change, mergeId);
    // Knobs never change the scenario's structure, so a refusal means the scenario was already
    // one the engine cannot take: say so rather than swallow the edit silently.
    m_error->setText(error.isEmpty() ? QString() : tr("Not applied: %1").arg(error));
    m_error->setVisible(!error.isEmpty());
}

void WhatIfPanel::sliderPressed(KnobRow& row) {
    if (!m_document)
        return;
    ++row.gesture;
    row.dragOrigin = m_document->scenario();
    // Held door policies while the slider is down: a frame per step, not a policy search.
    m_document->setInteractive(true);
}

void WhatIfPanel::sliderMoved(KnobRow& row, int step) {
    if (!m_document)
        return;
    const double value = model::knobStepValue(row.knob, step);
    const WhatIfKnob knob = row.knob;
    if (row.slider->isSliderDown() && row.dragOrigin) {
        const model::Scenario& origin = *row.dragOrigin;
        apply(
            editText(row),
            [&origin, knob, value](model::Scenario& s) {
                s = model::withKnob(origin, knob, value);
            },
            mergeIdOf(knob, row.gesture));
    } else {
        // A key press, a page step or a wheel notch: a step of its own.
        apply(
            editText(row),
            [knob, value](model::Scenario& s) { s = model::withKnob(std::move(s), knob, value); },
            0);
    }
}

void WhatIfPanel::sliderReleased(KnobRow& row) {
    row.dragOrigin.reset();
    if (!m_document)
        return;
    m_document->setInteractive(false); // re-optimises the door policies in the background
    refreshRow(row);                   // the range may widen or narrow now the drag is over
}

void WhatIfPanel::boxEdited(KnobRow& row, double value) {
    const WhatIfKnob knob = row.knob;
    apply(
        editText(row),
        [knob, value](model::Scenario& s) { s = model::withKnob(std::move(s), knob, value); }, 0);
}

void WhatIfPanel::resetToSaved(KnobRow& row) {
    if (!m_document)
        return;
    const WhatIfKnob knob = row.knob;
    const double saved = model::knobValue(m_document->baseline(), knob);
    apply(
        tr("Reset %1 to saved").arg(qs(model::knobInfo(knob).label)),
        [knob, saved](model::Scenario& s) { s = model::withKnob(std::move(s), knob, saved); }, 0);
}

void WhatIfPanel::resetAllToSaved() {
    if (!m_document)
        return;
    const model::Scenario& baseline = m_document->baseline();
    apply(
        tr("Reset what-if knobs to saved"),
        [&baseline](model::Scenario& s) {
            for (WhatIfKnob knob : model::kAllWhatIfKnobs)
                if (model::knobApplies(baseline, knob))
                    s = model::withKnob(std::move(s), knob, model::knobValue(baseline, knob));
        },
        0);
}

} // namespace crossgrade::ui
