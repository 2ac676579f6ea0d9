#pragma once

// The model's UTF-8 text as Qt text, in one place for the views that show it, and the one way
// text from outside (a file, a scan, the store, the user) reaches a widget as plain text.
//
// Qt guesses rich text wherever a text has no format of its own: tooltips, What's This, and
// labels and message boxes left at Qt::AutoText take a string as HTML when Qt::mightBeRichText
// says so (a known tag on its first line). An audit note `<img src="/some/local.png">` would then
// show a local file, and `<img src="/dev/zero">` read without end (docs/desktop.md, "Text from
// files is shown as text"). So:
// - a label or message box that shows outside text is Qt::PlainText (plainLabel(),
//   plainMessage());
// - a deliberately rich label is Qt::RichText and escapes every outside part with html();
// - a tooltip or an item's Qt::ToolTipRole, which have no format, is plainTip(text) for plain
//   text; a tooltip built as rich text starts with a tag ("<p>…") and escapes every outside
//   part with html(). Either way Qt reads it as rich text whatever the outside text holds.
// Item display and status-tip roles, window titles, buttons, tabs and line edits are drawn as
// plain text by Qt and need nothing.

#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QString>
#include <string_view>

namespace crossgrade::ui {

inline QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// The same, escaped for a rich-text label.
// A count in the user's locale: "12,345".
inline QString countText(std::size_t n) {
    return QLocale().toString(qulonglong(n));
}

inline QString html(std::string_view s) {
    return qs(s).toHtmlEscaped();
}

// A tooltip is a glance: past this many characters plainTip() ends it with "…".
inline constexpr qsizetype kTipLength = 2000;

// Plain text as a tooltip, shown literally: escaped, control characters (other than tab and
// line feed) as their Unicode control pictures (ESC as ␛), line breaks and runs of spaces kept,
// and wrapped in a paragraph so Qt always reads it as rich text (a plain "R&D" would otherwise
// stay "R&D" only by luck of the guess, and an escaped one would show "&amp;"). Empty stays
// empty: no tooltip.
inline QString plainTip(const QString& text) {
    if (text.isEmpty())
        return {};
    QString shown = text.size() > kTipLength ? text.left(kTipLength) + QChar(0x2026) : text;
    for (QChar& c : shown)
        if ((c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t')))
            c = QChar(char16_t(0x2400 + c.unicode()));
        else if (c.unicode() == 0x7f)
            c = QChar(char16_t(0x2421));
    return QStringLiteral("<p style='white-space:pre-wrap'>") + shown.toHtmlEscaped() +
           QStringLiteral("</p>");
}

inline QString plainTip(std::string_view text) {
    return plainTip(qs(text));
}

// A label for outside text: never taken as markup.
inline QLabel* plainLabel(const QString& text = {}, QWidget* parent = nullptr) {
    auto* label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    return label;
}

// A deliberately rich label that wraps, sits at the top left of its cell and can be selected:
// every outside part of its text goes through html().
inline QLabel* wrappingLabel(QWidget* parent = nullptr) {
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// QMessageBox::question() and its siblings guess the format; this one shows its text as text.
// Returns the button chosen.
inline QMessageBox::StandardButton
plainMessage(QWidget* parent, QMessageBox::Icon icon, const QString& title, const QString& text,
             QMessageBox::StandardButtons buttons = QMessageBox::Ok,
             QMessageBox::StandardButton defaultButton = QMessageBox::NoButton) {
    QMessageBox box(icon, title, text, buttons, parent);
    box.setTextFormat(Qt::PlainText);
    box.setDefaultButton(defaultButton);
    return QMessageBox::StandardButton(box.exec());
}

} // namespace crossgrade::ui
