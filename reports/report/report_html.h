#pragma once

// Small pieces the report's HTML is written with: escaping, money, probabilities, option
// names and a table builder (Qt's rich-text subset: tables, headings, paragraphs).

#include "evaluation.h"
#include "monte_carlo.h"

#include <QString>
#include <QStringList>
#include <string>
#include <string_view>

namespace crossgrade::reports::html {

QString esc(const QString& text);
QString esc(std::string_view text);
QString money(double usd);              // "$1.2M", "-$40k" (model::formatUsd)
QString percent(double probability);    // "78 %", "&lt; 1 %" (model::likelihoodPercent, escaped)
QString likelihood(double probability); // "likely (78 %)"
QString optionName(model::OptionId option); // "Stay on CUDA", "Path 1", …
// "$1.2M (P10 −$0.4M, P90 $3.1M)": a median with its P10 and P90.
QString medianWithRange(const model::Summary& summary);
QString heading(int level, const QString& text);
QString paragraph(const QString& html, const QString& cssClass = {});

// A table as wide as the text; cells are HTML (escape plain text with esc()).
class Table {
public:
    explicit Table(QStringList headers, QList<int> rightAligned = {});
    void row(const QStringList& cells);
    bool empty() const { return m_rows == 0; }
    QString html() const;

private:
    QStringList m_headers;
    QList<int> m_right;
    QString m_body;
    int m_rows = 0;
};

} // namespace crossgrade::reports::html
