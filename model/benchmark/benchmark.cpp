#include "benchmark.h"

#include <cctype>

namespace crossgrade::model {

const std::vector<HardwareName>& hardwareNames() {
    // MLPerf writes accelerator_model_name in full ("NVIDIA H100-SXM-80GB", "AMD Instinct
    // MI300X-NPS1-SPX-192GB-750W"); InferenceX writes a key whose base is the GPU ("h100",
    // "mi355x_sglang", "b200-trt-mtp"), whose base before the first '-' or '_' is the key looked
    // up here. Only the SXM/OAM parts the price book prices are named:
    // a PCIe or NVL card, a Grace superchip or a newer part is a different machine.
    static const std::vector<HardwareName> table{
        {"nvidia h100 sxm", false, "H100", "MLPerf: NVIDIA H100-SXM-80GB"},
        {"nvidia h100 sxm5", false, "H100", "MLPerf: NVIDIA H100-SXM5-80GB"},
        {"nvidia h200 sxm", false, "H200", "MLPerf: NVIDIA H200-SXM-141GB"},
        {"nvidia b200 sxm", false, "B200", "MLPerf: NVIDIA B200-SXM-180GB"},
        {"amd instinct mi300x", false, "MI300X", "MLPerf: AMD Instinct MI300X-NPS1-SPX-192GB-750W"},
        {"amd instinct mi325x", false, "MI325X", "MLPerf: AMD Instinct MI325X 256GB HBM3e"},
        {"amd instinct mi355x", false, "MI355X", "MLPerf: AMD Instinct MI355X 288GB HBM3e"},
        {"h100", true, "H100", "InferenceX key h100 (SXM)"},
        {"h200", true, "H200", "InferenceX key h200"},
        {"b200", true, "B200", "InferenceX key b200"},
        {"mi300x", true, "MI300X", "InferenceX key mi300x"},
        {"mi325x", true, "MI325X", "InferenceX key mi325x"},
        {"mi355x", true, "MI355X", "InferenceX key mi355x"},
    };
    return table;
}

std::string normaliseHardware(std::string_view hardware) {
    std::string out;
    bool space = false;
    for (const char c : hardware) {
        if (c == ' ' || c == '-' || c == '_' || c == '\t') {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += char(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

namespace {

std::optional<std::string> skuForName(const std::string& name) {
    for (const HardwareName& row : hardwareNames()) {
        if (row.key) {
            if (name == row.name)
                return std::string(row.sku);
            continue;
        }
        if (name.size() < row.name.size() || name.compare(0, row.name.size(), row.name) != 0)
            continue;
        if (name.size() == row.name.size() || name[row.name.size()] == ' ')
            return std::string(row.sku);
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> skuForHardware(std::string_view hardware) {
    if (auto sku = skuForName(normaliseHardware(hardware)))
        return sku;
    // An InferenceX hardware key names the GPU before its first '-' or '_' ("mi355x_sglang",
    // "b200-trt"): a single word with a suffix is read by its base key.
    const bool oneWord = hardware.find(' ') == std::string_view::npos;
    const auto cut = hardware.find_first_of("-_");
    if (oneWord && cut != std::string_view::npos && cut > 0)
        return skuForName(normaliseHardware(hardware.substr(0, cut)));
    return std::nullopt;
}

bool excludedFromBindingsByDefault(const BenchmarkRecord& r) {
    for (const std::string& flag : r.flags)
        if (flag == kFlagPre2026AmdImage || flag == kFlagUndatedAmdImage)
            return true;
    return false;
}

} // namespace crossgrade::model
