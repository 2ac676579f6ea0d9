#pragma once

// What every reader of a user's JSON file shares (audit, price book, scenario): parsing with
// the place of a syntax error (json_parse.h, included here), and a checker that walks the
// parsed document collecting every problem with its JSON pointer instead of stopping at the
// first. Unknown fields are warnings, so files written by a later version still read and a
// misspelt name is noticed.

#include "document_limits.h"
#include "json_parse.h"
#include "problem.h"
#include "scenario_inputs.h"
#include "uncertain.h"

#include <array>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::data {

inline constexpr std::size_t kMaxItemsPerList = 10'000;
inline constexpr std::size_t kMaxSourceChars = 2'000; // an uncertain number's "source"
inline constexpr std::size_t kMaxDateChars = 100;     // and its "date"

// "the number 42", "\"text\"", "an object": how a wrong value is quoted in a message.
std::string describe(const nlohmann::json& value);
// RFC 6901: "~" → "~0", "/" → "~1".
std::string escapePointerToken(std::string_view key);
std::string childPointer(const std::string& pointer, std::string_view key);
std::string childPointer(const std::string& pointer, std::size_t index);
bool isIsoDate(const std::string& s); // YYYY-MM-DD, a day the calendar has

// "a, b, c" from an enum's names.
template <typename Enum>
std::string namesOf(std::string_view (*name)(Enum), std::initializer_list<Enum> values) {
    std::string out;
    for (Enum v : values) {
        if (!out.empty())
            out += ", ";
        out += name(v);
    }
    return out;
}

// "\"a\", \"b\"": an enum's names as a file spells them, quoted, for "expected one of …".
template <typename Enum, std::size_t N> std::string quotedNames(const std::array<Enum, N>& all) {
    std::string out;
    for (Enum v : all) {
        if (!out.empty())
            out += ", ";
        out += "\"" + std::string(toString(v)) + "\"";
    }
    return out;
}

// A range as a message quotes it: "[1, 2, 3]", or "the number 2" when it is one number.
std::string rangeText(const model::Range& r);

// The sense check of a number: the interval it must lie in (a model::InputDomain, whose
// admits() it uses), with the reader's sentence for what was expected. Prices are never
// negative, fractions lie in [0, 1], a regression or a growth rate may be negative.
struct Sense : model::InputDomain {
    // The model's interval of a number (model/core/input_limits.h), which the editors share.
    static Sense of(const model::InputDomain& d) { return {d}; }
    static Sense any() { return {}; }
    static Sense atLeast(double min) { return {{min, std::numeric_limits<double>::infinity()}}; }
    static Sense positive() { return {{0, std::numeric_limits<double>::infinity(), true}}; }
    static Sense fraction() { return {{0, 1}}; }
    static Sense between(double min, double max) { return {{min, max}}; }

    std::string expected() const; // "a number ≥ 0", "a fraction from 0 to 1", …
};

// Collects errors and warnings while a reader walks a document. Every method that reads a
// value reports a wrong one at its pointer and returns nothing (or a neutral value), so the
// walk goes on and the user learns of every problem in one pass.
class JsonChecker {
public:
    void error(std::string place, std::string message);
    void warning(std::string place, std::string message);

    bool hasErrors() const { return !m_errors.empty(); }
    const std::vector<Problem>& errors() const { return m_errors; }
    const std::vector<Problem>& warnings() const { return m_warnings; }
    std::vector<Problem> takeErrors() { return std::move(m_errors); }
    std::vector<Problem> takeWarnings() { return std::move(m_warnings); }

    // v1 readers ignore fields they do not know so later versions can add some; a warning
    // still catches a misspelt name.
    void checkKeys(const nlohmann::json& object, const std::string& pointer,
                   std::initializer_list<std::string_view> known);
    void checkKeys(const nlohmann::json& object, const std::string& pointer,
                   const std::vector<std::string_view>& known);

    // "/schema" of `doc` (at `pointer`) must be `tag`.
    void checkSchemaTag(const nlohmann::json& doc, const std::string& pointer,
                        std::string_view tag);

    std::string stringAt(const nlohmann::json& value, const std::string& pointer,
                         std::size_t maxChars);
    std::string requiredString(const nlohmann::json& object, const std::string& pointer,
                               std::string_view key, std::size_t maxChars);
    std::string optionalString(const nlohmann::json& object, const std::string& pointer,
                               std::string_view key, std::size_t maxChars);
    // A name a person reads (scenario, workload, SKU, audit, organisation, price book): as
    // requiredString/optionalString, and never only white space (model::isBlankName). An
    // absent or empty optional name is no name.
    std::string requiredName(const nlohmann::json& object, const std::string& pointer,
                             std::string_view key, std::size_t maxChars);
    std::string optionalName(const nlohmann::json& object, const std::string& pointer,
                             std::string_view key, std::size_t maxChars);

    std::optional<int> integerAt(const nlohmann::json& value, const std::string& pointer, int min,
                                 int max = std::numeric_limits<int>::max());
    std::optional<int> requiredInteger(const nlohmann::json& object, const std::string& pointer,
                                       std::string_view key, int min, int max);

    bool optionalBool(const nlohmann::json& object, const std::string& pointer,
                      std::string_view key);

    template <typename Enum>
    std::optional<Enum> enumAt(const nlohmann::json& value, const std::string& pointer,
                               std::optional<Enum> (*parse)(std::string_view),
                               const std::string& expected) {
        if (value.is_string())
            if (auto parsed = parse(value.get<std::string>()))
                return parsed;
        error(pointer, "expected one of " + expected + ", got " + describe(value));
        return std::nullopt;
    }

    // An optional array member: nullptr when absent or wrong (the latter reported).
    const nlohmann::json* arrayAt(const nlohmann::json& object, const std::string& pointer,
                                  std::string_view key);
    // `value` itself must be an object; `what` names it in the message.
    const nlohmann::json* objectAt(const nlohmann::json& value, const std::string& pointer,
                                   const std::string& what);
    // A required object member.
    const nlohmann::json* requiredObject(const nlohmann::json& object, const std::string& pointer,
                                         std::string_view key, const std::string& what);

    // A finite number within `sense`.
    std::optional<double> numberAt(const nlohmann::json& value, const std::string& pointer,
                                   const Sense& sense);

    // An uncertain number (DESIGN.md, "The domain"): a number, [low, most_likely, high], or
    // {"range": [l, m, h], "dist", "source", "date", "confidence"} with only "range" required.
    // Each of the three values must be finite and within `sense`, and low ≤ most_likely ≤ high.
    std::optional<model::UncertainNumber>
    readUncertain(const nlohmann::json& value, const std::string& pointer, const Sense& sense);
    std::optional<model::UncertainNumber> requiredUncertain(const nlohmann::json& object,
                                                            const std::string& pointer,
                                                            std::string_view key,
                                                            const Sense& sense);

private:
    // `name` as read from object[key], refused (and returned empty) when it is only white space.
    std::string visibleName(std::string name, const nlohmann::json& object,
                            const std::string& pointer, std::string_view key);
    std::optional<model::Range> rangeAt(const nlohmann::json& value, const std::string& pointer,
                                        const Sense& sense);

    std::vector<Problem> m_errors;
    std::vector<Problem> m_warnings;
};

// The shortest form that reads back equal: a plain number when certain with no metadata and
// the default distribution, [l, m, h] when there is no metadata, the object form otherwise.
nlohmann::ordered_json uncertainJson(const model::UncertainNumber& number);

} // namespace crossgrade::data
