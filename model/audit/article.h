#pragma once

// Sentences of the reference article (shared/reference/cuda-lockin-article.txt) that the
// rules, bands and warnings rest on, quoted verbatim so a reader can find them.

#include <string_view>

namespace crossgrade::model::article {

inline constexpr std::string_view kScoring =
    "Scoring: 0–1 High-risk dimensions — migration feasible in weeks to months. Two High-risk "
    "dimensions — 3–6 month engineering project. Three or more — full 6–12 month dedicated "
    "effort requiring management commitment.";
inline constexpr std::string_view kGreenfield = "Greenfield new workload: Path 2 by default.";
inline constexpr std::string_view kThreeOrMoreHigh =
    "Three or more High dimensions: Path 2 now, revisit Paths 1 and 3 after software-layer work "
    "is complete.";
inline constexpr std::string_view kDistributedOnly = "Dimension 4 only High (NCCL): Path 3.";
inline constexpr std::string_view kKernelDriven =
    "1–2 High dimensions driven by custom kernels: Path 2.";
inline constexpr std::string_view kPaths2And3 =
    "Paths 2 + 3 is a common and coherent combination: adopt Triton/PyTorch abstraction for "
    "portability while adding MI300X hardware for large model inference now.";
inline constexpr std::string_view kLowScore = "0–1 High dimensions: Path 1.";
inline constexpr std::string_view kNoSingleStrategy =
    "No single portability strategy is optimal for all stacks. The right path depends on your "
    "audit results, workload type, and engineering capacity.";
inline constexpr std::string_view kNetworkingConstraint =
    "If Dimension 4 scores High, your networking-layer dependency is the constraint. That "
    "requires HetCCL reaching production, not just ROCm maturity — track it separately.";
inline constexpr std::string_view kTensorRt =
    "If Dimension 2 scores High due to TensorRT, your inference pipeline needs specific "
    "re-engineering before AMD hardware is viable.";
inline constexpr std::string_view kHetcclPremature =
    "If your software layer still has multiple High-risk dimensions, HetCCL’s status is "
    "premature to track — sort out the software layer first.";
inline constexpr std::string_view kTensorRtIsHigh =
    "TensorRT → nothing: High, no drop-in replacement on AMD.";
inline constexpr std::string_view kDistributedTiers =
    "Single-GPU inference only is Low. Multi-node distributed training with NCCL inter-node is "
    "High.";
inline constexpr std::string_view kHetcclSignals =
    "Signals to watch: a stable GitHub release, integration into PyTorch Distributed or "
    "DeepSpeed, and hyperscaler deployment announcements.";
inline constexpr std::string_view kPath3Defers =
    "Path 3 defers rather than eliminates the software migration cost for training — it buys "
    "time and immediate inference savings, not a substitute for the software-layer work.";
inline constexpr std::string_view kPath1Sequence =
    "Run MI300X hardware in parallel for inference, benchmark against your production baseline, "
    "resolve library gaps, then expand to training using HIPIFY for automated translation.";

} // namespace crossgrade::model::article
