// File → Audit repositories… (ui/audit/scan_dialog.h): a scan of a tiny repository runs to
// completion and stores an audit with proposed tiers; a cancelled scan stores nothing; the workload
// kind is required; a path that is not a folder is refused with its name; a re-scan keeps the
// reviewer's overrides; the main window opens the stored scan in the audit view with its breakdown.

#include "audit_view.h"
#include "main_window.h"
#include "samples.h"
#include "scan_dialog.h"
#include "settings.h"
#include "source_viewer.h"
#include "store.h"
#include "test_files.h"
#include "widget_lookup.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

using namespace crossgrade;
using crossgrade::ui::ScanDialog;

namespace {

using testing::writeFile;

// A repository with a hand-written tensor-core kernel (inline PTX, WMMA), a PyTorch training
// script and a CUDA base image: enough for the scanner to propose tiers with evidence.
void writeTinyRepository(const QString& root) {
    writeFile(root + QStringLiteral("/csrc/gemm.cu"),
              "#include <mma.h>\n"
              "using namespace nvcuda;\n"
              "__global__ void gemm(const half* a, const half* b, float* c) {\n"
              "    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;\n"
              "    asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0}, "
              "{%1}, {%2}, {%3};\" : \"=f\"(c[0]) : \"r\"(0), \"r\"(0), \"f\"(c[0]));\n"
              "}\n"
              "void launch(const half* a, const half* b, float* c) {\n"
              "    gemm<<<64, 128>>>(a, b, c);\n"
              "    cudaDeviceSynchronize();\n"
              "}\n");
    // More tensor-core kernels: a non-portable kernel library (High from five files).
    for (int i = 1; i <= 4; ++i)
        writeFile(root + QStringLiteral("/csrc/gemm_%1.cu").arg(i),
                  "__global__ void gemm(float* c) {\n"
                  "    asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 x\");\n"
                  "}\n");
    writeFile(root + QStringLiteral("/train.py"), "import torch\n"
                                                  "import torch.distributed as dist\n"
                                                  "\n"
                                                  "def main():\n"
                                                  "    dist.init_process_group(backend=\"nccl\")\n"
                                                  "    model = torch.nn.Linear(8, 8).cuda()\n"
                                                  "    torch.backends.cudnn.benchmark = True\n");
    writeFile(root + QStringLiteral("/Dockerfile"),
              "FROM nvcr.io/nvidia/pytorch:24.05-py3\nRUN pip install -r requirements.txt\n");
    writeFile(root + QStringLiteral("/requirements.txt"), "torch==2.3.0\ncupy-cuda12x\n");
}

// Reads through the real file system, but holds every read until opened, so a test can cancel
// a scan that is certainly still running.
class GatedFileSystem : public data::ScanFileSystem {
public:
    bool readFile(const std::filesystem::path& path, std::string& out,
                  std::string& error) const override {
        ++m_reads;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_open; });
        }
        return data::realScanFileSystem().readFile(path, out, error);
    }
    void open() {
        {
            std::lock_guard lock(m_mutex);
            m_open = true;
        }
        m_cv.notify_all();
    }
    int reads() const { return m_reads; }

private:
    mutable std::atomic<int> m_reads{0};
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_cv;
    bool m_open = false;
};

// Tiers and workloads compare by their file-format names: QCOMPARE prints them on failure.
QString name(std::optional<model::Tier> tier) {
    return tier ? QString::fromUtf8(model::toString(*tier).data()) : QStringLiteral("none");
}
QString name(std::optional<model::WorkloadKind> kind) {
    return kind ? QString::fromUtf8(model::toString(*kind).data()) : QStringLiteral("none");
}

} // namespace

class TestScanDialog : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void scanStoresAnAuditWithProposedTiers();
    void cancelledScanStoresNothing();
    void workloadIsRequired();
    void noFolderIsRefused();
    void badFolderIsNamed_data();
    void badFolderIsNamed();
    void removeFolder();
    void escapeDuringAScanCancelsIt();
    void rescanKeepsOverrides();
    void mainWindowOpensTheScannedAudit();

private:
    data::Store& store() { return *m_store; }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_repo;
    std::unique_ptr<data::Store> m_store;
};

void TestScanDialog::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_repo = m_dir->filePath(QStringLiteral("tiny repo"));
    writeTinyRepository(m_repo);
    m_store = std::make_unique<data::Store>(
        data::Store::open(m_dir->filePath(QStringLiteral("store.sqlite"))));
}

void TestScanDialog::cleanup() {
    m_store.reset();
    m_dir.reset();
}

void TestScanDialog::scanStoresAnAuditWithProposedTiers() {
    ScanDialog dialog(store());
    QSignalSpy stored(&dialog, &ScanDialog::auditStored);
    dialog.addFolder(m_repo);
    dialog.addFolder(m_repo); // the same folder once
    QCOMPARE(dialog.folders(), QStringList{QDir::cleanPath(m_repo)});
    QCOMPARE(dialog.auditName(), QStringLiteral("tiny repo"));
    dialog.setWorkload(model::WorkloadKind::Training);
    QVERIFY2(dialog.startScan(), qPrintable(dialog.errorText()));
    QVERIFY(dialog.isScanning() || stored.count() == 0);
    dialog.waitForScan();
    QVERIFY(!dialog.isScanning());
    QVERIFY2(dialog.storedAuditId().has_value(), qPrintable(dialog.errorText()));
    QCOMPARE(stored.count(), 1);
    QVERIFY2(dialog.progressText().startsWith(QStringLiteral("Done")),
             qPrintable(dialog.progressText()));

    const std::vector<data::AuditSummary> audits = store().audits();
    QCOMPARE(audits.size(), std::size_t(1));
    QCOMPARE(audits.front().id, *dialog.storedAuditId());
    QCOMPARE(audits.front().name, std::string("tiny repo"));
    QCOMPARE(name(audits.front().workload), name(model::WorkloadKind::Training));
    QVERIFY(QString::fromStdString(audits.front().source).contains(QDir::cleanPath(m_repo)));

    const std::optional<model::Audit> audit = store().audit(*dialog.storedAuditId());
    QVERIFY(audit);
    for (std::size_t i = 0; i < 5; ++i)
        QVERIFY2(audit->dimensions[i].proposed_tier.has_value(),
                 model::toString(model::kAllDimensions[i]).data());
    const model::DimensionAssessment& kernels = audit->dimension(model::Dimension::CustomKernels);
    QCOMPARE(name(kernels.proposed_tier), name(model::Tier::High));
    QVERIFY(!kernels.evidence.empty());
    QCOMPARE(kernels.evidence.front().path.rfind("csrc/gemm.cu", 0), std::size_t(0));

    // What the dialog hands to the audit view also has the breakdown.
    QCOMPARE(dialog.storedAudit()->repositories.size(), std::size_t(1));
    QCOMPARE(dialog.storedAudit()->repositories.front().root,
             QDir::cleanPath(m_repo).toStdString());
    QVERIFY(dialog.findChild<QPushButton*>(QStringLiteral("openAudit"))->isVisibleTo(&dialog));
    const QString summary = dialog.findChild<QLabel*>(QStringLiteral("scanSummary"))->text();
    QVERIFY2(summary.contains(QStringLiteral("Stored as audit")), qPrintable(summary));
    // Each proposed tier comes with the reason that names the counts behind it.
    QVERIFY2(summary.contains(QString::fromStdString(kernels.reasons.front()).toHtmlEscaped()),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("counts that decided")), qPrintable(summary));
}

void TestScanDialog::cancelledScanStoresNothing() {
    GatedFileSystem gate;
    data::ScanOptions options;
    options.file_system = &gate;
    options.threads = 2;
    ScanDialog dialog(store());
    QSignalSpy stored(&dialog, &ScanDialog::auditStored);
    dialog.setScanOptions(options);
    dialog.addFolder(m_repo);
    dialog.setWorkload(model::WorkloadKind::InferenceOnly);
    QVERIFY(dialog.startScan());
    QVERIFY(dialog.isScanning());
    QCOMPARE(dialog.findChild<QPushButton*>(QStringLiteral("closeButton"))->text(),
             QStringLiteral("Cancel"));
    QTRY_VERIFY_WITH_TIMEOUT(gate.reads() > 0, 10000);
    dialog.cancelScan();
    gate.open();
    dialog.waitForScan();
    QVERIFY(!dialog.isScanning());
    QVERIFY(!dialog.storedAuditId());
    QCOMPARE(stored.count(), 0);
    QVERIFY(store().audits().empty());
    QVERIFY2(dialog.progressText().contains(QStringLiteral("cancelled: nothing was stored")),
             qPrintable(dialog.progressText()));
    QCOMPARE(dialog.findChild<QPushButton*>(QStringLiteral("closeButton"))->text(),
             QStringLiteral("Close"));
}

void TestScanDialog::workloadIsRequired() {
    ScanDialog dialog(store());
    dialog.addFolder(m_repo);
    QVERIFY(!dialog.workload());
    QCOMPARE(dialog.findChild<QComboBox*>(QStringLiteral("workloadKind"))->currentIndex(), -1);
    QVERIFY(!dialog.startScan());
    QVERIFY(!dialog.isScanning());
    QVERIFY2(dialog.errorText().contains(QStringLiteral("Choose the workload kind")),
             qPrintable(dialog.errorText()));
    QVERIFY(store().audits().empty());
}

void TestScanDialog::noFolderIsRefused() {
    ScanDialog dialog(store());
    dialog.setWorkload(model::WorkloadKind::Mixed);
    QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("scanButton"))->isEnabled());
    QVERIFY(!dialog.startScan());
    QVERIFY2(dialog.errorText().contains(QStringLiteral("at least one repository folder")),
             qPrintable(dialog.errorText()));
}

void TestScanDialog::badFolderIsNamed_data() {
    QTest::addColumn<QString>("relative");
    QTest::addColumn<QString>("reason");
    QTest::newRow("missing") << QStringLiteral("no such repo") << QStringLiteral("no such folder");
    QTest::newRow("a file") << QStringLiteral("tiny repo/train.py")
                            << QStringLiteral("not a folder");
}

void TestScanDialog::badFolderIsNamed() {
    QFETCH(QString, relative);
    QFETCH(QString, reason);
    const QString bad = m_dir->filePath(relative);
    ScanDialog dialog(store());
    dialog.addFolder(m_repo);
    dialog.addFolder(bad);
    dialog.setWorkload(model::WorkloadKind::Training);
    QVERIFY(!dialog.startScan());
    const QString error = dialog.errorText();
    QVERIFY2(error.contains(QDir::toNativeSeparators(bad) + QStringLiteral(": ") + reason),
             qPrintable(error));
    QVERIFY2(!error.contains(QDir::toNativeSeparators(m_repo) + QStringLiteral(":")),
             qPrintable(error));
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("scanError"))->isVisibleTo(&dialog));
    QVERIFY(store().audits().empty());
}

void TestScanDialog::removeFolder() {
    ScanDialog dialog(store());
    dialog.addFolders({m_repo, m_dir->filePath(QStringLiteral("second"))});
    QCOMPARE(dialog.folders().size(), 2);
    QCOMPARE(dialog.auditName(), QStringLiteral("tiny repo, second"));
    dialog.removeFolder(0);
    QCOMPARE(dialog.folders(), QStringList{m_dir->filePath(QStringLiteral("second"))});
    dialog.setAuditName(QStringLiteral("Acme ML"));
    QCOMPARE(dialog.auditName(), QStringLiteral("Acme ML"));
}

// Escape (or the window's close button) while a scan runs cancels it, waits for the workers and
// closes: nothing is stored.
void TestScanDialog::escapeDuringAScanCancelsIt() {
    GatedFileSystem gate;
    data::ScanOptions options;
    options.file_system = &gate;
    ScanDialog dialog(store());
    dialog.setScanOptions(options);
    dialog.addFolder(m_repo);
    dialog.setWorkload(model::WorkloadKind::Training);
    dialog.show();
    QVERIFY(dialog.startScan());
    QTRY_VERIFY_WITH_TIMEOUT(gate.reads() > 0, 10000);
    // reject() waits for the scan, whose read is held: let it go from another thread.
    std::thread opener([&gate] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        gate.open();
    });
    dialog.reject();
    opener.join();
    QVERIFY(!dialog.isVisible());
    QVERIFY(!dialog.isScanning());
    QVERIFY(!dialog.storedAuditId());
    QVERIFY(store().audits().empty());
}

void TestScanDialog::rescanKeepsOverrides() {
    std::optional<model::Audit> first;
    {
        ScanDialog dialog(store());
        dialog.addFolder(m_repo);
        dialog.setWorkload(model::WorkloadKind::Training);
        dialog.setAuditName(QStringLiteral("Acme ML"));
        QVERIFY(dialog.startScan());
        dialog.waitForScan();
        QVERIFY2(dialog.storedAudit(), qPrintable(dialog.errorText()));
        first = dialog.storedAudit();
    }
    model::Audit reviewed = *first;
    model::DimensionAssessment& kernels = reviewed.dimension(model::Dimension::CustomKernels);
    kernels.override_tier = model::TierOverride{model::Tier::Low, "kernels already ported"};
    kernels.tier = model::Tier::Low;
    const std::int64_t reviewedId = store().addAudit(reviewed);

    // A new file since the first scan: the re-scan sees it.
    writeFile(m_repo + QStringLiteral("/ops/reduce.cu"),
              "__global__ void reduce(float* x) { x[0] = __shfl_down_sync(0xffffffff, x[0], 1); "
              "}\n");
    ScanDialog dialog(store());
    dialog.setRescan(reviewedId, reviewed);
    QVERIFY(dialog.isRescan());
    QCOMPARE(dialog.folders(), QStringList{QDir::cleanPath(m_repo)});
    QCOMPARE(name(dialog.workload()), name(model::WorkloadKind::Training));
    QCOMPARE(dialog.auditName(), QStringLiteral("Acme ML"));
    QVERIFY(dialog.startScan());
    dialog.waitForScan();
    QVERIFY2(dialog.storedAudit(), qPrintable(dialog.errorText()));
    const model::DimensionAssessment& rescanned =
        dialog.storedAudit()->dimension(model::Dimension::CustomKernels);
    QVERIFY(rescanned.override_tier);
    QCOMPARE(rescanned.override_tier->reason, std::string("kernels already ported"));
    QCOMPARE(name(rescanned.tier), name(model::Tier::Low));
    QCOMPARE(name(rescanned.proposed_tier), name(model::Tier::High));
    // Replaced in place: the first scan and the reviewed audit, no third.
    QCOMPARE(dialog.storedAuditId(), std::optional(reviewedId));
    QCOMPARE(store().audits().size(), std::size_t(2));
    const std::optional<model::Audit> stored = store().audit(reviewedId);
    QVERIFY(stored);
    const model::DimensionAssessment& storedKernels =
        stored->dimension(model::Dimension::CustomKernels);
    QVERIFY(storedKernels.override_tier);
    QCOMPARE(name(storedKernels.tier), name(model::Tier::Low));
    QVERIFY(std::any_of(storedKernels.evidence.begin(), storedKernels.evidence.end(),
                        [](const model::EvidenceItem& e) { return e.path == "ops/reduce.cu"; }));
}

void TestScanDialog::mainWindowOpensTheScannedAudit() {
    const QString ini = m_dir->filePath(QStringLiteral("settings.ini"));
    ui::Settings settings(ini);
    ui::MainWindow window(data::openStoreSeededIfNew(m_dir->filePath(QStringLiteral("w.sqlite"))),
                          &settings);
    window.show();
    const std::size_t before = window.store().audits().size();
    const QList<QAction*> actions = window.findChildren<QAction*>();
    QVERIFY(std::any_of(actions.begin(), actions.end(), [](const QAction* a) {
        return a->text() == QStringLiteral("&Audit repositories…");
    }));
    // A folder among the files given to the window (dropped, or on the command line) opens the
    // scan dialog with it.
    window.importFiles({m_repo});
    auto* dialog = window.findChild<ScanDialog*>();
    QVERIFY(dialog);
    QCOMPARE(dialog->folders(), QStringList{QDir::cleanPath(m_repo)});
    dialog->setWorkload(model::WorkloadKind::Training);
    QVERIFY(dialog->startScan());
    dialog->waitForScan();
    QVERIFY2(dialog->storedAuditId(), qPrintable(dialog->errorText()));
    QCOMPARE(window.store().audits().size(), before + 1);
    dialog->accept();

    ui::AuditView* view = window.storedAuditView();
    QVERIFY(view->isVisibleTo(&window));
    QCOMPARE(view->audit().name, std::string("tiny repo"));
    QCOMPARE(view->audit().repositories.size(), std::size_t(1));
    auto* repositories = testing::tableModel(*view, "repositoryTable");
    QAbstractItemModelTester tester(repositories,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(repositories->rowCount(), 1);
    QCOMPARE(repositories->index(0, 0).data().toString(), QStringLiteral("tiny repo"));
    QCOMPARE(repositories->index(0, 3).data(Qt::AccessibleTextRole).toString(),
             QStringLiteral("High")); // custom kernels
    QVERIFY(window.findChild<QPushButton*>(QStringLiteral("rescanAudit"))->isEnabled());

    // The evidence of custom kernels, opened in the source viewer at its line.
    view->selectDimension(model::Dimension::CustomKernels);
    QVERIFY(view->openEvidence(0));
    QVERIFY(view->sourceViewer());
    QCOMPARE(view->sourceViewer()->highlightedLine(),
             view->audit().dimension(model::Dimension::CustomKernels).evidence.front().line);
    QVERIFY(view->sourceViewer()->file().endsWith(QString::fromStdString(
        view->audit().dimension(model::Dimension::CustomKernels).evidence.front().path)));
    QCOMPARE(view->sourceViewer()->editorCommand(), ui::Settings::defaultEditorCommand());
}

QTEST_MAIN(TestScanDialog)
#include "tst_scan_dialog.moc"
