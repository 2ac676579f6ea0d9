#pragma once

// The leadership report's content (docs/report.md; decision-practice.md §8): the decision page
// first, then the scenario comparison, then per scenario its cost curves, sensitivity, risks,
// audit, HetCCL watch and assumption register, then the methodology box.

#include "hetccl_watch.h"
#include "report_analysis.h"
#include "report_pdf.h"

#include <QDateTime>
#include <QString>
#include <vector>

namespace crossgrade::reports {

// What the report states about how it was made.
struct ReportMeta {
    QDateTime timestamp; // UTC; printed and used for the date in the header
    Paper paper = Paper::A4;
    std::size_t samples = 10000;
    std::uint64_t seed = 1;
    QString pdf_name;                    // file name of the PDF, without folders
    std::vector<QString> scenario_files; // per scenario: the scenario JSON written beside it
    std::vector<QString> samples_files;  // per scenario: its samples CSV
    // The HetCCL watch's checklist as the store held it (model/scenario/hetccl_watch.h).
    std::vector<model::CheckedSignal> hetccl_checked;
};

// "2026-01-01T00:00:00Z"
QString isoTimestamp(const QDateTime& timestamp);
// The command that reproduces the report from the files written beside it.
QString reproduceCommand(const ReportMeta& meta);

ReportBody buildReportBody(const std::vector<ScenarioAnalysis>& analyses, const ReportMeta& meta);
PageFurniture reportFurniture(const std::vector<ScenarioAnalysis>& analyses,
                              const ReportMeta& meta);

} // namespace crossgrade::reports
