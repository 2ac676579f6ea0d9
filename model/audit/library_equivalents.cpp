#include "library_equivalents.h"

#include "article.h"
#include "ascii_text.h"

#include <algorithm>

namespace crossgrade::model {

namespace {

bool names(std::string_view text, const LibraryEquivalent& library) {
    const std::string lower = asciiLower(text);
    return std::any_of(library.terms.begin(), library.terms.end(), [&lower](std::string_view term) {
        return lower.find(term) != std::string::npos;
    });
}

std::string place(const EvidenceItem& item) {
    return item.path + ":" + std::to_string(item.line);
}

// Every place in one dimension that names `library`, as short phrases for the reader.
void collect(const Audit& audit, Dimension d, const LibraryEquivalent& library,
             std::vector<std::string>& out) {
    const DimensionAssessment& dim = audit.dimension(d);
    const std::string where(toString(d));
    if (names(dim.notes, library))
        out.push_back(where + " notes");
    for (const auto& [rule, count] : dim.findings)
        if (names(rule, library))
            out.push_back(where + " findings " + rule + " (" + std::to_string(count) + ")");
    for (const EvidenceItem& item : dim.evidence)
        if (names(item.rule_id, library) || names(item.snippet, library) ||
            names(item.rocm_equivalent, library))
            out.push_back(where + " evidence " + item.rule_id + " at " + place(item));
}

} // namespace

const std::vector<LibraryEquivalent>& libraryEquivalents() {
    static const std::vector<LibraryEquivalent> table{
        {"cublas",
         "cuBLAS",
         "rocBLAS / hipBLASLt",
         Tier::Low,
         article::kCublas,
         "The article's ranking adds hipBLASLt: cuBLAS is \"cleanly replaced by "
         "rocBLAS/hipBLASLt\".",
         {"cublas"}},
        // The article ranks cuSPARSE between cuDNN (Medium) and cuBLAS (Low) without a tier of
        // its own; the scanner rubric (scanner-patterns.md §10) rates it Low, and so does this.
        {"cusparse",
         "cuSPARSE",
         "rocSPARSE",
         Tier::Low,
         article::kLibraryRanking,
         "Ranked between cuDNN and cuBLAS, without a tier; rated Low as in the scanner rubric, "
         "with workload-specific validation.",
         {"cusparse"}},
        {"cudnn",
         "cuDNN",
         "MIOpen",
         Tier::Medium,
         article::kCudnn,
         "torch.backends.cudnn settings drive MIOpen on ROCm PyTorch; direct cuDNN calls and "
         "custom transformer ops are the gaps.",
         {"cudnn"}},
        {"tensorrt",
         "TensorRT",
         "none (MIGraphX is closest, not drop-in)",
         Tier::High,
         article::kTensorRtIsHigh,
         "Re-engineer the inference pipeline before AMD hardware is viable.",
         {"tensorrt", "trtllm", "trtexec", "nvinfer"}},
        {"nccl",
         "NCCL",
         "RCCL",
         Tier::High,
         article::kRccl,
         "RCCL takes NCCL's API and serves torch.distributed's \"nccl\" backend; multi-node "
         "training is High because the two do not mix across vendors until HetCCL.",
         {"nccl"}},
    };
    return table;
}

std::vector<NamedLibrary> namedLibraries(const Audit& audit) {
    std::vector<NamedLibrary> named;
    for (const LibraryEquivalent& library : libraryEquivalents()) {
        NamedLibrary entry{library, library.difficulty, {}, {}};
        collect(audit, Dimension::Libraries, library, entry.named_by);
        if (library.id == "tensorrt" && audit.tensorrt)
            entry.named_by.emplace_back("TensorRT in the inference pipeline (libraries.tensorrt)");
        if (library.id == "nccl") {
            collect(audit, Dimension::Distributed, library, entry.named_by);
            if (audit.multi_node)
                entry.named_by.emplace_back("multi-node training (distributed.multi_node)");
            else {
                entry.difficulty = Tier::Low;
                entry.difficulty_reason =
                    "No multi-node training is recorded: on one node RCCL takes NCCL's place "
                    "unchanged. " +
                    std::string(article::kDistributedTiers);
            }
        }
        if (!entry.named_by.empty())
            named.push_back(std::move(entry));
    }
    return named;
}

} // namespace crossgrade::model
