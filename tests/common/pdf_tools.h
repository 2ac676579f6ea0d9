#pragma once

// Reading a PDF back with poppler-utils (pdftotext, pdfimages, pdfinfo, pdffonts), as a reader
// would: the tests check what the page says, not how Qt wrote it.

#include <QByteArray>
#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <cmath>

namespace crossgrade::testing {

// The tool's standard output; stops the test run with the tool's name when it cannot run.
inline QString runTool(const QString& tool, const QStringList& arguments) {
    QProcess p;
    p.start(tool, arguments);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        qFatal("%s %s failed (is poppler-utils installed?): %s", qPrintable(tool),
               qPrintable(arguments.join(' ')), p.readAllStandardError().constData());
    return QString::fromUtf8(p.readAllStandardOutput());
}

// In the order the page was drawn (-raw): a table cell's lines stay together, where the default
// reading order interleaves the cells of a row line by line.
inline QString pdfText(const QString& pdf) {
    return runTool(QStringLiteral("pdftotext"),
                   {QStringLiteral("-raw"), QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf,
                    QStringLiteral("-")});
}

// The body text of every page, without the header and footer bands (the report's 16 mm
// margins, 9 mm header and 8 mm footer: reports/report/report_pdf.cpp). A paragraph split over a
// page break reads on as one: the page furniture between its halves is left out, and so are
// the lines of the previous page Qt draws clipped into the header band, which a text
// extractor reads although nobody sees them (issue 26 owns the pagination).
inline QString pdfBodyText(const QString& pdf) {
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const QRegularExpressionMatch size =
        QRegularExpression(QStringLiteral("Page size:\\s+([0-9.]+) x ([0-9.]+) pts")).match(info);
    const QRegularExpressionMatch count =
        QRegularExpression(QStringLiteral("Pages:\\s+([0-9]+)")).match(info);
    if (!size.hasMatch() || !count.hasMatch())
        return {};
    const double points = 72.0 / 25.4;
    const double width = size.captured(1).toDouble();
    const double height = size.captured(2).toDouble();
    const double top = (16 + 9) * points;
    const double bottom = height - (16 + 8) * points;
    QString text;
    for (int page = 1; page <= count.captured(1).toInt(); ++page)
        text += runTool(QStringLiteral("pdftotext"),
                        {QStringLiteral("-raw"), QStringLiteral("-enc"), QStringLiteral("UTF-8"),
                         QStringLiteral("-r"), QStringLiteral("72"), QStringLiteral("-f"),
                         QString::number(page), QStringLiteral("-l"), QString::number(page),
                         QStringLiteral("-x"), QStringLiteral("0"), QStringLiteral("-y"),
                         QString::number(int(std::ceil(top))), QStringLiteral("-W"),
                         QString::number(int(std::ceil(width))), QStringLiteral("-H"),
                         QString::number(int(bottom - top)), pdf, QStringLiteral("-")});
    return text;
}

// Page `page` (from 1) laid out as it reads (-layout: lines top to bottom), blank lines dropped,
// each line trimmed.
inline QStringList pdfPageLines(const QString& pdf, int page) {
    QStringList lines;
    const QString text =
        runTool(QStringLiteral("pdftotext"),
                {QStringLiteral("-layout"), QStringLiteral("-f"), QString::number(page),
                 QStringLiteral("-l"), QString::number(page), QStringLiteral("-enc"),
                 QStringLiteral("UTF-8"), pdf, QStringLiteral("-")});
    for (const QString& line : text.split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty())
            lines << line.trimmed();
    return lines;
}

// The text as a reader compares it: ligatures unfolded (pdftotext keeps "ﬁ" as one letter;
// NFKC makes it "fi" on both sides) and every run of white space one space, since line breaks
// depend on font metrics and words do not.
inline QString words(const QString& text) {
    return text.normalized(QString::NormalizationForm_KC).simplified();
}

// Without white space or hyphens: pdftotext joins a line broken after a hyphen and drops the
// hyphen ("average-" / "to-peak" reads "averageto-peak"), so neither side keeps them. For
// "does the page say this" checks.
inline QString squeezed(const QString& text) {
    QString s = text.normalized(QString::NormalizationForm_KC);
    s.remove(QRegularExpression(QStringLiteral("[\\s-]+")));
    return s;
}

// The images pdfimages lists (a vector report has none).
inline int pdfImageCount(const QString& pdf) {
    const QStringList lines = runTool(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf})
                                  .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return int(lines.size()) - 2; // a header line and a rule
}

// The PostScript names of the fonts pdffonts lists ("DejaVuSans-Bold", "DejaVuSansMono").
inline QStringList pdfFontNames(const QString& pdf) {
    QStringList names;
    const QStringList lines =
        runTool(QStringLiteral("pdffonts"), {pdf}).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = 2; i < lines.size(); ++i) // a header line and a rule
        names << lines[i].section(QLatin1Char(' '), 0, 0, QString::SectionSkipEmpty);
    return names;
}

// "Pages:" and "Page size:" of pdfinfo.
inline int pdfPages(const QString& pdf) {
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

inline QString pdfPageSize(const QString& pdf) {
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf});
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("Page size:\\s+([0-9. x]+pts)")).match(info);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

} // namespace crossgrade::testing
