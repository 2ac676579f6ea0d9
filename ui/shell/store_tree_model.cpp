#include "store_tree_model.h"

#include "qt_text.h"
#include "sample_data.h"

#include <QApplication>
#include <QFont>
#include <QStyle>
#include <optional>

namespace crossgrade::ui {

struct StoreTreeModel::Node {
    StoreItemKind kind = StoreItemKind::Category;
    Node* parent = nullptr;
    std::vector<std::unique_ptr<Node>> children;
    std::int64_t id = 0;
    int version = 0;
    QString name;
    QString detail;
    QString saved;
    QString tooltip;
    bool sample = false; // shipped sample data (ui/document/sample_data.h)
    QString damage;      // why the row no longer reads; empty when it does
    bool fetched = true; // scenario nodes fetch their versions on expansion
    int expectedChildren = 0;
    std::optional<std::size_t> count; // a category's count when it is not its children's

    int rowInParent = 0;

    Node* add(std::unique_ptr<Node> child) {
        child->parent = this;
        child->rowInParent = static_cast<int>(children.size());
        children.push_back(std::move(child));
        return children.back().get();
    }
    int row() const { return rowInParent; }
};

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QString damagedTooltip(int number, const QString& damage) {
    return StoreTreeModel::tr("Version %1 could not be read: %2. The other rows are unaffected; "
                              "right-click to delete it or export its raw JSON.")
        .arg(number)
        .arg(damage);
}

} // namespace

StoreTreeModel::StoreTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>()) {}

StoreTreeModel::~StoreTreeModel() = default;

void StoreTreeModel::reload(const data::Store* store) {
    beginResetModel();
    m_store = store;
    m_root = std::make_unique<Node>();
    // Labels a node as shipped sample data: the suffix after its name, and the explanation
    // first in its tooltip.
    const auto markSample = [](Node& node, const QString& folder, const QString& file) {
        node.sample = true;
        node.tooltip = sampleExplanation(folder, file) +
                       (node.tooltip.isEmpty() ? QString() : QStringLiteral("\n") + node.tooltip);
    };
    auto category = [](const QString& name) {
        auto node = std::make_unique<Node>();
        node->kind = StoreItemKind::Category;
        node->name = name;
        return node;
    };
    if (store) {
        Node* scenarios = m_root->add(category(tr("Scenarios")));
        for (const data::ScenarioSummary& s : store->scenarios()) {
            auto node = std::make_unique<Node>();
            node->kind = StoreItemKind::Scenario;
            node->id = s.id;
            node->name = q(s.name);
            node->detail = tr("%n version(s) · cheapest %1", "", s.version_count)
                               .arg(q(s.latest_cheapest_option));
            node->saved = q(s.latest_saved_at);
            node->tooltip = tr("Scenario %1, rule path %2; double-click to open the latest "
                               "version")
                                .arg(s.id)
                                .arg(q(s.latest_rule_path));
            node->version = s.latest_number;
            node->fetched = false;
            node->expectedChildren = s.version_count;
            if (!s.damage.empty()) {
                node->damage = q(s.damage);
                node->detail = tr("%n version(s) · version %1 damaged", "", s.version_count)
                                   .arg(s.latest_number);
                node->tooltip = damagedTooltip(s.latest_number, node->damage);
            }
            if (const auto file = sampleFileOfScenario(*store, s.id, s.name))
                markSample(*node, QStringLiteral("resources/samples/scenarios"), *file);
            scenarios->add(std::move(node));
        }
        Node* audits = m_root->add(category(tr("Audits")));
        for (const data::AuditSummary& a : store->audits()) {
            auto node = std::make_unique<Node>();
            node->kind = StoreItemKind::Audit;
            node->id = a.id;
            node->name = q(a.name);
            node->detail =
                tr("%1 · %2 High").arg(q(std::string(model::title(a.workload)))).arg(a.high_count);
            node->saved = q(a.imported_at);
            node->tooltip = a.source.empty()
                                ? q(a.organisation)
                                : tr("%1, imported from %2").arg(q(a.organisation), q(a.source));
            if (!a.damage.empty()) {
                node->damage = q(a.damage);
                node->detail = tr("damaged: could not be read");
                node->tooltip = tr("Audit %1 could not be read: %2").arg(a.id).arg(node->damage);
            }
            if (const auto file = sampleFileOfSource(a.source))
                markSample(*node, QStringLiteral("resources/samples/audits"), *file);
            audits->add(std::move(node));
        }
        Node* books = m_root->add(category(tr("Price books")));
        for (const data::PriceBookSummary& b : store->priceBooks()) {
            auto node = std::make_unique<Node>();
            node->kind = StoreItemKind::PriceBook;
            node->id = b.id;
            node->name = q(b.name) + (b.is_default ? tr(" (default)") : QString());
            node->detail = tr("version %1 · %n SKU(s)", "", b.sku_count).arg(q(b.version));
            node->saved = q(b.imported_at);
            node->tooltip = q(b.source);
            if (!b.damage.empty()) {
                node->damage = q(b.damage);
                node->detail = tr("damaged: could not be read");
                node->tooltip =
                    tr("Price book %1 could not be read: %2").arg(b.id).arg(node->damage);
            }
            if (const auto file = sampleFileOfSource(b.source))
                markSample(*node, QStringLiteral("resources/pricebook"), *file);
            books->add(std::move(node));
        }
        auto benchmarks = category(tr("Benchmarks"));
        benchmarks->kind = StoreItemKind::Benchmarks;
        benchmarks->tooltip = tr("Measured inference results; double-click to open the "
                                 "Benchmarks view");
        std::size_t records = 0;
        for (const data::BenchmarkSkuCount& c : store->benchmarkCounts()) {
            auto node = std::make_unique<Node>();
            node->kind = StoreItemKind::BenchmarkSku;
            node->name = q(c.sku);
            node->detail = c.flagged > 0
                               ? tr("%n record(s), %1 flagged", "", int(c.records)).arg(c.flagged)
                               : tr("%n record(s)", "", int(c.records));
            node->tooltip = tr("%1: %2; double-click to list them").arg(node->name, node->detail);
            records += c.records;
            benchmarks->add(std::move(node));
        }
        benchmarks->count = records;
        m_root->add(std::move(benchmarks));
    }
    endResetModel();
}

StoreTreeModel::Node* StoreTreeModel::nodeOf(const QModelIndex& index) const {
    return index.isValid() ? static_cast<Node*>(index.internalPointer()) : m_root.get();
}

QModelIndex StoreTreeModel::indexOf(const Node* node, int column) const {
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row(), column, const_cast<Node*>(node));
}

QModelIndex StoreTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const Node* p = nodeOf(parent);
    if (parent.isValid() && parent.column() != 0)
        return {};
    if (row >= static_cast<int>(p->children.size()))
        return {};
    return createIndex(row, column, p->children[std::size_t(row)].get());
}

QModelIndex StoreTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid())
        return {};
    const Node* node = nodeOf(child);
    return indexOf(node->parent);
}

int StoreTreeModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return static_cast<int>(nodeOf(parent)->children.size());
}

int StoreTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool StoreTreeModel::hasChildren(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0)
        return false;
    const Node* node = nodeOf(parent);
    if (!node->fetched)
        return node->expectedChildren > 0;
    return !node->children.empty();
}

bool StoreTreeModel::canFetchMore(const QModelIndex& parent) const {
    return parent.isValid() && parent.column() == 0 && !nodeOf(parent)->fetched;
}

void StoreTreeModel::fetchMore(const QModelIndex& parent) {
    Node* node = nodeOf(parent);
    if (!parent.isValid() || node->fetched || !m_store)
        return;
    node->fetched = true;
    const std::vector<data::ScenarioVersionSummary> versions = m_store->versions(node->id);
    if (versions.empty())
        return;
    beginInsertRows(parent, 0, static_cast<int>(versions.size()) - 1);
    for (auto it = versions.rbegin(); it != versions.rend(); ++it) { // newest first
        auto child = std::make_unique<Node>();
        child->kind = StoreItemKind::ScenarioVersion;
        child->id = node->id;
        child->version = it->number;
        child->name = tr("Version %1").arg(it->number);
        child->detail =
            it->note.empty() ? tr("cheapest %1").arg(q(it->headline.cheapest_option)) : q(it->note);
        child->saved = q(it->saved_at);
        child->tooltip =
            tr("Engine %1, price book %2 %3")
                .arg(q(it->engine_version), q(it->pricebook_name), q(it->pricebook_version));
        if (!it->damage.empty()) {
            child->damage = q(it->damage);
            child->detail = tr("damaged: could not be read");
            child->tooltip = damagedTooltip(it->number, child->damage);
        }
        node->add(std::move(child));
    }
    endInsertRows();
}

QVariant StoreTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid())
        return {};
    const Node* node = nodeOf(index);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            if (node->kind == StoreItemKind::Category || node->kind == StoreItemKind::Benchmarks)
                return tr("%1 (%2)")
                    .arg(node->name)
                    .arg(node->count.value_or(node->children.size()));
            if (node->kind == StoreItemKind::BenchmarkSku)
                return tr("%1 — %2").arg(node->name, node->detail);
            if (node->sample)
                return tr("%1 (%2)").arg(node->name, sampleSuffix());
            return node->name;
        case DetailColumn:
            return node->detail;
        case SavedColumn:
            return node->saved;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        // Names, notes and file names from the store.
        return node->tooltip.isEmpty() ? QVariant() : QVariant(plainTip(node->tooltip));
    case Qt::DecorationRole: {
        if (index.column() != NameColumn)
            return {};
        const QStyle* style = QApplication::style();
        if (!node->damage.isEmpty())
            return style->standardIcon(QStyle::SP_MessageBoxWarning);
        switch (node->kind) {
        case StoreItemKind::Category:
        case StoreItemKind::Benchmarks:
            return style->standardIcon(QStyle::SP_DirIcon);
        case StoreItemKind::BenchmarkSku:
            return style->standardIcon(QStyle::SP_FileDialogListView);
        case StoreItemKind::Scenario:
        case StoreItemKind::ScenarioVersion:
            return style->standardIcon(QStyle::SP_FileDialogDetailedView);
        case StoreItemKind::Audit:
            return style->standardIcon(QStyle::SP_FileDialogContentsView);
        case StoreItemKind::PriceBook:
            return style->standardIcon(QStyle::SP_FileIcon);
        }
        return {};
    }
    case Qt::FontRole:
        if (node->sample && index.column() == NameColumn) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case SampleRole:
        return node->sample;
    case DamageRole:
        return node->damage;
    case KindRole:
        return static_cast<int>(node->kind);
    case IdRole:
        return QVariant::fromValue<qlonglong>(node->id);
    case VersionRole:
        return node->version;
    case NameRole:
        return node->name;
    default:
        return {};
    }
}

QVariant StoreTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case DetailColumn:
        return tr("Details");
    case SavedColumn:
        return tr("Saved");
    default:
        return {};
    }
}

QModelIndex StoreTreeModel::scenarioIndex(std::int64_t scenarioId) const {
    if (m_root->children.empty())
        return {};
    const Node* scenarios = m_root->children.front().get();
    for (const auto& child : scenarios->children)
        if (child->kind == StoreItemKind::Scenario && child->id == scenarioId)
            return indexOf(child.get());
    return {};
}

} // namespace crossgrade::ui
