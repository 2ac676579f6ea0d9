#pragma once

// Reading one flat JSON row of a benchmark file (MLPerf, InferenceX, benchmark_serving): each
// accessor returns the field or nothing, and the first problem met is kept with its JSON pointer
// so the row can be skipped and reported. A number is a JSON number: not a boolean (`true` is
// not 1 token/s) and not text (`"1250"`), except where a format writes counts as text and its
// reader says so (`digitText`: MLPerf's accelerator counts, benchmark_serving's --metadata).

#include "benchmark_import.h"
#include "json_checks.h"

#include <algorithm>
#include <cctype>
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
        return boundedText(name, v->get<std::string>());
    }
    std::string optionalText(const char* name) {
        const nlohmann::json* v = field(name);
        return v && v->is_string() ? boundedText(name, v->get<std::string>()) : std::string();
    }
    // Every text a record keeps passes here: longer than kMaxBenchmarkTextBytes is the row's
    // problem, not something to store.
    std::string boundedText(const char* name, std::string text) {
        if (text.size() <= kMaxBenchmarkTextBytes)
            return text;
        fail(name, "expected at most " + std::to_string(kMaxBenchmarkTextBytes) +
                       " bytes of text, found " + std::to_string(text.size()));
        return {};
    }
    std::optional<double> number(const char* name) {
        const nlohmann::json* v = field(name);
        if (!v)
            return std::nullopt;
        if (v->is_number() && std::isfinite(v->get<double>()))
            return v->get<double>();
        fail(name, "expected a number, found " + describe(*v) +
                       (v->is_string() ? " (a number is written without quotes)" : ""));
        return std::nullopt;
    }
    // A count a format writes as text ("8"): a JSON number, or text of digits only.
    std::optional<double> numberOrDigits(const char* name) {
        const nlohmann::json* v = field(name);
        if (v && v->is_string()) {
            const std::string& t = v->get_ref<const std::string&>();
            if (!t.empty() && t.size() <= 9 &&
                std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
                return std::stod(t);
            fail(name, "expected a number, found " + describe(*v) +
                           " (a count written as text must be digits only)");
            return std::nullopt;
        }
        return number(name);
    }
    // A count: a whole number from `min` to `max`, or nothing when absent; anything else is the
    // row's problem. Written as text only with `digitText`.
    static constexpr int kNoMaximum = 1'000'000'000; // counts beyond are not counts
    std::optional<int> wholeNumber(const char* name, int min, int max = kNoMaximum,
                                   bool digitText = false) {
        const std::optional<double> v = digitText ? numberOrDigits(name) : number(name);
        if (!v)
            return std::nullopt;
        if (*v != std::floor(*v) || *v < min || *v > max) {
            const std::string range =
                max == kNoMaximum ? "≥ " + std::to_string(min)
                                  : "from " + std::to_string(min) + " to " + std::to_string(max);
            fail(name, "expected a whole number " + range + ", found " + describe(*field(name)));
            return std::nullopt;
        }
        return int(*v);
    }
    // A yes/no: true/false, 1/0, or the text "true"/"false" (InferenceX writes some flags from
    // environment variables as text); nothing when absent.
    std::optional<bool> flag(const char* name) {
        const nlohmann::json* v = field(name);
        if (!v)
            return std::nullopt;
        if (v->is_boolean())
            return v->get<bool>();
        if (v->is_number() && (v->get<double>() == 0 || v->get<double>() == 1))
            return v->get<double>() == 1;
        if (v->is_string()) {
            std::string t = v->get<std::string>();
            for (char& c : t)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            if (t == "true" || t == "1")
                return true;
            if (t == "false" || t == "0")
                return false;
        }
        fail(name, "expected true or false, found " + describe(*v));
        return std::nullopt;
    }
    void fail(const char* name, const std::string& message) {
        if (!problem)
            problem = Problem{childPointer(pointer, name), message};
    }
};

} // namespace crossgrade::data
