#include "benchmark_json.h"

namespace crossgrade::data {

using nlohmann::json;

namespace {

template <typename T> nlohmann::ordered_json optional(const std::optional<T>& v) {
    return v ? json(*v) : json(nullptr);
}

json rangeJson(const model::UncertainNumber& u) {
    return {{"low", u.range.low},
            {"most_likely", u.range.most_likely},
            {"high", u.range.high},
            {"source", u.source},
            {"date", u.date},
            {"confidence", u.confidence ? json(model::toString(*u.confidence)) : json(nullptr)}};
}

} // namespace

nlohmann::ordered_json benchmarkToJson(const model::BenchmarkRecord& r) {
    return nlohmann::ordered_json{
        {"source", r.source},
        {"file", r.file},
        {"source_ref", r.source_ref},
        {"date", r.date},
        {"round", r.round},
        {"hardware", r.hardware},
        {"sku", r.sku},
        {"software_stack", r.software_stack},
        {"image", r.image},
        {"model", r.model},
        {"precision", r.precision},
        {"scenario", r.scenario},
        {"isl", optional(r.isl)},
        {"osl", optional(r.osl)},
        {"concurrency", optional(r.concurrency)},
        {"gpus", r.gpus},
        {"nodes", r.nodes},
        {"prefill_gpus", optional(r.prefill_gpus)},
        {"decode_gpus", optional(r.decode_gpus)},
        {"total_tokens_per_s_per_gpu", optional(r.total_tokens_per_s_per_gpu)},
        {"output_tokens_per_s_per_gpu", optional(r.output_tokens_per_s_per_gpu)},
        {"input_tokens_per_s_per_gpu", optional(r.input_tokens_per_s_per_gpu)},
        {"ttft_median_s", optional(r.ttft_median_s)},
        {"ttft_p99_s", optional(r.ttft_p99_s)},
        {"tpot_median_s", optional(r.tpot_median_s)},
        {"e2e_median_s", optional(r.e2e_median_s)},
        {"interactivity", optional(r.interactivity)},
        {"power_w", optional(r.power_w)},
        {"joules_per_token", optional(r.joules_per_token)},
        {"accuracy_note", r.accuracy_note},
        {"flags", r.flags},
        {"excluded_from_bindings_by_default", model::excludedFromBindingsByDefault(r)}};
}

json comparisonToJson(const model::SkuComparison& c) {
    json pairs = json::array();
    for (const model::RatioPair& p : c.pairs)
        pairs.push_back({{"model", p.group.model},
                         {"precision", p.group.precision},
                         {"scenario", p.group.scenario},
                         {"isl", optional(p.group.isl)},
                         {"osl", optional(p.group.osl)},
                         {"unit", std::string(model::toString(p.group.kind)) + " tokens/s per GPU"},
                         {"interactivity", optional(p.interactivity)},
                         {"basis", p.basis},
                         {"reference_per_gpu", p.reference_per_gpu},
                         {"other_per_gpu", p.other_per_gpu},
                         {"ratio", p.ratio},
                         {"reference_rows", p.reference_rows},
                         {"other_rows", p.other_rows}});
    return {{"reference_sku", c.reference_sku},
            {"other_sku", c.other_sku},
            {"ratio", c.ratio ? rangeJson(*c.ratio) : json(nullptr)},
            {"pairs", pairs},
            {"sources", c.sources},
            {"excluded", c.excluded},
            {"unpaired", c.unpaired}};
}

} // namespace crossgrade::data
