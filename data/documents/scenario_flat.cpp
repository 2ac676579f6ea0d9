#include "scenario_flat.h"

#include "json_checks.h"
#include "scenario_json.h"

#include <nlohmann/json.hpp>
#include <sstream>

namespace crossgrade::data {

namespace {

using Json = nlohmann::ordered_json;

std::string number(const Json& v) {
    std::ostringstream out;
    out.precision(10);
    out << v.get<double>();
    return out.str();
}

std::string scalar(const Json& v) {
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number())
        return number(v);
    if (v.is_boolean())
        return v.get<bool>() ? "true" : "false";
    if (v.is_null())
        return "null";
    return v.dump();
}

void flatten(const Json& v, const std::string& pointer, std::vector<FlatInput>& out) {
    if (v.is_object()) {
        const auto range = v.find("range");
        if (range != v.end() && range->is_array() && range->size() == 3) {
            out.push_back({pointer, number((*range)[0]) + " / " + number((*range)[1]) + " / " +
                                        number((*range)[2])});
            for (const auto& [key, child] : v.items())
                if (key != "range")
                    flatten(child, childPointer(pointer, key), out);
            return;
        }
        for (const auto& [key, child] : v.items())
            flatten(child, childPointer(pointer, key), out);
        return;
    }
    if (v.is_array()) {
        bool primitive = true;
        for (const Json& item : v)
            primitive = primitive && !item.is_structured();
        if (primitive) {
            std::string joined;
            for (const Json& item : v)
                joined += (joined.empty() ? "" : ", ") + scalar(item);
            out.push_back({pointer, "[" + joined + "]"});
            return;
        }
        for (std::size_t i = 0; i < v.size(); ++i)
            flatten(v[i], childPointer(pointer, i), out);
        return;
    }
    out.push_back({pointer, scalar(v)});
}

} // namespace

std::vector<FlatInput> flattenScenario(const model::Scenario& scenario) {
    std::vector<FlatInput> out;
    flatten(Json::parse(writeScenario(scenario)), "", out);
    return out;
}

} // namespace crossgrade::data
