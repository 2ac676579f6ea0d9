#pragma once

// The uncertainty options and text the commands that run a Monte Carlo share (evaluate, report):
// how many samples choose the plans and how many re-optimise in hindsight (issue 25;
// docs/uncertainty.md), and the plan choice and hindsight as text.

#include "uncertainty_analysis.h"

#include <QCommandLineParser>
#include <optional>
#include <ostream>

namespace crossgrade::app {

// --plan-samples N and --hindsight N.
void addPlanChoiceOptions(QCommandLineParser& parser);
// The uncertainty settings from those options around `monteCarlo` (each checked: a count, or 0
// to skip the stage).
model::UncertaintyOptions uncertaintyOptions(const QCommandLineParser& parser,
                                             const model::MonteCarloOptions& monteCarlo);

void printPlanChoiceText(std::ostream& out, const model::PlanChoice& choice,
                         std::optional<model::OptionId> only);
void printHindsightText(std::ostream& out, const model::Hindsight& hindsight,
                        std::optional<model::OptionId> only);

} // namespace crossgrade::app
