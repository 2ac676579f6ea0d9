#include "report_html.h"

#include "figures.h"
#include "likelihood.h"

namespace crossgrade::reports::html {

QString esc(const QString& text) {
    return text.toHtmlEscaped();
}

QString esc(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size())).toHtmlEscaped();
}

QString money(double usd) {
    return esc(model::formatUsd(usd));
}

QString percent(double probability) {
    return esc(model::likelihoodPercent(probability));
}

QString likelihood(double probability) {
    return esc(model::likelihoodPhrase(probability));
}

QString optionName(model::OptionId option) {
    return reports::optionLabel(option);
}

QString medianWithRange(const model::Summary& summary) {
    return QStringLiteral("%1 (P10 %2, P90 %3)")
        .arg(money(summary.p50), money(summary.p10), money(summary.p90));
}

QString heading(int level, const QString& text) {
    return QStringLiteral("<h%1>%2</h%1>\n").arg(level).arg(text);
}

QString paragraph(const QString& html, const QString& cssClass) {
    if (cssClass.isEmpty())
        return QStringLiteral("<p>%1</p>\n").arg(html);
    return QStringLiteral("<p class=\"%1\">%2</p>\n").arg(cssClass, html);
}

Table::Table(QStringList headers, QList<int> rightAligned)
    : m_headers(std::move(headers))
    , m_right(std::move(rightAligned)) {}

void Table::row(const QStringList& cells) {
    m_body += QStringLiteral("<tr>");
    for (int i = 0; i < cells.size(); ++i)
        m_body += m_right.contains(i) ? QStringLiteral("<td align=\"right\">%1</td>").arg(cells[i])
                                      : QStringLiteral("<td>%1</td>").arg(cells[i]);
    m_body += QStringLiteral("</tr>\n");
    ++m_rows;
}

QString Table::html() const {
    QString out = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" "
                                 "border=\"1\" style=\"border-collapse: collapse; "
                                 "border-color: #c5ccd3; font-size: 7.5pt;\">\n<thead><tr>");
    for (int i = 0; i < m_headers.size(); ++i)
        out += m_right.contains(i) ? QStringLiteral("<th align=\"right\">%1</th>").arg(m_headers[i])
                                   : QStringLiteral("<th>%1</th>").arg(m_headers[i]);
    out +=
        QStringLiteral("</tr></thead>\n<tbody>\n") + m_body + QStringLiteral("</tbody></table>\n");
    return out;
}

} // namespace crossgrade::reports::html
