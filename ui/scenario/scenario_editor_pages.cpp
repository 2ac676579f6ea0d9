// The scenario editor's pages (ScenarioEditor::build*Page, groupPage, inputsPanel): the widgets
// of each section and the connections that turn their changes into edits. The assembly, the
// refresh from the document and the edits themselves are in scenario_editor.cpp.

#include "choice_delegate.h"
#include "fleet_lot_table_model.h"
#include "month_edit.h"
#include "qt_text.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "scenario_editor_text.h"
#include "uncertain_table_model.h"
#include "workload_binding_panel.h"
#include "workload_table_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

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

QLabel* explanationLabel(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    return label;
}

} // namespace

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
    numbers->addWidget(new QLabel(tr("Starting"), page));
    m_startMonth = new MonthEdit(page);
    m_startMonth->setObjectName(QStringLiteral("startMonth"));
    // The month before the first a file may name stands for "not set" (files written before
    // scenarios had a start month).
    m_startMonth->setDateRange(kNoStartMonth, QDate(2099, 12, 1));
    m_startMonth->setSpecialValueText(tr("not set"));
    m_startMonth->setKeyboardTracking(false);
    m_startMonth->setToolTip(inputTip(
        tr("The calendar month of month 0: charts, tables, the PDF and exports name months "
           "from it (\u201cApr 2027\u201d). Not set, months are counted from 0."),
        tr("a month, Jan 2000 – Dec 2099"), tr("the current month for a new scenario")));
    connect(m_startMonth, &QDateEdit::dateChanged, this, [this](QDate date) {
        if (m_refreshing)
            return;
        std::optional<model::YearMonth> start;
        if (date > kNoStartMonth)
            start = model::YearMonth{date.year(), date.month()};
        apply(start ? tr("Set start month to %1").arg(qs(model::monthLabel(start, 0)))
                    : tr("Clear start month"),
              [start](model::Scenario& s) { s.start_month = start; });
    });
    numbers->addWidget(m_startMonth);
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

    m_nvidiaAiEnterprise =
        new QCheckBox(tr("Uses NVIDIA AI Enterprise (NIM, enterprise support)"), page);
    m_nvidiaAiEnterprise->setObjectName(QStringLiteral("nvidiaAiEnterprise"));
    m_nvidiaAiEnterprise->setToolTip(inputTip(
        tr("Every GPU of a SKU with a software licence in the price book (NVIDIA's: $4,500 per "
           "GPU-year list) pays it, owned or rented, in every option: staying on CUDA pays it "
           "on the whole fleet, a move to AMD only on what stays on NVIDIA."),
        tr("yes or no"), tr("no, unless the scenario says so")));
    connect(m_nvidiaAiEnterprise, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_refreshing)
            apply(on ? tr("Use NVIDIA AI Enterprise") : tr("Stop using NVIDIA AI Enterprise"),
                  [on](model::Scenario& s) { s.uses_nvidia_ai_enterprise = on; });
    });
    form->addRow(tr("Software"), m_nvidiaAiEnterprise);

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
        // Titled as everywhere a reader sees options (model::optionShortTitle); the id, which
        // the scenario file and the CLI use, names the box.
        auto* box = new QCheckBox(qs(model::optionShortTitle(o)), page);
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
                                    metrics.horizontalAdvance(QString(20, QLatin1Char('n'))));
    m_workloadsView->setColumnWidth(WorkloadTableModel::KindColumn,
                                    metrics.horizontalAdvance(QStringLiteral("inference")) + 40);
    m_workloadsView->setColumnWidth(
        WorkloadTableModel::ClassColumn,
        metrics.horizontalAdvance(QStringLiteral("custom-kernel-training")) + 40);
    m_workloadsView->setColumnWidth(WorkloadTableModel::TensorRtColumn,
                                    metrics.horizontalAdvance(QStringLiteral("TensorRT")) + 20);
    m_workloadsView->setColumnWidth(WorkloadTableModel::MultiNodeColumn,
                                    metrics.horizontalAdvance(QStringLiteral("Multi-node")) + 20);
    m_workloadsView->setColumnWidth(WorkloadTableModel::DoorGroupColumn,
                                    metrics.horizontalAdvance(QStringLiteral("Door group")) + 20);
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

} // namespace crossgrade::ui
