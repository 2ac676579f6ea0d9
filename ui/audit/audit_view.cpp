// The Audit view's assembly: the header of facts, the dimension table, the summary strip of what
// the model makes of the audit, and the panes below them (the detail pane in
// audit_view_detail.cpp, ScannedRepositoriesPanel and LibraryEquivalencesPanel on the right);
// every user edit passes through applyEdit.

#include "audit_view.h"

#include "article.h"
#include "audit_labels.h"
#include "audit_table_model.h"
#include "library_equivalences_panel.h"
#include "qt_text.h"
#include "recommendation.h"
#include "scanned_repositories_panel.h"
#include "tier_delegate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

// Warnings are advice beside the path, not errors: amber, like a Medium tier.
QString warningBadge(const std::string& id) {
    return QStringLiteral("<span style=\"background-color:%1; color:%2; font-weight:600;\">"
                          "&nbsp;%3&nbsp;</span>")
        .arg(tierBadgeBackground(model::Tier::Medium).name(),
             tierBadgeForeground(model::Tier::Medium).name(), qs(id).toHtmlEscaped());
}

} // namespace

AuditView::AuditView(QWidget* parent)
    : QWidget(parent)
    , m_table(new AuditTableModel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());

    m_tableView = new QTableView;
    m_tableView->setObjectName(QStringLiteral("dimensionTable"));
    m_tableView->setModel(m_table);
    m_tableView->setItemDelegate(new TierDelegate(m_tableView));
    m_tableView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tableView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tableView->setEditTriggers(QAbstractItemView::DoubleClicked |
                                 QAbstractItemView::SelectedClicked |
                                 QAbstractItemView::EditKeyPressed);
    m_tableView->verticalHeader()->hide();
    m_tableView->setWordWrap(false);
    QHeaderView* h = m_tableView->horizontalHeader();
    h->setSectionResizeMode(AuditTableModel::DimensionColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(AuditTableModel::TierColumn, QHeaderView::Fixed);
    h->resizeSection(AuditTableModel::TierColumn, 110);
    h->setSectionResizeMode(AuditTableModel::EvidenceColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(AuditTableModel::NotesColumn, QHeaderView::Stretch);
    // Six rows, always: the table is sized to show them all and no more.
    const int rows =
        int(model::kDimensionCount) * m_tableView->verticalHeader()->defaultSectionSize();
    m_tableView->setFixedHeight(rows + h->sizeHint().height() + 2 * m_tableView->frameWidth() + 2);
    m_tableView->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(m_tableView);

    layout->addWidget(buildSummary());

    auto* bottom = new QSplitter(Qt::Horizontal);
    bottom->setChildrenCollapsible(false);
    bottom->addWidget(buildDetail());
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_repositories = new ScannedRepositoriesPanel;
    connect(m_repositories, &ScannedRepositoriesPanel::notScannedRequested, this,
            &AuditView::showNotScanned);
    rightLayout->addWidget(m_repositories);
    m_libraries = new LibraryEquivalencesPanel;
    rightLayout->addWidget(m_libraries, 1);
    // With a scan's breakdown above the library table the column may outgrow a short window:
    // it scrolls rather than squeezing the fixed-height tables over their captions.
    auto* rightScroll = new QScrollArea;
    rightScroll->setWidget(right);
    rightScroll->setWidgetResizable(true);
    rightScroll->setFrameShape(QFrame::NoFrame);
    rightScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The library box's own minimum (400) plus room for the vertical scroll bar.
    rightScroll->setMinimumWidth(400 + rightScroll->verticalScrollBar()->sizeHint().width() + 8);
    bottom->addWidget(rightScroll);
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 1);
    bottom->setSizes({620, 460});
    layout->addWidget(bottom, 1);

    connect(m_table, &AuditTableModel::auditEdited, this, &AuditView::applyEdit);
    connect(m_tableView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { refreshDetail(); });

    setTeamAnswers({0, 10, 1.0, model::RocmExperience::None});
    m_tableView->setCurrentIndex(m_table->index(0, AuditTableModel::DimensionColumn));
    setAudit(model::Audit{});
}

QWidget* AuditView::buildHeader() {
    auto* header = new QWidget;
    auto* grid = new QGridLayout(header);
    grid->setContentsMargins(0, 0, 0, 0);

    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("auditName"));
    m_name->setPlaceholderText(tr("Name of the audit"));
    m_organisation = new QLineEdit;
    m_organisation->setObjectName(QStringLiteral("organisation"));
    m_organisation->setPlaceholderText(tr("Organisation or team"));
    m_date = plainLabel(); // the audit file's free-form date
    m_date->setObjectName(QStringLiteral("auditDate"));
    m_workload = new QComboBox;
    m_workload->setObjectName(QStringLiteral("workloadKind"));
    for (model::WorkloadKind k : model::kAllWorkloadKinds)
        m_workload->addItem(qs(model::title(k)), int(k));
    m_tensorrt = new QCheckBox(tr("TensorRT in the inference pipeline"));
    m_tensorrt->setObjectName(QStringLiteral("tensorrt"));
    m_tensorrt->setToolTip(qs(model::article::kTensorRt));
    m_multiNode = new QCheckBox(tr("Multi-node training (NCCL across nodes)"));
    m_multiNode->setObjectName(QStringLiteral("multiNode"));
    m_multiNode->setToolTip(qs(model::article::kDistributedTiers));

    grid->addWidget(new QLabel(tr("Audit")), 0, 0);
    grid->addWidget(m_name, 0, 1);
    grid->addWidget(new QLabel(tr("Organisation")), 0, 2);
    grid->addWidget(m_organisation, 0, 3);
    grid->addWidget(m_date, 0, 4);
    grid->addWidget(new QLabel(tr("Workload")), 1, 0);
    auto* facts = new QHBoxLayout;
    facts->addWidget(m_workload);
    facts->addSpacing(12);
    facts->addWidget(m_tensorrt);
    facts->addSpacing(12);
    facts->addWidget(m_multiNode);
    facts->addStretch(1);
    grid->addLayout(facts, 1, 1, 1, 4);
    grid->setColumnStretch(1, 3);
    grid->setColumnStretch(3, 2);

    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        model::Audit edited = audit();
        edited.name = m_name->text().toStdString();
        if (edited.name != audit().name)
            applyEdit(tr("Rename audit"), edited);
    });
    connect(m_organisation, &QLineEdit::editingFinished, this, [this] {
        model::Audit edited = audit();
        edited.organisation = m_organisation->text().toStdString();
        if (edited.organisation != audit().organisation)
            applyEdit(tr("Edit organisation"), edited);
    });
    connect(m_workload, &QComboBox::activated, this, [this] {
        model::Audit edited = audit();
        edited.workload = model::WorkloadKind(m_workload->currentData().toInt());
        if (edited.workload != audit().workload)
            applyEdit(tr("Set workload to %1").arg(m_workload->currentText()), edited);
    });
    connect(m_tensorrt, &QCheckBox::toggled, this, [this](bool on) {
        model::Audit edited = audit();
        edited.tensorrt = on;
        applyEdit(on ? tr("Mark TensorRT in the pipeline") : tr("Unmark TensorRT"), edited);
    });
    connect(m_multiNode, &QCheckBox::toggled, this, [this](bool on) {
        model::Audit edited = audit();
        edited.multi_node = on;
        applyEdit(on ? tr("Mark multi-node training") : tr("Unmark multi-node training"), edited);
    });
    return header;
}

QWidget* AuditView::buildSummary() {
    auto* strip = new QFrame;
    strip->setObjectName(QStringLiteral("summaryStrip"));
    strip->setFrameShape(QFrame::StyledPanel);
    strip->setAutoFillBackground(true);
    strip->setBackgroundRole(QPalette::AlternateBase);
    auto* row = new QHBoxLayout(strip);

    auto* facts = new QVBoxLayout;
    m_highCount = new QLabel;
    m_highCount->setObjectName(QStringLiteral("highCountLabel"));
    m_highCount->setTextFormat(Qt::RichText);
    m_effort = wrappingLabel();
    m_effort->setObjectName(QStringLiteral("effortLabel"));
    m_effort->setToolTip(qs(model::article::kScoring));
    m_rulePath = wrappingLabel();
    m_rulePath->setObjectName(QStringLiteral("rulePathLabel"));
    facts->addWidget(m_highCount);
    facts->addWidget(m_effort);
    facts->addWidget(m_rulePath);
    facts->addStretch(1);

    auto* warningsBox = new QWidget;
    warningsBox->setObjectName(QStringLiteral("warnings"));
    m_warnings = new QVBoxLayout(warningsBox);
    m_warnings->setContentsMargins(0, 0, 0, 0);
    m_warnings->setSpacing(4);

    row->addLayout(facts, 1);
    auto* line = new QFrame;
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    row->addWidget(line);
    row->addWidget(warningsBox, 1);
    return strip;
}

const model::Audit& AuditView::audit() const {
    return m_table->audit();
}

void AuditView::setAudit(const model::Audit& audit) {
    // The caller hands back each edit it took; the view already shows it.
    if (audit == this->audit() && m_shown)
        return;
    m_shown = true;
    m_table->setAudit(audit);
    // A new audit (or an undo) opens the library table on the first library it names.
    m_libraries->forgetCurrentRow();
    refreshHeader();
    refreshSummary();
    refreshDetail();
    m_libraries->showAudit(audit);
    m_repositories->showAudit(audit);
}

void AuditView::setReadOnly(bool readOnly) {
    m_readOnly = readOnly;
    m_table->setReadOnly(readOnly);
    m_name->setReadOnly(readOnly);
    m_organisation->setReadOnly(readOnly);
    m_workload->setEnabled(!readOnly);
    m_tensorrt->setEnabled(!readOnly);
    m_multiNode->setEnabled(!readOnly);
    m_overrideReason->setReadOnly(readOnly);
    refreshProposal();
}

model::Dimension AuditView::selectedDimension() const {
    const QModelIndex current = m_tableView->currentIndex();
    return AuditTableModel::dimensionAt(current.isValid() ? current.row() : 0);
}

void AuditView::selectDimension(model::Dimension dimension) {
    m_tableView->setCurrentIndex(
        m_table->index(AuditTableModel::rowOf(dimension), AuditTableModel::DimensionColumn));
}

void AuditView::applyEdit(const QString& undoText, const model::Audit& edited) {
    m_table->setAudit(edited);
    refreshHeader();
    refreshSummary();
    refreshDetail();
    m_libraries->showAudit(edited);
    m_repositories->showAudit(edited);
    emit auditEdited(undoText, edited);
}

void AuditView::refreshHeader() {
    const model::Audit& a = audit();
    const QSignalBlocker b1(m_name), b2(m_organisation), b3(m_workload), b4(m_tensorrt),
        b5(m_multiNode);
    if (m_name->text() != qs(a.name))
        m_name->setText(qs(a.name));
    if (m_organisation->text() != qs(a.organisation))
        m_organisation->setText(qs(a.organisation));
    m_date->setText(a.date.empty() ? QString() : tr("Audited %1").arg(qs(a.date)));
    m_workload->setCurrentIndex(m_workload->findData(int(a.workload)));
    m_tensorrt->setChecked(a.tensorrt);
    m_multiNode->setChecked(a.multi_node);
}

void AuditView::refreshSummary() {
    const model::Recommendation r = model::recommend(audit().profile());
    m_highCount->setText(tr("<span style=\"font-size:15pt; font-weight:600;\">%1</span> "
                            "of 6 dimensions High")
                             .arg(r.high_count));
    m_effort->setText(tr("<b>Effort:</b> %1 (%2–%3 months)")
                          .arg(html(r.effort.label))
                          .arg(model::inMonths(r.effort.shortest))
                          .arg(model::inMonths(r.effort.longest)));
    m_rulePath->setText(tr("<b>Rule path:</b> %1 <span style=\"color:gray;\">(rule %2)</span>")
                            .arg(html(model::title(r.primary_path)), html(r.decided_by)));

    while (QLayoutItem* item = m_warnings->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (r.warnings.empty()) {
        auto* none = wrappingLabel();
        none->setText(tr("No warnings: the audit is consistent and no layer needs separate "
                         "tracking."));
        m_warnings->addWidget(none);
        none->show(); // a layout shows new children of a visible parent only later
    }
    for (const model::AuditWarning& w : r.warnings) {
        auto* label = wrappingLabel();
        label->setObjectName(QStringLiteral("warning-") + qs(w.id));
        label->setText(warningBadge(w.id) + QStringLiteral(" ") + html(w.text));
        label->setToolTip(tr("The article: “%1”").arg(qs(w.source)));
        m_warnings->addWidget(label);
        label->show(); // a layout shows new children of a visible parent only later
    }
    m_warnings->addStretch(1);
}

void AuditView::showNotScanned() {
    showNotScannedDialog(audit(), this);
}

} // namespace crossgrade::ui
