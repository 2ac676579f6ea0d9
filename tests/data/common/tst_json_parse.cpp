// What every JSON reader shares before it looks at a single field (data/common/json_checks.h
// parseDocument for audits, scenarios and price books; data/common/json_stream.h for the streamed
// benchmark readers): the text is all read, and each key of an object is read once. nlohmann's
// parser alone stops at a NUL byte and keeps the last of two equal keys, silently (issue 20).

#include "any_document.h"
#include "audit_json.h"
#include "benchmark_import.h"
#include "benchmark_inferencex.h"
#include "benchmark_mlperf.h"
#include "benchmark_serving.h"
#include "pricebook_json.h"
#include "problem.h"
#include "sample_files.h"
#include "scenario_json.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <fstream>
#include <sstream>

namespace data = crossgrade::data;

namespace {

using namespace crossgrade::testing;

// "line:column" (1-based, in bytes) of `offset`, as the readers name places.
QString placeAt(const std::string& text, std::size_t offset) {
    int line = 1;
    int column = 1;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return QStringLiteral("%1:%2").arg(line).arg(column);
}

// The offset of the `n`th (1-based) occurrence of `needle`.
std::size_t nth(const std::string& text, const std::string& needle, int n) {
    std::size_t at = std::string::npos;
    for (int i = 0; i < n; ++i) {
        at = text.find(needle, at == std::string::npos ? 0 : at + 1);
        if (at == std::string::npos)
            qFatal("occurrence %d of %s not found", n, needle.c_str());
    }
    return at;
}

// `text` with `inserted` written just before the first `before`.
std::string inserting(std::string text, const std::string& before, const std::string& inserted) {
    const std::size_t at = text.find(before);
    if (at == std::string::npos)
        qFatal("%s not found", before.c_str());
    return text.insert(at, inserted);
}

// What a reader refused the whole text for (benchmark readers: the file, not a row).
std::vector<data::Problem> refusalsOf(const QString& reader, const std::string& text) {
    if (reader == "audit")
        return data::readAudit(text).errors;
    if (reader == "scenario")
        return data::readScenario(text).errors;
    if (reader == "pricebook")
        return data::readPriceBook(text).errors;
    if (reader == "any")
        return data::readAnyDocument(text).errors;
    if (reader == "inferencex")
        return data::readInferenceXRows(text, "in", {}).errors;
    if (reader == "mlperf")
        return data::readMlperfSummary(text, "in").errors;
    if (reader == "serving")
        return data::readServingResult(text, "in", {}).errors;
    qFatal("unknown reader %s", qPrintable(reader));
}

QString shown(const std::vector<data::Problem>& problems) {
    return QString::fromStdString(data::formatProblems("in", problems));
}

const QStringList kAllReaders{"audit",      "scenario", "pricebook", "any",
                              "inferencex", "mlperf",   "serving"};

std::string sampleFor(const QString& reader) {
    if (reader == "audit" || reader == "any")
        return slurp(kAudit);
    if (reader == "scenario")
        return slurp(kScenario);
    if (reader == "pricebook")
        return slurp(kPriceBook);
    if (reader == "inferencex")
        return slurp(kInferenceX);
    if (reader == "mlperf")
        return slurp(kMlperf);
    return slurp(kServing);
}

} // namespace

Q_DECLARE_METATYPE(std::string)

class TestJsonParse : public QObject {
    Q_OBJECT

private slots:
    void samplesRead();
    void bug_duplicateKeySilentlyLastWins_data();
    void bug_duplicateKeySilentlyLastWins();
    void equalKeysInDifferentObjectsAreFine();
    void bug_jsonAfterNulByteIgnored_data();
    void bug_jsonAfterNulByteIgnored();
    void hostileFuzzSeedsAreRefused_data();
    void hostileFuzzSeedsAreRefused();
};

// The texts the rows below break are good as they are.
void TestJsonParse::samplesRead() {
    for (const QString& reader : kAllReaders)
        QVERIFY2(refusalsOf(reader, sampleFor(reader)).empty(), qPrintable(reader));
}

void TestJsonParse::bug_duplicateKeySilentlyLastWins_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("place"); // the second key's opening quote
    QTest::addColumn<QString>("first");

    const auto add = [](const char* name, const QString& reader, const std::string& text,
                        const std::string& key, int firstOccurrence, int secondOccurrence) {
        const std::string quoted = "\"" + key + "\"";
        QTest::newRow(name) << reader << text << QString::fromStdString(key)
                            << placeAt(text, nth(text, quoted, secondOccurrence))
                            << placeAt(text, nth(text, quoted, firstOccurrence));
    };
    // A reviewer reads the first; nlohmann kept the second.
    const std::string audit = slurp(kAudit);
    add("audit tier", "audit", inserting(audit, "\"tier\"", "\"tier\": \"low\", "), "tier", 1, 2);
    add("audit top-level name", "audit", inserting(audit, "\"name\"", "\"name\": \"other\",\n"),
        "name", 1, 2);
    add("any document", "any", inserting(audit, "\"tier\"", "\"tier\": \"low\", "), "tier", 1, 2);
    const std::string scenario = slurp(kScenario);
    add("scenario horizon", "scenario",
        inserting(scenario, "\"horizon_months\"", "\"horizon_months\": 12, "), "horizon_months", 1,
        2);
    const std::string book = slurp(kPriceBook);
    add("price book sku vendor", "pricebook",
        inserting(book, "\"vendor\"", "\"vendor\": \"amd\", "), "vendor", 1, 2);
    const std::string rows = slurp(kInferenceX);
    add("inferencex tput_per_gpu", "inferencex",
        inserting(rows, "\"tput_per_gpu\"", "\"tput_per_gpu\": 9999, "), "tput_per_gpu", 1, 2);
    add("inferencex one-row file", "inferencex",
        "{\"hw\": \"h100\", \"model\": \"m\", \"precision\": \"fp8\", \"tp\": 8,\n"
        " \"tput_per_gpu\": 10, \"hw\": \"mi300x\"}",
        "hw", 1, 2);
    // Past the stream's first 64 KiB read, so the place is counted across reads.
    add("inferencex past the first read", "inferencex",
        "[" + std::string(70'000, ' ') + "\n {\"hw\": \"h100\", \"hw\": \"mi300x\"}]", "hw", 1, 2);
    const std::string mlperf = slurp(kMlperf);
    add("mlperf row key", "mlperf", inserting(mlperf, "\n\"1\":", "\n\"0\":{},"), "0", 1, 2);
    add("mlperf inside a row", "mlperf", inserting(mlperf, "\"Result\"", "\"Result\": 1e9, "),
        "Result", 1, 2);
    const std::string serving = slurp(kServing);
    add("serving top level", "serving",
        inserting(serving, "\"output_throughput\"", "\"output_throughput\": 1, "),
        "output_throughput", 1, 2);
    // Inside a per-request array, which is parsed past and not kept: still read once.
    add("serving inside a dropped array", "serving",
        inserting(serving, "\"input_lens\"", "\"errors\": [{\"e\": 1, \"e\": 2}], "), "e", 1, 2);
    add("escaped quote in the key", "inferencex", "[{\"a\\\"b\": 1,\n  \"a\\\"b\": 2}]", "a\\\"b",
        1, 2);
}

void TestJsonParse::bug_duplicateKeySilentlyLastWins() {
    QFETCH(QString, reader);
    QFETCH(std::string, text);
    QFETCH(QString, key);
    QFETCH(QString, place);
    QFETCH(QString, first);
    const std::vector<data::Problem> problems = refusalsOf(reader, text);
    QVERIFY2(problems.size() == 1, qPrintable(shown(problems)));
    QCOMPARE(QString::fromStdString(problems.front().place), place);
    const QString message = QString::fromStdString(problems.front().message);
    QVERIFY2(message.startsWith(
                 QStringLiteral("duplicate key \"%1\" (the first is at %2)").arg(key, first)),
             qPrintable(message));
}

// One key per object, not per document: rows and dimensions repeat their keys.
void TestJsonParse::equalKeysInDifferentObjectsAreFine() {
    const std::string nested = "[{\"hw\": \"h100\", \"model\": \"m\", \"precision\": \"fp8\", "
                               "\"tp\": 8, \"tput_per_gpu\": 10, \"metrics\": {\"hw\": 1}},\n"
                               " {\"hw\": \"h100\", \"model\": \"m2\", \"precision\": \"fp8\", "
                               "\"tp\": 8, \"tput_per_gpu\": 10}]";
    const data::BenchmarkImport in = data::readInferenceXRows(nested, "in", {});
    QVERIFY2(in.ok(), qPrintable(shown(in.errors)));
    QCOMPARE(in.rows, std::size_t(2));
}

void TestJsonParse::bug_jsonAfterNulByteIgnored_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("place");
    const std::string nul(1, '\0');
    for (const QString& reader : kAllReaders) {
        const std::string sample = sampleFor(reader);
        // After a whole document: nlohmann stopped there and took the file as good.
        const std::string after = sample + nul + "{\"name\": \"what follows\"}";
        QTest::addRow("%s: after the document", qPrintable(reader))
            << reader << after << placeAt(after, sample.size());
        // Inside it, between tokens: it was read as the end of the file.
        const std::size_t comma = sample.find(',');
        const std::string inside = sample.substr(0, comma) + nul + sample.substr(comma);
        QTest::addRow("%s: between tokens", qPrintable(reader))
            << reader << inside << placeAt(inside, comma);
        const std::string first = nul + sample;
        QTest::addRow("%s: the first byte", qPrintable(reader)) << reader << first << "1:1";
    }
    // Past the stream's first 64 KiB read.
    const std::string far = slurp(kInferenceX) + "\n" + std::string(70'000, ' ') + nul + "[]";
    QTest::newRow("inferencex: past the first read")
        << "inferencex" << far << placeAt(far, far.find('\0'));
}

void TestJsonParse::bug_jsonAfterNulByteIgnored() {
    QFETCH(QString, reader);
    QFETCH(std::string, text);
    QFETCH(QString, place);
    const std::vector<data::Problem> problems = refusalsOf(reader, text);
    QVERIFY2(problems.size() == 1, qPrintable(shown(problems)));
    QCOMPARE(QString::fromStdString(problems.front().place), place);
    QCOMPARE(QString::fromStdString(problems.front().message),
             QStringLiteral("invalid JSON: a NUL byte (0x00), which JSON text cannot hold (is the "
                            "file binary, or cut off and padded with zeros?)"));
}

// The inputs above, as seeds of the fuzz targets (tests/fixtures/fuzz-regressions/<kind>/):
// each is refused whole, or (a number of the wrong type) its rows are skipped, none stored.
void TestJsonParse::hostileFuzzSeedsAreRefused_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("path");
    for (const QString kind : {"audit", "scenario", "inferencex", "mlperf", "serving"}) {
        const QDir dir(QStringLiteral(CROSSGRADE_SOURCE_DIR "/tests/fixtures/fuzz-regressions/") +
                       kind);
        for (const QString& name : dir.entryList(
                 {"duplicate-*", "json-after-nul-*", "*-accepted", "*-stored-as-one"}, QDir::Files))
            QTest::addRow("%s/%s", qPrintable(kind), qPrintable(name))
                << kind << dir.filePath(name);
    }
}
void TestJsonParse::hostileFuzzSeedsAreRefused() {
    QFETCH(QString, reader);
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string text = file.readAll().toStdString();
    if (reader == "inferencex" || reader == "mlperf" || reader == "serving") {
        const data::BenchmarkImport in =
            reader == "inferencex" ? data::readInferenceXRows(text, "seed", {})
            : reader == "mlperf"   ? data::readMlperfSummary(text, "seed")
                                   : data::readServingResult(text, "seed", {});
        QVERIFY2(in.records.empty(), qPrintable(path));
        QVERIFY2(!in.errors.empty() || !in.skipped.empty(), qPrintable(path));
        return;
    }
    QVERIFY2(!refusalsOf(reader, text).empty(), qPrintable(path));
}

QTEST_APPLESS_MAIN(TestJsonParse)
#include "tst_json_parse.moc"
