// The inference capacity model (inference_capacity.h; docs/model.md, "Inference capacity").

#include "inference_capacity.h"

#include <algorithm>
#include <cmath>

namespace crossgrade::model {

namespace {

// GB read or GFLOP computed over TB/s or TFLOPS: milliseconds.
double ms(double amount, double perMs) {
    return amount / perMs;
}

} // namespace

InferenceFit inferenceFitAt(const InferenceNeed& need, const GpuCapability& gpu, int gpus) {
    InferenceFit fit;
    fit.gpus = gpus;
    const double t = gpus;
    const double kvGbPerToken = need.kv_mb_per_token / 1000.0;
    const double context = need.input_tokens + need.output_tokens;
    // Each sequence reserves its full context, and the step the interactivity target must hold
    // is the longest one: every sequence at full context (docs/model.md).
    const double perSequenceGb = kvGbPerToken * context;
    const double readPerSequenceGb = perSequenceGb;
    const double freeGb = t * gpu.hbm_gb * need.usable_hbm - need.weights_gb;
    if (perSequenceGb <= 0 || freeGb < perSequenceGb || gpu.efficiency <= 0)
        return fit; // nothing fits: serves nothing at this degree
    // All-reduce per layer: each doubling of the degree adds tp_overhead to the step.
    const double scaling = 1.0 / (1.0 + need.tp_overhead * std::log2(t));
    const double bandwidth = t * gpu.bandwidth_tb_s * gpu.efficiency * scaling; // GB per ms
    const double compute = t * gpu.fp8_tflops * gpu.efficiency * scaling;       // GFLOP per ms
    const double flopsPerToken = 2.0 * need.weights_gb; // GFLOP: 2 × parameters, FP8 weights
    const double targetMs = 1000.0 / need.interactivity;

    const double byMemory = freeGb / perSequenceGb;
    const double byBandwidth = (bandwidth * targetMs - need.weights_gb) / readPerSequenceGb;
    const double byCompute = targetMs * compute / flopsPerToken;
    double n = byMemory;
    fit.bound = CapacityBound::HbmCapacity;
    if (byBandwidth < n) {
        n = byBandwidth;
        fit.bound = CapacityBound::Interactivity;
    }
    if (byCompute < n) {
        n = byCompute;
        fit.bound = CapacityBound::Compute;
    }
    fit.meets_target = n >= 1;
    n = std::max(n, 1.0);
    fit.sequences = n;
    const double readMs = ms(need.weights_gb + n * readPerSequenceGb, bandwidth);
    const double computeMs = ms(n * flopsPerToken, compute);
    if (computeMs > readMs)
        fit.bound = CapacityBound::Compute; // the batch's FLOPs, not its reads, set the step
    fit.step_ms = std::max(readMs, computeMs);
    // Replica time per request: its share of the decode steps, and its prefill.
    const double requestMs =
        need.output_tokens * fit.step_ms / n + ms(need.input_tokens * flopsPerToken, compute);
    fit.tokens_per_s_per_gpu = context * 1000.0 / requestMs / t;
    return fit;
}

InferenceFit bestInferenceFit(const InferenceNeed& need, const GpuCapability& gpu) {
    InferenceFit best;
    bool found = false;
    const auto consider = [&](int gpus) {
        const InferenceFit f = inferenceFitAt(need, gpu, gpus);
        if (f.tokens_per_s_per_gpu <= 0)
            return;
        // Meeting the target first, then throughput; a smaller degree wins a tie within 0.5 %
        // (candidates come smallest first).
        if (!found || (f.meets_target && !best.meets_target) ||
            (f.meets_target == best.meets_target &&
             f.tokens_per_s_per_gpu > best.tokens_per_s_per_gpu * 1.005)) {
            best = f;
            found = true;
        }
    };
    const int server = std::max(1, gpu.gpus_per_server);
    for (int gpus = 1; gpus <= server; gpus *= 2)
        consider(gpus);
    if (found)
        return best;
    // No server holds it: the fewest whole servers that do.
    for (int servers = 2; servers <= 1000 && !found; ++servers)
        consider(servers * server);
    return best;
}

} // namespace crossgrade::model
