#include "compare_view.h"

#include "chart.h"
#include "figures.h"
#include "money.h"
#include "month_text.h"
#include "qt_text.h"
#include "scenario_document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <unordered_map>

namespace crossgrade::ui {

// The figure builders and their look live in reports/.
using reports::MoneyTicker;

namespace {

QColor changedColour(const QPalette& palette) {
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    return dark ? QColor(110, 90, 20) : QColor(255, 241, 190);
}

// Plain "$X" for the first column, "$X (+$Δ, +p%)" for the others.
QString withDifference(double value, double first, bool isFirst, MoneyDisplay money) {
    const QString text = formatMoney(value, money);
    if (isFirst)
        return text;
    const double delta = value - first;
    if (std::abs(delta) < 0.5)
        return text + QObject::tr(" (same)");
    const QString percent = first != 0
                                ? QStringLiteral(", %1%2%")
                                      .arg(delta < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                                      .arg(std::abs(100.0 * delta / first), 0, 'f', 1)
                                : QString();
    return text + QStringLiteral(" (") + formatMoneyDelta(delta, money) + percent +
           QStringLiteral(")");
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Inputs

CompareInputsModel::CompareInputsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void CompareInputsModel::setEntries(const std::vector<const CompareEntry*>& entries) {
    beginResetModel();
    m_all.clear();
    m_labels.clear();
    std::unordered_map<std::string, std::size_t> rowOf;
    for (std::size_t e = 0; e < entries.size(); ++e) {
        m_labels << entries[e]->label;
        for (const data::FlatInput& input : entries[e]->inputs) {
            auto [it, added] = rowOf.try_emplace(input.pointer, m_all.size());
            if (added)
                m_all.push_back({qs(input.pointer), std::vector<QString>(entries.size()), false});
            m_all[it->second].values[e] = qs(input.value);
        }
    }
    m_changed = 0;
    for (Row& row : m_all) {
        for (const QString& v : row.values)
            row.changed = row.changed || v != row.values.front();
        m_changed += row.changed ? 1 : 0;
    }
    rebuild();
    endResetModel();
}

void CompareInputsModel::setHideUnchanged(bool hide) {
    if (hide == m_hideUnchanged)
        return;
    beginResetModel();
    m_hideUnchanged = hide;
    rebuild();
    endResetModel();
}

void CompareInputsModel::rebuild() {
    m_shown.clear();
    for (const Row& row : m_all)
        if (!m_hideUnchanged || row.changed)
            m_shown.push_back(&row);
}

bool CompareInputsModel::isChanged(int row) const {
    return row >= 0 && row < rowCount() && m_shown[std::size_t(row)]->changed;
}

int CompareInputsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_shown.size());
}

int CompareInputsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + static_cast<int>(m_labels.size());
}

QVariant CompareInputsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Row& row = *m_shown[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: {
        // The values are the scenarios' own text (names, notes, sources).
        const QString& v =
            index.column() == 0 ? row.pointer : row.values[std::size_t(index.column() - 1)];
        if (role == Qt::ToolTipRole)
            return plainTip(v);
        return v.isEmpty() ? tr("—") : v;
    }
    case Qt::BackgroundRole:
        if (row.changed)
            return changedColour(QPalette());
        return {};
    case Qt::FontRole:
        if (row.changed) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    default:
        return {};
    }
}

QVariant CompareInputsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? tr("Input") : m_labels.value(section - 1);
}

// ---------------------------------------------------------------------------------------------
// Outputs

CompareOutputsModel::CompareOutputsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void CompareOutputsModel::setEntries(const std::vector<const CompareEntry*>& entries,
                                     MoneyDisplay money, const CompareUncertainty::Result* paired,
                                     bool pairedRunning) {
    // The paired run belongs to these entries only if it ran them all, in this order.
    if (paired && paired->runs.size() != entries.size())
        paired = nullptr;
    beginResetModel();
    m_rows.clear();
    m_labels.clear();
    for (const CompareEntry* e : entries)
        m_labels << e->label;
    if (!entries.empty()) {
        const model::ScenarioEvaluation& first = *entries.front()->evaluation;
        for (const model::OptionOutcome& o : first.options) {
            const QString option = qs(std::string(model::toString(o.id)));
            auto money_row = [&](const QString& what, auto value) {
                Row row{option + QStringLiteral(" · ") + what, {}, false, {}};
                const double base = value(o);
                for (std::size_t i = 0; i < entries.size(); ++i) {
                    const model::OptionOutcome* other = entries[i]->evaluation->find(o.id);
                    if (!other) {
                        row.cells.push_back(tr("not evaluated"));
                        continue;
                    }
                    row.cells.push_back(withDifference(value(*other), base, i == 0, money));
                    row.difference = row.difference || std::abs(value(*other) - base) >= 0.5;
                }
                m_rows.push_back(std::move(row));
            };
            money_row(tr("NPV"), [](const model::OptionOutcome& x) { return x.run.npv_usd; });
            if (entries.size() > 1) {
                // Beside the deterministic difference: the paired one, P50 (P10 to P90) of this
                // scenario's NPV minus the first's, sample by sample under one seed.
                Row row{option + QStringLiteral(" · ") + tr("NPV paired Δ"), {}, false, {}};
                row.tip = tr("P50 (P10 to P90) of this column's NPV minus the first column's, "
                             "sample by sample, every scenario under the first column's seed");
                if (paired)
                    row.tip += tr(" (%1, %L2 samples)").arg(paired->seed).arg(paired->samples);
                row.cells.push_back(paired ? tr("reference") : QString());
                for (std::size_t i = 1; i < entries.size(); ++i) {
                    const model::PairedDelta* delta = nullptr;
                    if (paired)
                        for (const model::PairedDelta& d : paired->deltas[i])
                            if (d.id == o.id)
                                delta = &d;
                    if (delta) {
                        const model::Summary& d = delta->npv_delta_usd;
                        row.cells.push_back(tr("%1 (%2 to %3)")
                                                .arg(formatMoneyDelta(d.p50, money),
                                                     formatMoneyDelta(d.p10, money),
                                                     formatMoneyDelta(d.p90, money)));
                        row.difference =
                            row.difference || std::abs(d.p10) >= 0.5 || std::abs(d.p90) >= 0.5;
                    } else {
                        row.cells.push_back(pairedRunning ? tr("running…")
                                            : paired      ? tr("not evaluated")
                                                          : tr("not run"));
                    }
                }
                m_rows.push_back(std::move(row));
            }
            money_row(tr("total"), [](const model::OptionOutcome& x) { return x.run.total_usd; });
            auto text_row = [&](const QString& what, auto text) {
                Row row{option + QStringLiteral(" · ") + what, {}, false, {}};
                for (std::size_t i = 0; i < entries.size(); ++i) {
                    const model::OptionOutcome* x = entries[i]->evaluation->find(o.id);
                    row.cells.push_back(x ? text(*x, *entries[i]) : tr("not evaluated"));
                    row.difference = row.difference || row.cells.back() != row.cells.front();
                }
                m_rows.push_back(std::move(row));
            };
            // Break-even on discounted cost (the NPV basis), the cash month where it differs.
            text_row(tr("break-even"), [](const model::OptionOutcome& x, const CompareEntry& e) {
                return reports::breakEvenCellText(e.evaluation->start_month, x.break_even_month,
                                                  x.cash_break_even_month, tr("none"));
            });
            // Each door taken, named by its workload group, in the order the option lists them.
            text_row(tr("doors taken"), [](const model::OptionOutcome& x, const CompareEntry& e) {
                QStringList doors;
                if (e.compiled)
                    for (const model::TakenDoor& door : model::takenDoors(*e.compiled, x))
                        doors << tr("%1 %2").arg(
                            qs(door.group),
                            reports::monthText(e.evaluation->start_month, door.month));
                return doors.isEmpty() ? tr("none") : doors.join(QStringLiteral(", "));
            });
            text_row(tr("$/GPU-hour"), [](const model::OptionOutcome& x, const CompareEntry&) {
                return QStringLiteral("$%1").arg(x.usd_per_gpu_hour, 0, 'f', 2);
            });
            // The owned fleet's provisioned power at its most, against the site's cap.
            text_row(tr("peak power"), [](const model::OptionOutcome& x, const CompareEntry& e) {
                const QString mw = tr("%1 MW").arg(x.run.peak_kw / 1000.0, 0, 'f', 2);
                if (!e.compiled || e.compiled->power_cap_mw == model::kNoInput)
                    return mw;
                const double cap =
                    e.compiled->inputs.mostLikely()[std::size_t(e.compiled->power_cap_mw)];
                return tr("%1 (cap %2 MW)").arg(mw).arg(cap, 0, 'f', 2);
            });
        }
        // The basis of every column, so that none is read against another's: committed plans
        // decided on mean NPV, or (until the paired run has committed them) the plans best at
        // the most likely values.
        Row plans{tr("Door plans"), {}, false, {}};
        plans.tip = tr("Committed plans are chosen by expected value over plan-choice samples "
                       "(under the first column's seed), the cheapest option then by mean NPV; "
                       "until then, the plans best at the most likely values");
        Row cheapest{tr("Cheapest option"), {}, false, {}};
        cheapest.tip = tr("By mean NPV over the Monte Carlo's samples under committed plans, or "
                          "by NPV at the most likely values");
        Row rule{tr("Rule path"), {}, false, {}};
        for (const CompareEntry* e : entries) {
            const model::ScenarioEvaluation& x = *e->evaluation;
            const bool committed = x.decision_samples > 0;
            plans.cells.push_back(
                committed ? tr("committed (%L1 samples)").arg(qulonglong(x.plan_choice_samples))
                          : tr("best at most likely values"));
            cheapest.cells.push_back(
                tr("%1 (%2)").arg(qs(std::string(model::toString(x.cheapest))),
                                  committed ? tr("mean NPV") : tr("most likely values")));
            rule.cells.push_back(qs(std::string(model::toString(x.recommendation.primary_path))));
        }
        for (Row* r : {&plans, &cheapest, &rule})
            for (const QString& c : r->cells)
                r->difference = r->difference || c != r->cells.front();
        m_rows.push_back(std::move(plans));
        m_rows.push_back(std::move(cheapest));
        m_rows.push_back(std::move(rule));
    }
    endResetModel();
}

int CompareOutputsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CompareOutputsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + static_cast<int>(m_labels.size());
}

QVariant CompareOutputsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    if (role == Qt::DisplayRole)
        return index.column() == 0 ? row.label : row.cells[std::size_t(index.column() - 1)];
    if (role == Qt::ToolTipRole) // the whole text of a cut-off cell, and what a row means
        return plainTip(
            index.column() == 0
                ? (row.tip.isEmpty() ? row.label : row.label + QStringLiteral(": ") + row.tip)
                : row.cells[std::size_t(index.column() - 1)]);
    if (role == Qt::BackgroundRole && row.difference && index.column() > 1)
        return changedColour(QPalette());
    return {};
}

QVariant CompareOutputsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? tr("Output") : m_labels.value(section - 1);
}

// ---------------------------------------------------------------------------------------------
// The view

CompareView::CompareView(QWidget* parent)
    : QWidget(parent)
    , m_uncertainty(new CompareUncertainty(this)) {
    connect(m_uncertainty, &CompareUncertainty::resultChanged, this,
            &CompareView::takeCommittedPlans);
    connect(m_uncertainty, &CompareUncertainty::runningChanged, this, &CompareView::refreshOutputs);
    auto* layout = new QVBoxLayout(this);
    m_hint = new QLabel(tr("Compare the open scenario with up to three stored scenarios or "
                           "versions: right-click one in the store browser → Add to "
                           "comparison, or add the open scenario's saved version. Differences "
                           "are against the first column."));
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    auto* chipRow = new QHBoxLayout;
    m_chips = new QHBoxLayout;
    chipRow->addLayout(m_chips);
    chipRow->addStretch(1);
    auto* addSaved = new QPushButton(tr("Add the saved version"));
    addSaved->setToolTip(
        tr("Compare the open scenario with the version it was opened or saved as"));
    connect(addSaved, &QPushButton::clicked, this, [this] {
        if (m_document)
            addScenario(m_document->storedVersion()
                            ? tr("Saved v%1").arg(*m_document->storedVersion())
                            : tr("Saved"),
                        m_document->baseline());
    });
    chipRow->addWidget(addSaved);
    layout->addLayout(chipRow);

    auto* split = new QSplitter(Qt::Horizontal);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_outputs = new CompareOutputsModel(this);
    m_outputsTable = new QTableView;
    m_outputsTable->setModel(m_outputs);
    m_outputsTable->verticalHeader()->hide();
    m_outputsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_outputsTable->horizontalHeader()->setMinimumSectionSize(120);
    m_outputsTable->setWordWrap(false);
    leftLayout->addWidget(m_outputsTable, 3);
    auto* optionRow = new QHBoxLayout;
    optionRow->addWidget(new QLabel(tr("Cumulative cost of")));
    m_option = new QComboBox;
    for (model::OptionId id : model::kAllOptions)
        m_option->addItem(qs(std::string(model::toString(id))), static_cast<int>(id));
    connect(m_option, &QComboBox::currentIndexChanged, this, &CompareView::replot);
    connect(m_option, &QComboBox::activated, this, [this] { m_optionChosen = true; });
    optionRow->addWidget(m_option);
    optionRow->addStretch(1);
    leftLayout->addLayout(optionRow);
    m_chart = new QCustomPlot;
    m_chart->setMinimumHeight(260);
    m_chart->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new MoneyTicker));
    m_chart->xAxis->setLabel(tr("Month"));
    m_chart->yAxis->setLabel(tr("Cumulative cost, discounted"));
    m_chart->legend->setVisible(true);
    m_chart->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    leftLayout->addWidget(m_chart, 4);
    split->addWidget(left);

    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto* toggleRow = new QHBoxLayout;
    m_hideUnchanged = new QCheckBox(tr("&Hide unchanged inputs"));
    m_hideUnchanged->setChecked(true);
    m_changedLabel = new QLabel;
    toggleRow->addWidget(m_hideUnchanged);
    toggleRow->addStretch(1);
    toggleRow->addWidget(m_changedLabel);
    rightLayout->addLayout(toggleRow);
    m_inputs = new CompareInputsModel(this);
    m_inputs->setHideUnchanged(true);
    connect(m_hideUnchanged, &QCheckBox::toggled, m_inputs, &CompareInputsModel::setHideUnchanged);
    m_inputsTable = new QTableView;
    m_inputsTable->setModel(m_inputs);
    m_inputsTable->verticalHeader()->hide();
    m_inputsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_inputsTable->horizontalHeader()->setMinimumSectionSize(110);
    m_inputsTable->setWordWrap(false);
    rightLayout->addWidget(m_inputsTable);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    refresh();
}

CompareView::~CompareView() = default;

void CompareView::setCurrent(ScenarioDocument* document) {
    if (m_document)
        disconnect(m_document.data(), nullptr, this, nullptr);
    m_document = document;
    if (!document)
        m_added.clear();
    else
        connect(document, &ScenarioDocument::evaluationChanged, this, [this] {
            refreshCurrent();
            rerunUncertainty();
            refresh();
        });
    refreshCurrent();
    rerunUncertainty();
    refresh();
}

void CompareView::refreshCurrent() {
    if (!m_document) {
        m_current = {};
        return;
    }
    m_current.label = m_document->isModified() ? tr("Open (edited)") : tr("Open");
    m_current.scenario = m_document->scenario();
    m_current.compiled = m_document->compiled();
    m_current.evaluation = m_document->sharedEvaluation();
    m_current.inputs = data::flattenScenario(m_current.scenario);
}

bool CompareView::addScenario(const QString& label, model::Scenario scenario) {
    if (entryCount() >= kMaxEntries)
        return false;
    CompareEntry entry;
    entry.label = label;
    entry.compiled = std::make_shared<const model::CompiledScenario>(model::compile(scenario));
    entry.evaluation = std::make_shared<const model::ScenarioEvaluation>(
        model::evaluateScenario(scenario, *entry.compiled));
    entry.mode = entry.evaluation;
    entry.inputs = data::flattenScenario(scenario);
    entry.scenario = std::move(scenario);
    m_added.push_back(std::move(entry));
    rerunUncertainty();
    refresh();
    return true;
}

void CompareView::removeEntry(int index) {
    if (index < 0 || index >= static_cast<int>(m_added.size()))
        return;
    m_added.erase(m_added.begin() + index);
    rerunUncertainty();
    refresh();
}

int CompareView::entryCount() const {
    return (m_document ? 1 : 0) + static_cast<int>(m_added.size());
}

void CompareView::setMoneyDisplay(MoneyDisplay display) {
    m_money = display;
    refresh();
}

void CompareView::rebuildChips() {
    while (QLayoutItem* item = m_chips->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (int i = 0; i < static_cast<int>(m_added.size()); ++i) {
        auto* chip = new QPushButton(m_added[std::size_t(i)].label + QStringLiteral("  ✕"));
        chip->setFlat(true);
        chip->setToolTip(tr("Remove from the comparison"));
        connect(chip, &QPushButton::clicked, this, [this, i] { removeEntry(i); });
        m_chips->addWidget(chip);
    }
}

void CompareView::refresh() {
    std::vector<const CompareEntry*> entries;
    if (m_document)
        entries.push_back(&m_current);
    for (const CompareEntry& e : m_added)
        entries.push_back(&e);
    m_inputs->setEntries(entries);
    refreshOutputs();
    m_changedLabel->setText(tr("%n input(s) differ", "", m_inputs->changedCount()));
    m_hint->setVisible(entries.size() < 2);
    rebuildChips();
    if (!m_optionChosen && !entries.empty()) {
        // Until the user picks one, the curve shown is the first column's cheapest option.
        const QSignalBlocker quiet(m_option);
        m_option->setCurrentIndex(
            m_option->findData(static_cast<int>(entries.front()->evaluation->cheapest)));
    }
    replot();
}

void CompareView::refreshOutputs() {
    std::vector<const CompareEntry*> entries;
    if (m_document)
        entries.push_back(&m_current);
    for (const CompareEntry& e : m_added)
        entries.push_back(&e);
    const std::shared_ptr<const CompareUncertainty::Result> paired = m_uncertainty->result();
    m_outputs->setEntries(entries, m_money, m_uncertainty->isRunning() ? nullptr : paired.get(),
                          m_uncertainty->isRunning());
}

// Runs again after the entries change, but not while a slider is held: the open scenario then
// changes on every step, and its full run follows on release.
void CompareView::rerunUncertainty() {
    if (m_document && m_document->isInteractive())
        return;
    std::vector<CompareUncertainty::Entry> entries;
    if (m_document)
        entries.push_back(
            {m_current.scenario.seed, std::make_shared<const model::Scenario>(m_current.scenario),
             m_current.compiled, m_current.evaluation, m_document->evaluationCommitted()});
    for (const CompareEntry& e : m_added)
        entries.push_back({e.scenario.seed, std::make_shared<const model::Scenario>(e.scenario),
                           e.compiled, e.mode, false});
    m_uncertainty->run(std::move(entries), m_samples);
}

// The result is of the entries as they are: every change to the added ones runs again, and a
// newer request supersedes an older run unseen.
void CompareView::takeCommittedPlans() {
    const std::shared_ptr<const CompareUncertainty::Result> paired = m_uncertainty->result();
    const std::size_t first = m_document ? 1 : 0;
    if (paired && paired->evaluations.size() == first + m_added.size())
        for (std::size_t i = 0; i < m_added.size(); ++i)
            m_added[i].evaluation = paired->evaluations[first + i];
    refresh();
}

void CompareView::setSamples(std::size_t samples) {
    if (samples == m_samples)
        return;
    m_samples = samples;
    rerunUncertainty();
}

void CompareView::replot() {
    m_chart->clearGraphs();
    const auto id = static_cast<model::OptionId>(m_option->currentData().toInt());
    std::vector<const CompareEntry*> entries;
    if (m_document)
        entries.push_back(&m_current);
    for (const CompareEntry& e : m_added)
        entries.push_back(&e);
    static const QColor colours[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115),
                                     QColor(204, 121, 167)};
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const model::OptionOutcome* o = entries[i]->evaluation->find(id);
        if (!o)
            continue;
        QVector<double> x(o->run.horizon);
        QVector<double> y(o->run.horizon);
        for (int m = 0; m < o->run.horizon; ++m) {
            x[m] = m;
            y[m] = o->run.discounted_cumulative[std::size_t(m)];
        }
        QCPGraph* graph = m_chart->addGraph();
        graph->setName(entries[i]->label);
        graph->setPen(QPen(colours[i % 4], 2.0));
        graph->setData(x, y, true);
    }
    m_chart->rescaleAxes();
    QCPRange y = m_chart->yAxis->range();
    y.lower = std::min(0.0, y.lower);
    y.upper += 0.05 * y.size();
    m_chart->yAxis->setRange(y);
    m_chart->replot();
}

} // namespace crossgrade::ui
