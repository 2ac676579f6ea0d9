// libFuzzer target for the scenario importer. Beyond "does not crash", it checks the writer's
// promise on whatever the fuzzer finds acceptable: write → read gives the same scenario. The
// reader also compiles every accepted scenario, so the engine's compiler is fuzzed with it.

#include "scenario_json.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto first = crossgrade::data::readScenario(text);
    if (!first.ok())
        return 0;
    const std::string written = crossgrade::data::writeScenario(*first.scenario);
    const auto again = crossgrade::data::readScenario(written);
    if (!again.ok() || !(*again.scenario == *first.scenario))
        std::abort(); // a round-trip failure is a bug, like a crash
    return 0;
}
