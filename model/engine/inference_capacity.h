#pragma once

// What one GPU of a SKU serves of an inference workload (engine version 3; docs/model.md,
// "Inference capacity"): weights and the KV cache of the sequences a replica holds must fit
// its usable HBM; each decode step reads the weights and every sequence's KV cache through the
// replica's memory bandwidth, or is bound by its FP8 compute, whichever is slower; the
// interactivity target (tokens/s each user sees) caps the step time and so the batch; prefill
// costs compute for every input token. The tensor-parallel degree is the one that serves the
// most tokens per GPU at the target, within one server (a model no server holds spans the
// fewest whole servers that do).

#include <cstdint>

namespace crossgrade::model {

// The workload at its operating point.
struct InferenceNeed {
    double weights_gb = 0;       // model weights as served (FP8: 1 GB per billion parameters)
    double kv_mb_per_token = 0;  // KV cache one token of context holds
    double input_tokens = 1024;  // per request
    double output_tokens = 1024; // per request
    double interactivity = 20;   // target tokens/s each user sees while decoding
    double usable_hbm = 0.9;     // share of a GPU's HBM the replica may fill
    double tp_overhead = 0.05;   // step time added per doubling of the tensor-parallel degree
};

// One GPU of a SKU, as the model reads it.
struct GpuCapability {
    double hbm_gb = 80;
    double bandwidth_tb_s = 3.35;
    double fp8_tflops = 1979; // dense
    int gpus_per_server = 8;
    double efficiency = 1; // software efficiency at equal fit (the price book's table)
};

// What limits a replica: its HBM (the sequences it holds, each step reading them at full
// bandwidth), the interactivity target (the step time it allows), or compute (the step's FLOPs
// take longer than its reads).
enum class CapacityBound : std::uint8_t { HbmCapacity, Interactivity, Compute };

struct InferenceFit {
    int gpus = 1;                    // tensor-parallel degree: GPUs per replica
    double sequences = 0;            // concurrent sequences a replica serves
    double step_ms = 0;              // one decode step
    double tokens_per_s_per_gpu = 0; // input + output tokens/s at full load
    bool meets_target = true;        // the step time allows the interactivity target
    CapacityBound bound = CapacityBound::HbmCapacity;
};

// The best tensor-parallel degree for `need` on `gpu`. Never fails: a model too large for a
// server spans whole servers (as many as it takes, at most 1,000); a SKU that cannot meet the
// interactivity target serves one sequence per replica as fast as it can (meets_target false).
InferenceFit bestInferenceFit(const InferenceNeed& need, const GpuCapability& gpu);

// The fit at a given tensor-parallel degree; tokens_per_s_per_gpu is 0 where the weights and
// one sequence do not fit.
InferenceFit inferenceFitAt(const InferenceNeed& need, const GpuCapability& gpu, int gpus);

} // namespace crossgrade::model
