#include "report_pdf.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QScreen>
#include <QTextDocument>
#include <QTextImageFormat>
#include <QTextObjectInterface>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace crossgrade::reports {

namespace {

const QString kFigureScheme = QStringLiteral("figure:");

// Page margins and the bands the header and footer take, in millimetres.
constexpr double kMarginMm = 16;
constexpr double kHeaderMm = 9;
constexpr double kFooterMm = 8;

// Every face is named, the fixed-width one too: left to fontconfig, <tt> took the machine's
// "monospace", and with it the report's column widths and line breaks (tst_cli_report
// bug_reportLayoutFollowedTheMachinesMonospaceFont). fonts-dejavu-core, a dependency of the
// package, has both.
const char* const kBodyStyle = R"(
body { color: #1f2328; }
h1 { font-size: 15pt; font-weight: 700; color: #10202f; margin-top: 0px; margin-bottom: 6px; }
h2 { font-size: 12pt; font-weight: 700; color: #10202f; margin-top: 14px; margin-bottom: 4px; }
h3 { font-size: 10pt; font-weight: 700; color: #10202f; margin-top: 10px; margin-bottom: 3px; }
p { margin-top: 0px; margin-bottom: 5px; }
table { border-collapse: collapse; margin-bottom: 6px; }
th { background-color: #e8edf2; font-weight: 700; text-align: left; }
td, th { border: 1px solid #c5ccd3; padding: 2px; }
.answer { font-size: 11pt; }
.muted { color: #57606a; }
.small { font-size: 7.5pt; }
.num { text-align: right; }
.box { background-color: #f3f6f9; }
tt, code, pre { font-family: "DejaVu Sans Mono"; }
)";

double millimetresToPixels(double mm, int dpi) {
    return mm / 25.4 * dpi;
}

// The density QCustomPlot measures its labels at (the screen's), so the labels it lays out fit
// the room it gives them when drawn on paper.
int reportDpi() {
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        const int dpi = int(std::lround(screen->logicalDotsPerInchY()));
        if (dpi >= 72 && dpi <= 300)
            return dpi;
    }
    return kReportDpi;
}

// Draws the figures the body names as <img src="figure:N">: each as wide as the text and as
// high as the body asked, in a fresh QCustomPlot filled by its builder, then
// QCustomPlot::toPainter onto the page's own painter, so every line and letter stays a vector.
class FigureObject : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    FigureObject(const std::vector<Figure>& figures, double width, int dpi)
        : m_figures(figures)
        , m_width(width)
        , m_dpi(dpi) {}

    void setPainter(QCPPainter* painter) { m_painter = painter; }
    // The part of the document the page being drawn shows. A figure belongs to the page that
    // holds its centre: QCustomPlot replaces the painter's clip as it draws, so a figure the
    // layout moved to the next page would otherwise also print over this page's footer.
    void setSlice(const QRectF& slice) { m_slice = slice; }

    QSizeF intrinsicSize(QTextDocument*, int, const QTextFormat& format) override {
        const Figure* f = figureOf(format);
        return f ? QSizeF(m_width, std::round(millimetresToPixels(f->height_mm, m_dpi))) : QSizeF();
    }

    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument*, int,
                    const QTextFormat& format) override {
        const Figure* f = figureOf(format);
        // Only the writer's own painter is a QCPPainter; anything else has nothing to draw on.
        if (!f || painter != m_painter || !m_slice.contains(rect.center()))
            return;
        const QSize size(int(std::floor(rect.width())), int(std::floor(rect.height())));
        QCustomPlot plot;
        plot.resize(size);
        f->build(&plot);
        m_painter->save();
        m_painter->translate(rect.topLeft());
        plot.toPainter(m_painter, size.width(), size.height());
        m_painter->restore();
    }

private:
    const Figure* figureOf(const QTextFormat& format) const {
        const QString name = format.toImageFormat().name();
        bool ok = false;
        const int index =
            name.startsWith(kFigureScheme) ? name.mid(kFigureScheme.size()).toInt(&ok) : -1;
        return ok && index >= 0 && std::size_t(index) < m_figures.size()
                   ? &m_figures[std::size_t(index)]
                   : nullptr;
    }

    const std::vector<Figure>& m_figures;
    double m_width; // of the text, in pixels at m_dpi
    int m_dpi;
    QCPPainter* m_painter = nullptr;
    QRectF m_slice;
};

void drawFurniture(QPainter& painter, const PageFurniture& furniture, const QRectF& page,
                   double headerHeight, double footerHeight, int pageNumber, int pageCount) {
    painter.save();
    QFont font(QStringLiteral("DejaVu Sans"), 7);
    painter.setFont(font);
    painter.setPen(QColor(0x57, 0x60, 0x6a));
    const QRectF header(page.left(), page.top(), page.width(), headerHeight * 0.7);
    QFont bold = font;
    bold.setBold(true);
    const HeaderLine line = fitHeaderLine(furniture, QFontMetricsF(bold, painter.device()),
                                          QFontMetricsF(font, painter.device()), header.width());
    painter.setFont(bold);
    painter.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, line.left);
    painter.setFont(font);
    painter.drawText(header, Qt::AlignRight | Qt::AlignVCenter, line.right);
    painter.setPen(QPen(QColor(0xc5, 0xcc, 0xd3), 0));
    painter.drawLine(QPointF(page.left(), header.bottom()), QPointF(page.right(), header.bottom()));
    painter.setPen(QColor(0x57, 0x60, 0x6a));
    const QRectF footer(page.left(), page.bottom() - footerHeight * 0.7, page.width(),
                        footerHeight * 0.7);
    painter.drawText(footer, Qt::AlignCenter,
                     QObject::tr("Page %1 of %2").arg(pageNumber).arg(pageCount));
    painter.restore();
}

} // namespace

// The header's two ends on one line that never overlap (a long title once ran over the
// organisation): the date is always whole, the organisation is cut to at most 40 % of the
// line, and the title takes what is left; a cut text ends in an ellipsis.
HeaderLine fitHeaderLine(const PageFurniture& furniture, const QFontMetricsF& titleMetrics,
                         const QFontMetricsF& textMetrics, double width) {
    const QString separator = QStringLiteral("  \u00b7  ");
    const double gap = textMetrics.horizontalAdvance(QStringLiteral("    "));
    HeaderLine line;
    line.right = furniture.date;
    if (!furniture.organisation.isEmpty()) {
        const double fixed = textMetrics.horizontalAdvance(separator + furniture.date);
        const double budget = std::max(0.0, width * 0.4 - fixed);
        const QString organisation =
            textMetrics.elidedText(furniture.organisation, Qt::ElideRight, budget);
        if (!organisation.isEmpty())
            line.right = organisation + separator + furniture.date;
    }
    const double titleBudget =
        std::max(0.0, width - textMetrics.horizontalAdvance(line.right) - gap);
    line.left = titleMetrics.elidedText(furniture.title, Qt::ElideRight, titleBudget);
    return line;
}

std::optional<Paper> parsePaper(QStringView name) {
    if (name.compare(QLatin1String("a4"), Qt::CaseInsensitive) == 0)
        return Paper::A4;
    if (name.compare(QLatin1String("letter"), Qt::CaseInsensitive) == 0)
        return Paper::Letter;
    return std::nullopt;
}

QString toString(Paper paper) {
    return paper == Paper::A4 ? QStringLiteral("a4") : QStringLiteral("letter");
}

int ReportBody::figure(FigureBuilder builder, double heightMm) {
    const int index = int(m_figures.size());
    m_figures.push_back({std::move(builder), heightMm});
    m_html +=
        QStringLiteral("<p align=\"center\"><img src=\"%1%2\"></p>").arg(kFigureScheme).arg(index);
    return index;
}

void ReportBody::pageBreak() {
    m_html += QStringLiteral("<p style=\"page-break-after: always; margin: 0px;\"></p>");
}

QByteArray renderPdf(const ReportBody& body, const PageFurniture& furniture, Paper paper) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const int dpi = reportDpi();
    {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("Crossgrade " CROSSGRADE_VERSION));
        writer.setTitle(furniture.title);
        writer.setResolution(dpi);
        writer.setPageLayout(QPageLayout(
            QPageSize(paper == Paper::A4 ? QPageSize::A4 : QPageSize::Letter),
            QPageLayout::Portrait, QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
            QPageLayout::Millimeter));
        const QRect paint = writer.pageLayout().paintRectPixels(dpi);
        const QRectF page(0, 0, paint.width(), paint.height());
        const double headerHeight = millimetresToPixels(kHeaderMm, dpi);
        const double footerHeight = millimetresToPixels(kFooterMm, dpi);
        const QSizeF bodySize(page.width(), page.height() - headerHeight - footerHeight);

        QTextDocument document;
        document.documentLayout()->setPaintDevice(&writer);
        document.setDefaultFont(QFont(QStringLiteral("DejaVu Sans"), 9));
        document.setDefaultStyleSheet(QString::fromLatin1(kBodyStyle));
        document.setDocumentMargin(0);
        document.setPageSize(bodySize);
        FigureObject figures(body.figures(), bodySize.width() - 2, dpi);
        document.documentLayout()->registerHandler(QTextFormat::ImageObject, &figures);
        document.setHtml(body.text());
        const int pages = document.pageCount();

        QCPPainter painter;
        if (!painter.begin(&writer))
            throw std::runtime_error("cannot paint the report's pages (Qt's PDF writer refused)");
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        painter.setRenderHint(QPainter::Antialiasing);
        figures.setPainter(&painter);
        for (int p = 0; p < pages; ++p) {
            if (p > 0)
                writer.newPage();
            drawFurniture(painter, furniture, page, headerHeight, footerHeight, p + 1, pages);
            painter.save();
            painter.translate(0, headerHeight - p * bodySize.height());
            const QRectF slice(0, p * bodySize.height(), bodySize.width(), bodySize.height());
            painter.setClipRect(slice);
            figures.setSlice(slice);
            document.drawContents(&painter, slice);
            painter.restore();
        }
        painter.end();
    }
    buffer.close();
    return bytes;
}

} // namespace crossgrade::reports

#include "report_pdf.moc"
