#pragma once

// The store browser's tree: Scenarios (each with its saved versions, fetched when expanded so
// that a store of a thousand scenarios opens at once), Audits, Price books and Benchmarks (its
// records counted per SKU, never read here). Shipped sample data is labelled as such. A snapshot of
// the store taken by reload(); the browser reloads after every change it makes.

#include "store.h"

#include <QAbstractItemModel>
#include <memory>
#include <vector>

namespace crossgrade::ui {

// Benchmarks is the category of benchmark records (it opens the Benchmarks view), BenchmarkSku
// one SKU's records (the view filtered to it; its name is the SKU).
enum class StoreItemKind {
    Category,
    Scenario,
    ScenarioVersion,
    Audit,
    PriceBook,
    Benchmarks,
    BenchmarkSku
};

class StoreTreeModel : public QAbstractItemModel {
    Q_OBJECT

public:
    // NameRole: the item's own name without counts (a BenchmarkSku's SKU). SampleRole: true
    // for shipped sample data (ui/document/sample_data.h), whose name carries a "(sample)" suffix,
    // an italic font and a tooltip saying so. DamageRole: why a stored scenario version no longer
    // reads (issue 20), empty when it does; such a row is listed with a warning icon so that it can
    // be deleted or exported. VersionRole: a version's number; for a scenario, its latest
    // version's.
    enum Role {
        KindRole = Qt::UserRole + 1,
        IdRole,
        VersionRole,
        NameRole,
        SampleRole,
        DamageRole
    };
    enum Column { NameColumn, DetailColumn, SavedColumn, ColumnCount };

    explicit StoreTreeModel(QObject* parent = nullptr);
    ~StoreTreeModel() override;

    // Takes a new snapshot of `store` (which must outlive the model or the next reload).
    void reload(const data::Store* store);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;

    // The row of a stored scenario (for selecting it after a save), or an invalid index.
    QModelIndex scenarioIndex(std::int64_t scenarioId) const;

private:
    struct Node;
    Node* nodeOf(const QModelIndex& index) const;
    QModelIndex indexOf(const Node* node, int column = 0) const;

    const data::Store* m_store = nullptr;
    std::unique_ptr<Node> m_root;
};

} // namespace crossgrade::ui
