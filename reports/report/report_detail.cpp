// A scenario's detail pages: cost curves with bands, uncertainty per option, sensitivity and
// the risks generated from them.

#include "figures.h"
#include "input_text.h"
#include "month_text.h"
#include "report_html.h"
#include "report_sections.h"
#include "scenario_inputs.h"
#include "sensitivity_figures.h"

#include <cmath>

namespace crossgrade::reports::sections {

using model::OptionId;
using namespace html;

std::map<std::string, std::string> inputLabels(const model::Scenario& scenario) {
    std::map<std::string, std::string> labels;
    for (const model::ScenarioInput& input : model::scenarioInputs(scenario))
        labels[input.pointer] = input.label;
    return labels;
}

const model::Tornado* leadTornado(const ScenarioAnalysis& a) {
    const model::Tornado& lead =
        a.leadOption() == a.rule_option ? a.rule_tornado : a.challenger_tornado;
    if (!lead.bars.empty())
        return &lead;
    if (!a.challenger_tornado.bars.empty())
        return &a.challenger_tornado;
    return nullptr;
}

FigureBuilder tornadoFigure(const model::Tornado& tornado, const ScenarioAnalysis& a,
                            std::size_t maxBars) {
    std::vector<QString> labels;
    const std::map<std::string, std::string> names = inputLabels(a.scenario);
    for (const model::TornadoBar& bar : tornado.bars) {
        const auto it = names.find(bar.pointer);
        labels.push_back(QString::fromStdString(it == names.end() ? bar.pointer : it->second));
    }
    return [&tornado, labels, maxBars](QCustomPlot* plot) {
        reports::FigureStyle style = reports::FigureStyle::print();
        style.titles = false;
        reports::plotTornado(plot, tornado, labels, style, QString(), maxBars);
    };
}

void cumulativeFigure(ReportBody& body, const ScenarioAnalysis& a, double heightMm) {
    body.figure(
        [&a](QCustomPlot* plot) {
            reports::plotCumulative(plot, a.evaluation, nullptr, reports::FigureStyle::print(),
                                    reports::doorNames(a.compiled), &a.monte_carlo);
        },
        heightMm);
    body.html(paragraph(QObject::tr("Cumulative cost per option at most-likely values; shaded: "
                                    "the P10–P90 band of the samples."),
                        QStringLiteral("small muted")));
}

namespace {

void costCurves(ReportBody& body, const ScenarioAnalysis& a, bool withCumulative) {
    body.html(heading(3, QObject::tr("Cost over time")));
    if (withCumulative) {
        cumulativeFigure(body, a, 80);
    }
    const OptionId lead = a.leadOption();
    if (const model::OptionOutcome* o = a.evaluation.find(lead)) {
        const reports::DoorNames doors = reports::doorNames(a.compiled);
        const auto names = doors.find(lead);
        const std::vector<std::string> doorList =
            names == doors.end() ? std::vector<std::string>{} : names->second;
        body.figure(
            [o, doorList, start = a.evaluation.start_month](QCustomPlot* plot) {
                reports::plotComponents(plot, *o, reports::FigureStyle::print(), start, doorList);
            },
            62);
        body.html(paragraph(QObject::tr("Monthly cost of %1 by component at most-likely values; "
                                        "the line is the month's net total.")
                                .arg(optionName(lead)),
                            QStringLiteral("small muted")));
    }
}

void uncertaintyTable(ReportBody& body, const ScenarioAnalysis& a) {
    body.html(heading(3, QObject::tr("Uncertainty per option")));
    Table t({QObject::tr("Option"), QObject::tr("NPV P10"), QObject::tr("NPV P50"),
             QObject::tr("NPV P90"), QObject::tr("NPV mean"), QObject::tr("At most likely"),
             QObject::tr("P(cheaper)"), QObject::tr("Best in hindsight"),
             QObject::tr("Breaks even"), QObject::tr("Owed after horizon")},
            {1, 2, 3, 4, 5, 6, 7, 8, 9});
    for (const model::OptionDistribution& d : a.monte_carlo.options) {
        const model::OptionOutcome* o = a.evaluation.find(d.id);
        const bool stay = d.id == OptionId::StayCuda;
        QString breaks = QStringLiteral("—");
        if (!stay) {
            breaks = percent(d.p_break_even);
            if (d.break_even_month)
                breaks += QObject::tr(", median %1")
                              .arg(reports::monthText(a.evaluation.start_month,
                                                      int(std::lround(d.break_even_month->p50))));
        }
        const model::OptionHindsight* h = a.hindsight ? a.hindsight->find(d.id) : nullptr;
        t.row({optionName(d.id), money(d.npv_usd.p10), money(d.npv_usd.p50), money(d.npv_usd.p90),
               money(d.npv_usd.mean), o ? money(o->run.npv_usd) : QStringLiteral("—"),
               stay ? QStringLiteral("—") : percent(d.p_beats_stay_cuda),
               h ? percent(h->p_best) : QStringLiteral("—"), breaks,
               o ? money(o->run.owed_after_horizon_usd) : QStringLiteral("—")});
    }
    body.html(t.html());
    QString note =
        a.plan_choice.samples > 0
            ? QObject::tr("Each option under its committed plan: the door plan with the lowest "
                          "mean NPV over %1 plan-choice samples of their own seed, replacing the "
                          "plan best at most-likely values only when better by more than two "
                          "standard errors (%2 of %3 options changed plan).")
                  .arg(a.plan_choice.samples)
                  .arg(a.plan_choice.changed())
                  .arg(a.plan_choice.options.size())
            : QObject::tr("Each option keeps the door plan chosen at most-likely values.");
    note += QObject::tr(" NPV mean is the expected cost decisions compare; \"at most likely\" "
                        "is the NPV with every input at its most likely value, which is not the "
                        "expected cost.");
    if (a.hindsight)
        note += QObject::tr(" Best in hindsight: the share of the first %1 samples in which the "
                            "option, its plan re-optimised for that sample, is the cheapest. "
                            "Knowing every input before deciding would be worth %2 ± %3 "
                            "(expected value of perfect information).")
                    .arg(a.hindsight->samples)
                    .arg(money(a.hindsight->evpi_usd), money(a.hindsight->evpi_standard_error));
    for (const model::OptionPlanChoice& c : a.plan_choice.options)
        if (!(c.committed == c.mode_policy))
            note += QStringLiteral(" %1: %2").arg(optionName(c.id), esc(c.reason));
    body.html(paragraph(note, QStringLiteral("small muted")));
}

// Where each workload stands under `o` and what serving it costs per unit there.
QString workloadDoorText(const model::WorkloadDoor& d,
                         const std::optional<model::YearMonth>& start) {
    if (!d.offered)
        return QObject::tr("no door in this option");
    if (d.month < 0)
        return QObject::tr("stays on CUDA");
    const QString when = reports::monthText(start, d.month);
    return d.mode == model::DoorMode::Move ? QObject::tr("moves to AMD, %1").arg(when)
                                           : QObject::tr("grows on AMD from %1").arg(when);
}

QString unitText(double usd, int decimals) {
    return usd > 0 ? QStringLiteral("$%1").arg(shortDecimal(usd, decimals, decimals))
                   : QStringLiteral("—");
}

void workloadTable(ReportBody& body, const ScenarioAnalysis& a) {
    const OptionId lead = a.leadOption();
    const OptionId other = lead == OptionId::StayCuda ? a.challenger : lead;
    const model::OptionOutcome* stay = a.evaluation.find(OptionId::StayCuda);
    const model::OptionOutcome* o = a.evaluation.find(other);
    if (!stay || !o || other == OptionId::StayCuda || a.compiled.workloads.empty())
        return;
    body.html(heading(3, QObject::tr("Per workload")));
    // One unit per workload: $/Mtok for inference, $/GPU-hour for training (every workload of
    // an option shares its $/GPU-hour, so that column would say nothing of inference).
    Table t({QObject::tr("Workload"), QObject::tr("Under %1").arg(optionName(other)),
             QObject::tr("Unit"), QObject::tr("Staying on CUDA"), optionName(other)},
            {3, 4});
    const std::vector<model::WorkloadDoor> doors = model::workloadDoors(a.compiled, *o);
    for (std::size_t w = 0; w < doors.size(); ++w) {
        const auto named = a.scenario.workloads.find(doors[w].workload);
        const QString name = named == a.scenario.workloads.end() || named->second.name.empty()
                                 ? QString::fromStdString(doors[w].workload)
                                 : QString::fromStdString(named->second.name);
        const model::WorkloadUnitCost* s = nullptr;
        const model::WorkloadUnitCost* u = nullptr;
        for (const model::WorkloadUnitCost& c : stay->workloads)
            if (c.workload == doors[w].workload)
                s = &c;
        for (const model::WorkloadUnitCost& c : o->workloads)
            if (c.workload == doors[w].workload)
                u = &c;
        const bool inference =
            a.compiled.workloads[w].kind == model::WorkloadKindOfDemand::Inference;
        const auto value = [inference](const model::WorkloadUnitCost* c) {
            if (!c)
                return QStringLiteral("—");
            return inference ? unitText(c->usd_per_mtok, 3) : unitText(c->usd_per_gpu_hour, 2);
        };
        t.row({esc(name), workloadDoorText(doors[w], a.evaluation.start_month),
               inference ? QObject::tr("$/Mtok") : QObject::tr("$/GPU-h"), value(s), value(u)});
    }
    body.html(t.html());
    body.html(paragraph(
        QObject::tr("At most-likely values. Each workload carries the option's whole cost, with "
                    "the installed fleet's capital at its market value, in proportion to the "
                    "market value of the GPU-hours that served it (each at its GPU's reserved "
                    "rental rate); "
                    "sums over the horizon, not levelised."),
        QStringLiteral("small muted")));
}

QString switchingRowNote(const model::SwitchingValue& v,
                         const std::optional<model::YearMonth>& start) {
    QStringList notes;
    if (!v.applies)
        notes << QObject::tr("nothing for this knob to move");
    else if (v.flips.empty())
        notes << QObject::tr("no flip between %1 and %2")
                     .arg(QString::fromStdString(
                              model::formatKnobValue(v.knob, v.scanned_low, start)),
                          QString::fromStdString(
                              model::formatKnobValue(v.knob, v.scanned_high, start)));
    if (v.non_monotonic)
        notes << QObject::tr("not monotonic");
    return notes.join(QStringLiteral("; "));
}

void switchingTable(ReportBody& body, const ScenarioAnalysis& a) {
    Table t({QObject::tr("Knob"), QObject::tr("Now"), QObject::tr("Cheapest now"),
             QObject::tr("Flips at"), QObject::tr("Then cheapest"),
             QObject::tr("Where in its range"), QObject::tr("Note")},
            {1, 3});
    for (const model::SwitchingValue& v : a.switching) {
        const QString knob = esc(model::knobInfo(v.knob).label);
        const QString now = esc(model::formatKnobValue(v.knob, v.current, a.scenario.start_month));
        const QString note = switchingRowNote(v, a.scenario.start_month);
        if (!v.applies || v.flips.empty()) {
            t.row({knob, v.applies ? now : QStringLiteral("—"),
                   v.applies ? optionName(v.cheapest) : QStringLiteral("—"), QStringLiteral("—"),
                   QStringLiteral("—"), QStringLiteral("—"), esc(note)});
            continue;
        }
        for (const model::Flip& f : v.flips) {
            const std::string where = model::flipPositionWords(f.percentile);
            t.row({knob, now, optionName(v.cheapest),
                   esc(model::formatKnobValue(v.knob, f.value, a.scenario.start_month)),
                   optionName(f.to), where.empty() ? QStringLiteral("—") : esc(where), esc(note)});
        }
    }
    body.html(t.html());
}

void sensitivity(ReportBody& body, const ScenarioAnalysis& a) {
    body.html(heading(3, QObject::tr("Sensitivity")));
    std::vector<const model::Tornado*> tornados{&a.rule_tornado};
    if (a.challenger != a.rule_option)
        tornados.push_back(&a.challenger_tornado);
    for (const model::Tornado* t : tornados) {
        if (t->bars.empty()) {
            body.html(paragraph(
                QObject::tr("Tornado of %1: no bars. %2")
                    .arg(optionName(t->option))
                    .arg(t->option == OptionId::StayCuda
                             ? QObject::tr("Staying is the reference every saving is taken "
                                           "against.")
                             : QObject::tr("Its plan opens no AMD door at most-likely values, "
                                           "so it costs what staying costs at every test "
                                           "point."))));
            continue;
        }
        body.html(paragraph(
            QObject::tr("Tornado of %1's NPV saving against staying on CUDA (%2 inputs swung, "
                        "base %3; widest first, at most 12):")
                .arg(optionName(t->option))
                .arg(t->inputs_swung)
                .arg(money(t->base_saving_usd))));
        const std::size_t shown = std::min<std::size_t>(12, t->bars.size());
        body.figure(tornadoFigure(*t, a, 12), 22 + 6.5 * double(shown));
    }
    body.html(paragraph(QObject::tr("Switching values: where each knob would change the "
                                    "cheapest option, door policies re-optimised at every "
                                    "point.")));
    switchingTable(body, a);
    body.html(paragraph(esc(model::switchingSummary(a.switching)), QStringLiteral("muted")));
}

} // namespace

void risks(ReportBody& body, const ScenarioAnalysis& a) {
    body.html(heading(3, QObject::tr("Risks")));
    if (a.risks.empty()) {
        body.html(paragraph(QObject::tr("None generated: no warning fired, no switching value "
                                        "lies inside its input's P10–P90, no weakly sourced "
                                        "input is among the top drivers, no dimension is rated "
                                        "High and no engineering is owed past the horizon.")));
        return;
    }
    QString list = QStringLiteral("<ol>");
    for (const model::Risk& r : a.risks)
        list += QStringLiteral("<li><b>%1.</b> %2</li>").arg(esc(r.title), esc(r.text));
    body.html(list + QStringLiteral("</ol>\n"));
    body.html(paragraph(QObject::tr("Generated from the analysis: each audit warning that fired, "
                                    "each switching value inside its input's own P10–P90, each "
                                    "C or unsourced input among the top five drivers, each High "
                                    "dimension with its top evidence, and engineering owed past "
                                    "the horizon."),
                        QStringLiteral("small muted")));
}

void scenarioDetail(ReportBody& body, const ScenarioAnalysis& a, const ReportMeta& meta,
                    const QString& title, bool withRisks) {
    body.pageBreak();
    body.html(heading(2, title));
    costCurves(body, a, withRisks);
    uncertaintyTable(body, a);
    workloadTable(body, a);
    sensitivity(body, a);
    if (withRisks)
        risks(body, a);
    audit(body, a);
    hetccl(body, a, meta);
    benchmarkEvidence(body, a);
    assumptionRegister(body, a);
}

} // namespace crossgrade::reports::sections
