// The one CSV quoting rule (data/common/csv_writer.h): a table of fields and how each is written,
// and the CSVs that quoted by another rule before it (the evaluation table, the Monte Carlo
// samples), pinned by the bugs it fixed.

#include "csv_writer.h"
#include "evaluation_json.h"
#include "monte_carlo.h"
#include "samples.h"
#include "scenario_json.h"

#include <QByteArray>
#include <QObject>
#include <QTest>

using namespace crossgrade;

namespace {

// A shipped sample with its SKU MI300X renamed to `id` everywhere it is named.
model::Scenario withMi300xNamed(const std::string& id) {
    std::string text = data::sampleScenarios().front().text;
    const std::string from = "\"MI300X\"";
    const std::string to = "\"" + id + "\"";
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    // The samples' correlations name the SKU inside JSON pointers too (ids without "/" or "~").
    const std::string inPointer = "/MI300X/";
    const std::string renamed = "/" + id + "/";
    for (std::size_t at = text.find(inPointer); at != std::string::npos;
         at = text.find(inPointer, at + renamed.size()))
        text.replace(at, inPointer.size(), renamed);
    const data::ScenarioReadResult read = data::readScenario(text);
    if (!read.ok())
        qFatal("the renamed sample does not read: %s %s", read.errors.front().place.c_str(),
               read.errors.front().message.c_str());
    return *read.scenario;
}

std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

} // namespace

class TestCsvWriter : public QObject {
    Q_OBJECT

private slots:
    void csvField_data();
    void csvField();
    void bug_samplesCsvQuotesAPointerEndingInABlank();
    void bug_evaluationCsvQuotesASkuIdWithAComma();
};

void TestCsvWriter::csvField_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("written");
    QTest::addColumn<bool>("quoted");
    QTest::newRow("plain") << QByteArray("H100 SXM") << QByteArray("H100 SXM") << false;
    QTest::newRow("empty") << QByteArray("") << QByteArray("") << false;
    QTest::newRow("comma") << QByteArray("a,b") << QByteArray("\"a,b\"") << true;
    QTest::newRow("quote") << QByteArray("say \"hi\"") << QByteArray("\"say \"\"hi\"\"\"") << true;
    QTest::newRow("LF") << QByteArray("a\nb") << QByteArray("\"a\nb\"") << true;
    QTest::newRow("CR") << QByteArray("a\rb") << QByteArray("\"a\rb\"") << true;
    QTest::newRow("leading space") << QByteArray(" a") << QByteArray("\" a\"") << true;
    QTest::newRow("trailing space") << QByteArray("a ") << QByteArray("\"a \"") << true;
    QTest::newRow("leading tab") << QByteArray("\ta") << QByteArray("\"\ta\"") << true;
    QTest::newRow("trailing tab") << QByteArray("a\t") << QByteArray("\"a\t\"") << true;
    QTest::newRow("only a space") << QByteArray(" ") << QByteArray("\" \"") << true;
    QTest::newRow("semicolon") << QByteArray("a; b") << QByteArray("a; b") << false;
}

void TestCsvWriter::csvField() {
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, written);
    QFETCH(bool, quoted);
    const std::string_view field(text.constData(), std::size_t(text.size()));
    QCOMPARE(QByteArray::fromStdString(data::csvField(field)), written);
    QCOMPARE(data::csvFieldNeedsQuotes(field), quoted);
    std::string line = "x,";
    data::appendCsvField(line, field);
    QCOMPARE(QByteArray::fromStdString(line), "x," + written);
}

// The samples CSV quoted only a comma, quote or line break, so an input's pointer ending in a
// SKU id with a trailing blank was written bare, and a reader that trims unquoted fields
// (libcsv, the project's own) read another column name.
void TestCsvWriter::bug_samplesCsvQuotesAPointerEndingInABlank() {
    const model::Scenario scenario = withMi300xNamed("MI300X ");
    const model::CompiledScenario compiled = model::compile(scenario);
    const model::ScenarioEvaluation evaluation = model::evaluateScenario(scenario, compiled);
    model::DrawCache draws;
    const model::MonteCarloResult mc =
        model::runMonteCarlo(compiled, evaluation, {8, 1, 1, std::nullopt}, draws);
    const std::string header = firstLine(data::writeSamplesCsv(
        compiled, evaluation, mc, draws.draws(compiled.inputs, mc.seed, mc.samples)));
    int blankEnded = 0;
    for (model::InputId i = 0; i < compiled.inputs.size(); ++i) {
        const std::string pointer = compiled.inputs.pointer(i);
        if (pointer.back() != ' ')
            continue;
        ++blankEnded;
        QVERIFY2(header.find(",\"" + pointer + "\"") != std::string::npos, pointer.c_str());
    }
    QVERIFY(blankEnded > 0);
}

// The evaluation CSV wrote gpus_<SKU> unquoted, so a SKU id with a comma split its column in
// two and shifted every column after it.
void TestCsvWriter::bug_evaluationCsvQuotesASkuIdWithAComma() {
    const model::Scenario scenario = withMi300xNamed("MI300X,OAM");
    const model::CompiledScenario compiled = model::compile(scenario);
    const model::ScenarioEvaluation evaluation = model::evaluateScenario(scenario, compiled);
    const std::string header = firstLine(data::writeEvaluationCsv(evaluation, compiled));
    QVERIFY2(header.find(",\"gpus_MI300X,OAM\"") != std::string::npos, header.c_str());
    QVERIFY(header.find(",gpus_H100") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestCsvWriter)
#include "tst_csv_writer.moc"
