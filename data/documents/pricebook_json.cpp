#include "pricebook_json.h"

#include "document_reader.h"
#include "input_limits.h"
#include "json_checks.h"
#include "scenario_inputs.h"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace crossgrade::data {

namespace {

using nlohmann::json;
using namespace crossgrade::model;

constexpr std::size_t kMaxSkuIdChars = 64;
// root → port_months → task → effort level → {"range": […]} → range
constexpr DocumentKind kPriceBookDocument{"a price book", "price book files", 6};

// The uncertain figures of a SKU in file order, with the sense each must make.
struct UncertainField {
    std::string_view key;
    UncertainNumber Sku::*member;
    Sense sense;
};

// Whole numbers: counts and months are plain numbers, never ranges (DESIGN.md).
struct IntegerField {
    std::string_view key;
    int Sku::*member;
    int min;
    int max;
};

// A SKU's fields in file order: specs, placement, money, term, life (docs/pricebook.md
// explains them in this order). Reader and writer walk the same lists.
const std::vector<UncertainField>& specFields() {
    static const std::vector<UncertainField> fields{
        // The model's intervals (model/scenario/scenario_inputs.h), which the editors share.
        {"hbm_gb", &Sku::hbm_gb, Sense::of(kHbmDomain)}, // divides model memory into replicas
        {"bandwidth_tb_s", &Sku::bandwidth_tb_s, Sense::of(kBandwidthDomain)},
        {"bf16_tflops", &Sku::bf16_tflops, Sense::of(kTflopsDomain)},
        {"fp8_tflops", &Sku::fp8_tflops, Sense::of(kTflopsDomain)},
        {"board_power_kw", &Sku::board_power_kw, Sense::of(kKilowattsDomain)},
        {"host_power_kw", &Sku::host_power_kw, Sense::of(kKilowattsDomain)},
        {"all_in_kw", &Sku::all_in_kw, Sense::of(kKilowattsDomain)},
    };
    return fields;
}

const std::vector<IntegerField>& placementFields() {
    static const std::vector<IntegerField> fields{
        {"gpus_per_server", &Sku::gpus_per_server, 1, 128},
        // ≤ 0: already available when the scenario starts.
        {"available_month", &Sku::available_month, -1200, 1200},
    };
    return fields;
}

const std::vector<UncertainField>& moneyFields() {
    static const std::vector<UncertainField> fields{
        {"purchase_usd", &Sku::purchase_usd, Sense::of(kGpuPriceDomain)},
        {"overhead_usd", &Sku::overhead_usd, Sense::of(kGpuPriceDomain)},
        {"reserved_usd_per_hour", &Sku::reserved_usd_per_hour, Sense::of(kGpuHourRateDomain)},
        {"on_demand_usd_per_hour", &Sku::on_demand_usd_per_hour, Sense::of(kGpuHourRateDomain)},
    };
    return fields;
}

const std::vector<IntegerField>& termFields() {
    static const std::vector<IntegerField> fields{
        {"reserved_term_months", &Sku::reserved_term_months, 1, 120},
    };
    return fields;
}

const std::vector<UncertainField>& lifeFields() {
    static const std::vector<UncertainField> fields{
        {"price_decline_per_year", &Sku::price_decline_per_year, Sense::of(kFractionDomain)},
        {"useful_life_months", &Sku::useful_life_months, Sense::of(kUsefulLifeDomain)}, // divides
        {"residual_floor", &Sku::residual_floor, Sense::of(kFractionDomain)},
    };
    return fields;
}

// Engine v2's resale and delivery figures (docs/pricebook.md): optional, so a price book
// written before them reads, and the engine then behaves as the first one did.
struct OptionalField {
    std::string_view key;
    std::optional<UncertainNumber> Sku::*member;
    Sense sense;
};

const std::vector<OptionalField>& resaleFields() {
    static const std::vector<OptionalField> fields{
        {"resale_retention_per_year", &Sku::resale_retention_per_year, Sense::of(kRetentionDomain)},
        {"market_value_usd", &Sku::market_value_usd, Sense::of(kGpuPriceDomain)},
        {"lead_time_months", &Sku::lead_time_months, Sense::of(kMonthsDomain)},
        {"software_usd_per_year", &Sku::software_usd_per_year, Sense::of(kGpuPriceDomain)},
        {"software_bundled_months", &Sku::software_bundled_months, Sense::of(kMonthsDomain)},
    };
    return fields;
}

std::vector<std::string_view> skuKeys() {
    std::vector<std::string_view> keys{"vendor", "name"};
    for (const auto& f : specFields())
        keys.push_back(f.key);
    for (const auto& f : placementFields())
        keys.push_back(f.key);
    for (const auto& f : moneyFields())
        keys.push_back(f.key);
    for (const auto& f : termFields())
        keys.push_back(f.key);
    for (const auto& f : lifeFields())
        keys.push_back(f.key);
    for (const auto& f : resaleFields())
        keys.push_back(f.key);
    return keys;
}

class PriceBookReader {
public:
    explicit PriceBookReader(JsonChecker& checker)
        : m_check(checker) {}

    PriceBook read(const json& value, const std::string& pointer) {
        PriceBook book;
        const json* doc = m_check.objectAt(value, pointer, "a price book");
        if (doc == nullptr)
            return book;
        m_check.checkKeys(*doc, pointer,
                          {"schema", "name", "version", "skus", "performance", "transition",
                           "port_months", "sequences"});
        if (doc->contains("schema"))
            m_check.checkSchemaTag(*doc, pointer, kPriceBookSchemaTag);
        book.name = m_check.requiredName(*doc, pointer, "name", model::kMaxNameBytes);
        book.version = m_check.optionalString(*doc, pointer, "version", model::kMaxNameBytes);
        readSkus(*doc, pointer, book);
        readPerformance(*doc, pointer, book);
        readTransition(*doc, pointer, book);
        readPortMonths(*doc, pointer, book);
        readSequences(*doc, pointer, book);
        return book;
    }

private:
    JsonChecker& m_check;
    // The ids under "skus", valid or not, so a table naming a SKU whose figures are wrong
    // is not also told the SKU is unknown. Unset when "skus" itself is unreadable.
    std::optional<std::set<std::string>> m_skuIds;

    void readSkus(const json& doc, const std::string& pointer, PriceBook& book) {
        const std::string at = childPointer(pointer, "skus");
        const json* skus = m_check.requiredObject(doc, pointer, "skus", "the SKUs keyed by id");
        if (skus == nullptr)
            return;
        if (skus->size() > kMaxItemsPerList) {
            m_check.error(at, "expected at most " + std::to_string(kMaxItemsPerList) + " SKUs");
            return;
        }
        m_skuIds.emplace();
        for (const auto& [id, value] : skus->items()) {
            const std::string sat = childPointer(at, id);
            m_skuIds->insert(id);
            if (id.empty() || id.size() > kMaxSkuIdChars) {
                m_check.error(sat, "expected a SKU id of 1 to " + std::to_string(kMaxSkuIdChars) +
                                       " bytes");
                continue;
            }
            if (auto sku = readSku(value, sat))
                book.skus[id] = std::move(*sku);
        }
        if (!skus->contains(kReferenceSku))
            m_check.error(childPointer(at, kReferenceSku),
                          "missing; every performance ratio is relative to " +
                              std::string(kReferenceSku));
    }

    std::optional<Sku> readSku(const json& value, const std::string& at) {
        const json* obj = m_check.objectAt(value, at, "a SKU");
        if (obj == nullptr)
            return std::nullopt;
        m_check.checkKeys(*obj, at, skuKeys());
        const std::size_t errorsBefore = m_check.errors().size();
        Sku sku;
        const std::string vendors = quotedNames(std::array{Vendor::Nvidia, Vendor::Amd});
        if (!obj->contains("vendor"))
            m_check.error(childPointer(at, "vendor"), "missing; expected one of " + vendors);
        else if (auto v = m_check.enumAt((*obj)["vendor"], childPointer(at, "vendor"), &parseVendor,
                                         vendors))
            sku.vendor = *v;
        sku.name = m_check.requiredName(*obj, at, "name", model::kMaxNameBytes);
        auto readUncertainFields = [&](const std::vector<UncertainField>& fields) {
            for (const UncertainField& f : fields)
                if (auto u = m_check.requiredUncertain(*obj, at, f.key, f.sense))
                    sku.*f.member = std::move(*u);
        };
        auto readIntegerFields = [&](const std::vector<IntegerField>& fields) {
            for (const IntegerField& f : fields)
                if (auto n = m_check.requiredInteger(*obj, at, f.key, f.min, f.max))
                    sku.*f.member = *n;
        };
        readUncertainFields(specFields());
        readIntegerFields(placementFields());
        readUncertainFields(moneyFields());
        readIntegerFields(termFields());
        readUncertainFields(lifeFields());
        for (const OptionalField& f : resaleFields())
            if (obj->contains(f.key))
                if (auto u = m_check.requiredUncertain(*obj, at, f.key, f.sense))
                    sku.*f.member = std::move(*u);
        if (m_check.errors().size() != errorsBefore)
            return std::nullopt;
        return sku;
    }

    std::string skuList() const {
        std::string out;
        for (const std::string& id : *m_skuIds) {
            if (!out.empty())
                out += ", ";
            out += id;
        }
        return out;
    }

    void readPerformance(const json& doc, const std::string& pointer, PriceBook& book) {
        const std::string at = childPointer(pointer, "performance");
        const json* perf = m_check.requiredObject(doc, pointer, "performance",
                                                  "throughput relative to H100 per workload class");
        if (perf == nullptr)
            return;
        for (const auto& [key, value] : perf->items())
            if (!parseWorkloadClass(key))
                m_check.warning(childPointer(at, key),
                                "unknown workload class, ignored; the six are " +
                                    quotedNames(kAllWorkloadClasses));
        for (WorkloadClass c : kAllWorkloadClasses) {
            const std::string cat = childPointer(at, toString(c));
            const json* row =
                m_check.requiredObject(*perf, at, toString(c), "ratios to H100 keyed by SKU id");
            if (row == nullptr)
                continue;
            auto& out = book.performance[c];
            for (const auto& [sku, value] : row->items()) {
                const std::string sat = childPointer(cat, sku);
                if (m_skuIds && !m_skuIds->contains(sku)) {
                    m_check.error(sat, "unknown SKU; expected one of the price book's SKUs (" +
                                           skuList() + ")");
                    continue;
                }
                auto ratio = m_check.readUncertain(value, sat, Sense::of(kRatioDomain));
                if (!ratio)
                    continue;
                if (sku == kReferenceSku && !(ratio->range == Range{1, 1, 1})) {
                    m_check.error(sat, "expected exactly 1 (" + std::string(kReferenceSku) +
                                           " is the reference every ratio is relative to), "
                                           "got " +
                                           rangeText(ratio->range));
                    continue;
                }
                out[sku] = std::move(*ratio);
            }
            if (m_skuIds)
                for (const std::string& sku : *m_skuIds)
                    if (!row->contains(sku))
                        m_check.error(childPointer(cat, sku),
                                      "missing; expected this SKU's throughput relative to " +
                                          std::string(kReferenceSku) + " in this class");
        }
    }

    // Engine version 3's transition per workload class: optional, and so is each class.
    void readTransition(const json& doc, const std::string& pointer, PriceBook& book) {
        if (!doc.contains("transition"))
            return;
        const std::string at = childPointer(pointer, "transition");
        const json* table = m_check.objectAt(
            doc["transition"], at, "the transition regression per workload class (fractions)");
        if (table == nullptr)
            return;
        for (const auto& [key, value] : table->items()) {
            const auto cls = parseWorkloadClass(key);
            if (!cls) {
                m_check.error(childPointer(at, key), "unknown workload class; the six are " +
                                                         quotedNames(kAllWorkloadClasses));
                continue;
            }
            if (auto n = m_check.readUncertain(value, childPointer(at, key),
                                               Sense::of(kRegressionDomain)))
                book.transition[*cls] = std::move(*n);
        }
    }

    void readPortMonths(const json& doc, const std::string& pointer, PriceBook& book) {
        const std::string at = childPointer(pointer, "port_months");
        const json* table = m_check.requiredObject(
            doc, pointer, "port_months", "calendar months per port task, effort level and path");
        if (table == nullptr)
            return;
        for (const auto& [key, value] : table->items())
            if (!parsePortTask(key))
                m_check.warning(childPointer(at, key), "unknown port task, ignored; the five are " +
                                                           quotedNames(kAllPortTasks));
        for (PortTask task : kAllPortTasks) {
            const std::string tat = childPointer(at, toString(task));
            const json* levels =
                m_check.requiredObject(*table, at, toString(task), "months per effort level");
            if (levels == nullptr)
                continue;
            for (const auto& [key, value] : levels->items())
                if (!parseEffortLevel(key))
                    m_check.warning(childPointer(tat, key),
                                    "unknown effort level, ignored; the three are " +
                                        quotedNames(kAllEffortLevels));
            for (EffortLevel level : kAllEffortLevels) {
                const std::string lat = childPointer(tat, toString(level));
                const json* paths =
                    m_check.requiredObject(*levels, tat, toString(level), "months per path");
                if (paths == nullptr)
                    continue;
                for (const auto& [key, value] : paths->items())
                    if (!parsePortabilityPath(key))
                        m_check.warning(childPointer(lat, key),
                                        "unknown path, ignored; the four are " +
                                            quotedNames(kAllPaths));
                for (PortabilityPath path : kAllPaths)
                    if (auto months = m_check.requiredUncertain(*paths, lat, toString(path),
                                                                Sense::of(kMonthsDomain)))
                        book.port_months[task][level][path] = std::move(*months);
            }
        }
    }

    void readSequences(const json& doc, const std::string& pointer, PriceBook& book) {
        const std::string at = childPointer(pointer, "sequences");
        const json* sequences =
            m_check.requiredObject(doc, pointer, "sequences", "each path's port tasks in order");
        if (sequences == nullptr)
            return;
        for (const auto& [key, value] : sequences->items())
            if (!parsePortabilityPath(key))
                m_check.warning(childPointer(at, key),
                                "unknown path, ignored; the four are " + quotedNames(kAllPaths));
        const std::string names = quotedNames(kAllPortTasks);
        for (PortabilityPath path : kAllPaths) {
            const std::string pat = childPointer(at, toString(path));
            if (!sequences->contains(toString(path))) {
                m_check.error(pat, "missing; expected the path's port tasks in order");
                continue;
            }
            const json& list = (*sequences)[std::string(toString(path))];
            if (!list.is_array()) {
                m_check.error(pat, "expected an array of port tasks, got " + describe(list));
                continue;
            }
            if (list.empty()) {
                m_check.error(pat, "expected at least one port task, got an empty array");
                continue;
            }
            std::vector<PortTask> tasks;
            std::map<PortTask, std::size_t> seenAt;
            bool complete = true;
            for (std::size_t i = 0; i < list.size(); ++i) {
                const std::string iat = childPointer(pat, i);
                const auto task = m_check.enumAt(list[i], iat, &parsePortTask, names);
                if (!task) {
                    complete = false;
                    continue;
                }
                if (auto seen = seenAt.find(*task); seen != seenAt.end()) {
                    m_check.error(iat, "expected each task once, got \"" +
                                           std::string(toString(*task)) + "\" again (first at " +
                                           childPointer(pat, seen->second) + ")");
                    complete = false;
                    continue;
                }
                seenAt[*task] = i;
                tasks.push_back(*task);
            }
            if (complete)
                book.sequences[path] = std::move(tasks);
        }
    }
};

nlohmann::ordered_json skuJson(const Sku& sku) {
    nlohmann::ordered_json j;
    j["vendor"] = toString(sku.vendor);
    j["name"] = sku.name;
    for (const UncertainField& f : specFields())
        j[std::string(f.key)] = uncertainJson(sku.*f.member);
    for (const IntegerField& f : placementFields())
        j[std::string(f.key)] = sku.*f.member;
    for (const UncertainField& f : moneyFields())
        j[std::string(f.key)] = uncertainJson(sku.*f.member);
    for (const IntegerField& f : termFields())
        j[std::string(f.key)] = sku.*f.member;
    for (const UncertainField& f : lifeFields())
        j[std::string(f.key)] = uncertainJson(sku.*f.member);
    for (const OptionalField& f : resaleFields())
        if (sku.*f.member)
            j[std::string(f.key)] = uncertainJson(*(sku.*f.member));
    return j;
}

} // namespace

PriceBook readPriceBookObject(const json& value, const std::string& pointer, JsonChecker& checker) {
    return PriceBookReader(checker).read(value, pointer);
}

PriceBookReadResult readPriceBook(std::string_view text) {
    return readDocument<PriceBook>(
        text, kPriceBookDocument, kPriceBookSchemaTag, [](const json& doc, JsonChecker& checker) {
            // A file must say what it is; the object reader checks the tag only when present.
            if (doc.is_object() && !doc.contains("schema"))
                checker.error("/schema",
                              "missing; expected \"" + std::string(kPriceBookSchemaTag) + "\"");
            return readPriceBookObject(doc, "", checker);
        });
}

PriceBookReadResult readPriceBookFile(const std::string& path) {
    return readDocumentFile(path, kPriceBookDocument, &readPriceBook);
}

nlohmann::ordered_json priceBookJson(const PriceBook& book) {
    nlohmann::ordered_json j;
    j["name"] = book.name;
    if (!book.version.empty())
        j["version"] = book.version;
    j["skus"] = nlohmann::ordered_json::object();
    for (const auto& [id, sku] : book.skus)
        j["skus"][id] = skuJson(sku);
    j["performance"] = nlohmann::ordered_json::object();
    for (WorkloadClass c : kAllWorkloadClasses) {
        const auto row = book.performance.find(c);
        if (row == book.performance.end())
            continue;
        auto& out = j["performance"][std::string(toString(c))];
        out = nlohmann::ordered_json::object();
        for (const auto& [sku, ratio] : row->second)
            out[sku] = uncertainJson(ratio);
    }
    if (!book.transition.empty()) {
        auto& table = j["transition"];
        for (WorkloadClass c : kAllWorkloadClasses)
            if (const auto row = book.transition.find(c); row != book.transition.end())
                table[std::string(toString(c))] = uncertainJson(row->second);
    }
    j["port_months"] = nlohmann::ordered_json::object();
    for (PortTask task : kAllPortTasks) {
        const auto levels = book.port_months.find(task);
        if (levels == book.port_months.end())
            continue;
        auto& taskJson = j["port_months"][std::string(toString(task))];
        taskJson = nlohmann::ordered_json::object();
        for (EffortLevel level : kAllEffortLevels) {
            const auto paths = levels->second.find(level);
            if (paths == levels->second.end())
                continue;
            auto& levelJson = taskJson[std::string(toString(level))];
            levelJson = nlohmann::ordered_json::object();
            for (PortabilityPath path : kAllPaths)
                if (const auto cell = paths->second.find(path); cell != paths->second.end())
                    levelJson[std::string(toString(path))] = uncertainJson(cell->second);
        }
    }
    j["sequences"] = nlohmann::ordered_json::object();
    for (PortabilityPath path : kAllPaths) {
        const auto tasks = book.sequences.find(path);
        if (tasks == book.sequences.end())
            continue;
        auto& list = j["sequences"][std::string(toString(path))];
        list = nlohmann::ordered_json::array();
        for (PortTask task : tasks->second)
            list.push_back(toString(task));
    }
    return j;
}

std::string writePriceBook(const PriceBook& book) {
    nlohmann::ordered_json j;
    j["schema"] = kPriceBookSchemaTag;
    // A named object: iterating items() of a temporary would outlive it.
    nlohmann::ordered_json body = priceBookJson(book);
    for (auto& [key, value] : body.items())
        j[key] = std::move(value);
    // Strings that are not UTF-8 can only come from code, never from a file the reader took;
    // replacing them beats throwing from a save.
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

} // namespace crossgrade::data
