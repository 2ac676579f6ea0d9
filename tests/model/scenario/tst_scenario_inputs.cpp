// The scenario editor's list of uncertain inputs (model/scenario/scenario_inputs.h): it names
// exactly the inputs compile() registers, reaches each through findInput(), and refuses what the
// reader refuses — so an edited scenario always saves as a file that reads back.

#include "compiled_scenario.h"
#include "samples.h"
#include "scenario_fixture.h"
#include "scenario_inputs.h"
#include "scenario_json.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <cmath>
#include <limits>
#include <set>

using namespace crossgrade;
using namespace crossgrade::model;

namespace {

Scenario readSample(const data::SampleFile& file) {
    data::ScenarioReadResult r = data::readScenario(file.text);
    if (!r.ok())
        qFatal("sample %s does not read: %s at %s", qPrintable(file.name),
               r.errors.front().message.c_str(), r.errors.front().place.c_str());
    return *r.scenario;
}

// The fixture plus a SKU whose id needs escaping in a JSON pointer.
Scenario fixtureWithAwkwardSku() {
    Scenario s = testing::smallScenario();
    s.pricebook.skus["MI300X~v/2"] = s.pricebook.skus.at("MI300X");
    for (auto& [cls, row] : s.pricebook.performance)
        row["MI300X~v/2"] = row.at("MI300X");
    return s;
}

const ScenarioInput* inputAt(const std::vector<ScenarioInput>& inputs, std::string_view pointer) {
    for (const ScenarioInput& i : inputs)
        if (i.pointer == pointer)
            return &i;
    return nullptr;
}

// scenarioInputs() and compile() name the same set of pointers, and findInput() reaches the
// number compile() registered under each.
void compareWithCompile(const Scenario& scenario, const QString& what) {
    const CompiledScenario compiled = compile(scenario);
    const std::vector<ScenarioInput> inputs = scenarioInputs(scenario);
    std::set<std::string> listed;
    for (const ScenarioInput& i : inputs) {
        QVERIFY2(listed.insert(i.pointer).second,
                 qPrintable(what + ": listed twice: " + QString::fromStdString(i.pointer)));
        QVERIFY2(
            compiled.inputs.find(i.pointer).has_value(),
            qPrintable(what + ": listed but not compiled: " + QString::fromStdString(i.pointer)));
    }
    for (InputId id = 0; id < compiled.inputs.size(); ++id) {
        const std::string& pointer = compiled.inputs.pointer(id);
        QVERIFY2(listed.contains(pointer), qPrintable(what + ": compiled but not listed: " +
                                                      QString::fromStdString(pointer)));
        const UncertainNumber* found = findInput(scenario, pointer);
        QVERIFY2(found != nullptr,
                 qPrintable(what + ": findInput misses " + QString::fromStdString(pointer)));
        QCOMPARE(*found, compiled.inputs.number(id));
    }
    QCOMPARE(listed.size(), compiled.inputs.size());
}

// The first problem the reader finds in the scenario as saved; "" when it reads back. (The
// fixture's price book is smaller than the reader requires: these use the samples.)
QString firstReadError(const Scenario& s) {
    const data::ScenarioReadResult back = data::readScenario(data::writeScenario(s));
    if (back.errors.empty())
        return {};
    return QString::fromStdString(back.errors.front().place + ": " + back.errors.front().message);
}

} // namespace

class TestScenarioInputs : public QObject {
    Q_OBJECT

private slots:
    void listsExactlyWhatCompileRegisters_data();
    void listsExactlyWhatCompileRegisters();
    void everyInputIsDescribedAndValid();
    void orderIsStableAndGrouped();
    void findInputReachesTheScenario();
    void findInputRefusesUnknownPointers_data();
    void findInputRefusesUnknownPointers();
    void checkInput_data();
    void checkInput();
    void domainsAgreeWithTheReader();
    void collectionIds_data();
    void collectionIds();
    void newFleetLotCompiles();
    void newWorkloadIsEvaluableAndBadged();
    void switchingKindKeepsTheWorkloadReadable();
};

void TestScenarioInputs::listsExactlyWhatCompileRegisters_data() {
    QTest::addColumn<int>("sample"); // -1: the fixture variants
    const auto samples = data::sampleScenarios();
    QCOMPARE(samples.size(), std::size_t(3));
    for (std::size_t i = 0; i < samples.size(); ++i)
        QTest::newRow(qPrintable(samples[i].name)) << int(i);
    QTest::newRow("fixture") << -1;
}

void TestScenarioInputs::listsExactlyWhatCompileRegisters() {
    QFETCH(int, sample);
    if (sample >= 0) {
        compareWithCompile(readSample(data::sampleScenarios()[std::size_t(sample)]), "sample");
        return;
    }
    Scenario s = testing::smallScenario();
    compareWithCompile(s, "fixture");
    compareWithCompile(fixtureWithAwkwardSku(), "escaped SKU id");

    Scenario stayOnly = s; // no path: no port task is read
    stayOnly.options = {OptionId::StayCuda};
    compareWithCompile(stayOnly, "stay-cuda only");
    QVERIFY(scenarioInputs(stayOnly, InputGroup::PortTasks).empty());

    Scenario heavy = s; // three High dimensions: the heavy row of the port-task table
    heavy.audit.dimension(Dimension::Libraries).tier = Tier::High;
    heavy.audit.dimension(Dimension::Distributed).tier = Tier::High;
    compareWithCompile(heavy, "heavy effort");

    Scenario tensorrt = s; // adds the TensorRT task and the tensorrt-inference ratios
    tensorrt.workloads.at("chat").tensorrt = true;
    tensorrt.workloads.at("chat").workload_class = WorkloadClass::TensorRtInference;
    tensorrt.workloads.erase("pretrain");
    tensorrt.fleet.erase("training");
    compareWithCompile(tensorrt, "inference only, TensorRT");

    // Bound to benchmarks: the measured ratio and energy per token are inputs of their own, and
    // the measured reference throughput stands at the workload's own place.
    Scenario bound = s;
    WorkloadBinding b;
    b.selector.model = "llama";
    b.bound_on = "2026-12-01";
    b.skus["MI300X"].ratio = UncertainNumber::between(1.0, 1.1, 1.3);
    b.skus["MI300X"].pairs = 2;
    b.skus["MI300X"].joules_per_token = UncertainNumber::between(0.3, 0.4, 0.5);
    b.skus["H100"].joules_per_token = UncertainNumber::certain(0.5);
    b.reference_tokens_per_s_per_gpu = UncertainNumber::between(2800, 3000, 3100);
    bound.workloads.at("chat").benchmark = b;
    compareWithCompile(bound, "bound to benchmarks");
    const auto performance = scenarioInputs(bound, InputGroup::Performance);
    QVERIFY(std::any_of(performance.begin(), performance.end(), [](const ScenarioInput& i) {
        return i.pointer == "/workloads/chat/benchmark/skus/MI300X/ratio" &&
               i.label == "chat: MI300X vs H100, measured";
    }));
    const auto energy = scenarioInputs(bound, InputGroup::EnergyFacility);
    QCOMPARE(
        std::count_if(energy.begin(), energy.end(),
                      [](const ScenarioInput& i) { return i.unit == InputUnit::JoulesPerToken; }),
        2);
    QCOMPARE(findInput(bound, "/workloads/chat/benchmark/skus/MI300X/joules_per_token")
                 ->range.most_likely,
             0.4);
    QCOMPARE(findInput(bound, "/workloads/chat/reference_tokens_per_s_per_gpu")->range.most_likely,
             3000.0);
    QVERIFY(!findInput(bound, "/workloads/chat/benchmark/skus/H100/ratio"));
    QVERIFY(!findInput(bound, "/workloads/chat/benchmark/skus/MI300X/pairs"));
}

void TestScenarioInputs::everyInputIsDescribedAndValid() {
    for (const data::SampleFile& file : data::sampleScenarios()) {
        const Scenario s = readSample(file);
        std::set<std::string> labels;
        for (const ScenarioInput& i : scenarioInputs(s)) {
            const QString at = file.name + " " + QString::fromStdString(i.pointer);
            QVERIFY2(!i.label.empty() && !i.meaning.empty(), qPrintable(at));
            QVERIFY2(labels.insert(i.label).second, qPrintable(at + ": label used twice"));
            // The reader took the sample, so every shipped value passes the editor's check.
            const auto problem = model::checkInput(i, *findInput(s, i.pointer));
            QVERIFY2(!problem,
                     qPrintable(at + ": " + QString::fromStdString(problem.value_or(""))));
        }
    }
}

void TestScenarioInputs::orderIsStableAndGrouped() {
    Scenario s = testing::smallScenario();
    s.support_share_per_year = testing::u(0.12); // owner costs are listed where present
    const auto inputs = scenarioInputs(s);
    QCOMPARE(scenarioInputs(s), inputs);
    for (std::size_t i = 1; i < inputs.size(); ++i)
        QVERIFY(static_cast<int>(inputs[i - 1].group) <= static_cast<int>(inputs[i].group));
    std::size_t total = 0;
    for (InputGroup g : kAllInputGroups) {
        const auto group = scenarioInputs(s, g);
        QVERIFY2(!group.empty(), toString(g).data());
        for (const ScenarioInput& i : group)
            QVERIFY(i.group == g);
        total += group.size();
    }
    QCOMPARE(total, inputs.size());

    const ScenarioInput* price = inputAt(inputs, "/pricebook/skus/MI300X/purchase_usd");
    QVERIFY(price);
    QCOMPARE(price->label, std::string("MI300X purchase price"));
    QVERIFY(price->group == InputGroup::Prices);
    QVERIFY(isMoney(price->unit));
    const ScenarioInput* peak = inputAt(inputs, "/workloads/chat/peak_tokens_per_s");
    QVERIFY(peak);
    QVERIFY(peak->group == InputGroup::Workloads);
    QCOMPARE(peak->owner, std::string("chat"));
    QVERIFY(isFraction(inputAt(inputs, "/amd_discount")->unit));
    QVERIFY(inputAt(inputs, "/amd_discount")->group == InputGroup::FleetProcurement);
    QVERIFY(inputAt(inputs, "/hetccl/available_month")->group == InputGroup::HetCcl);
    QVERIFY(inputAt(inputs, "/pricebook/performance/large-dense-inference/H100")->domain.isFixed());
}

void TestScenarioInputs::findInputReachesTheScenario() {
    Scenario s = fixtureWithAwkwardSku();
    const std::string awkward = "/pricebook/skus/MI300X~0v~12/purchase_usd";
    QVERIFY(inputAt(scenarioInputs(s), awkward));
    UncertainNumber* price = findInput(s, awkward);
    QVERIFY(price);
    *price = UncertainNumber::between(10000, 12000, 15000);
    QCOMPARE(s.pricebook.skus.at("MI300X~v/2").purchase_usd.range.most_likely, 12000.0);

    *findInput(s, "/workloads/chat/growth_per_month") = UncertainNumber::certain(-0.02);
    QCOMPARE(s.workloads.at("chat").growth_per_month.mostLikely(), -0.02);
    *findInput(s, "/energy/pue") = UncertainNumber::certain(1.4);
    QCOMPARE(s.pue.mostLikely(), 1.4);
    *findInput(s, "/pricebook/port_months/inference-port/light/path1") =
        UncertainNumber::certain(5);
    QCOMPARE(s.pricebook.port_months.at(PortTask::InferencePort)
                 .at(EffortLevel::Light)
                 .at(PortabilityPath::Path1)
                 .mostLikely(),
             5.0);
    // A figure the engine does not read is still reachable.
    QVERIFY(findInput(s, "/pricebook/skus/H100/bandwidth_tb_s"));
    const Scenario& constant = s;
    QCOMPARE(findInput(constant, "/energy/pue"), findInput(s, "/energy/pue"));
}

void TestScenarioInputs::findInputRefusesUnknownPointers_data() {
    QTest::addColumn<QString>("pointer");
    QTest::newRow("empty") << "";
    QTest::newRow("root") << "/";
    QTest::newRow("no leading slash") << "energy/pue";
    QTest::newRow("unknown scalar") << "/energy/nope";
    QTest::newRow("a section") << "/energy";
    QTest::newRow("unknown workload") << "/workloads/none/peak_tokens_per_s";
    QTest::newRow("unknown workload field") << "/workloads/chat/name";
    QTest::newRow("unknown SKU") << "/pricebook/skus/Z100/purchase_usd";
    QTest::newRow("plain SKU number") << "/pricebook/skus/H100/gpus_per_server";
    QTest::newRow("unknown class") << "/pricebook/performance/bogus/H100";
    QTest::newRow("unrated SKU") << "/pricebook/performance/dense-inference/Z100";
    QTest::newRow("unknown path") << "/pricebook/port_months/inference-port/light/path9";
    QTest::newRow("bad escape") << "/pricebook/skus/MI300X~2/purchase_usd";
    QTest::newRow("too deep") << "/workloads/chat/peak_tokens_per_s/range";
}

void TestScenarioInputs::findInputRefusesUnknownPointers() {
    QFETCH(QString, pointer);
    Scenario s = testing::smallScenario();
    QVERIFY(findInput(s, pointer.toStdString()) == nullptr);
}

void TestScenarioInputs::checkInput_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("mostLikely");
    QTest::addColumn<double>("high");
    QTest::addColumn<QString>("problem"); // "" when taken
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();

    QTest::newRow("fraction") << "/amd_discount" << 0.0 << 0.1 << 0.2 << "";
    QTest::newRow("fraction at 1") << "/amd_discount" << 0.0 << 0.5 << 1.0 << "";
    QTest::newRow("fraction 1.5") << "/amd_discount" << 0.1 << 0.2 << 1.5
                                  << "high 1.5: a fraction must lie in [0, 1]";
    QTest::newRow("NaN") << "/energy/pue" << 1.2 << nan << 1.5
                         << "most likely is not a number (NaN)";
    QTest::newRow("infinity") << "/energy/usd_per_kwh" << 0.1 << 0.2 << inf
                              << "high is infinite: every value must be finite";
    QTest::newRow("minus infinity") << "/energy/usd_per_kwh" << -inf << 0.2 << 0.3
                                    << "low is infinite: every value must be "
                                       "finite";
    QTest::newRow("low above most likely")
        << "/energy/usd_per_kwh" << 5.0 << 3.0 << 6.0 << "low 5 is above most likely 3";
    QTest::newRow("most likely above high")
        << "/energy/usd_per_kwh" << 1.0 << 7.0 << 5.0 << "most likely 7 is above high 5";
    QTest::newRow("negative price") << "/pricebook/skus/MI300X/purchase_usd" << -5.0 << 100.0
                                    << 200.0 << "low -5: a price or cost must be ≥ 0";
    QTest::newRow("zero price") << "/pricebook/skus/MI300X/purchase_usd" << 0.0 << 0.0 << 0.0 << "";
    QTest::newRow("growth -1.2") << "/workloads/chat/growth_per_month" << -1.2 << 0.0 << 0.1
                                 << "low -1.2: a growth rate must lie in (-1, 1]";
    QTest::newRow("growth -1") << "/workloads/chat/growth_per_month" << -1.0 << 0.0 << 0.1
                               << "low -1: a growth rate must lie in (-1, 1]";
    QTest::newRow("growth -0.02") << "/workloads/chat/growth_per_month" << -0.02 << -0.02 << -0.02
                                  << "";
    QTest::newRow("growth doubling")
        << "/workloads/chat/growth_per_month" << 0.0 << 0.5 << 1.0 << "";
    QTest::newRow("discount rate 100 %")
        << "/discount_rate" << 0.05 << 0.08 << 1.0 << "high 1: a fraction must lie in [0, 1)";
    QTest::newRow("regression 100 %")
        << "/regression/transition" << 1.0 << 1.0 << 1.0 << "low 1: a fraction must lie in (-1, 1)";
    // DESIGN.md, "Limits": a regression may be negative — a gain right after the move.
    QTest::newRow("negative regression stays valid")
        << "/regression/transition" << -0.2 << -0.1 << 0.0 << "";
    QTest::newRow("regression -1") << "/regression/transition" << -1.0 << 0.0 << 0.1
                                   << "low -1: a fraction must lie in (-1, 1)";
    QTest::newRow("utilisation 0")
        << "/target_utilisation" << 0.0 << 0.7 << 0.8 << "low 0: a fraction must lie in [0.001, 1]";
    QTest::newRow("PUE below 1") << "/energy/pue" << 0.9 << 1.2 << 1.3
                                 << "low 0.9: a PUE must be ≥ 1";
    QTest::newRow("PUE 1") << "/energy/pue" << 1.0 << 1.0 << 1.0 << "";
    QTest::newRow("zero reference throughput")
        << "/workloads/chat/reference_tokens_per_s_per_gpu" << 0.0 << 0.0 << 0.0
        << "low 0: a throughput must be ≥ 0.001";
    QTest::newRow("months past a century") << "/hetccl/available_month" << 36.0 << 72.0 << 1300.0
                                           << "high 1300: a number of months must lie in [0, "
                                              "1200]";
    QTest::newRow("H100 ratio") << "/pricebook/performance/large-dense-inference/H100" << 1.0 << 1.1
                                << 1.2
                                << "most likely 1.1: H100 is the reference, so its ratio must "
                                   "be exactly 1";
    QTest::newRow("H100 ratio 1") << "/pricebook/performance/large-dense-inference/H100" << 1.0
                                  << 1.0 << 1.0 << "";
    QTest::newRow("AMD ratio above 1")
        << "/pricebook/performance/large-dense-inference/MI300X" << 1.1 << 1.3 << 1.5 << "";
    QTest::newRow("zero ratio") << "/pricebook/performance/large-dense-inference/MI300X" << 0.0
                                << 1.3 << 1.5 << "low 0: a ratio to H100 must be ≥ 0.001";
    // Issue 20: the sense bounds an editor shares with the readers (docs/limits.md).
    QTest::newRow("bug_hugePurchasePriceGaveNaNWithExitZero")
        << "/pricebook/skus/H100/purchase_usd" << 20000.0 << 27500.0 << 1e307
        << "high 1e+307: a price or cost must be at most 10000000 (docs/limits.md)";
    QTest::newRow("purchase price at its cap")
        << "/pricebook/skus/H100/purchase_usd" << 1e7 << 1e7 << 1e7 << "";
    QTest::newRow("denormal utilisation") << "/target_utilisation" << 5e-324 << 0.7 << 0.8
                                          << "low 5e-324: a fraction must lie in [0.001, 1]";
    QTest::newRow("rate above its cap")
        << "/pricebook/skus/MI300X/on_demand_usd_per_hour" << 1.0 << 2.0 << 1001.0
        << "high 1001: a price or cost must be at most 1000 (docs/limits.md)";
    QTest::newRow("model memory a petabyte")
        << "/workloads/chat/model_memory_gb" << 1e6 << 1e6 << 1e6 << "";
    QTest::newRow("model memory beyond")
        << "/workloads/chat/model_memory_gb" << 1e6 << 1e6 << 2e6
        << "high 2000000: a memory size must be at most 1000000 (docs/limits.md)";
}

void TestScenarioInputs::checkInput() {
    QFETCH(QString, pointer);
    QFETCH(double, low);
    QFETCH(double, mostLikely);
    QFETCH(double, high);
    QFETCH(QString, problem);
    const Scenario s = testing::smallScenario();
    const auto inputs = scenarioInputs(s);
    const ScenarioInput* input = inputAt(inputs, pointer.toStdString());
    QVERIFY2(input, qPrintable(pointer));
    UncertainNumber n = *findInput(s, input->pointer);
    n.range = {low, mostLikely, high};
    const auto found = model::checkInput(*input, n);
    QCOMPARE(QString::fromStdString(found.value_or("")), problem);
}

// Every domain is the reader's: a value just outside it makes the reader refuse the saved file
// at that input's pointer, and its closed bound is taken.
void TestScenarioInputs::domainsAgreeWithTheReader() {
    const Scenario base = readSample(data::sampleScenarios().front());
    int refused = 0;
    for (const ScenarioInput& input : scenarioInputs(base)) {
        const InputDomain& d = input.domain;
        std::vector<std::pair<double, bool>> probes; // value, inside
        if (d.isFixed()) {
            probes = {{d.min, true}, {d.min * 1.1, false}};
        } else {
            if (std::isfinite(d.min))
                probes.push_back({d.min_open ? d.min : d.min - 0.5, false});
            if (std::isfinite(d.min) && !d.min_open)
                probes.push_back({d.min, true});
            if (std::isfinite(d.max))
                probes.push_back({d.max_open ? d.max : d.max * 1.5 + 1, false});
            if (std::isfinite(d.max) && !d.max_open)
                probes.push_back({d.max, true});
        }
        for (const auto& [value, inside] : probes) {
            Scenario s = base;
            *findInput(s, input.pointer) = UncertainNumber::certain(value);
            QCOMPARE(!model::checkInput(input, *findInput(s, input.pointer)), inside);
            const data::ScenarioReadResult back = data::readScenario(data::writeScenario(s));
            bool atPointer = false;
            for (const data::Problem& p : back.errors)
                atPointer = atPointer || p.place.starts_with(input.pointer);
            const QString what =
                QString::fromStdString(input.pointer) + " = " + QString::number(value);
            QVERIFY2(atPointer != inside, qPrintable(what));
            refused += inside ? 0 : 1;
        }
    }
    QVERIFY(refused > 50);
}

void TestScenarioInputs::collectionIds_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("ok");
    QTest::newRow("plain") << "h100-2025" << true;
    QTest::newRow("spaces") << "serving lot 2" << true;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("slash") << "a/b" << false;
    QTest::newRow("tilde") << "a~b" << false;
    QTest::newRow("64 bytes") << QString(64, 'x') << true;
    QTest::newRow("65 bytes") << QString(65, 'x') << false;
}

void TestScenarioInputs::collectionIds() {
    QFETCH(QString, id);
    QFETCH(bool, ok);
    QCOMPARE(!checkCollectionId(id.toStdString()).has_value(), ok);
    QCOMPARE(freshId(testing::smallScenario().fleet, "lot"), std::string("lot-1"));
    std::map<std::string, int> taken{{"lot-1", 0}, {"lot-2", 0}};
    QCOMPARE(freshId(taken, "lot"), std::string("lot-3"));
}

void TestScenarioInputs::newFleetLotCompiles() {
    Scenario s = testing::smallScenario();
    const FleetLot lot = newFleetLot(s);
    QCOMPARE(lot.sku, s.nvidia.sku);
    QCOMPARE(lot.count, s.pricebook.skus.at(lot.sku).gpus_per_server);
    QCOMPARE(lot.workload, s.workloads.begin()->first);
    s.fleet[freshId(s.fleet, "lot")] = lot;
    const CompiledScenario compiled = compile(s);
    QCOMPARE(compiled.lots.size(), std::size_t(3));
}

void TestScenarioInputs::newWorkloadIsEvaluableAndBadged() {
    for (WorkloadKindOfDemand kind :
         {WorkloadKindOfDemand::Inference, WorkloadKindOfDemand::Training}) {
        Scenario s = readSample(data::sampleScenarios().front());
        const Workload w = newWorkload(kind);
        QVERIFY(w.kind == kind);
        QCOMPARE(isInference(w.workload_class), kind == WorkloadKindOfDemand::Inference);
        s.workloads["new"] = w;
        compareWithCompile(s, QString::fromUtf8(toString(kind).data()));
        for (const ScenarioInput& i : scenarioInputs(s, InputGroup::Workloads)) {
            if (i.owner != "new")
                continue;
            const UncertainNumber& n = *findInput(s, i.pointer);
            QVERIFY(!model::checkInput(i, n));
            QCOMPARE(n.confidence, std::optional(Confidence::Unknown));
            QVERIFY(!n.source.empty());
        }
        QCOMPARE(firstReadError(s), QString());
    }
}

void TestScenarioInputs::switchingKindKeepsTheWorkloadReadable() {
    Scenario s;
    for (const data::SampleFile& file : data::sampleScenarios())
        if (file.name == "mixed-tensorrt.json")
            s = readSample(file);
    QVERIFY(s.workloads.contains("finetune"));
    Workload& w = s.workloads.at("finetune");
    QVERIFY(w.multi_node);
    setWorkloadKind(w, WorkloadKindOfDemand::Inference);
    QVERIFY(w.kind == WorkloadKindOfDemand::Inference);
    QVERIFY(isInference(w.workload_class));
    QVERIFY(!w.multi_node);
    QCOMPARE(w.reference_tokens_per_s_per_gpu.confidence, std::optional(Confidence::Unknown));
    QCOMPARE(w.h100_equivalent_gpus.mostLikely(), 256.0); // kept, though ignored
    QCOMPARE(w.growth_per_month.mostLikely(), 0.015);     // valid for both kinds: kept
    QCOMPARE(firstReadError(s), QString());

    // A bound inference workload made training loses its binding: the reader and the engine
    // refuse a binding on a training workload.
    w.benchmark = model::WorkloadBinding{};
    w.benchmark->selector.model = "llama";
    setWorkloadKind(w, WorkloadKindOfDemand::Training);
    QVERIFY(w.workload_class == WorkloadClass::PyTorchTraining);
    QVERIFY(!w.benchmark);
    QCOMPARE(w.h100_equivalent_gpus.mostLikely(), 256.0);
    QCOMPARE(firstReadError(s), QString());
}

QTEST_GUILESS_MAIN(TestScenarioInputs)
#include "tst_scenario_inputs.moc"
