// ScannedRepositoriesPanel and showNotScannedDialog (scanned_repositories_panel.h). Their
// strings stay in the Audit view's translation context (AuditView::tr).

#include "scanned_repositories_panel.h"

#include "audit_table_model.h"
#include "audit_view.h"
#include "qt_text.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

namespace {

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

} // namespace

ScannedRepositoriesPanel::ScannedRepositoriesPanel(QWidget* parent)
    : QGroupBox(AuditView::tr("Scanned repositories"), parent) {
    setObjectName(QStringLiteral("repositoriesBox"));
    auto* layout = new QVBoxLayout(this);
    m_repositories = new QStandardItemModel(0, RepColumnCount, this);
    QStringList headings{AuditView::tr("Repository"), AuditView::tr("Files"),
                         AuditView::tr("Not read")};
    for (std::size_t i = 0; i < kScannedDimensions; ++i)
        headings << QString::number(i + 1); // the dimension's number, as in the table above
    m_repositories->setHorizontalHeaderLabels(headings);
    for (std::size_t i = 0; i < kScannedDimensions; ++i)
        m_repositories->horizontalHeaderItem(RepFirstDimension + int(i))
            ->setToolTip(
                AuditView::tr("%1: the tier proposed from this repository alone (its findings)")
                    .arg(qs(model::title(model::kAllDimensions[i]))));
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("repositoryTable"));
    m_view->setModel(m_repositories);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->setWordWrap(false);
    QHeaderView* rh = m_view->horizontalHeader();
    rh->setSectionResizeMode(QHeaderView::ResizeToContents);
    rh->setSectionResizeMode(RepName, QHeaderView::Stretch);
    layout->addWidget(m_view);
    auto* notScannedRow = new QHBoxLayout;
    m_notScanned = new QLabel;
    m_notScanned->setObjectName(QStringLiteral("notScanned"));
    m_notScanned->setWordWrap(true);
    m_showNotScanned = new QPushButton(AuditView::tr("Show files…"));
    m_showNotScanned->setObjectName(QStringLiteral("showNotScanned"));
    connect(m_showNotScanned, &QPushButton::clicked, this,
            &ScannedRepositoriesPanel::notScannedRequested);
    notScannedRow->addWidget(m_notScanned, 1);
    notScannedRow->addWidget(m_showNotScanned);
    layout->addLayout(notScannedRow);
    hide();
}

void ScannedRepositoriesPanel::showAudit(const model::Audit& audit) {
    const model::Audit& a = audit;
    m_repositories->removeRows(0, m_repositories->rowCount());
    const QLocale locale;
    for (const model::RepositoryBreakdown& r : a.repositories) {
        QList<QStandardItem*> row;
        auto* name = new QStandardItem(qs(r.name));
        QString tip = AuditView::tr("Scanned at %1").arg(QDir::toNativeSeparators(qs(r.root)));
        tip += AuditView::tr("\n%1 files, %2 MB read")
                   .arg(locale.toString(r.files_scanned))
                   .arg(locale.toString(double(r.bytes_scanned) / 1e6, 'f', 1));
        if (!r.submodules.empty()) {
            QStringList subs;
            for (const std::string& sub : r.submodules)
                subs << QStringLiteral("• ") + qs(sub);
            tip += AuditView::tr("\nSubmodules:\n") + subs.join(QLatin1Char('\n'));
        }
        name->setToolTip(plainTip(tip));
        row << name << new QStandardItem(locale.toString(r.files_scanned))
            << new QStandardItem(locale.toString(r.files_not_scanned));
        row[RepFiles]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        row[RepSkipped]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        for (std::size_t i = 0; i < kScannedDimensions; ++i) {
            const std::optional<model::Tier>& tier = r.proposed[i];
            auto* cell = new QStandardItem(tier ? tierLetter(*tier) : QStringLiteral("—"));
            cell->setData(tier ? qs(model::title(*tier)) : AuditView::tr("no proposal"),
                          Qt::AccessibleTextRole);
            cell->setTextAlignment(Qt::AlignCenter);
            cell->setToolTip(
                plainTip(AuditView::tr("%1 in %2: %3 (%4)")
                             .arg(qs(model::title(model::kAllDimensions[i])), qs(r.name),
                                  tier ? qs(model::title(*tier)) : AuditView::tr("no proposal"),
                                  counted(r.findings[i], AuditView::tr("1 finding"),
                                          AuditView::tr("%1 findings")))));
            if (tier) {
                cell->setBackground(tierBadgeBackground(*tier));
                cell->setForeground(tierBadgeForeground(*tier));
            }
            row << cell;
        }
        m_repositories->appendRow(row);
    }
    const bool hasRepositories = !a.repositories.empty();
    m_view->setVisible(hasRepositories);
    // As tall as its rows, up to five; more scroll.
    const int shown = std::min(int(a.repositories.size()), 5);
    m_view->setFixedHeight(m_view->horizontalHeader()->sizeHint().height() +
                           shown * m_view->verticalHeader()->defaultSectionSize() +
                           m_view->horizontalScrollBar()->sizeHint().height() +
                           2 * m_view->frameWidth() + 2);
    const std::size_t skipped = a.not_scanned.size();
    m_notScanned->setText(
        skipped == 0
            ? AuditView::tr("Every file found was read.")
            : counted(qint64(skipped), AuditView::tr("1 file"), AuditView::tr("%1 files")) +
                  AuditView::tr(
                      " not scanned (binary, too large, unreadable or outside the tree)."));
    m_showNotScanned->setVisible(skipped > 0);
    setTitle(hasRepositories ? AuditView::tr("Scanned repositories (%1)").arg(a.repositories.size())
                             : AuditView::tr("Files not scanned"));
    setVisible(hasRepositories || skipped > 0);
}

void showNotScannedDialog(const model::Audit& audit, QWidget* parent) {
    const model::Audit& a = audit;
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("notScannedDialog"));
    dialog.setWindowTitle(AuditView::tr("Files not scanned — %1").arg(qs(a.name)));
    dialog.resize(760, 420);
    auto* layout = new QVBoxLayout(&dialog);
    auto* intro = new QLabel(counted(qint64(a.not_scanned.size()),
                                     AuditView::tr("The scan did not read this file"),
                                     AuditView::tr("The scan did not read these %1 files")) +
                             AuditView::tr("; what they hold is not in the audit's evidence."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* files = new QStandardItemModel(0, 2, &dialog);
    files->setHorizontalHeaderLabels({AuditView::tr("File"), AuditView::tr("Why")});
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
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.exec();
}

} // namespace crossgrade::ui
