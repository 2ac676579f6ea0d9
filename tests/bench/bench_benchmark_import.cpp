// Import speed of benchmark files (issue 7: 100,000 rows in under 2 s). 100,000 realistic rows
// (an InferenceX-sized sweep over hardware, sequence lengths and concurrency) are written as the
// canonical CSV and as an InferenceX agg_bmk.json array, then imported the way
// `crossgrade-cli import-benchmarks` does: read from the file (format detected, streamed), then
// stored in one transaction; a second import of the same file finds every row already stored.
// "csv-2pass" is the CLI's path since issue 20: checked keeping no record, then read again and
// stored record by record.
// `--peak mlperf|inferencex ROWS` instead writes one large file of that format and prints the
// peak resident set of checking and storing it (issue 20: held rows, not the file).
// Prints the figures; the target is read by a person, never asserted.

#include "benchmark_csv.h"
#include "benchmark_import.h"
#include "store.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace crossgrade;

namespace {

// Row `i` of the sweep, so a large file can be written without holding its records.
model::BenchmarkRecord sweepRow(int i) {
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
    {
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
        return r;
    }
}

std::vector<model::BenchmarkRecord> sweep(int rows) {
    std::vector<model::BenchmarkRecord> out;
    out.reserve(std::size_t(rows));
    for (int i = 0; i < rows; ++i)
        out.push_back(sweepRow(i));
    return out;
}

// The rows as InferenceX's aggregate writes them (latency in seconds, per-GPU throughput).
std::string inferenceXRow(const model::BenchmarkRecord& r) {
    {
        const std::string base = r.sku == "H100"     ? "h100"
                                 : r.sku == "H200"   ? "h200"
                                 : r.sku == "B200"   ? "b200"
                                 : r.sku == "MI300X" ? "mi300x"
                                 : r.sku == "MI325X" ? "mi325x"
                                                     : "mi355x";
        nlohmann::ordered_json row{{"hw", base + "_vllm"},
                                   {"model", r.model},
                                   {"framework", "vllm"},
                                   {"precision", r.precision},
                                   {"image", r.image},
                                   {"date", r.date},
                                   {"run_id", r.source_ref},
                                   {"isl", *r.isl},
                                   {"osl", *r.osl},
                                   {"conc", *r.concurrency},
                                   {"disagg", false},
                                   {"tp", r.gpus},
                                   {"tput_per_gpu", *r.total_tokens_per_s_per_gpu},
                                   {"output_tput_per_gpu", *r.output_tokens_per_s_per_gpu},
                                   {"input_tput_per_gpu", *r.input_tokens_per_s_per_gpu},
                                   {"median_ttft", *r.ttft_median_s},
                                   {"p99_ttft", *r.ttft_p99_s},
                                   {"median_tpot", *r.tpot_median_s},
                                   {"median_intvty", *r.interactivity},
                                   {"median_e2el", *r.e2e_median_s}};
        return row.dump();
    }
}

void writeInferenceX(std::ostream& out, const std::vector<model::BenchmarkRecord>& records) {
    out << "[\n";
    for (std::size_t i = 0; i < records.size(); ++i)
        out << inferenceXRow(records[i]) << (i + 1 < records.size() ? ",\n" : "\n");
    out << "]\n";
}

// The rows as an MLPerf summary.json writes them: keyed "0", "1", … in order, the result for
// the whole system in tokens/s (output only).
std::string mlperfRow(const model::BenchmarkRecord& r) {
    const nlohmann::ordered_json row{
        {"Organization", r.sku.rfind("MI", 0) == 0 ? "AMD" : "NVIDIA"},
        {"SystemName", std::to_string(r.gpus) + "x" + r.sku},
        {"Model", r.model},
        {"Scenario", r.concurrency && *r.concurrency > 64 ? "Offline" : "Server"},
        {"Result", *r.output_tokens_per_s_per_gpu * r.gpus},
        {"accelerator_model_name", r.hardware},
        {"total_accelerators", r.gpus},
        {"errors", 0},
        {"inferred", 0},
        {"Units", "Tokens/s"},
        {"weight_data_types", r.precision},
        {"framework", r.software_stack},
        {"version", "v5.0"},
        {"Accuracy", "ROUGE1: 44.4, TOKENS_PER_SAMPLE: 290"}};
    return row.dump();
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Reads `path` (format detected) and stores it twice; returns false when a row was lost.
bool importFile(const QString& dir, const std::string& path, const char* label, int rows) {
    const auto bytes = double(std::ifstream(path, std::ios::binary | std::ios::ate).tellg());
    const auto start = std::chrono::steady_clock::now();
    const data::BenchmarkFileImport in = data::readBenchmarkFile(path, std::nullopt, {});
    const double read = secondsSince(start);
    if (!in.result.ok() || in.result.records.size() != std::size_t(rows)) {
        std::printf("%s: %zu of %d rows read, %zu errors\n", label, in.result.records.size(), rows,
                    in.result.errors.size());
        return false;
    }
    data::Store store = data::Store::open(dir + "/" + QString::fromLatin1(label) + ".sqlite");
    const auto storing = std::chrono::steady_clock::now();
    const data::BenchmarksAdded added = store.addBenchmarks(in.result.records);
    const double stored = secondsSince(storing);
    const auto again = std::chrono::steady_clock::now();
    const data::BenchmarksAdded repeat = store.addBenchmarks(in.result.records);
    const double repeated = secondsSince(again);
    std::printf("%-10s %d rows, %.1f MB: read %.3f s + store %.3f s = %.3f s (%.0f rows/s); "
                "re-import stores %zu new in %.3f s\n",
                label, rows, bytes / 1e6, read, stored, read + stored,
                double(rows) / (read + stored), repeat.added, repeated);
    return added.added == std::size_t(rows) && repeat.duplicates == std::size_t(rows);
}

// As `import-benchmarks` does since issue 20: a first pass that checks the file keeping no
// record, a second that reads it again and stores each record as it is read, one transaction.
bool importStreamed(const QString& dir, const std::string& path, const char* label, int rows) {
    const auto start = std::chrono::steady_clock::now();
    const data::BenchmarkFileImport checked =
        data::readBenchmarkFile(path, std::nullopt, {}, [](model::BenchmarkRecord&&) {});
    const double check = secondsSince(start);
    if (!checked.result.ok() || checked.result.accepted != std::size_t(rows)) {
        std::printf("%s: %zu of %d rows read\n", label, checked.result.accepted, rows);
        return false;
    }
    data::Store store = data::Store::open(dir + "/" + QString::fromLatin1(label) + ".sqlite");
    const auto storing = std::chrono::steady_clock::now();
    const data::BenchmarksAdded added = store.addBenchmarksOneByOne([&](const auto& insert) {
        data::readBenchmarkFile(path, std::nullopt, {},
                                [&](model::BenchmarkRecord&& r) { insert(r); });
    });
    const double stored = secondsSince(storing);
    std::printf("%-10s %d rows: check %.3f s + read and store %.3f s = %.3f s (%.0f rows/s)\n",
                label, rows, check, stored, check + stored, double(rows) / (check + stored));
    return added.added == std::size_t(rows);
}

// A line of /proc/self/status in kB ("VmHWM", "VmRSS"); -1 where there is none (not Linux).
long statusKb(const char* name) {
    std::ifstream status("/proc/self/status");
    const std::string prefix = std::string(name) + ":";
    for (std::string line; std::getline(status, line);)
        if (line.rfind(prefix, 0) == 0)
            return std::atol(line.c_str() + prefix.size());
    return -1;
}

// Peak memory of importing one large JSON file as `import-benchmarks` does (issue 20: the
// JSON readers held one file's records): the file is written a row at a time, the peak
// resident set is reset (Linux: "5" to /proc/self/clear_refs), then the file is checked with
// a counting sink and stored through Store::addBenchmarksOneByOne, reading it again. Prints
// the resident set before and the peak during each pass, and the times.
int peak(const QString& dir, const std::string& format, int rows) {
    const bool mlperf = format == "mlperf";
    const std::string path = (dir + (mlperf ? "/summary.json" : "/agg_bmk.json")).toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << (mlperf ? "{\n" : "[\n");
        for (int i = 0; i < rows; ++i) {
            const model::BenchmarkRecord r = sweepRow(i);
            if (mlperf)
                out << '"' << i << "\":" << mlperfRow(r);
            else
                out << inferenceXRow(r);
            out << (i + 1 < rows ? ",\n" : "\n");
        }
        out << (mlperf ? "}\n" : "]\n");
    }
    const auto bytes = double(std::ifstream(path, std::ios::binary | std::ios::ate).tellg());
    const long before = statusKb("VmRSS");
    const bool reset = bool(std::ofstream("/proc/self/clear_refs") << "5");
    const auto start = std::chrono::steady_clock::now();
    const data::BenchmarkFileImport checked =
        data::readBenchmarkFile(path, std::nullopt, {}, [](model::BenchmarkRecord&&) {});
    const double check = secondsSince(start);
    const long checkPeak = statusKb("VmHWM");
    if (!checked.result.ok()) {
        std::printf("%s: refused: %s\n", format.c_str(),
                    checked.result.errors.front().message.c_str());
        return 1;
    }
    data::Store store = data::Store::open(dir + "/peak.sqlite");
    const auto storing = std::chrono::steady_clock::now();
    const data::BenchmarksAdded added = store.addBenchmarksOneByOne([&](const auto& insert) {
        data::readBenchmarkFile(path, std::nullopt, {},
                                [&](model::BenchmarkRecord&& r) { insert(r); });
    });
    const double stored = secondsSince(storing);
    std::printf("%-10s %d rows, %.1f MB, %zu read, %zu skipped: resident before %.1f MB; check "
                "%.3f s, peak %.1f MB; read and store %.3f s (%zu stored), peak %.1f MB%s\n",
                format.c_str(), rows, bytes / 1e6, checked.result.accepted,
                checked.result.skipped.size(), double(before) / 1024, check,
                double(checkPeak) / 1024, stored, added.added, double(statusKb("VmHWM")) / 1024,
                reset ? "" : " (peak not reset: it includes writing the file)");
    return added.added == checked.result.accepted ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv); // Qt SQL wants an application object
    // bench_benchmark_import --peak mlperf|inferencex ROWS: one large file's peak memory.
    if (argc > 3 && std::string(argv[1]) == "--peak") {
        QTemporaryDir dir;
        return peak(dir.path(), argv[2], std::atoi(argv[3]));
    }
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100'000;
    const std::vector<model::BenchmarkRecord> records = sweep(rows);
    QTemporaryDir dir;
    const std::string csv = (dir.path() + "/sweep.csv").toStdString();
    const std::string agg = (dir.path() + "/agg_bmk.json").toStdString();
    {
        std::ofstream out(csv, std::ios::binary);
        data::writeBenchmarkCsv(out, records);
        std::ofstream json(agg, std::ios::binary);
        writeInferenceX(json, records);
    }
    bool ok = importFile(dir.path(), csv, "csv", rows);
    ok = importFile(dir.path(), agg, "inferencex", rows) && ok;
    ok = importStreamed(dir.path(), csv, "csv-2pass", rows) && ok;
    return ok ? 0 : 1;
}
