#pragma once

// The report's sections, each appending to the body (report_content.h puts them in order).

#include "report_content.h"

#include <map>
#include <string>

namespace crossgrade::reports::sections {

// Page 1: question and answer, context, options table, cost chart, drivers, switching values,
// risks, next steps.
void decisionPage(ReportBody& body, const ScenarioAnalysis& a, const ReportMeta& meta);
// Several scenarios side by side, with paired differences to the first.
void comparison(ReportBody& body, const std::vector<ScenarioAnalysis>& analyses);
// One scenario's detail: cost curves with bands, uncertainty per option, sensitivity, risks
// (`withRisks`: the decision page has not listed them), audit, HetCCL watch, assumptions.
void scenarioDetail(ReportBody& body, const ScenarioAnalysis& a, const ReportMeta& meta,
                    const QString& title, bool withRisks);
void risks(ReportBody& body, const ScenarioAnalysis& a);
void audit(ReportBody& body, const ScenarioAnalysis& a);
void hetccl(ReportBody& body, const ScenarioAnalysis& a, const ReportMeta& meta);
// For each inference workload: its benchmark binding with the rows behind every measured
// number and what stays default, or that it is not bound.
void benchmarkEvidence(ReportBody& body, const ScenarioAnalysis& a);
void assumptionRegister(ReportBody& body, const ScenarioAnalysis& a);
void methodology(ReportBody& body, const std::vector<ScenarioAnalysis>& analyses,
                 const ReportMeta& meta);

// The cumulative cost per option with its P10–P90 bands, `heightMm` high, and its caption.
void cumulativeFigure(ReportBody& body, const ScenarioAnalysis& a, double heightMm);
// Input pointer → label, for every input the engine reads.
std::map<std::string, std::string> inputLabels(const model::Scenario& scenario);
// The tornado the decision page shows: the lead option's, or the challenger's when the lead's
// has no bars; nullptr when neither has any.
const model::Tornado* leadTornado(const ScenarioAnalysis& a);
// A tornado figure with its inputs named.
FigureBuilder tornadoFigure(const model::Tornado& tornado, const ScenarioAnalysis& a,
                            std::size_t maxBars);

} // namespace crossgrade::reports::sections
