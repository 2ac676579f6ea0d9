// Editing the rest of a scenario (scenario_inputs.h, "Editing the rest of a scenario"): names
// and ids, the lot and workload a user adds, and switching a workload's kind.

#include "capacity_defaults.h"
#include "scenario_input_fields.h"
#include "scenario_inputs.h"

#include <algorithm>
#include <array>

namespace crossgrade::model {

using input_fields::kReferenceSkuId;
using input_fields::WorkloadSpec;
using input_fields::workloadSpecs;

bool isBlankName(std::string_view name) {
    // ASCII white space and the Unicode spaces a paste brings (no-break, en/em, ideographic,
    // zero-width, line and paragraph separators, byte-order mark), as UTF-8.
    static constexpr std::array<std::string_view, 8> kWideSpaces{
        "\xC2\xA0",     "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80",
        "\xE2\x80\xA8", "\xE2\x80\xA9", "\xEF\xBB\xBF", "\xE1\x9A\x80"};
    std::size_t i = 0;
    while (i < name.size()) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c == ' ' || (c >= '\t' && c <= '\r')) {
            ++i;
            continue;
        }
        // U+2000–U+200B: the typographic spaces and the zero-width space.
        if (c == 0xE2 && i + 2 < name.size() && static_cast<unsigned char>(name[i + 1]) == 0x80 &&
            static_cast<unsigned char>(name[i + 2]) <= 0x8B) {
            i += 3;
            continue;
        }
        const std::string_view rest = name.substr(i);
        const auto wide = std::find_if(kWideSpaces.begin(), kWideSpaces.end(),
                                       [&](std::string_view w) { return rest.starts_with(w); });
        if (wide == kWideSpaces.end())
            return false;
        i += wide->size();
    }
    return true;
}

std::optional<std::string> checkCollectionId(std::string_view id) {
    if (id.empty() || id.size() > kMaxIdBytes || id.find_first_of("/~") != std::string_view::npos)
        return "an id must be 1 to " + std::to_string(kMaxIdBytes) +
               " bytes without \"/\" or \"~\"";
    return std::nullopt;
}

FleetLot newFleetLot(const Scenario& s) {
    FleetLot lot;
    lot.workload = s.workloads.empty() ? std::string() : s.workloads.begin()->first;
    lot.count = 8;
    lot.age_months = 0;
    lot.channel = Channel::Owned;
    // Preference: what new NVIDIA capacity is bought as, then the reference SKU, then any
    // NVIDIA SKU — the first the performance table rates for the workload's class.
    std::vector<std::string> candidates{s.nvidia.sku, std::string(kReferenceSkuId)};
    for (const auto& [id, sku] : s.pricebook.skus)
        candidates.push_back(id);
    const auto workload = s.workloads.find(lot.workload);
    for (const std::string& id : candidates) {
        const auto sku = s.pricebook.skus.find(id);
        if (sku == s.pricebook.skus.end() || sku->second.vendor != Vendor::Nvidia)
            continue;
        if (workload != s.workloads.end()) {
            const auto row = s.pricebook.performance.find(workload->second.workload_class);
            if (row == s.pricebook.performance.end() || !row->second.contains(id))
                continue;
        }
        lot.sku = id;
        lot.count = sku->second.gpus_per_server; // one server
        return lot;
    }
    lot.sku = std::string(kReferenceSkuId);
    return lot;
}

namespace {

UncertainNumber placeholder(double value) {
    UncertainNumber n = UncertainNumber::certain(value);
    n.source = "placeholder set by the editor: replace with your own figure";
    n.confidence = Confidence::Unknown;
    return n;
}

bool admitted(const WorkloadSpec& f, const UncertainNumber& n) {
    const ScenarioInput input{"", std::string(f.label), InputGroup::Workloads, f.unit, f.domain, "",
                              ""};
    return !checkInput(input, n).has_value();
}

} // namespace

// Engine version 3's capacity inputs: placeholders for an inference workload, none for
// training (the reader warns about the other kind's inputs).
static void setCapacityPlaceholders(Workload& w) {
    const bool inference = w.kind == WorkloadKindOfDemand::Inference;
    for (const input_fields::OptionalWorkloadSpec& f : input_fields::optionalWorkloadSpecs()) {
        if (!inference)
            (w.*f.member).reset();
        else if (!(w.*f.member))
            w.*f.member = placeholder(f.placeholder);
    }
    w.input_tokens = inference ? (w.input_tokens > 0 ? w.input_tokens : kDefaultInputTokens) : 0;
    w.output_tokens =
        inference ? (w.output_tokens > 0 ? w.output_tokens : kDefaultOutputTokens) : 0;
}

Workload newWorkload(WorkloadKindOfDemand kind) {
    Workload w;
    w.kind = kind;
    w.name = kind == WorkloadKindOfDemand::Inference ? "New inference workload"
                                                     : "New training workload";
    w.workload_class = kind == WorkloadKindOfDemand::Inference ? WorkloadClass::DenseInference
                                                               : WorkloadClass::PyTorchTraining;
    for (const WorkloadSpec& f : workloadSpecs())
        if (!f.kind || *f.kind == kind)
            w.*f.member = placeholder(f.placeholder);
    setCapacityPlaceholders(w);
    return w;
}

void setWorkloadKind(Workload& w, WorkloadKindOfDemand kind) {
    const bool inference = kind == WorkloadKindOfDemand::Inference;
    w.kind = kind;
    if (isInference(w.workload_class) != inference)
        w.workload_class =
            inference ? WorkloadClass::DenseInference : WorkloadClass::PyTorchTraining;
    // Flags of the other kind change nothing in the engine, but the reader warns about them.
    if (inference) {
        w.multi_node = false;
    } else {
        w.tensorrt = false;
        w.benchmark.reset(); // benchmarks measure serving: a training workload is never bound
    }
    for (const WorkloadSpec& f : workloadSpecs())
        if ((!f.kind || *f.kind == kind) && !admitted(f, w.*f.member))
            w.*f.member = placeholder(f.placeholder);
    setCapacityPlaceholders(w);
}

std::string_view toString(WorkloadKindOfDemand k) {
    return k == WorkloadKindOfDemand::Inference ? "inference" : "training";
}

std::optional<WorkloadKindOfDemand> parseWorkloadKindOfDemand(std::string_view name) {
    if (name == "inference")
        return WorkloadKindOfDemand::Inference;
    if (name == "training")
        return WorkloadKindOfDemand::Training;
    return std::nullopt;
}

} // namespace crossgrade::model
