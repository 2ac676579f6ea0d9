// How a scenario input's value is named and checked (scenario_inputs.h): group names, units,
// sense-bound domains and checkInput's sentences.

#include "scenario_inputs.h"

#include <array>
#include <cmath>

namespace crossgrade::model {

namespace {

std::string_view partName(int part) {
    static constexpr std::array<std::string_view, 3> names{"low", "most likely", "high"};
    return names[static_cast<std::size_t>(part)];
}

// How the message names what a number is: "a fraction must lie in [0, 1]".
std::string_view noun(InputUnit u) {
    switch (u) {
    case InputUnit::Fraction:
    case InputUnit::FractionPerYear:
        return "a fraction";
    case InputUnit::FractionPerMonth:
        return "a growth rate";
    case InputUnit::Usd:
    case InputUnit::UsdPerMonth:
    case InputUnit::UsdPerGpuHour:
    case InputUnit::UsdPerKwh:
    case InputUnit::UsdPerKwMonth:
    case InputUnit::UsdPerPbMonth:
        return "a price or cost";
    case InputUnit::Months:
    case InputUnit::MonthFromStart:
        return "a number of months";
    case InputUnit::RatioToH100:
        return "a ratio to H100";
    case InputUnit::Factor:
        return "a PUE";
    case InputUnit::TokensPerSecond:
        return "a throughput";
    case InputUnit::Gigabytes:
        return "a memory size";
    case InputUnit::Kilowatts:
        return "a power";
    case InputUnit::H100Equivalents:
        return "a GPU count";
    case InputUnit::JoulesPerToken:
        return "an energy per token";
    case InputUnit::GpusPerMonth:
        return "a number of GPUs a month";
    case InputUnit::TerabytesPerSecond:
        return "a memory bandwidth";
    case InputUnit::Teraflops:
        return "a compute rate";
    case InputUnit::MegabytesPerToken:
        return "a KV cache size";
    case InputUnit::Petabytes:
        return "a storage size";
    case InputUnit::Megawatts:
        return "a power";
    case InputUnit::GpusPerPerson:
        return "a number of GPUs per person";
    }
    return "this number";
}

} // namespace

std::string_view toString(InputGroup g) {
    switch (g) {
    case InputGroup::General:
        return "General";
    case InputGroup::FleetProcurement:
        return "Fleet & procurement";
    case InputGroup::Workloads:
        return "Workloads";
    case InputGroup::Prices:
        return "Prices (per SKU)";
    case InputGroup::Performance:
        return "Performance";
    case InputGroup::PortTasks:
        return "Port tasks";
    case InputGroup::TeamTransition:
        return "Team & transition";
    case InputGroup::EnergyFacility:
        return "Energy & facility";
    case InputGroup::OwnerCosts:
        return "Owner costs";
    case InputGroup::HetCcl:
        return "HetCCL";
    }
    return "";
}

bool isFraction(InputUnit u) {
    return u == InputUnit::Fraction || u == InputUnit::FractionPerYear ||
           u == InputUnit::FractionPerMonth;
}

bool isMoney(InputUnit u) {
    return u == InputUnit::Usd || u == InputUnit::UsdPerMonth || u == InputUnit::UsdPerGpuHour ||
           u == InputUnit::UsdPerKwh || u == InputUnit::UsdPerKwMonth ||
           u == InputUnit::UsdPerPbMonth;
}

std::string_view unitSymbol(InputUnit u) {
    switch (u) {
    case InputUnit::Fraction:
    case InputUnit::Usd:
    case InputUnit::Factor:
        return "";
    case InputUnit::FractionPerYear:
        return "/yr";
    case InputUnit::FractionPerMonth:
    case InputUnit::UsdPerMonth:
        return "/mo";
    case InputUnit::UsdPerGpuHour:
        return "/GPU-h";
    case InputUnit::UsdPerKwh:
        return "/kWh";
    case InputUnit::UsdPerKwMonth:
        return "/kW-mo";
    case InputUnit::Months:
        return " mo";
    case InputUnit::MonthFromStart:
        return " mo";
    case InputUnit::RatioToH100:
        return "×";
    case InputUnit::TokensPerSecond:
        return " tok/s";
    case InputUnit::Gigabytes:
        return " GB";
    case InputUnit::Kilowatts:
        return " kW";
    case InputUnit::H100Equivalents:
        return " GPUs";
    case InputUnit::JoulesPerToken:
        return " J/token";
    case InputUnit::GpusPerMonth:
        return " GPUs/mo";
    case InputUnit::TerabytesPerSecond:
        return " TB/s";
    case InputUnit::Teraflops:
        return " TFLOPS";
    case InputUnit::MegabytesPerToken:
        return " MB/token";
    case InputUnit::Petabytes:
        return " PB";
    case InputUnit::UsdPerPbMonth:
        return "/PB-mo";
    case InputUnit::Megawatts:
        return " MW";
    case InputUnit::GpusPerPerson:
        return " GPUs/person";
    }
    return "";
}

std::optional<std::string> checkInput(const ScenarioInput& input, const UncertainNumber& number) {
    const std::array<double, 3> values{number.range.low, number.range.most_likely,
                                       number.range.high};
    for (int part = 0; part < 3; ++part) {
        const double v = values[static_cast<std::size_t>(part)];
        if (std::isnan(v))
            return std::string(partName(part)) + " is not a number (NaN)";
        if (std::isinf(v))
            return std::string(partName(part)) + " is infinite: every value must be finite";
    }
    if (values[0] > values[1])
        return "low " + shortestNumberText(values[0]) + " is above most likely " +
               shortestNumberText(values[1]);
    if (values[1] > values[2])
        return "most likely " + shortestNumberText(values[1]) + " is above high " +
               shortestNumberText(values[2]);
    const InputDomain& d = input.domain;
    for (int part = 0; part < 3; ++part) {
        const double v = values[static_cast<std::size_t>(part)];
        if (d.admits(v))
            continue;
        std::string message = std::string(partName(part)) + " " + shortestNumberText(v) + ": ";
        if (d.isFixed() && input.unit == InputUnit::RatioToH100)
            return message + "H100 is the reference, so its ratio must be exactly " +
                   shortestNumberText(d.min);
        if (d.isFixed())
            return message + "this number must be exactly " + shortestNumberText(d.min);
        if (d.cap && (d.max_open ? v >= d.max : v > d.max))
            return message + std::string(noun(input.unit)) + " must be at most " +
                   shortestNumberText(d.max) + " (docs/limits.md)";
        // Below a capped interval, the lower bound is what the value missed.
        const InputDomain shown =
            d.cap ? InputDomain{d.min, std::numeric_limits<double>::infinity(), d.min_open} : d;
        const bool bounded = std::isfinite(shown.min) && std::isfinite(shown.max);
        return message + std::string(noun(input.unit)) + (bounded ? " must lie in " : " must be ") +
               shown.describe();
    }
    if (number.source.size() > kMaxSourceBytes)
        return "the source is " + std::to_string(number.source.size()) + " bytes; at most " +
               std::to_string(kMaxSourceBytes) + " fit";
    if (number.date.size() > kMaxDateBytes)
        return "the date is " + std::to_string(number.date.size()) + " bytes; at most " +
               std::to_string(kMaxDateBytes) + " fit";
    return std::nullopt;
}

} // namespace crossgrade::model
