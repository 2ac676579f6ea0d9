// The vLLM / SGLang benchmark_serving result importer (issue 7). The fixtures are written in
// the shape of `benchmark_serving.py --save-result` (numbers invented, kept consistent): a vLLM
// run on MI300X with --metadata keys and every per-request array, and a run of InferenceX's
// copy of the script with SGLang, its "request_goodput:" key and one failed request.

#include "benchmark.h"
#include "benchmark_fixtures.h"
#include "benchmark_serving.h"

#include <QFile>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace crossgrade;

namespace {

data::BenchmarkContext cli(std::string hardware, std::optional<int> gpus, std::string precision,
                           std::string stack = {}) {
    data::BenchmarkContext c;
    c.hardware = std::move(hardware);
    c.gpus = gpus;
    c.precision = std::move(precision);
    c.software_stack = std::move(stack);
    return c;
}

data::BenchmarkImport readSglang(const data::BenchmarkContext& context) {
    return data::readServingResult(testing::benchmarkFixture("serving-sglang-goodput-colon.json"),
                                   "results/sglang-run.json", context);
}

// A minimal run; tests add or replace keys (`extra`: members without the braces). A key may
// appear once in an object, so one the run has is replaced, not written twice.
std::string run(const std::string& extra) {
    const std::string base =
        R"({"date": "20260110-080000", "backend": "vllm", "model_id": "m", "num_prompts": 4,
               "completed": 4, "total_input_tokens": 4096, "total_output_tokens": 4096,
               "output_throughput": 400, "total_token_throughput": 800})";
    if (extra.empty())
        return base;
    nlohmann::ordered_json doc = nlohmann::ordered_json::parse(base);
    const nlohmann::ordered_json changes = nlohmann::ordered_json::parse("{" + extra + "}");
    for (const auto& [key, value] : changes.items())
        doc[key] = value;
    return doc.dump(1);
}

const data::BenchmarkContext kH100x8 = cli("h100", 8, "fp8");

} // namespace

class TestBenchmarkServing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void vllmRunWithMetadataIsOneRecordPerGpu() {
        const data::BenchmarkImport in = data::readServingResult(
            testing::benchmarkFixture("serving-vllm.json"), "runs/serving-vllm.json", {});
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(1));
        QCOMPARE(in.records.size(), std::size_t(1));
        QVERIFY(in.skipped.empty());
        const model::BenchmarkRecord& r = in.records.front();
        // From --metadata hardware=mi300x gpus=4 precision=fp8 image=…
        QCOMPARE(r.hardware, std::string("mi300x"));
        QCOMPARE(r.sku, std::string("MI300X"));
        QCOMPARE(r.gpus, 4);
        QCOMPARE(r.precision, std::string("fp8"));
        QCOMPARE(r.image, std::string("rocm/vllm:rocm6.4.1_vllm_0.9.1_20250715"));
        QCOMPARE(r.model, std::string("meta-llama/Llama-3.3-70B-Instruct"));
        QCOMPARE(r.software_stack, std::string("vllm"));
        // System tokens/s ÷ 4 GPUs; input is total − output (derived).
        QCOMPARE(*r.total_tokens_per_s_per_gpu, 428.7);
        QCOMPARE(*r.output_tokens_per_s_per_gpu, 213.8);
        QCOMPARE(*r.input_tokens_per_s_per_gpu, 214.9);
        // Milliseconds → seconds; interactivity = 1000 / median TPOT in ms.
        QCOMPARE(*r.ttft_median_s, 0.1824);
        QCOMPARE(*r.ttft_p99_s, 0.6129);
        QCOMPARE(*r.tpot_median_s, 0.0086);
        QCOMPARE(*r.e2e_median_s, 8.9365);
        QCOMPARE(*r.interactivity, 1000 / 8.6);
        // Mean tokens per completed request: 8192 / 8, 8150 / 8 = 1018.75.
        QCOMPARE(r.isl, std::optional<int>(1024));
        QCOMPARE(r.osl, std::optional<int>(1019));
        QCOMPARE(r.concurrency, std::optional<int>(8));
        QCOMPARE(r.scenario, std::string("sweep"));
        QCOMPARE(r.source, std::string("serving"));
        QCOMPARE(r.file, std::string("runs/serving-vllm.json"));
        QCOMPARE(r.source_ref, std::string("serving-vllm.json, 20260305-142233"));
        QCOMPARE(r.date, std::string("2026-03-05"));
        QVERIFY(r.flags.empty());         // all 8 requests completed
        QVERIFY(r.accuracy_note.empty()); // request_goodput is null: no SLOs were set
        QVERIFY(!model::excludedFromBindingsByDefault(r));
    }

    void theContextWinsOverMetadata() {
        const data::BenchmarkImport in = data::readServingResult(
            testing::benchmarkFixture("serving-vllm.json"), "serving-vllm.json",
            cli("NVIDIA H100-SXM-80GB", 8, "bf16", "vLLM 0.9.1 CUDA 12.8"));
        QVERIFY(in.ok());
        const model::BenchmarkRecord& r = in.records.front();
        QCOMPARE(r.sku, std::string("H100"));
        QCOMPARE(r.hardware, std::string("NVIDIA H100-SXM-80GB"));
        QCOMPARE(r.gpus, 8);
        QCOMPARE(r.precision, std::string("bf16"));
        QCOMPARE(*r.total_tokens_per_s_per_gpu, 214.35);
        QCOMPARE(*r.output_tokens_per_s_per_gpu, 106.9);
        // The stack already names the backend: not repeated.
        QCOMPARE(r.software_stack, std::string("vLLM 0.9.1 CUDA 12.8"));
    }

    void sglangRunWithGoodputColonAndFailedRequests() {
        const data::BenchmarkImport in = readSglang(cli("h200", 8, "fp8", "0.5.2"));
        QVERIFY(in.ok());
        QCOMPARE(in.rows, std::size_t(1));
        const model::BenchmarkRecord& r = in.records.front();
        QCOMPARE(r.sku, std::string("H200"));
        QCOMPARE(r.software_stack, std::string("sglang 0.5.2"));
        QCOMPARE(*r.total_tokens_per_s_per_gpu, 515.0);
        QCOMPARE(*r.output_tokens_per_s_per_gpu, 62.8);
        QCOMPARE(*r.input_tokens_per_s_per_gpu, 452.2);
        QCOMPARE(*r.ttft_median_s, 1.4502);
        QCOMPARE(*r.ttft_p99_s, 3.911);
        QCOMPARE(*r.e2e_median_s, 8.5143);
        // Per completed request: 73728 / 9 and 9180 / 9.
        QCOMPARE(r.isl, std::optional<int>(8192));
        QCOMPARE(r.osl, std::optional<int>(1020));
        QCOMPARE(r.concurrency, std::optional<int>(4));
        QCOMPARE(r.date, std::string("2025-10-02"));
        QCOMPARE(r.source_ref, std::string("sglang-run.json, 20251002-231455"));
        // The flag is the constant; the counts go in a second flag of their own.
        QCOMPARE(r.flags, (std::vector<std::string>{std::string(model::kFlagFailedRequests),
                                                    "completed 9 of 10 requests"}));
        QVERIFY2(r.accuracy_note.find("request goodput 0.2856 req/s") != std::string::npos,
                 r.accuracy_note.c_str());
    }

    void bothGoodputSpellingsAreRead() {
        for (const char* key : {"request_goodput", "request_goodput:"}) {
            const data::BenchmarkImport in = data::readServingResult(
                run("\"" + std::string(key) + "\": 1.5"), "goodput.json", kH100x8);
            QVERIFY2(in.ok(), key);
            QVERIFY(in.records.front().accuracy_note.find("request goodput 1.5 req/s") !=
                    std::string::npos);
        }
        const data::BenchmarkImport bad =
            data::readServingResult(run("\"request_goodput:\": \"high\""), "goodput.json", kH100x8);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.errors.front().place, std::string("/request_goodput:"));
    }

    void theFileMustSayWhatTheFlagsDoNot_data() {
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<int>("gpus"); // 0: not given
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("flag");
        QTest::newRow("no hardware") << "" << 8 << "fp8"
                                     << "pass --hw";
        QTest::newRow("no GPU count") << "h200" << 0 << "fp8"
                                      << "pass --gpus N";
        QTest::newRow("no precision") << "h200" << 8 << ""
                                      << "pass --precision";
    }

    void theFileMustSayWhatTheFlagsDoNot() {
        QFETCH(QString, hardware);
        QFETCH(int, gpus);
        QFETCH(QString, precision);
        QFETCH(QString, flag);
        const data::BenchmarkImport in =
            readSglang(cli(hardware.toStdString(), gpus ? std::optional<int>(gpus) : std::nullopt,
                           precision.toStdString()));
        QVERIFY(!in.ok());
        QVERIFY(in.records.empty());
        QCOMPARE(in.rows, std::size_t(0));
        QCOMPARE(in.errors.front().place, std::string());
        QVERIFY2(QString::fromStdString(in.errors.front().message).contains(flag),
                 in.errors.front().message.c_str());
    }

    void gpuCountFromTensorParallelMetadata() {
        const data::BenchmarkImport in = data::readServingResult(
            run(R"("hw": "b200", "tp": "4", "pp": "2", "dtype": "fp4")"), "tp.json", {});
        QVERIFY(in.ok());
        QCOMPARE(in.records.front().sku, std::string("B200"));
        QCOMPARE(in.records.front().gpus, 8);
        QCOMPARE(in.records.front().precision, std::string("fp4"));
        QCOMPARE(*in.records.front().total_tokens_per_s_per_gpu, 100.0);
    }

    void aRunThatCannotBeUsedIsRefusedWhole_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << ""
                               << "1:1"
                               << "the file is empty";
        QTest::newRow("an array") << "[{\"model_id\": \"m\"}]"
                                  << ""
                                  << "(an object), found an array";
        QTest::newRow("syntax") << "{\"model_id\": \"m\",\n \"completed\": }"
                                << "2:15"
                                << "invalid JSON";
        QTest::newRow("no model") << "{\"completed\": 4}"
                                  << "/model_id"
                                  << "missing; expected text";
        QTest::newRow("nothing completed")
            << QString::fromStdString(run("\"completed\": 0")) << "/completed"
            << "no request completed";
        QTest::newRow("no throughput")
            << "{\"model_id\": \"m\", \"completed\": 4, \"output_throughput\": 4}"
            << "/total_token_throughput"
            << "missing; expected the system throughput";
        QTest::newRow("zero throughput")
            << QString::fromStdString(run("\"total_token_throughput\": 0"))
            << "/total_token_throughput"
            << "above zero, found the number 0";
        QTest::newRow("output above total")
            << QString::fromStdString(run("\"output_throughput\": 900")) << "/output_throughput"
            << "at most total_token_throughput";
        QTest::newRow("negative latency")
            << QString::fromStdString(run("\"p99_ttft_ms\": -3")) << "/p99_ttft_ms"
            << "a latency cannot be negative";
        QTest::newRow("unreadable date")
            << QString::fromStdString(run("\"date\": \"Tuesday\"")) << "/date"
            << "YYYYMMDD-HHMMSS";
        QTest::newRow("fractional concurrency")
            << QString::fromStdString(run("\"max_concurrency\": 1.5")) << "/max_concurrency"
            << "expected a whole number";
    }

    void aRunThatCannotBeUsedIsRefusedWhole() {
        QFETCH(QString, text);
        QFETCH(QString, place);
        QFETCH(QString, message);
        const data::BenchmarkImport in =
            data::readServingResult(std::string_view(text.toStdString()), "bad.json", kH100x8);
        QVERIFY(!in.ok());
        QVERIFY(in.records.empty());
        QCOMPARE(QString::fromStdString(in.errors.front().place), place);
        QVERIFY2(QString::fromStdString(in.errors.front().message).contains(message),
                 in.errors.front().message.c_str());
    }

    void metadataThatCannotBeUsedIsRefusedAtItsKey_data() {
        QTest::addColumn<QString>("metadata");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown hardware")
            << R"("hardware": "b300", "gpus": "8", "precision": "fp4")"
            << "/hardware"
            << "hardware 'b300' is not in the mapping table";
        QTest::newRow("an NVL card")
            << R"("gpu": "NVIDIA H100-NVL-94GB", "gpus": "2", "precision": "fp8")"
            << "/gpu"
            << "not guessed";
        QTest::newRow("GPU count in words")
            << R"("hardware": "h100", "gpus": "eight", "precision": "fp8")"
            << "/gpus"
            << "expected a number, found \"eight\"";
        QTest::newRow("zero GPUs") << R"("hardware": "h100", "num_gpus": 0, "precision": "fp8")"
                                   << "/num_gpus"
                                   << "expected a whole number from 1";
    }

    void metadataThatCannotBeUsedIsRefusedAtItsKey() {
        QFETCH(QString, metadata);
        QFETCH(QString, place);
        QFETCH(QString, message);
        const data::BenchmarkImport in =
            data::readServingResult(run(metadata.toStdString()), "meta.json", {});
        QVERIFY(!in.ok());
        QCOMPARE(QString::fromStdString(in.errors.front().place), place);
        QVERIFY2(QString::fromStdString(in.errors.front().message).contains(message),
                 in.errors.front().message.c_str());
    }

    void unknownHardwareFromTheFlagIsRefused() {
        const data::BenchmarkImport in =
            data::readServingResult(run(""), "run.json", cli("GB200", 4, "fp4"));
        QVERIFY(!in.ok());
        QCOMPARE(in.errors.front().place, std::string());
        QVERIFY2(in.errors.front().message.find("'GB200' (--hw)") != std::string::npos,
                 in.errors.front().message.c_str());
        const data::BenchmarkImport zero =
            data::readServingResult(run(""), "run.json", cli("h100", 0, "fp8"));
        QVERIFY(!zero.ok());
        QVERIFY(zero.errors.front().message.find("--gpus must be") != std::string::npos);
    }

    // Bug (issue 20): the script's own numbers written as text ("800") or as booleans (true,
    // read as 1) were taken for measurements. Only the --metadata GPU counts are text by
    // construction (`--metadata gpus=4` writes "4").
    void bug_textNumberAccepted_data() {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("place");
        QTest::addColumn<QString>("message");
        QTest::newRow("throughput as text")
            << R"("total_token_throughput": "800")"
            << "/total_token_throughput"
            << "expected a number, found \"800\" (a number is written without quotes)";
        QTest::newRow("throughput true") << R"("output_throughput": true)"
                                         << "/output_throughput"
                                         << "expected a number, found true";
        QTest::newRow("completed true") << R"("completed": true)"
                                        << "/completed"
                                        << "expected a number, found true";
        QTest::newRow("latency as text") << R"("median_ttft_ms": "12.5")"
                                         << "/median_ttft_ms"
                                         << "expected a number, found \"12.5\"";
        QTest::newRow("metadata GPU count true")
            << R"("hardware": "h100", "gpus": true, "precision": "fp8")"
            << "/gpus"
            << "expected a number, found true";
    }
    void bug_textNumberAccepted() {
        QFETCH(QString, extra);
        QFETCH(QString, place);
        QFETCH(QString, message);
        const bool metadata = extra.contains(QLatin1String("\"gpus\""));
        const data::BenchmarkImport in = data::readServingResult(
            run(extra.toStdString()), "run.json", metadata ? data::BenchmarkContext{} : kH100x8);
        QVERIFY2(!in.ok(), "the run was read");
        QVERIFY(in.records.empty());
        QCOMPARE(QString::fromStdString(in.errors.front().place), place);
        QVERIFY2(QString::fromStdString(in.errors.front().message).contains(message),
                 in.errors.front().message.c_str());
        // The metadata's own text count still reads.
        const data::BenchmarkImport meta = data::readServingResult(
            run(R"("hardware": "h100", "gpus": "4", "precision": "fp8")"), "meta.json", {});
        QVERIFY(meta.ok());
        QCOMPARE(meta.records.front().gpus, 4);
    }

    void theRunDateWinsOverTheContext() {
        data::BenchmarkContext context = kH100x8;
        context.date = "2026-02-01";
        QCOMPARE(data::readServingResult(run(""), "a.json", context).records.front().date,
                 std::string("2026-01-10"));
        std::string undated = run("");
        const std::string date = "\"date\": \"20260110-080000\", ";
        undated.erase(undated.find(date), date.size());
        const data::BenchmarkImport in = data::readServingResult(undated, "b.json", context);
        QVERIFY(in.ok());
        QCOMPARE(in.records.front().date, std::string("2026-02-01"));
        QCOMPARE(in.records.front().source_ref, std::string("b.json"));
    }

    // The per-request arrays grow with the run; they are parsed past, never kept, and a
    // syntax error inside them is still reported where it is.
    void longPerRequestArraysArePassedOver() {
        std::string text = R"({"date": "20260110-080000", "backend": "vllm", "model_id": "m",
"num_prompts": 200000, "generated_texts": [
)";
        const std::string generated(120, 'x');
        for (int i = 0; i < 200000; ++i)
            text += "\"" + generated + "\",\n";
        text += "\"last\"],\n\"itls\": [";
        for (int i = 0; i < 20000; ++i)
            text += "[0.0086, 0.0085, 0.0087],";
        text += R"([0.0086]], "completed": 200000, "total_input_tokens": 204800000,
"total_output_tokens": 24000000, "output_throughput": 8000, "total_token_throughput": 76266.7})";
        QVERIFY(text.size() > 24'000'000);
        const data::BenchmarkImport in = data::readServingResult(text, "long.json", kH100x8);
        QVERIFY(in.ok());
        QCOMPARE(in.records.size(), std::size_t(1));
        QCOMPARE(in.records.front().isl, std::optional<int>(1024));
        QCOMPARE(in.records.front().osl, std::optional<int>(120));
        QCOMPARE(*in.records.front().output_tokens_per_s_per_gpu, 1000.0);

        // Break one generated text on line 150,003 (the array starts on line 3).
        const std::string good = "\"" + generated + "\",\n";
        std::size_t at = text.find(good);
        for (int i = 0; i < 150000; ++i)
            at += good.size();
        text.replace(at, 1, "x");
        const data::BenchmarkImport broken = data::readServingResult(text, "long.json", kH100x8);
        QVERIFY(!broken.ok());
        QVERIFY(broken.records.empty());
        QVERIFY2(broken.errors.front().place.rfind("150003:", 0) == 0,
                 broken.errors.front().place.c_str());
        QVERIFY(broken.errors.front().message.find("invalid JSON") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestBenchmarkServing)
#include "tst_benchmark_serving.moc"
