// The documented split of model_memory_gb and the capacity defaults (capacity_defaults.h).

#include "capacity_defaults.h"

namespace crossgrade::model {

namespace {

UncertainNumber scaled(const UncertainNumber& n, double factor, std::string source) {
    UncertainNumber out = n;
    out.range = {n.range.low * factor, n.range.most_likely * factor, n.range.high * factor};
    out.source = std::move(source);
    out.confidence = Confidence::Unknown;
    out.date = "2026-12";
    return out;
}

} // namespace

bool fillCapacityFromModelMemory(Workload& w) {
    if (w.kind != WorkloadKindOfDemand::Inference)
        return false;
    bool filled = false;
    if (w.input_tokens <= 0) {
        w.input_tokens = kDefaultInputTokens;
        filled = true;
    }
    if (w.output_tokens <= 0) {
        w.output_tokens = kDefaultOutputTokens;
        filled = true;
    }
    if (!w.weights_gb) {
        w.weights_gb = scaled(w.model_memory_gb, kWeightsShareOfModelMemory,
                              "derived: 80 % of model_memory_gb (docs/model.md, \"Inference "
                              "capacity\"); replace with the model's own weights");
        filled = true;
    }
    if (!w.kv_mb_per_token) {
        const double context = w.input_tokens + w.output_tokens;
        w.kv_mb_per_token =
            scaled(w.model_memory_gb, kvMbPerTokenFromModelMemory(1.0, context),
                   "derived: 20 % of model_memory_gb over 64 sequences of the request's context "
                   "(docs/model.md, \"Inference capacity\"); replace with the model's own "
                   "(layers × KV heads × head size × 2 × bytes)");
        filled = true;
    }
    if (!w.interactivity_tokens_per_s) {
        UncertainNumber n = UncertainNumber::between(10, kDefaultInteractivity, 40);
        n.source = "assumption: a chat user reads 10–40 tokens/s; InferenceX measures frontiers "
                   "from about 10 to over 100 tok/s/user (facts-2026-12.md §4)";
        n.confidence = Confidence::Unknown;
        n.date = "2026-12";
        w.interactivity_tokens_per_s = n;
        filled = true;
    }
    return filled;
}

UncertainNumber defaultTensorParallelOverhead() {
    UncertainNumber n = UncertainNumber::between(0.02, kDefaultTensorParallelOverhead, 0.10);
    n.source = "assumption, no source found: all-reduce per layer over NVLink or Infinity Fabric "
               "adds a few per cent of decode step time per doubling of the tensor-parallel "
               "degree";
    n.confidence = Confidence::Unknown;
    n.date = "2026-12";
    return n;
}

} // namespace crossgrade::model
