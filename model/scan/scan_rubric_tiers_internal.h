#pragma once

// What the tier rules (scan_rubric_tiers.cpp: kernels, libraries and the proposal;
// scan_rubric_tiers_platform.cpp: framework, distributed, toolchain) share: the thresholds, the
// reason's wording, the proposal's context. Internal to model/scan.

#include "scan_rubric.h"
#include "scan_rubric_internal.h"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace crossgrade::model::rubric {

// The thresholds (docs/scanner.md, "Rubric", says why each is where it is).
// D1 High: a non-portable kernel library; a large portable kernel library.
inline constexpr long long kSubstantialNonPortableFiles = 5;
inline constexpr long long kSubstantialKernelFiles = 100;
// D5 Medium: NVIDIA plumbing (arch flags, wheel pins, runner labels, runtime flags) in at least
// this many production files; in one it is a day's edit.
inline constexpr long long kToolchainPlumbingFiles = 2;
// D1, D3 Medium: a Triton kernel library.
inline constexpr long long kTritonFiles = 5;
// D3 without a framework in between: Medium, High.
inline constexpr long long kDirectApiFiles = 5;
inline constexpr long long kExtensiveDirectApiFiles = 20;
// D2 High: a library the code is built on.
inline constexpr long long kCentralLibraryFiles = 3;
// D2: CUTLASS is the library the kernels are built on when it underlies at least two in three
// of the files holding kernel code (CUDA, CuTe DSL, Triton); below that its kernels are a part
// of a larger kernel set, ported with it (D1), and CUTLASS alone sets Medium.
inline constexpr long long kCutlassCentralNumerator = 2;
inline constexpr long long kCutlassCentralDenominator = 3;
// TensorRT and TensorRT-LLM are High from one file: an engine built in one place is the whole
// serving backend, and the article names TensorRT as the library without a drop-in.
inline constexpr std::array<std::string_view, 2> kServingRuntimes = {"D2.tensorrt",
                                                                     "D2.tensorrt-llm"};
// D3: a kernel package used, not tried.
inline constexpr long long kKernelLibraryFiles = 3;
// D4 High: communication code of its own.
inline constexpr long long kCentralCommHits = 10;
// D5 High without a kernel library: build, images, CI, profiling.
inline constexpr int kToolchainStagesHigh = 3;

std::string count(long long n, std::string_view what);
std::string files(long long n); // "3 production files"
// Rules and their production files, for a reason: "D1.cute-dsl 47, D1.inline-ptx 5".
std::string ruleCounts(const FindingTally& t, std::span<const std::string_view> rules);
// The finding rules of a dimension with production files at `level`, most files first.
std::vector<std::pair<std::string_view, long long>> rulesAt(const FindingTally& t, Dimension d,
                                                            Level level);
std::string listed(const std::vector<std::pair<std::string_view, long long>>& rules);
// Of `rules`, the one with the most production files ("" when none has any).
std::string topRule(const FindingTally& t, std::span<const std::string_view> rules);

inline constexpr std::array<std::string_view, 8> kNonPortableRules = {
    "D1.inline-ptx", "D1.wmma",  "D1.hopper-blackwell", "D1.cute-dsl",
    "D2.cutlass",    "D1.nvrtc", "D1.numba-cuda",       "D1.pycuda"};
inline constexpr std::array<std::string_view, 7> kKernelRules = {
    "D1.cuda-source-file", "D1.kernel-qualifier", "D1.kernel-launch",   "D1.warp-sync",
    "D1.warp-size-32",     "D1.cupy-kernel",      "D1.inline-extension"};

// The first held production finding of a dimension matching `pred`.
template <typename Pred>
const ScanFinding* firstOf(const std::vector<const ScanFinding*>& findings, Pred pred) {
    for (const ScanFinding* f : findings)
        if (pred(*f))
            return f;
    return nullptr;
}

struct Context {
    const FindingTally& tally;
    const std::vector<const ScanFinding*>& held; // what the tally keeps, in scan order
    std::optional<WorkloadKind> workload;
    // Repository-wide ROCm signals among the production mitigations.
    const ScanFinding* buildHip = nullptr;     // a HIP branch or hipify in a build definition
    const ScanFinding* rocmPipeline = nullptr; // a ROCm image, container or CI job
    // Folders a ROCm build compiles (coverage by build target).
    std::vector<CoveredFolder> buildFolders;
};

// A kernel class's volume with the files under a folder a ROCm build compiles counted as
// covered too (they had no HIP path of their own); `byBuild` gets how many, `used` the folders
// that covered any.
RuleVolume coveredVolume(const Context& c, CodeClass cls, long long* byBuild = nullptr,
                         std::vector<CoveredFolder>* used = nullptr);
// The rule of the first production mitigation held that covers `d` in a source file (a HIP
// path in the file it covers).
std::string coveringMitigation(const Context& c, Dimension d);
// Sets the tier and its deciding rule, and adds the reason ("...: Medium").
void set(DimensionProposal& p, Tier tier, std::string_view rule, std::string reason);

// The highest severity of a dimension with production files, and its volume.
struct SeverityFiles {
    Level level = Level::Low;
    RuleVolume volume;
    bool any = false;
};
SeverityFiles highestSeverity(const FindingTally& t, Dimension d);

// Dimensions 3-5 (scan_rubric_tiers_platform.cpp).
void decideFramework(DimensionProposal& p, const Context& c);
void decideDistributed(DimensionProposal& p, const Context& c);
void decideToolchain(DimensionProposal& p, const Context& c);

} // namespace crossgrade::model::rubric
