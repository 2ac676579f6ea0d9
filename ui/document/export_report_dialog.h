#pragma once

// File → Export report… (docs/report.md, "From the app"): choose the scenarios (the open one,
// with its unsaved edits, and any stored ones), the paper and the file; the analysis runs in the
// background with progress and Cancel, then the PDF and the files beside it are written (the
// same reports::exportReport the CLI uses). The main window offers to open the file after.

#include "background_job.h"
#include "report_export.h"
#include "store.h"

#include <QDialog>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QSpinBox;

namespace crossgrade::ui {

class ScenarioDocument;

class ExportReportDialog : public QDialog {
    Q_OBJECT

public:
    // `document` may be null (no scenario open); `samples` is the Preferences setting.
    ExportReportDialog(data::Store& store, const ScenarioDocument* document, int samples,
                       QWidget* parent = nullptr);
    ~ExportReportDialog() override;

    // The scenarios ticked, in list order (the open scenario first).
    std::vector<model::Scenario> chosenScenarios() const;
    // Ticks or unticks row `row` of the list (0: the open scenario when there is one).
    void setChosen(int row, bool chosen);
    int scenarioRows() const;
    reports::Paper paper() const;
    void setPaper(reports::Paper paper);
    int samples() const;
    void setSamples(int samples);
    QString outputPath() const;
    void setOutputPath(const QString& path);

    // Starts the export with the current choices; false, with the reason shown, when a choice
    // is missing. The dialog accepts itself when the files are written.
    bool startExport();
    void cancelExport();
    // Cancel: stops a running export (the dialog stays to say so), else closes the dialog.
    void reject() override;
    bool isRunning() const;
    // What the last export wrote, or why it failed (empty when it did not fail).
    const std::optional<reports::ExportedReport>& exported() const { return m_exported; }
    QString error() const { return m_error; }

Q_SIGNALS:
    void exportFinished(bool written);

private:
    using Analyses = std::vector<reports::ScenarioAnalysis>;

    void browse();
    void analysed(JobEnd<Analyses> end);
    void fail(const QString& message);
    void setRunning(bool running);
    void updateExportButton();

    data::Store& m_store;
    std::optional<model::Scenario> m_open; // the open scenario, edits included
    std::vector<std::int64_t> m_storedIds;

    QListWidget* m_list = nullptr;
    QComboBox* m_paper = nullptr;
    QSpinBox* m_samples = nullptr;
    QLineEdit* m_path = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QDialogButtonBox* m_buttons = nullptr;

    reports::ReportMeta m_meta;
    QString m_target;
    std::optional<reports::ExportedReport> m_exported;
    QString m_error;
    // Last: destroyed first, the analysis cancelled and waited for before the rest.
    BackgroundJob<Analyses> m_job{[this](JobEnd<Analyses> end) {
        analysed(std::move(end));
    }};
};

} // namespace crossgrade::ui
