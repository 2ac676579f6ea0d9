// WorkloadTableModel (workload_table_model.h). Its strings stay in the editor's translation
// context (ScenarioEditor::tr).

#include "workload_table_model.h"

#include "capacity_defaults.h"
#include "compiled_scenario.h"
#include "qt_text.h"
#include "scenario_editor.h"
#include "scenario_editor_text.h"
#include "uncertain_table_model.h"

#include <QStringList>

namespace crossgrade::ui {

namespace {} // namespace

int WorkloadTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WorkloadTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
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
        if (section == DoorGroupColumn)
            return ScenarioEditor::tr("Workloads with the same door group move to AMD "
                                      "together; empty: a door of its own");
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
    case DoorGroupColumn:
        return ScenarioEditor::tr("Door group");
    case OperatingPointColumn:
        return ScenarioEditor::tr("Operating point");
    case InputTokensColumn:
        return ScenarioEditor::tr("Input tokens");
    case OutputTokensColumn:
        return ScenarioEditor::tr("Output tokens");
    }
    return {};
}

Qt::ItemFlags WorkloadTableModel::flags(const QModelIndex& index) const {
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
    case InputTokensColumn:
    case OutputTokensColumn:
        return inference ? f | Qt::ItemIsEditable : f;
    default:
        return f | Qt::ItemIsEditable;
    }
}

QVariant WorkloadTableModel::data(const QModelIndex& index, int role) const {
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
        case DoorGroupColumn:
            return QString::fromStdString(w->door_group);
        case OperatingPointColumn:
            return inference ? QString::fromStdString(w->operating_point) : notApplicable;
        case InputTokensColumn:
        case OutputTokensColumn: {
            const int tokens = column == InputTokensColumn ? w->input_tokens : w->output_tokens;
            if (!inference)
                return notApplicable;
            return tokens > 0 ? QVariant(tokens) : QVariant(model::kDefaultInputTokens);
        }
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
            return inputTip(
                ScenarioEditor::tr("Served by TensorRT(-LLM): moving it adds the "
                                   "TensorRT re-engineering task and loses the "
                                   "TensorRT gain (DESIGN.md, steps 3–4)."),
                ScenarioEditor::tr("yes or no"),
                ScenarioEditor::tr("%1, and the audit's libraries dimension").arg(fromTemplate()));
        case MultiNodeColumn:
            return inputTip(ScenarioEditor::tr("Training across nodes (NCCL inter-node): "
                                               "adds the RCCL port (DESIGN.md, step 5)."),
                            ScenarioEditor::tr("yes or no"),
                            ScenarioEditor::tr("%1, and the audit's distributed dimension")
                                .arg(fromTemplate()));
        case DoorGroupColumn:
            return inputTip(
                ScenarioEditor::tr("Each workload has its own door per option — the month it "
                                   "moves to AMD, or never — unless it names a door group: "
                                   "the workloads of one group move together, in the same "
                                   "month. All of a group are inference or all training; at "
                                   "most %1 groups per scenario (docs/model.md, \u201cDoors "
                                   "per workload\u201d).")
                    .arg(model::kMaxDoorGroups),
                ScenarioEditor::tr("an id without \u201c/\u201d or \u201c~\u201d, or empty"),
                ScenarioEditor::tr("empty: a door of its own"));
        case OperatingPointColumn:
            return inputTip(QString::fromStdString(w->operating_point).isEmpty()
                                ? ScenarioEditor::tr("Where throughput is measured: input "
                                                     "and output lengths and the latency "
                                                     "target.")
                                : QString::fromStdString(w->operating_point),
                            ScenarioEditor::tr("text"), fromTemplate());
        }
    }
    if (role == Qt::ToolTipRole && (column == InputTokensColumn || column == OutputTokensColumn))
        return inputTip(
            ScenarioEditor::tr("Tokens per request at the operating point: with the "
                               "weights, KV cache per token and interactivity "
                               "target they decide each GPU's throughput (engine "
                               "3; docs/model.md, \u201cInference capacity\u201d)."),
            ScenarioEditor::tr("a whole number from 1 to %1").arg(model::kMaxRequestTokens),
            ScenarioEditor::tr("1,024 when the file has none"));
    if (role == Qt::TextAlignmentRole && (column == TensorRtColumn || column == MultiNodeColumn))
        return QVariant::fromValue(Qt::AlignCenter);
    if (role == UncertainTableModel::ChoicesRole) {
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

bool WorkloadTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
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
                         (tensorrt ? s.workloads.at(id).tensorrt : s.workloads.at(id).multi_node) =
                             on;
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
                         (isName ? s.workloads.at(id).name : s.workloads.at(id).operating_point) =
                             v;
                     });
    }
    case DoorGroupColumn: {
        const std::string group = text.toStdString();
        if (group == workload(index.row())->door_group)
            return true;
        if (!group.empty())
            if (const auto problem = model::checkCollectionId(group))
                return refuse(ScenarioEditor::tr("Door group “%1” not set: %2")
                                  .arg(text, QString::fromStdString(*problem)));
        return apply(
            group.empty()
                ? ScenarioEditor::tr("Give workload %1 a door of its own").arg(name)
                : ScenarioEditor::tr("Move workload %1 with door group %2").arg(name, text),
            [id, group](model::Scenario& s) { s.workloads.at(id).door_group = group; });
    }
    case InputTokensColumn:
    case OutputTokensColumn: {
        bool ok = false;
        const int tokens = text.toInt(&ok);
        if (!ok || tokens < 1 || tokens > model::kMaxRequestTokens)
            return refuse(ScenarioEditor::tr("“%1” is not a token count: expected a whole "
                                             "number from 1 to %2")
                              .arg(text)
                              .arg(model::kMaxRequestTokens));
        const bool input = column == InputTokensColumn;
        return apply((input ? ScenarioEditor::tr("Set input tokens of workload %1")
                            : ScenarioEditor::tr("Set output tokens of workload %1"))
                         .arg(name),
                     [id, tokens, input](model::Scenario& s) {
                         (input ? s.workloads.at(id).input_tokens
                                : s.workloads.at(id).output_tokens) = tokens;
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
        return apply(
            ScenarioEditor::tr("Make workload %1 %2").arg(name, text),
            [id, k = *kind](model::Scenario& s) { model::setWorkloadKind(s.workloads.at(id), k); });
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
        return apply(ScenarioEditor::tr("Set class of workload %1").arg(name),
                     [id, c = *cls](model::Scenario& s) { s.workloads.at(id).workload_class = c; });
    }
    }
    return false;
}

std::vector<std::string> WorkloadTableModel::currentIds() const {
    std::vector<std::string> ids;
    if (m_document)
        for (const auto& [id, w] : m_document->scenario().workloads)
            ids.push_back(id);
    return ids;
}

const model::Workload* WorkloadTableModel::workload(int row) const {
    if (!m_document || row < 0 || row >= rowCount())
        return nullptr;
    const auto& all = m_document->scenario().workloads;
    const auto it = all.find(m_ids[std::size_t(row)]);
    return it == all.end() ? nullptr : &it->second;
}

} // namespace crossgrade::ui
