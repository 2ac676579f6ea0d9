// Hostile text in every field of every document, walked through every view of the app.

#include "audit_json.h"
#include "audit_view.h"
#include "benchmarks_view.h"
#include "compare_view.h"
#include "compiled_scenario.h"
#include "evaluation.h"
#include "hetccl_watch.h"
#include "hetccl_watch_dialog.h"
#include "main_window.h"
#include "message_bar.h"
#include "pricebook_json.h"
#include "pricebook_view.h"
#include "samples.h"
#include "scan_audit.h"
#include "scan_dialog.h"
#include "scan_walker.h"
#include "scenario_document.h"
#include "scenario_json.h"
#include "settings.h"
#include "store.h"
#include "store_tree_model.h"
#include "test_files.h"
#include "tst_hostile_text.h"
#include "tst_hostile_text_helpers.h"
#include "widget_lookup.h"

#include <QAbstractButton>
#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QApplication>
#include <QByteArray>
#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QGroupBox>
#include <QHash>
#include <QHeaderView>
#include <QIODevice>
#include <QLabel>
#include <QList>
#include <QMenu>
#include <QModelIndex>
#include <QObject>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextDocument>
#include <QTextEdit>
#include <QToolButton>
#include <functional>
#include <nlohmann/json.hpp>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace crossgrade::testing;

namespace {

// Every string leaf of `doc` that `accepts` still takes becomes a hostile string (cycling
// through them, trying the next when one is refused); enums, ids, dates and references stay.
nlohmann::json poisoned(nlohmann::json doc, const QStringList& hostile,
                        const std::function<bool(const std::string&)>& accepts) {
    const nlohmann::json flat = doc.flatten();
    int next = 0;
    int replaced = 0;
    for (auto it = flat.begin(); it != flat.end(); ++it) {
        if (!it->is_string())
            continue;
        const nlohmann::json::json_pointer at(it.key());
        for (int attempt = 0; attempt < hostile.size(); ++attempt) {
            const QString h = hostile[(next + attempt) % hostile.size()];
            doc[at] = utf8(h);
            if (accepts(doc.dump())) {
                next = (next + attempt + 1) % int(hostile.size());
                ++replaced;
                break;
            }
            doc[at] = *it;
        }
    }
    if (replaced == 0)
        qFatal("no field took a hostile string");
    return doc;
}

// Walks widgets and item models and collects what Qt would render as markup. Each hostile
// string carries a marker ("BOLD-MARK"); wherever the marker is visible, the hostile string up
// to it must be visible as written: otherwise Qt interpreted it (or it was escaped twice).
class Walker {
public:
    explicit Walker(QStringList hostile)
        : m_hostile(std::move(hostile)) {
        for (const QString& h : m_hostile) {
            const qsizetype at = h.indexOf(QStringLiteral("-MARK"));
            const qsizetype from =
                h.lastIndexOf(QRegularExpression(QStringLiteral("[^A-Z]")), at - 1) + 1;
            m_markers << h.mid(from, at + 5 - from);
            // The characters just before the marker: a view may show a file's base name or
            // elide the start, but what it shows of the string is as written.
            m_prefixes << h.left(from).right(8);
        }
    }

    // Every widget of the application, or `root` and its children only.
    void walkAll(const QString& view, QWidget* root = nullptr) {
        m_view = view;
        if (root == nullptr) {
            for (QWidget* w : QApplication::allWidgets())
                walkWidget(w);
            return;
        }
        walkWidget(root);
        for (QWidget* w : root->findChildren<QWidget*>())
            walkWidget(w);
    }

    QStringList failures() const { return m_failures; }
    int literalCount() const { return m_literal; }
    int literalIn(const QString& view) const { return m_literalPerView.value(view); }
    const QSet<QString>& literalMarks() const { return m_marks; }

private:
    QString name(const QWidget* w) const {
        QString path;
        for (const QObject* o = w; o != nullptr; o = o->parent()) {
            if (!o->objectName().isEmpty())
                path = o->objectName() + (path.isEmpty() ? QString() : QStringLiteral("/") + path);
            if (o->isWidgetType() && static_cast<const QWidget*>(o)->isWindow())
                break;
        }
        return QStringLiteral("%1: %2 [%3]")
            .arg(m_view, path, QString::fromLatin1(w->metaObject()->className()));
    }

    void check(const QString& where, const QString& text, bool rich) {
        if (text.isEmpty())
            return;
        const QString key = (rich ? QStringLiteral("R") : QStringLiteral("P")) + text;
        if (!m_seen.contains(key)) {
            if (rich)
                for (const QString& h : m_hostile)
                    if (text.contains(h))
                        fail(where, QStringLiteral("rendered as rich text, unescaped"), text);
            m_seen.insert(key, verify(where, text, shown(text, rich)));
        }
        count(m_seen.value(key));
    }

    void checkDocument(const QString& where, const QTextDocument& document) {
        count(verify(where, document.toPlainText(), shownDocument(document)));
    }

    // The hostile strings (by index) seen literally.
    QList<int> verify(const QString& where, const QString& text, const Shown& s) {
        QList<int> literal;
        for (const QString& image : s.images)
            if (image.contains(QStringLiteral("local.png")))
                fail(where, QStringLiteral("loads the local image ") + image, text);
        for (const QString& link : s.links)
            if (link.contains(QStringLiteral("passwd")))
                fail(where, QStringLiteral("links to ") + link, text);
        for (int i = 0; i < m_hostile.size(); ++i) {
            // Each place the marker shows must follow the hostile string's own characters.
            const QString& expected = m_prefixes[i];
            bool seen = false;
            bool asWritten = true;
            for (qsizetype at = s.visible.indexOf(m_markers[i]); at >= 0;
                 at = s.visible.indexOf(m_markers[i], at + 1)) {
                seen = true;
                asWritten =
                    asWritten && s.visible.mid(at - expected.size(), expected.size()) == expected;
            }
            if (seen && asWritten)
                literal << i;
            else if (seen)
                fail(where,
                     QStringLiteral("shows %1 not as written (interpreted or escaped)")
                         .arg(m_markers[i]),
                     text);
        }
        return literal;
    }

    void count(const QList<int>& literal) {
        for (const int i : literal) {
            ++m_literal;
            ++m_literalPerView[m_view];
            m_marks.insert(m_markers[i]);
        }
    }

    void fail(const QString& where, const QString& what, const QString& text) {
        const QString line =
            QStringLiteral("%1: %2: %3")
                .arg(where, what, text.left(200).replace(QLatin1Char('\n'), QStringLiteral("\\n")));
        if (!m_failures.contains(line))
            m_failures << line;
    }

    void checkTip(const QString& where, const QString& tip) {
        check(where, tip, Qt::mightBeRichText(tip));
    }

    void walkWidget(QWidget* w) {
        const QString where = name(w);
        checkTip(where + QStringLiteral(" toolTip"), w->toolTip());
        checkTip(where + QStringLiteral(" whatsThis"), w->whatsThis());
        // A header shows its view's header data, which the view's walk checks.
        if (qobject_cast<QHeaderView*>(w) != nullptr)
            return;
        if (w->isWindow())
            check(where + QStringLiteral(" windowTitle"), w->windowTitle(), false);
        if (auto* label = qobject_cast<QLabel*>(w)) {
            const Qt::TextFormat f = label->textFormat();
            check(where + QStringLiteral(" text"), label->text(),
                  f == Qt::RichText || f == Qt::MarkdownText ||
                      (f == Qt::AutoText && Qt::mightBeRichText(label->text())));
        }
        if (auto* button = qobject_cast<QAbstractButton*>(w))
            check(where + QStringLiteral(" text"), button->text(), false);
        if (auto* box = qobject_cast<QGroupBox*>(w))
            check(where + QStringLiteral(" title"), box->title(), false);
        if (auto* bar = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < bar->count(); ++i) {
                check(where + QStringLiteral(" tab text"), bar->tabText(i), false);
                checkTip(where + QStringLiteral(" tab toolTip"), bar->tabToolTip(i));
            }
        // The user guide renders the project's own Markdown: trusted, not walked.
        if (auto* edit = qobject_cast<QTextEdit*>(w);
            edit && edit->objectName() != QStringLiteral("guideText"))
            checkDocument(where + QStringLiteral(" document"), *edit->document());
        if (auto* plain = qobject_cast<QPlainTextEdit*>(w))
            check(where + QStringLiteral(" text"), plain->toPlainText(), false);
        if (auto* combo = qobject_cast<QComboBox*>(w))
            walkModel(where + QStringLiteral(" items"), combo->model());
        if (auto* view = qobject_cast<QAbstractItemView*>(w)) {
            walkModel(where, view->model());
            walkHeader(where, view->model());
        }
        if (qobject_cast<QToolButton*>(w) != nullptr)
            for (QAction* a : w->actions())
                checkTip(where + QStringLiteral(" action toolTip"), a->toolTip());
        if (auto* menu = qobject_cast<QMenu*>(w))
            if (menu->toolTipsVisible())
                for (QAction* a : menu->actions())
                    checkTip(where + QStringLiteral(" menu toolTip"), a->toolTip());
    }

    void walkHeader(const QString& where, QAbstractItemModel* model) {
        if (model == nullptr)
            return;
        for (const Qt::Orientation o : {Qt::Horizontal, Qt::Vertical}) {
            const int n = o == Qt::Horizontal ? model->columnCount() : model->rowCount();
            for (int s = 0; s < std::min(n, 400); ++s) {
                check(where + QStringLiteral(" header"), model->headerData(s, o).toString(), false);
                checkTip(where + QStringLiteral(" header toolTip"),
                         model->headerData(s, o, Qt::ToolTipRole).toString());
            }
        }
    }

    void walkModel(const QString& where, QAbstractItemModel* model,
                   const QModelIndex& parent = {}) {
        if (model == nullptr)
            return;
        if (model->canFetchMore(parent))
            model->fetchMore(parent);
        const int rows = std::min(model->rowCount(parent), 400);
        const int columns = model->columnCount(parent);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < columns; ++c) {
                const QModelIndex i = model->index(r, c, parent);
                const QString at = QStringLiteral("%1 (%2,%3)").arg(where).arg(r).arg(c);
                // Item delegates draw the display and status tip as plain text.
                check(at + QStringLiteral(" display"), i.data(Qt::DisplayRole).toString(), false);
                check(at + QStringLiteral(" statusTip"), i.data(Qt::StatusTipRole).toString(),
                      false);
                checkTip(at + QStringLiteral(" toolTip"), i.data(Qt::ToolTipRole).toString());
                checkTip(at + QStringLiteral(" whatsThis"), i.data(Qt::WhatsThisRole).toString());
                if (c == 0 && model->hasChildren(i))
                    walkModel(where, model, i);
            }
    }

    QStringList m_hostile;
    QStringList m_markers;  // "BOLD-MARK"
    QStringList m_prefixes; // "<b>" (of "<b>BOLD-MARK")
    QString m_view;
    QStringList m_failures;
    QHash<QString, QList<int>> m_seen; // checked texts and the hostile strings they show
    int m_literal = 0;
    QHash<QString, int> m_literalPerView;
    QSet<QString> m_marks;
};

model::BenchmarkRecord hostileBenchmark(const QStringList& h, const std::string& sku, int i) {
    model::BenchmarkRecord r;
    auto pick = [&](int k) {
        return utf8(h[(i + k) % h.size()]);
    };
    r.source = "csv";
    r.file = pick(0);
    r.source_ref = pick(1);
    r.date = "2026-03-01";
    r.round = pick(2);
    r.hardware = pick(3);
    r.sku = sku;
    r.software_stack = pick(4);
    r.image = pick(5);
    r.model = pick(6);
    r.precision = pick(7);
    r.scenario = pick(0);
    r.isl = 1024;
    r.osl = 1024;
    r.concurrency = 64 + i;
    r.gpus = 8;
    r.total_tokens_per_s_per_gpu = 1000.0 + 100 * i;
    r.output_tokens_per_s_per_gpu = 500.0 + 50 * i;
    r.power_w = 700;
    r.accuracy_note = pick(1);
    r.flags = {pick(2)};
    return r;
}

} // namespace

// Every field of every kind of document, every view: nothing hostile is rendered as markup.
void TestHostileText::bug_hostileTextRenderedAsMarkupInAView() {
    const QStringList& h = m_hostile.all;

    // The documents, every string field that its reader accepts made hostile. The audit starts
    // from a scan of the shipped demo repositories, so it has every field a scan fills
    // (reasons, findings, evidence, repositories), plus an override, a mitigation, a file not
    // scanned, notes, organisation and date.
    const data::ScanRun demo =
        data::scanRepositories({CROSSGRADE_SOURCE_DIR "/resources/samples/scan-demo/acme-kernels",
                                CROSSGRADE_SOURCE_DIR "/resources/samples/scan-demo/acme-train"});
    QVERIFY(demo.errors.empty());
    model::Audit base =
        data::auditFromScan(demo, {model::WorkloadKind::Mixed, "demo", "org", "2026-11-02"});
    base.notes = "notes";
    for (model::Dimension d : model::kAllDimensions) {
        model::DimensionAssessment& dim = base.dimension(d);
        dim.notes = "notes of the dimension";
        dim.tier = model::Tier::High;
        dim.override_tier = model::TierOverride{model::Tier::High, "the reviewer's reason"};
        dim.mitigations.push_back({"D1.inline-ptx", "acme-kernels/src/x.cu", 3, "snippet", "note"});
    }
    base.not_scanned.push_back({"acme-kernels/assets/blob.bin", "binary"});
    {
        const data::AuditReadResult back = data::readAudit(data::writeAudit(base));
        QVERIFY2(back.ok(),
                 back.errors.empty()
                     ? ""
                     : (back.errors.front().place + ": " + back.errors.front().message).c_str());
    }
    const auto auditJson =
        poisoned(nlohmann::json::parse(data::writeAudit(base)), h,
                 [](const std::string& text) { return data::readAudit(text).ok(); });
    const model::Audit audit = *data::readAudit(auditJson.dump()).audit;
    const auto scenarioJson =
        poisoned(nlohmann::json::parse(data::sampleScenarios().front().text), h,
                 [](const std::string& text) { return data::readScenario(text).ok(); });
    model::Scenario scenario = *data::readScenario(scenarioJson.dump()).scenario;
    scenario.audit = audit; // every field of an audit in the scenario's Audit view too
    QFile defaultBook(QStringLiteral(CROSSGRADE_SOURCE_DIR "/resources/pricebook/default.json"));
    QVERIFY(defaultBook.open(QIODevice::ReadOnly));
    const auto bookJson =
        poisoned(nlohmann::json::parse(defaultBook.readAll().toStdString()), h,
                 [](const std::string& text) { return data::readPriceBook(text).ok(); });
    const model::PriceBook book = *data::readPriceBook(bookJson.dump()).price_book;

    // The fuzz corpora take these documents (scripts/fuzz): CROSSGRADE_HOSTILE_CORPUS=DIR writes
    // them there.
    if (const QString corpus = qEnvironmentVariable("CROSSGRADE_HOSTILE_CORPUS");
        !corpus.isEmpty()) {
        writeFile(corpus + QStringLiteral("/audit/hostile-markup-in-every-field.json"),
                  QByteArray::fromStdString(auditJson.dump(2)));
        writeFile(corpus + QStringLiteral("/scenario/hostile-markup-in-every-field.json"),
                  QByteArray::fromStdString(scenarioJson.dump()));
    }

    const QString storePath = m_dir->filePath(QStringLiteral("store.sqlite"));
    std::int64_t auditId = 0;
    std::int64_t scenarioId = 0;
    {
        data::Store store = data::openStoreSeededIfNew(storePath);
        auditId = store.addAudit(audit, utf8(h[1]));
        store.addPriceBook(book, utf8(h[2]), false);
        const auto headline =
            data::headlineOf(model::evaluateScenario(scenario, model::compile(scenario)));
        scenarioId = store.saveScenarioVersion(scenario, utf8(h[3]), "test", headline).scenario_id;
        model::Scenario second = scenario;
        second.team_engineers += 1;
        store.saveScenarioVersion(second, utf8(h[4]), "test", headline);
        std::vector<model::BenchmarkRecord> records;
        for (int i = 0; i < 4; ++i) {
            records.push_back(hostileBenchmark(h, "H100", i));
            records.push_back(hostileBenchmark(h, "MI300X", i));
        }
        store.addBenchmarks(records);
        std::vector<model::CheckedSignal> checked;
        for (const model::HetcclSignal& signal : model::hetcclSignals()) {
            const model::HetcclPaper paper =
                signal.paper ? *signal.paper : model::HetcclPaper::Snu2601;
            checked.push_back({paper, std::string(signal.id), "2026-05-01",
                               utf8(h[checked.size() % h.size()]),
                               utf8(h[(checked.size() + 1) % h.size()])});
            if (checked.size() == 3)
                break;
        }
        store.checkHetcclSignals(checked);
    }

    // A file named with markup, as recent files and import messages show it.
    const QString hostileFile = m_dir->filePath(QStringLiteral("<b>FNAME-MARK<i>.json"));
    writeFile(hostileFile, "{ not json");

    Settings settings(m_dir->filePath(QStringLiteral("settings.ini")));
    settings.addRecentFile(hostileFile);
    MainWindow window(data::Store::open(storePath), &settings);
    window.setUnsavedChangesPrompt(
        [](const QString&) { return MainWindow::UnsavedChoice::Discard; });
    window.resize(1440, 900);
    window.show();

    Walker walker(
        h + QStringList{QStringLiteral("<b>FNAME-MARK<i>"), QStringLiteral("<b>REPO-MARK<i>")});
    walker.walkAll(QStringLiteral("start"));

    window.importFiles({hostileFile});
    window.waitForImport();
    QCOMPARE(window.messageBar()->kind(), MessageBar::Kind::Error);
    walker.walkAll(QStringLiteral("import error"));

    QVERIFY(window.openStoredScenario(scenarioId));
    window.document()->waitForEvaluation();
    QTabWidget* tabs = window.workspace();
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QCoreApplication::processEvents();
        window.document()->waitForEvaluation();
        walker.walkAll(QStringLiteral("tab ") + tabs->tabText(i));
    }
    // The audit views show one dimension's detail at a time.
    for (AuditView* view : window.findChildren<AuditView*>()) {
        auto* dimensions = view->findChild<QTableView*>(QStringLiteral("dimensionTable"));
        for (int r = 0; dimensions != nullptr && r < dimensions->model()->rowCount(); ++r) {
            dimensions->setCurrentIndex(dimensions->model()->index(r, 0));
            walker.walkAll(QStringLiteral("scenario audit dimension %1").arg(r), view);
        }
    }

    window.addToComparison(scenarioId, 1);
    window.addToComparison(scenarioId, 2);
    tabs->setCurrentWidget(window.compareView());
    walker.walkAll(QStringLiteral("compare"));

    QVERIFY(window.openStoredAudit(auditId));
    auto* stored = window.storedAuditView();
    auto* dimensions = child<QTableView>(*stored, "dimensionTable");
    for (int r = 0; r < dimensions->model()->rowCount(); ++r) {
        dimensions->setCurrentIndex(dimensions->model()->index(r, 0));
        walker.walkAll(QStringLiteral("stored audit dimension %1").arg(r), stored);
    }

    window.showBenchmarks();
    BenchmarksView* benchmarks = window.benchmarksView();
    for (int r = 0; r < benchmarks->table()->model()->rowCount(); ++r) {
        benchmarks->table()->setCurrentIndex(benchmarks->table()->model()->index(r, 0));
        walker.walkAll(QStringLiteral("benchmarks row %1").arg(r), benchmarks);
    }

    // Every price book of the browser's third group, the hostile one among them.
    QSortFilterProxyModel* browser = window.storeFilter();
    const QModelIndex books = browser->index(2, 0);
    for (int r = 0; r < browser->rowCount(books); ++r) {
        window.openBrowserItem(browser->index(r, 0, books));
        walker.walkAll(QStringLiteral("price book %1").arg(r), window.priceBookView());
    }

    {
        HetcclWatchDialog watch(window.store(), window.document(), &window);
        watch.show();
        walker.walkAll(QStringLiteral("hetccl watch"), &watch);
    }

    // A repository whose folder name and source line are markup, scanned in the app.
    const QString repo = m_dir->filePath(QStringLiteral("<b>REPO-MARK<i>"));
    writeFile(repo + QStringLiteral("/kern.cu"),
              ("__global__ void k() {} // " + m_hostile.image + "\n").toUtf8());
    ScanDialog* scan = window.auditRepositories({repo});
    scan->setWorkload(model::WorkloadKind::Training);
    QVERIFY2(scan->startScan(), qPrintable(scan->errorText()));
    scan->waitForScan();
    walker.walkAll(QStringLiteral("scan done"));
    scan->close();

    const QStringList failures = walker.failures();
    for (const QString& f : failures)
        qWarning("%s", qPrintable(f));
    QVERIFY2(
        failures.isEmpty(),
        qPrintable(QStringLiteral("%1 places render hostile text as markup").arg(failures.size())));
    // The walk did reach the hostile fields: each kind of string is seen literally.
    qInfo("%d places show a hostile string literally", walker.literalCount());
    for (const QString& view :
         {QStringLiteral("tab Audit"), QStringLiteral("compare"),
          QStringLiteral("benchmarks row 0"), QStringLiteral("stored audit dimension 0"),
          QStringLiteral("hetccl watch"), QStringLiteral("scan done")})
        QVERIFY2(walker.literalIn(view) > 0, qPrintable(view));
    QVERIFY(walker.literalMarks().size() >= 6);
}
