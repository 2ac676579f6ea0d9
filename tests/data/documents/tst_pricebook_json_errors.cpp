// What the price book reader refuses, each problem at its place, and what it warns of.

#include "json_checks.h"
#include "pricebook_json.h"
#include "samples.h"
#include "tst_pricebook_json.h"
#include "tst_pricebook_json_helpers.h"

#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace crossgrade;
using namespace crossgrade::testing;
using nlohmann::json;

namespace {

json defaultJson() {
    return json::parse(data::defaultPriceBookText());
}

QStringList places(const std::vector<data::Problem>& problems) {
    QStringList out;
    for (const data::Problem& p : problems)
        out << QString::fromStdString(p.place);
    return out;
}

} // namespace

void TestPriceBookJson::errors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("expected"); // part of the message

    auto with = [](auto edit) {
        json j = defaultJson();
        edit(j);
        return QString::fromStdString(j.dump(2));
    };
    QTest::newRow("unknown SKU in a performance row")
        << with([](json& j) { j["performance"]["dense-inference"]["A100"] = 0.8; })
        << "/performance/dense-inference/A100"
        << "unknown SKU";
    QTest::newRow("H100 ratio is not 1")
        << with([](json& j) {
               j["performance"]["pytorch-training"]["H100"] = {0.9, 1, 1.1};
           })
        << "/performance/pytorch-training/H100"
        << "expected exactly 1 (H100 is the reference every ratio is relative to), got "
           "[0.9,1.0,1.1]";
    QTest::newRow("H100 ratio is a certain 1.2")
        << with([](json& j) { j["performance"]["dense-inference"]["H100"] = 1.2; })
        << "/performance/dense-inference/H100"
        << "got the number 1.2";
    QTest::newRow("SKU missing from a performance row")
        << with([](json& j) { j["performance"]["moe-fp4-disaggregated"].erase("MI355X"); })
        << "/performance/moe-fp4-disaggregated/MI355X"
        << "missing";
    QTest::newRow("missing workload class")
        << with([](json& j) { j["performance"].erase("tensorrt-inference"); })
        << "/performance/tensorrt-inference"
        << "missing";
    QTest::newRow("zero performance ratio")
        << with([](json& j) { j["performance"]["dense-inference"]["MI300X"] = 0; })
        << "/performance/dense-inference/MI300X"
        << "expected a number ≥ 0.001";
    QTest::newRow("missing effort level")
        << with([](json& j) { j["port_months"]["training-port"].erase("heavy"); })
        << "/port_months/training-port/heavy"
        << "missing";
    QTest::newRow("missing path cell")
        << with([](json& j) { j["port_months"]["rccl-port"]["light"].erase("path2+3"); })
        << "/port_months/rccl-port/light/path2+3"
        << "missing";
    QTest::newRow("missing port task")
        << with([](json& j) { j["port_months"].erase("rccl-port"); }) << "/port_months/rccl-port"
        << "missing";
    QTest::newRow("negative port months")
        << with([](json& j) { j["port_months"]["triton-rewrite"]["light"]["path2"] = -1; })
        << "/port_months/triton-rewrite/light/path2"
        << "expected a number from 0 to 1200, got the number -1";
    QTest::newRow("unknown task in a sequence")
        << with([](json& j) { j["sequences"]["path1"][1] = "cuda-port"; }) << "/sequences/path1/1"
        << "expected one of \"inference-port\", \"training-port\", \"rccl-port\", "
           "\"tensorrt-reengineering\", \"triton-rewrite\", got \"cuda-port\"";
    QTest::newRow("task twice in a sequence")
        << with([](json& j) { j["sequences"]["path3"][2] = "inference-port"; })
        << "/sequences/path3/2"
        << "first at /sequences/path3/0";
    QTest::newRow("empty sequence")
        << with([](json& j) { j["sequences"]["path2"] = json::array(); }) << "/sequences/path2"
        << "at least one";
    QTest::newRow("missing sequence")
        << with([](json& j) { j["sequences"].erase("path2+3"); }) << "/sequences/path2+3"
        << "missing";
    QTest::newRow("negative price")
        << with([](json& j) { j["skus"]["MI300X"]["purchase_usd"]["range"][0] = -5000; })
        << "/skus/MI300X/purchase_usd/range/0"
        << "expected a number ≥ 0, got the number -5000";
    QTest::newRow("negative certain rate")
        << with([](json& j) { j["skus"]["H200"]["reserved_usd_per_hour"] = -1.6; })
        << "/skus/H200/reserved_usd_per_hour"
        << "expected a number ≥ 0";
    QTest::newRow("fraction above 1")
        << with([](json& j) { j["skus"]["H100"]["residual_floor"]["range"][2] = 1.5; })
        << "/skus/H100/residual_floor/range/2"
        << "expected a fraction from 0 to 1, got the number 1.5";
    QTest::newRow("decline as a percentage") << with([](json& j) {
        j["skus"]["B200"]["price_decline_per_year"] = {5, 10, 25};
    }) << "/skus/B200/price_decline_per_year/0"
                                             << "a fraction from 0 to 1";
    QTest::newRow("useful life of zero")
        << with([](json& j) { j["skus"]["MI355X"]["useful_life_months"] = 0; })
        << "/skus/MI355X/useful_life_months"
        << "expected a number from 1 to 1200";
    QTest::newRow("low above high") << with([](json& j) {
        j["skus"]["B200"]["on_demand_usd_per_hour"]["range"] = {7, 4.9, 3};
    }) << "/skus/B200/on_demand_usd_per_hour/range"
                                    << "expected low ≤ most_likely ≤ high, got [7,4.9,3]";
    QTest::newRow("most likely outside the range") << with([](json& j) {
        j["skus"]["H100"]["purchase_usd"] = {20000, 40000, 36000};
    }) << "/skus/H100/purchase_usd"
                                                   << "low ≤ most_likely ≤ high";
    QTest::newRow("range of two numbers")
        << with([](json& j) {
               j["skus"]["H100"]["overhead_usd"] = {4000, 22000};
           })
        << "/skus/H100/overhead_usd"
        << "expected [low, most_likely, high] (3 numbers), got 2 items";
    QTest::newRow("uncertain number of wrong type")
        << with([](json& j) { j["skus"]["H200"]["hbm_gb"] = "141 GB"; }) << "/skus/H200/hbm_gb"
        << "expected an uncertain number";
    QTest::newRow("range element of wrong type") << with([](json& j) {
        j["skus"]["H200"]["hbm_gb"] = {141, "141", 141};
    }) << "/skus/H200/hbm_gb/1"
                                                 << "got \"141\"";
    QTest::newRow("integer of wrong type")
        << with([](json& j) { j["skus"]["H100"]["gpus_per_server"] = 8.5; })
        << "/skus/H100/gpus_per_server"
        << "expected a whole number from 1 to 128, got the number 8.5";
    QTest::newRow("term given as a range") << with([](json& j) {
        j["skus"]["H100"]["reserved_term_months"] = {12, 36, 36};
    }) << "/skus/H100/reserved_term_months"
                                           << "whole number";
    QTest::newRow("object form without range")
        << with([](json& j) { j["skus"]["MI325X"]["board_power_kw"].erase("range"); })
        << "/skus/MI325X/board_power_kw/range"
        << "missing";
    QTest::newRow("unknown distribution")
        << with([](json& j) { j["skus"]["MI325X"]["board_power_kw"]["dist"] = "normal"; })
        << "/skus/MI325X/board_power_kw/dist"
        << "expected one of \"pert\", \"triangular\", \"uniform\", got \"normal\"";
    QTest::newRow("unknown confidence tag")
        << with([](json& j) { j["skus"]["MI325X"]["board_power_kw"]["confidence"] = "D"; })
        << "/skus/MI325X/board_power_kw/confidence"
        << "expected one of \"A\", \"B\", \"C\", \"?\", got \"D\"";
    QTest::newRow("unknown vendor")
        << with([](json& j) { j["skus"]["H100"]["vendor"] = "intel"; }) << "/skus/H100/vendor"
        << "expected one of \"nvidia\", \"amd\", got \"intel\"";
    QTest::newRow("missing SKU field")
        << with([](json& j) { j["skus"]["MI300X"].erase("on_demand_usd_per_hour"); })
        << "/skus/MI300X/on_demand_usd_per_hour"
        << "missing";
    QTest::newRow("no H100 SKU") << with([](json& j) { j["skus"].erase("H100"); }) << "/skus/H100"
                                 << "every performance ratio is relative to H100";
    QTest::newRow("SKU not an object")
        << with([](json& j) { j["skus"]["B200"] = "Blackwell"; }) << "/skus/B200"
        << "expected a SKU (a JSON object), got \"Blackwell\"";
    QTest::newRow("wrong schema tag")
        << with([](json& j) { j["schema"] = "crossgrade.pricebook/2"; }) << "/schema"
        << "expected \"crossgrade.pricebook/1\", got \"crossgrade.pricebook/2\"";
    QTest::newRow("audit tag on a price book")
        << with([](json& j) { j["schema"] = "crossgrade.audit/1"; }) << "/schema"
        << "got \"crossgrade.audit/1\"";
    QTest::newRow("missing schema tag") << with([](json& j) { j.erase("schema"); }) << "/schema"
                                        << "missing; expected \"crossgrade.pricebook/1\"";
    QTest::newRow("missing name") << with([](json& j) { j.erase("name"); }) << "/name"
                                  << "missing";
    QTest::newRow("empty file") << ""
                                << "1:1"
                                << "the file is empty; expected a price book JSON object";
    QTest::newRow("blank file") << " \n\t"
                                << "1:1"
                                << "empty";
    QTest::newRow("not an object") << "[1, 2, 3]"
                                   << ""
                                   << "expected a price book (a JSON object), got an array";
    QTest::newRow("malformed JSON") << "{\n  \"schema\": \"crossgrade.pricebook/1\",\n  \"name\"}"
                                    << "3:9"
                                    << "invalid JSON";
    QTest::newRow("number overflow")
        << "{\"schema\": \"crossgrade.pricebook/1\",\n \"name\": \"x\", \"skus\": 1e999}"
        << "2:23"
        << "a number is out of range";
    QTest::newRow("nesting too deep")
        << QString(80, '{').replace("{", "{\"a\":") + "1" + QString(80, '}') << "1:321"
        << "a price book needs at most 6";
}

void TestPriceBookJson::errors() {
    QFETCH(QString, text);
    QFETCH(QString, place);
    QFETCH(QString, expected);
    const auto r = data::readPriceBook(text.toStdString());
    QVERIFY(!r.ok());
    QVERIFY2(places(r.errors).contains(place),
             qPrintable("places: " + places(r.errors).join(", ") + "\n" + messages(r.errors)));
    QVERIFY2(messages(r.errors).contains(expected), qPrintable(messages(r.errors)));
}

void TestPriceBookJson::everyProblemIsReportedNotJustTheFirst() {
    json j = defaultJson();
    j["skus"]["H100"]["purchase_usd"] = -1;
    j["performance"]["dense-inference"]["H100"] = 2;
    j["port_months"]["inference-port"].erase("light");
    j["sequences"]["path1"][0] = "x";
    const auto r = data::readPriceBook(j.dump());
    QCOMPARE(places(r.errors),
             (QStringList{"/skus/H100/purchase_usd", "/performance/dense-inference/H100",
                          "/port_months/inference-port/light", "/sequences/path1/0"}));
}

void TestPriceBookJson::unknownFieldsAreWarningsNotErrors() {
    json j = defaultJson();
    j["colour"] = "blue";
    j["skus"]["MI300X"]["purchse_usd"] = 1;
    j["skus"]["MI300X"]["hbm_gb"]["note"] = "x";
    j["performance"]["video-inference"] = json::object();
    j["port_months"]["cuda-port"] = json::object();
    j["port_months"]["rccl-port"]["extreme"] = json::object();
    j["port_months"]["rccl-port"]["light"]["path4"] = 1;
    j["sequences"]["stay-cuda"] = json::array();
    const auto r = data::readPriceBook(j.dump());
    QVERIFY2(r.ok(), qPrintable(messages(r.errors)));
    QCOMPARE(places(r.warnings),
             (QStringList{"/colour", "/skus/MI300X/purchse_usd", "/skus/MI300X/hbm_gb/note",
                          "/performance/video-inference", "/port_months/cuda-port",
                          "/port_months/rccl-port/extreme", "/port_months/rccl-port/light/path4",
                          "/sequences/stay-cuda"}));
    QVERIFY(*r.price_book == defaultBook());
}

// A scenario embeds the book at /pricebook: its problems carry that prefix, and the tag may
// be absent (the scenario's own tag covers it) but not wrong.
void TestPriceBookJson::embeddedBookReportsUnderItsPointer() {
    json scenario;
    scenario["pricebook"] = defaultJson();
    scenario["pricebook"].erase("schema");
    {
        data::JsonChecker checker;
        const auto book = data::readPriceBookObject(scenario["pricebook"], "/pricebook", checker);
        QVERIFY2(!checker.hasErrors(), qPrintable(messages(checker.errors())));
        QVERIFY(book == defaultBook());
        // The writer's object form is what a scenario embeds: no tag, and it reads back.
        data::JsonChecker again;
        const auto reread = data::readPriceBookObject(json::parse(data::priceBookJson(book).dump()),
                                                      "/pricebook", again);
        QVERIFY(!again.hasErrors());
        QVERIFY(reread == book);
        QVERIFY(!data::priceBookJson(book).contains("schema"));
    }
    scenario["pricebook"]["schema"] = "crossgrade.scenario/1";
    scenario["pricebook"]["skus"]["H100"]["overhead_usd"] = "cheap";
    data::JsonChecker checker;
    data::readPriceBookObject(scenario["pricebook"], "/pricebook", checker);
    QCOMPARE(places(checker.errors()),
             (QStringList{"/pricebook/schema", "/pricebook/skus/H100/overhead_usd"}));
}

void TestPriceBookJson::fileOverTheLimitIsRefusedBeforeParsing() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("huge.json").toStdString();
    {
        std::ofstream out(path);
        out << "{\"name\": \"" << std::string(data::kMaxDocumentBytes, 'x') << "\"}";
    }
    const auto r = data::readPriceBookFile(path);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors.front().place, std::string(""));
    QVERIFY2(r.errors.front().message.find("price book files are limited to 16777216 bytes") !=
                 std::string::npos,
             r.errors.front().message.c_str());
}

void TestPriceBookJson::missingFileIsReported() {
    const auto r = data::readPriceBookFile("/nonexistent/pricebook.json");
    QVERIFY(!r.ok());
    QVERIFY(r.errors.front().message.find("cannot read") != std::string::npos);
}
