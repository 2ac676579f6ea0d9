#pragma once

// The CUDA libraries the article rates (Dimension 2 and "What specific CUDA libraries are
// hardest to replace"), their ROCm counterparts and how hard each move is, and which of them
// an audit names — so the audit view can show the difficulty where it matters to this team.

#include "audit.h"

#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

namespace article {
inline constexpr std::string_view kCublas = "cuBLAS → rocBLAS: Low, mature equivalent.";
inline constexpr std::string_view kCudnn =
    "cuDNN → MIOpen: Medium, most primitives covered but gaps on some custom transformer ops.";
inline constexpr std::string_view kLibraryRanking =
    "From hardest to easiest: TensorRT (no direct ROCm equivalent — hardest gap), cuDNN "
    "(partially replaced by MIOpen — most ops covered, gaps on custom transformer operations), "
    "cuSPARSE (partially replaced by rocSPARSE — workload-specific validation required), cuBLAS "
    "(cleanly replaced by rocBLAS/hipBLASLt — mature equivalent with broad GEMM coverage as of "
    "ROCm 7.2).";
inline constexpr std::string_view kRccl =
    "AMD has its own equivalent in RCCL. These libraries are not interoperable.";
} // namespace article

struct LibraryEquivalent {
    std::string_view id;                 // "cublas", "cudnn", "cusparse", "tensorrt", "nccl"
    std::string_view cuda_library;       // "cuBLAS"
    std::string_view rocm_equivalent;    // "rocBLAS / hipBLASLt"; "none" where there is none
    Tier difficulty = Tier::Low;         // the article's rating of the move
    std::string_view source;             // the article sentence the row rests on, verbatim
    std::string_view note;               // Crossgrade's reading where the article leaves a gap
    std::vector<std::string_view> terms; // lower-case words that name the library in an audit
};

// The article's five, from easiest to hardest as the article ranks them (NCCL last: it is the
// networking layer, rated by Dimension 4 rather than in the library ranking).
const std::vector<LibraryEquivalent>& libraryEquivalents();

// A library the audit names, where it names it, and the difficulty for this audit.
struct NamedLibrary {
    LibraryEquivalent library;
    // The table's difficulty, except NCCL without multi-node training: RCCL takes the same API on
    // one node, and the article rates only single-GPU inference (Low) and multi-node NCCL (High).
    Tier difficulty = Tier::Low;
    std::string difficulty_reason;     // empty where the table's difficulty stands
    std::vector<std::string> named_by; // e.g. "libraries evidence D2.tensorrt at a.py:7"
};

// Case-insensitive search of the libraries dimension (notes, findings, evidence rule ids,
// snippets and ROCm equivalents) for every library; for NCCL also the distributed dimension
// and `multi_node`; for TensorRT also `tensorrt`. In the table's order.
std::vector<NamedLibrary> namedLibraries(const Audit& audit);

} // namespace crossgrade::model
