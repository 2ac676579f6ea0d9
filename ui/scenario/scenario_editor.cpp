// The scenario editor's assembly: its sections and pages, the document it follows, the message
// line, the refresh of every widget from the scenario and the edits of the General page and of
// the collections. The pages' widgets are built in scenario_editor_pages.cpp; the fleet and
// workload tables are FleetLotTableModel and WorkloadTableModel.

#include "scenario_editor.h"

#include "correlation_table_model.h"
#include "fleet_lot_table_model.h"
#include "qt_text.h"
#include "scenario_document.h"
#include "scenario_editor_text.h"
#include "theme.h"
#include "uncertain_table_model.h"
#include "workload_binding_panel.h"
#include "workload_table_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace crossgrade::ui {

ScenarioEditor::ScenarioEditor(QWidget* parent)
    : QWidget(parent) {
    const auto refusal = [this](const QString& reason) {
        showRefusal(reason);
    };
    m_fleet = new FleetLotTableModel(refusal, this);
    m_workloads = new WorkloadTableModel(refusal, this);
    m_correlations = new CorrelationTableModel(refusal, this);
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
    addSection(Section::OwnerCosts, tr("Owner costs"), buildOwnerPage());
    addSection(Section::HetCcl, tr("HetCCL"),
               groupPage(model::InputGroup::HetCcl,
                         tr("When cross-vendor collectives become production-ready, Path 3 and "
                            "Path 2+3 may put new training capacity on AMD. The month is a "
                            "what-if, not a fact: by default it lies past the horizon until "
                            "HetCCL's maturity signals pull it in.")));
    addSection(Section::Correlations, tr("Correlations"), buildCorrelationsPage());
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
    m_correlations->setDocument(document);
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
    refreshCorrelationInputs();
    {
        const QSignalBlocker b1(m_name), b2(m_organisation), b3(m_notes), b4(m_horizon), b5(m_seed),
            b6(m_sizing), b7(m_disposition), b8(m_startMonth), b9(m_nvidiaAiEnterprise);
        if (m_name->text() != QString::fromStdString(s.name))
            m_name->setText(QString::fromStdString(s.name));
        if (m_organisation->text() != QString::fromStdString(s.organisation))
            m_organisation->setText(QString::fromStdString(s.organisation));
        if (m_notes->toPlainText() != QString::fromStdString(s.notes))
            m_notes->setPlainText(QString::fromStdString(s.notes));
        m_horizon->setValue(s.horizon_months);
        m_startMonth->setDate(s.start_month ? QDate(s.start_month->year, s.start_month->month, 1)
                                            : kNoStartMonth);
        m_seed->setText(QString::number(s.seed));
        m_nvidiaAiEnterprise->setChecked(s.uses_nvidia_ai_enterprise);
        m_sizing->setCurrentIndex(m_sizing->findData(qs(model::toString(s.sizing))));
        m_disposition->setCurrentIndex(m_disposition->findData(qs(model::toString(s.disposition))));
        for (const auto& [option, box] : m_options) {
            const QSignalBlocker b(box);
            box->setChecked(std::find(s.options.begin(), s.options.end(), option) !=
                            s.options.end());
        }
    }
    refreshProcurement();
    refreshOwner();
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
