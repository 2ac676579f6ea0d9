#include "source_viewer.h"

#include "audit_table_model.h"
#include "qt_text.h"
#include "scan_audit.h"
#include "theme.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QTextBlock>
#include <QVBoxLayout>

namespace crossgrade::ui {

namespace {

// The evidence line stands out as a Medium badge does, whatever the palette.
const QColor kEvidenceLine(0xfd, 0xe6, 0x8a);
const QColor kEvidenceText(0x1f, 0x16, 0x00);

// A read-only QPlainTextEdit with a gutter of line numbers (the Qt "Code Editor" example's way:
// a viewport margin the gutter widget paints into, block by visible block).
class CodeView : public QPlainTextEdit {
public:
    explicit CodeView(QWidget* parent = nullptr)
        : QPlainTextEdit(parent)
        , m_gutter(new Gutter(this)) {
        setReadOnly(true);
        setLineWrapMode(QPlainTextEdit::NoWrap);
        setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { updateMargin(); });
        connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
            if (dy != 0)
                m_gutter->scroll(0, dy);
            else
                m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
        });
        updateMargin();
    }

    int gutterWidth() const {
        const int digits = int(QString::number(std::max(1, blockCount())).size());
        return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(3, digits);
    }

protected:
    void resizeEvent(QResizeEvent* event) override {
        QPlainTextEdit::resizeEvent(event);
        const QRect r = contentsRect();
        m_gutter->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
    }

private:
    class Gutter : public QWidget {
    public:
        explicit Gutter(CodeView* view)
            : QWidget(view)
            , m_view(view) {}
        QSize sizeHint() const override { return {m_view->gutterWidth(), 0}; }

    protected:
        void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event->rect()); }

    private:
        CodeView* m_view;
    };

    void updateMargin() { setViewportMargins(gutterWidth(), 0, 0, 0); }

    void paintGutter(const QRect& rect) {
        QPainter painter(m_gutter);
        painter.fillRect(rect, palette().color(QPalette::AlternateBase));
        painter.setFont(font());
        const int current = textCursor().blockNumber();
        QTextBlock block = firstVisibleBlock();
        int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
        while (block.isValid() && top <= rect.bottom()) {
            const int height = qRound(blockBoundingRect(block).height());
            if (block.isVisible() && top + height >= rect.top()) {
                painter.setPen(block.blockNumber() == current
                                   ? palette().color(QPalette::Text)
                                   : palette().color(QPalette::PlaceholderText));
                painter.drawText(0, top, m_gutter->width() - 6, fontMetrics().height(),
                                 Qt::AlignRight, QString::number(block.blockNumber() + 1));
            }
            block = block.next();
            top += height;
        }
    }

    Gutter* m_gutter;
};

} // namespace

EditorLaunch editorLaunch(const QString& command, const QString& file, int line) {
    QStringList words = QProcess::splitCommand(command);
    if (words.isEmpty())
        return {{}, {}, QObject::tr("The editor command is empty: set one in Edit → Preferences.")};
    const bool namesFile = command.contains(QStringLiteral("{file}"));
    for (QString& word : words)
        word.replace(QStringLiteral("{file}"), file)
            .replace(QStringLiteral("{line}"), QString::number(line));
    if (!namesFile)
        words << file;
    EditorLaunch launch;
    launch.program = words.takeFirst();
    launch.arguments = words;
    return launch;
}

SourceViewer::SourceViewer(QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Source"));
    setSizeGripEnabled(true);
    resize(960, 640);
    auto* layout = new QVBoxLayout(this);

    m_header = new QLabel;
    m_header->setObjectName(QStringLiteral("sourceHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_header);

    m_message = plainLabel(); // it names the file
    m_message->setObjectName(QStringLiteral("sourceMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    markAsError(m_message);
    m_message->hide();
    layout->addWidget(m_message);

    m_text = new CodeView;
    m_text->setObjectName(QStringLiteral("sourceText"));
    layout->addWidget(m_text, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_openInEditor = buttons->addButton(tr("Open in editor"), QDialogButtonBox::ActionRole);
    m_openInEditor->setObjectName(QStringLiteral("openInEditor"));
    m_openInEditor->setAutoDefault(false);
    connect(m_openInEditor, &QPushButton::clicked, this, [this] { openInEditor(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

bool SourceViewer::openEvidence(const model::Audit& audit, const model::EvidenceItem& item) {
    const std::optional<std::filesystem::path> file = data::evidenceFile(audit, item.path);
    if (!file) {
        m_file.clear();
        m_line = 0;
        m_highlighted = 0;
        m_text->clear();
        m_openInEditor->setEnabled(false);
        showHeader(qs(item.path), item);
        showMessage(tr("%1 cannot be located: the audit “%2” does not record where its "
                       "repositories were scanned (it was imported or written by hand, not "
                       "scanned here).")
                        .arg(qs(item.path), qs(audit.name)));
        return false;
    }
    return openFile(QString::fromStdString(file->string()), item);
}

bool SourceViewer::openFile(const QString& file, const model::EvidenceItem& item) {
    m_file = QDir::cleanPath(file);
    m_line = item.line;
    m_highlighted = 0;
    m_text->clear();
    showHeader(qs(item.path), item);
    setWindowTitle(tr("%1:%2 — Source").arg(QFileInfo(m_file).fileName()).arg(item.line));

    QFile in(m_file);
    if (!QFileInfo(m_file).isFile()) {
        m_openInEditor->setEnabled(false);
        showMessage(tr("%1 is gone: nothing is at %2 any more (moved or deleted since the scan).")
                        .arg(qs(item.path), QDir::toNativeSeparators(m_file)));
        return false;
    }
    if (!in.open(QIODevice::ReadOnly)) {
        m_openInEditor->setEnabled(false);
        showMessage(
            tr("%1 cannot be read: %2").arg(QDir::toNativeSeparators(m_file), in.errorString()));
        return false;
    }
    m_text->setPlainText(QString::fromUtf8(in.readAll()));
    m_openInEditor->setEnabled(true);
    const int lines = m_text->blockCount();
    if (item.line < 1 || item.line > lines) {
        showMessage(tr("Line %1 is past the end of %2 (%3 lines): the file changed since the "
                       "scan.")
                        .arg(item.line)
                        .arg(QDir::toNativeSeparators(m_file))
                        .arg(lines));
        highlight(std::clamp(item.line, 1, lines));
        m_text->setExtraSelections({});
        m_highlighted = 0;
        return true;
    }
    showMessage({});
    highlight(item.line);
    return true;
}

void SourceViewer::showHeader(const QString& displayPath, const model::EvidenceItem& item) {
    // Severity shares the tiers' three levels, and so their badge colours.
    const auto badge = static_cast<model::Tier>(item.severity);
    QString text =
        tr("<b>%1:%2</b> &nbsp;·&nbsp; rule <b>%3</b> &nbsp;·&nbsp; severity "
           "<span style=\"background-color:%4; color:%5;\">&nbsp;%6&nbsp;</span>"
           " &nbsp;·&nbsp; %7")
            .arg(displayPath.toHtmlEscaped())
            .arg(item.line)
            .arg(html(item.rule_id))
            .arg(tierBadgeBackground(badge).name(), tierBadgeForeground(badge).name(),
                 html(model::toString(item.severity)), html(model::toString(item.context)));
    text += QStringLiteral("<br><code>%1</code>").arg(html(item.snippet));
    if (!item.rocm_equivalent.empty())
        text += tr("<br><b>ROCm equivalent:</b> %1").arg(html(item.rocm_equivalent));
    if (item.mitigated_by)
        text += tr("<br><b>Mitigated by:</b> %1").arg(html(*item.mitigated_by));
    m_header->setText(text);
}

void SourceViewer::showMessage(const QString& text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void SourceViewer::highlight(int line) {
    const QTextBlock block = m_text->document()->findBlockByNumber(line - 1);
    QTextCursor cursor(block);
    m_text->setTextCursor(cursor);
    QTextEdit::ExtraSelection selection;
    selection.format.setBackground(kEvidenceLine);
    selection.format.setForeground(kEvidenceText);
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    selection.cursor = cursor;
    selection.cursor.clearSelection();
    m_text->setExtraSelections({selection});
    m_highlighted = line;
    m_text->centerCursor();
}

bool SourceViewer::openInEditor() {
    if (m_file.isEmpty()) {
        showMessage(tr("There is no file to open in the editor."));
        return false;
    }
    const EditorLaunch launch = editorLaunch(m_editorCommand, m_file, std::max(1, m_line));
    if (!launch.error.isEmpty()) {
        showMessage(launch.error);
        return false;
    }
    if (!QProcess::startDetached(launch.program, launch.arguments)) {
        showMessage(tr("The editor command “%1” did not start (%2 not found or not executable). "
                       "Change it in Edit → Preferences.")
                        .arg(m_editorCommand, launch.program));
        return false;
    }
    return true;
}

int SourceViewer::currentLine() const {
    return m_text->textCursor().blockNumber() + 1;
}

QString SourceViewer::message() const {
    return m_message->isVisible() || !m_message->text().isEmpty() ? m_message->text() : QString();
}

QPlainTextEdit* SourceViewer::textView() const {
    return m_text;
}

} // namespace crossgrade::ui
