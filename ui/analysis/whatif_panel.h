#pragma once

// The what-if panel (DESIGN.md, "UI"; docs/whatif.md): one slider and one numeric box per knob
// of model/scenario/whatif.h, with the saved version's value beside each. Every change is one undo
// step of the open ScenarioDocument; a drag merges into one and holds the door policies fixed while
// the slider is down, so the costs redraw live and are re-optimised on release.

#include "whatif.h"

#include <QPointer>
#include <QWidget>
#include <array>
#include <functional>
#include <optional>

class QAbstractButton;
class QAbstractSpinBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QToolButton;

namespace crossgrade::ui {

class ScenarioDocument;

class WhatIfPanel : public QWidget {
    Q_OBJECT

public:
    explicit WhatIfPanel(QWidget* parent = nullptr);
    ~WhatIfPanel() override;

    // The document the knobs edit; nullptr disables the panel. The panel does not own it.
    void setDocument(ScenarioDocument* document);
    ScenarioDocument* document() const { return m_document; }

    // The controls of one knob, for tests and for the main window's keyboard shortcuts.
    QSlider* slider(model::WhatIfKnob knob) const;
    QAbstractSpinBox* box(model::WhatIfKnob knob) const; // QSpinBox for the horizon
    QAbstractButton* resetButton(model::WhatIfKnob knob) const;
    QAbstractButton* resetAllButton() const;

protected:
    // A wheel over an unfocused slider or box scrolls the panel instead of moving a knob.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct KnobRow {
        model::WhatIfKnob knob{};
        QWidget* widget = nullptr;
        QLabel* label = nullptr;
        QLabel* saved = nullptr;
        QToolButton* reset = nullptr;
        QSlider* slider = nullptr;
        QDoubleSpinBox* number = nullptr; // every knob but the horizon
        QSpinBox* months = nullptr;       // the horizon: a whole number of months
        // Bumped on each slider press so that two drags are two undo steps.
        int gesture = 0;
        // The scenario when the drag began: each step of a drag is computed from it, so a drag
        // that ends where it began changes nothing and leaves no undo step.
        std::optional<model::Scenario> dragOrigin;
    };

    QWidget* buildRow(KnobRow& row);
    KnobRow& rowOf(model::WhatIfKnob knob) { return m_rows[static_cast<std::size_t>(knob)]; }
    const KnobRow& rowOf(model::WhatIfKnob knob) const {
        return m_rows[static_cast<std::size_t>(knob)];
    }

    void refresh();
    void refreshRow(KnobRow& row);
    void setBoxValue(KnobRow& row, double value);

    void sliderPressed(KnobRow& row);
    void sliderMoved(KnobRow& row, int step);
    void sliderReleased(KnobRow& row);
    void boxEdited(KnobRow& row, double value);
    void resetToSaved(KnobRow& row);
    void resetAllToSaved();
    void apply(const QString& text, const std::function<void(model::Scenario&)>& change,
               int mergeId);
    QString editText(const KnobRow& row) const;
    static QString tooltipOf(model::WhatIfKnob knob, const model::Scenario& scenario, bool applies);

    std::array<KnobRow, model::kAllWhatIfKnobs.size()> m_rows;
    QPointer<ScenarioDocument> m_document;
    QWidget* m_content = nullptr;
    QPushButton* m_resetAll = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace crossgrade::ui
