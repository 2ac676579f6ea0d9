#pragma once

// Measured benchmark results (issue 7; reference/benchmark-formats.md §D): one canonical record
// every importer maps into, and the one table that names which price-book SKU a benchmark's
// hardware string is. The model never reads a source format; data/ converts units at the
// importer boundary (throughput per GPU in tokens/s, latency in seconds).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

struct BenchmarkRecord {
    // Provenance: where the row came from, so every ratio can say what it rests on.
    std::string source;     // "mlperf-inference", "inferencex", "serving", "csv"
    std::string file;       // the file imported, as given
    std::string source_ref; // the row within it ("row 9", a run id)
    std::string date;       // ISO date when known (MLPerf: the round's publication, if given)
    std::string round;      // e.g. MLPerf "v6.1"; empty when not applicable

    std::string hardware; // the hardware string as the source wrote it
    std::string sku;      // the price-book SKU it maps to (skuForHardware)
    std::string software_stack;
    std::string image; // container image or build id, when known
    std::string model;
    std::string precision;
    std::string scenario; // Offline, Server, Interactive, sweep, …
    std::optional<int> isl;
    std::optional<int> osl;
    std::optional<int> concurrency;
    int gpus = 0;
    int nodes = 1;
    // Disaggregated serving (InferenceX): the GPUs of each phase; their sum is `gpus`.
    std::optional<int> prefill_gpus;
    std::optional<int> decode_gpus;

    // Throughput per GPU, tokens/s. Output and total are kept apart: MLPerf's LLM results count
    // generated tokens only, so they set output and leave total empty.
    std::optional<double> total_tokens_per_s_per_gpu;
    std::optional<double> output_tokens_per_s_per_gpu;
    // Disaggregated runs divide each by its own GPUs (output ÷ decode, input ÷ prefill, total ÷
    // all); none is ever recomputed from the others.
    std::optional<double> input_tokens_per_s_per_gpu;
    std::optional<double> ttft_median_s;
    std::optional<double> ttft_p99_s;
    std::optional<double> tpot_median_s;
    std::optional<double> e2e_median_s;
    std::optional<double> interactivity; // tokens/s per user
    std::optional<double> power_w;
    std::optional<double> joules_per_token;
    std::string accuracy_note;
    std::vector<std::string> flags; // kFlag… below, or a source's own reason

    bool operator==(const BenchmarkRecord&) const = default;
};

// Flags a record may carry. A record flagged kFlagPre2026AmdImage is listed everywhere with its
// flag and left out of workload bindings unless the user includes it.
inline constexpr std::string_view kFlagPre2026AmdImage =
    "pre-2026 AMD image (private ROCm build; not what customers can run)";
inline constexpr std::string_view kFlagUndatedAmdImage =
    "undated AMD image (may be a private pre-2026 ROCm build)";
inline constexpr std::string_view kFlagPowerInvalid = "power measurement invalid";
inline constexpr std::string_view kFlagFailedRequests = "some requests failed";

// Whether a binding leaves the record out unless asked to include it: AMD InferenceX rows from
// before 2026-01 (or with no date to tell) ran private images.
bool excludedFromBindingsByDefault(const BenchmarkRecord& r);

// One row of the hardware table. A source's hardware string, lower-cased and with every run of
// spaces, '-' and '_' read as one space, matches a full name when it begins with `name`
// followed by the end or a space ("nvidia h100 sxm 80gb"), and a key only when it is `name`
// exactly ("h100", never "h100 nvl"). A string no row matches is unknown: reported, never
// guessed.
struct HardwareName {
    std::string_view name; // e.g. "nvidia h100 sxm", or the key "h100"
    bool key = false;      // matches exactly (InferenceX's base GPU key)
    std::string_view sku;  // the price-book SKU id, e.g. "H100"
    std::string_view note; // what the row covers, for docs/benchmarks.md
};

const std::vector<HardwareName>& hardwareNames();

// "AMD Instinct MI300X-NPS1-SPX-192GB-750W" → "MI300X", "NVIDIA H100-SXM-80GB" → "H100",
// "mi355x" → "MI355X", and an InferenceX key with its framework suffix by its base key
// ("mi355x_sglang", "b200-trt" → "B200"); nullopt for hardware the table does not know
// (B300, GB200, an H100 PCIe or NVL card, …).
std::optional<std::string> skuForHardware(std::string_view hardware);

// The hardware string as the table reads it: lower case, runs of ' ', '-', '_' as one space.
std::string normaliseHardware(std::string_view hardware);

} // namespace crossgrade::model
