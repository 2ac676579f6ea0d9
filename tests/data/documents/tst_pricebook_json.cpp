// The shipped price book and the facts it keeps; write → read for every form of number.

#include "tst_pricebook_json.h"

#include "inference_capacity.h"
#include "json_checks.h"
#include "pricebook_json.h"
#include "samples.h"
#include "tst_pricebook_json_helpers.h"

#include <QFile>
#include <QIODevice>
#include <QString>
#include <QStringLiteral>
#include <QTest>

using namespace crossgrade;
using namespace crossgrade::testing;

namespace {

model::UncertainNumber tagged(double l, double m, double h, model::Confidence c) {
    model::UncertainNumber u = model::UncertainNumber::between(l, m, h);
    u.source = "test source — ünïcode";
    u.date = "2026-11";
    u.confidence = c;
    return u;
}

model::Sku handBuiltSku(model::Vendor vendor, const std::string& name) {
    using model::UncertainNumber;
    model::Sku s;
    s.vendor = vendor;
    s.name = name;
    s.hbm_gb = UncertainNumber::certain(80);                     // plain number
    s.bandwidth_tb_s = UncertainNumber::between(3.0, 3.35, 3.5); // [l, m, h]
    s.bf16_tflops = tagged(900, 989, 989, model::Confidence::A); // object, pert
    s.fp8_tflops = tagged(1800, 1979, 1979, model::Confidence::B);
    s.fp8_tflops.distribution = model::Distribution::Triangular;
    s.board_power_kw = tagged(0.7, 0.7, 0.7, model::Confidence::A); // certain with metadata
    s.host_power_kw = UncertainNumber::certain(0.5);
    s.host_power_kw.distribution = model::Distribution::Uniform; // certain, non-default dist
    s.all_in_kw = UncertainNumber::between(1.5, 1.73, 1.9);
    s.all_in_kw.confidence = model::Confidence::Unknown; // only a tag
    s.gpus_per_server = 4;
    s.available_month = -6; // already available
    s.purchase_usd = tagged(20000, 27500, 36000, model::Confidence::C);
    s.purchase_usd.distribution = model::Distribution::Uniform;
    s.overhead_usd = UncertainNumber::certain(0); // zero is a price
    s.reserved_usd_per_hour = UncertainNumber::between(1, 1.3, 1.95);
    s.reserved_usd_per_hour.source = "only a source";
    s.on_demand_usd_per_hour = UncertainNumber::between(1.8, 2.99, 3.93);
    s.on_demand_usd_per_hour.date = "only a date";
    s.reserved_term_months = 12;
    s.price_decline_per_year = UncertainNumber::between(0, 0.2, 1); // fraction bounds
    s.useful_life_months = UncertainNumber::certain(60);
    s.residual_floor = UncertainNumber::between(0, 0, 0.25);
    return s;
}

// A valid book that is not the default: two SKUs, odd ids, every uncertain-number form.
model::PriceBook handBuiltBook() {
    model::PriceBook b;
    b.name = "hand-built";
    b.version = ""; // optional
    b.skus["H100"] = handBuiltSku(model::Vendor::Nvidia, "H100");
    b.skus["MI/300~X"] = handBuiltSku(model::Vendor::Amd, "needs pointer escaping");
    double ratio = 0.5;
    for (model::WorkloadClass c : model::kAllWorkloadClasses) {
        b.performance[c]["H100"] = model::UncertainNumber::certain(1);
        b.performance[c]["MI/300~X"] = tagged(ratio * 0.5, ratio, ratio * 2, model::Confidence::C);
        ratio += 0.25;
    }
    for (model::PortTask t : model::kAllPortTasks)
        for (model::EffortLevel e : model::kAllEffortLevels)
            for (model::PortabilityPath p : model::kAllPaths)
                b.port_months[t][e][p] = model::UncertainNumber::between(0, 1, 2.5);
    b.sequences[model::PortabilityPath::Path1] = {model::PortTask::InferencePort};
    b.sequences[model::PortabilityPath::Path2] = {model::PortTask::TritonRewrite,
                                                  model::PortTask::TrainingPort};
    b.sequences[model::PortabilityPath::Path3] = {model::PortTask::RcclPort};
    b.sequences[model::PortabilityPath::Path2And3] = {model::PortTask::TensorRtReengineering};
    return b;
}

// Every figure of a book, with its pointer, for checks that apply to all of them.
std::vector<std::pair<std::string, model::UncertainNumber>> figures(const model::PriceBook& b) {
    std::vector<std::pair<std::string, model::UncertainNumber>> out;
    for (const auto& [id, s] : b.skus) {
        const std::string at = "/skus/" + id + "/";
        for (const auto& [key, u] :
             std::vector<std::pair<std::string, const model::UncertainNumber*>>{
                 {"hbm_gb", &s.hbm_gb},
                 {"bandwidth_tb_s", &s.bandwidth_tb_s},
                 {"bf16_tflops", &s.bf16_tflops},
                 {"fp8_tflops", &s.fp8_tflops},
                 {"board_power_kw", &s.board_power_kw},
                 {"host_power_kw", &s.host_power_kw},
                 {"all_in_kw", &s.all_in_kw},
                 {"purchase_usd", &s.purchase_usd},
                 {"overhead_usd", &s.overhead_usd},
                 {"reserved_usd_per_hour", &s.reserved_usd_per_hour},
                 {"on_demand_usd_per_hour", &s.on_demand_usd_per_hour},
                 {"price_decline_per_year", &s.price_decline_per_year},
                 {"useful_life_months", &s.useful_life_months},
                 {"residual_floor", &s.residual_floor}})
            out.emplace_back(at + key, *u);
    }
    for (const auto& [c, row] : b.performance)
        for (const auto& [sku, u] : row)
            if (sku != data::kReferenceSku)
                out.emplace_back("/performance/" + std::string(model::toString(c)) + "/" + sku, u);
    for (const auto& [t, levels] : b.port_months)
        for (const auto& [e, paths] : levels)
            for (const auto& [p, u] : paths)
                out.emplace_back("/port_months/" + std::string(model::toString(t)) + "/" +
                                     std::string(model::toString(e)) + "/" +
                                     std::string(model::toString(p)),
                                 u);
    return out;
}

} // namespace

void TestPriceBookJson::shippedDefaultReadsWithoutErrorsOrWarnings() {
    const auto r = data::readPriceBook(data::defaultPriceBookText());
    QVERIFY2(r.ok(), qPrintable(messages(r.errors)));
    QVERIFY2(r.warnings.empty(), qPrintable(messages(r.warnings)));
    const model::PriceBook& b = *r.price_book;
    QCOMPARE(b.skus.size(), std::size_t(6));
    for (const char* id : {"H100", "H200", "B200", "MI300X", "MI325X", "MI355X"})
        QVERIFY2(b.skus.contains(id), id);
    QVERIFY(b.skus.at("MI300X").vendor == model::Vendor::Amd);
    QVERIFY(b.skus.at("B200").vendor == model::Vendor::Nvidia);
    QCOMPARE(b.performance.size(), model::kAllWorkloadClasses.size());
    QCOMPARE(b.port_months.size(), model::kAllPortTasks.size());
    QCOMPARE(b.sequences.size(), model::kAllPaths.size());
}

void TestPriceBookJson::shippedResourceIsTheFileInTheRepository() {
    QFile file(QStringLiteral(CROSSGRADE_SOURCE_DIR "/resources/pricebook/default.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().toStdString(), data::defaultPriceBookText());
    const auto fromFile =
        data::readPriceBookFile(CROSSGRADE_SOURCE_DIR "/resources/pricebook/default.json");
    QVERIFY(fromFile.ok());
    QVERIFY(*fromFile.price_book == defaultBook());
}

// facts.md §7.13: a default must show where it came from, when, and how far to trust it.
void TestPriceBookJson::everyDefaultFigureCarriesSourceDateAndTag() {
    const model::PriceBook b = defaultBook();
    const auto all = figures(b);
    // 6 SKUs × 14 figures, 6 classes × 5 non-reference SKUs, 5 tasks × 3 levels × 4 paths.
    QCOMPARE(all.size(), std::size_t(6 * 14 + 6 * 5 + 5 * 3 * 4));
    for (const auto& [at, u] : all) {
        QVERIFY2(!u.source.empty(), at.c_str());
        QVERIFY2(!u.date.empty(), at.c_str());
        QVERIFY2(u.confidence.has_value(), at.c_str());
        // A value that is not from a datasheet or results file is never a point.
        if (*u.confidence != model::Confidence::A)
            QVERIFY2(u.range.low < u.range.high, at.c_str());
    }
}

// The rules the default must keep (facts.md §7, DESIGN.md "Cost engine"), one row each, so
// an edit of the data that breaks one says which.
void TestPriceBookJson::defaultKeepsTheFactsRules_data() {
    QTest::addColumn<QString>("rule");
    for (const char* rule :
         {"purchase prices at least ±20 % (NVIDIA) / ±30 % (AMD)",
          "MI300X on-demand spans $1.99–$6.00, August 2026 most likely",
          "reserved rates are SemiAnalysis costr", "all six available now",
          "H100 is 1 in every class", "TensorRT-served AMD ratios lose the TensorRT gain",
          "MoE/FP4/disaggregated: AMD well below its NVIDIA peer",
          "custom-kernel training: AMD at the low end", "MI300X beats H100 on large dense models",
          "abstraction makes the ports cheaper, the Triton rewrite carries the kernels",
          "HetCCL paths do not sequence the RCCL port", "port-month cells quote the article",
          "transition per class within the article's 10-30 %",
          "NVIDIA inference efficiency is 1 at equal fit"})
        QTest::newRow(rule) << QString::fromUtf8(rule);
}

void TestPriceBookJson::defaultKeepsTheFactsRules() {
    QFETCH(QString, rule);
    using WC = model::WorkloadClass;
    using model::PortabilityPath;
    using model::PortTask;
    const model::PriceBook b = defaultBook();
    const std::vector<std::string> amd{"MI300X", "MI325X", "MI355X"};
    // AMD SKU → its NVIDIA peer of the same generation (facts.md §4).
    const std::map<std::string, std::string> peer{
        {"MI300X", "H100"}, {"MI325X", "H200"}, {"MI355X", "B200"}};

    if (rule.startsWith("purchase")) {
        for (const auto& [id, s] : b.skus) {
            const double m = s.purchase_usd.mostLikely();
            const double band = s.vendor == model::Vendor::Amd ? 0.3 : 0.2;
            QVERIFY2(s.purchase_usd.range.low <= m * (1 - band) + 1e-9, id.c_str());
            QVERIFY2(s.purchase_usd.range.high >= m * (1 + band) - 1e-9, id.c_str());
        }
    } else if (rule.startsWith("MI300X on-demand")) {
        const auto& r = b.skus.at("MI300X").on_demand_usd_per_hour.range;
        QCOMPARE(r.low, 1.99);
        QCOMPARE(r.most_likely, 3.45);
        QCOMPARE(r.high, 6.00);
    } else if (rule.startsWith("reserved")) {
        // July 2026 (B200: September 2026); MI300X and MI325X were not updated.
        const std::map<std::string, double> costr{{"H100", 2.00},   {"H200", 2.90},
                                                  {"B200", 3.70},   {"MI300X", 1.55},
                                                  {"MI325X", 1.80}, {"MI355X", 2.90}};
        for (const auto& [id, rate] : costr) {
            QCOMPARE(b.skus.at(id).reserved_usd_per_hour.mostLikely(), rate);
            QCOMPARE(b.skus.at(id).reserved_term_months, 36);
        }
    } else if (rule.startsWith("all six")) {
        for (const auto& [id, s] : b.skus) {
            QVERIFY2(s.available_month <= 0, id.c_str());
            QCOMPARE(s.gpus_per_server, 8);
        }
    } else if (rule.startsWith("H100 is 1")) {
        for (WC c : model::kAllWorkloadClasses)
            QVERIFY(ratio(b, c, "H100") == model::UncertainNumber::certain(1));
    } else if (rule.startsWith("TensorRT")) {
        for (const std::string& id : amd)
            QVERIFY2(ratio(b, WC::TensorRtInference, id).mostLikely() <
                         ratio(b, WC::DenseInference, id).mostLikely(),
                     id.c_str());
    } else if (rule.startsWith("MoE")) {
        for (const std::string& id : amd) {
            QVERIFY2(ratio(b, WC::MoeFp4Disaggregated, id).mostLikely() <
                         ratio(b, WC::DenseInference, id).mostLikely(),
                     id.c_str());
            QVERIFY2(ratio(b, WC::MoeFp4Disaggregated, id).mostLikely() <
                         ratio(b, WC::MoeFp4Disaggregated, peer.at(id)).mostLikely(),
                     id.c_str());
        }
    } else if (rule.startsWith("custom-kernel")) {
        for (const std::string& id : amd) {
            QVERIFY2(ratio(b, WC::CustomKernelTraining, id).mostLikely() <
                         ratio(b, WC::PyTorchTraining, id).mostLikely(),
                     id.c_str());
            QVERIFY2(ratio(b, WC::CustomKernelTraining, id).mostLikely() <
                         ratio(b, WC::CustomKernelTraining, peer.at(id)).mostLikely(),
                     id.c_str());
        }
    } else if (rule.startsWith("transition per class")) {
        // Engine 3: the article's "10–30 % performance regression during the transition".
        QCOMPARE(b.transition.size(), model::kAllWorkloadClasses.size());
        for (const auto& [cls, n] : b.transition) {
            const std::string name(model::toString(cls));
            QVERIFY2(n.range.low >= 0.10 - 1e-9 && n.range.high <= 0.30 + 1e-9, name.c_str());
            QVERIFY2(n.source.find("10–30 %") != std::string::npos, name.c_str());
        }
    } else if (rule.startsWith("NVIDIA inference efficiency")) {
        // The capacity model holds NVIDIA's hardware differences; their software is the
        // anchor's, so the inference rows are 1 at the most likely value (FP4 bands above).
        for (WC cls : model::kAllWorkloadClasses)
            if (model::isInference(cls))
                for (const char* id : {"H200", "B200"})
                    if (cls != WC::MoeFp4Disaggregated && cls != WC::TensorRtInference)
                        QCOMPARE(ratio(b, cls, id).mostLikely(), 1.0);
    } else if (rule.startsWith("MI300X beats")) {
        // The large-dense row holds software efficiency at equal fit (engine 3): the lead comes
        // from the capacity model, on a 405B-class FP8 model (Llama 3.1 405B, BF16 KV cache).
        const auto capability = [&](const std::string& id, double efficiency) {
            const model::Sku& s = b.skus.at(id);
            return model::GpuCapability{s.hbm_gb.mostLikely(), s.bandwidth_tb_s.mostLikely(),
                                        s.fp8_tflops.mostLikely(), s.gpus_per_server, efficiency};
        };
        model::InferenceNeed need;
        need.weights_gb = 405;
        need.kv_mb_per_token = 0.516;
        const double mi300x =
            model::bestInferenceFit(
                need,
                capability("MI300X", ratio(b, WC::LargeDenseInference, "MI300X").mostLikely()))
                .tokens_per_s_per_gpu;
        const double h100 =
            model::bestInferenceFit(need, capability("H100", 1)).tokens_per_s_per_gpu;
        QVERIFY2(mi300x > 1.5 * h100, qPrintable(QString::number(mi300x / h100)));
        QVERIFY(ratio(b, WC::PyTorchTraining, "MI300X").mostLikely() < 1); // H100 keeps training
    } else if (rule.startsWith("abstraction")) {
        for (model::EffortLevel e : model::kAllEffortLevels)
            for (PortTask t : {PortTask::InferencePort, PortTask::TrainingPort}) {
                const auto& cells = b.port_months.at(t).at(e);
                QVERIFY(cells.at(PortabilityPath::Path2).mostLikely() <
                        cells.at(PortabilityPath::Path1).mostLikely());
                QVERIFY(cells.at(PortabilityPath::Path2And3) == cells.at(PortabilityPath::Path2));
                QVERIFY(cells.at(PortabilityPath::Path3) == cells.at(PortabilityPath::Path1));
            }
        for (PortabilityPath p : {PortabilityPath::Path2, PortabilityPath::Path2And3})
            QVERIFY(b.sequences.at(p).front() == PortTask::TritonRewrite);
    } else if (rule.startsWith("HetCCL")) {
        for (PortabilityPath p : model::kAllPaths) {
            const auto& seq = b.sequences.at(p);
            const bool hasRccl = std::find(seq.begin(), seq.end(), PortTask::RcclPort) != seq.end();
            QCOMPARE(hasRccl, p == PortabilityPath::Path1 || p == PortabilityPath::Path2);
            // The cell still exists; where it is not sequenced it says why.
            for (model::EffortLevel e : model::kAllEffortLevels) {
                const auto& source = b.port_months.at(PortTask::RcclPort).at(e).at(p).source;
                QCOMPARE(source.find("HetCCL") != std::string::npos, !hasRccl);
            }
        }
    } else if (rule.startsWith("port-month")) {
        for (const auto& [t, levels] : b.port_months)
            for (const auto& [e, paths] : levels)
                for (const auto& [p, u] : paths) {
                    QVERIFY(u.source.back() == '.' || u.source.back() == ')'); // a sentence
                    QCOMPARE(u.date, std::string("2026-04"));
                }
    } else {
        QFAIL("no check for this rule");
    }
}

void TestPriceBookJson::roundTrip_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("shipped default") << 0;
    QTest::newRow("hand-built, every uncertain-number form") << 1;
}

void TestPriceBookJson::roundTrip() {
    QFETCH(int, which);
    const model::PriceBook original = which == 0 ? defaultBook() : handBuiltBook();
    QVERIFY(!original.skus.empty());
    const std::string text = data::writePriceBook(original);
    const auto r = data::readPriceBook(text);
    QVERIFY2(r.ok(), qPrintable(messages(r.errors)));
    QVERIFY2(r.warnings.empty(), qPrintable(messages(r.warnings)));
    QVERIFY(*r.price_book == original);
    QCOMPARE(data::writePriceBook(*r.price_book), text); // and the text is stable
}

void TestPriceBookJson::writerUsesTheShortestForm() {
    using model::UncertainNumber;
    QCOMPARE(data::uncertainJson(UncertainNumber::certain(2.5)).dump(), std::string("2.5"));
    QCOMPARE(data::uncertainJson(UncertainNumber::between(1, 2, 3)).dump(),
             std::string("[1.0,2.0,3.0]"));
    UncertainNumber tri = UncertainNumber::between(1, 2, 3);
    tri.distribution = model::Distribution::Triangular;
    QCOMPARE(data::uncertainJson(tri).dump(),
             std::string(R"({"range":[1.0,2.0,3.0],"dist":"triangular"})"));
    const auto withTag = tagged(1, 1, 1, model::Confidence::Unknown);
    QCOMPARE(data::uncertainJson(withTag)["confidence"].get<std::string>(), std::string("?"));
}

QTEST_GUILESS_MAIN(TestPriceBookJson)
