// Import speed of the canonical benchmark CSV: 100,000 realistic rows (an InferenceX-sized
// sweep over hardware, sequence lengths and concurrency) are written in memory with
// writeBenchmarkCsv and read back with readBenchmarkCsv, as a stream. Prints the figures; the
// target (well under 2 s) is read by a person, never asserted.

#include "benchmark_csv.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

using namespace crossgrade;

namespace {

std::vector<model::BenchmarkRecord> sweep(int rows) {
    struct Machine {
        const char* hardware;
        const char* sku;
        const char* stack;
        const char* image;
        double perGpu; // output tokens/s per GPU at concurrency 1
    };
    static const Machine kMachines[] = {
        {"NVIDIA H100-SXM-80GB", "H100", "vLLM 0.10.1, CUDA 12.8", "vllm/vllm-openai:v0.10.1", 95},
        {"h200", "H200", "SGLang 0.5.2, CUDA 12.8", "lmsysorg/sglang:v0.5.2-cu128", 120},
        {"b200", "B200", "TensorRT-LLM 1.0", "nvcr.io/nvidia/tensorrt-llm/release:1.0.0", 210},
        {"AMD Instinct MI300X-NPS1-SPX-192GB-750W", "MI300X", "vLLM 0.10.1, ROCm 7.0",
         "rocm/vllm:rocm7.0_vllm_0.10.1", 105},
        {"mi325x", "MI325X", "SGLang 0.5.2, ROCm 7.0", "rocm/sgl-dev:v0.5.2-rocm700", 125},
        {"mi355x", "MI355X", "vLLM 0.10.1, ROCm 7.0", "rocm/vllm:rocm7.0_vllm_0.10.1", 190},
    };
    static const int kSequences[][2] = {{1024, 1024}, {1024, 8192}, {8192, 1024}};
    std::vector<model::BenchmarkRecord> out;
    out.reserve(std::size_t(rows));
    for (int i = 0; i < rows; ++i) {
        const Machine& m = kMachines[i % 6];
        const int* seq = kSequences[(i / 6) % 3];
        const int concurrency = 1 << ((i / 18) % 10);
        model::BenchmarkRecord r;
        r.source = "inferencex";
        r.source_ref = "run 17" + std::to_string(100000 + i / 180) + "/" + std::to_string(i);
        r.date = "2025-" + std::to_string(10 + (i / 5000) % 3) + "-" +
                 std::to_string(10 + (i / 180) % 18);
        r.hardware = m.hardware;
        r.sku = m.sku;
        r.software_stack = m.stack;
        r.image = m.image;
        r.model = i % 2 ? "deepseek-r1-0528" : "llama-3.3-70b-instruct";
        r.precision = i % 4 < 2 ? "fp8" : "fp4";
        r.scenario = "sweep";
        r.isl = seq[0];
        r.osl = seq[1];
        r.concurrency = concurrency;
        r.gpus = 8;
        const double output = m.perGpu * concurrency / (1 + concurrency / 64.0);
        r.output_tokens_per_s_per_gpu = output;
        r.input_tokens_per_s_per_gpu = output * seq[0] / seq[1];
        r.total_tokens_per_s_per_gpu = output + *r.input_tokens_per_s_per_gpu;
        r.ttft_median_s = 0.05 + seq[0] * concurrency * 2.1e-6;
        r.ttft_p99_s = *r.ttft_median_s * 2.7;
        r.tpot_median_s = 1.0 / (m.perGpu / (1 + concurrency / 64.0));
        r.e2e_median_s = *r.ttft_median_s + *r.tpot_median_s * seq[1];
        r.interactivity = 1.0 / *r.tpot_median_s;
        r.power_w = 640 + (i % 97) * 1.5;
        r.joules_per_token = *r.power_w / *r.total_tokens_per_s_per_gpu;
        if (i % 50 == 0)
            r.accuracy_note = "gsm8k: 0.95, \"strict\" match";
        if (i % 6 >= 3 && r.date < "2026")
            r.flags = {std::string(model::kFlagPre2026AmdImage)};
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100'000;
    std::ostringstream written;
    data::writeBenchmarkCsv(written, sweep(rows));
    std::istringstream text(written.str());
    const double megabytes = double(written.str().size()) / 1e6;

    const auto start = std::chrono::steady_clock::now();
    const data::BenchmarkImport in = data::readBenchmarkCsv(text, "sweep.csv");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::printf("benchmark CSV import: %zu rows (%zu records, %zu skipped, %zu errors), %.1f MB "
                "in %.3f s: %.0f rows/s, %.0f MB/s\n",
                in.rows, in.records.size(), in.skipped.size(), in.errors.size(), megabytes, seconds,
                double(in.rows) / seconds, megabytes / seconds);
    return in.ok() && in.records.size() == std::size_t(rows) ? 0 : 1;
}
