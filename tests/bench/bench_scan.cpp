// Speed of the repository scanner (issue 8: at least 50 MB/s, within 2x ripgrep over the same
// tree with the same patterns). Three commands, driven by scripts/bench-scan:
//   bench_scan generate DIR [MB]  writes a synthetic repository of about MB megabytes (default
//                                 200): C++/CUDA, Python, CMake, Dockerfiles, YAML, Markdown,
//                                 with a realistic sprinkle of CUDA-specific lines, a .gitignore
//                                 and an ignored build/ folder, a few files over the 4 MiB limit
//                                 and a few binary files;
//   bench_scan patterns FILE      writes the text rules' patterns for `rg -f`, one a line;
//   bench_scan scan DIR [RUNS] [THREADS] [MAX_FILE_MB]  times scanRepositories over DIR (RUNS timed
//   runs after
//                                 one warm-up run) and prints the figures, with the findings
//                                 counted, those held and the peak resident memory (issue 20:
//                                 a file matching on every line must not hold every finding);
//   bench_scan gitignore [DEPTH]  times the .gitignore worst cases of issue 20 (class 5): the
//                                 81-byte line of sixteen "**" over DEPTH (default 40) nested
//                                 folders, and twenty '*' in one segment against a 250-byte
//                                 name, as the walker asks them (every folder on the way down).
// Prints figures; never asserts on time.

#include "gitignore.h"
#include "scan_rules.h"
#include "scan_walker.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace crossgrade;
namespace fs = std::filesystem;

namespace {

class Generator {
public:
    Generator(fs::path root, std::uint64_t targetBytes)
        : m_root(std::move(root))
        , m_target(targetBytes) {}

    void run() {
        fs::create_directories(m_root / ".git");
        put(".git/HEAD", "ref: refs/heads/main\n");
        put(".git/config", "[core]\n\trepositoryformatversion = 0\n\tbare = false\n");
        put(".gitignore", "build/\n*.o\n*.pyc\n__pycache__/\n/data/cache/\n!build/keep.md\n");
        put("README.md", prose(40));
        put("requirements.txt", "torch==2.3.1\nnumpy>=1.26\nflash-attn==2.5.9\n"
                                "transformer-engine==1.7\nnvidia-nccl-cu12==2.21.5\npyyaml\n");
        put("docker/Dockerfile", "ARG BASE=nvcr.io/nvidia/pytorch:24.01-py3\nFROM ${BASE}\n"
                                 "RUN pip install -r requirements.txt\nENV NCCL_DEBUG=INFO\n");
        put("docker/Dockerfile.rocm", "FROM rocm/pytorch:rocm6.1_ubuntu22.04_py3.10\n"
                                      "RUN pip install -r requirements.txt\n");
        put(".github/workflows/ci.yml", workflow(true));
        put(".github/workflows/lint.yml", workflow(false));
        // Ignored output, large logs and dumps over the limit, binary assets.
        for (int i = 0; i < 40; ++i)
            put("build/obj/unit" + std::to_string(i) + ".txt", cpp(200'000, false));
        for (int i = 0; i < 4; ++i)
            put("data/logs/train" + std::to_string(i) + ".log", logLines(5'500'000));
        for (int i = 0; i < 10; ++i)
            put("assets/blob" + std::to_string(i) + ".bin", binary(900'000));
        put("data/cache/features.txt", logLines(3'000'000));

        for (int pkg = 0; m_written < m_target; ++pkg)
            package("pkg" + std::to_string(pkg));
        std::printf("generated %s: %zu files, %.1f MB\n", m_root.c_str(), m_files,
                    double(m_written) / 1e6);
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    bool chance(int oneIn) { return pick(oneIn) == 0; }
    std::string name() {
        static const char* parts[] = {"attn",  "rope",  "norm",   "gemm", "moe",   "router",
                                      "cache", "embed", "sample", "topk", "scan",  "reduce",
                                      "quant", "pack",  "shard",  "mesh", "fused", "paged"};
        return std::string(parts[pick(18)]) + "_" + parts[pick(18)] + std::to_string(pick(100));
    }

    void put(const std::string& rel, const std::string& text) {
        const fs::path p = m_root / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
        m_written += text.size();
        ++m_files;
    }

    std::string prose(int sentences) {
        static const char* words[] = {"the",    "model",  "is",      "trained", "on",
                                      "tokens", "with",   "a",       "cosine",  "schedule",
                                      "and",    "warmup", "batches", "of",      "sequences",
                                      "we",     "report", "latency", "per",     "request"};
        std::string out;
        for (int s = 0; s < sentences; ++s) {
            const int n = 8 + pick(12);
            for (int w = 0; w < n; ++w) {
                out += words[pick(20)];
                out += w + 1 == n ? ".\n" : " ";
            }
        }
        return out;
    }

    std::string cpp(std::size_t bytes, bool cuda) {
        std::string out = "// Copyright 2025 The Example Authors. Licensed under Apache-2.0.\n"
                          "#pragma once\n#include <cstdint>\n#include <vector>\n";
        if (cuda)
            out += "#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n";
        out += "\nnamespace example {\n\n";
        while (out.size() < bytes) {
            const std::string n = name();
            if (cuda && chance(2)) {
                out += "template <typename T>\n__global__ void " + n +
                       "_kernel(const T* __restrict__ in, T* __restrict__ out, int n) {\n"
                       "    const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                       "    if (i < n) {\n        out[i] = in[i] * static_cast<T>(0.5f);\n"
                       "    }\n}\n\nvoid launch_" +
                       n +
                       "(const float* in, float* out, int n, cudaStream_t stream) {\n"
                       "    dim3 block(256);\n    dim3 grid((n + 255) / 256);\n    " +
                       n + "_kernel<<<grid, block, 0, stream>>>(in, out, n);\n}\n\n";
                if (chance(25))
                    out += "__device__ float warp_sum(float v) {\n    for (int o = 16; o > 0; o "
                           "/= 2)\n        v += __shfl_down_sync(0xffffffff, v, o);\n    "
                           "return v;\n}\n\n";
                if (chance(60))
                    out += "__device__ void red_add(int* p, int v) {\n    asm volatile(\n"
                           "        \"red.release.gpu.global.add.s32 [%0], %1;\"\n"
                           "        :: \"l\"(p), \"r\"(v) : \"memory\");\n}\n\n";
                continue;
            }
            out += "/// Plans " + n + " work items into buckets of a fixed capacity.\nclass " + n +
                   "_planner {\npublic:\n    explicit " + n +
                   "_planner(std::size_t capacity) : m_capacity(capacity) {}\n"
                   "    std::vector<int> plan(const std::vector<int>& sizes) const {\n"
                   "        std::vector<int> out;\n        out.reserve(sizes.size());\n"
                   "        for (int s : sizes)\n"
                   "            out.push_back(s % static_cast<int>(m_capacity));\n"
                   "        return out;\n    }\n\nprivate:\n    std::size_t m_capacity;\n};\n\n";
            if (chance(30))
                out += "void copy_" + n +
                       "(void* dst, const void* src, std::size_t n, cudaStream_t s) {\n"
                       "    cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice, s);\n}\n\n";
            if (chance(80))
                out += "void gemm_" + n +
                       "(cublasHandle_t h, int m, const float* a, float* c) {\n"
                       "    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, nullptr, a, m, a, "
                       "m, nullptr, c, m);\n}\n\n";
            if (chance(150))
                out += "// All-reduce across ranks; see docs/distributed.md.\nvoid allreduce_" + n +
                       "(float* x, std::size_t n, ncclComm_t comm, cudaStream_t s) {\n"
                       "    ncclAllReduce(x, x, n, ncclFloat, ncclSum, comm, s);\n}\n\n";
        }
        out += "} // namespace example\n";
        return out;
    }

    std::string python(std::size_t bytes) {
        std::string out = "# Copyright 2025 The Example Authors.\n\"\"\"Model components: "
                          "blocks, heads and the training step.\"\"\"\n\nimport math\n\nimport "
                          "torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n";
        if (chance(40))
            out += "import triton\nimport triton.language as tl\n";
        if (chance(50))
            out += "from flash_attn import flash_attn_func\n";
        out += "\n\n";
        while (out.size() < bytes) {
            const std::string n = name();
            out += "class Block_" + n + "(nn.Module):\n    \"\"\"Residual block of the " + n +
                   " encoder.\"\"\"\n\n"
                   "    def __init__(self, dim: int, hidden: int, dropout: float = 0.1) -> None:\n"
                   "        super().__init__()\n        self.norm = nn.LayerNorm(dim)\n"
                   "        self.fc1 = nn.Linear(dim, hidden)\n"
                   "        self.fc2 = nn.Linear(hidden, dim)\n"
                   "        self.drop = nn.Dropout(dropout)\n\n"
                   "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n"
                   "        h = self.fc2(F.gelu(self.fc1(self.norm(x))))\n"
                   "        return x + self.drop(h)\n\n\n";
            if (chance(12))
                out += "def to_device_" + n +
                       "(x):\n    torch.cuda.synchronize()\n"
                       "    return x.cuda(non_blocking=True)\n\n\n";
            if (chance(60))
                out += "def setup_" + n +
                       "(rank, world):\n    dist.init_process_group(backend=\"nccl\", "
                       "rank=rank, world_size=world)\n    return DistributedDataParallel\n\n\n";
            if (chance(200))
                out += "ext = load_inline(\n    name=\"" + n +
                       "\",\n    cpp_sources=[CPP],\n    cuda_sources=[CUDA],\n)\n\n\n";
        }
        return out;
    }

    std::string yaml(std::size_t bytes) {
        std::string out = "# Training configuration\n";
        while (out.size() < bytes) {
            const std::string n = name();
            out += n +
                   ":\n  lr: 3.0e-4\n  warmup_steps: 2000\n  batch_size: 64\n"
                   "  precision: bf16\n  layers: [" +
                   std::to_string(pick(48)) + ", " + std::to_string(pick(48)) + "]\n";
            if (chance(40))
                out += "  env:\n    NCCL_DEBUG: INFO\n    NCCL_IB_HCA: mlx5\n";
        }
        return out;
    }

    std::string cmake(const std::string& pkg) {
        std::string out = "cmake_minimum_required(VERSION 3.24)\nproject(" + pkg +
                          " LANGUAGES CXX CUDA)\nfind_package(CUDAToolkit REQUIRED)\n"
                          "set(CMAKE_CUDA_ARCHITECTURES 80 90)\n";
        for (int i = 0; i < 30; ++i)
            out += "add_library(" + pkg + "_" + std::to_string(i) + " STATIC src/" + name() +
                   ".cpp)\ntarget_link_libraries(" + pkg + "_" + std::to_string(i) +
                   " PRIVATE CUDA::cudart)\n";
        return out;
    }

    std::string workflow(bool gpu) {
        std::string out = "name: ci\non: [push, pull_request]\njobs:\n  build:\n";
        out +=
            gpu ? "    runs-on: [self-hosted, linux, gpu-h100]\n" : "    runs-on: ubuntu-latest\n";
        out += "    steps:\n      - uses: actions/checkout@v4\n";
        if (gpu)
            out += "      - run: nvidia-smi\n      - run: pytest -q tests\n";
        return out;
    }

    std::string logLines(std::size_t bytes) {
        std::string out;
        int step = 0;
        while (out.size() < bytes)
            out += "step " + std::to_string(step++) + " loss 2.4" + std::to_string(pick(1000)) +
                   " lr 3.0e-4 tokens/s 182340 NCCL_DEBUG=INFO\n";
        return out;
    }

    std::string binary(std::size_t bytes) {
        std::string out(bytes, '\0');
        for (char& c : out)
            c = static_cast<char>(pick(256));
        out[10] = '\0';
        return out;
    }

    void package(const std::string& pkg) {
        put(pkg + "/CMakeLists.txt", cmake(pkg));
        put(pkg + "/README.md", prose(60));
        for (int i = 0; i < 6; ++i)
            put(pkg + "/csrc/" + name() + ".cu", cpp(8'000 + std::size_t(pick(30'000)), true));
        put(pkg + "/csrc/common.cuh", cpp(6'000, true));
        for (int i = 0; i < 12; ++i) {
            put(pkg + "/src/" + name() + ".cpp", cpp(6'000 + std::size_t(pick(30'000)), false));
            put(pkg + "/include/" + pkg + "/" + name() + ".h",
                cpp(2'000 + std::size_t(pick(8'000)), false));
        }
        for (int i = 0; i < 24; ++i)
            put(pkg + "/" + pkg + "/" + name() + ".py", python(4'000 + std::size_t(pick(30'000))));
        for (int i = 0; i < 6; ++i)
            put(pkg + "/tests/test_" + name() + ".py", python(3'000 + std::size_t(pick(8'000))));
        for (int i = 0; i < 4; ++i)
            put(pkg + "/configs/" + name() + ".yaml", yaml(2'000 + std::size_t(pick(6'000))));
        put(pkg + "/scripts/train.sh",
            "#!/bin/bash\n#SBATCH --nodes=4\nexport NCCL_DEBUG=INFO\n"
            "srun torchrun --nnodes=4 --nproc_per_node=8 train.py \"$@\"\n");
        put(pkg + "/docker/Dockerfile", "ARG BASE=nvcr.io/nvidia/pytorch:24.05-py3\n"
                                        "FROM ${BASE}\nRUN pip install -e .\n");
        put(pkg + "/third_party/fmt/format.h", cpp(40'000, false));
        put(pkg + "/__pycache__/model.cpython-311.pyc", binary(20'000));
    }

    fs::path m_root;
    std::uint64_t m_target;
    std::uint64_t m_written = 0;
    std::size_t m_files = 0;
    std::mt19937_64 m_rng{20261201};
};

int writePatterns(const char* file) {
    std::ofstream out(file);
    int n = 0;
    for (const model::ScanRule& r : model::scanRules()) {
        if (r.scopes == static_cast<unsigned>(model::ScanScope::Path))
            continue; // path rules read the file's name, not its text
        // RE2 and ripgrep's Rust regex agree on everything the table uses (\b, \s, \w, classes,
        // (?i), non-capturing groups); ripgrep reads lines, which is how the matcher reads them.
        out << r.pattern << '\n';
        ++n;
    }
    std::printf("wrote %d patterns to %s\n", n, file);
    return 0;
}

int timeScan(const char* dir, int runs, unsigned threads, int maxFileMb) {
    data::ScanOptions options;
    options.threads = threads;
    if (maxFileMb > 0)
        options.max_file_bytes = static_cast<std::uintmax_t>(maxFileMb) << 20;
    std::vector<double> seconds;
    data::ScanRun last;
    for (int run = 0; run <= runs; ++run) { // run 0 warms the file cache
        const auto start = std::chrono::steady_clock::now();
        data::ScanRun r = data::scanRepositories({fs::path(dir)}, options);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!r.errors.empty()) {
            std::fprintf(stderr, "bench_scan: %s\n", r.errors.front().c_str());
            return 1;
        }
        if (run > 0)
            seconds.push_back(s);
        last = std::move(r);
    }
    const data::RepositoryScan& repo = last.repositories.front();
    std::sort(seconds.begin(), seconds.end());
    const double best = seconds.front();
    const double median = seconds[seconds.size() / 2];
    std::printf("ours: %zu files, %.1f MB read, %llu findings, %zu not scanned; %d runs, "
                "best %.3f s, median %.3f s -> %.1f MB/s (median)\n",
                repo.files_scanned, double(repo.bytes_scanned) / 1e6,
                static_cast<unsigned long long>(repo.tally.findingCount()), repo.not_scanned.size(),
                runs, best, median, double(repo.bytes_scanned) / 1e6 / median);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("findings held: %zu (evidence and the rubric's own); peak RSS %.0f MB\n",
                repo.tally.keptCount(), double(usage.ru_maxrss) / 1024.0);
    std::printf("ours_median_seconds=%.4f\nours_bytes=%llu\n", median,
                static_cast<unsigned long long>(repo.bytes_scanned));
    return 0;
}

} // namespace

// The walker asks about every folder on the way down and every file at the bottom.
int timeGitignore(int depth) {
    std::string line = "**/a";
    for (int i = 0; i < 15; ++i)
        line += "/**/a";
    line += "/b";
    std::string stars;
    for (int i = 0; i < 20; ++i)
        stars += "*a";
    stars += "*b";
    const std::string longName(250, 'a');
    struct Case {
        const char* what;
        std::string pattern;
        std::string leaf;
    };
    const Case cases[] = {
        {"81-byte line of sixteen **", line, "c"},
        {"twenty * in one segment", stars, longName},
    };
    for (const Case& c : cases) {
        data::IgnoreRules rules;
        rules.add(data::parseGitignore(c.pattern, ""));
        const auto start = std::chrono::steady_clock::now();
        std::size_t ignored = 0;
        std::string path;
        for (int d = 0; d < depth; ++d) {
            path += d == 0 ? "a" : "/a";
            ignored += rules.ignored(path, true) ? 1 : 0;
        }
        ignored += rules.ignored(path + "/" + c.leaf, false) ? 1 : 0;
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        std::printf("gitignore %s (%zu bytes), %d folders deep: %.3f ms, %zu ignored\n", c.what,
                    c.pattern.size(), depth, ms, ignored);
    }
    return 0;
}

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "generate" && argc >= 3) {
        const double mb = argc > 3 ? std::atof(argv[3]) : 200.0;
        Generator(argv[2], static_cast<std::uint64_t>(mb * 1e6)).run();
        return 0;
    }
    if (command == "patterns" && argc == 3)
        return writePatterns(argv[2]);
    if (command == "scan" && argc >= 3)
        return timeScan(argv[2], argc > 3 ? std::max(1, std::atoi(argv[3])) : 3,
                        argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 0u,
                        argc > 5 ? std::atoi(argv[5]) : 0);
    if (command == "gitignore")
        return timeGitignore(argc > 2 ? std::max(1, std::atoi(argv[2])) : 40);
    std::fprintf(
        stderr,
        "usage: %s generate DIR [MB] | patterns FILE | scan DIR [RUNS] [THREADS] [MAX_FILE_MB] | "
        "gitignore [DEPTH]\n",
        argv[0]);
    return 2;
}
