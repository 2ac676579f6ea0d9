#pragma once

// Tools → HetCCL watch (docs/hetccl-watch.md, "In the app"): the store's dated checklist of
// HetCCL maturity signals, one tab per paper (the two papers named HetCCL are never mixed),
// the range of hetccl.available_month each paper's signals resolve to at the open scenario's
// horizon, and applying the chosen range with its provenance to the open scenario as one
// undoable edit. Each tick, untick or change of a checked signal's date, note or source is one
// all-or-nothing write to the store; the resolution and the apply rule are the model's
// (model/scenario/hetccl_watch.h), as `crossgrade-cli hetccl-watch` uses them.

#include "hetccl_watch.h"
#include "store.h"

#include <QDialog>
#include <QPointer>
#include <vector>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;

namespace crossgrade::ui {

class ScenarioDocument;

class HetcclWatchDialog : public QDialog {
    Q_OBJECT

public:
    // Without a scenario (`document` null) the ranges are shown at kNoScenarioHorizon and the
    // apply part is disabled. The dialog follows the document's edits while it is open.
    HetcclWatchDialog(data::Store& store, ScenarioDocument* document, QWidget* parent = nullptr);

    // crossgrade-cli hetccl-watch resolve's default horizon, used when no scenario is open.
    static constexpr int kNoScenarioHorizon = 60;

    // What the dialog shows: the checklist as last read from the store and its resolution.
    const std::vector<model::CheckedSignal>& checklist() const { return m_checklist; }
    const model::HetcclWatchResult& resolution() const { return m_result; }
    int horizonMonths() const;
    // The paper "Apply to scenario" would use now: the earliest, unless one is chosen.
    model::HetcclPaper paperToApply() const;
    // The last store or apply error shown in the dialog; empty when there is none.
    QString error() const;

    // Writes the chosen paper's range and provenance into the open scenario as one undoable
    // edit. False, with the reason shown, when it is refused or nothing would change.
    bool applyToScenario();

private:
    struct SignalRow {
        model::HetcclPaper paper;
        const model::HetcclSignal* signal = nullptr;
        QCheckBox* check = nullptr;
        QDateEdit* date = nullptr;
        QLineEdit* note = nullptr;
        QLineEdit* source = nullptr;
    };
    struct PaperView {
        QLabel* range = nullptr;
        QLabel* provenance = nullptr;
    };

    QWidget* buildPaperPage(model::HetcclPaper paper);
    QWidget* buildApplyBox();
    const model::CheckedSignal* stored(const SignalRow& row) const;
    // One user action on a row as one store write; on failure the error names the signal and
    // paper, and the rows are reset to what the store holds.
    void writeRow(const SignalRow& row);
    void editCheckedRow(const SignalRow& row);
    void reload();
    void showResolution();
    void showError(const QString& message);

    data::Store& m_store;
    QPointer<ScenarioDocument> m_document;
    std::vector<model::CheckedSignal> m_checklist;
    model::HetcclWatchResult m_result;
    std::vector<SignalRow> m_rows;
    std::vector<PaperView> m_papers; // in kAllHetcclPapers order
    QLabel* m_error = nullptr;
    QLabel* m_defaultPaper = nullptr;
    QComboBox* m_applyPaper = nullptr;
    QLabel* m_current = nullptr;
    QLabel* m_refusal = nullptr;
    QPushButton* m_apply = nullptr;
};

} // namespace crossgrade::ui
