// The checks a reader makes inside a parsed document (json_checks.h); parsing the text itself is
// json_parse.cpp.

#include "json_checks.h"

#include "input_table.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace crossgrade::data {

using nlohmann::json;

std::string describe(const json& value) {
    switch (value.type()) {
    case json::value_t::null:
        return "null";
    case json::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case json::value_t::string: {
        std::string s = value.get<std::string>();
        if (s.size() > 40)
            s = s.substr(0, 40) + "…";
        return json(s).dump(-1, ' ', false, json::error_handler_t::replace);
    }
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
        return "the number " + value.dump();
    case json::value_t::object:
        return "an object";
    case json::value_t::array:
        return "an array";
    default:
        return "a value";
    }
}

std::string escapePointerToken(std::string_view key) {
    return model::pointerToken(key);
}

std::string childPointer(const std::string& pointer, std::string_view key) {
    return pointer + "/" + escapePointerToken(key);
}

std::string childPointer(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

bool isIsoDate(const std::string& s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
        if (s[i] < '0' || s[i] > '9')
            return false;
    // A real calendar day (issue 20): 2026-02-30 and 2025-02-29 are refused, 2024-02-29 is not.
    const int year = std::stoi(s.substr(0, 4));
    const int month = std::stoi(s.substr(5, 2));
    const int day = std::stoi(s.substr(8, 2));
    if (year < 1 || month < 1 || month > 12 || day < 1)
        return false;
    constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

// ---- Sense ---------------------------------------------------------------------------------

namespace {

std::string formatNumber(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

// "10000000", "0.001", "1e+12": a bound as a user would type it, without 1e+07 for ten million.
std::string plainNumber(double v) {
    if (std::fabs(v) <= 1e10 && v == std::floor(v))
        return std::to_string(static_cast<long long>(v));
    return formatNumber(v);
}

} // namespace

std::string Sense::expected() const {
    const bool hasMin = std::isfinite(min);
    const bool hasMax = std::isfinite(max) && !cap; // a cap has its own message (numberAt)
    if (hasMin && hasMax) {
        if (min == 0 && max == 1 && !min_open && !max_open)
            return "a fraction from 0 to 1";
        return "a number from " + formatNumber(min) + (min_open ? " (exclusive)" : "") + " to " +
               (max_open ? "less than " : "") + formatNumber(max);
    }
    if (hasMin)
        return std::string("a number ") + (min_open ? "> " : "≥ ") + formatNumber(min);
    if (hasMax)
        return "a number ≤ " + formatNumber(max);
    return "a finite number";
}

// ---- JsonChecker ---------------------------------------------------------------------------

void JsonChecker::error(std::string place, std::string message) {
    m_errors.push_back({std::move(place), std::move(message)});
}

void JsonChecker::warning(std::string place, std::string message) {
    m_warnings.push_back({std::move(place), std::move(message)});
}

void JsonChecker::checkKeys(const json& object, const std::string& pointer,
                            std::initializer_list<std::string_view> known) {
    checkKeys(object, pointer, std::vector<std::string_view>(known));
}

void JsonChecker::checkKeys(const json& object, const std::string& pointer,
                            const std::vector<std::string_view>& known) {
    if (!object.is_object())
        return;
    for (const auto& [key, value] : object.items())
        if (std::find(known.begin(), known.end(), key) == known.end())
            warning(childPointer(pointer, key), "unknown field, ignored");
}

void JsonChecker::checkSchemaTag(const json& doc, const std::string& pointer,
                                 std::string_view tag) {
    const std::string at = childPointer(pointer, "schema");
    if (!doc.contains("schema")) {
        error(at, "missing; expected \"" + std::string(tag) + "\"");
        return;
    }
    const json& value = doc["schema"];
    if (!value.is_string() || value.get<std::string>() != tag)
        error(at, "expected \"" + std::string(tag) + "\", got " + describe(value));
}

std::string JsonChecker::stringAt(const json& value, const std::string& pointer,
                                  std::size_t maxChars) {
    if (!value.is_string()) {
        error(pointer, "expected a string, got " + describe(value));
        return {};
    }
    std::string s = value.get<std::string>();
    if (s.size() > maxChars) {
        error(pointer, "expected at most " + std::to_string(maxChars) + " bytes, got " +
                           std::to_string(s.size()));
        return {};
    }
    return s;
}

std::string JsonChecker::requiredString(const json& object, const std::string& pointer,
                                        std::string_view key, std::size_t maxChars) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected a non-empty string");
        return {};
    }
    const json& value = object[std::string(key)];
    // Judged on the value itself: stringAt() returns "" for a string over maxChars too, and
    // that one has already been reported as too long.
    if (value.is_string() && value.get_ref<const std::string&>().empty()) {
        error(at, "expected a non-empty string, got \"\"");
        return {};
    }
    return stringAt(value, at, maxChars);
}

std::string JsonChecker::optionalString(const json& object, const std::string& pointer,
                                        std::string_view key, std::size_t maxChars) {
    if (!object.contains(key))
        return {};
    return stringAt(object[std::string(key)], childPointer(pointer, key), maxChars);
}

std::string JsonChecker::requiredName(const json& object, const std::string& pointer,
                                      std::string_view key, std::size_t maxChars) {
    return visibleName(requiredString(object, pointer, key, maxChars), object, pointer, key);
}

std::string JsonChecker::optionalName(const json& object, const std::string& pointer,
                                      std::string_view key, std::size_t maxChars) {
    return visibleName(optionalString(object, pointer, key, maxChars), object, pointer, key);
}

std::string JsonChecker::visibleName(std::string name, const json& object,
                                     const std::string& pointer, std::string_view key) {
    if (!name.empty() && model::isBlankName(name)) {
        error(childPointer(pointer, key), "expected a name with a visible character, got only "
                                          "white space " +
                                              describe(object[std::string(key)]));
        return {};
    }
    return name;
}

std::optional<int> JsonChecker::integerAt(const json& value, const std::string& pointer, int min,
                                          int max) {
    if (value.is_number_unsigned()) {
        const auto u = value.get<unsigned long long>();
        if (u <= static_cast<unsigned long long>(std::numeric_limits<int>::max()) &&
            static_cast<long long>(u) >= min && static_cast<long long>(u) <= max)
            return static_cast<int>(u);
    } else if (value.is_number_integer()) {
        const auto v = value.get<long long>();
        if (v >= min && v <= max)
            return static_cast<int>(v);
    }
    error(pointer, "expected a whole number from " + std::to_string(min) + " to " +
                       std::to_string(max) + ", got " + describe(value));
    return std::nullopt;
}

std::optional<int> JsonChecker::requiredInteger(const json& object, const std::string& pointer,
                                                std::string_view key, int min, int max) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected a whole number from " + std::to_string(min) + " to " +
                      std::to_string(max));
        return std::nullopt;
    }
    return integerAt(object[std::string(key)], at, min, max);
}

bool JsonChecker::optionalBool(const json& object, const std::string& pointer,
                               std::string_view key) {
    if (!object.contains(key))
        return false;
    const json& value = object[std::string(key)];
    if (!value.is_boolean()) {
        error(childPointer(pointer, key), "expected true or false, got " + describe(value));
        return false;
    }
    return value.get<bool>();
}

const json* JsonChecker::arrayAt(const json& object, const std::string& pointer,
                                 std::string_view key) {
    if (!object.contains(key))
        return nullptr;
    const json& value = object[std::string(key)];
    const std::string at = childPointer(pointer, key);
    if (!value.is_array()) {
        error(at, "expected an array, got " + describe(value));
        return nullptr;
    }
    if (value.size() > kMaxItemsPerList) {
        error(at, "expected at most " + std::to_string(kMaxItemsPerList) + " items, got " +
                      std::to_string(value.size()));
        return nullptr;
    }
    return &value;
}

const json* JsonChecker::objectAt(const json& value, const std::string& pointer,
                                  const std::string& what) {
    if (!value.is_object()) {
        error(pointer, "expected " + what + " (a JSON object), got " + describe(value));
        return nullptr;
    }
    return &value;
}

const json* JsonChecker::requiredObject(const json& object, const std::string& pointer,
                                        std::string_view key, const std::string& what) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected " + what);
        return nullptr;
    }
    return objectAt(object[std::string(key)], at, what);
}

std::optional<double> JsonChecker::numberAt(const json& value, const std::string& pointer,
                                            const Sense& sense) {
    if (!value.is_number()) {
        error(pointer, "expected " + sense.expected() + ", got " + describe(value));
        return std::nullopt;
    }
    const double v = value.get<double>();
    // The parser refuses 1e999, but a document built in code (or a huge integer converted
    // to double) can still hold a value no arithmetic should meet.
    if (!std::isfinite(v)) {
        error(pointer, "expected a finite number, got " + value.dump());
        return std::nullopt;
    }
    if (!sense.admits(v)) {
        const bool aboveCap = sense.cap && (sense.max_open ? v >= sense.max : v > sense.max);
        error(pointer,
              "expected " +
                  (aboveCap ? (sense.max_open ? "less than " : "at most ") + plainNumber(sense.max)
                            : sense.expected()) +
                  ", got " + describe(value));
        return std::nullopt;
    }
    return v;
}

namespace {

const std::string kUncertainForms =
    "an uncertain number (a number, [low, most_likely, high] or {\"range\": [low, most_likely, "
    "high], …})";

} // namespace

std::optional<model::Range> JsonChecker::rangeAt(const json& value, const std::string& pointer,
                                                 const Sense& sense) {
    if (value.size() != 3) {
        error(pointer, "expected [low, most_likely, high] (3 numbers), got " +
                           std::to_string(value.size()) + " items");
        return std::nullopt;
    }
    const auto low = numberAt(value[0], childPointer(pointer, 0), sense);
    const auto mostLikely = numberAt(value[1], childPointer(pointer, 1), sense);
    const auto high = numberAt(value[2], childPointer(pointer, 2), sense);
    if (!low || !mostLikely || !high)
        return std::nullopt;
    if (!(*low <= *mostLikely && *mostLikely <= *high)) {
        error(pointer, "expected low ≤ most_likely ≤ high, got " + value.dump());
        return std::nullopt;
    }
    return model::Range{*low, *mostLikely, *high};
}

std::optional<model::UncertainNumber>
JsonChecker::readUncertain(const json& value, const std::string& pointer, const Sense& sense) {
    if (value.is_number()) {
        const auto v = numberAt(value, pointer, sense);
        if (!v)
            return std::nullopt;
        return model::UncertainNumber::certain(*v);
    }
    if (value.is_array()) {
        const auto range = rangeAt(value, pointer, sense);
        if (!range)
            return std::nullopt;
        return model::UncertainNumber::between(range->low, range->most_likely, range->high);
    }
    if (!value.is_object()) {
        error(pointer, "expected " + kUncertainForms + ", got " + describe(value));
        return std::nullopt;
    }
    checkKeys(value, pointer, {"range", "dist", "source", "date", "confidence"});
    model::UncertainNumber out;
    bool complete = true;
    const std::string rangeAtPointer = childPointer(pointer, "range");
    if (!value.contains("range")) {
        error(rangeAtPointer, "missing; expected [low, most_likely, high]");
        complete = false;
    } else if (const json& range = value["range"]; !range.is_array()) {
        error(rangeAtPointer, "expected [low, most_likely, high], got " + describe(range));
        complete = false;
    } else if (auto r = rangeAt(range, rangeAtPointer, sense)) {
        out.range = *r;
    } else {
        complete = false;
    }
    if (value.contains("dist")) {
        if (auto d = enumAt(value["dist"], childPointer(pointer, "dist"), &model::parseDistribution,
                            "\"pert\", \"triangular\", \"uniform\""))
            out.distribution = *d;
        else
            complete = false;
    }
    out.source = optionalString(value, pointer, "source", kMaxSourceChars);
    out.date = optionalString(value, pointer, "date", kMaxDateChars);
    if (value.contains("confidence")) {
        out.confidence = enumAt(value["confidence"], childPointer(pointer, "confidence"),
                                &model::parseConfidence, "\"A\", \"B\", \"C\", \"?\"");
        complete = complete && out.confidence.has_value();
    }
    if (!complete)
        return std::nullopt;
    return out;
}

std::optional<model::UncertainNumber> JsonChecker::requiredUncertain(const json& object,
                                                                     const std::string& pointer,
                                                                     std::string_view key,
                                                                     const Sense& sense) {
    const std::string at = childPointer(pointer, key);
    if (!object.contains(key)) {
        error(at, "missing; expected " + kUncertainForms);
        return std::nullopt;
    }
    return readUncertain(object[std::string(key)], at, sense);
}

nlohmann::ordered_json uncertainJson(const model::UncertainNumber& number) {
    const model::Range& r = number.range;
    const bool noMetadata = number.distribution == model::Distribution::Pert &&
                            number.source.empty() && number.date.empty() &&
                            !number.confidence.has_value();
    if (noMetadata && r.low == r.most_likely && r.most_likely == r.high)
        return r.most_likely;
    nlohmann::ordered_json range = nlohmann::ordered_json::array({r.low, r.most_likely, r.high});
    if (noMetadata)
        return range;
    nlohmann::ordered_json j;
    j["range"] = std::move(range);
    if (number.distribution != model::Distribution::Pert)
        j["dist"] = model::toString(number.distribution);
    if (!number.source.empty())
        j["source"] = number.source;
    if (!number.date.empty())
        j["date"] = number.date;
    if (number.confidence)
        j["confidence"] = model::toString(*number.confidence);
    return j;
}

std::string rangeText(const model::Range& r) {
    if (r.low == r.most_likely && r.most_likely == r.high)
        return "the number " + nlohmann::json(r.most_likely).dump();
    return nlohmann::json::array({r.low, r.most_likely, r.high}).dump();
}

} // namespace crossgrade::data
