#pragma once

// Case folding for the ASCII names the model and the readers compare: SKU and model names,
// precisions, units, file names and package names. Only 'A'–'Z' change, byte by byte, so the
// result is the same whatever C locale the GUI's QCoreApplication has set.

#include <string>
#include <string_view>

namespace crossgrade::model {

std::string asciiLower(std::string_view text);

} // namespace crossgrade::model
