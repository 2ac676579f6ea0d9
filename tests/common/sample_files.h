#pragma once

// The shipped samples and fixtures the reader tests start from, and how they read them: the
// whole file's bytes, from the source tree.

#include <fstream>
#include <sstream>
#include <string>

namespace crossgrade::testing {

inline std::string slurp(const char* relative) {
    std::ifstream in(std::string(CROSSGRADE_SOURCE_DIR "/") + relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline const char* const kScenario = "resources/samples/scenarios/training-shop.json";
inline const char* const kAudit = "resources/samples/audits/distributed-kernels.json";
inline const char* const kPriceBook = "resources/pricebook/default.json";
inline const char* const kInferenceX = "tests/fixtures/benchmarks/inferencex-agg.json";
inline const char* const kMlperf = "tests/fixtures/benchmarks/mlperf-summary.json";
inline const char* const kServing = "tests/fixtures/benchmarks/serving-vllm.json";

} // namespace crossgrade::testing
