#include "export_report_dialog.h"

#include "scenario_document.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QThread>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

QString defaultReportPath(const std::optional<model::Scenario>& open) {
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty())
        folder = QDir::homePath();
    QString stem = open ? QString::fromStdString(open->name) : QStringLiteral("crossgrade-report");
    stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
    return QDir(folder).filePath(stem.left(60) + QStringLiteral(".pdf"));
}

} // namespace

ExportReportDialog::ExportReportDialog(data::Store& store, const ScenarioDocument* document,
                                       int samples, QWidget* parent)
    : QDialog(parent)
    , m_store(store) {
    setWindowTitle(tr("Export report"));
    if (document)
        m_open = document->scenario();

    m_list = new QListWidget(this);
    m_list->setAccessibleName(tr("Scenarios in the report"));
    if (m_open) {
        auto* item = new QListWidgetItem(
            tr("Open scenario: %1").arg(document->title()) +
            (document->isModified() ? tr(" (with its unsaved edits)") : QString()));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        m_list->addItem(item);
    }
    try {
        for (const data::ScenarioSummary& s : m_store.scenarios()) {
            auto* item = new QListWidgetItem(tr("Stored: %1 (version %2)")
                                                 .arg(QString::fromStdString(s.name))
                                                 .arg(s.latest_number));
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(!m_open && m_storedIds.empty() ? Qt::Checked : Qt::Unchecked);
            m_list->addItem(item);
            m_storedIds.push_back(s.id);
        }
    } catch (const std::exception& e) {
        m_error = tr("Cannot list the stored scenarios: %1").arg(QString::fromUtf8(e.what()));
    }

    m_paper = new QComboBox(this);
    m_paper->addItem(tr("A4"), QStringLiteral("a4"));
    m_paper->addItem(tr("US Letter"), QStringLiteral("letter"));
    m_samples = new QSpinBox(this);
    m_samples->setRange(2, 1000000);
    m_samples->setSingleStep(1000);
    m_samples->setGroupSeparatorShown(true);
    m_samples->setValue(samples);
    m_path = new QLineEdit(defaultReportPath(m_open), this);
    auto* browseButton = new QPushButton(tr("Browse…"), this);
    connect(browseButton, &QPushButton::clicked, this, &ExportReportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);

    auto* form = new QFormLayout;
    form->addRow(tr("&Paper:"), m_paper);
    form->addRow(tr("&Samples per scenario:"), m_samples);
    auto* fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_path); // a row of a layout gets no buddy of its own
    form->addRow(fileLabel, pathRow);

    m_progress = new QProgressBar(this);
    m_progress->setVisible(false);
    m_status = new QLabel(m_error, this);
    m_status->setTextFormat(Qt::PlainText); // paths and scenario names
    m_status->setWordWrap(true);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton* exportButton = m_buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    exportButton->setDefault(true);
    connect(exportButton, &QPushButton::clicked, this, [this] { startExport(); });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ExportReportDialog::reject);
    connect(m_list, &QListWidget::itemChanged, this, &ExportReportDialog::updateExportButton);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("The first scenario ticked gets the decision page; the "
                                    "others are compared with it sample by sample."),
                                 this));
    layout->addWidget(m_list, 1);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    resize(560, 380);
    updateExportButton();
}

// m_job's destructor cancels a running analysis and waits for it.
ExportReportDialog::~ExportReportDialog() = default;

std::vector<model::Scenario> ExportReportDialog::chosenScenarios() const {
    std::vector<model::Scenario> chosen;
    for (int row = 0; row < m_list->count(); ++row) {
        if (m_list->item(row)->checkState() != Qt::Checked)
            continue;
        if (m_open && row == 0) {
            chosen.push_back(*m_open);
            continue;
        }
        const std::size_t stored = std::size_t(row - (m_open ? 1 : 0));
        if (auto s = m_store.scenarioVersion(m_storedIds[stored]))
            chosen.push_back(std::move(*s));
    }
    return chosen;
}

void ExportReportDialog::setChosen(int row, bool chosen) {
    if (QListWidgetItem* item = m_list->item(row))
        item->setCheckState(chosen ? Qt::Checked : Qt::Unchecked);
}

int ExportReportDialog::scenarioRows() const {
    return m_list->count();
}

reports::Paper ExportReportDialog::paper() const {
    return reports::parsePaper(m_paper->currentData().toString()).value_or(reports::Paper::A4);
}

void ExportReportDialog::setPaper(reports::Paper paper) {
    m_paper->setCurrentIndex(paper == reports::Paper::A4 ? 0 : 1);
}

int ExportReportDialog::samples() const {
    return m_samples->value();
}

void ExportReportDialog::setSamples(int samples) {
    m_samples->setValue(samples);
}

QString ExportReportDialog::outputPath() const {
    return m_path->text().trimmed();
}

void ExportReportDialog::setOutputPath(const QString& path) {
    m_path->setText(path);
}

bool ExportReportDialog::isRunning() const {
    return m_job.isBusy();
}

void ExportReportDialog::browse() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export report"), outputPath(), tr("PDF (*.pdf)"));
    if (!path.isEmpty())
        setOutputPath(path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)
                          ? path
                          : path + QStringLiteral(".pdf"));
}

void ExportReportDialog::updateExportButton() {
    bool any = false;
    for (int row = 0; row < m_list->count(); ++row)
        any = any || m_list->item(row)->checkState() == Qt::Checked;
    for (QAbstractButton* b : m_buttons->buttons())
        if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            b->setEnabled(any && !isRunning());
}

void ExportReportDialog::setRunning(bool running) {
    m_list->setEnabled(!running);
    m_paper->setEnabled(!running);
    m_samples->setEnabled(!running);
    m_path->setEnabled(!running);
    m_progress->setVisible(running);
    updateExportButton();
}

void ExportReportDialog::fail(const QString& message) {
    m_error = message;
    m_status->setText(message);
    setRunning(false);
    emit exportFinished(false);
}

bool ExportReportDialog::startExport() {
    if (isRunning())
        return false;
    m_error.clear();
    m_exported.reset();
    std::vector<model::Scenario> scenarios;
    try {
        scenarios = chosenScenarios();
    } catch (const std::exception& e) {
        fail(tr("Cannot read the chosen scenarios from the store: %1")
                 .arg(QString::fromUtf8(e.what())));
        return false;
    }
    if (scenarios.empty()) {
        fail(tr("Tick at least one scenario to report on."));
        return false;
    }
    m_target = outputPath();
    if (m_target.isEmpty() || !QFileInfo(m_target).absoluteDir().exists()) {
        fail(tr("Choose a file in a folder that exists (now: \u201c%1\u201d).")
                 .arg(QDir::toNativeSeparators(m_target)));
        return false;
    }

    reports::AnalysisSettings settings;
    settings.samples = std::size_t(samples());
    settings.threads = std::max(1, QThread::idealThreadCount());
    m_meta = {};
    m_meta.paper = paper();
    m_meta.samples = settings.samples;
    m_meta.seed = reports::reportSeed(scenarios, settings);
    m_meta.timestamp = QDateTime::fromSecsSinceEpoch(QDateTime::currentSecsSinceEpoch(), Qt::UTC);
    try {
        m_meta.hetccl_checked = m_store.hetcclChecklist();
    } catch (const std::exception& e) {
        fail(
            tr("Cannot read the HetCCL watch from the store: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }

    m_progress->setRange(0, 0);
    m_status->setText(tr("Analysing…"));
    m_job.start([this, scenarios, settings](JobControl& control) {
        return reports::analyseScenarios(
            scenarios, settings, control.cancelFlag(),
            [this, &control](int done, int total, const std::string& stage) {
                // Shown on the dialog's thread, unless the export was cancelled meanwhile.
                control.post([this, done, total, text = QString::fromStdString(stage)] {
                    m_progress->setRange(0, total);
                    m_progress->setValue(done);
                    m_status->setText(tr("Analysing: %1…").arg(text));
                });
            });
    });
    setRunning(true);
    return true;
}

void ExportReportDialog::analysed(JobEnd<Analyses> end) {
    if (end.cancelled) {
        fail(tr("Export cancelled; nothing was written."));
        return;
    }
    if (!end.error.isEmpty()) {
        fail(tr("The analysis failed: %1").arg(end.error));
        return;
    }
    m_status->setText(tr("Writing %1…").arg(QDir::toNativeSeparators(m_target)));
    try {
        m_exported = reports::exportReport(end.result, m_meta, m_target);
    } catch (const std::exception& e) {
        fail(tr("The report was not written: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    setRunning(false);
    m_status->setText(tr("Written: %1").arg(QDir::toNativeSeparators(m_exported->pdf)));
    emit exportFinished(true);
    accept();
}

void ExportReportDialog::cancelExport() {
    m_job.cancel();
}

void ExportReportDialog::reject() {
    if (isRunning()) {
        // The first Cancel stops the run; the dialog stays to say so.
        cancelExport();
        return;
    }
    QDialog::reject();
}

} // namespace crossgrade::ui
