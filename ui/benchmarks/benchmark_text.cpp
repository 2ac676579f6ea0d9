#include "benchmark_text.h"

#include "benchmark_compare.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace crossgrade::ui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("BenchmarkText", text);
}

QString escaped(const std::string& s) {
    return qstr(s).toHtmlEscaped();
}

QString orNone(const std::string& s, const QString& none) {
    return s.empty() ? QStringLiteral("<i>%1</i>").arg(none) : escaped(s);
}

} // namespace

QString qstr(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QString measuredText(double value, int significant) {
    if (!std::isfinite(value))
        return QStringLiteral("—");
    // Enough digits to tell two runs apart, few enough to read; never rounded above the units.
    const int integerDigits = value == 0 ? 1 : int(std::floor(std::log10(std::abs(value)))) + 1;
    const int decimals = std::clamp(significant - integerDigits, 0, significant);
    QString text = QLocale(QLocale::English).toString(value, 'f', decimals);
    if (decimals > 0) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString measuredText(std::optional<double> value, int significant) {
    return value ? measuredText(*value, significant) : QStringLiteral("—");
}

QString optionalIntText(std::optional<int> value) {
    return value ? QString::number(*value) : QStringLiteral("—");
}

QString lengthsText(const model::BenchmarkRecord& r) {
    if (!r.isl && !r.osl)
        return QStringLiteral("—");
    return optionalIntText(r.isl) + QLatin1Char('/') + optionalIntText(r.osl);
}

QString flagsText(const model::BenchmarkRecord& r) {
    QStringList flags;
    for (const std::string& f : r.flags)
        flags << qstr(f);
    return flags.join(QStringLiteral("; "));
}

QString rangeText(const model::UncertainNumber& n, int significant) {
    const model::Range& r = n.range;
    if (r.low == r.high)
        return measuredText(r.most_likely, significant);
    return QStringLiteral("%1 (%2–%3)")
        .arg(measuredText(r.most_likely, significant), measuredText(r.low, significant),
             measuredText(r.high, significant));
}

QString provenanceHtml(const data::StoredBenchmark& stored) {
    const model::BenchmarkRecord& r = stored.record;
    QString rows;
    const auto row = [&rows](const QString& label, const QString& value) {
        rows +=
            QStringLiteral("<tr><td style=\"padding-right:10px\"><b>%1</b></td><td>%2</td></tr>")
                .arg(label, value);
    };
    row(tr("File"), orNone(r.file, tr("not named")));
    row(tr("Row"), orNone(r.source_ref, tr("not named")));
    row(tr("Source"), escaped(r.source));
    if (!r.round.empty())
        row(tr("Round"), escaped(r.round));
    row(tr("Date"), orNone(r.date, tr("not dated")));
    row(tr("Hardware"), tr("%1 → %2").arg(escaped(r.hardware), escaped(r.sku)));
    QString gpus = tr("%1 on %2 node(s)").arg(r.gpus).arg(r.nodes);
    if (r.prefill_gpus || r.decode_gpus)
        gpus += tr("; disaggregated: %1 prefill, %2 decode")
                    .arg(optionalIntText(r.prefill_gpus), optionalIntText(r.decode_gpus));
    row(tr("GPUs"), gpus);
    row(tr("Software stack"), orNone(r.software_stack, tr("not given")));
    row(tr("Image"), orNone(r.image, tr("not given")));
    row(tr("Accuracy"), orNone(r.accuracy_note, tr("not given")));
    row(tr("Measured"),
        tr("input %1 tok/s per GPU; TTFT %2 s median, %3 s p99; TPOT %4 s; end to end %5 s; "
           "power %6 W")
            .arg(measuredText(r.input_tokens_per_s_per_gpu), measuredText(r.ttft_median_s),
                 measuredText(r.ttft_p99_s), measuredText(r.tpot_median_s),
                 measuredText(r.e2e_median_s), measuredText(r.power_w)));
    row(tr("Flags"), r.flags.empty() ? tr("none")
                                     : QStringLiteral("<span style=\"color:#b3261e\">%1</span>")
                                           .arg(flagsText(r).toHtmlEscaped()));
    row(tr("Imported"), escaped(stored.imported_at));
    row(tr("Cited as"), escaped(model::provenance(r)));
    return QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">%1</table>").arg(rows);
}

} // namespace crossgrade::ui
