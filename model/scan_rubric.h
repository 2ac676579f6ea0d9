#pragma once

// From a scan's findings to a proposed tier per dimension (scanner-patterns.md §10), each with
// the reasons a reviewer reads before confirming or overriding it.

#include "audit.h"
#include "scan_matcher.h"

#include <array>
#include <string>
#include <vector>

namespace crossgrade::model {

struct DimensionProposal {
    Dimension dimension = Dimension::CustomKernels;
    Tier tier = Tier::Low;
    bool scanned = true;              // false for team knowledge (a questionnaire)
    std::string deciding_rule;        // the rule that set the tier before any step-down
    std::string mitigated_by;         // the mitigation that stepped it down, if one did
    std::vector<std::string> reasons; // in the order they were applied
};

struct ScanProposal {
    std::array<DimensionProposal, kDimensionCount> dimensions{};
    const DimensionProposal& dimension(Dimension d) const {
        return dimensions[static_cast<std::size_t>(d)];
    }
};

// The rubric:
// - a dimension's tier is the highest severity among its findings in production code (context
//   Code: not comments, docstrings, tests, examples, benchmarks or vendored code);
// - a mitigation in production code that covers the dimension steps it down one notch (never
//   below Low), except that a HIP branch cannot rescue a CUDA extension (D3.cpp-extension) whose
//   kernels use non-portable code (D1 inline PTX, wmma, Hopper/Blackwell features, CUTLASS/CuTe);
// - D3.torch-cuda-namespace is Low by definition, so torch.cuda.* alone leaves D3 Low;
// - D4 reads multi-node evidence (D4.multi-node-launch): without it D4 is Low, or Medium when
//   the NCCL C API, NVSHMEM or custom communication kernels are used on one node; with it NCCL
//   through the framework (or NCCL_* settings, RDMA fabric setup) is Medium, and High needs the
//   NCCL C API, NVSHMEM, custom communication or NVLS/CollNet/SHARP tuning;
// - team knowledge is not scanned: Medium, with a note to answer the questionnaire.
ScanProposal proposeTiers(const std::vector<ScanFinding>& findings);

// Writes a scan into an audit (DESIGN.md, "the audit's evidence item"), per scanned dimension:
// `proposed_tier` from the proposal; `findings`, the hits per rule id in every context;
// `evidence`, the dimension's findings and scale context ranked by context weight, then
// severity, then place, at most `top_n`, each marked `mitigated_by` where the proposal stepped
// the dimension down; `mitigations`, the signals in code that cover it. The tier that counts,
// the reviewer's override and the notes are left alone: the reviewer decides.
void applyScan(Audit& audit, const std::vector<ScanFinding>& findings, const ScanProposal& proposal,
               std::size_t top_n = 20);

} // namespace crossgrade::model
