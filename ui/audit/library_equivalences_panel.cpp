// LibraryEquivalencesPanel (library_equivalences_panel.h). Its strings stay in the Audit view's
// translation context (AuditView::tr).

#include "library_equivalences_panel.h"

#include "audit_labels.h"
#include "audit_table_model.h"
#include "audit_view.h"
#include "qt_text.h"

#include <QHeaderView>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

namespace {

enum LibraryColumn { LibCuda, LibRocm, LibDifficulty, LibNamed, LibColumnCount };

// Named libraries stand out from the rest of the article's table without hiding it.
const QColor kNamedRow(0xdb, 0xea, 0xfe);
const QColor kNamedText(0x0b, 0x2a, 0x5b);

} // namespace

LibraryEquivalencesPanel::LibraryEquivalencesPanel(QWidget* parent)
    : QGroupBox(AuditView::tr("Library equivalences (the article)"), parent) {
    auto* layout = new QVBoxLayout(this);
    m_libraries = new QStandardItemModel(0, LibColumnCount, this);
    m_libraries->setHorizontalHeaderLabels(
        {AuditView::tr("CUDA library"), AuditView::tr("ROCm equivalent"),
         AuditView::tr("Difficulty"), AuditView::tr("This audit")});
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("libraryTable"));
    m_view->setModel(m_libraries);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->setWordWrap(true);
    QHeaderView* lh = m_view->horizontalHeader();
    lh->setSectionResizeMode(LibCuda, QHeaderView::ResizeToContents);
    lh->setSectionResizeMode(LibRocm, QHeaderView::Stretch);
    lh->setSectionResizeMode(LibDifficulty, QHeaderView::ResizeToContents);
    lh->setSectionResizeMode(LibNamed, QHeaderView::ResizeToContents);
    layout->addWidget(m_view);
    m_source = wrappingLabel();
    m_source->setObjectName(QStringLiteral("librarySource"));
    layout->addWidget(m_source);
    layout->addStretch(1);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { refreshSource(); });
    // Five rows whose wrapped cells grow as the column narrows: the table is kept exactly as
    // tall as its rows, and the article's sentence sits right under it.
    connect(lh, &QHeaderView::sectionResized, this, &LibraryEquivalencesPanel::fitTable,
            Qt::QueuedConnection);
    setMinimumWidth(400);
}

void LibraryEquivalencesPanel::forgetCurrentRow() {
    m_view->setCurrentIndex({});
}

void LibraryEquivalencesPanel::showAudit(const model::Audit& audit) {
    m_named = model::namedLibraries(audit);
    const std::vector<model::NamedLibrary>& named = m_named;
    const int previous = m_view->currentIndex().row();
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
            << new QStandardItem(isNamed ? AuditView::tr("named") : QStringLiteral("—"));
        QStringList tip{AuditView::tr("The article: “%1”").arg(qs(lib.source))};
        if (isNamed) {
            if (firstNamed < 0)
                firstNamed = m_libraries->rowCount();
            QStringList where;
            for (const std::string& n : hit->named_by)
                where << QStringLiteral("• ") + qs(n);
            tip << AuditView::tr("Named in: ") + QLatin1Char('\n') + where.join(QLatin1Char('\n'));
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
            cell->setData(isNamed, AuditView::kNamedLibraryRole);
            cell->setToolTip(plainTip(tip.join(QStringLiteral("\n\n"))));
        }
        m_libraries->appendRow(row);
    }
    const int select = previous >= 0 ? previous : (firstNamed >= 0 ? firstNamed : 0);
    m_view->setCurrentIndex(m_libraries->index(select, 0));
    refreshSource();
    fitTable();
}

void LibraryEquivalencesPanel::fitTable() {
    m_view->resizeRowsToContents();
    int rows = 0;
    for (int r = 0; r < m_libraries->rowCount(); ++r)
        rows += m_view->rowHeight(r);
    m_view->setFixedHeight(rows + m_view->horizontalHeader()->height() + 2 * m_view->frameWidth() +
                           2);
}

void LibraryEquivalencesPanel::refreshSource() {
    const int row = m_view->currentIndex().row();
    const auto& table = model::libraryEquivalents();
    if (row < 0 || row >= int(table.size())) {
        m_source->clear();
        return;
    }
    const model::LibraryEquivalent& lib = table[std::size_t(row)];
    QString text = AuditView::tr("<b>%1 → %2</b><br><i>“%3”</i> — the article")
                       .arg(html(lib.cuda_library), html(lib.rocm_equivalent), html(lib.source));
    if (!lib.note.empty())
        text += QStringLiteral("<br>") + html(lib.note);
    const std::vector<model::NamedLibrary>& named = m_named;
    const auto hit = std::find_if(named.begin(), named.end(),
                                  [&lib](const auto& n) { return n.library.id == lib.id; });
    if (hit != named.end()) {
        QStringList where;
        for (const std::string& n : hit->named_by)
            where << html(n);
        text += AuditView::tr("<br><b>Named in this audit:</b> %1")
                    .arg(where.join(QStringLiteral("; ")));
        if (!hit->difficulty_reason.empty())
            text += QStringLiteral("<br>") + html(hit->difficulty_reason);
    } else {
        text += AuditView::tr("<br><span style=\"color:gray;\">Not named in this audit.</span>");
    }
    m_source->setText(text);
}

} // namespace crossgrade::ui
