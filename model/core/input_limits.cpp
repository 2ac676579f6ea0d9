#include "input_limits.h"

#include <charconv>
#include <cmath>

namespace crossgrade::model {

// "1.5", "-1.2", "1000000": the shortest text that reads back as the same double.
std::string shortestNumberText(double v) {
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "infinity" : "-infinity";
    char buffer[64];
    const double magnitude = std::fabs(v);
    const auto format = (magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e15))
                            ? std::chars_format::fixed
                            : std::chars_format::general;
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v, format);
    return std::string(buffer, result.ptr);
}

bool InputDomain::admits(double value) const {
    if (!std::isfinite(value))
        return false;
    if (min_open ? value <= min : value < min)
        return false;
    return max_open ? value < max : value <= max;
}

std::string InputDomain::describe() const {
    const bool hasMin = std::isfinite(min);
    const bool hasMax = std::isfinite(max);
    if (isFixed())
        return "exactly " + shortestNumberText(min);
    if (hasMin && hasMax)
        return std::string(min_open ? "(" : "[") + shortestNumberText(min) + ", " +
               shortestNumberText(max) + (max_open ? ")" : "]");
    if (hasMin)
        return std::string(min_open ? "> " : "≥ ") + shortestNumberText(min);
    if (hasMax)
        return std::string(max_open ? "< " : "≤ ") + shortestNumberText(max);
    return "any finite number";
}

} // namespace crossgrade::model
