#include "likelihood.h"

#include <cmath>

namespace crossgrade::model {

namespace {

// The printed percentage: 0 stands for "< 1 %", 100 for "> 99 %", -1 for NaN.
int printedPercent(double p) {
    if (std::isnan(p))
        return -1;
    if (p < 0.01)
        return 0;
    if (p > 0.99)
        return 100;
    return static_cast<int>(std::lround(p * 100)); // 1 … 99
}

} // namespace

std::string likelihoodPercent(double p) {
    const int k = printedPercent(p);
    if (k < 0)
        return "n/a";
    if (k == 0)
        return "< 1 %";
    if (k == 100)
        return "> 99 %";
    return std::to_string(k) + " %";
}

std::string likelihoodWord(double p) {
    const int k = printedPercent(p);
    if (k < 0)
        return "unknown";
    if (k == 100)
        return "virtually certain";
    if (k >= 90)
        return "very likely";
    if (k > 66)
        return "likely";
    if (k >= 33)
        return "about as likely as not";
    if (k > 10)
        return "unlikely";
    return "very unlikely";
}

std::string likelihoodPhrase(double p) {
    return likelihoodWord(p) + " (" + likelihoodPercent(p) + ")";
}

} // namespace crossgrade::model
