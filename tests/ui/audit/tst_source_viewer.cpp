// The source viewer of a scanner finding (ui/audit/source_viewer.h): it opens at the evidence line
// with that line highlighted, names a file that is gone, and starts the editor command with
// {file} and {line} substituted in the split arguments — a path with spaces stays one argument.

#include "settings.h"
#include "source_viewer.h"
#include "test_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontInfo>
#include <QFontMetrics>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <memory>

using namespace crossgrade;
using crossgrade::ui::SourceViewer;

namespace {

using testing::writeFile;

QByteArray numberedLines(int count) {
    QByteArray text;
    for (int i = 1; i <= count; ++i)
        text += "line " + QByteArray::number(i) + (i == 120 ? " __global__ void k();" : "") + '\n';
    return text;
}

model::EvidenceItem evidence(const std::string& path, int line) {
    model::EvidenceItem item;
    item.rule_id = "D1.kernel-qualifier";
    item.severity = model::Level::Medium;
    item.path = path;
    item.line = line;
    item.snippet = "__global__ void k();";
    item.rocm_equivalent = "same qualifiers in HIP";
    return item;
}

model::RepositoryBreakdown repository(const std::string& name, const QString& root) {
    model::RepositoryBreakdown r;
    r.name = name;
    r.root = root.toStdString();
    return r;
}

} // namespace

class TestSourceViewer : public QObject {
    Q_OBJECT

private slots:
    void init();
    void opensAtTheEvidenceLine_data();
    void opensAtTheEvidenceLine();
    void headerNamesRuleSnippetAndRocm();
    void lineBeyondTheEndIsSaid();
    void missingFileIsNamed();
    void evidenceOfOneRepository();
    void evidenceOfSeveralRepositories();
    void auditWithoutRepositoriesSaysSo();
    void editorLaunch_data();
    void editorLaunch();
    void openInEditorRunsTheCommand();
    void editorThatDoesNotStartIsNamed();
    void editorCommandSetting();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_file;
};

void TestSourceViewer::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_file = m_dir->filePath(QStringLiteral("my repo/src/kernels.cu"));
    writeFile(m_file, numberedLines(300));
}

void TestSourceViewer::opensAtTheEvidenceLine_data() {
    QTest::addColumn<int>("line");
    QTest::newRow("first") << 1;
    QTest::newRow("middle") << 120;
    QTest::newRow("last") << 300;
}

void TestSourceViewer::opensAtTheEvidenceLine() {
    QFETCH(int, line);
    SourceViewer viewer;
    viewer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewer));
    QVERIFY(viewer.openFile(m_file, evidence("src/kernels.cu", line)));
    QCOMPARE(viewer.currentLine(), line);
    QCOMPARE(viewer.highlightedLine(), line);
    QVERIFY(viewer.message().isEmpty());
    QPlainTextEdit* text = viewer.textView();
    QVERIFY(text->isReadOnly());
    const QList<QTextEdit::ExtraSelection> selections = text->extraSelections();
    QCOMPARE(selections.size(), 1);
    QCOMPARE(selections.front().cursor.blockNumber() + 1, line);
    QVERIFY(selections.front().format.property(QTextFormat::FullWidthSelection).toBool());
    // The face used is fixed-width: every character as wide as every other. (QFontInfo's
    // fixedPitch() is no test of it: it says false for Noto Sans Mono, which fontconfig gives
    // for "monospace" once fonts-noto-mono is installed.)
    const QFontMetrics metrics(text->font());
    QVERIFY2(metrics.horizontalAdvance(QLatin1Char('i')) ==
                     metrics.horizontalAdvance(QLatin1Char('W')) &&
                 metrics.horizontalAdvance(QLatin1Char('.')) ==
                     metrics.horizontalAdvance(QLatin1Char('M')),
             qPrintable(QFontInfo(text->font()).family()));
    // Scrolled to it: the evidence line is inside the visible part of the text.
    QVERIFY(text->viewport()->rect().contains(text->cursorRect().center()));
}

void TestSourceViewer::headerNamesRuleSnippetAndRocm() {
    SourceViewer viewer;
    QVERIFY(viewer.openFile(m_file, evidence("src/kernels.cu", 120)));
    const QString header = viewer.findChild<QLabel*>(QStringLiteral("sourceHeader"))->text();
    QVERIFY2(header.contains(QStringLiteral("D1.kernel-qualifier")), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("__global__ void k();")), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("same qualifiers in HIP")), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("src/kernels.cu:120")), qPrintable(header));
}

void TestSourceViewer::lineBeyondTheEndIsSaid() {
    SourceViewer viewer;
    QVERIFY(viewer.openFile(m_file, evidence("src/kernels.cu", 400)));
    QVERIFY2(viewer.message().contains(QStringLiteral("Line 400 is past the end")),
             qPrintable(viewer.message()));
    QVERIFY2(viewer.message().contains(QStringLiteral("301 lines")) ||
                 viewer.message().contains(QStringLiteral("300 lines")),
             qPrintable(viewer.message()));
    QCOMPARE(viewer.highlightedLine(), 0);
    QVERIFY(viewer.textView()->extraSelections().isEmpty());
}

void TestSourceViewer::missingFileIsNamed() {
    SourceViewer viewer;
    const QString gone = m_dir->filePath(QStringLiteral("my repo/src/gone.cu"));
    QVERIFY(!viewer.openFile(gone, evidence("src/gone.cu", 3)));
    QVERIFY2(viewer.message().contains(QStringLiteral("src/gone.cu is gone")),
             qPrintable(viewer.message()));
    QVERIFY2(viewer.message().contains(QDir::toNativeSeparators(gone)),
             qPrintable(viewer.message()));
    QVERIFY(viewer.textView()->toPlainText().isEmpty());
    QVERIFY(!viewer.findChild<QPushButton*>(QStringLiteral("openInEditor"))->isEnabled());
    QVERIFY(!viewer.openInEditor());
}

void TestSourceViewer::evidenceOfOneRepository() {
    model::Audit audit;
    audit.name = "one";
    audit.repositories.push_back(repository("my repo", m_dir->filePath(QStringLiteral("my repo"))));
    SourceViewer viewer;
    QVERIFY(viewer.openEvidence(audit, evidence("src/kernels.cu", 120)));
    QCOMPARE(QFileInfo(viewer.file()).canonicalFilePath(), QFileInfo(m_file).canonicalFilePath());
    QCOMPARE(viewer.currentLine(), 120);
}

void TestSourceViewer::evidenceOfSeveralRepositories() {
    const QString other = m_dir->filePath(QStringLiteral("other/train.py"));
    writeFile(other, "import torch\nimport torch.distributed as dist\n");
    model::Audit audit;
    audit.name = "two";
    audit.repositories.push_back(repository("my repo", m_dir->filePath(QStringLiteral("my repo"))));
    audit.repositories.push_back(repository("other", m_dir->filePath(QStringLiteral("other"))));
    SourceViewer viewer;
    QVERIFY(viewer.openEvidence(audit, evidence("other/train.py", 2)));
    QCOMPARE(QFileInfo(viewer.file()).canonicalFilePath(), QFileInfo(other).canonicalFilePath());
    QCOMPARE(viewer.highlightedLine(), 2);
    QVERIFY(viewer.openEvidence(audit, evidence("my repo/src/kernels.cu", 7)));
    QCOMPARE(QFileInfo(viewer.file()).canonicalFilePath(), QFileInfo(m_file).canonicalFilePath());
}

void TestSourceViewer::auditWithoutRepositoriesSaysSo() {
    model::Audit audit;
    audit.name = "imported";
    SourceViewer viewer;
    QVERIFY(!viewer.openEvidence(audit, evidence("src/kernels.cu", 3)));
    QVERIFY2(viewer.message().contains(QStringLiteral("src/kernels.cu cannot be located")),
             qPrintable(viewer.message()));
    QVERIFY2(viewer.message().contains(QStringLiteral("“imported”")), qPrintable(viewer.message()));
}

void TestSourceViewer::editorLaunch_data() {
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("arguments");
    const QString file = QStringLiteral("/home/a b/my repo/k.cu");
    QTest::newRow("default") << QStringLiteral("code --goto {file}:{line}")
                             << QStringLiteral("code")
                             << QStringList{QStringLiteral("--goto"), file + QStringLiteral(":42")};
    QTest::newRow("line first") << QStringLiteral("gvim +{line} {file}") << QStringLiteral("gvim")
                                << QStringList{QStringLiteral("+42"), file};
    QTest::newRow("quoted program")
        << QStringLiteral("\"/opt/My Editor/bin/ed\" --line {line} {file}")
        << QStringLiteral("/opt/My Editor/bin/ed")
        << QStringList{QStringLiteral("--line"), QStringLiteral("42"), file};
    QTest::newRow("no placeholder")
        << QStringLiteral("gedit") << QStringLiteral("gedit") << QStringList{file};
    QTest::newRow("shell characters stay literal")
        << QStringLiteral("ed {file};rm") << QStringLiteral("ed")
        << QStringList{file + QStringLiteral(";rm")};
}

void TestSourceViewer::editorLaunch() {
    QFETCH(QString, command);
    QFETCH(QString, program);
    QFETCH(QStringList, arguments);
    const ui::EditorLaunch launch =
        ui::editorLaunch(command, QStringLiteral("/home/a b/my repo/k.cu"), 42);
    QVERIFY(launch.error.isEmpty());
    QCOMPARE(launch.program, program);
    QCOMPARE(launch.arguments, arguments);
}

// A fake editor (a shell script in a folder with a space) writes each argument it was given on a
// line of its own; the file it is asked to open has spaces in its path too.
void TestSourceViewer::openInEditorRunsTheCommand() {
    const QString script = m_dir->filePath(QStringLiteral("fake editor/ed.sh"));
    const QString out = m_dir->filePath(QStringLiteral("fake editor/args.txt"));
    writeFile(script, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$(dirname "
                      "\"$0\")/args.part\"\nmv \"$(dirname \"$0\")/args.part\" \"$(dirname "
                      "\"$0\")/args.txt\"\n");
    QVERIFY(QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    SourceViewer viewer;
    viewer.setEditorCommand(QStringLiteral("\"%1\" --line {line} {file}").arg(script));
    QVERIFY(viewer.openFile(m_file, evidence("src/kernels.cu", 120)));
    QVERIFY2(viewer.openInEditor(), qPrintable(viewer.message()));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(out), 10000);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList args =
        QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(args, (QStringList{QStringLiteral("--line"), QStringLiteral("120"),
                                QDir::cleanPath(m_file)}));
}

void TestSourceViewer::editorThatDoesNotStartIsNamed() {
    SourceViewer viewer;
    viewer.setEditorCommand(QStringLiteral("/nonexistent/editor --goto {file}:{line}"));
    QVERIFY(viewer.openFile(m_file, evidence("src/kernels.cu", 5)));
    QVERIFY(!viewer.openInEditor());
    QVERIFY2(viewer.message().contains(QStringLiteral("/nonexistent/editor --goto {file}:{line}")),
             qPrintable(viewer.message()));
    QVERIFY2(viewer.message().contains(QStringLiteral("did not start")),
             qPrintable(viewer.message()));

    viewer.setEditorCommand(QStringLiteral("   "));
    QVERIFY(!viewer.openInEditor());
    QVERIFY2(viewer.message().contains(QStringLiteral("empty")), qPrintable(viewer.message()));
}

// The typed setting behind Edit → Preferences → Open in editor.
void TestSourceViewer::editorCommandSetting() {
    const QString ini = m_dir->filePath(QStringLiteral("settings.ini"));
    {
        ui::Settings settings(ini);
        QCOMPARE(settings.editorCommand(), QStringLiteral("code --goto {file}:{line}"));
        settings.setEditorCommand(QStringLiteral("  kate --line {line} {file} "));
        settings.sync();
    }
    {
        ui::Settings settings(ini);
        QCOMPARE(settings.editorCommand(), QStringLiteral("kate --line {line} {file}"));
        settings.setEditorCommand(QString()); // cleared: back to the default
        QCOMPARE(settings.editorCommand(), ui::Settings::defaultEditorCommand());
    }
}

QTEST_MAIN(TestSourceViewer)
#include "tst_source_viewer.moc"
