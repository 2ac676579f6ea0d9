// Hostile text in tooltips: an audit's notes, a scanned snippet, the plain-tip helper.

#include "tst_hostile_text.h"

#include "audit_json.h"
#include "audit_table_model.h"
#include "audit_view.h"
#include "qt_text.h"
#include "samples.h"
#include "scan_audit.h"
#include "scan_walker.h"
#include "test_files.h"
#include "tst_hostile_text_helpers.h"
#include "widget_lookup.h"

#include <QAbstractItemModel>
#include <QChar>
#include <QImage>
#include <QString>
#include <QStringLiteral>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace crossgrade;
using namespace crossgrade::ui;
using namespace crossgrade::testing;

void TestHostileText::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    m_image = m_dir->filePath(QStringLiteral("local.png"));
    QImage pixel(4, 4, QImage::Format_RGB32);
    pixel.fill(Qt::red);
    QVERIFY(pixel.save(m_image));
    m_hostile = hostileStrings(m_image);
}

void TestHostileText::cleanup() {
    m_dir.reset();
}

// The repro: an imported audit whose dimension notes are `<img src="…">` showed that
// local file in the notes column's tooltip.
void TestHostileText::bug_auditNoteTooltipLoadedLocalImage() {
    const data::AuditReadResult sample = data::readAudit(data::sampleAudits().front().text);
    QVERIFY(sample.ok());
    model::Audit audit = *sample.audit;
    audit.dimension(model::Dimension::CustomKernels).notes = utf8(m_hostile.image);

    AuditView view;
    view.setAudit(audit);
    view.show();
    QAbstractItemModel* table = tableModel(view, "dimensionTable");
    const int row = AuditTableModel::rowOf(model::Dimension::CustomKernels);
    const QString tip =
        table->index(row, AuditTableModel::NotesColumn).data(Qt::ToolTipRole).toString();
    const Shown s = shownTip(tip);
    QVERIFY2(s.images.isEmpty(), qPrintable(tip));
    QVERIFY2(s.visible.contains(m_hostile.image), qPrintable(s.visible));
}

// A scanned source line carries markup into an evidence snippet, shown as every evidence
// cell's tooltip: scanning an untrusted repository and hovering its evidence was enough.
void TestHostileText::bug_evidenceSnippetTooltipRenderedRichText() {
    const QString root = m_dir->filePath(QStringLiteral("repo"));
    const QString line = QStringLiteral("    asm volatile(\"mma.sync.aligned\"); // ") +
                         m_hostile.image + QStringLiteral(" <b>BOLD-MARK</b>");
    writeFile(root + QStringLiteral("/csrc/gemm.cu"),
              ("__global__ void gemm(float* c) {\n" + line + "\n}\n").toUtf8());
    const data::ScanRun run = data::scanRepositories({root.toStdString()});
    QVERIFY(run.errors.empty());
    const model::Audit audit = data::auditFromScan(run, {});
    const auto& evidence = audit.dimension(model::Dimension::CustomKernels).evidence;
    const auto hit = std::find_if(evidence.begin(), evidence.end(), [](const auto& e) {
        return e.snippet.find("IMG-MARK") != std::string::npos;
    });
    QVERIFY2(hit != evidence.end(), "the scan keeps the line as a snippet");

    AuditView view;
    view.setAudit(audit);
    view.show();
    child<QTableView>(view, "dimensionTable")
        ->setCurrentIndex(tableModel(view, "dimensionTable")
                              ->index(AuditTableModel::rowOf(model::Dimension::CustomKernels), 0));
    QAbstractItemModel* cells = tableModel(view, "evidenceTable");
    const int row = int(hit - evidence.begin());
    QVERIFY(row < cells->rowCount());
    for (int c = 0; c < cells->columnCount(); ++c) {
        const QString tip = cells->index(row, c).data(Qt::ToolTipRole).toString();
        const Shown s = shownTip(tip);
        QVERIFY2(s.images.isEmpty(), qPrintable(tip));
        QVERIFY2(s.visible.contains(QString::fromStdString(hit->snippet).trimmed()),
                 qPrintable(s.visible));
    }
}

void TestHostileText::plainTipShowsTextLiterally_data() {
    QTest::addColumn<QString>("text");
    for (const QString& h : hostileStrings(QStringLiteral("/dev/zero")).all)
        QTest::newRow(qPrintable(h.left(24))) << h;
    QTest::newRow("ampersand alone") << QStringLiteral("R&D");
    QTest::newRow("two lines") << QStringLiteral("first\n  second");
}

// The helper every tooltip with outside text goes through: always rich to Qt, never markup.
void TestHostileText::plainTipShowsTextLiterally() {
    QFETCH(QString, text);
    const QString tip = plainTip(text);
    QVERIFY(Qt::mightBeRichText(tip));
    const Shown s = shownTip(tip);
    QVERIFY(s.images.isEmpty());
    QVERIFY(s.links.isEmpty());
    QString expected = text.left(kTipLength);
    for (QChar& c : expected)
        if (c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t'))
            c = QChar(0x2400 + c.unicode());
    QCOMPARE(s.visible.left(expected.size()), expected);
    QVERIFY(plainTip(QString()).isEmpty());
}

QTEST_MAIN(TestHostileText)
