#include "recommendation_json.h"

#include <nlohmann/json.hpp>

namespace crossgrade::data {

std::string writeRecommendation(const model::Recommendation& r, const std::string& auditName,
                                long long auditId) {
    using model::toString;
    using nlohmann::ordered_json;
    ordered_json j;
    j["schema"] = kRecommendationSchemaTag;
    j["audit"] = {{"name", auditName}};
    if (auditId > 0)
        j["audit"]["id"] = auditId;
    j["high_count"] = r.high_count;
    j["effort_band"] = {{"label", r.effort.label},
                        {"min_months", model::inMonths(r.effort.shortest)},
                        {"max_months", model::inMonths(r.effort.longest)},
                        {"source", r.effort.source}};
    j["primary_path"] = toString(r.primary_path);
    j["primary_title"] = model::title(r.primary_path);
    j["paths"] = ordered_json::array();
    for (model::PortabilityPath p : model::components(r.primary_path))
        j["paths"].push_back(toString(p));
    j["decided_by"] = r.decided_by;
    j["article_silent"] = r.article_silent;
    j["revisit"] = ordered_json::array();
    for (model::PortabilityPath p : r.revisit)
        j["revisit"].push_back(toString(p));
    if (!r.revisit_when.empty())
        j["revisit_when"] = r.revisit_when;
    j["advice"] = r.advice;
    j["warnings"] = ordered_json::array();
    for (const model::AuditWarning& w : r.warnings)
        j["warnings"].push_back({{"id", w.id}, {"text", w.text}, {"source", w.source}});
    j["trace"] = ordered_json::array();
    for (const model::TraceEntry& t : r.trace)
        j["trace"].push_back({{"rule", t.rule},
                              {"fired", t.fired},
                              {"matched", t.matched},
                              {"reason", t.reason},
                              {"source", t.source}});
    return j.dump(2) + "\n";
}

} // namespace crossgrade::data
