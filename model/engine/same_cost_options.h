#pragma once

// Options that cost the same, said in words: a table of options with identical costs is the
// first thing a buyer questions, so it says why. Two reasons only, each checked, never guessed
// (and a third sentence for options a table rounds alike):
// - an option takes no door to AMD at these values, so it is staying on CUDA under another name;
// - two options take the same doors at the same months and cost the same: one plan for this
//   fleet. Where the pair is Path 1 and Path 3 (or Path 2 and Paths 2+3) and the scenario has no
//   training workload, the sentence adds why: Path 3 differs from Path 1 only in how training
//   reaches AMD, through HetCCL.

#include "evaluation.h"

#include <string>
#include <vector>

namespace crossgrade::model {

// NPVs (and totals) within this many dollars are the same cost, as the tie rules read them.
inline constexpr double kSameCostUsd = 1.0;

// One sentence per group of options that cost the same at the most likely values, in the
// evaluation's order; empty when no two options do.
// Whether the scenario has a training workload is read from the options' per-workload costs.
std::vector<std::string> sameCostSentences(const ScenarioEvaluation& evaluation);

} // namespace crossgrade::model
