#include "sensitivity_view.h"

#include "chart.h"
#include "compiled_scenario.h"
#include "month_text.h"
#include "qt_text.h"
#include "scenario_inputs.h"
#include "sensitivity_figures.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <cmath>
#include <map>

namespace crossgrade::ui {

// The figure builders and their look live in reports/.
using reports::FigureStyle;
using reports::optionLabel;
using reports::plotBreakEvenMap;
using reports::plotTornado;

using model::WhatIfKnob;

namespace {

constexpr int kMapPoints = 9; // the app's map: 81 evaluations, a few seconds on two cores

QString optionName(model::OptionId id) {
    return id == model::OptionId::StayCuda ? QObject::tr("Stay on CUDA") : optionLabel(id);
}

QString flipText(WhatIfKnob knob, const model::Flip* f,
                 const std::optional<model::YearMonth>& start) {
    if (f == nullptr)
        return QObject::tr("none in span");
    QString s = QStringLiteral("%1 → %2").arg(qs(model::formatKnobValue(knob, f->value, start)),
                                              optionName(f->to));
    const QString where = QString::fromStdString(model::flipPositionWords(f->percentile));
    return where.isEmpty() ? s : s + QStringLiteral(" (%1)").arg(where);
}

// The map's default knobs: the AMD discount against the AMD performance of the scenario's
// larger kind of work (inference when it serves, else training).
std::pair<WhatIfKnob, WhatIfKnob> defaultMapKnobs(const model::Scenario& s) {
    bool serves = false;
    for (const auto& [id, w] : s.workloads)
        serves = serves || w.kind == model::WorkloadKindOfDemand::Inference;
    for (WhatIfKnob y :
         {serves ? WhatIfKnob::AmdInferencePerformance : WhatIfKnob::AmdTrainingPerformance,
          WhatIfKnob::AmdTrainingPerformance, WhatIfKnob::TransitionPenalty})
        if (model::knobApplies(s, y))
            return {WhatIfKnob::AmdDiscount, y};
    return {WhatIfKnob::AmdDiscount, WhatIfKnob::Horizon};
}

std::vector<std::string> labelsOf(const model::Tornado& t,
                                  const std::map<std::string, std::string>& labels) {
    std::vector<std::string> out;
    for (const model::TornadoBar& bar : t.bars) {
        const auto it = labels.find(bar.pointer);
        out.push_back(it == labels.end() ? bar.pointer : it->second);
    }
    return out;
}

} // namespace

struct SensitivityView::Job {
    model::Scenario scenario;
    std::vector<WhatIfKnob> knobs;
    bool mapOnly = false;
    WhatIfKnob x = WhatIfKnob::AmdDiscount;
    WhatIfKnob y = WhatIfKnob::TransitionPenalty;
    std::shared_ptr<const SensitivityResults> previous; // the rest, when only the map is new
    // The document's compile of `scenario`, and its full evaluation when the one on show is
    // one (else null: evaluated here, so the tornado holds re-optimised door policies).
    std::shared_ptr<const model::CompiledScenario> compiled;
    std::shared_ptr<const model::ScenarioEvaluation> evaluation;
    std::size_t expected = 1;
};

namespace {

// Runs on a worker thread: everything it reads is the job's own copy, or shared and never
// changed.
template <typename Job>
std::shared_ptr<SensitivityResults> compute(const Job& job, JobControl& progress) {
    auto results = std::make_shared<SensitivityResults>();
    model::SensitivityControl control;
    control.threads = std::max(1, QThread::idealThreadCount());
    control.cancel = progress.cancelFlag();
    control.done = progress.doneCounter();
    try {
        const model::CompiledScenario& compiled = *job.compiled;
        const model::ScenarioEvaluation e =
            job.evaluation ? *job.evaluation : model::evaluateScenario(job.scenario, compiled);
        const model::OptionId rule = model::optionOf(e.recommendation.primary_path);
        if (job.mapOnly && job.previous) {
            *results = *job.previous;
        } else {
            results->rule_path = model::computeTornado(compiled, e, rule, control);
            results->cheapest =
                model::computeTornado(compiled, e, model::cheapestChallenger(e), control);
            std::map<std::string, std::string> labels;
            for (const model::ScenarioInput& input : model::scenarioInputs(job.scenario))
                labels[input.pointer] = input.label;
            results->rule_path_labels = labelsOf(results->rule_path, labels);
            results->cheapest_labels = labelsOf(results->cheapest, labels);
            results->switching =
                model::switchingValues(job.scenario, job.knobs, model::kDefaultScanPoints, control);
            results->summary = model::switchingSummary(results->switching);
        }
        results->map.reset();
        if (job.x != job.y && model::knobApplies(job.scenario, job.x) &&
            model::knobApplies(job.scenario, job.y))
            results->map =
                model::breakEvenMap(job.scenario, job.x, job.y, rule, kMapPoints, control);
    } catch (const std::exception&) {
        // Cancelled (std::runtime_error "cancelled"), or a scenario the engine refuses — which
        // a document never holds (ScenarioDocument::edit refuses such edits).
        return nullptr;
    }
    return results;
}

} // namespace

SensitivityView::SensitivityView(QWidget* parent)
    : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);

    auto* bar = new QHBoxLayout;
    m_status = new QLabel;
    m_progress = new QProgressBar;
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, &SensitivityView::cancel);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    layout->addLayout(bar);

    m_summary = new QLabel;
    m_summary->setTextFormat(Qt::PlainText); // it names the scenario's inputs
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("switchingSummary"));
    layout->addWidget(m_summary);

    auto* split = new QSplitter(Qt::Vertical);
    auto* charts = new QSplitter(Qt::Horizontal);

    auto* tornadoPane = new QWidget;
    auto* tornadoLayout = new QVBoxLayout(tornadoPane);
    tornadoLayout->setContentsMargins(0, 0, 0, 0);
    auto* tornadoBar = new QHBoxLayout;
    tornadoBar->addWidget(new QLabel(tr("Tornado of:")));
    m_whichTornado = new QComboBox;
    m_whichTornado->addItems({tr("the rule path"), tr("the cheapest option")});
    connect(m_whichTornado, &QComboBox::currentIndexChanged, this, [this] { redrawTornado(); });
    tornadoBar->addWidget(m_whichTornado);
    tornadoBar->addStretch(1);
    tornadoLayout->addLayout(tornadoBar);
    m_tornadoNote = new QLabel;
    m_tornadoNote->setWordWrap(true);
    m_tornadoNote->setVisible(false);
    tornadoLayout->addWidget(m_tornadoNote);
    m_tornado = new QCustomPlot;
    m_tornado->setMinimumSize(360, 260);
    tornadoLayout->addWidget(m_tornado, 1);
    charts->addWidget(tornadoPane);

    auto* mapPane = new QWidget;
    auto* mapLayout = new QVBoxLayout(mapPane);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    auto* mapBar = new QHBoxLayout;
    mapBar->addWidget(new QLabel(tr("Map:")));
    m_mapX = new QComboBox;
    m_mapY = new QComboBox;
    m_mapX->setToolTip(tr("The knob across the map"));
    m_mapY->setToolTip(tr("The knob up the map"));
    mapBar->addWidget(m_mapX);
    mapBar->addWidget(new QLabel(QStringLiteral("×")));
    mapBar->addWidget(m_mapY);
    mapBar->addStretch(1);
    mapLayout->addLayout(mapBar);
    for (QComboBox* box : {m_mapX, m_mapY})
        connect(box, &QComboBox::activated, this, [this] {
            if (m_mapX->currentData() != m_mapY->currentData())
                start(true);
        });
    m_map = new QCustomPlot;
    m_map->setMinimumSize(360, 260);
    mapLayout->addWidget(m_map, 1);
    charts->addWidget(mapPane);
    split->addWidget(charts);

    m_table = new QTableWidget(0, 6);
    m_table->setHorizontalHeaderLabels({tr("Knob"), tr("Now"), tr("Cheapest now"),
                                        tr("Nearest flip below"), tr("Nearest flip above"),
                                        tr("Response")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);
    m_table->setWordWrap(true);
    m_table->setToolTip(tr("Switching values: the value of each knob at which the cheapest option "
                           "changes, every door policy re-optimised; the percentile says where "
                           "that value lies in the knob's own range (distance to flip)."));
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    m_job.onProgress([this](std::size_t done, std::size_t total) { showProgress(done, total); });
    m_job.onRunningChanged([this](bool running) { emit computingChanged(running); });
    m_status->setText(tr("Open a scenario to see what drives its costs."));
    redrawTornado();
}

// m_job's destructor cancels a running computation and waits for it.
SensitivityView::~SensitivityView() = default;

void SensitivityView::setDocument(ScenarioDocument* document) {
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    cancel();
    m_document = document;
    m_results.reset();
    m_stale = true;
    if (m_document) {
        connect(m_document, &ScenarioDocument::evaluationChanged, this,
                &SensitivityView::onEvaluationChanged);
        fillKnobChoosers();
    }
    showResults();
    if (m_document && isVisible())
        start(false);
}

void SensitivityView::fillKnobChoosers() {
    const auto [x, y] = defaultMapKnobs(m_document->scenario());
    for (QComboBox* box : {m_mapX, m_mapY}) {
        box->clear();
        for (WhatIfKnob k : model::kAllWhatIfKnobs)
            if (model::knobApplies(m_document->scenario(), k))
                box->addItem(qs(model::knobInfo(k).label), int(k));
    }
    m_mapX->setCurrentIndex(m_mapX->findData(int(x)));
    m_mapY->setCurrentIndex(m_mapY->findData(int(y)));
}

WhatIfKnob SensitivityView::mapKnobX() const {
    return WhatIfKnob(m_mapX->currentData().toInt());
}

WhatIfKnob SensitivityView::mapKnobY() const {
    return WhatIfKnob(m_mapY->currentData().toInt());
}

void SensitivityView::setMapKnobs(WhatIfKnob x, WhatIfKnob y) {
    m_mapX->setCurrentIndex(m_mapX->findData(int(x)));
    m_mapY->setCurrentIndex(m_mapY->findData(int(y)));
    if (x != y)
        start(true);
}

void SensitivityView::setSwitchingKnobs(std::vector<WhatIfKnob> knobs) {
    m_knobs = std::move(knobs);
}

void SensitivityView::showCheapestTornado(bool cheapest) {
    m_whichTornado->setCurrentIndex(cheapest ? 1 : 0);
}

void SensitivityView::onEvaluationChanged() {
    // A drag shows held-policy previews; the sensitivity waits for the full evaluation.
    if (!m_document || m_document->isInteractive() || m_document->evaluationHeldPolicies())
        return;
    m_stale = true;
    if (isVisible())
        start(false);
    else
        showResults(); // marks what is shown as out of date
}

void SensitivityView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_document && m_stale && !isComputing())
        start(false);
}

void SensitivityView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        redrawTornado();
        redrawMap();
    }
}

void SensitivityView::computeNow() {
    if (m_document)
        start(false);
}

bool SensitivityView::isComputing() const {
    return m_job.isBusy();
}

// Also a run that has finished but whose result the event loop has not applied yet.
void SensitivityView::waitForResults() {
    m_job.waitForIdle();
}

void SensitivityView::cancel() {
    m_job.cancel();
}

// One computation at a time: a request while one runs supersedes it and follows it.
void SensitivityView::start(bool mapOnly) {
    if (!m_document)
        return;
    auto job = std::make_shared<Job>();
    job->scenario = m_document->scenario();
    job->compiled = m_document->compiled();
    if (!m_document->evaluationHeldPolicies())
        job->evaluation = m_document->sharedEvaluation();
    job->knobs = m_knobs;
    // Only the map is new when the rest on show is of this scenario: not when it is out of
    // date, nor while a full computation asked for has not been delivered (a map-only request
    // superseding it would otherwise show the earlier scenario's tornado as current).
    job->mapOnly = mapOnly && m_results != nullptr && !m_stale && !m_fullPending;
    m_fullPending = !job->mapOnly;
    job->previous = m_results;
    job->x = mapKnobX();
    job->y = mapKnobY();
    std::size_t inputs = 0; // the uncertain ones, each swung by the tornados
    for (const model::ScenarioInput& input : model::scenarioInputs(job->scenario))
        if (const model::UncertainNumber* n = model::findInput(job->scenario, input.pointer))
            inputs += n->isCertain() ? 0 : 1;
    // The evaluations the run will count, roughly: tornados, switching scans, map cells.
    job->expected =
        (job->mapOnly ? 0
                      : 2 * (1 + 4 * inputs) + model::defaultSwitchingKnobs().size() *
                                                   std::size_t(model::kDefaultScanPoints + 8)) +
        std::size_t(kMapPoints * kMapPoints);
    m_stale = false;
    m_job.start([job](JobControl& control) { return compute(*job, control); },
                {WhileBusy::Supersede, job->expected});
    m_progress->show();
    m_cancel->show();
    m_status->setText(job->mapOnly ? tr("Drawing the break-even map…")
                                   : tr("Computing the tornado, switching values and map…"));
}

void SensitivityView::showProgress(std::size_t done, std::size_t total) {
    m_progress->setRange(0, int(total));
    m_progress->setValue(int(std::min(done, total)));
}

void SensitivityView::takeResult(JobEnd<std::shared_ptr<SensitivityResults>> end) {
    m_fullPending = false;
    m_progress->hide();
    m_cancel->hide();
    if (end.result && !end.cancelled) {
        m_results = std::move(end.result);
    } else {
        m_stale = true;
    }
    showResults();
    if (end.cancelled)
        m_status->setText(tr("Cancelled. Switch views or edit the scenario to compute again."));
    emit resultsChanged();
}

void SensitivityView::showResults() {
    if (!m_document) {
        m_status->setText(tr("Open a scenario to see what drives its costs."));
        m_summary->clear();
    } else if (!m_results) {
        m_status->setText(tr("Not computed yet."));
        m_summary->clear();
    } else {
        m_status->setText(m_stale ? tr("Out of date: the scenario changed since. Computing again "
                                       "when this view is shown.")
                                  : tr("Door policies held in the tornado; re-optimised for the "
                                       "switching values and the map."));
        m_summary->setText(QString::fromStdString(m_results->summary));
    }
    redrawTornado();
    redrawMap();
    fillTable();
}

void SensitivityView::redrawTornado() {
    const FigureStyle style = FigureStyle::fromPalette(palette(), font());
    if (!m_results) {
        plotTornado(m_tornado, model::Tornado{}, {}, style, tr("No results yet"));
        m_tornado->replot();
        return;
    }
    const bool cheapest = m_whichTornado->currentIndex() == 1;
    const model::Tornado& t = cheapest ? m_results->cheapest : m_results->rule_path;
    const std::vector<std::string>& names =
        cheapest ? m_results->cheapest_labels : m_results->rule_path_labels;
    std::vector<QString> labels;
    for (const std::string& n : names)
        labels.push_back(QString::fromStdString(n));
    const QString empty =
        t.option == model::OptionId::StayCuda
            ? tr("Stay on CUDA against itself: nothing to swing")
            : (t.doors_taken == 0
                   ? tr("%1 takes no door to AMD at these values,\nand none can open inside the "
                        "horizon.")
                         .arg(optionLabel(t.option))
                   : tr("No input moves the saving by more than $1"));
    m_tornadoNote->setVisible(t.one_door_stand_in);
    if (t.one_door_stand_in)
        m_tornadoNote->setText(
            standInNote(t, m_document ? m_document->scenario().start_month : std::nullopt));
    plotTornado(m_tornado, t, labels, style, empty);
    m_tornado->replot();
}

// "Path 1 takes no door at these values. The bars swing what moving ranking-llm in Jul 2027,
// as soon as it can, would save against staying (−$7.4M at the medians)."
QString SensitivityView::standInNote(const model::Tornado& t,
                                     const std::optional<model::YearMonth>& start) {
    QStringList moves;
    for (const model::TakenDoor& d : t.plan)
        moves << tr("%1 in %2")
                     .arg(QString::fromStdString(d.group), reports::monthText(start, d.month));
    return tr("%1 takes no door to AMD at these values, so it costs what staying costs. The bars "
              "swing what moving %2, as soon as it can, would save against staying (%3 at the "
              "medians): what would have to change for a move to pay.")
        .arg(optionLabel(t.option), moves.join(tr(", ")),
             QString::fromStdString(model::formatUsd(t.base_saving_usd)));
}

void SensitivityView::redrawMap() {
    const FigureStyle style = FigureStyle::fromPalette(palette(), font());
    if (!m_results || !m_results->map) {
        m_map->clearPlottables();
        m_map->clearItems();
        m_map->replot();
        return;
    }
    plotBreakEvenMap(m_map, *m_results->map, style);
    m_map->replot();
}

void SensitivityView::fillTable() {
    m_table->setRowCount(0);
    if (!m_results)
        return;
    const std::optional<model::YearMonth> start =
        m_document ? m_document->scenario().start_month : std::nullopt;
    for (const model::SwitchingValue& v : m_results->switching) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const auto set = [&](int column, const QString& s) {
            m_table->setItem(row, column, new QTableWidgetItem(s));
        };
        set(0, qs(model::knobInfo(v.knob).label));
        if (!v.applies) {
            set(1, tr("does not apply"));
            continue;
        }
        set(1, qs(model::formatKnobValue(v.knob, v.current, start)));
        set(2, optionName(v.cheapest));
        set(3, flipText(v.knob, v.nearestBelow(), start));
        set(4, flipText(v.knob, v.nearestAbove(), start));
        set(5, v.non_monotonic ? tr("not monotonic") : tr("monotonic"));
    }
}

QString SensitivityView::summary() const {
    return m_summary->text();
}

QString SensitivityView::status() const {
    return m_status->text();
}

} // namespace crossgrade::ui
