#pragma once

// The scanner's knowledge tables (scanner-patterns.md §3 "D2.manifest-packages" and §12.9): a
// curated package table that rates each CUDA-tied Python package a manifest names, and a curated
// table of the ROCm forks of upstream projects. They are data, versioned with the rule set; a
// fork counts as a ROCm path only when this table names it, never because a name looks like one.

#include "audit.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model {

struct PackageRating {
    std::string_view package; // the normalised name (lower case, '_' and '.' read as '-'), or
                              // a family: "nvidia-*-cu12", "cupy-cuda*", "/whl/cu*"
    Level severity = Level::Medium;
    std::string_view rocm_path; // what replaces it on ROCm, in a reviewer's words
    std::string_view fork;      // the ROCm fork from forkTable(), "" when there is none
    std::string_view source;    // where the rating comes from
};

struct RocmFork {
    std::string_view upstream; // the upstream project ("NVIDIA/apex")
    std::string_view fork;     // its ROCm fork on GitHub ("ROCm/apex")
    std::string_view note;
};

const std::vector<PackageRating>& packageTable();
const std::vector<RocmFork>& forkTable();

// The rating of a package as D2.manifest-packages matched it ("flash_attn", "cupy-cuda12x",
// "nvidia-cudnn-cu12", "/whl/cu121"); nullptr for a name the table does not rate (the rule's
// default Medium then stands).
const PackageRating* ratePackage(std::string_view matched);

// A package's name as the tables key it: lower case, '_' and '.' read as '-' ("flash_attn" and
// "Flash-Attn" are "flash-attn"), so an import and a manifest line name the same package.
std::string packageKey(std::string_view name);

// The packages a repository holds as its own code, by normalised name: folders at its root or
// under src/ with an __init__.py ("bitsandbytes/__init__.py" → "bitsandbytes"), from the
// repository-relative paths of its files.
std::set<std::string> ownPackages(const std::vector<std::string>& relPaths);
// True for a manifest hit (D2.manifest-packages) naming one of `own`: the project naming
// itself (its name, its extras "bitsandbytes[test]", a linter's source folder) is not a
// dependency.
bool namesOwnPackage(std::string_view ruleId, std::string_view matched,
                     const std::set<std::string>& own);

} // namespace crossgrade::model
