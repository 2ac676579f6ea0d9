// Fills a store with N copies of the demo scenario under distinct names, for the start-up
// benchmark (a store of 1,000 scenarios must open to a usable window in under a second); with
// --benchmarks M, with M generated benchmark records instead (issue 20: the memory of
// `crossgrade-cli benchmarks --format json` on a million-row store).

#include "samples.h"
#include "scenario_json.h"

#include <QCoreApplication>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace crossgrade;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    if (argc == 4 && std::string(argv[2]) == "--benchmarks") {
        const int rows = std::atoi(argv[3]);
        data::Store store = data::openStoreSeededIfNew(QString::fromLocal8Bit(argv[1]));
        const char* skus[] = {"H100", "H200", "B200", "MI300X", "MI325X", "MI355X"};
        std::vector<model::BenchmarkRecord> batch;
        for (int i = 0; i < rows; ++i) {
            model::BenchmarkRecord r;
            r.source = "csv";
            r.file = "generated.csv";
            r.source_ref = "row " + std::to_string(i + 2);
            r.date = "2026-11-01";
            r.hardware = skus[i % 6];
            r.sku = skus[i % 6];
            r.software_stack = "vLLM 0.10.1";
            r.model = "llama-3.1-70b-instruct";
            r.precision = "fp8";
            r.scenario = "sweep";
            r.isl = 1024 << (i % 3);
            r.osl = 128 << (i % 4);
            r.concurrency = 1 + i % 256;
            r.gpus = 8;
            r.total_tokens_per_s_per_gpu = 1000.0 + i % 997;
            r.output_tokens_per_s_per_gpu = 100.0 + i % 89;
            r.ttft_median_s = 0.1 + (i % 13) / 100.0;
            batch.push_back(std::move(r));
            if (batch.size() == 10'000 || i + 1 == rows) {
                store.addBenchmarks(batch);
                batch.clear();
            }
        }
        std::printf("%s: %d benchmark records\n", argv[1], rows);
        return 0;
    }
    if (argc != 3) {
        std::fprintf(stderr, "usage: crossgrade-fill-store STORE N | STORE --benchmarks M\n");
        return 2;
    }
    const int n = std::atoi(argv[2]);
    data::Store store = data::openStoreSeededIfNew(QString::fromLocal8Bit(argv[1]));
    model::Scenario s = *data::readScenario(data::sampleScenarios().front().text).scenario;
    const std::string base = s.name;
    for (int i = 0; i < n; ++i) {
        s.name = base + " — copy " + std::to_string(i + 1);
        store.saveScenarioVersion(s, "benchmark copy", CROSSGRADE_VERSION, {});
    }
    std::printf("%s: %zu scenarios\n", argv[1], store.scenarios().size());
    return 0;
}
