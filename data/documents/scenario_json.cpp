// Reading scenario JSON (scenario_json.h): the structure and the sense of every number, then
// every reference the engine follows, through the engine's own compiler. The field tables it
// shares with the writer (scenario_json_writer.cpp) are scenario_fields.h.

#include "scenario_json.h"

#include "audit_json.h"
#include "binding_json.h"
#include "compiled_scenario.h"
#include "correlation.h"
#include "document_reader.h"
#include "json_checks.h"
#include "pricebook_json.h"
#include "scenario_fields.h"
#include "scenario_inputs.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

namespace crossgrade::data {

namespace {

using nlohmann::json;
using namespace crossgrade::model;
using namespace scenario_detail;

// Limits that keep a scenario reviewable and every number inside what the engine's integer
// arithmetic can hold; docs/formats/scenario.md lists them. The editors share the model's
// (model/scenario/scenario_inputs.h); these are the reader's alone.
//
// Compiling looks up each workload's ratio for every SKU in a table that grows with both, so
// its work grows with workloads × SKUs²: kMaxWorkloads and this bound a hostile file to under a
// second, far above any real organisation's count of served models or the market's count of
// SKUs.
constexpr std::size_t kMaxScenarioSkus = 100;
// Rank correlations: a few pairs of related inputs, not a matrix over everything; the check
// tries each entry's removal, so its work grows with the cube of this.
constexpr std::size_t kMaxCorrelations = 100;
constexpr std::size_t kMaxPointerChars = 400; // an input's JSON pointer
// root → pricebook → port_months → task → effort level → path → {"range": …} → range, and
// root → audit → dimensions → dimension → evidence → item.
constexpr DocumentKind kScenarioDocument{"a scenario", "scenario files", 7};

// "-1", "0.5": a bound as a message quotes it.
std::string number(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

std::string classesOf(WorkloadKindOfDemand kind) {
    std::string out;
    for (WorkloadClass c : kAllWorkloadClasses)
        if (isInference(c) == (kind == WorkloadKindOfDemand::Inference)) {
            if (!out.empty())
                out += ", ";
            out += "\"" + std::string(toString(c)) + "\"";
        }
    return out;
}

const std::string kChannels =
    quotedNames(std::array{Channel::Owned, Channel::Reserved, Channel::OnDemand});
const std::string kBridgeChannels = quotedNames(std::array{Channel::OnDemand, Channel::Reserved});

class ScenarioReader {
public:
    explicit ScenarioReader(JsonChecker& checker)
        : m_check(checker) {}

    Scenario read(const json& doc) {
        Scenario s;
        if (!doc.is_object()) {
            m_check.error("", "expected a JSON object (a scenario), got " + describe(doc));
            return s;
        }
        std::vector<std::string_view> known{
            "schema",         "name",           "organisation",
            "notes",          "horizon_months", "seed",
            "options",        "sizing",         "disposition",
            "procurement",    "workloads",      "fleet",
            "audit",          "pricebook",      "correlations",
            "engine_version", "start_month",    "uses_nvidia_ai_enterprise"};
        for (const OptionalSection& section : optionalScalarSections())
            known.push_back(section.name);
        for (const ScalarField& f : scalarFields())
            known.push_back(f.section.empty() ? f.key : f.section);
        m_check.checkKeys(doc, "", known);
        m_check.checkSchemaTag(doc, "", kScenarioSchemaTag);
        s.name = m_check.requiredName(doc, "", "name", kMaxNameBytes);
        s.organisation = m_check.optionalName(doc, "", "organisation", kMaxNameBytes);
        s.notes = m_check.optionalString(doc, "", "notes", kMaxNotesBytes);
        if (auto h = m_check.requiredInteger(doc, "", "horizon_months", kMinHorizonMonths,
                                             kMaxHorizonMonths))
            s.horizon_months = *h;
        // A file written before engine versions existed is version 1 and keeps its numbers.
        s.engine_version = kFirstEngineVersion;
        if (doc.contains("engine_version"))
            if (auto v = m_check.requiredInteger(doc, "", "engine_version", kFirstEngineVersion,
                                                 kCurrentEngineVersion))
                s.engine_version = *v;
        m_engineVersion = s.engine_version;
        readStartMonth(doc, s);
        readSeed(doc, s);
        s.uses_nvidia_ai_enterprise = m_check.optionalBool(doc, "", "uses_nvidia_ai_enterprise");
        readOptions(doc, s);
        if (doc.contains("sizing"))
            if (auto v = m_check.enumAt(
                    doc["sizing"], "/sizing", &parseSizing,
                    quotedNames(std::array{Sizing::WholeServers, Sizing::Continuous})))
                s.sizing = *v;
        if (doc.contains("disposition"))
            if (auto v = m_check.enumAt(
                    doc["disposition"], "/disposition", &parseDisposition,
                    quotedNames(std::array{Disposition::Sell, Disposition::KeepIdle})))
                s.disposition = *v;
        readScalars(doc, s);
        readOptionalScalars(doc, s);
        readProcurement(doc, s);
        readWorkloads(doc, s);
        checkDoorGroups(s);
        readFleet(doc, s);
        readCorrelations(doc, s);
        if (!doc.contains("audit"))
            m_check.error("/audit", "missing; expected the audit object (docs/formats/audit.md)");
        else
            s.audit = readAuditObject(doc["audit"], "/audit", m_check);
        if (!doc.contains("pricebook"))
            m_check.error("/pricebook", "missing; expected the price book object the scenario "
                                        "uses (docs/pricebook.md)");
        else
            s.pricebook = readPriceBookObject(doc["pricebook"], "/pricebook", m_check);
        if (s.pricebook.skus.size() > kMaxScenarioSkus)
            m_check.error("/pricebook/skus", "expected at most " +
                                                 std::to_string(kMaxScenarioSkus) +
                                                 " SKUs in a scenario's price book, got " +
                                                 std::to_string(s.pricebook.skus.size()));
        return s;
    }

private:
    JsonChecker& m_check;
    int m_engineVersion = kFirstEngineVersion; // of the scenario being read

    void readStartMonth(const json& doc, Scenario& s) {
        if (!doc.contains("start_month"))
            return;
        const json& value = doc["start_month"];
        const auto month =
            value.is_string() ? parseYearMonth(value.get<std::string>()) : std::nullopt;
        if (!month) {
            m_check.error("/start_month", "expected the scenario's first month as \"YYYY-MM\" "
                                          "(for example \"2027-01\"), got " +
                                              describe(value));
            return;
        }
        s.start_month = month;
    }

    // Version 2 gives each door group a door: at most kMaxDoorGroups of them.
    void checkDoorGroups(const Scenario& s) {
        std::map<std::string, WorkloadKindOfDemand> kinds;
        for (const auto& [id, w] : s.workloads) {
            const std::string group = w.door_group.empty() ? id : w.door_group;
            const std::string at = childPointer(childPointer("/workloads", id), "door_group");
            const auto [it, added] = kinds.emplace(group, w.kind);
            if (!added && it->second != w.kind && s.engine_version >= 2)
                m_check.error(at, "door group \"" + group +
                                      "\" holds inference and training workloads; expected one "
                                      "kind per group (their doors open after different ports)");
            if (added && kinds.size() == std::size_t(kMaxDoorGroups) + 1 && s.engine_version >= 2)
                m_check.error(at, "expected at most " + std::to_string(kMaxDoorGroups) +
                                      " door groups (a workload without a door_group is a group "
                                      "of its own), got more; give workloads that move to AMD "
                                      "together the same door_group");
        }
        if (s.engine_version < 2)
            for (const auto& [id, w] : s.workloads)
                if (!w.door_group.empty()) {
                    m_check.warning(childPointer(childPointer("/workloads", id), "door_group"),
                                    "engine_version 1 moves all inference workloads together and "
                                    "all training workloads together: door_group takes effect "
                                    "from engine_version 2 (crossgrade-cli upgrade-scenario)");
                    break;
                }
    }

    void readSeed(const json& doc, Scenario& s) {
        const std::string expected = "a whole number from 0 to 18446744073709551615";
        if (!doc.contains("seed")) {
            m_check.error("/seed", "missing; expected " + expected);
            return;
        }
        // nlohmann keeps every non-negative integer as unsigned; a negative one, a fraction
        // or a number beyond 2^64 − 1 (parsed as a double) is not a seed.
        const json& value = doc["seed"];
        if (value.is_number_unsigned())
            s.seed = value.get<unsigned long long>();
        else
            m_check.error("/seed", "expected " + expected + ", got " + describe(value));
    }

    void readOptions(const json& doc, Scenario& s) {
        const json* list = m_check.arrayAt(doc, "", "options");
        if (list == nullptr)
            return; // absent: all five (or reported)
        if (list->empty()) {
            m_check.error("/options", "expected at least one option id, got an empty array");
            return;
        }
        const std::string names = quotedNames(kAllOptions);
        std::vector<OptionId> options;
        std::vector<std::size_t> positions; // of each option in the list, for the message
        bool complete = true;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = childPointer("/options", i);
            const auto id = m_check.enumAt((*list)[i], at, &parseOptionId, names);
            if (!id) {
                complete = false;
                continue;
            }
            if (const auto seen = std::find(options.begin(), options.end(), *id);
                seen != options.end()) {
                m_check.error(at, "expected each option once, got \"" + std::string(toString(*id)) +
                                      "\" again (first at " +
                                      childPointer("/options",
                                                   positions[std::size_t(seen - options.begin())]) +
                                      ")");
                complete = false;
                continue;
            }
            options.push_back(*id);
            positions.push_back(i);
        }
        if (complete)
            s.options = std::move(options);
    }

    std::optional<UncertainNumber> readBounded(const json& value, const std::string& at,
                                               const Bound& bound) {
        auto u = m_check.readUncertain(value, at, bound.sense);
        if (u && bound.below_max && u->range.high >= bound.sense.max) {
            const Sense& b = bound.sense;
            m_check.error(at, std::string("expected a number ") +
                                  (b.min_open ? "above " : "from ") + number(b.min) +
                                  " to less than " + number(b.max) + ", got " +
                                  rangeText(u->range));
            return std::nullopt;
        }
        return u;
    }

    void readScalars(const json& doc, Scenario& s) {
        std::map<std::string_view, const json*> sections;
        for (const auto& [section, what] : scalarSections()) {
            sections[section] = m_check.requiredObject(doc, "", section, std::string(what));
            if (const json* obj = sections[section]) {
                std::vector<std::string_view> keys;
                for (const ScalarField& f : scalarFields())
                    if (f.section == section)
                        keys.push_back(f.key);
                for (const OptionalScalarField& f : optionalScalarFields())
                    if (f.section == section)
                        keys.push_back(f.key);
                m_check.checkKeys(*obj, childPointer("", section), keys);
            }
        }
        for (const ScalarField& f : scalarFields()) {
            const json* holder = f.section.empty() ? &doc : sections[f.section];
            if (holder == nullptr)
                continue; // the missing section is reported once
            const std::string base = f.section.empty() ? "" : childPointer("", f.section);
            const std::string at = childPointer(base, f.key);
            if (f.integer != nullptr) {
                if (auto n = m_check.requiredInteger(*holder, base, f.key, f.min, f.max))
                    s.*f.integer = *n;
                continue;
            }
            if (!holder->contains(f.key)) {
                if (f.fallback)
                    s.*f.uncertain = UncertainNumber::certain(*f.fallback);
                else
                    m_check.error(at, "missing; expected an uncertain number (a number, [low, "
                                      "most_likely, high] or {\"range\": [low, most_likely, "
                                      "high], …})");
                continue;
            }
            if (auto u = readBounded((*holder)[std::string(f.key)], at, f.bound))
                s.*f.uncertain = std::move(*u);
        }
    }

    // An id of a workload or a fleet lot: the engine builds JSON pointers from it unescaped,
    // so "/" and "~" stay out.
    bool checkId(const std::string& id, const std::string& at, std::string_view what) {
        if (id.empty() || id.size() > kMaxIdBytes || id.find_first_of("/~") != std::string::npos) {
            m_check.error(at, "expected " + std::string(what) + " id of 1 to " +
                                  std::to_string(kMaxIdBytes) + " bytes without \"/\" or \"~\"");
            return false;
        }
        return true;
    }

    Channel channelOf(const json& obj, const std::string& at) {
        if (!obj.contains("channel"))
            return Channel::Owned;
        return m_check.enumAt(obj["channel"], childPointer(at, "channel"), &parseChannel, kChannels)
            .value_or(Channel::Owned);
    }

    // Inputs older files lack (engine v2's selling, engine v3's capacity, the scenario-wide
    // transition of versions 1–2): each may be absent, and so may a section of its own.
    void readOptionalScalars(const json& doc, Scenario& s) {
        for (const OptionalSection& section : optionalScalarSections()) {
            if (!doc.contains(section.name))
                continue;
            const std::string at = childPointer("", section.name);
            const json* obj =
                m_check.objectAt(doc[std::string(section.name)], at, std::string(section.what));
            if (obj == nullptr)
                continue;
            std::vector<std::string_view> keys = section.other_keys;
            for (const OptionalScalarField& f : optionalScalarFields())
                if (f.section == section.name)
                    keys.push_back(f.key);
            m_check.checkKeys(*obj, at, keys);
        }
        readFinancing(doc, s);
        for (const OptionalScalarField& f : optionalScalarFields()) {
            if (!doc.contains(f.section) || !doc[std::string(f.section)].is_object())
                continue;
            const json& obj = doc[std::string(f.section)];
            if (obj.contains(f.key))
                if (auto u = readBounded(obj[std::string(f.key)],
                                         childPointer(childPointer("", f.section), f.key), f.bound))
                    s.*f.member = std::move(*u);
        }
    }

    // How owned purchases are paid: cash unless the file says otherwise; a loan or a lease needs
    // its rate.
    void readFinancing(const json& doc, Scenario& s) {
        if (!doc.contains(kFinancingSection) || !doc[std::string(kFinancingSection)].is_object())
            return;
        const json& obj = doc[std::string(kFinancingSection)];
        const std::string at = childPointer("", kFinancingSection);
        if (obj.contains("method"))
            if (auto m = m_check.enumAt(
                    obj["method"], childPointer(at, "method"), &parseFinancingMethod,
                    quotedNames(std::array{FinancingMethod::Cash, FinancingMethod::Loan,
                                           FinancingMethod::Lease})))
                s.financing = *m;
        if (obj.contains("term_months"))
            if (auto n =
                    m_check.requiredInteger(obj, at, "term_months", 1, kMaxFinancingTermMonths))
                s.financing_term_months = *n;
        if (s.financing != FinancingMethod::Cash && !obj.contains("rate_per_year"))
            m_check.error(childPointer(at, "rate_per_year"),
                          "missing; expected the " + std::string(toString(s.financing)) +
                              "'s annual rate (an uncertain number, e.g. 0.08)");
    }

    void readProcurement(const json& doc, Scenario& s) {
        const json* p = m_check.requiredObject(
            doc, "", "procurement", "what new capacity each vendor is bought as {nvidia, amd}");
        if (p == nullptr)
            return;
        m_check.checkKeys(*p, "/procurement", {"nvidia", "amd"});
        for (auto [key, out] : {std::pair{"nvidia", &s.nvidia}, std::pair{"amd", &s.amd}}) {
            const std::string at = childPointer("/procurement", key);
            const json* v = m_check.requiredObject(*p, "/procurement", key, "{sku, channel}");
            if (v == nullptr)
                continue;
            m_check.checkKeys(*v, at, {"sku", "channel", "max_sold_per_month", "bridge", "fabric"});
            if (v->contains("fabric"))
                if (auto f =
                        m_check.enumAt((*v)["fabric"], childPointer(at, "fabric"), &parseFabric,
                                       quotedNames(std::array{Fabric::InfiniBand, Fabric::RoCE})))
                    out->fabric = *f;
            out->sku = m_check.requiredString(*v, at, "sku", kMaxIdBytes);
            out->channel = channelOf(*v, at);
            if (v->contains("max_sold_per_month"))
                out->max_sold_per_month = m_check.requiredUncertain(*v, at, "max_sold_per_month",
                                                                    Sense::of(kGpusPerMonthDomain));
            if (v->contains("bridge"))
                if (auto b = m_check.enumAt((*v)["bridge"], childPointer(at, "bridge"),
                                            &parseChannel, kBridgeChannels)) {
                    if (*b == Channel::Owned)
                        m_check.error(childPointer(at, "bridge"),
                                      "expected one of " + kBridgeChannels +
                                          ": a bridge is rented while owned GPUs are on order");
                    else
                        out->bridge = *b;
                }
        }
    }

    // An object keyed by id, bounded like every list.
    const json* collection(const json& doc, std::string_view key, const std::string& what) {
        const json* c = m_check.requiredObject(doc, "", key, what);
        if (c != nullptr && c->size() > kMaxItemsPerList) {
            m_check.error(childPointer("", key),
                          "expected at most " + std::to_string(kMaxItemsPerList) + " items");
            return nullptr;
        }
        return c;
    }

    void readWorkloads(const json& doc, Scenario& s) {
        const json* all = collection(doc, "workloads", "the workloads keyed by id");
        if (all == nullptr)
            return;
        if (all->empty())
            m_check.error("/workloads", "expected at least one workload: a scenario prices "
                                        "serving or training demand");
        if (all->size() > kMaxWorkloads) {
            m_check.error("/workloads", "expected at most " + std::to_string(kMaxWorkloads) +
                                            " workloads, got " + std::to_string(all->size()));
            return;
        }
        for (const auto& [id, value] : all->items()) {
            const std::string at = childPointer("/workloads", id);
            if (!checkId(id, at, "a workload"))
                continue;
            s.workloads[id] = readWorkload(value, at);
        }
    }

    // Engine version 3's capacity inputs of an inference workload: each optional.
    void readCapacity(const json& obj, const std::string& at,
                      std::optional<WorkloadKindOfDemand> kind, Workload& w) {
        for (const OptionalWorkloadField& f : optionalWorkloadFields()) {
            if (!obj.contains(f.key))
                continue;
            const std::string fat = childPointer(at, f.key);
            if (auto u = m_check.readUncertain(obj[std::string(f.key)], fat, f.sense))
                w.*f.member = std::move(*u);
            if (kind == WorkloadKindOfDemand::Training)
                otherKindWarning(fat, WorkloadKindOfDemand::Inference, *kind);
        }
        for (const auto& [key, member] : requestTokenFields())
            if (obj.contains(key))
                if (auto n = m_check.requiredInteger(obj, at, key, 1, kMaxRequestTokens))
                    w.*member = *n;
    }

    Workload readWorkload(const json& value, const std::string& at) {
        Workload w;
        const json* obj = m_check.objectAt(value, at, "a workload");
        if (obj == nullptr)
            return w;
        std::vector<std::string_view> known{
            "kind",       "class",     "name",       "operating_point", "tensorrt",
            "multi_node", "benchmark", "door_group", "storage_pb"};
        for (const WorkloadField& f : workloadFields())
            known.push_back(f.key);
        for (const OptionalWorkloadField& f : optionalWorkloadFields())
            known.push_back(f.key);
        for (const auto& [key, member] : requestTokenFields())
            known.push_back(key);
        m_check.checkKeys(*obj, at, known);

        const std::string kinds = "\"inference\", \"training\"";
        std::optional<WorkloadKindOfDemand> kind;
        if (!obj->contains("kind"))
            m_check.error(childPointer(at, "kind"), "missing; expected one of " + kinds);
        else
            kind =
                m_check.enumAt((*obj)["kind"], childPointer(at, "kind"), &parseKindOfDemand, kinds);
        if (kind)
            w.kind = *kind;
        readClass(*obj, at, kind, w);
        w.name = m_check.optionalName(*obj, at, "name", kMaxNameBytes);
        w.operating_point = m_check.optionalString(*obj, at, "operating_point", kMaxNameBytes);
        w.tensorrt = m_check.optionalBool(*obj, at, "tensorrt");
        w.multi_node = m_check.optionalBool(*obj, at, "multi_node");
        if (obj->contains("door_group")) {
            w.door_group = m_check.optionalName(*obj, at, "door_group", kMaxNameBytes);
            checkId(w.door_group, childPointer(at, "door_group"), "a door group");
        }

        for (const WorkloadField& f : workloadFields()) {
            const std::string fat = childPointer(at, f.key);
            const bool needed = !f.kind || (kind && *f.kind == *kind);
            // Engine version 3 reads weights and KV cache instead of model memory.
            const bool replaced =
                f.key == "model_memory_gb" && m_engineVersion >= 3 && obj->contains("weights_gb");
            if (!obj->contains(f.key)) {
                if (needed && f.kind && !replaced) // growth is optional: no growth
                    m_check.error(fat, "missing; " + std::string(kindName(*kind)) +
                                           " workloads need it (an uncertain number)" +
                                           (f.key == "model_memory_gb" && m_engineVersion >= 3
                                                ? ", or weights_gb and kv_mb_per_token"
                                                : ""));
                continue;
            }
            if (auto u = m_check.readUncertain((*obj)[std::string(f.key)], fat, f.sense))
                w.*f.member = std::move(*u);
            if (!needed && kind)
                otherKindWarning(fat, *f.kind, *kind);
        }
        readCapacity(*obj, at, kind, w);
        if (obj->contains("storage_pb"))
            w.storage_pb = m_check.readUncertain(
                (*obj)["storage_pb"], childPointer(at, "storage_pb"), Sense::of(kStoragePbDomain));
        if (kind == WorkloadKindOfDemand::Training) {
            if (obj->contains("operating_point"))
                otherKindWarning(childPointer(at, "operating_point"),
                                 WorkloadKindOfDemand::Inference, *kind);
            if (w.tensorrt)
                otherKindWarning(childPointer(at, "tensorrt"), WorkloadKindOfDemand::Inference,
                                 *kind);
        }
        if (kind == WorkloadKindOfDemand::Inference && w.multi_node)
            otherKindWarning(childPointer(at, "multi_node"), WorkloadKindOfDemand::Training, *kind);
        if (obj->contains("benchmark")) {
            const std::string bat = childPointer(at, "benchmark");
            if (kind == WorkloadKindOfDemand::Training)
                m_check.error(bat, "only inference workloads are bound to benchmarks (they "
                                   "measure serving)");
            else
                w.benchmark = readBinding(m_check, (*obj)["benchmark"], bat);
        }
        // The flag adds the TensorRT re-engineering task; the class selects the performance
        // ratios that lose the TensorRT gain. One without the other prices half the move.
        if (kind == WorkloadKindOfDemand::Inference && obj->contains("class") &&
            w.tensorrt != (w.workload_class == WorkloadClass::TensorRtInference))
            m_check.warning(childPointer(at, "tensorrt"),
                            w.tensorrt ? "TensorRT serves this workload but its class is not "
                                         "\"tensorrt-inference\": the TensorRT gain it loses "
                                         "on AMD is not priced"
                                       : "the class is \"tensorrt-inference\" but tensorrt is "
                                         "false: the TensorRT re-engineering task is not "
                                         "priced");
        return w;
    }

    void readClass(const json& obj, const std::string& at, std::optional<WorkloadKindOfDemand> kind,
                   Workload& w) {
        const std::string cat = childPointer(at, "class");
        if (!obj.contains("class")) {
            m_check.error(cat, "missing; expected one of " + quotedNames(kAllWorkloadClasses));
            return;
        }
        const auto c = m_check.enumAt(obj["class"], cat, &parseWorkloadClass,
                                      quotedNames(kAllWorkloadClasses));
        if (!c)
            return;
        if (kind && isInference(*c) != (*kind == WorkloadKindOfDemand::Inference)) {
            m_check.error(cat, "expected a class of " + std::string(kindName(*kind)) + " (" +
                                   classesOf(*kind) + ") for " +
                                   (*kind == WorkloadKindOfDemand::Inference ? "an " : "a ") +
                                   std::string(kindName(*kind)) + " workload, got \"" +
                                   std::string(toString(*c)) + "\"");
            return;
        }
        w.workload_class = *c;
    }

    void otherKindWarning(const std::string& at, WorkloadKindOfDemand usedBy,
                          WorkloadKindOfDemand kind) {
        m_check.warning(at, "used only by " + std::string(kindName(usedBy)) +
                                " workloads; ignored for this " + std::string(kindName(kind)) +
                                " workload");
    }

    // Optional: absent means every input is drawn independently. Whether the pointers name
    // inputs and the matrix is one is checked against the compiled table (readScenario).
    void readCorrelations(const json& doc, Scenario& s) {
        if (!doc.contains("correlations"))
            return;
        const json* all = m_check.objectAt(doc["correlations"], "/correlations",
                                           "the rank correlations keyed by id");
        if (all == nullptr)
            return;
        if (all->size() > kMaxCorrelations) {
            m_check.error("/correlations", "expected at most " + std::to_string(kMaxCorrelations) +
                                               " correlations, got " + std::to_string(all->size()));
            return;
        }
        for (const auto& [id, value] : all->items()) {
            const std::string at = childPointer("/correlations", id);
            if (!checkId(id, at, "a correlation"))
                continue;
            const json* obj =
                m_check.objectAt(value, at, "a correlation {inputs, rank_correlation}");
            if (obj == nullptr)
                continue;
            m_check.checkKeys(*obj, at, {"inputs", "rank_correlation", "note"});
            InputCorrelation c;
            const std::string inputsAt = childPointer(at, "inputs");
            const std::string pair = "two JSON pointers of uncertain inputs, e.g. "
                                     "[\"/regression/transition\", \"/ramp/months\"]";
            if (!obj->contains("inputs")) {
                m_check.error(inputsAt, "missing; expected " + pair);
            } else if (const json& inputs = (*obj)["inputs"];
                       !inputs.is_array() || inputs.size() != 2) {
                m_check.error(inputsAt, "expected " + pair + ", got " + describe(inputs));
            } else {
                c.first = m_check.stringAt(inputs[0], childPointer(inputsAt, std::size_t{0}),
                                           kMaxPointerChars);
                c.second = m_check.stringAt(inputs[1], childPointer(inputsAt, std::size_t{1}),
                                            kMaxPointerChars);
            }
            const std::string rhoAt = childPointer(at, "rank_correlation");
            if (!obj->contains("rank_correlation"))
                m_check.error(rhoAt, "missing; expected Spearman's rank correlation, a number "
                                     "strictly between -1 and 1");
            else if (auto rho = // -1 < ρ < 1: checked with the rest (model/numerics/correlation.h)
                     m_check.numberAt((*obj)["rank_correlation"], rhoAt, Sense::any()))
                c.rank_correlation = *rho;
            c.note = m_check.optionalString(*obj, at, "note", kMaxNameBytes);
            s.correlations[id] = std::move(c);
        }
    }

    void readFleet(const json& doc, Scenario& s) {
        const json* all = collection(doc, "fleet", "the installed fleet: lots keyed by id");
        if (all == nullptr)
            return;
        for (const auto& [id, value] : all->items()) {
            const std::string at = childPointer("/fleet", id);
            if (!checkId(id, at, "a fleet lot"))
                continue;
            const json* obj = m_check.objectAt(value, at, "a fleet lot");
            if (obj == nullptr)
                continue;
            m_check.checkKeys(
                *obj, at,
                {"sku", "count", "age_months", "workload", "channel", "market_value_usd"});
            FleetLot lot;
            lot.sku = m_check.requiredString(*obj, at, "sku", kMaxIdBytes);
            lot.count = m_check.requiredInteger(*obj, at, "count", 0, kMaxGpuCount).value_or(0);
            lot.age_months =
                m_check.requiredInteger(*obj, at, "age_months", 0, kMaxLotAgeMonths).value_or(0);
            lot.workload = m_check.requiredString(*obj, at, "workload", kMaxIdBytes);
            lot.channel = channelOf(*obj, at);
            if (obj->contains("market_value_usd")) {
                if (lot.channel != Channel::Owned)
                    m_check.error(childPointer(at, "market_value_usd"),
                                  "only an owned lot has a market value; this lot is " +
                                      std::string(toString(lot.channel)));
                else
                    lot.market_value_usd = m_check.requiredUncertain(*obj, at, "market_value_usd",
                                                                     Sense::of(kGpuPriceDomain));
            }
            s.fleet[id] = std::move(lot);
        }
    }
};

// The structure is sound; what remains is whether every reference resolves, and the engine's
// compiler is the one place that knows what it follows. Correlations are checked apart,
// against the compiled table, so that all their problems are reported.
void checkReferences(Scenario& scenario, JsonChecker& checker) {
    std::map<std::string, InputCorrelation> correlations;
    std::swap(correlations, scenario.correlations);
    try {
        const CompiledScenario compiled = compile(scenario);
        for (const CorrelationProblem& p : checkCorrelations(correlations, compiled.inputs))
            checker.error(p.place, p.message);
    } catch (const ScenarioError& e) {
        checker.error(e.pointer(), e.what());
    }
    std::swap(correlations, scenario.correlations);
}

} // namespace

ScenarioReadResult readScenario(std::string_view text) {
    return readDocument<Scenario>(text, kScenarioDocument, kScenarioSchemaTag,
                                  [](const json& doc, JsonChecker& checker) {
                                      Scenario scenario = ScenarioReader(checker).read(doc);
                                      if (!checker.hasErrors())
                                          checkReferences(scenario, checker);
                                      return scenario;
                                  });
}

ScenarioReadResult readScenarioFile(const std::string& path) {
    return readDocumentFile(path, kScenarioDocument, &readScenario);
}

} // namespace crossgrade::data
