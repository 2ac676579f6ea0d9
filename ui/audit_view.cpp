#include "audit_view.h"

#include "article.h"
#include "audit_table_model.h"
#include "library_equivalents.h"
#include "qt_text.h"
#include "recommendation.h"
#include "settings.h"
#include "source_viewer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QFrame>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace crossgrade::ui {

namespace {

// A tier as an inline badge in rich text, in the table's colours.
QString tierBadge(model::Tier tier) {
    return QStringLiteral("<span style=\"background-color:%1; color:%2; font-weight:600;\">"
                          "&nbsp;%3&nbsp;</span>")
        .arg(tierBadgeBackground(tier).name(), tierBadgeForeground(tier).name(),
             html(model::title(tier)));
}

// Warnings are advice beside the path, not errors: amber, like a Medium tier.
QString warningBadge(const std::string& id) {
    return QStringLiteral("<span style=\"background-color:%1; color:%2; font-weight:600;\">"
                          "&nbsp;%3&nbsp;</span>")
        .arg(tierBadgeBackground(model::Tier::Medium).name(),
             tierBadgeForeground(model::Tier::Medium).name(), qs(id).toHtmlEscaped());
}

// Severity shares the tiers' three levels and so their colours.
model::Tier badgeTierOf(model::Level level) {
    switch (level) {
    case model::Level::Low:
        return model::Tier::Low;
    case model::Level::Medium:
        return model::Tier::Medium;
    case model::Level::High:
        return model::Tier::High;
    }
    return model::Tier::Medium;
}

QString location(const model::EvidenceItem& item) {
    QString where = qs(item.path) + QLatin1Char(':') + QString::number(item.line);
    if (item.col)
        where += QLatin1Char(':') + QString::number(*item.col);
    return where;
}

QLabel* wrappingLabel(QWidget* parent = nullptr) {
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QLabel* sectionHeading(const QString& text) {
    auto* label = new QLabel(text);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

// The tier column edits through a combo of the three tiers, committed as soon as one is picked
// so a single choice is a single undo step.
class TierDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override {
        if (index.column() != AuditTableModel::TierColumn)
            return QStyledItemDelegate::createEditor(parent, option, index);
        auto* combo = new QComboBox(parent);
        combo->setObjectName(QStringLiteral("tierEditor"));
        combo->addItems(AuditTableModel::tierChoices());
        connect(combo, &QComboBox::activated, this, [this, combo] {
            auto* self = const_cast<TierDelegate*>(this);
            emit self->commitData(combo);
            emit self->closeEditor(combo);
        });
        return combo;
    }
    // The tier badge keeps its colours in the selected row: the tier is what the reader is
    // looking for there.
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.column() == AuditTableModel::TierColumn)
            option->state &= ~QStyle::State_Selected;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        if (auto* combo = qobject_cast<QComboBox*>(editor))
            combo->setCurrentIndex(index.data(AuditTableModel::TierRole).toInt());
        else
            QStyledItemDelegate::setEditorData(editor, index);
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override {
        if (auto* combo = qobject_cast<QComboBox*>(editor))
            model->setData(index, combo->currentIndex());
        else
            QStyledItemDelegate::setModelData(editor, model, index);
    }
};

enum EvidenceColumn { EvLocation, EvRule, EvSeverity, EvContext, EvSnippet, EvColumnCount };
enum LibraryColumn { LibCuda, LibRocm, LibDifficulty, LibNamed, LibColumnCount };

// The per-repository breakdown: the repository, its files, then one column per scanned
// dimension (1-5) with the tier proposed from that repository alone.
enum RepositoryColumn { RepName, RepFiles, RepSkipped, RepFirstDimension, RepColumnCount = 8 };
constexpr std::size_t kScannedDimensions = 5; // team knowledge is not read from code

// "1 file" / "12 files": English text without Qt's "(s)" placeholders.
QString counted(long long n, const QString& one, const QString& many) {
    return n == 1 ? one : many.arg(QLocale().toString(n));
}

// A tier in one letter: five of them side by side fit the narrow pane; the cell's colour, its
// tooltip and its accessible text say it in full.
QString tierLetter(model::Tier tier) {
    switch (tier) {
    case model::Tier::Low:
        return QObject::tr("L", "Low tier");
    case model::Tier::Medium:
        return QObject::tr("M", "Medium tier");
    case model::Tier::High:
        return QObject::tr("H", "High tier");
    }
    return {};
}

// Named libraries stand out from the rest of the article's table without hiding it.
const QColor kNamedRow(0xdb, 0xea, 0xfe);
const QColor kNamedText(0x0b, 0x2a, 0x5b);

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
    rightLayout->addWidget(buildRepositories());
    rightLayout->addWidget(buildLibraries(), 1);
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

QWidget* AuditView::buildDetail() {
    auto* pane = new QWidget;
    auto* layout = new QVBoxLayout(pane);

    m_detailTitle = new QLabel;
    m_detailTitle->setObjectName(QStringLiteral("detailTitle"));
    m_detailTitle->setTextFormat(Qt::RichText);
    QFont f = m_detailTitle->font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_detailTitle->setFont(f);
    layout->addWidget(m_detailTitle);

    m_tierStatus = wrappingLabel();
    m_tierStatus->setObjectName(QStringLiteral("tierStatus"));
    layout->addWidget(m_tierStatus);

    m_overrideRow = new QWidget;
    auto* overrideLayout = new QHBoxLayout(m_overrideRow);
    overrideLayout->setContentsMargins(0, 0, 0, 0);
    overrideLayout->addWidget(new QLabel(tr("Override reason")));
    m_overrideReason = new QLineEdit;
    m_overrideReason->setObjectName(QStringLiteral("overrideReason"));
    overrideLayout->addWidget(m_overrideReason, 1);
    layout->addWidget(m_overrideRow);
    connect(m_overrideReason, &QLineEdit::editingFinished, this, [this] {
        const model::Dimension d = selectedDimension();
        model::Audit edited = audit();
        auto& ov = edited.dimension(d).override_tier;
        const std::string reason = m_overrideReason->text().toStdString();
        if (!ov || ov->reason == reason)
            return;
        ov->reason = reason;
        applyEdit(tr("Edit override reason of %1").arg(qs(model::title(d))), edited);
    });

    m_evidenceHeading = sectionHeading(tr("Evidence"));
    m_openEvidence = new QPushButton(tr("Open source…"));
    m_openEvidence->setObjectName(QStringLiteral("openEvidence"));
    m_openEvidence->setToolTip(tr("Show the selected finding's file at its line (or "
                                  "double-click a row)"));
    auto* evidenceRow = new QHBoxLayout;
    evidenceRow->addWidget(m_evidenceHeading);
    evidenceRow->addStretch(1);
    evidenceRow->addWidget(m_openEvidence);
    layout->addLayout(evidenceRow);
    connect(m_openEvidence, &QPushButton::clicked, this,
            [this] { openEvidence(m_evidenceView->currentIndex().row()); });
    m_evidence = new QStandardItemModel(0, EvColumnCount, this);
    m_evidence->setHorizontalHeaderLabels(
        {tr("Location"), tr("Rule"), tr("Severity"), tr("Context"), tr("Snippet")});
    m_evidenceView = new QTableView;
    m_evidenceView->setObjectName(QStringLiteral("evidenceTable"));
    m_evidenceView->setModel(m_evidence);
    m_evidenceView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_evidenceView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_evidenceView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_evidenceView->verticalHeader()->hide();
    // One line per finding; the selected one is shown whole below the table.
    m_evidenceView->setWordWrap(false);
    m_evidenceView->setTextElideMode(Qt::ElideRight);
    QHeaderView* eh = m_evidenceView->horizontalHeader();
    for (int c : {EvLocation, EvRule, EvSeverity, EvContext})
        eh->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    eh->setSectionResizeMode(EvSnippet, QHeaderView::Stretch);
    m_evidenceView->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_evidenceView->setMinimumHeight(120); // a few findings at once, even on a short window
    layout->addWidget(m_evidenceView, 1);
    connect(m_evidenceView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { refreshEvidenceText(); });
    connect(m_evidenceView, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { openEvidence(index.row()); });

    m_noEvidence = wrappingLabel();
    m_noEvidence->setObjectName(QStringLiteral("noEvidence"));
    layout->addWidget(m_noEvidence);
    m_evidenceText = wrappingLabel();
    m_evidenceText->setObjectName(QStringLiteral("evidenceText"));
    layout->addWidget(m_evidenceText);
    m_mitigations = wrappingLabel();
    m_mitigations->setObjectName(QStringLiteral("mitigations"));
    layout->addWidget(m_mitigations);

    m_questionnaire = new QGroupBox(tr("Team knowledge questionnaire"));
    m_questionnaire->setObjectName(QStringLiteral("teamQuestionnaire"));
    auto* form = new QFormLayout(m_questionnaire);
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_kernelEngineers = new QSpinBox;
    m_kernelEngineers->setObjectName(QStringLiteral("kernelEngineers"));
    m_kernelEngineers->setRange(0, 9999);
    m_teamSize = new QSpinBox;
    m_teamSize->setObjectName(QStringLiteral("teamSize"));
    m_teamSize->setRange(1, 99999);
    m_pytorchShare = new QSpinBox;
    m_pytorchShare->setObjectName(QStringLiteral("pytorchShare"));
    m_pytorchShare->setRange(0, 100);
    m_pytorchShare->setSuffix(QStringLiteral(" %"));
    m_rocmExperience = new QComboBox;
    m_rocmExperience->setObjectName(QStringLiteral("rocmExperience"));
    for (model::RocmExperience e : model::kAllRocmExperiences)
        m_rocmExperience->addItem(qs(model::title(e)), int(e));
    form->addRow(tr("Engineers whose main value is CUDA kernels"), m_kernelEngineers);
    form->addRow(tr("ML engineering team (all engineers)"), m_teamSize);
    form->addRow(tr("Share working primarily at PyTorch level"), m_pytorchShare);
    form->addRow(tr("ROCm experience"), m_rocmExperience);
    m_proposal = wrappingLabel();
    m_proposal->setObjectName(QStringLiteral("proposal"));
    m_proposal->setToolTip(qs(model::article::kTeamKnowledge));
    form->addRow(m_proposal);
    m_useProposal = new QPushButton(tr("Use proposed tier"));
    m_useProposal->setObjectName(QStringLiteral("useProposedTier"));
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_useProposal);
    buttonRow->addStretch(1);
    form->addRow(buttonRow);
    layout->addWidget(m_questionnaire);
    layout->addStretch(1);

    for (QSpinBox* spin : {m_kernelEngineers, m_teamSize, m_pytorchShare})
        connect(spin, &QSpinBox::valueChanged, this, [this] { refreshProposal(); });
    connect(m_rocmExperience, &QComboBox::currentIndexChanged, this, [this] { refreshProposal(); });
    connect(m_useProposal, &QPushButton::clicked, this, &AuditView::useProposedTier);

    auto* scroll = new QScrollArea;
    scroll->setWidget(pane);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(420);
    return scroll;
}

QWidget* AuditView::buildRepositories() {
    m_repositoriesBox = new QGroupBox(tr("Scanned repositories"));
    m_repositoriesBox->setObjectName(QStringLiteral("repositoriesBox"));
    auto* layout = new QVBoxLayout(m_repositoriesBox);
    m_repositories = new QStandardItemModel(0, RepColumnCount, this);
    QStringList headings{tr("Repository"), tr("Files"), tr("Not read")};
    for (std::size_t i = 0; i < kScannedDimensions; ++i)
        headings << QString::number(i + 1); // the dimension's number, as in the table above
    m_repositories->setHorizontalHeaderLabels(headings);
    for (std::size_t i = 0; i < kScannedDimensions; ++i)
        m_repositories->horizontalHeaderItem(RepFirstDimension + int(i))
            ->setToolTip(tr("%1: the tier proposed from this repository alone (its findings)")
                             .arg(qs(model::title(model::kAllDimensions[i]))));
    m_repositoryView = new QTableView;
    m_repositoryView->setObjectName(QStringLiteral("repositoryTable"));
    m_repositoryView->setModel(m_repositories);
    m_repositoryView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_repositoryView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_repositoryView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_repositoryView->verticalHeader()->hide();
    m_repositoryView->setWordWrap(false);
    QHeaderView* rh = m_repositoryView->horizontalHeader();
    rh->setSectionResizeMode(QHeaderView::ResizeToContents);
    rh->setSectionResizeMode(RepName, QHeaderView::Stretch);
    layout->addWidget(m_repositoryView);
    auto* notScannedRow = new QHBoxLayout;
    m_notScanned = new QLabel;
    m_notScanned->setObjectName(QStringLiteral("notScanned"));
    m_notScanned->setWordWrap(true);
    m_showNotScanned = new QPushButton(tr("Show files…"));
    m_showNotScanned->setObjectName(QStringLiteral("showNotScanned"));
    connect(m_showNotScanned, &QPushButton::clicked, this, &AuditView::showNotScanned);
    notScannedRow->addWidget(m_notScanned, 1);
    notScannedRow->addWidget(m_showNotScanned);
    layout->addLayout(notScannedRow);
    m_repositoriesBox->hide();
    return m_repositoriesBox;
}

QWidget* AuditView::buildLibraries() {
    auto* box = new QGroupBox(tr("Library equivalences (the article)"));
    auto* layout = new QVBoxLayout(box);
    m_libraries = new QStandardItemModel(0, LibColumnCount, this);
    m_libraries->setHorizontalHeaderLabels(
        {tr("CUDA library"), tr("ROCm equivalent"), tr("Difficulty"), tr("This audit")});
    m_libraryView = new QTableView;
    m_libraryView->setObjectName(QStringLiteral("libraryTable"));
    m_libraryView->setModel(m_libraries);
    m_libraryView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_libraryView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_libraryView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_libraryView->verticalHeader()->hide();
    m_libraryView->setWordWrap(true);
    QHeaderView* lh = m_libraryView->horizontalHeader();
    lh->setSectionResizeMode(LibCuda, QHeaderView::ResizeToContents);
    lh->setSectionResizeMode(LibRocm, QHeaderView::Stretch);
    lh->setSectionResizeMode(LibDifficulty, QHeaderView::ResizeToContents);
    lh->setSectionResizeMode(LibNamed, QHeaderView::ResizeToContents);
    layout->addWidget(m_libraryView);
    m_librarySource = wrappingLabel();
    m_librarySource->setObjectName(QStringLiteral("librarySource"));
    layout->addWidget(m_librarySource);
    layout->addStretch(1);
    connect(m_libraryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { refreshLibrarySource(); });
    // Five rows whose wrapped cells grow as the column narrows: the table is kept exactly as
    // tall as its rows, and the article's sentence sits right under it.
    connect(lh, &QHeaderView::sectionResized, this, &AuditView::fitLibraryTable,
            Qt::QueuedConnection);
    box->setMinimumWidth(400);
    return box;
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
    m_libraryView->setCurrentIndex({});
    refreshHeader();
    refreshSummary();
    refreshDetail();
    refreshLibraries();
    refreshRepositories();
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

model::TeamKnowledgeAnswers AuditView::teamAnswers() const {
    return {m_kernelEngineers->value(), m_teamSize->value(), m_pytorchShare->value() / 100.0,
            model::RocmExperience(m_rocmExperience->currentData().toInt())};
}

void AuditView::setTeamAnswers(const model::TeamKnowledgeAnswers& answers) {
    {
        const QSignalBlocker b1(m_kernelEngineers), b2(m_teamSize), b3(m_pytorchShare),
            b4(m_rocmExperience);
        m_kernelEngineers->setValue(answers.cuda_kernel_engineers);
        m_teamSize->setValue(answers.team_size);
        m_pytorchShare->setValue(int(std::lround(answers.pytorch_level_share * 100.0)));
        m_rocmExperience->setCurrentIndex(int(answers.rocm_experience));
    }
    refreshProposal();
}

void AuditView::applyEdit(const QString& undoText, const model::Audit& edited) {
    m_table->setAudit(edited);
    refreshHeader();
    refreshSummary();
    refreshDetail();
    refreshLibraries();
    refreshRepositories();
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
                          .arg(r.effort.min_months)
                          .arg(r.effort.max_months));
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

void AuditView::refreshDetail() {
    const model::Dimension d = selectedDimension();
    const model::DimensionAssessment& dim = audit().dimension(d);
    m_detailTitle->setText(QStringLiteral("<b>%1. %2</b> &nbsp;%3")
                               .arg(AuditTableModel::rowOf(d) + 1)
                               .arg(html(model::title(d)), tierBadge(dim.tier)));

    QStringList status;
    if (dim.proposed_tier && dim.override_tier)
        status << tr("The scan proposed %1; the reviewer overrode it to %2.")
                      .arg(tierBadge(*dim.proposed_tier), tierBadge(dim.override_tier->tier));
    else if (dim.proposed_tier)
        status << tr("The scan proposed %1, and the tier follows it.")
                      .arg(tierBadge(*dim.proposed_tier));
    else if (dim.override_tier)
        status << tr("Reviewer override to %1.").arg(tierBadge(dim.override_tier->tier));
    else if (d != model::Dimension::TeamKnowledge)
        status << tr("Tier set by hand; no scan proposed one.");
    if (!dim.reasons.empty()) {
        QStringList reasons;
        for (const std::string& reason : dim.reasons)
            reasons << QStringLiteral("<li>%1</li>").arg(html(reason));
        status << tr("<b>Why:</b><ul style=\"margin-top:0px; margin-bottom:0px;\">%1</ul>")
                      .arg(reasons.join(QString()));
    }
    if (!dim.findings.empty()) {
        QStringList hits;
        for (const auto& [rule, count] : dim.findings)
            hits << QStringLiteral("%1 ×%2").arg(qs(rule).toHtmlEscaped()).arg(count);
        status << tr("Scan findings: %1.").arg(hits.join(QStringLiteral(", ")));
    }
    if (!dim.notes.empty())
        status << tr("<i>Notes:</i> %1").arg(html(dim.notes));
    m_tierStatus->setText(status.join(QStringLiteral("<br>")));
    m_tierStatus->setVisible(!status.isEmpty());

    m_overrideRow->setVisible(dim.override_tier.has_value());
    {
        const QSignalBlocker block(m_overrideReason);
        m_overrideReason->setText(dim.override_tier ? qs(dim.override_tier->reason) : QString());
    }

    const int previous = m_evidenceView->currentIndex().row();
    m_evidence->removeRows(0, m_evidence->rowCount());
    for (const model::EvidenceItem& item : dim.evidence) {
        QList<QStandardItem*> row;
        row << new QStandardItem(location(item)) << new QStandardItem(qs(item.rule_id))
            << new QStandardItem(qs(model::title(badgeTierOf(item.severity))))
            << new QStandardItem(qs(model::toString(item.context)))
            << new QStandardItem(qs(item.snippet));
        QFont mono(QStringLiteral("monospace"));
        mono.setStyleHint(QFont::TypeWriter);
        row[EvSnippet]->setFont(mono);
        row[EvSeverity]->setBackground(tierBadgeBackground(badgeTierOf(item.severity)));
        row[EvSeverity]->setForeground(tierBadgeForeground(badgeTierOf(item.severity)));
        row[EvSeverity]->setTextAlignment(Qt::AlignCenter);
        for (QStandardItem* cell : row)
            cell->setToolTip(plainTip(item.snippet)); // a scanned line: anything at all
        m_evidence->appendRow(row);
    }
    const bool hasEvidence = !dim.evidence.empty();
    m_evidenceView->setVisible(hasEvidence);
    m_evidenceText->setVisible(hasEvidence);
    m_noEvidence->setVisible(!hasEvidence);
    m_noEvidence->setText(
        d == model::Dimension::TeamKnowledge
            ? tr("Team knowledge is not read from code: answer the questionnaire below "
                 "(scanner-patterns §7).")
            : tr("No file:line evidence recorded for this dimension."));
    // As tall as its rows, up to six; the pane scrolls beyond that rather than squeezing them.
    const int shown = std::min(int(dim.evidence.size()), 6);
    // Room for the horizontal scroll bar too: a narrow pane shows one, and it must not hide the
    // only row.
    m_evidenceView->setFixedHeight(m_evidenceView->horizontalHeader()->sizeHint().height() +
                                   shown * m_evidenceView->verticalHeader()->defaultSectionSize() +
                                   m_evidenceView->horizontalScrollBar()->sizeHint().height() +
                                   2 * m_evidenceView->frameWidth() + 2);
    if (hasEvidence)
        m_evidenceView->setCurrentIndex(m_evidence->index(
            previous >= 0 && previous < m_evidence->rowCount() ? previous : 0, 0));
    refreshEvidenceText();

    if (dim.mitigations.empty()) {
        m_mitigations->setText(tr("<b>Mitigations:</b> none recorded."));
    } else {
        QStringList items;
        for (const model::Mitigation& m : dim.mitigations) {
            QString where = qs(m.path);
            if (m.line)
                where += QLatin1Char(':') + QString::number(*m.line);
            items << QStringLiteral("<li><b>%1</b> at %2%3</li>")
                         .arg(html(m.rule_id), where.toHtmlEscaped(),
                              m.note.empty() ? QString() : QStringLiteral(" — ") + html(m.note));
        }
        m_mitigations->setText(tr("<b>Mitigations</b> (a ROCm path exists):<ul "
                                  "style=\"margin-top:2px;\">%1</ul>")
                                   .arg(items.join(QString())));
    }

    // Team knowledge has no code to point at: the questionnaire takes the evidence's place.
    const bool team = d == model::Dimension::TeamKnowledge;
    m_questionnaire->setVisible(team);
    m_evidenceHeading->setVisible(!team || hasEvidence);
    m_openEvidence->setVisible(hasEvidence);
    m_mitigations->setVisible(!team || !dim.mitigations.empty());
    refreshProposal();
}

void AuditView::refreshEvidenceText() {
    const model::DimensionAssessment& dim = audit().dimension(selectedDimension());
    const int row = m_evidenceView->currentIndex().row();
    if (row < 0 || row >= int(dim.evidence.size())) {
        m_evidenceText->clear();
        return;
    }
    const model::EvidenceItem& item = dim.evidence[std::size_t(row)];
    QString text =
        tr("<b>%1</b> · %2 · severity %3, confidence %4 · %5")
            .arg(location(item).toHtmlEscaped(), html(item.rule_id),
                 html(model::toString(item.severity)), html(model::toString(item.confidence)),
                 html(model::toString(item.context)));
    text += QStringLiteral("<br><code>%1</code>").arg(html(item.snippet));
    if (!item.rocm_equivalent.empty())
        text += tr("<br><b>ROCm equivalent:</b> %1").arg(html(item.rocm_equivalent));
    if (item.mitigated_by)
        text += tr("<br><b>Mitigated by:</b> %1").arg(html(*item.mitigated_by));
    m_evidenceText->setText(text);
}

void AuditView::refreshProposal() {
    const model::TeamKnowledgeProposal p = model::proposeTeamKnowledgeTier(teamAnswers());
    const model::Tier current = audit().dimension(model::Dimension::TeamKnowledge).tier;
    if (p.tier)
        m_proposal->setText(tr("Proposes %1: %2").arg(tierBadge(*p.tier), html(p.reason)));
    else
        m_proposal->setText(tr("<b>No proposal.</b> %1").arg(html(p.reason)));
    m_useProposal->setEnabled(!m_readOnly && p.tier && *p.tier != current);
    m_useProposal->setToolTip(p.tier && *p.tier == current
                                  ? tr("Team knowledge is already %1.").arg(qs(title(current)))
                                  : QString());
}

void AuditView::useProposedTier() {
    const model::TeamKnowledgeProposal p = model::proposeTeamKnowledgeTier(teamAnswers());
    if (m_readOnly || !p.tier)
        return;
    model::Audit edited =
        AuditTableModel::withTier(audit(), model::Dimension::TeamKnowledge, *p.tier);
    // The notes keep the latest questionnaire reason, so the audit file says why the tier is
    // what it is; an earlier questionnaire line is replaced, the reviewer's own lines stay.
    const QString marker = tr("Questionnaire: ");
    QStringList lines = qs(edited.dimension(model::Dimension::TeamKnowledge).notes)
                            .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.removeIf([&marker](const QString& line) { return line.startsWith(marker); });
    lines << marker + qs(p.reason);
    edited.dimension(model::Dimension::TeamKnowledge).notes =
        lines.join(QLatin1Char('\n')).toStdString();
    applyEdit(tr("Set Team knowledge to %1 from the questionnaire").arg(qs(title(*p.tier))),
              edited);
}

void AuditView::refreshLibraries() {
    const std::vector<model::NamedLibrary> named = model::namedLibraries(audit());
    const int previous = m_libraryView->currentIndex().row();
    m_libraries->removeRows(0, m_libraries->rowCount());
    int firstNamed = -1;
    for (const model::LibraryEquivalent& lib : model::libraryEquivalents()) {
        const auto hit = std::find_if(named.begin(), named.end(),
                                      [&lib](const auto& n) { return n.library.id == lib.id; });
        const bool isNamed = hit != named.end();
        const model::Tier difficulty = isNamed ? hit->difficulty : lib.difficulty;
        QList<QStandardItem*> row;
        row << new QStandardItem(qs(lib.cuda_library)) << new QStandardItem(qs(lib.rocm_equivalent))
            << new QStandardItem(qs(model::title(difficulty)))
            << new QStandardItem(isNamed ? tr("named") : QStringLiteral("—"));
        QStringList tip{tr("The article: “%1”").arg(qs(lib.source))};
        if (isNamed) {
            if (firstNamed < 0)
                firstNamed = m_libraries->rowCount();
            QStringList where;
            for (const std::string& n : hit->named_by)
                where << QStringLiteral("• ") + qs(n);
            tip << tr("Named in: ") + QLatin1Char('\n') + where.join(QLatin1Char('\n'));
            if (!hit->difficulty_reason.empty())
                tip << qs(hit->difficulty_reason);
            for (QStandardItem* cell : row) {
                QFont bold = cell->font();
                bold.setBold(true);
                cell->setFont(bold);
                cell->setBackground(kNamedRow);
                cell->setForeground(kNamedText);
            }
        }
        row[LibDifficulty]->setBackground(tierBadgeBackground(difficulty));
        row[LibDifficulty]->setForeground(tierBadgeForeground(difficulty));
        row[LibDifficulty]->setTextAlignment(Qt::AlignCenter);
        row[LibNamed]->setTextAlignment(Qt::AlignCenter);
        for (QStandardItem* cell : row) {
            cell->setData(isNamed, kNamedLibraryRole);
            cell->setToolTip(plainTip(tip.join(QStringLiteral("\n\n"))));
        }
        m_libraries->appendRow(row);
    }
    const int select = previous >= 0 ? previous : (firstNamed >= 0 ? firstNamed : 0);
    m_libraryView->setCurrentIndex(m_libraries->index(select, 0));
    refreshLibrarySource();
    fitLibraryTable();
}

void AuditView::fitLibraryTable() {
    m_libraryView->resizeRowsToContents();
    int rows = 0;
    for (int r = 0; r < m_libraries->rowCount(); ++r)
        rows += m_libraryView->rowHeight(r);
    m_libraryView->setFixedHeight(rows + m_libraryView->horizontalHeader()->height() +
                                  2 * m_libraryView->frameWidth() + 2);
}

void AuditView::refreshLibrarySource() {
    const int row = m_libraryView->currentIndex().row();
    const auto& table = model::libraryEquivalents();
    if (row < 0 || row >= int(table.size())) {
        m_librarySource->clear();
        return;
    }
    const model::LibraryEquivalent& lib = table[std::size_t(row)];
    QString text = tr("<b>%1 → %2</b><br><i>“%3”</i> — the article")
                       .arg(html(lib.cuda_library), html(lib.rocm_equivalent), html(lib.source));
    if (!lib.note.empty())
        text += QStringLiteral("<br>") + html(lib.note);
    const std::vector<model::NamedLibrary> named = model::namedLibraries(audit());
    const auto hit = std::find_if(named.begin(), named.end(),
                                  [&lib](const auto& n) { return n.library.id == lib.id; });
    if (hit != named.end()) {
        QStringList where;
        for (const std::string& n : hit->named_by)
            where << html(n);
        text += tr("<br><b>Named in this audit:</b> %1").arg(where.join(QStringLiteral("; ")));
        if (!hit->difficulty_reason.empty())
            text += QStringLiteral("<br>") + html(hit->difficulty_reason);
    } else {
        text += tr("<br><span style=\"color:gray;\">Not named in this audit.</span>");
    }
    m_librarySource->setText(text);
}

} // namespace crossgrade::ui

namespace crossgrade::ui {

void AuditView::setEditorCommand(const QString& command) {
    m_editorCommand = command;
    if (m_sourceViewer)
        m_sourceViewer->setEditorCommand(command);
}

bool AuditView::openEvidence(int row) {
    const model::DimensionAssessment& dim = audit().dimension(selectedDimension());
    if (row < 0 || row >= int(dim.evidence.size()))
        return false;
    m_evidenceView->setCurrentIndex(m_evidence->index(row, 0));
    if (!m_sourceViewer) {
        m_sourceViewer = new SourceViewer(this);
        m_sourceViewer->setObjectName(QStringLiteral("sourceViewer"));
        m_sourceViewer->setEditorCommand(
            m_editorCommand.isEmpty() ? Settings::defaultEditorCommand() : m_editorCommand);
    }
    const bool shown = m_sourceViewer->openEvidence(audit(), dim.evidence[std::size_t(row)]);
    m_sourceViewer->show();
    m_sourceViewer->raise();
    m_sourceViewer->activateWindow();
    return shown;
}

void AuditView::refreshRepositories() {
    const model::Audit& a = audit();
    m_repositories->removeRows(0, m_repositories->rowCount());
    const QLocale locale;
    for (const model::RepositoryBreakdown& r : a.repositories) {
        QList<QStandardItem*> row;
        auto* name = new QStandardItem(qs(r.name));
        QString tip = tr("Scanned at %1").arg(QDir::toNativeSeparators(qs(r.root)));
        tip += tr("\n%1 files, %2 MB read")
                   .arg(locale.toString(r.files_scanned))
                   .arg(locale.toString(double(r.bytes_scanned) / 1e6, 'f', 1));
        if (!r.submodules.empty()) {
            QStringList subs;
            for (const std::string& sub : r.submodules)
                subs << QStringLiteral("• ") + qs(sub);
            tip += tr("\nSubmodules:\n") + subs.join(QLatin1Char('\n'));
        }
        name->setToolTip(plainTip(tip));
        row << name << new QStandardItem(locale.toString(r.files_scanned))
            << new QStandardItem(locale.toString(r.files_not_scanned));
        row[RepFiles]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        row[RepSkipped]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        for (std::size_t i = 0; i < kScannedDimensions; ++i) {
            const std::optional<model::Tier>& tier = r.proposed[i];
            auto* cell = new QStandardItem(tier ? tierLetter(*tier) : QStringLiteral("—"));
            cell->setData(tier ? qs(model::title(*tier)) : tr("no proposal"),
                          Qt::AccessibleTextRole);
            cell->setTextAlignment(Qt::AlignCenter);
            cell->setToolTip(
                plainTip(tr("%1 in %2: %3 (%4)")
                             .arg(qs(model::title(model::kAllDimensions[i])), qs(r.name),
                                  tier ? qs(model::title(*tier)) : tr("no proposal"),
                                  counted(r.findings[i], tr("1 finding"), tr("%1 findings")))));
            if (tier) {
                cell->setBackground(tierBadgeBackground(*tier));
                cell->setForeground(tierBadgeForeground(*tier));
            }
            row << cell;
        }
        m_repositories->appendRow(row);
    }
    const bool hasRepositories = !a.repositories.empty();
    m_repositoryView->setVisible(hasRepositories);
    // As tall as its rows, up to five; more scroll.
    const int shown = std::min(int(a.repositories.size()), 5);
    m_repositoryView->setFixedHeight(m_repositoryView->horizontalHeader()->sizeHint().height() +
                                     shown *
                                         m_repositoryView->verticalHeader()->defaultSectionSize() +
                                     m_repositoryView->horizontalScrollBar()->sizeHint().height() +
                                     2 * m_repositoryView->frameWidth() + 2);
    const std::size_t skipped = a.not_scanned.size();
    m_notScanned->setText(
        skipped == 0 ? tr("Every file found was read.")
                     : counted(qint64(skipped), tr("1 file"), tr("%1 files")) +
                           tr(" not scanned (binary, too large, unreadable or outside the tree)."));
    m_showNotScanned->setVisible(skipped > 0);
    m_repositoriesBox->setTitle(hasRepositories
                                    ? tr("Scanned repositories (%1)").arg(a.repositories.size())
                                    : tr("Files not scanned"));
    m_repositoriesBox->setVisible(hasRepositories || skipped > 0);
}

void AuditView::showNotScanned() {
    const model::Audit& a = audit();
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("notScannedDialog"));
    dialog.setWindowTitle(tr("Files not scanned — %1").arg(qs(a.name)));
    dialog.resize(760, 420);
    auto* layout = new QVBoxLayout(&dialog);
    auto* intro =
        new QLabel(counted(qint64(a.not_scanned.size()), tr("The scan did not read this file"),
                           tr("The scan did not read these %1 files")) +
                   tr("; what they hold is not in the audit's evidence."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* files = new QStandardItemModel(0, 2, &dialog);
    files->setHorizontalHeaderLabels({tr("File"), tr("Why")});
    for (const model::SkippedFile& f : a.not_scanned)
        files->appendRow({new QStandardItem(qs(f.path)), new QStandardItem(qs(f.reason))});
    auto* view = new QTableView;
    view->setObjectName(QStringLiteral("notScannedTable"));
    view->setModel(files);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    view->setSortingEnabled(true);
    view->sortByColumn(0, Qt::AscendingOrder); // the order the scan listed them
    view->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    view->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    layout->addWidget(view, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.exec();
}

} // namespace crossgrade::ui
