// The store browser (store_browser.h): the filter, the tree and the version context menu.

#include "store_browser.h"

#include "atomic_files.h"
#include "document_import.h"
#include "store.h"
#include "store_tree_model.h"

#include <QDir>
#include <QFileDialog>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace crossgrade::ui {

StoreBrowser::StoreBrowser(data::Store* store, QWidget* parent)
    : QWidget(parent)
    , m_store(store) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_filter = new QLineEdit;
    m_filter->setPlaceholderText(tr("Filter the store…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Filter the store by name (Ctrl+L or Ctrl+F); Enter or Down moves "
                            "into the list, where Enter opens the row"));
    m_filter->installEventFilter(this);
    m_model = new StoreTreeModel(this);
    m_filterModel = new QSortFilterProxyModel(this);
    m_filterModel->setSourceModel(m_model);
    m_filterModel->setRecursiveFilteringEnabled(true);
    m_filterModel->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filterModel->setFilterKeyColumn(StoreTreeModel::NameColumn);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_filterModel->setFilterFixedString(text);
        if (!text.isEmpty())
            m_view->expandToDepth(0);
    });
    m_view = new QTreeView;
    m_view->setModel(m_filterModel);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    // Sample rows end in "(sample)": elide in the middle so the label stays visible.
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->header()->setSectionResizeMode(StoreTreeModel::NameColumn, QHeaderView::Stretch);
    m_view->header()->setStretchLastSection(false);
    m_view->setColumnHidden(StoreTreeModel::DetailColumn, true); // in the tooltip instead
    m_view->setColumnHidden(StoreTreeModel::SavedColumn, true);
    connect(m_view, &QTreeView::activated, this, &StoreBrowser::activated);
    connect(m_filter, &QLineEdit::returnPressed, this, &StoreBrowser::moveIntoList);
    connect(m_view, &QTreeView::customContextMenuRequested, this, &StoreBrowser::showMenu);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);
}

void StoreBrowser::reload() {
    m_model->reload(m_store);
    m_view->expand(m_filterModel->index(0, 0));
}

void StoreBrowser::selectScenario(std::int64_t scenarioId) {
    m_view->setCurrentIndex(m_filterModel->mapFromSource(m_model->scenarioIndex(scenarioId)));
}

void StoreBrowser::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

// Enter in the filter: the focus goes to the list, on the first row the filter left that opens
// something (a scenario, an audit, a book).
void StoreBrowser::moveIntoList() {
    m_view->setFocus(Qt::OtherFocusReason);
    if (m_filter->text().isEmpty())
        return;
    for (int c = 0; c < m_filterModel->rowCount(); ++c) {
        const QModelIndex category = m_filterModel->index(c, 0);
        if (m_filterModel->rowCount(category) > 0) {
            m_view->setCurrentIndex(m_filterModel->index(0, 0, category));
            return;
        }
    }
}

// Down in the filter moves into the list, as Enter does.
bool StoreBrowser::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_filter && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Down) {
        emit m_filter->returnPressed();
        if (!m_view->currentIndex().isValid())
            m_view->setCurrentIndex(m_filterModel->index(0, 0));
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void StoreBrowser::showMenu(const QPoint& position) {
    const QModelIndex proxy = m_view->indexAt(position);
    if (!proxy.isValid())
        return;
    const QModelIndex index = m_filterModel->mapToSource(proxy);
    const auto kind = static_cast<StoreItemKind>(index.data(StoreTreeModel::KindRole).toInt());
    if (kind != StoreItemKind::Scenario && kind != StoreItemKind::ScenarioVersion)
        return;
    const std::int64_t id = index.data(StoreTreeModel::IdRole).toLongLong();
    const std::optional<int> version =
        kind == StoreItemKind::ScenarioVersion
            ? std::optional<int>(index.data(StoreTreeModel::VersionRole).toInt())
            : std::nullopt;
    // A scenario stands for its latest version.
    const int number = index.data(StoreTreeModel::VersionRole).toInt();
    const bool damaged = !index.data(StoreTreeModel::DamageRole).toString().isEmpty();
    QMenu menu;
    menu.addAction(tr("Open"), this, [=, this] { emit openRequested(id, version); });
    menu.addAction(tr("Add to comparison"), this,
                   [=, this] { emit compareRequested(id, version); });
    menu.addSeparator();
    menu.addAction(tr("Export version %1 as raw JSON…").arg(number), this, [=, this] {
        const QString path = QFileDialog::getSaveFileName(
            window(), tr("Export version %1 as stored").arg(number),
            tr("scenario-%1-version-%2.json").arg(id).arg(number), tr(kDocumentFileFilter));
        if (!path.isEmpty())
            exportVersionText(id, number, path);
    });
    menu.addAction(damaged ? tr("Delete damaged version %1…").arg(number)
                           : tr("Delete version %1…").arg(number),
                   this, [=, this] {
                       const auto answer = QMessageBox::question(
                           window(), tr("Delete version"),
                           tr("Delete version %1 of scenario %2 from the store? This cannot be "
                              "undone; export it first to keep its inputs.")
                               .arg(number)
                               .arg(id));
                       if (answer == QMessageBox::Yes)
                           deleteVersion(id, number);
                   });
    menu.exec(m_view->viewport()->mapToGlobal(position));
}

bool StoreBrowser::deleteVersion(std::int64_t scenarioId, int number) {
    try {
        if (!m_store->removeScenarioVersion(scenarioId, number)) {
            emit failed(tr("The store has no scenario %1 version %2").arg(scenarioId).arg(number),
                        {});
            return false;
        }
    } catch (const data::StoreError& e) {
        emit failed(tr("Version %1 of scenario %2 was not deleted").arg(number).arg(scenarioId),
                    QString::fromUtf8(e.what()));
        return false;
    }
    emit storeChanged();
    emit done(tr("Deleted version %1 of scenario %2").arg(number).arg(scenarioId));
    return true;
}

bool StoreBrowser::exportVersionText(std::int64_t scenarioId, int number, const QString& path) {
    std::optional<data::StoredScenarioText> stored;
    try {
        stored = m_store->scenarioVersionText(scenarioId, number);
    } catch (const data::StoreError& e) {
        emit failed(tr("Version %1 of scenario %2 was not exported").arg(number).arg(scenarioId),
                    QString::fromUtf8(e.what()));
        return false;
    }
    if (!stored) {
        emit failed(tr("The store has no scenario %1 version %2").arg(scenarioId).arg(number), {});
        return false;
    }
    const std::string& text = stored->inputs_json;
    if (const QString failedWrite =
            data::writeFileOrError(path, QByteArray(text.data(), qsizetype(text.size())));
        !failedWrite.isEmpty()) {
        emit failed(tr("Version %1 of scenario %2 was not exported").arg(number).arg(scenarioId),
                    failedWrite);
        return false;
    }
    emit done(tr("Exported to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

} // namespace crossgrade::ui
