// MainWindow's document commands (main_window.h): opening a stored scenario or the demo,
// importing files, saving a version or a new scenario, closing, comparing, and the dialogs of
// New scenario, Open/Import, Export and Save version. Split from main_window.cpp (issue 21).

#include "atomic_files.h"
#include "benchmarks_view.h"
#include "compare_view.h"
#include "compiled_scenario.h"
#include "document_import.h"
#include "evaluation.h"
#include "export_report_dialog.h"
#include "main_window.h"
#include "message_bar.h"
#include "new_scenario_dialog.h"
#include "qt_text.h"
#include "samples.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_json.h"
#include "store_browser.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QUrl>

namespace crossgrade::ui {

// Opening, importing, saving
bool MainWindow::openStoredScenario(std::int64_t scenarioId, std::optional<int> version) {
    if (!confirmUnsaved())
        return false;
    std::optional<model::Scenario> scenario;
    try {
        scenario = m_store.scenarioVersion(scenarioId, version);
    } catch (const data::StoreError& e) {
        showError(tr("Scenario %1 could not be read from the store").arg(scenarioId),
                  QString::fromUtf8(e.what()));
        return false;
    }
    if (!scenario) {
        showError(tr("The store has no scenario %1%2")
                      .arg(scenarioId)
                      .arg(version ? tr(" version %1").arg(*version) : QString()));
        return false;
    }
    // What the version said when saved, for the Costs view to set beside this build's numbers.
    std::optional<data::ScenarioVersionSummary> saved = m_store.version(scenarioId, version);
    auto document = std::make_unique<ScenarioDocument>(std::move(*scenario));
    document->setStoredAs(scenarioId, saved ? saved->number : version.value_or(0));
    document->setSavedVersion(std::move(saved));
    setDocument(std::move(document));
    m_messages->hide();
    return true;
}

// The first shipped sample scenario that the store holds under its name (seeded on first run).
std::optional<std::int64_t> MainWindow::demoScenarioId() const {
    const auto stored = m_store.scenarios();
    for (const data::SampleFile& sample : data::sampleScenarios()) {
        const auto read = data::readScenario(sample.text);
        for (const data::ScenarioSummary& s : stored)
            if (read.ok() && s.name == read.scenario->name)
                return s.id;
    }
    return std::nullopt;
}

// A store made before the samples, or one they were removed from, gets the demo back: the first
// shipped sample scenario saved as version 1 with the note "sample", as a new store is seeded.
bool MainWindow::openDemo() {
    if (const auto id = demoScenarioId())
        return openStoredScenario(*id);
    const std::vector<data::SampleFile> samples = data::sampleScenarios();
    const data::ScenarioReadResult read =
        samples.empty() ? data::ScenarioReadResult{} : data::readScenario(samples.front().text);
    if (!read.ok()) {
        showError(tr("The demo scenario is missing from this copy of Crossgrade"),
                  tr("Its sample files were not built in. Reinstall Crossgrade, or import a "
                     "scenario file of your own with File → Open/Import…"));
        return false;
    }
    try {
        const data::ScenarioVersionId id =
            m_store.saveScenarioVersion(*read.scenario, "sample", CROSSGRADE_VERSION,
                                        data::headlineOf(model::evaluateScenario(
                                            *read.scenario, model::compile(*read.scenario))));
        reloadStore();
        return openStoredScenario(id.scenario_id);
    } catch (const data::StoreError& e) {
        showError(tr("The demo scenario could not be added to the store %1")
                      .arg(QDir::toNativeSeparators(m_store.path())),
                  tr("%1\nCheck that the store file and its folder are writable, or open "
                     "another store (Edit → Preferences…).")
                      .arg(QString::fromUtf8(e.what())));
        return false;
    }
}

void MainWindow::importFiles(const QStringList& input) {
    QStringList paths;
    QStringList benchmarks;
    QStringList folders;
    for (const QString& path : input) {
        if (QFileInfo(path).isDir())
            folders << path;
        else
            (isBenchmarkResultFile(path) ? benchmarks : paths) << path;
    }
    if (!folders.isEmpty())
        auditRepositories(folders);
    if (!benchmarks.isEmpty()) {
        showBenchmarks();
        m_benchmarks->importFiles(benchmarks);
    }
    if (!paths.isEmpty() && !m_import.start(paths))
        showError(tr("An import is already running"), tr("Wait for it to finish, or cancel it."));
}

void MainWindow::waitForImport() {
    m_benchmarks->waitForImport();
    if (m_import.waitForFinished())
        QCoreApplication::sendPostedEvents(this);
}

void MainWindow::applyImport(const DocumentImport::Result& result) {
    if (result.cancelled) {
        showNotice(tr("Import cancelled: nothing was imported."));
        return;
    }
    if (!result.problems.isEmpty()) {
        showError(tr("Nothing was imported: %n file(s) could not be read. Fix them and try again.",
                     "", int(result.problems.size())),
                  result.problems.join(QLatin1Char('\n')));
        return;
    }
    StoredDocuments stored;
    try {
        stored = storeAuditsAndPriceBooks(m_store, result.files);
    } catch (const data::StoreError& e) {
        showError(tr("Nothing was imported: the store %1 refused the write")
                      .arg(QDir::toNativeSeparators(m_store.path())),
                  tr("%1\nCheck that the store file and its folder are writable and that no "
                     "other program holds it, then import again.")
                      .arg(QString::fromUtf8(e.what())));
        reloadStore();
        return;
    }
    for (const DocumentImport::ReadFile& f : result.files)
        if (m_settings)
            m_settings->addRecentFile(f.path);
    updateRecentMenu();
    reloadStore();

    QStringList done;
    if (stored.audits > 0)
        done << tr("%n audit(s) stored", "", stored.audits);
    if (stored.priceBooks > 0)
        done << tr("%n price book(s) stored", "", stored.priceBooks);
    const auto& scenarios = stored.scenarios;
    if (scenarios.size() == 1) {
        if (confirmUnsaved()) {
            auto document =
                std::make_unique<ScenarioDocument>(*scenarios.front()->document.scenario);
            document->setFileName(scenarios.front()->path);
            setDocument(std::move(document));
            done << tr("opened %1 (not yet in the store: Save keeps it)")
                        .arg(QFileInfo(scenarios.front()->path).fileName());
        }
    } else if (scenarios.size() > 1) {
        const std::optional<std::int64_t> first = saveImportedScenarios(m_store, scenarios);
        reloadStore();
        done << tr("%n scenario(s) saved to the store", "", int(scenarios.size()));
        if (first)
            openStoredScenario(*first);
    }
    if (!done.isEmpty())
        showNotice(tr("Imported: %1.").arg(done.join(QStringLiteral("; "))));
}

bool MainWindow::saveVersion(const QString& note) {
    if (!m_document)
        return false;
    m_document->waitForEvaluation();
    if (m_document->evaluationHeldPolicies()) {
        // A version keeps numbers from a full door-policy search, never a drag's held ones.
        m_document->setInteractive(false);
        m_document->waitForEvaluation();
    }
    try {
        const data::ScenarioVersionId id = m_store.saveScenarioVersion(
            m_document->scenario(), note.toStdString(), CROSSGRADE_VERSION,
            data::headlineOf(m_document->modeEvaluation()));
        m_document->setStoredAs(id.scenario_id, id.number);
        m_document->markSaved();
        m_document->setSavedVersion(m_store.version(id.scenario_id, id.number));
        reloadStore();
        m_storeBrowser->selectScenario(id.scenario_id);
        statusBar()->showMessage(
            tr("Saved “%1” as version %2").arg(qs(m_document->scenario().name)).arg(id.number),
            5000);
        updateTitle();
        return true;
    } catch (const data::StoreError& e) {
        showError(tr("The scenario was not saved to the store %1")
                      .arg(QDir::toNativeSeparators(m_store.path())),
                  tr("%1\nYour changes are still open here. Check that the store file and its "
                     "folder are writable, or export the scenario to a file (File → Export "
                     "scenario JSON…) to keep it.")
                      .arg(QString::fromUtf8(e.what())));
        return false;
    }
}

bool MainWindow::saveAsNewScenario(const QString& name) {
    if (!m_document || name.trimmed().isEmpty())
        return false;
    for (const data::ScenarioSummary& s : m_store.scenarios())
        if (qs(s.name) == name.trimmed()) {
            showError(tr("A stored scenario is already called “%1”").arg(name.trimmed()),
                      tr("Choose another name, or use Save to add a version to it."));
            return false;
        }
    const QString error =
        m_document->edit(tr("Rename to “%1”").arg(name.trimmed()),
                         [&](model::Scenario& s) { s.name = name.trimmed().toStdString(); });
    if (!error.isEmpty()) {
        showError(tr("The scenario could not be renamed"), error);
        return false;
    }
    return saveVersion(tr("saved as a new scenario"));
}

bool MainWindow::closeDocument() {
    if (!confirmUnsaved())
        return false;
    setDocument(nullptr);
    return true;
}

void MainWindow::addToComparison(std::int64_t scenarioId, std::optional<int> version) {
    std::optional<model::Scenario> scenario;
    try {
        scenario = m_store.scenarioVersion(scenarioId, version);
    } catch (const data::StoreError& e) {
        showError(tr("Scenario %1 could not be read").arg(scenarioId), QString::fromUtf8(e.what()));
        return;
    }
    if (!scenario)
        return;
    const QString label =
        version ? tr("%1 v%2").arg(qs(scenario->name)).arg(*version) : qs(scenario->name);
    if (!m_compare->addScenario(label, std::move(*scenario)))
        showNotice(tr("The comparison holds at most four scenarios; remove one first."));
    if (m_document)
        m_tabs->setCurrentWidget(m_compare);
}

// Dialog-driven actions
void MainWindow::newScenario() {
    if (!confirmUnsaved())
        return;
    NewScenarioDialog dialog(m_store, this);
    if (dialog.exec() != QDialog::Accepted || !dialog.scenario())
        return;
    setDocument(std::make_unique<ScenarioDocument>(*dialog.scenario()));
    showNotice(tr("New scenario “%1”: edit its inputs, then Save to keep it in the store.")
                   .arg(qs(dialog.scenario()->name)));
    m_tabs->setCurrentWidget(m_editor);
}

void MainWindow::openFileDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open or import"), QString(),
                                                            tr(kDocumentFileFilter));
    importFiles(files);
}

void MainWindow::exportScenario() {
    if (!m_document)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export scenario"), qs(m_document->scenario().name) + QStringLiteral(".json"),
        tr(kDocumentFileFilter));
    if (path.isEmpty())
        return;
    const std::string text = data::writeScenario(m_document->scenario());
    if (const QString failed =
            data::writeFileOrError(path, QByteArray(text.data(), qsizetype(text.size())));
        !failed.isEmpty()) {
        showError(tr("The scenario was not exported"), failed);
        return;
    }
    if (m_settings)
        m_settings->addRecentFile(path);
    updateRecentMenu();
    statusBar()->showMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void MainWindow::exportReport() {
    ExportReportDialog dialog(m_store, m_document.get(), monteCarloSamples(), this);
    if (dialog.exec() != QDialog::Accepted || !dialog.exported())
        return;
    const QString pdf = dialog.exported()->pdf;
    statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(pdf)), 8000);
    const auto answer = plainMessage(
        this, QMessageBox::Question, tr("Report written"),
        tr("The report is written to %1, with the scenario and samples files beside it.\n\nOpen "
           "it now?")
            .arg(QDir::toNativeSeparators(pdf)),
        QMessageBox::Yes | QMessageBox::No);
    if (answer == QMessageBox::Yes)
        QDesktopServices::openUrl(QUrl::fromLocalFile(pdf));
}

void MainWindow::saveVersionWithNote() {
    if (!m_document)
        return;
    bool ok = false;
    const QString note = QInputDialog::getText(this, tr("Save version"),
                                               tr("A note for this version (what changed, why):"),
                                               QLineEdit::Normal, QString(), &ok);
    if (ok)
        saveVersion(note);
}

void MainWindow::saveAsNewWithName() {
    if (!m_document)
        return;
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Save as new scenario"), tr("Name:"), QLineEdit::Normal,
                              qs(m_document->scenario().name) + tr(" (copy)"), &ok);
    if (ok)
        saveAsNewScenario(name);
}

} // namespace crossgrade::ui
