#pragma once

// Limits on the files users exchange, shared by every reader (DESIGN.md, "Limits").

#include <cstdint>

namespace crossgrade::data {

// Audit, price book and scenario files above this size are refused before parsing.
inline constexpr std::uintmax_t kMaxDocumentBytes = 16u * 1024u * 1024u;

} // namespace crossgrade::data
