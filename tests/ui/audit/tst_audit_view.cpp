#include "audit_json.h"
#include "audit_table_model.h"
#include "audit_view.h"
#include "recommendation.h"
#include "samples.h"
#include "source_viewer.h"
#include "widget_lookup.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QTimer>

using namespace crossgrade;
using model::Dimension;
using model::Tier;

Q_DECLARE_METATYPE(model::Audit)
Q_DECLARE_METATYPE(model::Dimension)
Q_DECLARE_METATYPE(model::Tier)
Q_DECLARE_METATYPE(model::RocmExperience)
Q_DECLARE_METATYPE(std::optional<model::Tier>)

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// Enums compare by their file-format names: QCOMPARE prints them on failure.
QString name(Tier tier) {
    return qs(model::toString(tier));
}

model::Audit sampleAudit(const QString& name) {
    for (const data::SampleFile& file : data::sampleAudits())
        if (file.name == name + QStringLiteral(".json")) {
            data::AuditReadResult read = data::readAudit(file.text);
            if (read.audit)
                return *read.audit;
        }
    qFatal("sample audit %s is missing or invalid", qPrintable(name));
}

QStringList sampleAuditNames() {
    QStringList names;
    for (const data::SampleFile& file : data::sampleAudits())
        names << file.name.chopped(5);
    return names;
}

using testing::child;
using testing::tableModel;

// The audit carried by the last auditEdited emission.
model::Audit lastEdited(const QSignalSpy& spy) {
    return spy.last().at(1).value<model::Audit>();
}

// Where a scan proposed `proposed` and the reviewer may have overridden it.
model::Audit scannedAudit(std::optional<Tier> proposed, std::optional<Tier> overridden) {
    model::Audit a;
    auto& dim = a.dimension(Dimension::CustomKernels);
    dim.proposed_tier = proposed;
    dim.tier = overridden ? *overridden : proposed.value_or(Tier::Low);
    if (overridden)
        dim.override_tier = model::TierOverride{*overridden, "checked by hand"};
    return a;
}

void saveScreenshot(QWidget& view, const QString& name) {
    const QString dir = qEnvironmentVariable("CROSSGRADE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    view.resize(1100, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(50); // let queued layout requests settle, as they would on screen
    QVERIFY(view.grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TestAuditView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        qRegisterMetaType<model::Audit>();
        QVERIFY(sampleAuditNames().size() >= 5);
    }

    void tableModelPassesTheTester() {
        ui::AuditTableModel table;
        QAbstractItemModelTester tester(&table,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const QString& name : sampleAuditNames())
            table.setAudit(sampleAudit(name));
        QVERIFY(table.setData(table.index(0, ui::AuditTableModel::TierColumn), "low"));
        QVERIFY(table.setData(table.index(5, ui::AuditTableModel::NotesColumn), "a\nb"));
        QCOMPARE(table.index(5, ui::AuditTableModel::NotesColumn).data().toString(), "a b");
        table.setReadOnly(true);
        QVERIFY(
            !(table.flags(table.index(0, ui::AuditTableModel::TierColumn)) & Qt::ItemIsEditable));
    }

    void viewModelsPassTheTester() {
        ui::AuditView view;
        QAbstractItemModelTester evidence(tableModel(view, "evidenceTable"),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester libraries(tableModel(view, "libraryTable"),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester dimensions(tableModel(view, "dimensionTable"),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const QString& name : sampleAuditNames()) {
            view.setAudit(sampleAudit(name));
            for (Dimension d : model::kAllDimensions)
                view.selectDimension(d);
        }
    }

    // Editing a tier in the table reports the edited audit, and the summary follows at once.
    void editTier_data() {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<Dimension>("dimension");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<bool>("emits");
        QTest::addColumn<Tier>("expectedTier");

        QTest::newRow("kernels to High") << "standard-pytorch-inference" << Dimension::CustomKernels
                                         << QVariant("High") << true << Tier::High;
        QTest::newRow("file-format name") << "standard-pytorch-inference" << Dimension::Toolchain
                                          << QVariant("high") << true << Tier::High;
        QTest::newRow("tier as int") << "tensorrt-inference" << Dimension::Libraries
                                     << QVariant(int(Tier::Medium)) << true << Tier::Medium;
        QTest::newRow("distributed down to Low")
            << "legacy-training-platform" << Dimension::Distributed << QVariant("Low") << true
            << Tier::Low;
        QTest::newRow("team knowledge to High")
            << "greenfield-assistant" << Dimension::TeamKnowledge << QVariant("High") << true
            << Tier::High;
        QTest::newRow("edge: same tier") << "tensorrt-inference" << Dimension::Libraries
                                         << QVariant("High") << false << Tier::High;
        QTest::newRow("error: unknown tier") << "tensorrt-inference" << Dimension::Libraries
                                             << QVariant("Severe") << false << Tier::High;
        QTest::newRow("error: int out of range")
            << "tensorrt-inference" << Dimension::Libraries << QVariant(3) << false << Tier::High;
    }
    void editTier() {
        QFETCH(QString, sample);
        QFETCH(Dimension, dimension);
        QFETCH(QVariant, value);
        QFETCH(bool, emits);
        QFETCH(Tier, expectedTier);

        ui::AuditView view;
        view.setAudit(sampleAudit(sample));
        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        QAbstractItemModel* table = tableModel(view, "dimensionTable");
        const QModelIndex cell =
            table->index(ui::AuditTableModel::rowOf(dimension), ui::AuditTableModel::TierColumn);
        QCOMPARE(table->setData(cell, value), emits);
        QCOMPARE(spy.count(), emits ? 1 : 0);
        QCOMPARE(name(view.audit().dimension(dimension).tier), name(expectedTier));
        if (emits) {
            QCOMPARE(name(lastEdited(spy).dimension(dimension).tier), name(expectedTier));
            QVERIFY(spy.last().at(0).toString().contains(qs(model::title(dimension))));
        }
        // The summary is the model's reading of the audit as edited.
        const model::Recommendation r = model::recommend(view.audit().profile());
        const QString high = child<QLabel>(view, "highCountLabel")->text();
        QVERIFY2(high.contains(QStringLiteral(">%1</span> of 6").arg(r.high_count)),
                 qPrintable(high));
        QVERIFY(child<QLabel>(view, "effortLabel")->text().contains(qs(r.effort.label)));
        QVERIFY(child<QLabel>(view, "rulePathLabel")->text().contains(qs(r.decided_by)));
        for (const model::AuditWarning& w : r.warnings)
            QVERIFY(view.findChild<QLabel*>(QStringLiteral("warning-") + qs(w.id)) != nullptr);
    }

    // The combo delegate commits the picked tier as one edit.
    void editTierThroughTheDelegate() {
        ui::AuditView view;
        view.setAudit(sampleAudit("standard-pytorch-inference"));
        view.resize(1100, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        auto* tableView = child<QTableView>(view, "dimensionTable");
        const QModelIndex cell = tableView->model()->index(
            ui::AuditTableModel::rowOf(Dimension::FrameworkUsage), ui::AuditTableModel::TierColumn);
        tableView->setCurrentIndex(cell);
        tableView->edit(cell);
        auto* combo = tableView->findChild<QComboBox*>(QStringLiteral("tierEditor"));
        QVERIFY(combo != nullptr);
        QCOMPARE(combo->currentText(), QStringLiteral("Low"));
        combo->setCurrentIndex(int(Tier::High));
        emit combo->activated(int(Tier::High));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(name(lastEdited(spy).dimension(Dimension::FrameworkUsage).tier), "high");
        QVERIFY(child<QLabel>(view, "highCountLabel")->text().contains(">1</span>"));
    }

    void setAuditNeverEmits() {
        ui::AuditView view;
        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        for (const QString& name : sampleAuditNames()) {
            view.setAudit(sampleAudit(name));
            QCOMPARE(view.audit(), sampleAudit(name));
        }
        QCOMPARE(spy.count(), 0);
    }

    void notesEdit() {
        ui::AuditView view;
        view.setAudit(sampleAudit("tensorrt-inference"));
        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        QAbstractItemModel* table = tableModel(view, "dimensionTable");
        QVERIFY(
            table->setData(table->index(0, ui::AuditTableModel::NotesColumn), "PTX in one file"));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(lastEdited(spy).dimension(Dimension::CustomKernels).notes, "PTX in one file");
    }

    // The facts the rules read are edited in the header; the warnings follow.
    void headerFactsEdit() {
        ui::AuditView view;
        view.setAudit(sampleAudit("standard-pytorch-inference"));
        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        QVERIFY(view.findChild<QLabel*>(QStringLiteral("warning-inconsistent")) == nullptr);

        child<QCheckBox>(view, "multiNode")->setChecked(true);
        QCOMPARE(spy.count(), 1);
        QVERIFY(lastEdited(spy).multi_node);
        // Inference-only with multi-node training is inconsistent (docs/rules.md).
        QVERIFY(view.findChild<QLabel*>(QStringLiteral("warning-inconsistent")) != nullptr);

        child<QCheckBox>(view, "tensorrt")->setChecked(true);
        QCOMPARE(spy.count(), 2);
        QVERIFY(lastEdited(spy).tensorrt);

        auto* workload = child<QComboBox>(view, "workloadKind");
        workload->setCurrentIndex(workload->findData(int(model::WorkloadKind::Greenfield)));
        emit workload->activated(workload->currentIndex());
        QCOMPARE(spy.count(), 3);
        QCOMPARE(qs(model::toString(lastEdited(spy).workload)), "greenfield");
        QVERIFY(child<QLabel>(view, "rulePathLabel")->text().contains("greenfield"));
    }

    void readOnlyRefusesEdits() {
        ui::AuditView view;
        view.setAudit(sampleAudit("tensorrt-inference"));
        view.setReadOnly(true);
        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        QAbstractItemModel* table = tableModel(view, "dimensionTable");
        QVERIFY(!table->setData(table->index(0, ui::AuditTableModel::TierColumn), "High"));
        QVERIFY(!(table->flags(table->index(0, ui::AuditTableModel::NotesColumn)) &
                  Qt::ItemIsEditable));
        QVERIFY(!child<QCheckBox>(view, "tensorrt")->isEnabled());
        view.selectDimension(Dimension::TeamKnowledge);
        view.setTeamAnswers({5, 10, 0.2, model::RocmExperience::None});
        QVERIFY(!child<QPushButton>(view, "useProposedTier")->isEnabled());
        QCOMPARE(spy.count(), 0);
    }

    // A tier set in the table keeps a scan's proposal and the reviewer's override consistent.
    void overrideFollowsTheTier_data() {
        QTest::addColumn<std::optional<Tier>>("proposed");
        QTest::addColumn<std::optional<Tier>>("overridden");
        QTest::addColumn<Tier>("newTier");
        QTest::addColumn<std::optional<Tier>>("expectedOverride");
        QTest::addColumn<QString>("expectedReason");
        const std::optional<Tier> none;
        QTest::newRow("no scan, no override") << none << none << Tier::High << none << "";
        QTest::newRow("leaving the proposal adds one")
            << std::optional(Tier::High) << none << Tier::Medium << std::optional(Tier::Medium)
            << "Set by the reviewer in the audit view.";
        QTest::newRow("override follows, reason kept")
            << std::optional(Tier::High) << std::optional(Tier::Medium) << Tier::Low
            << std::optional(Tier::Low) << "checked by hand";
        QTest::newRow("back to the proposal drops it")
            << std::optional(Tier::High) << std::optional(Tier::Medium) << Tier::High << none << "";
        QTest::newRow("override without a scan follows")
            << none << std::optional(Tier::Medium) << Tier::High << std::optional(Tier::High)
            << "checked by hand";
    }
    void overrideFollowsTheTier() {
        QFETCH(std::optional<Tier>, proposed);
        QFETCH(std::optional<Tier>, overridden);
        QFETCH(Tier, newTier);
        QFETCH(std::optional<Tier>, expectedOverride);
        QFETCH(QString, expectedReason);
        const model::Audit edited = ui::AuditTableModel::withTier(
            scannedAudit(proposed, overridden), Dimension::CustomKernels, newTier);
        const auto& dim = edited.dimension(Dimension::CustomKernels);
        QCOMPARE(name(dim.tier), name(newTier));
        QVERIFY(dim.proposed_tier == proposed);
        QCOMPARE(dim.override_tier.has_value(), expectedOverride.has_value());
        if (expectedOverride) {
            QCOMPARE(name(dim.override_tier->tier), name(*expectedOverride));
            QCOMPARE(qs(dim.override_tier->reason), expectedReason);
        }
    }

    // The questionnaire proposes the tier of docs/rules.md, and "Use proposed tier" sets it.
    void questionnaire_data() {
        QTest::addColumn<int>("kernelEngineers");
        QTest::addColumn<int>("teamSize");
        QTest::addColumn<int>("pytorchPercent");
        QTest::addColumn<model::RocmExperience>("rocm");
        QTest::addColumn<QString>("proposed"); // empty: no proposal
        QTest::addColumn<bool>("applies");     // the sample's team knowledge is Medium

        const auto none = model::RocmExperience::None;
        const auto prod = model::RocmExperience::Production;
        QTest::newRow("PyTorch team: Low") << 0 << 12 << 90 << none << "Low" << true;
        QTest::newRow("75 % boundary: Low") << 1 << 8 << 75 << none << "Low" << true;
        QTest::newRow("kernel engineers: High") << 3 << 12 << 60 << none << "High" << true;
        QTest::newRow("High stepped down by production ROCm")
            << 3 << 12 << 60 << prod << "Medium" << false;
        QTest::newRow("edge: in between equals current")
            << 1 << 4 << 50 << none << "Medium" << false;
        QTest::newRow("error: more kernel engineers than team")
            << 5 << 2 << 0 << none << "" << false;
    }
    void questionnaire() {
        QFETCH(int, kernelEngineers);
        QFETCH(int, teamSize);
        QFETCH(int, pytorchPercent);
        QFETCH(model::RocmExperience, rocm);
        QFETCH(QString, proposed);
        QFETCH(bool, applies);

        ui::AuditView view;
        view.setAudit(sampleAudit("tensorrt-inference")); // team knowledge Medium
        view.selectDimension(Dimension::TeamKnowledge);
        QVERIFY(child<QWidget>(view, "teamQuestionnaire")->isVisibleTo(&view));
        child<QSpinBox>(view, "kernelEngineers")->setValue(kernelEngineers);
        child<QSpinBox>(view, "teamSize")->setValue(teamSize);
        child<QSpinBox>(view, "pytorchShare")->setValue(pytorchPercent);
        auto* rocmBox = child<QComboBox>(view, "rocmExperience");
        rocmBox->setCurrentIndex(rocmBox->findData(int(rocm)));

        const QString proposal = child<QLabel>(view, "proposal")->text();
        if (proposed.isEmpty())
            QVERIFY2(proposal.contains("No proposal"), qPrintable(proposal));
        else
            QVERIFY2(proposal.contains("&nbsp;" + proposed + "&nbsp;"), qPrintable(proposal));

        auto* use = child<QPushButton>(view, "useProposedTier");
        QCOMPARE(use->isEnabled(), applies);
        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        use->click();
        QCOMPARE(spy.count(), applies ? 1 : 0);
        if (applies) {
            const model::Audit edited = lastEdited(spy);
            const auto& team = edited.dimension(Dimension::TeamKnowledge);
            QCOMPARE(qs(model::title(team.tier)), proposed);
            QVERIFY(QString::fromStdString(team.notes).startsWith("Questionnaire: "));
            // Using it again after new answers replaces the questionnaire line.
            child<QSpinBox>(view, "kernelEngineers")->setValue(proposed == "High" ? 0 : 4);
            child<QSpinBox>(view, "pytorchShare")->setValue(100);
            use->click();
            QCOMPARE(QString::fromStdString(view.audit().dimension(Dimension::TeamKnowledge).notes)
                         .count("Questionnaire: "),
                     1);
        }
    }

    void questionnaireOnlyForTeamKnowledge() {
        ui::AuditView view;
        view.setAudit(sampleAudit("legacy-training-platform"));
        for (Dimension d : model::kAllDimensions) {
            view.selectDimension(d);
            QCOMPARE(child<QWidget>(view, "teamQuestionnaire")->isVisibleTo(&view),
                     d == Dimension::TeamKnowledge);
        }
    }

    void evidenceOfTheSelectedDimension() {
        ui::AuditView view;
        const model::Audit audit = sampleAudit("legacy-training-platform");
        view.setAudit(audit);
        view.selectDimension(Dimension::Distributed);
        QAbstractItemModel* evidence = tableModel(view, "evidenceTable");
        const auto& items = audit.dimension(Dimension::Distributed).evidence;
        QCOMPARE(evidence->rowCount(), int(items.size()));
        QCOMPARE(evidence->index(0, 0).data().toString(),
                 qs(items[0].path) + ":" + QString::number(items[0].line));
        QCOMPARE(evidence->index(0, 1).data().toString(), qs(items[0].rule_id));
        QVERIFY(child<QLabel>(view, "evidenceText")->text().contains(qs(items[0].rule_id)));
    }

    // Mitigations by coverage (issue 27): each finding says which mitigation covers it, and each
    // mitigation says how many of the findings it covers.
    void mitigationsShowWhatTheyCover() {
        model::Audit audit = scannedAudit(Tier::Medium, std::nullopt);
        auto& dim = audit.dimension(Dimension::CustomKernels);
        model::EvidenceItem covered;
        covered.rule_id = "D1.cuda-kernel";
        covered.path = "csrc/norm.cu";
        covered.line = 3;
        covered.snippet = "__global__ void norm()";
        covered.mitigated_by = "D1.hip-branch-cxx";
        model::EvidenceItem open = covered;
        open.path = "csrc/gemm.cu";
        open.mitigated_by.reset();
        dim.evidence = {covered, open};
        dim.mitigations.push_back(
            {"D1.hip-branch-cxx", "csrc/norm.cu", 1, "#ifdef __HIP_PLATFORM_AMD__", ""});
        ui::AuditView view;
        view.setAudit(audit);
        view.selectDimension(Dimension::CustomKernels);
        QAbstractItemModel* evidence = tableModel(view, "evidenceTable");
        int coveredColumn = -1;
        for (int c = 0; c < evidence->columnCount(); ++c)
            if (evidence->headerData(c, Qt::Horizontal).toString() == "Covered by")
                coveredColumn = c;
        QVERIFY(coveredColumn >= 0);
        QCOMPARE(evidence->index(0, coveredColumn).data().toString(),
                 QStringLiteral("D1.hip-branch-cxx"));
        QCOMPARE(evidence->index(1, coveredColumn).data().toString(), QString());
        const QString mitigations = child<QLabel>(view, "mitigations")->text();
        QVERIFY2(mitigations.contains("covers 1 of the 2 findings shown; 1 not covered"),
                 qPrintable(mitigations));
    }

    // A scanned dimension shows the proposal, the override with its editable reason, and the
    // mitigations found beside the dependency.
    void overrideAndMitigations() {
        model::Audit audit = scannedAudit(Tier::High, Tier::Medium);
        audit.dimension(Dimension::CustomKernels)
            .mitigations.push_back({"D3.abstraction-layer", "ops/hip.py", 4, "x", "HIP branch"});
        ui::AuditView view;
        view.setAudit(audit);
        view.selectDimension(Dimension::CustomKernels);
        const QString status = child<QLabel>(view, "tierStatus")->text();
        QVERIFY2(status.contains("overrode"), qPrintable(status));
        auto* reason = child<QLineEdit>(view, "overrideReason");
        QVERIFY(reason->isVisibleTo(&view));
        QCOMPARE(reason->text(), QStringLiteral("checked by hand"));
        QVERIFY(child<QLabel>(view, "mitigations")->text().contains("D3.abstraction-layer"));

        QSignalSpy spy(&view, &ui::AuditView::auditEdited);
        reason->setText("the PTX is dead code");
        emit reason->editingFinished();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(lastEdited(spy).dimension(Dimension::CustomKernels).override_tier->reason,
                 "the PTX is dead code");
        // Handing the edit back, as a caller does after recording it, changes nothing.
        view.setAudit(lastEdited(spy));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(reason->text(), QStringLiteral("the PTX is dead code"));

        view.selectDimension(Dimension::Libraries);
        QVERIFY(!reason->isVisibleTo(&view));
    }

    // Libraries the audit names stand out in the article's table.
    void namedLibraryHighlighted_data() {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QStringList>("highlighted");
        QTest::newRow("notes name cuBLAS") << "standard-pytorch-inference" << QStringList{"cuBLAS"};
        QTest::newRow("TensorRT flag and evidence")
            << "tensorrt-inference" << QStringList{"TensorRT"};
        QTest::newRow("TensorRT and NCCL")
            << "legacy-training-platform" << QStringList{"TensorRT", "NCCL"};
        QTest::newRow("cuDNN frontend, multi-node")
            << "toolchain-and-libraries" << QStringList{"cuDNN", "NCCL"};
        QTest::newRow("edge: cuBLASLt names cuBLAS")
            << "kernel-heavy-research" << QStringList{"cuBLAS"};
        QTest::newRow("edge: none named") << "greenfield-assistant" << QStringList{};
    }
    void namedLibraryHighlighted() {
        QFETCH(QString, sample);
        QFETCH(QStringList, highlighted);
        ui::AuditView view;
        view.setAudit(sampleAudit(sample));
        QAbstractItemModel* libraries = tableModel(view, "libraryTable");
        QCOMPARE(libraries->rowCount(), 5);
        QStringList named;
        for (int row = 0; row < libraries->rowCount(); ++row) {
            const QModelIndex cell = libraries->index(row, 0);
            const bool isNamed = cell.data(ui::AuditView::kNamedLibraryRole).toBool();
            QCOMPARE(cell.data(Qt::FontRole).value<QFont>().bold(), isNamed);
            if (isNamed)
                named << cell.data().toString();
        }
        QCOMPARE(named, highlighted);
    }

    // A scanned audit (issue 8, point 5): the scanner's reasons per dimension, the breakdown
    // per repository, the files not scanned and the evidence opened in the source viewer.
    void scannerReasonsShown() {
        model::Audit a = scannedAudit(Tier::High, std::nullopt);
        a.dimension(Dimension::CustomKernels).reasons = {"inline PTX in code: High",
                                                         "12 kernel files <no tag>"};
        ui::AuditView view;
        view.setAudit(a);
        view.selectDimension(Dimension::CustomKernels);
        const QString status = child<QLabel>(view, "tierStatus")->text();
        QVERIFY2(status.contains(QStringLiteral("inline PTX in code: High")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("12 kernel files &lt;no tag&gt;")),
                 qPrintable(status));
        view.selectDimension(Dimension::Libraries);
        QVERIFY(!child<QLabel>(view, "tierStatus")->text().contains(QStringLiteral("PTX")));
    }

    void repositoryBreakdown() {
        model::Audit a;
        for (const char* name : {"serving", "kernels"}) {
            model::RepositoryBreakdown r;
            r.name = name;
            r.root = std::string("/src/") + name;
            r.files_scanned = 120;
            r.files_not_scanned = 2;
            r.proposed[0] = std::string(name) == "kernels" ? Tier::High : Tier::Low;
            r.proposed[1] = Tier::Medium;
            r.findings[0] = 7;
            r.submodules = {"third_party/cutlass (https://github.com/NVIDIA/cutlass)"};
            a.repositories.push_back(r);
        }
        ui::AuditView view;
        view.show();
        QVERIFY(!child<QWidget>(view, "repositoriesBox")->isVisible());
        view.setAudit(a);
        QAbstractItemModel* table = tableModel(view, "repositoryTable");
        QAbstractItemModelTester tester(table,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(child<QWidget>(view, "repositoriesBox")->isVisible());
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->columnCount(), 8); // name, files, not read, dimensions 1-5
        QCOMPARE(table->index(1, 0).data().toString(), QStringLiteral("kernels"));
        QCOMPARE(table->index(1, 1).data().toString(), QStringLiteral("120"));
        QCOMPARE(table->index(1, 2).data().toString(), QStringLiteral("2"));
        QCOMPARE(table->index(1, 3).data().toString(), QStringLiteral("H"));
        QCOMPARE(table->index(1, 3).data(Qt::AccessibleTextRole).toString(),
                 QStringLiteral("High"));
        QCOMPARE(table->index(0, 3).data().toString(), QStringLiteral("L"));
        QCOMPARE(table->index(0, 4).data().toString(), QStringLiteral("M"));
        QCOMPARE(table->headerData(3, Qt::Horizontal).toString(), QStringLiteral("1"));
        QVERIFY(table->headerData(3, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("Custom kernel code")));
        QCOMPARE(table->index(0, 5).data().toString(), QStringLiteral("—"));
        QVERIFY(table->index(1, 3)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("7 findings")));
        QVERIFY(table->index(0, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("third_party/cutlass")));
    }

    void notScannedListed() {
        model::Audit a;
        a.not_scanned = {{"assets/lut.bin", "binary"}, {"data/big.json", "larger than 4 MiB"}};
        ui::AuditView view;
        view.show();
        view.setAudit(a);
        QVERIFY(child<QWidget>(view, "repositoriesBox")->isVisible());
        QVERIFY(!child<QTableView>(view, "repositoryTable")->isVisible());
        const QString text = child<QLabel>(view, "notScanned")->text();
        QVERIFY2(text.startsWith(QStringLiteral("2 files not scanned")), qPrintable(text));
        QVERIFY(child<QPushButton>(view, "showNotScanned")->isVisible());
        QStringList listed;
        QTimer::singleShot(0, &view, [&] {
            auto* dialog = view.findChild<QDialog*>(QStringLiteral("notScannedDialog"));
            if (!dialog)
                return;
            QAbstractItemModel* files = tableModel(*dialog, "notScannedTable");
            for (int r = 0; r < files->rowCount(); ++r)
                listed << files->index(r, 0).data().toString() + QStringLiteral(": ") +
                              files->index(r, 1).data().toString();
            dialog->reject();
        });
        view.showNotScanned();
        QCOMPARE(listed, (QStringList{QStringLiteral("assets/lut.bin: binary"),
                                      QStringLiteral("data/big.json: larger than 4 MiB")}));
        view.setAudit(model::Audit{});
        QVERIFY(!child<QWidget>(view, "repositoriesBox")->isVisible());
    }

    void evidenceOpensTheSourceViewer() {
        model::Audit a = scannedAudit(Tier::Medium, std::nullopt);
        a.name = "typed in";
        model::EvidenceItem item;
        item.rule_id = "D1.kernel-launch";
        item.path = "src/launch.cu";
        item.line = 9;
        a.dimension(Dimension::CustomKernels).evidence = {item};
        ui::AuditView view;
        view.setEditorCommand(QStringLiteral("kate --line {line} {file}"));
        view.setAudit(a);
        view.selectDimension(Dimension::CustomKernels);
        QVERIFY(!view.openEvidence(1)); // no such row
        QVERIFY(!view.sourceViewer());
        // Without repositories the file cannot be found: the viewer opens and says why.
        QVERIFY(!view.openEvidence(0));
        QVERIFY(view.sourceViewer());
        QVERIFY(view.sourceViewer()->isVisible());
        QVERIFY2(view.sourceViewer()->message().contains(QStringLiteral("src/launch.cu")),
                 qPrintable(view.sourceViewer()->message()));
        QCOMPARE(view.sourceViewer()->editorCommand(), QStringLiteral("kate --line {line} {file}"));
        view.sourceViewer()->close();
    }

    void screenshot() {
        ui::AuditView view;
        view.setAudit(sampleAudit("legacy-training-platform"));
        view.selectDimension(Dimension::CustomKernels);
        saveScreenshot(view, QStringLiteral("audit-view.png"));
        view.selectDimension(Dimension::TeamKnowledge);
        view.setTeamAnswers({3, 14, 0.6, model::RocmExperience::Some});
        saveScreenshot(view, QStringLiteral("audit-view-team.png"));
        view.setReadOnly(true);
        view.setAudit(sampleAudit("inconsistent-inference"));
        view.selectDimension(Dimension::Libraries);
        saveScreenshot(view, QStringLiteral("audit-view-readonly.png"));
    }
};

QTEST_MAIN(TestAuditView)
#include "tst_audit_view.moc"
