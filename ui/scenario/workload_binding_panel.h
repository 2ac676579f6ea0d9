#pragma once

// The workload editor's "Benchmark evidence" panel (docs/benchmarks.md, "Binding a workload"):
// for the selected inference workload, which stored benchmark rows stand for it (the selector,
// prefilled from its binding), Bind — model::bindWorkload against the store's records and the
// scenario's own price book, applied as one undoable edit — and Unbind. It shows what the
// binding yields: per SKU the ratio to H100 (median, min–max, pairs), the measured J/token,
// the reference throughput from the user's own serving runs, and what stays default. Training
// workloads cannot be bound: benchmarks measure serving.

#include "benchmark_binding.h"
#include "scenario.h"

#include <QGroupBox>
#include <QPointer>
#include <optional>
#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace crossgrade::data {
class Store;
}

namespace crossgrade::ui {

class ScenarioDocument;

class WorkloadBindingPanel : public QGroupBox {
    Q_OBJECT

public:
    explicit WorkloadBindingPanel(QWidget* parent = nullptr);

    void setDocument(ScenarioDocument* document);
    // The store whose records Bind reads; nullptr: Bind is disabled and the panel says why.
    void setStore(data::Store* store);
    // The workload shown (an id of the open scenario); empty: none.
    void setWorkload(const std::string& id);
    const std::string& workload() const { return m_workload; }

    model::BenchmarkSelector selector() const;
    void setSelector(const model::BenchmarkSelector& selector);

    // One undoable edit each; "" when applied, else the reason (also emitted).
    QString bind();
    QString unbind();

    // What the panel says now, as plain text: status, per-SKU results, reference, notes.
    QString text() const;

signals:
    void editRefused(const QString& reason);

private:
    const model::Workload* shownWorkload() const;
    QString refuse(const QString& reason);
    void refresh();
    void showBinding(const model::WorkloadBinding& binding);

    QPointer<ScenarioDocument> m_document;
    data::Store* m_store = nullptr;
    std::string m_workload;
    // The workload and binding the selector fields were last filled from: other edits leave
    // what the user is typing alone.
    std::string m_filledFor;
    std::optional<model::BenchmarkSelector> m_filledFrom;

    QWidget* m_fields = nullptr;
    QLineEdit* m_model = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_scenario = nullptr;
    QSpinBox* m_isl = nullptr;
    QSpinBox* m_osl = nullptr;
    QDoubleSpinBox* m_interactivity = nullptr;
    QCheckBox* m_includeFlagged = nullptr;
    QPushButton* m_bind = nullptr;
    QPushButton* m_unbind = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_skus = nullptr;
    QLabel* m_reference = nullptr;
    QLabel* m_notes = nullptr;
};

} // namespace crossgrade::ui
