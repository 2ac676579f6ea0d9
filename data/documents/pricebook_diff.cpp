// Price book differences (pricebook_diff.h), by walking both books' JSON.

#include "pricebook_diff.h"

#include "pricebook_json.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace crossgrade::data {

namespace {

using nlohmann::ordered_json;

bool isFigure(const ordered_json& j) {
    return j.is_object() && j.contains("range");
}

std::string diffNumber(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

// "27500 [20000–36000], B" for an uncertain number; the JSON text of anything else.
std::string diffDescribe(const ordered_json& j) {
    if (j.is_number())
        return diffNumber(j.get<double>());
    if (!isFigure(j))
        return j.is_string() ? j.get<std::string>() : j.dump();
    const ordered_json& r = j["range"];
    std::string out = diffNumber(r[1].get<double>());
    if (r[0] != r[1] || r[1] != r[2])
        out += " [" + diffNumber(r[0].get<double>()) + "–" + diffNumber(r[2].get<double>()) + "]";
    if (j.contains("confidence"))
        out += ", " + j["confidence"].get<std::string>();
    if (j.contains("date"))
        out += ", " + j["date"].get<std::string>();
    return out;
}

std::string diffSourceOf(const ordered_json& j) {
    return isFigure(j) && j.contains("source") ? j["source"].get<std::string>() : std::string();
}

std::string diffToken(const std::string& key) {
    std::string out;
    for (char c : key)
        out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
}

void walk(const ordered_json* a, const ordered_json* b, const std::string& at,
          std::vector<PriceBookChange>& out) {
    const bool objects =
        a && b && a->is_object() && b->is_object() && !isFigure(*a) && !isFigure(*b);
    if (objects) {
        for (const auto& [key, value] : a->items())
            walk(&value, b->contains(key) ? &(*b)[key] : nullptr, at + "/" + diffToken(key), out);
        for (const auto& [key, value] : b->items())
            if (!a->contains(key))
                walk(nullptr, &value, at + "/" + diffToken(key), out);
        return;
    }
    if (a && b && *a == *b)
        return;
    // A whole object only one book has (a SKU, a class): each of its figures is listed.
    const ordered_json* only = a ? a : b;
    if ((!a || !b) && only->is_object() && !isFigure(*only)) {
        for (const auto& [key, value] : only->items())
            walk(a ? &value : nullptr, b ? &value : nullptr, at + "/" + diffToken(key), out);
        return;
    }
    PriceBookChange c;
    c.pointer = at;
    c.before = a ? diffDescribe(*a) : std::string();
    c.after = b ? diffDescribe(*b) : std::string();
    c.source = b ? diffSourceOf(*b) : diffSourceOf(*a);
    c.is_figure = (a && isFigure(*a)) || (b && isFigure(*b)) || (a && a->is_number()) ||
                  (b && b->is_number());
    out.push_back(std::move(c));
}

} // namespace

std::vector<PriceBookChange> diffPriceBooks(const model::PriceBook& before,
                                            const model::PriceBook& after) {
    ordered_json a = priceBookJson(before);
    ordered_json b = priceBookJson(after);
    // The book's own name and version say which books these are, not what changed.
    for (ordered_json* j : {&a, &b}) {
        j->erase("name");
        j->erase("version");
    }
    std::vector<PriceBookChange> out;
    walk(&a, &b, "", out);
    return out;
}

} // namespace crossgrade::data

namespace crossgrade::data {

namespace {

using nlohmann::ordered_json;

// Writes the scenario's own figures (those that differ from `from`, or that `from` lacks) into
// `out` at the same place, recording their pointers.
void keepOverrides(const ordered_json& current, const ordered_json* from, ordered_json& out,
                   const std::string& at, std::vector<std::string>& kept) {
    const bool leaf = !current.is_object() || current.contains("range");
    if (!leaf) {
        for (const auto& [key, value] : current.items()) {
            const ordered_json* f =
                from && from->is_object() && from->contains(key) ? &(*from)[key] : nullptr;
            if (!out.is_object())
                out = ordered_json::object();
            keepOverrides(value, f, out[key], at + "/" + key, kept);
        }
        return;
    }
    if (from && *from == current)
        return; // the book's figure, not the user's: the new book's stands
    if (out != current) {
        out = current;
        kept.push_back(at);
    }
}

// Removes what keepOverrides left empty: a key it reached on the way to a figure the new book
// keeps (null), and an object left with nothing in it.
void prune(ordered_json& j) {
    if (!j.is_object() || j.contains("range"))
        return;
    for (auto it = j.begin(); it != j.end();) {
        prune(*it);
        if (it->is_null() || (it->is_object() && it->empty()))
            it = j.erase(it);
        else
            ++it;
    }
}

} // namespace

PriceBookMove moveToPriceBook(const model::PriceBook& current, const model::PriceBook& from,
                              const model::PriceBook& to, bool keepInferenceRows) {
    const ordered_json c = priceBookJson(current);
    const ordered_json f = priceBookJson(from);
    ordered_json result = priceBookJson(to);
    PriceBookMove move;
    for (const auto& [key, value] : c.items())
        if (key != "name" && key != "version")
            keepOverrides(value, f.contains(key) ? &f[key] : nullptr, result[key], "/" + key,
                          move.overrides);
    if (keepInferenceRows && c.contains("performance"))
        for (const auto& [cls, row] : c["performance"].items())
            if (const auto parsed = model::parseWorkloadClass(cls);
                parsed && model::isInference(*parsed)) {
                result["performance"][cls] = row;
                move.overrides.push_back("/performance/" + cls);
            }
    prune(result);
    ordered_json document = result;
    document["schema"] = kPriceBookSchemaTag;
    PriceBookReadResult read = readPriceBook(document.dump());
    if (!read.ok()) {
        move.book = current;
        move.problem = formatProblems("the moved price book", read.errors);
        return move;
    }
    move.book = std::move(*read.price_book);
    move.changes = diffPriceBooks(current, move.book);
    return move;
}

} // namespace crossgrade::data
