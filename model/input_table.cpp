#include "input_table.h"

#include <algorithm>

namespace crossgrade::model {

InputId InputTable::add(std::string pointer, UncertainNumber number) {
    m_numbers.push_back(std::move(number));
    m_pointers.push_back(std::move(pointer));
    return static_cast<InputId>(m_numbers.size() - 1);
}

std::optional<InputId> InputTable::find(std::string_view pointer) const {
    const auto it = std::find(m_pointers.begin(), m_pointers.end(), pointer);
    if (it == m_pointers.end())
        return std::nullopt;
    return static_cast<InputId>(it - m_pointers.begin());
}

std::vector<double> InputTable::mostLikely() const {
    std::vector<double> values;
    values.reserve(m_numbers.size());
    for (const UncertainNumber& n : m_numbers)
        values.push_back(n.mostLikely());
    return values;
}

} // namespace crossgrade::model
