// The audit trail of the report: the audit with its evidence and library equivalences, the
// HetCCL watch, the assumption register and the methodology box.

#include "input_text.h"
#include "library_equivalents.h"
#include "month_text.h"
#include "report_html.h"
#include "report_sections.h"
#include "sampling.h"
#include "scenario_inputs.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::reports::sections {

using namespace html;

namespace {

constexpr std::size_t kEvidencePerDimension = 3;
constexpr int kSnippetChars = 90;

int rank(model::Level level) {
    return level == model::Level::High ? 0 : level == model::Level::Medium ? 1 : 2;
}

QString snippet(const std::string& text) {
    QString s = QString::fromStdString(text).simplified();
    if (s.size() > kSnippetChars)
        s = s.left(kSnippetChars - 1) + QStringLiteral("…");
    return s;
}

QString evidenceText(const model::DimensionAssessment& d) {
    std::vector<const model::EvidenceItem*> items;
    for (const model::EvidenceItem& e : d.evidence)
        items.push_back(&e);
    std::stable_sort(items.begin(), items.end(), [](const auto* x, const auto* y) {
        if (rank(x->severity) != rank(y->severity))
            return rank(x->severity) < rank(y->severity);
        return rank(x->confidence) < rank(y->confidence);
    });
    QStringList lines;
    for (std::size_t i = 0; i < items.size() && i < kEvidencePerDimension; ++i) {
        const model::EvidenceItem& e = *items[i];
        QString line = QStringLiteral("<b>%1:%2</b> <tt>%3</tt>")
                           .arg(esc(e.path))
                           .arg(e.line)
                           .arg(esc(snippet(e.snippet)));
        if (!e.rocm_equivalent.empty())
            line += QStringLiteral(" → %1").arg(esc(e.rocm_equivalent));
        if (e.mitigated_by)
            line += QObject::tr(" (mitigated by %1)").arg(esc(*e.mitigated_by));
        lines << line;
    }
    if (items.size() > kEvidencePerDimension)
        lines << QObject::tr("and %1 more").arg(items.size() - kEvidencePerDimension);
    return lines.isEmpty() ? QObject::tr("none recorded") : lines.join(QStringLiteral("<br>"));
}

QString basisText(const model::DimensionAssessment& d) {
    QStringList parts;
    if (d.override_tier)
        parts << QObject::tr("Reviewer set %1: %2")
                     .arg(esc(model::title(d.override_tier->tier)), esc(d.override_tier->reason));
    if (d.proposed_tier)
        parts << QObject::tr("Scan proposed %1.").arg(esc(model::title(*d.proposed_tier)));
    // The scan's deciding reason and any step-down by a mitigation; the rest is in the file.
    for (std::size_t i = 0; i < d.reasons.size(); ++i)
        if (i == 0 || d.reasons[i].find("stepped down") != std::string::npos)
            parts << QStringLiteral("<i>%1.</i>").arg(esc(d.reasons[i]));
    if (!d.notes.empty())
        parts << esc(d.notes);
    return parts.join(QStringLiteral(" "));
}

QString mitigationText(const model::DimensionAssessment& d) {
    QStringList lines;
    for (const model::Mitigation& m : d.mitigations)
        lines << QStringLiteral("%1%2 %3")
                     .arg(esc(m.path))
                     .arg(m.line ? QStringLiteral(":%1").arg(*m.line) : QString())
                     .arg(esc(m.note.empty() ? m.rule_id : m.note));
    return lines.isEmpty() ? QStringLiteral("—") : lines.join(QStringLiteral("<br>"));
}

QString yesNo(bool b) {
    return b ? QObject::tr("yes") : QObject::tr("no");
}

QString tag(const model::UncertainNumber& n) {
    return n.confidence ? esc(model::toString(*n.confidence)) : QStringLiteral("?");
}

QString sourceText(const model::UncertainNumber& n) {
    QString s = n.source.empty() ? QObject::tr("no source recorded") : esc(n.source);
    if (!n.date.empty())
        s += QStringLiteral(" (%1)").arg(esc(n.date));
    return s;
}

// "month 18 (Jul 2028)": a month input, with its calendar month when the scenario has a start.
QString monthRange(const model::UncertainNumber& n, const std::optional<model::YearMonth>& start) {
    const auto calendar = [&start](double m) {
        return monthText(start, int(std::lround(m)));
    };
    if (n.isCertain())
        return QObject::tr("month %1").arg(shortDecimal(n.range.most_likely, 0, 1)) +
               (start ? QStringLiteral(" (%1)").arg(calendar(n.range.most_likely)) : QString());
    QString text =
        QObject::tr("months %1 / %2 / %3")
            .arg(shortDecimal(n.range.low, 0, 1), shortDecimal(n.range.most_likely, 0, 1),
                 shortDecimal(n.range.high, 0, 1));
    if (start)
        text +=
            QStringLiteral(" (%1 / %2 / %3)")
                .arg(calendar(n.range.low), calendar(n.range.most_likely), calendar(n.range.high));
    return text + QObject::tr(", low / most likely / high");
}

QString libraryTable(const model::Audit& audit) {
    const std::vector<model::NamedLibrary> named = model::namedLibraries(audit);
    Table t({QObject::tr("CUDA library"), QObject::tr("ROCm equivalent"), QObject::tr("Difficulty"),
             QObject::tr("This audit")});
    for (const model::LibraryEquivalent& lib : model::libraryEquivalents()) {
        const auto it = std::find_if(named.begin(), named.end(),
                                     [&](const auto& n) { return n.library.id == lib.id; });
        QString where = QObject::tr("not named");
        QString difficulty = esc(model::title(lib.difficulty));
        if (it != named.end()) {
            QStringList by;
            for (std::size_t i = 0; i < it->named_by.size() && i < 2; ++i)
                by << esc(it->named_by[i]);
            if (it->named_by.size() > 2)
                by << QObject::tr("and %1 more").arg(it->named_by.size() - 2);
            where = QObject::tr("named: %1").arg(by.join(QStringLiteral("; ")));
            difficulty = esc(model::title(it->difficulty));
            if (!it->difficulty_reason.empty())
                difficulty += QStringLiteral(" (%1)").arg(esc(it->difficulty_reason));
        }
        t.row({esc(lib.cuda_library), esc(lib.rocm_equivalent), difficulty, where});
    }
    return t.html();
}

QString tierCell(const std::optional<model::Tier>& tier) {
    return tier ? esc(model::title(*tier)) : QStringLiteral("—");
}

// What a repository scan read, per repository, and what each one's code alone proposes.
QString repositoryTable(const model::Audit& audit) {
    Table t({QObject::tr("Repository"), QObject::tr("Files"), QObject::tr("MB"),
             QObject::tr("Not scanned"), QObject::tr("Kernels"), QObject::tr("Libraries"),
             QObject::tr("Framework"), QObject::tr("Distributed"), QObject::tr("Toolchain")});
    for (const model::RepositoryBreakdown& r : audit.repositories)
        t.row({esc(r.name), QString::number(r.files_scanned),
               shortDecimal(static_cast<double>(r.bytes_scanned) / 1e6, 1, 1),
               QString::number(r.files_not_scanned), tierCell(r.proposed[0]),
               tierCell(r.proposed[1]), tierCell(r.proposed[2]), tierCell(r.proposed[3]),
               tierCell(r.proposed[4])});
    return t.html();
}

} // namespace

void audit(ReportBody& body, const ScenarioAnalysis& a) {
    const model::Audit& au = a.scenario.audit;
    const model::Recommendation& r = a.evaluation.recommendation;
    body.html(heading(3, QObject::tr("Lock-in audit")));
    body.html(
        paragraph(QObject::tr("%1%2: %3; TensorRT in the pipeline: %4; multi-node "
                              "training: %5. %6 of six dimensions High: %7.")
                      .arg(esc(au.name.empty() ? std::string("Audit") : au.name),
                           au.date.empty() ? QString() : QStringLiteral(" (%1)").arg(esc(au.date)),
                           esc(model::title(au.workload)), yesNo(au.tensorrt), yesNo(au.multi_node))
                      .arg(r.high_count)
                      .arg(esc(r.effort.label))));
    Table t({QObject::tr("Dimension"), QObject::tr("Tier"), QObject::tr("Basis"),
             QObject::tr("Top evidence"), QObject::tr("Mitigations")});
    for (model::Dimension dim : model::kAllDimensions) {
        const model::DimensionAssessment& d = au.dimension(dim);
        t.row({esc(model::title(dim)), QStringLiteral("<b>%1</b>").arg(esc(model::title(d.tier))),
               basisText(d), evidenceText(d), mitigationText(d)});
    }
    body.html(t.html());
    if (!au.repositories.empty()) {
        body.html(paragraph(QObject::tr("Proposed by a repository scan (crossgrade-cli scan; "
                                        "the rules are in docs/scanner.md). %1 file(s) were not "
                                        "scanned; the audit file lists them with the reason. Per "
                                        "repository, the tiers its own code proposes:")
                                .arg(au.not_scanned.size())));
        body.html(repositoryTable(au));
    }
    for (const model::TraceEntry& e : r.trace)
        if (e.fired)
            body.html(paragraph(
                QObject::tr("Path rule %1 decided %2: %3")
                    .arg(esc(e.rule), esc(model::toString(r.primary_path)), esc(e.reason)),
                QStringLiteral("muted")));
    body.html(paragraph(QObject::tr("CUDA libraries and their ROCm equivalents (the article's "
                                    "ranking), with where this audit names them:")));
    body.html(libraryTable(au));
}

void hetccl(ReportBody& body, const ScenarioAnalysis& a, const ReportMeta& meta) {
    const model::Scenario& s = a.scenario;
    body.html(heading(3, QObject::tr("HetCCL watch")));
    body.html(paragraph(
        QObject::tr("The scenario takes HetCCL (cross-vendor collectives, Path 3's door) as "
                    "available at %1 — source: %2, tag %3 — with cross-vendor efficiency %4.")
            .arg(monthRange(s.hetccl_available_month, s.start_month),
                 sourceText(s.hetccl_available_month), tag(s.hetccl_available_month))
            .arg(shortDecimal(s.hetccl_cross_vendor_efficiency.mostLikely() * 100, 0, 1) +
                 QStringLiteral(" %"))));
    const model::HetcclWatchResult watch =
        model::resolveHetcclWatch(meta.hetccl_checked, s.horizon_months);
    Table t({QObject::tr("Paper"), QObject::tr("Signals checked"), QObject::tr("As of"),
             QObject::tr("Implied availability")});
    for (const model::HetcclResolution& p : watch.papers)
        t.row({QStringLiteral("arXiv %1 — %2")
                   .arg(esc(model::toString(p.paper)), esc(model::paperTitle(p.paper))),
               QString::number(p.checked.size()),
               p.as_of.empty() ? QStringLiteral("—") : esc(p.as_of),
               monthRange(p.available_month, s.start_month) +
                   (p.past_horizon ? QObject::tr(", past the horizon") : QString())});
    body.html(t.html());
    body.html(paragraph(QObject::tr("The watch's signals are the store's checklist at the time of "
                                    "the report (docs/hetccl-watch.md); the scenario's own range "
                                    "is what the figures above use."),
                        QStringLiteral("small muted")));
}

void assumptionRegister(ReportBody& body, const ScenarioAnalysis& a) {
    body.html(heading(3, QObject::tr("Assumption register")));
    body.html(paragraph(QObject::tr("Every input the engine reads. Low and high bound the range "
                                    "(nothing is drawn past them) and most likely is its mode; "
                                    "P10–P90 is the range as the Monte Carlo draws it. Tags: A "
                                    "datasheet or official results, B analyst or trade press, C "
                                    "secondary write-up, ? unchecked.")));
    for (model::InputGroup group : model::kAllInputGroups) {
        const std::vector<model::ScenarioInput> inputs = model::scenarioInputs(a.scenario, group);
        if (inputs.empty())
            continue;
        body.html(paragraph(QStringLiteral("<b>%1</b>").arg(esc(model::toString(group)))));
        Table t({QObject::tr("Input"), QObject::tr("Low"), QObject::tr("Most likely"),
                 QObject::tr("High"), QObject::tr("Drawn P10–P90"), QObject::tr("Shape"),
                 QObject::tr("Source"), QObject::tr("Tag")},
                {1, 2, 3});
        for (const model::ScenarioInput& input : inputs) {
            const model::UncertainNumber* n = model::findInput(a.scenario, input.pointer);
            if (!n)
                continue;
            const auto text = [&](double v) {
                return esc(inputValueText(v, input.unit));
            };
            // Drawn percentiles to three significant figures: they are read, not typed.
            const auto drawnText = [&](double v) {
                if (v == 0 || !std::isfinite(v))
                    return text(v);
                const double scale = std::pow(10.0, std::floor(std::log10(std::fabs(v))) - 2);
                return text(std::round(v / scale) * scale);
            };
            QString drawn = QStringLiteral("—");
            QString shape = QObject::tr("fixed");
            if (!n->isCertain()) {
                const model::ImpliedSpread spread = model::impliedSpread(*n);
                drawn = drawnText(spread.p10) + QStringLiteral(" – ") + drawnText(spread.p90);
                shape = esc(model::toString(n->distribution));
            }
            t.row({esc(input.label), text(n->range.low), text(n->range.most_likely),
                   text(n->range.high), drawn, shape, sourceText(*n), tag(*n)});
        }
        body.html(t.html());
    }
    if (!a.scenario.correlations.empty()) {
        Table t(
            {QObject::tr("Correlated inputs"), QObject::tr("Rank correlation"), QObject::tr("Why")},
            {1});
        const std::map<std::string, std::string> labels = inputLabels(a.scenario);
        const auto name = [&](const std::string& p) {
            const auto it = labels.find(p);
            return esc(it == labels.end() ? p : it->second);
        };
        // Pairs sharing their ρ and their reason (the release's defaults: every pair of SKUs of
        // one figure) read as one row naming the inputs, not one row per pair.
        std::vector<std::pair<std::pair<double, std::string>, std::vector<std::string>>> groups;
        std::vector<int> pairs;
        for (const auto& [id, c] : a.scenario.correlations) {
            const std::pair<double, std::string> key{c.rank_correlation, c.note};
            auto g = std::find_if(groups.begin(), groups.end(),
                                  [&](const auto& x) { return x.first == key; });
            if (g == groups.end()) {
                groups.push_back({key, {}});
                pairs.push_back(0);
                g = groups.end() - 1;
            }
            ++pairs[std::size_t(g - groups.begin())];
            for (const std::string& p : {c.first, c.second})
                if (std::find(g->second.begin(), g->second.end(), p) == g->second.end())
                    g->second.push_back(p);
        }
        for (std::size_t i = 0; i < groups.size(); ++i) {
            const auto& [key, inputs] = groups[i];
            QStringList names;
            for (const std::string& p : inputs)
                names << name(p);
            const QString what = pairs[i] == 1 ? names.join(QStringLiteral(" ↔ "))
                                               : QObject::tr("each pair of %1 (%2 pairs)")
                                                     .arg(names.join(QStringLiteral(", ")))
                                                     .arg(pairs[i]);
            t.row({what, shortDecimal(key.first, 1, 3), esc(key.second)});
        }
        body.html(t.html());
    }
}

void methodology(ReportBody& body, const std::vector<ScenarioAnalysis>& analyses,
                 const ReportMeta& meta) {
    body.pageBreak();
    body.html(heading(2, QObject::tr("Methodology")));
    Table t({QObject::tr("Item"), QObject::tr("Value")});
    t.row({QObject::tr("Seed"), QString::number(meta.seed)});
    t.row({QObject::tr("Samples"), displayLocale().toString(qulonglong(meta.samples))});
    t.row({QObject::tr("Sampling"),
           QObject::tr("Latin hypercube; common random numbers (each input draws from its own "
                       "stream of the seed and its JSON pointer, so options and scenarios pair "
                       "sample by sample); each option held to its committed door plan, "
                       "chosen by the lowest mean NPV over plan-choice samples of their own seed "
                       "(the most likely values' plan kept unless beaten by more than two "
                       "standard errors); hindsight re-optimises the plans on the first samples; "
                       "correlated inputs reordered by Iman–Conover.")});
    for (const ScenarioAnalysis& a : analyses) {
        QStringList convergence;
        for (const model::OptionDistribution& d : a.monte_carlo.options) {
            QString line = QObject::tr("%1: NPV mean ±%2, P50 ±%3")
                               .arg(optionName(d.id), money(d.npv_mean_standard_error),
                                    money(d.npv_p50_standard_error));
            if (d.id != model::OptionId::StayCuda)
                line += QObject::tr(", P(cheaper) ±%1 pp")
                            .arg(shortDecimal(100 * d.p_beats_standard_error, 1, 1));
            convergence << line;
        }
        t.row({QObject::tr("Convergence, %1 (one standard error)").arg(esc(a.scenario.name)),
               convergence.join(QStringLiteral("<br>"))});
        t.row({QObject::tr("Price book, %1").arg(esc(a.scenario.name)),
               QStringLiteral("%1 %2").arg(esc(a.scenario.pricebook.name),
                                           esc(a.scenario.pricebook.version))});
        t.row({QObject::tr("Correlations, %1").arg(esc(a.scenario.name)),
               a.scenario.correlations.empty() ? QObject::tr("none: inputs drawn independently")
                                               : QString::number(a.scenario.correlations.size())});
    }
    t.row({QObject::tr("Engine"), QStringLiteral("Crossgrade " CROSSGRADE_VERSION)});
    t.row({QObject::tr("Time"), isoTimestamp(meta.timestamp)});
    QStringList files;
    for (std::size_t i = 0; i < meta.scenario_files.size(); ++i)
        files << esc(meta.scenario_files[i]) +
                     (i < meta.samples_files.size()
                          ? QStringLiteral(", ") + esc(meta.samples_files[i])
                          : QString());
    t.row({QObject::tr("Files beside this PDF"),
           files.isEmpty() ? QObject::tr("none") : files.join(QStringLiteral("<br>"))});
    t.row(
        {QObject::tr("Reproduce"), QStringLiteral("<tt>%1</tt>").arg(esc(reproduceCommand(meta)))});
    t.row({QObject::tr("HetCCL watch"),
           QObject::tr("%1 signal(s) checked in the store").arg(meta.hetccl_checked.size())});
    body.html(t.html());
}

} // namespace crossgrade::reports::sections
