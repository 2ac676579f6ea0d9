#pragma once

// The PDF writer of the leadership report (DESIGN.md, "Reports"): an HTML body laid out by
// QTextDocument on a QPdfWriter, with a header (title, organisation, date) and a footer
// (page N of M) on every page. Figures stay vectors: the body names each one as
// <img src="figure:N">, and a QTextObjectInterface draws figure N in place by filling a
// QCustomPlot through its figure builder and calling QCustomPlot::toPainter on the page's own
// painter — no image is ever embedded.

#include "chart.h"

#include <QByteArray>
#include <QFontMetricsF>
#include <QString>
#include <QStringView>
#include <functional>
#include <optional>
#include <vector>

namespace crossgrade::reports {

enum class Paper { A4, Letter };
std::optional<Paper> parsePaper(QStringView name); // "a4", "letter" (any case)
QString toString(Paper paper);                     // "a4", "letter"

// Fills the plot it is given (one of the figure builders of reports/), sized by the writer.
using FigureBuilder = std::function<void(QCustomPlot*)>;

// A figure of the body: as wide as the text, `height_mm` high.
struct Figure {
    FigureBuilder build;
    double height_mm = 0;
};

// What the writer lays out: the body as HTML (Qt's rich-text subset) and its figures.
class ReportBody {
public:
    // Appends HTML to the body.
    void html(const QString& text) { m_html += text; }
    // Appends a figure as wide as the text and `heightMm` high, on a line of its own; returns
    // its number in the body.
    int figure(FigureBuilder builder, double heightMm);
    // The next part starts on a new page.
    void pageBreak();

    const QString& text() const { return m_html; }
    const std::vector<Figure>& figures() const { return m_figures; }

private:
    QString m_html;
    std::vector<Figure> m_figures;
};

// What every page carries.
struct PageFurniture {
    QString title;
    QString organisation;
    QString date; // as printed, e.g. "1 December 2026"
};

// The header line as drawn: the title on the left, organisation and date on the right, each
// cut with an ellipsis so the two never overlap within `width` (pixels of the metrics' device).
struct HeaderLine {
    QString left;
    QString right;
};
HeaderLine fitHeaderLine(const PageFurniture& furniture, const QFontMetricsF& titleMetrics,
                         const QFontMetricsF& textMetrics, double width);

// The body laid out on `paper` as a PDF; throws std::runtime_error when Qt cannot paint it.
// Needs a QApplication (the figures are QCustomPlot widgets), on its thread.
QByteArray renderPdf(const ReportBody& body, const PageFurniture& furniture, Paper paper);

// The pixel density the body is laid out at: a figure's lines and fonts are sized in these
// pixels, so it draws on paper as it would on a 120 dpi screen.
inline constexpr int kReportDpi = 120;

} // namespace crossgrade::reports
