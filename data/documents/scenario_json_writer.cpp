// Writing scenario JSON (scenario_json.h): pretty-printed, in a stable key order, walking the
// same field tables as the reader (scenario_fields.h), which takes the output back unchanged.

#include "audit_json.h"
#include "binding_json.h"
#include "json_checks.h"
#include "pricebook_json.h"
#include "scenario_fields.h"
#include "scenario_json.h"

#include <nlohmann/json.hpp>

namespace crossgrade::data {

using namespace crossgrade::model;
using namespace scenario_detail;

namespace {

nlohmann::ordered_json workloadJson(const Workload& w) {
    nlohmann::ordered_json j;
    const bool inference = w.kind == WorkloadKindOfDemand::Inference;
    j["kind"] = kindName(w.kind);
    j["class"] = toString(w.workload_class);
    if (!w.name.empty())
        j["name"] = w.name;
    if (!w.operating_point.empty())
        j["operating_point"] = w.operating_point;
    if (inference || w.tensorrt)
        j["tensorrt"] = w.tensorrt;
    if (!inference || w.multi_node)
        j["multi_node"] = w.multi_node;
    // The other kind's inputs only when set, so that any workload reads back as it was.
    for (const WorkloadField& f : workloadFields()) {
        const bool unset = w.*f.member == UncertainNumber{};
        // Engine version 3's weights and KV cache stand in for model memory a file never had.
        if (f.key == "model_memory_gb" && unset && w.weights_gb)
            continue;
        if (!f.kind || *f.kind == w.kind || !unset)
            j[std::string(f.key)] = uncertainJson(w.*f.member);
    }
    for (const OptionalWorkloadField& f : optionalWorkloadFields())
        if (w.*f.member)
            j[std::string(f.key)] = uncertainJson(*(w.*f.member));
    for (const auto& [key, member] : requestTokenFields())
        if (w.*member > 0)
            j[std::string(key)] = w.*member;
    if (w.storage_pb)
        j["storage_pb"] = uncertainJson(*w.storage_pb);
    if (w.benchmark)
        j["benchmark"] = bindingJson(*w.benchmark);
    if (!w.door_group.empty())
        j["door_group"] = w.door_group;
    return j;
}

nlohmann::ordered_json lotJson(const FleetLot& lot) {
    nlohmann::ordered_json j;
    j["sku"] = lot.sku;
    j["count"] = lot.count;
    j["age_months"] = lot.age_months;
    j["workload"] = lot.workload;
    j["channel"] = toString(lot.channel);
    if (lot.market_value_usd)
        j["market_value_usd"] = uncertainJson(*lot.market_value_usd);
    return j;
}

nlohmann::ordered_json procurementJson(const VendorProcurement& p) {
    nlohmann::ordered_json j;
    j["sku"] = p.sku;
    j["channel"] = toString(p.channel);
    if (p.max_sold_per_month)
        j["max_sold_per_month"] = uncertainJson(*p.max_sold_per_month);
    if (p.bridge != Channel::OnDemand)
        j["bridge"] = toString(p.bridge);
    if (p.fabric)
        j["fabric"] = toString(*p.fabric);
    return j;
}

} // namespace

std::string writeScenario(const Scenario& s) {
    nlohmann::ordered_json j;
    j["schema"] = kScenarioSchemaTag;
    j["name"] = s.name;
    if (!s.organisation.empty())
        j["organisation"] = s.organisation;
    if (!s.notes.empty())
        j["notes"] = s.notes;
    j["engine_version"] = s.engine_version;
    if (s.start_month)
        j["start_month"] = formatYearMonth(*s.start_month);
    j["horizon_months"] = s.horizon_months;
    j["seed"] = s.seed;
    j["options"] = nlohmann::ordered_json::array();
    for (OptionId o : s.options)
        j["options"].push_back(toString(o));
    if (s.uses_nvidia_ai_enterprise)
        j["uses_nvidia_ai_enterprise"] = true;
    j["sizing"] = toString(s.sizing);
    j["disposition"] = toString(s.disposition);
    for (const ScalarField& f : scalarFields()) {
        nlohmann::ordered_json& holder = f.section.empty() ? j : j[std::string(f.section)];
        if (f.integer != nullptr)
            holder[std::string(f.key)] = s.*f.integer;
        else
            holder[std::string(f.key)] = uncertainJson(s.*f.uncertain);
    }
    if (s.financing != FinancingMethod::Cash) {
        j[std::string(kFinancingSection)]["method"] = toString(s.financing);
        j[std::string(kFinancingSection)]["term_months"] = s.financing_term_months;
    }
    for (const OptionalScalarField& f : optionalScalarFields())
        if (s.*f.member)
            j[std::string(f.section)][std::string(f.key)] = uncertainJson(*(s.*f.member));
    j["procurement"] = {{"nvidia", procurementJson(s.nvidia)}, {"amd", procurementJson(s.amd)}};
    j["workloads"] = nlohmann::ordered_json::object();
    for (const auto& [id, w] : s.workloads)
        j["workloads"][id] = workloadJson(w);
    j["fleet"] = nlohmann::ordered_json::object();
    for (const auto& [id, lot] : s.fleet)
        j["fleet"][id] = lotJson(lot);
    if (!s.correlations.empty()) {
        nlohmann::ordered_json& all = j["correlations"];
        for (const auto& [id, c] : s.correlations) {
            nlohmann::ordered_json entry;
            entry["inputs"] = {c.first, c.second};
            entry["rank_correlation"] = c.rank_correlation;
            if (!c.note.empty())
                entry["note"] = c.note;
            all[id] = std::move(entry);
        }
    }
    j["audit"] = auditJson(s.audit);
    nlohmann::ordered_json book;
    book["schema"] = kPriceBookSchemaTag;
    // A named object: iterating items() of a temporary would outlive it.
    nlohmann::ordered_json body = priceBookJson(s.pricebook);
    for (auto& [key, value] : body.items())
        book[key] = std::move(value);
    j["pricebook"] = std::move(book);
    // Strings that are not UTF-8 can only come from code, never from a file the reader took;
    // replacing them beats throwing from a save.
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

} // namespace crossgrade::data
