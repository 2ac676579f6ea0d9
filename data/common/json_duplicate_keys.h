#pragma once

// Duplicate keys in one JSON object (internal to the JSON readers). nlohmann's parser keeps the
// last of two equal keys without a word, so `"tier": "high", …, "tier": "low"` would read as low
// while a reviewer reading the file top down sees high; every reader refuses them instead, at
// the second key, naming the first (issue 20). Fed from the parser callback, whose depth counts
// discarded values too, so the readers that drop values (benchmark_serving's arrays) still see
// every object.

#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace crossgrade::data::json_detail {

// `Place` is whatever the reader can name cheaply for every key (a byte offset, a line and
// column); it is turned into text only for a refusal.
template <typename Place> class DuplicateKeys {
public:
    // An object starts at the callback's `depth`; its keys arrive at depth + 1.
    void objectStart(int depth) {
        const auto level = static_cast<std::size_t>(depth);
        if (m_levels.size() <= level)
            m_levels.resize(level + 1);
        m_levels[level].clear();
    }

    // A key at the callback's `depth` (≥ 1): the place of an equal key earlier in the same
    // object, or nothing.
    std::optional<Place> key(int depth, const std::string& key, const Place& place) {
        const auto level = static_cast<std::size_t>(depth - 1);
        if (m_levels.size() <= level)
            m_levels.resize(level + 1);
        const auto [it, inserted] = m_levels[level].try_emplace(key, place);
        if (inserted)
            return std::nullopt;
        return it->second;
    }

private:
    std::vector<std::unordered_map<std::string, Place>> m_levels;
};

} // namespace crossgrade::data::json_detail
