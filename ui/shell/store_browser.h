#pragma once

// The store browser, the main window's left pane: what the store holds (scenarios and their
// versions, audits, price books, benchmark records by SKU) as a tree under a filter line, and
// the context menu of a stored scenario version. Opening what a row names is the window's job
// (it owns the centre); deleting or exporting a stored version is done here.

#include <QWidget>
#include <cstdint>
#include <optional>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace crossgrade::data {
class Store;
}

namespace crossgrade::ui {

class StoreTreeModel;

class StoreBrowser : public QWidget {
    Q_OBJECT

public:
    explicit StoreBrowser(data::Store* store, QWidget* parent = nullptr);

    StoreTreeModel* model() const { return m_model; }
    QSortFilterProxyModel* filterModel() const { return m_filterModel; }
    QLineEdit* filterEdit() const { return m_filter; }
    QTreeView* view() const { return m_view; }

    // Reads the store again, its first category expanded.
    void reload();
    // Makes the stored scenario `scenarioId` the current row.
    void selectScenario(std::int64_t scenarioId);
    // Gives the focus to the filter, its text selected.
    void focusFilter();

    // A stored version, also one that no longer reads: removes it (the scenario with its last
    // version); or writes its inputs exactly as stored to `path`. False, with failed() emitted,
    // when it cannot.
    bool deleteVersion(std::int64_t scenarioId, int number);
    bool exportVersionText(std::int64_t scenarioId, int number, const QString& path);

signals:
    // Enter or a double-click on a row (`proxyIndex` of filterModel()).
    void activated(const QModelIndex& proxyIndex);
    void openRequested(std::int64_t scenarioId, std::optional<int> version);
    void compareRequested(std::int64_t scenarioId, std::optional<int> version);
    // A version was deleted: whatever lists the store's contents reads it again.
    void storeChanged();
    void failed(const QString& headline, const QString& details);
    // A sentence for the status bar after a deletion or an export.
    void done(const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void moveIntoList();
    void showMenu(const QPoint& position);

    data::Store* m_store;
    StoreTreeModel* m_model = nullptr;
    QSortFilterProxyModel* m_filterModel = nullptr;
    QLineEdit* m_filter = nullptr;
    QTreeView* m_view = nullptr;
};

} // namespace crossgrade::ui
