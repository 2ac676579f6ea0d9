#pragma once

// What the tally (scan_rubric.cpp) and the tier rules (scan_rubric_tiers.cpp) share: which
// findings are production code, which kinds of kernel code a finding shows, which communication
// goes beyond the framework. Internal to model/scan.

#include "scan_rubric.h"

#include <string>
#include <string_view>
#include <vector>

namespace crossgrade::model::rubric {

inline bool isRule(const ScanFinding& f, std::string_view id) {
    return f.rule && f.rule->id == id;
}

inline bool production(const ScanFinding& f) {
    return f.rule && f.context == EvidenceContext::Code;
}

inline std::string place(const ScanFinding& f) {
    return f.path + ":" + std::to_string(f.line);
}

inline std::string describe(const ScanFinding& f) {
    return std::string(f.rule->id) + " (" + std::string(toString(f.severity)) + ") at " + place(f);
}

inline bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// C, C++ and CUDA sources and headers.
inline bool isCxxPath(std::string_view path) {
    for (std::string_view ext :
         {".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".h", ".hpp", ".hh", ".inl"})
        if (endsWith(path, ext))
            return true;
    return false;
}

// Source code (C/C++/CUDA or Python), as opposed to build files, CI configs and scripts.
inline bool isSourcePath(std::string_view path) {
    return isCxxPath(path) || endsWith(path, ".py") || endsWith(path, ".pyx") ||
           endsWith(path, ".ipynb");
}

// A build definition: what decides how the sources are compiled.
inline bool isBuildPath(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    return name == "setup.py" || name == "CMakeLists.txt" || endsWith(name, ".cmake") ||
           name == "pyproject.toml" || name == "Makefile" || endsWith(name, ".mk") ||
           name == "BUILD" || name == "BUILD.bazel" || endsWith(name, ".bzl");
}

// D1 code that hipify cannot translate (scanner-patterns.md §9.6, §10 Dimension 1 High).
inline bool nonPortableKernel(const ScanFinding& f) {
    for (std::string_view id : {"D1.inline-ptx", "D1.wmma", "D1.hopper-blackwell", "D1.cute-dsl",
                                "D1.nvrtc", "D1.numba-cuda", "D1.pycuda"})
        if (isRule(f, id))
            return true;
    // CUTLASS/CuTe in source code (not a submodule line or a manifest).
    return isRule(f, "D2.cutlass") && isSourcePath(f.path);
}

// The code classes a production finding shows (bit per CodeClass).
inline unsigned codeClassesOf(const ScanFinding& f) {
    unsigned out = 0;
    const auto bit = [](CodeClass c) {
        return 1u << static_cast<unsigned>(c);
    };
    if (nonPortableKernel(f))
        out |= bit(CodeClass::NonPortableKernel);
    for (std::string_view id :
         {"D1.cuda-source-file", "D1.kernel-qualifier", "D1.kernel-launch", "D1.warp-sync",
          "D1.warp-size-32", "D1.cupy-kernel", "D1.inline-extension"})
        if (isRule(f, id))
            out |= bit(CodeClass::Kernel);
    if (isRule(f, "D1.triton-kernel"))
        out |= bit(CodeClass::Triton);
    if ((isRule(f, "D1.cuda-runtime-api") || isRule(f, "D1.cuda-driver-api") ||
         isRule(f, "D1.kernel-launch")) &&
        isCxxPath(f.path))
        out |= bit(CodeClass::DirectCudaApi);
    return out;
}

// NCCL tuning for NVLink SHARP (NVLS) or CollNet: fabric-specific.
inline bool fabricTuning(const ScanFinding& f) {
    return isRule(f, "D4.nccl-env") &&
           (f.match.find("NCCL_NVLS_") == 0 || f.match.find("NCCL_COLLNET_") == 0);
}

// D4 evidence that goes beyond NCCL through the framework (§10, Dimension 4 High): the NCCL C
// API, NVSHMEM, custom communication kernels, NVLS/CollNet tuning, SHARP.
inline bool beyondFrameworkComm(const ScanFinding& f) {
    if (isRule(f, "D4.nccl-c-api") || isRule(f, "D4.nvshmem") || isRule(f, "D4.custom-comm"))
        return true;
    if (fabricTuning(f))
        return true;
    if (isRule(f, "D4.rdma-fabric"))
        return f.match == "SHARP";
    return false;
}

// The folders a ROCm build compiles, from the held production mitigations: a folder COPYed
// into a Dockerfile built on a ROCm image, or the folder of a CMake project enabling HIP
// (scan_rubric_coverage.cpp).
std::vector<CoveredFolder> rocmBuildFolders(const std::vector<const ScanFinding*>& held);

} // namespace crossgrade::model::rubric
