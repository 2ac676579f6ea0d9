// Every limit of docs/limits.md, per importer: a broken input is refused with its place (JSON
// pointer, line:column or CSV row:column) and what was expected; a value the limits allow —
// a negative regression or growth, a price trend going down — is taken. One data row per limit
// per importer; regressions pinned by a fixed bug carry the bug's name.

#include "audit_json.h"
#include "benchmark_csv.h"
#include "benchmark_import.h"
#include "benchmark_inferencex.h"
#include "benchmark_mlperf.h"
#include "benchmark_serving.h"
#include "json_stream.h"
#include "pricebook_json.h"
#include "sample_files.h"
#include "scan_audit.h"
#include "scan_walker.h"
#include "scenario_json.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

namespace data = crossgrade::data;
using nlohmann::json;

namespace {

using namespace crossgrade::testing;

// The sample `file` with `value` written at `pointer`, as text.
std::string withValue(const char* file, const std::string& pointer, const json& value) {
    json doc = json::parse(slurp(file));
    doc[json::json_pointer(pointer)] = value;
    return doc.dump(1);
}

// The sample's text with the first `from` replaced by `to`: for what JSON cannot hold as a
// value (NaN, a number past a double's range).
std::string withText(const char* file, const std::string& from, const std::string& to) {
    std::string text = slurp(file);
    const auto at = text.find(from);
    if (at == std::string::npos)
        qFatal("%s not found in %s", from.c_str(), file);
    return text.replace(at, from.size(), to);
}

std::string csv(const std::string& row) {
    return "hardware,model,precision,scenario,isl,osl,concurrency,gpus,"
           "total_tokens_per_s_per_gpu,software_stack\n" +
           row + "\n";
}

// What an importer said: its refusals, then the rows it skipped (benchmark readers skip a bad
// row and import the rest; both name the place).
std::vector<data::Problem> problemsOf(const QString& importer, const std::string& text) {
    const std::string file = "in";
    auto both = [](const data::BenchmarkImport& r) {
        std::vector<data::Problem> all = r.errors;
        all.insert(all.end(), r.skipped.begin(), r.skipped.end());
        return all;
    };
    if (importer == "audit")
        return data::readAudit(text).errors;
    if (importer == "scenario")
        return data::readScenario(text).errors;
    if (importer == "pricebook")
        return data::readPriceBook(text).errors;
    if (importer == "csv")
        return both(data::readBenchmarkCsv(text, file));
    if (importer == "inferencex")
        return both(data::readInferenceXRows(text, file, {}));
    if (importer == "mlperf")
        return both(data::readMlperfSummary(text, file));
    if (importer == "serving")
        return both(data::readServingResult(text, file, {}));
    qFatal("unknown importer %s", qPrintable(importer));
}

QString shown(const std::vector<data::Problem>& problems) {
    return QString::fromStdString(data::formatProblems("in", problems));
}

} // namespace

class TestLimits : public QObject {
    Q_OBJECT

private slots:
    void refusedWithPlace_data();
    void refusedWithPlace();
    void allowedValues_data();
    void allowedValues();
    void documentSizeBeforeParsing_data();
    void documentSizeBeforeParsing();
    void benchmarkRowCount_data();
    void benchmarkRowCount();
    void streamedRowsStopAtTheLimit();
    void bug_tooLongRequiredStringAlsoReportedEmpty();
    void bug_scannedAuditWithManySkippedFilesDidNotReadBack();
    void bug_servingContextTextUnbounded();
};

void TestLimits::refusedWithPlace_data() {
    QTest::addColumn<QString>("importer");
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("place");    // the Problem's place
    QTest::addColumn<QString>("expected"); // a fragment of its message

    const auto row = [](const char* name, const char* importer, const std::string& input,
                        const char* place, const char* expected) {
        QTest::newRow(name) << importer << QString::fromStdString(input) << place << expected;
    };
    const std::string longText(100'001, 'x');

    // Scenario: horizon, fractions, prices, NaN / infinity, texts.
    row("scenario horizon 0", "scenario", withValue(kScenario, "/horizon_months", 0),
        "/horizon_months", "expected a whole number from 1 to 120, got the number 0");
    row("scenario horizon 121", "scenario", withValue(kScenario, "/horizon_months", 121),
        "/horizon_months", "from 1 to 120, got the number 121");
    row("scenario horizon 12.5", "scenario", withValue(kScenario, "/horizon_months", 12.5),
        "/horizon_months", "whole number");
    row("scenario probability -0.1", "scenario", withValue(kScenario, "/amd_discount", -0.1),
        "/amd_discount", "expected a fraction from 0 to 1, got the number -0.1");
    row("scenario probability 1.5", "scenario", withValue(kScenario, "/amd_discount", 1.5),
        "/amd_discount", "expected a fraction from 0 to 1, got the number 1.5");
    row("scenario negative price", "scenario",
        withValue(kScenario, "/pricebook/skus/H100/purchase_usd", -5),
        "/pricebook/skus/H100/purchase_usd", "expected a number ≥ 0, got the number -5");
    row("scenario negative cost", "scenario", withValue(kScenario, "/energy/usd_per_kwh", -0.1),
        "/energy/usd_per_kwh", "≥ 0");
    row("scenario regression 1", "scenario",
        withValue(kScenario, "/regression/transition", json::array({0.1, 0.5, 1.0})),
        "/regression/transition", "to less than 1");
    row("scenario regression -1", "scenario", withValue(kScenario, "/regression/transition", -1.0),
        "/regression/transition", "expected a number from -1 (exclusive) to 1");
    row("scenario growth -1", "scenario",
        withValue(kScenario, "/workloads/pretrain/growth_per_month", -1.0),
        "/workloads/pretrain/growth_per_month", "from -1 (exclusive) to 1");
    row("scenario infinity (1e999)", "scenario",
        withText(kScenario, "\"horizon_months\": 60", "\"horizon_months\": 1e999"), "8:21",
        "a number is out of range");
    row("scenario NaN", "scenario",
        withText(kScenario, "\"horizon_months\": 60", "\"horizon_months\": NaN"), "8:21",
        "invalid JSON");
    row("scenario notes too long", "scenario", withValue(kScenario, "/notes", longText), "/notes",
        "expected at most 100000 bytes, got 100001");
    row("scenario workload id too long", "scenario",
        withValue(kScenario, "/workloads/" + std::string(65, 'w'), json::object()),
        ("/workloads/" + std::string(65, 'w')).c_str(), "1 to 64 bytes");

    // Sense bounds (model/scenario/scenario_inputs.h; issue 20: a purchase price of 1e307 made
    // every option NaN). One row per bound above its cap, and one per floor of a divisor below it
    // (5e-324 divided into demand gave an infinite fleet).
    struct Capped {
        const char* pointer;
        double tooLarge;
        const char* expected;
    };
    for (const Capped& c : std::vector<Capped>{
             {"/pricebook/skus/H100/purchase_usd", 1e307,
              "expected at most 10000000, got the number 1e+307"},
             {"/pricebook/skus/H100/overhead_usd", 2e7, "expected at most 10000000"},
             {"/pricebook/skus/H100/reserved_usd_per_hour", 1001, "expected at most 1000, got"},
             {"/pricebook/skus/MI300X/on_demand_usd_per_hour", 1e308, "expected at most 1000"},
             {"/pricebook/skus/H100/hbm_gb", 1e6, "expected at most 100000"},
             {"/pricebook/skus/H100/bandwidth_tb_s", 1e4, "expected at most 1000"},
             {"/pricebook/skus/H100/bf16_tflops", 1e7, "expected at most 1000000"},
             {"/pricebook/skus/H100/fp8_tflops", 1e7, "expected at most 1000000"},
             {"/pricebook/skus/H100/board_power_kw", 101, "expected at most 100"},
             {"/pricebook/skus/H100/host_power_kw", 101, "expected at most 100"},
             {"/pricebook/skus/H100/all_in_kw", 101, "expected at most 100"},
             {"/pricebook/skus/H100/useful_life_months", 1201, "from 1 to 1200"},
             {"/pricebook/performance/dense-inference/MI300X", 1e308, "expected at most 1000"},
             {"/pricebook/port_months/inference-port/light/path1", 1e9, "from 0 to 1200"},
             {"/team/usd_per_engineer_month", 1e7, "expected at most 1000000"},
             {"/ramp/usd_per_person_month", 1e7, "expected at most 1000000"},
             {"/dual_vendor_usd_per_month", 1e10, "expected at most 1000000000"},
             {"/energy/usd_per_kwh", 11, "expected at most 10, got the number 11"},
             {"/energy/usd_per_kw_month", 1e5, "expected at most 10000"},
             {"/energy/pue", 11, "expected at most 10"},
             {"/workloads/eval-serving/peak_tokens_per_s", 1e13, "expected at most 1e+12, got"},
             {"/workloads/eval-serving/reference_tokens_per_s_per_gpu", 1e10,
              "expected at most 1000000000"},
             {"/workloads/pretrain/h100_equivalent_gpus", 1e8, "expected at most 10000000"},
         }) {
        const std::string name = std::string("scenario above cap ") + c.pointer;
        QTest::newRow(name.c_str())
            << "scenario" << QString::fromStdString(withValue(kScenario, c.pointer, c.tooLarge))
            << c.pointer << c.expected;
    }
    struct Floored {
        const char* pointer;
        const char* expected;
    };
    for (const Floored& f : std::vector<Floored>{
             {"/workloads/eval-serving/reference_tokens_per_s_per_gpu",
              "expected a number ≥ 0.001"},
             {"/workloads/eval-serving/average_to_peak", "from 0.001 to 1"},
             {"/target_utilisation", "from 0.001 to 1"},
             {"/usable_hbm_fraction", "from 0.001 to 1"},
             {"/hetccl/cross_vendor_efficiency", "from 0.001 to 1"},
             {"/pricebook/performance/dense-inference/MI300X", "expected a number ≥ 0.001"},
             {"/pricebook/skus/MI300X/hbm_gb", "expected a number ≥ 1"},
             {"/pricebook/skus/MI300X/useful_life_months", "from 1 to 1200"},
         }) {
        const std::string name = std::string("scenario denormal 5e-324 at ") + f.pointer;
        QTest::newRow(name.c_str())
            << "scenario" << QString::fromStdString(withValue(kScenario, f.pointer, 5e-324))
            << f.pointer << f.expected;
    }
    // The same table bounds a price book file.
    row("pricebook purchase 1e307", "pricebook",
        withValue(kPriceBook, "/skus/H100/purchase_usd", json::array({1, 2, 1e307})),
        "/skus/H100/purchase_usd/2", "expected at most 10000000, got the number 1e+307");
    row("pricebook ratio 5e-324", "pricebook",
        withValue(kPriceBook, "/performance/pytorch-training/MI300X", 5e-324),
        "/performance/pytorch-training/MI300X", "expected a number ≥ 0.001");
    // Names of only white space name nothing (issue 20).
    for (const auto& [what, pointer, blank] :
         std::vector<std::tuple<const char*, const char*, const char*>>{
             {"scenario", "/name", "   "},
             {"scenario", "/organisation", "\t\n"},
             {"scenario", "/workloads/pretrain/name", "\xC2\xA0\xE2\x80\x8B"},
             {"scenario", "/pricebook/skus/H100/name", " "},
             {"scenario", "/pricebook/name", "\xE3\x80\x80"},
             {"scenario", "/audit/name", "  "},
             {"scenario", "/audit/organisation", " "},
             {"pricebook", "/name", " \t "},
             {"audit", "/name", "\r\n"},
         }) {
        const char* file = std::string_view(what) == "audit"       ? kAudit
                           : std::string_view(what) == "pricebook" ? kPriceBook
                                                                   : kScenario;
        const std::string name = std::string(what) + " blank name " + pointer;
        QTest::newRow(name.c_str())
            << what << QString::fromStdString(withValue(file, pointer, blank)) << pointer
            << "expected a name with a visible character";
    }

    // Audit: evidence count, path length, line numbers, counts.
    json evidence = {{"rule_id", "D1.x"}, {"severity", "low"}, {"confidence", "low"},
                     {"path", "a.cu"},    {"line", 1},         {"context", "code"}};
    json manyItems = json::parse(slurp(kAudit));
    manyItems["dimensions"]["custom_kernels"]["evidence"] =
        json(std::vector<json>(data::kMaxItemsPerList + 1, evidence));
    row("audit evidence count", "audit", manyItems.dump(), "/dimensions/custom_kernels/evidence",
        "expected at most 10000 items, got 10001");
    json longPath = evidence;
    longPath["path"] = std::string(4'097, 'p');
    row("audit path length", "audit",
        withValue(kAudit, "/dimensions/custom_kernels/evidence", json::array({longPath})),
        "/dimensions/custom_kernels/evidence/0/path", "expected at most 4096 bytes, got 4097");
    json line0 = evidence;
    line0["line"] = 0;
    row("audit line 0", "audit",
        withValue(kAudit, "/dimensions/custom_kernels/evidence", json::array({line0})),
        "/dimensions/custom_kernels/evidence/0/line", "expected a whole number from 1");
    row("audit negative count", "audit",
        withValue(kAudit, "/dimensions/custom_kernels/findings", json{{"D1.x", -1}}),
        "/dimensions/custom_kernels/findings/D1.x", "from 0");
    row("audit NaN", "audit", withText(kAudit, "\"line\": 95", "\"line\": NaN"), "",
        "invalid JSON");

    // Price book: negative prices, fractions, infinity.
    row("pricebook negative price", "pricebook",
        withValue(kPriceBook, "/skus/MI300X/purchase_usd", json::array({-1, 10, 20})),
        "/skus/MI300X/purchase_usd/0", "expected a number ≥ 0, got the number -1");
    row("pricebook negative rate", "pricebook",
        withValue(kPriceBook, "/skus/MI300X/on_demand_usd_per_hour", -2.5),
        "/skus/MI300X/on_demand_usd_per_hour", "≥ 0");
    row("pricebook decline 1.5", "pricebook",
        withValue(kPriceBook, "/skus/MI300X/price_decline_per_year", 1.5),
        "/skus/MI300X/price_decline_per_year", "a fraction from 0 to 1");
    row("pricebook infinity (-1e999)", "pricebook",
        withText(kPriceBook, "[20000, 25000, 30000]", "[-1e999, 25000, 30000]"), "",
        "a number is out of range");

    // Benchmark CSV: NaN, infinities, negatives, overflow, long text — skipped with row:column.
    row("csv nan", "csv", csv("h100,m,fp8,s,1,1,1,8,nan,vllm"), "2:9",
        "expected a finite number (tokens/s per GPU), found 'nan'");
    row("csv inf", "csv", csv("h100,m,fp8,s,1,1,1,8,inf,vllm"), "2:9", "found 'inf'");
    row("csv -inf", "csv", csv("h100,m,fp8,s,1,1,1,8,-inf,vllm"), "2:9", "found '-inf'");
    row("csv 1e999", "csv", csv("h100,m,fp8,s,1,1,1,8,1e999,vllm"), "2:9", "found '1e999'");
    row("csv negative throughput", "csv", csv("h100,m,fp8,s,1,1,1,8,-5,vllm"), "2:9",
        "a negative total_tokens_per_s_per_gpu");
    row("csv zero GPUs", "csv", csv("h100,m,fp8,s,1,1,1,0,5,vllm"), "2:8",
        "expected a whole number ≥ 1");
    row("csv text too long", "csv", csv("h100,m,fp8,s,1,1,1,8,5," + longText), "2:10",
        "expected at most 100000 bytes of text, found 100001");

    // InferenceX rows: numbers as text, negatives, long text — skipped with their pointer.
    for (const auto& [name, value] : std::vector<std::pair<const char*, json>>{
             {"inferencex nan", "nan"}, {"inferencex inf", "inf"}, {"inferencex -inf", "-inf"}})
        row(name, "inferencex", withValue(kInferenceX, "/0/tput_per_gpu", value), "/0/tput_per_gpu",
            "expected a number, found");
    row("inferencex negative throughput", "inferencex",
        withValue(kInferenceX, "/0/tput_per_gpu", -5), "/0/tput_per_gpu",
        "a throughput must be above zero");
    row("inferencex negative latency", "inferencex", withValue(kInferenceX, "/0/median_ttft", -1),
        "/0/median_ttft", "a latency cannot be negative");
    row("inferencex text too long", "inferencex", withValue(kInferenceX, "/0/model", longText),
        "/0/model", "expected at most 100000 bytes of text, found 100001");
    row("inferencex 1e999", "inferencex", withText(kInferenceX, "1250.5", "1e999"), "",
        "a number is out of range");

    // MLPerf and benchmark_serving.
    row("mlperf negative result", "mlperf", withValue(kMlperf, "/0/Result", -1), "/0/Result",
        "a throughput must be above zero");
    row("mlperf nan", "mlperf", withValue(kMlperf, "/0/Result", "nan"), "/0/Result",
        "expected a number");
    row("mlperf text too long", "mlperf", withValue(kMlperf, "/0/Accuracy", longText),
        "/0/Accuracy", "expected at most 100000 bytes of text");
    row("serving negative throughput", "serving",
        withValue(kServing, "/total_token_throughput", -1), "/total_token_throughput",
        "a throughput must be above zero");
    row("serving negative latency", "serving", withValue(kServing, "/median_ttft_ms", -2),
        "/median_ttft_ms", "a latency cannot be negative");
    row("serving nan", "serving", withValue(kServing, "/output_throughput", "nan"),
        "/output_throughput", "expected a number");
}

void TestLimits::refusedWithPlace() {
    QFETCH(QString, importer);
    QFETCH(QString, input);
    QFETCH(QString, place);
    QFETCH(QString, expected);
    const std::vector<data::Problem> problems = problemsOf(importer, input.toStdString());
    QVERIFY2(!problems.empty(), "taken, expected a refusal");
    bool found = false;
    for (const data::Problem& p : problems) {
        const QString at = QString::fromStdString(p.place);
        // A syntax error's line:column depends on the sample's layout: "" asks for any.
        const bool placeMatches = place.isEmpty() ? at.contains(':') || at.isEmpty() : at == place;
        found = found || (placeMatches && QString::fromStdString(p.message).contains(expected));
    }
    QVERIFY2(found, qPrintable(shown(problems)));
}

void TestLimits::allowedValues_data() {
    QTest::addColumn<QString>("importer");
    QTest::addColumn<QString>("input");
    // DESIGN.md, "Limits": a regression may be negative — a gain right after the move.
    QTest::newRow("scenario negative regression")
        << "scenario"
        << QString::fromStdString(
               withValue(kScenario, "/regression/transition", json::array({-0.2, -0.1, 0.0})));
    QTest::newRow("scenario negative growth")
        << "scenario"
        << QString::fromStdString(
               withValue(kScenario, "/workloads/pretrain/growth_per_month", -0.05));
    QTest::newRow("scenario horizon 1")
        << "scenario" << QString::fromStdString(withValue(kScenario, "/horizon_months", 1));
    QTest::newRow("scenario horizon 120")
        << "scenario" << QString::fromStdString(withValue(kScenario, "/horizon_months", 120));
    QTest::newRow("scenario probability 0 and 1")
        << "scenario"
        << QString::fromStdString(withValue(kScenario, "/amd_discount", json::array({0, 0.5, 1})));
    QTest::newRow("scenario price 0")
        << "scenario"
        << QString::fromStdString(withValue(kScenario, "/pricebook/skus/H100/overhead_usd", 0));
    // Every sense bound admits its own edge: the caps are what a buyer could meet at most.
    for (const auto& [pointer, edge] : std::vector<std::pair<const char*, double>>{
             {"/pricebook/skus/H100/purchase_usd", 1e7},
             {"/pricebook/skus/H100/reserved_usd_per_hour", 1000},
             {"/energy/usd_per_kwh", 10},
             {"/energy/pue", 10},
             {"/workloads/eval-serving/peak_tokens_per_s", 1e12},
             {"/workloads/eval-serving/reference_tokens_per_s_per_gpu", 0.001},
             {"/target_utilisation", 0.001},
             {"/pricebook/performance/dense-inference/MI300X", 0.001},
             {"/pricebook/performance/dense-inference/MI325X", 1000},
         }) {
        const std::string name = std::string("scenario at the edge ") + pointer;
        QTest::newRow(name.c_str())
            << "scenario" << QString::fromStdString(withValue(kScenario, pointer, edge));
    }
    QTest::newRow("scenario name with inner spaces")
        << "scenario" << QString::fromStdString(withValue(kScenario, "/name", "  a b  "));
    // A price trend that goes down is a positive yearly decline.
    QTest::newRow("pricebook falling price")
        << "pricebook"
        << QString::fromStdString(withValue(kPriceBook, "/skus/H100/price_decline_per_year",
                                            json::array({0, 0.3, 1})));
}

void TestLimits::allowedValues() {
    QFETCH(QString, importer);
    QFETCH(QString, input);
    const std::vector<data::Problem> problems = problemsOf(importer, input.toStdString());
    QVERIFY2(problems.empty(), qPrintable(shown(problems)));
}

void TestLimits::documentSizeBeforeParsing_data() {
    QTest::addColumn<QString>("importer");
    QTest::newRow("audit") << "audit";
    QTest::newRow("scenario") << "scenario";
    QTest::newRow("pricebook") << "pricebook";
}

// A file over 16 MiB is refused by its size, before a byte is parsed: this one is not even JSON.
void TestLimits::documentSizeBeforeParsing() {
    QFETCH(QString, importer);
    QTemporaryDir dir;
    const std::string path = dir.filePath("big.json").toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << std::string(data::kMaxDocumentBytes + 1, 'x');
    }
    std::vector<data::Problem> errors;
    if (importer == "audit")
        errors = data::readAuditFile(path).errors;
    else if (importer == "scenario")
        errors = data::readScenarioFile(path).errors;
    else
        errors = data::readPriceBookFile(path).errors;
    QCOMPARE(errors.size(), std::size_t(1));
    QCOMPARE(errors[0].place, std::string());
    QVERIFY2(errors[0].message.find("limited to 16777216 bytes") != std::string::npos,
             errors[0].message.c_str());
}

void TestLimits::benchmarkRowCount_data() {
    QTest::addColumn<QString>("format");
    QTest::newRow("inferencex") << "inferencex";
    // MLPerf streams through the same streamJsonRows() limit, but files a million keyed rows in
    // numeric order before it can report them: about 30 s on a loaded CI machine, so its row is
    // left to run by hand (tst_limits benchmarkRowCount:mlperf after adding it here).
}

// One row past kMaxBenchmarkRows refuses the file whole, at the place of that row; rows of
// `{}` are the cheapest a hostile file can repeat.
void TestLimits::benchmarkRowCount() {
    QFETCH(QString, format);
    std::string text;
    text.reserve(12 * (data::kMaxBenchmarkRows + 2));
    const bool keyed = format == "mlperf";
    text += keyed ? "{" : "[";
    for (std::size_t i = 0; i <= data::kMaxBenchmarkRows; ++i) {
        if (i)
            text += ',';
        if (keyed)
            text += "\"" + std::to_string(i) + "\":";
        text += "{}";
    }
    text += keyed ? "}" : "]";
    const data::BenchmarkImport r = format == "mlperf"
                                        ? data::readMlperfSummary(text, "rows.json")
                                        : data::readInferenceXRows(text, "rows.json", {});
    QCOMPARE(r.errors.size(), std::size_t(1));
    QVERIFY(r.records.empty());
    QVERIFY(r.skipped.empty());
    QCOMPARE(r.errors[0].message, data::tooManyBenchmarkRows());
    QVERIFY2(r.errors[0].place.starts_with("1:"), r.errors[0].place.c_str());
    // Exactly the limit is taken (every row skipped as empty, but the file is read).
    const std::string atLimit =
        keyed ? text.substr(0, text.rfind(",\"")) + "}" : text.substr(0, text.size() - 4) + "]";
    const data::BenchmarkImport ok = format == "mlperf"
                                         ? data::readMlperfSummary(atLimit, "rows.json")
                                         : data::readInferenceXRows(atLimit, "rows.json", {});
    QVERIFY(ok.errors.empty());
    QCOMPARE(ok.rows, data::kMaxBenchmarkRows);
}

void TestLimits::streamedRowsStopAtTheLimit() {
    std::istringstream in("[1,\n2,\n3]");
    std::vector<std::string> seen;
    const std::vector<data::Problem> problems =
        data::streamJsonRows(in, {"rows", "row files"}, "[", 2, "too many",
                             [&](const std::string& key, const json&) { seen.push_back(key); });
    QCOMPARE(seen, (std::vector<std::string>{"0", "1"}));
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(problems[0].message, std::string("too many"));
    QCOMPARE(QString::fromStdString(problems[0].place), QStringLiteral("3:2")); // in the third row
}

// A path over the limit was reported twice: too long, then (as the reader had dropped it)
// empty. One problem per place, the true one.
void TestLimits::bug_tooLongRequiredStringAlsoReportedEmpty() {
    json evidence = {{"rule_id", "D1.x"},   {"severity", "low"},
                     {"confidence", "low"}, {"path", std::string(4'097, 'p')},
                     {"line", 1},           {"context", "code"}};
    const auto r = data::readAudit(
        withValue(kAudit, "/dimensions/custom_kernels/evidence", json::array({evidence})));
    QCOMPARE(r.errors.size(), std::size_t(1));
    QCOMPARE(r.errors[0].place, std::string("/dimensions/custom_kernels/evidence/0/path"));
    QCOMPARE(r.errors[0].message, std::string("expected at most 4096 bytes, got 4097"));
    // An empty one is still refused as empty.
    evidence["path"] = "";
    const auto empty = data::readAudit(
        withValue(kAudit, "/dimensions/custom_kernels/evidence", json::array({evidence})));
    QCOMPARE(empty.errors.size(), std::size_t(1));
    QCOMPARE(empty.errors[0].message, std::string("expected a non-empty string, got \"\""));
}

// A repository with more skipped (binary) files than an audit's list may hold gave a scanned
// audit its own reader refused (/not_scanned: expected at most 10000 items).
void TestLimits::bug_scannedAuditWithManySkippedFilesDidNotReadBack() {
    QTemporaryDir dir;
    const std::size_t files = data::kMaxItemsPerList + 5;
    for (std::size_t i = 0; i < files; ++i) {
        QFile f(dir.filePath(QStringLiteral("blob%1.bin").arg(i)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("\0\1\2", 3));
    }
    const data::ScanRun run = data::scanRepositories({dir.path().toStdString()});
    QCOMPARE(run.repositories.at(0).not_scanned.size(), files);
    data::ScanAuditOptions options;
    options.workload = crossgrade::model::WorkloadKind::Training;
    const crossgrade::model::Audit audit = data::auditFromScan(run, options);
    QCOMPARE(audit.not_scanned.size(), data::kMaxItemsPerList);
    QCOMPARE(audit.repositories.at(0).files_not_scanned, (long long)files); // all counted
    const auto back = data::readAudit(data::writeAudit(audit));
    QVERIFY2(back.ok(), qPrintable(shown(back.errors)));
}

// --stack went into the record unchecked while the file's own texts were bounded.
void TestLimits::bug_servingContextTextUnbounded() {
    data::BenchmarkContext context;
    context.software_stack = std::string(data::kMaxBenchmarkTextBytes + 1, 's');
    const auto r = data::readServingResult(slurp(kServing), "run.json", context);
    QCOMPARE(r.errors.size(), std::size_t(1));
    QVERIFY2(r.errors[0].message.starts_with("--stack must be at most 100000 bytes"),
             r.errors[0].message.c_str());
    QVERIFY(r.records.empty());
}

QTEST_GUILESS_MAIN(TestLimits)
#include "tst_limits.moc"
