// The Audit view's detail pane (AuditView::buildDetail and its refreshes): the selected
// dimension's tier and why, its override reason, its file:line evidence (opened in the source
// viewer), its mitigations, and for team knowledge the questionnaire that proposes a tier. The
// assembly of the view, the header and the summary are in audit_view.cpp.

#include "article.h"
#include "audit_labels.h"
#include "audit_table_model.h"
#include "audit_view.h"
#include "qt_text.h"
#include "settings.h"
#include "source_viewer.h"

#include <QComboBox>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace crossgrade::ui {

namespace {

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

QLabel* sectionHeading(const QString& text) {
    auto* label = new QLabel(text);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

// What one mitigation covers among a dimension's recorded findings, in words: the scanner steps
// down only covered findings (docs/scanner.md, "Mitigations by coverage").
QString coverageText(const model::DimensionAssessment& dim, const std::string& mitigation) {
    const auto covered = static_cast<long>(dim.coveredEvidence(mitigation));
    const auto total = static_cast<long>(dim.evidence.size());
    if (total == 0)
        return AuditView::tr("no findings recorded to cover");
    if (covered == 0)
        return AuditView::tr("covers none of the %n finding(s) shown", nullptr, int(total));
    if (covered == total)
        return AuditView::tr("covers all %n finding(s) shown", nullptr, int(total));
    return AuditView::tr("covers %1 of the %2 findings shown; %3 not covered")
        .arg(covered)
        .arg(total)
        .arg(total - covered);
}

enum EvidenceColumn {
    EvLocation,
    EvRule,
    EvSeverity,
    EvContext,
    EvCoveredBy,
    EvSnippet,
    EvColumnCount
};

} // namespace

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
    m_evidence->setHorizontalHeaderLabels({tr("Location"), tr("Rule"), tr("Severity"),
                                           tr("Context"), tr("Covered by"), tr("Snippet")});
    m_evidence->horizontalHeaderItem(EvCoveredBy)
        ->setToolTip(tr("The mitigation that covers this finding (the same file built for "
                        "ROCm, the same library replaced); empty when nothing covers it"));
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
    for (int c : {EvLocation, EvRule, EvSeverity, EvContext, EvCoveredBy})
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
            << new QStandardItem(item.mitigated_by ? qs(*item.mitigated_by) : QString())
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
            items << QStringLiteral("<li><b>%1</b> at %2%3 — %4</li>")
                         .arg(html(m.rule_id), where.toHtmlEscaped(),
                              m.note.empty() ? QString() : QStringLiteral(" — ") + html(m.note),
                              coverageText(dim, m.rule_id));
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

} // namespace crossgrade::ui
