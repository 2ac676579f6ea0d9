// FleetLotTableModel (fleet_lot_table_model.h). Its strings stay in the editor's translation
// context (ScenarioEditor::tr).

#include "fleet_lot_table_model.h"

#include "qt_text.h"
#include "scenario_editor.h"
#include "scenario_editor_text.h"
#include "uncertain_table_model.h"

#include <QLocale>
#include <QStringList>

namespace crossgrade::ui {

namespace {} // namespace

int FleetLotTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FleetLotTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
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

Qt::ItemFlags FleetLotTableModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

QVariant FleetLotTableModel::data(const QModelIndex& index, int role) const {
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
            return role == Qt::EditRole ? QVariant(lot.count)
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
    if (role == UncertainTableModel::ChoicesRole) {
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

bool FleetLotTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
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
        return apply(ScenarioEditor::tr("Set workload of fleet lot %1").arg(lotName),
                     [id, workload](model::Scenario& s) { s.fleet.at(id).workload = workload; });
    }
    case ChannelColumn: {
        const auto channel = model::parseChannel(text.toStdString());
        if (!channel)
            return refuse(ScenarioEditor::tr("“%1” is not a channel: expected owned, reserved or "
                                             "on-demand")
                              .arg(text));
        return apply(ScenarioEditor::tr("Set channel of fleet lot %1").arg(lotName),
                     [id, c = *channel](model::Scenario& s) { s.fleet.at(id).channel = c; });
    }
    }
    return false;
}

std::vector<std::string> FleetLotTableModel::currentIds() const {
    std::vector<std::string> ids;
    if (m_document)
        for (const auto& [id, lot] : m_document->scenario().fleet)
            ids.push_back(id);
    return ids;
}

} // namespace crossgrade::ui
