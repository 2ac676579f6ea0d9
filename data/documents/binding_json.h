#pragma once

// A workload's benchmark binding in a scenario file: "benchmark" inside a workload
// (docs/formats/scenario.md, "Benchmark binding"; model/benchmark/benchmark_binding.h).

#include "benchmark_binding.h"
#include "json_checks.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace crossgrade::data {

// Reads the binding at `pointer`, reporting every problem to `check`; nothing when it is no
// binding at all.
std::optional<model::WorkloadBinding> readBinding(JsonChecker& check, const nlohmann::json& value,
                                                  const std::string& pointer);
nlohmann::ordered_json bindingJson(const model::WorkloadBinding& b);

} // namespace crossgrade::data
