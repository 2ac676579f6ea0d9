#include "input_table.h"

#include <algorithm>

namespace crossgrade::model {

std::string pointerToken(std::string_view key) {
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

InputId InputTable::add(std::string pointer, UncertainNumber number, std::string stream) {
    const auto id = static_cast<InputId>(m_numbers.size());
    m_numbers.push_back(std::move(number));
    m_index.emplace(pointer, id);
    m_streams.push_back(stream.empty() ? pointer : std::move(stream));
    m_pointers.push_back(std::move(pointer));
    return id;
}

std::optional<InputId> InputTable::find(std::string_view pointer) const {
    const auto it = m_index.find(std::string(pointer));
    if (it == m_index.end())
        return std::nullopt;
    return it->second;
}

std::vector<double> InputTable::mostLikely() const {
    std::vector<double> values;
    values.reserve(m_numbers.size());
    for (const UncertainNumber& n : m_numbers)
        values.push_back(n.mostLikely());
    return values;
}

} // namespace crossgrade::model
