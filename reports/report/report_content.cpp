#include "report_content.h"

#include "input_text.h"
#include "report_sections.h"

#include <QFileInfo>

namespace crossgrade::reports {

QString isoTimestamp(const QDateTime& timestamp) {
    return timestamp.toUTC().toString(Qt::ISODate);
}

namespace {

QString shellQuoted(const QString& word) {
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:=+,-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

} // namespace

QString reproduceCommand(const ReportMeta& meta) {
    QStringList words{QStringLiteral("crossgrade-cli"), QStringLiteral("report")};
    for (const QString& file : meta.scenario_files)
        words << shellQuoted(file);
    words << QStringLiteral("--out")
          << shellQuoted(meta.pdf_name.isEmpty() ? QStringLiteral("report.pdf") : meta.pdf_name);
    words << QStringLiteral("--paper") << toString(meta.paper);
    words << QStringLiteral("--samples") << QString::number(meta.samples);
    words << QStringLiteral("--seed") << QString::number(meta.seed);
    words << QStringLiteral("--timestamp") << isoTimestamp(meta.timestamp);
    return words.join(QLatin1Char(' '));
}

ReportBody buildReportBody(const std::vector<ScenarioAnalysis>& analyses, const ReportMeta& meta) {
    ReportBody body;
    if (analyses.empty())
        return body;
    sections::decisionPage(body, analyses.front(), meta);
    sections::comparison(body, analyses);
    for (std::size_t i = 0; i < analyses.size(); ++i) {
        const QString title =
            analyses.size() == 1
                ? QObject::tr("Detail: %1").arg(QString::fromStdString(analyses[i].scenario.name))
                : QObject::tr("Scenario %1 of %2: %3")
                      .arg(i + 1)
                      .arg(analyses.size())
                      .arg(QString::fromStdString(analyses[i].scenario.name));
        sections::scenarioDetail(body, analyses[i], meta, title.toHtmlEscaped(), i > 0);
    }
    sections::methodology(body, analyses, meta);
    return body;
}

PageFurniture reportFurniture(const std::vector<ScenarioAnalysis>& analyses,
                              const ReportMeta& meta) {
    PageFurniture f;
    f.title = QObject::tr("Crossgrade decision report");
    if (!analyses.empty()) {
        const model::Scenario& s = analyses.front().scenario;
        f.organisation =
            QString::fromStdString(s.organisation.empty() ? s.audit.organisation : s.organisation);
        f.title += QStringLiteral(": ") + QString::fromStdString(s.name);
    }
    f.date = displayLocale().toString(meta.timestamp.toUTC().date(), QStringLiteral("d MMMM yyyy"));
    return f;
}

} // namespace crossgrade::reports
