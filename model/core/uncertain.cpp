#include "uncertain.h"

namespace crossgrade::model {

std::string_view toString(Distribution d) {
    switch (d) {
    case Distribution::Pert:
        return "pert";
    case Distribution::Triangular:
        return "triangular";
    case Distribution::Uniform:
        return "uniform";
    }
    return "pert";
}

std::string_view toString(Confidence c) {
    switch (c) {
    case Confidence::A:
        return "A";
    case Confidence::B:
        return "B";
    case Confidence::C:
        return "C";
    case Confidence::Unknown:
        return "?";
    }
    return "?";
}

std::optional<Distribution> parseDistribution(std::string_view name) {
    for (Distribution d : {Distribution::Pert, Distribution::Triangular, Distribution::Uniform})
        if (toString(d) == name)
            return d;
    return std::nullopt;
}

std::optional<Confidence> parseConfidence(std::string_view name) {
    for (Confidence c : {Confidence::A, Confidence::B, Confidence::C, Confidence::Unknown})
        if (toString(c) == name)
            return c;
    return std::nullopt;
}

} // namespace crossgrade::model
