#include "scenario.h"

namespace crossgrade::model {

namespace {

template <typename Enum, std::size_t N>
std::optional<Enum> parseByName(const std::array<Enum, N>& all, std::string_view name) {
    for (Enum e : all)
        if (toString(e) == name)
            return e;
    return std::nullopt;
}

} // namespace

std::string_view toString(Channel c) {
    switch (c) {
    case Channel::Owned:
        return "owned";
    case Channel::Reserved:
        return "reserved";
    case Channel::OnDemand:
        return "on-demand";
    }
    return "owned";
}
std::optional<Channel> parseChannel(std::string_view name) {
    return parseByName(std::array{Channel::Owned, Channel::Reserved, Channel::OnDemand}, name);
}

std::string_view toString(Disposition d) {
    return d == Disposition::Sell ? "sell" : "idle";
}
std::optional<Disposition> parseDisposition(std::string_view name) {
    return parseByName(std::array{Disposition::Sell, Disposition::KeepIdle}, name);
}

std::string_view toString(Fabric f) {
    return f == Fabric::InfiniBand ? "infiniband" : "roce";
}
std::optional<Fabric> parseFabric(std::string_view name) {
    return parseByName(std::array{Fabric::InfiniBand, Fabric::RoCE}, name);
}

std::string_view toString(FinancingMethod m) {
    switch (m) {
    case FinancingMethod::Cash:
        return "cash";
    case FinancingMethod::Loan:
        return "loan";
    case FinancingMethod::Lease:
        return "lease";
    }
    return "cash";
}
std::optional<FinancingMethod> parseFinancingMethod(std::string_view name) {
    return parseByName(
        std::array{FinancingMethod::Cash, FinancingMethod::Loan, FinancingMethod::Lease}, name);
}

std::string_view toString(Sizing s) {
    return s == Sizing::WholeServers ? "servers" : "continuous";
}
std::optional<Sizing> parseSizing(std::string_view name) {
    return parseByName(std::array{Sizing::WholeServers, Sizing::Continuous}, name);
}

std::string_view toString(OptionId o) {
    switch (o) {
    case OptionId::StayCuda:
        return "stay-cuda";
    case OptionId::Path1:
        return "path1";
    case OptionId::Path2:
        return "path2";
    case OptionId::Path3:
        return "path3";
    case OptionId::Path2And3:
        return "path2+3";
    }
    return "stay-cuda";
}
std::string optionShortTitle(OptionId o) {
    switch (o) {
    case OptionId::StayCuda:
        return "Stay on CUDA";
    case OptionId::Path1:
        return "Path 1";
    case OptionId::Path2:
        return "Path 2";
    case OptionId::Path3:
        return "Path 3";
    case OptionId::Path2And3:
        return "Paths 2+3";
    }
    return "Stay on CUDA";
}
std::optional<OptionId> parseOptionId(std::string_view name) {
    return parseByName(kAllOptions, name);
}

std::optional<PortabilityPath> pathOf(OptionId o) {
    switch (o) {
    case OptionId::StayCuda:
        return std::nullopt;
    case OptionId::Path1:
        return PortabilityPath::Path1;
    case OptionId::Path2:
        return PortabilityPath::Path2;
    case OptionId::Path3:
        return PortabilityPath::Path3;
    case OptionId::Path2And3:
        return PortabilityPath::Path2And3;
    }
    return std::nullopt;
}

} // namespace crossgrade::model
