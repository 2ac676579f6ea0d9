// The workload editor's "Benchmark evidence" panel (ui/scenario/workload_binding_panel.h) inside
// the scenario editor, on a store of the benchmark fixtures: Bind writes model::bindWorkload's
// result into the selected inference workload as one undo step and the panel shows its ratios
// and notes, Unbind is one undo step too, the fields follow the selected workload's binding,
// nothing pairing says the default stays, a training workload cannot be bound, and without a
// store Bind is refused with the reason.

#include "benchmark_import.h"
#include "benchmark_text.h"
#include "sample_scenario.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "widget_lookup.h"
#include "workload_binding_panel.h"

#include <QLineEdit>
#include <QObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace crossgrade;
using crossgrade::testing::child;
using ui::ScenarioDocument;
using ui::ScenarioEditor;
using ui::WorkloadBindingPanel;

namespace {

// The demo scenario's 70B chat workload at its 1k/1k operating point, and rows that pair for
// it in canonical.csv (H200, MI300X, MI325X against H100).
const char* const kWorkload = "chat-70b";

model::BenchmarkSelector chatSelector() {
    model::BenchmarkSelector s;
    s.model = "llama-3.1-70b";
    s.precision = "fp8";
    s.isl = 1024;
    s.osl = 1024;
    return s;
}

} // namespace

class TestWorkloadBindingPanel : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void bindIsOneUndoStepAndShowsTheResult();
    void unbindIsOneUndoStep();
    void fieldsFollowTheSelectedWorkload();
    void noMatchSaysTheDefaultStays();
    void trainingWorkloadCannotBeBound();
    void withoutAStoreBindIsRefused();
    void aModelNameIsRequired();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<data::Store> m_store;
    std::unique_ptr<ScenarioDocument> m_document;
    std::unique_ptr<ScenarioEditor> m_editor;

    WorkloadBindingPanel* panel() const { return m_editor->bindingPanel(); }
    const model::Workload& workload(const char* id = kWorkload) const {
        return m_document->scenario().workloads.at(id);
    }
    std::vector<model::BenchmarkRecord> records() const {
        std::vector<model::BenchmarkRecord> out;
        for (const data::StoredBenchmark& b : m_store->benchmarks())
            out.push_back(b.record);
        return out;
    }
};

void TestWorkloadBindingPanel::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<data::Store>(data::Store::open(m_dir->filePath("s.sqlite")));
    for (const char* name : {"canonical.csv", "inferencex-agg.json"}) {
        const data::BenchmarkFileImport in = data::readBenchmarkFile(
            std::string(CROSSGRADE_SOURCE_DIR "/tests/fixtures/benchmarks/") + name, std::nullopt,
            {});
        QVERIFY(in.result.ok());
        m_store->addBenchmarks(in.result.records);
    }
    m_document = std::make_unique<ScenarioDocument>(
        testing::sampleScenario(QStringLiteral("large-model-inference.json")));
    m_editor = std::make_unique<ScenarioEditor>();
    m_editor->setDocument(m_document.get());
    m_editor->setStore(m_store.get());
    m_editor->showSection(ScenarioEditor::Section::Workloads);
    m_editor->resize(1100, 900);
    m_editor->show();
    QVERIFY(m_editor->selectWorkload(QString::fromLatin1(kWorkload)));
    QCOMPARE(panel()->workload(), std::string(kWorkload));
}

void TestWorkloadBindingPanel::cleanup() {
    m_editor.reset();
    m_document.reset();
    m_store.reset();
    m_dir.reset();
}

void TestWorkloadBindingPanel::bindIsOneUndoStepAndShowsTheResult() {
    QVERIFY(!workload().benchmark);
    QVERIFY(panel()->text().contains("Not bound"));
    const int steps = m_document->undoStack()->count();
    panel()->setSelector(chatSelector());
    QCOMPARE(panel()->bind(), QString());
    QCOMPARE(m_document->undoStack()->count(), steps + 1);
    QCOMPARE(m_document->undoStack()->undoText(), QStringLiteral("Bind workload chat-70b to "
                                                                 "benchmarks"));
    // What the scenario holds is the model's resolution of the selector, nothing else.
    QVERIFY(workload().benchmark);
    const model::WorkloadBinding& bound = *workload().benchmark;
    const model::WorkloadBinding expected = model::bindWorkload(
        chatSelector(), records(), m_document->scenario().pricebook, bound.bound_on);
    QVERIFY(bound == expected);
    const model::BoundSku* mi300x = bound.sku("MI300X");
    QVERIFY(mi300x && mi300x->ratio);

    // The panel says what it yields: each SKU's ratio and pairs, and what stays default.
    const QString text = panel()->text();
    QVERIFY2(text.contains("Bound on"), qPrintable(text));
    QVERIFY2(text.contains("MI300X | " + ui::rangeText(*mi300x->ratio, ui::kRatioDigits) + " | " +
                           QString::number(mi300x->pairs)),
             qPrintable(text));
    QVERIFY(!bound.notes.empty());
    for (const std::string& note : bound.notes)
        QVERIFY2(text.contains(QString::fromStdString(note)), note.c_str());
    QVERIFY(!text.contains("No match"));
    QVERIFY(child<QPushButton>(*panel(), "unbind")->isEnabled());

    m_document->undoStack()->undo();
    QVERIFY(!workload().benchmark);
    QVERIFY(panel()->text().contains("Not bound"));
    m_document->undoStack()->redo();
    QVERIFY(workload().benchmark == expected);
}

void TestWorkloadBindingPanel::unbindIsOneUndoStep() {
    panel()->setSelector(chatSelector());
    QCOMPARE(panel()->bind(), QString());
    const model::WorkloadBinding bound = *workload().benchmark;
    const int steps = m_document->undoStack()->count();
    child<QPushButton>(*panel(), "unbind")->click();
    QVERIFY(!workload().benchmark);
    QCOMPARE(m_document->undoStack()->count(), steps + 1);
    QCOMPARE(m_document->undoStack()->undoText(),
             QStringLiteral("Unbind workload chat-70b from benchmarks"));
    QVERIFY(!child<QPushButton>(*panel(), "unbind")->isEnabled());
    QVERIFY(!panel()->unbind().isEmpty()); // nothing to unbind: refused, no step
    QCOMPARE(m_document->undoStack()->count(), steps + 1);
    m_document->undoStack()->undo();
    QVERIFY(workload().benchmark == bound);
}

void TestWorkloadBindingPanel::fieldsFollowTheSelectedWorkload() {
    panel()->setSelector(chatSelector());
    QCOMPARE(panel()->bind(), QString());
    QVERIFY(m_editor->selectWorkload(QStringLiteral("assistant-405b")));
    QCOMPARE(panel()->workload(), std::string("assistant-405b"));
    QVERIFY(panel()->selector() == model::BenchmarkSelector{}); // unbound: empty fields
    QVERIFY(m_editor->selectWorkload(QString::fromLatin1(kWorkload)));
    QVERIFY(panel()->selector() == chatSelector()); // prefilled from its binding
    // Typing is left alone by an unrelated edit of the scenario.
    child<QLineEdit>(*panel(), "bindingModel")->setText(QStringLiteral("llama-3.3"));
    QCOMPARE(
        m_document->edit(QStringLiteral("Rename"), [](model::Scenario& s) { s.name = "renamed"; }),
        QString());
    QCOMPARE(panel()->selector().model, std::string("llama-3.3"));
}

void TestWorkloadBindingPanel::noMatchSaysTheDefaultStays() {
    model::BenchmarkSelector nothing = chatSelector();
    nothing.model = "no-such-model";
    panel()->setSelector(nothing);
    QCOMPARE(panel()->bind(), QString());
    QVERIFY(workload().benchmark);
    QVERIFY(workload().benchmark->skus.empty());
    const QString text = panel()->text();
    QVERIFY2(text.contains("No match: the default stays"), qPrintable(text));
    QVERIFY(text.contains("no benchmark rows; the performance table's ratio stays"));
}

void TestWorkloadBindingPanel::trainingWorkloadCannotBeBound() {
    QCOMPARE(m_editor->addWorkload(model::WorkloadKindOfDemand::Training), QString());
    const std::string id = panel()->workload();
    QVERIFY(!id.empty());
    QVERIFY(workload(id.c_str()).kind == model::WorkloadKindOfDemand::Training);
    QVERIFY(!child<QLineEdit>(*panel(), "bindingModel")->isEnabled());
    QVERIFY(!child<QPushButton>(*panel(), "bind")->isEnabled());
    QVERIFY2(panel()->text().contains("Bindings are for inference workloads"),
             qPrintable(panel()->text()));
    const int steps = m_document->undoStack()->count();
    panel()->setSelector(chatSelector());
    QSignalSpy refused(panel(), &WorkloadBindingPanel::editRefused);
    QVERIFY(panel()->bind().contains("training workload"));
    QCOMPARE(refused.count(), 1);
    QCOMPARE(m_document->undoStack()->count(), steps);
    QVERIFY(m_editor->message().contains("training workload"));
}

void TestWorkloadBindingPanel::withoutAStoreBindIsRefused() {
    panel()->setSelector(chatSelector());
    QCOMPARE(panel()->bind(), QString());
    m_editor->setStore(nullptr);
    QVERIFY(!child<QPushButton>(*panel(), "bind")->isEnabled());
    QVERIFY(panel()->text().contains("No store is open"));
    // The binding the scenario holds is still shown, and can be undone or unbound.
    QVERIFY(panel()->text().contains("Bound on"));
    QVERIFY(child<QPushButton>(*panel(), "unbind")->isEnabled());
    const int steps = m_document->undoStack()->count();
    QVERIFY(panel()->bind().contains("No store"));
    QCOMPARE(m_document->undoStack()->count(), steps);
}

void TestWorkloadBindingPanel::aModelNameIsRequired() {
    const int steps = m_document->undoStack()->count();
    panel()->setSelector({});
    QVERIFY(panel()->bind().contains("model name"));
    QCOMPARE(m_document->undoStack()->count(), steps);
    QVERIFY(!workload().benchmark);
}

QTEST_MAIN(TestWorkloadBindingPanel)
#include "tst_workload_binding_panel.moc"
