#include "scan_dialog.h"

#include "qt_text.h"
#include "scan_audit.h"
#include "theme.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDate>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRect>
#include <QScreen>
#include <QScrollArea>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>
#include <climits>
#include <cmath>
#include <filesystem>

namespace crossgrade::ui {

namespace {

constexpr int kSummaryMinHeight = 160; // a few lines of the scan summary, even on a short screen

// "840 kB", "12.4 MB": a tiny repository does not read as "0.01 MB".
QString bytesText(std::uint64_t bytes) {
    if (bytes < 1'000'000)
        return QObject::tr("%1 kB").arg(QLocale().toString(double(bytes) / 1e3, 'f', 0));
    return QObject::tr("%1 MB").arg(QLocale().toString(double(bytes) / 1e6, 'f', 1));
}

} // namespace

ScanDialog::ScanDialog(data::Store& store, QWidget* parent)
    : QDialog(parent)
    , m_store(store) {
    setWindowTitle(tr("Audit repositories"));
    setMinimumWidth(620);
    auto* layout = new QVBoxLayout(this);

    auto* intro = new QLabel(
        tr("Crossgrade reads every text file of these folders as git sees them (.gitignore "
           "honoured), proposes a tier for dimensions 1–5 with file:line evidence, and stores "
           "the result in the open store as a new audit. Nothing leaves this computer."));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* foldersBox = new QGroupBox(tr("Repositories (one folder each)"));
    auto* foldersRow = new QHBoxLayout(foldersBox);
    m_folders = new QListWidget;
    m_folders->setObjectName(QStringLiteral("folders"));
    m_folders->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_folders->setMinimumHeight(110);
    foldersRow->addWidget(m_folders, 1);
    auto* folderButtons = new QVBoxLayout;
    m_add = new QPushButton(tr("Add folder…"));
    m_add->setObjectName(QStringLiteral("addFolder"));
    m_remove = new QPushButton(tr("Remove"));
    m_remove->setObjectName(QStringLiteral("removeFolder"));
    folderButtons->addWidget(m_add);
    folderButtons->addWidget(m_remove);
    folderButtons->addStretch(1);
    foldersRow->addLayout(folderButtons);
    layout->addWidget(foldersBox);
    connect(m_add, &QPushButton::clicked, this, &ScanDialog::chooseFolder);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const QList<QListWidgetItem*> selected = m_folders->selectedItems();
        for (QListWidgetItem* item : selected)
            delete item;
        refreshState();
    });
    connect(m_folders, &QListWidget::itemSelectionChanged, this, &ScanDialog::refreshState);

    auto* form = new QFormLayout;
    m_workload = new QComboBox;
    m_workload->setObjectName(QStringLiteral("workloadKind"));
    for (model::WorkloadKind k : model::kAllWorkloadKinds)
        m_workload->addItem(qs(model::title(k)), int(k));
    m_workload->setPlaceholderText(tr("Choose — the code cannot tell"));
    m_workload->setCurrentIndex(-1);
    m_workload->setToolTip(tr("What these repositories run: the path rules read it, and no "
                              "file says it reliably."));
    form->addRow(tr("Workload kind:"), m_workload);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("auditName"));
    form->addRow(tr("Audit name:"), m_name);
    layout->addLayout(form);
    connect(m_workload, &QComboBox::currentIndexChanged, this, &ScanDialog::refreshState);

    m_error = plainLabel(); // it names the folders
    m_error->setObjectName(QStringLiteral("scanError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    markAsError(m_error);
    m_error->hide();
    layout->addWidget(m_error);

    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("scanProgress"));
    m_progress->setTextVisible(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progressText = plainLabel(); // it names the file being read
    m_progressText->setObjectName(QStringLiteral("scanProgressText"));
    m_progressText->setWordWrap(true);
    layout->addWidget(m_progress);
    layout->addWidget(m_progressText);

    m_done = new QLabel;
    m_done->setObjectName(QStringLiteral("scanSummary"));
    m_done->setWordWrap(true);
    m_done->setTextFormat(Qt::RichText);
    m_done->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_done->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The summary lists each dimension with its reason: it scrolls rather than clip on a short
    // screen, and the dialog grows to show it where there is room.
    m_doneArea = new QScrollArea;
    m_doneArea->setWidget(m_done);
    m_doneArea->setWidgetResizable(true);
    m_doneArea->setFrameShape(QFrame::NoFrame);
    m_doneArea->setMinimumHeight(kSummaryMinHeight);
    m_doneArea->hide();
    layout->addWidget(m_doneArea, 1);

    auto* buttons = new QDialogButtonBox;
    m_scan = buttons->addButton(tr("Scan"), QDialogButtonBox::ActionRole);
    m_scan->setObjectName(QStringLiteral("scanButton"));
    m_scan->setDefault(true);
    m_open = buttons->addButton(tr("Open audit"), QDialogButtonBox::AcceptRole);
    m_open->setObjectName(QStringLiteral("openAudit"));
    m_open->hide();
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_close->setObjectName(QStringLiteral("closeButton"));
    layout->addWidget(buttons);
    connect(m_scan, &QPushButton::clicked, this, [this] { startScan(); });
    connect(m_open, &QPushButton::clicked, this, &QDialog::accept);
    connect(m_close, &QPushButton::clicked, this, [this] {
        if (isScanning())
            cancelScan();
        else
            QDialog::reject();
    });
    refreshState();
}

// m_job's destructor cancels a running scan and waits for it.
ScanDialog::~ScanDialog() = default;

void ScanDialog::setRescan(std::int64_t auditId, const model::Audit& previous) {
    m_previousId = auditId;
    m_previous = previous;
    setWindowTitle(tr("Re-scan “%1”").arg(qs(previous.name)));
    m_folders->clear();
    for (const model::RepositoryBreakdown& r : previous.repositories)
        addFolder(QString::fromStdString(r.root));
    setWorkload(previous.workload);
    m_name->setText(qs(previous.name));
    refreshState();
}

void ScanDialog::addFolder(const QString& path) {
    const QString clean = QDir::cleanPath(path.trimmed());
    if (clean.isEmpty() || folders().contains(clean))
        return;
    auto* item = new QListWidgetItem(QDir::toNativeSeparators(clean));
    item->setData(Qt::UserRole, clean);
    item->setToolTip(plainTip(QFileInfo(clean).absoluteFilePath()));
    m_folders->addItem(item);
    refreshState();
}

void ScanDialog::addFolders(const QStringList& paths) {
    for (const QString& p : paths)
        addFolder(p);
}

QStringList ScanDialog::folders() const {
    QStringList paths;
    for (int i = 0; i < m_folders->count(); ++i)
        paths << m_folders->item(i)->data(Qt::UserRole).toString();
    return paths;
}

void ScanDialog::removeFolder(int row) {
    delete m_folders->takeItem(row);
    refreshState();
}

std::optional<model::WorkloadKind> ScanDialog::workload() const {
    if (m_workload->currentIndex() < 0)
        return std::nullopt;
    return model::WorkloadKind(m_workload->currentData().toInt());
}

void ScanDialog::setWorkload(std::optional<model::WorkloadKind> kind) {
    m_workload->setCurrentIndex(kind ? m_workload->findData(int(*kind)) : -1);
}

void ScanDialog::setAuditName(const QString& name) {
    m_name->setText(name);
}

QString ScanDialog::auditName() const {
    if (!m_name->text().trimmed().isEmpty())
        return m_name->text().trimmed();
    QStringList names;
    for (const QString& f : folders())
        names << QFileInfo(f).fileName();
    return names.join(QStringLiteral(", "));
}

void ScanDialog::chooseFolder() {
    const QString start = folders().isEmpty() ? QDir::homePath() : folders().constLast();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a repository folder"),
                                                          start, QFileDialog::ShowDirsOnly);
    if (!dir.isEmpty())
        addFolder(dir);
}

bool ScanDialog::isScanning() const {
    return m_job.isBusy();
}

void ScanDialog::refreshState() {
    const bool scanning = isScanning();
    m_folders->setEnabled(!scanning && !isRescan());
    m_add->setEnabled(!scanning && !isRescan());
    m_remove->setEnabled(!scanning && !isRescan() && !m_folders->selectedItems().isEmpty());
    m_workload->setEnabled(!scanning);
    m_name->setEnabled(!scanning);
    m_scan->setEnabled(!scanning && m_folders->count() > 0);
    m_scan->setText(m_storedId ? tr("Scan again") : tr("Scan"));
    m_close->setText(scanning ? tr("Cancel") : tr("Close"));
    m_open->setVisible(m_storedId.has_value() && !scanning);
    if (m_storedId && !scanning)
        m_open->setDefault(true);
    QStringList names;
    for (const QString& f : folders())
        names << QFileInfo(f).fileName();
    m_name->setPlaceholderText(names.isEmpty() ? tr("The folders' names")
                                               : names.join(QStringLiteral(", ")));
    if (!scanning && !m_hasOutcome)
        m_progressText->setText(
            m_folders->count() == 0
                ? tr("Add the folders of one or more repositories.")
                : (m_folders->count() == 1
                       ? tr("Ready to scan one folder.")
                       : tr("Ready to scan %1 folders.").arg(m_folders->count())));
}

void ScanDialog::showError(const QString& text) {
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

QString ScanDialog::errorText() const {
    return m_error->text();
}

QString ScanDialog::progressText() const {
    return m_progressText->text();
}

bool ScanDialog::startScan() {
    if (isScanning())
        return false;
    showError({});
    const QStringList paths = folders();
    if (paths.isEmpty()) {
        showError(tr("Add at least one repository folder to scan."));
        return false;
    }
    QStringList problems;
    for (const QString& p : paths) {
        const QFileInfo info(p);
        if (!info.exists())
            problems << tr("%1: no such folder").arg(QDir::toNativeSeparators(p));
        else if (!info.isDir())
            problems << tr("%1: not a folder (a file)").arg(QDir::toNativeSeparators(p));
    }
    if (!problems.isEmpty()) {
        showError(tr("Nothing was scanned:\n%1").arg(problems.join(QLatin1Char('\n'))));
        return false;
    }
    if (!workload()) {
        showError(tr("Choose the workload kind: the scanner cannot read it from code, and the "
                     "path rules depend on it."));
        m_workload->setFocus();
        return false;
    }

    std::vector<std::filesystem::path> roots;
    for (const QString& p : paths)
        roots.emplace_back(p.toStdString());
    m_doneArea->hide();
    m_doneArea->setMinimumHeight(kSummaryMinHeight);
    m_progress->setRange(0, 0); // counting files
    m_progressText->setText(tr("Listing files…"));
    const data::ScanOptions options = m_options;
    m_job.start([this, roots, options](JobControl& control) {
        // Progress is reported on worker threads: each copy is shown on the dialog's thread,
        // unless the scan was cancelled meanwhile.
        const auto progress = [this, &control](const data::ScanProgress& p) {
            control.post([this, p] { showProgress(p); });
        };
        return data::scanRepositories(roots, options, progress, control.cancelFlag());
    });
    refreshState();
    return true;
}

void ScanDialog::cancelScan() {
    if (!isScanning())
        return;
    m_job.cancel();
    m_progressText->setText(tr("Cancelling…"));
}

void ScanDialog::waitForScan() {
    m_job.waitForIdle();
}

void ScanDialog::showProgress(const data::ScanProgress& p) {
    if (!isScanning())
        return;
    if (p.files_total > 0) {
        // QProgressBar counts in int; file counts stay far below that.
        m_progress->setRange(0, int(std::min<std::size_t>(p.files_total, INT_MAX)));
        m_progress->setValue(int(std::min<std::size_t>(p.files_done, INT_MAX)));
    }
    m_progressText->setText(tr("%1 of %2 files · %3 read · %4")
                                .arg(countText(p.files_done), countText(p.files_total),
                                     bytesText(p.bytes_done), qs(p.repository)));
}

// Makes the dialog tall enough for the whole summary, within the screen it is on.
void ScanDialog::growToShowSummary() {
    layout()->activate(); // the summary's viewport at its shown width
    // Measured as the label lays it out: QLabel's height-for-width under-counts list items.
    QTextDocument text;
    text.setDefaultFont(m_done->font());
    text.setHtml(m_done->text());
    text.setTextWidth(m_doneArea->viewport()->width() - 2 * m_done->margin());
    const QScreen* shown = screen();
    const int room = shown ? shown->availableGeometry().height() - 80 : height();
    // All of it where the screen has room; what does not fit scrolls.
    const int spare = std::max(0, room - (height() - m_doneArea->height()));
    m_doneArea->setMinimumHeight(
        std::max(kSummaryMinHeight, std::min(int(std::ceil(text.size().height())) + 4, spare)));
    resize(width(), std::max(height(), std::min(sizeHint().height(), room)));
    // Grown downwards it may reach past the screen's foot: lift it so its buttons stay on it.
    if (shown) {
        const QRect avail = shown->availableGeometry();
        const QRect frame = frameGeometry();
        if (frame.bottom() > avail.bottom())
            move(x(), std::max(avail.top(), y() - (frame.bottom() - avail.bottom())));
    }
}

// One line of the done text: a dimension's proposed tier, the first reason (it names the counts
// that decided the tier) and what the mitigations covered.
QString ScanDialog::proposalLine(const model::DimensionAssessment& a, model::Dimension d) const {
    QString line = tr("<li>%1 <b>%2</b>")
                       .arg(qs(model::title(d)).toHtmlEscaped(),
                            qs(model::title(a.proposed_tier.value_or(a.tier))));
    if (!a.reasons.empty())
        line += QStringLiteral(" — ") + qs(a.reasons.front()).toHtmlEscaped();
    if (const std::size_t covered = a.coveredEvidence(); covered > 0)
        line += tr(" <i>(a ROCm path covers %1 of %2 findings shown)</i>")
                    .arg(covered)
                    .arg(a.evidence.size());
    return line + QStringLiteral("</li>");
}

void ScanDialog::finishScan(JobEnd<data::ScanRun> end) {
    const data::ScanRun& run = end.result;
    m_progress->setRange(0, 1);
    m_hasOutcome = true;

    if (end.cancelled || run.cancelled) {
        m_progress->setValue(0);
        m_progressText->setText(tr("Scan cancelled: nothing was stored."));
        refreshState();
        return;
    }
    if (!run.errors.empty()) {
        m_progress->setValue(0);
        QStringList lines;
        for (const std::string& e : run.errors)
            lines << QString::fromStdString(e);
        showError(tr("Nothing was scanned:\n%1").arg(lines.join(QLatin1Char('\n'))));
        m_progressText->setText(tr("Fix the folders above and scan again."));
        refreshState();
        return;
    }
    m_progress->setValue(1);

    data::ScanAuditOptions options;
    options.workload = *workload();
    options.name = auditName().toStdString();
    options.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    model::Audit audit = m_previous ? data::updateAuditFromScan(*m_previous, run, options)
                                    : data::auditFromScan(run, options);
    try {
        if (m_previousId) {
            // A re-scan replaces the stored audit in place: same id, source and import time.
            if (!m_store.replaceAudit(*m_previousId, audit)) {
                showError(tr("Audit %1 (“%2”) is no longer in the store %3: the re-scan was not "
                             "stored.")
                              .arg(*m_previousId)
                              .arg(qs(m_previous->name), QDir::toNativeSeparators(m_store.path())));
                m_progressText->setText(tr("The scan finished but nothing was stored."));
                refreshState();
                return;
            }
            m_storedId = m_previousId;
        } else {
            QStringList roots;
            for (const data::RepositoryScan& r : run.repositories)
                roots << QString::fromStdString(r.root);
            m_storedId = m_store.addAudit(
                audit, tr("scan of %1").arg(roots.join(QStringLiteral("; "))).toStdString());
        }
    } catch (const data::StoreError& e) {
        showError(tr("The store %1 refused the audit “%2”: %3")
                      .arg(QDir::toNativeSeparators(m_store.path()), qs(audit.name),
                           QString::fromUtf8(e.what())));
        m_progressText->setText(tr("The scan finished but nothing was stored."));
        refreshState();
        return;
    }
    m_stored = audit;

    std::size_t files = 0;
    std::size_t skipped = 0;
    std::uint64_t bytes = 0;
    for (const data::RepositoryScan& r : run.repositories) {
        files += r.files_scanned;
        bytes += r.bytes_scanned;
        skipped += r.not_scanned.size();
    }
    QStringList tiers;
    int high = 0;
    for (model::Dimension d : model::kAllDimensions) {
        const model::DimensionAssessment& a = audit.dimension(d);
        high += a.tier == model::Tier::High ? 1 : 0;
        if (d != model::Dimension::TeamKnowledge)
            tiers << proposalLine(a, d);
    }
    m_progressText->setText(tr("Done: %1 files · %2 read · %3")
                                .arg(countText(files), bytesText(bytes),
                                     run.repositories.size() == 1
                                         ? tr("one repository")
                                         : tr("%1 repositories").arg(run.repositories.size())));
    const QString skippedText =
        skipped == 0 ? QString()
                     : (skipped == 1 ? tr("One file was not scanned")
                                     : tr("%1 files were not scanned").arg(countText(skipped))) +
                           tr(" (binary, too large or unreadable): the audit view lists them.");
    const QString kept =
        m_previous ? tr("The reviewer's overrides, the notes and team knowledge were kept.")
                   : tr("Team knowledge is not read from code: it stays Medium until you answer "
                        "its questionnaire.");
    m_done->setText(tr("<b>%1 audit “%2”</b> (%3 High of 6). Proposed, with the counts that "
                       "decided each tier:<ul style=\"margin-top:2px; margin-bottom:2px;\">%4</ul>"
                       "%5 %6")
                        .arg(m_previous ? tr("Updated") : tr("Stored as"),
                             qs(audit.name).toHtmlEscaped(), QString::number(high),
                             tiers.join(QString()), skippedText.toHtmlEscaped(), kept));
    m_doneArea->show();
    growToShowSummary();
    emit auditStored(*m_storedId);
    refreshState();
}

void ScanDialog::reject() {
    // Escape or the window's close button during a scan: stop it (nothing is stored), then go.
    if (isScanning()) {
        cancelScan();
        waitForScan();
    }
    QDialog::reject();
}

} // namespace crossgrade::ui
