// The screenshot tour (screenshot_tour.h): the welcome and the store's items, the Benchmarks
// view, the demo scenario's views before and after a what-if, the dialogs, the scan of the
// folders given on the command line and the main views in both themes.

#include "screenshot_tour.h"

#include "atomic_files.h"
#include "audit_view.h"
#include "benchmark_compare_dialog.h"
#include "benchmark_table_model.h"
#include "benchmarks_view.h"
#include "compare_view.h"
#include "export_report_dialog.h"
#include "hetccl_watch_dialog.h"
#include "main_window.h"
#include "message_bar.h"
#include "recovery_dialog.h"
#include "scan_dialog.h"
#include "scenario_document.h"
#include "scenario_editor.h"
#include "sensitivity_view.h"
#include "source_viewer.h"
#include "theme.h"
#include "whatif.h"
#include "workload_binding_panel.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QUndoStack>

namespace crossgrade::ui {

namespace {

// A screenshot for the docs, written like every other file (data/common/atomic_files.h): whole or
// not at all, so a full disk leaves no cut-short PNG for the user guide to show.
bool savePng(const QPixmap& picture, const QString& path) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    return picture.save(&buffer, "PNG") && data::writeFileOrError(path, bytes).isEmpty();
}

} // namespace

ScreenshotTour::ScreenshotTour(MainWindow& window, QString directory)
    : m_window(window)
    , m_directory(std::move(directory)) {}

void ScreenshotTour::capture(QWidget& widget, const QString& name) {
    QApplication::processEvents();
    const QString path = QDir(m_directory).filePath(name + QStringLiteral(".png"));
    if (savePng(widget.grab(), path))
        m_written << path;
}

// The bands, the probability card and the compare view's paired column wait for their Monte
// Carlo runs, so the pictures show finished numbers, not progress bars.
void ScreenshotTour::settle() {
    ScenarioDocument* document = m_window.document();
    document->waitForEvaluation();
    document->monteCarlo()->waitForIdle();
    m_window.compareView()->uncertainty()->waitForIdle();
}

QStringList ScreenshotTour::run() {
    m_written.clear();
    QDir().mkpath(m_directory);
    // Files given on the command line (the benchmark fixtures, say) are stored first; their
    // notice would only push every view down.
    m_window.waitForImport();
    m_window.messageBar()->hide();
    if (!m_window.document()) {
        m_window.showStartView();
        capture(m_window, QStringLiteral("start"));
        storeItems();
        benchmarks();
        m_window.openDemo();
    }
    if (!m_window.document())
        return m_written;
    settle();
    scenarioViews();
    workloadBinding();
    settle();
    whatIf();
    hetcclWatch();
    recoveryOffer();
    exportReport();
    scanning();
    themes();
    return m_written;
}

// The first stored audit and the first price book, opened from the store browser.
void ScreenshotTour::storeItems() {
    QSortFilterProxyModel* filter = m_window.storeFilter();
    QTreeView* browser = m_window.storeBrowser();
    const QModelIndex audits = filter->index(1, 0);
    browser->expand(audits);
    m_window.openBrowserItem(filter->index(0, 0, audits));
    capture(m_window, QStringLiteral("stored-audit"));
    const QModelIndex books = filter->index(2, 0);
    browser->expand(books);
    m_window.openBrowserItem(filter->index(0, 0, books));
    capture(m_window, QStringLiteral("pricebook"));
    browser->collapse(audits);
    browser->collapse(books);
}

// The Benchmarks view from the store browser, one sweep row selected (its point ringed), and
// the compare dialog over the same records.
void ScreenshotTour::benchmarks() {
    const QModelIndex benchmarks = m_window.storeFilter()->index(3, 0);
    m_window.storeBrowser()->expand(benchmarks);
    m_window.openBrowserItem(benchmarks);
    BenchmarksView* view = m_window.benchmarksView();
    for (const data::StoredBenchmark& b : view->tableModel()->records())
        if (b.record.interactivity && b.record.flags.empty() && b.record.sku == "MI300X") {
            view->selectRecord(b.id);
            break;
        }
    capture(m_window, QStringLiteral("benchmarks"));
    view->openCompare();
    if (auto* dialog = view->findChild<BenchmarkCompareDialog*>()) {
        dialog->setModelText(QStringLiteral("llama"));
        capture(*dialog, QStringLiteral("benchmarks-compare"));
        dialog->close();
    }
    m_window.storeBrowser()->collapse(benchmarks);
}

// Each view of the open scenario, in the order of its tabs.
void ScreenshotTour::scenarioViews() {
    using View = MainWindow::View;
    const std::pair<View, QString> views[] = {
        {View::Recommendation, QStringLiteral("recommendation")},
        {View::Costs, QStringLiteral("costs")},
        {View::Audit, QStringLiteral("audit")},
        {View::Inputs, QStringLiteral("inputs")},
        {View::Sensitivity, QStringLiteral("sensitivity")},
        {View::Compare, QStringLiteral("compare")}};
    for (const auto& [view, name] : views) {
        m_window.showView(view);
        if (view == View::Sensitivity)
            m_window.sensitivityView()->waitForResults();
        capture(m_window, name);
    }
}

// The demo's 70B chat workload bound to the stored llama-3.1-70b rows at its 1k/1k operating
// point, on the Inputs view's Workloads page; the binding is undone afterwards.
void ScreenshotTour::workloadBinding() {
    ScenarioEditor* editor = m_window.scenarioEditor();
    const ScenarioEditor::Section section = editor->currentSection();
    m_window.showView(MainWindow::View::Inputs);
    editor->showSection(ScenarioEditor::Section::Workloads);
    WorkloadBindingPanel* panel = editor->bindingPanel();
    if (!editor->selectWorkload(QStringLiteral("chat-70b"))) {
        editor->showSection(section);
        return;
    }
    model::BenchmarkSelector selector;
    selector.model = "llama-3.1-70b";
    selector.precision = "fp8";
    selector.isl = 1024;
    selector.osl = 1024;
    panel->setSelector(selector);
    if (!panel->bind().isEmpty()) {
        editor->showSection(section);
        return;
    }
    m_window.document()->waitForEvaluation();
    capture(m_window, QStringLiteral("workload-binding"));
    m_window.document()->undoStack()->undo();
    m_window.document()->waitForEvaluation();
    editor->showSection(section);
}

// A what-if at which AMD pays: a 35% purchase discount (docs/whatif.md), compared with the
// saved version. The edit is undone afterwards; nothing is saved.
void ScreenshotTour::whatIf() {
    ScenarioDocument* document = m_window.document();
    CompareView* compare = m_window.compareView();
    document->edit(MainWindow::tr("AMD purchase discount"), [](model::Scenario& s) {
        s = model::withKnob(std::move(s), model::WhatIfKnob::AmdDiscount, 0.35);
    });
    settle();
    m_window.showView(MainWindow::View::Costs);
    capture(m_window, QStringLiteral("whatif-costs"));
    m_window.showView(MainWindow::View::Sensitivity);
    m_window.sensitivityView()->waitForResults();
    capture(m_window, QStringLiteral("whatif-sensitivity"));
    compare->addScenario(MainWindow::tr("Saved v%1").arg(document->storedVersion().value_or(1)),
                         document->baseline());
    settle();
    m_window.showView(MainWindow::View::Compare);
    capture(m_window, QStringLiteral("whatif-compare"));
    document->undoStack()->undo();
    document->waitForEvaluation();
    compare->removeEntry(0);
    m_window.showView(MainWindow::View::Costs);
}

void ScreenshotTour::hetcclWatch() {
    HetcclWatchDialog watch(m_window.store(), m_window.document(), &m_window);
    watch.show();
    capture(watch, QStringLiteral("hetccl-watch"));
}

// The offer at start of what a crashed window left: the demo with an edit, last written four
// minutes before. Nothing is read or written: the offer is made up, its file at the place the
// default folder would have it.
void ScreenshotTour::recoveryOffer() {
    const ScenarioDocument* document = m_window.document();
    RecoveryOffer offer;
    const RecoveryFolder folder(
        QDir::home().filePath(QStringLiteral(".local/share/Crossgrade/crossgrade/recovery")),
        m_window.store().path());
    offer.filePath = folder.newFilePath();
    offer.header = RecoveryHeader{};
    offer.header->storePath = folder.storePath();
    offer.header->savedAt = QDateTime::currentDateTime().addSecs(-4 * 60);
    offer.header->origin = {document->storedScenarioId(), document->storedVersion(),
                            document->fileName()};
    offer.header->title = document->title();
    offer.scenario = model::withKnob(document->scenario(), model::WhatIfKnob::AmdDiscount, 0.35);
    RecoveryDialog dialog(offer, QDateTime::currentDateTime(), &m_window);
    dialog.show();
    capture(dialog, QStringLiteral("recovery-offer"));
}

void ScreenshotTour::exportReport() {
    ExportReportDialog report(m_window.store(), m_window.document(), m_window.monteCarloSamples(),
                              &m_window);
    report.setChosen(2, true);
    report.setOutputPath(QDir::home().filePath(QStringLiteral("Documents/decision-report.pdf")));
    report.show();
    capture(report, QStringLiteral("export-report"));
}

// A folder given on the command line opened the scan dialog: it scans as a training workload,
// then the dialog's summary, the audit view on the custom-kernel evidence and the source viewer
// at the first finding are taken.
void ScreenshotTour::scanning() {
    ScanDialog* dialog = m_window.scanDialog();
    if (!dialog || dialog->folders().isEmpty())
        return;
    dialog->setWorkload(model::WorkloadKind::Training);
    dialog->setAuditName(MainWindow::tr("Acme ML platform (demo)"));
    if (!dialog->startScan())
        return;
    dialog->waitForScan();
    capture(*dialog, QStringLiteral("scan-dialog"));
    if (!dialog->storedAuditId())
        return;
    dialog->accept();
    m_window.messageBar()->hide();
    AuditView* audit = m_window.storedAuditView();
    audit->selectDimension(model::Dimension::CustomKernels);
    capture(m_window, QStringLiteral("scan-audit"));
    // The inline PTX sits in the middle of its kernel: the viewer shows the lines around it.
    const auto& evidence = audit->audit().dimension(model::Dimension::CustomKernels).evidence;
    int row = 0;
    for (std::size_t i = 0; i < evidence.size(); ++i)
        if (evidence[i].rule_id == "D1.inline-ptx") {
            row = int(i);
            break;
        }
    if (audit->openEvidence(row))
        capture(*audit->sourceViewer(), QStringLiteral("source-viewer"));
    if (audit->sourceViewer())
        audit->sourceViewer()->close();
}

// The main views in the light and in the dark theme (docs/desktop.md, "Themes"): the welcome,
// then the demo's Recommendation, Costs, Audit and Inputs views. The theme in use before is put
// back; the setting is not touched.
void ScreenshotTour::themes() {
    using View = MainWindow::View;
    const Theme before = currentTheme();
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        applyTheme(theme);
        const QString prefix = QStringLiteral("theme-") + toString(theme);
        if (m_window.closeDocument()) {
            m_window.messageBar()->hide();
            capture(m_window, prefix + QStringLiteral("-start"));
        }
        if (!m_window.openDemo())
            break;
        m_window.document()->waitForEvaluation();
        m_window.document()->monteCarlo()->waitForIdle();
        m_window.showView(View::Costs);
        capture(m_window, prefix);
        m_window.showView(View::Recommendation);
        capture(m_window, prefix + QStringLiteral("-recommendation"));
        m_window.showView(View::Audit);
        capture(m_window, prefix + QStringLiteral("-audit"));
        m_window.showView(View::Inputs);
        m_window.scenarioEditor()->showSection(ScenarioEditor::Section::Prices);
        capture(m_window, prefix + QStringLiteral("-inputs"));
        m_window.scenarioEditor()->showSection(ScenarioEditor::Section::General);
        m_window.showView(View::Sensitivity);
        m_window.sensitivityView()->waitForResults();
        capture(m_window, prefix + QStringLiteral("-sensitivity"));
    }
    applyTheme(before);
}

} // namespace crossgrade::ui
