// libFuzzer target for the audit importer. Beyond "does not crash", it checks the exporter's
// promise on whatever the fuzzer finds acceptable: export → import gives the same audit.

#include "audit_json.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto first = crossgrade::data::readAudit(text);
    if (!first.ok())
        return 0;
    const std::string exported = crossgrade::data::writeAudit(*first.audit);
    const auto again = crossgrade::data::readAudit(exported);
    if (!again.ok() || !(*again.audit == *first.audit))
        std::abort(); // a round-trip failure is a bug, like a crash
    return 0;
}
