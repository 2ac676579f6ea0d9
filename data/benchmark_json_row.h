#pragma once

// Reading one flat JSON row of a benchmark file (MLPerf, InferenceX, benchmark_serving): each
// accessor returns the field or nothing, and the first problem met is kept with its JSON pointer
// so the row can be skipped and reported. Numbers written as text and flags written as
// booleans are read as numbers (sources are inconsistent about both).

#include "json_checks.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace crossgrade::data {

// A row's fields as the importer needs them, or the first problem with its place.
struct RowReader {
    const nlohmann::json& row;
    std::string pointer;
    std::optional<Problem> problem;

    const nlohmann::json* field(const char* name) {
        const auto it = row.find(name);
        return it == row.end() || it->is_null() ? nullptr : &*it;
    }
    std::string text(const char* name) {
        const nlohmann::json* v = field(name);
        if (!v || !v->is_string() || v->get<std::string>().empty()) {
            fail(name, v ? "expected text, found " + describe(*v) : "missing; expected text");
            return {};
        }
        return v->get<std::string>();
    }
    std::string optionalText(const char* name) {
        const nlohmann::json* v = field(name);
        return v && v->is_string() ? v->get<std::string>() : std::string();
    }
    std::optional<double> number(const char* name) {
        const nlohmann::json* v = field(name);
        if (!v)
            return std::nullopt;
        if (v->is_number() && std::isfinite(v->get<double>()))
            return v->get<double>();
        if (v->is_boolean())
            return v->get<bool>() ? 1.0 : 0.0;
        if (v->is_string()) { // MLPerf writes some counts as text
            try {
                std::size_t used = 0;
                const double d = std::stod(v->get<std::string>(), &used);
                if (used == v->get<std::string>().size() && std::isfinite(d))
                    return d;
            } catch (const std::exception&) {
            }
        }
        fail(name, "expected a number, found " + describe(*v));
        return std::nullopt;
    }
    void fail(const char* name, const std::string& message) {
        if (!problem)
            problem = Problem{childPointer(pointer, name), message};
    }
};

} // namespace crossgrade::data
