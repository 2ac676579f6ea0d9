#pragma once

// The scan's dependency inventory as a CycloneDX 1.6 BOM (issue 27, point 5; `scan --format
// cyclonedx`): one component per CUDA-dependent Python package, container image, NVIDIA library
// and NVIDIA submodule found (model::ScanInventory), each with its package URL where it has one,
// the rule that found it, its severity and ROCm equivalent as properties, and every file:line it
// was found at in evidence.occurrences (the first 100; the count of all in a property). The
// repositories scanned are the BOM's subject; in a multi-repository scan each is a component
// of its own that depends on what was found in it. docs/scanner.md, "Dependency inventory".

#include "scan_inventory.h"
#include "scan_walker.h"

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace crossgrade::data {

// Fed as a scan goes (ScanOptions::on_finding, on_repository_done), then written once; holds
// only the components, never the findings.
class CycloneDxWriter {
public:
    // `timestamp`: ISO 8601 UTC, empty for none.
    explicit CycloneDxWriter(std::string timestamp);
    // `several`: more than one repository is scanned, so paths start with the repository's name.
    void finding(const RepositoryScan& repo, const model::ScanFinding& finding, bool several);
    void repositoryDone(const RepositoryScan& repo);
    // The BOM as JSON text; `name` is its subject's (the audit's name).
    std::string bom(const std::string& name) const;

private:
    struct Repository {
        std::string name;
        std::vector<std::size_t> components; // indices into m_inventory, each once
    };
    Repository& repository(const RepositoryScan& repo);

    std::string m_timestamp;
    model::ScanInventory m_inventory; // over every repository: one component per package
    std::vector<Repository> m_repositories;
};

// The BOM of a finished run (its kept findings: ScanOptions::keep_every_finding).
std::string scanCycloneDx(const ScanRun& run, const std::string& name,
                          const std::string& timestamp);

} // namespace crossgrade::data
