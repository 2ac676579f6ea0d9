// The decision page (decision-practice.md §8: answer first) and the scenario comparison.

#include "figures.h"
#include "input_text.h"
#include "month_text.h"
#include "paired_delta.h"
#include "report_html.h"
#include "report_sections.h"
#include "same_cost_options.h"
#include "scenario_inputs.h"
#include "sensitivity_figures.h"

#include <cmath>
#include <map>

namespace crossgrade::reports::sections {

using model::OptionId;
using namespace html;

namespace {

QString organisationOf(const model::Scenario& s) {
    if (!s.organisation.empty())
        return esc(s.organisation);
    if (!s.audit.organisation.empty())
        return esc(s.audit.organisation);
    return QObject::tr("the organisation");
}

// "512 × H100, 128 × A100"
QString fleetText(const model::Scenario& s) {
    std::map<std::string, int> perSku;
    for (const auto& [id, lot] : s.fleet)
        perSku[lot.sku] += lot.count;
    QStringList parts;
    for (const auto& [sku, count] : perSku)
        parts << QStringLiteral("%1 × %2").arg(displayLocale().toString(count), esc(sku));
    return parts.isEmpty() ? QObject::tr("no GPUs yet") : parts.join(QStringLiteral(", "));
}

// Months are counted from 0, as the app, the CLI, the figures and the scenario's own month inputs
// count them (tst_report bug_breakEvenMonthReadOneLaterInThePdfThanInTheApp), and named from the
// scenario's start month when it has one. Break-even is on discounted cost, the basis of NPV;
// the cash month follows where it differs.
QString breakEvenText(const model::OptionOutcome* outcome, const model::OptionDistribution* d,
                      const std::optional<model::YearMonth>& start) {
    QString text;
    if (outcome && outcome->break_even_month) {
        text = QObject::tr("At most-likely values it breaks even in %1 on discounted cost")
                   .arg(monthText(start, *outcome->break_even_month));
        if (outcome->cash_break_even_month != outcome->break_even_month)
            text += outcome->cash_break_even_month
                        ? QObject::tr(" (in cash, %1)")
                              .arg(monthText(start, *outcome->cash_break_even_month))
                        : QObject::tr(" (not in cash within the horizon)");
    } else {
        text = QObject::tr("At most-likely values it does not break even within the horizon");
    }
    if (d) {
        text += QObject::tr("; %1 of samples break even within the horizon")
                    .arg(percent(d->p_break_even));
        if (d->break_even_month)
            text += QObject::tr(" (median %1)")
                        .arg(monthText(start, int(std::lround(d->break_even_month->p50))));
    }
    return text + QLatin1Char('.');
}

QString perMtok(double usd) {
    return usd > 0 ? QStringLiteral("$%1").arg(shortDecimal(usd, 2, 2)) : QStringLiteral("—");
}

// What hindsight says of the decision and what waiting for information would be worth, in
// words and numbers (issue 25).
QString hindsightText(const ScenarioAnalysis& a) {
    const model::Hindsight& h = *a.hindsight;
    QStringList best;
    for (const model::OptionHindsight& o : h.options)
        if (o.p_best > 0)
            best << QObject::tr("%1 %2").arg(optionName(o.id), percent(o.p_best));
    QString text =
        QObject::tr("<b>With hindsight.</b> Re-optimising every option's plan on %1 of the "
                    "samples, as if each sample's values were known before deciding, the "
                    "cheapest option would be: %2 (± up to %3).")
            .arg(h.samples)
            .arg(best.join(QStringLiteral(", ")))
            .arg(percent(std::sqrt(0.25 / double(std::max<std::size_t>(1, h.samples)))));
    if (const std::string ties = model::hindsightTiesSentence(h); !ties.empty())
        text += QLatin1Char(' ') + esc(ties);
    text += QLatin1Char(' ') + esc(model::valueOfInformationSentence(h));
    // "79.0 %" is one figure: a line may not break before its sign.
    text.replace(QStringLiteral(" %"), QStringLiteral("&#160;%"));
    return text;
}

void answer(ReportBody& body, const ScenarioAnalysis& a) {
    const model::Scenario& s = a.scenario;
    const model::Recommendation& r = a.evaluation.recommendation;
    const OptionId lead = a.leadOption();
    const model::OptionDistribution* d = a.distribution(lead);
    const model::OptionOutcome* outcome = a.evaluation.find(lead);

    body.html(paragraph(
        QObject::tr("<b>Question.</b> Should %1 keep its AI fleet on CUDA, or take a portability "
                    "path to AMD, over the next %2 months?")
            .arg(organisationOf(s))
            .arg(s.horizon_months),
        QStringLiteral("answer")));

    QString text = QObject::tr("<b>Answer.</b> The lock-in audit points to <b>%1</b> (rule %2).")
                       .arg(esc(model::title(r.primary_path)), esc(r.decided_by));
    if (lead != a.rule_option)
        text += QObject::tr(" The scenario does not evaluate that path; the figures below are "
                            "for its closest challenger, %1.")
                    .arg(optionName(lead));
    if (outcome && outcome->doors_taken == 0)
        text += a.plan_choice.samples > 0
                    ? QObject::tr(" Its committed plan (the lowest expected cost over %1 "
                                  "plan-choice samples) opens no AMD door within the horizon, so "
                                  "it costs what staying costs.")
                          .arg(a.plan_choice.samples)
                    : QObject::tr(" Its best plan at most-likely values opens no AMD door within "
                                  "the horizon, so it costs what staying costs.");
    if (d)
        text += QObject::tr(" It is <b>%1</b> to cost less than staying on CUDA over %2 months "
                            "(NPV): median saving <b>%3</b> (P10 %4, P90 %5).")
                    .arg(likelihood(d->p_beats_stay_cuda))
                    .arg(s.horizon_months)
                    .arg(money(d->npv_saving_usd.p50), money(d->npv_saving_usd.p10),
                         money(d->npv_saving_usd.p90));
    text += QLatin1Char(' ') + breakEvenText(outcome, d, a.evaluation.start_month);
    const bool onMeans = a.evaluation.decision_samples > 0;
    if (a.evaluation.cheapest == lead)
        text += onMeans ? QObject::tr(" It is also the cheapest option on average (mean NPV).")
                        : QObject::tr(" It is also the cheapest option at most-likely values.");
    else
        text += (onMeans ? QObject::tr(" On average (mean NPV) the cheapest option is <b>%1</b>.")
                         : QObject::tr(" At most-likely values the cheapest option is <b>%1</b>."))
                    .arg(optionName(a.evaluation.cheapest));
    body.html(paragraph(text, QStringLiteral("answer")));
    if (a.hindsight)
        body.html(paragraph(hindsightText(a), QStringLiteral("answer")));

    if (a.challenger != lead)
        if (const model::OptionDistribution* c = a.distribution(a.challenger))
            body.html(paragraph(QObject::tr("The closest challenger to staying, %1, is %2 to "
                                            "cost less: median saving %3.")
                                    .arg(optionName(a.challenger), likelihood(c->p_beats_stay_cuda),
                                         medianWithRange(c->npv_saving_usd))));
    if (!a.evaluation.disagreement.empty())
        body.html(paragraph(esc(a.evaluation.disagreement), QStringLiteral("muted")));
}

void context(ReportBody& body, const ScenarioAnalysis& a) {
    const model::Scenario& s = a.scenario;
    const model::Recommendation& r = a.evaluation.recommendation;
    QStringList high;
    for (model::Dimension dim : model::kAllDimensions)
        if (s.audit.dimension(dim).tier == model::Tier::High)
            high << esc(model::title(dim));
    QStringList workloads;
    for (const auto& [id, w] : s.workloads)
        workloads << esc(w.name.empty() ? id : w.name);
    QString text =
        QObject::tr("<b>Context.</b> %1 runs %2 serving %3 workload(s): %4. The audit rates %5 "
                    "of six lock-in dimensions High%6; the article's effort for that is: %7. "
                    "Prices come from the price book %8 %9.")
            .arg(organisationOf(s), fleetText(s))
            .arg(s.workloads.size())
            .arg(workloads.join(QStringLiteral(", ")))
            .arg(r.high_count)
            .arg(high.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(high.join(", ")))
            .arg(esc(r.effort.label), esc(s.pricebook.name), esc(s.pricebook.version));
    body.html(paragraph(text));
}

void optionsTable(ReportBody& body, const ScenarioAnalysis& a) {
    // One line per option: the NPV's three percentiles in columns of their own, and "—" for a
    // month that does not come within the horizon (the note below says so).
    const model::CompiledScenario& c = a.compiled;
    const bool capped = c.power_cap_mw != model::kNoInput;
    QStringList headers{QObject::tr("Option"),     QObject::tr("NPV P10"),
                        QObject::tr("NPV P50"),    QObject::tr("NPV P90"),
                        QObject::tr("Saving P50"), QObject::tr("P(cheaper)"),
                        QObject::tr("$/GPU-h"),    QObject::tr("$/Mtok"),
                        QObject::tr("On AMD"),     QObject::tr("Break-even")};
    QList<int> right{1, 2, 3, 4, 5, 6, 7, 8, 9};
    const double capMw = capped ? c.inputs.mostLikely()[std::size_t(c.power_cap_mw)] : 0.0;
    if (capped) { // each option's power against the site's cap (issue 24)
        headers << QObject::tr("Peak MW");
        right << 10;
    }
    Table t(headers, right);
    const auto month = [&a](int m) {
        return m < 0 ? QStringLiteral("—") : monthText(a.evaluation.start_month, m);
    };
    for (const model::OptionOutcome& o : a.evaluation.options) {
        const model::OptionDistribution* d = a.distribution(o.id);
        const bool stay = o.id == OptionId::StayCuda;
        const QString none = QStringLiteral("—");
        QStringList cells{QStringLiteral("<b>%1</b>").arg(optionName(o.id)),
                          d ? money(d->npv_usd.p10) : none,
                          d ? money(d->npv_usd.p50) : money(o.run.npv_usd),
                          d ? money(d->npv_usd.p90) : none,
                          stay || !d ? none : money(d->npv_saving_usd.p50),
                          stay || !d ? none : percent(d->p_beats_stay_cuda),
                          QStringLiteral("$%1").arg(shortDecimal(o.usd_per_gpu_hour, 2, 2)),
                          perMtok(o.usd_per_mtok),
                          stay ? none : month(o.run.first_amd_month),
                          stay ? none
                               : breakEvenCellText(a.evaluation.start_month, o.break_even_month,
                                                   o.cash_break_even_month, none)};
        if (capped)
            cells << (shortDecimal(o.run.peak_kw / 1000.0, 2, 2) +
                      (o.run.peak_kw > capMw * 1000.0 + 1e-6 ? QStringLiteral(" ▲") : QString()));
        t.row(cells);
    }
    body.html(t.html());
    if (capped)
        body.html(paragraph(
            QObject::tr("The site gives the owned fleet %1 MW of provisioned power; ▲ marks a "
                        "plan above it, which pays for the extra kW a month; a plan moving to "
                        "AMD that needs more than the cap and more than staying is not taken.")
                .arg(shortDecimal(capMw, 2, 2)),
            QStringLiteral("small muted")));
    QStringList points;
    for (const auto& [id, w] : a.scenario.workloads)
        if (w.kind == model::WorkloadKindOfDemand::Inference && !w.operating_point.empty())
            points << QStringLiteral("%1: %2").arg(esc(w.name.empty() ? id : w.name),
                                                   esc(w.operating_point));
    const std::vector<std::string> same = model::sameCostSentences(a.evaluation);
    if (!same.empty()) {
        QStringList sentences;
        for (const std::string& sentence : same)
            sentences << esc(sentence);
        body.html(paragraph(sentences.join(QLatin1Char(' ')), QStringLiteral("small")));
    }
    body.html(paragraph(
        QObject::tr("NPV and saving over %1 Monte Carlo samples; $/GPU-hour, $/Mtok, the month "
                    "the option first serves on AMD (time to production) and break-even at "
                    "most-likely values on discounted cost, the basis of NPV (the cash month in "
                    "brackets where it differs), \u201c—\u201d where that month is not within "
                    "the horizon.%2")
            .arg(displayLocale().toString(qulonglong(a.monte_carlo.samples)))
            .arg(points.isEmpty() ? QString()
                                  : QObject::tr(" $/Mtok at the stated operating points: %1.")
                                        .arg(points.join(QStringLiteral("; ")))),
        QStringLiteral("small muted")));
}

void drivers(ReportBody& body, const ScenarioAnalysis& a) {
    body.html(heading(3, QObject::tr("What drives the saving")));
    const model::Tornado* t = leadTornado(a);
    if (!t) {
        const QString why =
            a.challenger == a.leadOption()
                ? QObject::tr("No input moves the saving of %1: its plan opens no AMD door at "
                              "most-likely values, so it costs what staying costs at every test "
                              "point.")
                      .arg(optionName(a.challenger))
                : QObject::tr("No input moves the saving of %1 or %2: neither plan opens an AMD "
                              "door at most-likely values, so both cost what staying costs at "
                              "every test point.")
                      .arg(optionName(a.leadOption()), optionName(a.challenger));
        body.html(paragraph(
            why + QObject::tr(" The switching values below say what would change that.")));
        return;
    }
    const std::map<std::string, std::string> labels = inputLabels(a.scenario);
    QStringList top;
    for (std::size_t i = 0; i < t->bars.size() && i < 5; ++i) {
        const auto it = labels.find(t->bars[i].pointer);
        top << QObject::tr("%1 (%2 to %3)")
                   .arg(esc(it == labels.end() ? t->bars[i].pointer : it->second),
                        money(t->bars[i].lowest_usd), money(t->bars[i].highest_usd));
    }
    if (t->one_door_stand_in) {
        QStringList moves;
        for (const model::TakenDoor& d : t->plan)
            moves << QObject::tr("%1 in %2")
                         .arg(esc(QString::fromStdString(d.group)),
                              reports::monthText(a.evaluation.start_month, d.month));
        body.html(paragraph(
            QObject::tr("%1 opens no AMD door at most-likely values. Moving %2, as soon as its "
                        "port allows, would save %3 against staying (a loss when negative). What "
                        "moves that, each input swung P10 to P90: %4.")
                .arg(optionName(t->option), moves.join(QStringLiteral(", ")),
                     money(t->base_saving_usd), top.join(QStringLiteral("; ")))));
        body.figure(tornadoFigure(*t, a, 5), 38);
        return;
    }
    body.html(paragraph(QObject::tr("Top drivers of %1's saving against staying on CUDA, each "
                                    "swung P10 to P90: %2.")
                            .arg(optionName(t->option), top.join(QStringLiteral("; ")))));
    body.figure(tornadoFigure(*t, a, 5), 38);
}

} // namespace

void decisionPage(ReportBody& body, const ScenarioAnalysis& a, const ReportMeta& meta) {
    body.html(heading(1, QObject::tr("Decision: %1").arg(esc(a.scenario.name))));
    body.html(paragraph(QObject::tr("%1 · horizon %2 months · %3 samples, seed %4")
                            .arg(organisationOf(a.scenario))
                            .arg(a.scenario.horizon_months)
                            .arg(displayLocale().toString(qulonglong(meta.samples)))
                            .arg(meta.seed),
                        QStringLiteral("muted")));
    answer(body, a);
    context(body, a);
    optionsTable(body, a);

    cumulativeFigure(body, a, 55);
    drivers(body, a);

    body.html(heading(3, QObject::tr("What would flip the choice")));
    body.html(paragraph(esc(model::switchingSummary(a.switching))));

    risks(body, a);

    if (!a.evaluation.recommendation.advice.empty()) {
        body.html(heading(3, QObject::tr("Next steps")));
        QString list = QStringLiteral("<ul>");
        for (const std::string& line : a.evaluation.recommendation.advice)
            list += QStringLiteral("<li>%1</li>").arg(esc(line));
        body.html(list + QStringLiteral("</ul>\n"));
    }
}

void comparison(ReportBody& body, const std::vector<ScenarioAnalysis>& analyses) {
    if (analyses.size() < 2)
        return;
    // Straight after the decision page's spill-over, not on a page of its own: both are what a
    // reader of the decision reads.
    body.html(heading(2, QObject::tr("Scenario comparison")));
    Table t({QObject::tr("Scenario"), QObject::tr("Rule path"), QObject::tr("Cheapest"),
             QObject::tr("Option"), QObject::tr("Saving vs CUDA, P50 (P10–P90)"),
             QObject::tr("P(cheaper than CUDA)")},
            {5});
    for (const ScenarioAnalysis& a : analyses) {
        const OptionId lead = a.leadOption();
        const model::OptionDistribution* d = a.distribution(lead);
        t.row({esc(a.scenario.name),
               optionName(model::optionOf(a.evaluation.recommendation.primary_path)),
               optionName(a.evaluation.cheapest), optionName(lead),
               d ? medianWithRange(d->npv_saving_usd) : QStringLiteral("—"),
               d ? percent(d->p_beats_stay_cuda) : QStringLiteral("—")});
    }
    body.html(t.html());

    const ScenarioAnalysis& base = analyses.front();
    body.html(paragraph(QObject::tr("Each scenario against the first, %1, sample by sample (one "
                                    "seed, so the draws pair): the difference of NPV, "
                                    "positive where the scenario costs more.")
                            .arg(esc(base.scenario.name))));
    Table deltas({QObject::tr("Scenario"), QObject::tr("Option"),
                  QObject::tr("Δ NPV, P50 (P10–P90)"), QObject::tr("Δ NPV, mean")},
                 {3});
    for (std::size_t i = 1; i < analyses.size(); ++i)
        for (const model::PairedDelta& p :
             model::pairedNpvDelta(base.monte_carlo, analyses[i].monte_carlo))
            deltas.row({esc(analyses[i].scenario.name), optionName(p.id),
                        medianWithRange(p.npv_delta_usd), money(p.npv_delta_usd.mean)});
    if (deltas.empty())
        body.html(paragraph(QObject::tr("No paired differences: the scenarios share no option "
                                        "or their samples do not pair.")));
    else
        body.html(deltas.html());
}

} // namespace crossgrade::reports::sections
