#pragma once

// Calibrated probability words (decision-practice.md §9, the IPCC likelihood scale): one scale
// everywhere — the Costs view's probability card and the PDF report — and never a word without
// its number.

#include <string>

namespace crossgrade::model {

// The probability as printed: a whole percentage ("78 %"), "< 1 %" below 1 % and "> 99 %"
// above 99 %, never "0 %" or "100 %". NaN prints as "n/a".
std::string likelihoodPercent(double p);

// The narrowest band of the scale containing the probability as printed, so the word and the
// number always agree: "virtually certain" (> 99 %), "very likely" (90–99 %), "likely"
// (67–89 %), "about as likely as not" (33–66 %, both edges included: at 33 % the band ties in
// width with "unlikely" and at 66 % it is narrower than "likely"), "unlikely" (11–32 %),
// "very unlikely" (≤ 10 %).
std::string likelihoodWord(double p);

// "likely (78 %)": the word with its number.
std::string likelihoodPhrase(double p);

} // namespace crossgrade::model
