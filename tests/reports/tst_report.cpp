// The leadership report as a reader gets it: the PDF's text (pdftotext) holds the answer, the
// key numbers, every generated risk and every assumption; its charts are vectors; the files
// beside it reproduce it.

#include "figures.h"
#include "likelihood.h"
#include "pdf_tools.h"
#include "report_export.h"
#include "sample_scenario.h"
#include "scenario_inputs.h"
#include "whatif.h"

#include <QApplication>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace crossgrade;

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

// The large-model sample with a deeper AMD discount, so that paths take doors and the tornado
// has bars; and the sample as shipped, to compare against.
std::vector<model::Scenario> reportScenarios() {
    model::Scenario discounted =
        testing::sampleScenario(QStringLiteral("large-model-inference.json"));
    discounted = model::withKnob(discounted, model::WhatIfKnob::AmdDiscount, 0.40);
    discounted.name = "Large model at a 40 % AMD discount";
    return {discounted, testing::sampleScenario(QStringLiteral("large-model-inference.json"))};
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::vector<reports::ScenarioAnalysis> m_analyses;
    reports::ReportMeta m_meta;
    QString m_pdf;
    QString m_text;     // words of the A4 PDF
    QString m_squeezed; // and without white space

    // The PDF says `text` somewhere (white space aside).
    bool says(const QString& text) const { return m_squeezed.contains(testing::squeezed(text)); }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        reports::AnalysisSettings settings;
        settings.samples = 400;
        settings.threads = 2;
        m_analyses = reports::analyseScenarios(reportScenarios(), settings);
        QCOMPARE(m_analyses.size(), std::size_t(2));
        // The premise of the tests below: the discounted scenario's lead option takes a door.
        const model::OptionOutcome* lead =
            m_analyses[0].evaluation.find(m_analyses[0].leadOption());
        QVERIFY(lead && lead->doors_taken > 0);
        m_meta.timestamp = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
        m_meta.samples = settings.samples;
        m_meta.seed = reports::reportSeed(reportScenarios(), settings);
        m_pdf = m_dir.filePath(QStringLiteral("decision.pdf"));
        reports::exportReport(m_analyses, m_meta, m_pdf);
        const QString text = testing::pdfText(m_pdf);
        m_text = testing::words(text);
        m_squeezed = testing::squeezed(testing::pdfBodyText(m_pdf));
    }

    void decisionPageLeadsWithTheAnswer() {
        const reports::ScenarioAnalysis& a = m_analyses[0];
        const model::OptionDistribution* d = a.distribution(a.leadOption());
        QVERIFY(d);
        const QString first =
            testing::squeezed(m_text.left(m_text.indexOf(QStringLiteral("Page 2 of"))));
        const auto onPageOne = [&first](const QString& text) {
            return first.contains(testing::squeezed(text));
        };
        QVERIFY(onPageOne(QStringLiteral("Decision: Large model at a 40 % AMD discount")));
        QVERIFY(onPageOne(q(std::string(model::title(a.evaluation.recommendation.primary_path)))));
        QVERIFY2(onPageOne(q(model::likelihoodPhrase(d->p_beats_stay_cuda))),
                 qPrintable(m_text.left(2000)));
        QVERIFY(onPageOne(QStringLiteral("median saving %1 (P10 %2, P90 %3)")
                              .arg(q(model::formatUsd(d->npv_saving_usd.p50)),
                                   q(model::formatUsd(d->npv_saving_usd.p10)),
                                   q(model::formatUsd(d->npv_saving_usd.p90)))));
        // The options table: every option. (Raw order draws each page's header and footer first, so
        // page 1 is the text before "Page 2 of".)
        for (const model::OptionOutcome& o : a.evaluation.options)
            QVERIFY(onPageOne(reports::optionLabel(o.id)));
        QVERIFY(onPageOne(QStringLiteral("Top drivers of")));
        QVERIFY(onPageOne(QStringLiteral("Cumulative cost by option")));
    }

    // The decision page counted months from 1 ("breaks even in month 12") where the app, the
    // CLI, the cumulative figure and every month the user types (the HetCCL month, availability)
    // count from 0 ("month 11"): one number read two ways.
    void bug_breakEvenMonthReadOneLaterInThePdfThanInTheApp() {
        const reports::ScenarioAnalysis& a = m_analyses[0];
        const model::OptionOutcome* lead = a.evaluation.find(a.leadOption());
        QVERIFY(lead && lead->break_even_month);
        QVERIFY2(says(QStringLiteral("At most-likely values it breaks even in %1 on discounted "
                                     "cost")
                          .arg(QString::fromStdString(
                              model::monthLabel(a.scenario.start_month, *lead->break_even_month)))),
                 qPrintable(m_text.left(3000)));
    }

    // Months in the PDF are the scenario's calendar months (it starts January 2027), the first
    // AMD month and each workload's door among them; "month N" is left only for month inputs.
    void monthsAreNamedFromTheStartMonth() {
        const reports::ScenarioAnalysis& a = m_analyses[0];
        QVERIFY(a.scenario.start_month.has_value());
        const model::OptionOutcome* lead = a.evaluation.find(a.leadOption());
        QVERIFY(lead && lead->run.first_amd_month >= 0);
        QVERIFY(says(QString::fromStdString(
            model::monthLabel(a.scenario.start_month, lead->run.first_amd_month))));
        QVERIFY2(says(QStringLiteral("Per workload")), qPrintable(m_text.left(3000)));
        for (const model::WorkloadDoor& d : model::workloadDoors(a.compiled, *lead))
            if (d.month >= 0)
                QVERIFY2(says(QStringLiteral("moves to AMD, %1")
                                  .arg(QString::fromStdString(
                                      model::monthLabel(a.scenario.start_month, d.month)))),
                         d.workload.c_str());
        QVERIFY(!says(QStringLiteral("breaks even in month")));
    }

    void textHoldsEveryGeneratedRisk() {
        std::size_t count = 0;
        for (const reports::ScenarioAnalysis& a : m_analyses)
            for (const model::Risk& r : a.risks) {
                QVERIFY2(says(q(r.title)), r.title.c_str());
                QVERIFY2(says(q(r.text)), r.text.c_str());
                ++count;
            }
        QVERIFY(count > 0); // the tests would prove nothing without risks
    }

    void textHoldsEveryAssumption() {
        for (const reports::ScenarioAnalysis& a : m_analyses)
            for (const model::ScenarioInput& input : model::scenarioInputs(a.scenario)) {
                QVERIFY2(says(q(input.label)), input.label.c_str());
                const model::UncertainNumber* n = model::findInput(a.scenario, input.pointer);
                QVERIFY(n);
                if (!n->date.empty())
                    QVERIFY2(says(q(n->date)), n->date.c_str());
            }
    }

    void chartsAreVectors() {
        QCOMPARE(testing::pdfImageCount(m_pdf), 0);
        // The figures drew their words as text: the tornado's axis caption and inputs.
        QVERIFY(m_text.contains(QStringLiteral("NPV saving vs stay-cuda")));
        QVERIFY(m_text.contains(QStringLiteral("Monthly cost components")));
    }

    void everyPageHasItsFurniture() {
        const int pages = testing::pdfPages(m_pdf);
        QVERIFY(pages > 3);
        for (int p = 1; p <= pages; ++p)
            QVERIFY2(m_text.contains(QStringLiteral("Page %1 of %2").arg(p).arg(pages)),
                     qPrintable(QString::number(p)));
        QCOMPARE(m_text.count(QStringLiteral("1 January 2026")), pages);
        QCOMPARE(testing::pdfPageSize(m_pdf), QStringLiteral("595 x 842 pts"));
    }

    void letterPaper() {
        reports::ReportMeta meta = m_meta;
        meta.paper = reports::Paper::Letter;
        const QString pdf = m_dir.filePath(QStringLiteral("letter.pdf"));
        reports::exportReport({m_analyses[1]}, meta, pdf);
        QCOMPARE(testing::pdfPageSize(pdf), QStringLiteral("612 x 792 pts"));
    }

    // Issue 7 point 6: a bound workload's report names the rows behind each measured number,
    // says what stays default, and says which workloads are not bound.
    void benchmarkEvidenceNamesItsRows() {
        QVERIFY(says(QStringLiteral("chat-70b is not bound to benchmarks: the performance "
                                    "table's ratios, the transition penalty and board power "
                                    "apply.")));
        model::Scenario bound =
            testing::sampleScenario(QStringLiteral("large-model-inference.json"));
        model::WorkloadBinding b;
        b.selector.model = "llama";
        b.selector.precision = "fp8";
        b.bound_on = "2026-12-01";
        b.skus["MI300X"].ratio = model::UncertainNumber::between(0.9375, 1.0656, 1.1936);
        b.skus["MI300X"].pairs = 2;
        b.skus["MI300X"].joules_per_token = model::UncertainNumber::certain(0.42);
        b.skus["MI300X"].rows = {"mlperf-summary.json, row 0 (AMD, 8xMI300X), v5.0",
                                 "canonical.csv, run 2025-09-16/mi300x-1k, 2025-09-16"};
        b.notes = {"MI355X: no benchmark rows; the performance table's ratio stays"};
        bound.workloads.at("chat-70b").benchmark = b;
        reports::AnalysisSettings settings;
        settings.samples = 200;
        const auto analyses = reports::analyseScenarios({bound}, settings);
        const QString pdf = m_dir.filePath(QStringLiteral("bound.pdf"));
        reports::exportReport(analyses, m_meta, pdf);
        const QString text = testing::squeezed(testing::pdfText(pdf));
        for (const char* expected :
             {"Benchmark evidence",
              "chat-70b is bound to the benchmark rows matching model “llama”, fp8 (resolved "
              "2026-12-01)",
              "mlperf-summary.json, row 0 (AMD, 8xMI300X), v5.0",
              "canonical.csv, run 2025-09-16/mi300x-1k, 2025-09-16", "0.42 J/token",
              "Stays default: MI355X: no benchmark rows; the performance table's ratio stays",
              "assistant-405b is not bound to benchmarks",
              // The register lists the measured inputs with the source binding wrote.
              "chat-70b: MI300X vs H100, measured", "chat-70b: MI300X energy per token, measured"})
            QVERIFY2(text.contains(testing::squeezed(QString::fromUtf8(expected))), expected);
    }

    // Issue 8: the audit section shows what a repository scan proposed, why, and per repository.
    void scannedAuditShowsReasonsAndRepositories() {
        model::Scenario scanned =
            testing::sampleScenario(QStringLiteral("large-model-inference.json"));
        model::DimensionAssessment& kernels =
            scanned.audit.dimension(model::Dimension::CustomKernels);
        kernels.proposed_tier = model::Tier::High;
        kernels.tier = model::Tier::High;
        kernels.reasons = {"D1.inline-ptx (high) at serving/csrc/attn.cu:212 sets High",
                           "2 finding(s) in comments do not set the tier"};
        kernels.evidence = {{"D1.inline-ptx", model::Level::High, model::Level::High,
                             "serving/csrc/attn.cu", 212, 5, "asm volatile(\"ldmatrix.sync\");",
                             model::EvidenceContext::Code,
                             "none (rewrite; HIPIFY cannot translate PTX)", std::nullopt}};
        model::RepositoryBreakdown serving;
        serving.name = "serving";
        serving.files_scanned = 1204;
        serving.bytes_scanned = 18'400'000;
        serving.files_not_scanned = 7;
        serving.proposed = {model::Tier::High, model::Tier::Medium, model::Tier::Low,
                            model::Tier::Low,  model::Tier::High,   std::nullopt};
        model::RepositoryBreakdown trainer = serving;
        trainer.name = "trainer";
        trainer.files_scanned = 311;
        trainer.proposed[0] = model::Tier::Low;
        scanned.audit.repositories = {serving, trainer};
        scanned.audit.not_scanned = {{"serving/assets/w.bin", "binary"}};
        reports::AnalysisSettings settings;
        settings.samples = 200;
        const auto analyses = reports::analyseScenarios({scanned}, settings);
        const QString pdf = m_dir.filePath(QStringLiteral("scanned.pdf"));
        reports::exportReport(analyses, m_meta, pdf);
        const QString text = testing::squeezed(testing::pdfText(pdf));
        for (const char* expected :
             {"Scan proposed High.", "D1.inline-ptx (high) at serving/csrc/attn.cu:212 sets High.",
              "serving/csrc/attn.cu:212", "none (rewrite; HIPIFY cannot translate PTX)",
              "Proposed by a repository scan", "1 file(s) were not scanned", "serving", "1204",
              "18.4", "trainer", "311"})
            QVERIFY2(text.contains(testing::squeezed(QString::fromUtf8(expected))), expected);
        QVERIFY(!text.contains(testing::squeezed(QStringLiteral("2 finding(s) in comments"))));
    }

    void comparisonPairsTheScenarios() {
        QVERIFY(m_text.contains(QStringLiteral("Scenario comparison")));
        QVERIFY(says(QStringLiteral("Scenario 2 of 2: ") + q(m_analyses[1].scenario.name)));
        QVERIFY(m_text.contains(QStringLiteral("Δ NPV, P50 (P10–P90)")));
    }

    void methodologyNamesHowItWasMade() {
        const QString methodology = m_text.mid(m_text.lastIndexOf(QStringLiteral("Methodology")));
        QVERIFY(methodology.contains(QStringLiteral("Seed %1").arg(m_meta.seed)));
        QVERIFY(methodology.contains(QStringLiteral("Samples 400")));
        QVERIFY(methodology.contains(QStringLiteral("2026-01-01T00:00:00Z")));
        QVERIFY(methodology.contains(QStringLiteral("decision.scenario-1.json")));
        QVERIFY(methodology.contains(QStringLiteral("decision.samples-2.csv")));
        QVERIFY(methodology.contains(QStringLiteral("Crossgrade " CROSSGRADE_VERSION)));
        QVERIFY(methodology.contains(
            QStringLiteral(
                "crossgrade-cli report decision.scenario-1.json decision.scenario-2.json "
                "--out decision.pdf --paper a4 --samples 400 --seed %1 --timestamp "
                "2026-01-01T00:00:00Z")
                .arg(m_meta.seed)));
    }

    void filesBesideReproduceTheInputs() {
        for (int i = 1; i <= 2; ++i) {
            const QString json = m_dir.filePath(QStringLiteral("decision.scenario-%1.json").arg(i));
            const data::ScenarioReadResult read = data::readScenarioFile(json.toStdString());
            QVERIFY(read.ok());
            QVERIFY(*read.scenario == m_analyses[std::size_t(i - 1)].scenario);
            QFile csv(m_dir.filePath(QStringLiteral("decision.samples-%1.csv").arg(i)));
            QVERIFY(csv.open(QIODevice::ReadOnly));
            QCOMPARE(csv.readAll().count('\n'), qsizetype(401)); // a header and 400 samples
        }
    }

    void sameAnalysisSameText() {
        const QString again = m_dir.filePath(QStringLiteral("again/decision.pdf"));
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("again")));
        reports::exportReport(m_analyses, m_meta, again);
        QCOMPARE(testing::words(testing::pdfText(again)), m_text);
    }

    // A 200-byte title ran over the organisation and the date on every page's header: the two
    // ends were drawn over the full width, one left- and one right-aligned.
    void bug_longTitleOverlappedOrganisationInHeader() {
        reports::ReportBody body;
        body.html(QStringLiteral("<p>Body</p>"));
        reports::PageFurniture furniture;
        furniture.title = QStringLiteral("Titleword ").repeated(20).trimmed();
        furniture.organisation = QStringLiteral("Orgword ").repeated(25).trimmed();
        furniture.date = QStringLiteral("1 December 2026");
        const QString pdf = m_dir.filePath(QStringLiteral("long-header.pdf"));
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(reports::renderPdf(body, furniture, reports::Paper::A4));
        file.close();
        // Every word's box on the first page, as poppler reads it.
        const QString boxes =
            testing::runTool(QStringLiteral("pdftotext"),
                             {QStringLiteral("-bbox"), QStringLiteral("-f"), QStringLiteral("1"),
                              QStringLiteral("-l"), QStringLiteral("1"), pdf, QStringLiteral("-")});
        const QRegularExpression word(QStringLiteral(
            "<word xMin=\"([0-9.]+)\" yMin=\"[0-9.]+\" xMax=\"([0-9.]+)\"[^>]*>([^<]*)</word>"));
        double titleRight = 0;
        double rightLeft = 1e9;
        int titleWords = 0;
        int rightWords = 0;
        for (const QRegularExpressionMatch& m : word.globalMatch(boxes)) {
            const QString text = m.captured(3);
            if (text.startsWith(QStringLiteral("Titleword")) ||
                text.startsWith(QStringLiteral("Titlew"))) {
                titleRight = std::max(titleRight, m.captured(2).toDouble());
                ++titleWords;
            } else if (text.startsWith(QStringLiteral("Orgw")) ||
                       text == QStringLiteral("December")) {
                rightLeft = std::min(rightLeft, m.captured(1).toDouble());
                ++rightWords;
            }
        }
        QVERIFY2(titleWords > 0 && rightWords > 0, qPrintable(boxes.left(2000)));
        QVERIFY2(titleRight < rightLeft, qPrintable(QStringLiteral("title ends at %1, organisation "
                                                                   "and date start at %2")
                                                        .arg(titleRight)
                                                        .arg(rightLeft)));
        QVERIFY(testing::pdfText(pdf).contains(QStringLiteral("December 2026")));
        QVERIFY(testing::pdfText(pdf).contains(QChar(0x2026))); // the cut title says it is cut
    }

    void exportToAMissingFolderFailsNamingTheFile() {
        const QString pdf = m_dir.filePath(QStringLiteral("missing/report.pdf"));
        try {
            reports::exportReport({m_analyses[1]}, m_meta, pdf);
            QFAIL("exported into a folder that does not exist");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("missing")), e.what());
        }
        QVERIFY(!QFile::exists(pdf));
    }

    void paperNames() {
        QVERIFY(reports::parsePaper(u"A4") == reports::Paper::A4);
        QVERIFY(reports::parsePaper(u"letter") == reports::Paper::Letter);
        QVERIFY(!reports::parsePaper(u"legal"));
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
