// The scan's dependency inventory as a CycloneDX 1.6 BOM (scan_cyclonedx.h).

#include "scan_cyclonedx.h"

#include "path_bytes.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace crossgrade::data {

namespace {

using namespace crossgrade::model;
using ordered_json = nlohmann::ordered_json;

constexpr std::string_view kPropertyPrefix = "crossgrade:";

// Text read from a file inside a JSON string: as it is when UTF-8, else percent-escaped.
std::string jsonText(const std::string& bytes) {
    return isWellFormedUtf8(bytes) ? bytes : percentEscapedPath(bytes);
}

std::string_view descriptionOf(ComponentKind kind) {
    switch (kind) {
    case ComponentKind::PythonPackage:
        return "CUDA-dependent Python package named in a manifest, Dockerfile, CI script or "
               "import";
    case ComponentKind::ContainerImage:
        return "container image built for NVIDIA GPUs that a Dockerfile or compose file uses";
    case ComponentKind::NvidiaLibrary:
        return "NVIDIA CUDA platform library the code calls (a system library: no package URL)";
    case ComponentKind::Submodule:
        return "NVIDIA project vendored as a git submodule";
    }
    return {};
}

ordered_json property(std::string_view name, const std::string& value) {
    return {{"name", std::string(kPropertyPrefix) + std::string(name)}, {"value", value}};
}

ordered_json componentJson(const InventoryComponent& c) {
    ordered_json j;
    j["type"] = c.kind == ComponentKind::ContainerImage ? "container" : "library";
    j["bom-ref"] = jsonText(c.ref);
    if (c.kind == ComponentKind::NvidiaLibrary)
        j["supplier"] = {{"name", "NVIDIA Corporation"}};
    j["name"] = jsonText(c.name);
    if (!c.version.empty())
        j["version"] = jsonText(c.version);
    j["description"] = descriptionOf(c.kind);
    // Required at runtime when production code uses it; only tests, examples or benchmarks:
    // optional.
    j["scope"] = c.in_code ? "required" : "optional";
    if (!c.purl.empty())
        j["purl"] = jsonText(c.purl);
    ordered_json properties = ordered_json::array();
    properties.push_back(property("rule", c.rule));
    properties.push_back(property("dimension", std::string(toString(c.dimension))));
    properties.push_back(property("severity", std::string(toString(c.severity))));
    if (!c.rocm_equivalent.empty())
        properties.push_back(property("rocm-equivalent", c.rocm_equivalent));
    properties.push_back(property("occurrences", std::to_string(c.occurrences_total)));
    j["properties"] = std::move(properties);
    ordered_json occurrences = ordered_json::array();
    for (const ComponentOccurrence& o : c.occurrences)
        occurrences.push_back({{"location", jsonText(o.path)},
                               {"line", o.line},
                               {"additionalContext", jsonText(o.snippet)}});
    j["evidence"] = {{"occurrences", std::move(occurrences)}};
    return j;
}

} // namespace

CycloneDxWriter::CycloneDxWriter(std::string timestamp)
    : m_timestamp(std::move(timestamp)) {}

CycloneDxWriter::Repository& CycloneDxWriter::repository(const RepositoryScan& repo) {
    for (Repository& r : m_repositories)
        if (r.name == repo.name)
            return r;
    m_repositories.push_back({repo.name, {}});
    return m_repositories.back();
}

void CycloneDxWriter::finding(const RepositoryScan& repo, const ScanFinding& finding,
                              bool several) {
    Repository& r = repository(repo);
    const std::size_t index = m_inventory.add(finding, several ? repo.name + "/" : std::string());
    if (index != ScanInventory::kNone &&
        std::find(r.components.begin(), r.components.end(), index) == r.components.end())
        r.components.push_back(index);
}

void CycloneDxWriter::repositoryDone(const RepositoryScan& repo) {
    repository(repo); // a repository that showed nothing is still the BOM's subject
}

std::string CycloneDxWriter::bom(const std::string& name) const {
    ordered_json j;
    j["$schema"] = "http://cyclonedx.org/schema/bom-1.6.schema.json";
    j["bomFormat"] = "CycloneDX";
    j["specVersion"] = "1.6";
    j["version"] = 1;
    ordered_json metadata;
    if (!m_timestamp.empty())
        metadata["timestamp"] = m_timestamp;
    metadata["tools"] = {
        {"components",
         ordered_json::array({{{"type", "application"},
                               {"name", "Crossgrade scanner"},
                               {"version", CROSSGRADE_VERSION},
                               {"description", "CUDA dependency audit (docs/scanner.md)"}}})}};
    const bool several = m_repositories.size() > 1;
    const std::string subject = "subject";
    metadata["component"] = {{"type", "application"},
                             {"bom-ref", subject},
                             {"name", jsonText(name)},
                             {"description", "the repositories scanned; the components are "
                                             "the CUDA-dependent ones found in them"}};
    j["metadata"] = std::move(metadata);

    const std::vector<InventoryComponent>& found = m_inventory.components();
    ordered_json components = ordered_json::array();
    for (const InventoryComponent& c : found)
        components.push_back(componentJson(c));
    ordered_json dependencies = ordered_json::array();
    const auto refsOf = [&](const std::vector<std::size_t>& indices) {
        ordered_json refs = ordered_json::array();
        for (std::size_t i : indices)
            refs.push_back(jsonText(found[i].ref));
        return refs;
    };
    if (several) {
        ordered_json repositories = ordered_json::array();
        for (const Repository& r : m_repositories) {
            const std::string ref = "repository:" + r.name;
            components.push_back({{"type", "application"},
                                  {"bom-ref", jsonText(ref)},
                                  {"name", jsonText(r.name)},
                                  {"description", "a repository scanned"}});
            repositories.push_back(jsonText(ref));
            dependencies.push_back({{"ref", jsonText(ref)}, {"dependsOn", refsOf(r.components)}});
        }
        dependencies.insert(dependencies.begin(),
                            ordered_json{{"ref", subject}, {"dependsOn", repositories}});
    } else {
        std::vector<std::size_t> all(found.size());
        for (std::size_t i = 0; i < all.size(); ++i)
            all[i] = i;
        dependencies.push_back({{"ref", subject}, {"dependsOn", refsOf(all)}});
    }
    j["components"] = std::move(components);
    j["dependencies"] = std::move(dependencies);
    return j.dump(2) + "\n";
}

std::string scanCycloneDx(const ScanRun& run, const std::string& name,
                          const std::string& timestamp) {
    CycloneDxWriter writer(timestamp);
    const bool several = run.repositories.size() > 1;
    for (const RepositoryScan& repo : run.repositories) {
        for (const ScanFinding& f : repo.findings)
            writer.finding(repo, f, several);
        writer.repositoryDone(repo);
    }
    return writer.bom(name);
}

} // namespace crossgrade::data
