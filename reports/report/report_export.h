#pragma once

// Exporting a report: the PDF and, beside it, the files its methodology box names — each
// scenario as crossgrade.scenario/1 JSON and its Monte Carlo samples as CSV — so that
// `crossgrade-cli report` on those files with the same --samples, --seed and --timestamp
// reproduces the same text (docs/report.md, "Reproducing a report").

#include "report_content.h"

#include <QString>
#include <QStringList>

namespace crossgrade::reports {

struct ExportedReport {
    QString pdf;       // absolute path
    QStringList files; // the files written beside it, absolute paths
};

// The names the files beside `pdfPath` get: "<stem>.scenario.json" and "<stem>.samples.csv"
// for one scenario, "<stem>.scenario-N.json" and "<stem>.samples-N.csv" for several.
void nameFilesBeside(const QString& pdfPath, std::size_t scenarios, ReportMeta& meta);

// Lays the report out and writes the PDF and the files beside it, each whole or not at all;
// `meta`'s file names are set from `pdfPath`. Throws std::runtime_error naming the file that
// cannot be written. Needs a QApplication, on its thread.
ExportedReport exportReport(const std::vector<ScenarioAnalysis>& analyses, ReportMeta meta,
                            const QString& pdfPath);

} // namespace crossgrade::reports
