// Fills a store with N copies of the demo scenario under distinct names, for the start-up
// benchmark (a store of 1,000 scenarios must open to a usable window in under a second).

#include "samples.h"
#include "scenario_json.h"

#include <QCoreApplication>
#include <cstdio>
#include <cstdlib>

using namespace crossgrade;

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: crossgrade-fill-store STORE N\n");
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
