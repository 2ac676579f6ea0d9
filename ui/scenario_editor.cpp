#include "scenario_editor.h"

#include "qt_text.h"
#include "scenario_document.h"
#include "theme.h"
#include "uncertain_table_model.h"
#include "workload_binding_panel.h"

#include <QAbstractTableModel>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

namespace {

constexpr int kChoicesRole = UncertainTableModel::ChoicesRole;

std::size_t utf8Bytes(const QString& s) {
    return std::size_t(s.toUtf8().size());
}

// A combo box for every cell whose model offers choices (ChoicesRole); a choice commits at
// once, so picking a SKU is one click and one undo step.
class ChoiceDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override {
        const QStringList choices = index.data(kChoicesRole).toStringList();
        if (choices.isEmpty())
            return QStyledItemDelegate::createEditor(parent, option, index);
        auto* combo = new QComboBox(parent);
        combo->addItems(choices);
        auto* self = const_cast<ChoiceDelegate*>(this);
        connect(combo, &QComboBox::activated, self, [self, combo] {
            emit self->commitData(combo);
            emit self->closeEditor(combo);
        });
        return combo;
    }

    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            combo->setCurrentIndex(
                std::max(0, combo->findText(index.data(Qt::EditRole).toString())));
            return;
        }
        QStyledItemDelegate::setEditorData(editor, index);
    }

    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override {
        if (auto* combo = qobject_cast<QComboBox*>(editor)) {
            model->setData(index, combo->currentText(), Qt::EditRole);
            return;
        }
        QStyledItemDelegate::setModelData(editor, model, index);
    }
};

// Notes are long: they are committed when the user leaves the box, not per keystroke.
class NotesEdit : public QPlainTextEdit {
public:
    explicit NotesEdit(std::function<void()> onFocusOut, QWidget* parent)
        : QPlainTextEdit(parent)
        , m_onFocusOut(std::move(onFocusOut)) {}

protected:
    void focusOutEvent(QFocusEvent* event) override {
        QPlainTextEdit::focusOutEvent(event);
        m_onFocusOut();
    }

private:
    std::function<void()> m_onFocusOut;
};

QTableView* makeTableView(QAbstractItemModel* model, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setItemDelegate(new ChoiceDelegate(view));
    view->setAlternatingRowColors(true);
    view->setTabKeyNavigation(false); // Tab leaves the table; the arrows move between cells
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideRight);
    view->setSelectionBehavior(QAbstractItemView::SelectItems);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 10);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return view;
}

// The tooltip of a plain input of the editor: what it means, its unit, and where its default
// comes from (the reference in DESIGN.md or the scenario's template).
QString inputTip(const QString& meaning, const QString& unit, const QString& defaultFrom) {
    return QStringLiteral("<p>%1</p><p><b>%2</b> %3<br><b>%4</b> %5</p>")
        .arg(meaning.toHtmlEscaped(), ScenarioEditor::tr("Unit:"), unit.toHtmlEscaped(),
             ScenarioEditor::tr("Default from:"), defaultFrom.toHtmlEscaped());
}

// Most plain inputs are copied from the template or file the scenario was made from.
QString fromTemplate() {
    return ScenarioEditor::tr("the template or file the scenario was created from (a New "
                              "scenario copies its template's value; the samples document "
                              "theirs in resources/samples/scenarios/)");
}

QLabel* explanationLabel(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    return label;
}

} // namespace

// ---- Tables of the fleet and the workloads ---------------------------------------------------

namespace {

// Rows keyed by the ids of one of the scenario's collections, re-read when the document
// changes; every edit goes through ScenarioDocument::edit, and a refusal to the editor.
class DocumentTableModel : public QAbstractTableModel {
public:
    using Refusal = std::function<void(const QString&)>;

    DocumentTableModel(Refusal refusal, QObject* parent)
        : QAbstractTableModel(parent)
        , m_refusal(std::move(refusal)) {}

    void setDocument(ScenarioDocument* document) {
        if (m_document)
            disconnect(m_document, nullptr, this, nullptr);
        m_document = document;
        if (m_document)
            connect(m_document, &ScenarioDocument::scenarioChanged, this, [this] { reload(); });
        reload();
    }

    int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : int(m_ids.size());
    }

    int rowOf(const std::string& id) const {
        const auto it = std::find(m_ids.begin(), m_ids.end(), id);
        return it == m_ids.end() ? -1 : int(it - m_ids.begin());
    }

    std::string idAt(int row) const {
        return row >= 0 && row < rowCount() ? m_ids[std::size_t(row)] : std::string();
    }

protected:
    virtual std::vector<std::string> currentIds() const = 0;

    bool valid(const QModelIndex& index) const {
        return index.isValid() && index.row() < rowCount() && m_document;
    }

    bool refuse(const QString& reason) {
        m_refusal(reason);
        return false;
    }

    bool apply(const QString& text, const std::function<void(model::Scenario&)>& change) {
        if (!m_document)
            return false;
        const QString error = m_document->edit(text, change);
        if (!error.isEmpty())
            return refuse(error);
        return true;
    }

    void reload() {
        std::vector<std::string> ids = currentIds();
        if (ids == m_ids) {
            if (!m_ids.empty())
                emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
            return;
        }
        beginResetModel();
        m_ids = std::move(ids);
        endResetModel();
    }

    QPointer<ScenarioDocument> m_document;
    std::vector<std::string> m_ids;
    Refusal m_refusal;
};

} // namespace

class FleetLotTableModel : public DocumentTableModel {
public:
    enum Column {
        IdColumn,
        SkuColumn,
        CountColumn,
        AgeColumn,
        WorkloadColumn,
        ChannelColumn,
        ColumnCount
    };

    using DocumentTableModel::DocumentTableModel;

    int columnCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : ColumnCount;
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
            return {};
        switch (section) {
        case IdColumn:
            return ScenarioEditor::tr("Lot");
        case SkuColumn:
            return ScenarioEditor::tr("SKU");
        case CountColumn:
            return ScenarioEditor::tr("GPUs");
        case AgeColumn:
            return ScenarioEditor::tr("Age (months)");
        case WorkloadColumn:
            return ScenarioEditor::tr("Serves workload");
        case ChannelColumn:
            return ScenarioEditor::tr("Channel");
        }
        return {};
    }

    Qt::ItemFlags flags(const QModelIndex& index) const override {
        if (!index.isValid())
            return Qt::NoItemFlags;
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
    }

    QVariant data(const QModelIndex& index, int role) const override {
        if (!valid(index))
            return {};
        const model::Scenario& s = m_document->scenario();
        const std::string& id = m_ids[std::size_t(index.row())];
        const auto it = s.fleet.find(id);
        if (it == s.fleet.end())
            return {};
        const model::FleetLot& lot = it->second;
        const int column = index.column();
        if (role == Qt::DisplayRole || role == Qt::EditRole) {
            switch (column) {
            case IdColumn:
                return QString::fromStdString(id);
            case SkuColumn:
                return QString::fromStdString(lot.sku);
            case CountColumn:
                return role == Qt::EditRole
                           ? QVariant(lot.count)
                           : QVariant(QLocale(QLocale::English).toString(lot.count));
            case AgeColumn:
                return lot.age_months;
            case WorkloadColumn:
                return QString::fromStdString(lot.workload);
            case ChannelColumn:
                return qs(model::toString(lot.channel));
            }
        }
        if (role == Qt::ToolTipRole) {
            switch (column) {
            case IdColumn:
                return inputTip(ScenarioEditor::tr("The lot's id in the scenario file: 1–64 "
                                                   "bytes, no “/” or “~”."),
                                ScenarioEditor::tr("text"), fromTemplate());
            case SkuColumn: {
                QString name;
                if (const auto sku = s.pricebook.skus.find(lot.sku); sku != s.pricebook.skus.end())
                    name = QString::fromStdString(sku->second.name) + QStringLiteral(": ");
                return inputTip(name + ScenarioEditor::tr("the NVIDIA SKU of these GPUs, from the "
                                                          "scenario's price book."),
                                ScenarioEditor::tr("a price-book SKU id"),
                                ScenarioEditor::tr("%1; its figures come from the price book "
                                                   "“%2”")
                                    .arg(fromTemplate(), QString::fromStdString(s.pricebook.name)));
            }
            case CountColumn:
                return inputTip(ScenarioEditor::tr("How many GPUs of this lot are installed."),
                                ScenarioEditor::tr("GPUs, a whole number"), fromTemplate());
            case AgeColumn:
                return inputTip(ScenarioEditor::tr("Age at the start: with the SKU's useful life "
                                                   "it sets the residual value (DESIGN.md, step "
                                                   "8, residual_usd)."),
                                ScenarioEditor::tr("months"), fromTemplate());
            case WorkloadColumn: {
                QString name;
                if (const auto w = s.workloads.find(lot.workload); w != s.workloads.end())
                    name = QString::fromStdString(w->second.name) + QStringLiteral(": ");
                return inputTip(name + ScenarioEditor::tr("the workload these GPUs serve."),
                                ScenarioEditor::tr("a workload id"), fromTemplate());
            }
            case ChannelColumn:
                return inputTip(ScenarioEditor::tr("Owned, reserved (committed rental) or "
                                                   "on-demand: owned GPUs pay price, energy and "
                                                   "facility; rented ones an all-in hourly rate "
                                                   "(DESIGN.md, step 7)."),
                                ScenarioEditor::tr("a channel"), fromTemplate());
            }
        }
        if (role == Qt::TextAlignmentRole && (column == CountColumn || column == AgeColumn))
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        if (role == kChoicesRole) {
            QStringList choices;
            if (column == SkuColumn) {
                // The options start from a CUDA fleet: only NVIDIA SKUs are installed.
                for (const auto& [skuId, sku] : s.pricebook.skus)
                    if (sku.vendor == model::Vendor::Nvidia)
                        choices << QString::fromStdString(skuId);
            } else if (column == WorkloadColumn) {
                for (const auto& [workloadId, w] : s.workloads)
                    choices << QString::fromStdString(workloadId);
            } else if (column == ChannelColumn) {
                for (auto c :
                     {model::Channel::Owned, model::Channel::Reserved, model::Channel::OnDemand})
                    choices << qs(model::toString(c));
            }
            return choices.isEmpty() ? QVariant() : QVariant(choices);
        }
        return {};
    }

    bool setData(const QModelIndex& index, const QVariant& value, int role) override {
        if (!valid(index) || role != Qt::EditRole)
            return false;
        const std::string id = m_ids[std::size_t(index.row())];
        const QString text = value.toString().trimmed();
        const QString lotName = QString::fromStdString(id);
        switch (index.column()) {
        case IdColumn: {
            const std::string renamed = text.toStdString();
            if (renamed == id)
                return true;
            if (const auto problem = model::checkCollectionId(renamed))
                return refuse(ScenarioEditor::tr("Lot “%1” not renamed: %2")
                                  .arg(text, QString::fromStdString(*problem)));
            if (m_document->scenario().fleet.contains(renamed))
                return refuse(ScenarioEditor::tr("A lot “%1” already exists").arg(text));
            return apply(ScenarioEditor::tr("Rename fleet lot %1 to %2").arg(lotName, text),
                         [id, renamed](model::Scenario& s) {
                             auto node = s.fleet.extract(id);
                             node.key() = renamed;
                             s.fleet.insert(std::move(node));
                         });
        }
        case SkuColumn: {
            const std::string sku = text.toStdString();
            return apply(ScenarioEditor::tr("Set SKU of fleet lot %1").arg(lotName),
                         [id, sku](model::Scenario& s) { s.fleet.at(id).sku = sku; });
        }
        case CountColumn:
        case AgeColumn: {
            const bool count = index.column() == CountColumn;
            const int max = count ? model::kMaxGpuCount : model::kMaxLotAgeMonths;
            bool ok = false;
            const int n = QLocale(QLocale::English).toInt(text, &ok);
            if (!ok || n < 0 || n > max)
                return refuse((count ? ScenarioEditor::tr("GPUs of a lot must be a whole number "
                                                          "from 0 to %1")
                                     : ScenarioEditor::tr("The age of a lot must be a whole "
                                                          "number of months from 0 to %1"))
                                  .arg(QLocale(QLocale::English).toString(max)));
            return apply((count ? ScenarioEditor::tr("Set GPUs of fleet lot %1")
                                : ScenarioEditor::tr("Set age of fleet lot %1"))
                             .arg(lotName),
                         [id, n, count](model::Scenario& s) {
                             (count ? s.fleet.at(id).count : s.fleet.at(id).age_months) = n;
                         });
        }
        case WorkloadColumn: {
            const std::string workload = text.toStdString();
            return apply(
                ScenarioEditor::tr("Set workload of fleet lot %1").arg(lotName),
                [id, workload](model::Scenario& s) { s.fleet.at(id).workload = workload; });
        }
        case ChannelColumn: {
            const auto channel = model::parseChannel(text.toStdString());
            if (!channel)
                return refuse(
                    ScenarioEditor::tr("“%1” is not a channel: expected owned, reserved or "
                                       "on-demand")
                        .arg(text));
            return apply(ScenarioEditor::tr("Set channel of fleet lot %1").arg(lotName),
                         [id, c = *channel](model::Scenario& s) { s.fleet.at(id).channel = c; });
        }
        }
        return false;
    }

protected:
    std::vector<std::string> currentIds() const override {
        std::vector<std::string> ids;
        if (m_document)
            for (const auto& [id, lot] : m_document->scenario().fleet)
                ids.push_back(id);
        return ids;
    }
};

class WorkloadTableModel : public DocumentTableModel {
public:
    enum Column {
        IdColumn,
        NameColumn,
        KindColumn,
        ClassColumn,
        TensorRtColumn,
        MultiNodeColumn,
        OperatingPointColumn,
        ColumnCount
    };

    using DocumentTableModel::DocumentTableModel;

    int columnCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : ColumnCount;
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override {
        if (orientation != Qt::Horizontal)
            return {};
        if (role == Qt::ToolTipRole) {
            if (section == TensorRtColumn)
                return ScenarioEditor::tr("Inference served by TensorRT(-LLM): adds the TensorRT "
                                          "re-engineering task");
            if (section == MultiNodeColumn)
                return ScenarioEditor::tr("Training across nodes (NCCL inter-node): adds the "
                                          "RCCL port");
            if (section == ClassColumn)
                return ScenarioEditor::tr("The performance-table row; it must fit the kind");
        }
        if (role != Qt::DisplayRole)
            return {};
        switch (section) {
        case IdColumn:
            return ScenarioEditor::tr("Workload");
        case NameColumn:
            return ScenarioEditor::tr("Name");
        case KindColumn:
            return ScenarioEditor::tr("Kind");
        case ClassColumn:
            return ScenarioEditor::tr("Class");
        case TensorRtColumn:
            return ScenarioEditor::tr("TensorRT");
        case MultiNodeColumn:
            return ScenarioEditor::tr("Multi-node");
        case OperatingPointColumn:
            return ScenarioEditor::tr("Operating point");
        }
        return {};
    }

    Qt::ItemFlags flags(const QModelIndex& index) const override {
        if (!valid(index))
            return Qt::NoItemFlags;
        const model::Workload* w = workload(index.row());
        Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
        if (w == nullptr)
            return f;
        const bool inference = w->kind == model::WorkloadKindOfDemand::Inference;
        switch (index.column()) {
        case TensorRtColumn:
            return inference ? f | Qt::ItemIsUserCheckable : f;
        case MultiNodeColumn:
            return inference ? f : f | Qt::ItemIsUserCheckable;
        case OperatingPointColumn:
            return inference ? f | Qt::ItemIsEditable : f;
        default:
            return f | Qt::ItemIsEditable;
        }
    }

    QVariant data(const QModelIndex& index, int role) const override {
        if (!valid(index))
            return {};
        const model::Workload* w = workload(index.row());
        if (w == nullptr)
            return {};
        const bool inference = w->kind == model::WorkloadKindOfDemand::Inference;
        const int column = index.column();
        const QString notApplicable = QStringLiteral("—");
        if (role == Qt::DisplayRole || role == Qt::EditRole) {
            switch (column) {
            case IdColumn:
                return QString::fromStdString(m_ids[std::size_t(index.row())]);
            case NameColumn:
                return QString::fromStdString(w->name);
            case KindColumn:
                return qs(model::toString(w->kind));
            case ClassColumn:
                return qs(model::toString(w->workload_class));
            case TensorRtColumn:
                return inference ? QVariant() : QVariant(notApplicable);
            case MultiNodeColumn:
                return inference ? QVariant(notApplicable) : QVariant();
            case OperatingPointColumn:
                return inference ? QString::fromStdString(w->operating_point) : notApplicable;
            }
        }
        if (role == Qt::CheckStateRole) {
            if (column == TensorRtColumn && inference)
                return w->tensorrt ? Qt::Checked : Qt::Unchecked;
            if (column == MultiNodeColumn && !inference)
                return w->multi_node ? Qt::Checked : Qt::Unchecked;
        }
        if (role == Qt::ToolTipRole) {
            switch (column) {
            case IdColumn:
                return inputTip(ScenarioEditor::tr("The workload's id in the scenario file; "
                                                   "fleet lots name it."),
                                ScenarioEditor::tr("text"), fromTemplate());
            case NameColumn:
                return inputTip(QString::fromStdString(w->name), ScenarioEditor::tr("text"),
                                fromTemplate());
            case KindColumn:
                return inputTip(ScenarioEditor::tr("Inference is sized from peak tokens/s, "
                                                   "training from the H100-equivalent GPUs it "
                                                   "keeps busy (DESIGN.md, step 2)."),
                                ScenarioEditor::tr("inference or training"), fromTemplate());
            case ClassColumn:
                return inputTip(ScenarioEditor::tr("The performance-table row of this workload; "
                                                   "it must fit the kind."),
                                ScenarioEditor::tr("a workload class of the price book"),
                                fromTemplate());
            case TensorRtColumn:
                return inputTip(ScenarioEditor::tr("Served by TensorRT(-LLM): moving it adds the "
                                                   "TensorRT re-engineering task and loses the "
                                                   "TensorRT gain (DESIGN.md, steps 3–4)."),
                                ScenarioEditor::tr("yes or no"),
                                ScenarioEditor::tr("%1, and the audit's libraries dimension")
                                    .arg(fromTemplate()));
            case MultiNodeColumn:
                return inputTip(ScenarioEditor::tr("Training across nodes (NCCL inter-node): "
                                                   "adds the RCCL port (DESIGN.md, step 5)."),
                                ScenarioEditor::tr("yes or no"),
                                ScenarioEditor::tr("%1, and the audit's distributed dimension")
                                    .arg(fromTemplate()));
            case OperatingPointColumn:
                return inputTip(QString::fromStdString(w->operating_point).isEmpty()
                                    ? ScenarioEditor::tr("Where throughput is measured: input "
                                                         "and output lengths and the latency "
                                                         "target.")
                                    : QString::fromStdString(w->operating_point),
                                ScenarioEditor::tr("text"), fromTemplate());
            }
        }
        if (role == Qt::TextAlignmentRole &&
            (column == TensorRtColumn || column == MultiNodeColumn))
            return QVariant::fromValue(Qt::AlignCenter);
        if (role == kChoicesRole) {
            if (column == KindColumn)
                return QStringList{qs(model::toString(model::WorkloadKindOfDemand::Inference)),
                                   qs(model::toString(model::WorkloadKindOfDemand::Training))};
            if (column == ClassColumn) {
                QStringList classes;
                for (model::WorkloadClass c : model::kAllWorkloadClasses)
                    if (model::isInference(c) == inference)
                        classes << qs(model::toString(c));
                return classes;
            }
        }
        return {};
    }

    bool setData(const QModelIndex& index, const QVariant& value, int role) override {
        if (!valid(index))
            return false;
        const std::string id = m_ids[std::size_t(index.row())];
        const QString name = QString::fromStdString(id);
        const int column = index.column();
        if (role == Qt::CheckStateRole && (flags(index) & Qt::ItemIsUserCheckable)) {
            const bool on = value.toInt() == Qt::Checked;
            const bool tensorrt = column == TensorRtColumn;
            return apply((tensorrt ? ScenarioEditor::tr("Set TensorRT of workload %1")
                                   : ScenarioEditor::tr("Set multi-node of workload %1"))
                             .arg(name),
                         [id, on, tensorrt](model::Scenario& s) {
                             (tensorrt ? s.workloads.at(id).tensorrt
                                       : s.workloads.at(id).multi_node) = on;
                         });
        }
        if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
            return false;
        const QString text = value.toString().trimmed();
        switch (column) {
        case IdColumn: {
            const std::string renamed = text.toStdString();
            if (renamed == id)
                return true;
            if (const auto problem = model::checkCollectionId(renamed))
                return refuse(ScenarioEditor::tr("Workload “%1” not renamed: %2")
                                  .arg(name, QString::fromStdString(*problem)));
            if (m_document->scenario().workloads.contains(renamed))
                return refuse(ScenarioEditor::tr("A workload “%1” already exists").arg(text));
            // The lots serving it follow the new id in the same step.
            return apply(ScenarioEditor::tr("Rename workload %1 to %2").arg(name, text),
                         [id, renamed](model::Scenario& s) {
                             auto node = s.workloads.extract(id);
                             node.key() = renamed;
                             s.workloads.insert(std::move(node));
                             for (auto& [lotId, lot] : s.fleet)
                                 if (lot.workload == id)
                                     lot.workload = renamed;
                         });
        }
        case NameColumn:
        case OperatingPointColumn: {
            if (utf8Bytes(text) > model::kMaxNameBytes)
                return refuse(
                    ScenarioEditor::tr("At most %1 bytes fit here").arg(model::kMaxNameBytes));
            const bool isName = column == NameColumn;
            const std::string v = text.toStdString();
            // The reader refuses a name of only white space (issue 20); an empty one is none.
            if (isName && !v.empty() && model::isBlankName(v))
                return refuse(ScenarioEditor::tr("A workload's name needs a visible character; "
                                                 "leave it empty for none"));
            return apply((isName ? ScenarioEditor::tr("Rename workload %1")
                                 : ScenarioEditor::tr("Set operating point of workload %1"))
                             .arg(name),
                         [id, v, isName](model::Scenario& s) {
                             (isName ? s.workloads.at(id).name
                                     : s.workloads.at(id).operating_point) = v;
                         });
        }
        case KindColumn: {
            const auto kind = model::parseWorkloadKindOfDemand(text.toStdString());
            if (!kind)
                return refuse(ScenarioEditor::tr("“%1” is not a kind: expected inference or "
                                                 "training")
                                  .arg(text));
            if (*kind == workload(index.row())->kind)
                return true;
            return apply(ScenarioEditor::tr("Make workload %1 %2").arg(name, text),
                         [id, k = *kind](model::Scenario& s) {
                             model::setWorkloadKind(s.workloads.at(id), k);
                         });
        }
        case ClassColumn: {
            const auto cls = model::parseWorkloadClass(text.toStdString());
            const model::Workload* w = workload(index.row());
            if (!cls)
                return refuse(ScenarioEditor::tr("“%1” is not a workload class").arg(text));
            if (model::isInference(*cls) != (w->kind == model::WorkloadKindOfDemand::Inference))
                return refuse(ScenarioEditor::tr("Class “%1” does not fit the %2 workload “%3”: "
                                                 "change its kind first")
                                  .arg(text, qs(model::toString(w->kind)), name));
            return apply(
                ScenarioEditor::tr("Set class of workload %1").arg(name),
                [id, c = *cls](model::Scenario& s) { s.workloads.at(id).workload_class = c; });
        }
        }
        return false;
    }

protected:
    std::vector<std::string> currentIds() const override {
        std::vector<std::string> ids;
        if (m_document)
            for (const auto& [id, w] : m_document->scenario().workloads)
                ids.push_back(id);
        return ids;
    }

private:
    const model::Workload* workload(int row) const {
        if (!m_document || row < 0 || row >= rowCount())
            return nullptr;
        const auto& all = m_document->scenario().workloads;
        const auto it = all.find(m_ids[std::size_t(row)]);
        return it == all.end() ? nullptr : &it->second;
    }
};

// ---- The editor ------------------------------------------------------------------------------

ScenarioEditor::ScenarioEditor(QWidget* parent)
    : QWidget(parent) {
    const auto refusal = [this](const QString& reason) {
        showRefusal(reason);
    };
    m_fleet = new FleetLotTableModel(refusal, this);
    m_workloads = new WorkloadTableModel(refusal, this);
    m_allInputs = makeGroupModel(std::nullopt);

    m_sections = new QListWidget(this);
    m_sections->setObjectName(QStringLiteral("sections"));
    m_sections->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    m_pages = new QStackedWidget(this);

    addSection(Section::General, tr("General"), buildGeneralPage());
    addSection(Section::Fleet, tr("Installed fleet"), buildFleetPage());
    addSection(Section::Workloads, tr("Workloads"), buildWorkloadsPage());
    addSection(Section::Procurement, tr("Procurement & channels"), buildProcurementPage());
    addSection(Section::Prices, tr("Prices (per SKU)"),
               groupPage(model::InputGroup::Prices,
                         tr("Prices, rental rates, power and life of every SKU of the scenario's "
                            "price book. Overriding a price-book figure here changes this "
                            "scenario only.")));
    addSection(Section::Performance, tr("Performance"),
               groupPage(model::InputGroup::Performance,
                         tr("Steady-state throughput relative to H100 with today's software, for "
                            "the workload classes this scenario uses — never derived from peak "
                            "TFLOPS alone. An AMD ratio above 1 means AMD leads.")));
    addSection(Section::PortTasks, tr("Port tasks"),
               groupPage(model::InputGroup::PortTasks, QString()));
    addSection(Section::Team, tr("Team & transition"), buildTeamPage());
    addSection(Section::Energy, tr("Energy & facility"),
               groupPage(model::InputGroup::EnergyFacility,
                         tr("Energy is paid on owned GPUs only: rented capacity's rates include "
                            "power and facility.")));
    addSection(Section::HetCcl, tr("HetCCL"),
               groupPage(model::InputGroup::HetCcl,
                         tr("When cross-vendor collectives become production-ready, Path 3 and "
                            "Path 2+3 may put new training capacity on AMD. The month is a "
                            "what-if, not a fact: by default it lies past the horizon until "
                            "HetCCL's maturity signals pull it in.")));
    addSection(Section::AllInputs, tr("All inputs"),
               inputsPanel(m_allInputs,
                           tr("Every uncertain number the engine reads. Type in the filter to "
                              "find one by name, SKU, workload, source or tag — “?” lists the "
                              "assumptions still to check.")));

    // Narrow, wrapping the longest titles: the tables need the width more than the list.
    m_sections->setSpacing(2);
    m_sections->setWordWrap(true);
    m_sections->setTextElideMode(Qt::ElideNone);
    m_sections->setFixedWidth(m_sections->fontMetrics().horizontalAdvance(tr("Team & transition")) +
                              28);
    connect(m_sections, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);
    m_sections->setCurrentRow(0);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setTextFormat(Qt::RichText); // the refusal escaped
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setContentsMargins(6, 4, 6, 4);
    // Two lines, so that a refusal with its reason never pushes the pages up and down.
    m_message->setMinimumHeight(m_message->fontMetrics().lineSpacing() * 2 + 8);
    m_message->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto* body = new QHBoxLayout;
    body->addWidget(m_sections);
    body->addWidget(m_pages, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(m_message);

    showHint();
    setDocument(nullptr);
}

ScenarioEditor::~ScenarioEditor() = default;

void ScenarioEditor::addSection(Section section, const QString& title, QWidget* page) {
    m_pageOfSection[section] = m_pages->addWidget(page);
    m_sections->addItem(title);
}

void ScenarioEditor::showSection(Section section) {
    m_sections->setCurrentRow(m_pageOfSection.at(section));
}

ScenarioEditor::Section ScenarioEditor::currentSection() const {
    for (const auto& [section, page] : m_pageOfSection)
        if (page == m_pages->currentIndex())
            return section;
    return Section::General;
}

UncertainTableModel* ScenarioEditor::groupModel(model::InputGroup group) const {
    const auto it = m_groupModels.find(group);
    return it == m_groupModels.end() ? nullptr : it->second;
}

QAbstractItemModel* ScenarioEditor::fleetModel() const {
    return m_fleet;
}

QAbstractItemModel* ScenarioEditor::workloadsModel() const {
    return m_workloads;
}

QString ScenarioEditor::message() const {
    return m_message->text();
}

void ScenarioEditor::setStore(data::Store* store) {
    m_binding->setStore(store);
}

bool ScenarioEditor::selectWorkload(const QString& id) {
    const int row = m_workloads->rowOf(id.toStdString());
    if (row < 0)
        return false;
    m_workloadsView->setCurrentIndex(m_workloads->index(row, WorkloadTableModel::IdColumn));
    return true;
}

UncertainTableModel* ScenarioEditor::makeGroupModel(std::optional<model::InputGroup> group) {
    auto* model = new UncertainTableModel(this);
    model->setGroup(group);
    connect(model, &UncertainTableModel::editRefused, this, &ScenarioEditor::showRefusal);
    if (group)
        m_groupModels[*group] = model;
    return model;
}

QWidget* ScenarioEditor::inputsPanel(UncertainTableModel* model, const QString& explanation) {
    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    if (!explanation.isEmpty())
        layout->addWidget(explanationLabel(explanation, panel));

    auto* filter = new QLineEdit(panel);
    filter->setObjectName(QStringLiteral("filter"));
    filter->setClearButtonEnabled(true);
    filter->setPlaceholderText(tr("Filter by name, SKU, workload, source or tag (e.g. “MI300X "
                                  "price” or “?”)"));
    connect(filter, &QLineEdit::textChanged, model, &UncertainTableModel::setFilterText);
    auto* count = new QLabel(panel);
    const auto updateCount = [model, count] {
        int badged = 0;
        for (int row = 0; row < model->rowCount(); ++row)
            badged += model->index(row, 0).data(UncertainTableModel::BadgedRole).toBool() ? 1 : 0;
        const int rows = model->rowCount();
        count->setText(
            (rows == 1 ? tr("1 input") : tr("%1 inputs").arg(rows)) +
            (badged > 0 ? tr(" · <b>%1</b> to check (C, ? or untagged)").arg(badged) : QString()));
    };
    connect(model, &QAbstractItemModel::modelReset, count, updateCount);
    connect(model, &QAbstractItemModel::dataChanged, count, updateCount);
    updateCount();
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(filter, 1);
    filterRow->addWidget(count);
    layout->addLayout(filterRow);

    QTableView* view = makeTableView(model, panel);
    view->setObjectName(QStringLiteral("inputs"));
    QHeaderView* header = view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(UncertainTableModel::SourceColumn, QHeaderView::Stretch);
    header->setMinimumSectionSize(40);
    // Widths for the longest usual content; the source takes what is left (its tooltip
    // holds the whole text).
    const QFontMetrics metrics = view->fontMetrics();
    const auto width = [&metrics](const char* sample, int padding) {
        return metrics.horizontalAdvance(QString::fromUtf8(sample)) + padding;
    };
    view->setColumnWidth(UncertainTableModel::InputColumn,
                         width("ranking-llm: H100 throughput per GPU", 14));
    for (int c : {UncertainTableModel::LowColumn, UncertainTableModel::MostLikelyColumn,
                  UncertainTableModel::HighColumn})
        view->setColumnWidth(c, width("360,000 tok/s", 10));
    view->setColumnWidth(UncertainTableModel::DistributionColumn, width("Distribution", 10));
    view->setColumnWidth(UncertainTableModel::DateColumn, width("undated", 14));
    view->setColumnWidth(UncertainTableModel::TagColumn, width("Tag", 22));
    layout->addWidget(view, 1);
    return panel;
}

QWidget* ScenarioEditor::groupPage(model::InputGroup group, const QString& explanation) {
    UncertainTableModel* model = makeGroupModel(group);
    if (group != model::InputGroup::PortTasks)
        return inputsPanel(model, explanation);
    // The port-task rows follow the audit's effort band, which the label names.
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    m_effortLevel = explanationLabel(QString(), page);
    layout->addWidget(m_effortLevel);
    layout->addWidget(inputsPanel(model, QString()), 1);
    return page;
}

QWidget* ScenarioEditor::buildGeneralPage() {
    auto* page = new QWidget(this);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);

    m_name = new QLineEdit(page);
    m_name->setObjectName(QStringLiteral("name"));
    m_name->setToolTip(inputTip(tr("The scenario's name, unique in the store; the report's "
                                   "title."),
                                tr("text, 1–200 bytes"),
                                tr("the name New scenario asked for, or the file's")));
    connect(m_name, &QLineEdit::editingFinished, this, &ScenarioEditor::commitName);
    form->addRow(tr("Name"), m_name);

    m_organisation = new QLineEdit(page);
    m_organisation->setObjectName(QStringLiteral("organisation"));
    m_organisation->setToolTip(inputTip(tr("Whose fleet this is; shown in the report."),
                                        tr("text, up to 200 bytes"), fromTemplate()));
    connect(m_organisation, &QLineEdit::editingFinished, this, &ScenarioEditor::commitOrganisation);
    form->addRow(tr("Organisation"), m_organisation);

    m_notes = new NotesEdit([this] { commitNotes(); }, page);
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setFixedHeight(m_notes->fontMetrics().height() * 4 + 12);
    m_notes->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_notes->setToolTip(inputTip(tr("What this scenario assumes and why; kept with every saved "
                                    "version. Tab leaves the box (it does not type a tab)."),
                                 tr("text, up to 100,000 bytes"), fromTemplate()));
    m_notes->setTabChangesFocus(true); // no focus trap: Tab moves on
    form->addRow(tr("Notes"), m_notes);

    auto* numbers = new QHBoxLayout;
    m_horizon = new QSpinBox(page);
    m_horizon->setObjectName(QStringLiteral("horizon"));
    m_horizon->setRange(model::kMinHorizonMonths, model::kMaxHorizonMonths);
    m_horizon->setSuffix(tr(" months"));
    m_horizon->setKeyboardTracking(false); // one edit per value, not per digit typed
    m_horizon->setToolTip(inputTip(tr("How many months the engine evaluates, month 0 to "
                                      "horizon − 1; costs past it are not counted (engineering "
                                      "still owed is reported beside the total)."),
                                   tr("months, 1–120 (DESIGN.md, Cost engine)"), fromTemplate()));
    connect(m_horizon, &QSpinBox::valueChanged, this, [this](int months) {
        if (!m_refreshing)
            apply(tr("Set horizon to %1 months").arg(months),
                  [months](model::Scenario& s) { s.horizon_months = months; });
    });
    numbers->addWidget(m_horizon);
    numbers->addSpacing(16);
    numbers->addWidget(new QLabel(tr("Seed"), page));
    m_seed = new QLineEdit(page);
    m_seed->setObjectName(QStringLiteral("seed"));
    m_seed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{1,20}")), m_seed));
    m_seed->setMaximumWidth(m_seed->fontMetrics().horizontalAdvance(QString(22, QLatin1Char('9'))));
    m_seed->setToolTip(inputTip(tr("Monte Carlo seed: the same seed gives bitwise the same bands, "
                                   "on any machine and thread count (DESIGN.md, Uncertainty)."),
                                tr("a whole number, 0 to 18446744073709551615"), fromTemplate()));
    connect(m_seed, &QLineEdit::editingFinished, this, &ScenarioEditor::commitSeed);
    numbers->addWidget(m_seed);
    numbers->addStretch(1);
    form->addRow(tr("Horizon"), numbers);

    m_sizing = new QComboBox(page);
    m_sizing->setObjectName(QStringLiteral("sizing"));
    m_sizing->addItem(tr("Whole servers"), qs(model::toString(model::Sizing::WholeServers)));
    m_sizing->addItem(tr("Continuous (fractional GPUs)"),
                      qs(model::toString(model::Sizing::Continuous)));
    m_sizing->setToolTip(
        inputTip(tr("Whole servers buys GPUs a server at a time; continuous "
                    "sizing buys fractional GPUs (for comparisons without "
                    "rounding)."),
                 tr("a choice"),
                 tr("%1; DESIGN.md step 6 makes whole servers the default").arg(fromTemplate())));
    connect(m_sizing, &QComboBox::activated, this, [this](int i) {
        const auto sizing = model::parseSizing(m_sizing->itemData(i).toString().toStdString());
        if (sizing)
            apply(tr("Set sizing"), [s = *sizing](model::Scenario& sc) { sc.sizing = s; });
    });
    m_disposition = new QComboBox(page);
    m_disposition->setObjectName(QStringLiteral("disposition"));
    m_disposition->addItem(tr("Sell at residual value"),
                           qs(model::toString(model::Disposition::Sell)));
    m_disposition->addItem(tr("Keep idle"), qs(model::toString(model::Disposition::KeepIdle)));
    m_disposition->setToolTip(inputTip(
        tr("What happens to owned GPUs a move or falling demand displaces, once no "
           "other demand of the same vendor needs them: sold at their residual value "
           "or kept idle."),
        tr("a choice"), tr("%1; DESIGN.md step 6 makes selling the default").arg(fromTemplate())));
    connect(m_disposition, &QComboBox::activated, this, [this](int i) {
        const auto parsed =
            model::parseDisposition(m_disposition->itemData(i).toString().toStdString());
        if (parsed)
            apply(tr("Set disposition"), [d = *parsed](model::Scenario& s) { s.disposition = d; });
    });
    auto* policies = new QHBoxLayout;
    policies->addWidget(m_sizing);
    policies->addSpacing(16);
    policies->addWidget(new QLabel(tr("Displaced GPUs"), page));
    policies->addWidget(m_disposition);
    policies->addStretch(1);
    form->addRow(tr("Sizing"), policies);

    auto* options = new QHBoxLayout;
    for (model::OptionId o : model::kAllOptions) {
        auto* box = new QCheckBox(qs(model::toString(o)), page);
        box->setObjectName(QStringLiteral("option-") + qs(model::toString(o)));
        const QString optionDefault =
            tr("%1; DESIGN.md evaluates all five options by default").arg(fromTemplate());
        if (const auto path = model::pathOf(o))
            box->setToolTip(inputTip(qs(model::title(*path)) +
                                         tr(": evaluated and compared with staying on CUDA."),
                                     tr("on or off"), optionDefault));
        else
            box->setToolTip(inputTip(tr("Keep buying NVIDIA: the baseline every option is "
                                        "compared with."),
                                     tr("on or off"), optionDefault));
        connect(box, &QCheckBox::toggled, this, &ScenarioEditor::commitOptions);
        m_options[o] = box;
        options->addWidget(box);
    }
    options->addStretch(1);
    form->addRow(tr("Options"), options);

    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(inputsPanel(makeGroupModel(model::InputGroup::General), QString()), 1);
    return page;
}

QWidget* ScenarioEditor::buildFleetPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(explanationLabel(
        tr("The NVIDIA GPUs the organisation has today, by lot: each serves one workload and "
           "its age sets its residual value. Double-click a cell to change it."),
        page));
    m_fleetView = makeTableView(m_fleet, page);
    m_fleetView->setObjectName(QStringLiteral("fleet"));
    m_fleetView->setSelectionBehavior(QAbstractItemView::SelectRows);
    QHeaderView* header = m_fleetView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    const QFontMetrics metrics = m_fleetView->fontMetrics();
    m_fleetView->setColumnWidth(FleetLotTableModel::IdColumn,
                                metrics.horizontalAdvance(QStringLiteral("serving-2025-xx")) + 40);
    m_fleetView->setColumnWidth(FleetLotTableModel::SkuColumn,
                                metrics.horizontalAdvance(QStringLiteral("MI355X")) + 60);
    m_fleetView->setColumnWidth(FleetLotTableModel::CountColumn,
                                metrics.horizontalAdvance(QStringLiteral("10,000,000")) + 24);
    m_fleetView->setColumnWidth(FleetLotTableModel::AgeColumn,
                                metrics.horizontalAdvance(QStringLiteral("Age (months)")) + 24);
    m_fleetView->setColumnWidth(FleetLotTableModel::WorkloadColumn,
                                metrics.horizontalAdvance(QStringLiteral("ranking-llm-serving")) +
                                    60);
    layout->addWidget(m_fleetView, 1);

    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add lot"), page);
    add->setObjectName(QStringLiteral("addLot"));
    connect(add, &QPushButton::clicked, this, [this] { addFleetLot(); });
    auto* remove = new QPushButton(tr("Remove lot"), page);
    remove->setObjectName(QStringLiteral("removeLot"));
    connect(remove, &QPushButton::clicked, this, [this] {
        const std::string id = m_fleet->idAt(m_fleetView->currentIndex().row());
        if (id.empty())
            showRefusal(tr("Select the lot to remove"));
        else
            removeFleetLot(QString::fromStdString(id));
    });
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    return page;
}

QWidget* ScenarioEditor::buildWorkloadsPage() {
    auto* splitter = new QSplitter(Qt::Vertical, this);

    auto* top = new QWidget(splitter);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(explanationLabel(
        tr("The demand the fleet serves. An inference workload is sized from its peak tokens/s "
           "at a stated operating point; a training workload from the H100-equivalent GPUs it "
           "keeps busy."),
        top));
    m_workloadsView = makeTableView(m_workloads, top);
    m_workloadsView->setObjectName(QStringLiteral("workloads"));
    m_workloadsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    QHeaderView* header = m_workloadsView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    const QFontMetrics metrics = m_workloadsView->fontMetrics();
    m_workloadsView->setColumnWidth(WorkloadTableModel::IdColumn,
                                    metrics.horizontalAdvance(QStringLiteral("ranking-llm-xx")) +
                                        24);
    m_workloadsView->setColumnWidth(WorkloadTableModel::NameColumn,
                                    metrics.horizontalAdvance(QString(26, QLatin1Char('n'))));
    m_workloadsView->setColumnWidth(WorkloadTableModel::KindColumn,
                                    metrics.horizontalAdvance(QStringLiteral("inference")) + 40);
    m_workloadsView->setColumnWidth(
        WorkloadTableModel::ClassColumn,
        metrics.horizontalAdvance(QStringLiteral("custom-kernel-training")) + 40);
    m_workloadsView->setColumnWidth(WorkloadTableModel::TensorRtColumn,
                                    metrics.horizontalAdvance(QStringLiteral("TensorRT")) + 20);
    m_workloadsView->setColumnWidth(WorkloadTableModel::MultiNodeColumn,
                                    metrics.horizontalAdvance(QStringLiteral("Multi-node")) + 20);
    topLayout->addWidget(m_workloadsView, 1);

    auto* buttons = new QHBoxLayout;
    auto* addInference = new QPushButton(tr("Add inference workload"), top);
    addInference->setObjectName(QStringLiteral("addInference"));
    connect(addInference, &QPushButton::clicked, this,
            [this] { addWorkload(model::WorkloadKindOfDemand::Inference); });
    auto* addTraining = new QPushButton(tr("Add training workload"), top);
    addTraining->setObjectName(QStringLiteral("addTraining"));
    connect(addTraining, &QPushButton::clicked, this,
            [this] { addWorkload(model::WorkloadKindOfDemand::Training); });
    auto* remove = new QPushButton(tr("Remove workload"), top);
    remove->setObjectName(QStringLiteral("removeWorkload"));
    connect(remove, &QPushButton::clicked, this, [this] {
        const std::string id = m_workloads->idAt(m_workloadsView->currentIndex().row());
        if (id.empty())
            showRefusal(tr("Select the workload to remove"));
        else
            removeWorkload(QString::fromStdString(id));
    });
    buttons->addWidget(addInference);
    buttons->addWidget(addTraining);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    topLayout->addLayout(buttons);

    m_binding = new WorkloadBindingPanel;
    connect(m_binding, &WorkloadBindingPanel::editRefused, this, &ScenarioEditor::showRefusal);
    const auto followSelection = [this] {
        m_binding->setWorkload(m_workloads->idAt(m_workloadsView->currentIndex().row()));
    };
    connect(m_workloadsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            followSelection);
    connect(m_workloads, &QAbstractItemModel::modelReset, this, followSelection);

    splitter->addWidget(top);
    splitter->addWidget(m_binding);
    splitter->addWidget(inputsPanel(makeGroupModel(model::InputGroup::Workloads), QString()));
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 3);
    splitter->setChildrenCollapsible(false);
    // The binding panel needs the height of its form; the tables scroll.
    splitter->setSizes({200, 360, 300});
    return splitter;
}

QWidget* ScenarioEditor::buildProcurementPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(explanationLabel(
        tr("What new capacity of each vendor is bought as, and through which channel. Owned "
           "GPUs pay purchase price less the negotiated discount plus overhead; reserved and "
           "on-demand capacity pays the SKU's all-in hourly rate."),
        page));

    const auto vendorBox = [this, page](const QString& title, QComboBox*& sku, QComboBox*& channel,
                                        model::Vendor vendor) {
        auto* box = new QGroupBox(title, page);
        auto* form = new QFormLayout(box);
        sku = new QComboBox(box);
        sku->setObjectName(qs(model::toString(vendor)) + QStringLiteral("Sku"));
        sku->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        channel = new QComboBox(box);
        channel->setObjectName(qs(model::toString(vendor)) + QStringLiteral("Channel"));
        for (auto c : {model::Channel::Owned, model::Channel::Reserved, model::Channel::OnDemand})
            channel->addItem(qs(model::toString(c)));
        sku->setToolTip(
            inputTip(tr("The SKU new %1 capacity is bought or rented as, from the "
                        "scenario's price book (its prices, rates, power and "
                        "performance apply).")
                         .arg(vendor == model::Vendor::Nvidia ? tr("NVIDIA") : tr("AMD")),
                     tr("a price-book SKU"), fromTemplate()));
        channel->setToolTip(inputTip(tr("Owned (price less discount plus overhead, then energy "
                                        "and facility), reserved (an N-month commitment) or "
                                        "on-demand (an all-in hourly rate) — DESIGN.md, step 7."),
                                     tr("a channel"), fromTemplate()));
        form->addRow(tr("SKU"), sku);
        form->addRow(tr("Channel"), channel);
        const auto target = [vendor](model::Scenario& s) -> model::VendorProcurement& {
            return vendor == model::Vendor::Nvidia ? s.nvidia : s.amd;
        };
        QComboBox* skuBox = sku;
        QComboBox* channelBox = channel;
        connect(sku, &QComboBox::activated, this, [this, skuBox, target, title] {
            const std::string id = skuBox->currentData().toString().toStdString();
            apply(tr("Buy %1 as %2").arg(title, skuBox->currentData().toString()),
                  [target, id](model::Scenario& s) { target(s).sku = id; });
        });
        connect(channel, &QComboBox::activated, this, [this, channelBox, target, title] {
            const auto parsed = model::parseChannel(channelBox->currentText().toStdString());
            if (parsed)
                apply(tr("Set channel of %1").arg(title),
                      [target, c = *parsed](model::Scenario& s) { target(s).channel = c; });
        });
        return box;
    };
    auto* vendors = new QHBoxLayout;
    vendors->addWidget(
        vendorBox(tr("New NVIDIA capacity"), m_nvidiaSku, m_nvidiaChannel, model::Vendor::Nvidia));
    vendors->addWidget(
        vendorBox(tr("New AMD capacity"), m_amdSku, m_amdChannel, model::Vendor::Amd));
    vendors->addStretch(1);
    layout->addLayout(vendors);
    layout->addWidget(
        inputsPanel(makeGroupModel(model::InputGroup::FleetProcurement),
                    tr("Negotiated discounts off the price book's purchase prices. The "
                       "article's 15–40 % AMD price gap is already in the price book: never "
                       "apply it twice.")),
        1);
    return page;
}

QWidget* ScenarioEditor::buildTeamPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* counts = new QHBoxLayout;
    const auto countBox = [this, page, counts](const QString& label, const QString& name, int max,
                                               int model::Scenario::*member, const QString& tip) {
        auto* box = new QSpinBox(page);
        box->setObjectName(name);
        box->setRange(0, max);
        box->setGroupSeparatorShown(true);
        box->setKeyboardTracking(false);
        box->setToolTip(inputTip(tip, tr("people or GPUs, a whole number"), fromTemplate()));
        connect(box, &QSpinBox::valueChanged, this, [this, label, member](int n) {
            if (!m_refreshing)
                apply(tr("Set %1 to %2").arg(label.toLower()).arg(n),
                      [member, n](model::Scenario& s) { s.*member = n; });
        });
        auto* caption = new QLabel(label, page);
        caption->setBuddy(box);
        counts->addWidget(caption);
        counts->addWidget(box);
        counts->addSpacing(16);
        return box;
    };
    m_engineers = countBox(tr("Engineers on the port"), QStringLiteral("engineers"),
                           model::kMaxPeople, &model::Scenario::team_engineers,
                           tr("Engineers on the port: engineers × months of the tasks taken × "
                              "$/engineer-month gives the migration cost (DESIGN.md, step 8)."));
    m_pilotGpus = countBox(tr("AMD pilot GPUs"), QStringLiteral("pilotGpus"), model::kMaxGpuCount,
                           &model::Scenario::pilot_gpus,
                           tr("AMD capacity run beside production during a port: rented for the "
                              "pilot months, or owned and then joining the fleet (DESIGN.md, "
                              "step 8)."));
    m_rampHeadcount = countBox(tr("People in the ramp"), QStringLiteral("rampHeadcount"),
                               model::kMaxPeople, &model::Scenario::ramp_headcount,
                               tr("The wider ML team whose output the productivity ramp "
                                  "reduces: loss × headcount × $/month × ramp months (DESIGN.md, "
                                  "step 8)."));
    counts->addStretch(1);
    layout->addWidget(explanationLabel(
        tr("The porting team, the AMD pilot, the wider team's productivity ramp and the "
           "throughput lost right after a move (the article's 10–30 % transition regression)."),
        page));
    layout->addLayout(counts);
    layout->addWidget(inputsPanel(makeGroupModel(model::InputGroup::TeamTransition), QString()), 1);
    return page;
}

void ScenarioEditor::setDocument(ScenarioDocument* document) {
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &ScenarioDocument::scenarioChanged, this, [this] {
            showHint(); // the last refusal no longer describes what is shown
            refresh();
        });
        connect(m_document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    }
    m_fleet->setDocument(document);
    m_workloads->setDocument(document);
    m_binding->setDocument(document);
    m_allInputs->setDocument(document);
    for (const auto& [group, model] : m_groupModels)
        model->setDocument(document);
    showHint();
    refresh();
}

QString ScenarioEditor::apply(const QString& text,
                              const std::function<void(model::Scenario&)>& change) {
    if (!m_document)
        return tr("No scenario is open");
    const QString error = m_document->edit(text, change);
    if (!error.isEmpty()) {
        showRefusal(error);
        refresh(); // the widget still shows what was refused
    }
    return error;
}

void ScenarioEditor::showRefusal(const QString& reason) {
    m_message->setText(
        QStringLiteral("<span style=\"color:%1\"><b>%2</b></span> %3")
            .arg(errorTextColour(palette()).name(), tr("Not applied:"), reason.toHtmlEscaped()));
    m_message->setToolTip(plainTip(reason)); // it quotes what was typed
    emit editRefused(reason);
}

void ScenarioEditor::showHint() {
    m_message->setText(
        tr("Double-click a cell to edit it; every edit is one undo step. Fractions are typed "
           "in percent. <span style=\"background:#f3d07a; color:#202020\">&nbsp;C&nbsp;</span> "
           "and <span style=\"background:#f0a8a0; color:#202020\">&nbsp;?&nbsp;</span> mark "
           "numbers to check. Hover over an input for its meaning, unit and source."));
    m_message->setToolTip(QString());
}

void ScenarioEditor::refresh() {
    m_refreshing = true;
    const bool open = m_document != nullptr;
    m_sections->setEnabled(open);
    m_pages->setEnabled(open);
    if (!open) {
        m_refreshing = false;
        return;
    }
    const model::Scenario& s = m_document->scenario();
    {
        const QSignalBlocker b1(m_name), b2(m_organisation), b3(m_notes), b4(m_horizon), b5(m_seed),
            b6(m_sizing), b7(m_disposition);
        if (m_name->text() != QString::fromStdString(s.name))
            m_name->setText(QString::fromStdString(s.name));
        if (m_organisation->text() != QString::fromStdString(s.organisation))
            m_organisation->setText(QString::fromStdString(s.organisation));
        if (m_notes->toPlainText() != QString::fromStdString(s.notes))
            m_notes->setPlainText(QString::fromStdString(s.notes));
        m_horizon->setValue(s.horizon_months);
        m_seed->setText(QString::number(s.seed));
        m_sizing->setCurrentIndex(m_sizing->findData(qs(model::toString(s.sizing))));
        m_disposition->setCurrentIndex(m_disposition->findData(qs(model::toString(s.disposition))));
        for (const auto& [option, box] : m_options) {
            const QSignalBlocker b(box);
            box->setChecked(std::find(s.options.begin(), s.options.end(), option) !=
                            s.options.end());
        }
    }
    refreshProcurement();
    {
        const QSignalBlocker b1(m_engineers), b2(m_pilotGpus), b3(m_rampHeadcount);
        m_engineers->setValue(s.team_engineers);
        m_pilotGpus->setValue(s.pilot_gpus);
        m_rampHeadcount->setValue(s.ramp_headcount);
    }
    if (m_effortLevel) {
        const int high = s.audit.profile().highCount();
        m_effortLevel->setText(
            tr("Calendar months per port task and path, at the effort level the audit sets: "
               "<b>%1</b> (%2 High dimension(s)). Only the tasks the evaluated options run for "
               "this scenario's workloads are listed.")
                .arg(qs(model::toString(model::effortLevel(high))))
                .arg(high));
    }
    m_refreshing = false;
}

void ScenarioEditor::refreshProcurement() {
    const model::Scenario& s = m_document->scenario();
    const auto fill = [&s](QComboBox* sku, QComboBox* channel, const model::VendorProcurement& p,
                           model::Vendor vendor) {
        const QSignalBlocker b1(sku), b2(channel);
        QStringList ids;
        for (const auto& [id, entry] : s.pricebook.skus)
            if (entry.vendor == vendor)
                ids << QString::fromStdString(id);
        QStringList shown;
        for (int i = 0; i < sku->count(); ++i)
            shown << sku->itemData(i).toString();
        // Rebuilt only when the price book's SKUs change, never under an open popup.
        if (shown != ids) {
            sku->clear();
            for (const QString& id : ids)
                sku->addItem(id + QStringLiteral(" — ") +
                                 QString::fromStdString(s.pricebook.skus.at(id.toStdString()).name),
                             id);
        }
        sku->setCurrentIndex(sku->findData(QString::fromStdString(p.sku)));
        channel->setCurrentIndex(channel->findText(qs(model::toString(p.channel))));
    };
    fill(m_nvidiaSku, m_nvidiaChannel, s.nvidia, model::Vendor::Nvidia);
    fill(m_amdSku, m_amdChannel, s.amd, model::Vendor::Amd);
}

void ScenarioEditor::commitName() {
    if (m_refreshing || !m_document)
        return;
    const QString text = m_name->text().trimmed();
    if (text.toStdString() == m_document->scenario().name)
        return;
    if (text.isEmpty() || utf8Bytes(text) > model::kMaxNameBytes ||
        model::isBlankName(text.toStdString())) {
        showRefusal(tr("A scenario's name must be 1 to %1 bytes with a visible character")
                        .arg(model::kMaxNameBytes));
        refresh();
        return;
    }
    apply(tr("Rename scenario"), [v = text.toStdString()](model::Scenario& s) { s.name = v; });
}

void ScenarioEditor::commitOrganisation() {
    if (m_refreshing || !m_document)
        return;
    const QString text = m_organisation->text().trimmed();
    if (text.toStdString() == m_document->scenario().organisation)
        return;
    if (utf8Bytes(text) > model::kMaxNameBytes ||
        (!text.isEmpty() && model::isBlankName(text.toStdString()))) {
        showRefusal(tr("An organisation must be at most %1 bytes with a visible character, or "
                       "empty")
                        .arg(model::kMaxNameBytes));
        refresh();
        return;
    }
    apply(tr("Set organisation"),
          [v = text.toStdString()](model::Scenario& s) { s.organisation = v; });
}

void ScenarioEditor::commitNotes() {
    if (m_refreshing || !m_document)
        return;
    const QString text = m_notes->toPlainText();
    if (text.toStdString() == m_document->scenario().notes)
        return;
    if (utf8Bytes(text) > model::kMaxNotesBytes) {
        showRefusal(tr("Notes must be at most %1 bytes").arg(model::kMaxNotesBytes));
        return; // keep the text so nothing typed is lost; it is not applied
    }
    apply(tr("Edit notes"), [v = text.toStdString()](model::Scenario& s) { s.notes = v; });
}

void ScenarioEditor::commitSeed() {
    if (m_refreshing || !m_document)
        return;
    bool ok = false;
    const unsigned long long seed = m_seed->text().toULongLong(&ok);
    if (!ok) {
        showRefusal(tr("The seed must be a whole number from 0 to 18446744073709551615"));
        refresh();
        return;
    }
    if (seed == m_document->scenario().seed)
        return;
    apply(tr("Set seed"), [seed](model::Scenario& s) { s.seed = seed; });
}

void ScenarioEditor::commitOptions() {
    if (m_refreshing || !m_document)
        return;
    std::vector<model::OptionId> options;
    for (model::OptionId o : model::kAllOptions)
        if (m_options.at(o)->isChecked())
            options.push_back(o);
    if (options.empty()) {
        showRefusal(tr("Evaluate at least one option"));
        refresh();
        return;
    }
    apply(tr("Choose options to evaluate"), [options](model::Scenario& s) { s.options = options; });
}

QString ScenarioEditor::addFleetLot() {
    if (!m_document)
        return tr("No scenario is open");
    const model::Scenario& s = m_document->scenario();
    if (s.fleet.size() >= model::kMaxFleetLots) {
        const QString reason =
            tr("A scenario holds at most %1 fleet lots").arg(model::kMaxFleetLots);
        showRefusal(reason);
        return reason;
    }
    const std::string id = model::freshId(s.fleet, "lot");
    const model::FleetLot lot = model::newFleetLot(s);
    const QString error = apply(tr("Add fleet lot %1").arg(QString::fromStdString(id)),
                                [id, lot](model::Scenario& sc) { sc.fleet[id] = lot; });
    if (error.isEmpty() && m_fleetView) {
        const int row = m_fleet->rowOf(id);
        m_fleetView->setCurrentIndex(m_fleet->index(row, FleetLotTableModel::IdColumn));
    }
    return error;
}

QString ScenarioEditor::removeFleetLot(const QString& id) {
    if (!m_document)
        return tr("No scenario is open");
    const std::string key = id.toStdString();
    if (!m_document->scenario().fleet.contains(key)) {
        const QString reason = tr("There is no fleet lot “%1”").arg(id);
        showRefusal(reason);
        return reason;
    }
    return apply(tr("Remove fleet lot %1").arg(id),
                 [key](model::Scenario& s) { s.fleet.erase(key); });
}

QString ScenarioEditor::addWorkload(model::WorkloadKindOfDemand kind) {
    if (!m_document)
        return tr("No scenario is open");
    const model::Scenario& s = m_document->scenario();
    if (s.workloads.size() >= model::kMaxWorkloads) {
        const QString reason =
            tr("A scenario holds at most %1 workloads").arg(model::kMaxWorkloads);
        showRefusal(reason);
        return reason;
    }
    const std::string id = model::freshId(s.workloads, model::toString(kind));
    const model::Workload workload = model::newWorkload(kind);
    const QString error =
        apply(tr("Add %1 workload %2").arg(qs(model::toString(kind)), QString::fromStdString(id)),
              [id, workload](model::Scenario& sc) { sc.workloads[id] = workload; });
    if (error.isEmpty() && m_workloadsView) {
        const int row = m_workloads->rowOf(id);
        m_workloadsView->setCurrentIndex(m_workloads->index(row, WorkloadTableModel::IdColumn));
    }
    return error;
}

QString ScenarioEditor::removeWorkload(const QString& id) {
    if (!m_document)
        return tr("No scenario is open");
    const model::Scenario& s = m_document->scenario();
    const std::string key = id.toStdString();
    QString reason;
    if (!s.workloads.contains(key))
        reason = tr("There is no workload “%1”").arg(id);
    else if (s.workloads.size() == 1)
        reason =
            tr("Workload “%1” cannot be removed: a scenario needs at least one workload").arg(id);
    if (!reason.isEmpty()) {
        showRefusal(reason);
        return reason;
    }
    QStringList servedBy;
    for (const auto& [lotId, lot] : s.fleet)
        if (lot.workload == key)
            servedBy << QString::fromStdString(lotId);
    // The engine is the judge (a lot naming no workload does not compile); the message adds
    // what to do about it.
    const QString error = m_document->edit(tr("Remove workload %1").arg(id),
                                           [key](model::Scenario& sc) { sc.workloads.erase(key); });
    if (error.isEmpty())
        return error;
    reason = servedBy.isEmpty()
                 ? tr("Workload “%1” cannot be removed: %2").arg(id, error)
                 : tr("Workload “%1” cannot be removed: fleet lot(s) %2 serve it. Give them "
                      "another workload or remove them first. (%3)")
                       .arg(id, servedBy.join(QStringLiteral(", ")), error);
    showRefusal(reason);
    return reason;
}

} // namespace crossgrade::ui
