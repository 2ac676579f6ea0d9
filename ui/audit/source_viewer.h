#pragma once

// The in-app source viewer of a scanner finding (issue 8, point 5): the file a piece of evidence
// points at, read-only, in a monospace font with line numbers, scrolled to the evidence line and
// highlighting it, with the rule, the snippet and the ROCm equivalent above. "Open in editor"
// runs the user's editor command (Settings::editorCommand) with {file} and {line} substituted,
// started directly (no shell), so a path with spaces stays one argument.

#include "audit.h"

#include <QDialog>
#include <QString>
#include <QStringList>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace crossgrade::ui {

// What "Open in editor" starts: the program and its arguments, or why there is nothing to start.
struct EditorLaunch {
    QString program;
    QStringList arguments;
    QString error; // non-empty: nothing to start
};

// Splits `command` as QProcess::splitCommand does (quotes group words, no shell), then replaces
// {file} and {line} inside each word. A command without {file} gets the file as its last
// argument, so "gedit" alone still opens the file.
EditorLaunch editorLaunch(const QString& command, const QString& file, int line);

class SourceViewer : public QDialog {
    Q_OBJECT

public:
    explicit SourceViewer(QWidget* parent = nullptr);

    // Shows the file of `item` in the scanned repositories of `audit` (data::evidenceFile); an
    // audit that does not say where it was scanned, or a file that is gone, shows a message that
    // names the file instead. False when no file is shown.
    bool openEvidence(const model::Audit& audit, const model::EvidenceItem& item);
    // Shows `file` at `item.line` (the item's path is only displayed).
    bool openFile(const QString& file, const model::EvidenceItem& item);

    void setEditorCommand(const QString& command) { m_editorCommand = command; }
    QString editorCommand() const { return m_editorCommand; }
    // Starts the editor on the shown file and line; false, with the command named in message(),
    // when there is no file or the program does not start.
    bool openInEditor();

    QString file() const { return m_file; }
    // 1-based lines of the text cursor and of the highlighted evidence line (0: none).
    int currentLine() const;
    int highlightedLine() const { return m_highlighted; }
    // The problem shown above the text (a missing file, a line past the end, an editor that did
    // not start), or empty.
    QString message() const;
    QPlainTextEdit* textView() const;

private:
    void showMessage(const QString& text);
    void showHeader(const QString& displayPath, const model::EvidenceItem& item);
    void highlight(int line);

    QString m_editorCommand;
    QString m_file;
    int m_line = 0;
    int m_highlighted = 0;
    QLabel* m_header = nullptr;
    QLabel* m_message = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QPushButton* m_openInEditor = nullptr;
};

} // namespace crossgrade::ui
