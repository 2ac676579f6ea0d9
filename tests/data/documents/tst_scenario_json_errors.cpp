// Scenario fields: each refusal at its JSON pointer, every problem at once, warnings.

#include "scenario_inputs.h"
#include "scenario_json.h"
#include "tst_scenario_json.h"
#include "tst_scenario_json_helpers.h"

#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>
#include <nlohmann/json.hpp>
#include <string>

using namespace crossgrade;
using namespace crossgrade::testing;
using nlohmann::json;

namespace {

// "line:column" of the first `needle` in `text`, 1-based.
QString placeOf(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    int line = 1;
    int col = 1;
    for (std::size_t i = 0; i < at && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return QStringLiteral("%1:%2").arg(line).arg(col);
}

} // namespace

void TestScenarioJson::errors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("expected"); // part of the message

    auto with = [](auto edit) {
        json j = sampleJson();
        edit(j);
        return QString::fromStdString(j.dump(2));
    };
    QTest::newRow("wrong schema tag")
        << with([](json& j) { j["schema"] = "crossgrade.audit/1"; }) << "/schema"
        << "expected \"crossgrade.scenario/1\", got \"crossgrade.audit/1\"";
    QTest::newRow("missing schema tag") << with([](json& j) { j.erase("schema"); }) << "/schema"
                                        << "missing";
    QTest::newRow("empty file") << "  \n"
                                << "1:1"
                                << "the file is empty; expected a scenario";
    QTest::newRow("syntax error")
        << "{\n  \"schema\": \"crossgrade.scenario/1\",\n  \"name\": oops\n}"
        << "3:11"
        << "invalid JSON";
    QTest::newRow("not an object") << "[1, 2]"
                                   << ""
                                   << "expected a JSON object (a scenario)";
    const json bound = {{"model", "llama"},
                        {"bound_on", "2026-12-01"},
                        {"skus", {{"MI300X", {{"ratio", {1.1, 1.2, 1.3}}, {"pairs", 2}}}}}};
    QTest::newRow("binding: SKU not in the price book") << with([&](json& j) {
        json b = bound;
        b["skus"]["B300"] = b["skus"]["MI300X"];
        j["workloads"]["chat-70b"]["benchmark"] = b;
    }) << "/workloads/chat-70b/benchmark/skus/B300"
                                                        << "no SKU \"B300\" in the price book";
    QTest::newRow("binding: ratio not above zero") << with([&](json& j) {
        json b = bound;
        b["skus"]["MI300X"]["ratio"] = {0, 1.2, 1.3};
        j["workloads"]["chat-70b"]["benchmark"] = b;
    }) << "/workloads/chat-70b/benchmark/skus/MI300X/ratio/0"
                                                   << "expected a number ≥ 0.001";
    QTest::newRow("binding: no model") << with([&](json& j) {
        json b = bound;
        b.erase("model");
        j["workloads"]["chat-70b"]["benchmark"] = b;
    }) << "/workloads/chat-70b/benchmark/model"
                                       << "missing";
    QTest::newRow("binding: date not YYYY-MM-DD") << with([&](json& j) {
        json b = bound;
        b["bound_on"] = "yesterday";
        j["workloads"]["chat-70b"]["benchmark"] = b;
    }) << "/workloads/chat-70b/benchmark/bound_on"
                                                  << "YYYY-MM-DD";
    QTest::newRow("binding: a SKU with no evidence") << with([&](json& j) {
        json b = bound;
        b["skus"]["MI300X"] = {{"pairs", 0}};
        j["workloads"]["chat-70b"]["benchmark"] = b;
    }) << "/workloads/chat-70b/benchmark/skus/MI300X"
                                                     << "expected a ratio or joules_per_token";
    QTest::newRow("binding on a training workload") << with([&](json& j) {
        j["workloads"]["train"] = {{"kind", "training"},
                                   {"class", "pytorch-training"},
                                   {"h100_equivalent_gpus", 8},
                                   {"benchmark", bound}};
    }) << "/workloads/train/benchmark"
                                                    << "only inference workloads are bound";
    QTest::newRow("horizon 0") << with([](json& j) { j["horizon_months"] = 0; })
                               << "/horizon_months"
                               << "expected a whole number from 1 to 120";
    QTest::newRow("horizon 121") << with([](json& j) { j["horizon_months"] = 121; })
                                 << "/horizon_months"
                                 << "got the number 121";
    QTest::newRow("horizon as a range") << with([](json& j) {
        j["horizon_months"] = {12, 24, 36};
    }) << "/horizon_months"
                                        << "got an array";
    QTest::newRow("negative price in the embedded price book")
        << with([](json& j) { j["pricebook"]["skus"]["MI300X"]["purchase_usd"] = -1; })
        << "/pricebook/skus/MI300X/purchase_usd"
        << "expected a number ≥ 0, got the number -1";
    QTest::newRow("embedded price book without H100")
        << with([](json& j) { j["pricebook"]["skus"].erase("H100"); }) << "/pricebook/skus/H100"
        << "missing";
    QTest::newRow("wrong tag on the embedded price book")
        << with([](json& j) { j["pricebook"]["schema"] = "crossgrade.pricebook/2"; })
        << "/pricebook/schema"
        << "expected \"crossgrade.pricebook/1\"";
    QTest::newRow("discount 1.5") << with([](json& j) { j["amd_discount"] = 1.5; })
                                  << "/amd_discount"
                                  << "expected a fraction from 0 to 1";
    QTest::newRow("discount rate 1")
        << with([](json& j) {
               j["discount_rate"] = {0.05, 0.08, 1};
           })
        << "/discount_rate"
        << "expected a number from 0 to less than 1, got [0.05,0.08,1.0]";
    QTest::newRow("transition regression 1")
        << with([](json& j) { j["regression"]["transition"] = 1; }) << "/regression/transition"
        << "less than 1, got the number 1";
    QTest::newRow("target utilisation 0")
        << with([](json& j) { j["target_utilisation"] = 0; }) << "/target_utilisation"
        << "expected a number from 0.001 to 1";
    {
        const QString text = with([](json& j) {
                                 j["energy"]["pue"] = 424242.5;
                             }).replace(QStringLiteral("424242.5"), QStringLiteral("1e999"));
        QTest::newRow("number overflow (1e999)")
            << text << placeOf(text.toStdString(), "1e999") << "out of range";
    }
    QTest::newRow("fleet lot with an unknown SKU")
        << with([](json& j) { j["fleet"]["h100-2025-q3"]["sku"] = "A100"; })
        << "/fleet/h100-2025-q3/sku"
        << "no SKU \"A100\" in the price book; the price book's NVIDIA SKUs are B200, H100, H200";
    QTest::newRow("fleet lot of AMD GPUs")
        << with([](json& j) { j["fleet"]["h100-2025-q3"]["sku"] = "MI300X"; })
        << "/fleet/h100-2025-q3/sku"
        << "\"MI300X\" is an AMD SKU; the price book's NVIDIA SKUs are B200, H100, H200";
    QTest::newRow("fleet lot with an unknown workload")
        << with([](json& j) { j["fleet"]["h100-2026-q2"]["workload"] = "search"; })
        << "/fleet/h100-2026-q2/workload"
        << "no workload \"search\"; the scenario's workloads are assistant-405b, chat-70b";
    QTest::newRow("AMD procurement names an NVIDIA SKU")
        << with([](json& j) { j["procurement"]["amd"]["sku"] = "B200"; }) << "/procurement/amd/sku"
        << "\"B200\" is not an AMD SKU; the price book's AMD SKUs are MI300X, MI325X, MI355X";
    QTest::newRow("negative fleet count")
        << with([](json& j) { j["fleet"]["h100-2026-q2"]["count"] = -8; })
        << "/fleet/h100-2026-q2/count"
        << "expected a whole number from 0";
    QTest::newRow("fleet id with a slash")
        << with([](json& j) { j["fleet"]["a/b"] = j["fleet"]["h100-2026-q2"]; }) << "/fleet/a~1b"
        << "without \"/\" or \"~\"";
    QTest::newRow("inference workload missing peak_tokens_per_s")
        << with([](json& j) { j["workloads"]["chat-70b"].erase("peak_tokens_per_s"); })
        << "/workloads/chat-70b/peak_tokens_per_s"
        << "missing; inference workloads need it";
    QTest::newRow("training workload missing h100_equivalent_gpus")
        << with([](json& j) {
               j["workloads"]["train"] = {{"kind", "training"}, {"class", "pytorch-training"}};
           })
        << "/workloads/train/h100_equivalent_gpus"
        << "missing; training workloads need it";
    QTest::newRow("class does not fit the kind")
        << with([](json& j) { j["workloads"]["chat-70b"]["class"] = "pytorch-training"; })
        << "/workloads/chat-70b/class"
        << "expected a class of inference (\"large-dense-inference\", \"dense-inference\", "
           "\"moe-fp4-disaggregated\", \"tensorrt-inference\") for an inference workload, got "
           "\"pytorch-training\"";
    QTest::newRow("unknown workload kind")
        << with([](json& j) { j["workloads"]["chat-70b"]["kind"] = "serving"; })
        << "/workloads/chat-70b/kind"
        << "expected one of \"inference\", \"training\"";
    QTest::newRow("no workloads") << with([](json& j) { j["workloads"] = json::object(); })
                                  << "/workloads"
                                  << "expected at least one workload";
    QTest::newRow("more workloads than the limit")
        << with([](json& j) {
               for (std::size_t i = 0; i < model::kMaxWorkloads; ++i)
                   j["workloads"]["copy" + std::to_string(i)] = j["workloads"]["chat-70b"];
           })
        << "/workloads"
        << QString::fromStdString("expected at most " + std::to_string(model::kMaxWorkloads) +
                                  " workloads, got " + std::to_string(model::kMaxWorkloads + 2));
    QTest::newRow("start month not YYYY-MM")
        << with([](json& j) { j["start_month"] = "Dec 2026"; }) << "/start_month"
        << "expected the scenario's first month as \"YYYY-MM\" (for example \"2027-01\"), got "
           "\"Dec 2026\"";
    QTest::newRow("start month 13")
        << with([](json& j) { j["start_month"] = "2026-13"; }) << "/start_month"
        << "expected the scenario's first month as \"YYYY-MM\"";
    QTest::newRow("engine version from the future")
        << with([](json& j) { j["engine_version"] = 4; }) << "/engine_version"
        << "expected a whole number from 1 to 3";
    QTest::newRow("door group holding both kinds")
        << with([](json& j) {
               j["engine_version"] = 2;
               j["workloads"]["train"] = {{"kind", "training"},
                                          {"class", "pytorch-training"},
                                          {"door_group", "chat-70b"},
                                          {"h100_equivalent_gpus", {{"range", {8, 8, 8}}}}};
           })
        << "/workloads/train/door_group"
        << "door group \"chat-70b\" holds inference and training workloads; expected one kind per "
           "group (their doors open after different ports)";
    QTest::newRow("more door groups than doors")
        << with([](json& j) {
               j["engine_version"] = 2;
               for (int i = 0; i < 15; ++i)
                   j["workloads"]["copy" + std::to_string(i)] = j["workloads"]["chat-70b"];
           })
        << "/workloads/copy9/door_group"
        << "expected at most 16 door groups (a workload without a door_group is a group of its "
           "own), got more; give workloads that move to AMD together the same door_group";
    QTest::newRow("door group that is no id") << with([](json& j) {
        j["engine_version"] = 2;
        j["workloads"]["chat-70b"]["door_group"] = "a/b";
    }) << "/workloads/chat-70b/door_group"
                                              << "expected a door group id of 1 to";
    // Engine v2's selling inputs (docs/formats/scenario.md, "Selling and bridging").
    QTest::newRow("bridge on the owned channel")
        << with([](json& j) { j["procurement"]["amd"]["bridge"] = "owned"; })
        << "/procurement/amd/bridge"
        << "a bridge is rented while owned GPUs are on order";
    QTest::newRow("market value on a rented lot")
        << with([](json& j) {
               j["fleet"]["h100-2025-q3"]["channel"] = "reserved";
               j["fleet"]["h100-2025-q3"]["market_value_usd"] = 20000;
           })
        << "/fleet/h100-2025-q3/market_value_usd"
        << "only an owned lot has a market value; this lot is reserved";
    QTest::newRow("resale retention of zero")
        << with([](json& j) {
               j["pricebook"]["skus"]["H100"]["resale_retention_per_year"] = {0, 0.6, 0.7};
           })
        << "/pricebook/skus/H100/resale_retention_per_year/0"
        << "expected a number from 0.001 to 1, got the number 0";
    QTest::newRow("negative lead time")
        << with([](json& j) { j["pricebook"]["skus"]["MI300X"]["lead_time_months"] = -1; })
        << "/pricebook/skus/MI300X/lead_time_months"
        << "expected a number";
    QTest::newRow("sale limit that is not a number")
        << with([](json& j) { j["procurement"]["nvidia"]["max_sold_per_month"] = "lots"; })
        << "/procurement/nvidia/max_sold_per_month"
        << "expected an uncertain number";
    QTest::newRow("sale cost above 100 %")
        << with([](json& j) { j["resale"]["sale_cost_fraction"] = 1.5; })
        << "/resale/sale_cost_fraction"
        << "expected a fraction from 0 to 1, got the number 1.5";
    QTest::newRow("more SKUs than a scenario's limit")
        << with([](json& j) {
               json& book = j["pricebook"];
               for (int i = 0; i < 95; ++i) {
                   const std::string id = "MI300X-" + std::to_string(i);
                   book["skus"][id] = book["skus"]["MI300X"];
                   for (auto& [cls, row] : book["performance"].items())
                       row[id] = row["MI300X"];
               }
           })
        << "/pricebook/skus"
        << "expected at most 100 SKUs in a scenario's price book, got 101";
    QTest::newRow("growth of -100 %")
        << with([](json& j) { j["workloads"]["chat-70b"]["growth_per_month"] = -1; })
        << "/workloads/chat-70b/growth_per_month"
        << "from -1 (exclusive) to 1";
    QTest::newRow("zero reference throughput") << with([](json& j) {
        j["workloads"]["chat-70b"]["reference_tokens_per_s_per_gpu"] = {0, 1, 2};
    }) << "/workloads/chat-70b/reference_tokens_per_s_per_gpu/0"
                                               << "expected a number ≥ 0.001";
    QTest::newRow("low > high in a range") << with([](json& j) {
        j["energy"]["usd_per_kwh"] = {0.2, 0.1, 0.05};
    }) << "/energy/usd_per_kwh"
                                           << "expected low ≤ most_likely ≤ high";
    QTest::newRow("low > high inside the object form") << with([](json& j) {
        j["energy"]["usd_per_kwh"]["range"] = {0.2, 0.1, 0.05};
    }) << "/energy/usd_per_kwh/range"
                                                       << "expected low ≤ most_likely ≤ high";
    QTest::newRow("object form without a range")
        << with([](json& j) { j["energy"]["usd_per_kwh"].erase("range"); })
        << "/energy/usd_per_kwh/range"
        << "missing";
    QTest::newRow("unknown option id")
        << with([](json& j) {
               j["options"] = {"stay-cuda", "path4"};
           })
        << "/options/1"
        << "expected one of \"stay-cuda\", \"path1\", \"path2\", \"path3\", \"path2+3\"";
    QTest::newRow("option twice")
        << with([](json& j) {
               j["options"] = {"path4", "path1", "path1"};
           })
        << "/options/2"
        << "expected each option once, got \"path1\" again (first at /options/1)";
    QTest::newRow("no options") << with([](json& j) { j["options"] = json::array(); }) << "/options"
                                << "at least one option";
    QTest::newRow("unknown sizing") << with([](json& j) { j["sizing"] = "gpus"; }) << "/sizing"
                                    << "expected one of \"servers\", \"continuous\"";
    QTest::newRow("unknown channel")
        << with([](json& j) { j["procurement"]["nvidia"]["channel"] = "leased"; })
        << "/procurement/nvidia/channel"
        << "expected one of \"owned\", \"reserved\", \"on-demand\"";
    QTest::newRow("PUE 0.5") << with([](json& j) { j["energy"]["pue"] = 0.5; }) << "/energy/pue"
                             << "expected a number ≥ 1, got the number 0.5";
    QTest::newRow("missing section") << with([](json& j) { j.erase("energy"); }) << "/energy"
                                     << "missing; expected energy and facility";
    QTest::newRow("engineers as a range") << with([](json& j) {
        j["team"]["engineers"] = {2, 4, 6};
    }) << "/team/engineers"
                                          << "expected a whole number";
    QTest::newRow("HetCCL month past a century")
        << with([](json& j) { j["hetccl"]["available_month"] = 5000; }) << "/hetccl/available_month"
        << "expected a number from 0 to 1200";
    QTest::newRow("negative seed") << with([](json& j) { j["seed"] = -1; }) << "/seed"
                                   << "expected a whole number from 0";
    QTest::newRow("fractional seed") << with([](json& j) { j["seed"] = 1.5; }) << "/seed"
                                     << "got the number 1.5";
    QTest::newRow("missing audit") << with([](json& j) { j.erase("audit"); }) << "/audit"
                                   << "missing";
    QTest::newRow("wrong tier in the embedded audit")
        << with([](json& j) { j["audit"]["dimensions"]["libraries"]["tier"] = "severe"; })
        << "/audit/dimensions/libraries/tier"
        << "expected one of \"low\", \"medium\", \"high\"";
    QTest::newRow("wrong tag on the embedded audit")
        << with([](json& j) { j["audit"]["schema"] = "crossgrade.scenario/1"; }) << "/audit/schema"
        << "expected \"crossgrade.audit/1\"";
    QTest::newRow("embedded audit is not an object")
        << with([](json& j) { j["audit"] = "audit.json"; }) << "/audit"
        << "expected a JSON object (an audit)";

    // Rank correlations (docs/uncertainty.md, "Correlation"), each at the entry's place.
    auto correlated = [&](json entries) {
        return with([&](json& j) { j["correlations"] = entries; });
    };
    const json transition = "/regression/transition_months";
    const json port = "/pricebook/port_months/inference-port/moderate/path1";
    QTest::newRow("correlation of 1")
        << correlated({{"r", {{"inputs", {transition, "/amd_discount"}}, {"rank_correlation", 1}}}})
        << "/correlations/r/rank_correlation"
        << "expected a rank correlation strictly between -1 and 1, got 1";
    QTest::newRow("correlation of -1.2")
        << correlated(
               {{"r", {{"inputs", {transition, "/amd_discount"}}, {"rank_correlation", -1.2}}}})
        << "/correlations/r/rank_correlation"
        << "strictly between -1 and 1, got -1.2";
    QTest::newRow("correlation of an unknown input")
        << correlated(
               {{"r",
                 {{"inputs", {"/regression/transitions", transition}}, {"rank_correlation", 0.5}}}})
        << "/correlations/r/inputs/0"
        << "expected the JSON pointer of an uncertain input of this scenario";
    // large-model-inference has 0–1 High: its port months are "light", not "moderate".
    QTest::newRow("correlation of a port task at another effort level")
        << correlated({{"r", {{"inputs", {transition, port}}, {"rank_correlation", 0.5}}}})
        << "/correlations/r/inputs/1"
        << "port months exist only for the tasks an option runs";
    QTest::newRow("correlation of an input with itself")
        << correlated({{"r", {{"inputs", {transition, transition}}, {"rank_correlation", 0.5}}}})
        << "/correlations/r/inputs/1"
        << "expected an input other than the first";
    QTest::newRow("correlation given twice")
        << correlated(
               {{"a", {{"inputs", {transition, "/amd_discount"}}, {"rank_correlation", 0.5}}},
                {"b", {{"inputs", {"/amd_discount", transition}}, {"rank_correlation", 0.4}}}})
        << "/correlations/b/inputs"
        << "already correlated by /correlations/a";
    QTest::newRow("correlations that are no correlation matrix")
        << correlated(
               {{"a", {{"inputs", {transition, "/amd_discount"}}, {"rank_correlation", 0.9}}},
                {"b", {{"inputs", {transition, "/ramp/months"}}, {"rank_correlation", 0.9}}},
                {"c", {{"inputs", {"/amd_discount", "/ramp/months"}}, {"rank_correlation", -0.9}}}})
        << "/correlations"
        << "not a positive-definite matrix";
    QTest::newRow("correlation with one input")
        << correlated({{"r", {{"inputs", json::array({transition})}, {"rank_correlation", 0.5}}}})
        << "/correlations/r/inputs"
        << "expected two JSON pointers of uncertain inputs";
    QTest::newRow("correlation without rank_correlation")
        << correlated({{"r", {{"inputs", {transition, "/amd_discount"}}}}})
        << "/correlations/r/rank_correlation"
        << "missing";
    QTest::newRow("correlations as an array")
        << correlated(json::array(
               {{{"inputs", {transition, "/amd_discount"}}, {"rank_correlation", 0.5}}}))
        << "/correlations"
        << "expected the rank correlations keyed by id (a JSON object), got an array";
}

void TestScenarioJson::errors() {
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, expected);
    const auto r = data::readScenario(text.toStdString());
    QVERIFY(!r.ok());
    bool found = false;
    for (const data::Problem& p : r.errors)
        found = found || (QString::fromStdString(p.place) == place &&
                          QString::fromStdString(p.message).contains(expected));
    QVERIFY2(found, qPrintable("expected at " + place + ": " + expected + "\ngot:\n" +
                               messages(r.errors)));
}

void TestScenarioJson::everyProblemIsReportedNotJustTheFirst() {
    json j = sampleJson();
    j["horizon_months"] = 0;
    j["energy"]["pue"] = 0.5;
    j["workloads"]["chat-70b"].erase("weights_gb"); // and it has no model_memory_gb either
    j["pricebook"]["skus"]["H200"]["purchase_usd"] = -5;
    j["audit"]["workload"] = "serving";
    const auto r = data::readScenario(j.dump());
    QVERIFY(!r.ok());
    QStringList places;
    for (const data::Problem& p : r.errors)
        places << QString::fromStdString(p.place);
    for (const char* at : {"/horizon_months", "/energy/pue", "/workloads/chat-70b/model_memory_gb",
                           "/pricebook/skus/H200/purchase_usd", "/audit/workload"})
        QVERIFY2(places.contains(QString::fromUtf8(at)), at);
    QCOMPARE(places.size(), 5);
}

void TestScenarioJson::warnings_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("expected");

    auto with = [](auto edit) {
        json j = sampleJson();
        edit(j);
        return QString::fromStdString(j.dump());
    };
    QTest::newRow("unknown top-level field")
        << with([](json& j) { j["colour"] = "blue"; }) << "/colour"
        << "unknown field, ignored";
    QTest::newRow("unknown field in a section")
        << with([](json& j) { j["energy"]["usd_per_therm"] = 1; }) << "/energy/usd_per_therm"
        << "unknown field";
    QTest::newRow("unknown field in a workload")
        << with([](json& j) { j["workloads"]["chat-70b"]["owner"] = "ml"; })
        << "/workloads/chat-70b/owner"
        << "unknown field";
    QTest::newRow("unknown field in the embedded audit")
        << with([](json& j) { j["audit"]["reviewer"] = "me"; }) << "/audit/reviewer"
        << "unknown field";
    QTest::newRow("training input on an inference workload")
        << with([](json& j) { j["workloads"]["chat-70b"]["h100_equivalent_gpus"] = 8; })
        << "/workloads/chat-70b/h100_equivalent_gpus"
        << "used only by training workloads; ignored for this inference workload";
    QTest::newRow("multi_node on an inference workload")
        << with([](json& j) { j["workloads"]["chat-70b"]["multi_node"] = true; })
        << "/workloads/chat-70b/multi_node"
        << "used only by training workloads";
    QTest::newRow("TensorRT flag without the TensorRT class")
        << with([](json& j) { j["workloads"]["chat-70b"]["tensorrt"] = true; })
        << "/workloads/chat-70b/tensorrt"
        << "its class is not \"tensorrt-inference\"";
    QTest::newRow("TensorRT class without the flag")
        << with([](json& j) { j["workloads"]["chat-70b"]["class"] = "tensorrt-inference"; })
        << "/workloads/chat-70b/tensorrt"
        << "re-engineering task is not priced";
}

void TestScenarioJson::warnings() {
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, expected);
    const auto r = data::readScenario(text.toStdString());
    QVERIFY2(r.ok(), qPrintable(messages(r.errors))); // a warning never rejects the file
    QCOMPARE(r.warnings.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(r.warnings.front().place), place);
    QVERIFY2(QString::fromStdString(r.warnings.front().message).contains(expected),
             r.warnings.front().message.c_str());
}
