// crossgrade-cli commands on benchmark results (issue 7; docs/benchmarks.md): importing files
// of the four formats into the store, listing what is stored, and comparing two SKUs per GPU
// with the rows every ratio rests on.

#include "benchmark_binding.h"
#include "benchmark_compare.h"
#include "benchmark_csv.h"
#include "benchmark_import.h"
#include "benchmark_json.h"
#include "cli_commands.h"
#include "cli_context.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "json_checks.h"
#include "pricebook_json.h"
#include "samples.h"
#include "scenario_json.h"

#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace crossgrade::app {

namespace {

using data::BenchmarkFormat;

std::string number(double v, int precision = 4) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
    return buffer;
}

std::string optionalNumber(const std::optional<double>& v, int precision = 4) {
    return v ? number(*v, precision) : std::string("-");
}

std::string optionalInt(const std::optional<int>& v) {
    return v ? std::to_string(*v) : std::string("-");
}

std::string upper(std::string s) {
    for (char& c : s)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// --- import-benchmarks ----------------------------------------------------------------------

std::optional<BenchmarkFormat> inputFormat(const QCommandLineParser& parser) {
    const std::string name = str(parser.value(QStringLiteral("input-format")));
    if (name == "auto")
        return std::nullopt;
    if (auto f = data::parseBenchmarkFormat(name))
        return f;
    throw InvalidInput("--input-format: expected auto, mlperf, inferencex, serving or csv, got '" +
                       name + "'");
}

data::BenchmarkContext importContext(const QCommandLineParser& parser) {
    data::BenchmarkContext c;
    c.hardware = str(parser.value(QStringLiteral("hw")));
    c.precision = textOption(parser, "precision", data::kMaxBenchmarkTextBytes);
    c.software_stack = textOption(parser, "stack", data::kMaxBenchmarkTextBytes);
    c.date = dateOption(parser, "date");
    if (parser.isSet(QStringLiteral("gpus"))) {
        bool ok = false;
        const int gpus = parser.value(QStringLiteral("gpus")).toInt(&ok);
        if (!ok || gpus < 1 || gpus > 1'000'000)
            throw InvalidInput("--gpus: expected a whole number of GPUs ≥ 1, got '" +
                               str(parser.value(QStringLiteral("gpus"))) + "'");
        c.gpus = gpus;
    }
    if (!c.hardware.empty() && !model::skuForHardware(c.hardware))
        throw InvalidInput("--hw: '" + c.hardware +
                           "' is not in the hardware table (docs/benchmarks.md); use a key such "
                           "as h100, h200, b200, mi300x, mi325x or mi355x");
    return c;
}

int runImportBenchmarks(Context& ctx) {
    if (ctx.arguments.isEmpty())
        throw InvalidInput("import-benchmarks: expected one or more benchmark files");
    const std::optional<BenchmarkFormat> format = inputFormat(ctx.parser);
    const data::BenchmarkContext context = importContext(ctx.parser);
    // Every file is read and checked before anything is stored: a refused file stores nothing
    // of any file. The check keeps no record (issue 20: a million-row CSV held all of them, 1.4
    // GB): it counts them, and the store is then filled by reading the files again, each record
    // inserted as it is read, in one transaction that a file read differently the second time
    // rolls back.
    struct Checked {
        std::string file;
        std::size_t rows = 0;
        std::size_t accepted = 0;
    };
    std::vector<Checked> checked;
    std::size_t total = 0;
    std::string refused;
    const data::BenchmarkSink count = [](model::BenchmarkRecord&&) {
        // counted in BenchmarkImport::accepted; the record itself is not needed yet
    };
    for (const QString& arg : ctx.arguments) {
        const std::string file = str(arg);
        data::BenchmarkFileImport in = data::readBenchmarkFile(file, format, context, count);
        if (!in.result.ok()) {
            refused += data::formatProblems(file, in.result.errors);
            continue;
        }
        for (const data::Problem& p : in.result.skipped)
            ctx.err << data::printable(file) << ':' << data::printable(p.place)
                    << ": skipped: " << data::printable(p.message) << '\n';
        ctx.out << data::printable(file) << " (" << data::toString(*in.format)
                << "): " << in.result.rows << (in.result.rows == 1 ? " row, " : " rows, ")
                << in.result.accepted << " read, " << in.result.skipped.size() << " skipped\n";
        checked.push_back({file, in.result.rows, in.result.accepted});
        total += in.result.accepted;
    }
    if (!refused.empty())
        throw InvalidInput::lines(refused + "nothing was stored");
    if (ctx.parser.isSet(QStringLiteral("dry-run"))) {
        ctx.out << "Dry run: " << total << " records read, nothing stored\n";
        return kExitOk;
    }
    data::Store& store = ctx.openStore();
    const data::BenchmarksAdded added = store.addBenchmarksOneByOne([&](const auto& insert) {
        for (const Checked& c : checked) {
            if (c.accepted == 0)
                continue; // nothing of it to store
            const data::BenchmarkFileImport again = data::readBenchmarkFile(
                c.file, format, context, [&](model::BenchmarkRecord&& r) { insert(r); });
            if (!again.result.ok() || again.result.rows != c.rows ||
                again.result.accepted != c.accepted)
                throw InvalidInput(c.file +
                                   ": the file changed while it was being imported (it read "
                                   "differently the second time); nothing was stored");
        }
    });
    ctx.out << "Stored " << added.added << " new benchmark records in "
            << data::printable(str(QDir::toNativeSeparators(store.path())));
    if (added.duplicates > 0)
        ctx.out << " (" << added.duplicates << " already stored, not added again)";
    ctx.out << '\n';
    return kExitOk;
}

void addImportOptions(QCommandLineParser& p) {
    p.addOption({QStringLiteral("input-format"),
                 QStringLiteral("auto (default: told from the file), mlperf, inferencex, serving "
                                "or csv."),
                 QStringLiteral("FORMAT"), QStringLiteral("auto")});
    p.addOption({QStringLiteral("hw"),
                 QStringLiteral("Hardware of a benchmark_serving run (h100, mi300x, …): the "
                                "file does not say."),
                 QStringLiteral("HW")});
    p.addOption({QStringLiteral("gpus"),
                 QStringLiteral("GPUs that served a benchmark_serving run."), QStringLiteral("N")});
    p.addOption({QStringLiteral("precision"),
                 QStringLiteral("Precision of a benchmark_serving run (bf16, fp8, …)."),
                 QStringLiteral("P")});
    p.addOption({QStringLiteral("stack"),
                 QStringLiteral("Software stack of a benchmark_serving run (e.g. \"vLLM 0.11, "
                                "ROCm 7.0\")."),
                 QStringLiteral("TEXT")});
    p.addOption({QStringLiteral("date"),
                 QStringLiteral("Date of the run (YYYY-MM-DD) for files that carry none."),
                 QStringLiteral("DATE")});
    p.addOption({QStringLiteral("dry-run"), QStringLiteral("Read and check only; store nothing.")});
}

// --- benchmarks -----------------------------------------------------------------------------

std::string flagsText(const model::BenchmarkRecord& r) {
    std::string out;
    for (const std::string& f : r.flags)
        out += (out.empty() ? "" : "; ") + f;
    return out.empty() ? "-" : out;
}

QStringList benchmarkRow(const data::StoredBenchmark& b) {
    const model::BenchmarkRecord& r = b.record;
    return {QString::number(b.id),
            qs(r.sku),
            qs(r.model),
            qs(r.precision),
            qs(r.scenario),
            qs(optionalInt(r.isl) + "/" + optionalInt(r.osl)),
            qs(optionalInt(r.concurrency)),
            QString::number(r.gpus),
            qs(optionalNumber(r.total_tokens_per_s_per_gpu, 6)),
            qs(optionalNumber(r.output_tokens_per_s_per_gpu, 6)),
            qs(optionalNumber(r.interactivity)),
            qs(optionalNumber(r.joules_per_token)),
            qs(model::provenance(r)),
            qs(flagsText(r))};
}

// Record by record as the store reads them, never the whole listing as one JSON value (issue
// 20: a million rows took 5.9 GB): each is dumped alone and indented one level, which is byte
// for byte what dumping the array would write.
void writeBenchmarksJson(std::ostream& out, const data::Store& store,
                         const data::BenchmarkFilter& filter) {
    bool first = true;
    store.forEachBenchmark(filter, [&](const data::StoredBenchmark& b) {
        nlohmann::ordered_json row{{"id", b.id}};
        row.update(data::benchmarkToJson(b.record));
        row["imported_at"] = b.imported_at;
        std::string text = row.dump(2);
        out << (first ? "[\n  " : ",\n  ");
        first = false;
        // JSON strings never hold a raw newline, so every newline is between lines.
        for (std::size_t at = text.find('\n'); at != std::string::npos;
             at = text.find('\n', at + 3))
            text.insert(at + 1, "  ");
        out << text;
    });
    out << (first ? "[]\n" : "\n]\n");
}

const QStringList& benchmarkTableHeader() {
    static const QStringList header{"ID",         "SKU",   "MODEL",  "PREC",      "SCENARIO",
                                    "ISL/OSL",    "CONC",  "GPUS",   "TOTAL/GPU", "OUTPUT/GPU",
                                    "TOK/S/USER", "J/TOK", "SOURCE", "FLAGS"};
    return header;
}

// Every format is written as the store reads the rows, to --out (staged, renamed into place
// when complete) or to standard output: memory stays flat however many rows match. The text
// table takes two passes over the store (its column widths, then its rows).
int runBenchmarks(Context& ctx) {
    if (!ctx.arguments.isEmpty())
        throw InvalidInput("benchmarks: takes no arguments (filter with --hw and --model)");
    const QString format = formatOption(ctx.parser, {"text", "json", "csv"});
    data::BenchmarkFilter filter;
    filter.sku = str(ctx.parser.value(QStringLiteral("hw")));
    filter.model = str(ctx.parser.value(QStringLiteral("model")));
    data::Store& store = ctx.openStore();
    TableLayout layout;
    std::size_t rows = 0;
    if (format == QLatin1String("text")) {
        layout.widen(benchmarkTableHeader());
        store.forEachBenchmark(filter, [&](const data::StoredBenchmark& b) {
            layout.widen(benchmarkRow(b));
            ++rows;
        });
        if (rows == 0) {
            ctx.out << "No benchmark results"
                    << (filter.sku.empty() && filter.model.empty() ? "" : " match") << " in "
                    << data::printable(str(QDir::toNativeSeparators(store.path())))
                    << ". Import some with: crossgrade-cli import-benchmarks FILE...\n";
            return kExitOk;
        }
    }
    CommandOutputs outputs(ctx);
    std::ostream& out = outputs.outputStream();
    if (format == QLatin1String("json")) {
        writeBenchmarksJson(out, store, filter);
    } else if (format == QLatin1String("csv")) {
        data::writeBenchmarkCsvHeader(out);
        store.forEachBenchmark(filter, [&](const data::StoredBenchmark& b) {
            data::writeBenchmarkCsvRow(out, b.record);
        });
    } else {
        rows = 0; // counted again: a row stored between the passes is printed too
        layout.print(out, benchmarkTableHeader());
        store.forEachBenchmark(filter, [&](const data::StoredBenchmark& b) {
            layout.print(out, benchmarkRow(b));
            ++rows;
        });
        out << rows << (rows == 1 ? " record" : " records") << "; throughput is tokens/s per GPU\n";
    }
    outputs.commit();
    return kExitOk;
}

// --- compare-hw -----------------------------------------------------------------------------

// The SKU argument as the default price book names it, with the vendor it must be.
std::string skuArgument(const model::PriceBook* book, const QString& arg, model::Vendor vendor,
                        const char* which) {
    const std::string sku = upper(str(arg));
    if (!book)
        return sku;
    const auto it = book->skus.find(sku);
    std::string known;
    for (const auto& [id, s] : book->skus)
        if (s.vendor == vendor)
            known += (known.empty() ? "" : ", ") + id;
    if (it == book->skus.end() || it->second.vendor != vendor)
        throw InvalidInput(std::string("compare-hw: ") + which + " '" + str(arg) + "' is not an " +
                           (vendor == model::Vendor::Nvidia ? "NVIDIA" : "AMD") +
                           " SKU of the default price book (" + known + ")");
    return sku;
}

std::string compareText(const model::SkuComparison& c) {
    std::ostringstream out;
    out << c.other_sku << " per GPU relative to " << c.reference_sku << ": ";
    if (c.ratio)
        out << number(c.ratio->range.most_likely, 3) << " (median; min "
            << number(c.ratio->range.low, 3) << ", max " << number(c.ratio->range.high, 3)
            << ") over " << c.pairs.size() << (c.pairs.size() == 1 ? " pair" : " pairs")
            << ", confidence " << model::toString(*c.ratio->confidence) << "\n";
    else
        out << "no pairs: the benchmarks hold no like-for-like rows of the two, so the "
               "performance table's default ratio stays\n";
    if (!c.pairs.empty()) {
        out << "\nPairs (tokens/s per GPU):\n";
        for (const model::RatioPair& p : c.pairs) {
            out << "  " << data::printable(p.group.label());
            if (p.interactivity)
                out << " at " << number(*p.interactivity, 4) << " tok/s/user";
            out << ": " << number(p.other_per_gpu, 6) << " ÷ " << number(p.reference_per_gpu, 6)
                << " = " << number(p.ratio, 3) << " (" << p.basis << ")\n";
            for (const std::string& row : p.other_rows)
                out << "      " << c.other_sku << ": " << data::printable(row) << '\n';
            for (const std::string& row : p.reference_rows)
                out << "      " << c.reference_sku << ": " << data::printable(row) << '\n';
        }
    }
    if (!c.unpaired.empty()) {
        out << "\nNot paired:\n";
        for (const std::string& u : c.unpaired)
            out << "  " << data::printable(u) << '\n';
    }
    if (!c.excluded.empty()) {
        out << "\nLeft out (--include-flagged takes them in):\n";
        for (const std::string& e : c.excluded)
            out << "  " << data::printable(e) << '\n';
    }
    return out.str();
}

// The rows to compare or bind, from --model, --precision, --scenario, --isl, --osl,
// --interactivity and --include-flagged.
model::CompareOptions compareOptions(const QCommandLineParser& parser) {
    model::CompareOptions options;
    options.model = str(parser.value(QStringLiteral("model")));
    options.precision = str(parser.value(QStringLiteral("precision")));
    options.scenario = str(parser.value(QStringLiteral("scenario")));
    options.include_flagged = parser.isSet(QStringLiteral("include-flagged"));
    auto positiveInt = [&](const char* name) -> std::optional<int> {
        if (!parser.isSet(QString::fromLatin1(name)))
            return std::nullopt;
        bool ok = false;
        const int v = parser.value(QString::fromLatin1(name)).toInt(&ok);
        if (!ok || v < 1)
            throw InvalidInput(std::string("--") + name +
                               ": expected a whole number of tokens ≥ 1, got '" +
                               str(parser.value(QString::fromLatin1(name))) + "'");
        return v;
    };
    options.isl = positiveInt("isl");
    options.osl = positiveInt("osl");
    if (parser.isSet(QStringLiteral("interactivity"))) {
        bool ok = false;
        const double v = parser.value(QStringLiteral("interactivity")).toDouble(&ok);
        if (!ok || !(v > 0) || !std::isfinite(v))
            throw InvalidInput("--interactivity: expected tokens/s per user above zero, got '" +
                               str(parser.value(QStringLiteral("interactivity"))) + "'");
        options.interactivity = v;
    }
    return options;
}

int runCompareHw(Context& ctx) {
    if (ctx.arguments.size() != 2)
        throw InvalidInput("compare-hw: expected two SKUs, NVIDIA then AMD (e.g. H100 MI300X)");
    const QString format = formatOption(ctx.parser, {"text", "json"});
    const model::CompareOptions options = compareOptions(ctx.parser);
    data::Store& store = ctx.openStore();
    // The store's default price book names the SKUs, or else the one Crossgrade ships.
    std::optional<model::PriceBook> book = store.defaultPriceBook();
    if (!book)
        book = data::readPriceBook(data::defaultPriceBookText()).price_book;
    const model::PriceBook* b = book ? &*book : nullptr;
    const std::string nvidia =
        skuArgument(b, ctx.arguments[0], model::Vendor::Nvidia, "NVIDIA_SKU");
    const std::string amd = skuArgument(b, ctx.arguments[1], model::Vendor::Amd, "AMD_SKU");
    std::vector<model::BenchmarkRecord> records;
    for (const data::StoredBenchmark& s : store.benchmarks())
        records.push_back(s.record);
    const model::SkuComparison c = model::compareSkus(records, nvidia, amd, options);
    if (format == QLatin1String("json"))
        writeOutput(ctx, data::comparisonToJson(c).dump(2) + "\n");
    else
        writeOutput(ctx, data::printableLines(compareText(c)));
    return kExitOk;
}

// --- bind-benchmarks -------------------------------------------------------------------------

std::string boundRangeText(const model::UncertainNumber& u) {
    return number(u.range.most_likely, 3) + " (" + number(u.range.low, 3) + "–" +
           number(u.range.high, 3) + ")";
}

// What a binding yields, in lines a reader can check.
std::string bindingSummary(const std::string& workload, const model::WorkloadBinding& b) {
    std::ostringstream out;
    out << "workload " << data::printable(workload) << " bound to benchmarks matching '"
        << data::printable(b.selector.model) << "'";
    if (!b.selector.precision.empty())
        out << " " << data::printable(b.selector.precision);
    out << " (" << b.bound_on << "):\n";
    for (const auto& [sku, bound] : b.skus) {
        out << "  " << sku << ":";
        if (bound.ratio)
            out << " ratio to H100 " << boundRangeText(*bound.ratio) << " over " << bound.pairs
                << (bound.pairs == 1 ? " pair" : " pairs") << ", no transition penalty on top;";
        if (bound.joules_per_token)
            out << " " << boundRangeText(*bound.joules_per_token) << " J/token;";
        out << " " << bound.rows.size() << (bound.rows.size() == 1 ? " row\n" : " rows\n");
    }
    if (b.reference_tokens_per_s_per_gpu)
        out << "  reference throughput: " << boundRangeText(*b.reference_tokens_per_s_per_gpu)
            << " tokens/s per H100 from your own serving runs\n";
    for (const std::string& note : b.notes)
        out << "  " << data::printable(note) << '\n';
    return out.str();
}

int runBindBenchmarks(Context& ctx) {
    if (ctx.arguments.size() != 1)
        throw InvalidInput("bind-benchmarks: expected one scenario (a file or a stored id)");
    const QString arg = ctx.arguments.first();
    bool numeric = false;
    arg.toLongLong(&numeric);
    const bool stored = !QFileInfo::exists(arg) && numeric;
    model::Scenario scenario = scenarioFromFileOrId(ctx, arg, std::nullopt);
    const std::string workload = str(ctx.parser.value(QStringLiteral("workload")));
    if (workload.empty())
        throw InvalidInput("bind-benchmarks: --workload is required (one of the scenario's "
                           "inference workloads)");
    const auto it = scenario.workloads.find(workload);
    if (it == scenario.workloads.end()) {
        std::string inference;
        for (const auto& [id, w] : scenario.workloads)
            if (w.kind == model::WorkloadKindOfDemand::Inference)
                inference += (inference.empty() ? "" : ", ") + id;
        throw InvalidInput("bind-benchmarks: --workload: the scenario has no workload '" +
                           workload + "'; its inference workloads are " +
                           (inference.empty() ? std::string("none") : inference));
    }
    if (it->second.kind != model::WorkloadKindOfDemand::Inference)
        throw InvalidInput("bind-benchmarks: '" + workload +
                           "' is a training workload; only inference workloads are bound to "
                           "benchmarks (they measure serving)");
    std::string note;
    if (ctx.parser.isSet(QStringLiteral("unbind"))) {
        if (!it->second.benchmark)
            throw InvalidInput("bind-benchmarks: workload '" + workload +
                               "' is not bound; nothing was changed");
        it->second.benchmark.reset();
        note = "Unbound workload " + workload + " from benchmarks";
        ctx.err << data::printable(note) << ": its defaults apply again\n";
    } else {
        model::BenchmarkSelector selector;
        selector.model = str(ctx.parser.value(QStringLiteral("model")));
        if (selector.model.empty())
            throw InvalidInput("bind-benchmarks: --model is required (part of the benchmark "
                               "rows' model name)");
        const model::CompareOptions o = compareOptions(ctx.parser);
        selector.precision = o.precision;
        selector.scenario = o.scenario;
        selector.isl = o.isl;
        selector.osl = o.osl;
        selector.interactivity = o.interactivity;
        selector.include_flagged = o.include_flagged;
        std::string date = dateOption(ctx.parser, "date");
        if (date.empty())
            date = str(QDate::currentDate().toString(Qt::ISODate));
        std::vector<model::BenchmarkRecord> records;
        for (const data::StoredBenchmark& b : ctx.openStore().benchmarks())
            records.push_back(b.record);
        it->second.benchmark = model::bindWorkload(selector, records, scenario.pricebook, date);
        note = "Bound workload " + workload + " to benchmarks (" + selector.model + ")";
        ctx.err << bindingSummary(workload, *it->second.benchmark);
    }
    if (ctx.parser.isSet(QStringLiteral("out")) || !stored) {
        writeOutput(ctx, data::writeScenario(scenario));
        return kExitOk;
    }
    const data::ScenarioVersionId saved = ctx.openStore().saveScenarioVersion(
        scenario, note, CROSSGRADE_VERSION,
        data::headlineOf(model::evaluateScenario(scenario, model::compile(scenario))));
    ctx.out << "scenario " << saved.scenario_id << " version " << saved.number << ": "
            << data::printable(note) << '\n';
    return kExitOk;
}

void addSelectorOptions(QCommandLineParser& p) {
    p.addOption(
        {QStringLiteral("precision"), QStringLiteral("Only this precision."), QStringLiteral("P")});
    p.addOption({QStringLiteral("scenario"),
                 QStringLiteral("Only this scenario (Offline, Server, sweep, …)."),
                 QStringLiteral("S")});
    p.addOption(
        {QStringLiteral("isl"), QStringLiteral("Only this input length."), QStringLiteral("N")});
    p.addOption(
        {QStringLiteral("osl"), QStringLiteral("Only this output length."), QStringLiteral("N")});
    p.addOption({QStringLiteral("interactivity"),
                 QStringLiteral("Compare sweeps at this many tokens/s per user."),
                 QStringLiteral("X")});
    p.addOption({QStringLiteral("include-flagged"),
                 QStringLiteral("Take in rows flagged as run on pre-2026 AMD images.")});
}

} // namespace

std::vector<Command> benchmarkCommands() {
    return {
        {QStringLiteral("import-benchmarks"), QStringLiteral("FILE..."),
         QStringLiteral("Import benchmark results (MLPerf, InferenceX, benchmark_serving, CSV)."),
         QStringLiteral("Reads each file (streamed; format told from the file unless "
                        "--input-format names it) into canonical records and stores them in one "
                        "transaction. Rows that cannot be used are skipped and listed on stderr "
                        "with their place; a file that is not of its format stores nothing of any "
                        "file. Re-importing a file adds nothing. See docs/benchmarks.md."),
         addImportOptions, runImportBenchmarks},
        {QStringLiteral("benchmarks"), QString(),
         QStringLiteral("List stored benchmark results with their provenance."),
         QStringLiteral("Throughput is tokens/s per GPU; flagged rows (e.g. pre-2026 AMD images) "
                        "say so. --format csv writes the canonical CSV (docs/formats/"
                        "benchmark-csv.md)."),
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("hw"), QStringLiteral("Only this SKU (e.g. MI300X)."),
                          QStringLiteral("SKU")});
             p.addOption({QStringLiteral("model"),
                          QStringLiteral("Only models whose name contains this (any case)."),
                          QStringLiteral("M")});
             addFormatOption(p, {"text", "json", "csv"});
             p.addOption(
                 {QStringLiteral("out"), QStringLiteral("Write to FILE."), QStringLiteral("FILE")});
         },
         runBenchmarks},
        {QStringLiteral("compare-hw"), QStringLiteral("NVIDIA_SKU AMD_SKU"),
         QStringLiteral("Per-GPU throughput ratio of two SKUs from stored benchmarks, with "
                        "provenance."),
         QStringLiteral("Pairs only rows of equal model, precision, scenario, sequence lengths "
                        "and unit; sweeps compare at equal interactivity on each SKU's Pareto "
                        "frontier. Prints min / median / max over the pairs and the rows behind "
                        "each. Pre-2026 AMD InferenceX rows are left out unless "
                        "--include-flagged."),
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("model"),
                          QStringLiteral("Only models whose name contains this (any case)."),
                          QStringLiteral("M")});
             addSelectorOptions(p);
             addTextJsonFormat(p);
             p.addOption(
                 {QStringLiteral("out"), QStringLiteral("Write to FILE."), QStringLiteral("FILE")});
         },
         runCompareHw},
        {QStringLiteral("bind-benchmarks"), QStringLiteral("FILE|ID"),
         QStringLiteral("Bind an inference workload of a scenario to the stored benchmarks."),
         QStringLiteral("Resolves the rows --model (and the other filters) select against the "
                        "store, per SKU of the scenario's price book: the ratio to H100 (min / "
                        "median / max over like-for-like pairs; it replaces the performance "
                        "table's for this workload, with no transition penalty on top), the "
                        "measured J/token (it prices the energy), and from your own serving "
                        "runs on H100 the reference throughput. What does not match keeps its "
                        "default, and the summary on stderr says so. A stored scenario (ID) is "
                        "saved as its next version; a file is written to --out or standard "
                        "output. --unbind removes the binding. See docs/benchmarks.md."),
         [](QCommandLineParser& p) {
             p.addOption({QStringLiteral("workload"),
                          QStringLiteral("The inference workload to bind (its id)."),
                          QStringLiteral("ID")});
             p.addOption({QStringLiteral("model"),
                          QStringLiteral("Part of the benchmark rows' model name (any case)."),
                          QStringLiteral("M")});
             addSelectorOptions(p);
             p.addOption({QStringLiteral("date"),
                          QStringLiteral("The binding's date (YYYY-MM-DD; default today)."),
                          QStringLiteral("DATE")});
             p.addOption({QStringLiteral("unbind"),
                          QStringLiteral("Remove the workload's binding instead.")});
             p.addOption({QStringLiteral("out"), QStringLiteral("Write the scenario to FILE."),
                          QStringLiteral("FILE")});
         },
         runBindBenchmarks},
    };
}

} // namespace crossgrade::app
