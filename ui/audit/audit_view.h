#pragma once

// The Audit view (issue 4, point 2): an audit's six dimensions as an editable table, the facts
// the rules read (workload kind, TensorRT, multi-node training), a summary of what the model
// makes of the audit as it is edited (High count, effort band, rule path, warnings), the
// selected dimension's evidence with the team-knowledge questionnaire, and the article's
// library equivalences with those this audit names highlighted. A scanned audit also shows,
// per dimension, why the scan proposed its tier, and for the whole audit the per-repository
// breakdown and the files the scan did not read; an evidence row opens the file in the source
// viewer at its line.
//
// The view edits a copy and reports every user edit as the whole edited audit; the caller
// decides where it goes (a ScenarioDocument edit of scenario.audit, or a stored audit) and may
// hand the result back through setAudit, which never emits.
//
// The view is built in pieces: audit_view.cpp assembles it (header, dimension table, summary),
// audit_view_detail.cpp holds the selected dimension's pane, ScannedRepositoriesPanel and
// LibraryEquivalencesPanel the boxes on the right, TierDelegate the table's tier editor.

#include "audit.h"
#include "team_knowledge.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QVBoxLayout;

namespace crossgrade::ui {

class AuditTableModel;
class LibraryEquivalencesPanel;
class ScannedRepositoriesPanel;
class SourceViewer;

class AuditView : public QWidget {
    Q_OBJECT

public:
    // Data roles of the library-equivalences table (object name "libraryTable").
    static constexpr int kNamedLibraryRole = Qt::UserRole + 1; // bool: this audit names it

    explicit AuditView(QWidget* parent = nullptr);

    // Shows `audit` without emitting auditEdited; the selection and the questionnaire's answers
    // stay as they were.
    void setAudit(const model::Audit& audit);
    const model::Audit& audit() const;

    void setReadOnly(bool readOnly);
    bool isReadOnly() const { return m_readOnly; }

    // The dimension whose detail is shown.
    model::Dimension selectedDimension() const;
    void selectDimension(model::Dimension dimension);

    // The questionnaire's answers (kept by the view: audit/1 has no field for them).
    model::TeamKnowledgeAnswers teamAnswers() const;
    void setTeamAnswers(const model::TeamKnowledgeAnswers& answers);

    // The command the source viewer's "Open in editor" runs (Settings::editorCommand).
    void setEditorCommand(const QString& command);
    QString editorCommand() const { return m_editorCommand; }
    // Opens the source viewer on row `row` of the selected dimension's evidence (as a
    // double-click does); false when there is no such row or its file is not shown.
    bool openEvidence(int row);
    // The viewer the last openEvidence used, or null.
    SourceViewer* sourceViewer() const { return m_sourceViewer; }
    // Opens the list of files the scan did not read.
    void showNotScanned();

signals:
    void auditEdited(const QString& undoText, const model::Audit& edited);

private:
    QWidget* buildHeader();
    QWidget* buildSummary();
    QWidget* buildDetail();

    void applyEdit(const QString& undoText, const model::Audit& edited);
    void refreshHeader();
    void refreshSummary();
    void refreshDetail();
    void refreshEvidenceText();
    void refreshProposal();
    void useProposedTier();

    AuditTableModel* m_table = nullptr;
    QTableView* m_tableView = nullptr;
    bool m_readOnly = false;
    bool m_shown = false; // setAudit has run once (the constructor's empty audit)

    QLineEdit* m_name = nullptr;
    QLineEdit* m_organisation = nullptr;
    QLabel* m_date = nullptr;
    QComboBox* m_workload = nullptr;
    QCheckBox* m_tensorrt = nullptr;
    QCheckBox* m_multiNode = nullptr;

    QLabel* m_highCount = nullptr;
    QLabel* m_effort = nullptr;
    QLabel* m_rulePath = nullptr;
    QVBoxLayout* m_warnings = nullptr;

    QLabel* m_detailTitle = nullptr;
    QLabel* m_tierStatus = nullptr;
    QLabel* m_evidenceHeading = nullptr;
    QWidget* m_overrideRow = nullptr;
    QLineEdit* m_overrideReason = nullptr;
    QStandardItemModel* m_evidence = nullptr;
    QTableView* m_evidenceView = nullptr;
    QLabel* m_evidenceText = nullptr;
    QLabel* m_noEvidence = nullptr;
    QLabel* m_mitigations = nullptr;
    QPushButton* m_openEvidence = nullptr;
    SourceViewer* m_sourceViewer = nullptr;
    QString m_editorCommand;

    ScannedRepositoriesPanel* m_repositories = nullptr;

    QGroupBox* m_questionnaire = nullptr;
    QSpinBox* m_kernelEngineers = nullptr;
    QSpinBox* m_teamSize = nullptr;
    QSpinBox* m_pytorchShare = nullptr; // percent
    QComboBox* m_rocmExperience = nullptr;
    QLabel* m_proposal = nullptr;
    QPushButton* m_useProposal = nullptr;

    LibraryEquivalencesPanel* m_libraries = nullptr;
};

} // namespace crossgrade::ui
