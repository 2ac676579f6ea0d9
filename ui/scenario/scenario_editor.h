#pragma once

// The scenario editor (issue 4, point 3): every input of the open scenario — general
// settings, the installed fleet, workloads, procurement and channels, prices, performance,
// port tasks, team and transition, energy and facility, HetCCL — with every uncertain number
// editable as low / most likely / high beside its source and tag (C and ? badged).
//
// Each edit is one ScenarioDocument::edit, so one undo step; an edit the reader's sense
// checks or the engine refuse is not applied and the message line says why. When the
// document changes (an edit, undo, redo) the editor shows the new scenario without emitting
// edits of its own.
//
// The editor is built in pieces: scenario_editor.cpp assembles it and holds its edits,
// scenario_editor_pages.cpp builds the sections' pages; the tables are FleetLotTableModel,
// WorkloadTableModel (both DocumentTableModel) and UncertainTableModel, edited through
// ChoiceDelegate.

#include "scenario.h"
#include "scenario_inputs.h"

#include <QPointer>
#include <QString>
#include <QWidget>
#include <functional>
#include <map>

class QAbstractItemModel;
class QCheckBox;
class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTableView;

namespace crossgrade::data {
class Store;
}

namespace crossgrade::ui {

class ScenarioDocument;
class UncertainTableModel;
class WorkloadBindingPanel;
class FleetLotTableModel;
class WorkloadTableModel;
class CorrelationTableModel;

class ScenarioEditor : public QWidget {
    Q_OBJECT

public:
    enum class Section {
        General,
        Fleet,
        Workloads,
        Procurement,
        Prices,
        Performance,
        PortTasks,
        Team,
        Energy,
        OwnerCosts,
        HetCcl,
        AllInputs,
        Correlations // listed after HetCCL, before All inputs
    };

    explicit ScenarioEditor(QWidget* parent = nullptr);
    ~ScenarioEditor() override;

    // The document to edit; nullptr leaves the editor empty and disabled.
    void setDocument(ScenarioDocument* document);
    ScenarioDocument* document() const { return m_document; }
    // The store the Workloads page's benchmark binding reads (optional: without one the panel
    // shows bindings but cannot make them).
    void setStore(data::Store* store);

    void showSection(Section section);
    Section currentSection() const;

    // Every uncertain input, filtered by the All inputs page's filter box.
    UncertainTableModel* inputsModel() const { return m_allInputs; }
    // The inputs of one group, as the section showing that group lists them.
    UncertainTableModel* groupModel(model::InputGroup group) const;
    QAbstractItemModel* fleetModel() const;
    QAbstractItemModel* workloadsModel() const;
    // The message line: the last refusal, or a hint.
    QString message() const;
    // The Workloads page's "Benchmark evidence" panel, following the selected workload.
    WorkloadBindingPanel* bindingPanel() const { return m_binding; }
    // Selects the workload's row (and shows it in the binding panel); false when there is none.
    bool selectWorkload(const QString& id);

    // One undoable edit each; "" when applied, else the reason (also shown and emitted).
    QString addFleetLot();
    QString removeFleetLot(const QString& id);
    QString addWorkload(model::WorkloadKindOfDemand kind);
    QString removeWorkload(const QString& id);

signals:
    // An edit was not applied; the message line shows `reason` too.
    void editRefused(const QString& reason);

private:
    QWidget* buildGeneralPage();
    QWidget* buildFleetPage();
    QWidget* buildWorkloadsPage();
    QWidget* buildProcurementPage();
    QWidget* buildTeamPage();
    QWidget* buildOwnerPage();        // scenario_editor_owner.cpp
    QWidget* buildCorrelationsPage(); // scenario_editor_correlations.cpp
    void refreshCorrelationInputs();
    // A group's uncertain table under a filter box, with an optional explanation above it.
    QWidget* inputsPanel(UncertainTableModel* model, const QString& explanation);
    QWidget* groupPage(model::InputGroup group, const QString& explanation);
    UncertainTableModel* makeGroupModel(std::optional<model::InputGroup> group);
    void addSection(Section section, const QString& title, QWidget* page);

    // Applies `change` as one edit named `text`; on refusal shows the reason and puts the
    // widgets back to what the scenario holds.
    QString apply(const QString& text, const std::function<void(model::Scenario&)>& change);
    void showRefusal(const QString& reason);
    void showHint();
    // Shows the document's scenario in every widget, with their signals blocked.
    void refresh();
    void refreshProcurement();
    void refreshOwner();

    // General
    void commitName();
    void commitOrganisation();
    void commitNotes();
    void commitSeed();
    void commitOptions();

    QPointer<ScenarioDocument> m_document;
    QListWidget* m_sections = nullptr;
    QStackedWidget* m_pages = nullptr;
    QLabel* m_message = nullptr;
    std::map<Section, int> m_pageOfSection;

    UncertainTableModel* m_allInputs = nullptr;
    std::map<model::InputGroup, UncertainTableModel*> m_groupModels;
    FleetLotTableModel* m_fleet = nullptr;
    WorkloadTableModel* m_workloads = nullptr;
    CorrelationTableModel* m_correlations = nullptr;
    QTableView* m_correlationsView = nullptr;
    QComboBox* m_correlateFirst = nullptr; // the pair to add: two inputs and ρ
    QComboBox* m_correlateSecond = nullptr;
    QDoubleSpinBox* m_correlateRho = nullptr;
    QTableView* m_fleetView = nullptr;
    QTableView* m_workloadsView = nullptr;
    WorkloadBindingPanel* m_binding = nullptr;

    QLineEdit* m_name = nullptr;
    QLineEdit* m_organisation = nullptr;
    QPlainTextEdit* m_notes = nullptr;
    QSpinBox* m_horizon = nullptr;
    QCheckBox* m_nvidiaAiEnterprise = nullptr; // General: licences per NVIDIA GPU (issue 24)
    QDateEdit* m_startMonth = nullptr;
    QComboBox* m_sizing = nullptr;
    QComboBox* m_disposition = nullptr;
    QLineEdit* m_seed = nullptr;
    std::map<model::OptionId, QCheckBox*> m_options;

    QComboBox* m_nvidiaSku = nullptr;
    QComboBox* m_nvidiaChannel = nullptr;
    QComboBox* m_amdSku = nullptr;
    QComboBox* m_amdChannel = nullptr;

    QSpinBox* m_engineers = nullptr;
    QSpinBox* m_pilotGpus = nullptr;
    QSpinBox* m_rampHeadcount = nullptr;
    QLabel* m_effortLevel = nullptr;

    QComboBox* m_financing = nullptr;            // Owner costs: cash, loan or lease
    QSpinBox* m_financingTerm = nullptr;         // months
    QComboBox* m_fabric[2] = {nullptr, nullptr}; // NVIDIA's, AMD's scale-out fabric
    QPushButton* m_powerCap = nullptr;           // adds or removes the site's power cap

    bool m_refreshing = false;
};

} // namespace crossgrade::ui
