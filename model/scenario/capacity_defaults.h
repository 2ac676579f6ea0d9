#pragma once

// Engine version 3's capacity model reads a workload's weights, KV cache per token, request
// lengths and interactivity target (model/engine/inference_capacity.h). A file that has only
// model_memory_gb is read by the split documented in docs/model.md ("Inference capacity"):
// model_memory_gb was sized as the weights plus the KV cache of a batch of 64 sequences at
// 1k input / 1k output tokens, 80 % and 20 % of it. The engine and the upgrade share it.

#include "scenario.h"

namespace crossgrade::model {

inline constexpr double kWeightsShareOfModelMemory = 0.8;
inline constexpr double kSplitBatchSequences = 64;
inline constexpr int kDefaultInputTokens = 1024;
inline constexpr int kDefaultOutputTokens = 1024;
inline constexpr double kDefaultInteractivity = 20;            // tokens/s per user
inline constexpr double kDefaultTensorParallelOverhead = 0.05; // per doubling of the degree

// The split for one value of model_memory_gb: weights (GB) and KV cache per token (MB) at
// `contextTokens` (input + output).
inline double weightsFromModelMemory(double modelMemoryGb) {
    return kWeightsShareOfModelMemory * modelMemoryGb;
}
inline double kvMbPerTokenFromModelMemory(double modelMemoryGb, double contextTokens) {
    return (1 - kWeightsShareOfModelMemory) * modelMemoryGb * 1000.0 /
           (kSplitBatchSequences * contextTokens);
}

// Fills an inference workload's capacity inputs it lacks by the split (ranges scaled alike,
// the source saying where they came from); the interactivity target and request lengths get
// the defaults above. Returns whether anything was filled.
bool fillCapacityFromModelMemory(Workload& w);

// The default tensor-parallel overhead with its source.
UncertainNumber defaultTensorParallelOverhead();

} // namespace crossgrade::model
