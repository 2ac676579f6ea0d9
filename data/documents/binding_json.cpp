#include "binding_json.h"

#include "input_limits.h"

namespace crossgrade::data {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxRowChars = 2'000;
constexpr std::size_t kMaxTokens = 10'000'000;

std::vector<std::string> textList(JsonChecker& check, const json& object,
                                  const std::string& pointer, std::string_view key) {
    std::vector<std::string> out;
    const json* list = check.arrayAt(object, pointer, key);
    if (list == nullptr)
        return out;
    const std::string at = childPointer(pointer, key);
    if (list->size() > kMaxItemsPerList) {
        check.error(at, "expected at most " + std::to_string(kMaxItemsPerList) + " entries");
        return out;
    }
    for (std::size_t i = 0; i < list->size(); ++i)
        out.push_back(check.stringAt((*list)[i], childPointer(at, i), kMaxRowChars));
    return out;
}

std::optional<int> optionalCount(JsonChecker& check, const json& object, const std::string& pointer,
                                 std::string_view key) {
    const auto it = object.find(std::string(key));
    if (it == object.end() || it->is_null())
        return std::nullopt;
    return check.integerAt(*it, childPointer(pointer, key), 1, int(kMaxTokens));
}

std::optional<model::BoundSku> readSku(JsonChecker& check, const json& value,
                                       const std::string& at) {
    const json* obj = check.objectAt(value, at, "a SKU's benchmark evidence");
    if (obj == nullptr)
        return std::nullopt;
    check.checkKeys(*obj, at, {"ratio", "pairs", "joules_per_token", "rows"});
    model::BoundSku s;
    if (obj->contains("ratio"))
        s.ratio = check.readUncertain((*obj)["ratio"], childPointer(at, "ratio"),
                                      Sense::of(model::kRatioDomain));
    if (obj->contains("pairs"))
        s.pairs = check.integerAt((*obj)["pairs"], childPointer(at, "pairs"), 0).value_or(0);
    if (obj->contains("joules_per_token"))
        s.joules_per_token =
            check.readUncertain((*obj)["joules_per_token"], childPointer(at, "joules_per_token"),
                                Sense::of(model::kJoulesPerTokenDomain));
    s.rows = textList(check, *obj, at, "rows");
    if (!s.ratio && !s.joules_per_token && !check.hasErrors())
        check.error(at, "expected a ratio or joules_per_token (a SKU without evidence is left "
                        "out)");
    return s;
}

} // namespace

std::optional<model::WorkloadBinding> readBinding(JsonChecker& check, const json& value,
                                                  const std::string& pointer) {
    const json* obj = check.objectAt(value, pointer, "a benchmark binding");
    if (obj == nullptr)
        return std::nullopt;
    check.checkKeys(*obj, pointer,
                    {"model", "precision", "scenario", "isl", "osl", "interactivity",
                     "include_flagged", "bound_on", "skus", "reference_tokens_per_s_per_gpu",
                     "reference_rows", "notes"});
    model::WorkloadBinding b;
    model::BenchmarkSelector& s = b.selector;
    s.model = check.requiredString(*obj, pointer, "model", model::kMaxNameBytes);
    s.precision = check.optionalString(*obj, pointer, "precision", model::kMaxNameBytes);
    s.scenario = check.optionalString(*obj, pointer, "scenario", model::kMaxNameBytes);
    s.isl = optionalCount(check, *obj, pointer, "isl");
    s.osl = optionalCount(check, *obj, pointer, "osl");
    if (obj->contains("interactivity") && !(*obj)["interactivity"].is_null())
        s.interactivity = check.numberAt((*obj)["interactivity"],
                                         childPointer(pointer, "interactivity"), Sense::positive());
    s.include_flagged = check.optionalBool(*obj, pointer, "include_flagged");
    b.bound_on = check.requiredString(*obj, pointer, "bound_on", kMaxDateChars);
    if (!b.bound_on.empty() && !isIsoDate(b.bound_on))
        check.error(childPointer(pointer, "bound_on"),
                    "expected the date the evidence was resolved, YYYY-MM-DD");
    if (obj->contains("skus")) {
        const std::string at = childPointer(pointer, "skus");
        if (const json* skus = check.objectAt((*obj)["skus"], at, "the SKUs keyed by id"))
            for (const auto& [id, entry] : skus->items())
                if (auto sku = readSku(check, entry, childPointer(at, id)))
                    b.skus[id] = std::move(*sku);
    }
    if (obj->contains("reference_tokens_per_s_per_gpu"))
        b.reference_tokens_per_s_per_gpu =
            check.readUncertain((*obj)["reference_tokens_per_s_per_gpu"],
                                childPointer(pointer, "reference_tokens_per_s_per_gpu"),
                                Sense::of(model::kPerGpuThroughputDomain));
    b.reference_rows = textList(check, *obj, pointer, "reference_rows");
    b.notes = textList(check, *obj, pointer, "notes");
    return b;
}

nlohmann::ordered_json bindingJson(const model::WorkloadBinding& b) {
    nlohmann::ordered_json j;
    const model::BenchmarkSelector& s = b.selector;
    j["model"] = s.model;
    if (!s.precision.empty())
        j["precision"] = s.precision;
    if (!s.scenario.empty())
        j["scenario"] = s.scenario;
    if (s.isl)
        j["isl"] = *s.isl;
    if (s.osl)
        j["osl"] = *s.osl;
    if (s.interactivity)
        j["interactivity"] = *s.interactivity;
    if (s.include_flagged)
        j["include_flagged"] = true;
    j["bound_on"] = b.bound_on;
    nlohmann::ordered_json skus = nlohmann::ordered_json::object();
    for (const auto& [id, sku] : b.skus) {
        nlohmann::ordered_json k;
        if (sku.ratio)
            k["ratio"] = uncertainJson(*sku.ratio);
        k["pairs"] = sku.pairs;
        if (sku.joules_per_token)
            k["joules_per_token"] = uncertainJson(*sku.joules_per_token);
        k["rows"] = sku.rows;
        skus[id] = std::move(k);
    }
    j["skus"] = std::move(skus);
    if (b.reference_tokens_per_s_per_gpu)
        j["reference_tokens_per_s_per_gpu"] = uncertainJson(*b.reference_tokens_per_s_per_gpu);
    if (!b.reference_rows.empty())
        j["reference_rows"] = b.reference_rows;
    if (!b.notes.empty())
        j["notes"] = b.notes;
    return j;
}

} // namespace crossgrade::data
