#pragma once

// The CUDA-dependent components a scan found (issue 27, point 5): Python packages named in
// manifests, Dockerfiles and CI scripts (flash-attn, nvidia-cudnn-cu12, tensorrt, a torch wheel
// pinned to +cu121), container base images (nvcr.io/nvidia/pytorch:24.01-py3), NVIDIA libraries
// the code calls (cuBLAS, cuDNN, NCCL, TensorRT, ...) and NVIDIA submodules — each with every
// file and line it was found at. The dependency inventory a CycloneDX BOM carries
// (data/scan/scan_cyclonedx.h writes it); the findings' rules decide what a component is, so
// the inventory and the audit never disagree about what was found.

#include "scan_matcher.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

enum class ComponentKind {
    PythonPackage,  // a PyPI distribution (purl pkg:pypi)
    ContainerImage, // an OCI image (purl pkg:docker)
    NvidiaLibrary,  // a library of the CUDA platform the code calls (no purl: a system library)
    Submodule,      // a git submodule on GitHub (purl pkg:github)
};

struct ComponentOccurrence {
    std::string path; // relative to the repository (with its name first in a multi-repo scan)
    int line = 1;
    std::string snippet;
    EvidenceContext context = EvidenceContext::Code;
};

struct InventoryComponent {
    ComponentKind kind = ComponentKind::PythonPackage;
    std::string ref;     // unique within an inventory: the purl, or "nvidia-library:<id>"
    std::string name;    // "flash-attn", "nvcr.io/nvidia/pytorch", "cuDNN", "NVIDIA/cutlass"
    std::string version; // a pinned version or image tag; empty when none is pinned
    std::string purl;    // empty for an NVIDIA library
    std::string rule;    // the rule of its first finding ("D2.manifest-packages")
    Dimension dimension = Dimension::Libraries;
    Level severity = Level::Low; // the highest of its findings
    std::string rocm_equivalent;
    // Found in production code; else only in tests, examples, benchmarks or optional extras.
    bool in_code = false;
    std::size_t occurrences_total = 0;
    std::vector<ComponentOccurrence> occurrences; // the first kMaxOccurrences, in scan order
    std::string last_place;                       // "path:line" of the last occurrence counted
};

class ScanInventory {
public:
    static constexpr std::size_t kMaxOccurrences = 100;
    static constexpr std::size_t kNone = std::size_t(-1);

    // Adds what `finding` shows, if it names a component: findings in comments, docstrings and
    // vendored code do not (they describe or belong to someone else), nor do mitigations.
    // `pathPrefix` goes before the finding's path ("repo/" in a multi-repository scan). Returns
    // the component's index in components(), kNone when the finding names none.
    std::size_t add(const ScanFinding& finding, std::string_view pathPrefix = {});

    // In the order first found.
    const std::vector<InventoryComponent>& components() const { return m_components; }

private:
    std::vector<InventoryComponent> m_components;
    std::map<std::string, std::size_t, std::less<>> m_byRef;
};

// What a finding names, without its occurrence; false when it names no component. Exposed for
// the tests of each rule's reading.
struct ComponentName {
    ComponentKind kind = ComponentKind::PythonPackage;
    std::string name;
    std::string version;
};
bool componentOf(const ScanFinding& finding, ComponentName& out);

// The package URL of a component (purl-spec: pypi names normalised, versions percent-encoded,
// docker images with their registry as repository_url); empty for an NVIDIA library.
std::string purlOf(const ComponentName& c);

} // namespace crossgrade::model
