#pragma once

// From a scan to the audit a reviewer confirms (issue 8, point 3): the proposed tier, reasons,
// findings, top evidence and mitigations per dimension, the two facts the path rules read
// (TensorRT in the pipeline, multi-node), the files not scanned and a breakdown per repository.
// With several repositories the evidence paths are prefixed by the repository's name.

#include "audit.h"
#include "scan_walker.h"

#include <filesystem>
#include <optional>
#include <string>

namespace crossgrade::data {

struct ScanAuditOptions {
    model::WorkloadKind workload = model::WorkloadKind::InferenceOnly; // required: not in code
    std::string name;              // empty: the repositories' names joined
    std::string organisation;      // optional
    std::string date;              // YYYY-MM-DD; empty: left empty
    std::size_t top_evidence = 20; // per dimension
};

// A new audit: every scanned dimension's tier is the proposed one; team knowledge is Medium with
// the questionnaire note.
model::Audit auditFromScan(const ScanRun& run, const ScanAuditOptions& options);

// Re-scan into an existing audit: the proposal, reasons, findings, evidence, mitigations,
// facts found in code, not_scanned and the breakdown are replaced; the reviewer's overrides
// (which keep deciding the tier), notes, team knowledge, name and organisation are kept.
// A dimension without an override takes the new proposed tier.
model::Audit updateAuditFromScan(const model::Audit& previous, const ScanRun& run,
                                 const ScanAuditOptions& options);

// Where an evidence (or mitigation, or not-scanned) path of a scanned audit is on disk: under
// the one repository's root, or with several under the root of the repository its first
// component names. nullopt when the audit has no repositories, the name is unknown, or the path
// tries to leave the root ("..", an absolute path).
std::optional<std::filesystem::path> evidenceFile(const model::Audit& audit,
                                                  const std::string& evidencePath);

// True when `finding` shows TensorRT or TensorRT-LLM in production code (libraries.tensorrt).
bool showsTensorRt(const model::ScanFinding& finding);
// True when `finding` shows a multi-node launch in production code (distributed.multi_node).
bool showsMultiNode(const model::ScanFinding& finding);

} // namespace crossgrade::data
