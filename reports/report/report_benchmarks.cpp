// The report's benchmark evidence (issue 7 point 6): for each inference workload, what it is
// bound to and the rows behind every measured ratio, energy per token and reference
// throughput, and what stays the default — or that the workload is not bound at all.

#include "input_text.h"
#include "report_html.h"
#include "report_sections.h"

namespace crossgrade::reports::sections {

using namespace html;

namespace {

QString spreadText(const model::UncertainNumber& n, model::InputUnit unit) {
    if (n.isCertain())
        return esc(inputValueText(n.range.most_likely, unit));
    return esc(inputValueText(n.range.most_likely, unit)) + QStringLiteral(" (") +
           esc(inputValueText(n.range.low, unit)) + QStringLiteral(" – ") +
           esc(inputValueText(n.range.high, unit)) + QStringLiteral(")");
}

QString rowsText(const std::vector<std::string>& rows) {
    QStringList out;
    for (const std::string& r : rows)
        out << esc(r);
    return out.isEmpty() ? QStringLiteral("—") : out.join(QStringLiteral("<br/>"));
}

QString selectorText(const model::BenchmarkSelector& s) {
    QString out = QObject::tr("model “%1”").arg(esc(s.model));
    if (!s.precision.empty())
        out += QStringLiteral(", ") + esc(s.precision);
    if (!s.scenario.empty())
        out += QStringLiteral(", ") + esc(s.scenario);
    if (s.isl || s.osl)
        out += QStringLiteral(", %1/%2 tokens")
                   .arg(s.isl ? QString::number(*s.isl) : QStringLiteral("any"),
                        s.osl ? QString::number(*s.osl) : QStringLiteral("any"));
    if (s.interactivity)
        out += QObject::tr(", compared at %1 tok/s/user").arg(shortDecimal(*s.interactivity, 0, 2));
    if (s.include_flagged)
        out += QObject::tr(", pre-2026 AMD rows included");
    return out;
}

void boundWorkload(ReportBody& body, const std::string& id, const model::WorkloadBinding& b) {
    body.html(paragraph(
        QObject::tr("<b>%1</b> is bound to the benchmark rows matching %2 (resolved %3). A "
                    "measured ratio replaces the performance table's for this workload and "
                    "already holds the software's regression, so no transition penalty is "
                    "applied on top; a measured energy per token prices the energy of the GPUs "
                    "serving it.")
            .arg(esc(id), selectorText(b.selector), esc(b.bound_on))));
    if (!b.skus.empty()) {
        Table t({QObject::tr("SKU"), QObject::tr("Ratio to H100 (min – max)"), QObject::tr("Pairs"),
                 QObject::tr("Energy per token"), QObject::tr("Benchmark rows behind it")},
                {2});
        for (const auto& [sku, bound] : b.skus)
            t.row({esc(sku),
                   bound.ratio ? spreadText(*bound.ratio, model::InputUnit::RatioToH100)
                               : QStringLiteral("—"),
                   bound.ratio ? QString::number(bound.pairs) : QStringLiteral("—"),
                   bound.joules_per_token
                       ? spreadText(*bound.joules_per_token, model::InputUnit::JoulesPerToken)
                       : QStringLiteral("—"),
                   rowsText(bound.rows)});
        body.html(t.html());
    }
    if (b.reference_tokens_per_s_per_gpu)
        body.html(paragraph(
            QObject::tr("Reference throughput: %1 per H100, from your own serving runs: %2.")
                .arg(spreadText(*b.reference_tokens_per_s_per_gpu,
                                model::InputUnit::TokensPerSecond),
                     rowsText(b.reference_rows)
                         .replace(QStringLiteral("<br/>"), QStringLiteral("; ")))));
    if (!b.notes.empty()) {
        QStringList notes;
        for (const std::string& n : b.notes)
            notes << esc(n);
        body.html(paragraph(QObject::tr("Stays default: %1.").arg(notes.join(QStringLiteral("; "))),
                            QStringLiteral("small muted")));
    }
}

} // namespace

void benchmarkEvidence(ReportBody& body, const ScenarioAnalysis& a) {
    bool anyInference = false;
    for (const auto& [id, w] : a.scenario.workloads)
        anyInference = anyInference || w.kind == model::WorkloadKindOfDemand::Inference;
    if (!anyInference)
        return;
    body.html(heading(3, QObject::tr("Benchmark evidence")));
    for (const auto& [id, w] : a.scenario.workloads) {
        if (w.kind != model::WorkloadKindOfDemand::Inference)
            continue;
        if (w.benchmark)
            boundWorkload(body, id, *w.benchmark);
        else
            body.html(paragraph(QObject::tr("<b>%1</b> is not bound to benchmarks: the "
                                            "performance table's ratios, the transition penalty "
                                            "and board power apply.")
                                    .arg(esc(id))));
    }
}

} // namespace crossgrade::reports::sections
